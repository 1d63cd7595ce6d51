"""The differential property on emblems (CR 114) and the "if it's a planeswalker" copy exception
(707.9f), issue 41: on scenarios from :mod:`strategies._internal.emblems`, the engine reports what
the reference engine reports, every object (emblems in the command zone included) and player.
Drawn by this property only, so no other property's examples change (the entry is the last of
:data:`conformance.laws.catalogue.PROPERTIES`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hypothesis import assume, event

from conformance.laws.property import agrees_with_reference
from strategies._internal import emblems as emblem_strategies

if TYPE_CHECKING:
    from conformance.laws.property import Subject

RULES = ("114.1", "114.2", "114.4", "114.5", "613.7a", "707.9f")
"""The rules the property checks."""


def emblems_agree_with_reference(subject: Subject, data: Any, features: frozenset[str]) -> None:
    """On generated scenarios with emblems and planeswalker copy exceptions, the engine reports what
    the reference engine reports, for every object and player value both report."""
    case = data.draw(emblem_strategies.emblem_scenarios(features=frozenset(features)), label="scenario")
    assume(case.features <= features)  # a safety net: each step is drawn within the features
    for feature in sorted(case.features & emblem_strategies.EMBLEM_FEATURES):
        event(f"feature {feature}")
    agrees_with_reference(subject, case)


def usable(features: frozenset[str]) -> bool:
    """The property means something for an engine with emblems, or with the planeswalker copy
    exception and what its token copies need."""
    return emblem_strategies.usable(features)
