"""Casting a spell, X and cast triggers (issue 41; CR 601.2, 107.3a, 601.2i): the loader's one-line
errors, what the reference engine refuses rather than judge, and the features a case needs."""

from __future__ import annotations

import json

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from conformance.format.features import derive_features
from reference_engine import ReferenceEngine
from tests.scenarios import make_case

BLAZE = {"card": {"types": ["sorcery"], "mana_cost": "{X}{R}", "abilities": [{"spell": {"damage": {"amount": "X"}}}]},
         "zone": "hand"}
BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}


def run(objects, steps, **extra):
    return ReferenceEngine().run(make_case(objects, steps, rules=("601.2",), **extra).to_dict())


def _document(objects, step):
    case = {"id": "601.2/bad", "rules": ["601.2"], "source": {"rule": "601.2"}, "summary": "a case with a bad cast step",
            "players": ["Alex", "Blair"], "objects": objects,
            "steps": [step, {"expect": {"players": {"Alex": {"life": 20}}}}]}
    return json.dumps({"format": 1, "cr": "2025-09-19", "cases": [case]})


@pytest.mark.parametrize("objects,step,message", [
    ({"blaze": BLAZE}, {"cast": {"object": "blaze", "target": "Blair"}}, "give x"),
    ({"blaze": BLAZE}, {"cast": {"object": "blaze", "x": 2, "target": "Blair", "pay": {"R": 2}}},
     "cast/pay: {'R': 2} does not pay the total cost {X}{R} with X=2"),
    ({"blaze": BLAZE}, {"cast": {"object": "blaze", "x": 1}}, "give its target"),
    ({"blaze": BLAZE}, {"cast": {"object": "blaze", "x": 1, "target": "Casey"}}, "undeclared object or player 'Casey'"),
    ({"bear": {**BEAR, "zone": "hand"}}, {"cast": {"object": "bear"}}, "has no mana cost"),
    ({"bear": {"card": {**BEAR["card"], "mana_cost": "{1}"}, "zone": "hand"}}, {"cast": {"object": "bear", "x": 1}},
     "cast/x: bear's mana cost has no {X}"),
    ({"elf": {"card": {"types": ["creature"], "mana_cost": "{G/W}", "power": 1, "toughness": 1}, "zone": "hand"}},
     {"cast": {"object": "elf"}}, "hybrid, Phyrexian or snow"),
    ({"land": {"card": {"types": ["land"]}, "zone": "hand"}}, {"cast": {"object": "land"}}, "a land is played"),
    ({"bolt": {"card": {"types": ["instant"], "mana_cost": "{R}"}, "zone": "hand"}}, {"cast": {"object": "bolt"}},
     "no spell ability"),
    ({"bear": {"card": {**BEAR["card"], "abilities": [{"spell": {"gain_life": {"amount": 1}}}]}}},
     {"gain_life": {"player": "Alex", "amount": 1}}, "abilities/0/spell: a spell ability is what an instant or sorcery"),
    ({"wall": {"card": {**BEAR["card"], "abilities": [{"triggered": {
        "name": "t", "when": "Whenever you cast this spell", "event": {"cast": {"itself": True}},
        "effect": {"gain_life": {"amount": 1}}}}]}}}, {"gain_life": {"player": "Alex", "amount": 1}},
     "event/cast/itself"),
    ({"wall": {"card": {**BEAR["card"], "abilities": [{"triggered": {
        "name": "t", "when": "Whenever you cast a spell", "event": {"cast": {"zone": "graveyard"}},
        "effect": {"gain_life": {"amount": 1}}}}]}}}, {"gain_life": {"player": "Alex", "amount": 1}},
     "event/cast/zone: a spell being cast is on the stack"),
    ({"blaze": BLAZE}, {"cast": {"object": "blaze", "x": -1, "target": "Blair"}}, "cast/x"),
    ({"blaze": BLAZE}, {"cast": {"object": "blaze", "x": 1, "target": "Blair", "order": ["nobody.t"]}},
     "cast/order/0: 'nobody.t' names no object of the case (CR 603.3b)"),
])
def test_the_loader_names_the_file_case_and_field_in_one_line(objects, step, message):
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(_document(objects, step), "bad.yaml")
    (line,) = map(str, excinfo.value.errors)
    assert line.startswith("bad.yaml:") and "case 601.2/bad" in line and message in line and "\n" not in line


def test_a_payment_the_case_does_not_choose_is_refused():
    """601.2h: two red and one green pay {1}{R} two ways (leaving R or G): the case must say which."""
    steps = [{"cast": {"object": "blaze", "x": 1, "target": "Blair"}}, {"expect": {"players": {"Alex": {}}}}]
    with pytest.raises(Unsupported, match="give pay"):
        run({"blaze": BLAZE}, steps, player_states={"Alex": {"mana": {"R": 2, "G": 1}}})
    steps[0]["cast"]["pay"] = {"R": 1, "G": 1}
    assert run({"blaze": BLAZE}, steps, player_states={"Alex": {"mana": {"R": 2, "G": 1}}})[-1]["players"]["Alex"][
        "mana"] == {"R": 1}


