"""Activating an object's ``activated`` ability (CR 602.2) in phase's game: the ability phase
parsed from the Oracle line of :mod:`.activated_lines`, found among the abilities the permanent
has now (after phase's layer 6, 613.1f: a copy has its original's, 707.2), activated by the
permanent's controller with phase's ``ActivateAbility``, X announced (107.3, 602.2b) and the target
chosen in phase's prompts, the mana cost paid by phase from its controller's pool (602.2b, 601.2g-h),
and priority passed until it has resolved (608.2), with phase's own layers applying its effect.

The mana that pays the cost is put into the controller's empty pool with phase's debug
``AddMana`` just before (the format says the cost is paid, not where the mana comes from), and the
pool is checked empty after the activation: phase spent exactly it. Cases observing mana pools are
unsupported (:func:`.activated_lines.plan_activated`).
"""

from __future__ import annotations

import json
from typing import Any

from mtg_conformance_phase.activated_lines import AbilityActivation
from mtg_conformance_phase.bindings import AdapterFault
from mtg_conformance_phase.board import Board, _action, _targets
from mtg_conformance_phase.face_down import mana_paying
from conformance.errors import Unsupported
from conformance.format.subtypes import kind_of


class ActivatedAbilities(Board):
    """Activating ``activated`` abilities in phase's game."""

    def activate_ability(self, act: AbilityActivation) -> None:
        obj = self.obj(act.object)
        if obj.get("zone") != "Battlefield":
            return  # the format's reading: only a permanent's abilities are activated; the step does nothing
        now = obj.get("abilities") or []
        found = [i for i, a in enumerate(now) if a.get("description") == act.ability.description]
        if len(found) != 1:
            raise Unsupported(f"{act.object!r} has {len(found)} abilities {act.ability.description!r} now (it lost, "
                              "gained or copied abilities): whether it has the case's is not told apart here")
        types = obj.get("card_types") or {}
        if act.ability.set_types is not None and set(types.get("core_types") or ()) - {
                t.capitalize() for t in act.ability.set_types}:  # CR 205.1a: phase adds the card types it sets
            raise Unsupported(f"{act.object!r}'s ability sets its card types while it has others: phase's reading of "
                              "the wording adds them (CR 205.1a)")
        if act.ability.no_creature_types and any(kind_of(s) == "creature" for s in types.get("subtypes") or ()):
            raise Unsupported(f"{act.object!r}'s ability adds creature types while it has some: phase's reading of the "
                              "wording replaces them (CR 205.1a)")
        seat = obj.get("controller")
        self.give_priority(seat)
        if self.game.player(seat)["mana_pool"]["mana"]:
            raise Unsupported(f"{act.object!r}'s ability activated while its controller has mana in the pool")
        cost = act.ability.cost.replace("{X}", f"{{{act.x}}}" if act.x else "")
        if cost:
            self.debug("AddMana", {"player_id": seat, "mana": mana_paying(cost)})
        try:
            self.game.apply(seat, _action({"type": "ActivateAbility",
                                           "data": {"source_id": self.ids[act.object], "ability_index": found[0]}}))
        except ValueError as exc:  # no legal target, say (602.2b, 601.2c)
            raise Unsupported(f"phase refuses to activate {act.object!r}'s ability: {exc}") from exc
        chosen = None if act.target is None else {"Object": self.ids[act.target]}
        for _ in range(6):
            waiting = self.waiting()
            if waiting["type"] == "ChooseXValue":  # CR 107.3, 602.2b: X announced
                self.game.apply(seat, _action({"type": "ChooseX", "data": {"value": act.x or 0}}))
            elif waiting["type"] == "TargetSelection":  # CR 602.2b, 601.2c
                if chosen not in waiting["data"]["selection"]["current_legal_targets"]:
                    raise Unsupported(f"phase does not let {act.object!r}'s ability target {act.target!r} now")
                self.game.apply(seat, _action({"type": "ChooseTarget", "data": {"target": chosen}}))
            else:
                break
        if self.waiting()["type"] != "Priority":
            raise AdapterFault(f"phase asks {self.waiting()['type']} as {act.object!r}'s ability is activated: "
                               f"{json.dumps(self.waiting())[:300]}")
        stack = self.game.stack()
        if not stack or stack[-1].get("source_id") != self.ids[act.object]:
            raise AdapterFault(f"{act.object!r}'s ability is not on phase's stack after activating it")
        if _targets(stack[-1]["kind"]["data"].get("ability")) != ([] if chosen is None else [chosen]):
            # phase chose its only legal target itself, asking nothing: the case's is not a legal one (601.2c)
            raise Unsupported(f"phase does not let {act.object!r}'s ability target {act.target!r} now")
        if self.game.player(seat)["mana_pool"]["mana"]:
            raise AdapterFault(f"phase did not spend the mana paying {act.ability.cost} (X={act.x})")
        self.resolve_stack()
