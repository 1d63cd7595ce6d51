"""As-enters choices of a player (CR 614.12, 614.1c, 208.2a): "As this creature enters, choose an
opponent." (or "a player"), phase's own replacement effect, and numbers about the chosen player
("1 plus the number of creatures the chosen player controls": Lost Order of Jarkeld, written by
:func:`.wording.quantity`).

The permanent is moved with phase's zone-change pipeline (debug ``MoveToZone`` with ``simulate:
true``, which applies the replacement effects of the move, as for entering as a copy), and the
case's choice is answered in phase's own prompt for it (:mod:`.choosing`).

A choice of power and toughness (CR 208.2b): Aquamorph Entity's "As this creature enters, it
becomes your choice of 5/1 or 1/5." (:func:`pt_choice_sentences`); the card is cast from its
owner's hand by :data:`FREE_CAST` and the choice answered in phase's prompt as it resolves
(:mod:`.choosing`: phase keeps that choice only for a permanent spell). A choice of an object (phase's parser reads no
"choose a creature"), and a choice together with another one, are unsupported.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.wording import Sentence
from conformance.errors import EngineGap, Unsupported

CHOICE_TYPES = {"opponent": ("an opponent", "Opponent"), "player": ("a player", "Player")}



def choose_sentence(oid: str, body: Mapping[str, Any], types: list[str]) -> Sentence:
    """"As this creature enters, choose an opponent." (CR 614.12), and phase's reading of it."""
    if body.get("object") is not None:  # seen: "As this creature enters, choose a creature." (adapters/phase/tests/test_phase_gaps.py)
        raise EngineGap(f"object {oid!r}: an as-enters choice of {dict(body)}: phase's Oracle parser leaves 'choose a "
                        "creature' unimplemented")
    if body.get("player") not in CHOICE_TYPES:
        raise Unsupported(f"object {oid!r}: an as-enters choice of {dict(body)} is not realised by this adapter "
                          "(only a player or an opponent)")
    if "creature" not in types:
        raise Unsupported(f"object {oid!r}: an as-enters choice on a noncreature card has no wording here")
    words, kind = CHOICE_TYPES[body["player"]]
    return Sentence(f"As this creature enters, choose {words}.", {
        "event": "Moved", "execute": {"kind": "Spell", "effect": {"type": "Choose", "choice_type": kind}},
        "mode": {"type": "Mandatory"}, "valid_card": {"type": "SelfRef"}, "destination_zone": "Battlefield"})


PT = re.compile(r"^([0-9]+)/([0-9]+)$")


def pt_choice_sentences(oid: str, body: Mapping[str, Any], types: list[str],
                        case: Mapping[str, Any] | None) -> tuple[Sentence, list[Sentence]]:
    """Aquamorph Entity's "As this creature enters, it becomes your choice of 5/1 or 1/5." (CR
    208.2b, 614.12), and phase's reading of it: a replacement choosing one of the labels as the
    permanent enters, kept on it, and one static ability per label setting its power and toughness
    while that label is the chosen one. Its "or is turned face up" half is left out where the case
    turns nothing face up (that half applies only then, 708.11; phase's parser leaves those words
    unimplemented), and refused otherwise; two options only (phase leaves a list of three
    unimplemented)."""
    options = list(body.get("options") or ())
    if "creature" not in types:
        raise Unsupported(f"object {oid!r}: a power/toughness choice on a noncreature card has no wording here")
    if len(options) != 2 or len(set(options)) != 2 or not all(PT.match(str(o)) for o in options):
        raise EngineGap(f"object {oid!r}: a power/toughness choice among {options} has no wording phase's parser "
                          "reads (two options only)")
    if body.get("turned_face_up") and _turned_face_up(oid, case or {}):
        raise EngineGap(f"object {oid!r}: a power/toughness choice as a permanent is turned face up (CR 708.11): "
                          "phase's parser leaves 'or is turned face up' unimplemented")
    first, second = options
    replacement = Sentence(f"As this creature enters, it becomes your choice of {first} or {second}.", {
        "event": "Moved", "mode": {"type": "Mandatory"}, "valid_card": {"type": "SelfRef"},
        "destination_zone": "Battlefield", "condition": None,
        "execute": {"kind": "Spell", "effect": {"type": "Choose", "choice_type": {"Labeled": {"options": options}},
                                                "persist": True}}})
    statics = [Sentence("", {"mode": "Continuous", "affected": {"type": "SelfRef"}, "condition": {
        "type": "ChosenLabelIs", "label": label}, "modifications": [
        {"type": "SetPower", "value": int(PT.match(label)[1])}, {"type": "SetToughness", "value": int(PT.match(label)[2])}]})
        for label in options]
    return replacement, statics


