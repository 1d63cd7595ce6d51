"""Game objects, counters and continuous effects: the state the rules act on."""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from conformance.format.frozen import frozen
from conformance.format.model import Card

PT_COUNTER = re.compile(r"^([+-][0-9]+)/([+-][0-9]+)$")


def counter_pt(kind: str) -> tuple[int, int] | None:
    """What a counter of ``kind`` adds to power and toughness, if it is a +X/+Y counter
    (CR 122.1a: +X/+Y counters add X and Y; -X/-Y counters subtract)."""
    match = PT_COUNTER.match(kind)
    return (int(match[1]), int(match[2])) if match else None


def no_counters() -> Counter[Any]:
    """A new empty Counter. Counter's own ``__init__`` (a call of its general-purpose ``update``)
    has nothing to do for an empty one, and objects and players get one each as a case starts."""
    return Counter.__new__(Counter)


def counters_of(counts: Mapping[str, int]) -> Counter[str]:
    """A new Counter holding ``counts`` (a mapping of kind to number), made without Counter's
    general-purpose update."""
    counter: Counter[str] = no_counters()
    if counts:
        dict.update(counter, counts)
    return counter


CONTROLLED_ZONES = ("battlefield", "stack", "command")
"""The zones whose objects have a controller: permanents and spells (CR 108.4, 110.2, 112.1), and
emblems (114.2: controlled by the player who got it)."""


def controller_in_zone(obj: GameObject) -> str | None:
    """``obj``'s controller before any control-changing effect: a permanent's or a spell's, none
    for a card in another zone (CR 108.4a)."""
    return obj.controller if obj.zone in CONTROLLED_ZONES else None


@dataclass
class GameObject:
    """An object in a zone. ``incarnation`` counts zone changes: after one, the object is a new
    object that effects created for the old one no longer affect (CR 400.7)."""

    id: str
    card: Card
    owner: str
    controller: str | None
    zone: str
    timestamp: int
    counters: Counter[str] = field(default_factory=Counter)
    incarnation: int = 0
    token: bool = False  # a token (CR 111.1): its values come from the copy effect that made it (613.1)
    token_card: bool = False  # a token whose characteristics the effect gave (111.4): ``card`` holds them
    # Issue 40: the permanent an Aura or Equipment is attached to, as (id, incarnation) (301.5, 303.4;
    # attachments.py); ``None`` if it never was in this zone, ``attachments.NOTHING`` if unattached.
    attached_to: tuple[str, int] | None = None

    @property
    def ref(self) -> tuple[str, int]:
        """This object as effects refer to it: the id and its incarnation."""
        return (self.id, self.incarnation)

    @property
    def you(self) -> str:
        """The player "you" means in this object's abilities: its controller or, where it has
        none, its owner (CR 109.5)."""
        return self.controller or self.owner


class Sublayer(enum.Enum):
    """The sublayers of layer 7, in the order they apply (CR 613.4)."""

    CDA = "7a"        # 613.4a: characteristic-defining abilities
    SET = "7b"        # 613.4b: set power and/or toughness (or base power and toughness)
    MODIFY = "7c"     # 613.4c: modify power and/or toughness; counters
    SWITCH = "7d"     # 613.4d: switch power and toughness


@frozen
class PTEffect:
    """A continuous effect on power/toughness from a resolved spell or ability (CR 611.2).

    ``affected`` is the set of objects it affects, locked as it is created (611.2c); ``power``
    and ``toughness`` are the values it sets (7b) or adds (7c), fixed at that time, so a
    doubling's amount never changes afterwards (701.10b). ``None`` leaves a value alone.
    """

    sublayer: Sublayer
    affected: frozenset[tuple[str, int]]
    timestamp: int
    until: str
    id: str | None = None
    power: int | None = None
    toughness: int | None = None
    # For the game's log only (log.py), never compared: what made it (a step's kind: set_pt,
    # double_pt, ...; "become", "trigger", "static") and, for a static ability's, its permanent.
    kind: str = field(default="", compare=False)
    source: GameObject | None = field(default=None, compare=False)
