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
  determined anew whenever the characteristics are (613.5), in the first layer where it applies;
- layer 7 (613.1g, 613.4), power and toughness, in sublayers 7a-7d: :func:`power_toughness`.

:func:`board` computes layers 1-6 for every object at once, since what an effect applies to
depends on the other objects' characteristics at that point; it is cached until the game changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from conformance.scenario import CdaColors, CdaPT, Keyword, Static, StaticCopy, StaticPT
from reference_engine import becomes, face_down
from reference_engine.becomes import ABILITY, COLOR, CONTROL, TEXT, TYPE, ChangeEffect, Working
from reference_engine.characteristics import EMPTY, Characteristics, Values
from reference_engine.copy import LAYER_1A, CopyEffect
from reference_engine.filters import evaluate, matches
from reference_engine.objects import GameObject, PTEffect, Sublayer, counter_pt

if TYPE_CHECKING:
    from reference_engine.game import Game

STATIC_SUBLAYER = {"set_pt": Sublayer.SET, "modify_pt": Sublayer.MODIFY, "switch_pt": Sublayer.SWITCH}


# --- layers 1-6 ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """Every object's characteristics after layers 1-6, by id; ``face_up`` its values after layer
    1a only (what it would be face up, 708.8); ``static_sets`` the set of objects each multi-layer
    static effect started to apply to (613.6), by (source ref, ability)."""

    chars: dict[str, Characteristics]
    face_up: dict[str, Values]
    static_sets: dict[tuple[Any, ...], frozenset[tuple[str, int]]]


@dataclass(frozen=True)
class _StaticEffect:
    """An effect of a static ability of a permanent (604.2), with its object's timestamp (613.7a)."""

    source: GameObject
    ability: Static
    timestamp: int

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.source.ref, id(self.ability))


