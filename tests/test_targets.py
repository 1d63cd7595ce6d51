"""Targets (issue 40; CR 115, 601.2c, 608.2b, 702.11b, 702.16b, 702.18a, 801.4, 801.5a): the loader's
one-line errors, what the reference engine decides or refuses, and the features a case needs."""

from __future__ import annotations

import json

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from conformance.format.features import derive_features
from reference_engine import ReferenceEngine
from tests.scenarios import loads_and_runs, make_case

SHOCK = {"card": {"types": ["instant"], "colors": ["R"], "mana_cost": "{R}", "abilities": [{"spell": {"damage": {"amount": 2}}}]},
         "zone": "hand"}
BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}
WITCHES = {"card": {"types": ["creature"], "colors": ["B"], "power": 1, "toughness": 1, "abilities": [{"activated": {
    "name": "ping", "cost": "{T}", "effect": {"damage_targets": [{"amount": 1}, {"amount": 1, "chosen_by": "opponent"}]}}}]}}
TABLE = ("Alex", "Dana", "Carissa", "Rob")  # range 1: Alex reaches Dana and Rob, Rob reaches Carissa and Alex


def run(objects, steps, **extra):
    return ReferenceEngine().run(make_case(objects, steps, rules=("115.1",), **extra).to_dict())


def _document(objects, step, players=("Alex", "Blair"), **extra):
    case = {"id": "115/bad", "rules": ["115"], "source": {"rule": "115"}, "summary": "a case with a bad target",
            "players": list(players), "objects": objects, **extra,
            "steps": [step, {"expect": {"players": {"Alex": {"life": 20}}}}]}
    return json.dumps({"format": 1, "cr": "2025-09-19", "cases": [case]})


@pytest.mark.parametrize("objects,step,extra,message", [
    ({"witches": WITCHES}, {"activate": {"object": "witches", "ability": "ping", "targets": ["Blair"], "chooser": "Blair"}},
     {}, "activate/targets: the ability 'ping' deals damage to 2 target(s): give targets"),
    ({"witches": WITCHES}, {"activate": {"object": "witches", "ability": "ping", "targets": ["Blair", "Casey"],
                                         "chooser": "Blair"}}, {}, "activate/targets/1: undeclared player or object 'Casey'"),
    ({"witches": WITCHES}, {"activate": {"object": "witches", "ability": "ping", "targets": ["Blair", "Alex"]}},
     {}, "give chooser, the opponent who chooses it (CR 801.5a)"),
    ({"witches": WITCHES}, {"activate": {"object": "witches", "ability": "ping", "target": "Blair"}},
     {}, "activate/target: the ability 'ping' has 2 target(s): name them as targets"),
    ({"witches": WITCHES}, {"activate": {"object": "witches", "ability": "ping", "targets": ["Rob", "Dana"],
                                         "chooser": "Rob"}}, {"players": TABLE, "range_of_influence": 1},
     "activate/targets/1: Rob chooses this target and Dana is outside Rob's range of influence (CR 801.5a)"),
    ({"shock": SHOCK}, {"cast": {"object": "shock", "target": "Carissa"}}, {"players": TABLE, "range_of_influence": 1},
     "cast/target: Carissa is outside Alex's range of influence, so can't be the target of a spell Alex casts (CR 801.4"),
    ({"bear": {"card": {**BEAR["card"], "abilities": [{"activated": {"name": "grow", "cost": "{1}", "effect": {
        "become": {"power": 3, "until": "end_of_turn"}}}}]}}},
     {"activate": {"object": "bear", "ability": "grow", "targets": ["Blair"]}}, {},
     "activate/targets: the ability 'grow' has no damage_targets effect"),
    ({"bear": {"card": {**BEAR["card"], "abilities": [{"triggered": {"name": "t", "when": "x", "effect": {
        "damage_targets": [{"amount": 1}]}}}]}}}, {"trigger": {"object": "bear", "ability": "t"}}, {},
     "effect/damage_targets: damage_targets is modelled only in an activated ability"),
])
def test_bad_targets_are_one_line_errors_naming_file_case_and_field(objects, step, extra, message):
    with pytest.raises(CaseFileErrors) as raised:
        loader.load_text(_document(objects, step, **extra), "bad.yaml")
    errors = [str(e) for e in raised.value.errors]
    assert any(message in e and e.startswith("bad.yaml:") and "case 115/bad" in e and "\n" not in e for e in errors), errors


def test_a_cast_at_a_hexproof_creature_of_an_opponent_is_undone():
    """702.11b, 601.2e: the card stays in hand and the mana in the pool (the code before issue 40 let
    the spell resolve: the creature died)."""
    warden = {"card": {**BEAR["card"], "abilities": [{"keyword": "hexproof"}]}, "owner": "Blair"}
    snapshot = run({"shock": SHOCK, "warden": warden},
                   [{"cast": {"object": "shock", "target": "warden"}},
                    {"expect": {"objects": {"shock": {}, "warden": {}}, "players": {"Alex": {}}}}],
                   player_states={"Alex": {"mana": {"R": 1}}})[-1]
    assert snapshot["objects"]["shock"]["zone"] == "hand" and snapshot["objects"]["warden"]["zone"] == "battlefield"
    assert snapshot["players"]["Alex"]["mana"] == {"R": 1}


