"""Judging one corpus scenario on an engine: as a differential property compares (docs/engines.md,
"What a property compares"), at every checkpoint every value the reference engine reported and
the engine declares in its observables, of every object (and of every player, where the checkpoint
observes players). Outcomes are :mod:`conformance.results.compare`'s, mismatches too, so a corpus
result is recorded, gated and reported as a golden case's is.
"""

from __future__ import annotations

from collections.abc import Mapping
from marshal import dumps as _dumps
from typing import Any

from conformance.corpus.store import SEEN_KEYS, STATE_LEVEL, Scenario, exact_bytes
from conformance.engines.guard import GuardedEngine, guarded
from conformance.engines.interface import EngineInfo
from conformance.engines.replies import _valid, plain_within
from conformance.results import compare
from conformance.results.compare import MalformedSnapshots, Mismatch, same

_MISSING = compare._MISSING  # "not reported", as a golden case's mismatch says it


def lacking(scenario: Scenario, info: EngineInfo) -> str | None:
    """Why ``info``'s engine cannot run ``scenario`` (the words of a golden case's), or ``None``."""
    if info.features.issuperset(scenario.features):
        return None
    missing = sorted(set(scenario.features) - info.features)
    return f"{info.name} lacks the features {', '.join(missing)}" if missing else None


def judge(engine, info: EngineInfo, scenario: Scenario) -> compare.Outcome:
    """Run ``scenario`` on ``engine`` (already behind the guard: :func:`conformance.engines.guard.guarded`)
    and compare its answer with the expected snapshots; never raises for the engine's faults. An
    in-process engine's answer that agrees exactly is checked and compared in one pass (:func:`agreed`);
    any other answer is checked by the guard, then compared (:func:`differences`)."""
    reason = lacking(scenario, info)
    if reason:
        return compare.Unsupported(reason)
    guard = guarded(engine)
    if isinstance(guard, GuardedEngine) and scenario.plain:
        got = compare.answer(guard, scenario.case, lambda case: guard.answer(case, lambda raw: agreed(scenario, raw, info)))
        if isinstance(got, (compare.Unsupported, compare.Errored)):
            return got
        compared, snapshots = got
        if compared is not None:
            return compare.Passed() if compared else _none_reported(info)
    else:
        snapshots = compare.answer(guard, scenario.case)
        if isinstance(snapshots, (compare.Unsupported, compare.Errored)):
            return snapshots
    try:
        mismatches, compared = differences(scenario, snapshots, info)
    except MalformedSnapshots as exc:
        return compare.Errored(str(exc), kind="protocol")
    if mismatches:
        return compare.Failed(tuple(mismatches))
    if not compared:
        return _none_reported(info)
    return compare.Passed()


def _none_reported(info: EngineInfo) -> compare.Unsupported:
    return compare.Unsupported(f"{info.name} reports none of the values the scenario's checkpoints show")


def agreed(scenario: Scenario, answer: Any, info: EngineInfo) -> int | None:
    """How many values :func:`differences` would compare, when ``answer`` (an in-process engine's, as it
    returned it: not checked by the guard yet) agrees with every expected state exactly and is plain JSON
    data as the guard's check finds it; ``None`` otherwise (then the guard checks it and
    :func:`differences` compares, as for any answer).

    Each reported state that is expected is compared by its :func:`exact_bytes`: marshal writes only
    ``dict``, ``list``, ``str``, ``int``, ``float``, ``bool`` and ``None`` of those exact types with
    their own type codes (and fails on, or writes as bytes, anything else), so bytes equal to an
    expected state's, which is plain JSON data (``scenario.plain``), are those of the same plain data.
    What no checkpoint compares (players a checkpoint does not observe, objects not expected, other
    keys) is checked as the guard checks it (:func:`plain_within`), and so is every key."""
    keys = scenario.keys
    if keys is None or not scenario.plain or type(answer) is not list or len(answer) != len(keys):
        return None
    compared = 0
    beside: list[Any] = []  # values of snapshots that no checkpoint compares (level 3 of the answer)
    unexpected: list[Any] = []  # states of objects or players that no checkpoint expects (level 4)
    for got, key_of in zip(answer, keys):
        if type(got) is not dict:
            return None
        kinds = 0
        for kind, reported in got.items():
            if type(kind) is not str or not (kind.isascii() or _valid(kind)):
                return None
            exactly = key_of.get(kind)
            if exactly is None:
                beside.append(reported)
                continue
            if type(reported) is not dict:
                return None
            kinds += 1
            observables = info.observables[kind]
            observes_all = observables.issuperset(SEEN_KEYS[kind])
            matched = 0
            for name, seen in reported.items():
                if type(name) is not str or not (name.isascii() or _valid(name)):
                    return None
                state = exactly.get(name)
                if state is None:
                    unexpected.append(seen)
                    continue
                if type(seen) is not dict or _dumps(seen, 2) != state[0]:  # (exact_bytes, without a call)
                    return None
                compared += len(state[2]) if observes_all and state[3] else len(observables.intersection(state[2]))
                matched += 1
            if matched != len(exactly):
                return None
        if kinds != len(key_of):
            return None
    if beside and not plain_within(beside, STATE_LEVEL - 2):
        return None
    if unexpected and not plain_within(unexpected, STATE_LEVEL - 1):
        return None
    return compared


def differences(scenario: Scenario, snapshots: Any, info: EngineInfo) -> tuple[list[Mismatch], int]:
    """The values ``snapshots`` reports otherwise than the expected snapshots, and how many were compared."""
    expected = scenario.expected
    if not isinstance(snapshots, list) or len(snapshots) != len(expected):
        raise MalformedSnapshots(f"expected {len(expected)} snapshots (one per checkpoint), got "
                                 f"{len(snapshots) if isinstance(snapshots, list) else type(snapshots).__name__}")
    found: list[tuple[int, str, str, str, Any, Any]] = []
    compared = 0
    keys = scenario.keys or [{kind: {name: (exact_bytes(values),) for name, values in states.items()}
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
                if type(seen) is dict and exact_bytes(seen) == exactly[name][0]:  # the common case: all of it, exactly
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
