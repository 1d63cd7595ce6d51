"""Casting a spell (CR 601.2), X (107.3) and "whenever you cast" triggers: the ``cast`` step.

- 601.2a  the card moves from its owner's hand to the stack, a new object (400.7) its owner
          controls (the caster, 112.1); a card not in its owner's hand can't be cast (the format
          casts from the hand only, 601.3);
- 601.2b, 107.3a X is announced; while the spell is on the stack, X in its mana cost is that value
          (its mana value counts it, 202.3e);
- 601.2f  the total cost is the mana cost, each {X} being X generic mana (no cost changes are
          modelled);
- 601.2h  the caster pays it from their own mana pool (106.4): each coloured or {C} symbol with mana
          of its type, the generic part with any (which is a choice: the step's ``pay`` names it;
          without it, the only payment the pool allows). Mana abilities during casting (601.2g) are
          none: a case activates them in earlier steps. A cost that can't be paid makes the cast
          illegal, and the game goes back to the moment before it was proposed (601.2): nothing
          happens;
- 601.2i  the spell becomes cast: "whenever [a player] casts a [...] spell" abilities of permanents
          trigger (603.2), and go on the stack the next time a player would receive priority
          (603.3, in the step's ``order``, 603.3b), above the spell (405.2); the stack resolves top
          first (608.1), so they resolve before it, with what they trigger meanwhile (117.5);
- 608.2   an instant or sorcery's effect happens (its ``spell`` ability), aimed at its target; a target
          that is no longer the object it was (400.7) or no longer on the battlefield is illegal, and
          a spell whose every target is illegal doesn't resolve (608.2b); then the card goes to its
          owner's graveyard (608.2n);
- 608.3   a permanent spell resolves: it enters the battlefield under its controller's control.

Targets (issue 40, targets.py): a target that is not legal as the spell is cast (115.4, 801.4,
702.11b, 702.18a, 702.16b) makes the cast illegal: it is undone, nothing happens (601.2c, 601.2e); as
it resolves, one no longer legal leaves the spell doing nothing (608.2b).

Refused (Unsupported): a payment the case does not choose where the pool allows several.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import counter_replacement, damage, layers, life, targets, trigger_resolution, triggers
from reference_engine.filters import mana_value


class CastingSteps:
    """The ``cast`` step and its hooks, for ``Game``."""

    objects: dict

    def cast(self, step: s.Cast) -> None:
        """601.2: cast ``step.object``, resolve what its casting triggered, then it."""
        game: Any = self
        obj = game.objects[step.object]
        caster = obj.owner
        if obj.zone != "hand":  # 601.3: the format casts from the hand only
            return
        card = layers.board(game).chars[obj.id].values
        if step.x is None and s.X in s.cost_symbols(card.mana_cost):  # a copy effect gave it an {X} (707.2)
            raise Unsupported(f"{obj.id}'s mana cost has {{X}} as it is cast, and the step announces none (CR 601.2b)")
        pool = self.paying_pool(caster)
        payment = self.payment(pool, s.total_cost(card.mana_cost, step.x), step.pay)
        if payment is None:  # 601.2h: it can't be paid; 601.2: the cast is undone
            return
        target_ref = _target_ref(game, obj, step.target)
        if target_ref is _ILLEGAL:  # 601.2c, 601.2e: an illegal target: the cast is undone
            return
        game.move(obj, "stack")  # 601.2a
        pool.subtract(payment)  # 601.2h
        self.pay_additional_costs(obj, step, payment)  # 601.2h: a sacrifice; the mana spent (issue 40: spell_copies.py)
        layers.invalidate(game)
        # 601.2i, 202.3e: it becomes cast, its mana value on the stack counting X
        value = mana_value(card.mana_cost) + (step.x or 0) * s.cost_symbols(card.mana_cost).count(s.X)
        triggers.cast(game, obj, value)
        below = len(triggers.stack(game))
        triggers.put_on_stack(game, step.order or None)  # 603.3, 603.3b: above the spell (405.2)
        self.resolve_cast(obj, step, target_ref, below)

    # --- hooks ------------------------------------------------------------------------------------

    def paying_pool(self, caster: str) -> Counter:
        """601.2h: the mana pool the caster pays from: their own (106.4)."""
        return self.player_states[caster].mana  # type: ignore[attr-defined]

    def payment(self, pool: Counter, cost: dict[str, int], pay: Any) -> dict[str, int] | None:
        """601.2h: the mana paid from ``pool`` for ``cost``, or ``None`` if it can't be paid."""
        return payment(pool, cost, pay)

    def spell_x(self, step: s.Cast) -> int:
        """107.3a: the value of X as the spell resolves: the one announced as it was cast."""
        return step.x or 0

    def resolve_cast(self, obj: Any, step: s.Cast, target_ref: Any, below: int) -> None:
        """608.1: what is above the spell resolves first (its cast triggers and what they trigger),
        then the spell."""
        trigger_resolution.resolve_stack(self, down_to=below)  # type: ignore[arg-type]
        resolve_spell(self, obj, step, target_ref)


