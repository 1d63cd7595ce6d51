"""Layers 1-6 (CR 613.1a-f): every object's characteristics but its power and toughness, on one board.

- layer 1 (613.2): 1a copy effects, "as enters" choices of power and toughness and static copy
  abilities (707.2c), in timestamp order; 1b face-down status (708.2). The result is the object's
  copiable values (613.2c): :func:`layer_one`;
- layers 2 (control), 3 (text), 4 (types), 5 (colours), 6 (abilities): in each,
  characteristic-defining abilities first (613.3), then the other effects in timestamp order
  (613.7), an effect waiting for those it depends on (613.8);
- an effect that applies in several layers applies in each to the set of objects it started with
  (613.6); a static ability's set is determined anew whenever the characteristics are (613.5).

:class:`Board` is the result; :func:`reference_engine.layers.board` computes it once per state of
the game (see :mod:`reference_engine.layers`).
"""

from __future__ import annotations

import operator
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import field
from typing import TYPE_CHECKING, Any

from conformance.format.frozen import frozen
from conformance.format.model import CdaColors, Static, StaticCopy
from reference_engine import becomes, emblems, face_down, faces
from reference_engine.becomes import ABILITY, COLOR, CONTROL, TEXT, TYPE, ChangeEffect, Working
from reference_engine.characteristics import EMPTY, Characteristics, Values
from reference_engine.copy import LAYER_1A, CopyEffect
from reference_engine.filters import matches
from reference_engine.objects import CONTROLLED_ZONES, GameObject, controller_in_zone

if TYPE_CHECKING:
    from reference_engine.state import GameState


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
    current = faces.as_flipped(game, objects, copiable)  # 707.3, 710.1b: flipped status (issue 40)

    work = {o.id: Working(current[o.id], controller_in_zone(o), o.zone == "battlefield")
            for o in objects}
    # Each effect with the layers it applies in: a resolved effect's, then a static ability's.
    effects: list[tuple[Any, set[int]]] = [(e, becomes.layers_of(e.change)) for e in game.effects
                                           if isinstance(e, ChangeEffect)]
    effects += [(_StaticEffect(o, a, o.timestamp), becomes.layers_of(a.becomes)) for o in objects
                if emblems.functions(o) and current[o.id].abilities for a in current[o.id].has_ability(Static)]  # 114.4
    static_sets: dict[tuple[Any, ...], frozenset[tuple[str, int]]] = {}
    statics = {e.key: e for e, _ in effects if isinstance(e, _StaticEffect)}
    for layer in (CONTROL, TEXT, TYPE, COLOR, ABILITY):
        _characteristic_defining(layer, work)  # 613.3
        pending: list[Any] = [e for e, in_layers in effects if layer in in_layers]
        seen = {e.key for e in pending if isinstance(e, _StaticEffect)} if pending else set()
        scanned = False  # whether every object was searched for statics granted in layer 6
        while pending:
            if not any(_may_depend(e, static_sets) for e in pending):
                # Nothing pending can depend on another (613.8a): timestamp order (613.7), as the
                # loop below would pick them, without judging the pairs again after each.
                pending.sort(key=_TIMESTAMP)
                effect = pending.pop(0)
                while True:
                    _apply(game, effect, layer, work, static_sets)
                    if layer == ABILITY and _grants(objects, work, seen, statics, pending, effect, scanned):
                        scanned = True
                        break
                    scanned = scanned or layer == ABILITY
                    if not pending:
                        break
                    effect = pending.pop(0)
                continue
            # 613.8b: an effect that depends on others waits until they have applied; in a
            # dependency loop, timestamp order decides (613.7). 613.8c: re-evaluated each time.
            ready = _independent(game, pending, layer, work, static_sets)
            effect = min(ready or pending, key=_TIMESTAMP)
            _apply(game, effect, layer, work, static_sets)
            pending.remove(effect)
            if layer == ABILITY:  # a static ability gained in layer 6 applies its layer 6 part too (613.7a)
                _grants(objects, work, seen, statics, pending, effect, scanned)
                scanned = True

    chars = {o.id: _chars(game, o, work[o.id].values, work[o.id].controller, copiable[o.id]) for o in objects}
    return Board(chars, {oid: face_up for oid, (face_up, _) in first.items()}, static_sets,
                 {key: statics[key] for key in static_sets})


def _by_object(effects: Iterable[Any]) -> dict[tuple[str, int], list[Any]]:
    """``effects`` by the objects they affect, each object's in the order given."""
    found: dict[tuple[str, int], list[Any]] = defaultdict(list)
    for effect in effects:
        for ref in effect.affected:
            found[ref].append(effect)
    return found


_TIMESTAMP = operator.attrgetter("timestamp")


def _may_depend(effect: Any, static_sets: dict) -> bool:
    """Whether ``effect`` may depend on another (613.8a): a static effect that has not started to
    apply; a resolved effect's set is locked, and a started one keeps its set (613.6)."""
    return not (isinstance(effect, ChangeEffect) or effect.key in static_sets)


