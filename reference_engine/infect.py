"""Infect and wither: damage dealt as counters (CR 120.3b, 120.3d, 702.80, 702.90).

- 702.90b, 120.3b damage dealt to a player by a source with infect gives that player that many
          poison counters instead of making them lose life; ten or more poison counters lose the
          game (704.5c, state_based_actions.py);
- 702.80a, 702.90c, 120.3d damage dealt to a creature by a source with wither or infect puts
          that many -1/-1 counters on it instead of being marked (so 704.5g never counts it; 704.5f
          may, through the counters; 704.5q annihilates them with +1/+1 counters);
- 120.3c damage dealt to a planeswalker still removes loyalty counters, infect or not (a
          planeswalker creature gets both results, 120.3);
- 120.3, 702.15b the damage is still dealt: lifelink gains that much life, deathtouch
          destroys (702.2b), doubling it doubles the counters (701.10g);
- 702.90d, 702.90e the source's last known information if it left the battlefield, in any zone;
- 702.90f, 702.80d several instances are redundant.

The source's abilities are read as it deals the damage (613.1f: one that lost infect deals
ordinary damage). Toxic and poisonous are not modelled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from reference_engine import counter_replacement, layers

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState

INFECT, WITHER = "infect", "wither"
POISON, MINUS = "poison", "-1/-1"


def counters_instead(infect: bool, wither: bool, *, to_player: bool) -> str | None:
    """The kind of counter the damage gives instead of its usual result, if any: poison counters
    for a player dealt damage by a source with infect (120.3b), -1/-1 counters for a creature dealt
    damage by a source with wither or infect (120.3d)."""
    if to_player:
        return POISON if infect else None
    return MINUS if infect or wither else None


def poison(game: GameState, player: str, amount: int) -> None:
    """120.3b: that many poison counters (122.1)."""
    counter_replacement.refuse_counters_on_a_player(game, player)
    game.player_states[player].counters[POISON] += amount


def shrink(game: GameState, obj: GameObject, amount: int) -> None:
    """120.3d: that many -1/-1 counters on the creature, with a timestamp (613.7c); abilities
    waiting for counters to be put trigger (603.2). Whether a counter replacement (Doubling Season,
    614.1a) modifies counters that damage puts is not modelled: such a case is refused."""
    if not game.can_have_counters(obj, MINUS):
        return  # 122.1, 614.17: the damage is dealt, the counters can't be put
    if counter_replacement.any_counter_replacement(game):
        raise Unsupported("-1/-1 counters from infect or wither damage (120.3d) beside a counter replacement "
                          "effect (614.1a) are not modelled by the reference engine")
    game.put_counters_on(obj, MINUS, amount)
    layers.invalidate(game)
