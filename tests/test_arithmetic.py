"""Arithmetic in expressions (issue 41, item 4; CR 107.1, 107.1a, 107.1b, 608.2h): the loader's
one-line errors, what the reference engine refuses rather than judge, the features a case needs,
and the plain form."""

from __future__ import annotations

import pytest
import yaml

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from conformance.format import model as s
from conformance.format.features import derive_features
from reference_engine import ReferenceEngine
from reference_engine.arithmetic import Arithmetic
from tests.scenarios import make_case

CREATURES_YOU_CONTROL = {"types": ["creature"], "controller": "you"}
RAT = {"card": {"types": ["creature"], "power": 1, "toughness": 1}, "owner": "Blair"}
OGRE = {"card": {"types": ["creature"], "power": 5, "toughness": 3}}


def run(objects, steps, **extra):
    return ReferenceEngine().run(make_case(objects, steps, rules=("107.1b",), **extra).to_dict())


def _document(objects, steps) -> str:
    return yaml.safe_dump({"format": 1, "cr": "2025-09-19", "cases": [{
        "id": "107.1/bad", "rules": ["107.1"], "source": {"rule": "107.1"}, "summary": "a case with a bad expression",
        "players": ["Alex", "Blair"], "objects": objects,
        "steps": [*steps, {"expect": {"objects": {next(iter(objects)): {}}}}]}]}, sort_keys=False)


def _one_line(objects, steps) -> str:
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(_document(objects, steps), "bad.yaml")
    (line,) = map(str, excinfo.value.errors)
    assert line.startswith("bad.yaml:") and "case 107.1/bad" in line and "\n" not in line
    return line


@pytest.mark.parametrize("ability", [
    {"cda_pt": {"power": {"greatest_power": CREATURES_YOU_CONTROL}}},
    {"static_pt": {"effect": "modify_pt", "affects": CREATURES_YOU_CONTROL,
                   "power": {"twice": {"greatest_toughness": CREATURES_YOU_CONTROL}}}},
    {"static": {"affects": CREATURES_YOU_CONTROL, "becomes": {"power": {"sum": [1, {"greatest_power": {}}]}}}},
])
def test_the_greatest_power_or_toughness_in_a_continuous_effect_is_refused_in_one_line(ability):
    """608.2h: read as an effect resolves; a characteristic-defining or static ability would read
    the layer 7 values it helps determine (613.4)."""
    objects = {"ogre": {"card": {"types": ["creature"], "power": 0, "toughness": 1, "abilities": [ability]}}}
    line = _one_line(objects, [])
    assert "greatest_" in line and "608.2h" in line


def test_the_greatest_mana_value_may_be_continuous_and_the_greatest_power_may_resolve():
    cda = {"cda_pt": {"power": {"greatest_mana_value": {"types": ["artifact"]}}}}
    make_case({"golem": {"card": {"types": ["artifact", "creature"], "power": 0, "toughness": 1, "abilities": [cda]}}}, [])
    make_case({"ogre": OGRE, "rat": RAT}, [{"become": {"to": "rat", "power": {"greatest_power": CREATURES_YOU_CONTROL}}}])


@pytest.mark.parametrize("power,field", [
    ({"half": 3}, "power"),  # no rounding given: 107.1a says the card says which way
    ({"half": 3, "round": "nearest"}, "round"),
    ({"difference": [1, 2, 3]}, "difference"),
    ({"twice": 1, "negative": 1}, "power"),
    ({"greatest_power": {}, "greatest_toughness": {}}, "power"),
    ({"greatest_power": {"controller": "Carol"}}, "greatest_power"),
])
def test_a_bad_expression_is_one_line_naming_the_field(power, field):
    line = _one_line({"ogre": OGRE, "rat": RAT}, [{"become": {"to": "rat", "power": power}}])
    assert field in line


def test_x_inside_arithmetic_is_still_only_an_activated_abilitys():
    line = _one_line({"ogre": OGRE, "rat": RAT}, [{"become": {"to": "rat", "power": {"half": "X", "round": "up"}}}])
    assert "107.3" in line


def test_half_of_a_negative_odd_number_is_refused():
    """107.1a: which way -2.5 rounds "down" (-3, or -2 toward zero) is not settled."""
    half = Arithmetic.half
    assert (half(-4, "up"), half(-4, "down"), half(7, "up"), half(7, "down"), half(0, "up")) == (-2, -2, 4, 3, 0)
    with pytest.raises(Unsupported, match="107.1a"):
        Arithmetic.half(-5, "down")
    steps = [{"become": {"to": "rat", "power": {"half": {"negative": 5}, "round": "down"}}}]
    with pytest.raises(Unsupported, match="107.1a"):
        run({"rat": RAT}, steps)


def test_the_greatest_power_in_an_effect_that_also_changes_types_is_refused():
    """Whether it reads the powers before or after the same effect's layer 1-6 part is not settled."""
    steps = [{"become": {"to": "rat", "add_types": ["artifact"], "power": {"greatest_power": CREATURES_YOU_CONTROL}}}]
    with pytest.raises(Unsupported, match="608.2h"):
        run({"ogre": OGRE, "rat": RAT}, steps)


