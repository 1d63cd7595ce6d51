"""Details of the reference engine that the golden cases leave open, found by mutation testing
(docs/mutation.md). Each expected value is worked from the rule cited, not read off the engine."""

from __future__ import annotations

from typing import Any

import pytest

from reference_engine.filters import mana_value
from tests.scenarios import snapshots


def run(objects: dict[str, Any], steps: list[dict[str, Any]], *, players=("Alex", "Blair"),
        **extra: Any) -> dict[str, Any]:
    """The reference engine's snapshot at the last step, which must be an ``expect``."""
    return snapshots(objects, steps, players=players, **extra)[-1]


def pt(objects, steps, name, **extra):
    """(power, toughness) of ``name`` after the steps."""
    final = run(objects, [*steps, {"expect": {"objects": {name: {"power": 0}}}}], **extra)["objects"][name]
    return final["power"], final["toughness"]


def life(objects, steps, *names, **extra):
    last = run(objects, [*steps, {"expect": {"players": {n: {"life": 0} for n in names}}}], **extra)["players"]
    return tuple(last[n]["life"] for n in names)


def creature(power, toughness, **spec):
    return {"card": {"types": ["creature"], "power": power, "toughness": toughness}, **spec}


def star(power_expr, toughness_expr=None, *, zone="battlefield", extra_abilities=(), **card):
    """A */* creature whose characteristic-defining ability sets its power and toughness (604.3)."""
    return {"zone": zone, "card": {"types": ["creature"], "power": "*", "toughness": "*", **card, "abilities": [
        *extra_abilities,
        {"cda_pt": {"power": power_expr, "toughness": toughness_expr if toughness_expr is not None else power_expr}}]}}


CHOOSE_OPPONENT = {"as_enters_choose": {"player": "opponent"}}


# --- life totals in characteristic-defining abilities (208.2a, 604.3, 119) -----------------------------


def test_a_life_total_cda_follows_its_controller_s_life_total():
    """Serra Avatar-like */*: Alex at 12 life (player_states) loses 5 (119.3): 7/7 (208.2a)."""
    objects = {"avatar": star({"life": "you"})}
    assert pt(objects, [{"lose_life": {"player": "Alex", "amount": 5}}], "avatar",
              player_states={"Alex": {"life": 12}}) == (7, 7)


def test_a_life_total_inside_a_sum():
    """1 + Alex's life total, with Alex at 9: 10/10 (208.2a)."""
    objects = {"avatar": star({"sum": [1, {"life": "you"}]})}
    assert pt(objects, [], "avatar", player_states={"Alex": {"life": 9}}) == (10, 10)


def test_a_named_player_s_life_total():
    """"Equal to Blair's life total", Blair at 6, on Alex's creature: 6/6."""
    assert pt({"avatar": star({"life": "Blair"})}, [], "avatar", player_states={"Blair": {"life": 6}}) == (6, 6)


def test_the_chosen_player_s_life_total_and_none_chosen_off_the_battlefield():
    """"Equal to the chosen player's life total": Blair (8 life) chosen as it entered: 8/8; in the
    hand no player is chosen, so the number can't be determined and is 0 (208.2a): 0/0."""
    objects = {
        "lord": star({"life": "chosen"}, extra_abilities=[CHOOSE_OPPONENT], zone="hand"),
        "twin": star({"life": "chosen"}, extra_abilities=[CHOOSE_OPPONENT], zone="hand"),
    }
    steps = [{"move": {"object": "lord", "to": "battlefield", "choices": {"player": "Blair"}}}]
    final = run(objects, [*steps, {"expect": {"objects": {"lord": {"power": 0}, "twin": {"power": 0}}}}],
                player_states={"Blair": {"life": 8}})["objects"]
    assert (final["lord"]["power"], final["lord"]["toughness"]) == (8, 8)
    assert (final["twin"]["power"], final["twin"]["toughness"]) == (0, 0)


# --- counting in characteristic-defining abilities (208.2a, 604.3, 613.1) ------------------------------


def test_a_count_of_other_creatures_excludes_the_source():
    """"Equal to the number of other creatures you control" (1 + that, in a sum): with an elf, 1 other: 2/2."""
    other = {"count": {"types": ["creature"], "controller": "you", "other": True}}
    objects = {"lord": star({"sum": [1, other]}), "elf": creature(1, 1)}
    assert pt(objects, [], "lord") == (2, 2)


def test_a_count_of_a_named_player_s_creatures():
    """"The number of creatures Blair controls": Blair has two, Alex one (the counter itself): 2/2."""
    objects = {"lord": star({"count": {"types": ["creature"], "controller": "Blair"}}),
               "wolf": creature(3, 3, owner="Blair"), "ogre": creature(2, 2, owner="Blair")}
    assert pt(objects, [], "lord") == (2, 2)


def test_you_is_the_controller_after_layer_2():
    """Blair gains control of a "creatures you control" */* (layer 2, 613.1b): "you" is now Blair,
    who controls it and a wolf: 2/2 (Alex's elf no longer counts)."""
    objects = {"swarm": star({"count": {"types": ["creature"], "controller": "you"}}), "elf": creature(1, 1),
               "wolf": creature(3, 3, owner="Blair")}
    steps = [{"become": {"to": "swarm", "gain_control": True, "controller": "Blair", "until": "ended"}}]
    assert pt(objects, steps, "swarm") == (2, 2)


