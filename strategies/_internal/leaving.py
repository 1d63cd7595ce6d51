"""Scenarios about a player leaving a multiplayer game (CR 800.4a, 104.3a) and the ranges of
influence afterwards (801.2c), for the property ``800.4a/leaving-agrees-with-reference`` (issue 40).

Three to five players around the table, Alex with a creature, the others often, sometimes a card in hand or in the
graveyard, now and then the limited range of influence option (range 1). Steps before a player
leaves: control of a creature taken by another player (until ended, 613.1b), a token created under
a player's control (111.2), damage to each player from a creature (801.10 with ranges), life
gained. Then a player other than the first leaves the game, and afterwards: damage to each player,
life gained, control taken, the turn ending and the next beginning (801.2c), another player leaving
while two stay. A checkpoint after each departure and one at the end see every object and player.

Nothing is drawn that the reference engine refuses beside a departure (reference_engine/leaving.py):
no P/T effect, no prevention, no triggered ability, no permanent declared under a non-owner's
control, no step naming a player who left or an object that left with them. Each step is drawn
only as the features allow (:data:`STEP_FEATURES`). A module of its own, drawn by its own
property only: no other strategy's draws change. Shrinks towards fewer steps and players.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance.format.model import Case
from strategies._internal.core import build_case
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser

NAMES = ("Alex", "Blair", "Cal", "Dana", "Erin")
"""The players, in seat order; a scenario seats the first three to five."""

STEP_FEATURES: dict[str, frozenset[str]] = {
    "steal": frozenset({"control-changing"}),
    "token": frozenset({"token-creation", "token-copies", "copy-effects"}),
    "damage": frozenset({"damage", "life"}),
    "gain": frozenset({"life"}),
    "turn": frozenset({"durations", "turn-beginnings"}),
    "leave": frozenset({"leaving-the-game"}),
}
"""The kinds of steps, with the features each needs (conformance/format/features.py derives them)."""

_BEFORE = ("steal", "token", "damage", "gain")
_AFTER = ("damage", "damage", "gain", "steal", "turn", "turn", "leave")


def _allowed(kind: str, allowed: frozenset[str]) -> bool:
    return all(can(feature, allowed) for feature in STEP_FEATURES[kind])


def usable(features: frozenset[str]) -> bool:
    """Whether leaving scenarios can be generated: an engine with ``leaving-the-game``."""
    return _allowed("leave", features)


class _Table:
    """Who is still in the game, and what of theirs is still in it, as the steps are drawn."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.seated = players  # every player, those who left included (a checkpoint sees them all)
        self.players = list(players)  # those still in the game
        self.owners: dict[str, str] = {}  # every object, by id: its owner
        self.tokens = 0

    def in_game(self, kind: str = "") -> list[str]:
        """The objects still in the game (of ``kind``: "creature" for those on the battlefield)."""
        return [oid for oid, owner in self.owners.items() if owner in self.players
                and (kind != "creature" or not oid.startswith(("h_", "g_")))]


@st.composite
def leaving_scenarios(draw: Any, *, features: frozenset[str], max_steps: int = 4) -> Case:
    """A scenario where a player leaves the game, within ``features``."""
    draw = Chooser.of(draw)
    allowed = frozenset(features)
    players = NAMES[:draw.integer(3, 5)]
    table = _Table(players)
    objects: dict[str, Any] = {}
    for name in players:
        if draw.boolean() or name == players[0]:  # a creature of theirs (Alex always has one: a case has an object)
            objects[f"c_{name}"] = {"card": {"types": ["creature"], "power": draw.integer(1, 3),
                                             "toughness": draw.integer(1, 3)}, "owner": name}
            table.owners[f"c_{name}"] = name
        if can("zone-changes", allowed) and draw.boolean():  # a card in hand or graveyard leaves with its owner too
            zone = draw.sample(("hand", "graveyard"))
            oid = f"{zone[0]}_{name}"
            objects[oid] = {"card": {"types": ["instant"]}, "zone": zone, "owner": name}
            table.owners[oid] = name
    extra: dict[str, Any] = {}
    if can("range-of-influence", allowed) and draw.boolean():
        extra["range_of_influence"] = 1  # 801.2a
    steps: list[dict[str, Any]] = []
    for _ in draw.sizes(0, max_steps):
        steps.extend(_step(draw, table, allowed, _BEFORE))
    steps.extend(_leave(draw, table, objects, allowed))
    for _ in draw.sizes(0, max_steps):
        steps.extend(_step(draw, table, allowed, _AFTER, objects))
    steps.append(_checkpoint(table, objects, allowed))
    return build_case(objects, steps, summary="A player leaves a multiplayer game, generated.",
                      case_id="800.4a/generated", players=players, extra=extra)


def _checkpoint(table: _Table, objects: dict[str, Any], allowed: frozenset[str]) -> dict[str, Any]:
    seen = [*objects, *(f"t{i}" for i in range(1, table.tokens + 1))]
    expect: dict[str, Any] = {"objects": dict.fromkeys(seen, {})}
    if "life" in allowed:
        expect["players"] = dict.fromkeys(table.seated, {})
    return {"expect": expect}


def _leave(draw: Chooser, table: _Table, objects: dict[str, Any], allowed: frozenset[str]) -> list[dict[str, Any]]:
    """A player other than the first (every step's default controller) leaves, two staying."""
    if len(table.players) < 3:
        return []
    who = draw.sample(table.players[1:])
    table.players.remove(who)
    return [{"leave_game": {"player": who}}, _checkpoint(table, objects, allowed)]


def _step(draw: Chooser, table: _Table, allowed: frozenset[str], kinds: tuple[str, ...],
          objects: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    kinds_allowed = [kind for kind in kinds if _allowed(kind, allowed)]
    if not kinds_allowed:
        return []
    kind = draw.sample(kinds_allowed)
    creatures = table.in_game("creature")
    if kind == "steal" and creatures:  # "gain control of target creature" until it ends (613.1b)
        return [{"become": {"to": draw.sample(creatures), "gain_control": True,
                            "controller": draw.sample(table.players), "until": "ended"}}]
    if kind == "token":  # created under a player's control: theirs (111.2)
        table.tokens += 1
        owner = draw.sample(table.players)
        table.owners[f"t{table.tokens}"] = owner
        return [{"create_token": {"tokens": [f"t{table.tokens}"], "controller": owner,
                                  "card": {"types": ["creature"], "power": 1, "toughness": 1}}}]
    if kind == "damage" and creatures:  # to each player still in the game (800.4), in range (801.10)
        source = draw.sample([c for c in creatures if c.startswith("c_")] or creatures)
        return [{"damage": {"source": source, "to_each_player": True, "amount": draw.integer(1, 2)}}]
    if kind == "gain":
        return [{"gain_life": {"player": draw.sample(table.players), "amount": draw.integer(1, 3)}}]
    if kind == "turn":  # the cleanup step, then the next turn (801.2c)
        return [{"end_turn": {}}, {"begin_turn": {}}]
    if kind == "leave" and objects is not None:
        return _leave(draw, table, objects, allowed)
    return []
