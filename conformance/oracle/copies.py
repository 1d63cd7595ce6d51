"""Copy effects' exceptions (CR 707.9) in Oracle words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from conformance.oracle.errors import NoOracleWording
from conformance.oracle.words import colors, how_many, plural, series


def copy_exceptions(exceptions: Mapping[str, Any] | None,
                    render: Callable[[Mapping[str, Any]], str] | None = None) -> str:
    """The exceptions of a copy effect (CR 707.9b), after the copied object: ", except it's a
    7/7", ", except its name is X", ", except it has this ability" (Cryptoplasm), ", except it
    enters with an additional +1/+1 counter on it if it's a creature" (Spark Double); an ability
    other than a keyword is quoted as ``render`` words it (Phantasmal Image: 'it has "When this
    creature becomes the target of a spell or ability, sacrifice it."')."""
    if not exceptions:
        return ""
    ex = {k: v for k, v in exceptions.items() if v not in (None, [], (), {}, False)}
    parts = []
    if "name" in ex:
        parts.append(f"its name is {ex.pop('name')}")
    if ex.get("subtypes"):  # its subtypes instead, with its P/T and colours: "it's a 4/4 black Zombie" (The Scarab God)
        words = [f"{ex.pop('power')}/{ex.pop('toughness')}"] if "power" in ex and "toughness" in ex else []
        words += [colors(ex.pop("colors"))] if "colors" in ex else []
        words += ex.pop("subtypes")
        phrase = " ".join(words)
        parts.append(f"it's {'an' if phrase[0].lower() in 'aeiou8' else 'a'} {phrase}")
    if "power" in ex and "toughness" in ex:
        parts.append(f"it's {ex.pop('power')}/{ex.pop('toughness')}")
    if "colors" in ex:
        parts.append(f"it's {colors(ex.pop('colors'))}")
    if "types" in ex:  # its card types instead of the copied ones: "except it's an enchantment"
        types = " ".join(ex.pop("types"))
        parts.append(f"it's {'an' if types[0] in 'aeiou' else 'a'} {types}")
    added = [*ex.pop("add_supertypes", ()), *ex.pop("add_subtypes", ()), *ex.pop("add_types", ())]
    if added:
        nouns = [*exceptions.get("add_subtypes", ()), *exceptions.get("add_types", ())]
        words = " ".join(added) if nouns else series(added)  # "legendary and snow" (Moritte)
        if nouns:
            words = ("an " if words[0].lower() in "aeiou" else "a ") + words
        parts.append(f"it's {words} in addition to its other types")
    if exceptions.get("supertypes") == [] or exceptions.get("supertypes") == ():
        parts.append("it isn't legendary")
    for ability in ex.pop("gains", ()):
        if set(ability) == {"keyword"}:
            parts.append(f"it has {ability['keyword']}")
        elif render is not None:
            parts.append(f'it has "{render(ability)}"')
        else:
            raise NoOracleWording(f"a copy exception giving {dict(ability)}")
    if ex.pop("gains_this_ability", False):
        parts.append("it has this ability")
    if "enters_with_counters" in ex:
        parts.append("it enters with " + " and ".join(
            f"{'an' if n == 1 else how_many(n)} additional {kind} {plural('counter', n)}" for kind, n in ex.pop("enters_with_counters").items())
            + " on it")
    conditionals = []
    for key, kind in (("if_creature", "creature"), ("if_planeswalker", "planeswalker")):  # 707.9f: only if the copy would be one
        if key in ex:
            inner = copy_exceptions(ex.pop(key), render)[len(", except "):]
            conditionals.append(f"{inner} if it's a {kind}" if " and " not in inner and ", " not in inner
                                else f"if it's a {kind}, {inner}")
    if ex:
        raise NoOracleWording(f"the copy exceptions {sorted(ex)}")
    if not parts and not conditionals:
        return ""
    if len(conditionals) == 1 and conditionals[0].startswith("if "):  # Moritte: "... and, if it's a creature, ..."
        return ", except " + (", ".join(parts) + " and, " if parts else "") + conditionals[0]
    if any(c.startswith("if ") for c in conditionals):
        raise NoOracleWording("two conditional copy exceptions, one of several parts")
    return ", except " + series(parts + conditionals)
