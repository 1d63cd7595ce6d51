"""Casting a spell and X (issue 41): the ``cast`` step, a card's ``spell`` ability (what an instant
or sorcery does as it resolves) and the ``cast`` trigger event's model.

- ``cast: {object, x, target, pay, order}``: the card's owner casts it from their hand (601.2):
  it is put on the stack (601.2a), X is announced (601.2b, 107.3a), the total cost is its mana
  cost with X (601.2f) and is paid from the caster's mana pool (601.2h: ``pay``, the mana paid by
  type; without it, the only payment there is); it becomes cast (601.2i) and "whenever you cast"
  abilities trigger, are put on the stack above it (603.3, 405.2, in ``order``, 603.3b) and
  resolve first (608.1); then the spell resolves (608.2, 608.3). A cast the caster can't make
  (the card not in their hand, the cost not payable from their pool) is illegal and undone: nothing
  happens (601.2).
- ``spell: {damage: {amount}} | {put_counters: {kind, count}} | {gain_life: {amount}}``: an instant
  or sorcery's effect, aimed at the cast step's ``target`` (damage to an object or a player,
  counters on a permanent) or its caster (life); an amount is a number or ``X``, the value
  announced as it was cast (107.3a).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.expressions import X
from conformance.format.frozen import frozen
from conformance.format.spell_copies import SpellCopy
from conformance.format.step import Step
from conformance.format.values import freeze

CAST_SYMBOLS = frozenset("WUBRGC") | {X}
"""The mana symbols (besides generic numbers) a cast spell's mana cost may have: hybrid, Phyrexian
and snow symbols are refused (their payment choices are not modelled, 107.4e-f, 107.4h)."""


def cost_symbols(mana_cost: str | None) -> list[str]:
    """A printed mana cost's symbols: ``"{X}{2}{R}"`` is ``["X", "2", "R"]``."""
    return mana_cost.strip("{}").split("}{") if mana_cost else []


def total_cost(mana_cost: str | None, x: int | None) -> dict[str, int]:
    """601.2f, 107.3a: the mana to pay for a spell with that mana cost and X announced as ``x``, by
    type, ``"generic"`` for generic mana (each {X} is ``x`` generic mana)."""
    cost: dict[str, int] = {}
    for symbol in cost_symbols(mana_cost):
        key, amount = ("generic", int(symbol)) if symbol.isdigit() else \
            ("generic", x or 0) if symbol == X else (symbol, 1)
        cost[key] = cost.get(key, 0) + amount
    return cost


def pays(payment: Mapping[str, int], cost: Mapping[str, int]) -> bool:
    """Whether ``payment`` (mana by type) pays ``cost`` exactly: each coloured or {C} symbol by mana
    of its type, the generic part by the rest, nothing left over (601.2h: no partial payment)."""
    rest = dict(payment)
    for kind, amount in cost.items():
        if kind != "generic":
            if rest.get(kind, 0) < amount:
                return False
            rest[kind] -= amount
    return sum(rest.values()) == cost.get("generic", 0)


@frozen
class SpellDamage:
    """The spell deals ``amount`` (a number or ``X``) damage to its target (120.1)."""

    amount: int | str


@frozen
class SpellCounters:
    """The spell puts ``count`` (a number or ``X``) ``kind`` counters on its target (122.1)."""

    kind: str
    count: int | str


@frozen
class SpellGainLife:
    """The spell's controller gains ``amount`` (a number or ``X``) life (119.3); with ``if_spent``,
    that much for each of those colours of mana spent to cast it (Dawnglow Infusion: spell_copies.py)."""

    amount: int | str
    if_spent: tuple[str, ...] | None = None


SPELL_PARTS: dict[str, type] = {"damage": SpellDamage, "put_counters": SpellCounters, "gain_life": SpellGainLife}


@frozen
class Spell:
    """An instant or sorcery's effect as it resolves (608.2), exactly one of: ``damage`` (the spell
    deals it to the cast step's target, an object or a player), ``put_counters`` (on the target
    permanent), ``gain_life`` (its controller gains it)."""

    KEY: ClassVar[str] = "spell"
    damage: SpellDamage | None = None
    put_counters: SpellCounters | None = None
    gain_life: SpellGainLife | None = None
    # issue 40 (spell_copies.py): a modal spell's modes (700.2, plain: each a spell's effect) and who
    # chooses (absent: you); an additional cost, sacrificing a permanent of that card type (601.2b)
    modes: tuple[Mapping[str, Any], ...] | None = None
    chooser: str | None = None
    sacrifice: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Spell:
        parts = {key: SPELL_PARTS[key](**freeze(dict(body))) for key, body in data.items() if key in SPELL_PARTS}
        extra = {key: freeze(data[key]) for key in ("modes", "chooser", "sacrifice") if key in data}
        return cls(**parts, **extra)

    @property
    def mode_spells(self) -> tuple[Spell, ...]:
        """A modal spell's modes, each as a spell with that effect (700.2); none for another."""
        return tuple(Spell.from_dict(mode) for mode in self.modes or ())

    @property
    def part(self) -> Any:
        """Its one part (``None`` for a modal spell: each of its modes has one)."""
        return next((p for p in (self.damage, self.put_counters, self.gain_life) if p is not None), None)

    @property
    def quantity(self) -> int | str:
        """Its amount (damage, life) or count (counters): a number or X."""
        part = self.part
        return part.count if isinstance(part, SpellCounters) else part.amount

    @property
    def targets(self) -> bool:
        """Whether it is aimed at a target (damage, counters) rather than at its controller."""
        return self.gain_life is None


@frozen
class Cast(Step):
    """The owner of ``object`` casts it from their hand (601.2), X announced as ``x`` (107.3a),
    aimed at ``target``, paying ``pay`` (mana by type; absent: the only payment their pool allows,
    601.2h); its "whenever you cast" triggers are stacked in ``order`` (603.3b) and resolve before
    it does (608.1); then it resolves."""

    KEY: ClassVar[str] = "cast"
    object: str
    x: int | None = None
    target: str | None = None
    pay: Mapping[str, int] | None = None
    order: tuple[str, ...] = ()
    # issue 40 (spell_copies.py): the mode chosen (700.2) and by whom (801.5), the permanent
    # sacrificed for an additional cost (601.2h), copies put on the stack while it is there (707.10)
    mode: int | None = None
    mode_chooser: str | None = None
    sacrifice: str | None = None
    copies: tuple[Mapping[str, Any], ...] | None = None  # plain: each a copy's (SpellCopy)

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> Cast:
        pay = freeze(dict(body["pay"])) if "pay" in body else None
        copies = freeze(list(body["copies"])) if "copies" in body else None
        return cls(**{**body, "pay": pay, "order": tuple(body.get("order", ())), "copies": copies})

    @property
    def spell_copies(self) -> tuple[SpellCopy, ...]:
        """The copies of the spell put on the stack while it is there, in order (707.10)."""
        return tuple(SpellCopy.from_dict(copy) for copy in self.copies or ())


CAST_ABILITIES: dict[str, type] = {Spell.KEY: Spell}
"""The abilities of this module, by key."""