def test_card_types_are_counted_after_layer_4():
    """Card types among permanents Alex controls (205.2a): a creature and a land that becomes an
    artifact in addition to its types (layer 4, 613.1d): creature, land, artifact = 3 (not 2, the
    printed types)."""
    objects = {"goyf": star({"card_types": {"controller": "you"}}),
               "land": {"card": {"types": ["land"]}}}
    steps = [{"become": {"to": "land", "add_types": ["artifact"], "until": "ended"}}]
    assert pt(objects, steps, "goyf") == (3, 3)


def test_a_cda_sum_with_the_mana_value():
    """1 + its own mana value, {2}{G} (202.3: 3): 4/4."""
    assert pt({"m": star({"sum": [1, "mana_value"]}, mana_cost="{2}{G}")}, [], "m") == (4, 4)


def test_mana_value_adds_every_symbol_whatever_the_order():
    """202.3: the total amount of mana the cost represents; X is 0 (202.3e)."""
    assert mana_value("{G}{2}") == 3
    assert mana_value("{X}{2}{R}") == 3


# --- "this creature" and filters (611.3a, 613.5) -------------------------------------------------------


def test_an_itself_filter_affects_only_its_own_object():
    """"This creature gets +1/+1" as a static ability with an ``itself`` filter: the elf next to it
    is unaffected (1/1), the creature is 3/3."""
    objects = {"hero": {"card": {"types": ["creature"], "power": 2, "toughness": 2, "abilities": [
        {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "itself": True},
                       "power": 1, "toughness": 1}}]}},
               "elf": creature(1, 1)}
    final = run(objects, [{"expect": {"objects": {"hero": {"power": 0}, "elf": {"power": 0}}}}])["objects"]
    assert (final["hero"]["power"], final["elf"]["power"]) == (3, 1)


# --- "becomes" effects of resolving spells (611.2c, 608.2h, 613.4b, 514.2) -----------------------------


def test_a_become_with_a_count_is_fixed_as_it_resolves():
    """"Target creature becomes X/X, where X is the number of creatures you control" (Alex: 2):
    2/2; the number is fixed as it resolves (608.2h), so a third creature changes nothing."""
    objects = {"bear": creature(5, 1), "elf": creature(1, 1),
               "wolf": creature(3, 3, zone="hand")}
    count = {"count": {"types": ["creature"], "controller": "you"}}
    steps = [{"become": {"to": "bear", "power": count, "toughness": count, "until": "ended"}},
             {"move": {"object": "wolf", "to": "battlefield"}}]
    assert pt(objects, steps, "bear") == (2, 2)


def test_a_become_counts_for_its_controller_not_the_object_s():
    """Blair's effect makes Alex's creature X/X, X the creatures "you" (Blair) control: 1."""
    count = {"count": {"types": ["creature"], "controller": "you"}}
    objects = {"bear": creature(5, 5), "elf": creature(1, 1), "wolf": creature(3, 3, owner="Blair")}
    steps = [{"become": {"to": "bear", "power": count, "toughness": count, "controller": "Blair", "until": "ended"}}]
    assert pt(objects, steps, "bear") == (1, 1)


def test_a_become_with_a_sum_of_life_and_mana_value():
    """Becomes X/Y: power = Alex's life (5), toughness = 1 + its mana value ({1}{G}: 2) = 3: 5/3."""
    objects = {"bear": creature(2, 2, **{})}
    objects["bear"]["card"]["mana_cost"] = "{1}{G}"
    steps = [{"become": {"to": "bear", "power": {"sum": [0, {"life": "you"}]},
                         "toughness": {"sum": [1, "mana_value"]}, "until": "ended"}}]
    assert pt(objects, steps, "bear", player_states={"Alex": {"life": 5}}) == (5, 3)


def _grower(kind: str, name: str, amount: dict[str, Any]) -> dict[str, Any]:
    """A 3/3 with an activated or triggered ability: "this creature becomes an X/X until end of turn"."""
    effect = {"become": {"power": amount, "toughness": amount, "until": "end_of_turn"}}
    ability = {kind: {"name": name, "effect": effect, **({"cost": "{1}"} if kind == "activated" else
                                                         {"when": "a creature enters"})}}
    return {"card": {"types": ["creature"], "power": 3, "toughness": 3, "abilities": [ability]}}


@pytest.mark.parametrize("kind, step, others, expected", [
    ("activated", "activate", 2, (2, 2)),  # "other creatures you control": the bear and the elf
    ("triggered", "trigger", 3, (3, 3)),   # with a third creature beside it: 3
])
def test_other_in_an_ability_s_become_excludes_the_ability_s_object(kind, step, others, expected):
    """A creature's ability "becomes X/X, where X is the number of other creatures you control":
    "other" excludes the object the ability is on (the filter, docs/format.md), so a 3/3 beside
    ``others`` creatures becomes ``others``/``others`` as it resolves (608.2h, 613.4b). (The engine
    once evaluated an ability's become without its object: the 3/3 counted itself.)"""
    amount = {"count": {"types": ["creature"], "controller": "you", "other": True}}
    objects = {"grower": _grower(kind, "grow", amount),
               **{f"c{i}": creature(2, 2) for i in range(others)}}
    assert pt(objects, [{step: {"object": "grower", "ability": "grow"}}], "grower") == expected