def test_a_card_not_in_its_owners_hand_is_not_cast():
    """601.3: the format casts from the hand only; from a graveyard nothing happens."""
    snapshot = run({"blaze": {**BLAZE, "zone": "graveyard"}},
                   [{"cast": {"object": "blaze", "x": 1, "target": "Blair"}},
                    {"expect": {"players": {"Alex": {}, "Blair": {}}}}], player_states={"Alex": {"mana": {"R": 2}}})[-1]
    assert snapshot["players"]["Alex"]["mana"] == {"R": 2} and snapshot["players"]["Blair"]["life"] == 20


def test_features_of_casting():
    wall = {"card": {**BEAR["card"], "abilities": [{"triggered": {
        "name": "t", "when": "Whenever you cast a spell", "event": {"cast": {"controller": "you"}},
        "effect": {"gain_life": {"amount": 1}}}}]}}
    case = make_case({"blaze": BLAZE, "wall": wall}, [{"cast": {"object": "blaze", "x": 1, "target": "Blair"}}],
                     player_states={"Alex": {"mana": {"R": 2}}})
    assert {"casting", "cast-x", "cast-triggers", "mana", "damage", "event-triggers"} <= derive_features(case)
    cub = {"card": {"types": ["creature"], "mana_cost": "{G}", "power": 1, "toughness": 1}, "zone": "hand"}
    plain = derive_features(make_case({"cub": cub}, [{"cast": {"object": "cub"}}]))
    assert "casting" in plain and "cast-x" not in plain and "cast-triggers" not in plain


def test_cast_scenarios_refuse_what_they_cannot_draw():
    from hypothesis.errors import InvalidArgument

    import strategies as mtg

    with pytest.raises(InvalidArgument, match="casting"):
        mtg.cast_scenarios(features=["damage"])
    with pytest.raises(InvalidArgument, match="max_casts"):
        mtg.cast_scenarios(max_casts=0)


def test_cast_scenarios_are_valid_cases_the_reference_engine_runs():
    """Each generated case passes the loader as a case file would, and runs: the payments named, the
    orders exactly the cast triggers that fire (never refused, never an order error)."""
    from hypothesis import HealthCheck, given, settings

    import strategies as mtg

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(mtg.cast_scenarios())
    def check(case):
        plain = case.to_dict()
        document = {"format": 1, "cr": "2025-09-19",
                    "cases": [{k: v for k, v in plain.items() if k not in ("cr", "features")}]}
        loader.load_text(json.dumps(document), "generated.yaml")
        ReferenceEngine().run(plain)

    check()


@pytest.mark.parametrize("mutant", ["cast-paid-from-the-first-players-pool", "x-read-as-zero-on-resolution",
                                    "cast-trigger-resolves-after-the-spell"])
def test_the_property_catches_each_casting_mutant_and_shrinks_it_small_under_ci(mutant):
    """Issue 7's size (at most 2 objects and 4 action steps), as tests/test_shrinking.py asks of others."""
    from conformance.engines.interface import describe
    from conformance.laws import profiles
    from conformance.laws.catalogue import PROPERTIES
    from conformance.laws.runner import run_property
    from tests.mutants import MUTANTS

    engine = next(m for m in MUTANTS if m.name == mutant).engine()
    prop = next(p for p in PROPERTIES if p.id == "601.2/casting-agrees-with-reference")
    run = run_property(prop, engine, describe(engine), profile=profiles.get("ci"))
    assert run.status == "failed", f"the property no longer catches {mutant} under ci"
    shrunk = run.cases[-1]
    assert len(shrunk.objects) <= 2 and sum(1 for s in shrunk.steps if s.KEY != "expect") <= 4, shrunk.to_dict()


def test_a_payment_for_a_cost_that_effects_changed_is_refused():
    """601.2f: the loader checks ``pay`` against the printed cost; a card in hand made a copy of another
    (707.2) has that one's cost as it is cast, so the payment no longer fits: refused, never judged."""
    shock = {"card": {"types": ["instant"], "mana_cost": "{R}", "abilities": [{"spell": {"damage": {"amount": 2}}}]},
             "zone": "graveyard"}
    steps = [{"become_copy": {"to_each": {"zone": "hand", "types": ["sorcery"]}, "of": "shock"}},
             {"cast": {"object": "blaze", "x": 1, "target": "Blair", "pay": {"R": 2}}}]
    with pytest.raises(Unsupported, match="601.2f"):
        run({"blaze": BLAZE, "shock": shock}, steps, player_states={"Alex": {"mana": {"R": 2}}})

    # the other way: a card in hand made a copy of one with {X} has an X to announce, which the step does not give
    cub = {"card": {"types": ["sorcery"], "mana_cost": "{R}", "abilities": [{"spell": {"gain_life": {"amount": 1}}}]},
           "zone": "hand"}
    steps = [{"become_copy": {"to_each": {"zone": "hand", "owner": "Blair"}, "of": "blaze"}},
             {"cast": {"object": "cub"}}]
    with pytest.raises(Unsupported, match="601.2b"):
        run({"blaze": {**BLAZE, "zone": "graveyard"}, "cub": {**cub, "owner": "Blair"}}, steps,
            player_states={"Blair": {"mana": {"R": 2}}})
