"""Players: their seats, life totals, counters and mana pools, and losing the game.

- 119.1  each player starts with a life total (20 unless the case says otherwise);
- 119.3  an effect that makes a player gain or lose life adjusts their life total;
- 122.1  counters can be put on players (poison, energy, ...), and removed;
- 106.4  mana a player adds goes into their mana pool, by type; 500.4 it empties as a step ends;
- 704.5a a player with 0 or less life loses the game, 704.5c so does a player with ten or more
         poison counters (state-based actions, 104.3b, 104.3d); a player who "can't lose the
         game" does not (614.17: a "can't" effect), so their life total can stay at 0 or below.

A player who loses the game this way keeps their seat and stays in the game; only a ``leave_game``
step makes a player leave it (104.3a, 800.4a: :mod:`reference_engine.leaving`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from conformance.format import model as s
from reference_engine.objects import counters_of
from reference_engine.range_of_influence import abilities_now, controller_of

if TYPE_CHECKING:
    from reference_engine.state import GameState

POISON = "poison"
LETHAL_POISON = 10  # 704.5c


@dataclass
class Player:
    """A player in their seat (``seat``: their place in the order of ``players``)."""

    name: str
    seat: int
    life: int = s.STARTING_LIFE
    counters: Counter[str] = field(default_factory=Counter)
    mana: Counter[str] = field(default_factory=Counter)
    lost: bool = False

    def gain_life(self, amount: int) -> None:
        """119.3: the life total goes up by ``amount``."""
        self.life += amount

    def lose_life(self, amount: int) -> None:
        """119.3: the life total goes down by ``amount``; it may go below 0 (107.1b)."""
        self.life -= amount

    def add_mana(self, mana: dict[str, int] | Any) -> None:
        """106.4: the mana goes into the player's mana pool."""
        for kind, amount in mana.items():
            self.mana[kind] += amount

    def observe(self) -> dict[str, Any]:
        """The player's observable values: life, mana pool, counters, whether they have lost."""
        return {
            "life": self.life,
            "mana": {kind: self.mana[kind] for kind in s.MANA_TYPES if self.mana.get(kind, 0) > 0} if self.mana else {},
            "counters": {kind: n for kind, n in sorted(self.counters.items()) if n > 0} if self.counters else {},
            "lost": self.lost,
        }


def seat(case: s.Case) -> dict[str, Player]:
    """Every player of ``case`` in their seat, as the case starts (119.1, 122.1, 106.4)."""
    return {
        spec.name: Player(spec.name, index, spec.life, counters_of(spec.counters), counters_of(spec.mana))
        for index, spec in enumerate(case.player_states)
    }


def can_lose(game: GameState, player: Player) -> bool:
    """Whether ``player`` can lose the game: not while they control a permanent with a "You can't
    lose the game" ability (614.17), control and abilities as the layers make them now (613.1b,
    613.1f)."""
    return not any(
        obj.zone == "battlefield" and controller_of(game, obj) == player.name
        and abilities_now(game, obj, s.CantLose)
        for obj in game.objects.values()
    )


def losers(game: GameState) -> list[Player]:
    """Players who lose the game as a state-based action now: 0 or less life (704.5a), ten or more
    poison counters (704.5c), unless they can't lose the game."""
    return [
        p for p in game.player_states.values()
        if not p.lost and (p.life <= 0 or p.counters.get(POISON, 0) >= LETHAL_POISON) and can_lose(game, p)
    ]


def empty_mana_pools(game: GameState) -> None:
    """500.4: when a step ends, unused mana empties from every mana pool."""
    for player in game.player_states.values():
        player.mana.clear()
