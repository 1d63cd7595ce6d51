"""The elements of the case format, and which of them a case uses.

An element is one key of one schema definition, or one value of one enumeration, as the shipped
JSON Schema (``conformance/schema/scenario.schema.json``) defines them; the schema is the one
source of truth, so a new key or value is a new element without any change here. Two tools read
this: the test that every element is modelled by a golden case or refused (tests/test_modelled.py),
and ``mtg-conformance coverage``, which counts the share of generated examples using each element.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import jsonschema

from conformance.format import loader

UNIFORM_ENUMS = ("color", "mana_type", "characteristic", "ability_protection")
"""Enumerations whose values one piece of the engine treats alike (a colour, a type of mana, a
characteristic a copy retains, the quality of a protection, read as a filter on the source's
colours or card types, CR 702.16a): a case using one value stands for all."""

SAME_DEFINITION = {"action": "step"}
"""Definitions that are one element: a part of a ``together`` is a step."""

Element = tuple[str, str]


@functools.cache
def schema() -> dict[str, Any]:
    return loader.schema()


def _defs() -> dict[str, Any]:
    return schema()["$defs"]


@functools.lru_cache(maxsize=4096)
def element(where: str, key: str) -> Element:
    """The element a (definition, key) stands for: a property whose schema is a shared ``effect_*``
    definition (id, to, to_each, controller, until of an effect step) is that definition, read by
    one piece of the engine for every step; a uniform enumeration's value is the enumeration."""
    where = where.split(".")[0].split("[")[0]
    where = SAME_DEFINITION.get(where, where)
    node = _defs().get(where, schema() if where == "file" else {}).get("properties", {}).get(key, {})
    shared = node.get("$ref", "").rsplit("/", 1)[-1]
    if shared.startswith("effect_"):
        return (shared, "")
    if where in UNIFORM_ENUMS and key.startswith("="):
        return (where, "=*")
    return (where, key)


def schema_elements() -> set[Element]:
    """Every element of the schema: each property of each definition, each value of each
    enumeration, the case file's own top-level keys (as :func:`element` groups them)."""
    found = {element("file", key) for key in schema()["properties"]}
    for name, node in _defs().items():
        for key in node.get("properties", {}):
            found.add(element(name, key))
        for value in node.get("enum", ()):
            found.add(element(name, f"={value}"))
    return found


def _resolve(node: dict[str, Any], where: str) -> tuple[dict[str, Any], str]:
    while "$ref" in node:
        where = node["$ref"].rsplit("/", 1)[1]
        node = _defs()[where]
    return node, where


_VALIDATORS: dict[int, tuple[dict[str, Any], jsonschema.Draft202012Validator]] = {}
"""A validator per branch of the schema, by the branch's identity (the schema is loaded once and
never changed); the branch is kept beside it, so its id is never reused."""


def _validator(node: dict[str, Any]) -> jsonschema.Draft202012Validator:
    known = _VALIDATORS.get(id(node))
    if known is None:
        known = _VALIDATORS[id(node)] = (node, jsonschema.Draft202012Validator({**node, "$defs": _defs()}))
    return known[1]


@functools.lru_cache(maxsize=65536)
def _valid(node_id: int, instance_json: str) -> bool:
    return _VALIDATORS[node_id][1].is_valid(json.loads(instance_json))


_NODES: dict[int, dict[str, Any]] = {}
"""The schema's branches met by :func:`used_elements`, by identity (as ``_VALIDATORS``)."""


def used_elements(node: dict[str, Any], instance: Any, where: str = "file") -> Iterator[tuple[str, str]]:
    """The (definition, key) pairs ``instance`` (valid against ``node``) uses, following references
    and taking the branch of a oneOf/anyOf the instance matches; :func:`element` groups them.

    Where the schema offers branches, the answer is remembered for the instance (by its JSON):
    generated scenarios repeat the same steps and abilities, and counting the elements of every
    example of a property run asked the same questions hundreds of thousands of times."""
    node, where = _resolve(node, where)
    if "oneOf" in node or "anyOf" in node:
        _NODES.setdefault(id(node), node)
        return iter(_used_with_branches(id(node), where, json.dumps(instance, sort_keys=True)))
    return _used(node, instance, where)


@functools.lru_cache(maxsize=65536)
def _used_with_branches(node_id: int, where: str, instance_json: str) -> tuple[tuple[str, str], ...]:
    node, instance = _NODES[node_id], json.loads(instance_json)
    found: list[tuple[str, str]] = []
    for combinator in ("oneOf", "anyOf"):
        for branch in node.get(combinator, ()):
            _validator(branch)
            if _valid(id(branch), instance_json):
                found.extend(used_elements(branch, instance, where))
    found.extend(_used(node, instance, where))
    return tuple(found)


def _used(node: dict[str, Any], instance: Any, where: str) -> Iterator[tuple[str, str]]:
    """The pairs of a resolved ``node`` itself (its enumeration, allOf, properties, items); its
    oneOf/anyOf branches are :func:`_used_with_branches`'."""
    if "enum" in node and not isinstance(instance, (dict, list)):
        yield (where, f"={instance}")
    if "allOf" in node:
        for branch in node["allOf"]:
            yield from used_elements(branch, instance, where)
    if isinstance(instance, dict):
        properties = node.get("properties", {})
        for key, value in instance.items():
            if key in properties:
                yield (where, key)
                yield from used_elements(properties[key], value, f"{where}.{key}")
            elif isinstance(node.get("additionalProperties"), dict):
                yield from used_elements(node["additionalProperties"], value, f"{where}.*")
    elif isinstance(instance, list) and isinstance(node.get("items"), dict):
        for item in instance:
            yield from used_elements(node["items"], item, f"{where}[]")


def document_elements(document: dict[str, Any]) -> set[Element]:
    """The elements a case file (its plain YAML data) uses."""
    return {element(where, key) for where, key in set(used_elements(schema(), document))}


def written_elements(case) -> set[Element]:
    """The elements a :class:`~conformance.format.model.Case` uses, from what it says: its objects and
    steps with every value left at its default left out (``Case.to_dict()`` makes every default
    explicit, which would count ``face_down: false`` as using ``face_down``)."""
    from conformance.format.model import written_objects, written_steps

    plain = case.to_dict()
    return case_elements({**plain, "objects": written_objects(case), "steps": written_steps(case)})


def case_elements(plain: dict[str, Any]) -> set[Element]:
    """The elements one case uses, from its plain form (as in a case file). A checkpoint
    observing an object or a player with ``{}`` asks for every value (the differential
    properties compare them all), so it uses every key of its observation."""
    from conformance import CR_VERSION

    case = {k: v for k, v in plain.items() if k in schema()["$defs"]["case"]["properties"]}
    found = document_elements({"format": 1, "cr": plain.get("cr", CR_VERSION), "cases": [case]})
    for step in _checkpoints(plain.get("steps", ())):
        for kind, definition in (("objects", "object_observation"), ("players", "player_observation")):
            if any(values == {} for values in (step["expect"].get(kind) or {}).values()):
                found |= {element(definition, key) for key in _defs()[definition].get("properties", {})}
    return found


def _checkpoints(steps) -> Iterator[dict[str, Any]]:
    for step in steps:
        if isinstance(step, dict) and isinstance(step.get("expect"), dict):
            yield step


def label(e: Element) -> str:
    """``definition.key`` or ``definition=value`` (``effect_target`` for a shared definition)."""
    where, key = e
    return where if not key else f"{where}{key}" if key.startswith("=") else f"{where}.{key}"
