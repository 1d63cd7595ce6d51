"""Damage dealt at once as one event (CR 603.2c, 119.10, 510.2): what triggers, and how often.

A ``together`` step is one event (the format's word), and so is a combat damage step (510.2: all
its combat damage is dealt at once). Within one such event:

- 603.2c an ability triggers once each time its trigger event occurs: a permanent dealt damage by
         several sources at once was dealt damage once, so "whenever this is dealt damage"
         triggers once, its "that much" the total it was dealt (the Boros Reckoner ruling,
         2013-01-24);
- 119.10 "whenever [a player] gains life" means "whenever a source causes [a player] to gain
         life": each source with lifelink that dealt damage is its own life-gain event (one
         trigger each), one source dealing damage to several recipients one event (702.15b: it
         gains the total), and each event is doubled by life-gain replacements (614.1a).

Outside such an event, each damage step is its own event and these happen at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from reference_engine import life, log, triggers

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState

_OPEN = triggers.SIMULTANEOUS_EVENT


@contextmanager
def event(game: GameState) -> Iterator[None]:
    """One event made of several damage actions (a ``together``, a combat damage step): what it
    caused is gathered and triggers once it is over (603.2c, 119.10). Nested, the outer one counts."""
    if _OPEN in game.__dict__:
        yield
        return
    damaged: dict[tuple[str, int], list] = {}
    gains: dict[tuple[str, str], int] = {}
    game.__dict__[_OPEN] = (damaged, gains, set())  # the third: players who lost life (triggers.life_changed)
    try:
        yield
    finally:
        del game.__dict__[_OPEN]
    for (source, player), amount in gains.items():  # 119.10, 702.15b: one life-gain event per source
        with log.context(game, lifelink=source):
            life.gain(game, player, amount)
    for ref, (obj, amount) in damaged.items():  # 603.2c: one damage event per permanent dealt damage
        if obj.ref == ref and obj.zone == "battlefield":
            triggers.dealt_damage(game, obj, amount)
        elif triggers.listeners(game, "dealt_damage"):
            raise Unsupported(f"{obj.id} was dealt damage and left the battlefield in the same event: whether its "
                              "\"is dealt damage\" abilities trigger would need the game as it was (CR 603.2c, "
                              "603.10), not modelled")


def dealt_damage(game: GameState, obj: GameObject, amount: int) -> None:
    """``obj`` was dealt ``amount`` damage: its "is dealt damage" abilities trigger now, or once
    the event it is part of is over, for the total (603.2c)."""
    batch = game.__dict__.get(_OPEN)
    if batch is None:
        triggers.dealt_damage(game, obj, amount)
    elif amount > 0:
        entry = batch[0].setdefault(obj.ref, [obj, 0])
        entry[1] += amount


def lifelink_gain(game: GameState, source: str, player: str, amount: int) -> None:
    """``source``'s lifelink makes ``player`` gain ``amount`` life (702.15b, 120.3f): now, or, in
    an event of several damage actions, once it is over, one life-gain event per source (119.10)."""
    batch = game.__dict__.get(_OPEN)
    if batch is None:
        with log.context(game, lifelink=source):
            life.gain(game, player, amount)
    elif amount > 0:
        batch[1][(source, player)] = batch[1].get((source, player), 0) + amount
