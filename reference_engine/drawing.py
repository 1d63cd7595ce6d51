"""Drawing cards (issue 40, CR 121): a triggered ability's ``draw`` effect.

- 121.1  a player draws a card by putting the top card of their library into their hand: a zone
         change, so a new object (400.7);
- 121.2  cards are drawn one at a time: drawing two is two draws, each of the top card then;
- 401.2  a library's order is not changed: a case gives the place of each card it declares there
         (``library_position``, 1 the top);
- 121.4, 704.5b a player who would draw from an empty library draws nothing, and loses the game
         the next time state-based actions are checked (unless they can't lose, 614.17).

A card put into a library during the case has a place the format does not say: a draw from that library is refused (Unsupported), as is one from a
library with a card declared there without a place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from reference_engine import players

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.players import Player
    from reference_engine.state import GameState


def draw(game: GameState, player: str, count: int) -> None:
    """``player`` draws ``count`` cards, one at a time (121.1, 121.2)."""
    for _ in range(count):
        top = game.top_card(player)
        if top is None:  # 121.4: they lose at the next check (704.5b)
            game.__dict__.setdefault("_drew_from_empty", set()).add(player)
            continue
        game.move(top, "hand")


def top_card(game: GameState, player: str) -> GameObject | None:
    """The top card of ``player``'s library (401.2), ``None`` if it is empty."""
    positions = {spec.id: spec.library_position for spec in game.case.objects}
    library = [obj for obj in game.objects.values() if obj.zone == "library" and obj.owner == player]
    for obj in library:
        if obj.incarnation != 0 or positions.get(obj.id) is None:
            raise Unsupported(f"{player} would draw from a library holding {obj.id}, whose place in it the case does "
                              "not give (a card put there during the case, or declared without library_position): "
                              "which card is on top is not modelled (CR 401.2, 121.1)")
    return min(library, key=lambda obj: positions[obj.id], default=None)


def losers(game: GameState, losing: list[Player]) -> list[Player]:
    """704.5b: players who attempted to draw from an empty library since the last check, and can
    lose the game (614.17), not already among ``losing``."""
    drew = game.__dict__.pop("_drew_from_empty", None)
    if not drew:
        return []
    return [p for name, p in game.player_states.items()
            if name in drew and not p.lost and p not in losing and players.can_lose(game, p)]
