"""What the reference engine keeps once per board or per state (the speed work of commits d3328ae
to f25f639: the objects a filter matches, 7a values, static layer 7 effects, observables, power and
toughness, the fingerprint of the board) must follow every change a rule makes relevant. Each test
here kills mutants of that code that survived the mutation run of 138b286 (or the function-by-function
run of e56612d), or fails when one part of a cache key is left out by hand (no mutant removes one),
or shows an engine bug that run found (docs/mutation.md). Each expected value is worked from the
rule cited, not read off the engine."""

from __future__ import annotations

from typing import Any

from tests.scenarios import snapshots


def expect(*names: str) -> dict[str, Any]:
    return {"expect": {"objects": {name: {"zone": "battlefield"} for name in names}}}


def state(snapshot: dict[str, Any], name: str) -> tuple[Any, Any, Any]:
    """(zone, power, toughness) of ``name`` in ``snapshot``."""
    values = snapshot["objects"][name]
    return values["zone"], values.get("power"), values.get("toughness")


def creature(power: int, toughness: int, **spec: Any) -> dict[str, Any]:
    return {"card": {"types": ["creature"], "power": power, "toughness": toughness}, **spec}


def star(power_expr: Any, toughness_expr: Any = None, *, zone: str = "battlefield", **spec: Any) -> dict[str, Any]:
    """A */* creature whose characteristic-defining ability sets its power and toughness (604.3)."""
    toughness_expr = power_expr if toughness_expr is None else toughness_expr
    return {"zone": zone, **spec, "card": {"types": ["creature"], "power": "*", "toughness": "*", "abilities": [
        {"cda_pt": {"power": power_expr, "toughness": toughness_expr}}]}}


IN_GRAVEYARDS = {"count": {"zone": "graveyard"}}  # objects in all graveyards, whatever their types


# --- the objects a filter matches, judged once per board (208.2a, 604.3) -------------------------------


def test_two_counts_with_different_filters_read_on_one_board():
    """"Equal to the number of creatures you control" and "1 + the number of lands you control",
    read on the same board (208.2a): Alex controls three creatures (the two */* and a bear) and one
    land, so 3/3 and 1 + 1 = 2/2."""
    objects = {"horde": star({"count": {"types": ["creature"], "controller": "you"}}),
               "scout": star({"sum": [1, {"count": {"types": ["land"], "controller": "you"}}]}),
               "bear": creature(2, 2), "land": {"card": {"types": ["land"]}}}
    (snapshot,) = snapshots(objects, [expect("horde", "scout")])
    assert (state(snapshot, "horde"), state(snapshot, "scout")) == (("battlefield", 3, 3), ("battlefield", 2, 2))


def test_other_creatures_are_other_than_the_object_whose_ability_it_is():
    """"1 + the number of other creatures you control" on a creature on the battlefield and on a
    card in Alex's hand (a characteristic-defining ability works in every zone, 604.3; "you" is its
    owner there): on the battlefield the other creature is the bear, 1 + 1 = 2/2; in the hand they
    are the bear and the first one, 1 + 2 = 3/3."""
    others = {"sum": [1, {"count": {"types": ["creature"], "controller": "you", "other": True}}]}
    objects = {"first": star(others), "second": star(others, zone="hand"), "bear": creature(2, 2)}
    (snapshot,) = snapshots(objects, [expect("first")])
    assert (state(snapshot, "first"), state(snapshot, "second")) == (("battlefield", 2, 2), ("hand", 3, 3))


def test_creatures_you_control_are_counted_for_each_controller():
    """"Equal to the number of creatures you control" on Alex's creature and on Blair's, read on
    the same board: "you" is each ability's controller (208.2a): Alex controls it and a bear, 2/2;
    Blair controls hers, a wolf and an ogre, 3/3."""
    mine = {"count": {"types": ["creature"], "controller": "you"}}
    objects = {"horde": star(mine), "bear": creature(2, 2),
               "swarm": star(mine, owner="Blair"), "wolf": creature(3, 3, owner="Blair"),
               "ogre": creature(2, 2, owner="Blair")}
    (snapshot,) = snapshots(objects, [expect("horde", "swarm")])
    assert (state(snapshot, "horde"), state(snapshot, "swarm")) == (("battlefield", 2, 2), ("battlefield", 3, 3))