def test_itself_in_an_ability_s_become_is_the_ability_s_object():
    """"Becomes X/X, where X is the number of creatures you control that are this creature": 1, so
    the 3/3 becomes 1/1 (608.2h, 613.4b); counted without its object, X would be 0 and it would die
    (704.5f)."""
    amount = {"count": {"types": ["creature"], "controller": "you", "itself": True}}
    objects = {"page": _grower("activated", "shrink", amount), "bear": creature(2, 2)}
    assert pt(objects, [{"activate": {"object": "page", "ability": "shrink"}}], "page") == (1, 1)


@pytest.mark.parametrize("change, expected", [
    ({"power": 4}, (4, 2)),        # only power set (613.4b): toughness stays 2
    ({"toughness": 4}, (2, 4)),
    ({"power": 0, "toughness": 4}, (0, 4)),
])
def test_a_become_setting_one_value(change, expected):
    assert pt({"bear": creature(2, 2)}, [{"become": {"to": "bear", **change, "until": "ended"}}], "bear") == expected


def test_a_become_until_end_of_turn_ends_in_cleanup():
    """A 2/2 becomes a 4/4 artifact creature until end of turn: 4/4, then 2/2 again after the
    cleanup step (514.2), with its printed types."""
    steps = [{"become": {"to": "bear", "power": 4, "toughness": 4, "add_types": ["artifact"], "until": "end_of_turn"}},
             {"expect": {"objects": {"bear": {"power": 4, "toughness": 4, "types": ["artifact", "creature"]}}}},
             {"end_turn": {}},
             {"expect": {"objects": {"bear": {"power": 0}}}}]
    snaps = run({"bear": creature(2, 2)}, steps[:2]), run({"bear": creature(2, 2)}, steps)
    first, last = snaps[0]["objects"]["bear"], snaps[1]["objects"]["bear"]
    assert (first["power"], first["toughness"], sorted(first["types"])) == (4, 4, ["artifact", "creature"])
    assert (last["power"], last["toughness"], last["types"]) == (2, 2, ["creature"])


def test_become_copy_until_end_of_turn_and_its_exceptions():
    """A 2/2 becomes a copy of a 3/3 elf except it is blue (707.9b) until end of turn: a blue 3/3
    Elf; after cleanup (514.2) the 2/2 bear again."""
    objects = {"bear": {"card": {"name": "Bear", "types": ["creature"], "colors": ["G"], "power": 2, "toughness": 2}},
               "elf": {"card": {"name": "Elf", "types": ["creature"], "subtypes": ["Elf"], "colors": ["G"],
                                "power": 3, "toughness": 3}}}
    copy = {"become_copy": {"to": "bear", "of": "elf", "until": "end_of_turn", "exceptions": {"colors": ["U"]}}}
    during = run(objects, [copy, {"expect": {"objects": {"bear": {"power": 0}}}}])["objects"]["bear"]
    after = run(objects, [copy, {"end_turn": {}}, {"expect": {"objects": {"bear": {"power": 0}}}}])["objects"]["bear"]
    assert (during["name"], during["colors"], during["power"]) == ("Elf", ["U"], 3)
    assert (after["name"], after["colors"], after["power"]) == ("Bear", ["G"], 2)


def test_an_activated_x_inside_a_sum():
    """"{X}: becomes a (1+X)/(1+X) creature until end of turn", X = 3 (107.3): 4/4."""
    animate = {"activated": {"name": "animate", "cost": "{X}", "effect": {"become": {
        "types": ["artifact", "creature"], "power": {"sum": [1, "X"]}, "toughness": {"sum": [1, "X"]},
        "until": "end_of_turn"}}}}
    objects = {"staff": {"card": {"types": ["artifact"], "abilities": [animate]}}}
    assert pt(objects, [{"activate": {"object": "staff", "ability": "animate", "x": 3}}], "staff") == (4, 4)


def test_an_activated_ability_s_effect_is_controlled_by_its_object_s_controller():
    """Blair controls Alex's 1/1 artifact creature; its ability makes it X/X, X the creatures "you"
    control. Blair, who activated it, controls the ability (113.8) and two creatures (it and a
    wolf): 2/2, not 3/3 (Alex's three elves)."""
    count = {"count": {"types": ["creature"], "controller": "you"}}
    animate = {"activated": {"name": "animate", "cost": "{1}", "effect": {"become": {
        "power": count, "toughness": count, "until": "end_of_turn"}}}}
    objects = {"staff": {"card": {"types": ["artifact", "creature"], "power": 1, "toughness": 1,
                                  "abilities": [animate]}, "controller": "Blair"},
               "elf": creature(1, 1), "elf2": creature(1, 1), "elf3": creature(1, 1),
               "wolf": creature(3, 3, owner="Blair")}
    assert pt(objects, [{"activate": {"object": "staff", "ability": "animate"}}], "staff") == (2, 2)


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


