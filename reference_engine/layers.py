"""Interaction of continuous effects (CR 613), as a checklist.

An object's characteristics start from the object itself (613.1): the printed values of a card,
or, for a token, those the effect that created it defines. Then continuous effects apply in layers:

- layer 1 (613.1a, 613.2): 1a copy effects and "as enters" choices of power and toughness, in
  timestamp order (:mod:`reference_engine.copy`); 1b face-down status
  (:mod:`reference_engine.face_down`). The result is the object's copiable values (613.2c);
- layer 2 (613.1b) control; layer 3 (613.1c) text: no text-changing effect exists in this format;
  layer 4 (613.1d) types; layer 5 (613.1e) colours; layer 6 (613.1f) abilities. Within each,
  characteristic-defining abilities apply first (613.3), then the other effects in timestamp order
  (613.7), unless one depends on another (613.8): it then waits until those have applied;
- an effect that applies in several layers applies in each to the set of objects it started with
  (613.6): a resolved effect's set is locked as it is created (611.2c); a static ability's set is
  determined anew whenever the characteristics are (613.5), in the first layer where it applies,
  and once started it goes on in its later layers, 7b included, even if its source loses the
  ability meanwhile (613.6); one lost before it started to apply generates nothing (604.2);
- layer 7 (613.1g, 613.4), power and toughness, in sublayers 7a-7d: :func:`power_toughness`.

:func:`board` computes layers 1-6 for every object at once, since what an effect applies to
depends on the other objects' characteristics at that point, and indexes the layer 7 effects by the
objects they affect (:class:`LayerSeven`). It is computed once per state of the game: the game
marks every step and state-based action check (:func:`invalidate`), and the board is computed anew
when the state it was computed from changed (:func:`_fingerprint`).

This module is the layer system's entry points and their cache (:func:`board`,
:func:`characteristics`, :func:`power_toughness`, :func:`invalidate`); the layers themselves live in
:mod:`reference_engine.layers_1_to_6` (layers 1-6, the :class:`Board`) and
:mod:`reference_engine.layer_7` (layer 7 and its sublayers, the layer 7 effects of static abilities,
:class:`LayerSeven`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from conformance.format.model import CdaColors, Keyword, Static, StaticCopy
from reference_engine.characteristics import Characteristics, Values
from reference_engine.layer_7 import _LIFE, LayerSeven, PowerToughness, _layer_seven, _static_pt
from reference_engine.layer_7 import printed_value  # noqa: F401 - layers.printed_value, as before the split
from reference_engine.layers_1_to_6 import Board, _compute_layers
from reference_engine.objects import GameObject, PTEffect, controller_in_zone

if TYPE_CHECKING:
    from reference_engine.state import GameState


def board(game: GameState) -> Board:
    """Layers 1-6 for every object (computed once per state of the game, :func:`_layers`)."""
    return _layers(game).board


def characteristics(game: GameState, obj: GameObject) -> Characteristics:
    """``obj``'s characteristics after layers 1-6."""
    return board(game).chars[obj.id]


def invalidate(game: GameState) -> None:
    """Mark the game as possibly changed (after a step, a state-based action check, a change of
    status): the next :func:`board` compares the game's state with the one its board came from."""
    cache = game.__dict__.get("_layers")
    if cache is not None:
        cache.clock = None


def forget(game: GameState) -> None:
    """Drop the cached layers: the next :func:`board` computes every layer anew (to measure it)."""
    game.__dict__.pop("_layers", None)


@dataclass
class _Cache:
    """The layers of a game: the board (layers 1-6) and the state it was computed from
    (:func:`_fingerprint`), the layer 7 index and the layer 7 effects it was built from, and what
    tells cheaply that the game has not changed since they were last compared with the game."""

    board: Board
    fingerprint: tuple[Any, ...]
    layer_7: LayerSeven
    layer_7_effects: tuple[PTEffect, ...]
    clock: int | None = None
    effects: list[Any] | None = None  # the game's list itself: replacing it is a change
    sizes: tuple[int, int] = (0, 0)
    # Power and toughness read since the game was last verified unchanged, by object: read again in
    # the same state, they are not checked again (power_toughness).
    now: dict[str, PowerToughness] = field(default_factory=dict)
    lives: tuple[int, ...] | None = None  # the life totals in this state, once read

    def verified(self, game: GameState) -> None:
        self.clock, self.effects, self.sizes = game.clock, game.effects, (len(game.effects), len(game.objects))
        self.now, self.lives = {}, None


