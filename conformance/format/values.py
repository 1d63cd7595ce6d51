"""Plain values made immutable and back: the frozen mappings and tuples a case is made of."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NewType

FrozenData = NewType("FrozenData", object)
"""In an annotation: plain data made immutable by :func:`freeze` (read-only mappings, tuples, words,
numbers, booleans, ``None``), never a model object (what a checkpoint observes is such data)."""


def is_mapping(value: Any) -> bool:
    """``isinstance(value, Mapping)``, quick for the plain types a case is made of."""
    kind = type(value)
    return kind is dict or (kind not in _NOT_MAPPINGS and isinstance(value, Mapping))


_NOT_MAPPINGS = frozenset({int, str, bool, list, tuple, float, type(None)})

FROZEN_EMPTY: Mapping[str, Any] = MappingProxyType({})


def frozen_counts(counts: Mapping[str, int] | None) -> Mapping[str, int]:
    """A read-only copy of counts by kind (counters, mana), the shared empty one for none."""
    return MappingProxyType(dict(counts)) if counts else FROZEN_EMPTY


def freeze(value: Any) -> Any:
    """Deep-freeze plain data: mappings become read-only, lists become tuples."""
    if type(value) is dict and not value:
        return FROZEN_EMPTY  # read-only, so one serves every empty mapping
    if is_mapping(value):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`: plain dicts and lists, ready for JSON."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value