def test_x_of_zero_makes_a_0_0_creature_that_dies():
    """"{X}: becomes an X/X artifact creature" with X = 0 (107.3): a 0/0, put into its owner's
    graveyard by the state-based action (704.5f)."""
    animate = {"activated": {"name": "animate", "cost": "{X}", "effect": {"become": {
        "types": ["artifact", "creature"], "power": "X", "toughness": "X", "until": "end_of_turn"}}}}
    objects = {"staff": {"card": {"types": ["artifact"], "abilities": [animate]}}}
    final = run(objects, [{"activate": {"object": "staff", "ability": "animate", "x": 0}},
                          {"expect": {"objects": {"staff": {"zone": "graveyard"}}}}])["objects"]["staff"]
    assert final["zone"] == "graveyard"


def test_a_become_until_ended_outlasts_the_turn_and_ends_with_end_effect():
    """A 2/2 becomes 4/4 with ``until: ended``: still 4/4 after cleanup (only until-end-of-turn
    effects end, 514.2); when that effect ends, its 7b part ends with it (613.6): 2/2."""
    become = {"become": {"id": "grow", "to": "bear", "power": 4, "toughness": 4, "add_types": ["artifact"],
                         "until": "ended"}}
    after_cleanup = run({"bear": creature(2, 2)}, [become, {"end_turn": {}}, {"expect": {"objects": {"bear": {"power": 0}}}}])
    bear = after_cleanup["objects"]["bear"]
    assert (bear["power"], bear["toughness"], sorted(bear["types"])) == (4, 4, ["artifact", "creature"])
    assert pt({"bear": creature(2, 2)}, [become, {"end_effect": "grow"}], "bear") == (2, 2)


def test_a_become_counts_with_the_layers_applied():
    """"Becomes X/X, X the number of artifacts you control": a land that became an artifact
    (layer 4, 613.1d) counts: 1/1 (the printed cards hold no artifact)."""
    count = {"count": {"types": ["artifact"], "controller": "you"}}
    objects = {"bear": creature(3, 3), "land": {"card": {"types": ["land"]}}}
    steps = [{"become": {"to": "land", "add_types": ["artifact"], "until": "ended"}},
             {"become": {"to": "bear", "power": count, "toughness": count, "until": "ended"}}]
    assert pt(objects, steps, "bear") == (1, 1)


def test_an_activated_become_copy_until_end_of_turn():
    """"{1}: this becomes a copy of target creature until end of turn" (707.4): a 3/3 Elf, then
    after cleanup (514.2) itself again, a 1/1 Shapeshifter."""
    mimic = {"activated": {"name": "mimic", "cost": "{1}", "effect": {"become_copy": {"until": "end_of_turn"}}}}
    objects = {"shifter": {"card": {"name": "Shifter", "types": ["creature"], "subtypes": ["Shapeshifter"],
                                    "power": 1, "toughness": 1, "abilities": [mimic]}},
               "elf": {"card": {"name": "Elf", "types": ["creature"], "subtypes": ["Elf"], "power": 3, "toughness": 3}}}
    activate = {"activate": {"object": "shifter", "ability": "mimic", "target": "elf"}}
    assert pt(objects, [activate], "shifter") == (3, 3)
    assert pt(objects, [activate, {"end_turn": {}}], "shifter") == (1, 1)


def test_a_later_become_copy_applies_after_an_enters_as_copy():
    """A Clone entered as a copy of the elf (3/3); later it becomes a copy of the wolf: both are copy
    effects in layer 1, in timestamp order (613.7), so it is the 4/4 wolf."""
    objects = {
        "clone": {"zone": "hand", "card": {"name": "Clone", "types": ["creature"], "power": 0, "toughness": 0,
                                           "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}},
        "elf": {"card": {"name": "Elf", "types": ["creature"], "power": 3, "toughness": 3}},
        "wolf": {"card": {"name": "Wolf", "types": ["creature"], "power": 4, "toughness": 4}},
    }
    steps = [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "elf"}}},
             {"become_copy": {"to": "clone", "of": "wolf", "until": "ended"}}]
    assert pt(objects, steps, "clone") == (4, 4)


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


# --- every creature type (702.73a) ---------------------------------------------------------------------


CHANGELING_ELF = {"card": {"types": ["creature"], "subtypes": ["Elf"], "power": 1, "toughness": 1,
                           "abilities": [{"keyword": "changeling"}]}}


def test_a_changeling_matches_a_subtype_it_lists():
    """An Elf with changeling (every creature type, 702.73a) gets "Elves get +1/+1": 2/2."""
    lord = {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
        "effect": "modify_pt", "affects": {"subtypes": ["Elf"]}, "power": 1, "toughness": 1}}]}}
    assert pt({"elf": CHANGELING_ELF, "lord": lord}, [], "elf") == (2, 2)


def test_a_changeling_matches_any_creature_type_of_the_list():
    """Against "Goblins get +1/+1" a changeling is a Goblin too (702.73a: every creature type of
    205.3m): 2/2. Against "Forests get +1/+1" it is not one (a land type, 205.3i): 1/1."""
    def lord(subtype):
        return {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
            "effect": "modify_pt", "affects": {"subtypes": [subtype]}, "power": 1, "toughness": 1}}]}}
    assert pt({"elf": CHANGELING_ELF, "lord": lord("Goblin")}, [], "elf") == (2, 2)
    assert pt({"elf": CHANGELING_ELF, "lord": lord("Forest")}, [], "elf") == (1, 1)


