"""Counters put by effects, and the replacement effects that change how many (CR 614.1a, 614.16,
122.6a, 614.5), realised through phase's own replacement pipeline.

A ``counter_replacement`` ability is written as the Oracle sentence of the real card it models
(Doubling Season's second ability, Hardened Scales, Corpsejack Menace, Winding Constrictor's for
"that many plus N" of any kind, Vorinclex's first ability; the permanents covered worded as "a
permanent you control", "a creature you control" or, with no filter, "a permanent") and checked
against phase's parse (an ``AddCounter`` replacement, its ``quantity_modification``,
``counter_match`` and ``valid_card``/``valid_player``). In a case with such an ability, a
``put_counters`` step is a real effect: a synthesized instant "Put three +1/+1 counters on target
permanent." cast by the player whose effect puts them (the step's ``controller``, else the
permanent's controller), so phase's replacement effects apply to the event as it resolves; when
phase asks the affected permanent's controller to order several of them (616.1), the case has no
scripted ``order`` (that needs ``replacement-order``, not declared), so the order does not change
the result; the adapter answers only when every candidate has the same kind of modification
(doublings commute with doublings, additions with additions), else unsupported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.bindings import COUNTERS
from mtg_conformance_phase.counter_halving import halving_sentence
from mtg_conformance_phase.wording import Sentence
from conformance.errors import EngineGap, Unsupported
from conformance.oracle import words as oracle_words
from conformance.oracle.errors import NoOracleWording

NUMBERS = oracle_words.NUMBERS
"""Numbers as Oracle text writes them in "Put three +1/+1 counters ..." (:mod:`conformance.oracle.words`)."""


def number_word(n: int) -> str:
    try:
        return oracle_words.number_word(n)
    except NoOracleWording:
        raise Unsupported(f"{n} counters at once have no Oracle wording here") from None


def phase_kind(kind: str) -> str:
    return COUNTERS.get(kind, kind)


def _covered(on: Mapping[str, Any] | None, oid: str) -> tuple[str, dict[str, Any]]:
    """The permanents a counter replacement covers, relative to its controller: "a permanent you
    control" or "a creature you control", or, with no filter, any permanent: "a permanent" (words,
    phase's ``valid_card``)."""
    if on is None:  # CR 614.1a: no filter, every permanent whoever controls it (conformance.format.counters)
        return "a permanent", {"type": "Typed", "type_filters": ["Permanent"], "controller": None, "properties": []}
    flt = {k: v for k, v in on.items() if v not in (None, False, [], ())}
    zone = flt.pop("zone", "battlefield")
    types = list(flt.pop("types", []))
    if zone != "battlefield" or flt.pop("controller", None) != "you" or flt or types not in ([], ["creature"]):
        raise Unsupported(f"object {oid!r}: a counter replacement covering {dict(on)} has no Oracle wording here "
                          "(only permanents, or permanents or creatures its controller controls)")
    words, card_type = ("a creature you control", "Creature") if types else ("a permanent you control", "Permanent")
    return words, {"type": "Typed", "type_filters": [card_type], "controller": "You", "properties": []}


