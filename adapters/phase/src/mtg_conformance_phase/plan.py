"""The plan of a case: everything decided before the game starts. :func:`plan_case` builds the
cards (:mod:`.cards`), the synthesized spells, and how each step is realised in phase: an effect
(``set_pt``, ``modify_pt``, ``switch_pt``, ``double_pt``, ``triple_pt``), a counter doubling
(CR 701.10e), noncombat damage (120.3), a life change (119.3, 701.10d) or a prevention shield
(615.1, 615.7) is a :class:`Cast` of one spell; a ``together`` step (one event, no state-based
action check inside it, 704.3) is either injected effects (:class:`Inject`) and debug actions,
or a single spell with a sentence per part. What the adapter cannot express faithfully raises
Unsupported here, before any game starts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from mtg_conformance_phase import changeling
from mtg_conformance_phase.ability_lines import LoyaltyActivation, locate
from mtg_conformance_phase.activated_lines import plan_activated, same_card
from mtg_conformance_phase.abilities import AbilityReader, check_single_instances, observes_abilities
from mtg_conformance_phase.bindings import COUNTERS, FILLER, MAX_SEATS, PLAYER_VALUES, PT_COUNTER, ZONES
from mtg_conformance_phase.changes import ability_parts, become_sentences, change_parts, types_set_on_each
from mtg_conformance_phase.combat_damage import check_combat_damage
from mtg_conformance_phase.combat_plan import check_protection, plan_combat
from mtg_conformance_phase.copies import as_phase_reads, become_copy_sentence, copy_choice
from mtg_conformance_phase.cards import CardPlan, intrinsic_mana_abilities, mtgjson, object_card, spell_card
from mtg_conformance_phase.counter_halving import ability_for_putter
from mtg_conformance_phase.counters import has_counter_replacements, put_counters_sentence
from mtg_conformance_phase.damage_sources import (PERMANENT_KEYWORDS, SOURCE_KEYWORDS, Activation,
                                                               card_kinds_read, damage_order, damage_orders,
                                                               has_damage_doublers, recipient_kind, recipient_words,
                                                               source_abilities, source_ability_text,
                                                               stand_in_sentence)
from mtg_conformance_phase.life_replacements import check_lifelink_order
from mtg_conformance_phase.one_event import one_spell_event
from mtg_conformance_phase.plain_spells import plan_life, plan_mana, plan_prevention
from mtg_conformance_phase.protected_recipients import each_filter, each_recipient
from mtg_conformance_phase.trigger_lines import has_event_triggers, order_of, plan_trigger
from mtg_conformance_phase.redirection import REDIRECT_WALKER, redirection
from mtg_conformance_phase.redirection import caster as redirection_caster
from mtg_conformance_phase.same_name import dealt_apart, without_name
from mtg_conformance_phase.stack_moves import move_to_stack
from mtg_conformance_phase.unpreventable import unpreventable_sentences
from mtg_conformance_phase.player_counters import (check_player_counter_step, doubling_sentence,
                                                                 player_counter_kind)
from mtg_conformance_phase.tokens import (copy_token_sentence, create_token_sentence, token_copy_choice,
                                                       token_names, token_order)
from mtg_conformance_phase.enters_choices import FREE_CAST, declared_choice, player_choice, pt_choice, pt_copy
from mtg_conformance_phase.face_down import TURN_FACE_DOWN, TURN_FACE_UP, check_turn_face_up
from mtg_conformance_phase.wording import ON_ANY_PERMANENT, TARGET, Sentence, effect_sentence, group
from conformance.errors import EngineGap, Unsupported

from mtg_conformance_phase.casts import EFFECT_STEPS, SPELL_ONLY, Cast, Inject, Plan  # noqa: F401 (re-exported)

# --- the plan of a case -------------------------------------------------------------------------


def plan_case(case: Mapping[str, Any]) -> Plan:
    """Everything that can be decided before the game starts: cards, spells, and how each step is
    realised. Raises Unsupported for what the adapter cannot express."""
    players = tuple(case["players"])
    case, as_given = as_phase_reads(case), case  # CR 707.9b, 707.9f (.copies); abilities read back as given
    if not 1 <= len(players) <= MAX_SEATS:
        raise Unsupported(f"{len(players)} players (phase seats 2 to {MAX_SEATS}; this adapter adds a second seat "
                          "to a game of one)")
    if case.get("range_of_influence") is not None:
        raise EngineGap("the limited range of influence option (CR 801): phase's new_game refuses its format "
                          "config's range_of_influence (\"not supported until limited-range rules are implemented\")")
    for name, state in (case.get("player_states") or {}).items():
        for kind in state.get("counters") or {}:  # CR 122.1 (.player_counters)
            player_counter_kind(kind)
    plan = Plan(players=players, seats=max(2, len(players)), tokens=tuple(token_names(case)),
                triggers=has_event_triggers(case))
    check_protection(case)  # CR 702.16: in combat only (.combat_plan)
    check_combat_damage(case)  # CR 510.2, 615.1: combat damage outside combat (.combat_damage)
    damage_abilities = source_abilities(case)  # CR 701.10g: damage from the scenario's own sources (.damage_sources)
    for index, (oid, spec) in enumerate(case["objects"].items(), 1):
        if spec["zone"] == "stack" and _only_a_damage_source(case, oid):
            continue  # its damage is dealt by the spell standing in for it (_plan_damage); no card is needed
        if spec["zone"] == "stack" and not _only_a_damage_source(case, oid, observed=True):
            raise Unsupported(f"object {oid!r}: a spell on the stack that a step other than damage names, or with "
                              "abilities, or not an instant or sorcery: not realised by this adapter")
        if spec["zone"] not in ZONES and spec["zone"] != "stack":  # the stack: .board.STACK
            raise Unsupported(f"object {oid!r} starts in the {spec['zone']} zone (this adapter places cards in "
                              f"{sorted(ZONES)})")
        if spec["zone"] == "battlefield" and set(spec["card"]["types"]) & {"instant", "sorcery"}:
            raise Unsupported(f"object {oid!r}: an instant or sorcery on the battlefield")
        card = object_card(oid, spec, index, you=spec.get("controller") or spec["owner"], players=players,
                           damage=damage_abilities.get(oid, []), case=case)
        plan.abilities_at[oid] = locate(oid, card.face, spec["card"], case)
        names = [a["triggered"]["name"] for a in spec["card"].get("abilities", ()) if "triggered" in a]
        plan.trigger_text[oid] = {name: t.get("description") for name, t in zip(names, card.face.get("triggers") or ())}
        if card.name in plan.cards and plan.cards[card.name].source != card.source:  # CR 201.2 (.same_name)
            card = dealt_apart(plan.names, card.name, object_card(oid, without_name(oid, spec), index, you=spec.get(
                "controller") or spec["owner"], players=players, damage=damage_abilities.get(oid, []), case=case))
        plan.cards[card.name] = same_card(plan.cards.get(card.name), card)  # its abilities' names of both (602)
        choice = declared_choice(case, oid, list(plan.objects))  # CR 614.12, 707.5: made again as it enters
        if choice is not None and choice[0] == "pt":  # CR 208.2b: cast by a spell of its owner's (.choosing)
            choice = ("pt", (choice[1], plan.add_spell(f"Cfx Cast {oid}", [FREE_CAST], spec["owner"])))
        if choice is not None:
            plan.entering[oid] = choice
        plan.objects[oid] = card.name
        for kind, count in spec.get("counters", {}).items():
            counter_kind(kind)
            if count and spec["zone"] != "battlefield":
                raise Unsupported(f"object {oid!r} starts with counters in the {spec['zone']}: this adapter puts "
                                  "counters only on permanents")
    plan.abilities = AbilityReader(observes_abilities(case))  # CR 613.1f: read back as a card's (.abilities)
    if plan.abilities.observed:
        check_single_instances(case)  # CR 113.2c (.abilities)
    for oid, name in plan.objects.items():
        card = as_given["objects"][oid]["card"]
        plan.abilities.add(oid, card, plan.cards[name].face, intrinsic_mana_abilities(oid, name, card))
    counter = iter(range(1, 1_000_000))
    for name, state in (case.get("player_states") or {}).items():  # CR 106.4: the mana a pool holds as the case starts
        if any((state.get("mana") or {}).values()):
            plan.steps.append(("add_mana", plan_mana(plan, "add_mana", {"player": name, "mana": state["mana"]}, counter)))
    plan.starting = len(plan.steps)  # the pools as the case starts: no step, so nothing goes on the stack over them
    for step in case["steps"]:
        (kind, body), = step.items()
        plan.steps.append((kind, _plan_step(plan, case, kind, body, counter)))
    changeling.add_types_card(plan.cards, case, CardPlan.build, mtgjson)  # CR 702.73a, 205.3m (.changeling)
    if any(plan.deck(seat, case) == [FILLER] for seat in range(plan.seats)):
        plan.cards[FILLER] = CardPlan.build(mtgjson(FILLER, types=["Instant"]), "")
    return plan


def _only_a_damage_source(case: Mapping[str, Any], oid: str, *, observed: bool = False) -> bool:
    """Whether a spell on the stack is in the case only as the source of damage events: no step
    but ``damage`` (alone or in a ``together`` step) names it, no checkpoint observes it (``observed``: checkpoints may), no ability
    of another card mentions it."""
    spec = case["objects"][oid]
    if not set(spec["card"].get("types", [])) & {"instant", "sorcery"} or not _source_keywords_only(spec["card"]):
        return False

    def names(value: Any) -> bool:
        if isinstance(value, Mapping):
            return any(names(k) or names(v) for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return any(names(v) for v in value)
        return value == oid

    def without_source(kind: str, body: Any) -> Any:
        if kind == "together":  # its damage parts too (.one_event)
            return [{k: without_source(k, b) for k, b in part.items()} for part in body]
        if kind == "damage" and body.get("source") == oid:
            return {k: v for k, v in body.items() if k != "source"}
        return body

    for step in case["steps"]:
        (kind, body), = step.items()
        if names(without_source(kind, body)) and not (observed and kind == "expect"):
            return False
    return not any(names(other) for key, other in case["objects"].items() if key != oid)


def _source_keywords_only(card: Mapping[str, Any]) -> bool:
    """Whether a spell's abilities are only keywords that change what its damage does (lifelink,
    deathtouch, infect, wither: the stand-in for it has them too, .cards.spell_card) or that do
    nothing for a spell (.damage_sources.PERMANENT_KEYWORDS: the stand-in leaves them out)."""
    return all(set(a) == {"keyword"} and (a["keyword"] in SOURCE_KEYWORDS or a["keyword"] in PERMANENT_KEYWORDS)
               for a in card.get("abilities", ()))


def counter_kind(kind: str) -> str:
    """phase's name for a counter kind: P1P1 and M1M1 for +1/+1 and -1/-1; other kinds as written
    (phase reads "+1/+0" as a power/toughness counter and keeps other names, lower-cased)."""
    if kind in COUNTERS:
        return COUNTERS[kind]
    if PT_COUNTER.match(kind) or re.fullmatch(r"[a-z][a-z -]*", kind):
        return kind
    raise Unsupported(f"the counter kind {kind!r} has no name in phase here")


def _plan_step(plan: Plan, case: Mapping[str, Any], kind: str, body: Any, counter: Iterator[int]) -> Any:
    if kind == "expect":
        asked = {key for values in (body.get("players") or {}).values() for key in values}
        if asked - PLAYER_VALUES:
            raise Unsupported(f"checkpoints on players' {sorted(asked - PLAYER_VALUES)} are not realised by this adapter")
        return body
    if kind in ("lose_life", "gain_life", "double_life"):
        return plan_life(plan, kind, body, counter)
    if kind == "prevent_damage":
        return plan_prevention(plan, case, body, counter)
    if kind in ("add_mana", "double_mana"):
        return plan_mana(plan, kind, body, counter)
    if kind == "activate" and (activation := plan_activated(case, plan.cards, body)) is not None:
        return activation  # CR 602.2: an ability of the case's "{cost}: ..." (.activated_lines)
    if kind in ("activate_mana", "activate"):
        return _plan_activation(plan, case, kind, body)
    if kind in EFFECT_STEPS:
        return _plan_spell(plan, [(kind, body)], counter, case)
    if kind == "trigger":  # CR 603.2: phase's own trigger on the creature entering just before (.triggers)
        return plan_trigger(case, body, plan.trigger_text)
    if kind == "resolve_triggers":  # CR 603.3b (.triggers)
        return order_of(case, body.get("order"), plan.trigger_text)
    if plan.triggers and kind == "together" and not all("damage" in part for part in body):
        # damage alone: each recipient is dealt damage by one part (.one_event), so each trigger event (CR 603.2: dealt
        # damage, life lost) happens once, as in one event, and the abilities wait until the spell has resolved
        raise Unsupported("a together step in a case with triggered abilities: phase sees its parts' events one by one "
                          "here (CR 603.2c)")
    if kind in ("put_counters", "remove_counters"):
        counter_kind(body["kind"])
        if kind == "put_counters" and (has_counter_replacements(case) or plan.triggers):  # a real effect (603.2)
            return _plan_counters_put(plan, case, body, counter)
        return body
    if kind == "move":
        if body.get("face_down"):  # CR 708.4 (.face_down)
            if body["to"] != "battlefield" or body.get("choices") or body.get("order"):
                raise Unsupported("a move face down elsewhere than to the battlefield, or with choices or an order")
            return body
        if body["to"] not in ZONES:  # the stack: as a spell declared there (CR 405.1, .stack_moves)
            return move_to_stack(case, body)
        abilities = case["objects"][body["object"]]["card"].get("abilities", ()) if body["object"] in case["objects"] else ()
        enters_with = any("enters_with_counters" in a for a in abilities)
        if body["object"] in case["objects"] and (case["objects"][body["object"]]["card"].get("loyalty") or 0) > 0:
            enters_with = True  # CR 306.5b: its loyalty counters, by its intrinsic "enters with" ability (.cards)
        if body.get("order") and not enters_with:
            raise Unsupported("an order of replacement effects on a permanent entering (CR 616.1) is not realised by "
                              "this adapter but for the counters it enters with")
        chosen = player_choice(case, body)  # CR 614.12: an as-enters choice of a player (.enters_choices)
        if chosen is not None:
            return {**body, "player_choice": chosen}
        label = pt_choice(case, body)  # CR 208.2b: a power and toughness chosen as it enters (.enters_choices)
        if label is not None:  # with a Clone's copy choice, the copied ability's (707.5); cast by a spell (.choosing)
            spell = plan.add_spell(f"Cfx Spell {next(counter)}", [FREE_CAST], case["objects"][body["object"]]["owner"])
            return {**body, "pt_choice": label, "pt_copy": pt_copy(case, body), "pt_spell": spell}
        if body.get("choices"):  # CR 707.5, 614.12: entering as a copy of the chosen object (.copies)
            if enters_with:
                raise Unsupported("entering as a copy of an object and with counters: not realised by this adapter")
            return {**body, "copy_choice": copy_choice(case, body)}
        if enters_with and body["to"] == "battlefield":  # CR 614.1c, 122.6: phase's replacement pipeline (.entering)
            return {**body, "enters_with": True, "order": counter_order(case, body.get("order") or ())}
        if plan.triggers:  # CR 603.2, 603.6a, 603.10a: phase's zone-change pipeline, which triggers abilities
            return {**body, "simulate": True}
        return body
    if kind in ("end_effect", "end_turn"):
        return body
    if kind in ("put_player_counters", "remove_player_counters"):  # CR 122.1 (.player_counters)
        return check_player_counter_step(case, kind, body)
    if kind == "double_counters":
        return _plan_counter_doubling(plan, case, body, counter)
    if kind == "create_token":  # CR 111.1, 111.4, 614.1a (.tokens)
        name = f"Cfx Spell {next(counter)}"
        copy_of = body.get("copy_of")  # CR 707.2: a copy of a permanent, its target (.tokens)
        if copy_of in case["objects"] and (case["objects"][copy_of]["card"].get("loyalty") or 0) > 0:
            # CR 306.5b: phase's token copy gets the loyalty counters of phase's own planeswalker rules and those of
            # the ability written on the card for the adapter's moves (.cards): twice the printed loyalty
            raise Unsupported("a token copy of a planeswalker: its loyalty ability written out here would add its "
                              "counters a second time")
        plan.cards[name] = spell_card(name, [copy_token_sentence(body, case["objects"].get(copy_of)) if copy_of
                                          else create_token_sentence(body)])
        plan.spells[name] = body["controller"]
        names = (body["token"],) if body.get("token") else tuple(body.get("tokens") or ())
        return Cast(spell=name, caster=body["controller"], target=copy_of or None, parts=[], needs_creature=False,
                    order=token_order(case, body.get("order") or ()), tokens=names,
                    copy_choice=token_copy_choice(body) if copy_of else None,
                    target_zone="Graveyard" if (case["objects"].get(copy_of) or {}).get("zone") == "graveyard"
                    else "Battlefield")
    if kind in ("turn_face_up", "turn_face_down"):  # CR 702.37e, 708.2a, 708.2b, 708.8 (.face_down)
        checked = check_turn_face_up(case, body) if kind == "turn_face_up" else body
        if checked.get("by", "effect") == "morph":
            return checked  # with the copied card's morph cost to pay, if any (702.37e, .face_down)
        name = plan.add_spell(f"Cfx Spell {next(counter)}", [TURN_FACE_DOWN if kind == "turn_face_down" else TURN_FACE_UP],
                              plan.players[0])  # who casts it does not matter: the first player does
        return Cast(spell=name, caster=plan.players[0], target=body["object"], parts=[],
                    face_down_alone=kind == "turn_face_up")
    if kind == "become_copy":  # CR 707.4, 707.9 (.copies)
        name = f"Cfx Spell {next(counter)}"
        plan.cards[name] = spell_card(name, [become_copy_sentence(body)])
        plan.spells[name] = body["controller"]
        return Cast(spell=name, caster=body["controller"], target=body["to"], parts=[body], needs_creature=False,
                    copied=body["of"])
    if kind == "damage":
        return _plan_damage(plan, case, body, counter)
    if kind == "redirect_damage":  # CR 614.9 (.redirection)
        sentence, source, target = redirection(case, body)
        name = f"Cfx Spell {next(counter)}"
        plan.cards[name] = spell_card(name, [sentence])
        plan.spells[name] = redirection_caster(case, body)  # the player its "you" names
        return Cast(spell=name, caster=plan.spells[name], target=target, parts=[], source_choice=source,
                    needs_creature=sentence is not REDIRECT_WALKER)  # "target creature or planeswalker": a permanent
    if kind == "together":
        return _plan_together(plan, case, body, counter)
    if kind == "combat":  # CR 506-511: phase's own combat phase (.combat; what it makes trigger: .combat.triggers_wait)
        combat = plan_combat(case, body)
        if body.get("order"):  # CR 616.1: the affected player's order, answered in phase's prompt (.counter_order)
            if len(body["order"]) != 1:
                raise Unsupported("orders of replacement effects for several affected objects or players in combat "
                                  "damage (CR 616.1): phase's combat prompts are answered for one affected here")
            combat.order = damage_order(case, body, plan.shields)
            combat.affected = next(iter(body["order"]))
        return combat
    raise Unsupported(f"the step {kind!r} is not realised by this adapter")


def _plan_one_spell_event(plan: Plan, case: Mapping[str, Any], flat: list[tuple[str, Mapping[str, Any]]],
                          counter: Iterator[int]) -> Cast:
    """A together step with damage or life changes as one spell (CR 704.3, .one_event)."""
    name = f"Cfx Spell {next(counter)}"
    event = one_spell_event(case, plan.players, flat, name)
    plan.cards[name] = event.card
    plan.spells[name] = event.caster
    return Cast(spell=name, caster=event.caster, target=event.target, parts=event.parts,
                target_player=event.target_player, unpreventable=event.unpreventable)


def _plan_spell(plan: Plan, parts: list[tuple[str, Mapping[str, Any]]], counter: Iterator[int],
                case: Mapping[str, Any] | None = None) -> Cast:
    """One synthesized spell doing ``parts`` in order, all by one caster and on one target (or on
    ``to_each`` sets), counters put on that target too (a ``together`` step's, CR 122.1); a lone
    P/T change on an object ``case`` declares with no creature type is written "Target permanent"
    (CR 208.3a, :data:`.wording.ON_ANY_PERMANENT`)."""
    caster = next(body["controller"] for kind, body in parts if kind != "put_counters")
    target = None
    needs_creature = True
    sentences = []
    for kind, body in parts:
        if kind == "put_counters":  # CR 122.1: on the spell's one target (who puts them: no counter replacement here)
            if target is not None and body["object"] != target:
                raise Unsupported("effects on different objects in one event: a spell here targets one creature")
            sentences.append(put_counters_sentence(body, "target creature" if target is None else "that creature"))
            target = body["object"]
            continue
        if body["controller"] != caster:
            raise Unsupported("effects of different controllers in one event: no single spell does that")
        if body.get("until", "end_of_turn") not in ("end_of_turn", "ended"):
            raise Unsupported(f"the duration {body.get('until')!r}")
        if body.get("to_each") is not None:
            grp = group(body["to_each"], you=caster, players=plan.players, static=False)
            if kind == "become" and body.get("types") is not None:  # CR 205.1a, 613.6 example 3
                sentences.append(types_set_on_each(body, body["to_each"], grp, case))
                continue
            sentences.extend(become_sentences(body, "each", grp) if kind == "become"
                             else [effect_sentence(kind, body, "each", grp)])
        else:
            if target is not None and body["to"] != target:
                raise Unsupported("effects on different objects in one event: a spell here targets one creature")
            subject = "target" if target is None else "it"
            if target is None:
                # "Target permanent becomes ..." (CR 613.1d-e); P/T alone: "Target creature has ..."
                needs_creature = kind != "become" or not (change_parts(body) or ability_parts(body)
                                                          or body.get("gain_control"))  # CR 613.1b: a permanent
                if kind in ON_ANY_PERMANENT and len(parts) == 1 and _declared_noncreature(case, body["to"]):
                    needs_creature = False  # CR 208.3a: it gets the change, seen once it is a creature
            noun = "creature" if needs_creature or kind == "become" else "permanent"
            sentences.extend(become_sentences(body, subject, None) if kind == "become"
                             else [effect_sentence(kind, body, subject, None, noun=noun)])
            target = body["to"]
    name = f"Cfx Spell {next(counter)}"
    plan.cards[name] = spell_card(name, sentences)
    plan.spells[name] = caster
    return Cast(spell=name, caster=caster, target=target, parts=[body for kind, body in parts if kind != "put_counters"],
                needs_creature=needs_creature)


def _declared_noncreature(case: Mapping[str, Any] | None, oid: str) -> bool:
    """Whether the case declares ``oid`` a card with no creature type (a Vehicle, CR 208.3a)."""
    spec = (case or {}).get("objects", {}).get(oid)
    return spec is not None and "creature" not in (spec.get("card") or {}).get("types", ("creature",))


def _plan_counter_doubling(plan: Plan, case: Mapping[str, Any], body: Mapping[str, Any], counter: Iterator[int]
                           ) -> Cast | Mapping[str, Any]:
    """Doubling the counters of one kind on a permanent (CR 701.10e): "Double the number of +1/+1
    counters on target permanent.", in a case with counter replacements cast by the permanent's
    controller, who puts the counters as the format says (614.1a: Vorinclex looks at who puts
    them), with the scripted order of the counter replacements (616.1) as for counters put
    (:func:`_plan_counters_put`); without any, who casts it does not matter (the first player
    does); on a player, that
    player's spell of :func:`.player_counters.doubling_sentence` (energy: the step itself, performed
    by :meth:`.player_counters.PlayerCounters.player_counters`)."""
    if body.get("player") is not None:
        sentence = doubling_sentence(case, body)
        if sentence is None:
            return body
        name = plan.add_spell(f"Cfx Spell {next(counter)}", [sentence], body["player"])
        return Cast(spell=name, caster=body["player"], target=None, parts=[], needs_creature=False)
    kind = body["kind"]
    sentence = Sentence(f"Double the number of {kind} counters on target permanent.",
                        {"type": "MultiplyCounter", "counter_type": counter_kind(kind), "multiplier": 2,
                         "target": {"type": "Typed", "type_filters": ["Permanent"], "controller": None,
                                    "properties": []}})
    spec = case["objects"].get(body["object"])
    replaced = has_counter_replacements(case)
    if spec is None and replaced:
        raise Unsupported("counters doubled on a token in a case with counter replacements are not realised by this "
                          "adapter")
    caster = (spec.get("controller") or spec["owner"]) if replaced else plan.players[0]
    order = counter_order(case, body.get("order") or (), caster) if replaced else ()
    name = plan.add_spell(f"Cfx Spell {next(counter)}", [sentence], caster)
    return Cast(spell=name, caster=caster, target=body["object"], parts=[], needs_creature=False, order=tuple(order))


def counter_order(case: Mapping[str, Any], names: Any, putter: str | None = None) -> tuple[str, ...]:
    """The objects whose counter replacements the affected player applies, in the scripted order
    (CR 616.1): "season" or "season.counter_replacement", one such ability per object, or
    "vorinclex.counter_replacement.2" when that is the only one of the object's that applies to
    counters ``putter`` puts (.counter_halving)."""
    order = []
    for name in names:
        oid, _, ability = name.partition(".")
        own = [a for a in case["objects"][oid]["card"].get("abilities", ()) if "counter_replacement" in a]
        if not own and not ability:  # CR 616.1: an object with no counter replacement has none that applies
            continue  # (phase's candidates are checked to be in the order as it asks: .counter_order)
        if ability_for_putter(case, oid, ability, putter):
            order.append(oid)
            continue
        if len(own) != 1 or ability not in ("", "counter_replacement", "counter_replacement.1"):
            raise Unsupported(f"the order names {name!r}: only one counter replacement of an object is told apart here")
        order.append(oid)
    return tuple(order)


def _plan_counters_put(plan: Plan, case: Mapping[str, Any], body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """Counters put by an effect in a case with counter replacements (CR 122.1, 614.1a): a spell
    "Put three +1/+1 counters on target permanent." cast by the player whose effect puts them (the
    step's ``controller``, else the permanent's controller, as the format says), so phase's own
    replacement effects modify the event (614.16: Vorinclex looks at who puts them)."""
    if body["object"] not in case["objects"]:
        raise Unsupported("counters put on a token in a case with counter replacements are not realised by this adapter")
    spec = case["objects"][body["object"]]
    caster = body.get("controller") or spec.get("controller") or spec["owner"]
    order = counter_order(case, body.get("order") or (), caster)
    name = f"Cfx Spell {next(counter)}"
    plan.cards[name] = spell_card(name, [put_counters_sentence(body)])
    plan.spells[name] = caster
    return Cast(spell=name, caster=caster, target=body["object"], parts=[], needs_creature=False, order=tuple(order))


def _plan_damage(plan: Plan, case: Mapping[str, Any], body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """A damage event (CR 120.3; combat damage outside combat as any, .combat_damage): a synthesized instant "Cfx Spell N deals 3 damage to
    target creature." ("... to target player.", "... to each creature you control.", "... to each
    player."), cast by the source's controller. The spell stands in for the scenario's source (a
    permanent, or a spell on the stack): faithful only because nothing the adapter realises
    depends on the source beyond its controller (a card with keywords is unsupported, damage
    doublers and redirection are not declared, and prevention shields here name only their
    recipient)."""
    # combat damage (CR 510.2) outside a combat step: the same damage, where nothing tells it apart (.combat_damage)
    check_lifelink_order(case, body)  # CR 616.1, 702.15b (.life_replacements)
    doublers = has_damage_doublers(case)
    # CR 616.1: the affected player's order among shields and static prevention (no source filter: the stand-in
    # spell is as good a source as the scenario's), or doublers and modifiers with the scenario's own source
    order = damage_order(case, body, plan.shields) if doublers or body.get("order") else ()
    orders = damage_orders(case, body, plan.shields)  # CR 616.1: several affected objects or players, each its own
    if doublers and case["objects"][body["source"]]["zone"] != "stack":  # the source's own ability (.damage_sources)
        recipient = recipient_words(case, body)  # refused where unpreventable to several (615.12)
        unpreventable = bool(unpreventable_sentences(case, body))  # CR 615.12 (.unpreventable)
        name = plan.cards[plan.objects[body["source"]]].name
        to = body.get("to")
        return Activation(source=body["source"], text=source_ability_text(name, body["amount"], recipient, unpreventable),
                          target=to if recipient.targeted and to not in plan.players else None,
                          target_player=to if to in plan.players else None, order=order, orders=orders,
                          unpreventable=unpreventable, only=None if recipient.targeted else to)
    look: dict[str, Any] = {}
    if doublers:  # the stand-in is the same kind of spell, of the same colours (CR 105.2: "a red source")
        card = case["objects"][body["source"]]["card"]
        if list(card.get("types", [])) not in (["instant"], ["sorcery"]) or not _source_keywords_only(card):
            raise Unsupported("a damage source on the stack other than an instant or sorcery spell with no abilities "
                              "but lifelink, deathtouch, infect, wither, in a case with a damage doubler, modifier or "
                              "such keyword: the synthesized spell standing in for it would not be the same kind of "
                              "source")
        kind = card["types"][0] if card_kinds_read(case) else "instant"  # CR 307.1: a sorcery only where told apart
        look = {"types": (kind.capitalize(),), "colors": tuple(card.get("colors") or ()),
                "keywords": tuple(a["keyword"] for a in card.get("abilities", ())
                                  if a["keyword"] in SOURCE_KEYWORDS)}  # CR 702.15d: in any zone
    if sum((body.get("to") is not None, body.get("to_each") is not None, bool(body.get("to_each_player")))) != 1:
        raise Unsupported("a damage event to several kinds of recipients (an object or player, each object a filter "
                          "matches, each player) has no wording here")
    source = case["objects"][body["source"]]  # a spell on the stack observed by checkpoints stays there (.board)
    caster = source.get("controller") or source["owner"]
    first = unpreventable_sentences(case, body)  # CR 615.12 (.unpreventable)
    name = f"Cfx Spell {next(counter)}"
    if body.get("to") is not None and body["to"] not in plan.players and doublers and each_recipient(case, body):
        words = each_recipient(case, body)  # CR 702.16b: a protected creature, not targeted
        # CR 615.12: the restriction's sentence first here too, or the damage cast would be ordinary damage
        plan.cards[name] = spell_card(name, [*first, Sentence(f"{name} deals {body['amount']} damage to {words}.", {
            "type": "DamageAll", "amount": {"type": "Fixed", "value": body["amount"]},
            "target": each_filter(words)})], **look)
        plan.spells[name] = caster
        return Cast(spell=name, caster=caster, target=None, parts=[], needs_creature=False, order=order,
                    only=(body["to"], words), unpreventable=bool(first))
    sentence = stand_in_sentence(case, plan.players, body, name, caster)
    if body.get("to") in plan.players:  # CR 120.3a: life lost
        plan.cards[name] = spell_card(name, [*first, sentence], **look)
        plan.spells[name] = caster
        return Cast(spell=name, caster=caster, target=None, parts=[], target_player=body["to"], order=order,
                    orders=orders, unpreventable=bool(first))
    plan.cards[name] = spell_card(name, [*first, sentence], **look)
    plan.spells[name] = caster
    relative = (body.get("to_each") is not None and body["to_each"].get("controller") not in (None, "")
                and body["source"] in plan.objects)
    return Cast(spell=name, caster=caster, target=body.get("to"), parts=[], needs_creature=body.get("to") is None
                or recipient_kind(case, body["to"]) == "creature", damage_source=body["source"] if relative else None,
                order=order, orders=orders, unpreventable=bool(first))


def _plan_activation(plan: Plan, case: Mapping[str, Any], kind: str, body: Mapping[str, Any]) -> Any:
    """A mana ability (CR 605.3b, .mana) or a loyalty ability (606, .loyalty) of the object's own card,
    found where phase's face of the card has it."""
    at = plan.abilities_at.get(body["object"], {}).get(body["ability"])
    spec = case["objects"].get(body["object"])
    own = [key for a in (spec["card"].get("abilities", ()) if spec else ()) for key, value in a.items()
           if isinstance(value, Mapping) and value.get("name") == body["ability"]]
    wanted = "mana_ability" if kind == "activate_mana" else "loyalty_ability"
    if kind == "activate_mana" and not own and f'"name": "{body["ability"]}"' not in json.dumps(case):
        return {**body, "at": None}  # CR 605.3a: no ability of the case has that name, so nothing has it: none is activated
    if at is None or own != [wanted]:
        raise Unsupported(f"{kind} of {body['object']}.{body['ability']}: only a {wanted} printed on the object's own card "
                          "is realised by this adapter")
    if kind == "activate_mana":
        return {**body, "at": at}
    if body.get("x") is not None or body.get("target") is not None:
        raise Unsupported("a loyalty ability with X or a target is not realised by this adapter")
    if at[1]["cost"]["amount"] > 0 and any(
            "counter_replacement" in a and a["counter_replacement"].get("effects_only", True)
            and not _doubling_season(a["counter_replacement"])
            for spec in case["objects"].values() for a in spec["card"].get("abilities", ())):
        # CR 606.4, 614.1a: a cost is not an effect. Doubling Season's own words say "an effect" (whatever phase
        # makes of them, its real text is what is played); the adapter's other counter replacements of effects
        # only have no "an effect" in their wording (.counters), so they would be other cards
        raise Unsupported("a loyalty cost putting counters in a case with a counter replacement of effects only other "
                          "than Doubling Season's: its wording here says no 'an effect', so it is another card (CR "
                          "606.4, 614.1a)")
    return LoyaltyActivation(object=body["object"], ability=body["ability"], index=at[0], parsed=at[1],
                             order=counter_order(case, body.get("order") or ()))