def test_creatures_of_the_chosen_player_are_counted_for_each_choice():
    """Two of Alex's creatures "As this enters, choose an opponent. Its power and toughness are each
    equal to the number of creatures the chosen player controls", one with Blair chosen, one with
    Casey (208.2a), read on the same board: Blair controls a wolf, 1/1; Casey an ogre and an elk, 2/2."""
    theirs = {"count": {"types": ["creature"], "controller": "chosen"}}

    def spy(player):
        return {"choices": {"player": player}, "card": {"types": ["creature"], "power": "*", "toughness": "*",
                                                        "abilities": [{"as_enters_choose": {"player": "opponent"}},
                                                                      {"cda_pt": {"power": theirs, "toughness": theirs}}]}}

    objects = {"blair_spy": spy("Blair"), "casey_spy": spy("Casey"), "wolf": creature(3, 3, owner="Blair"),
               "ogre": creature(2, 2, owner="Casey"), "elk": creature(2, 2, owner="Casey")}
    (snapshot,) = snapshots(objects, [expect("blair_spy", "casey_spy")], players=("Alex", "Blair", "Casey"))
    assert (state(snapshot, "blair_spy"), state(snapshot, "casey_spy")) == (
        ("battlefield", 1, 1), ("battlefield", 2, 2))


# --- static layer 7 effects, grouped by the objects they affect (604.2, 613.5, 613.6) -------------------


def anthem(affects: dict[str, Any], amount: int, *, abilities: tuple[Any, ...] = (), **spec: Any) -> dict[str, Any]:
    """An enchantment: "[affected objects] get +amount/+amount" (613.4c), after ``abilities``."""
    return {**spec, "card": {"types": ["enchantment"], "abilities": [*abilities, {"static_pt": {
        "effect": "modify_pt", "affects": affects, "power": amount, "toughness": amount}}]}}


def test_anthems_of_two_controllers_each_affect_their_controller_s_creatures():
    """"Creatures you control get +1/+1" controlled by Alex and by Blair: "you" is each ability's
    controller, so Alex's 2/2 bear is 3/3 and Blair's 3/3 wolf is 4/4 (613.4c)."""
    mine = {"types": ["creature"], "controller": "you"}
    objects = {"banner": anthem(mine, 1), "flag": anthem(mine, 1, owner="Blair"),
               "bear": creature(2, 2), "wolf": creature(3, 3, owner="Blair")}
    (snapshot,) = snapshots(objects, [expect("bear", "wolf")])
    assert (state(snapshot, "bear"), state(snapshot, "wolf")) == (("battlefield", 3, 3), ("battlefield", 4, 4))


def test_curses_on_two_chosen_players_each_affect_that_player_s_creatures():
    """Two of Alex's enchantments "As this enters, choose an opponent. Creatures the chosen player
    controls get -1/-1", one with Blair chosen, one with Casey (208.2a): Blair's 3/3 wolf and
    Casey's 3/3 ogre are each 2/2 (613.4c)."""
    theirs = {"types": ["creature"], "controller": "chosen"}
    choose = [{"as_enters_choose": {"player": "opponent"}}]
    objects = {"curse": anthem(theirs, -1, abilities=choose, choices={"player": "Blair"}),
               "hex": anthem(theirs, -1, abilities=choose, choices={"player": "Casey"}),
               "wolf": creature(3, 3, owner="Blair"), "ogre": creature(3, 3, owner="Casey")}
    (snapshot,) = snapshots(objects, [expect("wolf", "ogre")], players=("Alex", "Blair", "Casey"))
    assert (state(snapshot, "wolf"), state(snapshot, "ogre")) == (("battlefield", 2, 2), ("battlefield", 2, 2))


def test_a_static_becomes_keeps_its_set_and_another_static_with_its_filter_judges_anew():
    """"Noncreature artifacts you control are 2/2 artifact creatures" starts to apply in layer 4
    and applies to the same objects in 7b (613.6, its third example); "noncreature artifacts you
    control get +1/+1" applies in 7c only, to objects that are noncreature artifacts then (613.5):
    the relic is a creature by then, so it is 2/2."""
    noncreature_artifacts = {"types": ["artifact"], "not_types": ["creature"], "controller": "you"}
    objects = {"march": {"card": {"types": ["enchantment"], "abilities": [{"static": {
                   "affects": noncreature_artifacts,
                   "becomes": {"add_types": ["creature"], "power": 2, "toughness": 2}}}]}},
               "banner": anthem(noncreature_artifacts, 1), "relic": {"card": {"types": ["artifact"]}}}
    (snapshot,) = snapshots(objects, [expect("relic")])
    assert state(snapshot, "relic") == ("battlefield", 2, 2)


