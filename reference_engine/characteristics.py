"""An object's characteristics (CR 109.3) as the layers build them, and what snapshots report.

:class:`Values` are the characteristics layers 1-6 act on: the copiable values after layer 1
(613.2c), then the characteristics after layer 6. Power and toughness here are the printed or
copied values (a star is still ``"*"``); layer 7 turns them into numbers. :class:`Characteristics`
adds what is not a copiable value: zone, controller, face-down status.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.format import subtypes as cr_subtypes
from conformance.format.frozen import frozen
from conformance.format.model import Card, Keyword, plain_ability
from conformance.format.subtypes import ALL_CREATURE_TYPES

# ALL_CREATURE_TYPES: how the ``subtypes`` observable shows every creature type (205.3m, 702.73a).

CARD_TYPES_ORDER = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
                    "sorcery")

SPELL_CARD_TYPES = frozenset({"instant", "sorcery"})
"""The card types of cards that can't be permanents (400.4a, 304.4, 307.4)."""


@frozen
class Values:
    """The values of an object's characteristics that layers 1-6 set (CR 613.1a-f).

    ``abilities`` pairs each ability with the timestamp of the effect that granted it (``None``
    for an ability of its copiable values), which a static ability's effects use (613.7a).
    ``every_creature_type`` is set by changeling (702.73a) and cleared by an effect that sets the
    object's creature types (205.1a).

    ``subtypes`` and ``every_creature_type`` are what effects have given it, kept as they are given:
    the object *has* those of them that correspond to its card types at that point (205.3d; 205.1a:
    a subtype of a card type it lost is gone while it lacks that type), :attr:`has_subtypes` and
    :attr:`has_every_creature_type`. So a noncreature artifact made "an Illusion in addition to its
    other types" has no creature type, and is an Illusion once an effect makes it a creature.
    """

    name: str | None = None
    mana_cost: str | None = None
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    abilities: tuple[tuple[Any, int | None], ...] = ()
    power: int | str | None = None
    toughness: int | str | None = None
    every_creature_type: bool = False
    loyalty: int | None = None  # printed loyalty (209.1), a copiable value (707.2, 109.3)
    flip: Any = None  # a flip card's alternative characteristics (710.1b), part of its copiable values (707.3)

    @classmethod
    def printed(cls, card: Card) -> Values:
        """A card's printed characteristics: where evaluation starts (CR 613.1)."""
        cached = _PRINTED.get(id(card))
        if cached is not None and cached[0] is card:
            return cached[1]
        values = cls(name=card.name, mana_cost=card.mana_cost, colors=card.colors, types=card.types,
                     subtypes=card.subtypes, supertypes=card.supertypes,
                     abilities=tuple((a, None) for a in card.abilities), power=card.power, toughness=card.toughness,
                     loyalty=card.loyalty, flip=card.flip)
        _remember(_PRINTED, card, values)
        return values

    @property
    def has_subtypes(self) -> tuple[str, ...]:
        """Its subtypes: those it was given that correspond to one of its card types (205.3c-d)."""
        return cr_subtypes.corresponding(self.subtypes, self.types)

    @property
    def has_every_creature_type(self) -> bool:
        """Whether it is every creature type (702.73a): only a creature or a kindred has creature
        types (205.3d, 205.3m)."""
        return self.every_creature_type and cr_subtypes.has_creature_types(self.types)

    def with_(self, **changes: Any) -> Values:
        """A copy with ``changes``, as ``dataclasses.replace`` makes it, at half its cost (the layers
        make one for every part of every effect on every object they apply it to)."""
        if not changes.keys() <= _FIELDS:
            return dataclasses.replace(self, **changes)  # (which says what is wrong)
        get = changes.get
        return Values(name=get("name", self.name), mana_cost=get("mana_cost", self.mana_cost),
                      colors=get("colors", self.colors), types=get("types", self.types),
                      subtypes=get("subtypes", self.subtypes), supertypes=get("supertypes", self.supertypes),
                      abilities=get("abilities", self.abilities), power=get("power", self.power),
                      toughness=get("toughness", self.toughness),
                      every_creature_type=get("every_creature_type", self.every_creature_type),
                      loyalty=get("loyalty", self.loyalty), flip=get("flip", self.flip))

    def has_ability(self, kind: type) -> list[Any]:
        """Its abilities of ``kind``."""
        return [a for a, _ in self.abilities if isinstance(a, kind)]

    @property
    def ability_list(self) -> tuple[Any, ...]:
        return tuple(a for a, _ in self.abilities)

    def has_keyword(self, keyword: str) -> bool:
        return any(isinstance(a, Keyword) and a.keyword == keyword for a, _ in self.abilities)


_FIELDS = frozenset(field.name for field in dataclasses.fields(Values))

_PRINTED: dict[int, tuple[Any, Values]] = {}
_PLAIN: dict[int, tuple[Any, dict[str, Any]]] = {}
_PLAIN_BY_VALUE: dict[Any, dict[str, Any]] = {}


def _remember(cache: dict[int, tuple[Any, Any]], key: Any, value: Any) -> None:
    """Cache ``value`` for the object ``key`` (by identity, kept alive by the entry; bounded)."""
    if len(cache) > 4096:
        cache.clear()
    cache[id(key)] = (key, value)


def plain(ability: Any) -> dict[str, Any]:
    """An ability's plain form (cached by identity, then by value: abilities are immutable, and
    equal ones recur from case to case)."""
    known = _PLAIN.get(id(ability))
    if known is not None and known[0] is ability:
        return known[1]
    try:
        cached = _PLAIN_BY_VALUE.get(ability)
    except TypeError:  # an unhashable ability: cached by identity only
        cached = plain_ability(ability)
    else:
        if cached is None:
            if len(_PLAIN_BY_VALUE) > 4096:
                _PLAIN_BY_VALUE.clear()
            cached = _PLAIN_BY_VALUE[ability] = plain_ability(ability)
    _remember(_PLAIN, ability, cached)
    return cached


EMPTY = Values()
"""A token's values before the effect that made it applies (it has no printed values, 613.1)."""


@frozen
class Characteristics:
    """An object's characteristics after layers 1-6 (``values``), its copiable values (after layer
    1, 613.2c), and the rest a filter or a snapshot looks at."""

    values: Values
    copiable: Values
    zone: str | None
    owner: str
    controller: str | None
    face_down: bool
    ref: tuple[str, int]


def observe(chars: Characteristics) -> dict[str, Any]:
    """The characteristic observables of a snapshot (docs/engines.md): name, mana cost, colours,
    card types, subtypes, supertypes, abilities, face-down status."""
    values = chars.values
    subtypes = sorted(values.has_subtypes)  # 205.3d: only those of its card types, in every zone
    if values.has_every_creature_type:
        subtypes = sorted({*subtypes, ALL_CREATURE_TYPES})
    return {
        "name": values.name,
        "mana_cost": values.mana_cost,
        "colors": [c for c in "WUBRG" if c in values.colors],
        "types": [t for t in CARD_TYPES_ORDER if t in values.types],
        "subtypes": subtypes,
        "supertypes": sorted(values.supertypes),
        "abilities": [plain(a) for a, _ in values.abilities],
        "face_down": chars.face_down,
    }