def test_a_target_under_the_limited_range_of_influence_is_judged_not_refused():
    """801.4: a player within the caster's range is a legal target (refused before issue 40)."""
    snapshot = run({"shock": SHOCK}, [{"cast": {"object": "shock", "target": "Rob"}},
                                      {"expect": {"players": {"Rob": {}}}}],
                   players=TABLE, range_of_influence=1, player_states={"Alex": {"mana": {"R": 1}}})[-1]
    assert snapshot["players"]["Rob"]["life"] == 18


def test_a_triggered_ability_aimed_at_a_shroud_creature_is_refused():
    """603.3d: the case names a choice its controller could not make; what they would do instead is
    not in the case: refused, never judged."""
    pinger = {"card": {**BEAR["card"], "abilities": [{"triggered": {
        "name": "ping", "when": "Whenever a creature enters", "event": {"enters": {"types": ["creature"], "other": True}},
        "effect": {"damage": {"amount": 1, "target": "veil"}}}}]}}
    veil = {"card": {**BEAR["card"], "abilities": [{"keyword": "shroud"}]}}
    cub = {**BEAR, "zone": "hand"}
    with pytest.raises(Unsupported, match="702.18a"):
        run({"pinger": pinger, "veil": veil, "cub": cub}, [{"move": {"object": "cub", "to": "battlefield"}}])


def test_a_copy_of_a_target_that_cant_be_targeted_is_refused():
    """707.4's target in any zone: whether shroud stops it is not settled here: refused."""
    mimic = {"card": {**BEAR["card"], "abilities": [{"activated": {"name": "mimic", "cost": "{1}", "effect": {
        "become_copy": {"until": "end_of_turn"}}}}]}}
    veil = {"card": {**BEAR["card"], "abilities": [{"keyword": "shroud"}]}}
    with pytest.raises(Unsupported, match="702.18a"):
        run({"mimic": mimic, "veil": veil}, [{"activate": {"object": "mimic", "ability": "mimic", "target": "veil"}}])


def test_features_of_targets():
    witches = make_case({"witches": WITCHES}, [{"activate": {"object": "witches", "ability": "ping",
                                                             "targets": ["Rob", "Alex"], "chooser": "Rob"}}],
                        players=TABLE, range_of_influence=1)
    assert {"damage-targets", "target-chosen-by-opponent", "targets-range-of-influence", "range-of-influence",
            "activated-abilities", "damage"} <= derive_features(witches)
    knight = {"card": {**BEAR["card"], "abilities": [{"protection": "red"}, {"keyword": "hexproof"}]}}
    cast = make_case({"shock": SHOCK, "knight": knight}, [{"cast": {"object": "shock", "target": "knight"}}])
    assert {"hexproof", "protection-targeting", "protection", "casting"} <= derive_features(cast)
    assert "targets-range-of-influence" not in derive_features(cast)
    sanctum = {"card": {"types": ["enchantment"], "abilities": [{"cant_be_targeted": {"affects": {"itself": True}}}]}}
    shroud = {"card": {**BEAR["card"], "abilities": [{"keyword": "shroud"}]}}
    plain = derive_features(make_case({"sanctum": sanctum, "veil": shroud}, []))
    assert {"cant-be-targeted", "shroud"} <= plain and "protection-targeting" not in plain


def test_no_adapter_declares_a_feature_of_targets():
    """The adapters realise none of targeting's features: cases needing them are unsupported there."""
    from conformance.format.target_features import FEATURES

    # the adapters are plugins beside the core: without them installed, this is skipped
    phase = pytest.importorskip("mtg_conformance_phase.bindings", reason="the phase adapter is not installed").FEATURES
    python_mtg = pytest.importorskip("mtg_conformance_python_mtg",
                                     reason="the python-mtg adapter is not installed").FEATURES
    assert not set(FEATURES) & (set(phase) | set(python_mtg))


def test_target_scenarios_are_valid_cases_the_reference_engine_runs():
    """Each generated case passes the loader as a case file would, and runs, never refused."""
    from hypothesis import HealthCheck, given, settings

    from strategies._internal.targets import target_scenarios

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(target_scenarios())
    def check(case):
        loads_and_runs(case)

    check()


def test_target_scenarios_refuse_what_they_cannot_draw():
    from hypothesis.errors import InvalidArgument

    from strategies._internal.targets import target_scenarios

    with pytest.raises(InvalidArgument, match="damage"):
        target_scenarios(features=["hexproof", "life"])