def _turned_face_up(oid: str, case: Mapping[str, Any]) -> bool:
    """Whether a step of the case may turn a permanent with this object's "as it is turned face up"
    ability face up (CR 708.11): this object, or one that a copy effect may give its abilities
    (a ``become_copy`` target, an object entering as a copy, a token copy)."""
    steps = case.get("steps", ())
    copies = {step["become_copy"].get("to") for step in steps if "become_copy" in step}
    copies |= {other for other, spec in (case.get("objects") or {}).items()
               if any("enters_as_copy" in a for a in spec["card"].get("abilities", ()))}
    copies |= {name for step in steps if (step.get("create_token") or {}).get("copy_of")
               for name in (step["create_token"].get("token"), *(step["create_token"].get("tokens") or ()))}
    return any(step["turn_face_up"].get("object") in {oid, *copies} for step in steps if "turn_face_up" in step)


def chooses_a_player(card: Mapping[str, Any]) -> bool:
    return any("as_enters_choose" in a and (a["as_enters_choose"] or {}).get("player") in CHOICE_TYPES
               for a in card.get("abilities", ()))


def _alone(body: Mapping[str, Any], key: str, what: str) -> dict[str, Any] | None:
    """A move's ``choices`` when they name ``key`` and nothing else, for a move to the battlefield
    (CR 614.12); None when they do not name it; Unsupported otherwise."""
    choices = {k: v for k, v in (body.get("choices") or {}).items() if v is not None}
    if key not in choices:
        return None
    if set(choices) != {key}:
        raise Unsupported(f"a move with the choices {sorted(choices)} together is not realised by this adapter")
    if body["to"] != "battlefield":
        raise Unsupported(f"{what} for a move to a zone other than the battlefield")
    return choices


def player_choice(case: Mapping[str, Any], body: Mapping[str, Any]) -> str | None:
    """The player a ``move`` step's ``choices`` name for the moved object's as-enters choice, or
    None when they name none; raise Unsupported for a player choice with any other choice."""
    choices = _alone(body, "player", "a player choice")
    if choices is None:
        return None
    if not chooses_a_player(case["objects"][body["object"]]["card"]):
        raise Unsupported("a player choice for an object without an as-enters player choice")
    if choices["player"] not in case["players"]:
        raise Unsupported(f"the choice of {choices['player']!r}, who is not a player of the case")
    return choices["player"]


def pt_choice(case: Mapping[str, Any], body: Mapping[str, Any]) -> str | None:
    """The power and toughness a ``move`` step's ``choices`` name for the moved object's as-enters
    choice (CR 208.2b), or None when they name none; raise Unsupported for it with any other
    choice (but a Clone's copy choice, :func:`pt_copy`), or when the case has triggered abilities
    (the card is cast: .choosing)."""
    copied = pt_copy(case, body)
    choices = _alone(body, "pt", "a power/toughness choice") if copied is None else body["choices"]
    if choices is None:
        return None
    card = case["objects"][copied or body["object"]]["card"]
    options = [o for a in card.get("abilities", ()) if "as_enters_pt" in a for o in a["as_enters_pt"]["options"]]
    if choices["pt"] not in options:
        raise Unsupported("a power/toughness choice for an object without an as-enters choice among those options")
    if "triggered" in json.dumps(case["objects"]) or "resolve_triggers" in json.dumps(case["steps"]):
        raise Unsupported("a power/toughness choice in a case with triggered abilities: the card is cast here "
                          "(CR 601.2), an event the case does not have")
    return choices["pt"]


FREE_CAST = Sentence("Cast a creature spell from your hand without paying its mana cost.", {
    "type": "CastFromZone", "without_paying_mana_cost": True, "mode": "Cast", "target": {
        "type": "Typed", "type_filters": ["Creature"], "controller": "You", "properties": [{"type": "InZone", "zone": "Hand"}]}})
