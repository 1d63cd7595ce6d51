"""Leaving the game and a new turn beginning (issue 40): the ``leave_game`` and ``begin_turn`` steps.

- ``leave_game: {player}``: the player concedes, so they leave the game at once and lose it
  (104.3a); 800.4a applies as they leave: every object they own leaves the game, the effects that
  gave them control of objects end, then whatever they still control is exiled. It is no state-based
  action. The game goes on without them (800.4: a multiplayer game continues after a player leaves),
  so a case needs three players or more, and two of them still in the game after each departure
  (with one left, the game would be over, 104.2a).
- ``begin_turn: {}``: the turn that had its cleanup step (``end_turn``) ends and the next one begins:
  the players within each player's range of influence are determined again (801.2c), from the seats
  of the players still in the game. Nothing else of the turn happens (no untap, no draw); mana pools
  are empty, the step before having ended (500.4).

Neither is part of a ``together``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.frozen import frozen
from conformance.format.step import Step


@frozen(kw_only=True)
class LeaveGame(Step):
    """``player`` concedes and leaves the game (104.3a, 800.4a)."""

    KEY: ClassVar[str] = "leave_game"
    player: str

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> LeaveGame:
        return cls(player=body["player"])


@frozen(kw_only=True)
class BeginTurn(Step):
    """The next turn begins: ranges of influence are determined again (801.2c)."""

    KEY: ClassVar[str] = "begin_turn"

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> BeginTurn:
        return cls()
