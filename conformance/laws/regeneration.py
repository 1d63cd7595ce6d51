"""The differential property of destruction and regeneration, drawing and an activated ability of
a copy dealing damage (issue 40; CR 701.8a, 701.19a, 614.4, 121.1, 704.5b, 707.11): on scenarios of
:mod:`strategies._internal.regeneration`, the engine reports what the reference engine reports.
Drawn by this property only, so no other property's examples change (the entry is the last of
:data:`conformance.laws.catalogue.PROPERTIES`)."""

from __future__ import annotations

from typing import Any

from hypothesis import event

from conformance.laws.property import Subject, agrees_with_reference
from strategies._internal import regeneration as regeneration_strategies

RULES = ("701.19", "701.8a", "701.19a", "614.4", "704.5g", "121.1", "121.2", "704.5b", "707.5", "707.11")
"""The rules the property checks."""


def regeneration_agrees_with_reference(subject: Subject, data: Any, features: frozenset[str]) -> None:
    """On generated scenarios with regeneration shields, destroy steps, lethal damage, draws by
    enters abilities (of copies too) and a copy of Olivia biting, the engine reports what the
    reference engine reports, for every object and player value both report."""
    case = data.draw(regeneration_strategies.regeneration_scenarios(features=frozenset(features)), label="scenario")
    for feature in sorted(case.features & regeneration_strategies.FEATURES):
        event(f"feature {feature}")
    agrees_with_reference(subject, case)


def usable(features: frozenset[str]) -> bool:
    """An engine with one of the features of issue 40 and what a step of it needs."""
    return regeneration_strategies.usable(features)