"""The synthesized instant a card with a power/toughness choice is cast by (CR 608.2, 118.6: one
with no mana cost may be cast so), phase's ``CastFromZone``: phase keeps the choice only for a
permanent spell resolving (.choosing)."""


def pt_copy(case: Mapping[str, Any], body: Mapping[str, Any]) -> str | None:
    """The object a card with Clone's ability copies as it enters with a power/toughness choice too
    (``choices: {copy: X, pt: ...}``): X's as-enters ability is copied and applies to it, with its
    own choice (CR 707.5, 208.2b); None when the choices are not those two."""
    choices = {k: v for k, v in (body.get("choices") or {}).items() if v is not None}
    if set(choices) != {"copy", "pt"}:
        return None
    if body["to"] != "battlefield":
        raise Unsupported("a copy and a power/toughness choice for a move to a zone other than the battlefield")
    if not any("enters_as_copy" in a for a in case["objects"][body["object"]]["card"].get("abilities", ())):
        raise Unsupported("a copy choice for an object without an enters_as_copy ability")
    copy = [choices["copy"]] if isinstance(choices["copy"], str) else list(choices["copy"])
    if len(copy) != 1 or copy[0] not in case["objects"]:
        raise Unsupported(f"a power/toughness choice with the copy choice {choices['copy']!r} (one declared object only)")
    return copy[0]


def declared_choice(case: Mapping[str, Any], oid: str, before: list[str]) -> tuple[str, Any] | None:
    """The choice an object declared on the battlefield made as it entered, before the case began
    (the format's ``choices`` on an object, 614.12): ``("copy", X)`` (707.5; "copy nothing" is
    no choice: the replacement declined, it is set up as any declared permanent), ``("player",
    P)`` or ``("pt", X)`` (208.2b); it is made again as the object enters during the setup, in declaration
    order, so what it copies must be declared before it, on the battlefield. Anything else:
    unsupported."""
    spec = case["objects"][oid]
    choices = {k: v for k, v in (spec.get("choices") or {}).items() if v is not None}
    if not choices:
        return None
    if spec["zone"] != "battlefield":
        raise Unsupported(f"object {oid!r}: choices made as it entered, off the battlefield")
    counters = any((a["enters_as_copy"].get("exceptions") or {}).get("enters_with_counters")
                   for a in spec["card"].get("abilities", ()) if "enters_as_copy" in a)  # put by who controls it
    yours = any((a["enters_as_copy"].get("of") or {}).get("controller") for a in spec["card"].get("abilities", ())
                if "enters_as_copy" in a)  # "a creature you control": relative to who puts it there (.copies)
    if (set(choices) not in ({"copy"}, {"pt"}) or counters or yours) and spec.get("controller") not in (None, spec["owner"]):
        # "choose an opponent" is relative to the player choosing; which object a Clone copies, from a filter naming no
        # controller, is not (707.5), nor which of the printed P/T options (208.2b): its owner puts it there choosing
        # it, then its control is given (.board)
        raise Unsupported(f"object {oid!r}: choices made as it entered under another player's control")
    if set(choices) == {"player"}:
        return "player", player_choice(case, {"object": oid, "to": "battlefield", "choices": choices})
    if set(choices) == {"pt"}:  # CR 208.2b: the card cast as the case is set up (.choosing)
        return "pt", pt_choice(case, {"object": oid, "to": "battlefield", "choices": choices})
    if set(choices) != {"copy"}:
        raise Unsupported(f"object {oid!r}: the choices {sorted(choices)} as it entered are not realised by this adapter")
    if not any("enters_as_copy" in a for a in spec["card"].get("abilities", ())):
        raise Unsupported(f"object {oid!r}: a copy choice without an enters_as_copy ability")
    copy = choices["copy"]
    copy = [copy] if isinstance(copy, str) else list(copy or [])
    if len(copy) > 1:
        raise Unsupported(f"object {oid!r}: a chain of copy choices (707.9e) is not realised by this adapter")
    if copy and (copy[0] not in before or case["objects"][copy[0]]["zone"] != "battlefield"):
        raise Unsupported(f"object {oid!r} copies {copy[0]!r}, which is not declared before it on the battlefield")
    # "copy nothing": the optional replacement declined (614.12, 707.5), it entered as the card it is, set up as any
    # declared permanent (so a counter declared on a 0/0 Clone is on it as the case starts)
    return ("copy", copy[0]) if copy else None
