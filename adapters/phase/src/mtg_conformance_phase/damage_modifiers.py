"""Damage modifiers other than doubling (CR 614.1a, 701.11, 616.1): ``modify_damage`` abilities
written as the Oracle sentences of the real cards they model, checked against phase's parse (a
``DamageDone`` replacement with that ``damage_modification``, ``damage_source_filter`` and
``damage_target_filter``):

- Fiery Emancipation, ``{by: {controller: you, zone: [battlefield, stack]}, times: 3}``: "If a
  source you control (without ``by``: "If a source") would deal damage to a permanent or player, it deals triple that damage to
  that permanent or player instead." (phase: Triple, sources its controller controls);
- Torbran, Thane of Red Fell, ``{by: {colors: [R], controller: you, zone: [battlefield, stack]}, to:
  {controller: opponent}, to_player: opponent, plus: 2}``: "If a red source you control would deal
  damage to an opponent or a permanent an opponent controls, it deals that much damage plus 2
  instead." (phase: Plus 2, red sources its controller controls, recipients an opponent or a
  permanent an opponent controls);
- ``{to: {types: [creature]}, plus: N}``: "If a source would deal damage to a creature, it deals
  that much damage plus N instead." (phase: Plus N, recipients ``CreatureOnly``);
- ``{to_player: you, times: 2}`` / ``any``: "If a source would deal damage to you, it deals double
  that damage to you instead." / "... to a player, ... to that player instead." (phase: Double,
  recipients the controller or any player).

Like damage doublers they depend on the damage's source, so a case with one deals its damage from
the scenario's own sources (:mod:`.damage_sources`); the affected player's scripted order among
them, doublers and static prevention is phase's own 616.1 choice (:mod:`.counter_order`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.wording import COLOR_WORDS, Sentence
from conformance.errors import EngineGap, Unsupported

_FACTORS = {2: ("double", "Double"), 3: ("triple", "Triple")}
_PLAYERS = {"you": ("you", "you", "Controller"), "any": ("a player", "that player", "Any")}
"""``to_player`` of a modifier on players' damage only: the words and phase's ``damage_target_filter``."""


def _sources(oid: str, by: Mapping[str, Any] | None) -> tuple[str, dict[str, Any] | None]:
    """"a source you control" / "a red source you control", and phase's ``damage_source_filter``
    ("a source" and none, without ``by``: every source)."""
    if by is None:
        return "a source", None
    flt = {k: v for k, v in (by or {}).items() if v not in (None, False, [], ())}
    zones = flt.pop("zone", "battlefield")
    zones = frozenset([zones] if isinstance(zones, str) else zones)
    colors = list(flt.pop("colors", []))
    if flt.pop("controller", None) != "you" or flt or zones != {"battlefield", "stack"} or len(colors) > 1:
        raise Unsupported(f"object {oid!r}: a damage modifier for the sources {dict(by or {})} has no Oracle wording "
                          "here (sources you control, in any zone, perhaps of one colour)")
    properties = [{"type": "HasColor", "color": COLOR_WORDS[c].capitalize()} for c in colors]
    words = " ".join([*(COLOR_WORDS[c] for c in colors), "source you control"])
    return f"a {words}", {"type": "Typed", "type_filters": [], "controller": "You", "properties": properties}


def modify_damage_sentence(oid: str, body: Mapping[str, Any]) -> Sentence:
    """CR 614.1a: Fiery Emancipation's or Torbran's sentence, and phase's expected reading."""
    words, source_filter = _sources(oid, body.get("by"))
    to = {k: v for k, v in (body.get("to") or {}).items() if v not in (None, False, [], ())}
    if to.get("zone") == "battlefield":
        to.pop("zone")
    to_player, times, plus = body.get("to_player"), body.get("times"), body.get("plus")
    expect: dict[str, Any] = {"event": "DamageDone", "mode": {"type": "Mandatory"}, "valid_card": None,
                              "condition": None, "execute": None}
    if source_filter is not None:  # none: .damage_sources.check_damage_replacements checks phase reads none
        expect["damage_source_filter"] = source_filter
    if times is not None and plus is None and not to and to_player is None and times in _FACTORS:
        word, kind = _FACTORS[times]
        return Sentence(f"If {words} would deal damage to a permanent or player, it deals {word} that damage to that "
                        "permanent or player instead.", {**expect, "damage_modification": {"type": kind}})
    if plus is not None and times is None and to == {"controller": "opponent"} and to_player == "opponent" and plus > 0:
        return Sentence(f"If {words} would deal damage to an opponent or a permanent an opponent controls, it deals "
                        f"that much damage plus {plus} instead.",
                        {**expect, "damage_modification": {"type": "Plus", "value": {"type": "Fixed", "value": plus}},
                         "damage_target_filter": {"PlayerOrPermanentsControlledBy": {
                             "player": {"type": "Opponent"}, "permanent_type": None}}})
    if plus is not None and times is None and to == {"types": ["creature"]} and to_player is None and plus > 0:
        return Sentence(f"If {words} would deal damage to a creature, it deals that much damage plus {plus} instead.",
                        {**expect, "damage_modification": {"type": "Plus", "value": {"type": "Fixed", "value": plus}},
                         "damage_target_filter": "CreatureOnly"})
    if times in _FACTORS and plus is None and not to and to_player in _PLAYERS:
        (word, kind), (whom, that, player) = _FACTORS[times], _PLAYERS[to_player]
        return Sentence(f"If {words} would deal damage to {whom}, it deals {word} that damage to {that} instead.",
                        {**expect, "damage_modification": {"type": kind},
                         "damage_target_filter": {"Player": {"player": {"type": player}}}})
    raise Unsupported(f"object {oid!r}: the damage modifier {dict(body)} has no Oracle wording here (Fiery "
                      "Emancipation's tripling, Torbran's plus N to an opponent or their permanents, plus N to a "
                      "creature, doubling or tripling to you or to a player)")


def check_damage_modifiers(face: Mapping[str, Any], sentences: list[Sentence]) -> None:
    """A modifier for any recipient has no ``damage_target_filter`` in phase's reading."""
    for sentence, parsed in zip(sentences, face.get("replacements") or ()):
        modification = (sentence.expect.get("damage_modification") or {}).get("type")
        if sentence.expect.get("event") == "DamageDone" and modification in ("Double", "Triple", "Plus") \
                and "damage_target_filter" not in sentence.expect and parsed.get("damage_target_filter") is not None:
            raise EngineGap(f"phase's Oracle parser reads {sentence.text!r} with a recipient filter")
