"""The differential property of entering tapped, fading and choices made as a permanent enters
(issue 40; CR 614.1c, 614.1d, 614.12, 702.32a, 707.5, 707.6): on scenarios of
:mod:`strategies._internal.entering_choices`, the engine reports what the reference engine reports."""

from __future__ import annotations

from hypothesis import event

from conformance.laws.property import Subject, agrees_with_reference
from strategies._internal.entering_choices import FEATURES, entering_scenarios

NEEDS = frozenset({"zone-changes"})
"""What every scenario needs besides one of this part's features."""


def entering_agrees_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """On generated scenarios of permanents entering tapped by their own or another permanent's
    ability, with fading, and choosing a colour or creature type (copies choosing anew), the engine
    reports what the reference engine reports, for every object value both report."""
    case = data.draw(entering_scenarios(features=features), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    agrees_with_reference(subject, case)


def usable(features: frozenset[str]) -> bool:
    """An engine with zone changes and one of this part's features."""
    return NEEDS <= features and bool(features & FEATURES)