def test_a_noncreature_changeling_has_no_creature_type():
    """205.3d, 702.73a: a changeling made a noncreature artifact (its card types set, 205.1a) has no
    creature type, so "Goblins get +1/+1" doesn't reach it; a kindred changeling card in hand is every
    creature type."""
    lord = {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
        "effect": "modify_pt", "affects": {"subtypes": ["Goblin"]},
        "power": 1, "toughness": 1}}]}}
    kindred = {"zone": "hand", "card": {"types": ["kindred", "instant"], "subtypes": ["Shapeshifter"],
                                        "abilities": [{"keyword": "changeling"}]}}
    steps = [{"become": {"to": "elf", "types": ["artifact"], "until": "ended"}},
             {"expect": {"objects": {"elf": {"zone": "battlefield"}}}}]
    final = run({"elf": CHANGELING_ELF, "lord": lord, "kindred": kindred}, steps)["objects"]
    assert (final["elf"]["types"], final["elf"]["subtypes"]) == (["artifact"], [])
    assert final["kindred"]["subtypes"] == ["Shapeshifter", "all creature types"]


def test_setting_subtypes_replaces_those_of_their_kinds_only():
    """205.1a: a land type set on a land creature replaces its land types, a creature type its
    creature types; one of each replaces both."""
    arbor = {"card": {"types": ["land", "creature"], "subtypes": ["Forest", "Dryad"], "power": 1, "toughness": 1}}

    def after(subtypes):
        steps = [{"become": {"to": "arbor", "subtypes": subtypes, "until": "ended"}},
                 {"expect": {"objects": {"arbor": {"zone": "battlefield"}}}}]
        return run({"arbor": arbor}, steps)["objects"]["arbor"]["subtypes"]
    assert after(["Island"]) == ["Dryad", "Island"]
    assert after(["Frog"]) == ["Forest", "Frog"]
    assert after(["Island", "Frog"]) == ["Frog", "Island"]


def test_a_subtype_of_a_removed_card_type_comes_back_with_it():
    """205.1a: Dryad Arbor made an artifact (card types set) has neither Forest nor Dryad while it is
    one; when that effect ends it is a Forest Dryad again."""
    arbor = {"card": {"types": ["land", "creature"], "subtypes": ["Forest", "Dryad"], "power": 1, "toughness": 1}}
    steps = [{"become": {"id": "artifact", "to": "arbor", "types": ["artifact"], "until": "ended"}},
             {"expect": {"objects": {"arbor": {"zone": "battlefield"}}}},
             {"end_effect": "artifact"},
             {"expect": {"objects": {"arbor": {"zone": "battlefield"}}}}]
    first, last = (s["objects"]["arbor"]["subtypes"] for s in snapshots({"arbor": arbor}, steps))
    assert (first, last) == ([], ["Dryad", "Forest"])


def test_a_copy_exception_giving_a_creature_type_keeps_land_types():
    """205.1a with 707.9b: "a copy, except it's a Spirit" of Dryad Arbor is a Forest Spirit."""
    arbor = {"card": {"name": "Dryad Arbor", "types": ["land", "creature"], "subtypes": ["Forest", "Dryad"],
                      "power": 1, "toughness": 1}}
    got = the_clone({"clone": clone({"subtypes": ["Spirit"]}), "original": arbor})
    assert got["subtypes"] == ["Forest", "Spirit"]


# --- copy exceptions and characteristic-defining abilities (707.9b-d, 604.3a, 702.73a) -----------------


def clone(exceptions=None):
    ability = {"enters_as_copy": {"of": {"types": ["creature"]}, **({"exceptions": exceptions} if exceptions else {})}}
    return {"zone": "hand", "card": {"name": "Clone", "types": ["creature"], "subtypes": ["Shapeshifter"],
                                     "power": 0, "toughness": 0, "abilities": [ability]}}


SHAPESHIFTER = {"card": {"name": "Chameleon", "types": ["creature"], "subtypes": ["Shapeshifter"], "power": 2,
                         "toughness": 2, "abilities": [{"keyword": "changeling"}, {"keyword": "flying"}]}}
