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
"""

from __future__ import annotations

import functools
import operator
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from conformance.frozen import frozen
from conformance.scenario import CdaColors, CdaPT, Filter, Keyword, Static, StaticCopy, StaticPT
from reference_engine import becomes, face_down
from reference_engine.becomes import ABILITY, COLOR, CONTROL, TEXT, TYPE, ChangeEffect, Working
from reference_engine.characteristics import EMPTY, Characteristics, Values
from reference_engine.copy import LAYER_1A, CopyEffect
from reference_engine.filters import evaluate, matches
from reference_engine.objects import CONTROLLED_ZONES, GameObject, PTEffect, Sublayer, controller_in_zone, counter_pt

if TYPE_CHECKING:
    from reference_engine.state import GameState

STATIC_SUBLAYER = {"set_pt": Sublayer.SET, "modify_pt": Sublayer.MODIFY, "switch_pt": Sublayer.SWITCH}
_counter_pt = functools.lru_cache(maxsize=256)(counter_pt)  # what a kind of counter adds, read once per kind
_LIFE = operator.attrgetter("life")  # a player's life total


# --- layers 1-6 ----------------------------------------------------------------------------------


@frozen
class Board:
    """Every object's characteristics after layers 1-6, by id; ``face_up`` its values after layer
    1a only (what it would be face up, 708.8); ``static_sets`` the set of objects each multi-layer
    static effect started to apply to (613.6), by (source ref, ability); ``started`` those effects."""

    chars: dict[str, Characteristics]
    face_up: dict[str, Values]
    static_sets: dict[tuple[Any, ...], frozenset[tuple[str, int]]]
    # The static effects that started to apply in layers 2-6, by the same key: with their source,
    # ability and timestamp, so that they go on in layer 7 once their source has lost the ability
    # (613.6).
    started: dict[tuple[Any, ...], _StaticEffect]
    # What depends on the board alone, worked out once: the layer 7 effects of static abilities
    # (LayerSeven.statics), each object's 7a values by the life totals they were read with, and
    # its characteristic observables.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)


@frozen
class _StaticEffect:
    """An effect of a static ability of a permanent (604.2), with its object's timestamp (613.7a)."""

    source: GameObject
    ability: Static
    timestamp: int

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.source.ref, id(self.ability))


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
        # effects of resolved spells and abilities on it do (LayerSeven.power_toughness).
        known = cache.layer_7.power_toughness
        cache.layer_7, cache.layer_7_effects = LayerSeven.index(game, cache.board, layer_7_effects), layer_7_effects
        cache.layer_7.power_toughness.update(known)
    cache.verified(game)
    return cache


