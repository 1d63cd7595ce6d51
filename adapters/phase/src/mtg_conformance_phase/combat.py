"""A ``combat`` step played through phase's own combat phase (CR 506-511).

The active player's first main phase is set (debug ``SetPhase``) and priority passed into the
beginning of combat step and on: phase asks the active player to declare attackers (508.1), each
defending player to declare blockers (509.1), and the attacking or blocking player to divide a
creature's combat damage where there is a choice (510.1c-d, 702.19b); the adapter answers each
prompt with what the case declares or scripts, after checking that phase offers exactly that
(an attacker phase does not offer, a block it does not allow, a prompt the case scripts nothing
for: unsupported, never guessed). Everything else is phase's: tapping attackers (508.1f) unless
they have vigilance (702.20b), blocking restrictions (flying, reach, menace, 509.1b), the first
combat damage step (510.4), deathtouch and lifelink, state-based actions between the steps
(704.3). Priority is passed until the end of combat step (511), where the step ends, or, in a case
with triggered abilities, until what combat damage made trigger waits on phase's stack
(:meth:`CombatSteps.triggers_wait`).

As the case starts, creatures on the battlefield have been under their controllers' control since
the turn began (the format's reading of 302.6): phase's debug ``SetSummoningSickness`` says so;
one that enters during the case keeps phase's summoning sickness. Permanents declared tapped are
tapped (110.5) with debug ``SetTapped``.
"""

from __future__ import annotations

import json
from typing import Any

from mtg_conformance_phase.bindings import MAX_PASSES, AdapterFault
from mtg_conformance_phase.board import Board, _action
from mtg_conformance_phase.combat_plan import CombatPlan
from conformance.errors import Unsupported

COMBAT_STEPS = ("BeginCombat", "DeclareAttackers", "DeclareBlockers", "CombatDamage")  # phase's names; its
# first-strike combat damage step is a "CombatDamage" step too (510.4)


