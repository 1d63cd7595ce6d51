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

Seats are the order of the case's players, around a round table. The players within each range
are determined as each turn begins (801.2c): a player who leaves the game keeps their seat for
ranges until a ``begin_turn`` step (see :mod:`reference_engine.leaving`). Without the option,
every player and object is within everyone's range.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from reference_engine import layers
from reference_engine.filters import matches

if TYPE_CHECKING:
    from conformance.format.model import Filter
    from reference_engine.characteristics import Characteristics
    from reference_engine.state import GameState
    from reference_engine.objects import GameObject


def seat_distance(players: tuple[str, ...], a: str, b: str) -> int:
    """How many seats apart ``a`` and ``b`` sit, the shorter way around the table (801.2)."""
    gap = abs(players.index(a) - players.index(b))
    return min(gap, len(players) - gap)


def player_in_range(game: GameState, player: str, other: str) -> bool:
    """Whether ``other`` is within ``player``'s range of influence (801.2, 801.2b)."""
    ranges = game.case.range_of_influence
    if ranges is None or player == other:
        return True
    return seat_distance(game.seats, player, other) <= ranges[player]  # seats as the turn began (801.2c)


# --- objects as they are now -----------------------------------------------------------------------
# Damage, replacement and prevention effects look at objects as they are when the event happens:
# their characteristics after the layer system (613.1), a copy having what it copies (707.2), a
# permanent that stopped being a creature not being one, control as layer 2 makes it (613.1b).


def current(game: GameState, obj: GameObject) -> Characteristics:
    """``obj``'s characteristics now, after layers 1-6 (613.1); a spell on the stack has the
    controller it was cast by (CR 112.1)."""
    return layers.characteristics(game, obj)


def as_source(game: GameState, obj: GameObject) -> Characteristics:
    """``obj`` as the source of damage it deals now: a permanent or a spell as it is now (613.1);
    a permanent that has left the battlefield (and not moved again) as it last existed there, its
    last known information (113.7a, 608.2h), controller included. A card that has no such past
    deals no damage in this format: the reference engine refuses the case (Unsupported)."""
    if obj.zone in ("battlefield", "stack"):
        return current(game, obj)
    known = game.last_known.get(obj.id)
    if known is not None and known[0] == obj.incarnation:
        return known[1]
    raise Unsupported(f"{obj.id} deals damage from the {obj.zone} without having just left the battlefield: a source "
                      "of damage is a permanent, a spell, or a permanent that left the battlefield, as it last existed "
                      "there (CR 113.7a); damage from a card in another zone is not modelled")


def source_controller(game: GameState, obj: GameObject) -> str:
    """The controller of a source of damage as it deals it (:func:`as_source`), or its owner."""
    return as_source(game, obj).controller or obj.owner


def source_matches(game: GameState, f: Filter, obj: GameObject, *, you: str, source: GameObject | None = None) -> bool:
    """Whether a source of damage matches ``f`` as it deals the damage (:func:`as_source`);
    ``source`` is the object whose ability ``f`` belongs to."""
    chosen = game.peek_status(source).chosen_player if source is not None else None
    return matches(f, obj, you=you, source=source, chars=as_source(game, obj), chosen=chosen)


def controller_of(game: GameState, obj: GameObject) -> str:
    """The player an object counts as belonging to, for ranges (801.2d) and for "you" in its
    abilities (109.5): its controller now (after layer 2, 613.1b), or its owner where it has none."""
    return current(game, obj).controller or obj.owner


def matches_now(game: GameState, f: Filter, obj: GameObject, *, you: str, source: GameObject | None = None) -> bool:
    """Whether ``obj`` matches ``f`` on its current characteristics (types after layer 4, colours
    after layer 5, controller after layer 2: 613.1), not on its printed card."""
    chosen = game.peek_status(source).chosen_player if source is not None else None
    return matches(f, obj, you=you, source=source, chars=current(game, obj), chosen=chosen)


def abilities_now(game: GameState, obj: GameObject, kind: type) -> list[Any]:
    """The abilities of ``kind`` ``obj`` has now, after layer 6 (613.1f): a copy has its original's
    (707.2a), a face-down permanent has none (708.2a), an ability lost is gone."""
    return current(game, obj).values.has_ability(kind)


def in_range(game: GameState, player: str, recipient: str) -> bool:
    """Whether a player or object (by name or id) is within ``player``'s range (801.2, 801.2d)."""
    if recipient in game.objects:
        return player_in_range(game, player, controller_of(game, game.objects[recipient]))
    return player_in_range(game, player, recipient)
