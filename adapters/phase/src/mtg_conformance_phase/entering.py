"""Entering the battlefield as a copy (CR 707.5, 614.1c, 614.12): the object is moved with phase's
zone-change pipeline (debug ``MoveToZone`` with ``simulate: true``, which applies replacement
effects to the move, unlike the plain move), and the case's choice is made with phase's own
prompts: its optional "enter as a copy" replacement accepted (or declined, for "copy nothing"),
then its copy-target choice answered with the chosen object. The copy's values are phase's own
layer 1 (its ``CopyValues`` effect).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.bindings import AdapterFault
from mtg_conformance_phase.board import Board, _action
from conformance.errors import Unsupported

DECLINE = "Decline"


class EntersAsCopy(Board):
    replacement_order: tuple = ()
    affected_seat: int | None = None
    token_copy: tuple[str | None] | None = None  # the copy choice of a token copy being created, until asked

    def answer_token_copy(self, waiting: Mapping[str, Any]) -> bool:
        """A token copy of a Clone has its "enter as a copy" ability and so enters as a copy too
        (CR 707.5, 614.12): phase asks while its spell resolves; answered with the step's choice
        (the optional replacement accepted or declined, then the copied object). Whether phase
        asked at all is checked by the cast."""
        if self.token_copy is None or waiting["type"] != "ReplacementChoice":
            return False
        (chosen,) = self.token_copy
        candidates = waiting["data"]["candidates"]
        source = {c.get("source_id") for c in candidates}
        if len(candidates) != 2 or len(source) != 1 or any(c.get("source_id") in self.ids.values() for c in candidates):
            return False  # not a new token's own copy replacement alone
        self.token_copy = None
        self.choose_copy(waiting, source.pop(), chosen, "the token copy")
        return True

    def enter_with_counters(self, oid: str, order: tuple[str, ...]) -> None:
        """A permanent entering with counters (CR 614.1c, 122.6): moved with phase's zone-change
        pipeline, which applies its "enters with" replacement; the counters are put on it as it
        enters, by its controller (122.6a), and counter replacements apply to them (614.16), in the
        case's order when phase asks its controller (616.1)."""
        if self.obj(oid)["zone"] == "Battlefield":  # CR 400.7: no move, so it does not enter
            return
        self.replacement_order = tuple(self.ids[o] for o in order)
        self.affected_seat = self.obj(oid).get("owner")
        try:
            self.debug("MoveToZone", {"object_id": self.ids[oid], "to_zone": "Battlefield", "simulate": True})
            for _ in range(4):
                waiting = self.waiting()
                if waiting["type"] != "ReplacementChoice":
                    break
                self.answer_replacement_choice(waiting)
        finally:
            self.replacement_order, self.affected_seat = (), None
        if self.waiting()["type"] != "Priority":
            raise AdapterFault(f"phase asks {self.waiting()['type']} as {oid!r} enters: {json.dumps(self.waiting())[:300]}")
        entered = self.obj(oid)
        died = entered["zone"] == "Graveyard" and (entered.get("toughness") or 0) <= 0  # CR 704.5f: a 0/0 whose
        # counters were replaced away (halved to none, 614.1a), put into the graveyard by phase's state-based actions
        if entered["zone"] != "Battlefield" and not died:
            raise AdapterFault(f"{oid!r} is not on the battlefield after entering")

    """A card with Clone's ability put onto the battlefield, its copy choice made in phase."""

    def enter_as_copy(self, oid: str, chosen: str | None) -> None:
        card = self.ids[oid]
        if self.obj(oid)["zone"] == "Battlefield":  # CR 400.7: no move, so no replacement and no choice
            raise Unsupported(f"a copy choice for {oid!r}, which is on the battlefield already (no move happens)")
        self.debug("MoveToZone", {"object_id": card, "to_zone": "Battlefield", "simulate": True})
        waiting = self.waiting()
        if waiting["type"] != "ReplacementChoice":
            if chosen is None and waiting["type"] == "Priority":
                return  # no creature to copy: phase offers no choice, and nothing is copied
            raise AdapterFault(f"phase asks {waiting['type']} as {oid!r} enters: {json.dumps(waiting)[:300]}")
        self.choose_copy(waiting, card, chosen, repr(oid))
        if chosen is not None and self.obj(oid)["zone"] != "Battlefield":
            raise AdapterFault(f"{oid!r} is not on the battlefield after entering as a copy")

    def choose_copy(self, waiting: Mapping[str, Any], card: int, chosen: str | None, who: str) -> None:
        """Answer phase's prompts for ``card``'s "enter as a copy" replacement (CR 614.12, 707.5):
        accepted and ``chosen`` copied, or declined for None."""
        candidates = waiting["data"]["candidates"]
        wanted = [i for i, c in enumerate(candidates) if c.get("source_id") == card
                  and (c.get("description") == DECLINE) == (chosen is None)]
        if len(wanted) != 1 or len(candidates) != 2:
            raise AdapterFault(f"phase offers {candidates} as {who} enters, not its copy replacement alone")
        self.game.apply(waiting["data"]["player"], _action({"type": "ChooseReplacement", "data": {"index": wanted[0]}}))
        waiting = self.waiting()
        if chosen is None:
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} after {who} declined to copy")
            return
        if waiting["type"] != "CopyTargetChoice" or waiting["data"].get("source_id") != card:
            raise AdapterFault(f"phase asks {waiting['type']} for {who}'s copy: {json.dumps(waiting)[:300]}")
        target = self.ids[chosen]
        if target not in waiting["data"]["valid_targets"]:
            raise Unsupported(f"phase does not let {who} copy {chosen!r} (its choices: {waiting['data']['valid_targets']})")
        self.game.apply(waiting["data"]["player"], _action({"type": "ChooseTarget", "data": {"target": {"Object": target}}}))