class CombatSteps(Board):
    """The combat phases of a case, in phase's game."""

    def start(self) -> None:
        super().start()
        if any("combat" in step for step in self.case["steps"]):
            for oid, spec in self.case["objects"].items():  # CR 302.6, the format's reading
                if spec["zone"] == "battlefield" and oid in self.plan.objects:
                    self.debug("SetSummoningSickness", {"object_id": self.ids[oid], "sick": False})
        for oid, spec in self.case["objects"].items():  # CR 110.5: declared tapped
            if spec.get("tapped") and oid in self.plan.objects:
                self.debug("SetTapped", {"object_id": self.ids[oid], "tapped": True})

    # --- the combat phase ---------------------------------------------------------------------

    def fight(self, combat: CombatPlan) -> None:
        seats = {self.obj(a).get("controller") for a in combat.attackers}
        if seats != {self.active}:
            raise Unsupported("the attacking creatures are not all controlled by the active player of phase's turn "
                              "(CR 508.1a): not realised by this adapter")
        self.blocks_declared: set[tuple[int, int]] = set()
        self.debug("SetPhase", {"phase": "PreCombatMain", "active_player": self.active})
        waiting = self.pass_until(("DeclareAttackers",), within=("PreCombatMain", "BeginCombat"))
        if waiting is None:
            raise Unsupported(f"phase asks for no attackers (it sees no creature able to attack, CR 508.1a), where the "
                              f"case declares {', '.join(combat.attackers)}: phase does not let them attack")
        self.declare_attackers(combat, waiting)
        self.replacement_order = self.order_of(combat.order)
        affected = combat.affected
        self.affected_seat = (self.seat[affected] if affected in self.seat
                              else self.obj(affected).get("controller") if affected is not None else None)
        try:
            self.fight_on(combat)
        finally:
            self.replacement_order, self.affected_seat = (), None
        self.check_blocks(combat)

    def fight_on(self, combat: CombatPlan) -> None:
        """From the declaration of blockers on: phase's prompts answered until the combat is over."""
        while True:
            waiting = self.pass_until(("DeclareBlockers", "AssignCombatDamage", "AssignBlockerDamage"), within=COMBAT_STEPS)
            if waiting is None:
                break
            if waiting["type"] == "DeclareBlockers":
                self.declare_blockers(combat, waiting)
            else:
                self.assign_damage(combat, waiting)

    def pass_until(self, prompts: tuple[str, ...], within: tuple[str, ...]) -> dict[str, Any] | None:
        """Pass priority until phase asks one of ``prompts``; None once phase's game is past the
        steps ``within`` (or over): after the combat damage step(s), the end of combat step (511)."""
        for _ in range(MAX_PASSES):
            waiting = self.waiting()
            if waiting["type"] in prompts:
                return waiting
            if waiting["type"] == "GameOver" or self.triggers_wait(waiting):
                return None
            if waiting["type"] == "ReplacementChoice":  # CR 616.1: the affected player's order (.counter_order)
                self.answer_replacement_choice(waiting)
                continue
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} in combat: {json.dumps(waiting)[:300]}")
            if self.game.phase not in within:
                return None
            if self.game.stack():
                raise Unsupported("something went on phase's stack during combat: not realised by this adapter")
            self.pass_priority()
        raise AdapterFault("phase's combat did not go on")

    def triggers_wait(self, waiting: dict[str, Any]) -> bool:
        """Whether the combat is over with triggered abilities waiting (CR 603.3): what combat
        damage made trigger is on phase's stack (or in its prompt to order it) in its one combat
        damage step; the case's ``resolve_triggers`` step resolves it (.triggers), and nothing is
        left of the combat phase but its end (511), where nothing here happens. Abilities
        triggering before the last combat damage step (a first-strike step, 510.4) would resolve
        before it: unsupported."""
        if not self.plan.triggers or self.game.phase != "CombatDamage":
            return False
        stack = self.game.stack()
        if waiting["type"] != "OrderTriggers" and not (waiting["type"] == "Priority" and stack):
            return False
        if any(item["kind"]["type"] != "TriggeredAbility" for item in stack):
            return False
        if (self.game.state()["state"].get("combat") or {}).get("first_strike_participants"):
            raise Unsupported("abilities triggering in a combat with a first-strike combat damage step (CR 510.4, "
                              "603.3): not realised by this adapter")
        return True

    def attack_target(self, target: str) -> dict[str, Any]:
        if target in self.seat:
            return {"type": "Player", "data": self.seat[target]}
        return {"type": "Planeswalker", "data": self.ids[target]}

    def declare_attackers(self, combat: CombatPlan, waiting: dict[str, Any]) -> None:
        """CR 508.1: the attackers the case declares, each offered by phase with what it attacks."""
        data = waiting["data"]
        attacks = []
        for attacker, target in combat.attackers.items():
            oid, chosen = self.ids[attacker], self.attack_target(target)
            offered = (data.get("valid_attack_targets_by_attacker") or {}).get(str(oid), data.get("valid_attack_targets"))
            if oid not in data["valid_attacker_ids"] or chosen not in (offered or ()):
                what = offered if oid in data["valid_attacker_ids"] else "no attack for it"
                raise Unsupported(f"phase does not let {attacker} attack {target} (it offers {what}; CR 508.1)")
            attacks.append([oid, chosen])
        self.game.apply(data["player"], _action({"type": "DeclareAttackers", "data": {"attacks": attacks}}))

    def declare_blockers(self, combat: CombatPlan, waiting: dict[str, Any]) -> None:
        """CR 509.1: the blocks the case declares for this defending player, each offered by phase."""
        data = waiting["data"]
        seat = data["player"]
        assignments = []
        for blocker, attacker in combat.blocks():
            if self.obj(blocker).get("controller") != seat:
                continue
            oid, blocked = self.ids[blocker], self.ids[attacker]
            if blocked not in (data.get("valid_block_targets") or {}).get(str(oid), ()):
                raise Unsupported(f"phase does not let {blocker} block {attacker} (CR 509.1a-b)")
            assignments.append([oid, blocked])
        try:
            self.game.apply(seat, _action({"type": "DeclareBlockers", "data": {"assignments": assignments}}))
        except ValueError as exc:  # a declaration phase refuses as a whole (menace: two or more, 509.1b)
            raise Unsupported(f"phase refuses the blocks {combat.blocks()} (CR 509.1b-c): {exc}") from exc
        self.blocks_declared.update((b, a) for b, a in assignments)

    def check_blocks(self, combat: CombatPlan) -> None:
        """Every block the case declares was declared (a defending player phase asked nothing)."""
        wanted = {(self.ids[b], self.ids[a]) for b, a in combat.blocks()}
        if wanted - self.blocks_declared:
            raise Unsupported("phase did not ask for the blocks the case declares (CR 509.1)")

    def assign_damage(self, combat: CombatPlan, waiting: dict[str, Any]) -> None:
        """CR 510.1c, 702.19b: phase asks the attacking player to divide a blocked creature's
        combat damage; the case's script for this step is the answer, checked against the prompt."""
        data = waiting["data"]
        if waiting["type"] != "AssignCombatDamage":
            raise Unsupported(f"phase asks {waiting['type']}: a division it asks is not realised by this adapter")
        fight = self.game.state()["state"].get("combat") or {}  # CR 510.4: phase's first combat damage step
        first_strike = bool(fight.get("first_strike_participants")) and not fight.get("first_strike_done")
        names = {self.ids[k]: k for k in combat.attackers}
        attacker = names.get(data["attacker_id"])
        script = combat.script(first_strike).get(attacker) if attacker else None
        blockers = {b["blocker_id"] for b in data.get("blockers") or ()
                    if self.game.object(b["blocker_id"]).get("zone") == "Battlefield"}  # CR 506.4: those still in combat
        if script is None and attacker and data.get("trample") and not blockers:
            script = {combat.attackers[attacker]: data["total_damage"]}  # CR 702.19e: its blockers are all gone
        if script is None:
            raise Unsupported(f"phase asks how {attacker or data['attacker_id']} divides its {data['total_damage']} "
                              f"combat damage ({'first-strike step' if first_strike else 'regular step'}) and the case "
                              "scripts no division for it (CR 510.1c)")
        target = combat.attackers[attacker]
        assignments, past = [], 0
        for recipient, amount in script.items():
            if recipient == target:
                past = amount
            elif recipient in self.ids and self.ids[recipient] in blockers:
                assignments.append([self.ids[recipient], amount])
            elif amount:
                raise Unsupported(f"{attacker} assigns {amount} to {recipient}, which phase does not offer (CR 510.1c)")
        if past and not data.get("trample"):
            raise Unsupported(f"phase does not let {attacker} assign damage past its blockers (CR 702.19b)")
        if sum(n for _, n in assignments) + past != data["total_damage"]:
            raise Unsupported(f"{attacker} assigns {dict(script)}, but phase has it assign {data['total_damage']}")
        try:
            self.game.apply(data["player"], _action({"type": "AssignCombatDamage", "data": {
                "assignments": assignments, "trample_damage": past, "controller_damage": 0}}))
        except ValueError as exc:
            raise Unsupported(f"phase refuses {attacker}'s division {dict(script)} (CR 510.1c, 702.19b): {exc}") from exc
