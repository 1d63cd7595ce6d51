"""Triggered abilities on events, realised by phase's own trigger machinery (CR 603): the cards
print them (:mod:`.trigger_lines`), the events are phase's own (a spell resolving, a zone change
through phase's pipeline, state-based actions), and phase puts what triggered on its stack when a
player would receive priority (603.3).

In a case with triggered abilities the adapter, after each step, lets phase's stack resolve only
down to what triggered: the abilities wait there (or in phase's ``OrderTriggers`` prompt, when two
or more of one controller's triggered at once) while checkpoints are read, as the format's waiting
abilities do. A ``resolve_triggers`` step answers phase's prompt with its ``order`` (the first named
put on the stack first, 603.3b), checks that phase's stack holds exactly the named abilities in that
order (else phase missed or added a trigger: an error of the engine, as the format says), then
passes priority until the stack is empty: each resolves top first (608.1), with state-based actions
before each priority (117.5) and what triggers meanwhile put on top (603.3). A step realised as a
spell, or a permanent's damage ability, while abilities wait on phase's stack is cast (activated) on
top of them and resolves first (a player's counters changed by the debug action standing in for such
an effect likewise), as the step
comes before the ``resolve_triggers`` step that resolves them (:meth:`Triggers.over_waiting`); what
it makes trigger goes on the stack above them, and a later ``resolve_triggers`` orders only that
(as in the reference engine, where abilities go on the stack as a player would receive priority).
Anything else done while abilities wait is unsupported.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.bindings import MAX_PASSES, AdapterFault
from mtg_conformance_phase.board import Board, _action
from mtg_conformance_phase.trigger_lines import TriggerStep
from conformance.errors import Unsupported


class Triggers(Board):
    """Triggered abilities waiting on phase's stack, and resolving them."""

    stacked: tuple[int, ...] = ()  # phase's stack entries (triggered abilities) a step was put on top of (603.3)

    def waiting_abilities(self) -> bool:
        """Whether triggered abilities wait: on phase's stack, or in its prompt to order them."""
        return self.waiting()["type"] == "OrderTriggers" or bool(self.game.stack())

    def refuse_while_waiting(self, kind: str, spell: bool = False) -> list[int] | None:
        """Refuse a step while triggered abilities wait, but for a step realised as a ``spell`` (or an
        activated ability, or the debug action standing in for an effect changing a player's counters,
        .player_counters) with only triggered abilities on phase's stack: then phase's stack entries now
        (None: nothing waits)."""
        if not self.plan.triggers or kind in ("expect", "resolve_triggers", "trigger") or not self.waiting_abilities():
            return None
        stack = self.game.stack()
        if spell and self.waiting()["type"] == "Priority" and all(
                item["kind"]["type"] == "TriggeredAbility" for item in stack):
            return [item["id"] for item in stack]
        raise Unsupported(f"a {kind} step while triggered abilities wait: this adapter performs steps only with "
                          "phase's stack empty, or a spell's, an ability's or a player's counters' step on top of "
                          "triggered abilities alone")

    def over_waiting(self, kind: str, waiting: list[int]) -> None:
        """CR 603.3, 608.1: after a spell's (or an ability's) step put on top of the triggered
        abilities on the stack (``waiting``: phase's stack before), those abilities are still there,
        under what the step made trigger. They went on the stack before the step, as a player would
        receive priority, so the case's ``resolve_triggers`` names only those that triggered since
        (the reference engine's reading too); :meth:`resolve_triggers` checks the rest."""
        if self.waiting()["type"] == "GameOver":
            return
        stack = [item["id"] for item in self.game.stack()]
        if stack[:len(waiting)] != waiting:
            raise Unsupported(f"phase's stack of triggered abilities {waiting} changed under a {kind} step put on top "
                              f"of it (now {stack}): not judged here (CR 113.7a, 608.1)")
        self.stacked = tuple(waiting)

    def resolve_triggers(self, order: list[tuple[str, str]]) -> None:
        waiting = self.waiting()
        if waiting["type"] == "OrderTriggers":  # CR 603.3b: the controller orders them
            offered = [(t.get("source_id"), t.get("description")) for t in waiting["data"]["triggers"]]
            wanted = [(self.ids[oid], description) for oid, description in order]
            if sorted(offered, key=str) != sorted(wanted, key=str):
                raise AdapterFault(f"phase's triggered abilities waiting are {offered}, the case's order names {wanted} "
                                   "(CR 603.2: an engine that misses or adds a trigger errs)")
            indices: list[int] = []
            for entry in wanted:
                indices.append(next(i for i, o in enumerate(offered) if o == entry and i not in indices))
            self.game.apply(waiting["data"]["player"], _action({"type": "OrderTriggers", "data": {"order": indices}}))
        elif waiting["type"] != "Priority":
            raise AdapterFault(f"phase asks {waiting['type']} where triggered abilities wait: {json.dumps(waiting)[:300]}")
        stack = self.game.stack()
        if any(item["kind"]["type"] != "TriggeredAbility" for item in stack):
            raise AdapterFault("phase's stack holds more than triggered abilities at a resolve_triggers step")
        below = [item for item in stack if item["id"] in self.stacked]  # on the stack before a step on top (603.3)
        if stack[:len(below)] != below:
            raise AdapterFault("phase's stack holds triggered abilities of a step on top of others under them")
        stack = stack[len(below):]
        if order and [item["source_id"] for item in stack] != [self.ids[oid] for oid, _ in order]:
            raise AdapterFault(f"phase's stack (bottom to top) holds the triggered abilities of "
                               f"{[item['source_id'] for item in stack]}, the case's order names "
                               f"{[self.ids[oid] for oid, _ in order]} (CR 603.2, 603.3b)")
        self.resolve_waiting()

    def trigger(self, step: TriggerStep) -> None:
        """A ``trigger`` step (CR 603.2, 603.3): the one ability waiting is the object's, triggered
        by its target's entering (phase's own event); it resolves (608.2). Nothing waiting and the
        object off the battlefield: the step does nothing (the format's reading)."""
        waiting = self.waiting()
        if waiting["type"] == "OrderTriggers":
            raise Unsupported("several abilities triggered at once where a trigger step makes one trigger")
        stack = self.game.stack()
        if not stack and self.obj(step.object).get("zone") != "Battlefield":
            return
        ability = (stack[-1]["kind"].get("data") or {}).get("ability") or {} if stack else {}
        if len(stack) != 1 or stack[0]["kind"]["type"] != "TriggeredAbility" \
                or stack[0].get("source_id") != self.ids[step.object] or ability.get("description") != step.description \
                or ability.get("targets") != [{"Object": self.ids[step.target]}]:
            raise Unsupported(f"a trigger step of {step.object!r} aimed at {step.target!r} where phase's stack holds "
                              f"{[(i.get('source_id'), i['kind']['type']) for i in stack]}: no event of phase's game made "
                              "exactly that ability trigger with that object (CR 603.2)")
        self.resolve_waiting()

    def resolve_waiting(self) -> None:
        """Priority passed until phase's stack of triggered abilities is empty (CR 608.1, 117.5)."""
        for _ in range(MAX_PASSES):
            waiting = self.waiting()
            if waiting["type"] == "GameOver":
                return
            if waiting["type"] == "OrderTriggers":
                raise Unsupported("two or more abilities triggered at once while the stack resolved: their order is "
                                  "not scripted (the reference engine refuses it too)")
            if waiting["type"] == "ReplacementChoice":
                self.answer_replacement_choice(waiting)
                continue
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} while triggered abilities resolve")
            if not self.game.stack():
                self.stacked = ()
                return
            self.pass_priority()
        raise AdapterFault("phase's stack of triggered abilities did not resolve")