def _doubling_season(body: Mapping[str, Any]) -> bool:
    """Whether a counter replacement is written as Doubling Season's own text, "If an effect would put
    one or more counters on ..., it puts twice that many ..." (.counters)."""
    return (body.get("kind") is None and not body.get("by_you") and body.get("mode", "double") == "double"
            and body.get("effects_only", True))


def _plan_together(plan: Plan, case: Mapping[str, Any], parts: list[Mapping[str, Any]], counter: Iterator[int]) -> list:
    """A together step, one event with no state-based action check inside it (CR 704.3). Either
    every part is performed without phase checking state-based actions (modify/set/switch effects
    on single objects injected into its continuous effects, counters, moves, ends of effects), or,
    when a part needs phase to resolve a spell (a doubling or tripling, whose amount phase fixes,
    or a ``to_each`` effect, whose set phase locks), every part is one sentence of a single spell:
    phase checks state-based actions whenever a player would receive priority, so nothing can
    come before or after that spell within the event."""
    flat = [next(iter(p.items())) for p in parts]
    if any(kind in ("end_turn", "together") for kind, _ in flat):
        raise Unsupported("an end_turn or together step inside a together step: the cleanup step cannot be part of "
                          "one event here")
    if any(kind in ("damage", "lose_life", "gain_life", "double_life", "prevent_damage") for kind, _ in flat):
        return [("cast", _plan_one_spell_event(plan, case, flat, counter))]
    if has_counter_replacements(case) and any(kind == "put_counters" for kind, _ in flat):
        raise Unsupported("counters put inside a together step in a case with counter replacements: phase applies "
                          "replacement effects to counters only as a spell resolves")
    if any(kind == "activate" for kind, _ in flat):
        raise Unsupported("an ability activated inside a together step: in phase it is activated and resolves as "
                          "events of its own (CR 602.2, 608.2)")
    if any(kind == "create_token" for kind, _ in flat):
        raise Unsupported("tokens created inside a together step: phase creates them only as a spell resolves")
    if any(kind == "double_counters" for kind, _ in flat):
        raise Unsupported("a counter doubling inside a together step: phase performs it only as a spell resolves")
    needs_spell = any(kind in SPELL_ONLY or (kind in EFFECT_STEPS and body.get("to_each") is not None)
                      for kind, body in flat)
    if needs_spell:
        if not all(kind in EFFECT_STEPS or kind == "put_counters" for kind, _ in flat):  # counters: on its target
            raise Unsupported("a together step joining a doubling, tripling or to_each effect with counters, moves or "
                              "ends of effects: phase fixes such an effect only by resolving a spell, and checks "
                              "state-based actions as soon as that spell is cast")
        return [("cast", _plan_spell(plan, flat, counter, case))]
    out: list = []
    for kind, body in flat:
        if kind in EFFECT_STEPS:
            name = f"Cfx Spell {next(counter)}"
            plan.cards[name] = spell_card(name, [effect_sentence(kind, body, "target", None)])
            plan.spells[name] = body["controller"]
            out.append(("inject", Inject(body=body, kind=kind, source=name)))
        else:
            out.append((kind, _plan_step(plan, case, kind, body, counter)))
    return out