def _layers(game: GameState) -> _Cache:
    """The layers of ``game``, up to date. Between two marks (:func:`invalidate`), the game is known
    unchanged while its clock, its list of effects and its number of objects are. Otherwise layers
    1-6 are computed anew if what they depend on changed, and the layer 7 index if they or the
    layer 7 effects did."""
    cache: _Cache | None = game.__dict__.get("_layers")
    if (cache is not None and cache.clock == game.clock and cache.effects is game.effects
            and cache.sizes == (len(game.effects), len(game.objects))):
        return cache
    fingerprint, layer_7_effects = _fingerprint(game)
    if cache is None or cache.fingerprint != fingerprint:
        the_board = _compute(game)
        cache = game._layers = _Cache(the_board, fingerprint,  # type: ignore[attr-defined]
                                      LayerSeven.index(game, the_board, layer_7_effects), layer_7_effects)
    elif cache.layer_7_effects != layer_7_effects:
        # Layers 1-6 unchanged: an object's power and toughness stay known while the layer 7
        # effects of resolved spells and abilities on it do (LayerSeven.power_toughness). Effects
        # only created since (the common case: a step creates one) are added to the index, each
        # object's list growing, so that what is folded of the list stays (LayerSeven.folded); a
        # step that ended one builds the index anew.
        before = cache.layer_7_effects
        if len(layer_7_effects) > len(before) and layer_7_effects[:len(before)] == before:
            cache.layer_7.extend(layer_7_effects[len(before):], first=len(before) + 1)
        else:
            known = cache.layer_7.power_toughness
            cache.layer_7 = LayerSeven.index(game, cache.board, layer_7_effects)
            cache.layer_7.power_toughness.update(known)
        cache.layer_7_effects = layer_7_effects
    cache.verified(game)
    return cache


def _fingerprint(game: GameState) -> tuple[tuple[Any, ...], tuple[PTEffect, ...]]:
    """What layers 1-6 depend on: the effects of layers 1-6 (themselves, so that a replaced one is a
    change) and each object's zone, incarnation, controller, timestamp, status and what it is attached
    to (301.5a, 303.4b); and apart, the
    layer 7 effects of resolved spells and abilities."""
    effects: list[Any] = []
    layer_7: list[PTEffect] = []
    for effect in game.effects:
        (effects if effect.sublayer is None else layer_7).append(effect)
    objects = []
    statuses = game.__dict__.get("_statuses") or {}  # (Game.peek_status, without a call per object)
    for o in game.objects.values():
        status = statuses.get((o.id, o.incarnation))
        if status is None:  # the default status (entering.Status)
            objects.append((o.id, o.zone, o.incarnation, o.controller, o.timestamp, False, None, None, None,
                            o.attached_to, None, None, False, False))
        else:  # a colour or creature type chosen as it entered, the face up, flipped (issue 40: 614.12, 712.8e, 710.1b)
            objects.append((o.id, o.zone, o.incarnation, o.controller, o.timestamp, status.face_down,
                            status.chosen_player, status.chosen_object, status.static_copy_values, o.attached_to,
                            status.chosen_color, status.chosen_type, status.transformed, status.flipped))
    return (tuple(effects), tuple(objects)), tuple(layer_7)


_LAYERS_1_TO_6 = (Static, StaticCopy, CdaColors)
"""Abilities that act in layers 1-6 as the board is computed: a static ability making objects
become something (613.1b-f), a static copy ability (707.2c, layer 1a), a colour-defining ability
(613.3, layer 5); and changeling (702.73a, layer 4), a keyword."""


def _compute(game: GameState) -> Board:
    """Layers 1-6 for every object: :func:`_printed_board` when they change nothing (no effect of
    layers 1-6 exists and every object is :func:`_as_printed`), :func:`_compute_layers` otherwise."""
    objects = list(game.objects.values())
    if not any(e.sublayer is None for e in game.effects):  # no effect of layers 1-6
        statuses = game.__dict__.get("_statuses") or {}  # (Game.peek_status, without a call per object)
        if all(_as_printed(o, statuses) for o in objects):
            return _printed_board(objects)
    return _compute_layers(game, objects)


