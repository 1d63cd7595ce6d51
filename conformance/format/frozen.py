"""Frozen dataclasses that are quick to make.

``@frozen`` is ``@dataclass(frozen=True, slots=True)`` with one difference: its ``__init__`` sets
each field through the field's slot descriptor, where the dataclass's own goes through
``object.__setattr__`` (its way around the frozen ``__setattr__``) at about twice the cost. A case
is parsed into tens of these, and the reference engine makes tens more for every case it runs
(effects, characteristics, power and toughness), so this is a few percent of the engine's rate
(issue 7's benchmarks, docs/benchmarks.md). Fields, equality, hashing, ``repr``, ``dataclasses.replace`` and pickling
are the dataclass's own; a class with ``__post_init__`` or init-only variables keeps the
dataclass's ``__init__``.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, TypeVar

T = TypeVar("T")

_FACTORY = object()
"""Stands for a field's default in the signature when a default factory makes it."""


def frozen(cls: type[T] | None = None, /, *, kw_only: bool = False) -> Any:
    """``dataclass(frozen=True, slots=True, kw_only=kw_only)``, made by a quicker ``__init__``."""

    def wrap(cls: type[T]) -> type[T]:
        made = dataclasses.dataclass(cls, frozen=True, slots=True, kw_only=kw_only)
        init = _slot_init(made)
        if init is not None:
            made.__init__ = init  # type: ignore[misc]
        return made

    return wrap if cls is None else wrap(cls)


def _slot_init(cls: type) -> Any:
    """An ``__init__`` with the signature of ``cls``'s dataclass ``__init__`` that stores each field
    with its slot's ``__set__``; ``None`` when the dataclass's own must stay."""
    if hasattr(cls, "__post_init__"):
        return None
    names = {"_FACTORY": _FACTORY, "__name__": cls.__module__}
    positional, keyword, body = [], [], []
    for f in dataclasses.fields(cls):
        slot = next(base.__dict__[f.name] for base in cls.__mro__ if f.name in base.__dict__)
        names[f"_set_{f.name}"] = slot.__set__
        if f.default_factory is not dataclasses.MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            value = f"_factory_{f.name}()"
            if f.init:
                value, default = f"{value} if {f.name} is _FACTORY else {f.name}", "_FACTORY"
        elif f.default is not dataclasses.MISSING:
            names[f"_default_{f.name}"] = f.default
            value = default = f"_default_{f.name}"
            if f.init:
                value = f.name
        else:
            value, default = f.name, None
        if f.init:
            (keyword if f.kw_only else positional).append(f.name if default is None else f"{f.name}={default}")
        body.append(f"    _set_{f.name}(self, {value})\n")
    if [p.split("=")[0] for p in (*positional, *keyword)] != list(inspect.signature(cls.__init__).parameters)[1:]:
        return None  # init-only variables (dataclasses.InitVar) are parameters but not fields
    parameters = ["self", *positional, *(["*", *keyword] if keyword else [])]
    source = f"def __init__({', '.join(parameters)}):\n{''.join(body) or '    pass'}\n"
    exec(source, names)  # noqa: S102 - the source is built from the class's own field names
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = dict(cls.__init__.__annotations__)
    return init
