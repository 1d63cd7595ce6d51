"""The plain JSON form of model values: what engines receive, every default explicit (or, compact,
only what a case file says)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from conformance.format.expressions import CardTypes, Count, Difference, Greatest, Half, Life, Negative, Sum, Twice
from conformance.format.values import thaw


def _is_default(f: dataclasses.Field, item: Any) -> bool:
    """Whether ``item`` is ``f``'s default and says nothing: false, or empty (a number or a word
    at its default stays: the format may require it, as ``modify_pt`` requires one of its amounts)."""
    if item is not False and not (isinstance(item, (tuple, list, dict, frozenset, set, Mapping)) and not item):
        return False
    if f.default is not dataclasses.MISSING:
        return item == f.default
    if f.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
        return item == f.default_factory()  # type: ignore[misc]
    return False


def plain_value(value: Any, skip: tuple[str, ...] = (), compact: bool = False) -> Any:
    """Plain JSON data for a model value; ``None`` fields are left out (``compact``: so are fields
    at their default). What to do with a value is decided once per type (:func:`_how`): the
    engines' input of every generated example is made here (issue 22)."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    how = _HOW.get(kind)
    if how is None:
        how = _HOW[kind] = _how(value)
    if how is _THAW:
        return thaw(value)
    if how is _TO_PLAIN:
        return value.to_plain()
    if how is _EXPRESSION:
        return _plain_expression(value, compact)
    out = {}
    for f, name, ability in how:  # a dataclass: its fields
        item = getattr(value, name)
        if item is None or (skip and name in skip) or (compact and _is_default(f, item)):
            continue
        if ability:
            out[name] = [{a.KEY: plain_value(a, compact=compact)} for a in item]
        else:
            out[name] = item if type(item) in _LEAVES else plain_value(item, compact=compact)
    return out


def _plain_expression(value: Any, compact: bool) -> Any:
    """An expression's plain form (conformance.format.expressions)."""
    if isinstance(value, (Count, Sum)):
        return {"count": plain_value(value.filter, compact=compact)} if isinstance(value, Count) else {
            "sum": [plain_value(t, compact=compact) for t in value.terms]}
    if isinstance(value, CardTypes):
        return {"card_types": plain_value(value.filter, compact=compact)}
    if isinstance(value, Greatest):  # issue 41: arithmetic (107.1)
        return {f"greatest_{value.of}": plain_value(value.filter, compact=compact)}
    if isinstance(value, Half):
        return {"half": plain_value(value.of, compact=compact), "round": value.round}
    if isinstance(value, (Twice, Negative)):
        return {"twice" if isinstance(value, Twice) else "negative": plain_value(value.of, compact=compact)}
    if isinstance(value, Difference):
        return {"difference": [plain_value(value.minuend, compact=compact), plain_value(value.subtrahend, compact=compact)]}
    return {"life": value.player}


_LEAVES = frozenset({str, int, float, bool, type(None)})
_THAW, _TO_PLAIN, _EXPRESSION = object(), object(), object()
_HOW: dict[type, Any] = {}
"""Per type of value, how it is made plain: thawed, its ``to_plain()``, an expression, or the
fields of a dataclass (each with its name and whether it holds abilities)."""


def _how(value: Any) -> Any:
    if isinstance(value, (Count, Sum, CardTypes, Life, Greatest, Half, Twice, Negative, Difference)):
        return _EXPRESSION
    if hasattr(value, "to_plain"):
        return _TO_PLAIN
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple((f, f.name, f.name in ABILITY_FIELDS) for f in dataclasses.fields(value))
    return _THAW


ABILITY_FIELDS = ("abilities", "gains", "loses")
"""Fields holding abilities, written ``{KEY: body}`` in plain form."""


def plain_ability(ability: Any) -> dict[str, Any]:
    """An ability in its plain form ``{key: body}``, every default explicit: what a case file
    gives, and what engines report in the ``abilities`` observable."""
    return {ability.KEY: plain_value(ability)}
