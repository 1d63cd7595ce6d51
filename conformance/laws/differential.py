"""The differential property: on every generated scenario the engine reports what the reference
engine reports, on the values both observe (every rule the features cover)."""

from __future__ import annotations

from hypothesis import event
from hypothesis import strategies as st

from conformance.engines.interface import Engine
from conformance.format.features import RULES
from conformance.laws.property import Property, Subject, scenario_strategy
from conformance.results.compare import same


def differential(subject: Subject, data, features: frozenset[str], *, reference: Engine, common: frozenset[str]) -> None:
    extras = data.draw(st.booleans(), label="extras")  # half plain: an engine refusing the extras is still checked
    case = data.draw(scenario_strategy(features, checkpoints="sparse", extras=extras), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    theirs = subject.reference_run(reference, case)  # first: an engine under test might change its input
    ours = subject.run(case)
    for number, (got, expected) in enumerate(zip(ours, theirs), 1):
        for oid, values in expected["objects"].items():
            for key in sorted(common & set(values)):
                value = got["objects"].get(oid, {}).get(key, "<not reported>")
                if not same(values[key], value):
                    subject.fail(f"checkpoint {number}: {oid}.{key}: the reference engine says "
                                 f"{values[key]!r}, the engine says {value!r}")


DIFFERENTIAL_ID = "613/agrees-with-reference"

DIFFERENTIAL_RULES = ("613.4", *sorted({rule for rules in RULES.values() for rule in rules}))


def differential_property() -> Property:
    """The differential property on layer-7 scenarios (its check is bound to a reference engine
    and the observables both engines report when it runs: see property_runner)."""
    return Property(DIFFERENTIAL_ID, DIFFERENTIAL_RULES,
                    "On every generated scenario the engine reports what the reference engine reports.",
                    frozenset(), differential)
