"""Shrinking: generated scenarios shrink to small counterexamples (issue 7: under the ci profile,
every mutant's shrunk counterexample has at most 2 objects and 4 action steps).

Hypothesis's shrinker deletes only a few consecutive choices at a time, but readily sets a whole
part of an example to its simplest choices; the strategies are laid out for that
(docs/strategies.md, "Valid by construction, and shrinking well"). These tests check the outcome.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, find, settings

import strategies as mtg
from conformance.format import model as scenario
from conformance.laws import profiles
from conformance.engines.interface import describe
from conformance.laws.catalogue import PROPERTIES
from conformance.laws.runner import run_property
from conformance.pytest_properties import differential_property
from tests.mutants import MUTANTS

FIND = settings(max_examples=1000, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
MAX_OBJECTS, MAX_STEPS = 2, 4


def _actions(case):
    for step in case.steps:
        yield from (step.parts if isinstance(step, scenario.Together) else (step,))


def _size(case) -> tuple[int, int]:
    """Objects and action steps, as the kill matrix counts them (a together step counts as one)."""
    return len(case.objects), sum(1 for s in case.steps if s.KEY != "expect")


def test_objects_that_do_not_matter_are_removed_with_their_steps():
    """A step on a big creature is all that matters: the other objects go, wherever they were."""
    def switches_a_big_creature(case):
        big = {o.id for o in case.objects if isinstance(o.card.power, int) and o.card.power >= 4}
        return any(isinstance(s, scenario.SwitchPT) and s.to in big for s in _actions(case))
    found = find(mtg.scenarios(min_objects=3), switches_a_big_creature, settings=FIND)
    assert _size(found) == (3, 1)  # min_objects=3: two plain creatures are all that remain beside it
    found = find(mtg.scenarios(), switches_a_big_creature, settings=FIND)
    assert _size(found) == (1, 1)


def test_both_kinds_of_counters_on_one_permanent_shrink_to_one_object():
    def both_kinds(case):
        put = {}
        for s in _actions(case):
            if isinstance(s, scenario.PutCounters):
                put.setdefault(s.object, set()).add(s.kind)
        return any({"+1/+1", "-1/-1"} <= kinds for kinds in put.values())
    found = find(mtg.scenarios(), both_kinds, settings=FIND)
    assert _size(found) == (1, 2)


def test_a_doubling_after_a_negative_value_can_shrink_to_the_value_alone():
    """The action a doubling sets up with is nested in it, drawn as it would be on its own: a
    scenario that needs only the negative value keeps no doubling."""
    def negative_power(case):
        return any(isinstance(s, scenario.ModifyPT) and s.power < 0 for s in _actions(case))
    found = find(mtg.scenarios(features=["layer-7c", "double-pt"]), negative_power, settings=FIND)
    assert [type(s) for s in _actions(found) if s.KEY != "expect"] == [scenario.ModifyPT]


def test_damage_equal_to_toughness_shrinks_to_one_creature_and_one_step():
    def exactly_lethal(case):
        toughness = {o.id: o.card.toughness for o in case.objects if "creature" in o.card.types}
        return any(isinstance(s, scenario.Damage) and s.to in toughness and s.amount == toughness[s.to] > 1
                   for s in _actions(case))
    found = find(mtg.damage_scenarios(), exactly_lethal, settings=FIND)
    assert _size(found) == (1, 1)


def test_two_doublers_and_their_source_shrink_to_two_objects():
    """A damage event two doublers may apply to (614.5, 616.1: both in its order) needs two
    objects, not three: a doubler can be the static ability of a creature already there, the
    source included."""
    def two_doublers_on_one_event(case):
        doublers = {o.id for o in case.objects if any(isinstance(a, scenario.DoubleDamage) for a in o.card.abilities)}
        return any(isinstance(s, scenario.Damage) and s.amount > 0
                   and any(len(doublers & set(refs)) >= 2 for refs in s.order.values()) for s in _actions(case))
    found = find(mtg.damage_scenarios(), two_doublers_on_one_event, settings=FIND)
    assert _size(found) == (2, 1)


@pytest.mark.parametrize("mutant,prop", [
    ("no-counter-annihilation", "704.5f/state-based-invariants"),
    ("lethal-damage-must-exceed", "120.3/damage-agrees-with-reference"),
    ("replacement-applies-again", "510.2/combat-agrees-with-reference"),  # the damage differential, before the modifiers
    ("doubling-recomputed-continuously", "613/agrees-with-reference"),
    ("doubling-recomputed-continuously", "701.10b/doubling-switched-power-lands-on-toughness"),
    ("doubling-recomputed-continuously", "701.10b/multiplied-amount-is-fixed"),
])
def test_issue_7_mutants_shrink_to_small_counterexamples_under_ci(mutant, prop):
    engine = next(m for m in MUTANTS if m.name == mutant).engine()
    chosen = next(p for p in (differential_property(), *PROPERTIES) if p.id == prop)
    run = run_property(chosen, engine, describe(engine), profile=profiles.get("ci"))
    assert run.status == "failed", f"{prop} no longer catches {mutant} under ci"
    objects, steps = _size(run.cases[-1])
    assert objects <= MAX_OBJECTS and steps <= MAX_STEPS, (objects, steps, run.cases[-1].to_dict()["steps"])
