"""The differential property on arithmetic in expressions (issue 41, item 4; CR 107.1, 107.1a,
107.1b, 608.2h, 604.3): on generated scenarios (:func:`strategies._internal.arithmetic.arithmetic_scenarios`)
the engine reports what the reference engine reports."""

from __future__ import annotations

from hypothesis import event

from conformance.laws.property import Subject, agrees_with_reference
from strategies._internal.arithmetic import arithmetic_scenarios, usable  # noqa: F401 - usable: the catalogue's

NEEDS = frozenset({"expression-arithmetic", "layer-7b"})
"""The fewest features that let the property run (one feature of arithmetic and one place of it:
:func:`usable`)."""


def arithmetic_agrees_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """On generated scenarios about the greatest value among objects, halves rounded up or down,
    twice, negation and differences, in a resolving effect, a characteristic-defining ability or a
    static ability, the engine reports what the reference engine reports."""
    case = data.draw(arithmetic_scenarios(features=features, checkpoints="sparse"), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    agrees_with_reference(subject, case)
