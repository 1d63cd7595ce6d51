"""Abilities as data, and the effects of resolving spells and abilities on characteristics.

An activated (CR 602) or triggered (603) ability's effect is a template: its object becomes
something (layers 2-7b) or becomes a copy of its target (layer 1a). Because the ability is data
among the object's characteristics, a copy of the object has it too (707.2a) and can activate it:
a Clone copying Chimeric Staff becomes a creature when its copied ability resolves (707.2).

The ``become`` and ``become_copy`` steps are the same effects from a resolving spell: what they
affect is locked as they resolve (611.2c, 613.6), their copied values too (707.2b).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import entering, layers, targets
from reference_engine.becomes import ChangeEffect
from reference_engine.copy import CopyEffect
from reference_engine.filters import evaluate
from reference_engine.objects import PTEffect, Sublayer

if TYPE_CHECKING:
    from reference_engine.state import GameState
    from reference_engine.objects import GameObject


def resolve(game: GameState, obj: GameObject, kind: type, name: str, *, x: int | None, target: str | None) -> None:
    """``obj``'s activated or triggered ability ``name`` resolves, if ``obj`` is a permanent that
    has it now (after layer 6: a face-down permanent has none, 708.2a). Its controller controls
    the effect."""
    found = ability_now(game, obj, kind, name)
    if found is None:
        return
    ability, controller = found
    effect = ability.effect
    if effect.become is not None:
        template = effect.become
        change = dataclasses.replace(template, power=_with_x(template.power, x), toughness=_with_x(template.toughness, x))
        change = s.Change(**{f.name: getattr(change, f.name) for f in dataclasses.fields(s.Change)})
        create_change(game, [obj], change, controller=controller, until=template.until, effect_id=None, source=obj)
    elif target is not None:
        targets.refuse_copy_target(game, target, obj, controller)  # issue 40: 702.11b, 702.18a, 702.16b
        # 707.4: it becomes a copy of the target; noncopy effects on it stay.
        copied = layers.board(game).chars[target].copiable
        entering.add_copy_effect(game, CopyEffect(frozenset({obj.ref}), game.tick(), copied,
                                                  until=effect.become_copy.until,
                                                  exceptions=effect.become_copy.exceptions, this_ability=ability))


def ability_now(game: GameState, obj: GameObject, kind: type, name: str) -> tuple[Any, str] | None:
    """``obj``'s ability ``name`` of ``kind`` and its controller, if ``obj`` is a permanent that
    has it now (after layer 6, 613.1f); else ``None``."""
    if obj.zone != "battlefield":
        return None
    chars = layers.board(game).chars[obj.id]
    ability = next((a for a in chars.values.has_ability(kind) if a.name == name), None)
    return None if ability is None else (ability, chars.controller or obj.owner)


def _with_x(expr: Any, x: int | None) -> Any:
    """``expr`` with X replaced by its value (107.3); an X never chosen is 0."""
    if expr == s.X:
        return x or 0
    return s.with_operands(expr, tuple(_with_x(t, x) for t in s.operands(expr)))


def create_change(game: GameState, affected: list[GameObject], change: s.Change, *, controller: str, until: str,
                  effect_id: str | None, source: GameObject | None = None) -> None:
    """A resolved effect making ``affected`` (locked, 611.2c) become ``change``, timestamped now
    (613.7b). Its parts apply in layers 2-6 (:class:`ChangeEffect`) and, for power and toughness,
    7b (a :class:`PTEffect` with the same timestamp and set, 613.6); those are fixed now.
    ``source``: the object whose ability it is, if an ability's (what "other" and "itself" in its
    expressions are about); a spell's has none."""
    timestamp = game.tick()
    refs = frozenset(o.ref for o in affected)
    game.effects.append(ChangeEffect(refs, timestamp, change, controller, until=until, id=effect_id))
    if change.power is None and change.toughness is None:
        return
    if _reads_layer_7(change) and dataclasses.replace(change, power=None, toughness=None) != s.Change():
        raise Unsupported("the greatest power or toughness in an effect that also changes layers 1-6: whether it "
                          "reads them before or after that change is not modelled (CR 608.2h)")
    board = layers.board(game)
    amounts = []
    for obj in affected:  # an expression is evaluated as the effect is created, for every object first (608.2h)
        context = dict(objects=game.objects.values(), source=source, board=board, game=game,
                       subject=board.chars[obj.id], you=controller,
                       power_toughness=game.power_toughness)
        power = None if change.power is None else evaluate(change.power, **context)
        toughness = None if change.toughness is None else evaluate(change.toughness, **context)
        amounts.append((obj, power, toughness))  # 107.1b: a set power or toughness may be negative
    for obj, power, toughness in amounts:
        game.effects.append(PTEffect(Sublayer.SET, frozenset({obj.ref}), timestamp, until, effect_id, power, toughness,
                                     kind="become"))


def _reads_layer_7(change: s.Change) -> bool:
    """Whether a P/T of ``change`` is the greatest power or toughness among objects (read after layer 7)."""
    def reads(expr: Any) -> bool:
        return (isinstance(expr, s.Greatest) and expr.of != "mana_value") or any(map(reads, s.operands(expr)))
    return reads(change.power) or reads(change.toughness)


def become(game: GameState, step: s.Become) -> None:
    """The ``become`` step: a resolved spell's effect."""
    create_change(game, game.affected_by(step), step.change, controller=step.controller, until=step.until,
                  effect_id=step.id)


def become_copy(game: GameState, step: s.BecomeCopy) -> None:
    """The ``become_copy`` step: the objects become copies of ``of``, whose copiable values are
    taken now (707.2b), with the exceptions (707.9)."""
    affected = game.affected_by(step)
    copied = layers.board(game).chars[step.of].copiable
    entering.add_copy_effect(game, CopyEffect(frozenset(o.ref for o in affected), game.tick(), copied,
                                              until=step.until, id=step.id, exceptions=step.exceptions))