def test_a_locked_set_reads_every_power_before_any_changes():
    """608.2h, 611.2c: "each creature becomes X/X, X the greatest power among creatures": X is
    read once, for all, before the first of them is set."""
    steps = [{"become": {"to_each": {"types": ["creature"]}, "power": {"twice": {"greatest_power": {"types": ["creature"]}}},
                         "toughness": 9}},
             {"expect": {"objects": {"ogre": {}, "rat": {}}}}]
    after = run({"ogre": OGRE, "rat": RAT}, steps)[-1]["objects"]
    assert (after["ogre"]["power"], after["rat"]["power"]) == (10, 10)


def test_a_calculated_modification_below_zero_is_zero_but_a_written_one_is_not():
    """107.1b: "+X/+X" with X negative gives +0/+0; "-2/-0" written as it is stays -2."""
    assert Arithmetic.modification(-3, calculated=True, negated=False) == 0
    assert Arithmetic.modification(-3, calculated=False, negated=False) == -3
    assert Arithmetic.modification(4, calculated=True, negated=True) == -4
    assert Arithmetic.modification(-4, calculated=True, negated=True) == 0


def test_features_follow_the_expressions():
    become = {"become": {"to": "rat", "power": {"difference": [{"half": {"greatest_power": {}}, "round": "up"}, 1]}}}
    features = derive_features(make_case({"ogre": OGRE, "rat": RAT}, [become]))
    assert {"greatest-among", "half-rounded", "expression-arithmetic"} <= features
    plain = make_case({"ogre": OGRE, "rat": RAT}, [{"become": {"to": "rat", "power": {"twice": 2}}}])
    assert "expression-arithmetic" in derive_features(plain) and "half-rounded" not in derive_features(plain)


def test_the_plain_form_round_trips():
    expressions = [{"greatest_power": CREATURES_YOU_CONTROL}, {"greatest_toughness": {}},
                   {"greatest_mana_value": {"zone": "graveyard"}}, {"half": {"count": {}}, "round": "down"},
                   {"twice": {"negative": 3}}, {"difference": [{"life": "you"}, 2]}]
    for expr in expressions:
        model = s.expression_from(expr)
        assert s.expression_from(s.plain_value(model)) == model
        assert s.plain_value(model, compact=True).keys() == expr.keys()


def test_an_undeclared_player_in_a_filter_of_an_abilitys_become_is_one_line():
    ability = {"activated": {"name": "grow", "cost": "{1}", "effect": {"become": {
        "power": {"greatest_mana_value": {"controller": "Carol"}}, "until": "end_of_turn"}}}}
    line = _one_line({"relic": {"card": {"types": ["artifact", "creature"], "power": 1, "toughness": 1,
                                         "abilities": [ability]}}}, [])
    assert "greatest_mana_value" in line and "Carol" in line


@pytest.mark.parametrize("adapter", ["mtg_conformance_phase", "mtg_conformance_python_mtg"])
def test_no_adapter_declares_the_arithmetic_it_does_not_realise(adapter):
    """An adapter is never judged on a capability it has not declared: cases needing these are
    unsupported on it (adapters/phase/README.md says so)."""
    module = pytest.importorskip(adapter)
    assert not {"greatest-among", "half-rounded", "expression-arithmetic"} & set(module.FEATURES)


@pytest.mark.parametrize("mutant", ["half-always-rounded-down", "greatest-among-printed", "difference-never-negative",
                                    "negative-modification-kept"])
def test_the_property_catches_each_arithmetic_mutant_and_shrinks_it_small(mutant):
    """Under ci, 107.1/arithmetic-agrees-with-reference fails on each mutant of tests/arithmetic_mutants.py,
    its counterexample shrunk to at most 2 objects and 4 action steps (tests/test_shrinking.py's bound)."""
    from conformance.engines.interface import describe
    from conformance.laws import profiles
    from conformance.laws.catalogue import PROPERTIES
    from conformance.laws.runner import run_property
    from tests.mutants import MUTANTS

    engine = next(m for m in MUTANTS if m.name == mutant).engine()
    (prop,) = [p for p in PROPERTIES if p.id == "107.1/arithmetic-agrees-with-reference"]
    run = run_property(prop, engine, describe(engine), profile=profiles.get("ci"))
    assert run.status == "failed", f"the property no longer catches {mutant} under ci"
    case = run.cases[-1]
    assert len(case.objects) <= 2 and sum(1 for step in case.steps if step.KEY != "expect") <= 4, case.to_dict()


def test_the_strategy_checks_its_arguments_and_reads_as_its_call():
    from hypothesis.errors import InvalidArgument

    import strategies as mtg

    assert repr(mtg.arithmetic_scenarios()) == "arithmetic_scenarios()"
    assert repr(mtg.arithmetic_scenarios(max_steps=2)) == "arithmetic_scenarios(max_steps=2)"
    with pytest.raises(InvalidArgument, match="allow no arithmetic scenario"):
        mtg.arithmetic_scenarios(features=["layer-7b"])
    with pytest.raises(InvalidArgument, match="checkpoints"):
        mtg.arithmetic_scenarios(checkpoints="all")