def counter_replacement_sentence(oid: str, body: Mapping[str, Any]) -> Sentence:
    """The Oracle sentence of a counter replacement (CR 614.1a) and phase's expected reading."""
    mode, amount, kind = body.get("mode", "double"), body.get("amount", 1), body.get("kind")
    if mode == "half":  # Vorinclex's second ability (.counter_halving)
        return halving_sentence(oid, body)
    if body.get("by_opponent"):
        raise Unsupported(f"object {oid!r}: an 'if an opponent would put' counter replacement other than Vorinclex's "
                          "has no Oracle wording here")
    if mode == "double":
        modification: dict[str, Any] = {"type": "Times", "factor": 2}
    elif mode == "plus":
        modification = {"type": "Plus", "value": amount}
    else:
        raise Unsupported(f"object {oid!r}: a counter replacement {mode!r} has no Oracle wording here")
    expect: dict[str, Any] = {"event": "AddCounter", "mode": {"type": "Mandatory"}, "condition": None,
                              "quantity_modification": modification}
    if body.get("by_you"):  # Vorinclex: "If you would put ..." (122.6a: who puts them)
        if body.get("on") is not None or kind is not None:  # phase drops "on a creature you control" (valid_card
            # None), and leaves "... +1/+1 counters ..., put that many plus one ..." unimplemented
            raise EngineGap(f"object {oid!r}: an 'if you would put' counter replacement of some counters or "
                              "permanents only has no Oracle wording here (phase reads only Vorinclex's, of any)")
        # "that many plus N" in Vorinclex's frame; of effects only: no "an effect" in the words, so a loyalty
        # cost putting counters beside it is refused (CR 606.4, .plan._doubling_season)
        how = "twice that many" if mode == "double" else f"that many plus {number_word(amount)}"
        text = (f"If you would put one or more counters on a permanent or player, put {how} of each of "
                "those kinds of counters on that permanent or player instead.")
        return Sentence(text, {**expect, "valid_card": None, "valid_player": "You",
                               "counter_replacement_subject": "Actor"})
    words, valid = _covered(body.get("on"), oid)
    if kind is None and mode == "plus":  # Winding Constrictor's wording, no "an effect" (as Hardened Scales', below)
        text = (f"If one or more counters would be put on {words}, that many plus {number_word(amount)} of each of "
                "those kinds of counters are put on that permanent instead.")
        return Sentence(text, {**expect, "valid_card": valid})
    if kind is None:
        if body.get("effects_only", True):  # Doubling Season (614.16: "an effect")
            text = (f"If an effect would put one or more counters on {words}, it puts twice that many of those "
                    "counters on that permanent instead.")
        else:
            text = (f"If one or more counters would be put on {words}, twice that many of each of those kinds of "
                    "counters are put on it instead.")
        return Sentence(text, {**expect, "valid_card": valid})
    # Hardened Scales, Corpsejack Menace: no "an effect" (a loyalty cost putting counters beside such a replacement
    # of effects only is refused, CR 606.4: .plan._doubling_season)
    how = "twice that many" if mode == "double" else f"that many plus {number_word(amount)}"
    text = f"If one or more {kind} counters would be put on {words}, {how} {kind} counters are put on it instead."
    return Sentence(text, {**expect, "valid_card": valid,
                           "counter_match": {"type": "OfType", "data": phase_kind(kind)}})


def check_counter_replacements(face: Mapping[str, Any], sentences: list[Sentence]) -> None:
    """What :func:`.wording.check_parse` cannot see: a replacement of any kind of counter has no
    ``counter_match`` in phase's reading, and a Vorinclex one no ``valid_card``."""
    for sentence, parsed in zip(sentences, face.get("replacements") or ()):
        if sentence.expect.get("event") != "AddCounter":
            continue
        for key in ("counter_match", "valid_player", "counter_replacement_subject"):
            if key not in sentence.expect and parsed.get(key) is not None:
                raise EngineGap(f"phase's Oracle parser reads {sentence.text!r} with {key} {parsed[key]!r}")


def put_counters_sentence(body: Mapping[str, Any], whom: str = "target permanent") -> Sentence:
    """"Put three +1/+1 counters on target permanent." (CR 122.1: an effect putting counters), or
    on "target creature", or on "that creature" (a later sentence's word for the spell's target:
    phase reads "on it" after some sentences as the spell itself)."""
    count, kind = body["count"], body["kind"]
    how_many = "a" if count == 1 else number_word(count)
    noun = "counter" if count == 1 else "counters"
    target = {"type": "ParentTarget"} if whom == "that creature" else {
        "type": "Typed", "type_filters": [whom.split()[-1].capitalize()], "controller": None, "properties": []}
    return Sentence(f"Put {how_many} {kind} {noun} on {whom}.",
                    {"type": "PutCounter", "counter_type": phase_kind(kind), "count": {"type": "Fixed", "value": count},
                     "target": target})


def enters_with_sentence(oid: str, name: str, body: Mapping[str, Any]) -> Sentence:
    """"NAME enters with three +1/+1 counters on it." (CR 614.1c, 122.6): phase's ``Moved``
    replacement to the battlefield putting them on the object itself (its name read as ``~``)."""
    counts = {kind: n for kind, n in body.items() if n}
    if len(counts) != 1:
        raise Unsupported(f"object {oid!r}: entering with counters of {len(counts)} kinds has no Oracle wording here")
    (kind, count), = counts.items()
    how_many = "a" if count == 1 else number_word(count)
    text = f"{name} enters with {how_many} {kind} {'counter' if count == 1 else 'counters'} on it."
    return Sentence(text, {"event": "Moved", "mode": {"type": "Mandatory"}, "valid_card": {"type": "SelfRef"},
                           "destination_zone": "Battlefield", "condition": None,
                           "execute": {"kind": "Spell", "effect": {
                               "type": "PutCounter", "counter_type": phase_kind(kind),
                               "count": {"type": "Fixed", "value": count}, "target": {"type": "SelfRef"}},
                               "sub_ability": None}})


def has_counter_replacements(case: Mapping[str, Any]) -> bool:
    return any("counter_replacement" in ability for spec in case["objects"].values()
               for ability in spec.get("card", {}).get("abilities", ()))
