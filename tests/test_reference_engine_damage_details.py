"""Details of the reference engine that the golden cases leave open, found by mutation testing
(docs/mutation.md): players (life, counters, mana), damage events, prevention and redirection, and
their filters. Each expected value is worked from the rule cited, not read off the engine."""

from __future__ import annotations

from tests.engine_details import CHOOSE_OPPONENT, creature, life, run


# --- prevention with a source filter (615, 613.1) ------------------------------------------------------


def test_a_prevention_shield_filtered_by_source():
    """"Prevent all damage red sources would deal to you this turn" (615.1a): the red source's 3
    is prevented, the green one's 2 is not: 20-2 = 18."""
    objects = {"goblin": {"card": {"types": ["creature"], "colors": ["R"], "power": 3, "toughness": 3}, "owner": "Blair"},
               "bear": {"card": {"types": ["creature"], "colors": ["G"], "power": 2, "toughness": 2}, "owner": "Blair"}}
    steps = [{"prevent_damage": {"to": "Alex", "by": {"colors": ["R"]}}},
             {"damage": {"source": "goblin", "to": "Alex", "amount": 3}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 2}}]
    assert life(objects, steps, "Alex") == (18,)


def test_a_prevention_shield_by_sources_an_opponent_controls():
    """"Prevent all damage sources your opponents control would deal to you": Blair's 3 prevented,
    Alex's own 2 not: 18 (the filter is read relative to the effect's controller, Alex)."""
    objects = {"goblin": creature(3, 3, owner="Blair"), "bear": creature(2, 2)}
    steps = [{"prevent_damage": {"to": "Alex", "by": {"controller": "opponent"}}},
             {"damage": {"source": "goblin", "to": "Alex", "amount": 3}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 2}}]
    assert life(objects, steps, "Alex") == (18,)


def test_a_static_prevention_by_sources_you_control_other_than_itself():
    """"Prevent all damage other sources you control would deal": the permanent's own 1 damage is
    dealt, the bear's 2 is prevented (615): Blair 20-1 = 19."""
    ward = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [
        {"prevent_damage": {"by": {"controller": "you", "other": True}}}]}}
    objects = {"ward": ward, "bear": creature(2, 2)}
    steps = [{"damage": {"source": "ward", "to": "Blair", "amount": 1}},
             {"damage": {"source": "bear", "to": "Blair", "amount": 2}}]
    assert life(objects, steps, "Blair") == (19,)


def test_a_static_prevention_to_itself():
    """"Prevent all damage that would be dealt to this creature" (615): 3 damage to it is prevented
    (no damage marked, it survives), 3 to the other 3/3 is dealt and destroys it (704.5g)."""
    objects = {"wall": {"card": {"types": ["creature"], "power": 0, "toughness": 3, "abilities": [
        {"prevent_damage": {"to": {"itself": True}}}]}},
               "bear": creature(3, 3), "goblin": creature(3, 3, owner="Blair")}
    steps = [{"damage": {"source": "goblin", "to": "wall", "amount": 3}},
             {"damage": {"source": "goblin", "to": "bear", "amount": 3}},
             {"expect": {"objects": {"wall": {"zone": "battlefield"}, "bear": {"zone": "graveyard"}}}}]
    final = run(objects, steps)["objects"]
    assert (final["wall"]["zone"], final["bear"]["zone"]) == ("battlefield", "graveyard")


def test_a_prevention_shield_for_each_creature_you_control_stays_with_that_object():
    """"Prevent the next 2 damage to each creature you control" (615.11: a shield each), resolved
    by Alex: Alex's 2/2 takes 2 damage, all prevented; Blair's 2/2 is not covered and dies. The
    bear then leaves and returns: a new object (400.7) the shield doesn't know, so 2 damage kills it."""
    objects = {"bear": creature(2, 2), "wolf": creature(2, 2, owner="Blair"), "goblin": creature(5, 5, owner="Blair")}
    shield = {"prevent_damage": {"to_each": {"types": ["creature"], "controller": "you"}, "amount": 4}}
    hit = [{"damage": {"source": "goblin", "to": "bear", "amount": 2}},
           {"damage": {"source": "goblin", "to": "wolf", "amount": 2}}]
    final = run(objects, [shield, *hit, {"expect": {"objects": {"bear": {"zone": "battlefield"}}}}])["objects"]
    assert (final["bear"]["zone"], final["wolf"]["zone"]) == ("battlefield", "graveyard")
    back = [shield, {"move": {"object": "bear", "to": "graveyard"}}, {"move": {"object": "bear", "to": "battlefield"}},
            hit[0], {"expect": {"objects": {"bear": {"zone": "battlefield"}}}}]
    assert run(objects, back)["objects"]["bear"]["zone"] == "graveyard"


# --- players: life, counters, mana (119, 122.1, 106.4, 704.5a/c, 701.10d) ------------------------------


