"""Players as a case starts: life total (CR 119.1), counters (122.1), mana pool (106.4), and the
limited range of influence of each (801.2, 801.13)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any

from conformance.format.frozen import frozen
from conformance.format.values import frozen_counts


STARTING_LIFE = 20
"""A player's life total as a case starts, unless ``player_states`` says otherwise (CR 119.1)."""


@frozen
class PlayerSpec:
    """A player as the case starts: life total (CR 119.1), counters (122.1), mana pool (106.4)."""

    name: str
    life: int = STARTING_LIFE
    counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    mana: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_dict(cls, name: str, data: Mapping[str, Any]) -> PlayerSpec:
        return cls(name=name, life=data.get("life", STARTING_LIFE),
                   counters=frozen_counts(data.get("counters")), mana=frozen_counts(data.get("mana")))


def ranges_from(data: int | Mapping[str, int] | None, players: tuple[str, ...]) -> Mapping[str, int] | None:
    """Each player's range of influence (CR 801.2): one number for everyone, or one each;
    ``None`` when the limited range of influence option is not used."""
    if data is None:
        return None
    return MappingProxyType({p: data for p in players} if isinstance(data, int) else dict(data))