def _as_printed(obj: GameObject, statuses: dict[tuple[str, int], Any]) -> bool:
    """Whether layers 1-6 leave ``obj`` as printed when no effect of layers 1-6 exists: a card (a
    token's values come from the copy effect that made it, 613.1), not face down (708.2), with no
    ability that acts in layers 1-6 (:data:`_LAYERS_1_TO_6`, changeling)."""
    if (obj.token and not obj.token_card) or (obj.zone == "battlefield" and (status := statuses.get(obj.ref)) is not None
                                              and (status.face_down or status.transformed or status.flipped)):
        return False  # face down (708.2), back face up (712.8e), flipped (710.1b): issue 40
    if obj.card.flip is not None:  # a flip card: its flip side off the battlefield is not printed (710.2, faces.py)
        return False
    return not any(isinstance(a, _LAYERS_1_TO_6) or (isinstance(a, Keyword) and a.keyword == "changeling")
                   for a in obj.card.abilities)


def _printed_board(objects: list[GameObject]) -> Board:
    """The board when layers 1-6 change nothing (:func:`_as_printed`): each object's printed
    values are its copiable values (613.2c) and its characteristics; a permanent's controller is
    its own (no control-changing effect, 613.1b)."""
    chars, face_up = {}, {}
    for o in objects:
        values = face_up[o.id] = Values.printed(o.card)
        chars[o.id] = Characteristics(values=values, copiable=values, zone=o.zone, owner=o.owner,
                                      controller=controller_in_zone(o),
                                      face_down=False, ref=o.ref)
    return Board(chars, face_up, {}, {})


def power_toughness(game: GameState, obj: GameObject) -> PowerToughness:
    """The power and toughness of ``obj`` now, applying layer 7 (CR 613.4) to its characteristics
    after layers 1-6: the copiable values' power and toughness, a star being 0 unless a
    characteristic-defining ability it still has (after layer 6) gives it. Determined once per
    state: besides the board (layers 1-6, which also decide the static effects on ``obj`` and every
    count of a characteristic-defining ability), they depend only on ``obj``'s counters, the life
    totals and the resolved layer 7 effects on ``obj``. Read again in the same state (nothing marked
    as changed since, :func:`invalidate`), they are not checked again, and the life totals are read
    once per state: every step and every state-based action check ends by marking the game changed."""
    cached = game.__dict__.get("_layers")
    if (cached is not None and cached.clock == game.clock and cached.effects is game.effects
            and cached.sizes == (len(game.effects), len(game.objects))):  # (the check _layers begins with)
        now = cached.now.get(obj.id)
        if now is not None:
            return now
    else:
        cached = _layers(game)
    layer_7 = cached.layer_7
    resolved = layer_7.resolved.get((obj.id, obj.incarnation))  # (obj.ref)
    lives = cached.lives
    if lives is None:
        lives = cached.lives = tuple(map(_LIFE, game.player_states.values()))
    # The list of resolved effects on it only grows while it is the same list (LayerSeven.extend):
    # the list and its length say which effects it holds.
    key = (tuple(obj.counters.items()) if obj.counters else (), lives, resolved, len(resolved) if resolved else 0)
    known = layer_7.power_toughness.get(obj.id)
    if known is None or known[0] != key:
        known = layer_7.power_toughness[obj.id] = (key, _layer_seven(game, cached.board, layer_7, obj))
    cached.now[obj.id] = known[1]
    return known[1]


def applicable_effects(game: GameState, obj: GameObject) -> Iterator[PTEffect]:
    """Layer 7 effects of resolved spells and abilities that affect ``obj``, then those of static
    abilities, one by one."""
    cached = _layers(game)
    yield from cached.layer_7.each_on(game, cached.board, obj)


def static_effects(objects: Iterable[GameObject], *, only: GameObject | None = None,
                   game: GameState | None = None) -> Iterator[PTEffect]:
    """Layer 7 effects generated by static abilities of permanents (CR 604.2), with their
    object's timestamp or that of the effect that granted the ability, whichever is later
    (613.7a). The set of objects each affects is determined anew at every moment (613.5), after
    layers 1-6; a static ability that started to apply in an earlier layer keeps that set, and goes
    on even if its source has lost the ability in layer 6 (613.6).
    Without ``game``, the printed characteristics are used."""
    objects = list(objects)
    candidates = objects if only is None else [only]
    the_board = board(game) if game is not None else None

    def chars_of(o: GameObject) -> Characteristics:
        if the_board is not None:
            return the_board.chars[o.id]
        printed = Values.printed(o.card)
        return Characteristics(printed, printed, o.zone, o.owner, o.controller, False, o.ref)

    everything = objects if game is None else game.objects.values()
    for static in _static_pt(objects, chars_of, the_board.static_sets if the_board is not None else {}, game,
                             started=the_board.started if the_board is not None else None):
        for obj in candidates:
            if static.affects(obj, chars_of(obj)):
                yield static.effect_on(obj, chars_of(obj), everything, the_board, game)
