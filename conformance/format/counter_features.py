"""The features of counter and token replacements, "enters with" counters, loyalty abilities and
tokens with given characteristics (issue 18), derived from a case's content: any such ability
anywhere in the case (on a card, gained, in copy exceptions, on a token's card) or such a step.
:mod:`conformance.format.features` adds them to its vocabulary."""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.abilities import LoyaltyAbility
from conformance.format.counters import CounterReplacement, EntersWithCounters, TokenReplacement
from conformance.format.steps import Activate, CreateToken, DoubleCounters, Move, PutCounters, Together
from conformance.format.values import FrozenData

FEATURES: dict[str, str] = {
    "counter-replacements": "static replacement effects on counters put on permanents: twice that many, that many plus N, "
                            "by kind and by whose permanent, for effects only or costs too, several in the affected "
                            "controller's order, each once (CR 614.1a, 614.16, 614.5, 616.1, 122.6)",
    "counter-halving": "\"if an opponent would put one or more counters, they put half that many instead, rounded "
                       "down\" (Vorinclex, Monstrous Raider), in the affected controller's order against doublers and "
                       "plus-N effects, none applying once no counter is left to put (CR 614.1a, 616.1, 616.1e)",
    "token-replacements": "static replacement effects on tokens created: twice that many, that many plus N, several in "
                          "order (CR 614.1a, 614.16, 616.1)",
    "enters-with-counters": "\"this enters with N counters\" abilities, their counters put as it enters (CR 614.1c, 122.6)",
    "loyalty-abilities": "loyalty abilities: a cost putting or removing loyalty counters, once each turn per permanent, "
                         "a negative cost only with enough loyalty (CR 606.3-606.5)",
    "token-creation": "tokens with the characteristics an effect gives, several tokens by one effect, names for those "
                      "a replacement effect adds (CR 111.1, 111.4)",
}
"""The features, with what an engine that declares each must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "counter-replacements": ("614.1a", "614.16", "616.1"),
    "counter-halving": ("614.1a", "616.1"),
    "token-replacements": ("614.1a", "614.16"),
    "enters-with-counters": ("614.1c", "122.6"),
    "loyalty-abilities": ("606.3", "606.4"),
    "token-creation": ("111.1", "111.4"),
}

_ABILITY_FEATURES = {CounterReplacement: "counter-replacements", TokenReplacement: "token-replacements",
                     EntersWithCounters: "enters-with-counters", LoyaltyAbility: "loyalty-abilities"}


def features(case: Any) -> Iterator[str]:
    """The features of this module that ``case`` (a case or board, ``features.CaseContent``) needs."""
    for spec in case.objects:
        yield from _abilities_in(spec.card)
    for step in _steps(case.steps):
        yield from _abilities_in(step)
        if isinstance(step, CreateToken) and (step.card is not None or step.count != 1 or step.tokens):
            yield "token-creation"
        if isinstance(step, (PutCounters, Move, CreateToken, Activate, DoubleCounters)) and step.order:
            yield "replacement-order"
        if isinstance(step, PutCounters) and step.controller is not None:
            yield "counter-replacements"  # "if you would put" (122.6a)


def _steps(steps: tuple[Any, ...]) -> Iterator[Any]:
    for step in steps:
        yield from _steps(step.parts) if isinstance(step, Together) else (step,)


def _abilities_in(value: Any) -> Iterator[str]:
    """The features of every ability of this module inside ``value``, at any depth."""
    found: list[str] = []
    _collect(value, found)
    return iter(found)


_LEAVES = frozenset({str, int, float, bool, type(None)})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""For each dataclass met, the fields whose declared type may hold one of these abilities
(:func:`_fields_to_walk`): the rest (a checkpoint's observations, a filter, numbers) are not walked."""


def _may_hold(hint: Any, open_types: frozenset[type]) -> bool:
    """Whether a value of the declared type ``hint`` may hold an ability of ``_ABILITY_FEATURES`` at
    any depth. What is not understood may (``Any``, an unknown generic, a class that is not a
    dataclass): the walk then goes through it, as it did before it knew the types."""
    if hint in _LEAVES or hint is None or hint is FrozenData:  # FrozenData: plain data, no model object
        return False
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return False
    if origin is not None:  # X | Y, tuple[X, ...], Mapping[K, V], frozenset[X], ...
        return not args or any(_may_hold(arg, open_types) for arg in args if arg is not Ellipsis)
    if not isinstance(hint, type):
        return True  # Any, a type variable, a string not resolved
    if hint in open_types:  # a type inside itself (a together's parts): decided by its other paths
        return False
    if any(issubclass(ability, hint) for ability in _ABILITY_FEATURES):
        return True
    if not dataclasses.is_dataclass(hint):
        return True
    open_types |= {hint}
    return any(_fields_may_hold(kind, open_types) for kind in _with_subclasses(hint))


def _with_subclasses(kind: type) -> list[type]:
    return [kind, *(sub for direct in kind.__subclasses__() for sub in _with_subclasses(direct))]


@functools.lru_cache(maxsize=None)
def _declared(kind: type) -> tuple[tuple[str, Any], ...] | None:
    """Each field of the dataclass ``kind`` with its declared type; ``None`` when an annotation does
    not resolve (then every field is walked)."""
    try:
        hints = typing.get_type_hints(kind)
    except Exception:
        return None
    return tuple((f.name, hints.get(f.name, Any)) for f in dataclasses.fields(kind))


def _fields_may_hold(kind: type, open_types: frozenset[type]) -> bool:
    declared = _declared(kind)
    return declared is None or any(_may_hold(hint, open_types) for _, hint in declared)


def _fields_to_walk(kind: type) -> tuple[str, ...]:
    """The fields of the dataclass ``kind`` that may hold such an ability (by their declared types)."""
    declared = _declared(kind)
    if declared is None:
        return tuple(f.name for f in dataclasses.fields(kind))
    return tuple(name for name, hint in declared if _may_hold(hint, frozenset({kind})))


def _collect(value: Any, found: list[str], walked: dict[type, tuple[str, ...]] = _FIELD_NAMES,
             fields: Any = _fields_to_walk) -> None:
    """Appends to ``found`` the features of the abilities inside ``value``; of a dataclass, the
    fields ``fields(kind)`` names are walked (kept in ``walked``, by kind)."""
    kind = type(value)
    if kind in _LEAVES:
        return
    if kind in _ABILITY_FEATURES:
        found.append(_ABILITY_FEATURES[kind])
        if kind is CounterReplacement and value.mode == "half":
            found.append("counter-halving")
    names = walked.get(kind)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = walked[kind] = fields(kind)
    if names is not None:
        for name in names:
            _collect(getattr(value, name), found, walked, fields)
    elif isinstance(value, (tuple, list)):
        for item in value:
            _collect(item, found, walked, fields)
    elif isinstance(value, Mapping):
        for item in value.values():
            _collect(item, found, walked, fields)