def board(game: Game) -> Board:
    """Layers 1-6 for every object (cached until the game changes)."""
    key = _fingerprint(game)
    cached = getattr(game, "_board_cache", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    result = _compute(game)
    game._board_cache = (key, result)  # type: ignore[attr-defined]
    return result


def invalidate(game: Game) -> None:
    """Forget the cached board: the game changed in a way the fingerprint does not see (a status)."""
    game.__dict__.pop("_board_cache", None)


def characteristics(game: Game, obj: GameObject) -> Characteristics:
    """``obj``'s characteristics after layers 1-6."""
    return board(game).chars[obj.id]


def _fingerprint(game: Game) -> tuple[Any, ...]:
    return (game.clock, tuple(map(id, game.effects)),
            tuple((o.id, o.zone, o.incarnation, o.controller, o.timestamp) for o in game.objects.values()))


def _compute(game: Game) -> Board:
    objects = list(game.objects.values())
    # Layer 1 (613.2): copy effects (1a) then face-down status (1b); static copy effects (707.2c)
    # apply to the objects their filters match among the values the other layer 1 effects give.
    first = {o.id: layer_one(game, o) for o in objects}
    statics_1a = _static_copy_effects(game, objects, {o.id: _chars(game, o, first[o.id][1], o.controller) for o in objects})
    for obj in objects:
        extra = [e for e in statics_1a if obj.ref in e.affected]
        if extra:
            first[obj.id] = layer_one(game, obj, extra)
    copiable = {oid: values for oid, (_, values) in first.items()}  # 613.2c

    work = {o.id: Working(copiable[o.id], o.controller if o.zone == "battlefield" else None, o.zone == "battlefield")
            for o in objects}
    resolved = [e for e in game.effects if isinstance(e, ChangeEffect)]
    statics = [_StaticEffect(o, a, o.timestamp) for o in objects if o.zone == "battlefield"
               for a in copiable[o.id].has_ability(Static)]
    static_sets: dict[tuple[Any, ...], frozenset[tuple[str, int]]] = {}
    for layer in (CONTROL, TEXT, TYPE, COLOR, ABILITY):
        _characteristic_defining(layer, work)  # 613.3
        pending: list[Any] = [e for e in resolved if layer in becomes.layers_of(e.change)]
        pending += [e for e in statics if layer in becomes.layers_of(e.ability.becomes)]
        seen = {e.key for e in pending if isinstance(e, _StaticEffect)}
        while pending:
            # 613.8b: an effect that depends on others waits until they have applied; in a
            # dependency loop, timestamp order decides (613.7). 613.8c: re-evaluated each time.
            ready = [e for e in pending if not any(_depends(game, e, other, layer, work, static_sets)
                                                     for other in pending if other is not e)]
            effect = min(ready or pending, key=lambda e: e.timestamp)
            _apply(game, effect, layer, work, static_sets)
            pending.remove(effect)
            if layer == ABILITY:  # a static ability gained in layer 6 applies its layer 6 part too (613.7a)
                pending += _granted_statics(objects, work, seen)

    chars = {o.id: _chars(game, o, work[o.id].values, work[o.id].controller, copiable[o.id]) for o in objects}
    return Board(chars, {oid: face_up for oid, (face_up, _) in first.items()}, static_sets)


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


def layer_one(game: Game, obj: GameObject, extra: Iterable[Any] = ()) -> tuple[Values, Values]:
    """Layer 1 for ``obj``: its values after 1a (what it is face up), and its copiable values (after
    1b, 613.2c). 613.1: a card starts from its printed values; a token from those of the copy effect
    that created it."""
    values = EMPTY if obj.token else Values.printed(obj.card)
    effects = [e for e in game.effects if getattr(e, "layer", None) == LAYER_1A and obj.ref in e.affected]
    for effect in sorted([*effects, *extra], key=lambda e: e.timestamp):  # 613.2a: timestamp order
        values = effect.apply(values)
    return values, face_down.apply(values, obj.zone == "battlefield" and game.peek_status(obj).face_down)  # 613.2b


def _static_copy_effects(game: Game, objects: list[GameObject], chars: dict[str, Characteristics]) -> list[CopyEffect]:
    """The copy effects of static abilities (707.2c): their values were fixed as their objects
    entered; they apply to whatever their filters match now (613.5), with their objects' timestamps."""
    effects = []
    for source in objects:
        if source.zone != "battlefield":
            continue
        fixed = game.peek_status(source).static_copy_values
        for ability in chars[source.id].values.has_ability(StaticCopy):
            if fixed is None:
                continue
            affected = frozenset(o.ref for o in objects if matches(
                ability.affects, o, you=chars[source.id].controller or source.owner, source=source,
                chars=chars[o.id], chosen=game.peek_status(source).chosen_player))
            effects.append(CopyEffect(affected=affected, timestamp=source.timestamp, copied=fixed))
    return effects


def _chars(game: Game, obj: GameObject, values: Values, controller: str | None,
           copiable: Values | None = None) -> Characteristics:
    return Characteristics(values=values, copiable=copiable if copiable is not None else values, zone=obj.zone,
                           owner=obj.owner, controller=controller if obj.zone == "battlefield" else None,
                           face_down=obj.zone == "battlefield" and game.peek_status(obj).face_down, ref=obj.ref)


def _characteristic_defining(layer: int, work: dict[str, Working]) -> None:
    """613.3: characteristic-defining abilities apply first in their layer, in every zone (604.3):
    changeling makes the object every creature type (layer 4, 702.73a); a colour-defining ability
    sets its colours (layer 5)."""
    for w in work.values():
        if layer == TYPE and w.values.has_keyword("changeling"):
            w.values = w.values.with_(every_creature_type=True)
        elif layer == COLOR:
            for ability in w.values.has_ability(CdaColors):
                w.values = w.values.with_(colors=ability.colors)


def _affected(game: Game, effect: Any, work: dict[str, Working], static_sets: dict) -> frozenset[tuple[str, int]]:
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


def _apply(game: Game, effect: Any, layer: int, work: dict[str, Working], static_sets: dict) -> None:
    if not _exists(effect, work, static_sets):
        return
    affected = _affected(game, effect, work, static_sets)
    if isinstance(effect, ChangeEffect):
        change, controller = effect.change, effect.controller
    else:
        static_sets.setdefault(effect.key, affected)
        change, controller = effect.ability.becomes, work[effect.source.id].controller or effect.source.owner
    for obj in game.objects.values():
        if obj.ref in affected:
            becomes.apply(layer, change, work[obj.id], controller=controller, timestamp=effect.timestamp)


def _depends(game: Game, effect: Any, other: Any, layer: int, work: dict[str, Working], static_sets: dict) -> bool:
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


def _working_chars(game: Game, obj: GameObject, w: Working) -> Characteristics:
    return _chars(game, obj, w.values, w.controller)


# --- layer 7: power and toughness -----------------------------------------------------------------


@dataclass(frozen=True)
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


def power_toughness(game: Game, obj: GameObject) -> PowerToughness:
    """The power and toughness of ``obj`` now, applying layer 7 (CR 613.4) to its characteristics
    after layers 1-6: the copiable values' power and toughness, a star being 0 unless a
    characteristic-defining ability it still has (after layer 6) gives it."""
    the_board = board(game)
    chars = the_board.chars[obj.id]
    if not has_power_toughness(chars):
        return NONE
    power, toughness = printed_value(chars.values.power), printed_value(chars.values.toughness)
    trace = [("printed", power, toughness)]
    effects = sorted(applicable_effects(game, obj), key=lambda e: e.timestamp)  # 613.7

    # 7a: characteristic-defining abilities (613.4a), in every zone (604.3); a number that can't be
    # determined is 0 (208.2a).
    for ability in chars.values.has_ability(CdaPT):
        context = dict(objects=game.objects.values(), source=obj, board=the_board, game=game, subject=chars,
                       chosen=game.peek_status(obj).chosen_player)
        if ability.power is not None:
            power = evaluate(ability.power, **context)
        if ability.toughness is not None:
            toughness = evaluate(ability.toughness, **context)
    trace.append(("7a", power, toughness))

    # 7b: set power and/or toughness, in timestamp order (613.4b).
    for effect in effects:
        if effect.sublayer is Sublayer.SET:
            power = power if effect.power is None else effect.power
            toughness = toughness if effect.toughness is None else effect.toughness
    trace.append(("7b", power, toughness))

    # 7c: effects and counters that modify (613.4c); +X/+Y counters (122.1a).
    for effect in effects:
        if effect.sublayer is Sublayer.MODIFY:
            power += effect.power or 0
            toughness += effect.toughness or 0
    for kind, count in obj.counters.items():
        delta = counter_pt(kind)
        if delta is not None:
            power += delta[0] * count
            toughness += delta[1] * count
    trace.append(("7c", power, toughness))

    # 7d: switches, in timestamp order (613.4d).
    for effect in effects:
        if effect.sublayer is Sublayer.SWITCH:
            power, toughness = toughness, power
    trace.append(("7d", power, toughness))
    return PowerToughness(power, toughness, tuple(trace))


def applicable_effects(game: Game, obj: GameObject) -> Iterator[PTEffect]:
    """Layer 7 effects of resolved spells and abilities that affect ``obj``, then those of static
    abilities."""
    for effect in game.effects:
        if effect.sublayer is not None and obj.ref in effect.affected:
            yield effect
    yield from static_effects(game.objects.values(), only=obj, game=game)


def static_effects(objects: Iterable[GameObject], *, only: GameObject | None = None,
                   game: Game | None = None) -> Iterator[PTEffect]:
    """Layer 7 effects generated by static abilities of permanents (CR 604.2), with their
    object's timestamp or that of the effect that granted the ability, whichever is later
    (613.7a). The set of objects each affects is determined anew at every moment (613.5), after
    layers 1-6; a static ability that started to apply in an earlier layer keeps that set (613.6).
    Without ``game``, the printed characteristics are used."""
    objects = list(objects)
    candidates = objects if only is None else [only]
    the_board = board(game) if game is not None else None

    def chars_of(o: GameObject) -> Characteristics:
        if the_board is not None:
            return the_board.chars[o.id]
        printed = Values.printed(o.card)
        return Characteristics(printed, printed, o.zone, o.owner, o.controller, False, o.ref)

    for source in objects:
        if source.zone != "battlefield":
            continue
        source_chars = chars_of(source)
        you = source_chars.controller or source.owner
        chosen = game.peek_status(source).chosen_player if game is not None else None
        for ability, granted in source_chars.values.abilities:
            timestamp = max(source.timestamp, granted or 0)  # 613.7a
            if isinstance(ability, StaticPT):
                sublayer, power, toughness = STATIC_SUBLAYER[ability.effect], ability.power, ability.toughness
                affected = [o for o in candidates if matches(ability.affects, o, you=you, source=source,
                                                             chars=chars_of(o), chosen=chosen)]
            elif isinstance(ability, Static) and (ability.becomes.power is not None or ability.becomes.toughness is not None):
                sublayer, power, toughness = Sublayer.SET, ability.becomes.power, ability.becomes.toughness
                started = the_board.static_sets.get((source.ref, id(ability))) if the_board is not None else None
                affected = [o for o in candidates if (o.ref in started if started is not None else matches(
                    ability.affects, o, you=you, source=source, chars=chars_of(o), chosen=chosen))]
            else:
                continue
            for obj in affected:
                context = dict(objects=objects if game is None else game.objects.values(), source=source,
                               board=the_board, game=game, subject=chars_of(obj), chosen=chosen)
                yield PTEffect(
                    sublayer=sublayer,
                    affected=frozenset({obj.ref}),
                    timestamp=timestamp,
                    until="source-leaves",
                    power=None if power is None else evaluate(power, **context),
                    toughness=None if toughness is None else evaluate(toughness, **context),
                )
