"""A ``together`` step with damage or life changes, realised as one spell (CR 704.3, 608.2).

phase deals damage and changes life totals only as a spell or ability resolves, and checks
state-based actions whenever a player would receive priority, so the parts of one event must be
the sentences of a single spell: then no check comes between them. Written here:

- damage to one creature with P/T changes on that creature, "Cfx Spell 1 deals 2 damage to target
  creature. It gets +0/+2 until end of turn.", cast by the damage source's controller, as the
  plan's stand-in for a damage source (where nothing depends on the source beyond its
  controller: not in a case whose damage must come from its own source, .damage_sources);
- one player's life lost and gained, "Target player loses 2 life. That player gains 3 life.",
  cast by that player, as the plan's life changes (119.3);
- damage from one source to recipients no two parts share (CR 120.3: per recipient, the same
  damage as one event), "Cfx Spell 1 deals 2 damage to target player. Cfx Spell 1 deals 1 damage
  to each creature.", a sentence per part, at most one of them targeting, cast by the source's
  controller as the plan's stand-in for it (:func:`.damage_sources.stand_in_sentence`). With
  every recipient dealt damage by one sentence only, nothing here tells the sentences from one
  event: no state-based action is checked while the spell resolves (704.3), and a case with what
  could (a damage doubler or modifier, a source keyword, protection, redirection, an order of
  replacement effects) is refused; where all of it can't be prevented (615.12) the spell begins
  with Skullcrack's sentence (.unpreventable), where only some of it, it is refused.

Anything else is unsupported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtg_conformance_phase.cards import CardPlan, spell_card
from mtg_conformance_phase.damage_sources import has_damage_doublers, recipient_kind, stand_in_sentence
from mtg_conformance_phase.unpreventable import RESTRICTION
from mtg_conformance_phase.wording import TARGET, Sentence, effect_sentence
from conformance.errors import Unsupported

LIFE_WORDS = {"lose_life": ("loses", "LoseLife"), "gain_life": ("gains", "GainLife")}
PT_CHANGES = ("set_pt", "modify_pt", "switch_pt")
"""The P/T changes joined to damage: those phase applies as written (a doubling's amount, fixed as
the spell resolves, and type changes are the plan's own spells)."""


@dataclass
class OneEvent:
    """The spell of a together step: its card, its caster, and its target (object or player)."""

    card: CardPlan
    caster: str
    target: str | None
    target_player: str | None
    parts: list[Mapping[str, Any]]
    unpreventable: bool = False  # its damage can't be prevented (CR 615.12, .unpreventable)


def one_spell_event(case: Mapping[str, Any], players: tuple[str, ...], flat: list[tuple[str, Mapping[str, Any]]],
                    name: str) -> OneEvent:
    """The spell named ``name`` doing the parts of a together step in one event."""
    if {kind for kind, _ in flat} <= set(LIFE_WORDS):
        return _life(flat, name)
    damage = [body for kind, body in flat if kind == "damage"]
    others = [(kind, body) for kind, body in flat if kind != "damage"]
    if len(damage) > 1 and not others:
        return _damage_to_several(case, players, damage, name)
    if len(damage) != 1 or any(kind not in PT_CHANGES for kind, _ in others):
        raise Unsupported("a together step with damage, life or prevention other than damage to one creature with P/T "
                          "changes on it, or one player's life lost and gained: no single spell here does that")
    body = damage[0]
    if has_damage_doublers(case) or body.get("order") or body.get("to") is None or body["to"] in players \
            or recipient_kind(case, body["to"]) != "creature" or body.get("to_each") is not None \
            or body.get("cant_be_prevented"):
        raise Unsupported("damage in a together step: only to one creature, by a stand-in spell (no damage doubler, "
                          "source keyword, protection or redirection in the case, no order, not damage that can't be "
                          "prevented, CR 615.12)")
    source = case["objects"][body["source"]]
    caster = source.get("controller") or source["owner"]
    if any(other["to"] != body["to"] or other["controller"] != caster or other.get("to_each") is not None
           or other.get("until", "end_of_turn") != "end_of_turn" for _, other in others):
        raise Unsupported("P/T changes in a together step with damage: only on the damaged creature, by the damage "
                          "source's controller, until end of turn")
    sentences = [Sentence(f"{name} deals {body['amount']} damage to target creature.", {
        "type": "DealDamage", "amount": {"type": "Fixed", "value": body["amount"]},
        "target": {**TARGET, "type_filters": ["Creature"]}})]
    sentences += [effect_sentence(kind, other, "it", None) for kind, other in others]
    return OneEvent(spell_card(name, sentences), caster, body["to"], None, [other for _, other in others])


def _damage_to_several(case: Mapping[str, Any], players: tuple[str, ...], damage: list[Mapping[str, Any]],
                       name: str) -> OneEvent:
    """Damage from one source in several parts of a together step, a sentence each (CR 120.3)."""
    unpreventable = {bool(body.get("cant_be_prevented")) for body in damage}
    if len({body["source"] for body in damage}) != 1 or has_damage_doublers(case) \
            or any(body.get("order") for body in damage) or len(unpreventable) != 1:
        raise Unsupported("damage in a together step from several sources, or beside a damage doubler, source keyword, "
                          "protection or redirection, with an order, or of which some but not all can't be prevented "
                          "(CR 615.12): one spell's sentences are not one event there")
    on_objects = [body for body in damage if body.get("to_each") is not None
                  or (body.get("to") is not None and body["to"] not in players)]
    on_players = [body for body in damage if body.get("to_each_player") or body.get("to") in players]
    targeted = [body for body in damage if body.get("to") is not None]
    if len(on_objects) > 1 or len(on_players) > 1 or len(on_objects) + len(on_players) != len(damage) \
            or len(targeted) > 1:
        raise Unsupported("damage in a together step to recipients two parts may share, or to two targets: its parts "
                          "are not told apart from one event only where each recipient is dealt damage by one")
    source = case["objects"][damage[0]["source"]]
    if source["zone"] != "stack" and any((body.get("to_each") or {}).get("controller") for body in damage):
        raise Unsupported("damage in a together step to creatures a filter names relative to a permanent source's "
                          "controller (CR 109.5), who may change: only for a spell's")
    caster = source.get("controller") or source["owner"]
    # CR 615.12: all of it can't be prevented: Skullcrack's sentence first, the restriction ended once it resolved
    sentences = [*([RESTRICTION] if True in unpreventable else []),
                 *(stand_in_sentence(case, players, body, name, caster) for body in damage)]
    to = targeted[0]["to"] if targeted else None
    if to is not None and (to not in players and recipient_kind(case, to) != "creature"):
        raise Unsupported("damage in a together step targeting a planeswalker: only a creature or a player here")
    return OneEvent(spell_card(name, sentences), caster, None if to in players else to,
                    to if to in players else None, [], unpreventable=True in unpreventable)


def _life(flat: list[tuple[str, Mapping[str, Any]]], name: str) -> OneEvent:
    """One player's life lost and gained (CR 119.3), the first sentence targeting the player."""
    player = flat[0][1]["player"]
    if any(body["player"] != player for _, body in flat):
        raise Unsupported("life changes of several players in one event: no single spell here does that")
    sentences = []
    for index, (kind, body) in enumerate(flat):
        verb, effect = LIFE_WORDS[kind]
        who = "Target player" if index == 0 else "That player"
        key = "target" if kind == "lose_life" and index == 0 else "player"
        sentences.append(Sentence(f"{who} {verb} {body['amount']} life.", {
            "type": effect, "amount": {"type": "Fixed", "value": body["amount"]},
            key: {"type": "Player"} if index == 0 else {"type": "ParentTargetController"}}))
    return OneEvent(spell_card(name, sentences), player, None, player, [])
