"""An in-process engine in a worker process, so that ``--timeout`` bounds it (docs/engines.md,
"Time"): ``python -m reference_engine.serve --worker --engine SPEC`` loads the engine ``SPEC``
names (``reference``, an installed engine's name, ``module:attribute``) and serves it over protocol v1, behind the guard of
:mod:`conformance.engines.guard`; :class:`WorkerEngine` is the harness side, a
:class:`~conformance.engines.harness.SubprocessEngine`: a case past the timeout is killed with the
process and is a ``timeout`` of that case, and an engine that calls ``os._exit()``, kills its own process or crashes the interpreter is a ``crash``
of that case; the next case restarts the worker, and the run goes on.

The verdicts are those of the same engine in-process: the worker's replies carry what JSON
cannot (``NaN``, ``Infinity``, read back as floats) and the kind of each fault with the message an
in-process run gives (two additions to protocol v1 that only this pair speaks). What differs:
the engine is another object, in another process, made from its spec (an object built in a test
cannot be sent); a refusal keeps its reason but not its class (``EngineGap`` is ``Unsupported``
there); anything the engine writes on its standard output goes to its standard error."""

from __future__ import annotations

import sys
from typing import Any

from conformance.engines.harness import SubprocessEngine
from conformance.engines.replies import decode_line
from conformance.errors import EngineFault, EngineReportedError, EngineSpecError, ProtocolError

FAULTS = {"protocol": ProtocolError, "exception": EngineReportedError}
"""The kinds of an in-process engine's faults, as the worker reports them, by class."""


class WorkerEngine(SubprocessEngine):
    """The in-process engine ``spec`` names, run in a worker process (the module docstring)."""

    def __init__(self, spec: str, **options: Any):
        self._kind: str | None = None
        super().__init__([sys.executable, "-m", "reference_engine.serve", "--worker", "--engine", spec], spec=spec,
                         **options)

    def __repr__(self) -> str:
        return f"WorkerEngine({self.spec!r})"

    def _start(self) -> Any:
        """The worker, started; an engine it could not load is refused with the worker's own line."""
        try:
            return super()._start()
        except EngineSpecError as exc:
            own = [line.strip() for line in str(exc).splitlines()[1:] if line.strip().startswith("--engine ")]
            if own:
                raise EngineSpecError(own[-1]) from None
            raise

    def _decode(self, line: bytes) -> Any:
        reply = decode_line(line, constants=True)
        error = reply.get("error") if isinstance(reply, dict) else None
        self._kind = error.pop("kind", None) if isinstance(error, dict) else None
        return reply

    def _reported(self, error: dict[str, Any], case_id: str) -> EngineFault:
        fault = FAULTS.get(self._kind or "exception", EngineReportedError)(error["message"], error.get("traceback", ""))
        if self._kind and self._kind not in FAULTS:  # an engine's own EngineFault, of its kind
            fault.kind = self._kind
        return fault
