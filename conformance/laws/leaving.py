"""The differential property on a player leaving a multiplayer game (CR 800.4a, 104.3a) and the
ranges of influence afterwards (801.2c), issue 40: on scenarios from
:mod:`strategies._internal.leaving`, the engine reports what the reference engine reports, every
object (those that left the game in no zone) and player. Drawn by this property only, so no other
property's examples change (the entry is the last of :data:`conformance.laws.catalogue.PROPERTIES`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hypothesis import assume, event

from conformance.laws.property import agrees_with_reference
from strategies._internal import leaving as leaving_strategies

if TYPE_CHECKING:
    from conformance.laws.property import Subject

RULES = ("800.4a", "104.3a", "801.2c", "613.1b", "111.2")
"""The rules the property checks."""

NEEDS = frozenset({"leaving-the-game"})
"""The features the property needs."""


def leaving_agrees_with_reference(subject: Subject, data: Any, features: frozenset[str]) -> None:
    """On generated scenarios where players leave the game, the engine reports what the reference
    engine reports, for every object and player value both report."""
    case = data.draw(leaving_strategies.leaving_scenarios(features=frozenset(features)), label="scenario")
    assume(case.features <= features)  # a safety net: each step is drawn within the features
    for feature in sorted(case.features & {"control-changing", "token-creation", "range-of-influence",
                                           "turn-beginnings"}):
        event(f"feature {feature}")
    agrees_with_reference(subject, case)


def usable(features: frozenset[str]) -> bool:
    """The property means something for an engine where players can leave the game."""
    return leaving_strategies.usable(features)