def test_a_static_effect_whose_source_lost_the_ability_goes_on_as_resolved_layer_7_effects_come_and_go():
    """Humility (t1: creatures lose all abilities and are base 1/1) and then an enchantment making
    each other enchantment a creature with base P/T equal to its mana value (t2). Humility loses its
    own ability in layer 6, its 7b part goes on (613.6). With layers 1-6 unchanged, resolved layer 7
    effects come and go (the index of layer 7 is rebuilt from the same board): Humility is 4/4 (its
    1/1, then the later mana value, 613.7a), 4/4 + 1/1 = 5/5 with a +1/+1 (7c); the bear, 1/1 from
    Humility, is set to 3/3 by a later effect (7b); both are as before once those end (514.2)."""
    humility = {"card": {"types": ["enchantment"], "mana_cost": "{2}{W}{W}", "abilities": [{"static": {
        "affects": {"types": ["creature"]}, "becomes": {"loses_all_abilities": True, "power": 1, "toughness": 1}}}]}}
    opalescence = {"card": {"types": ["enchantment"], "abilities": [{"static": {
        "affects": {"types": ["enchantment"], "other": True},
        "becomes": {"add_types": ["creature"], "power": "mana_value", "toughness": "mana_value"}}}]}}
    objects = {"humility": humility, "opalescence": opalescence, "bear": creature(2, 2)}
    snaps = snapshots(objects, [expect("humility", "bear"), {"modify_pt": {"to": "humility", "power": 1, "toughness": 1}},
                                {"set_pt": {"to": "bear", "power": 3, "toughness": 3}}, expect("humility", "bear"),
                                {"end_turn": {}}, expect("humility", "bear")])
    assert [(state(s, "humility"), state(s, "bear")) for s in snaps] == [
        (("battlefield", 4, 4), ("battlefield", 1, 1)),
        (("battlefield", 5, 5), ("battlefield", 3, 3)),
        (("battlefield", 4, 4), ("battlefield", 1, 1))]


# --- a choice made as the object entered (614.12, 208.2a) ----------------------------------------------


def test_a_choice_made_as_a_declared_permanent_entered_applies_at_the_first_checkpoint():
    """"As this enters, choose an opponent. Creatures the chosen player controls get -1/-1", on the
    battlefield as the case starts with Blair chosen as it entered (614.12): at a checkpoint before
    any step, Blair's 3/3 is 2/2 (208.2a, 613.4c) and Alex's 3/3 is 3/3."""
    curse = {"choices": {"player": "Blair"}, "card": {"types": ["enchantment"], "abilities": [
        {"as_enters_choose": {"player": "opponent"}},
        {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "chosen"},
                       "power": -1, "toughness": -1}}]}}
    objects = {"curse": curse, "wolf": creature(3, 3, owner="Blair"), "bear": creature(3, 3)}
    (snapshot,) = snapshots(objects, [expect("wolf", "bear")])
    assert (state(snapshot, "wolf"), state(snapshot, "bear")) == (("battlefield", 2, 2), ("battlefield", 3, 3))


def test_a_token_copy_of_a_creature_with_abilities_gets_the_exception_s_counters():
    """Blair creates a token that's a copy of Alex's 2/2 flier "except it enters with two +1/+1
    counters": no later copy effect applies to it, so the counters are put on it (707.9e): a 2/2
    (707.2: the flier's values, its ability too) with two +1/+1 counters is 4/4 (122.1a, 613.4c)."""
    objects = {"drake": {"card": {"types": ["creature"], "power": 2, "toughness": 2,
                                  "abilities": [{"keyword": "flying"}]}}}
    steps = [{"create_token": {"token": "copy", "copy_of": "drake", "controller": "Blair",
                               "exceptions": {"enters_with_counters": {"+1/+1": 2}}}}, expect("copy")]
    final = snapshots(objects, steps)[-1]["objects"]["copy"]
    assert (final["power"], final["toughness"], final["counters"]) == (4, 4, {"+1/+1": 2})


# --- effects with the same timestamp (613.7a, 613.4) --------------------------------------------------


def test_a_become_that_sets_power_and_toughness_and_grants_a_pt_ability():
    """"Target creature becomes a 3/3 and gains 'this creature gets +1/+1 for each other creature
    you control'" on a 1/1, with a bear: the granted ability's effect has the timestamp of the
    effect that granted it (613.7a), the same as the 7b effect; 7b applies before 7c (613.4): 3/3,
    then +1/+1 for the bear: 4/4."""
    others = {"count": {"types": ["creature"], "controller": "you", "other": True}}
    objects = {"squire": creature(1, 1), "bear": creature(2, 2)}
    steps = [{"become": {"to": "squire", "power": 3, "toughness": 3, "until": "ended", "gains": [
        {"static_pt": {"effect": "modify_pt", "affects": {"itself": True}, "power": others, "toughness": others}}]}},
        expect("squire")]
    assert state(snapshots(objects, steps)[-1], "squire") == ("battlefield", 4, 4)


