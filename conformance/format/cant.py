"""Abilities saying that something can't happen, and life floors (issue 41): "can't gain life"
(CR 119.7), "can't lose life" (119.8), "can't have counters put on it" (122.1), each a "can't"
effect (614.17: not a replacement effect, but no other replacement or prevention effect can modify
an event that can't happen, 614.17c), and "damage that would reduce your life total to less than 1
reduces it to 1 instead" (Worship's effect, a replacement effect on damage's life loss: 614.1a,
120.3a). "You can't lose the game" (104.3b) is :class:`conformance.format.abilities.CantLose`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.frozen import frozen

RELATIONS = ("you", "opponent", "each")
"""Whom a "can't" ability about players names, relative to its controller."""


@frozen
class _PlayersCant:
    """A "can't" ability about the players ``player`` names, relative to its controller."""

    player: str = "you"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        return cls(**data)


@frozen
class CantGainLife(_PlayersCant):
    """"[You | Your opponents | Players] can't gain life" (Sulfuric Vortex, Erebos): a gain of such
    a player does nothing (119.7), so no life-gain replacement applies to it (614.17c) and no
    ability triggers on it."""

    KEY: ClassVar[str] = "cant_gain_life"


@frozen
class CantLoseLife(_PlayersCant):
    """"[You | Your opponents | Players] can't lose life": a loss of such a player does nothing
    (119.8), so no life-loss replacement applies to it (614.17c) and no ability triggers on it;
    damage to them is still dealt (120.3a, lifelink gains it, 702.15b)."""

    KEY: ClassVar[str] = "cant_lose_life"


@frozen
class LifeFloor:
    """"Damage that would reduce your life total to less than 1 reduces it to 1 instead" (Worship,
    Angel's Grace): a replacement effect (614.1a) on the life its controller would lose to damage
    (120.3a); a loss not from damage is not changed."""

    KEY: ClassVar[str] = "life_floor"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LifeFloor:
        return cls()


@frozen
class CantHaveCounters:
    """"This permanent can't have [``kind``] counters put on it" (Tatterkite; Melira's -1/-1 kind):
    putting them does nothing (122.1, 614.17), so no counter replacement applies (614.17c), and it
    enters with none of them (614.17d)."""

    KEY: ClassVar[str] = "cant_have_counters"
    kind: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CantHaveCounters:
        return cls(**data)

    def forbids(self, kind: str) -> bool:
        """Whether counters of ``kind`` can't be put on its permanent."""
        return self.kind is None or self.kind == kind


CANT_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (CantGainLife, CantLoseLife, LifeFloor, CantHaveCounters)}
"""The abilities of this module, by key."""
