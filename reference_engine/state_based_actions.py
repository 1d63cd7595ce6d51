"""State-based actions covered so far (CR 704).

They are checked whenever a player would receive priority, which in a scenario is after every
step (704.3). All that apply are performed at once, then they are checked again, until none
applies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reference_engine.game import Game

PLUS, MINUS = "+1/+1", "-1/-1"


def check(game: Game) -> None:
    """Perform state-based actions until none applies (CR 704.3)."""
    while True:
        permanents = [o for o in game.objects.values() if o.zone == "battlefield"]
        # 704.5f: a creature with toughness 0 or less goes to its owner's graveyard.
        dying = [
            o for o in permanents
            if "creature" in o.card.types and (game.power_toughness(o).toughness or 0) <= 0
        ]
        # 704.5q: +1/+1 and -1/-1 counters on one permanent are removed in pairs.
        annihilating = [o for o in permanents if o.counters[PLUS] and o.counters[MINUS]]
        if not dying and not annihilating:
            return
        for obj in annihilating:
            pairs = min(obj.counters[PLUS], obj.counters[MINUS])
            obj.counters[PLUS] -= pairs
            obj.counters[MINUS] -= pairs
        for obj in dying:
            game.move(obj, "graveyard")
