"""Face-down permanents in phase's game (CR 708, 702.37e): putting them onto the battlefield face
down and turning them face up by morph, as :mod:`.face_down` describes."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.bindings import AdapterFault
from mtg_conformance_phase.board import Board, _action
from mtg_conformance_phase.face_down import mana_paying, morph_cost
from conformance.errors import Unsupported


def check_only_face_down(game: Any, target: int, oid: str) -> None:
    """Turning a face-down permanent face up by an effect (CR 708.8): phase's ``TurnFaceUp`` effect
    ("Turn target face-down creature face up.") records no target and turns every face-down
    creature face up (seen on branch s31-words), which is the targeted effect only where its target
    is the one face-down permanent on the battlefield; refused otherwise."""
    face_down = [obj["id"] for obj in game.battlefield() if obj.get("face_down")]
    if face_down != [target]:
        raise Unsupported(f"turning {oid!r} face up by an effect while it is not the only face-down permanent: phase's "
                          "'Turn target face-down creature face up.' turns every face-down creature face up, ignoring "
                          "its target")


class FaceDown(Board):
    """Putting permanents onto the battlefield face down and turning them face up in phase."""

    def enter_face_down(self, oid: str, setup: bool = False) -> None:
        """CR 708.2a, 708.4: onto the battlefield face down, by phase's own ``PlayFaceDown``."""
        card = self.ids[oid]
        obj = self.obj(oid)
        if obj["zone"] == "Battlefield":
            raise Unsupported(f"{oid!r} put onto the battlefield face down from the battlefield")
        if obj["zone"] != "Hand":
            raise Unsupported(f"{oid!r} put onto the battlefield face down from the {str(obj['zone']).lower()}: phase "
                              "puts cards face down from the hand")
        owner, step = obj["owner"], self.game.phase
        holder = self.waiting()["data"]["player"] if self.waiting()["type"] == "Priority" else None
        if holder is None:
            raise AdapterFault(f"phase asks {self.waiting()['type']} where {oid!r} would be put face down")
        if owner != holder:  # phase takes the action from the player with priority
            if not setup:
                raise Unsupported(f"{oid!r} put onto the battlefield face down while its owner does not have priority")
            # the format's reading: it entered face down before the case began; phase's step is set with the owner
            # active for the action, then as it was (passing priority to the owner would end phase's step)
            self.debug("SetPhase", {"phase": step, "active_player": owner})
        self.game.apply(owner, _action({"type": "PlayFaceDown", "data": {"object_id": card, "card_id": card}}))
        if owner != holder:
            self.debug("SetPhase", {"phase": step, "active_player": self.active})
            # phase's SetPhase gives priority to the active player (CR 117.3a), who need not be the holder before:
            # a player answering an earlier permanent's as-enters prompt in the set-up keeps priority (.choosing)
            holder = self.active
        obj = self.obj(oid)
        if obj["zone"] != "Battlefield" or not obj.get("face_down") or self.game.stack() or self.game.phase != step \
                or self.waiting() != {"type": "Priority", "data": {"player": holder}}:
            raise AdapterFault(f"{oid!r} is not a face-down permanent after phase's PlayFaceDown")

    def turn_face_up(self, body: Mapping[str, Any]) -> None:
        """CR 702.37e: the morph special action, its cost paid; nothing happens to a permanent that
        is not face down (the action cannot be taken)."""
        oid = body["object"]
        obj = self.obj(oid)
        if obj["zone"] != "Battlefield" or not obj.get("face_down"):
            return  # CR 702.37e: only a face-down permanent can be turned face up this way
        if oid not in self.case["objects"]:
            raise Unsupported(f"turning the face-down token {oid!r} face up: its morph is not the case's to say")
        card = self.case["objects"][oid]["card"]
        cost = morph_cost(self.case["objects"][body.get("morph_of", oid)]["card"])  # a copy's own (702.37e, .face_down)
        if cost is None and card.get("mana_cost") is None:  # CR 702.37e: no morph; nor a cost to turn up a manifested
            try:                                              # card for (701.40a): phase refuses the action
                self.game.apply(obj["controller"], _action({"type": "TurnFaceUp", "data": {"object_id": self.ids[oid]}}))
            except ValueError as exc:
                if "cannot be turned face up" not in str(exc):
                    raise
                return
            raise AdapterFault(f"phase turned {oid!r} face up by its special action, with no morph and no mana cost")
        if cost is None:
            raise Unsupported(f"turning {oid!r} face up by morph: its card has no morph, and phase would turn it up "
                              "as a manifested creature card (CR 701.40)")
        controller = obj["controller"]
        waiting = self.waiting()
        if waiting["type"] != "Priority" or waiting["data"]["player"] != controller:  # CR 702.37e, 116.2b
            raise Unsupported(f"turning {oid!r} face up by morph while its controller does not have priority (a special "
                              "action its controller takes holding priority; passing priority to them here could end "
                              "phase's step)")
        if self.game.player(controller)["mana_pool"]["mana"]:
            raise Unsupported(f"turning {oid!r} face up while its controller has mana in the pool")
        self.debug("AddMana", {"player_id": controller, "mana": mana_paying(cost)})
        try:
            self.game.apply(controller, _action({"type": "TurnFaceUp", "data": {"object_id": self.ids[oid]}}))
        except ValueError as refused:
            if "morph_of" not in body or "Cannot pay mana cost" not in str(refused):
                raise
            # CR 702.37e: phase asks another cost than the copy's morph cost, paid here: it does not take the special
            # action, and the permanent stays face down (adapters/phase/README.md, the CR 702.37e disagreement)
            return
        if self.waiting()["type"] != "Priority":
            raise AdapterFault(f"phase asks {self.waiting()['type']} as {oid!r} is turned face up: "
                               f"{json.dumps(self.waiting())[:300]}")
        if self.obj(oid).get("face_down") or self.game.player(controller)["mana_pool"]["mana"]:
            raise AdapterFault(f"{oid!r} is not turned face up by paying its morph cost {cost} in phase")