ENTER = {"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "original"}}}


def the_clone(objects):
    return run(objects, [ENTER, {"expect": {"objects": {"clone": {"zone": "battlefield"}}}}])["objects"]["clone"]


def keywords(obj):
    return sorted(a["keyword"] for a in obj["abilities"] if isinstance(a, dict) and "keyword" in a)


def test_a_copy_given_a_subtype_drops_changeling():
    """Copying a changeling "except it's a Spirit" (707.9b) provides the subtypes, so changeling,
    which defines them (604.3a, 702.73a), isn't copied (707.9d): a Spirit with flying only."""
    got = the_clone({"clone": clone({"subtypes": ["Spirit"]}), "original": SHAPESHIFTER})
    assert (got["subtypes"], keywords(got)) == (["Spirit"], ["flying"])


def test_a_copy_retaining_its_subtypes_drops_changeling():
    """Retaining its own subtypes (707.9c) also means changeling isn't copied (707.9d): a
    Shapeshifter only, with flying."""
    got = the_clone({"clone": clone({"retain": ["subtypes"]}), "original": SHAPESHIFTER})
    assert (got["subtypes"], keywords(got)) == (["Shapeshifter"], ["flying"])


def test_a_copy_given_card_types_keeps_changeling():
    """Giving card types ("except it's an artifact creature", 707.9b) doesn't provide subtypes, and a
    characteristic-defining ability never defines card types (604.3a), so changeling is copied
    (707.9d): every creature type, with flying."""
    got = the_clone({"clone": clone({"types": ["artifact", "creature"]}), "original": SHAPESHIFTER})
    assert (sorted(got["types"]), "all creature types" in got["subtypes"], keywords(got)) == (
        ["artifact", "creature"], True, ["changeling", "flying"])


def test_a_copy_given_a_name_keeps_the_p_t_cda():
    """A name exception (707.9b) has nothing to do with power and toughness: the copied */* CDA
    counting Alex's creatures is kept: the original and the copy, 2/2 each."""
    swarm = star({"count": {"types": ["creature"], "controller": "you"}}, name="Swarm")
    got = the_clone({"clone": clone({"name": "Copycat"}), "original": swarm})
    assert (got["name"], got["power"], got["toughness"]) == ("Copycat", 2, 2)


@pytest.mark.parametrize("given, expected", [
    ({"power": 4}, (4, 0)),      # the CDA defines both, so it is dropped: the printed * toughness is 0 (208.2a)
    ({"toughness": 4}, (0, 4)),
])
def test_a_copy_given_one_of_power_and_toughness_drops_the_p_t_cda(given, expected):
    """707.9d: providing power (or toughness) drops the original's */* CDA, which defines both;
    the other value is the printed *, 0 (208.2a) — so the copy dies of 0 toughness (704.5f) or is 0/4."""
    swarm = star({"count": {"types": ["creature"], "controller": "you"}}, name="Swarm")
    objects = {"clone": clone(given), "original": swarm}
    final = run(objects, [ENTER, {"expect": {"objects": {"clone": {"zone": "battlefield"}}}}])["objects"]["clone"]
    if expected[1] == 0:
        assert final["zone"] == "graveyard"
    else:
        assert (final["power"], final["toughness"]) == expected


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


# --- becoming something (205.1a-b, 613.1d, 702.73a) -------------------------------------------------------


def test_a_become_replacing_supertypes_and_adding_them():
    """Layer 4: "becomes legendary" in addition (205.1b) adds legendary once; a later effect giving
    supertypes [snow] replaces them (205.1a): only snow."""
    objects = {"bear": {"card": {"types": ["creature"], "supertypes": ["legendary"], "power": 2, "toughness": 2}}}
    add = {"become": {"to": "bear", "add_supertypes": ["legendary", "snow"], "until": "ended"}}
    replace = {"become": {"to": "bear", "supertypes": ["snow"], "until": "ended"}}
    first = run(objects, [add, {"expect": {"objects": {"bear": {"zone": "battlefield"}}}}])["objects"]["bear"]
    last = run(objects, [add, replace, {"expect": {"objects": {"bear": {"zone": "battlefield"}}}}])["objects"]["bear"]
    assert (sorted(first["supertypes"]), last["supertypes"]) == (["legendary", "snow"], ["snow"])


def test_a_changeling_given_a_subtype_by_an_effect_has_only_that():
    """A changeling that "becomes a Spirit" (subtypes set, 205.1a) is a Spirit only; one that
    becomes an artifact in addition keeps every creature type (702.73a)."""
    objects = {"elf": CHANGELING_ELF}
    spirit = run(objects, [{"become": {"to": "elf", "subtypes": ["Spirit"], "until": "ended"}},
                           {"expect": {"objects": {"elf": {"zone": "battlefield"}}}}])["objects"]["elf"]
    artifact = run(objects, [{"become": {"to": "elf", "add_types": ["artifact"], "until": "ended"}},
                             {"expect": {"objects": {"elf": {"zone": "battlefield"}}}}])["objects"]["elf"]
    assert spirit["subtypes"] == ["Spirit"]
    assert "all creature types" in artifact["subtypes"]


# --- static abilities in layer 7 (604.2, 613.4b-c, 613.5, 613.7a) --------------------------------------


def static(affects, **becomes):
    return {"card": {"types": ["enchantment"], "abilities": [{"static": {"affects": affects, "becomes": becomes}}]}}


def test_two_anthems_with_different_bonuses_add_up():
    """"Creatures you control get +2/+0" and "+1/+1" (613.4c): a 2/2 is 2+2+1 / 2+0+1 = 5/3."""
    mine = {"types": ["creature"], "controller": "you"}
    objects = {
        "bear": creature(2, 2),
        "banner": {"card": {"types": ["enchantment"], "abilities": [
            {"static_pt": {"effect": "modify_pt", "affects": mine, "power": 2, "toughness": 0}}]}},
        "anthem": {"card": {"types": ["enchantment"], "abilities": [
            {"static_pt": {"effect": "modify_pt", "affects": mine, "power": 1, "toughness": 1}}]}},
    }
    assert pt(objects, [], "bear") == (5, 3)


def test_a_static_becomes_with_the_life_total():
    """"Noncreature artifacts you control are creatures with power and toughness each equal to your
    life total": Alex at 4 life, the artifact is 4/4 (604.2, 613.4b, 208.2a)."""
    objects = {"relic": {"card": {"types": ["artifact"]}},
               "march": static({"types": ["artifact"], "not_types": ["creature"], "controller": "you"},
                               add_types=["creature"], power={"life": "you"}, toughness={"life": "you"})}
    assert pt(objects, [], "relic", player_states={"Alex": {"life": 4}}) == (4, 4)


def test_a_static_becomes_counts_with_the_layers_applied():
    """The same ability with X = the number of artifacts you control: the relic, and a land that
    became an artifact (layer 4), so 2/2 (the printed cards hold one artifact)."""
    count = {"count": {"types": ["artifact"], "controller": "you"}}
    objects = {"relic": {"card": {"types": ["artifact"]}}, "land": {"card": {"types": ["land"]}},
               "march": static({"types": ["artifact"], "not_types": ["creature", "land"], "controller": "you"},
                               add_types=["creature"], power=count, toughness=count)}
    steps = [{"become": {"to": "land", "add_types": ["artifact"], "until": "ended"}}]
    assert pt(objects, steps, "relic") == (2, 2)


def test_a_static_setting_only_power():
    """"Creatures you control have base power 0" (a static set of power only, 613.4b): a 3/3 is 0/3."""
    objects = {"bear": creature(3, 3), "ray": static({"types": ["creature"], "controller": "you"}, power=0)}
    assert pt(objects, [], "bear") == (0, 3)


def test_a_static_setting_only_toughness():
    objects = {"bear": creature(3, 3), "ray": static({"types": ["creature"], "controller": "you"}, toughness=1)}
    assert pt(objects, [], "bear") == (3, 1)


def test_a_static_ability_about_the_chosen_player():
    """"As this enters, choose an opponent. Creatures the chosen player controls get -1/-1": Blair
    chosen, Blair's 3/3 is 2/2, Alex's 3/3 stays 3/3 (208.2a, 613.4c)."""
    curse = {"zone": "hand", "card": {"types": ["enchantment"], "abilities": [
        CHOOSE_OPPONENT,
        {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "chosen"},
                       "power": -1, "toughness": -1}}]}}
    objects = {"curse": curse, "wolf": creature(3, 3, owner="Blair"), "bear": creature(3, 3)}
    steps = [{"move": {"object": "curse", "to": "battlefield", "choices": {"player": "Blair"}}}]
    final = run(objects, [*steps, {"expect": {"objects": {"wolf": {"power": 0}, "bear": {"power": 0}}}}])["objects"]
    assert ((final["wolf"]["power"], final["wolf"]["toughness"]), (final["bear"]["power"], final["bear"]["toughness"])) == (
        (2, 2), (3, 3))


