"""The feature contract: for each feature, what a case needing only it may contain.

An engine declares features (``describe()``); a case is sent to it only when the case needs no
other (:func:`conformance.format.features.derive_features`). Which step kinds, keys, abilities and
values may then arrive is not written by hand anywhere: it follows from the schema (every element:
:func:`conformance.format.elements.schema_elements`) and the derivation. This module reads it off
cases: every element of the schema is used by some *witness* case, and the features an element
asks for are the smallest feature sets among the witnesses using it (several when they differ:
damage to a creature needs ``damage``, to a player ``damage`` and ``life``; any of them will do).
So an element listed under ``layer-7b`` may come to an engine that declares ``layer-7b``: a valid
case uses it and needs no more.

The witnesses (:func:`witnesses`) are the golden cases, each golden case cut down to one of its
steps (with the steps before it when it needs them) on the fewest objects it loads with, each with
one object or ability left out, and the minimal examples of every step and ability kind of
:mod:`conformance.format.schema_docs`, on a board of plain creatures. Elements are counted as a
case file writes them (a checkpoint observing an object with ``{}`` uses none of its keys here).
An element no witness uses is a generation error naming it: add a case that uses it. (The elements the
loader refuses as not modelled, :data:`conformance.format.modelled.REFUSED_ELEMENTS`, are never sent:
listed apart.)

The contract is generated into ``conformance/data/feature-contract.json`` (``python -m
conformance.format.contract``), which ``mtg-conformance features`` reads; tests/test_feature_contract.py
fails when the file differs from what this module generates now, and checks the contract against
the examples the strategies generate for restricted feature sets (every element of each is allowed
by its own features), as they must respect the features they are given.
"""

from __future__ import annotations

import copy
import functools
import json
import sys
from collections.abc import Iterable, Iterator
from importlib import resources
from typing import Any

from conformance import CR_VERSION

Element = tuple[str, str]
DATA = "data/feature-contract.json"
PLAYERS = ["Alex", "Rob"]
HEAD = {"id": "613/contract-witness", "rules": ["613"], "source": {"rule": "613"}, "summary": "A witness of the feature contract (conformance/format/contract.py).",
        "players": PLAYERS}


# --- checking one candidate witness --------------------------------------------------------------


@functools.cache
def _validator():
    import jsonschema

    from conformance.format import loader

    return jsonschema.Draft202012Validator(loader.schema())


def examined(raw: dict[str, Any]) -> tuple[frozenset[str], frozenset[Element]] | None:
    """The features a case (its raw case-file form) needs and the elements it uses, or ``None``
    when it is not a valid case."""
    from conformance.format import elements, loader
    from conformance.format.features import derive_features
    from conformance.format.model import Case

    document = {"format": 1, "cr": CR_VERSION, "cases": [raw]}
    try:
        if not _validator().is_valid(document) or any(True for _ in loader._semantic_problems(raw)):
            return None
        case = Case.from_dict(copy.deepcopy(raw), cr=CR_VERSION)
        return derive_features(case), frozenset(elements.document_elements(document))
    except Exception:  # a combination the model itself refuses: not a witness
        return None


# --- the witnesses ------------------------------------------------------------------------------


def _observe(objects: dict[str, Any]) -> dict[str, Any]:
    return {"expect": {"objects": {next(iter(objects)): {}}}} if objects else {"expect": {"players": {"Alex": {}}}}


def _referenced(value: Any, names: Iterable[str]) -> set[str]:
    """The names of ``names`` that ``value`` mentions (as a string anywhere in it)."""
    text = json.dumps(value)
    return {name for name in names if json.dumps(name) in text}


