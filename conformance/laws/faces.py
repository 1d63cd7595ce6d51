"""The differential property on double-faced cards (CR 712, 701.27, 707.8) and flip cards (710,
707.3), issue 40: on scenarios from :mod:`strategies._internal.faces`, the engine reports what the
reference engine reports, every object. Drawn by this property only, so no other property's
examples change (the entry is the last of :data:`conformance.laws.catalogue.PROPERTIES`)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from hypothesis import event

from conformance.laws.property import agrees_with_reference
from strategies._internal import faces as face_strategies

if TYPE_CHECKING:
    from conformance.laws.property import Subject

RULES = ("712.8a", "712.8d", "712.8e", "701.27a", "712.9", "712.18", "613.7g", "707.8", "707.8a", "710.1b",
         "710.1c", "710.2", "710.4", "707.3")
"""The rules the property checks."""

NEEDS = frozenset({"double-faced-cards"})
"""What the property asks first (flip cards alone will do too: :func:`usable`)."""


def faces_agree_with_reference(subject: Subject, data: Any, features: frozenset[str]) -> None:
    """On generated scenarios with double-faced and flip cards, the engine reports what the
    reference engine reports, for every object value both report."""
    case = data.draw(_scenarios(frozenset(features)), label="scenario")
    for feature in sorted(case.features & face_strategies.FACE_FEATURES):
        event(f"feature {feature}")
    agrees_with_reference(subject, case, ("objects",))


def usable(features: frozenset[str]) -> bool:
    """The property means something for an engine with double-faced cards or flip cards."""
    return face_strategies.usable(features)


@functools.lru_cache(maxsize=16)
def _scenarios(features: frozenset[str]):
    """``face_scenarios(features=features)``, built once per set of features."""
    return face_strategies.face_scenarios(features=features)
