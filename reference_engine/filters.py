"""Which objects a filter matches, and the value of a characteristic-defining expression."""

from __future__ import annotations

from collections.abc import Iterable

from conformance.scenario import Count, Expression, Filter, Sum
from reference_engine.objects import GameObject


def relation_holds(relation: str | None, player: str | None, you: str) -> bool:
    """``you`` / ``opponent`` relative to ``you``, or a named player."""
    if relation is None:
        return True
    if player is None:
        return False
    if relation == "you":
        return player == you
    if relation == "opponent":
        return player != you
    return player == relation


def matches(f: Filter, obj: GameObject, *, you: str, source: GameObject | None = None) -> bool:
    """Whether ``obj`` has every property the filter asks for.

    Types and colours are the printed ones: layers 1-6 change none of them in format v1, and
    no v1 filter looks at power or toughness, so matching never needs layer 7.
    """
    card = obj.card
    return (
        obj.zone == f.zone
        and all(t in card.types for t in f.types)
        and all(s in card.subtypes for s in f.subtypes)
        and (not f.colors or any(c in card.colors for c in f.colors))
        and relation_holds(f.controller, obj.controller, you)
        and relation_holds(f.owner, obj.owner, you)
        and not (f.other and source is not None and obj.ref == source.ref)
    )


def evaluate(expr: Expression, objects: Iterable[GameObject], *, source: GameObject) -> int:
    """The number an expression of ``source``'s ability stands for (CR 208.2a, 604.3)."""
    objects = list(objects)
    if isinstance(expr, Count):
        return sum(1 for o in objects if matches(expr.filter, o, you=source.you, source=source))
    if isinstance(expr, Sum):
        return sum(evaluate(term, objects, source=source) for term in expr.terms)
    return expr