# --- tokens ceasing to exist (704.5d, 704.3) -----------------------------------------------------------


def test_a_token_that_ceased_to_exist_is_no_longer_counted():
    """A creature with power equal to the number of objects in all graveyards and toughness 1 plus
    that (208.2a); a token copy of a bear is put into a graveyard, and it ceases to exist when
    state-based actions are performed (704.5d), before the checkpoint: no object is in a graveyard,
    so 0/1 (not 1/2)."""
    objects = {"goyf": star(IN_GRAVEYARDS, {"sum": [1, IN_GRAVEYARDS]}), "bear": creature(2, 2)}
    steps = [{"create_token": {"token": "token", "copy_of": "bear", "controller": "Alex"}},
             {"move": {"object": "token", "to": "graveyard"}}, expect("goyf")]
    snapshot = snapshots(objects, steps)[-1]
    assert (state(snapshot, "goyf"), snapshot["objects"]["token"]) == (("battlefield", 0, 1), {"zone": None})


def test_state_based_actions_are_checked_again_after_a_token_ceases_to_exist():
    """A */* creature equal to the number of objects in all graveyards (208.2a), with a card there:
    1/1. In one step the card is exiled and a token goes to a graveyard. The check sees the token
    there (1/1: nothing to do but 704.5d, the token ceases to exist); state-based actions were
    performed, so the check is repeated (704.3): now 0/0, and the creature is put into its owner's
    graveyard (704.5f), where it counts itself (604.3: the ability works in every zone): 1/1. All
    before the checkpoint."""
    objects = {"goyf": star(IN_GRAVEYARDS), "bear": creature(2, 2),
               "relic": {"zone": "graveyard", "card": {"types": ["artifact"]}}}
    steps = [{"create_token": {"token": "token", "copy_of": "bear", "controller": "Alex"}}, expect("goyf"),
             {"together": [{"move": {"object": "token", "to": "graveyard"}},
                           {"move": {"object": "relic", "to": "exile"}}]},
             expect("goyf")]
    before, after = snapshots(objects, steps)
    assert state(before, "goyf") == ("battlefield", 1, 1)
    assert (after["objects"]["token"], state(after, "goyf")) == ({"zone": None}, ("graveyard", 1, 1))


# --- face-down permanents (708.2) ------------------------------------------------------------------------


def test_a_face_down_permanent_declared_after_a_face_up_one_is_face_down_from_the_start():
    """A face-up bear, then a face-down 5/5 Demon, on the battlefield as the case starts: at a
    checkpoint before any step the Demon is a 2/2 creature with no name (708.2a)."""
    objects = {"bear": creature(2, 2),
               "demon": {"face_down": True, "card": {"name": "Grinning Demon", "types": ["creature"],
                                                     "subtypes": ["Demon"], "power": 5, "toughness": 5}}}
    (snapshot,) = snapshots(objects, [expect("demon")])
    demon = snapshot["objects"]["demon"]
    assert (demon["name"], demon["subtypes"], demon["power"], demon["toughness"], demon["face_down"]) == (
        None, [], 2, 2, True)


# --- a snapshot's observables, read once per board (docs/engines.md) -------------------------------------


