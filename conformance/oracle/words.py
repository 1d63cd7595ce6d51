"""The vocabulary of Oracle text: numbers, signed P/T changes, colours, articles, mana symbols,
counters and an object's reference to itself. Every function takes plain values and returns str.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from conformance.oracle.errors import NoOracleWording

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
           "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
"""Numbers as Oracle text spells them ("Put three +1/+1 counters ...")."""

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
"""The five colours' words (CR 105.1), by the format's letters, in WUBRG order."""

MANA_SYMBOLS = ("W", "U", "B", "R", "G", "C")
"""The mana symbols of the types of mana (CR 106.4, 107.4): {W}, {U}, {B}, {R}, {G}, {C}."""


def number_word(n: int) -> str:
    """A count as Oracle text spells it: ``3`` -> ``"three"`` (one to twenty)."""
    if not isinstance(n, int) or not 1 <= n < len(NUMBERS):
        raise NoOracleWording(f"the count {n!r}", "counts from one to twenty are spelled")
    return NUMBERS[n]


def how_many(n: int) -> str:
    """``1`` -> ``"a"``, ``3`` -> ``"three"``: the count before a noun ("a +1/+1 counter")."""
    return "a" if n == 1 else number_word(n)


def plural(word: str, n: int) -> str:
    """``counter`` or ``counters`` (a regular English plural)."""
    return word if n == 1 else word + "s"


def signed(value: int, other: int) -> str:
    """One half of a +X/+Y (CR 613.4c): ``"+3"``, ``"-2"``; a zero takes the other half's sign, as
    printed ("-0/-4", "+0/+2")."""
    if value < 0:
        return f"-{-value}"
    return "-0" if value == 0 and other < 0 else f"+{value}"


def pt_change(power: int, toughness: int) -> str:
    """``(1, -1)`` -> ``"+1/-1"``; ``(0, -4)`` -> ``"-0/-4"``."""
    return f"{signed(power, toughness)}/{signed(toughness, power)}"


def article(words: str) -> str:
    """``"Elf"`` -> ``"an Elf"``, ``"red creature"`` -> ``"a red creature"``."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def capital(words: str) -> str:
    """The first letter capitalized, the rest kept: ``"target creature"`` -> ``"Target creature"``."""
    return words[:1].upper() + words[1:]


def series(words: Iterable[str], conjunction: str = "and") -> str:
    """``["white"]`` -> ``"white"``; two: ``"white and blue"``; more: ``"white, blue, and black"``."""
    words = list(words)
    if len(words) <= 2:
        return f" {conjunction} ".join(words)
    return ", ".join(words[:-1]) + f", {conjunction} " + words[-1]


def colors(letters: Iterable[str]) -> str:
    """Colours in WUBRG order (CR 105.1): ``["U", "W"]`` -> ``"white and blue"``; none:
    ``"colorless"`` (105.2c)."""
    letters = list(letters)
    unknown = set(letters) - set(COLOR_WORDS)
    if unknown:
        raise NoOracleWording(f"the colours {sorted(unknown)}")
    words = [COLOR_WORDS[c] for c in COLOR_WORDS if c in letters]
    return series(words) if words else "colorless"


def mana(amounts: Mapping[str, int]) -> str:
    """Mana as symbols (CR 107.4): ``{"G": 2}`` -> ``"{G}{G}"``, in WUBRGC order."""
    unknown = set(amounts) - set(MANA_SYMBOLS)
    if unknown or any(not isinstance(n, int) or n < 0 for n in amounts.values()) or not any(amounts.values()):
        raise NoOracleWording(f"the mana {dict(amounts)}")
    return "".join(
        f"{{{t}}}" * amounts.get(t, 0) for t in MANA_SYMBOLS)


def counters(kind: str, n: int) -> str:
    """``("+1/+1", 3)`` -> ``"three +1/+1 counters"``; ``("loyalty", 1)`` -> ``"a loyalty counter"``
    (CR 122.1)."""
    return f"{how_many(n)} {kind} {plural('counter', n)}"


def sentence(text: str) -> str:
    """``text`` ended by a period, unless it ends with a quoted sentence's ('... with "{T}: Add {G}."')."""
    return text if text.endswith(('."', ".")) else text + "."


def keyword(name: str) -> str:
    """A keyword ability as printed alone on its line (CR 702): ``"first strike"`` -> ``"First strike"``."""
    return capital(name)


SELF_NOUNS = ("creature", "planeswalker", "artifact", "enchantment", "land", "battle")
"""Card types a permanent's "this ..." names itself by, in order of preference (a creature land
is "this creature", as real Oracle text words it)."""


def self_reference(name: str, types: Iterable[str], supertypes: Iterable[str] = ()) -> str:
    """How an object's own text names it (CR 201.5): Oracle text names a legendary object and an
    instant or sorcery by its name ("Lightning Bolt deals 3 damage ..."), any other permanent as
    "this creature", "this artifact", ... (Oracle's wording since 2024). ``name`` is used if no
    card type fits."""
    types = list(types)
    if "legendary" in supertypes or "instant" in types or "sorcery" in types:
        return name
    for noun in SELF_NOUNS:
        if noun in types:
            return f"this {noun}"
    return name
