"""Filters and expressions: which objects an effect matches (CR 109, 205) and the numbers a
characteristic-defining ability or an effect counts (CR 604.3, 208.2, 107.3), with their arithmetic
(107.1: the greatest value among objects, half rounded up or down, twice, negation, differences)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Union

from conformance.format.frozen import frozen
from conformance.format.values import is_mapping


@frozen
class Filter:
    """Objects matching every given condition (absent conditions match anything).

    ``controller``/``owner`` are ``you``, ``opponent`` (relative to whoever controls the ability
    or effect) or a player's name. ``other`` excludes the object the ability is on.
    ``controller: chosen`` is the player chosen as the ability's object entered (CR 208.2a);
    ``not_types`` excludes objects with any of those card types ("noncreature", 205.4);
    ``itself`` matches only the object the ability is on ("this creature"). ``zone`` is one zone
    or several (a tuple): "a source you control" is a permanent or a spell you control,
    ``zone: [battlefield, stack]`` (a spell has a controller, CR 108.4, 112.1).
    """

    zone: str | tuple[str, ...] = "battlefield"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    controller: str | None = None
    owner: str | None = None
    other: bool = False
    not_types: tuple[str, ...] = ()
    itself: bool = False
    # Issue 40: only the object the ability's Aura or Equipment is attached to ("enchanted",
    # "equipped", CR 303.4b, 301.5a); ``None`` (absent, left out of the plain form) or true.
    attached: bool | None = None
    chosen_type: bool | None = None  # "of the chosen type" (614.12, issue 40: entering_choices.py)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Filter:
        return cls(**{k: tuple(v) if type(v) is list else v for k, v in data.items()})


@frozen
class Count:
    """The number of objects matching ``filter``."""

    filter: Filter


@frozen
class Sum:
    """The sum of its terms."""

    terms: tuple[Expression, ...]


@frozen
class CardTypes:
    """The number of card types among the objects matching ``filter`` ("card types among cards
    in all graveyards", CR 205.2a)."""

    filter: Filter


@frozen
class Life:
    """A player's life total (CR 119): ``you``, ``chosen`` (CR 208.2a) or a player's name."""

    player: str


X = "X"
"""The value of X chosen as an activated ability is activated (CR 107.3), in its effect."""

MANA_VALUE = "mana_value"
"""The mana value of the object whose characteristic is being determined (CR 202.3)."""


GREATEST_OF = ("power", "toughness", "mana_value")
"""What :class:`Greatest` compares: ``greatest_power``, ``greatest_toughness``, ``greatest_mana_value``."""

ROUNDING = ("up", "down")
"""How :class:`Half` rounds (CR 107.1a: a card that can make a fraction says which way)."""


@frozen
class Greatest:
    """The greatest ``of`` (power, toughness or mana value) among the objects matching ``filter``
    ("the greatest power among creatures you control"): negative values compare as they are
    (107.1b); among no objects it is 0 (a number that can't be determined, 208.2a)."""

    of: str
    filter: Filter


@frozen
class Half:
    """Half of ``of``, rounded ``round`` (``up`` or ``down``, CR 107.1a)."""

    of: Expression
    round: str


@frozen
class Twice:
    """Twice ``of`` (107.1)."""

    of: Expression


@frozen
class Negative:
    """Minus ``of``: the sign of "-X/-X" (107.1b: a value may be negative)."""

    of: Expression


@frozen
class Difference:
    """``minuend`` minus ``subtrahend``, negative when the second is greater (107.1b)."""

    minuend: Expression
    subtrahend: Expression


Expression = Union[int, str, Count, Sum, CardTypes, Life, Greatest, Half, Twice, Negative, Difference]


def expression_from(data: Any) -> Expression:
    if is_mapping(data):
        if "count" in data:
            return Count(Filter.from_dict(data["count"]))
        if "card_types" in data:
            return CardTypes(Filter.from_dict(data["card_types"]))
        if "life" in data:
            return Life(data["life"])
        if "half" in data:
            return Half(expression_from(data["half"]), data["round"])
        if "twice" in data:
            return Twice(expression_from(data["twice"]))
        if "negative" in data:
            return Negative(expression_from(data["negative"]))
        if "difference" in data:
            return Difference(*(expression_from(t) for t in data["difference"]))
        for of in GREATEST_OF:
            if f"greatest_{of}" in data:
                return Greatest(of, Filter.from_dict(data[f"greatest_{of}"]))
        return Sum(tuple(expression_from(t) for t in data["sum"]))
    if data in (X, MANA_VALUE):
        return data
    return int(data)


def operands(expr: Expression) -> tuple[Expression, ...]:
    """The expressions ``expr`` is computed from (a sum's terms, what is halved, doubled, negated or
    subtracted); none for a number, a count, a life total, X or a mana value."""
    if isinstance(expr, Sum):
        return expr.terms
    if isinstance(expr, (Half, Twice, Negative)):
        return (expr.of,)
    if isinstance(expr, Difference):
        return (expr.minuend, expr.subtrahend)
    return ()


def with_operands(expr: Expression, new: tuple[Expression, ...]) -> Expression:
    """``expr`` computed from ``new`` instead of its :func:`operands`."""
    if isinstance(expr, Sum):
        return Sum(new)
    if isinstance(expr, Half):
        return Half(new[0], expr.round)
    if isinstance(expr, (Twice, Negative)):
        return type(expr)(new[0])
    if isinstance(expr, Difference):
        return Difference(*new)
    return expr


def plain_operands(data: Any) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The operands of an expression in its plain form, each with its path under it."""
    if not is_mapping(data):
        return
    for key in ("sum", "difference"):
        for index, term in enumerate(data.get(key, ())):
            yield (key, index), term
    for key in ("half", "twice", "negative"):
        if key in data:
            yield (key,), data[key]


FILTER_KEYS = ("count", "card_types", *(f"greatest_{of}" for of in GREATEST_OF))
"""The keys of the plain expressions that hold a filter."""


def plain_filters(data: Any) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The filters of an expression in its plain form and of its operands, each with its path."""
    if is_mapping(data):
        for key in FILTER_KEYS:
            if key in data:
                yield (key,), data[key]
    for at, term in plain_operands(data):
        for inner, f in plain_filters(term):
            yield at + inner, f


def plain_terms(data: Any) -> Iterator[Any]:
    """The plain expression and every expression inside it."""
    yield data
    for _, term in plain_operands(data):
        yield from plain_terms(term)
