"""Judging a case: running it on an engine and comparing its snapshots with the checkpoints.

The outcome of a case is one of :class:`Passed`, :class:`Failed` (with every mismatch),
:class:`Unsupported` (with the reason) or :class:`Errored` (the engine crashed or answered
something malformed). The harness never raises because of an engine.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Union

from conformance.engines.guard import MESSAGE_CHARS, guarded, raised
from conformance.engines.interface import Engine, EngineInfo
from conformance.engines.replies import printable, safe_text
from conformance.errors import EngineFault
from conformance.errors import Unsupported as UnsupportedError
from conformance.format.model import Case


@dataclass(frozen=True)
class Mismatch:
    """One observed value that differs from the checkpoint's."""

    checkpoint: int          # 1-based, among the case's checkpoints
    step: int                # 1-based, among the case's steps
    label: str | None
    object: str
    field: str
    expected: Any
    got: Any
    kind: str = "object"     # or "player": then ``object`` is the player's name

    def __str__(self) -> str:
        label = f" {self.label!r}" if self.label else ""
        who = f"player {self.object}" if self.kind == "player" else self.object
        return (f"checkpoint {self.checkpoint}{label} (step {self.step}): {who}.{self.field}: "
                f"expected {_show(self.expected)}, got {_show(self.got)}")


_MISSING = object()


def _show(value: Any, limit: int = 300) -> str:
    if value is _MISSING:
        return "nothing (not reported)"
    if value is None:
        return "null"
    shown = repr(value) if not isinstance(value, dict) else "{" + ", ".join(
        f"{k}: {v}" for k, v in value.items()) + "}"
    return shown if len(shown) <= limit else shown[:limit] + "..."


@dataclass(frozen=True)
class Passed:
    status = "passed"


@dataclass(frozen=True)
class Failed:
    status = "failed"
    mismatches: tuple[Mismatch, ...]


@dataclass(frozen=True)
class Unsupported:
    status = "unsupported"
    reason: str


@dataclass(frozen=True)
class Errored:
    """The engine could not run the case. ``kind`` says how (docs/protocol.md, "Outcomes"):
    ``"exception"`` (it raised, or answered an ``error`` reply), ``"crash"`` (its process
    exited), ``"timeout"`` (it did not answer in time), ``"protocol"`` (its answer was malformed)."""

    status = "errored"
    message: str
    detail: str = ""
    kind: str = "exception"


Outcome = Union[Passed, Failed, Unsupported, Errored]


def missing_support(case: Case, info: EngineInfo) -> str | None:
    """Why ``info``'s engine cannot run ``case``, or ``None`` when it can."""
    lacking = sorted(case.features - info.features)
    if lacking:
        return f"{info.name} lacks the features {', '.join(lacking)}"
    observed = {field for checkpoint in case.checkpoints for values in checkpoint.objects.values()
                for field in values}
    unreported = sorted(observed - info.observables["objects"])
    if unreported:
        return f"{info.name} does not report the object values {', '.join(unreported)}"
    observed_players = {field for checkpoint in case.checkpoints for values in (checkpoint.players or {}).values()
                        for field in values}
    unreported = sorted(observed_players - info.observables["players"])
    if unreported:
        return f"{info.name} does not report the player values {', '.join(unreported)}"
    return None


def judge(engine: Engine, info: EngineInfo, case: Case) -> Outcome:
    """Run ``case`` on ``engine`` (behind :func:`conformance.engines.guard.guarded`) and compare;
    never raises for the engine's faults, whatever it raises or returns."""
    reason = missing_support(case, info)
    if reason:
        return Unsupported(reason)
    snapshots = answer(engine, case.to_dict())
    if isinstance(snapshots, (Unsupported, Errored)):
        return snapshots
    try:
        mismatches = compare(case, snapshots)
    except MalformedSnapshots as exc:
        return Errored(str(exc), kind="protocol")
    return Failed(tuple(mismatches)) if mismatches else Passed()


