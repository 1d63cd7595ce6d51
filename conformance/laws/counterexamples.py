"""Turning a property's shrunk counterexample into golden-format cases that replay by themselves.

Expected values come from the reference engine (the oracle); what the engine under test
reported instead is written into the summary, with the property and the rules it broke.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from conformance import CR_VERSION
from conformance.format import yamlsource
from conformance.engines.interface import Engine
from conformance.format.model import PLAYER_ABILITIES, STARTING_LIFE, Case
from conformance.outputs import write_atomically

OBSERVED = ("zone", "controller", "power", "toughness", "counters",
            "name", "mana_cost", "colors", "types", "subtypes", "supertypes", "abilities", "face_down")
OBSERVED += ("damage",)
PLAYER_OBSERVED = ("life", "mana", "counters", "lost")


def golden_case(case: Case, *, case_id: str, rules: tuple[str, ...], summary: str, reference: Engine,
                observables: frozenset[str], cite_case_rules: bool = True) -> dict[str, Any]:
    """``case`` in case-file form, each checkpoint filled with the reference engine's values; citing
    ``rules`` and, with ``cite_case_rules``, the rules ``case`` itself cites (a generated scenario:
    those of all its features). A property's shrunk counterexample cites the rules it shows broken
    only (:func:`conformance.results.exercised.failing_rules`): its id's rule is the first of them."""
    plain = case.to_dict()
    snapshots = iter(reference.run(plain))
    steps = []
    for step in plain["steps"]:
        if "expect" in step:
            snapshot = next(snapshots)
            objects = snapshot["objects"]
            listed = step["expect"]["objects"] or objects
            expect: dict[str, Any] = {"objects": {
                oid: {k: v for k, v in objects[oid].items() if k in observables and k in OBSERVED}
                for oid in listed}}
            if step["expect"].get("players") is not None:  # players, as the reference engine reports them
                players = snapshot.get("players", {})
                expect["players"] = {name: {k: v for k, v in players.get(name, {}).items() if k in PLAYER_OBSERVED}
                                     for name in step["expect"]["players"] or players}
            step = {"expect": expect}
        steps.append(step)
    all_rules = list(dict.fromkeys([*rules, *(case.rules if cite_case_rules else ())]))
    document = compact_document(plain, {"id": case_id, "rules": all_rules, "source": {"rule": rules[0]},
                                        "summary": summary}, steps)
    return faithful(document, {**plain, "steps": [_unwrapped(step) for step in steps]})


