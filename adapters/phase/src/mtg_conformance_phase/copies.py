"""Copy effects (CR 707): a card that may enter as a copy ("You may have this creature enter as a
copy of any creature on the battlefield.", Clone's Oracle wording, CR 707.5, 614.1c; "... of any
artifact ..., except it's an enchantment in addition to its other types.", Copy Artifact's, 707.9),
read by phase's parser into its own "enters" replacement effect and checked, and the ``move`` step
that puts such a card onto the battlefield through phase's zone-change pipeline, the case's copy
choice made with phase's own prompts (its optional replacement, 614.12, then its copy-target
choice). A ``become_copy`` step is a spell, "Target permanent becomes a copy of target permanent."
(707.4), with the same exceptions. What the copy is (its copiable values, 707.2; a copy of a copy,
707.3; the exceptions becoming copiable values, 707.9b) is phase's own layer 1.

Exceptions (707.9) are realised where phase's parser reads each one into a modification of its
copy effect (checked, one by one): a set P/T, added card types, subtypes and supertypes, card
types replacing the copied ones, "it isn't legendary", a gained keyword or triggered ability, an
additional counter it enters with, and (token copies of a creature card) a colour and creature
types given instead; token copies (:mod:`.tokens`) use them too. Card types or supertypes given
instead, and "if it's a creature" parts (707.9f), are written as phase reads them where that is the
same in the case (:func:`instead_as_added`, :func:`if_creature_as_always`). Not realised
(unsupported, with the reason): other exceptions (a name, colours alone, kept colours, "this
ability", other conditional parts), an ``of`` filter other than one card type on the battlefield
(or "you control"), and a chain of copy choices (copying a Clone that copies, 707.9e).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.bindings import COUNTERS, _phase
from mtg_conformance_phase.changes import KEYWORDS
from mtg_conformance_phase.wording import COLOR_WORDS, Sentence
from conformance.errors import EngineGap, Unsupported
from conformance.format.subtypes import kind_of
from conformance.oracle import abilities as oracle_abilities
from conformance.oracle import effects as oracle_effects
from conformance.oracle.errors import NoOracleWording

CLONE_TEXT = "You may have this creature enter as a copy of any creature on the battlefield."
"""Clone's Oracle text (CR 707.5's example wording)."""

COPIED_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker")
"""The card types an "enter as a copy of any ..." filter may name here (one of them)."""


def _without_descriptions(value: Any) -> Any:
    """phase's parse of an ability with its descriptions left out (they repeat the text)."""
    if isinstance(value, Mapping):
        return {k: _without_descriptions(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [_without_descriptions(v) for v in value]
    return value


def _granted(who: str, ability: Mapping[str, Any]) -> dict[str, Any]:
    """The modification phase must read a gained ability of a copy exception as (707.9b): a
    keyword phase knows, or a triggered ability read as phase reads the same text on a card."""
    (key, body), = ability.items()
    if key == "keyword" and body in KEYWORDS:
        return {"type": "AddKeyword", "keyword": KEYWORDS[body]}
    if key == "keyword" and body == "changeling":  # CR 702.73a, 707.9b: part of the copiable values (.changeling)
        return {"type": "AddKeyword", "keyword": "Changeling"}
    if key == "text":
        card = {"name": "Cfx Granted", "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
                "manaValue": 0, "type": "Creature", "types": ["Creature"], "subtypes": [], "supertypes": [],
                "text": body, "power": "0", "toughness": "0"}
        face = _phase().build_oracle_face(card, None)
        parts = {k: face.get(k) or [] for k in ("abilities", "static_abilities", "replacements", "keywords")}
        triggers = face.get("triggers") or []
        if len(triggers) == 1 and not any(parts.values()) and "Unimplemented" not in json.dumps(face):
            return {"type": "GrantTrigger", "trigger": _without_descriptions(triggers[0])}
    raise Unsupported(f"{who}: a copy exception giving {dict(ability)} is not realised by this adapter")


def _creature_types_instead(who: str, ex: dict[str, Any], copied: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """"except it's a 4/4 black Zombie" (707.9b, The Scarab God's): phase reads the colour set, the
    creature types removed, creature added and the given types added. That is the exception's
    meaning (its subtypes replaced) only for a copy of a creature card whose subtypes are creature
    types, given creature types: ``copied`` must show it."""
    card = (copied or {}).get("card") or {}
    subtypes = list(ex.pop("subtypes"))
    if copied is None or "creature" not in card.get("types", ()) \
            or any(kind_of(t) != "creature" for t in [*card.get("subtypes", ()), *subtypes]) \
            or any("enters_as_copy" in a for a in card.get("abilities", ())):
        raise Unsupported(f"{who}: subtypes given instead, other than creature types of a creature card copied")
    out = []
    if "power" in ex and "toughness" in ex:
        out += [{"type": "SetPower", "value": ex.pop("power")}, {"type": "SetToughness", "value": ex.pop("toughness")}]
    if "colors" in ex:
        given = ex.pop("colors")
        out.append({"type": "SetColor", "colors": [COLOR_WORDS[c].capitalize() for c in "WUBRG" if c in given]})
    return [*out, {"type": "RemoveAllSubtypes", "set": "Creature"}, {"type": "AddType", "core_type": "Creature"},
            *({"type": "AddSubtype", "subtype": t} for t in subtypes)]


def copy_modifications(who: str, exceptions: Mapping[str, Any] | None,
                       copied: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The modifications of phase's copy effect (``additional_modifications``) its parser must
    read the exceptions as (CR 707.9b), in the order the exceptions are worded; Unsupported for
    an exception phase does not read. ``copied`` is the copied object's declaration, when known:
    supertypes given as none are "it isn't legendary" only when legendary is all it could have."""
    ex = {k: v for k, v in (exceptions or {}).items() if v not in (None, [], (), {}, False)}
    if "colors" in ex and "subtypes" not in ex:  # seen: "..., except it's blue." reads as a plain copy
        raise EngineGap(f"{who}: a copy exception of colours (CR 707.9b): phase's Oracle parser drops it (tests/"
                        "test_phase_gaps.py)")
    out: list[dict[str, Any]] = []
    if (exceptions or {}).get("supertypes") in ([], ()):  # "except it isn't legendary"
        card = (copied or {}).get("card") or {}
        if copied is None or set(card.get("supertypes") or ()) - {"legendary"} \
                or any("enters_as_copy" in a for a in card.get("abilities") or ()):
            raise Unsupported(f"{who}: a copy with no supertypes of an object that may have others than legendary")
        out.append({"type": "RemoveSupertype", "supertype": "Legendary"})
    if "power" in ex or "toughness" in ex:  # CR 707.9d: "except it's 7/7"
        if not isinstance(ex.get("power"), int) or not isinstance(ex.get("toughness"), int):
            raise Unsupported(f"{who}: a copy exception setting only power or toughness")
        out += [{"type": "SetPower", "value": ex.pop("power")}, {"type": "SetToughness", "value": ex.pop("toughness")}]
    if "subtypes" in ex:  # "it's a 4/4 black Zombie": phase sets the colour and the creature types instead
        out += _creature_types_instead(who, ex, copied)
    out += [{"type": "AddSupertype", "supertype": s.capitalize()} for s in ex.pop("add_supertypes", ())]
    out += [{"type": "AddSubtype", "subtype": s} for s in ex.pop("add_subtypes", ())]
    out += [{"type": "AddType", "core_type": t.capitalize()} for t in ex.pop("add_types", ())]
    if "types" in ex:  # "except it's an enchantment": its card types instead of the copied ones
        out.append({"type": "SetCardTypes", "core_types": [t.capitalize() for t in ex.pop("types")]})
    out += [_granted(who, ability) for ability in ex.pop("gains", ())]
    for kind, n in dict(ex.pop("enters_with_counters", {})).items():  # CR 707.9e, 614.1c
        if n != 1:
            raise EngineGap(f"{who}: a copy entering with {n} additional counters (phase's parser reads "
                              "only 'an additional ... counter')")
        out.append({"type": "AddCounterOnEnter", "counter_type": COUNTERS.get(kind, kind),
                    "count": {"type": "Fixed", "value": 1}})
    if ex:
        raise Unsupported(f"{who}: the copy exceptions {sorted(ex)} (CR 707.9) are not realised by this adapter")
    return out


INSTEAD = {"types": "add_types", "supertypes": "add_supertypes"}
"""Copy exceptions giving card types or supertypes instead of the copied ones (707.9b, 205.1a), and
the exception adding them."""


def instead_as_added(case: Mapping[str, Any]) -> Mapping[str, Any]:
    """The case with each copy exception giving card types or supertypes instead of the copied ones
    ("except it's an artifact creature", which phase's parser drops; "except it's snow", which it
    reads as added) written as adding them ("..., except it's an artifact creature in addition to
    its other types", phase's ``AddType``, checked): the same copiable values (707.2, 707.9b) where
    every card type, or supertype, an object's copiable values can have in the case (printed on a
    card or a token, given by a copy exception; or named by a filter) is among those it gives, so
    that nothing is taken away; otherwise left as they are (:func:`copy_modifications`)."""
    given: dict[str, list[set[str]]] = {key: [] for key in INSTEAD}
    possible: dict[str, set[str]] = {key: set() for key in INSTEAD}

    def walk(node: Any, under: str = "") -> None:
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key in ("expect", "become", "becomes"):  # checkpoints, and changes after layer 1 (613.1a)
                    continue
                for kind, added in INSTEAD.items():
                    if key == kind and under in ("exceptions", "if_creature") and value:
                        given[kind].append(set(value))
                    if key in (kind, added) and isinstance(value, (list, tuple)):
                        possible[kind].update(value)
                walk(value, key)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value, under)

    walk(case.get("objects"))
    walk(case.get("steps"))
    kinds = [kind for kind, sets in given.items() if sets and not any(possible[kind] - s for s in sets)]
    if not kinds:
        return case  # as they are: "except it's an enchantment" is phase's SetCardTypes; others refused (copy_modifications)

    def rewrite(node: Any, under: str = "") -> Any:
        if isinstance(node, Mapping):
            out = {k: rewrite(v, k) for k, v in node.items()}
            if under in ("exceptions", "if_creature"):
                for kind, added in INSTEAD.items():
                    if kind in kinds and out.get(kind):
                        out[added] = list(dict.fromkeys([*(out.get(added) or ()), *out.pop(kind)]))
            return out
        if isinstance(node, (list, tuple)):
            return [rewrite(v, under) for v in node]
        return node

    return {**case, "objects": rewrite(case["objects"]), "steps": rewrite(case["steps"])}


def _every_types_list(node: Any, skip: tuple[str, ...] = ("expect",)) -> Any:
    """Every ``types`` list of the case's objects or steps (cards, tokens, exceptions, effects setting
    card types, filters), checkpoints left out."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key in skip:
                continue
            if key == "types" and isinstance(value, (list, tuple)):
                yield value
            yield from _every_types_list(value, skip)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from _every_types_list(value, skip)


def if_creature_as_always(case: Mapping[str, Any]) -> Mapping[str, Any]:
    """The case with each copy exception's part "if it's a creature" (707.9f; phase's parser drops or
    misreads it) made unconditional where the resulting permanent is a creature whatever it copies:
    every card type list of the case (printed, given instead, set by an effect, or a filter) has
    creature, so every copiable value and every effect on it leaves it one. Otherwise left as it is."""
    if not any("if_creature" in str(step) for step in case["steps"]) and "if_creature" not in str(case["objects"]):
        return case
    if any("creature" not in types for part in (case["objects"], case["steps"]) for types in _every_types_list(part)):
        return case

    def rewrite(node: Any, under: str = "") -> Any:
        if isinstance(node, Mapping):
            out = {k: rewrite(v, k) for k, v in node.items()}
            inner = out.get("if_creature") if under == "exceptions" else None
            if isinstance(inner, Mapping) and not set(inner) & {k for k, v in out.items() if k != "if_creature" and v}:
                del out["if_creature"]
                out.update({k: v for k, v in inner.items() if v not in (None, [], (), {}, False)})
            return out
        if isinstance(node, (list, tuple)):
            return [rewrite(v, under) for v in node]
        return node

    return {**case, "objects": rewrite(case["objects"]), "steps": rewrite(case["steps"])}


def as_phase_reads(case: Mapping[str, Any]) -> Mapping[str, Any]:
    """The case with its copy exceptions written as phase reads them where that is the same (707.9b,
    707.9f): :func:`if_creature_as_always`, then :func:`instead_as_added`."""
    return instead_as_added(if_creature_as_always(case))


def _filter(oid: str, of: Mapping[str, Any] | None) -> tuple[str, str | None]:
    """The one card type an "enter as a copy of any ... on the battlefield" names, and phase's
    controller of "a creature you control" (Glasspool Mimic's, 707.5: the player putting it onto
    the battlefield, .enters_choices.declared_choice) or ``None``."""
    flt = {k: v for k, v in (of or {}).items() if v not in (None, False, [], ())}
    controller = flt.pop("controller", None)
    if flt.pop("zone", "battlefield") != "battlefield" or set(flt) != {"types"} or len(flt["types"]) != 1 \
            or flt["types"][0] not in COPIED_TYPES or controller not in (None, "you"):
        raise Unsupported(f"object {oid!r}: entering as a copy of {dict(of or {})} (only 'any <card type> on the "
                          "battlefield' and 'a <card type> you control' are worded here)")
    return flt["types"][0], "You" if controller else None


def enters_as_copy_sentence(oid: str, body: Mapping[str, Any], types: list[str]) -> Sentence:
    """The Oracle sentence of ``enters_as_copy`` (:func:`conformance.oracle.abilities.enters_as_copy`)
    and the replacement effect phase must read it as: an optional replacement of this object's
    move to the battlefield (614.1c, 614.12) making it a copy of a permanent there (707.5), with
    its exceptions (707.9)."""
    kind, controller = _filter(oid, body.get("of"))
    me = next((t for t in ("creature", "artifact", "enchantment") if t in types), None)
    if me is None:
        raise Unsupported(f"object {oid!r}: 'enter as a copy' on a card that is none of creature, artifact, enchantment")
    modifications = copy_modifications(f"object {oid!r}", body.get("exceptions"))
    try:
        text = oracle_abilities.enters_as_copy(body, f"this {me}")
    except NoOracleWording as exc:
        raise Unsupported(f"object {oid!r}: {exc}") from None
    effect: dict[str, Any] = {"type": "BecomeCopy", "target": {"type": "Typed", "type_filters": [kind.capitalize()],
                                                               "controller": controller, "properties": []}}
    if modifications:
        effect["additional_modifications"] = modifications
    return Sentence(text, {
        "event": "Moved", "destination_zone": "Battlefield", "valid_card": {"type": "SelfRef"},
        "mode": {"type": "Optional"}, "execute": {"effect": effect},
    })


def copy_choice(case: Mapping[str, Any], body: Mapping[str, Any]) -> str | None:
    """The object a ``move`` step's ``choices`` says the moved object copies, or ``None`` for
    "copy nothing" (``copy: []``); raise Unsupported for any other choice."""
    choices = dict(body.get("choices") or {})
    copy = choices.pop("copy", None)
    if choices:
        raise Unsupported(f"a move with the choices {sorted(choices)} is not realised by this adapter")
    if body["to"] != "battlefield":
        raise Unsupported("a copy choice for a move to a zone other than the battlefield")
    card = case["objects"][body["object"]]["card"]
    if not any("enters_as_copy" in a for a in card.get("abilities", [])):
        raise Unsupported("a copy choice for an object without an enters_as_copy ability")
    if isinstance(copy, str):
        copy = [copy]
    copy = list(copy or [])
    if len(copy) > 1:
        raise Unsupported("a chain of copy choices (copying an object that may itself enter as a copy, CR 707.9e) is "
                          "not realised by this adapter")
    return copy[0] if copy else None


def become_copy_sentence(body: Mapping[str, Any]) -> Sentence:
    """A ``become_copy`` step's spell (CR 707.4): "Target permanent becomes a copy of target
    permanent[ until end of turn][, except ...]." (:func:`conformance.oracle.effects.become_copy`),
    and phase's reading of it: its copy effect on the first target, of the second, with the
    exceptions read as :func:`copy_modifications` (707.9b). The effect of a step lasting until
    ended (611.2a) is worded with no duration, which phase makes permanent."""
    if body.get("to_each") is not None:
        raise Unsupported("several objects becoming copies at once have no Oracle wording here")
    if body.get("until", "end_of_turn") not in ("end_of_turn", "ended"):
        raise Unsupported(f"the duration {body.get('until')!r}")
    modifications = copy_modifications("a become_copy step", body.get("exceptions"))
    try:
        text = oracle_effects.become_copy(body, "target permanent", "target permanent")
    except NoOracleWording as exc:
        raise Unsupported(f"a become_copy step: {exc}") from None
    permanent = {"type": "Typed", "type_filters": ["Permanent"], "controller": None, "properties": []}
    effect: dict[str, Any] = {"type": "BecomeCopy", "target": permanent, "recipient": {"type": "Target", "filter": permanent},
                              "duration": "UntilEndOfTurn" if body.get("until", "end_of_turn") == "end_of_turn" else "Permanent"}
    if modifications:
        effect["additional_modifications"] = modifications
    return Sentence(text, effect)
