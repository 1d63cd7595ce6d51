"""Filters and expressions in Oracle words: the objects a static ability affects or an effect
names ("creatures you control", "other Elf creatures you control", "each nonartifact creature"),
and the amounts of characteristic-defining abilities ("the number of creatures you control").

A filter is the format's plain mapping (``{types: [creature], controller: you}``), its
``controller``/``owner`` read relative to "you", the controller of the ability or effect (CR
109.5): ``you``, ``opponent`` or ``chosen`` (the player chosen as the object entered, 208.2a).
Convert a player's name first with :func:`relative`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from conformance.format.subtypes import kind_of
from conformance.oracle.errors import NoOracleWording
from conformance.oracle.words import COLOR_WORDS, capital

NOUNS = {"creature": "creatures", "artifact": "artifacts", "enchantment": "enchantments", "land": "lands",
         "planeswalker": "planeswalkers", "battle": "battles", "instant": "instants", "sorcery": "sorceries",
         "permanent": "permanents"}
"""Card types (CR 205.2a) as nouns, singular and plural."""

WHOSE = {"you": "you control", "opponent": "your opponents control", "chosen": "the chosen player controls"}
WHOSE_ONE = {"you": "you control", "opponent": "an opponent controls", "chosen": "the chosen player controls"}
"""The controller of a filter, after the noun (CR 109.5): "creatures your opponents control",
"each creature your opponents control", "a creature an opponent controls"."""


def relative(flt: Mapping[str, Any], *, you: str, players: tuple[str, ...]) -> dict[str, Any]:
    """``flt`` with a player's name as ``controller`` or ``owner`` made relative to ``you``: the
    name of ``you`` becomes ``you``, the other player of a two-player game ``opponent``; in a
    game of more players another name has no wording."""
    out = dict(flt)
    for key in ("controller", "owner"):
        value = out.get(key)
        if value in (None, "you", "opponent", "chosen"):
            continue
        if value == you:
            out[key] = "you"
        elif len(players) == 2 and value in players:
            out[key] = "opponent"
        else:
            raise NoOracleWording(f"a filter naming the player {value!r}", f"a game of {len(players)} players")
    return out


def _clean(flt: Mapping[str, Any] | None) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in (flt or {}).items()
            if v not in (None, False, [], ())}


@dataclass(frozen=True)
class Objects:
    """The Oracle words for the objects a filter matches: ``one`` ("creature you control", a
    noun phrase for one object, no article) and ``many`` ("creatures you control")."""

    one: str
    many: str
    other: bool = False
    controlled: bool = False
    each_one: str | None = None  # after "each": "creature your opponents control" (``one`` if None)

    @property
    def all(self) -> str:
        """The subject of a static ability or an effect on all of them (CR 604.2, 611.2c):
        "Creatures you control", "Other Elf creatures you control", "All creatures"."""
        if self.other:
            return "Other " + self.many
        return capital(self.many) if self.controlled else "All " + self.many

    @property
    def each(self) -> str:
        """"each creature you control", "each other creature"."""
        return ("each other " if self.other else "each ") + (self.each_one or self.one)

    @property
    def a(self) -> str:
        """"a creature you control", "another creature"."""
        if self.other:
            return "another " + self.one
        return ("an " if self.one[:1] in "aeiou" else "a ") + self.one


def describe(flt: Mapping[str, Any] | None) -> Objects:
    """The Oracle words for a filter on permanents (or cards in a graveyard, spells on the stack,
    sources: permanents and spells). Raise :class:`NoOracleWording` for a filter with no wording
    here (``itself``: the object's own name is its words; several card types; an owner on the
    battlefield)."""
    flt_in = flt
    flt = _clean(flt)
    zone = flt.pop("zone", "battlefield")
    zones = tuple(zone) if isinstance(zone, list) else (zone,)
    types = flt.pop("types", [])
    nots = flt.pop("not_types", [])
    subtypes = flt.pop("subtypes", [])
    colors = flt.pop("colors", [])
    controller = flt.pop("controller", None)
    owner = flt.pop("owner", None)
    other = flt.pop("other", False)
    chosen = " of the chosen type" if flt.pop("chosen_type", False) else ""  # Adaptive Automaton (614.12)
    if flt or len(types) > 1 or any(t not in NOUNS for t in [*types, *nots]) or set(colors) - set(COLOR_WORDS):
        raise NoOracleWording(f"the filter {dict(_clean(flt_in))}",
                              "one card type, perhaps not others, subtypes, colours, controller")
    if controller is not None and controller not in WHOSE:
        raise NoOracleWording(f"a filter controlled by {controller!r}", "make it relative to you first")
    adjectives = [*(COLOR_WORDS[c] for c in colors if len(colors) == 1), *(f"non{n}" for n in nots)]
    if len(colors) > 1:
        raise NoOracleWording(f"a filter of several colours {colors}")
    if subtypes and not types:
        kinds = {kind_of(s) for s in subtypes}
        if kinds != {"creature"}:
            raise NoOracleWording(f"the subtypes {subtypes} without a card type")
        types = ["creature"]
    noun = types[0] if types else ("source" if set(zones) == {"battlefield", "stack"} else "permanent")
    if zones == ("battlefield",) or set(zones) == {"battlefield", "stack"}:
        if owner is not None:
            raise NoOracleWording("an owner of permanents")
        one_noun, many_noun = noun, NOUNS.get(noun, noun + "s")
        if noun != "source" and "stack" in zones:
            one_noun, many_noun = f"{noun} or {noun} spell", f"{many_noun} and {noun} spells"
        words = " ".join([*adjectives, *subtypes])
        one = f"{words} {one_noun}".strip()
        many = f"{words} {many_noun}".strip()
        each = one
        if controller is not None:
            each = f"{one} {WHOSE[controller]}"
            one, many = f"{one} {WHOSE_ONE[controller]}", f"{many} {WHOSE[controller]}"
        return Objects(one + chosen, many + chosen, other, controller is not None, each + chosen)
    if chosen:
        raise NoOracleWording("cards or spells of the chosen type")
    if zones == ("stack",):
        words = " ".join([*adjectives, *subtypes, *(types or [])])
        one, many = f"{words} spell".strip(), f"{words} spells".strip()
        if controller is not None:
            one, many = f"{one} {WHOSE_ONE[controller]}", f"{many} {WHOSE[controller]}"
        return Objects(one, many, other, controller is not None)
    if zones == ("graveyard",) and not other and controller is None:
        words = " ".join([*adjectives, *subtypes, *types])
        where = {"you": "your graveyard", "opponent": "your opponents' graveyards", None: "all graveyards"}.get(owner)
        if where is None:
            raise NoOracleWording(f"cards in the graveyard of {owner!r}")
        return Objects(f"{words} card in {where}".strip(), f"{words} cards in {where}".strip())
    raise NoOracleWording(f"objects in the zones {list(zones)}")


_GREATEST = {"greatest_power": "power", "greatest_toughness": "toughness", "greatest_mana_value": "mana value"}


def _arithmetic(expr: Mapping[str, Any], self_name: str) -> str | None:
    """"the greatest power among creatures you control", "half X, rounded up" (107.1a), "twice ...",
    "... minus ..."; ``None`` for another expression. A negative has no words of its own: its minus
    is the sign of "-X/-X" (:func:`conformance.oracle.abilities.static_pt`)."""
    for key, words in _GREATEST.items():
        if key in expr:
            return f"the greatest {words} among {describe(expr[key]).many}"
    if "half" in expr:
        return f"half {quantity(expr['half'], self_name=self_name)}, rounded {expr['round']}"
    if "twice" in expr:
        if isinstance(expr["twice"], Mapping) and {"sum", "difference"} & set(expr["twice"]):
            raise NoOracleWording("twice a sum or a difference", "no words say where it ends")
        return f"twice {quantity(expr['twice'], self_name=self_name)}"
    if "difference" in expr:
        first, second = (quantity(t, self_name=self_name) for t in expr["difference"])
        return f"{first} minus {second}"
    return None


def quantity(expr: Any, *, self_name: str = "this creature") -> str:
    """An amount in Oracle words (CR 208.2a, 604.3): ``3``; ``{count: F}`` -> "the number of
    creatures you control"; ``{sum: [1, {count: F}]}`` -> "1 plus the number of ..."; ``{card_types:
    F}`` -> "the number of card types among cards in all graveyards" (Tarmogoyf); ``{life: you}``
    -> "your life total"; ``X``; ``mana_value`` -> "its mana value" (202.3); and the arithmetic of
    :func:`_arithmetic`."""
    if isinstance(expr, bool):
        raise NoOracleWording(f"the amount {expr!r}")
    if isinstance(expr, int):
        return str(expr)
    if expr == "X":
        return "X"
    if expr == "mana_value":
        return "its mana value"
    if isinstance(expr, Mapping) and "count" in expr:
        return f"the number of {describe(expr['count']).many}"
    if isinstance(expr, Mapping) and "card_types" in expr:
        return f"the number of card types among {describe(expr['card_types']).many}"
    if isinstance(expr, Mapping) and "life" in expr:
        whose = {"you": "your", "chosen": "the chosen player's"}.get(expr["life"])
        if whose is None:
            raise NoOracleWording(f"the life total of {expr['life']!r}")
        return f"{whose} life total"
    if isinstance(expr, Mapping):  # arithmetic (107.1): issue 41
        arithmetic = _arithmetic(expr, self_name)
        if arithmetic is not None:
            return arithmetic
    if isinstance(expr, Mapping) and "sum" in expr:
        terms = list(expr["sum"])
        constants = [t for t in terms if isinstance(t, int) and not isinstance(t, bool)]
        others = [t for t in terms if t not in constants]
        if len(others) == 1 and len(constants) == 1 and constants[0] > 0:
            return f"{constants[0]} plus {quantity(others[0], self_name=self_name)}"
    raise NoOracleWording(f"the expression {expr!r}")
