"""What a schema cannot say about the trigger events and effects of issue 41
(trigger_events.py): the loader's checks, one problem per field."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.characteristic_checks import nested_abilities
from conformance.format.trigger_events import AMOUNT_EVENTS, PLAYER_EVENTS

Problem = tuple[tuple[Any, ...], str]

_OBJECT_TARGETS = {"put_counters": "to", "modify_pt": "to", "remove_counters": "to", "return_card": "object"}
"""The effects whose ``that`` must be a permanent, and the field that says it."""


def ability_problems(event_kind: str, effect_key: str, part: Mapping[str, Any], at: tuple[Any, ...]) -> Iterator[Problem]:
    """The problems of a triggered ability's effect ``part`` given its event's kind."""
    field = _OBJECT_TARGETS.get(effect_key)
    if field is not None and part.get(field) == "that" and event_kind in PLAYER_EVENTS:
        yield (at + (effect_key, field),
               f"'that' is the player of a {event_kind} event, not a permanent: put counters or +N/+M on itself")
    amounts = [part.get(k) for k in ("count", "amount", "power", "toughness")]
    if "that_many" in amounts and event_kind not in AMOUNT_EVENTS:
        yield (at + (effect_key,),
               f"a {event_kind} event has no amount: that_many is for damage, life, counters and cast events")
    if effect_key == "return_card" and event_kind == "beginning_of_step" and part.get("object") == "that":
        yield (at + (effect_key, "object"), "a beginning_of_step event has no object")


def target_problems(raw: Mapping[str, Any], names: set[str]) -> Iterator[Problem]:
    """A ``damage`` effect's ``target`` names a player or an object of the case (CR 115.1, 115.4)."""
    players = set(raw.get("players", ()))
    for object_id, spec in raw["objects"].items():
        for index, ability in enumerate(spec["card"].get("abilities", [])):
            for at, inner in nested_abilities(ability, ("objects", object_id, "card", "abilities", index)):
                (key, body), = inner.items()
                target = (body.get("effect") or {}).get("damage", {}).get("target") if key == "triggered" else None
                if target is not None and target not in players | names:
                    yield (at + (key, "effect", "damage", "target"),
                           f"{target!r} is not a player or an object of the case (CR 115.1)")


def _trigger_token_effects(raw: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], Mapping[str, Any]]]:
    """Each ``create_token`` effect of a triggered ability of the case's objects, with its path."""
    for object_id, spec in raw["objects"].items():
        for index, ability in enumerate(spec["card"].get("abilities", [])):
            for at, inner in nested_abilities(ability, ("objects", object_id, "card", "abilities", index)):
                (key, body), = inner.items()
                if key == "triggered" and "create_token" in body["effect"]:
                    yield at + (key, "effect", "create_token"), body["effect"]["create_token"]


def trigger_tokens(raw: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The tokens triggered abilities may create (111.1), by id, as the loader knows objects: a
    checkpoint may name them (one not created yet does not exist)."""
    return {name: {"card": body["card"], "token": True}
            for _, body in _trigger_token_effects(raw) for name in body["tokens"]}


def token_problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """A trigger's tokens have new ids, found nowhere else in the case, and a card with no abilities."""
    taken = set(raw["objects"]) | set(raw.get("players", ()))
    for step in raw["steps"]:
        (kind, body), = step.items()
        if kind == "create_token":
            taken.update([body["token"]] if "token" in body else body.get("tokens", ()))
    for at, body in _trigger_token_effects(raw):
        for n, name in enumerate(body["tokens"]):
            if name in taken:
                yield (at + ("tokens", n), f"{name!r} already names an object, a player or another token: a token "
                                           "needs a new id (CR 111.1)")
            taken.add(name)
        if body["card"].get("abilities"):
            yield (at + ("card", "abilities"), "a token with abilities created by a triggered ability is not modelled "
                                               "(its abilities would change what the loader checks): give none")


def step_problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """``beginning_of_step`` names a player of the case; a combat's ``attack_triggers`` name objects;
    a ``damage`` effect's ``target`` a player or an object."""
    players = set(raw.get("players", ()))
    names = set(raw["objects"])
    for step in raw["steps"]:
        (kind, body), = step.items()
        if kind == "create_token":
            names.update([body["token"]] if "token" in body else body.get("tokens", ()))
    yield from target_problems(raw, names | set(trigger_tokens(raw)))
    yield from token_problems(raw)
    for index, step in enumerate(raw["steps"]):
        (kind, body), = step.items()
        if kind == "create_token":
            names.update([body["token"]] if "token" in body else body.get("tokens", ()))
        elif kind == "beginning_of_step" and body["player"] not in players:
            yield (("steps", index, kind, "player"), f"{body['player']!r} is not a player of the case (CR 503.1a, 513.1a)")
        elif kind == "combat":
            for n, name in enumerate(body.get("attack_triggers", [])):
                if name.split(".", 1)[0] not in names:  # 603.3b: OBJ.ABILITY, as resolve_triggers names them
                    yield (("steps", index, kind, "attack_triggers", n), f"{name!r} names no object of the case (CR 603.3b)")