def test_a_static_becomes_about_the_chosen_player_counts_their_creatures():
    """A static "becomes" whose X counts the chosen player's creatures: Blair chosen with two: the
    relic is 2/2; in the hand nothing is chosen and it has no effect."""
    count = {"count": {"types": ["creature"], "controller": "chosen"}}
    objects = {"relic": {"zone": "hand", "card": {"types": ["artifact"], "abilities": [
        CHOOSE_OPPONENT,
        {"static": {"affects": {"itself": True}, "becomes": {"add_types": ["creature"], "power": count,
                                                            "toughness": count}}}]}},
               "wolf": creature(3, 3, owner="Blair"), "ogre": creature(2, 2, owner="Blair")}
    steps = [{"move": {"object": "relic", "to": "battlefield", "choices": {"player": "Blair"}}}]
    assert pt(objects, steps, "relic") == (2, 2)


# --- steps on objects (122.1, 400.7, 108.4a, 611.2c, 701.10a) -----------------------------------------


def test_counters_put_on_a_permanent_add_to_those_it_has():
    """A 2/2 with one +1/+1 counter gets two more (122.1): three, 5/5."""
    objects = {"bear": creature(2, 2, counters={"+1/+1": 1})}
    assert pt(objects, [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 2}}], "bear") == (5, 5)


def test_an_effect_on_each_matching_object_judges_them_after_the_layers():
    """"Artifacts you control become 4/4" (set_pt to_each): a creature land that became an artifact
    (layer 4) is among them, locked as the effect resolves (611.2c): 4/4."""
    objects = {"golem": {"card": {"types": ["land", "creature"], "power": 1, "toughness": 1}}}
    steps = [{"become": {"to": "golem", "add_types": ["artifact"], "until": "ended"}},
             {"set_pt": {"to_each": {"types": ["artifact"], "controller": "you"}, "power": 4, "toughness": 4}}]
    assert pt(objects, steps, "golem") == (4, 4)


def test_an_object_off_the_battlefield_has_no_controller():
    """108.4a: a card in a graveyard has an owner and no controller, even after Blair controlled it."""
    objects = {"bear": creature(2, 2)}
    steps = [{"become": {"to": "bear", "gain_control": True, "controller": "Blair", "until": "ended"}},
             {"move": {"object": "bear", "to": "graveyard"}},
             {"expect": {"objects": {"bear": {"zone": "graveyard"}}}}]
    final = run(objects, steps)["objects"]["bear"]
    assert (final["zone"], final["controller"]) == ("graveyard", None)


def test_moving_an_object_to_the_zone_it_is_in_does_nothing():
    """A move to the zone it's already in isn't a zone change (400.7 needs one): its +2/+2 until end
    of turn stays: 4/4."""
    steps = [{"modify_pt": {"to": "bear", "power": 2, "toughness": 2}},
             {"move": {"object": "bear", "to": "battlefield"}}]
    assert pt({"bear": creature(2, 2)}, steps, "bear") == (4, 4)