def payment(pool: Counter, cost: dict[str, int], pay: Any) -> dict[str, int] | None:
    """601.2h: ``pay`` if ``pool`` holds it (it must pay ``cost``); without ``pay``,
    the payment if only one is possible (coloured symbols by their type, the generic part by what
    is left), ``None`` if none is. Several possible payments and no ``pay``: unsupported."""
    if pay is not None:
        if not s.pays(pay, cost):  # the loader checked the printed cost; effects changed it (a copy, 707.2)
            raise Unsupported(f"the payment {dict(pay)} no longer pays the spell's total cost {cost} as it is cast: "
                              "its mana cost changed (CR 601.2f)")
        return dict(pay) if all(pool.get(kind, 0) >= n for kind, n in pay.items()) else None
    paid = {kind: n for kind, n in cost.items() if kind != "generic" and n > 0}
    if any(pool.get(kind, 0) < n for kind, n in paid.items()):
        return None
    rest = {kind: n - paid.get(kind, 0) for kind, n in pool.items() if n - paid.get(kind, 0) > 0}
    generic = cost.get("generic", 0)
    if sum(rest.values()) < generic:
        return None
    if generic and len(rest) > 1 and sum(rest.values()) > generic:
        raise Unsupported(f"the generic part of the cost ({generic}) may be paid with {sorted(rest)} mana: which is "
                          "the caster's choice, and the cast step does not say (give pay, CR 601.2h)")
    for kind in rest if generic else ():
        paid[kind] = paid.get(kind, 0) + min(rest[kind], generic)
    return paid


_ILLEGAL = object()
"""A target the spell can't have (601.2c)."""


def _target_kwargs(game: Any, spell: Any, card: Any) -> dict[str, Any]:
    """What a legal target of ``spell`` is (targets.py): "any target" for damage, "target creature"
    for counters (115.1, 115.4), chosen by its caster, who controls it (601.2c, 112.1)."""
    counters = next(iter(card.has_ability(s.Spell)), s.Spell()).put_counters is not None
    kinds = targets.CREATURE if counters else targets.ANY_TARGET
    return dict(source=spell, controller=spell.owner, kinds=kinds, players=not counters)


def _target_ref(game: Any, spell: Any, target: str | None) -> Any:
    """601.2c: the target as it is when chosen: an object (by id and incarnation) or a player;
    ``_ILLEGAL`` if it can't be the spell's target (issue 40, targets.py)."""
    if target is None:
        return None
    card = layers.board(game).chars[spell.id].values
    if targets.illegal(game, target, **_target_kwargs(game, spell, card)) is not None:
        return _ILLEGAL
    return game.objects[target].ref if target in game.objects else target


def resolve_spell(game: Any, obj: Any, step: s.Cast, target_ref: Any) -> None:
    """608.2, 608.3: the spell resolves, if it is still on the stack as the object cast."""
    if obj.zone != "stack":
        return
    layers.invalidate(game)
    chars = layers.board(game).chars[obj.id]
    if not {"instant", "sorcery"} & set(chars.values.types):  # 608.3: a permanent spell
        game.perform(s.Move(object=obj.id, to="battlefield"))
        return
    spell = next(iter(chars.values.has_ability(s.Spell)), None)
    spell = game.chosen_mode(obj, step, spell) if spell is not None else None  # 700.2 (issue 40: spell_copies.py)
    if spell is not None:
        _effect(game, obj, spell, game.spell_x(step), step.target, target_ref, chars.controller or obj.owner)
    game.move(obj, "graveyard")  # 608.2n
    layers.invalidate(game)


def _effect(game: Any, obj: Any, spell: s.Spell, x: int, target: str | None, target_ref: Any, you: str) -> None:
    """608.2: the spell's effect, X being ``x``; a target object that is no longer the one chosen,
    or off the battlefield, is illegal: the spell does nothing (608.2b)."""
    amount = game.spell_amount(obj, spell, x)  # 107.3a; 608.2h, mana spent (issue 40: spell_copies.py)
    if spell.gain_life is not None:
        life.gain(game, you, amount)
        return
    if target is not None and not targets.still_legal(game, target, target_ref, **_target_kwargs(
            game, obj, layers.board(game).chars[obj.id].values)):
        return  # 608.2b: its only target is illegal (issue 40: targets.py)
    if spell.damage is not None:
        if amount > 0:
            damage.deal(game, s.Damage(source=obj.id, amount=amount, to=target))
    elif target in game.objects:  # 122.1: counters on a permanent, put by the spell's controller
        counter_replacement.put(game, counter_replacement.CounterEvent(target, spell.put_counters.kind, amount, you),
                                ())