def answer(engine: Engine, plain: dict[str, Any], run: Callable[[dict[str, Any]], Any] | None = None) -> Any:
    """``engine``'s answer to a case (its plain form), behind the guard (``run``, given, in place of the
    guarded engine's ``run``); an :class:`Unsupported` or :class:`Errored` outcome when it refuses the
    case or fails to answer. Never raises for the engine."""
    try:
        return (run or guarded(engine).run)(plain)
    except UnsupportedError as exc:
        return Unsupported(safe_text(exc.reason, MESSAGE_CHARS))
    except EngineFault as exc:  # it misbehaved: an engine over the protocol, or what the guard catches
        return Errored(exc.message, exc.detail, kind=exc.kind)
    except Exception as exc:
        return Errored(f"the engine raised {raised(exc)}", printable(traceback.format_exc()))


class MalformedSnapshots(ValueError):
    """The engine's answer is not one snapshot of the right shape per checkpoint."""


def compare(case: Case, snapshots: Any) -> list[Mismatch]:
    """Every value in ``case``'s checkpoints that ``snapshots`` reports differently."""
    checkpoints = [(i + 1, step) for i, step in enumerate(case.steps) if step.KEY == "expect"]
    if not isinstance(snapshots, list):
        raise MalformedSnapshots(f"the engine returned {type(snapshots).__name__}, not a list of snapshots")
    if len(snapshots) != len(checkpoints):
        raise MalformedSnapshots(
            f"the engine returned {len(snapshots)} snapshots for {len(checkpoints)} checkpoints")
    mismatches = []
    for number, ((step_number, checkpoint), snapshot) in enumerate(zip(checkpoints, snapshots), 1):
        objects = snapshot.get("objects") if isinstance(snapshot, Mapping) else None
        if not isinstance(objects, Mapping):
            raise MalformedSnapshots(f"snapshot {number} has no 'objects' mapping: {snapshot!r:.200}")
        for object_id, expected_values in checkpoint.objects.items():
            observed = objects.get(object_id, {})
            if not isinstance(observed, Mapping):
                raise MalformedSnapshots(f"snapshot {number}: object {object_id!r} is not a mapping")
            for field, expected in expected_values.items():
                got = observed.get(field, _MISSING)
                if not same(expected, got):
                    mismatches.append(Mismatch(number, step_number, checkpoint.label, object_id, field,
                                               _plain(expected), got))
        mismatches += _player_mismatches(number, step_number, checkpoint, snapshot)
    return mismatches


def _player_mismatches(number: int, step_number: int, checkpoint: Any, snapshot: Mapping[str, Any]) -> list[Mismatch]:
    """The player values of a checkpoint that the snapshot's ``players`` map reports differently."""
    if not checkpoint.players:
        return []
    players = snapshot.get("players")
    if not isinstance(players, Mapping):
        raise MalformedSnapshots(f"snapshot {number} has no 'players' mapping, and checkpoint {number} "
                                 f"observes players: {snapshot!r:.200}")
    mismatches = []
    for name, expected_values in checkpoint.players.items():
        observed = players.get(name, {})
        if not isinstance(observed, Mapping):
            raise MalformedSnapshots(f"snapshot {number}: player {name!r} is not a mapping")
        for field, expected in expected_values.items():
            got = observed.get(field, _MISSING)
            if not same(expected, got):
                mismatches.append(Mismatch(number, step_number, checkpoint.label, name, field, _plain(expected), got,
                                           kind="player"))
    return mismatches


def same(expected: Any, got: Any) -> bool:
    """Equal, and of the same JSON type (``True`` is not ``1``). Lists (colours, types, abilities)
    are compared as multisets: their order does not matter, repetitions do."""
    if isinstance(expected, Mapping):
        return isinstance(got, Mapping) and expected.keys() == got.keys() and all(
            same(v, got[k]) for k, v in expected.items())
    if isinstance(expected, (list, tuple)):
        return same_multiset(expected, got, same)
    if isinstance(expected, bool) or isinstance(got, bool):
        return type(expected) is type(got) and expected == got
    return type(expected) is type(got) and expected == got


def same_multiset(expected: Any, got: Any, alike: Callable[[Any, Any], bool]) -> bool:
    """Lists as multisets: as many items, each expected item ``alike`` one of ``got``'s of its own."""
    if not isinstance(expected, (list, tuple)) or not isinstance(got, (list, tuple)) or len(got) != len(expected):
        return False
    unmatched = list(got)
    for item in expected:
        match = next((i for i, other in enumerate(unmatched) if alike(item, other)), None)
        if match is None:
            return False
        del unmatched[match]
    return True


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return {k: _plain(v) for k, v in value.items()} if isinstance(value, Mapping) else value
