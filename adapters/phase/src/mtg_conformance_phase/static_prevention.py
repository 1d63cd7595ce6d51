"""Prevention effects of a permanent's static ability (CR 615.1, 615.10): N of the damage, partial
prevention, and prevention with an additional effect on the permanent itself (615.5).

N of the damage, anew in each event (615.10): ``amount: N`` with ``to`` none (any permanent or
player), itself, or creatures or planeswalkers (of one creature type, its controller's): "If a
source would deal damage to a Cleric creature you control, prevent 1 of that damage." (Daunting
Defender's wording; phase: PreventionMinus by N, with that ``valid_card``).

All damage some sources would deal (615.1): ``by`` sources of one colour ("Prevent all damage that
would be dealt by red sources.") or creatures ("... by creatures."); the case's damage then comes
from its own sources (.damage_sources), which the filter judges.

Partial prevention, anew in each damage event (615.10), to any permanent or player or to the
permanent itself (``to: {itself: true}``), from any source:

- ``half: up`` / ``down``: "If a source would deal damage to a permanent or player, prevent half
  that damage, rounded up." (phase: a ``DamageDone`` replacement whose ``damage_modification`` is
  PreventionMinus by one half, rounded that way);
- ``all_but: N``: "If a source would deal damage to NAME, prevent all but 1 of that damage."
  (phase: a prevention shield of all but N).

The Hydras, written as their true Oracle sentences and realised by phase's
own prevention shields (a ``DamageDone`` replacement with ``shield_kind`` Prevention of all the
damage, on ``SelfRef``) and the additional effect phase executes right after it (its
``execute``, counting the event's amount):

- Phyrexian Hydra, ``prevent_damage: {to: {itself: true}, then: {put_counters: "-1/-1"}}``: "If
  damage would be dealt to NAME, prevent that damage. Put a -1/-1 counter on NAME for each 1
  damage prevented this way.";
- Protean Hydra, ``then: {remove_counters: "+1/+1", for_each: damage}``: "If damage would be dealt
  to NAME, prevent that damage and remove that many +1/+1 counters from it.".

phase counts both with the event's amount: all of it is prevented here, so "each 1 damage
prevented" and "that many" are the same number. Under damage that can't be prevented (615.12,
.unpreventable) phase skips the shield and its additional effect whole (a disagreement with 615.12
for Protean Hydra; Phyrexian Hydra's counters, for none prevented, are none either way). Any other
static prevention ability is unsupported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.counters import phase_kind
from mtg_conformance_phase.wording import COLOR_WORDS, Sentence
from conformance.errors import EngineGap, Unsupported


def static_prevention_sentence(oid: str, name: str, body: Mapping[str, Any],
                               case: Mapping[str, Any] | None = None) -> Sentence:
    """A static prevention ability (CR 615.1, 615.5, 615.10) and phase's expected reading (``case``:
    the case it is in, where the wording depends on it)."""
    to = {k: v for k, v in (body.get("to") or {}).items() if v not in (None, False, [], ())}
    if to.get("zone") == "battlefield":  # the format's default zone
        to.pop("zone")
    if body.get("half") is not None or body.get("all_but") is not None:
        return _partial(oid, name, body, to)
    if body.get("by") is not None:
        return _by_sources(oid, body, to)
    if body.get("combat"):
        return _combat_only(oid, name, body, to)
    if body.get("amount") is not None and not body.get("then"):
        return _prevent_n(oid, name, body, to)
    return _with_extra(oid, name, body, to, case)


def _recipients(oid: str, name: str, to: Mapping[str, Any]) -> tuple[str, dict[str, Any] | None]:
    """The permanents a static prevention covers in Oracle words ("a permanent or player", NAME
    itself, "a Cleric creature you control", "a planeswalker you control"), and phase's
    ``valid_card``."""
    if not to:
        return "a permanent or player", None
    if to == {"itself": True}:
        return name, {"type": "SelfRef"}
    flt = dict(to)
    types, subtypes = list(flt.pop("types", [])), list(flt.pop("subtypes", []))
    controller = flt.pop("controller", None)
    if flt or controller not in (None, "you") or types not in (["creature"], ["planeswalker"]) or len(subtypes) > 1 \
            or (subtypes and types != ["creature"]):
        raise Unsupported(f"object {oid!r}: a static prevention for {dict(to)} has no Oracle wording here (a creature "
                          "or planeswalker, perhaps of one creature type, perhaps its controller's)")
    words = " ".join([*subtypes, types[0]])
    filters: list[Any] = [types[0].capitalize(), *({"Subtype": t} for t in subtypes)]
    words = f"a {words}" + (" you control" if controller else "")
    return words, {"type": "Typed", "type_filters": filters, "controller": "You" if controller else None,
                   "properties": []}


def _prevent_n(oid: str, name: str, body: Mapping[str, Any], to: Mapping[str, Any]) -> Sentence:
    """CR 615.10: "If a source would deal damage to ..., prevent 1 of that damage." (Daunting
    Defender's wording), N anew in each damage event: phase's PreventionMinus by N."""
    rest = {k: v for k, v in body.items() if k not in ("to", "amount") and v not in (None, False, [], ())}
    if rest:
        raise Unsupported(f"object {oid!r}: the static prevention ability {dict(body)} has no Oracle wording here (no "
                          "source filter, no combat-only prevention)")
    whom, valid = _recipients(oid, name, to)
    n = body["amount"]
    return Sentence(f"If a source would deal damage to {whom}, prevent {n} of that damage.",
                    {"event": "DamageDone", "mode": {"type": "Mandatory"}, "valid_card": valid, "condition": None,
                     "execute": None, "damage_modification": {"type": "PreventionMinus", "value": n}})


def _partial(oid: str, name: str, body: Mapping[str, Any], to: Mapping[str, Any]) -> Sentence:
    """CR 615.1: "prevent half that damage, rounded up", "prevent all but N of that damage", of the
    damage any source (or a creature, ``by: {types: [creature]}``) would deal to a permanent or
    player, to the permanent itself, or to a creature (phase: that ``valid_card`` and recipients
    ``CreatureOnly``; a creature source: ``damage_source_filter`` Creature, judged on the case's
    own sources, .damage_sources)."""
    rest = {k: v for k, v in body.items() if k not in ("to", "half", "all_but", "by") and v not in (None, False, [], ())}
    by = {k: v for k, v in (body.get("by") or {}).items() if v not in (None, False, [], ()) and (k, v) != ("zone", "battlefield")}
    if rest or to not in ({}, {"itself": True}, {"types": ["creature"]}) or by not in ({}, {"types": ["creature"]}) \
            or (body.get("half") is not None) == (body.get("all_but") is not None):
        raise Unsupported(f"object {oid!r}: the partial prevention ability {dict(body)} has no Oracle wording here "
                          "(half or all but N of the damage any source or a creature would deal to a permanent or "
                          "player, to the permanent itself, or to a creature)")
    whom, valid = {(): ("a permanent or player", None), ("itself",): (name, {"type": "SelfRef"}),
                   ("types",): ("a creature", {"type": "Typed", "type_filters": ["Creature"], "controller": None,
                                               "properties": []})}[tuple(to)]
    who = "a creature" if by else "a source"
    expect: dict[str, Any] = {"event": "DamageDone", "mode": {"type": "Mandatory"}, "valid_card": valid,
                              "condition": None, "execute": None}
    if "types" in to:
        expect["damage_target_filter"] = "CreatureOnly"
    if by:
        expect["damage_source_filter"] = {"type": "Typed", "type_filters": ["Creature"], "controller": None,
                                          "properties": []}
    if body.get("half") is not None:
        rounding = body["half"]
        if rounding not in ("up", "down"):
            raise Unsupported(f"object {oid!r}: half the damage rounded {rounding!r}")
        return Sentence(f"If {who} would deal damage to {whom}, prevent half that damage, rounded {rounding}.",
                        {**expect, "damage_modification": {"type": "PreventionMinus", "value": {
                            "numerator": 1, "denominator": 2, "rounding": rounding.capitalize()}}})
    n = body["all_but"]
    return Sentence(f"If {who} would deal damage to {whom}, prevent all but {n} of that damage.",
                    {**expect, "shield_kind": {"Prevention": {"amount": {"AllBut": n}}}})


def _by_sources(oid: str, body: Mapping[str, Any], to: Mapping[str, Any]) -> Sentence:
    """CR 615.1: all damage some sources would deal, to anything: "Prevent all damage that would be
    dealt by red sources." (one colour, of any source: a permanent or a spell), "... by
    creatures." or "... by noncreature permanents." (phase: a prevention shield of all of it with that ``damage_source_filter``). The
    damage must then come from the scenario's own source (.damage_sources)."""
    rest = {k: v for k, v in body.items() if k not in ("by",) and v not in (None, False, [], ())}
    if to or rest:
        raise Unsupported(f"object {oid!r}: the static prevention ability {dict(body)} has no Oracle wording here (all "
                          "damage by sources of one colour, or by creatures, to anything)")
    words, source_filter = source_words(oid, body["by"])
    return Sentence(f"Prevent all damage that would be dealt by {words}.",
                    {"event": "DamageDone", "mode": {"type": "Mandatory"}, "valid_card": None, "condition": None,
                     "execute": None, "damage_source_filter": source_filter,
                     "shield_kind": {"Prevention": {"amount": "All"}}})


def source_words(oid: str, by: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The sources a prevention effect covers (CR 615.1) in Oracle words, "red sources" (a
    permanent or a spell of that colour), "blue instant and sorcery spells" (spells, perhaps of one
    colour), "creatures", "noncreature permanents", and phase's
    ``damage_source_filter`` of them."""
    flt = {k: v for k, v in by.items() if v not in (None, False, [], ())}
    zones = flt.pop("zone", "battlefield")
    zones = frozenset([zones] if isinstance(zones, str) else zones)
    types, colors, nots = list(flt.pop("types", [])), list(flt.pop("colors", [])), list(flt.pop("not_types", []))
    if not flt and not types and not nots and len(colors) == 1 and zones == {"battlefield", "stack"}:
        return f"{COLOR_WORDS[colors[0]]} sources", {
            "type": "Typed", "type_filters": [], "controller": None,
            "properties": [{"type": "HasColor", "color": COLOR_WORDS[colors[0]].capitalize()}]}
    if not flt and not types and not nots and len(colors) <= 1 and zones == {"stack"}:
        # spells: every spell dealing damage here is an instant or sorcery (.plan._plan_damage refuses others), and
        # phase reads "blue spells" as blue cards anywhere, so they are named by those two card types
        color = [{"type": "HasColor", "color": COLOR_WORDS[c].capitalize()} for c in colors]
        return " ".join([*(COLOR_WORDS[c] for c in colors), "instant and sorcery spells"]), {"type": "Or", "filters": [
            {"type": "Typed", "type_filters": [kind], "controller": None, "properties": color}
            for kind in ("Instant", "Sorcery")]}
    if not flt and types == ["creature"] and not colors and not nots and zones == {"battlefield"}:
        return "creatures", {"type": "Typed", "type_filters": ["Creature"], "controller": None, "properties": []}
    if not flt and nots == ["creature"] and not types and not colors and zones == {"battlefield"}:
        # noncreature permanents: no spell here, an instant or sorcery, is one (110.4)
        return "noncreature permanents", {"type": "Typed", "type_filters": ["Permanent", {"Non": "Creature"}],
                                          "controller": None, "properties": []}
    raise Unsupported(f"object {oid!r}: a prevention of the damage of {dict(by)} has no Oracle wording here (sources "
                      "or spells of one colour, creatures, or noncreature permanents)")


def _combat_only(oid: str, name: str, body: Mapping[str, Any], to: Mapping[str, Any]) -> Sentence:
    """CR 615.1: all combat damage that would be dealt (to anything, to the permanent itself, or to
    creatures or planeswalkers, perhaps of one creature type, perhaps its controller's): "Prevent
    all combat damage that would be dealt to creatures you control." (Fog Wall's kind; phase: a
    prevention shield of all of it with ``combat_scope`` CombatOnly). Noncombat damage is dealt
    whole; combat damage outside a combat step is refused (.combat_damage)."""
    rest = {k: v for k, v in body.items() if k not in ("to", "combat") and v not in (None, False, [], ())}
    if rest:
        raise Unsupported(f"object {oid!r}: the static prevention ability {dict(body)} has no Oracle wording here (all "
                          "combat damage, with no amount, source filter or additional effect)")
    if not to:
        whom, valid = "", None
    elif to == {"itself": True}:
        whom, valid = f" to {name}", {"type": "SelfRef"}
    else:
        flt = dict(to)
        types, subtypes = list(flt.pop("types", [])), list(flt.pop("subtypes", []))
        controller = flt.pop("controller", None)
        if flt or controller not in (None, "you") or types not in (["creature"], ["planeswalker"]) \
                or len(subtypes) > 1 or (subtypes and types != ["creature"]):
            raise Unsupported(f"object {oid!r}: a combat damage prevention for {dict(to)} has no Oracle wording here "
                              "(creatures or planeswalkers, perhaps of one creature type, perhaps its controller's)")
        whom = " to " + " ".join([*subtypes, f"{types[0]}s"]) + (" you control" if controller else "")
        valid = {"type": "Typed", "type_filters": [types[0].capitalize(), *({"Subtype": t} for t in subtypes)],
                 "controller": "You" if controller else None, "properties": []}
    return Sentence(f"Prevent all combat damage that would be dealt{whom}.",
                    {"event": "DamageDone", "mode": {"type": "Mandatory"}, "valid_card": valid, "condition": None,
                     "execute": None, "combat_scope": "CombatOnly", "shield_kind": {"Prevention": {"amount": "All"}}})


def check_static_prevention(face: Mapping[str, Any], sentences: list[Sentence]) -> None:
    """What a subset match cannot see: phase reading a prevention sentence here with a filter of
    its recipients or sources, or with both a modification and a shield."""
    for sentence, parsed in zip(sentences, face.get("replacements") or ()):
        expect = sentence.expect
        if expect.get("event") != "DamageDone" or not ("shield_kind" in expect or "damage_modification" in expect):
            continue
        for key in ("damage_target_filter", "damage_source_filter", "shield_kind", "damage_modification",
                    "redirect_target", "combat_scope"):
            if key not in expect and parsed.get(key) is not None:
                raise EngineGap(f"phase's Oracle parser reads {sentence.text!r} with {key} {parsed[key]!r}")


def _with_extra(oid: str, name: str, body: Mapping[str, Any], to: Mapping[str, Any],
                case: Mapping[str, Any] | None = None) -> Sentence:
    """CR 615.5: a Hydra's prevention and additional effect. Counters removed "for each 1 damage
    prevented this way" (phase reads that sentence as one counter) are Protean Hydra's "that many"
    where no damage of the case can't be prevented (615.12): the Hydra prevents all the damage
    that reaches it, so the damage and the damage prevented are one number."""
    then = dict(body.get("then") or {})
    rest = {k: v for k, v in body.items() if k not in ("to", "then") and v not in (None, False, [], ())}
    if not then or to != {"itself": True} or rest:
        raise Unsupported(f"object {oid!r}: a static prevention ability {dict(body)} is not realised by this adapter "
                          "(only a Hydra's \"if damage would be dealt to it, prevent that damage\" with an additional "
                          "effect on itself)")
    put, remove, for_each = then.get("put_counters"), then.get("remove_counters"), then.get("for_each", "prevented")
    text = f"If damage would be dealt to {name}, prevent that damage."
    count = {"type": "Ref", "qty": {"type": "EventContextAmount"}}
    if put is not None and remove is None and for_each == "prevented":  # Phyrexian Hydra
        text += f" Put a {put} counter on {name} for each 1 damage prevented this way."
        effect = {"type": "PutCounter", "counter_type": phase_kind(put), "count": count, "target": {"type": "SelfRef"}}
    elif remove is not None and put is None and (for_each == "damage" or (
            for_each == "prevented" and case is not None and "'cant_be_prevented': True" not in str(case["steps"]))):
        text = text[:-1] + f" and remove that many {remove} counters from it."
        effect = {"type": "RemoveCounter", "counter_type": phase_kind(remove), "count": count,
                  "target": {"type": "SelfRef"}}
    else:
        raise Unsupported(f"object {oid!r}: the additional effect {then} of a prevention ability has no Oracle wording "
                          "here (Phyrexian Hydra's counters for each damage prevented, Protean Hydra's that many removed)")
    return Sentence(text, {"event": "DamageDone", "mode": {"type": "Mandatory"}, "valid_card": {"type": "SelfRef"},
                           "condition": None, "shield_kind": {"Prevention": {"amount": "All"}},
                           "execute": {"kind": "Spell", "effect": effect, "sub_ability": None, "condition": None}})
