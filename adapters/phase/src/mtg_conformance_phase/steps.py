"""Steps: how each step of a case is realised through phase's game, then state-based actions
(CR 704.3).

A :class:`.plan.Cast` is cast by its caster, its target chosen, and priority passed until it has
resolved (phase performs state-based actions before any player receives priority, 117.5); the
effects it made are tracked when they must be ended or made to last. The parts of a ``together``
step are injected into phase's continuous effects (the entries phase's own spells make) with no
check in between. Counters and zone changes are phase's debug actions; ``end_turn`` goes through
the end step and the cleanup step (514) into the next turn.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.bindings import HAND_SIZE, MAX_PASSES, ZONES, AdapterFault
from mtg_conformance_phase.activation import Activations
from mtg_conformance_phase.activated import ActivatedAbilities
from mtg_conformance_phase.activated_lines import AbilityActivation
from mtg_conformance_phase.combat import CombatSteps
from mtg_conformance_phase.combat_plan import CombatPlan
from mtg_conformance_phase.counter_order import CounterReplacements
from mtg_conformance_phase.counter_order import SHIELD
from mtg_conformance_phase.unpreventable import restrictions
from mtg_conformance_phase.damage_sources import SHIELD_NAME, Activation
from mtg_conformance_phase.ability_lines import LoyaltyActivation
from mtg_conformance_phase.entering import EntersAsCopy
from mtg_conformance_phase.face_down_steps import FaceDown, check_only_face_down
from mtg_conformance_phase.late_targets import TargetLeft
from mtg_conformance_phase.loyalty import Loyalty
from mtg_conformance_phase.mana import Mana
from mtg_conformance_phase.triggers import Triggers
from mtg_conformance_phase.choosing import EntersChoosing
from mtg_conformance_phase.board import STACK, Board, _action, _is_creature_on_battlefield, _targets
from mtg_conformance_phase.plan import Cast, Inject, counter_kind
from mtg_conformance_phase.player_counters import PlayerCounters
from mtg_conformance_phase.redirection import ANY_SOURCE
from mtg_conformance_phase.protected_recipients import check_one_recipient
from mtg_conformance_phase.wording import _mod
from conformance.errors import Unsupported


class Steps(Activations, ActivatedAbilities, Loyalty, Mana, Triggers, CounterReplacements, EntersAsCopy, EntersChoosing, FaceDown,
            CombatSteps, PlayerCounters, Board):
    """The steps of a case, performed in phase's game."""

    # steps

    def cast(self, cast: Cast, wait: bool = False) -> None:
        """Cast the spell, choose its target, and pass priority until it has resolved; phase
        performs state-based actions before any player receives priority (CR 117.5, 704.3).
        ``wait``: it stays on the stack for its own step (CR 608.2b, .late_targets)."""
        seat = self.seat[cast.caster]
        target = None
        if cast.target is not None:
            target = self.ids[cast.target]
            obj = self.game.object(target)
            if cast.target_zone == "Graveyard":  # "target creature card in a graveyard" (.tokens)
                if obj.get("zone") != "Graveyard" or "Creature" not in (obj.get("card_types") or {}).get("core_types", ()):
                    raise Unsupported(f"a token copy of {cast.target!r}, which is not a creature card in a graveyard now")
            elif obj.get("zone") != "Battlefield" or (cast.needs_creature and not _is_creature_on_battlefield(obj)):
                what = "creature" if cast.needs_creature else "permanent"
                message = (f"an effect on {cast.target!r}, which is not a {what} on the battlefield now "
                           f"({str(obj['zone']).lower()}): a 'target {what}' spell cannot target it")
                if obj.get("zone") != "Battlefield":  # it left: a spell cast earlier may wait for it (.late_targets)
                    raise TargetLeft(message, cast.target)
                raise Unsupported(message)
        if cast.damage_source is not None:  # "each creature you control": the source's controller (CR 109.5)
            source = self.obj(cast.damage_source)
            if source.get("zone") != "Battlefield" or source.get("controller") != seat:
                raise Unsupported(f"damage by {cast.damage_source!r} to creatures a filter names relative to its "
                                  "controller, now that it is not on the battlefield under its first controller")
        if cast.only is not None:  # CR 702.16b: "each creature ..." naming the protected creature alone
            check_one_recipient(self.game, self.ids[cast.only[0]], seat, cast.only[1], cast.only[0])
        if cast.face_down_alone:  # CR 708.8 (.face_down.TURN_FACE_UP)
            check_only_face_down(self.game, self.ids[cast.target], cast.target)
        self.give_priority(seat)
        spell = self.ids[cast.spell]
        before = {obj["id"] for obj in self.game.battlefield()}
        if self.zones.pop(cast.spell, "Hand") != "Hand":
            self.debug("MoveToZone", {"object_id": spell, "to_zone": "Hand", "simulate": False})
        sorcery = json.loads(self.plan.cards[cast.spell].source).get("types") == ["Sorcery"]
        if sorcery and seat == self.active and not self.game.stack() and self.game.state()["state"].get("phase") not in (
                "PreCombatMain", "PostCombatMain") and "triggered" not in json.dumps(self.case):
            # CR 307.1: a sorcery is cast in its controller's main phase; phase's game waits in the upkeep, where
            # nothing the case does depends on the step (no triggered abilities): moved on to the main phase
            self.debug("SetPhase", {"phase": "PreCombatMain", "active_player": self.active})
            self.give_priority(seat)
        action = next((a for a in self.game.actions() if a.kind == "CastSpell" and a.data["object_id"] == spell), None)
        if action is None:
            keywords = [] if target is None else self.game.object(target).get("keywords") or []
            protections = [k for k in keywords if isinstance(k, dict) and "Protection" in k]
            if protections:  # CR 702.16b: no legal target, so the spell cannot be cast (601.2c)
                raise Unsupported(f"phase does not let {cast.caster} cast a spell to target {cast.target!r}, which has "
                                  f"{protections} (CR 702.16b); the format's effect has no source to be protected from")
            if sorcery:  # CR 307.1: sorcery timing
                raise Unsupported(f"{cast.caster}'s sorcery standing in for a damage source cannot be cast now (only by "
                                  "the active player with an empty stack, CR 307.1)")
            raise AdapterFault(f"phase does not offer to cast {cast.spell}")
        self.game.apply(seat, action)
        chosen_target = None if target is None else {"Object": target}
        if cast.target_player is not None:
            chosen_target = {"Player": self.seat[cast.target_player]}
            if self.game.player(self.seat[cast.target_player]).get("is_eliminated"):
                raise Unsupported(f"a spell targeting {cast.target_player}, who has left the game (CR 800.4a)")
        wanted = [] if chosen_target is None or cast.face_down_alone else [chosen_target]
        if cast.copied is not None:  # CR 707.4: "... becomes a copy of target permanent", its second target
            copied = self.obj(cast.copied)
            if copied.get("zone") != "Battlefield":
                raise Unsupported(f"a copy of {cast.copied!r}, which is not on the battlefield now: 'target permanent' "
                                  "cannot name it")
            wanted.append({"Object": self.ids[cast.copied]})
        for answer in list(wanted) or [None]:
            waiting = self.waiting()
            if waiting["type"] != "TargetSelection":
                break
            legal = waiting["data"]["selection"]["current_legal_targets"]
            if answer is None or answer not in legal:
                raise Unsupported(f"phase does not let {cast.caster} target {cast.target!r} with "
                                  f"{self.plan.cards[cast.spell].face.get('oracle_text')!r}")
            self.game.apply(seat, _action({"type": "ChooseTarget", "data": {"target": answer}}))
        stack = self.game.stack()
        if stack and stack[-1].get("source_id") != spell and any(e.get("source_id") == spell for e in stack):
            # CR 603.2, 603.3: targeting triggered an ability ("becomes the target", Phantasmal Image's), where the
            # case's effect is no targeting spell
            raise Unsupported(f"the spell standing in for the case's effect on {cast.target!r} triggered an ability by "
                              "targeting it: the case's effect does not target")
        if not stack or stack[-1].get("source_id") != spell:
            raise AdapterFault(f"{cast.spell} is not on phase's stack after casting it")
        chosen = _targets(stack[-1]["kind"]["data"].get("ability"))
        if chosen != wanted and target is not None and any(
                isinstance(k, dict) and "Protection" in k for k in self.game.object(target).get("keywords") or ()):
            # CR 702.16b: the target's protection makes it no legal target, and phase chose the one legal target left
            raise Unsupported(f"phase does not let {cast.caster} target {cast.target!r}, which has protection (CR "
                              "702.16b); the format's effect has no source to be protected from")
        if chosen != wanted:
            raise AdapterFault(f"{cast.spell} targets {chosen} in phase, not {target}")
        if wait:  # CR 608.2b: it waits while its target leaves (.late_targets)
            self.waiting_spell = (cast, spell)  # resolved by resolve_cast, as below
            return
        self.resolve_cast(cast, spell, target, before)

    def resolve_cast(self, cast: Cast, spell: int, target: int | None, before: set[int]) -> None:
        """Priority passed until the cast spell has resolved, spells waiting under it left there."""
        self.replacement_order = self.orders_of(cast.orders) if cast.orders else self.order_of(cast.order)
        self.chosen_source = cast.source_choice if cast.source_choice in (None, ANY_SOURCE) \
            else self.ids[cast.source_choice]
        affected = target if cast.only is None else self.ids[cast.only[0]]
        self.affected_seat = None if affected is None else self.game.object(affected).get("controller")
        self.token_copy = cast.copy_choice
        restricted = restrictions(self.game.state()) if cast.unpreventable else None
        try:
            self.resolve_stack(until=self.under())
        finally:
            self.replacement_order, self.affected_seat, self.chosen_source = (), None, None
        self.end_unpreventable(restricted)
        if self.token_copy is not None:
            raise Unsupported(f"a copy choice for the token copy of {cast.target!r}, which phase did not ask for (the token "
                              "has no 'enter as a copy' ability)")
        if cast.tokens:
            self.name_tokens(cast, before)
        if cast.tracked:
            self.track(cast, spell)

    def name_tokens(self, cast: Cast, before: set[int]) -> None:
        """The tokens phase created get the step's names in the order phase made them (CR 111.1,
        614.1a); a name no token got stays unknown (no object)."""
        made = sorted(obj["id"] for obj in self.game.battlefield() if obj["id"] not in before)
        if len(made) > len(cast.tokens):
            raise Unsupported(f"phase created {len(made)} tokens where the case names {len(cast.tokens)}")
        for name, token in zip(cast.tokens, made):
            self.ids[name] = token

    def track(self, cast: Cast, spell: int) -> None:
        """Remember which of phase's continuous effects are the cast's scenario effects. A spell
        with one effect is looked up when needed (phase's effects name their source); several
        effects of one spell are told apart now, in the order they were created."""
        if len(cast.parts) == 1:
            body = cast.parts[0]
            if body.get("id"):
                self.lazy[body["id"]] = spell
            if body.get("until") == "ended":
                self.lasting.append(spell)
            return
        state = self.game.state()
        created = sorted((e for e in state["state"]["transient_continuous_effects"] if e["source_id"] == spell),
                         key=lambda e: e["id"])
        if len(created) != len(cast.parts):
            raise Unsupported("one spell made several effects that must be ended or made to last, and which of "
                              "phase's continuous effects is which cannot be told")
        for body, entry in zip(cast.parts, created):
            if body.get("id"):
                self.effects.setdefault(body["id"], []).append(entry["id"])
            if body.get("until") == "ended":
                entry["duration"] = "Permanent"
        if any(body.get("until") == "ended" for body in cast.parts):
            self.reload(state)

    def make_lasting(self, state: dict[str, Any]) -> bool:
        """Effects lasting until ended become permanent in phase's ``state`` (before a cleanup step
        would end them); whether anything changed."""
        if not self.lasting:
            return False
        sources = set(self.lasting)
        self.lasting = []
        changed = False
        for entry in state["state"]["transient_continuous_effects"]:
            if entry["source_id"] in sources and entry["duration"] != "Permanent":
                entry["duration"] = "Permanent"
                changed = True
        return changed

    def inject(self, parts: list[Inject]) -> None:
        """Continuous effects on single objects, the entries phase's own spells make, with the
        next timestamps and no state-based action check (parts of a together step)."""
        state = self.game.state()
        inner = state["state"]
        for part in parts:
            body = part.body
            if not _is_creature_on_battlefield(self.obj(body["to"])):
                raise Unsupported(f"an effect on {body['to']!r}, which is not a creature on the battlefield now")
            if part.kind == "modify_pt":
                mods = [_mod("AddPower", body.get("power", 0) or 0), _mod("AddToughness", body.get("toughness", 0) or 0)]
            elif part.kind == "set_pt":
                mods = [_mod(k, body[key]) for k, key in (("SetPower", "power"), ("SetToughness", "toughness"))
                        if body.get(key) is not None]
            else:
                mods = [{"type": "SwitchPowerToughness"}]
            effect_id = inner["next_continuous_effect_id"]
            inner["next_continuous_effect_id"] = effect_id + 1
            timestamp = inner["next_timestamp"]
            inner["next_timestamp"] = timestamp + 1
            inner["transient_continuous_effects"].append({
                "id": effect_id, "source_id": self.ids[part.source], "source_name": part.source,
                "controller": self.seat[body["controller"]], "timestamp": timestamp,
                "duration": "Permanent" if body.get("until") == "ended" else "UntilEndOfTurn",
                "affected": {"type": "SpecificObject", "id": self.ids[body["to"]]}, "modifications": mods,
            })
            if body.get("id"):
                self.effects.setdefault(body["id"], []).append(effect_id)
        self.reload(state)

    def end_effect(self, effect: str) -> None:
        ids = set(self.effects.pop(effect, ()))
        spell = self.lazy.pop(effect, None)
        if not ids and spell is None:
            return
        state = self.game.state()
        effects = state["state"]["transient_continuous_effects"]
        kept = [e for e in effects if e["id"] not in ids and e["source_id"] != spell]
        if len(kept) != len(effects):
            state["state"]["transient_continuous_effects"] = kept
            self.reload(state)

    def end_turn(self) -> None:
        """The end step, then the cleanup step (CR 514), into the next turn's upkeep: "until end
        of turn" effects end in the cleanup step (514.2)."""
        if self.lasting:
            state = self.game.state()
            if self.make_lasting(state):
                self.reload(state)
        hand = [card["id"] for card in self.game.hand(self.active)]
        if len(hand) > HAND_SIZE:  # unplayed spells wait in the library, so none is discarded (514.1)
            spare = [self.ids[name] for name in self.zones if self.ids[name] in hand]
            if len(hand) - len(spare) > HAND_SIZE:
                raise Unsupported("more cards in hand than the maximum hand size: phase would discard in the cleanup "
                                  "step (CR 514.1)")
            for card in spare[:len(hand) - HAND_SIZE]:
                self.debug("MoveToZone", {"object_id": card, "to_zone": "Library", "simulate": False})
                self.zones.update({name: "Library" for name in self.zones if self.ids[name] == card})
        turn, tapped = self.game.turn, self._tapped()
        self.debug("SetPhase", {"phase": "End", "active_player": self.active})
        for _ in range(MAX_PASSES):
            waiting = self.waiting()
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} as the turn ends: {json.dumps(waiting)[:300]}")
            if self.game.turn != turn:
                self.active = waiting["data"]["player"]  # the active player receives priority first (117.3a)
                self.mana_clock = None  # CR 500.4: mana pools emptied, in phase and in the scenario
                untapped = sorted(name for name in tapped - self._tapped() if self._on_battlefield(name))
                if untapped:
                    raise Unsupported(f"phase's turn ended through the next turn's untap step (CR 502.3), which untapped "
                                      f"{', '.join(map(repr, untapped))}: the case's end_turn is the cleanup step only "
                                      "(514), after which they stay tapped")
                return
            self.pass_priority()
        raise AdapterFault("the turn did not end")

    def _tapped(self) -> set[str]:
        """The case's permanents phase has tapped now (CR 110.5)."""
        return {name for name in self.plan.objects if self._on_battlefield(name) and self.obj(name).get("tapped")}

    def _on_battlefield(self, name: str) -> bool:
        if name not in self.ids or (name in self.plan.tokens and self._token(name) is None):
            return False
        return self.obj(name).get("zone") == "Battlefield"

    def move(self, body: Mapping[str, Any]) -> None:
        zone = ZONES.get(body["to"], STACK)  # the stack: only a spell's card, checkpoints after it (.plan._move_to_stack)
        if body["object"] in self.plan.tokens and self._token(body["object"]) is None:
            # CR 111.7, 111.8, 704.5d: phase's game has no such object, so there is nothing to ask phase to move: what
            # it does with the move is unknown. Skipped, the checkpoints after it passed whatever phase would do
            raise Unsupported(f"a move of the token {body['object']!r}, which phase's game does not have (it left the "
                              "battlefield and ceased to exist, CR 111.7, 704.5d, or no token got that name): there is "
                              "no object to move in phase, so what the move does (CR 111.8) is not tested")
        if body.get("face_down"):  # CR 708.4 (.face_down)
            self.enter_face_down(body["object"])
        elif "player_choice" in body:  # CR 614.12 (.enters_choices)
            self.enter_choosing(body["object"], body["player_choice"])
        elif "pt_choice" in body:  # CR 208.2b: the card cast, its choice made as it enters (.choosing)
            self.enter_cast_choosing(body["object"], body["pt_choice"], body["pt_spell"], copy=body.get("pt_copy"))
        elif "copy_choice" in body:
            self.enter_as_copy(body["object"], body["copy_choice"])
        elif body.get("enters_with"):
            self.enter_with_counters(body["object"], body["order"])
        elif self.obj(body["object"])["zone"] != zone:  # to the zone it is in: nothing happens
            self.debug("MoveToZone", {"object_id": self.ids[body["object"]], "to_zone": zone,
                                      "simulate": bool(body.get("simulate"))})  # True: phase's pipeline (.triggers)

    def counters(self, kind: str, body: Mapping[str, Any]) -> None:
        phase_kind = counter_kind(body["kind"])
        obj = self.obj(body["object"])
        if obj["zone"] != "Battlefield":
            raise Unsupported(f"counters on {body['object']!r} in the {str(obj['zone']).lower()}: this adapter puts "
                              "counters with phase's debug action, a stand-in for effects that put counters on "
                              "permanents")
        if kind == "put_counters":
            delta = body["count"]
        else:  # removes up to that many
            delta = -min(body["count"], (obj.get("counters") or {}).get(phase_kind, 0))
        if delta:
            self.debug("ModifyCounters", {"object_id": self.ids[body["object"]], "counter_type": phase_kind,
                                          "delta": delta})
            after = self.obj(body["object"])
            if phase_kind == "loyalty" and after.get("loyalty") not in (None, (after.get("counters") or {}).get("loyalty", 0)):
                # CR 306.5b, 704.5i: phase's debug action removing a planeswalker's last loyalty counter leaves the
                # loyalty its state-based actions read as it was (seen: 1 kept, the walker stays): not a faithful stand-in
                raise Unsupported(f"the last loyalty counters removed from {body['object']!r} by phase's debug action, which "
                                  "leaves the loyalty phase's state-based actions read (CR 704.5i) as it was")

    def perform(self, kind: str, realisation: Any) -> None:
        """One step, then state-based actions (CR 704.3)."""
        self.check_nobody_lost("the scenario goes on past that point")
        waiting = self.refuse_while_waiting(kind, isinstance(realisation, (Cast, Activation)) or kind in (
            "put_player_counters", "remove_player_counters", "double_counters"))  # CR 603.3 (.triggers)
        if self.waiting_spell is not None and self.waiting_spell[0] is realisation:  # CR 608.2b (.late_targets)
            self.resolve_waiting_spell(realisation)
            return
        if kind == "resolve_triggers":
            self.resolve_triggers(realisation)
            return
        if kind == "trigger":  # CR 603.2 (.triggers)
            self.trigger(realisation)
            return
        if isinstance(realisation, Cast):  # effects, damage, life, shields, counters put by an effect
            self.cast(realisation)  # phase checks state-based actions as it gives priority
            if waiting is not None and not getattr(self, "setting_up", False):  # cast on top of triggered abilities
                self.over_waiting(kind, waiting)  # waiting (.triggers); the starting pools are no step (CR 603.3)
            if kind in ("add_mana", "double_mana"):  # CR 106.4, 701.10f (.mana)
                self.mark_mana()
            return
        if isinstance(realisation, AbilityActivation):  # CR 602.2 (.activated)
            self.activate_ability(realisation)
            return
        if isinstance(realisation, LoyaltyActivation):  # CR 606 (.loyalty)
            self.activate_loyalty(realisation)
            return
        if isinstance(realisation, Activation):  # damage from the scenario's own permanent (.damage_sources)
            self.activate(realisation)
            if waiting is not None:  # activated on top of triggered abilities waiting (.triggers)
                self.over_waiting(kind, waiting)
            return
        if isinstance(realisation, CombatPlan):  # CR 506-511: phase's own combat phase (.combat)
            self.fight(realisation)
            return
        if kind != "together":
            self.action(kind, realisation)
            if self.waiting()["type"] == "Priority":  # not while phase asks to order what triggered (.triggers)
                self.state_based_actions()
            if waiting is not None:  # a player's counters changed while triggered abilities wait (.triggers)
                self.over_waiting(kind, waiting)
            return
        pending: list[Inject] = []
        for part_kind, part in realisation:
            if part_kind == "inject":
                pending.append(part)
                continue
            if pending:
                self.inject(pending)
                pending = []
            if part_kind == "cast":
                self.cast(part)  # the whole event: plan_case allows nothing else with it
                return
            self.action(part_kind, part)
        if pending:
            self.inject(pending)
        self.state_based_actions()

    def action(self, kind: str, body: Any) -> None:
        if kind in ("put_counters", "remove_counters"):
            self.counters(kind, body)
        elif kind in ("put_player_counters", "remove_player_counters", "double_counters"):  # CR 122.1, 701.10e
            self.player_counters(kind, body)  # (.player_counters; a permanent's doubling is a spell, a Cast)
        elif kind == "move":
            self.move(body)
        elif kind == "end_effect":
            self.end_effect(body)
        elif kind == "end_turn":
            self.end_turn()
        elif kind == "turn_face_up":  # CR 702.37e (.face_down)
            self.turn_face_up(body)
        elif kind == "activate_mana":  # CR 605.3b (.mana)
            self.activate_mana(body)
        else:  # pragma: no cover - plan_case admits no other step
            raise AdapterFault(f"no realisation for {kind}")
