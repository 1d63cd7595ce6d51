"""The reference engine, rule by rule. Expected values are worked by hand from the CR."""

from __future__ import annotations

import itertools

import pytest

from reference_engine import ReferenceEngine, doubling
from reference_engine.game import Game
from reference_engine.layers import power_toughness
from tests.scenarios import creature, make_case, observe, snapshots

COUNT_MY_CREATURES = {"count": {"types": ["creature"], "controller": "you"}}
ANTHEM_PLUS_ONE = {"card": {"types": ["enchantment"], "abilities": [
    {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you"},
                   "power": 1, "toughness": 1}}]}}


def swarm(**extra):
    """A */* creature whose power and toughness are the number of creatures its controller controls."""
    return {"card": {"types": ["creature"], "power": "*", "toughness": "*",
                     "abilities": [{"cda_pt": {"power": COUNT_MY_CREATURES, "toughness": COUNT_MY_CREATURES}}]},
            **extra}


# --- 7a: characteristic-defining abilities (613.4a, 604.3, 208.2a) ---------------------------------


def test_7a_cda_counts_creatures_its_controller_controls():
    objects = {"swarm": swarm(), "elf": creature(1, 1), "rival": creature(5, 5, ), }
    objects["rival"]["owner"] = "Blair"
    assert observe(objects, [], "swarm") == (2, 2)  # itself and the elf, not Blair's creature


def test_7a_cda_follows_the_count_continuously():
    assert observe({"swarm": swarm(), "elf": creature(1, 1)},
                   [{"move": {"object": "elf", "to": "graveyard"}}], "swarm") == (1, 1)


def test_7a_cda_functions_outside_the_battlefield():
    """604.3: a */* card in a graveyard counting creature cards in its owner's graveyard counts itself."""
    in_graveyard = {"types": ["creature"], "zone": "graveyard", "owner": "you"}
    objects = {
        "lhurgoyf": {"zone": "graveyard", "card": {
            "types": ["creature"], "power": "*", "toughness": "1+*",
            "abilities": [{"cda_pt": {"power": {"count": in_graveyard},
                                      "toughness": {"sum": [1, {"count": in_graveyard}]}}}]}},
        "dead_elf": {"zone": "graveyard", "card": {"types": ["creature"], "power": 1, "toughness": 1}},
        "their_dead": {"zone": "graveyard", "owner": "Blair", "card": {"types": ["creature"], "power": 1, "toughness": 1}},
    }
    assert observe(objects, [], "lhurgoyf") == (2, 3)


def test_set_effect_applies_after_the_cda():
    objects = {"swarm": swarm(), "elf": creature(1, 1)}
    assert observe(objects, [{"set_pt": {"to": "swarm", "power": 5, "toughness": 1}}], "swarm") == (5, 1)


# --- 7b: setting effects in timestamp order (613.4b, 613.7) -----------------------------------------


def test_7b_later_timestamp_wins_and_earlier_shows_when_it_ends():
    steps = [
        {"set_pt": {"id": "first", "to": "bear", "power": 4, "toughness": 4, "until": "ended"}},
        {"set_pt": {"id": "second", "to": "bear", "power": 1, "toughness": 5, "until": "ended"}},
    ]
    assert observe({"bear": creature(2, 2)}, steps, "bear") == (1, 5)
    assert observe({"bear": creature(2, 2)}, [*steps, {"end_effect": "second"}], "bear") == (4, 4)


def test_7b_setting_only_power_keeps_toughness():
    assert observe({"bear": creature(2, 3)}, [{"set_pt": {"to": "bear", "power": 7}}], "bear") == (7, 3)


def test_static_set_that_enters_later_has_the_later_timestamp():
    """613.7a, 613.7d: a static ability's effect has its object's timestamp."""
    shrinker = {"zone": "hand", "card": {"types": ["enchantment"], "abilities": [
        {"static_pt": {"effect": "set_pt", "affects": {"types": ["creature"]}, "power": 1, "toughness": 1}}]}}
    steps = [{"set_pt": {"to": "bear", "power": 3, "toughness": 3}}, {"move": {"object": "shrinker", "to": "battlefield"}}]
    assert observe({"bear": creature(2, 2), "shrinker": shrinker}, steps, "bear") == (1, 1)
    shrinker_first = {**shrinker, "zone": "battlefield"}
    assert observe({"bear": creature(2, 2), "shrinker": shrinker_first}, steps[:1], "bear") == (3, 3)


