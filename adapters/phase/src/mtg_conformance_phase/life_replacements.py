"""Life-gain and life-loss replacement effects (CR 614.1a, 614.5, 120.3a) and "can't lose the
game" (104.3b, 614.17), realised through phase's own replacement pipeline and static abilities.

- ``double_life_gain`` is the Oracle sentence of Boon Reflection and Rhox Faithmender: "If you
  would gain life, you gain twice that much life instead." (phase: a ``GainLife`` replacement
  whose execution gains twice the event's amount).
- ``double_life_loss`` is Bloodletter of Aclazotz's sentence without its "during your turn" (the
  format has no such condition): "If an opponent would lose life, they lose twice that much life
  instead.", or its controller's version "If you would lose life, you lose twice that much life
  instead." (phase: a ``LoseLife`` replacement with ``quantity_modification`` times 2 and
  ``valid_player`` Opponent, or none for "you"). "If a player would lose life ..." phase leaves
  unimplemented: for each player (``player: each``) both sentences are written on the card.
- ``cant_gain_life`` is "You / Your opponents / Players can't gain life." (119.7; phase: a static
  ``CantGainLife`` affecting those players).
- ``cant_lose`` is Platinum Angel's first half: "You can't lose the game." (phase: a static
  ``CantLoseTheGame`` affecting its controller). The second half ("your opponents can't win the
  game", 104.3b's other side) changes nothing a scenario observes and is left out.

Each parse is checked (:func:`.wording.check_parse` with the sentences here, then
:func:`check_life_replacements` for what a subset match cannot see).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.wording import Sentence
from conformance.errors import EngineGap, Unsupported

_YOU = {"type": "Typed", "type_filters": [], "controller": "You", "properties": []}


def double_life_gain_sentence(oid: str, body: Mapping[str, Any]) -> Sentence:
    """CR 614.1a: "If you would gain life, you gain twice that much life instead."."""
    if any(v not in (None, False, {}) for v in body.values()):
        raise Unsupported(f"object {oid!r}: a life-gain replacement with {sorted(body)} has no Oracle wording here")
    text = "If you would gain life, you gain twice that much life instead."
    return Sentence(text, {"event": "GainLife", "mode": {"type": "Mandatory"}, "valid_card": None, "condition": None,
                           "execute": {"kind": "Spell", "effect": {"type": "GainLife", "amount": {
                               "type": "Multiply", "factor": 2,
                               "inner": {"type": "Ref", "qty": {"type": "EventContextAmount"}}}},
                               "sub_ability": None, "condition": None}})


def double_life_loss_sentences(oid: str, body: Mapping[str, Any]) -> list[Sentence]:
    """CR 614.1a, 120.3a: "If an opponent would lose life, they lose twice that much life instead."
    (or "you"): relative to the ability's controller (109.5). For each player, both sentences: every
    player is either its controller or an opponent (102.2, 102.3), so exactly one of them applies to any
    player's loss, as the one effect would ("If a player would lose life ..." phase leaves
    unimplemented)."""
    if body.get("during_your_turn"):  # pragma: no cover - the loader refuses it
        raise Unsupported(f"object {oid!r}: a life-loss replacement during its controller's turn")
    who = body.get("player", "opponent")
    expect: dict[str, Any] = {"event": "LoseLife", "mode": {"type": "Mandatory"}, "valid_card": None,
                              "condition": None, "execute": None,
                              "quantity_modification": {"type": "Times", "factor": 2}}
    opponent = Sentence("If an opponent would lose life, they lose twice that much life instead.",
                        {**expect, "valid_player": "Opponent"})
    you = Sentence("If you would lose life, you lose twice that much life instead.", expect)
    sentences = {"opponent": [opponent], "you": [you], "each": [opponent, you]}.get(who)
    if sentences is None:
        raise Unsupported(f"object {oid!r}: a life-loss replacement for the players {who!r} has no wording here")
    return sentences


def cant_lose_sentence(oid: str, body: Mapping[str, Any]) -> Sentence:
    """CR 104.3b: "You can't lose the game." (Platinum Angel's first half)."""
    if any(v not in (None, False, {}) for v in body.values()):
        raise Unsupported(f"object {oid!r}: a can't-lose ability with {sorted(body)} has no Oracle wording here")
    return Sentence("You can't lose the game.", {"mode": "CantLoseTheGame", "affected": _YOU, "modifications": [],
                                                 "condition": None, "characteristic_defining": False})


_CANT_GAIN_WHO = {"you": ("You", "You"), "opponent": ("Your opponents", "Opponent"), "each": ("Players", None)}


def cant_gain_life_sentence(oid: str, body: Mapping[str, Any]) -> Sentence:
    """CR 119.7: "[You | Your opponents | Players] can't gain life." (Sulfuric Vortex, Erebos; phase:
    a static ``CantGainLife`` affecting the players of that relation to its controller)."""
    who, controller = _CANT_GAIN_WHO[body.get("player", "you")]
    affected = {"type": "Typed", "type_filters": [], "controller": controller, "properties": []}
    return Sentence(f"{who} can't gain life.", {"mode": "CantGainLife", "affected": affected, "modifications": [],
                                                "condition": None, "characteristic_defining": False})


def check_life_replacements(face: Mapping[str, Any], sentences: list[Sentence]) -> None:
    """What a subset match cannot see: a "you" life-loss or life-gain replacement read with a
    ``valid_player`` or ``valid_card`` restriction of phase's own beyond the sentence's."""
    for sentence, parsed in zip(sentences, face.get("replacements") or ()):
        if sentence.expect.get("event") not in ("GainLife", "LoseLife"):
            continue
        for key in ("valid_player", "damage_source_filter", "counter_match"):
            if key not in sentence.expect and parsed.get(key) is not None:
                raise EngineGap(f"phase's Oracle parser reads {sentence.text!r} with {key} {parsed[key]!r}")


def has_life_replacements(case: Mapping[str, Any]) -> bool:
    return any("double_life_gain" in ability or "double_life_loss" in ability for spec in case["objects"].values()
               for ability in spec.get("card", {}).get("abilities", ()))


def check_lifelink_order(case: Mapping[str, Any], body: Mapping[str, Any]) -> None:
    """Refuse a scripted order of replacement effects on a damage event (CR 616.1) in a case with
    lifelink (702.15b) and several life-gain replacements (614.1a). Seen: 1 lifelink damage, doubled
    then half prevented in that order (phase's ReplacementChoice for the damage answered), beside
    two or three "gain twice that much" permanents: phase asked nothing more and its controller
    gained no life (616.1 and 614.5 give 4 or 8); with one such permanent, or none, phase is right.
    Not yet reproduced apart from this adapter's answers to phase's prompts, so not judged."""
    gain_doublers = sum("double_life_gain" in ability for spec in case["objects"].values()
                        for ability in spec.get("card", {}).get("abilities", ()))
    if body.get("order") and gain_doublers > 1 and "lifelink" in str(case):
        raise Unsupported("lifelink damage with a scripted order of replacement effects (CR 616.1) beside several "
                          "life-gain replacements (614.1a): phase was seen to gain no life then, not yet reproduced "
                          "apart from this adapter's answers to its prompts")
