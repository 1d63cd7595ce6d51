"""Layer 7: power and toughness (CR 613.4), in sublayers 7a-7d, and the layer 7 effects of static abilities.

- 7a characteristic-defining abilities (613.4a); 7b effects that set power and/or toughness
  (613.4b); 7c effects and counters that modify them (613.4c, 122.1a); 7d switches (613.4d); in
  each, timestamp order (613.7): :func:`_layer_seven`, :class:`PowerToughness`;
- an object with no power and toughness has none (208.3); a star is 0 until a
  characteristic-defining ability says otherwise (208.2a): :func:`has_power_toughness`,
  :func:`printed_value`;
- static abilities of permanents generate layer 7 effects (604.2) whose sets are determined anew
  whenever power and toughness are (613.5), with the timestamp of their object or of the effect
  that granted the ability (613.7a); one that started to apply in an earlier layer goes on in 7b
  (613.6): :func:`_static_pt`;
- :class:`LayerSeven` indexes a board's layer 7 effects by the objects they affect.

:func:`reference_engine.layers.power_toughness` reads an object's power and toughness through the
cache of :mod:`reference_engine.layers`.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from conformance.format.frozen import frozen
from conformance.format.model import CdaPT, Filter, Static, StaticPT
from reference_engine import emblems
from reference_engine.characteristics import Characteristics
from reference_engine.chosen import resolved_static_pt
from reference_engine.filters import evaluate, evaluate_modification, matches
from reference_engine.layers_1_to_6 import Board, _StaticEffect
from reference_engine.objects import GameObject, PTEffect, Sublayer, counter_pt

if TYPE_CHECKING:
    from reference_engine.state import GameState


STATIC_SUBLAYER = {"set_pt": Sublayer.SET, "modify_pt": Sublayer.MODIFY, "switch_pt": Sublayer.SWITCH}
_counter_pt = functools.lru_cache(maxsize=256)(counter_pt)  # what a kind of counter adds, read once per kind
_LIFE = operator.attrgetter("life")  # a player's life total


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


def _layer_seven(game: GameState, the_board: Board, layer_7: LayerSeven, obj: GameObject) -> PowerToughness:
    chars = the_board.chars[obj.id]
    if not has_power_toughness(chars):
        return NONE
    power, toughness = printed_value(chars.values.power), printed_value(chars.values.toughness)
    printed = ("printed", power, toughness)
    # The layer 7 effects on it, in timestamp order (613.7): those of resolved spells and abilities
    # folded as they were created (_Fold), then those of static abilities.
    fold = layer_7.folded(obj.ref)
    statics, static_bonus = layer_7.statics_on(game, the_board, obj)
    if statics:
        fold = fold.copy()
        for order, effect in statics:
            fold.add(order, effect)

    # 7a: characteristic-defining abilities (613.4a), in every zone (604.3); a number that can't be
    # determined is 0 (208.2a).
    if chars.values.abilities:
        power, toughness = _characteristic_defining_pt(game, the_board, obj, chars, power, toughness)
    after_7a = ("7a", power, toughness)

    # 7b: set power and/or toughness, in timestamp order (613.4b): the last to set each decides it.
    if fold.set_power is not None:
        power = fold.set_power[2]
    if fold.set_toughness is not None:
        toughness = fold.set_toughness[2]
    after_7b = ("7b", power, toughness)

    # 7c: effects and counters that modify (613.4c); +X/+Y counters (122.1a). In 7c the order of
    # additions changes nothing: the amounts come summed, those of static abilities' fixed bonuses too.
    power, toughness = power + fold.modify[0] + static_bonus[0], toughness + fold.modify[1] + static_bonus[1]
    for kind, count in obj.counters.items():
        delta = _counter_pt(kind)
        if delta is not None:
            power += delta[0] * count
            toughness += delta[1] * count
    after_7c = ("7c", power, toughness)

    # 7d: switches, in timestamp order (613.4d): two switch back.
    if fold.switches % 2:
        power, toughness = toughness, power
    return PowerToughness(power, toughness, (printed, after_7a, after_7b, after_7c, ("7d", power, toughness)))


@dataclass
class _Fold:
    """Layer 7 effects on one object, folded: what applying them in timestamp order (613.7) comes to,
    whatever order they are added in. In 7b the last effect to set power, and the last to set
    toughness, decide each (613.4b), so the fold keeps each one's (timestamp, creation order, value)
    with the greatest timestamp, then creation order; 7c's amounts add up (613.4c); 7d's switches
    cancel in pairs (613.4d). ``count``: how many effects of the object's list it holds."""

    count: int = 0
    set_power: tuple[int, int, int] | None = None
    set_toughness: tuple[int, int, int] | None = None
    modify: tuple[int, int] = (0, 0)
    switches: int = 0

    def add(self, order: int, effect: PTEffect) -> None:
        """Fold in ``effect``, created ``order``-th (which breaks ties of timestamps, 613.7)."""
        if effect.sublayer is Sublayer.SET:
            key = (effect.timestamp, order)
            if effect.power is not None and (self.set_power is None or key > self.set_power[:2]):
                self.set_power = (*key, effect.power)
            if effect.toughness is not None and (self.set_toughness is None or key > self.set_toughness[:2]):
                self.set_toughness = (*key, effect.toughness)
        elif effect.sublayer is Sublayer.MODIFY:
            self.modify = (self.modify[0] + (effect.power or 0), self.modify[1] + (effect.toughness or 0))
        elif effect.sublayer is Sublayer.SWITCH:
            self.switches += 1

    def copy(self) -> _Fold:
        return _Fold(self.count, self.set_power, self.set_toughness, self.modify, self.switches)