def test_a_snapshot_entry_reports_each_observable_and_nothing_else():
    """Grizzly Bears ({1}{G}, a green 2/2 creature — Bear) with a +1/+1 counter, on the battlefield
    under Alex's control as its owner (110.2): 3/3 (122.1a, 613.4c), no damage marked (120.3); then
    it gets a second +1/+1 counter (122.1): 4/4. Each checkpoint reports the observables docs/engines.md
    lists (zone, controller, power, toughness, counters, damage, name, mana cost, colours, types,
    subtypes, supertypes, abilities, face-down status, tapped status: untapped, 110.5b), each once with its
    own value, and nothing else; a later checkpoint leaves an earlier one as it was."""
    card = {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "colors": ["G"], "types": ["creature"],
            "subtypes": ["Bear"], "power": 2, "toughness": 2}
    steps = [expect("bear"), {"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1}}, expect("bear")]
    first, second = snapshots({"bear": {"counters": {"+1/+1": 1}, "card": card}}, steps)

    def entry(power: int, counters: int) -> dict[str, Any]:
        return {"zone": "battlefield", "controller": "Alex", "power": power, "toughness": power,
                "counters": {"+1/+1": counters}, "damage": 0, "name": "Grizzly Bears", "mana_cost": "{1}{G}",
                "colors": ["G"], "types": ["creature"], "subtypes": ["Bear"], "supertypes": [], "abilities": [],
                "face_down": False, "tapped": False}

    assert (first["objects"]["bear"], second["objects"]["bear"]) == (entry(3, 1), entry(4, 2))


# --- a board that layers 1-6 leave as printed (613.1) ----------------------------------------------------


def test_a_board_left_as_printed_is_the_board_every_layer_would_give(monkeypatch):
    """layers._compute takes a short way when no effect of layers 1-6 exists and no object is a
    token, face down, or has an ability acting in layers 1-6: every object's characteristics are
    its printed values (613.1, 613.2c). On every board the engine computes, over every golden case
    and generated scenarios of each strategy (copies, face-down permanents, tokens and abilities
    among them), the short way gives exactly what computing each layer gives, and both ways are
    taken."""
    from hypothesis import HealthCheck, given, settings

    import strategies as mtg
    from conformance.format import loader
    from reference_engine import ReferenceEngine, layers

    taken = {"boards": 0, "printed": 0}
    compute, printed_board = layers._compute, layers._printed_board

    def compared(game):
        board = compute(game)
        assert board == layers._compute_layers(game, list(game.objects.values()))
        taken["boards"] += 1
        return board

    def short_way(objects):
        taken["printed"] += 1
        return printed_board(objects)

    monkeypatch.setattr(layers, "_compute", compared)
    monkeypatch.setattr(layers, "_printed_board", short_way)
    engine = ReferenceEngine()
    for case in loader.load_suite([loader.golden_dir()]):
        engine.run(case.to_dict())

    @settings(max_examples=150, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(mtg.scenarios() | mtg.copy_scenarios() | mtg.damage_scenarios())
    def generated(case):
        engine.run(case.to_dict())

    generated()
    assert 0 < taken["printed"] < taken["boards"], taken


def test_a_colour_defining_ability_alone_on_the_board_still_sets_the_colours():
    """Transguild Courier (an artifact creature, 3/3, no printed colour) is all colours by a
    characteristic-defining ability (604.3), which applies first in layer 5 (613.3) even where no
    other effect exists, and in every zone: white, blue, black, red and green, on the battlefield
    and in the hand alike."""
    courier = {"card": {"name": "Transguild Courier", "types": ["artifact", "creature"], "power": 3,
                        "toughness": 3, "abilities": [{"cda_colors": ["W", "U", "B", "R", "G"]}]}}
    (snapshot,) = snapshots({"courier": courier, "in_hand": {**courier, "zone": "hand"}},
                            [expect("courier")])
    assert [snapshot["objects"][name]["colors"] for name in ("courier", "in_hand")] == [["W", "U", "B", "R", "G"]] * 2


def test_which_objects_layers_1_to_6_leave_as_printed():
    """The short way's condition, object by object: a card on the battlefield or elsewhere with no
    ability acting in layers 1-6 is left as printed; a face-down permanent (708.2), a token (its
    values come from the effect that made it, 613.1), and a card with changeling (702.73a), a
    colour-defining ability (613.3) or a static ability making objects become something
    (613.1b-f) are not."""
    from conformance.format.model import Card
    from reference_engine import layers
    from reference_engine.entering import Status
    from reference_engine.objects import GameObject, no_counters

    def card(*abilities):
        return Card.from_dict({"types": ["creature"], "power": 2, "toughness": 2, "abilities": list(abilities)})

    def obj(the_card, zone="battlefield", token=False):
        return GameObject(id="x", card=the_card, owner="Alex", controller="Alex" if zone == "battlefield" else None,
                          zone=zone, timestamp=1, counters=no_counters(), token=token)

    face_down = {("x", 0): Status(face_down=True)}
    assert layers._as_printed(obj(card()), {}) and layers._as_printed(obj(card(), zone="hand"), face_down)
    assert not layers._as_printed(obj(card()), face_down)
    assert not layers._as_printed(obj(card(), token=True), {})
    for ability in ({"keyword": "changeling"}, {"cda_colors": ["W", "U"]},
                    {"static": {"affects": {"types": ["creature"]}, "becomes": {"add_types": ["artifact"]}}}):
        assert not layers._as_printed(obj(card(ability)), {}), ability
    assert layers._as_printed(obj(card({"keyword": "flying"})), {})
