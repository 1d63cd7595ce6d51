"""What a schema cannot say about triggered abilities on events and mana abilities (events.py):
the loader's checks, one problem per field."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format import characteristic_checks, trigger_event_checks
from conformance.format.events import EVENT_EFFECTS
from conformance.format.steps import created_tokens
from conformance.format.trigger_events import PLAYER_EVENTS

Problem = tuple[tuple[Any, ...], str]

_PLAYER_EVENTS = PLAYER_EVENTS


def _ability_problems(ability: dict[str, Any], at: tuple[Any, ...]) -> Iterator[Problem]:
    (key, body), = ability.items()
    if key == "double_life_loss" and body.get("during_your_turn"):
        yield (at + (key, "during_your_turn"),
               "\"during your turn\" is not modelled: the format has no turns of players, no active player "
               "(CR 102.1); without it the ability applies whoever's turn it is")
        return
    if key not in ("activated", "triggered"):
        return
    effect_key = next(iter(body["effect"]))
    event = body.get("event")
    if effect_key in EVENT_EFFECTS and (key == "activated" or event is None):
        yield (at + (key, "effect", effect_key),
               f"a {effect_key} effect is modelled only for a triggered ability with an event (CR 603.2): "
               "give the ability an event")
        return
    if event is None:
        return
    (event_kind, _), = event.items()
    if effect_key == "become_copy":
        yield (at + (key, "effect", "become_copy"),
               "a triggered ability with an event can't become a copy: it names no target (not modelled)")
    part = body["effect"][effect_key]
    that_is_player = event_kind in _PLAYER_EVENTS
    if effect_key == "lose_life" and part.get("player") == "that" and not that_is_player:
        yield (at + (key, "effect", "lose_life", "player"),
               f"'that' is the permanent of a {event_kind} event, not a player")
    yield from trigger_event_checks.ability_problems(event_kind, effect_key, part, at + (key, "effect"))


def problems(raw: dict[str, Any]) -> Iterator[Problem]:
    """Every problem of a schema-valid case about triggered abilities on events and mana abilities."""
    for object_id, spec in raw["objects"].items():
        for index, ability in enumerate(spec["card"].get("abilities", [])):
            at = ("objects", object_id, "card", "abilities", index)
            for inner_at, inner in characteristic_checks.nested_abilities(ability, at):
                yield from _ability_problems(inner, inner_at)
    known = set(raw["objects"])
    for index, step in enumerate(raw["steps"]):
        (kind, body), = step.items()
        if kind == "create_token":
            known.update(created_tokens(body))
        elif kind == "resolve_triggers":
            for n, name in enumerate(body.get("order", [])):
                source = name.rsplit(".", 1)[0] if "." in name else None
                if source not in known:
                    yield (("steps", index, kind, "order", n),
                           f"{name!r} names no object: write OBJ.ABILITY, the object's id and its triggered "
                           "ability's name (CR 603.3b)")
        elif kind == "activate_mana" and body["object"] not in known:
            yield (("steps", index, kind, "object"), f"undeclared object {body['object']!r}")
    yield from trigger_event_checks.step_problems(raw)  # issue 41