_NOTHING = _Fold()


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
        its own object, if the filter is "itself"; "other" is told apart object by object,
        :class:`_SameReach`)."""
        if self.started is not None:
            return (self.started,)
        f: Filter = self.ability.affects
        return (f, self.you, self.chosen, self.source.ref if f.itself or f.attached else None)

    def affects(self, obj: GameObject, chars: Characteristics) -> bool:
        if self.started is not None:
            return obj.ref in self.started
        return matches(self.ability.affects, obj, you=self.you, source=self.source, chars=chars, chosen=self.chosen)

    def effect_on(self, obj: GameObject, chars: Characteristics, objects: Iterable[GameObject],
                  the_board: Board | None, game: GameState | None) -> PTEffect:
        context = dict(objects=objects, source=self.source, board=the_board, game=game, subject=chars,
                       chosen=self.chosen)
        # 107.1b: a calculated amount of a modification that would be negative is 0
        amount = evaluate_modification if self.sublayer is Sublayer.MODIFY else evaluate
        return PTEffect(
            sublayer=self.sublayer,
            affected=frozenset({obj.ref}),
            timestamp=self.timestamp,
            until="source-leaves",
            kind="static",
            source=self.source,
            power=None if self.power is None else amount(self.power, **context),
            toughness=None if self.toughness is None else amount(self.toughness, **context),
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
        if not emblems.functions(source):  # a permanent's on the battlefield, an emblem's too (114.4)
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
                ability = resolved_static_pt(game, source, ability)  # 614.12: "of the chosen type"
                if ability is None:
                    continue
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
    they affect is determined once per object, and their fixed 7c amounts are added up once. Those
    of "other" filters (each affecting the objects its filter matches but its own, "other
    creatures you control get +1/+1") share a reach whatever their objects: an object gets the sum
    of their fixed amounts but its own abilities' (``own``)."""

    reach: _StaticPT
    effects: list[_StaticPT] = field(default_factory=list)
    fixed_bonuses: list[_StaticPT] = field(default_factory=list)
    bonus: tuple[int, int] = (0, 0)
    own: dict[tuple[str, int], tuple[int, int]] = field(default_factory=dict)

    @property
    def other(self) -> bool:
        return self.reach.started is None and self.reach.ability.affects.other and not self.reach.ability.affects.itself

    def add(self, static: _StaticPT) -> None:
        if static.sublayer is Sublayer.MODIFY and static.fixed:
            self.fixed_bonuses.append(static)
            self.bonus = (self.bonus[0] + (static.power or 0), self.bonus[1] + (static.toughness or 0))
            mine = self.own.get(static.source.ref, (0, 0))
            self.own[static.source.ref] = (mine[0] + (static.power or 0), mine[1] + (static.toughness or 0))
        else:
            self.effects.append(static)

    def on(self, obj: GameObject, chars: Characteristics) -> tuple[tuple[int, int], list[_StaticPT]]:
        """The sum of the fixed amounts these effects give ``obj`` and the others that affect it."""
        reach = self.reach
        if not self.other:
            return (self.bonus, self.effects) if reach.affects(obj, chars) else ((0, 0), [])
        if not matches(reach.ability.affects, obj, you=reach.you, source=None, chars=chars, chosen=reach.chosen):
            return (0, 0), []  # (with no source, "other" excludes nothing: the rest of the filter)
        mine = self.own.get(obj.ref)
        bonus = self.bonus if mine is None else (self.bonus[0] - mine[0], self.bonus[1] - mine[1])
        return bonus, [s for s in self.effects if s.source.ref != obj.ref]


