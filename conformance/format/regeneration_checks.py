"""What the schema cannot say about issue 40's elements (regeneration.py, drawing.py,
activated_damage.py): the loader's checks, one problem per field.

- ``library_position`` is a card's place in its owner's library (401.2): only in a library, each
  place once per library; a case that draws (121.1) gives every library card one, so which card
  is on top is never a guess;
- ``damage_target`` is an activated ability's effect only (a triggered ability's target would be
  chosen as it is put on the stack, 603.3d, which this effect does not model); an ``activate`` step
  of such an ability names its ``target`` (602.2b, 115.1).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Problem = tuple[tuple[Any, ...], str]


def case_problems(raw: dict[str, Any]) -> Iterator[Problem]:
    """Every problem of a schema-valid case about library places, draws and ``damage_target``."""
    seen: dict[tuple[str, int], str] = {}
    first = raw["players"][0]
    draws = any(True for _ in _effects(raw, "draw"))
    for object_id, spec in raw["objects"].items():
        at = ("objects", object_id)
        position = spec.get("library_position")
        zone = spec.get("zone", "battlefield")
        if position is not None and zone != "library":
            yield (at + ("library_position",), f"only a card in a library has a place there (CR 401.2): {object_id} "
                                               f"is in the zone {zone}")
        elif position is not None:
            key = (spec.get("owner", first), position)
            if key in seen:
                yield (at + ("library_position",), f"{seen[key]} is already at position {position} of {key[0]}'s "
                                                   "library: each place holds one card (CR 401.2)")
            seen[key] = object_id
        elif zone == "library" and draws:
            yield (at + ("library_position",), "the case draws cards (CR 121.1): give every card in a library its "
                                               "library_position (1 the top), so which card is on top is known")
    for at, ability_key in _effects(raw, "damage_target"):
        if ability_key != "activated":
            yield (at, "damage_target is modelled only for an activated ability (its target is named by the "
                       "activate step, CR 602.2b): not for a triggered or loyalty ability")
    named = {name for _, name in _damage_target_abilities(raw)}
    for index, step in enumerate(raw["steps"]):
        (kind, body), = step.items()
        if kind == "activate" and body.get("ability") in named and "target" not in body:
            yield (("steps", index, kind, "target"),
                   f"the ability {body['ability']!r} deals damage to a target creature: name it as target "
                   "(CR 602.2b, 115.1)")


def _effects(value: Any, key: str, at: tuple[Any, ...] = (), ability: str | None = None
             ) -> Iterator[tuple[tuple[Any, ...], str | None]]:
    """Where an ability's effect ``key`` appears in the raw ``value``, with the ability's kind."""
    if isinstance(value, dict):
        for name, inner in value.items():
            if name == "effect" and isinstance(inner, dict) and key in inner:
                yield at + (name, key), ability
            kind = name if name in ("activated", "triggered", "loyalty_ability") else ability
            yield from _effects(inner, key, at + (name,), kind)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _effects(inner, key, at + (index,), ability)


def _damage_target_abilities(raw: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """The activated abilities with a ``damage_target`` effect, with their names."""
    def walk(value: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
        if isinstance(value, dict):
            body = value.get("activated")
            if isinstance(body, dict) and "damage_target" in body.get("effect", {}):
                yield at, body["name"]
            for name, inner in value.items():
                yield from walk(inner, at + (name,))
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                yield from walk(inner, at + (index,))
    yield from walk({"objects": raw["objects"], "steps": raw["steps"]}, ())
