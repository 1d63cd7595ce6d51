"""A permanent dealing damage with its own activated ability (:class:`.damage_sources.Activation`,
CR 602.2, 113.7): its controller activates the ability phase parsed from the card's printed
"{0}: NAME deals 3 damage to target creature." (or to several recipients, "each player"),
chooses the target with phase's prompt, and
priority is passed until the ability has resolved, with phase's replacement effects (and the
affected player's order of them, 616.1) applied to the damage event.
"""

from __future__ import annotations

from mtg_conformance_phase.bindings import AdapterFault
from mtg_conformance_phase.board import Board, _action, _targets
from mtg_conformance_phase.counter_order import SHIELD
from mtg_conformance_phase.damage_sources import SHIELD_NAME, Activation
from mtg_conformance_phase.late_targets import LateTargets, TargetLeft
from mtg_conformance_phase.protected_recipients import check_one_recipient
from mtg_conformance_phase.unpreventable import restrictions
from conformance.errors import Unsupported


class Activations(LateTargets):
    """Activating a permanent's damage ability in phase's game."""

    replacement_order: tuple[int, ...] = ()
    affected_seat: int | None = None

    def activate(self, act: Activation, wait: bool = False) -> None:
        """Activate it and pass priority until it has resolved; ``wait``: it stays on the stack
        for its own step, its source free to leave meanwhile (CR 113.7a, .late_targets)."""
        source = self.obj(act.source)
        if source.get("zone") != "Battlefield":
            raise TargetLeft(f"damage dealt by {act.source!r}, which is not on the battlefield now "
                             f"({str(source['zone']).lower()}): its ability cannot be activated", act.source)
        seat = source.get("controller")
        face = self.plan.cards[self.plan.objects[act.source]].face
        wanted = act.text.replace(self.plan.objects[act.source], "~")
        indices = [i for i, a in enumerate(face.get("abilities") or ()) if a.get("description") == wanted]
        if len(indices) != 1:
            raise AdapterFault(f"{act.source!r} has no one ability {wanted!r} in phase")
        now = source.get("abilities") or []
        if len(now) <= indices[0] or now[indices[0]].get("description") != wanted:
            raise Unsupported(f"damage dealt by {act.source!r}, which does not have its printed damage ability now (it "
                              "lost abilities): the adapter's stand-in for its damage is gone")
        if act.only is not None:  # CR 702.16b: its words name the protected creature alone, untargeted
            words = act.text.split(" damage to ", 1)[1].rstrip(".")
            check_one_recipient(self.game, self.ids[act.only], seat, words, act.only)
            chosen, affected = None, self.obj(act.only).get("controller")
        elif act.target is not None:
            target = self.obj(act.target)
            kind = act.text.rsplit(" ", 1)[-1].rstrip(".").capitalize()  # "creature" or "planeswalker"
            if target.get("zone") != "Battlefield" or kind not in ((target.get("card_types") or {}).get("core_types") or ()):
                raise Unsupported(f"damage to {act.target!r}, which is not a {kind.lower()} on the battlefield now")
            chosen = {"Object": self.ids[act.target]}
            affected = target.get("controller")
        elif act.target_player is not None:
            chosen = {"Player": self.seat[act.target_player]}
            affected = self.seat[act.target_player]
        else:  # CR 120.3: each player, each creature a filter names: one event, no target
            chosen, affected = None, None
        self.give_priority(seat)
        self.game.apply(seat, _action({"type": "ActivateAbility",
                                       "data": {"source_id": self.ids[act.source], "ability_index": indices[0]}}))
        for _ in range(4):
            waiting = self.waiting()
            if waiting["type"] != "TargetSelection":
                break
            if chosen not in waiting["data"]["selection"]["current_legal_targets"]:
                raise Unsupported(f"phase does not let {act.source!r}'s ability target {chosen}")
            self.game.apply(seat, _action({"type": "ChooseTarget", "data": {"target": chosen}}))
        stack = self.game.stack()
        if not stack or stack[-1].get("source_id") != self.ids[act.source]:
            raise AdapterFault(f"{act.source!r}'s ability is not on phase's stack after activating it")
        if _targets(stack[-1]["kind"]["data"].get("ability")) != ([] if chosen is None else [chosen]):
            raise AdapterFault(f"{act.source!r}'s ability does not target {chosen} in phase")
        if wait:
            self.waiting_spell = (act, affected)
            return
        self.resolve_activation(act, affected)

    def resolve_activation(self, act: Activation, affected: int | None) -> None:
        """Priority passed until the ability has resolved, with the affected player's order of
        replacement effects (CR 616.1)."""
        self.replacement_order = self.orders_of(act.orders) if act.orders else self.order_of(act.order)
        self.affected_seat = affected
        before = restrictions(self.game.state()) if act.unpreventable else None
        try:
            self.resolve_stack(until=self.under())
        finally:
            self.replacement_order, self.affected_seat = (), None
        self.end_unpreventable(before)
