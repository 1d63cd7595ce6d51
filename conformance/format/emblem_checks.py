"""What the schema cannot say about emblems (CR 114; :mod:`conformance.format.emblems`): an
emblem's id is new, its player is declared, and only a checkpoint names it, since it is neither a
card nor a permanent (114.5): no effect, damage, zone change or order can name it. Its abilities'
filters can't say "this object" (``itself``) or "the chosen player": an emblem has no choices."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.counter_checks import flat_steps

Problem = tuple[tuple[Any, ...], str]


def step_problems(body: dict[str, Any], at: tuple[Any, ...], players: set[str],
                  objects: dict[str, Any]) -> Iterator[Problem]:
    """Problems of one ``create_emblem`` step (``at`` ends with its key); its emblem joins
    ``objects``, the objects known so far, so later checkpoints may name it."""
    emblem = body["emblem"]
    if emblem in objects or emblem in players:
        yield (at + ("emblem",), f"{emblem!r} already names an object or a player: an emblem needs a new id")
    else:
        objects[emblem] = {"card": {"types": []}, "emblem": True}
    if "controller" in body and body["controller"] not in players:
        yield (at + ("controller",), f"undeclared player {body['controller']!r}")
    for index, ability in enumerate(body["abilities"]):
        yield from _self_references(ability, at + ("abilities", index))


def _self_references(value: Any, at: tuple[Any, ...]) -> Iterator[Problem]:
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "itself" and inner:
                yield (at + (key,), "an emblem's ability can't affect the emblem itself: it is no permanent and "
                                    "has no characteristics but its abilities (CR 114.3, 114.5)")
            elif key == "controller" and inner == "chosen":
                yield (at + (key,), "an emblem has no chosen player: nothing was chosen as it was created (CR 114.3)")
            else:
                yield from _self_references(inner, at + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _self_references(inner, at + (index,))


def case_problems(raw: dict[str, Any]) -> Iterator[Problem]:
    """A step other than a checkpoint naming an emblem (CR 114.5: only what says "emblem" affects
    one, and no step of the format does)."""
    emblems = {body["emblem"] for _, kind, body in flat_steps(raw["steps"], ("steps",)) if kind == "create_emblem"}
    if not emblems:
        return
    for at, kind, body in flat_steps(raw["steps"], ("steps",)):
        if kind == "expect":
            continue
        for where, name in _names(body, at):
            if kind == "create_emblem" and where == at + ("emblem",):
                continue
            if name in emblems or name.split(".", 1)[0] in emblems:
                emblem = name.split(".", 1)[0]
                yield (where, f"{emblem!r} is an emblem: neither a card nor a permanent, only a checkpoint may "
                              "name it (CR 114.5)")


_NOT_NAMES = frozenset({"ability", "kind", "label", "id", "player", "controller", "until", "which", "mana", "type",
                        "to_each", "to_each_player", "by", "card", "exceptions", "gains", "loses", "when"})
"""Keys of a step whose values never name an object (an ability's name, a counter kind, a player, a
filter, a card, ...): an emblem's id there is no mention of it."""

_KEYED_BY_OBJECTS = frozenset({"order", "attackers", "blockers", "assign", "first_strike_assign"})
"""Keys of a step whose mapping is keyed by objects."""


def _names(value: Any, at: tuple[Any, ...], parent: str | None = None) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every string of a step's body that may name an object, with its path."""
    if isinstance(value, str):
        yield at, value
    elif isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(key, str) and parent in _KEYED_BY_OBJECTS:
                yield at + (key,), key
            if key not in _NOT_NAMES:
                yield from _names(inner, at + (key,), key)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _names(inner, at + (index,), parent)
