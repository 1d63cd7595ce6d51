"""What an object becomes (CR 613.1, 205.1): the parts of a ``become`` step or a ``static``
ability's ``becomes``, each in Oracle words, in the order of their layers (613.1b-f, 613.4b).

Each part is a :class:`Clause`: its predicate for one object ("becomes red"), for several
("become red") and for a static ability ("are red"). Types set replace the object's card types
(205.1a: "becomes an artifact creature"); types added keep them ("in addition to its other
types", 205.1b); creature types set replace its creature types ("becomes a Goblin", 205.1a).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from conformance.format.subtypes import kind_of
from conformance.oracle.errors import NoOracleWording
from conformance.oracle.objects import quantity
from conformance.oracle.words import article, colors, keyword, series

SUPERTYPE_ORDER = ("legendary", "basic", "snow", "world")
"""Supertypes in the order printed before card types (CR 205.4a)."""
CARD_TYPE_ORDER = ("artifact", "enchantment", "land", "planeswalker", "creature")
"""Card types in the order printed ("artifact creature", "enchantment creature", CR 205.2)."""

PLURALS = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves", "Fungus": "Fungi",
           "Octopus": "Octopuses", "Sphinx": "Sphinxes", "Fox": "Foxes", "Ox": "Oxen", "Homunculus": "Homunculi",
           "Mouse": "Mice", "Thief": "Thieves"}
"""Creature types whose plural is irregular in Oracle text ("Other Elves you control ...")."""


def subtype_plural(subtype: str) -> str:
    """"Goblin" -> "Goblins", "Elf" -> "Elves"."""
    if subtype in PLURALS:
        return PLURALS[subtype]
    if subtype.endswith(("s", "x", "z", "ch", "sh", "y")):
        raise NoOracleWording(f"the plural of the creature type {subtype!r}")
    return subtype + "s"


@dataclass(frozen=True)
class Clause:
    """One part of a change: ``one`` ("becomes red"), ``many`` ("become red"; ``None`` when it has
    no plural wording here) and ``static`` ("are red", "have flying")."""

    one: str
    many: str | None
    static: str | None


def _ordered(values: Any, order: tuple[str, ...], what: str) -> list[str]:
    values = list(values or ())
    unknown = set(values) - set(order)
    if unknown:
        raise NoOracleWording(f"{what} {sorted(unknown)}")
    return [v for v in order if v in values]


def type_clauses(change: Mapping[str, Any]) -> list[Clause]:
    """Layer 4 (CR 613.1d, 205.1): types, subtypes and supertypes set or added."""
    out = []
    if change.get("supertypes") not in (None,):
        raise NoOracleWording("supertypes set by an effect")
    types = change.get("types")
    subtypes = change.get("subtypes")
    if types is not None:  # 205.1a: the new card types replace the old ones
        ordered = _ordered(types, CARD_TYPE_ORDER, "the card types")
        if not ordered:
            raise NoOracleWording("an object becoming no card type")
        subs = list(subtypes or ())
        noun = " ".join([*subs, *ordered])
        many = None if subs else " ".join(ordered) + "s"
        out.append(Clause(f"becomes {article(noun)}", None if many is None else f"become {many}",
                          None if many is None else f"are {many}"))
        subtypes = None
    if subtypes is not None:  # 205.1a: creature types set replace the old creature types
        if not subtypes or any(kind_of(s) != "creature" for s in subtypes):
            raise NoOracleWording(f"the subtypes {list(subtypes)} set", "only creature types are set in words")
        try:
            many = " ".join([*subtypes[:-1], subtype_plural(subtypes[-1])])
        except NoOracleWording:
            many = None
        out.append(Clause(f"becomes {article(' '.join(subtypes))}", None if many is None else f"become {many}",
                          None if many is None else f"are {many}"))
    supers = _ordered(change.get("add_supertypes"), SUPERTYPE_ORDER, "the supertypes")
    subs = list(change.get("add_subtypes") or ())
    added = _ordered(change.get("add_types"), CARD_TYPE_ORDER, "the card types")
    if supers or subs or added:  # 205.1b
        nouns = [*subs, *added]
        one = " ".join([*supers, *nouns])
        if nouns:
            one = article(one)
        if added:
            many = " ".join([*supers, *subs, *added]) + "s"
        elif subs:
            try:
                many = " ".join([*supers, *subs[:-1], subtype_plural(subs[-1])])
            except NoOracleWording:
                many = None
        else:
            many = " ".join(supers)
        many_text = None if many is None else f"{many} in addition to their other types"
        out.append(Clause(f"becomes {one} in addition to its other types",
                          None if many_text is None else f"become {many_text}",
                          None if many_text is None else f"are {many_text}"))
    return out


def color_clause(change: Mapping[str, Any]) -> list[Clause]:
    """Layer 5 (CR 613.1e, 105.2): "becomes white and blue", "becomes colorless"."""
    if change.get("colors") is None:
        return []
    words = colors(change["colors"])
    return [Clause(f"becomes {words}", f"become {words}", f"are {words}")]


def ability_clauses(change: Mapping[str, Any], render: Callable[[Mapping[str, Any]], str] | None = None) -> list[Clause]:
    """Layer 6 (CR 613.1f): "loses all abilities", "gains flying", "loses flying"; an ability
    other than a keyword is quoted, as ``render`` words it ('gains "{T}: Add {G}."')."""
    out = []
    if change.get("loses_all_abilities"):
        out.append(Clause("loses all abilities", "lose all abilities", "lose all abilities"))
    for key, (one, many, static) in (("gains", ("gains", "gain", "have")), ("loses", ("loses", "lose", "lose"))):
        for ability in change.get(key) or ():
            if isinstance(ability, Mapping) and set(ability) == {"keyword"}:
                word = ability["keyword"]
            elif isinstance(ability, Mapping) and set(ability) == {"protection"}:
                quality = ability["protection"]  # "the chosen color": 614.12 (issue 40)
                word = f"protection from {'the chosen color' if quality == 'chosen_color' else quality}"
            elif render is not None and key == "gains":
                word = f'"{render(ability)}"'
            else:
                raise NoOracleWording(f"an effect that {one} {dict(ability)}")
            out.append(Clause(f"{one} {word}", f"{many} {word}", f"{static} {word}"))
    return out


def pt_clause(change: Mapping[str, Any], *, self_name: str = "this creature") -> list[Clause]:
    """Layer 7b (CR 613.4b): "has base power and toughness 1/1", "has base power 4"."""
    p, t = change.get("power"), change.get("toughness")
    if p is None and t is None:
        return []
    if p is not None and t is not None:
        if isinstance(p, int) and isinstance(t, int):
            what = f"base power and toughness {p}/{t}"
        elif p == t:
            what = f"base power and toughness each equal to {quantity(p, self_name=self_name)}"
        else:
            raise NoOracleWording("base power and toughness set to two different expressions")
    elif p is not None:
        what = f"base power {quantity(p, self_name=self_name)}"
    else:
        what = f"base toughness {quantity(t, self_name=self_name)}"
    their = what.replace("its mana value", "their mana value")  # several objects: each its own (202.3)
    return [Clause(f"has {what}", f"have {their}", f"have {their}")]


def clauses(change: Mapping[str, Any], render: Callable[[Mapping[str, Any]], str] | None = None) -> list[Clause]:
    """Every part of a change in the order of its layers (CR 613.1d-f, 613.4b); control
    (``gain_control``, layer 2) is a sentence of its own: see :func:`control_sentence`."""
    out = [*type_clauses(change), *color_clause(change), *ability_clauses(change, render), *pt_clause(change)]
    if not out and not change.get("gain_control"):
        raise NoOracleWording("a change that changes nothing")
    return out


def predicates(parts: list[str]) -> str:
    """The predicates of one static ability's effect joined into one sentence's predicate (CR
    613.6: one effect, so one set of objects from the layer it starts applying in): "are creatures
    in addition to their other types and have base power and toughness each equal to their mana
    value" (Opalescence), "lose all abilities and have base power and toughness 1/1" (Humility); a
    verb said twice in a row is said once ("have vigilance and base power and toughness 5/5")."""
    out: list[str] = []
    for part in parts:
        verb, _, rest = part.partition(" ")
        if out and rest and verb == out[-1].partition(" ")[0] and verb in ("have", "are"):
            part = rest
        out.append(part)
    return series(out)


def keyword_line(name: str) -> str:
    """A keyword on its own line (CR 702): "Flying"."""
    return keyword(name)