def compact_document(plain: dict[str, Any], head: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    """A case (its plain form) as a case file writes it: ``head`` (id, rules, source, summary),
    its players and their starting states (801.2 ranges too), its objects and ``steps`` without the
    values the format defaults to."""
    first = plain["players"][0]
    return {**head, "players": plain["players"], **_player_setup(plain),
            "objects": {oid: compact_object(spec, first) for oid, spec in plain["objects"].items()},
            "steps": [compact_step(step, first) for step in steps]}


SETUP_KEYS = ("players", "objects", "player_states", "range_of_influence", "steps")
"""What a saved case must keep of the case that ran (besides its id, rules and summary)."""


def faithful(document: dict[str, Any], plain: dict[str, Any]) -> dict[str, Any]:
    """``document`` (a compacted case-file form of ``plain``, a case's plain form), if it loads
    back as ``plain`` does; else the same with the objects, the player states or the steps
    written in full, whichever keeps the meaning: a saved reproducer replays what was run.

    Compaction drops values the format defaults to; an empty list or map is not always one
    (``colors: []`` in ``become`` makes colourless, ``choices: {copy: []}`` copies nothing), and a
    ``together`` of one part (a shrunk property example) is written as that part alone."""
    from conformance.format import loader

    want = _setup(plain)
    full_objects = {oid: _without_default_zone(spec) for oid, spec in plain["objects"].items()}
    full_steps = [step if "expect" in step else _unwrapped(step) for step in plain["steps"]]
    full_states = {key: plain[key] for key in ("player_states", "range_of_influence") if plain.get(key)}
    candidates = [document, {**document, "objects": full_objects}, {**document, "steps": full_steps},
                  {**document, "objects": full_objects, "steps": full_steps},
                  {**{k: v for k, v in document.items() if k != "player_states"}, **full_states,
                   "objects": full_objects, "steps": full_steps}]
    for candidate in candidates:
        try:
            (loaded,) = loader.load_text(yamlsource.dump({"format": 1, "cr": plain.get("cr", CR_VERSION),
                                                          "cases": [candidate]}, sort_keys=False), "<reproducer>")
        except Exception:
            continue
        if _setup(loaded.to_dict()) == want:
            return candidate
    return candidates[-1]


def _setup(plain: dict[str, Any]) -> dict[str, Any]:
    return {key: plain.get(key) for key in SETUP_KEYS if key != "steps"} | {
        "steps": [step for step in (_unwrapped(s) for s in plain.get("steps", ())) if "expect" not in step]}


def _unwrapped(step: dict[str, Any]) -> dict[str, Any]:
    """A ``together`` of one part is that part done alone: one event either way (CR 704.3: no check
    falls between the parts of one event, and one part has nothing between)."""
    if isinstance(step, dict) and list(step) == ["together"] and len(step["together"]) == 1:
        return _unwrapped(step["together"][0])
    return step


def _player_setup(plain: dict[str, Any]) -> dict[str, Any]:
    """The case's players as they start, without defaults, and its ranges of influence, if any."""
    setup: dict[str, Any] = {}
    states = {name: _without_empty({k: v for k, v in state.items() if not (k == "life" and v == STARTING_LIFE)})
              for name, state in plain.get("player_states", {}).items()}
    states = {name: state for name, state in states.items() if state}
    if states:
        setup["player_states"] = states
    if plain.get("range_of_influence") is not None:
        setup["range_of_influence"] = plain["range_of_influence"]
    return setup


def _without_empty(value: Any) -> Any:
    """Drop keys whose value is an empty list or map, or false: defaults in the case format."""
    if isinstance(value, dict):
        return {k: _without_empty(v) for k, v in value.items()
                if not (v is False or (isinstance(v, (list, dict)) and not v)) or k == "counters"
                or k in PLAYER_ABILITIES}  # an ability with no parameters, such as cant_lose: {}
    if isinstance(value, list):
        return [_without_empty(v) for v in value]
    return value


def _without_default_zone(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_default_zone(v) for k, v in value.items() if not (k == "zone" and v == "battlefield")}
    if isinstance(value, list):
        return [_without_default_zone(v) for v in value]
    return value


def compact_object(spec: dict[str, Any], first_player: str) -> dict[str, Any]:
    """An object spec without the values the format defaults to (docs/format.md)."""
    spec = _without_default_zone(_without_empty(spec))
    if not spec.get("counters"):
        spec.pop("counters", None)
    if spec.get("controller") == spec.get("owner"):
        spec.pop("controller", None)
    if spec.get("owner") == first_player:
        spec.pop("owner", None)
    return spec


def compact_step(step: dict[str, Any], first_player: str) -> dict[str, Any]:
    """A step without the values the format defaults to; checkpoints are kept whole."""
    (kind, body), = step.items()
    if kind == "expect":
        return step
    if kind == "together":
        if len(body) == 1:  # one part is that part alone (a shrunk example); the format wants two or more
            return compact_step(body[0], first_player)
        return {kind: [compact_step(part, first_player) for part in body]}
    if isinstance(body, dict):
        body = _without_default_zone(_without_empty(body))
        if body.get("until") == "end_of_turn":
            body.pop("until")
        if body.get("controller") == first_player:
            body.pop("controller")
    return {kind: body}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def write(path: Path, cases: list[dict[str, Any]]) -> Path:
    """Write a case file holding ``cases``, whole or not at all (raises ``OSError``)."""
    document = {"format": 1, "cr": CR_VERSION, "cases": cases}
    write_atomically(path, yamlsource.dump(document, sort_keys=False, allow_unicode=True, width=100,
                                           default_flow_style=None))
    return path


def engine_values(engine: Engine, case: Case) -> str:
    """What ``engine`` reported at each checkpoint of ``case``, briefly, or why it could not."""
    try:
        snapshots = engine.run(case.to_dict())
    except Exception as exc:  # the engine's fault is what we are describing
        return f"the engine raised {type(exc).__name__}: {exc}"
    parts = []
    for number, snapshot in enumerate(snapshots, 1):
        objects = snapshot.get("objects", {}) if isinstance(snapshot, dict) else {}
        shown = ", ".join(f"{oid} {v.get('power')}/{v.get('toughness')} in {v.get('zone')}"
                          for oid, v in objects.items() if isinstance(v, dict))
        players = snapshot.get("players") if isinstance(snapshot, dict) else None
        if isinstance(players, dict) and case.checkpoints[number - 1].players is not None:
            shown += "".join(f", {name} at {v.get('life')} life" for name, v in players.items() if isinstance(v, dict))
        parts.append(f"checkpoint {number}: {shown}")
    return "; ".join(parts)


def disagrees(engine: Engine, reference: Engine, case: Case, observables: frozenset[str]) -> bool:
    """Whether ``engine`` reports something else than the reference engine for ``case``."""
    from conformance.results.compare import same

    try:
        ours = engine.run(case.to_dict())
    except Exception:
        return True
    theirs = reference.run(case.to_dict())
    if not isinstance(ours, list) or len(ours) != len(theirs):
        return True
    for got, expected in zip(ours, theirs):
        for oid, values in expected["objects"].items():
            seen = got.get("objects", {}).get(oid, {}) if isinstance(got, dict) else {}
            if any(not same(values[k], seen.get(k)) for k in observables & set(values)):
                return True
    return False


def property_documents(prop, run, engine: Engine, info, reference: Engine, reference_info) -> list[dict[str, Any]]:
    """A failed property's shrunk counterexample (``run``, a :class:`conformance.laws.runner.PropertyRun`)
    as case-file cases: those of its scenarios the engine disagrees on (all of them if none does),
    each checkpoint filled with the reference engine's values, citing the rules the counterexample
    shows broken (``run.rules``), the summary saying what the engine reported instead."""
    observables = info.observables["objects"] & reference_info.observables["objects"]
    failing = [case for case in run.cases if disagrees(engine, reference, case, observables)]
    documents = []
    for number, case in enumerate(failing or run.cases, 1):
        reported = engine_values(engine, case)
        documents.append(golden_case(
            case, case_id=f"{run.rules[0]}/counterexample-{slug(prop.id.split('/', 1)[1])}-{number}",
            rules=run.rules, reference=reference, observables=observables, cite_case_rules=False,
            summary=(f"Shrunk counterexample of the property {prop.id} ({prop.summary}) "
                     f"on {info}: {run.message}. Expected values are the reference engine's; the engine "
                     f"under test reported: {reported}."),
        ))
    return documents