def _by_object(resolved: dict[tuple[str, int], list[tuple[int, PTEffect]]], effects: Iterable[PTEffect],
               first: int) -> None:
    """Add ``effects`` to ``resolved`` under each object they affect, numbered from ``first``."""
    for order, effect in enumerate(effects, start=first):
        for ref in effect.affected:
            if ref in resolved:
                resolved[ref].append((order, effect))
            else:
                resolved[ref] = [(order, effect)]


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
    folds: dict[tuple[str, int], tuple[list[tuple[int, PTEffect]], _Fold]] = field(default_factory=dict)

    @classmethod
    def index(cls, game: GameState, the_board: Board, effects: Iterable[PTEffect]) -> LayerSeven:
        """The index of ``effects`` (those of resolved spells and abilities) and of the static
        abilities of the permanents of ``the_board``."""
        resolved: dict[tuple[str, int], list[tuple[int, PTEffect]]] = {}
        _by_object(resolved, effects, first=1)
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

    def extend(self, effects: Iterable[PTEffect], first: int) -> None:
        """Index ``effects`` too: resolved effects created after those indexed, the first of them
        ``first``-th. Each object's list of effects only grows, so what was folded of it stays
        (:meth:`folded`)."""
        _by_object(self.resolved, effects, first)

    def folded(self, ref: tuple[str, int]) -> _Fold:
        """The resolved effects on the object ``ref``, folded (:class:`_Fold`): those indexed since it
        was last folded are added to the fold."""
        entries = self.resolved.get(ref)
        if not entries:
            return _NOTHING
        known = self.folds.get(ref)
        if known is None or known[0] is not entries:
            fold = _Fold()
            self.folds[ref] = (entries, fold)
        else:
            fold = known[1]
        for order, effect in entries[fold.count:]:
            fold.add(order, effect)
        fold.count = len(entries)
        return fold

    def statics_on(self, game: GameState, the_board: Board, obj: GameObject) -> tuple[list[tuple[int, PTEffect]], tuple[int, int]]:
        """The layer 7 effects of static abilities on ``obj``, each with its place among the
        effects (613.7), but for the 7c effects of fixed amounts: the sum of those."""
        if not self.statics:
            return [], (0, 0)
        chars = the_board.chars[obj.id]
        found = []
        power = toughness = 0
        for same in self.statics:
            bonus, effects = same.on(obj, chars)
            power, toughness = power + bonus[0], toughness + bonus[1]
            found += [(s.order, s.effect_on(obj, chars, game.objects.values(), the_board, game)) for s in effects]
        return found, (power, toughness)

    def each_on(self, game: GameState, the_board: Board, obj: GameObject) -> list[PTEffect]:
        """Every layer 7 effect on ``obj``, each static one on its own, in the order they were created."""
        chars = the_board.chars[obj.id]
        statics = sorted((s for same in self.statics for s in [*same.fixed_bonuses, *same.effects]
                          if s.affects(obj, chars)), key=lambda s: s.order)
        return [effect for _, effect in self.resolved.get(obj.ref, ())] + [
            s.effect_on(obj, chars, game.objects.values(), the_board, game) for s in statics]
