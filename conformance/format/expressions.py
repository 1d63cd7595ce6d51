"""Filters and expressions: which objects an effect matches (CR 109, 205) and the numbers a
characteristic-defining ability or an effect counts (CR 604.3, 208.2, 107.3)."""

from __future__ import annotations

from collections.abc import Mapping
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


Expression = Union[int, str, Count, Sum, CardTypes, Life]


def expression_from(data: Any) -> Expression:
    if is_mapping(data):
        if "count" in data:
            return Count(Filter.from_dict(data["count"]))
        if "card_types" in data:
            return CardTypes(Filter.from_dict(data["card_types"]))
        if "life" in data:
            return Life(data["life"])
        return Sum(tuple(expression_from(t) for t in data["sum"]))
    if data in (X, MANA_VALUE):
        return data
    return int(data)
