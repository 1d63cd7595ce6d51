"""The engine interface (in-process, Python).

An engine is any object with two methods:

- ``describe() -> dict``: ``{"name": str, "version": str, "features": [str, ...],
  "observables": {"objects": [str, ...], "players": [str, ...]}}``. Features come from the
  closed vocabulary in :mod:`conformance.format.features`; observables name the values its snapshots
  report (see docs/format.md, "Checkpoints").
- ``run(case: dict) -> list[dict]``: runs a whole case, given in its plain JSON form
  (:meth:`conformance.format.model.Case.to_dict`), and returns one snapshot per checkpoint, in
  order: ``{"objects": {id: {observable: value, ...}}}``. It raises
  :class:`conformance.errors.Unsupported` for anything it cannot do.

``--engine`` names an engine by name (``reference``, the built-in one, or the name an installed
adapter distribution declares: :mod:`conformance.engines.installed`) or as ``module:attribute``,
where the attribute is an engine, or a class or function that makes one when called with no
argument; the module is imported as ``python -m`` would, the working directory first.
``exec:COMMAND ARGS`` names an engine in any language, run as a subprocess speaking protocol v1
(docs/protocol.md, :class:`conformance.engines.harness.SubprocessEngine`).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from conformance.engines import installed
from conformance.errors import EngineSpecError
from conformance.format.features import FEATURES

OBSERVABLE_KINDS = ("objects", "players")


@runtime_checkable
class Engine(Protocol):
    """What the suite needs of an engine."""

    def describe(self) -> dict[str, Any]: ...

    def run(self, case: dict[str, Any]) -> list[dict[str, Any]]: ...


@dataclass(frozen=True)
class EngineInfo:
    """An engine's description, checked."""

    name: str
    version: str
    features: frozenset[str]
    observables: Mapping[str, frozenset[str]]

    @classmethod
    def from_description(cls, description: Any) -> EngineInfo:
        """Check what ``describe()`` returned; raise :class:`EngineSpecError` saying what is wrong."""
        if not isinstance(description, Mapping):
            raise EngineSpecError(f"describe() must return a dict, got {type(description).__name__}")
        problems = []
        for key in ("name", "version"):
            if not isinstance(description.get(key), str) or not description.get(key):
                problems.append(f"{key!r} must be a non-empty string")
        features = description.get("features")
        if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
            problems.append("'features' must be a list of strings")
            features = []
        unknown = sorted(set(features) - FEATURES.keys())
        if unknown:
            problems.append(f"unknown features {unknown} (known: {', '.join(sorted(FEATURES))})")
        observables = description.get("observables")
        if not isinstance(observables, Mapping) or not all(
            k in OBSERVABLE_KINDS and isinstance(v, list) for k, v in observables.items()
        ):
            problems.append("'observables' must map 'objects' and 'players' to lists of names")
            observables = {}
        if problems:
            raise EngineSpecError("invalid engine description: " + "; ".join(problems))
        return cls(
            name=description["name"],
            version=description["version"],
            features=frozenset(features),
            observables={kind: frozenset(observables.get(kind, ())) for kind in OBSERVABLE_KINDS},
        )

    def __str__(self) -> str:
        return f"{self.name} {self.version}"


def load_engine(spec: str, *, timeout: float | None = None, keep_trying: bool = False) -> Engine:
    """The engine ``spec`` names: a name (``reference``, an installed adapter's), ``module:attribute``
    or ``exec:COMMAND ARGS``.

    ``timeout`` (seconds per case): for an ``exec:`` engine, ``None`` is its default
    (:data:`conformance.engines.harness.DEFAULT_TIMEOUT`); an in-process engine is then run in a
    worker process (:class:`conformance.engines.worker.WorkerEngine`), where a case past it is a
    timeout of that case, and without it runs in this process, unbounded (docs/engines.md, "Time").
    ``keep_trying`` (``exec:``, or with a timeout): send every case even after the engine timed out
    or crashed the same way on :data:`conformance.engines.harness.GIVE_UP_AFTER` cases in a row.
    """
    options = {**({} if timeout is None else {"timeout": timeout}), **({"give_up_after": None} if keep_trying else {})}
    if spec.startswith("exec:"):
        from conformance.engines.harness import SubprocessEngine

        return SubprocessEngine.from_spec(spec, **options)
    if timeout is not None:
        from conformance.engines.worker import WorkerEngine

        return WorkerEngine(spec, **options)
    named = None if ":" in spec else installed.find(spec)
    if ":" not in spec and named is None:
        raise installed.unknown(spec)
    target = spec if named is None else named.target
    module_name, sep, attribute = target.partition(":")
    if not sep or not module_name or not attribute:
        raise EngineSpecError(f"--engine {spec!r}: expected 'module:attribute', 'exec:COMMAND' or an engine's name")
    if named is None and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # like `python -m`: modules in the working directory
    declared = "" if named is None or named.distribution is None else f" (declared by {named.declared_by})"
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # an engine module that fails to import is a spec problem
        raise EngineSpecError(f"--engine {spec!r}: cannot import {module_name!r}{declared}: {exc}") from exc
    obj: Any = module
    for part in attribute.split("."):
        if not hasattr(obj, part):
            raise EngineSpecError(f"--engine {spec!r}: {module_name!r} has no attribute {attribute!r}")
        obj = getattr(obj, part)
    if not isinstance(obj, Engine) or isinstance(obj, type):
        if not callable(obj):
            raise EngineSpecError(f"--engine {spec!r}: {attribute!r} is not an engine (no describe/run)")
        try:
            obj = obj()
        except Exception as exc:
            raise EngineSpecError(f"--engine {spec!r}: creating the engine failed: {exc}") from exc
    if not isinstance(obj, Engine):
        raise EngineSpecError(f"--engine {spec!r}: {attribute!r} does not make an engine (needs describe() and run())")
    return obj


def describe(engine: Engine) -> EngineInfo:
    """``engine.describe()`` (behind :func:`conformance.engines.guard.guarded`), checked."""
    from conformance.engines.guard import EngineRaised, guarded, raised

    try:
        description = guarded(engine).describe()
    except EngineRaised as exc:
        raise EngineSpecError(f"describe() failed: {exc.message}") from None
    except Exception as exc:
        raise EngineSpecError(f"describe() failed: {raised(exc)}") from exc
    return EngineInfo.from_description(description)
