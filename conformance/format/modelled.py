"""What the format's schema accepts but the reference engine does not model, refused by the loader.

An engine author must never be judged against a rule the oracle does not implement, so a case
that could bring such a rule into play is refused, with the field named, rather than run. Each
refusal says which rule is missing. What stays accepted is modelled (a golden case shows it), but
for the one inert element: a ``text`` ability, which objects carry, copy, gain, lose and report
and which no step performs (docs/format.md). ``tests/test_modelled.py`` walks the schema and checks
that every element is one or the other.

Some rules can only be seen to apply as a case runs (two legendary permanents with one name after a
copy, say): the reference engine refuses those as it meets them (``reference_engine`` raises
:class:`conformance.errors.Unsupported`), so the case is reported unsupported, never judged.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

Problem = tuple[tuple[Any, ...], str]

NOT_MODELLED_CARD_TYPES = {
    "battle": "battles (CR 310: defense counters, protectors, damage to battles, 704.5v) are not modelled",
}
"""Card types the format names (205.2a) whose rules the reference engine lacks."""

NOT_MODELLED_KEYWORDS: dict[str, str] = {}  # hexproof is modelled since issue 40 (targets.py, 702.11)
"""Keyword abilities the format names whose rules could matter in a case, yet are not modelled."""

KEYWORD_COUNTERS = ("flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
                    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance")
"""Keyword counters (CR 122.1b): a permanent with one has that keyword (613.1f), which the reference
engine does not give it."""

NOT_MODELLED_COUNTERS = {
    **{kind: f"a {kind} counter is a keyword counter (CR 122.1b): the permanent would have {kind} in layer 6, "
             "which the reference engine does not model" for kind in KEYWORD_COUNTERS},
    "shield": "shield counters (CR 122.1: damage and destruction removing one instead) are not modelled",
    "finality": "finality counters (CR 122.1: exiled instead of going to a graveyard) are not modelled",
    "defense": "defense counters belong to battles (CR 310.4), which are not modelled",
    "lore": "lore counters belong to Sagas (CR 714), which are not modelled",
}
"""Kinds of counters on objects with rules the reference engine does not apply. Any other kind is a
plain counter: a P/T counter (+1/+1, -1/-1, +X/+Y: 122.1a, 613.4c) or one with no rule of its own
(charge, time: only the abilities that mention them act on them)."""

REFUSED_ELEMENTS = frozenset({("card_type", f"={name}") for name in NOT_MODELLED_CARD_TYPES}
                             | {("ability_keyword", f"={name}") for name in NOT_MODELLED_KEYWORDS}
                             # "during your turn" (Bloodletter of Aclazotz): no turns of players (event_checks.py)
                             | {("ability_double_life_loss", "during_your_turn")})
"""The schema's elements (definition, value) the loader refuses as a whole (see
:mod:`conformance.format.elements`): no case may use them, so no generator reaches them."""

NOT_MODELLED_SUBTYPES = {
    "Saga": "Sagas (CR 714: chapter abilities, lore counters, 714.4) are not modelled",
}
"""Subtypes whose rules the reference engine lacks."""

_TYPE_KEYS = ("types", "add_types")
_SUBTYPE_KEYS = ("subtypes", "add_subtypes")
_ABILITY_LISTS = ("abilities", "gains", "loses")
_OBJECT_COUNTER_STEPS = ("put_counters", "remove_counters", "double_counters")
_CONDITIONS = ("if_creature", "if_planeswalker")  # 707.9f: copy exceptions under a condition


def problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """Every place in a schema-valid case that names something not modelled, with why."""
    for object_id, spec in raw["objects"].items():
        yield from _walk(spec, ("objects", object_id))
    for index, step in enumerate(raw["steps"]):
        yield from _walk(step, ("steps", index))


def _walk(value: Any, at: tuple[Any, ...]) -> Iterator[Problem]:
    """Look at every mapping under ``value``: card types, subtypes, abilities and counters of
    objects. Players' counters (under ``players``) are never objects' counters."""
    if isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, at + (index,))
        return
    if not isinstance(value, Mapping):
        return
    for key, item in value.items():
        here = at + (key,)
        if key == "players":  # a checkpoint's players: their counters are players' counters
            continue
        if key in _TYPE_KEYS and isinstance(item, list):
            for index, name in enumerate(item):
                if name in NOT_MODELLED_CARD_TYPES:
                    yield (here + (index,), f"not modelled: {NOT_MODELLED_CARD_TYPES[name]}")
        elif key in _SUBTYPE_KEYS and isinstance(item, list):
            for index, name in enumerate(item):
                if name in NOT_MODELLED_SUBTYPES:
                    yield (here + (index,), f"not modelled: {NOT_MODELLED_SUBTYPES[name]}")
        elif key == "keyword" and item in NOT_MODELLED_KEYWORDS:
            yield (here, f"not modelled: {NOT_MODELLED_KEYWORDS[item]}")
            continue
        elif key in ("counters", "enters_with_counters") and isinstance(item, Mapping):
            for kind in item:
                if kind in NOT_MODELLED_COUNTERS:
                    yield (here + (kind,), f"not modelled: {NOT_MODELLED_COUNTERS[kind]}")
            continue
        elif key in _CONDITIONS and isinstance(item, Mapping) and set(_CONDITIONS) & set(item):
            inner = sorted(set(_CONDITIONS) & set(item))[0]
            yield (here + (inner,), "not modelled: a conditional copy exception inside another (CR 707.9f): the "
                                    "reference engine judges conditions once, on the copy without them")
        elif key in _OBJECT_COUNTER_STEPS and isinstance(item, Mapping) and "object" in item:
            kind = item.get("kind")
            if kind in NOT_MODELLED_COUNTERS:
                yield (here + ("kind",), f"not modelled: {NOT_MODELLED_COUNTERS[kind]}")
        yield from _walk(item, here)
