"""Entering with an as-enters choice (CR 614.12): of a player, the permanent is moved with phase's
zone-change pipeline (debug ``MoveToZone`` with ``simulate: true``, which applies the replacement
effects of the move), and phase's prompt for the choice is answered with the case's player; of a
power and toughness (208.2b), the card is cast from its owner's hand without paying its mana cost,
by a synthesized instant its owner casts, and phase's prompt answered with the case's option as the
creature spell resolves: phase keeps that choice only on a permanent spell resolving (its debug
move asks once the 0/0 permanent has died, and an effect putting the card onto the battlefield
does not ask). The wording and the plan:
:mod:`.enters_choices`.
"""

from __future__ import annotations

import json
from typing import Any

from mtg_conformance_phase.bindings import AdapterFault
from mtg_conformance_phase.board import Board, _action
from conformance.errors import Unsupported


class EntersChoosing(Board):
    """A permanent entering with an as-enters choice of a player, answered in phase's prompt."""

    def enter_choosing(self, oid: str, player: str) -> None:
        if self.obj(oid)["zone"] == "Battlefield":  # CR 400.7: no move, so no replacement and no choice
            raise Unsupported(f"a player choice for {oid!r}, which is on the battlefield already (no move happens)")
        self.debug("MoveToZone", {"object_id": self.ids[oid], "to_zone": "Battlefield", "simulate": True})
        waiting = self.waiting()
        if waiting["type"] != "NamedChoice":
            raise AdapterFault(f"phase asks {waiting['type']} as {oid!r} enters choosing: {json.dumps(waiting)[:300]}")
        data = waiting["data"]
        options = list(data.get("options") or ())
        wanted = self.seat[player]
        answer = next((o for o in options if str(o) == str(wanted)), None)  # phase offers seats, as strings
        if answer is None:
            raise Unsupported(f"phase does not offer {player!r} as {oid!r}'s choice (its options: {options})")
        self.game.apply(data["player"], _action({"type": "ChooseOption", "data": {"choice": answer}}))
        if self.waiting()["type"] != "Priority":
            raise AdapterFault(f"phase asks {self.waiting()['type']} after {oid!r}'s choice")
        zone = self.obj(oid)["zone"]
        if zone != "Battlefield":  # e.g. a 0/0 creature: phase checks state-based actions (704.5f) as the choice is
            # made, before the rest of the board (an anthem declared after it, say) is set up: not the case's game
            raise Unsupported(f"{oid!r} left the battlefield (to the {str(zone).lower()}) as it entered with its choice: "
                              "phase checks state-based actions as the choice is made, before the rest of the board "
                              "is set up (CR 704.3)")

    def enter_cast_choosing(self, oid: str, label: str, spell: str, setup: bool = False,
                            copy: str | None = None) -> None:
        """A creature card with an as-enters choice of power and toughness cast from its owner's
        hand as ``spell`` resolves ("Cast a creature spell from your hand without paying its mana
        cost.", cast by the owner: CR 601.2, 608.2; a card with no mana cost may be cast so,
        118.6), and phase's prompt for the choice answered with ``label`` as the creature spell
        resolves and the permanent enters (614.12, 208.2b). ``setup``: a permanent declared on the
        battlefield, which entered so before the case began (the format's reading), is put in its
        owner's hand first and cast from there. ``copy``: a card with Clone's ability entering as a
        copy of that object, whose copied as-enters ability then asks for the choice (707.5):
        phase's copy prompts answered first (:mod:`.entering`)."""
        if setup and self.obj(oid)["zone"] != "Hand":
            self.debug("MoveToZone", {"object_id": self.ids[oid], "to_zone": "Hand", "simulate": False})
        obj = self.obj(oid)
        if obj["zone"] != "Hand":
            raise Unsupported(f"{oid!r} entering from the {str(obj['zone']).lower()} with a power/toughness choice: "
                              "phase keeps that choice only for a card cast from the hand (its debug move asks once the "
                              "0/0 permanent has died, an effect putting the card onto the battlefield does not ask: "
                              "CR 614.12, 208.2b)")
        if "Land" in ((obj.get("card_types") or {}).get("core_types") or ()):
            raise Unsupported(f"{oid!r} is a land with an as-enters power/toughness choice: phase keeps that choice "
                              "only for a spell cast from the hand, and a land is played, never cast (CR 305.1, 305.9, "
                              "614.12, 208.2b)")
        if self.game.stack():
            raise Unsupported(f"{oid!r} entering with a power/toughness choice while the stack is not empty")
        owner, card = obj["owner"], self.ids[oid]
        if self.zones.pop(spell, "Hand") != "Hand":
            self.debug("MoveToZone", {"object_id": self.ids[spell], "to_zone": "Hand", "simulate": False})
        self.give_priority(owner)
        action = next((a for a in self.game.actions() if a.kind == "CastSpell" and a.data["object_id"] == self.ids[spell]),
                      None)
        if action is None:
            raise AdapterFault(f"phase does not offer to cast {spell}")
        self.game.apply(owner, action)
        cast = asked = False
        for _ in range(self.plan.seats * 6 + 6):
            waiting = self.waiting()
            kind = waiting["type"]
            if kind == "EffectZoneChoice" and not cast:  # which creature card it casts
                if card not in waiting["data"].get("cards", ()):
                    raise AdapterFault(f"phase does not offer {oid!r} to cast: {json.dumps(waiting)[:300]}")
                self.game.apply(owner, _action({"type": "SelectCards", "data": {"cards": [card]}}))
                cast = True
            elif kind == "AlternativeCastChoice" and cast and not asked:  # CR 702.37c: cast face up
                self.game.apply(owner, _action({"type": "ChooseAlternativeCast", "data": {"choice": {"type": "Normal"}}}))
            elif kind == "ReplacementChoice" and copy is not None and cast:  # CR 707.5, 614.12
                self.choose_copy(waiting, card, copy, repr(oid))
                copy = None
            elif kind == "NamedChoice" and cast and not asked and copy is None:
                self.answer_label(oid, waiting, label)
                asked = True
            elif kind == "Priority" and self.game.stack():
                self.pass_priority()
            elif kind == "Priority":
                break
            else:
                raise AdapterFault(f"phase asks {kind} as {oid!r} is cast: {json.dumps(waiting)[:300]}")
        obj = self.obj(oid)
        if not asked or copy is not None or obj["zone"] != "Battlefield" \
                or {"type": "Label", "value": label} not in (obj.get("chosen_attributes") or ()):
            raise AdapterFault(f"{oid!r} did not enter as {label} after casting it in phase")

    def answer_label(self, oid: str, waiting: dict[str, Any], label: str) -> None:
        options = list(waiting["data"].get("options") or ())
        if label not in options:
            raise Unsupported(f"phase does not offer {label!r} as {oid!r}'s choice (its options: {options})")
        self.game.apply(waiting["data"]["player"], _action({"type": "ChooseOption", "data": {"choice": label}}))
