"""Details of the reference engine that the golden cases leave open, found by mutation testing
(docs/mutation.md). Each expected value is worked from the rule cited, not read off the engine.

This file: characteristic-defining abilities and their expressions, filters, "becomes" effects,
activated abilities, static abilities in layer 7 and steps on objects; the copy details are in
test_reference_engine_copy_details.py, the player and damage details in
test_reference_engine_damage_details.py."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import Unsupported
from reference_engine.filters import mana_value
from tests.engine_details import CHOOSE_OPPONENT, creature, pt, run, star


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


# --- instant and sorcery cards that would enter the battlefield (400.4a) ---------------------------------


SORCERY_IN_GRAVEYARD = {"card": {"types": ["sorcery"]}, "zone": "graveyard"}


def test_a_sorcery_card_that_gained_a_card_type_is_still_one_and_stays():
    """400.4a: "each card in a graveyard is also a creature" leaves a sorcery card a sorcery card:
    put onto the battlefield, it stays in the graveyard, still a creature sorcery there."""
    steps = [{"become": {"to_each": {"zone": "graveyard"}, "add_types": ["creature"], "power": 1, "toughness": 1}},
             {"move": {"object": "rite", "to": "battlefield"}},
             {"expect": {"objects": {"rite": {"zone": "graveyard"}}}}]
    final = run({"rite": SORCERY_IN_GRAVEYARD}, steps)["objects"]["rite"]
    assert (final["zone"], final["types"]) == ("graveyard", ["creature", "sorcery"])


def test_a_sorcery_card_retyped_in_its_zone_is_refused():
    """A sorcery card an effect made only a creature card in the graveyard: whether 400.4a judges the
    card as it is there or as the sorcery it would be once moved (400.7) is left open: refused."""
    steps = [{"become": {"to_each": {"zone": "graveyard"}, "types": ["creature"], "power": 1, "toughness": 1}},
             {"move": {"object": "rite", "to": "battlefield"}},
             {"expect": {"objects": {"rite": {"zone": "graveyard"}}}}]
    with pytest.raises(Unsupported, match=r"rite would enter .* not an instant or sorcery card .*400\.4a"):
        run({"rite": SORCERY_IN_GRAVEYARD}, steps)


def test_a_sorcery_card_entering_as_a_copy_is_refused_and_without_a_copy_stays():
    """A sorcery card with "you may have this enter as a copy of a creature": with a copy chosen,
    whether 400.4a looks before or after the copy (614.12) is left open: refused; with none chosen
    it is a sorcery card that stays in the hand."""
    objects = {"bear": creature(2, 2),
               "mimic": {"zone": "hand", "card": {"types": ["sorcery"], "abilities": [
                   {"enters_as_copy": {"of": {"types": ["creature"]}}}]}}}

    def moved(copy):
        steps = [{"move": {"object": "mimic", "to": "battlefield", "choices": {"copy": copy}}},
                 {"expect": {"objects": {"mimic": {"zone": "hand"}}}}]
        return run(objects, steps)["objects"]["mimic"]["zone"]
    with pytest.raises(Unsupported, match=r"mimic, an instant or sorcery card, would enter .* copy of bear"):
        moved(["bear"])
    assert moved([]) == "hand"


def test_a_permanent_entering_as_a_copy_of_a_sorcery_card_is_refused():
    """A Clone whose "enter as a copy" reaches cards in graveyards, copying a sorcery card, would be a
    sorcery on the battlefield: whether 400.4a keeps it out is left open: refused."""
    objects = {"rite": SORCERY_IN_GRAVEYARD,
               "clone": {"zone": "hand", "card": {"types": ["creature"], "power": 0, "toughness": 0, "abilities": [
                   {"enters_as_copy": {"of": {"zone": "graveyard"}}}]}}}
    steps = [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": ["rite"]}}},
             {"expect": {"objects": {"clone": {"zone": "battlefield"}}}}]
    with pytest.raises(Unsupported, match=r"clone entered the battlefield as an instant or sorcery"):
        run(objects, steps)


def test_a_face_down_sorcery_turned_face_up_is_refused():
    """A sorcery card put onto the battlefield face down enters (708.3: a 2/2 creature card as it
    enters); turning it face up is refused: a manifested or cloaked one stays face down (701.40g,
    701.58g), and the format does not say which rule put it face down."""
    steps = [{"move": {"object": "rite", "to": "battlefield", "face_down": True}},
             {"turn_face_up": {"object": "rite", "by": "effect"}},
             {"expect": {"objects": {"rite": {"zone": "battlefield"}}}}]
    with pytest.raises(Unsupported, match=r"rite is a face-down permanent whose face-up side is an instant or sorcery"):
        run({"rite": SORCERY_IN_GRAVEYARD}, steps)
