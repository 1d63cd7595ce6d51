"""The limited range of influence option (CR 801).

- 801.2   a player's range of influence is how many seats away they can affect; players within
          that many seats are within their range;
- 801.2b  a player is always within their own range;
- 801.2d  an object is within a player's range if its controller is;
- 801.10  spells and abilities can't affect objects or players outside their controller's range:
          those parts of their effects do nothing (so a spell dealing damage to each player deals
          none to players outside its controller's range);
- 801.13a a replacement effect that would make a spell or ability affect an object or player
          outside its controller's range does nothing for that portion of the event;
- 801.13b a prevention effect reaches only sources, recipients, or both (when it names neither)
          inside its controller's range (see :mod:`reference_engine.prevention`).

Seats are the order of the case's players, around a round table; the ranges are fixed for the
whole case (801.2c fixes them as each turn begins, and a case is one turn). Without the option,
every player and object is within everyone's range.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reference_engine.game import Game
    from reference_engine.objects import GameObject


def seat_distance(players: tuple[str, ...], a: str, b: str) -> int:
    """How many seats apart ``a`` and ``b`` sit, the shorter way around the table (801.2)."""
    gap = abs(players.index(a) - players.index(b))
    return min(gap, len(players) - gap)


def player_in_range(game: Game, player: str, other: str) -> bool:
    """Whether ``other`` is within ``player``'s range of influence (801.2, 801.2b)."""
    ranges = game.case.range_of_influence
    if ranges is None or player == other:
        return True
    return seat_distance(game.players, player, other) <= ranges[player]


def controller_of(obj: GameObject) -> str:
    """The player an object counts as belonging to for ranges: its controller, or its owner
    where it has none (801.2d)."""
    return obj.controller or obj.owner


def in_range(game: Game, player: str, recipient: str) -> bool:
    """Whether a player or object (by name or id) is within ``player``'s range (801.2, 801.2d)."""
    if recipient in game.objects:
        return player_in_range(game, player, controller_of(game.objects[recipient]))
    return player_in_range(game, player, recipient)