def _fingerprint(game: GameState) -> tuple[tuple[Any, ...], tuple[PTEffect, ...]]:
    """What layers 1-6 depend on: the effects of layers 1-6 (themselves, so that a replaced one is a
    change) and each object's zone, incarnation, controller, timestamp and status; and apart, the
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
            objects.append((o.id, o.zone, o.incarnation, o.controller, o.timestamp, False, None, None, None))
        else:
            objects.append((o.id, o.zone, o.incarnation, o.controller, o.timestamp, status.face_down,
                            status.chosen_player, status.chosen_object, status.static_copy_values))
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


def _compute_layers(game: GameState, objects: list[GameObject]) -> Board:
    """Layers 1-6 for every object, every effect and ability in its layer (613.1-613.9)."""
    # Layer 1 (613.2): copy effects (1a) then face-down status (1b); static copy effects (707.2c)
    # apply to the objects their filters match among the values the other layer 1 effects give.
    layer_1a = _by_object(e for e in game.effects if getattr(e, "layer", None) == LAYER_1A)
    first = {o.id: layer_one(game, o, layer_1a.get(o.ref, ())) for o in objects}
    statics_1a = _by_object(_static_copy_effects(game, objects, first))
    for obj in objects:
        extra = statics_1a.get(obj.ref)
        if extra:
            first[obj.id] = layer_one(game, obj, [*layer_1a.get(obj.ref, ()), *extra])
    copiable = {oid: values for oid, (_, values) in first.items()}  # 613.2c

    work = {o.id: Working(copiable[o.id], controller_in_zone(o), o.zone == "battlefield")
            for o in objects}
    # Each effect with the layers it applies in: a resolved effect's, then a static ability's.
    effects: list[tuple[Any, set[int]]] = [(e, becomes.layers_of(e.change)) for e in game.effects
                                           if isinstance(e, ChangeEffect)]
    effects += [(_StaticEffect(o, a, o.timestamp), becomes.layers_of(a.becomes)) for o in objects
                if o.zone == "battlefield" and copiable[o.id].abilities for a in copiable[o.id].has_ability(Static)]
    static_sets: dict[tuple[Any, ...], frozenset[tuple[str, int]]] = {}
    statics = {e.key: e for e, _ in effects if isinstance(e, _StaticEffect)}
    for layer in (CONTROL, TEXT, TYPE, COLOR, ABILITY):
        _characteristic_defining(layer, work)  # 613.3
        pending: list[Any] = [e for e, in_layers in effects if layer in in_layers]
        seen = {e.key for e in pending if isinstance(e, _StaticEffect)} if pending else set()
        while pending:
            # 613.8b: an effect that depends on others waits until they have applied; in a
            # dependency loop, timestamp order decides (613.7). 613.8c: re-evaluated each time.
            ready = [e for e in pending if not any(_depends(game, e, other, layer, work, static_sets)
                                                     for other in pending if other is not e)]
            effect = min(ready or pending, key=lambda e: e.timestamp)
            _apply(game, effect, layer, work, static_sets)
            pending.remove(effect)
            if layer == ABILITY:  # a static ability gained in layer 6 applies its layer 6 part too (613.7a)
                granted = _granted_statics(objects, work, seen)
                statics.update((e.key, e) for e in granted)
                pending += granted

    chars = {o.id: _chars(game, o, work[o.id].values, work[o.id].controller, copiable[o.id]) for o in objects}
    return Board(chars, {oid: face_up for oid, (face_up, _) in first.items()}, static_sets,
                 {key: statics[key] for key in static_sets})


def _as_printed(obj: GameObject, statuses: dict[tuple[str, int], Any]) -> bool:
    """Whether layers 1-6 leave ``obj`` as printed when no effect of layers 1-6 exists: a card (a
    token's values come from the copy effect that made it, 613.1), not face down (708.2), with no
    ability that acts in layers 1-6 (:data:`_LAYERS_1_TO_6`, changeling)."""
    if obj.token or (obj.zone == "battlefield" and (status := statuses.get(obj.ref)) is not None and status.face_down):
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


def _by_object(effects: Iterable[Any]) -> dict[tuple[str, int], list[Any]]:
    """``effects`` by the objects they affect, each object's in the order given."""
    found: dict[tuple[str, int], list[Any]] = defaultdict(list)
    for effect in effects:
        for ref in effect.affected:
            found[ref].append(effect)
    return found


def _granted_statics(objects: list[GameObject], work: dict[str, Working], seen: set) -> list[_StaticEffect]:
    """Static abilities with a layer 6 part that an effect has just granted to permanents, timestamped
    with the later of their object's and the granting effect's timestamps (613.7a)."""
    found = []
    for obj in objects:
        if obj.zone != "battlefield":
            continue
        for ability, granted in work[obj.id].values.abilities:
            if isinstance(ability, Static) and granted is not None and ABILITY in becomes.layers_of(ability.becomes):
                effect = _StaticEffect(obj, ability, max(obj.timestamp, granted))
                if effect.key not in seen:
                    seen.add(effect.key)
                    found.append(effect)
    return found


def layer_one(game: GameState, obj: GameObject, effects: Iterable[Any]) -> tuple[Values, Values]:
    """Layer 1 for ``obj``: its values after 1a (what it is face up), and its copiable values (after
    1b, 613.2c). 613.1: a card starts from its printed values; a token from those of the copy effect
    that created it. ``effects`` are the layer 1a effects on ``obj``."""
    values = EMPTY if obj.token else Values.printed(obj.card)
    for effect in sorted(effects, key=lambda e: e.timestamp):  # 613.2a: timestamp order
        values = effect.apply(values, obj.ref)
    return values, face_down.apply(values, obj.zone == "battlefield" and game.peek_status(obj).face_down)  # 613.2b


def _static_copy_effects(game: GameState, objects: list[GameObject], first: dict[str, tuple[Values, Values]]) -> list[CopyEffect]:
    """The copy effects of static abilities (707.2c): their values were fixed as their objects
    entered; they apply to whatever their filters match now (613.5) among the values the other
    layer 1 effects give (``first``), with their objects' timestamps."""
    effects = []
    chars: dict[str, Characteristics] = {}
    for source in objects:
        if source.zone != "battlefield" or not first[source.id][1].abilities:
            continue
        fixed = game.peek_status(source).static_copy_values
        if fixed is None:  # no values fixed as it entered: its static copy abilities copy nothing
            continue
        for ability in first[source.id][1].has_ability(StaticCopy):
            chars = chars or {o.id: _chars(game, o, first[o.id][1], o.controller) for o in objects}
            affected = frozenset(o.ref for o in objects if matches(
                ability.affects, o, you=chars[source.id].controller or source.owner, source=source,
                chars=chars[o.id], chosen=game.peek_status(source).chosen_player))
            effects.append(CopyEffect(affected=affected, timestamp=source.timestamp, copied=fixed))
    return effects


def _chars(game: GameState, obj: GameObject, values: Values, controller: str | None,
           copiable: Values | None = None) -> Characteristics:
    return Characteristics(values=values, copiable=copiable if copiable is not None else values, zone=obj.zone,
                           owner=obj.owner, controller=controller if obj.zone in CONTROLLED_ZONES else None,
                           face_down=obj.zone == "battlefield" and game.peek_status(obj).face_down, ref=obj.ref)


def _characteristic_defining(layer: int, work: dict[str, Working]) -> None:
    """613.3: characteristic-defining abilities apply first in their layer, in every zone (604.3):
    changeling makes the object every creature type (layer 4, 702.73a); a colour-defining ability
    sets its colours (layer 5)."""
    if layer not in (TYPE, COLOR):
        return
    for w in work.values():
        if not w.values.abilities:
            continue
        if layer == TYPE and w.values.has_keyword("changeling"):
            w.values = w.values.with_(every_creature_type=True)
        elif layer == COLOR:
            for ability in w.values.has_ability(CdaColors):
                w.values = w.values.with_(colors=ability.colors)


def _affected(game: GameState, effect: Any, work: dict[str, Working], static_sets: dict) -> frozenset[tuple[str, int]]:
    """What ``effect`` applies to: a resolved effect's locked set (611.2c); a static effect's set as
    it first applied (613.6), or as its filter matches now (613.5)."""
    if isinstance(effect, ChangeEffect):
        return effect.affected
    if effect.key in static_sets:
        return static_sets[effect.key]
    source = effect.source
    you = work[source.id].controller or source.owner
    return frozenset(o.ref for o in game.objects.values() if matches(
        effect.ability.affects, o, you=you, source=source, chosen=game.peek_status(source).chosen_player,
        chars=_working_chars(game, o, work[o.id])))


def _exists(effect: Any, work: dict[str, Working], static_sets: dict) -> bool:
    """A static effect exists while its object has the ability (604.2); one that has started to
    apply goes on in its later layers even if the ability is removed meanwhile (613.6)."""
    if isinstance(effect, ChangeEffect) or effect.key in static_sets:
        return True
    return effect.ability in work[effect.source.id].values.ability_list


def _apply(game: GameState, effect: Any, layer: int, work: dict[str, Working], static_sets: dict) -> None:
    if not _exists(effect, work, static_sets):
        return
    affected = _affected(game, effect, work, static_sets)
    if isinstance(effect, ChangeEffect):
        change, controller = effect.change, effect.controller
    else:
        static_sets.setdefault(effect.key, affected)
        change, controller = effect.ability.becomes, work[effect.source.id].controller or effect.source.owner
    for oid, incarnation in affected:
        obj = game.objects.get(oid)
        if obj is not None and obj.incarnation == incarnation:
            becomes.apply(layer, change, work[oid], controller=controller, timestamp=effect.timestamp)


def _depends(game: GameState, effect: Any, other: Any, layer: int, work: dict[str, Working], static_sets: dict) -> bool:
    """613.8a: ``effect`` depends on ``other`` (both in this layer, neither from a characteristic-
    defining ability) if applying ``other`` would change whether ``effect`` exists or what it
    applies to. A resolved effect's set is locked, so it depends on nothing; neither does a static
    effect that started in an earlier layer (613.6)."""
    if isinstance(effect, ChangeEffect) or effect.key in static_sets:
        return False
    before = (_exists(effect, work, static_sets), _affected(game, effect, work, static_sets))
    trial = {oid: w.copy() for oid, w in work.items()}
    _apply(game, other, layer, trial, dict(static_sets))
    after = (_exists(effect, trial, static_sets), _affected(game, effect, trial, static_sets))
    return before != after


def _working_chars(game: GameState, obj: GameObject, w: Working) -> Characteristics:
    return _chars(game, obj, w.values, w.controller)


# --- layer 7: power and toughness -----------------------------------------------------------------


@frozen
class PowerToughness:
    """An object's power and toughness, and the values after each sublayer (for diagnosis).

    ``power``/``toughness`` are ``None`` when the object has none (CR 208.3).
    """

    power: int | None
    toughness: int | None
    sublayers: tuple[tuple[str, int, int], ...] = ()


NONE = PowerToughness(None, None)


def has_power_toughness(chars: Characteristics) -> bool:
    """A creature on the battlefield has power and toughness; a noncreature permanent has none
    even with values printed; an object elsewhere has them only if printed or defined by a
    characteristic-defining ability (CR 208.3, 604.3)."""
    values = chars.values
    if chars.zone == "battlefield":
        return "creature" in values.types
    return values.power is not None or values.toughness is not None or bool(values.has_ability(CdaPT))


def printed_value(value: int | str | None) -> int:
    """A printed power or toughness as a number: a star counts as 0 (CR 208.2a, 208.5), so
    ``"1+*"`` is 1 and ``"*"`` is 0 until a characteristic-defining ability says otherwise. Off the
    battlefield a card whose P/T is chosen as it enters is 0/0 this way (208.2b)."""
    if value is None:
        return 0
    if isinstance(value, str):
        return int(value.split("+")[0]) if "+" in value else 0
    return value


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
    key = (tuple(obj.counters.items()) if obj.counters else (), lives, tuple(resolved) if resolved else ())
    known = layer_7.power_toughness.get(obj.id)
    if known is None or known[0] != key:
        known = layer_7.power_toughness[obj.id] = (key, _layer_seven(game, cached.board, layer_7, obj))
    cached.now[obj.id] = known[1]
    return known[1]


def _layer_seven(game: GameState, the_board: Board, layer_7: LayerSeven, obj: GameObject) -> PowerToughness:
    chars = the_board.chars[obj.id]
    if not has_power_toughness(chars):
        return NONE
    power, toughness = printed_value(chars.values.power), printed_value(chars.values.toughness)
    printed = ("printed", power, toughness)
    effects, static_bonus = layer_7.on(game, the_board, obj)  # in timestamp order (613.7)

    # 7a: characteristic-defining abilities (613.4a), in every zone (604.3); a number that can't be
    # determined is 0 (208.2a).
    if chars.values.abilities:
        power, toughness = _characteristic_defining_pt(game, the_board, obj, chars, power, toughness)
    after_7a = ("7a", power, toughness)

    # 7b: set power and/or toughness, in timestamp order (613.4b).
    for effect in effects:
        if effect.sublayer is Sublayer.SET:
            power = power if effect.power is None else effect.power
            toughness = toughness if effect.toughness is None else effect.toughness
    after_7b = ("7b", power, toughness)

    # 7c: effects and counters that modify (613.4c); +X/+Y counters (122.1a). The fixed amounts of
    # static abilities come summed (in 7c the order of additions changes nothing).
    for effect in effects:
        if effect.sublayer is Sublayer.MODIFY:
            power += effect.power or 0
            toughness += effect.toughness or 0
    power, toughness = power + static_bonus[0], toughness + static_bonus[1]
    for kind, count in obj.counters.items():
        delta = _counter_pt(kind)
        if delta is not None:
            power += delta[0] * count
            toughness += delta[1] * count
    after_7c = ("7c", power, toughness)

    # 7d: switches, in timestamp order (613.4d).
    for effect in effects:
        if effect.sublayer is Sublayer.SWITCH:
            power, toughness = toughness, power
    return PowerToughness(power, toughness, (printed, after_7a, after_7b, after_7c, ("7d", power, toughness)))


def _characteristic_defining_pt(game: GameState, the_board: Board, obj: GameObject, chars: Characteristics,
                                power: int, toughness: int) -> tuple[int, int]:
    """Power and toughness after 7a (613.4a): what ``obj``'s characteristic-defining abilities give,
    from ``power`` and ``toughness``. They read the board and the life totals only, so they are
    worked out once per board and life totals."""
    lives = tuple(map(_LIFE, game.player_states.values()))
    known = the_board.memo.get(("7a", obj.id))
    if known is not None and known[0] == lives:
        return known[1]
    for ability in chars.values.has_ability(CdaPT):
        context = dict(objects=game.objects.values(), source=obj, board=the_board, game=game, subject=chars,
                       chosen=game.peek_status(obj).chosen_player)
        if ability.power is not None:
            power = evaluate(ability.power, **context)
        if ability.toughness is not None:
            toughness = evaluate(ability.toughness, **context)
    the_board.memo[("7a", obj.id)] = (lives, (power, toughness))
    return power, toughness


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


@frozen
class _StaticPT:
    """A layer 7 effect of a static ability of a permanent (604.2), with its object's timestamp or
    that of the effect that granted the ability, whichever is later (613.7a). Its amounts are
    expressions, evaluated for each object it affects; ``started`` is the set a static ability
    that started to apply in an earlier layer keeps (613.6); ``order`` its place among the layer 7
    effects of the game, which orders effects with the same timestamp."""

    order: int
    source: GameObject
    ability: Any
    sublayer: Sublayer
    power: Any
    toughness: Any
    timestamp: int
    you: str
    chosen: str | None
    started: frozenset[tuple[str, int]] | None

    @property
    def fixed(self) -> bool:
        """Whether its amounts are numbers, the same for every object it affects."""
        return all(amount is None or type(amount) is int for amount in (self.power, self.toughness))

    @property
    def reach(self) -> tuple[Any, ...]:
        """What decides the objects it affects: its set, or its filter read by its controller (and
        its own object, if the filter names it: "other", "itself")."""
        if self.started is not None:
            return (self.started,)
        f: Filter = self.ability.affects
        return (f, self.you, self.chosen, self.source.ref if f.other or f.itself else None)

    def affects(self, obj: GameObject, chars: Characteristics) -> bool:
        if self.started is not None:
            return obj.ref in self.started
        return matches(self.ability.affects, obj, you=self.you, source=self.source, chars=chars, chosen=self.chosen)

    def effect_on(self, obj: GameObject, chars: Characteristics, objects: Iterable[GameObject],
                  the_board: Board | None, game: GameState | None) -> PTEffect:
        context = dict(objects=objects, source=self.source, board=the_board, game=game, subject=chars,
                       chosen=self.chosen)
        return PTEffect(
            sublayer=self.sublayer,
            affected=frozenset({obj.ref}),
            timestamp=self.timestamp,
            until="source-leaves",
            power=None if self.power is None else evaluate(self.power, **context),
            toughness=None if self.toughness is None else evaluate(self.toughness, **context),
        )


def _static_pt(objects: Iterable[GameObject], chars_of: Callable[[GameObject], Characteristics],
               static_sets: dict[tuple[Any, ...], frozenset[tuple[str, int]]], game: GameState | None,
               first: int = 0, started: dict[tuple[Any, ...], _StaticEffect] | None = None) -> Iterator[_StaticPT]:
    """The layer 7 effects of the static abilities of permanents among ``objects``, numbered from
    ``first``: "creatures you control get +1/+1", and the 7b part of one that makes objects become
    something (613.6). Those come from the abilities each permanent has after layer 6 (604.2), and
    from the effects that started to apply in layers 2-6 (``started``): such an effect goes on in
    7b to the set it started with, with the timestamp it had (613.7a), even if its source has lost
    the ability meanwhile (613.6). A static ability lost in layer 6 before any part of it applied
    generates nothing."""
    order = first
    lost: dict[tuple[str, int], list[_StaticEffect]] = {}
    for effect in (started or {}).values():
        if _sets_pt(effect.ability):
            lost.setdefault(effect.source.ref, []).append(effect)
    for source in objects:
        if source.zone != "battlefield":
            continue
        source_chars = chars_of(source)
        you = source_chars.controller or source.owner
        went_on = lost.get(source.ref)
        if not source_chars.values.abilities and not went_on:
            continue
        chosen = game.peek_status(source).chosen_player if game is not None else None
        seen = set()
        for ability, granted in source_chars.values.abilities:
            timestamp = max(source.timestamp, granted or 0)  # 613.7a
            if isinstance(ability, StaticPT):
                sublayer, power, toughness, started_set = (STATIC_SUBLAYER[ability.effect], ability.power,
                                                           ability.toughness, None)
            elif _sets_pt(ability):
                sublayer, power, toughness = Sublayer.SET, ability.becomes.power, ability.becomes.toughness
                seen.add(id(ability))
                started_set = static_sets.get((source.ref, id(ability)))
            else:
                continue
            yield _StaticPT(order, source, ability, sublayer, power, toughness, timestamp, you, chosen, started_set)
            order += 1
        for effect in went_on or ():
            if id(effect.ability) not in seen:  # 613.6: the ability is gone, its started effect goes on
                ability = effect.ability
                yield _StaticPT(order, source, ability, Sublayer.SET, ability.becomes.power, ability.becomes.toughness,
                                effect.timestamp, you, chosen, static_sets[effect.key])
                order += 1


def _sets_pt(ability: Any) -> bool:
    """Whether ``ability`` is a static ability making objects become something with a power and/or
    toughness (its layer 7b part)."""
    return isinstance(ability, Static) and (ability.becomes.power is not None or ability.becomes.toughness is not None)


@dataclass
class _SameReach:
    """Static layer 7 effects that affect the same objects (:attr:`_StaticPT.reach`), so that whom
    they affect is determined once per object, and their fixed 7c amounts are added up once."""

    reach: _StaticPT
    effects: list[_StaticPT] = field(default_factory=list)
    fixed_bonuses: list[_StaticPT] = field(default_factory=list)
    bonus: tuple[int, int] = (0, 0)

    def add(self, static: _StaticPT) -> None:
        if static.sublayer is Sublayer.MODIFY and static.fixed:
            self.fixed_bonuses.append(static)
            self.bonus = (self.bonus[0] + (static.power or 0), self.bonus[1] + (static.toughness or 0))
        else:
            self.effects.append(static)


AFTER_RESOLVED = 1 << 40
"""Where static effects are numbered from: after any number of effects of resolved spells and
abilities, so that of two effects with the same timestamp, a resolved one comes first."""


@frozen
class LayerSeven:
    """The layer 7 effects of a board (613.4), by the objects they affect: those of resolved spells
    and abilities, whose sets are locked (611.2c), numbered in the order they were created; and
    those of static abilities of permanents, whose sets are determined as power and toughness are
    (613.5), by what decides their sets. ``power_toughness``: each object's power and toughness once
    determined, with the counters and life totals they were determined with."""

    resolved: dict[tuple[str, int], list[tuple[int, PTEffect]]]
    statics: list[_SameReach]
    power_toughness: dict[str, tuple[tuple[Any, ...], PowerToughness]] = field(default_factory=dict)

    @classmethod
    def index(cls, game: GameState, the_board: Board, effects: Iterable[PTEffect]) -> LayerSeven:
        """The index of ``effects`` (those of resolved spells and abilities) and of the static
        abilities of the permanents of ``the_board``."""
        resolved: dict[tuple[str, int], list[tuple[int, PTEffect]]] = {}
        for order, effect in enumerate(effects, start=1):
            for ref in effect.affected:
                if ref in resolved:
                    resolved[ref].append((order, effect))
                else:
                    resolved[ref] = [(order, effect)]
        statics = the_board.memo.get("statics")
        if statics is None:  # they depend on the board alone
            by_reach: dict[tuple[Any, ...], _SameReach] = {}
            for static in _static_pt(game.objects.values(), lambda o: the_board.chars[o.id], the_board.static_sets,
                                     game, first=AFTER_RESOLVED, started=the_board.started):
                reach = static.reach
                if reach not in by_reach:
                    by_reach[reach] = _SameReach(static)
                by_reach[reach].add(static)
            statics = the_board.memo["statics"] = list(by_reach.values())
        return cls(resolved, statics)

    def on(self, game: GameState, the_board: Board, obj: GameObject) -> tuple[list[PTEffect], tuple[int, int]]:
        """The layer 7 effects on ``obj`` in timestamp order (613.7), those created first first when
        their timestamps are equal, but for the static 7c effects of fixed amounts: the sum of those."""
        if not self.statics:
            resolved = self.resolved.get(obj.ref, ())
            if len(resolved) > 1:
                resolved = sorted(resolved, key=lambda pair: (pair[1].timestamp, pair[0]))
            return [effect for _, effect in resolved], (0, 0)
        chars = the_board.chars[obj.id]
        found = list(self.resolved.get(obj.ref, ()))
        power = toughness = 0
        for same in self.statics:
            if same.reach.affects(obj, chars):
                power, toughness = power + same.bonus[0], toughness + same.bonus[1]
                found += [(s.order, s.effect_on(obj, chars, game.objects.values(), the_board, game)) for s in same.effects]
        if len(found) > 1:
            found.sort(key=lambda pair: (pair[1].timestamp, pair[0]))
        return [effect for _, effect in found], (power, toughness)

    def each_on(self, game: GameState, the_board: Board, obj: GameObject) -> list[PTEffect]:
        """Every layer 7 effect on ``obj``, each static one on its own, in the order they were created."""
        chars = the_board.chars[obj.id]
        statics = sorted((s for same in self.statics if same.reach.affects(obj, chars)
                          for s in [*same.fixed_bonuses, *same.effects]), key=lambda s: s.order)
        return [effect for _, effect in self.resolved.get(obj.ref, ())] + [
            s.effect_on(obj, chars, game.objects.values(), the_board, game) for s in statics]