def players_after(steps, objects=None, **extra):
    objects = objects or {"bear": creature(2, 2)}
    return run(objects, [*steps, {"expect": {"players": {"Alex": {"life": 0}}}}], **extra)["players"]


def test_life_gain_and_loss_and_mana():
    """119.3: Alex gains 3 (23) and loses 5 (18); Blair adds {R}{R}{G} to their pool (106.4)."""
    final = players_after([{"gain_life": {"player": "Alex", "amount": 3}},
                           {"lose_life": {"player": "Alex", "amount": 5}},
                           {"add_mana": {"player": "Blair", "mana": {"R": 2, "G": 1}}}])
    assert (final["Alex"]["life"], final["Blair"]["mana"], final["Alex"]["mana"]) == (18, {"R": 2, "G": 1}, {})


def test_player_counters_are_put_and_removed_but_never_below_zero():
    """122.1: Blair gets 3 poison counters, then 2 are removed: 1; removing 5 more removes the one
    left (a player can't have fewer than none), and a player with none lists none."""
    put = {"put_player_counters": {"player": "Blair", "kind": "poison", "count": 3}}
    remove = {"remove_player_counters": {"player": "Blair", "kind": "poison", "count": 2}}
    assert players_after([put, remove])["Blair"]["counters"] == {"poison": 1}
    more = {"remove_player_counters": {"player": "Blair", "kind": "poison", "count": 5}}
    assert players_after([put, remove, more, put])["Blair"]["counters"] == {"poison": 3}
    assert players_after([put, remove, more])["Blair"]["counters"] == {}


def test_ten_poison_counters_lose_the_game():
    """704.5c: a player with ten or more poison counters loses: Blair with 9 gets one more."""
    put = {"put_player_counters": {"player": "Blair", "kind": "poison", "count": 1}}
    final = players_after([put], player_states={"Blair": {"counters": {"poison": 9}}})
    assert final["Blair"]["lost"] is True


def test_doubling_a_life_total_of_one():
    """701.10d: a player at 1 life doubling their life total gains 1: 2."""
    assert players_after([{"double_life": {"player": "Alex"}}], player_states={"Alex": {"life": 1}})["Alex"]["life"] == 2


def test_ending_one_effect_is_not_the_cleanup_step():
    """Ending an effect early (``end_effect``) removes neither marked damage nor mana (only the
    cleanup step does, 514.2, 500.4): a 3/3 dealt 2, then 1 after the end, has 3 marked and is
    destroyed (704.5g); Alex's {G} is still in the pool."""
    objects = {"bear": creature(3, 3), "goblin": creature(3, 3, owner="Blair")}
    steps = [{"add_mana": {"player": "Alex", "mana": {"G": 1}}},
             {"damage": {"source": "goblin", "to": "bear", "amount": 2}},
             {"modify_pt": {"id": "pump", "to": "goblin", "power": 1, "toughness": 0, "until": "ended"}},
             {"end_effect": "pump"},
             {"damage": {"source": "goblin", "to": "bear", "amount": 1}},
             {"expect": {"objects": {"bear": {"zone": "graveyard"}}}}]
    final = run(objects, steps)
    assert (final["objects"]["bear"]["zone"], final["players"]["Alex"]["mana"]) == ("graveyard", {"G": 1})


# --- damage events (120) --------------------------------------------------------------------------------


def test_damage_to_each_creature_an_opponent_controls():
    """"Deals 2 damage to each creature your opponents control", from Alex's source: Blair's 2/2
    dies (704.5g), Alex's survives (the filter is read relative to the source's controller, 120)."""
    objects = {"mine": creature(2, 2), "theirs": creature(2, 2, owner="Blair"), "shock": creature(1, 1)}
    steps = [{"damage": {"source": "shock", "to_each": {"types": ["creature"], "controller": "opponent"}, "amount": 2}},
             {"expect": {"objects": {"mine": {"zone": "battlefield"}}}}]
    final = run(objects, steps)["objects"]
    assert (final["mine"]["zone"], final["theirs"]["zone"]) == ("battlefield", "graveyard")


def test_damage_to_each_creature_and_each_player():
    """An Earthquake-like event: 1 damage to each creature (the 1/1s die, 704.5g) and each player
    (19 life each, 120.3a)."""
    objects = {"elf": creature(1, 1), "goblin": creature(1, 1, owner="Blair"), "source": creature(3, 3)}
    steps = [{"damage": {"source": "source", "to_each": {"types": ["creature"]}, "to_each_player": True, "amount": 1}},
             {"expect": {"objects": {"elf": {"zone": "graveyard"}}, "players": {"Alex": {"life": 19}}}}]
    final = run(objects, steps)
    assert (final["objects"]["elf"]["zone"], final["objects"]["goblin"]["zone"],
            final["players"]["Alex"]["life"], final["players"]["Blair"]["life"]) == ("graveyard", "graveyard", 19, 19)