def _grants(objects: list[GameObject], work: dict[str, Working], seen: set, statics: dict, pending: list,
            applied: Any, scanned: bool) -> bool:
    """After ``applied`` in layer 6: the static abilities with a layer 6 part it granted join
    ``pending`` (and ``statics``); whether there were any. Once every object has been searched
    (``scanned``), only those ``applied`` changed can have new ones."""
    if scanned and isinstance(applied, ChangeEffect):
        # A resolved effect grants only the abilities it gains, to the objects it affects.
        if not any(isinstance(a, Static) and ABILITY in becomes.layers_of(a.becomes) for a in applied.change.gains):
            return False
        changed = {oid for oid, _ in applied.affected}
        objects = [o for o in objects if o.id in changed] if len(changed) < len(objects) else objects
    granted = _granted_statics(objects, work, seen)
    statics.update((e.key, e) for e in granted)
    pending += granted
    return bool(granted)


def _granted_statics(objects: list[GameObject], work: dict[str, Working], seen: set) -> list[_StaticEffect]:
    """Static abilities with a layer 6 part that an effect has just granted to permanents, timestamped
    with the later of their object's and the granting effect's timestamps (613.7a). When the object's
    is later (it got a new timestamp after the grant: an Equipment attached, 613.7e), the two are
    equal and the granted effect comes after the object's own, as 613.7a keeps their order: it joins
    ``pending`` after them, and the stable sort and ``min`` there keep that order (golden
    613.7a/rune-of-flight-on-colossus-hammer)."""
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
    status = game.peek_status(obj)
    # 111.4: given values; 712.8a, 712.8d-e: a double-faced card's face that's up (faces.py)
    values = EMPTY if obj.token and not obj.token_card else faces.printed(obj, status)
    for effect in sorted(effects, key=lambda e: e.timestamp):  # 613.2a: timestamp order
        values = effect.apply(values, obj.ref)
    return values, face_down.apply(values, obj.zone == "battlefield" and status.face_down)  # 613.2b


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


def _independent(game: GameState, pending: list[Any], layer: int, work: dict[str, Working],
                 static_sets: dict) -> list[Any]:
    """The effects of ``pending`` that depend on none of the others (613.8a-b): the same as
    ``[e for e in pending if not any(_depends(game, e, other, ...) for other in pending if other is not e)]``
    (tests/test_layer_dependency.py compares the two), with less work. Each other effect is applied
    on trial once, not once per pair, copying only the objects it applies to; and an effect's set
    with it applied is judged again only on those objects, since a filter judges an object on its
    own characteristics, its source's controller and the chosen player (filters.matches): unless the
    trial changed the effect's source, every other object stays in the set, or out of it, as before."""
    candidates = [e for e in pending if not (isinstance(e, ChangeEffect) or e.key in static_sets)]
    if not candidates or len(pending) < 2:  # a resolved effect, or a started one, depends on nothing
        return list(pending)
    trials: dict[int, tuple[dict[str, Working], frozenset[str]]] = {}

    def trial_of(other: Any) -> tuple[dict[str, Working], frozenset[str]]:
        """``work`` with ``other`` applied, and the ids of the objects it may have changed."""
        if id(other) not in trials:
            targets = _affected(game, other, work, static_sets) if _exists(other, work, static_sets) else frozenset()
            trial = dict(work)
            changed = frozenset(oid for oid, _ in targets if oid in trial)
            for oid in changed:
                trial[oid] = work[oid].copy()
            _apply(game, other, layer, trial, dict(static_sets))
            trials[id(other)] = (trial, changed)
        return trials[id(other)]

    dependent: set[int] = set()
    for effect in candidates:
        before = (_exists(effect, work, static_sets), _affected(game, effect, work, static_sets))
        for other in pending:
            if other is effect:
                continue
            trial, changed = trial_of(other)
            if not changed:  # applying it changes no object
                continue
            if effect.source.id in changed:  # its existence or its controller may change: all anew
                after = (_exists(effect, trial, static_sets), _affected(game, effect, trial, static_sets))
            elif not _reads(effect.ability.affects, layer):  # nothing this layer changes decides its set
                continue
            else:
                after = (before[0], _reaffected(game, effect, trial, before[1], changed))
            if after != before:
                dependent.add(id(effect))
                break
    return [e for e in pending if id(e) not in dependent]


def _reads(f: Any, layer: int) -> bool:
    """Whether the filter ``f`` looks at what an effect of ``layer`` can change on an object other
    than the effect's source: control (layer 2) through ``controller``; card types and subtypes
    (layer 4, and with them 205.3d's corresponding subtypes and 702.73a's every creature type);
    colours (layer 5). Abilities (layer 6) are in no filter; another layer is judged again."""
    if layer == CONTROL:
        return f.controller is not None
    if layer == TYPE:
        return bool(f.types or f.not_types or f.subtypes)
    if layer == COLOR:
        return bool(f.colors)
    return layer != ABILITY


def _reaffected(game: GameState, effect: Any, work: dict[str, Working], affected: frozenset[tuple[str, int]],
                changed: frozenset[str]) -> frozenset[tuple[str, int]]:
    """What the static ``effect`` (its source unchanged) applies to in ``work``, knowing it applies
    to ``affected`` where only the objects ``changed`` were different (:func:`_affected`, judged
    again on those alone)."""
    source = effect.source
    you = work[source.id].controller or source.owner
    chosen = game.peek_status(source).chosen_player
    found = {ref for ref in affected if ref[0] not in changed}
    for oid in changed:
        o = game.objects.get(oid)
        if o is not None and matches(effect.ability.affects, o, you=you, source=source, chosen=chosen,
                                     chars=_working_chars(game, o, work[oid])):
            found.add(o.ref)
    return frozenset(found)


def _working_chars(game: GameState, obj: GameObject, w: Working) -> Characteristics:
    return _chars(game, obj, w.values, w.controller)
