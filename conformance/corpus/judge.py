"""Judging one corpus scenario on an engine: as a differential property compares (docs/engines.md,
"What a property compares"), at every checkpoint every value the reference engine reported and
the engine declares in its observables, of every object (and of every player, where the checkpoint
observes players). Outcomes are :mod:`conformance.results.compare`'s, mismatches too, so a corpus
result is recorded, gated and reported as a golden case's is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.corpus.store import Scenario, exact_bytes
from conformance.engines.interface import EngineInfo
from conformance.results import compare
from conformance.results.compare import MalformedSnapshots, Mismatch, same

_MISSING = compare._MISSING  # "not reported", as a golden case's mismatch says it


def lacking(scenario: Scenario, info: EngineInfo) -> str | None:
    """Why ``info``'s engine cannot run ``scenario`` (the words of a golden case's), or ``None``."""
    missing = sorted(set(scenario.features) - info.features)
    return f"{info.name} lacks the features {', '.join(missing)}" if missing else None


def judge(engine, info: EngineInfo, scenario: Scenario) -> compare.Outcome:
    """Run ``scenario`` on ``engine`` (already behind the guard: :func:`conformance.engines.guard.guarded`)
    and compare its answer with the expected snapshots; never raises for the engine's faults."""
    reason = lacking(scenario, info)
    if reason:
        return compare.Unsupported(reason)
    snapshots = compare.answer(engine, scenario.case)
    if isinstance(snapshots, (compare.Unsupported, compare.Errored)):
        return snapshots
    try:
        mismatches, compared = differences(scenario, snapshots, info)
    except MalformedSnapshots as exc:
        return compare.Errored(str(exc), kind="protocol")
    if mismatches:
        return compare.Failed(tuple(mismatches))
    if not compared:
        return compare.Unsupported(f"{info.name} reports none of the values the scenario's checkpoints show")
    return compare.Passed()


def differences(scenario: Scenario, snapshots: Any, info: EngineInfo) -> tuple[list[Mismatch], int]:
    """The values ``snapshots`` reports otherwise than the expected snapshots, and how many were compared."""
    expected = scenario.expected
    if not isinstance(snapshots, list) or len(snapshots) != len(expected):
        raise MalformedSnapshots(f"expected {len(expected)} snapshots (one per checkpoint), got "
                                 f"{len(snapshots) if isinstance(snapshots, list) else type(snapshots).__name__}")
    found: list[tuple[int, str, str, str, Any, Any]] = []
    compared = 0
    keys = scenario.keys or [{kind: {name: exact_bytes(values) for name, values in states.items()}
                              for kind, states in want.items()} for want in expected]
    for number, (want, got, key_of) in enumerate(zip(expected, snapshots, keys), 1):
        if not _mapping(got) or not _mapping(got.get("objects")):
            raise MalformedSnapshots(f"snapshot {number} has no 'objects' mapping")
        for kind, observables in (("objects", info.observables["objects"]), ("players", info.observables["players"])):
            if kind not in want:
                continue
            reported = got.get(kind)
            if not _mapping(reported):
                raise MalformedSnapshots(f"snapshot {number} has no {kind!r} mapping, and checkpoint {number} "
                                         f"observes {kind}")
            exactly = key_of[kind]
            for name, values in want[kind].items():
                seen = reported.get(name, {})
                if not _mapping(seen):
                    raise MalformedSnapshots(f"snapshot {number}: {kind[:-1]} {name!r} is not a mapping")
                if type(seen) is dict and exact_bytes(seen) == exactly[name]:  # the common case: all of it, exactly
                    compared += len(values.keys() & observables)
                    continue
                for key in values:
                    if key not in observables:
                        continue
                    compared += 1
                    value, other = values[key], seen.get(key, _MISSING)
                    if value == other and _exactly(value, other):
                        continue  # the common case: equal in order, decided without same()'s multisets
                    if not same(value, other):
                        found.append((number, kind, name, key, value, other))
    return [_mismatch(scenario, *item) for item in found], compared


def _mapping(value: Any) -> bool:
    """``isinstance(value, Mapping)``, a plain dict (what the guard gives) decided without the ABC's check."""
    return type(value) is dict or isinstance(value, Mapping)


def _exactly(value: Any, other: Any) -> bool:
    """Whether two values Python finds equal are the same JSON, item for item in order (``True`` is
    ``1`` to Python, ``1.0`` is ``1``: not to a checkpoint, nor to :func:`exact_bytes`, exact for the
    guard's plain JSON data); ``False`` sends them to :func:`same`, which decides."""
    kind = type(value)
    return kind is type(other) and (kind is not list and kind is not dict or exact_bytes(value) == exact_bytes(other))


def _mismatch(scenario: Scenario, number: int, kind: str, name: str, key: str, expected: Any, got: Any) -> Mismatch:
    checkpoints = [(index, step["expect"]) for index, step in enumerate(scenario.case["steps"], 1) if "expect" in step]
    step, expect = checkpoints[number - 1]
    return Mismatch(number, step, expect.get("label") if isinstance(expect, Mapping) else None, name, key,
                    compare._plain(expected), got, kind="player" if kind == "players" else "object")
