"""Counters on players (CR 122.1): poison (704.5c: ten or more lose the game), experience, rad,
ticket and energy counters, the kinds phase keeps on a player (``poison_counters``,
``player_counters``, ``energy``).

A player's counters as the case starts, and the ``put_player_counters`` / ``remove_player_counters``
steps, are phase's debug action ``ModifyPlayerCounters`` (``ModifyEnergy`` for energy) (a removal takes away at most what the
player has), a stand-in for an effect that
puts or removes them, as ``ModifyCounters`` is for permanents' counters: faithful because nothing
else in the case acts on that event (in a case with counter replacements, which may apply to a
player, "on a permanent or player", 614.1a, putting counters on a player is unsupported) and
state-based actions follow the step (704.3), performed by phase. Doubling a player's counters
(701.10e) is that player getting as many more as they have, a spell the player casts: "You get a
number of poison counters equal to the number of poison counters you have." (:func:`doubling_sentence`;
"Double the number of poison counters target player has." is left unimplemented by phase's parser);
energy has no such wording phase reads, so its doubling is the debug action again, putting as many
as the player has then. Read back: poison from ``poison_counters``,
energy from ``energy``, the others from ``player_counters``, zero counts left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.counters import has_counter_replacements
from mtg_conformance_phase.wording import Sentence
from conformance.errors import Unsupported

PLAYER_COUNTERS = {"poison": "Poison", "experience": "Experience", "rad": "Rad", "ticket": "Ticket"}
"""The suite's kinds of counters on players and phase's names for them (its ``PlayerCounterKind``)."""
PLAYER_COUNTERS_BACK = {v: k for k, v in PLAYER_COUNTERS.items()}


ENERGY = "energy"
"""Energy counters (CR 122.1, 107.14): phase keeps them apart, in ``energy``, set with ``ModifyEnergy``."""


def player_counter_kind(kind: str) -> str:
    if kind == ENERGY:
        return ENERGY
    if kind not in PLAYER_COUNTERS:
        raise Unsupported(f"{kind} counters on a player: phase keeps only {sorted([*PLAYER_COUNTERS, ENERGY])} "
                          "counters on players, so they are not realised here")
    return PLAYER_COUNTERS[kind]


def modify(debug: Any, seat: int, kind: str, delta: int) -> None:
    """phase's debug action changing a player's counters of ``kind`` by ``delta``."""
    if kind == ENERGY:
        debug("ModifyEnergy", {"player_id": seat, "delta": delta})
    else:
        debug("ModifyPlayerCounters", {"player_id": seat, "counter_kind": player_counter_kind(kind), "delta": delta})


def doubling_sentence(case: Mapping[str, Any], body: Mapping[str, Any]) -> Sentence | None:
    """CR 701.10e: a player's counters of one kind doubled, as that player getting that many more,
    cast by that player: "You get a number of poison counters equal to the number of poison counters
    you have." (phase: ``GivePlayerCounter`` of its caster, counting its caster's counters of that kind
    as it resolves, 608.2h; checked in play: 3 poison become 6, and 10 or more lose the game, 704.5c).
    None for energy, which phase reads no such sentence for ("You get an amount of {E} equal to the
    amount of {E} you have." is left unimplemented): performed as the debug action that puts counters
    on a player, by as many as the player has then (:meth:`PlayerCounters.player_counters`). Refused
    beside counter replacements (614.1a: Vorinclex's apply to counters put on a player, not checked)."""
    kind = body["kind"]
    player_counter_kind(kind)  # raises for kinds phase keeps no count of
    if has_counter_replacements(case):
        raise Unsupported("doubling a player's counters (CR 701.10e) in a case with counter replacements: whether "
                          "phase applies them to counters put on a player (614.1a) is not checked")
    if kind == ENERGY:
        return None
    return Sentence(f"You get a number of {kind} counters equal to the number of {kind} counters you have.",
                    {"type": "GivePlayerCounter", "counter_kind": PLAYER_COUNTERS[kind],
                     "count": {"type": "Ref", "qty": {"type": "PlayerCounter", "kind": PLAYER_COUNTERS[kind],
                                                      "scope": "Controller"}},
                     "target": {"type": "Controller"}})


def check_player_counter_step(case: Mapping[str, Any], kind: str, body: Mapping[str, Any]) -> Mapping[str, Any]:
    """A ``put_player_counters`` / ``remove_player_counters`` step as the adapter performs it."""
    player_counter_kind(body["kind"])
    if kind == "put_player_counters" and any(
            "counter_replacement" in ability for spec in case["objects"].values()
            for ability in spec.get("card", {}).get("abilities", ())):
        raise Unsupported("counters put on a player in a case with counter replacements: phase's debug action is no "
                          "effect that replacement effects could modify (CR 614.1a)")
    return body


def counters_of(player: Mapping[str, Any]) -> dict[str, int]:
    """A player's counters as phase has them (``game.player(seat)``), in the suite's words."""
    out = {PLAYER_COUNTERS_BACK.get(str(k), str(k).lower()): v for k, v in (player.get("player_counters") or {}).items()
           if v}
    if player.get("poison_counters"):
        out["poison"] = player["poison_counters"]
    if player.get("energy"):
        out[ENERGY] = player["energy"]
    return dict(sorted(out.items()))


class PlayerCounters:
    """Putting and removing counters on players in phase's game (a part of :class:`.steps.Steps`,
    using the board's ``seat``, ``game`` and ``debug``)."""

    seat: dict[str, int]
    game: Any

    def player_counters(self, kind: str, body: Mapping[str, Any]) -> None:
        """Counters put on or removed from a player (a removal takes at most what they have), or a
        player's energy doubled (``double_counters``, CR 701.10e: as many more as they have now)."""
        seat = self.seat[body["player"]]
        have = counters_of(self.game.player(seat)).get(body["kind"], 0)
        if kind == "double_counters":
            delta = have
        else:
            delta = body["count"] if kind == "put_player_counters" else -min(body["count"], have)
        if delta:
            modify(self.debug, seat, body["kind"], delta)
