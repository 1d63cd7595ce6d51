"""Entering with an as-enters choice of a player (CR 614.12): the permanent is moved with phase's
zone-change pipeline (debug ``MoveToZone`` with ``simulate: true``, which applies the replacement
effects of the move), and phase's prompt for the choice is answered with the case's player
(the wording and the plan: :mod:`.enters_choices`).
"""

from __future__ import annotations

import json

from conformance.engines.adapters.phase.bindings import AdapterFault
from conformance.engines.adapters.phase.board import Board, _action
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
        if self.obj(oid)["zone"] != "Battlefield":
            raise AdapterFault(f"{oid!r} is not on the battlefield after entering")