# --- 7c: modifying effects and counters, order-independent (613.4c, 122.1a) --------------------------

MODIFIERS = [
    {"modify_pt": {"to": "bear", "power": 3, "toughness": -1}},
    {"put_counters": {"object": "bear", "kind": "+1/+0", "count": 2}},
    {"put_counters": {"object": "bear", "kind": "-0/-1", "count": 1}},
    {"modify_pt": {"to": "bear", "power": -4, "toughness": 2}},
]


@pytest.mark.parametrize("order", list(itertools.permutations(range(len(MODIFIERS)))), ids=str)
def test_7c_effects_and_counters_sum_in_any_order(order):
    # 2/3 + (3/-1) + 2*(1/0) + (0/-1) + (-4/+2) = 3/3
    steps = [MODIFIERS[i] for i in order]
    assert observe({"bear": creature(2, 3)}, steps, "bear") == (3, 3)


def test_7c_pump_given_before_a_set_still_applies():
    steps = [{"modify_pt": {"to": "bear", "power": 4, "toughness": 4}},
             {"set_pt": {"to": "bear", "power": 0, "toughness": 1}}]
    assert observe({"bear": creature(2, 2)}, steps, "bear") == (4, 5)


def test_removing_more_counters_than_there_are_removes_them_all():
    steps = [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1}},
             {"remove_counters": {"object": "bear", "kind": "+1/+1", "count": 3}}]
    final = snapshots({"bear": creature(2, 2)}, [*steps, {"expect": {"objects": {"bear": {"counters": {}}}}}])[-1]
    assert final["objects"]["bear"]["counters"] == {}
    assert final["objects"]["bear"]["power"] == 2


# --- 7d: switching (613.4d) --------------------------------------------------------------------------


def test_7d_switch_applies_after_later_7c():
    """The first 613.4d example: +0/+1, switch, then +5/+0 is 4/6."""
    steps = [{"modify_pt": {"to": "bear", "toughness": 1}}, {"switch_pt": {"to": "bear"}},
             {"modify_pt": {"to": "bear", "power": 5}}]
    assert observe({"bear": creature(1, 3)}, steps, "bear") == (4, 6)


@pytest.mark.parametrize("switches,expected", [(1, (3, 1)), (2, (1, 3)), (3, (3, 1)), (4, (1, 3))])
def test_7d_switches_apply_one_after_another(switches, expected):
    steps = [{"switch_pt": {"to": "bear"}}] * switches
    assert observe({"bear": creature(1, 3)}, steps, "bear") == expected


def test_counter_put_on_after_a_switch_still_applies_before_it():
    """Since the 2020 CR counters are in 7c, below the switch."""
    steps = [{"switch_pt": {"to": "bear"}}, {"put_counters": {"object": "bear", "kind": "+1/+0", "count": 1}}]
    assert observe({"bear": creature(1, 4)}, steps, "bear") == (4, 2)


def test_sublayer_trace_shows_each_value():
    case = make_case({"bear": creature(1, 3)}, [
        {"set_pt": {"to": "bear", "power": 2, "toughness": 2}},
        {"modify_pt": {"to": "bear", "power": 1}},
        {"switch_pt": {"to": "bear"}},
    ])
    game = Game(case)
    for step in case.steps[:3]:
        game.perform(step)
    pt = power_toughness(game, game.objects["bear"])
    assert pt.sublayers == (("printed", 1, 3), ("7a", 1, 3), ("7b", 2, 2), ("7c", 3, 2), ("7d", 2, 3))


# --- doubling and tripling (701.10, 701.11, 107.1b) ---------------------------------------------------


@pytest.mark.parametrize("value,multiplier,expected", [
    (3, 2, 3), (0, 2, 0), (-2, 2, -2), (3, 3, 6), (-2, 3, -4), (-5, 3, -10),
])
def test_bonus_keeps_the_sign(value, multiplier, expected):
    assert doubling.bonus(value, multiplier) == expected


