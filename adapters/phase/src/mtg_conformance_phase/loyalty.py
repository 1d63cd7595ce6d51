"""Loyalty abilities (CR 606), realised as phase's own: each ``loyalty_ability`` is printed on its
planeswalker card ("+1: You gain 0 life.", "−2: ...") and parsed by phase into an activated
ability with a ``Loyalty`` cost; the ``activate`` step is phase's ``ActivateAbility`` by the
permanent's controller, who pays the cost (606.4: putting or removing loyalty counters, with
phase's counter replacements and the scripted order of them, 616.1), and the ability resolves
from phase's stack after its state-based actions (117.5: a planeswalker paying its last loyalty
goes to the graveyard, 704.5i). phase enforces once each turn (606.3) and enough counters (606.5).

- A loyalty ability with no ``effect`` is printed with the effect "You gain 0 life.", which changes
  no life total (119.3); it is refused in a case where anything could see life gained (a triggered
  ability, a life-gain replacement), since whether gaining 0 life is an event is not what such a
  case means to test.
- An ``effect`` ``become: {add_types: [creature], power: N, toughness: M, until: end_of_turn}`` is
  "Until end of turn, this planeswalker becomes a N/M creature in addition to its other types."
  (layer 4 and 7b, 613.1d, 613.4b); any other effect is refused.
- 606.3 lets a player activate a loyalty ability only in their own main phase with an empty stack;
  the format does not model whose turn it is (only ``end_turn`` starting a new turn), so before
  the activation the adapter moves phase's game to a main phase of the controller's, within the
  same turn (phase's debug ``SetPhase``; the turn number, so 606.3's once-a-turn count, and the
  mana pools stay), the row of adapters/phase/README.md's table says why that is faithful.
"""

from __future__ import annotations

from typing import Any

from mtg_conformance_phase.ability_lines import LoyaltyActivation
from mtg_conformance_phase.board import Board, _action
from conformance.errors import Unsupported

class Loyalty(Board):
    """Activating loyalty abilities in phase's game."""

    replacement_order: tuple[Any, ...] = ()
    affected_seat: int | None = None
    mana_clock: tuple[Any, Any] | None = None

    def activate_loyalty(self, act: LoyaltyActivation) -> None:
        obj = self.obj(act.object)
        if obj.get("zone") != "Battlefield":
            return  # the step does nothing: only a permanent's abilities are activated here (the format's reading)
        now = obj.get("abilities") or []
        if len(now) <= act.index or now[act.index] != act.parsed:
            raise Unsupported(f"{act.object!r} does not have its printed loyalty ability {act.ability!r} where its card "
                              "has it now (it lost or gained abilities, or is a copy): not told apart here")
        seat = obj.get("controller")
        if self.game.stack() or self.waiting()["type"] != "Priority":
            raise Unsupported("a loyalty ability activated while phase's stack is not empty (CR 606.3)")
        if self.game.phase != "PreCombatMain" or self.active != seat:  # CR 606.3: its controller's main phase
            self.debug("SetPhase", {"phase": "PreCombatMain", "active_player": seat})
            self.active = seat
            if self.mana_clock is not None:  # phase keeps mana pools through its debug SetPhase
                self.mana_clock = (self.game.turn, self.game.phase)
        self.give_priority(seat)
        try:
            self.game.apply(seat, _action({"type": "ActivateAbility",
                                           "data": {"source_id": self.ids[act.object], "ability_index": act.index}}))
        except ValueError as exc:
            raise Unsupported(f"phase refuses to activate {act.object!r}'s loyalty ability: {exc}") from exc
        self.replacement_order = tuple(self.ids[oid] for oid in act.order)
        self.affected_seat = seat
        try:
            self.resolve_stack()
        finally:
            self.replacement_order, self.affected_seat = (), None