# --- redirection (614.9, 400.7) and tokens (111.1, 707.5, 707.9) --------------------------------------


def test_a_redirection_of_the_next_two_damage_is_used_up():
    """"The next 2 damage that would be dealt to Alex is dealt to the wall instead" (614.9): 3
    damage → 2 to the 0/4 wall, 1 to Alex (19); the next 2 damage to Alex is not redirected: 17."""
    objects = {"wall": creature(0, 4), "goblin": creature(3, 3, owner="Blair")}
    steps = [{"redirect_damage": {"to": "Alex", "instead_to": "wall", "amount": 2}},
             {"damage": {"source": "goblin", "to": "Alex", "amount": 3}},
             {"damage": {"source": "goblin", "to": "Alex", "amount": 2}},
             {"expect": {"objects": {"wall": {"zone": "battlefield"}}, "players": {"Alex": {"life": 0}}}}]
    final = run(objects, steps)
    assert (final["players"]["Alex"]["life"], final["objects"]["wall"]["zone"]) == (17, "battlefield")


def test_a_redirection_from_a_creature_ends_when_it_changes_zones():
    """Damage to the bear is redirected to Alex (614.9); the bear leaves and returns, a new
    object (400.7) the effect doesn't know: 2 damage then destroys it and Alex stays at 20."""
    objects = {"bear": creature(2, 2), "goblin": creature(3, 3, owner="Blair")}
    steps = [{"redirect_damage": {"to": "bear", "instead_to": "Alex"}},
             {"move": {"object": "bear", "to": "graveyard"}}, {"move": {"object": "bear", "to": "battlefield"}},
             {"damage": {"source": "goblin", "to": "bear", "amount": 2}},
             {"expect": {"objects": {"bear": {"zone": "graveyard"}}, "players": {"Alex": {"life": 0}}}}]
    final = run(objects, steps)
    assert (final["objects"]["bear"]["zone"], final["players"]["Alex"]["life"]) == ("graveyard", 20)


def test_a_token_copy_with_exceptions_and_counters_for_another_player():
    """Blair creates a token that's a copy of Alex's 2/2 bear "except it's a 1/1 Spirit and enters
    with two +1/+1 counters" (707.9b, 707.9e): Blair controls a 1/1 Spirit with 2 counters: 3/3."""
    objects = {"bear": {"card": {"name": "Bear", "types": ["creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2}}}
    step = {"create_token": {"token": "spirit", "copy_of": "bear", "controller": "Blair", "exceptions": {
        "subtypes": ["Spirit"], "power": 1, "toughness": 1, "enters_with_counters": {"+1/+1": 2}}}}
    final = run(objects, [step, {"expect": {"objects": {"spirit": {"zone": "battlefield"}}}}])["objects"]["spirit"]
    assert (final["controller"], final["subtypes"], final["power"], final["toughness"], final["counters"]) == (
        "Blair", ["Spirit"], 3, 3, {"+1/+1": 2})


# --- replacement and prevention filters (614.1a, 615, 208.2a, 108.4) ---------------------------------------


def test_a_doubler_for_this_creature_only():
    """"If this creature would deal damage, it deals double that damage instead": its 2 → 4, the
    other creature's 2 stays 2: Blair 20-4-2 = 14."""
    objects = {"brute": {"card": {"types": ["creature"], "power": 2, "toughness": 2, "abilities": [
        {"double_damage": {"by": {"itself": True}}}]}}, "bear": creature(2, 2)}
    steps = [{"damage": {"source": "brute", "to": "Blair", "amount": 2}},
             {"damage": {"source": "bear", "to": "Blair", "amount": 2}}]
    assert life(objects, steps, "Blair") == (14,)


def test_a_prevention_about_the_chosen_player_s_sources():
    """"As this enters, choose an opponent. Prevent all damage sources the chosen player controls
    would deal": Cara chosen, Cara's 3 is prevented, Blair's 2 is not: Alex 18 (208.2a, 615)."""
    ward = {"zone": "hand", "card": {"types": ["enchantment"], "abilities": [
        CHOOSE_OPPONENT, {"prevent_damage": {"by": {"controller": "chosen"}}}]}}
    objects = {"ward": ward, "goblin": creature(3, 3, owner="Cara"), "wolf": creature(2, 2, owner="Blair")}
    steps = [{"move": {"object": "ward", "to": "battlefield", "choices": {"player": "Cara"}}},
             {"damage": {"source": "goblin", "to": "Alex", "amount": 3}},
             {"damage": {"source": "wolf", "to": "Alex", "amount": 2}}]
    assert life(objects, steps, "Alex", players=("Alex", "Blair", "Cara")) == (18,)
