"""The Oracle lines of the suite's mana and loyalty abilities and of the mana steps (the wording;
:mod:`.mana` and :mod:`.loyalty` perform them): "{T}: Add {G}." (CR 605.1a), Mana Reflection's
replacement (106.6a), "Add {R}{R}." (106.4), "Double the amount of red mana in your mana pool."
(701.10f), "+1: ..." (606.4); each with what phase's parser must read it as, and where each
ability is found on phase's card face.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtg_conformance_phase.wording import Sentence, matches
from conformance.errors import EngineGap, Unsupported

COLORS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
POOL_BACK = {**{v: k for k, v in COLORS.items()}, "Colorless": "C"}
TYPE_ORDER = "WUBRGC"
MANA_KEYS = ("mana_ability", "multiply_mana")
FACTOR_WORDS = {2: "twice", 3: "three times"}


def _symbols(add: Mapping[str, int]) -> str:
    return "".join(f"{{{kind}}}" * add[kind] for kind in TYPE_ORDER if add.get(kind))


def produced(add: Mapping[str, int]) -> dict[str, Any]:
    """What phase's ``Mana`` effect must produce for ``add`` (colours, or colorless only)."""
    if any(n < 0 for n in add.values()) or not any(add.values()):
        raise Unsupported(f"a mana ability adding {dict(add)}")
    if add.get("C"):
        if any(add.get(kind) for kind in COLORS):
            raise EngineGap("a mana ability adding coloured and colorless mana: phase's parser has no reading of it")
        return {"type": "Colorless", "count": {"type": "Fixed", "value": add["C"]}}
    return {"type": "Fixed", "colors": [COLORS[kind] for kind in TYPE_ORDER[:5] for _ in range(add.get(kind, 0))]}


def mana_ability_text(add: Mapping[str, int]) -> str:
    """CR 605.1a: "{T}: Add {G}."."""
    return f"{{T}}: Add {_symbols(add)}."


def mana_ability_expectation(add: Mapping[str, int]) -> dict[str, Any]:
    return {"kind": "Activated", "cost": {"type": "Tap"}, "is_mana_ability": True, "sub_ability": None,
            "condition": None, "effect": {"type": "Mana", "produced": produced(add)}}


def multiply_mana_sentence(oid: str, body: Mapping[str, Any]) -> Sentence:
    """CR 106.6a, 614.1a: Mana Reflection (twice), Nyxbloom Ancient (three times)."""
    factor = body.get("factor")
    if factor not in FACTOR_WORDS:
        raise Unsupported(f"object {oid!r}: a mana multiplier of {factor!r}")
    return Sentence(f"If you tap a permanent for mana, it produces {FACTOR_WORDS[factor]} as much of that mana instead.",
                    {"event": "ProduceMana", "mode": {"type": "Mandatory"}, "execute": None, "condition": None,
                     "valid_card": {"type": "Typed", "type_filters": ["Permanent"], "controller": "You",
                                    "properties": []},
                     "mana_modification": {"type": "Multiply", "factor": factor},
                     "mana_replacement_scope": {"type": "TappedForMana"}})


def add_mana_sentences(mana: Mapping[str, int]) -> list[Sentence]:
    """CR 106.4: "Add {R}{R}." (an effect adding mana), one sentence per colorless and coloured part."""
    coloured = {k: n for k, n in mana.items() if k in COLORS and n}
    out = []
    if coloured:
        out.append(Sentence(f"Add {_symbols(coloured)}.", {"type": "Mana", "produced": produced(coloured)}))
    if mana.get("C"):
        out.append(Sentence(f"Add {_symbols({'C': mana['C']})}.", {"type": "Mana", "produced": produced({"C": mana["C"]})}))
    if not out:
        raise Unsupported(f"adding no mana ({dict(mana)})")
    return out


def double_mana_sentence(kind: str) -> Sentence:
    """CR 701.10f: "Double the amount of red mana in your mana pool."."""
    if kind == "C":
        raise EngineGap("doubling colorless mana: phase's parser has no colour for it")
    return Sentence(f"Double the amount of {COLOR_WORDS[kind]} mana in your mana pool.",
                    {"type": "Double", "target_kind": {"type": "ManaPool", "data": {"color": COLORS[kind]}},
                     "target": {"type": "Controller"}})


MINUS = "\u2212"  # the Oracle's minus sign of a loyalty cost (606.4)
NO_EFFECT = "You gain 0 life."
LIFE_WATCHERS = ("triggered", "double_life_gain")


@dataclass
class LoyaltyActivation:
    """Activating one loyalty ability: the object, the ability's name, where it is on phase's
    card face and phase's reading of it (:func:`locate`), and the counter replacements' order
    (616.1)."""

    object: str
    ability: str
    index: int
    parsed: dict[str, Any]
    order: tuple[str, ...] = ()


def cost_text(cost: int) -> str:
    return f"+{cost}" if cost > 0 else (f"{MINUS}{-cost}" if cost < 0 else "0")