@pytest.mark.parametrize("kind,which,start,expected", [
    ("double_pt", "power", (3, 3), (6, 3)),
    ("double_pt", "toughness", (3, 3), (3, 6)),
    ("double_pt", "both", (2, 5), (4, 10)),
    ("triple_pt", "power", (2, 3), (6, 3)),
    ("triple_pt", "both", (2, 3), (6, 9)),
])
def test_multiplying_positive_values(kind, which, start, expected):
    steps = [{kind: {"to": "bear", "which": which}}]
    assert observe({"bear": creature(*start)}, steps, "bear") == expected


@pytest.mark.parametrize("kind,expected", [("double_pt", (-4, 8)), ("triple_pt", (-6, 12))])
def test_multiplying_negative_power_goes_further_below_zero(kind, expected):
    # 1/4 with -3/-0 is -2/4: doubling gives -2/+4, tripling -4/+8 (701.10c, 701.11c).
    steps = [{"modify_pt": {"to": "bear", "power": -3}}, {kind: {"to": "bear", "which": "both"}}]
    assert observe({"bear": creature(1, 4)}, steps, "bear") == expected


def test_doubling_a_switched_creature_lands_on_its_toughness():
    # 1/3 switched is 3/1; doubling power gives +3/+0 in 7c, under the switch: 4/3 -> 3/4.
    steps = [{"switch_pt": {"to": "bear"}}, {"double_pt": {"to": "bear", "which": "power"}}]
    assert observe({"bear": creature(1, 3)}, steps, "bear") == (3, 4)


def test_doubling_amount_is_fixed_when_what_it_counted_ends():
    steps = [{"modify_pt": {"id": "pump", "to": "bear", "power": 3, "until": "ended"}},
             {"double_pt": {"to": "bear", "which": "power"}}, {"end_effect": "pump"}]
    assert observe({"bear": creature(2, 2)}, steps, "bear") == (7, 2)  # 2 + 5


def test_doubling_each_creature_fixes_its_own_amount():
    steps = [{"double_pt": {"to_each": {"types": ["creature"]}, "which": "power"}}]
    assert observe({"a": creature(1, 1), "b": creature(3, 3)}, steps, "a", "b") == [(2, 1), (6, 3)]


def test_tripling_is_not_doubling_twice_after_a_change():
    # 2/2 tripled: +4/+0 -> 6/2; then +1/+0: 7/2 (the bonus stays +4).
    steps = [{"triple_pt": {"to": "bear", "which": "power"}}, {"modify_pt": {"to": "bear", "power": 1}}]
    assert observe({"bear": creature(2, 2)}, steps, "bear") == (7, 2)


# --- durations (514.2) and the objects an effect affects (611.2c, 613.5, 400.7) -------------------------


def test_end_of_turn_ends_only_until_end_of_turn_effects():
    steps = [{"modify_pt": {"to": "bear", "power": 1}},
             {"modify_pt": {"to": "bear", "toughness": 2, "until": "ended"}},
             {"end_turn": {}}]
    assert observe({"bear": creature(2, 2)}, steps, "bear") == (2, 4)


def test_effect_set_is_locked_but_static_set_is_not():
    objects = {"bear": creature(2, 2), "elf": {**creature(1, 1), "zone": "hand"},
               "anthem": {**ANTHEM_PLUS_ONE, "zone": "hand"}}
    steps = [{"modify_pt": {"to_each": {"types": ["creature"]}, "power": 2}},
             {"move": {"object": "anthem", "to": "battlefield"}},
             {"move": {"object": "elf", "to": "battlefield"}}]
    assert observe(objects, steps, "bear", "elf") == [(5, 3), (2, 2)]


def test_a_new_object_after_a_zone_change_keeps_no_effect_or_counter():
    steps = [{"modify_pt": {"to": "bear", "power": 3, "until": "ended"}},
             {"put_counters": {"object": "bear", "kind": "+1/+1", "count": 2}},
             {"move": {"object": "bear", "to": "exile"}},
             {"move": {"object": "bear", "to": "battlefield"}},
             {"expect": {"objects": {"bear": {"counters": {}}}}}]
    final = snapshots({"bear": creature(2, 2)}, steps)[-1]["objects"]["bear"]
    assert (final["power"], final["toughness"], final["counters"], final["controller"]) == (2, 2, {}, "Alex")