def test_doubling_a_power_of_zero():
    """701.10a: doubling the power of a 0/3 gives it +0/+0: 0/3."""
    assert pt({"wall": creature(0, 3)}, [{"double_pt": {"to": "wall", "which": "both"}}], "wall") == (0, 6)


def test_turning_a_face_up_permanent_face_up_does_nothing():
    """Only a face-down permanent can be turned face up (708.8, 702.37e); otherwise nothing happens,
    so it keeps its timestamp (613.7f): the later "creatures are 5/5" still wins over the earlier
    "creatures are 1/1" (613.7a), and a 2/2 is 5/5."""
    def setter(n):
        return {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
            "effect": "set_pt", "affects": {"types": ["creature"]}, "power": n, "toughness": n}}]}}
    objects = {"small": setter(1), "big": setter(5), "bear": creature(2, 2)}
    assert pt(objects, [{"turn_face_up": {"object": "small", "by": "effect"}}], "bear") == (5, 5)
    assert pt(objects, [{"turn_face_up": {"object": "small", "by": "morph"}}], "bear") == (5, 5)


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


# --- "as this enters (or is turned face up)" (208.2b, 614.12, 708.8) -----------------------------------------


def chooser(turned_face_up: bool):
    ability = {"as_enters_pt": {"options": ["3/1", "1/3"], **({"turned_face_up": True} if turned_face_up else {})}}
    return {"zone": "hand", "card": {"types": ["creature"], "power": "*", "toughness": "*",
                                     "abilities": [ability, {"morph": "{3}"}]}}


def test_an_as_enters_pt_choice_without_face_up_applies_as_it_enters():
    """"As this enters, it becomes your choice of 3/1 or 1/3" (208.2b): 3/1 chosen, 3/1."""
    steps = [{"move": {"object": "c", "to": "battlefield", "choices": {"pt": "3/1"}}}]
    assert pt({"c": chooser(False)}, steps, "c") == (3, 1)


def test_an_as_enters_pt_choice_applies_when_turned_face_up_only_if_it_says_so():
    """Put onto the battlefield face down (a 2/2, 708.2a) and turned face up by morph: an ability
    saying "or is turned face up" makes it 1/3 as chosen (208.2b); one saying only "as this enters"
    does nothing then (it didn't enter), so its * is 0 (208.2a): 0/0, put into the graveyard (704.5f)."""
    steps = [{"move": {"object": "c", "to": "battlefield", "face_down": True}},
             {"turn_face_up": {"object": "c", "by": "morph", "choices": {"pt": "1/3"}}}]
    assert pt({"c": chooser(True)}, steps, "c") == (1, 3)
    final = run({"c": chooser(False)}, [*steps, {"expect": {"objects": {"c": {"zone": "graveyard"}}}}])["objects"]["c"]
    assert final["zone"] == "graveyard"


# --- static copy effects (707.2c, 613.2a, 613.7) ---------------------------------------------------------


def mirror_objects():
    card = lambda name, p, **extra: {"card": {"name": name, "types": ["creature"], "power": p, "toughness": p}, **extra}
    return {
        "bear": card("Runeclaw Bear", 2), "elves": card("Llanowar Elves", 1), "wolf": card("Grizzly Wolf", 3, owner="Blair"),
        "relic": {"owner": "Blair", "card": {"name": "Relic", "types": ["artifact"]}},
        "mirror": {"zone": "hand", "card": {"types": ["enchantment"], "abilities": [
            {"as_enters_choose": {"object": {"types": ["creature"]}}},
            {"static_copy": {"affects": {"types": ["creature"], "controller": "opponent"}}}]}},
    }


MIRROR_ENTERS = {"move": {"object": "mirror", "to": "battlefield", "choices": {"object": "bear"}}}


def test_a_later_copy_effect_applies_after_a_static_copy_effect():
    """Blair's wolf is a copy of the Bear by the mirror's static ability (707.2c); it then becomes a
    copy of the Elves: copy effects apply in timestamp order (613.2a, 613.7), so it is a 1/1 Elves."""
    steps = [MIRROR_ENTERS, {"become_copy": {"to": "wolf", "of": "elves", "until": "ended"}},
             {"expect": {"objects": {"wolf": {"power": 0}}}}]
    wolf = run(mirror_objects(), steps)["objects"]["wolf"]
    assert (wolf["name"], wolf["power"]) == ("Llanowar Elves", 1)


def test_a_static_copy_effect_sees_the_earlier_copy_effects():
    """Blair's noncreature artifact first becomes a copy of the wolf (a creature after layer 1a);
    "creatures your opponents control are copies of the Bear" (a later timestamp) then matches it
    (613.2a, 613.7): a 2/2 Runeclaw Bear."""
    steps = [{"become_copy": {"to": "relic", "of": "wolf", "until": "ended"}}, MIRROR_ENTERS,
             {"expect": {"objects": {"relic": {"power": 0}}}}]
    relic = run(mirror_objects(), steps)["objects"]["relic"]
    assert (relic["name"], relic["power"]) == ("Runeclaw Bear", 2)
