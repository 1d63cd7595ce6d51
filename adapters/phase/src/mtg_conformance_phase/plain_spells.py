"""Steps realised as one synthesized spell cast by a player, with nothing of the board to read:
mana added or doubled (CR 106.4, 701.10f), life lost, gained or doubled (119.3, 701.10d), and a
prevention shield on one recipient (615.1, 615.7). Each adds its card to the plan (.plan) and
returns its :class:`Cast`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from mtg_conformance_phase.ability_lines import add_mana_sentences, double_mana_sentence
from mtg_conformance_phase.cards import spell_card
from mtg_conformance_phase.casts import Cast, Plan
from mtg_conformance_phase.damage_sources import recipient_kind
from mtg_conformance_phase.static_prevention import source_words
from mtg_conformance_phase.wording import TARGET, Sentence
from conformance.errors import Unsupported


def plan_mana(plan: Plan, kind: str, body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """Mana added to a pool by an effect (CR 106.4): "Add {R}{R}." (tapping nothing, so 106.6a's
    replacements do not apply), or the pool's mana of one type doubled (701.10f): "Double the
    amount of red mana in your mana pool.", cast by the player (.ability_lines)."""
    sentences = add_mana_sentences(body["mana"]) if kind == "add_mana" else [double_mana_sentence(body["type"])]
    name = f"Cfx Spell {next(counter)}"
    plan.cards[name] = spell_card(name, sentences)
    plan.spells[name] = body["player"]
    return Cast(spell=name, caster=body["player"], target=None, parts=[], needs_creature=False)


def plan_life(plan: Plan, kind: str, body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """A player loses or gains life (CR 119.3): "Target player loses 2 life." cast by that player
    (who casts it changes nothing: no ability here cares)."""
    name = f"Cfx Spell {next(counter)}"
    amount = {"type": "Fixed", "value": body.get("amount")}
    if kind == "double_life":  # CR 701.10d
        sentence = Sentence("Double target player's life total.",
                            {"type": "Double", "target_kind": {"type": "LifeTotal"}, "target": {"type": "Player"}})
    elif kind == "lose_life":
        sentence = Sentence(f"Target player loses {body['amount']} life.",
                            {"type": "LoseLife", "amount": amount, "target": {"type": "Player"}})
    else:
        sentence = Sentence(f"Target player gains {body['amount']} life.",
                            {"type": "GainLife", "amount": amount, "player": {"type": "Player"}})
    plan.cards[name] = spell_card(name, [sentence])
    plan.spells[name] = body["player"]
    return Cast(spell=name, caster=body["player"], target=None, parts=[], target_player=body["player"])


def plan_prevention(plan: Plan, case: Mapping[str, Any], body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """A prevention shield from a resolving spell (CR 615.1, 615.7): "Prevent the next 3 damage
    that would be dealt to target creature this turn." (or "all damage", or "target player"),
    cast by the effect's controller; of combat damage only (510.2), "Prevent all combat damage
    that would be dealt to target creature this turn." or Fog's "Prevent all combat damage that
    would be dealt this turn." (phase: a shield of combat damage to any recipient, seen in its
    state). Of some sources' damage, :func:`_by_sources`."""
    combat = bool(body.get("combat"))
    if combat and body.get("amount") is not None:
        raise Unsupported("a prevention shield of the next N combat damage has no Oracle wording here (only all combat "
                          "damage)")
    if body.get("until", "end_of_turn") != "end_of_turn":
        raise Unsupported(f"a prevention effect lasting {body.get('until')!r} (phase's shields last this turn)")
    if body.get("id") and any("end_effect" in step and step["end_effect"] == body["id"] for step in case["steps"]):
        raise Unsupported("ending a prevention effect: phase keeps its shields outside its continuous effects")
    scope = "CombatDamage" if combat else "AllDamage"
    anything = body.get("to") is None and body.get("to_each") is None
    to_player = kind = None
    if body.get("by") is not None:
        sentence = _by_sources(body, scope)
    elif combat and anything:
        sentence = Sentence("Prevent all combat damage that would be dealt this turn.",
                            {"type": "PreventDamage", "amount": "All", "scope": scope, "target": {"type": "Any"}})
    elif body.get("to") is None:
        # seen: phase reads "Prevent the next 1 damage that would be dealt to each white creature this turn." as one
        # shield in all (one creature of three was spared one damage), and leaves Wojek Apothecary's wording
        # ("... to target creature and each other creature that shares a color with it ...") unimplemented
        raise Unsupported("a prevention effect giving a shield to each object a filter matches has no wording here "
                          "(CR 615.11: phase reads 'the next N damage ... to each' as one shield in all)")
    else:
        amount = body.get("amount")
        how_much, parsed = ("all damage", "All") if amount is None else (f"the next {amount} damage", {"Next": amount})
        to_player = body["to"] in plan.players
        kind = None if to_player else recipient_kind(case, body["to"])  # a creature or a planeswalker (CR 120.3c)
        whom = "target player" if to_player else f"target {kind}"
        sentence = Sentence(f"Prevent {'all combat damage' if combat else how_much} that would be dealt to {whom} this "
                            "turn.", {"type": "PreventDamage", "amount": parsed, "scope": scope, "target": {
                                "type": "Player"} if to_player else {**TARGET, "type_filters": [kind.capitalize()]}})
    name = f"Cfx Spell {next(counter)}"
    plan.cards[name] = spell_card(name, [sentence])
    plan.spells[name] = body["controller"]
    if body.get("id"):
        plan.shields[body["id"]] = name
    target = body["to"] if kind is not None else None
    return Cast(spell=name, caster=body["controller"], target=target, parts=[],
                target_player=body["to"] if to_player else None, needs_creature=kind == "creature")


def _by_sources(body: Mapping[str, Any], scope: str) -> Sentence:
    """CR 615.1: all damage (or all combat damage) some sources would deal this turn, to anything:
    "Prevent all damage that would be dealt by red sources this turn." ("... by creatures ...",
    "... by noncreature permanents ..."; phase: a prevention of all of it with that
    ``damage_source_filter``). The case's damage then comes from its own sources, which the
    filter judges (.damage_sources.has_damage_doublers)."""
    if body.get("to") is not None or body.get("to_each") is not None or body.get("amount") is not None:
        raise Unsupported("a prevention shield of some sources' damage to some recipients, or of N damage, has no "
                          "Oracle wording here (only all damage some sources would deal, to anything)")
    words, source_filter = source_words(f"the prevention {body.get('id')}", body["by"])
    what = "combat damage" if scope == "CombatDamage" else "damage"
    return Sentence(f"Prevent all {what} that would be dealt by {words} this turn.", {
        "type": "PreventDamage", "amount": "All", "scope": scope, "target": {"type": "Any"},
        "damage_source_filter": source_filter})
