"""The Oracle lines of the suite's ``activated`` abilities (CR 602.1: "[cost]: [effect]."), the
effect being what the ability's own object becomes, each with what phase's parser must read it
as; performed by :mod:`.activated` (the ability activated, its mana cost paid, 602.2).

Written, the object named by its card's name (phase reads it as the object itself):

- one change of :mod:`.changes` ("{1}: NAME becomes black until end of turn.", "... becomes an
  artifact Golem in addition to its other types ...", "... gains trample ..."), or base power and
  toughness ("{X}: NAME has base power and toughness X/X until end of turn.", X the value chosen
  as it is activated, 107.3: phase's ``CostXPaid``);
- Chimeric Staff's "{X}: NAME becomes an X/X Construct artifact creature until end of turn."
  (card types and creature types set, 205.1a; phase adds the card types, which is the same only
  while the object has no other card type: :attr:`ActivatedAbility.set_types`, checked as it is
  activated);
- Svogthos's "{3}{B}{G}: Until end of turn, NAME becomes a black and green Plant Zombie creature
  with "This creature's power and toughness are each equal to the number of creature cards in your
  graveyard." It's still a land." (phase replaces the creature types, which is the case's "in
  addition" only while the object has none: checked as it is activated);
- becoming a copy of the step's target (707.4): "{1}: NAME becomes a copy of target creature until
  end of turn[, except it has this ability]." (707.9a; "target creature card in a graveyard" when
  every step activating it targets a card declared in a graveyard).

Anything else is unsupported.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtg_conformance_phase.changes import ability_parts, change_parts
from mtg_conformance_phase.face_down import SYMBOLS
from mtg_conformance_phase.wording import cda_sentences, matches
from conformance.errors import EngineGap, Unsupported

FILLER_LINE = "{T}: Add {C}."
"""A line standing for each ability before the written ones when they are parsed apart, so that
phase numbers them as on the whole card ("this ability" is found by its index, 707.9a)."""
CREATURE = {"type": "Typed", "type_filters": ["Creature"], "controller": None}
ONE_PART = frozenset({"types", "subtypes", "add_types", "add_subtypes", "add_supertypes", "colors", "gains", "loses",
                      "loses_all_abilities"})
"""The parts of a change worded one at a time (:func:`.changes.change_parts`, :func:`.changes.ability_parts`)."""


@dataclass(frozen=True)
class ActivatedAbility:
    """One ``activated`` ability as written: phase's description of it (the card's name read as
    ``~``), its mana cost, the card types it sets (``set_types``: phase adds them, the same while
    the object has no other, 205.1a) and whether it replaces creature types the case adds to
    (``no_creature_types``: the same while the object has none)."""

    description: str
    cost: str
    set_types: tuple[str, ...] | None = None
    no_creature_types: bool = False
    copies: bool = False


def mana_cost(oid: str, cost: str) -> dict[str, Any]:
    """phase's reading of an ability's mana cost (CR 602.1a, 107.3: X as a shard)."""
    symbols = re.findall(r"\{([^}]*)\}", cost)
    if "".join(f"{{{s}}}" for s in symbols) != cost or not symbols:
        raise Unsupported(f"object {oid!r}: an activation cost {cost!r} (only mana symbols are paid here)")
    generic, shards = 0, []
    for symbol in symbols:
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol == "X" or symbol in SYMBOLS:
            shards.append("X" if symbol == "X" else SYMBOLS[symbol])
        else:
            raise Unsupported(f"object {oid!r}: the mana symbol {{{symbol}}} in an activation cost")
    return {"type": "Mana", "cost": {"type": "Cost", "shards": shards, "generic": generic}}


def _duration(oid: str, until: Any) -> tuple[str, str]:
    if until == "end_of_turn":
        return " until end of turn", "UntilEndOfTurn"
    if until == "ended":  # CR 611.2a: no duration stated
        return "", "Permanent"
    raise Unsupported(f"object {oid!r}: an activated ability's effect lasting {until!r}")


def _target_zone(oid: str, name: str, case: Mapping[str, Any] | None) -> str:
    """Where the steps activating ability ``name`` find their target as declared: "graveyard" when
    every one names a card declared there, else "battlefield" (phase checks each target is legal)."""
    objects = (case or {}).get("objects") or {}
    zones = {(objects.get(body.get("target")) or {}).get("zone", "battlefield") == "graveyard"
             for step in (case or {}).get("steps") or () for kind, body in step.items()
             if kind == "activate" and body.get("ability") == name and body.get("target") is not None}
    if zones == {True}:
        return "graveyard"
    if True in zones:
        raise Unsupported(f"object {oid!r}: its copy ability targets cards in a graveyard and permanents")
    return "battlefield"


def _self_static(oid: str, body: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """A gained "This creature's power and toughness are each equal to ..." (Svogthos's), as the
    words of :func:`.wording.cda_sentences` and phase's reading (a static on the object itself)."""
    (key, static), = body.items()
    affects = {k: v for k, v in (static.get("affects") or {}).items()
               if v not in (None, False, [], ()) and (k, v) != ("zone", "battlefield")}
    if key != "static_pt" or static.get("effect") != "set_pt" or affects != {"itself": True} \
            or set(static) - {"effect", "affects", "power", "toughness"}:
        raise Unsupported(f"object {oid!r}: an activated ability giving {dict(body)} has no wording here")
    sentences = cda_sentences({"power": static.get("power"), "toughness": static.get("toughness")})
    if len(sentences) != 1:
        raise Unsupported(f"object {oid!r}: a gained P/T ability setting power and toughness apart")
    expect = {k: v for k, v in sentences[0].expect.items() if k != "characteristic_defining"}
    return sentences[0].text, {"type": "GrantStaticAbility", "definition": expect}


def _become(oid: str, name: str, change: Mapping[str, Any], types: list[str]
            ) -> tuple[str, list[dict[str, Any]], ActivatedAbility]:
    """The words after the cost, phase's modifications, and what must hold as it is activated."""
    change = {k: v for k, v in change.items() if v not in (None, False, [], ())}
    until, _ = _duration(oid, change.pop("until", None))
    if until != " until end of turn":
        raise Unsupported(f"object {oid!r}: an activated ability's change lasting until ended has no wording here")
    x = change.get("power") == change.get("toughness") == "X"
    pt = f"{change.get('power')}/{change.get('toughness')}"
    pt_mods = ([{"type": "SetPowerDynamic", "value": {"type": "Ref", "qty": {"type": "CostXPaid"}}},
                {"type": "SetToughnessDynamic", "value": {"type": "Ref", "qty": {"type": "CostXPaid"}}}] if x else
               [{"type": "SetPower", "value": change.get("power")}, {"type": "SetToughness", "value": change.get("toughness")}])
    keys = set(change)
    if keys == {"types", "subtypes", "power", "toughness"} and "creature" in change["types"] \
            and (x or all(isinstance(change[k], int) for k in ("power", "toughness"))):
        # Chimeric Staff's: card types and creature types set (205.1a)
        kinds = [t for t in ("artifact", "enchantment", "land", "creature") if t in change["types"]]
        if len(kinds) != len(change["types"]):
            raise Unsupported(f"object {oid!r}: card types {change['types']} set by an activated ability")
        (_, _, subtypes), = change_parts({"subtypes": change["subtypes"]})  # creature types only (checked there)
        article = "an" if re.match(r"(X|8|11|18)\b", pt) else "a"
        words = f"becomes {article} {pt} {' '.join([*change['subtypes'], *kinds])}"
        mods = [*pt_mods, *({"type": "AddType", "core_type": t.capitalize()} for t in kinds), *subtypes]
        return f"{name} {words}{until}", mods, ActivatedAbility("", "", set_types=tuple(kinds))
    if keys == {"add_types", "add_subtypes", "colors", "gains"} and change["add_types"] == ["creature"] \
            and "land" in types and len(change["gains"]) == 1:
        # Svogthos's: a creature with a P/T ability, still a land (205.1b)
        (_, colors, color_mods), = change_parts({"colors": change["colors"]})
        (_, _, subtypes), = change_parts({"subtypes": change["add_subtypes"]})  # phase replaces creature types
        quoted, granted = _self_static(oid, change["gains"][0])
        words = (f"Until end of turn, {name} becomes a {colors} {' '.join(change['add_subtypes'])} creature with "
                 f"\"{quoted}\" It's still a land")
        mods = [*color_mods, {"type": "AddType", "core_type": "Creature"}, *subtypes, granted]
        return words, mods, ActivatedAbility("", "", no_creature_types=True)
    if keys == {"power", "toughness"} and (x or all(isinstance(change[k], int) and change[k] >= 0 for k in keys)):
        return f"{name} has base power and toughness {pt}{until}", pt_mods, ActivatedAbility("", "")
    if keys & {"power", "toughness"} or "X" in json.dumps(change) or keys - ONE_PART:
        raise Unsupported(f"object {oid!r}: an activated ability's change {change} has no wording here")
    parts = [(words, mods) for words, _, mods in change_parts(change)]
    parts += [(one, mods) for one, _, _, mods in ability_parts(change)]
    if len(parts) != 1:
        raise Unsupported(f"object {oid!r}: an activated ability changing several things has no wording here")
    (words, mods), = parts
    return f"{name} {words}{until}", mods, ActivatedAbility("", "")


def activated_line(oid: str, name: str, body: Mapping[str, Any], types: list[str], index: int,
                   case: Mapping[str, Any] | None) -> tuple[str, dict[str, Any], ActivatedAbility]:
    """CR 602.1: the Oracle line of an ``activated`` ability, what phase must read it as (the
    ability being the card's ``index``-th), and what its activation must check."""
    cost = body["cost"]
    expect: dict[str, Any] = {"kind": "Activated", "cost": mana_cost(oid, cost), "sub_ability": None,
                              "condition": None}
    (kind, effect), = body["effect"].items()
    if kind == "become_copy":  # CR 707.4, 707.9a
        exceptions = {k: v for k, v in (effect.get("exceptions") or {}).items() if v not in (None, False, [], (), {})}
        if set(exceptions) - {"gains_this_ability"}:
            raise Unsupported(f"object {oid!r}: an activated copy ability with the exceptions {sorted(exceptions)}")
        until, duration = _duration(oid, effect.get("until"))
        graveyard = _target_zone(oid, body["name"], case) == "graveyard"
        what = "target creature card in a graveyard" if graveyard else "target creature"
        keep = ", except it has this ability" if exceptions else ""
        target = {**CREATURE, "properties": [{"type": "InZone", "zone": "Graveyard"}] if graveyard else []}
        copy: dict[str, Any] = {"type": "BecomeCopy", "target": target, "duration": duration}
        if keep:
            copy["additional_modifications"] = [{"type": "RetainPrintedAbilityFromSource", "source_ability_index": index}]
        text = f"{cost}: {name} becomes a copy of {what}{until}{keep}."
        facts = ActivatedAbility("", "", copies=True)
        expect.update(effect=copy, duration=duration)
    elif kind == "become":
        words, mods, facts = _become(oid, name, effect, types)
        text = f"{cost}: {words[0].upper()}{words[1:]}."
        expect.update(duration="UntilEndOfTurn", effect={
            "type": "GenericEffect", "duration": "UntilEndOfTurn", "target": None, "static_abilities": [
                {"mode": "Continuous", "affected": {"type": "SelfRef"}, "modifications": mods, "condition": None}]})
    else:
        raise Unsupported(f"object {oid!r}: the activated ability effect {kind!r} has no wording here")
    if ("X" in cost) != ("X" in json.dumps(effect)):
        raise Unsupported(f"object {oid!r}: an X in the cost {cost!r} or in the effect only")
    return text, expect, ActivatedAbility("", cost, facts.set_types, facts.no_creature_types, facts.copies)


def activated_lines(oid: str, name: str, card: Mapping[str, Any], before: int, case: Mapping[str, Any] | None, *,
                    build: Any, mtgjson: Any) -> tuple[list[str], list[dict[str, Any]], dict[str, ActivatedAbility]]:
    """The lines of a card's ``activated`` abilities, phase's reading of them (parsed after
    ``before`` stand-in lines, as they come after that many abilities on the card, each checked
    against its meaning) and, by name, what activating each must know."""
    types = list(card.get("types", ()))
    written = []
    for ability in card.get("abilities", ()):
        (key, body), = ability.items()
        if key == "activated":
            written.append((body["name"], *activated_line(oid, name, body, types, before + len(written), case)))
    if not written:
        return [], [], {}
    lines = [text for _, text, _, _ in written]
    face, unimplemented = build(json.dumps(mtgjson(name, types=["Artifact"], text="\n".join([FILLER_LINE] * before + lines)),
                                           sort_keys=True))
    parsed = (face.get("abilities") or [])[before:]
    if unimplemented or len(parsed) != len(lines) or not all(matches(e, a) for (_, _, e, _), a in zip(written, parsed)) \
            or face.get("triggers") or face.get("replacements") or face.get("static_abilities"):
        raise EngineGap(f"object {oid!r}: phase does not read {lines!r} as written")
    names = [n for n, *_ in written]
    if len(set(names)) != len(names):
        raise Unsupported(f"object {oid!r}: two activated abilities named alike")
    return lines, parsed, {n: dataclasses.replace(facts, description=a["description"])
                           for (n, _, _, facts), a in zip(written, parsed)}


def same_card(old: Any, new: Any) -> Any:
    """One card printed for two objects of the case (same name, same text): the names the case
    gives its ``activated`` abilities on either object name the same abilities."""
    if old is None or not (old.activated or new.activated):
        return new
    return dataclasses.replace(new, activated={**old.activated, **new.activated})


@dataclass(frozen=True)
class AbilityActivation:
    """An ``activate`` step of an ``activated`` ability: the object, the ability as written, X
    (107.3: 0 when none is chosen) and the target."""

    object: str
    ability: ActivatedAbility
    x: int | None
    target: str | None


def _may_copy(kind: str, body: Any, oid: str, copying: set[str]) -> bool:
    """Whether a step may make ``oid`` a copy: a ``become_copy`` on it (or on each object of a
    filter), its own copy ability activated, any triggered ability of it (in a ``together`` step too)."""
    if kind == "together":
        return any(_may_copy(k, b, oid, copying) for part in body for k, b in part.items())
    if kind == "become_copy":
        return body.get("to") in (oid, None)
    return body.get("object") == oid and (kind == "trigger" or (kind == "activate" and body.get("ability") in copying))


def plan_activated(case: Mapping[str, Any], cards: Mapping[str, Any], body: Mapping[str, Any]) -> AbilityActivation | None:
    """How an ``activate`` step of an ``activated`` ability is realised (CR 602.2), or None when
    the ability named is no ``activated`` one of the case's cards (``cards``: the plan's, by name)."""
    found = {card.activated[body["ability"]] for card in cards.values()
             if body["ability"] in getattr(card, "activated", {})}
    if not found:
        return None
    if len(found) != 1:
        raise Unsupported(f"two different activated abilities named {body['ability']!r}")
    ability, = found
    if any(a == ability and name != body["ability"] for card in cards.values()
           for name, a in getattr(card, "activated", {}).items()):  # phase tells abilities apart by their text only
        raise Unsupported(f"the activated ability {body['ability']!r} has the same Oracle text as another the case names "
                          "otherwise: which of them an object has now is not told apart in phase")
    if any(kind == "expect" and any("mana" in values for values in (step[kind].get("players") or {}).values())
           for step in case["steps"] for kind in step):
        raise Unsupported("an activation cost paid in a case observing mana pools (the mana is given here to pay it)")
    x = body.get("x")
    if (x is not None and (not isinstance(x, int) or x < 0)) or (x and "{X}" not in ability.cost):
        raise Unsupported(f"an activation with X = {x!r}")
    if ability.copies != (body.get("target") is not None):
        raise Unsupported("an activated copy ability with no target, or a target for an ability that has none")
    if ability.set_types is not None or ability.no_creature_types:
        # CR 205.1a: phase's reading is the case's only while no later copy effect changes the object's types
        copying = {name for card in cards.values() for name, a in getattr(card, "activated", {}).items() if a.copies}
        later = case["steps"][_step_index(case, body) + 1:]
        if any(_may_copy(kind, b, body["object"], copying) for step in later for kind, b in step.items()):
            raise Unsupported("an activated ability setting types, in a case where the object may become a copy later "
                              "(CR 205.1a: phase's reading adds the types)")
    return AbilityActivation(body["object"], ability, x, body.get("target"))


def _step_index(case: Mapping[str, Any], body: Mapping[str, Any]) -> int:
    """The index of the step that is ``body``, or holds it as a part of a ``together`` (one event)."""
    for i, step in enumerate(case["steps"]):
        for value in step.values():
            if value is body or (isinstance(value, list) and any(
                    any(b is body for b in part.values()) for part in value if isinstance(part, Mapping))):
                return i
    raise ValueError("an activate step that is not among the case's steps")
