"""The features of a player leaving the game (CR 800.4a) and of a new turn beginning (801.2c):
their names and how a case's steps need them. Part of :mod:`conformance.format.features`, which
merges them into its vocabulary (issue 40)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.leaving import BeginTurn, LeaveGame

FEATURES: dict[str, str] = {
    "leaving-the-game": "a player concedes and leaves a multiplayer game (leave_game): they lose; every object they own "
                        "leaves the game (a checkpoint sees it in no zone), the effects giving them control of objects "
                        "end, then what they still control is exiled; \"each player\" and opponents are then the players "
                        "still in the game; the departed player is reported as having lost, with the life and counters "
                        "they had (CR 104.3a, 800.4a)",
    "turn-beginnings": "a new turn begins (begin_turn, after the cleanup step): the players within each player's range "
                       "of influence are determined again, from the seats of the players still in the game, and mana "
                       "pools are empty (CR 801.2c, 500.4)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "leaving-the-game": ("800.4a", "104.3a"),
    "turn-beginnings": ("801.2c",),
}

_BY_STEP = {LeaveGame: "leaving-the-game", BeginTurn: "turn-beginnings"}


def case_features(case: Any) -> Iterator[str]:
    """``leaving-the-game`` for a ``leave_game`` step, ``turn-beginnings`` for a ``begin_turn``."""
    for step in case.steps:
        if type(step) in _BY_STEP:
            yield _BY_STEP[type(step)]
