"""Observation: reading phase's state back as the suite's snapshots. ``game.object(id)`` gives
each object's zone (lower-cased), controller and damage marked (reported only on the
battlefield, CR 120.3e, 400.7), power, toughness and counters (``P1P1``/``M1M1`` become
``+1/+1``/``-1/-1``); ``game.player(seat)`` gives life (119.1) and whether the player has lost
(104.3, 704.5a).
"""

from __future__ import annotations

from typing import Any

from mtg_conformance_phase import changeling
from mtg_conformance_phase.bindings import COUNTERS_BACK, OBJECT_PREFIX, AdapterFault
from mtg_conformance_phase.board import Board
from mtg_conformance_phase.player_counters import counters_of


COLORS_BACK = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
SHARDS_BACK = {"White": "{W}", "Blue": "{U}", "Black": "{B}", "Red": "{R}", "Green": "{G}", "Colorless": "{C}",
               "X": "{X}"}


def name_of(obj: dict[str, Any]) -> str | None:
    """An object's name (CR 201.2) as phase's layers left it; the adapter's own names for nameless
    objects (``Cfx Object N``) are no name, and a copy of such an object has none either (707.2)."""
    name = obj.get("name")
    return None if not name or str(name).startswith(OBJECT_PREFIX) else str(name)


def mana_cost_of(obj: dict[str, Any]) -> str | None:
    """An object's mana cost (CR 202.1) in its printed form, from phase's ``mana_cost``: {X} first,
    then the generic amount, then the other symbols in phase's order (the printed order); ``None``
    for no mana cost (202.1b)."""
    cost = obj.get("mana_cost") or {}
    if cost.get("type") != "Cost":
        return None
    shards = list(cost.get("shards") or ())
    if any(s not in SHARDS_BACK for s in shards):
        raise AdapterFault(f"phase reports mana symbols {shards} this adapter cannot write back")
    generic = cost.get("generic") or 0
    xs = "".join(SHARDS_BACK[s] for s in shards if s == "X")
    rest = "".join(SHARDS_BACK[s] for s in shards if s != "X")
    return xs + (f"{{{generic}}}" if generic or not shards else "") + rest


def characteristics(obj: dict[str, Any]) -> dict[str, Any]:
    """An object's card types, subtypes, supertypes (CR 205) and colours (105) as phase's layers
    left them (``card_types``, ``color``), in the suite's words: types and supertypes lower-cased,
    colours as their letters. Compared as multisets, so their order is phase's."""
    card_types = obj.get("card_types") or {}
    return {
        "types": [str(t).lower() for t in card_types.get("core_types") or ()],
        "subtypes": [str(t) for t in card_types.get("subtypes") or ()],
        "supertypes": [str(t).lower() for t in card_types.get("supertypes") or ()],
        "colors": [COLORS_BACK.get(str(c), str(c)) for c in obj.get("color") or ()],
    }


class Observation(Board):
    """Snapshots of a case's game in phase."""

    # observing

    def snapshot(self, objects: bool = True) -> dict[str, Any]:
        """The objects' values (none when the checkpoint observes no object: then a player who lost,
        ending phase's game of two, CR 104.2a, does not stop the players' values being read)."""
        owners = {self.case["objects"][oid]["owner"] for oid in self.plan.objects}
        if any(self.game.player(self.seat[name]).get("is_eliminated") for name in owners):
            if not objects:
                return {"objects": {}}
            self.check_nobody_lost("its objects are observed after that, where the scenario keeps them in play")
        objects = {}
        for oid in self.plan.objects:
            objects[oid] = self._values(self.obj(oid), oid)
        for name in self.plan.tokens:  # CR 111.7, 704.5d: a token that left the battlefield has ceased to exist
            token = self._token(name)
            objects[name] = {"zone": None} if token is None else self._values(token, name)
        return {"objects": objects}

    def _values(self, obj: dict[str, Any], oid: str) -> dict[str, Any]:
        zone = str(obj["zone"]).lower()
        controller = obj.get("controller")
        read = None if self.plan.abilities is None else self.plan.abilities.read(oid, obj)
        abilities = {} if read is None else {"abilities": read}
        # CR 208.3a: a noncreature permanent has no power or toughness. phase keeps the numbers it
        # computes (a Vehicle's printed 3/2, a +1/+1 on it) on a permanent its own card types say is
        # no creature, where its rules do not use them (no state-based action for a 0/0 enchantment,
        # adapters/phase/tests/test_phase_layers.py); they show once it is a creature, so they are read only then
        pt = zone != "battlefield" or "Creature" in ((obj.get("card_types") or {}).get("core_types") or ())
        return {
            "zone": zone,
            "controller": self.plan.players[controller] if zone in ("battlefield", "stack") and isinstance(controller, int)
            and controller < len(self.plan.players) else None,
            "power": obj.get("power") if pt else None,
            "toughness": obj.get("toughness") if pt else None,
            "counters": {COUNTERS_BACK.get(k, k): v for k, v in sorted((obj.get("counters") or {}).items()) if v},
            # damage is marked on permanents (CR 120.3e); a card that left the battlefield is a new
            # object with none (400.7). phase keeps the last value on such a card and clears it as
            # the card returns (adapters/phase/tests/test_phase_adapter.py), so off the battlefield it is read as 0
            "damage": obj.get("damage_marked") if zone == "battlefield" else 0,
            **self._characteristics(obj),
            "name": name_of(obj),
            "mana_cost": mana_cost_of(obj),
            "tapped": bool(obj.get("tapped")) if zone == "battlefield" else False,  # CR 110.5: only permanents tap
            "face_down": bool(obj.get("face_down")) if zone == "battlefield" else False,  # CR 708.2 (.face_down)
            **abilities,  # CR 613.1f, 707.2a (.abilities)
        }

    def _characteristics(self, obj: dict[str, Any]) -> dict[str, Any]:
        """:func:`characteristics`, an object with every creature type written as the suite says (702.73a,
        :mod:`.changeling`)."""
        values = characteristics(obj)
        values["subtypes"] = changeling.subtypes_back(values["subtypes"], lambda: changeling.without_changeling(
            self.engine, self.game, obj["id"]))
        return values

    def players(self, mana: bool = False) -> dict[str, dict[str, Any]]:
        """Life totals (CR 119.1), whether each player has lost the game (104.3, 704.5a), their
        counters (122.1, :mod:`.player_counters`) and their mana pools (106.4, :mod:`.mana`:
        checked to be the step's pools when ``mana`` is observed)."""
        out = {}
        for name, seat in self.seat.items():
            player = self.game.player(seat)
            out[name] = {"life": player["life"], "lost": bool(player.get("is_eliminated")),
                         "counters": counters_of(player)}  # CR 122.1 (.player_counters)
        for name, held in self.mana_pools(check=mana).items():
            out[name]["mana"] = held
        return out