def test_off_the_battlefield_a_card_shows_printed_values_and_no_controller():
    steps = [{"move": {"object": "bear", "to": "graveyard"}}, {"expect": {"objects": {"bear": {"zone": "graveyard"}}}}]
    final = snapshots({"bear": creature(2, 3)}, steps)[-1]["objects"]["bear"]
    assert (final["power"], final["toughness"], final["controller"]) == (2, 3, None)


def test_noncreature_permanent_has_no_power_or_toughness():
    """208.3: a noncreature permanent has none, even with values printed (a Vehicle)."""
    vehicle = {"card": {"types": ["artifact"], "subtypes": ["Vehicle"], "power": 3, "toughness": 3}}
    steps = [{"modify_pt": {"to": "vehicle", "power": 1}}]
    assert observe({"vehicle": vehicle}, steps, "vehicle") == (None, None)


# --- state-based actions (704.3, 704.5f, 704.5q) -------------------------------------------------------


def test_704_5f_toughness_zero_goes_to_the_graveyard():
    steps = [{"switch_pt": {"to": "wall"}}, {"expect": {"objects": {"wall": {"zone": "graveyard"}}}}]
    final = snapshots({"wall": creature(0, 3)}, steps)[-1]["objects"]["wall"]
    assert final["zone"] == "graveyard"
    assert (final["power"], final["toughness"]) == (0, 3)


def test_704_3_no_check_inside_one_event():
    together = {"together": [{"modify_pt": {"to": "bear", "toughness": -3}},
                             {"modify_pt": {"to": "bear", "toughness": 3}}]}
    assert observe({"bear": creature(2, 2)}, [together], "bear") == (2, 2)


def test_704_3_checks_repeat_until_none_applies():
    """The lord dies (toughness 0); then its +0/+1 is gone and the 0/0 dies on the next check."""
    lord = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [
        {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "other": True}, "toughness": 1}}]}}
    steps = [{"modify_pt": {"to": "lord", "toughness": -1}},
             {"expect": {"objects": {"lord": {"zone": "graveyard"}, "shade": {"zone": "graveyard"}}}}]
    final = snapshots({"lord": lord, "shade": creature(0, 0)}, steps)[-1]["objects"]
    assert (final["lord"]["zone"], final["shade"]["zone"]) == ("graveyard", "graveyard")


@pytest.mark.parametrize("plus,minus,left", [(2, 3, {"-1/-1": 1}), (3, 1, {"+1/+1": 2}), (2, 2, {})])
def test_704_5q_counters_annihilate_in_pairs(plus, minus, left):
    steps = [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": plus}},
             {"put_counters": {"object": "bear", "kind": "-1/-1", "count": minus}},
             {"expect": {"objects": {"bear": {"counters": left}}}}]
    final = snapshots({"bear": creature(3, 3)}, steps)[-1]["objects"]["bear"]
    assert final["counters"] == left
    assert final["power"] == 3 + plus - minus


def test_704_5q_applies_only_to_plus_one_and_minus_one_counters():
    steps = [{"put_counters": {"object": "bear", "kind": "+1/+0", "count": 1}},
             {"put_counters": {"object": "bear", "kind": "-1/-1", "count": 1}},
             {"expect": {"objects": {"bear": {"counters": {}}}}}]
    final = snapshots({"bear": creature(3, 3)}, steps)[-1]["objects"]["bear"]
    assert final["counters"] == {"+1/+0": 1, "-1/-1": 1}


def test_engine_describes_every_feature_and_its_observables():
    description = ReferenceEngine().describe()
    from conformance.format.features import FEATURES

    assert set(description["features"]) == set(FEATURES)
    assert {"zone", "controller", "power", "toughness", "counters", "damage"} <= set(description["observables"]["objects"])
    assert set(description["observables"]["players"]) == {"life", "mana", "counters", "lost"}
