"""The loader's checks of ``leave_game`` and ``begin_turn`` steps (issue 40), one line per problem:

- a player leaves only a game of three players or more, and two must still be in it after (with
  one, the game is over, 104.2a; a two-player game does not go on, 800.4), a declared player who
  has not left yet;
- a turn begins only after the turn before had its cleanup step (514): an ``end_turn`` step since
  the case began or since the last ``begin_turn``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Problem = tuple[tuple[Any, ...], str]


def case_problems(raw: dict[str, Any]) -> Iterator[Problem]:
    """The problems of a schema-valid case's ``leave_game`` and ``begin_turn`` steps."""
    players = list(raw["players"])
    still = list(players)
    cleaned_up = False  # an end_turn since the turn began
    for index, step in enumerate(raw["steps"]):
        (kind, body), = step.items()
        at = ("steps", index, kind)
        if kind == "end_turn":
            cleaned_up = True
        elif kind == "begin_turn":
            if not cleaned_up:
                yield (at, "a turn begins only after the turn before ended: put an end_turn step (its cleanup "
                           "step, CR 514) before begin_turn")
            cleaned_up = False
        elif kind == "leave_game":
            who = body["player"]
            if who not in players:
                yield (at + ("player",), f"undeclared player {who!r}")
            elif who not in still:
                yield (at + ("player",), f"{who} has already left the game")
            elif len(players) < 3:
                yield (at + ("player",), "a player leaves only a game of three players or more: with two, the other "
                                         "wins and the game is over (CR 104.2a, 800.4)")
            elif len(still) <= 2:
                yield (at + ("player",), f"after {who} left, one player would be in the game: it would be over "
                                         "(CR 104.2a), so nothing after it could happen")
            else:
                still.remove(who)
