"""The subtypes of the Comprehensive Rules 2025-09-19 by kind, and which card types they correspond to.

CR 205.3g-205.3k, 205.3m and 205.3q list the artifact, enchantment, land, planeswalker, spell,
creature and battle types; ``data/subtypes.json`` holds those lists (with where they were read and
what could not be verified). Each subtype is correlated to its card type (205.3c): creature types to
creature and kindred, spell types to instant and sorcery, the others to the card type of their name.

What they are for:

- 205.1a: an effect that sets an object's subtypes replaces only its subtypes of the same kind
  (:func:`replace_subtypes`): a Dryad Arbor that becomes a Frog is a Forest Frog;
- 205.3d (and 205.1a for a removed card type): an object has only the subtypes that correspond to
  one of its card types (:func:`corresponding`), and every creature type only if it is a creature or
  a kindred (702.73a, :func:`has_creature_types`);
- the loader refuses a subtype in none of the lists (:func:`problems`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from importlib import resources
from typing import Any

from conformance.errors import Unsupported

ALL_CREATURE_TYPES = "all creature types"
"""How a checkpoint's ``subtypes`` says that an object has every creature type (702.73a)."""

_DATA = json.loads(resources.files("conformance").joinpath("data/subtypes.json").read_text(encoding="utf-8"))
CR_DATE: str = _DATA["cr"]
KINDS: dict[str, tuple[str, ...]] = {kind: tuple(body["subtypes"]) for kind, body in _DATA["kinds"].items()}
"""Each kind's subtypes, in the CR's order: ``artifact`` (205.3g), ``enchantment`` (205.3h), ``land``
(205.3i), ``planeswalker`` (205.3j), ``spell`` (205.3k), ``creature`` (205.3m), ``battle`` (205.3q)."""
RULES: dict[str, str] = {kind: body["rule"] for kind, body in _DATA["kinds"].items()}
CORRESPONDS_TO: dict[str, frozenset[str]] = {kind: frozenset(body["corresponds_to"])
                                            for kind, body in _DATA["kinds"].items()}
"""The card types each kind of subtype corresponds to (205.3c)."""
KIND_OF: dict[str, str] = {subtype: kind for kind, names in KINDS.items() for subtype in names}
CREATURE_TYPES: frozenset[str] = frozenset(KINDS["creature"])


def kind_of(subtype: str) -> str | None:
    """The kind of ``subtype`` (``creature``, ``land``, ...), ``None`` if it is in none of the lists."""
    return KIND_OF.get(subtype)


def _known(subtype: str) -> str:
    kind = KIND_OF.get(subtype)
    if kind is None:
        raise Unsupported(f"{subtype!r} is not a subtype of the CR {CR_DATE} (205.3g-205.3m, 205.3q)")
    return kind


def corresponds(subtype: str, types: Iterable[str]) -> bool:
    """205.3c-d: whether ``subtype`` corresponds to one of the card types ``types``."""
    return not CORRESPONDS_TO[_known(subtype)].isdisjoint(types)


def corresponding(subtypes: tuple[str, ...], types: tuple[str, ...]) -> tuple[str, ...]:
    """The subtypes an object with card types ``types`` has of ``subtypes`` (205.3d; 205.1a: those of
    a card type it no longer has are gone while it lacks that type)."""
    if not subtypes:
        return subtypes
    kept = tuple(s for s in subtypes if corresponds(s, types))
    return subtypes if len(kept) == len(subtypes) else kept


def has_creature_types(types: Iterable[str]) -> bool:
    """Whether an object with card types ``types`` can have creature types (205.3m: creatures and
    kindreds), so whether changeling's "every creature type" (702.73a) gives it any."""
    return not CORRESPONDS_TO["creature"].isdisjoint(types)


def replace_subtypes(current: tuple[str, ...], given: tuple[str, ...]) -> tuple[str, ...]:
    """205.1a: ``given`` set as the object's subtypes replace those of ``current`` of the same kinds
    (creature types replace creature types; its land types, artifact types ... stay)."""
    kinds = {_known(s) for s in given}
    return tuple(s for s in current if _known(s) not in kinds) + tuple(dict.fromkeys(given))


def sets_creature_types(given: tuple[str, ...]) -> bool:
    """Whether subtypes ``given`` by an effect include a creature type: only then do they replace
    every creature type an object has (205.1a, 702.73a)."""
    return any(_known(s) == "creature" for s in given)


# --- the loader's checks ---------------------------------------------------------------------------

_SUBTYPE_KEYS = ("subtypes", "add_subtypes")


def problems(raw: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every subtype a case names (cards, effects, copy exceptions, filters, checkpoints) is one of
    the CR's lists; an effect that sets subtypes names some; a card's printed subtypes correspond to
    its printed card types (205.3c)."""
    for object_id, spec in raw.get("objects", {}).items():
        card = spec.get("card", {})
        for index, subtype in enumerate(card.get("subtypes", [])):
            kind = KIND_OF.get(subtype)
            if kind is not None and not corresponds(subtype, card.get("types", [])):
                yield (("objects", object_id, "card", "subtypes", index),
                       f"{subtype!r} is {_a(kind)} type ({RULES[kind]}), which a card with card types "
                       f"{card.get('types', [])} can't have: a subtype corresponds to one of its card types "
                       f"(CR 205.3c, 205.3d)")
    yield from _walk(raw, ())


def _walk(node: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _SUBTYPE_KEYS and isinstance(value, list):
                yield from _named(value, at + (key,), checkpoint="expect" in at)
                if key == "subtypes" and not value and _sets(at):
                    yield (at + (key,), "an effect setting subtypes names at least one: it replaces the subtypes "
                                        "of their kinds (CR 205.1a); an empty list is not modelled")
            else:
                yield from _walk(value, at + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, at + (index,))


def _sets(at: tuple[Any, ...]) -> bool:
    """Whether ``at`` is a CHANGE or copy exceptions (where an effect gives subtypes), not a card,
    a filter or a checkpoint: a ``become`` step or effect, a static ability's ``becomes``, and
    ``exceptions`` with their ``if_creature`` and ``if_planeswalker`` parts."""
    return bool(at) and at[-1] in ("become", "becomes", "exceptions", "if_creature", "if_planeswalker")


def _named(values: list[Any], at: tuple[Any, ...], *, checkpoint: bool) -> Iterator[tuple[tuple[Any, ...], str]]:
    for index, subtype in enumerate(values):
        if not isinstance(subtype, str) or subtype in KIND_OF or (checkpoint and subtype == ALL_CREATURE_TYPES):
            continue
        hint = " (write its apostrophe as ')" if "\u2019" in subtype and subtype.replace("\u2019", "'") in KIND_OF else ""
        yield (at + (index,), f"{subtype!r} is not a subtype of the CR {CR_DATE} (rules 205.3g-205.3m, 205.3q){hint}")


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"