def _fewest_objects(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` without each object it loads without (one at a time, in order)."""
    for oid in list(raw["objects"]):
        if len(raw["objects"]) <= 1:
            break
        objects = {k: v for k, v in raw["objects"].items() if k != oid}
        trial = {**raw, "objects": objects}
        if not _referenced(trial["steps"], [oid]) and examined(trial) is not None:
            raw = trial
    return raw


def _golden_documents() -> Iterator[dict[str, Any]]:
    from conformance.format import files, loader, yamlsource

    for path in loader.discover([loader.golden_dir()]):
        data = yamlsource.parse(files.read(path).decode("utf-8-sig")).data
        yield from (dict(raw) for raw in data["cases"])


def _cut_down(raw: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A golden case cut down to each of its steps (alone, else after the steps before it), and with
    each object or ability of an object left out."""
    base = {**{k: v for k, v in raw.items() if k not in ("steps",)}, **HEAD, "players": raw["players"]}
    actions = [step for step in raw["steps"] if "expect" not in step]
    for index, step in enumerate(actions):
        for steps in ([step], actions[:index + 1]):
            trial = {**base, "steps": [*steps, _observe(raw["objects"])]}
            if examined(trial) is not None:
                yield _fewest_objects(trial)
                break
    for oid, spec in raw["objects"].items():
        abilities = spec["card"].get("abilities", [])
        for index in range(len(abilities)):
            card = {**spec["card"], "abilities": abilities[:index] + abilities[index + 1:]}
            yield {**base, "objects": {**raw["objects"], oid: {**spec, "card": card}}, "steps": raw["steps"]}


PLAIN = {"types": ["creature"], "power": 2, "toughness": 2}


def _keys_varied(examples: list[Any]) -> list[Any]:
    """``examples`` (of one step or ability kind), and each with one key of another example added."""
    varied = list(examples)
    for body in examples:
        for other in examples:
            if isinstance(body, dict) and isinstance(other, dict):
                varied += [{**body, key: value} for key, value in other.items() if key not in body]
    return varied


def _one_key_less(value: Any) -> Iterator[Any]:
    """``value`` with one key of one of its mappings (at any depth) left out, each way."""
    if isinstance(value, dict):
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
            for smaller in _one_key_less(value[key]):
                yield {**value, key: smaller}
    elif isinstance(value, list):
        for index, item in enumerate(value):
            for smaller in _one_key_less(item):
                yield [*value[:index], smaller, *value[index + 1:]]


def _smallest(raw: dict[str, Any], part: str) -> dict[str, Any]:
    """``raw`` with keys of its ``part`` (``steps`` or ``objects``) left out while it stays a valid case
    needing no more features, and its ``part`` keeps some key (one at a time, until none can go)."""
    found = examined(raw)
    while found is not None:
        for smaller in _one_key_less(raw[part]):
            trial = {**raw, part: smaller}
            result = examined(trial)
            if result is not None and result[0] <= found[0] and result[1] != found[1]:
                raw, found = trial, result
                break
        else:
            break
    return raw


def _schema_docs_examples() -> Iterator[dict[str, Any]]:
    """Every step kind's and ability kind's minimal examples (conformance.format.schema_docs), on a
    board of the objects they name (plain creatures where that is enough), each also with a key of
    another example of its kind, and each cut down key by key (:func:`_smallest`)."""
    from conformance.format import schema_docs

    board = schema_docs.BOARD
    for kind, examples in schema_docs.STEPS.items():
        for body in _keys_varied(examples):
            steps = [*schema_docs.SETUP.get(kind, []), {kind: body}]
            names = sorted(_referenced(steps, board) | {"bear"}, key=list(board).index)  # the board's order
            for objects in ({oid: {"card": PLAIN} for oid in names}, {oid: board[oid] for oid in names}):
                trial = {**HEAD, "objects": objects, "steps": [*steps, _observe(objects)]}
                if examined(trial) is not None:
                    trial = _fewest_objects(trial)
                    yield trial
                    yield _smallest(trial, "steps")
                    break
    for kind, examples in schema_docs.ABILITIES.items():
        for body in _keys_varied(examples):
            for zone in ("battlefield", "hand"):
                carrier = {"card": {**PLAIN, "abilities": [{kind: body}]}, **({"zone": zone} if zone != "battlefield" else {})}
                objects = {"carrier": carrier, "bear": {"card": PLAIN}}
                trial = {**HEAD, "objects": objects, "steps": [_observe(objects)]}
                if examined(trial) is not None:
                    trial = _fewest_objects(trial)
                    yield trial
                    yield _smallest(trial, "objects")
                    break


def _enums() -> list[list[str]]:
    """Every enumeration of the schema, in ``$defs`` or inline (a step's ``which``, ...)."""
    from conformance.format import loader

    found: list[list[str]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("enum"), list):
                values = [v for v in node["enum"] if isinstance(v, str)]
                if len(values) > 1 and values not in found:
                    found.append(values)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(loader.schema())
    return found


def _replaced(value: Any, old: str, new: str) -> Any:
    """``value`` with every string ``old`` in it (not a key) made ``new``."""
    if isinstance(value, dict):
        return {k: _replaced(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_replaced(v, old, new) for v in value]
    return new if value == old else value


def _enum_values(witness: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Each witness with a value of an enumeration it uses put in place of another value of that
    enumeration (each keyword, card type, zone, supertype, ``which`` of a doubling, ...), where that
    makes a valid case using an element no witness before it used."""
    seen: set[str] = set()
    for raw in witness:
        seen |= _labels(raw)
    for values in _enums():
        for raw in witness:
            text = json.dumps(raw)
            present = [v for v in values if json.dumps(v) in text]
            for old in present:
                for new in values:
                    trial = _replaced(raw, old, new)
                    if new == old or trial == raw:
                        continue
                    labels = _labels(trial)
                    if labels - seen:
                        seen |= labels
                        yield trial


def _labels(raw: dict[str, Any]) -> set[str]:
    from conformance.format import elements

    found = examined(raw)
    return {elements.label(e) for e in found[1]} if found is not None else set()


def _on_a_bear(*steps: dict[str, Any], card: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    return {**HEAD, "objects": {"bear": {"card": card or PLAIN}}, **more, "steps": [*steps, _observe({"bear": {}})]}


EXTRA: list[dict[str, Any]] = [
    {**HEAD, "objects": {"bear": {"card": PLAIN}}, "steps": [{"expect": {"players": {"Alex": {}}}}]},
    _on_a_bear(player_states={"Alex": {"counters": {}}}),
    _on_a_bear(card={**PLAIN, "supertypes": ["legendary"]}),
    _on_a_bear({"become": {"to": "bear", "power": 1, "toughness": 1}}),
    _on_a_bear({"become": {"to": "bear", "power": {"count": {"types": ["creature"]}}}}),
    _on_a_bear({"damage": {"source": "bear", "amount": 1, "to": "bear", "combat": True}}),
    _on_a_bear(card={**PLAIN, "abilities": [{"static_pt": {"effect": "modify_pt", "affects": {"itself": True},
                                                           "toughness": 1}}]}),
    *({**HEAD, "objects": {"bear": {"card": PLAIN}, "clone": {"card": {**PLAIN, "abilities": [
        {"enters_as_copy": {"of": {"types": ["creature"]}, **more}}]}, "choices": {"copy": "bear"}}},
       "steps": [_observe({"bear": {}})]} for more in ({}, {"exceptions": {"name": "Nyxathid"}})),
]
"""Witnesses the examples above are not: a checkpoint observing a player's every value; a player's
state saying no counters; a supertype; a ``become`` setting both values, or one by a count; combat
damage outside a combat; a static modification of toughness; a copy on the battlefield as it began."""


CARD = {**PLAIN, "name": "Grizzly Bears", "mana_cost": "{1}{G}", "subtypes": ["Bear"], "colors": ["G"]}
OBSERVED_VALUES = (2, "battlefield", "Alex", 20, {}, [], False, ["creature"], None)
"""Values tried for a checkpoint observing one key (the first the schema takes is kept)."""


def _observing() -> Iterator[dict[str, Any]]:
    """A plain card's every characteristic, another player's permanent, and a checkpoint observing
    each value of an object or a player by itself."""
    from conformance.format import loader

    yield _on_a_bear(card=CARD)
    yield {**HEAD, "objects": {"bear": {"card": PLAIN, "owner": "Rob", "controller": "Rob"}},
           "steps": [_observe({"bear": {}})]}
    defs = loader.schema()["$defs"]
    for definition, kind, name in (("object_observation", "objects", "bear"), ("player_observation", "players", "Alex")):
        for key in defs[definition]["properties"]:
            for value in OBSERVED_VALUES:
                trial = {**HEAD, "objects": {"bear": {"card": PLAIN}},
                         "steps": [{"expect": {kind: {name: {key: value}}}}]}
                if examined(trial) is not None:
                    yield trial
                    break


NAMES = ("bear", "Alex", "pump", "Elf", "{1}", "up")
"""Strings tried where the schema asks for a name (an object, a player, an effect, a subtype, a cost, an ability)."""


def candidates(node: dict[str, Any], depth: int = 0) -> list[Any]:
    """A few values the schema ``node`` takes, the simplest first (for :func:`_probe_keys`)."""
    from conformance.format import loader

    defs = loader.schema()["$defs"]
    while "$ref" in node:
        node = {**defs[node["$ref"].rsplit("/", 1)[1]], **{k: v for k, v in node.items() if k != "$ref"}}
    if depth > 3:
        return []
    if "const" in node:
        return [node["const"]]
    if "enum" in node:
        return [v for v in node["enum"] if v is not None][:3]
    branches = node.get("oneOf") or node.get("anyOf")
    if branches and "properties" not in node:
        return [value for branch in branches for value in candidates(branch, depth + 1)][:4]
    kind = node.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "boolean":
        return [True]
    if kind in ("integer", "number"):
        return [max(1, node.get("minimum", 1))]
    if kind == "string":
        return list(NAMES)
    if kind == "array":
        return [[value] for value in candidates(node.get("items", {}), depth + 1)[:3]]
    if kind == "object" or "properties" in node:
        required = node.get("required", [])
        simplest = {key: (candidates(node["properties"].get(key, {}), depth + 1) or [None])[0] for key in required}
        values = [simplest] if all(v is not None for v in simplest.values()) else []
        return values + [{key: value} for key in node.get("properties", {}) if key not in required
                         for value in candidates(node["properties"][key], depth + 1)[:1]][:3]
    return []


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def _probe_keys(raw: dict[str, Any], path: tuple[Any, ...], definition: str) -> Iterator[dict[str, Any]]:
    """``raw`` with each key of ``definition`` that the mapping at ``path`` lacks added, the first
    value the schema takes (:func:`candidates`) that makes a valid case; and that without each key
    the mapping had."""
    from conformance.format import loader

    node = loader.schema()["$defs"][definition]
    body = _at(raw, path)
    for key, schema_node in node.get("properties", {}).items():
        if key in body:
            continue
        for value in candidates(schema_node):
            trial = copy.deepcopy(raw)
            _at(trial, path[:-1])[path[-1]] = {**body, key: value}
            if examined(trial) is not None:
                yield trial
                for other in body:  # and without each key it had, where it loads so
                    alone = copy.deepcopy(trial)
                    del _at(alone, path)[other]
                    if examined(alone) is not None:
                        yield alone
                break


def _probed(plain: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The first witness of each step and ability kind (and of a static ability's change), each
    with every key it lacks added in turn (:func:`_probe_keys`)."""
    from conformance.format import loader

    defs = loader.schema()["$defs"]
    refs = {group: {kind: node.get("$ref", "").rsplit("/", 1)[-1] for kind, node in defs[group]["properties"].items()}
            for group in ("step", "ability")}
    done: set[str] = set()
    for raw in plain:
        steps = [step for step in raw["steps"] if "expect" not in step]
        if len(steps) == 1:
            (kind,) = steps[0]
            index = raw["steps"].index(steps[0])
            if kind not in done and refs["step"].get(kind) and isinstance(steps[0][kind], dict):
                done.add(kind)
                yield from _probe_keys(raw, ("steps", index, kind), refs["step"][kind])
        carrier = raw["objects"].get("carrier")
        if carrier and carrier["card"].get("abilities"):
            (kind,) = carrier["card"]["abilities"][0]
            path = ("objects", "carrier", "card", "abilities", 0, kind)
            if f"ability {kind}" not in done and refs["ability"].get(kind) and isinstance(_at(raw, path), dict):
                done.add(f"ability {kind}")
                yield from _probe_keys(raw, path, refs["ability"][kind])
                if kind == "static" and "change" not in done:
                    done.add("change")
                    yield from _probe_keys(raw, (*path, "becomes"), "change")


def _together(witness: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Each witness of one action twice, as one event (``together``)."""
    for raw in witness:
        actions = [step for step in raw["steps"] if "expect" not in step]
        if len(actions) == 1:
            steps = [{"together": [actions[0], actions[0]]} if step is actions[0] else step for step in raw["steps"]]
            trial = {**raw, "steps": steps}
            if examined(trial) is not None:
                yield trial


def witnesses() -> Iterator[dict[str, Any]]:
    """Every witness case (see the module's docstring), raw."""
    plain = sorted(_schema_docs_examples(), key=lambda raw: len(examined(raw)[0]))
    yield from plain
    yield from EXTRA
    observing = list(_observing())
    yield from observing
    probed = list(_probed(plain))
    yield from probed
    yield from _enum_values([*plain, *EXTRA, *observing, *probed])
    yield from _together(plain)
    for raw in _golden_documents():
        yield raw
        yield from _cut_down(raw)


# --- the contract --------------------------------------------------------------------------------

LISTED = ("change", "object", "card", "expect", "object_observation", "player_observation", "player_state")
"""Definitions listed besides the steps and abilities: what a ``become`` or a static ability changes,
objects and cards, checkpoints, players' states."""


@functools.cache
def sections() -> dict[str, str]:
    """The definitions the contract lists, each with its section: ``steps`` (each step kind, its keys and
    the keys every effect step shares), ``abilities`` (each ability kind, its keys, each keyword),
    ``changes``, ``objects``, ``checkpoints``, ``players``. The parts inside them (filters, expressions,
    copy exceptions, choices, events, ...) are not listed: each comes with what holds it."""
    from conformance.format import loader

    defs = loader.schema()["$defs"]
    found = {"step": "steps", "ability": "abilities"}
    for name, section in (("step", "steps"), ("ability", "abilities")):
        for kind, node in defs[name]["properties"].items():
            found[node["$ref"].rsplit("/", 1)[1] if "$ref" in node else kind] = section
    found.update({name: "steps" for name in defs if name.startswith("effect_")})
    found.update({"change": "changes", "object": "objects", "card": "objects", "expect": "checkpoints",
                  "object_observation": "checkpoints", "player_observation": "checkpoints", "player_state": "players"})
    return found


def listed(element: Element) -> bool:
    """Whether the contract lists an element (:func:`sections`)."""
    return element[0] in sections()


def _minimal(sets: Iterable[frozenset[str]]) -> list[frozenset[str]]:
    unique = set(sets)
    return sorted((s for s in unique if not any(other < s for other in unique)), key=lambda s: (len(s), sorted(s)))


def generate() -> dict[str, Any]:
    """The contract: per element, the smallest feature sets of the witnesses using it."""
    from conformance.format import elements
    from conformance.format.features import FEATURES, IMPLIED

    seen: dict[Element, set[frozenset[str]]] = {}
    for raw in witnesses():
        found = examined(raw)
        if found is None:
            continue
        features, used = found
        for element in used:
            seen.setdefault(element, set()).add(features)
    from conformance.format.modelled import REFUSED_ELEMENTS

    missing = sorted(e for e in elements.schema_elements() - seen.keys() - REFUSED_ELEMENTS if listed(e))
    if missing:
        raise LookupError("conformance/format/contract.py: no witness case uses "
                          + ", ".join(elements.label(e) for e in missing) + ": add a golden case (or a schema_docs "
                          "example) that does")
    return {
        "cr": CR_VERSION,
        "note": "Generated by python -m conformance.format.contract from the case schema and the feature derivation; "
                "do not edit by hand.",
        "implied": {feature: sorted(IMPLIED.get(feature, ())) for feature in FEATURES if IMPLIED.get(feature)},
        "elements": {elements.label(element): [sorted(s) for s in _minimal(seen[element])]
                     for element in sorted(seen) if element not in REFUSED_ELEMENTS and listed(element)},
        "refused": sorted(elements.label(element) for element in REFUSED_ELEMENTS if listed(element)),
    }


@functools.cache
def contract() -> dict[str, Any]:
    """The shipped contract (``conformance/data/feature-contract.json``)."""
    return json.loads(resources.files("conformance").joinpath(DATA).read_text("utf-8"))


def written_elements(case) -> frozenset[str]:
    """The labels of the elements a :class:`~conformance.format.model.Case` uses, as a case file writes
    it (compacted as a reproducer is: what the format defaults to left out; a checkpoint observing with
    ``{}`` uses none of the observation's keys), as the contract counts them."""
    from conformance.format import elements
    from conformance.laws.counterexamples import compact_document

    plain = case.to_dict()
    written = compact_document(plain, {key: plain[key] for key in ("id", "rules", "source", "summary")}, plain["steps"])
    document = {"format": 1, "cr": case.cr, "cases": [written]}
    return frozenset(elements.label(e) for e in elements.document_elements(document) if listed(e))


def allowed(element_label: str, features: Iterable[str]) -> bool:
    """Whether a case needing only ``features`` may use the element (by its label), per the contract."""
    declared = set(features)
    return any(set(needed) <= declared for needed in contract()["elements"].get(element_label, ()))


def main() -> int:
    sys.stdout.write(json.dumps(generate(), indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