def loyalty_line(oid: str, body: Mapping[str, Any], case: Mapping[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """The Oracle line of a loyalty ability and what phase must parse it into."""
    cost = body["cost"]
    if not isinstance(cost, int):
        raise Unsupported(f"object {oid!r}: a loyalty cost of {cost!r}")
    effect = body.get("effect")
    expect: dict[str, Any] = {"kind": "Activated", "cost": {"type": "Loyalty", "amount": cost}, "sub_ability": None,
                              "condition": None}
    if not effect:
        if case is not None and any(next(iter(a)) in LIFE_WATCHERS for spec in case["objects"].values()
                                    for a in spec["card"].get("abilities", ())):
            raise Unsupported(f"object {oid!r}: a loyalty ability with no effect (printed 'gain 0 life' here) in a case "
                              "where triggered abilities or life-gain replacements could see it")
        return (f"{cost_text(cost)}: {NO_EFFECT}",
                {**expect, "effect": {"type": "GainLife", "amount": {"type": "Fixed", "value": 0}}})
    (kind, change), = effect.items()
    keys = {k for k, v in change.items() if v not in (None, [], (), False)}
    if (kind != "become" or keys != {"add_types", "power", "toughness", "until"} or list(change["add_types"]) != ["creature"]
            or change["until"] != "end_of_turn" or not all(isinstance(change[k], int) for k in ("power", "toughness"))):
        raise Unsupported(f"object {oid!r}: the loyalty ability effect {effect!r} has no Oracle wording here")
    p, t = change["power"], change["toughness"]
    if p < 0 or t < 0:
        raise Unsupported(f"object {oid!r}: a creature of {p}/{t}")
    text = (f"{cost_text(cost)}: Until end of turn, this planeswalker becomes a {p}/{t} creature in addition to its "
            "other types.")
    mods = [{"type": "SetPower", "value": p}, {"type": "SetToughness", "value": t},
            {"type": "AddType", "core_type": "Creature"}]
    return text, {**expect, "duration": "UntilEndOfTurn",
                  "effect": {"type": "GenericEffect", "duration": "UntilEndOfTurn", "target": None,
                             "static_abilities": [{"mode": "Continuous", "affected": {"type": "SelfRef"},
                                                   "modifications": mods, "condition": None}]}}


def _expectations(oid: str, card: Mapping[str, Any], case: Mapping[str, Any] | None) -> list[tuple[str, str, str, dict]]:
    """(key, name, Oracle line, expected parse) of each mana and loyalty ability, in card order."""
    out = []
    for ability in card.get("abilities", ()):
        (key, body), = ability.items()
        if key == "mana_ability":
            out.append((key, body["name"], mana_ability_text(body["add"]), mana_ability_expectation(body["add"])))
        elif key == "loyalty_ability":
            text, expect = loyalty_line(oid, body, case)
            out.append((key, body["name"], text, expect))
    names = [name for _, name, _, _ in out]
    if len(set(names)) != len(names):
        raise Unsupported(f"object {oid!r}: two mana or loyalty abilities named alike")
    return out


def printed_ability_lines(oid: str, name: str, card: Mapping[str, Any], before: list[Mapping[str, Any]],
                          case: Mapping[str, Any] | None, *, build: Any, mtgjson: Any) -> tuple[list[str], list[dict[str, Any]]]:
    """The lines to print for a card's mana and loyalty abilities, and phase's reading of them
    (parsed alone, each checked against its meaning). A mana ability that is the card's basic land
    type's own (``before``: phase's intrinsic abilities, with no description; CR 305.6) is not
    printed again. ``build`` and ``mtgjson`` are :mod:`.cards`' face builder and card maker."""
    claimed: set[int] = set()
    lines = []
    for key, _, text, expect in _expectations(oid, card, case):
        intrinsic = [i for i, a in enumerate(before) if a.get("description") is None and i not in claimed
                     and matches(expect, a)] if key == "mana_ability" else []
        if intrinsic:
            claimed.add(intrinsic[0])
            continue
        lines.append((text, expect))
    if not lines:
        return [], []
    types = ["Planeswalker"] if any(k == "loyalty_ability" for k, *_ in _expectations(oid, card, case)) else ["Artifact"]
    source = mtgjson(name, types=types, text="\n".join(t for t, _ in lines))
    if types == ["Planeswalker"]:
        source["loyalty"] = "1"
    face, unimplemented = build(json.dumps(source, sort_keys=True))
    parsed = face.get("abilities") or []
    if unimplemented or len(parsed) != len(lines) or not all(matches(e, a) for (_, e), a in zip(lines, parsed)) \
            or face.get("triggers") or face.get("replacements") or face.get("static_abilities"):
        raise EngineGap(f"object {oid!r}: phase does not read {[t for t, _ in lines]!r} as written")
    return [t for t, _ in lines], parsed


def locate(oid: str, face: Mapping[str, Any], card: Mapping[str, Any],
           case: Mapping[str, Any] | None) -> dict[str, tuple[int, dict[str, Any]]]:
    """Where each mana and loyalty ability is on phase's face of the card, by name: its index and
    phase's reading of it (what the permanent must still have there to activate it)."""
    abilities = face.get("abilities") or []
    used: set[int] = set()
    out = {}
    for _, name, _, expect in _expectations(oid, card, case):
        found = [i for i, a in enumerate(abilities) if i not in used and matches(expect, a)]
        if not found:  # pragma: no cover - printed_ability_lines checked the parse
            raise Unsupported(f"object {oid!r}: phase's card has no ability {name!r}")
        used.add(found[0])
        out[name] = (found[0], abilities[found[0]])
    return out
