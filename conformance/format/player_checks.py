"""What the schema cannot say about players, damage, replacement and prevention: references to
undeclared players, objects and effects, ranges of influence covering every seat, targets inside
their controller's range (CR 801.4), and the order choices a damage step must script (CR 616.1,
see :mod:`conformance.format.choices`).

Each check yields ``(path, message)``, the path relative to the case, like the loader's own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.choices import choice_problems

Problem = tuple[tuple[Any, ...], str]

STEP_KINDS = frozenset({
    "gain_life", "lose_life", "add_mana", "put_player_counters", "remove_player_counters", "double_life",
    "double_counters", "double_mana", "damage", "prevent_damage", "redirect_damage",
})
"""Step kinds whose references these checks own (the loader's generic ones would misread them)."""


def case_problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """Problems of the case as a whole: player states, ranges, scripted choices."""
    players = list(raw["players"])
    for name in raw.get("player_states", {}):
        if name not in players:
            yield (("player_states", name), f"undeclared player {name!r}")
    ranges = raw.get("range_of_influence")
    if isinstance(ranges, dict):
        for name in ranges:
            if name not in players:
                yield (("range_of_influence", name), f"undeclared player {name!r}")
        missing = [p for p in players if p not in ranges]
        if missing:
            yield (("range_of_influence",), f"no range for {', '.join(missing)}: give every player a range (CR 801.2a)")
    clashes = sorted(set(players) & set(raw["objects"]))
    for name in clashes:
        yield (("objects", name), f"{name!r} names both a player and an object")
    if not clashes:
        yield from choice_problems(raw)


def step_problems(kind: str, body: Any, at: tuple[Any, ...], raw: Mapping[str, Any]) -> Iterator[Problem]:
    """Problems of one step of a kind in :data:`STEP_KINDS` (``at`` ends with the kind)."""
    players = list(raw["players"])
    objects = raw["objects"]
    for key in ("player",):
        if key in body and body[key] not in players:
            yield (at + (key,), f"undeclared player {body[key]!r}")
    for key in ("object", "source"):
        if key in body and body[key] not in objects:
            yield (at + (key,), f"undeclared object {body[key]!r}")
    for key in ("to", "instead_to"):
        if key in body and body[key] not in players and body[key] not in objects:
            yield (at + (key,), f"undeclared player or object {body[key]!r}")
    if kind == "damage" and not ("to" in body or "to_each" in body or body.get("to_each_player")):
        yield (at, "a damage step needs a recipient: to, to_each or to_each_player: true")
    if kind == "redirect_damage" and body["to"] == body["instead_to"]:
        yield (at + ("instead_to",), "damage redirected to the recipient it was going to (CR 614.9)")
    if kind in ("prevent_damage", "redirect_damage"):
        yield from _targets_in_range(body, at, raw)


def _targets_in_range(body: Mapping[str, Any], at: tuple[Any, ...], raw: Mapping[str, Any]) -> Iterator[Problem]:
    """801.4: players outside a player's range of influence can't be the targets of spells or
    abilities that player controls. (Objects are not checked here: who controls them can change.)"""
    ranges = raw.get("range_of_influence")
    if ranges is None:
        return
    players = list(raw["players"])
    controller = body.get("controller", players[0])
    if controller not in players:
        return
    reach = ranges if isinstance(ranges, int) else ranges.get(controller)
    if reach is None:
        return
    for key in ("to", "instead_to"):
        target = body.get(key)
        if target in players and seat_distance(players, controller, target) > reach:
            yield (at + (key,), f"{target} is outside {controller}'s range of influence ({reach}), so cannot be "
                                f"the target of a spell or ability {controller} controls (CR 801.4)")


def seat_distance(players: list[str], a: str, b: str) -> int:
    """How many seats apart two players sit around the table (CR 801.2): seats are the order of
    ``players`` and the table is round."""
    gap = abs(players.index(a) - players.index(b))
    return min(gap, len(players) - gap)


def checkpoint_problems(body: Mapping[str, Any], at: tuple[Any, ...], raw: Mapping[str, Any]) -> Iterator[Problem]:
    """Problems of an ``expect`` step's players."""
    for name in body.get("players", {}):
        if name not in raw["players"]:
            yield (at + ("players", name), f"undeclared player {name!r}")
    if not body.get("players") and not body.get("objects"):
        yield (at, "a checkpoint observes at least one object or player")


def ability_filters(ability: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """The filters in a static damage ability (``by``, ``to``), with their paths."""
    (key, body), = ability.items()
    if not isinstance(body, dict):  # protection: a quality, no filter (CR 702.16a)
        return
    for name in ("by", "to"):
        if isinstance(body.get(name), dict):
            yield (key, name), body[name]


ABILITY_KEYS = frozenset({"double_damage", "prevent_damage", "cant_lose", "modify_damage", "protection",
                          "damage_cant_be_prevented", "redirect_damage"})  # the last two: issue 41
"""Ability kinds about damage and players."""
