"""Engines in any language: the harness side of protocol v1 (docs/protocol.md).

``--engine 'exec:COMMAND ARGS'`` starts ``COMMAND ARGS`` (split as a POSIX shell would, with
:func:`shlex.split`, but run without a shell) and talks to it in JSON lines on its standard
input and output. :class:`SubprocessEngine` implements the in-process engine interface
(:mod:`conformance.engines.interface`: ``describe()``, ``run(case)``) over that process, so judging, the
pytest plugin and the CLI work unchanged.

It survives misbehaving engines (docs/protocol.md, "Timeouts and restarts"); every case gets
exactly one outcome, and a fault raises the :class:`~conformance.errors.EngineFault` of its kind,
which :func:`conformance.results.compare.judge` reports as an errored case:

- no answer to ``start`` within ``startup_timeout``, an engine that exits at start, speaks
  another protocol version or describes itself badly: :class:`EngineSpecError` (nothing runs);
- no answer to ``run`` within ``timeout``: the process group is killed, :class:`EngineTimedOut`;
- the process exits before answering: :class:`EngineCrashed`, with the tail of its standard
  error while it ran that case;
- an answer that is not JSON, a line over ``max_line`` bytes (16 MiB), the wrong ``seq``, a
  message not matching ``run-reply.json``, the wrong number of snapshots: :class:`ProtocolError`;
- an ``error`` reply: :class:`EngineReportedError` (with the engine's traceback);
  ``unsupported``: :class:`conformance.errors.Unsupported`.

A killed, crashed or desynchronised engine (after non-JSON, an oversized line or a wrong
``seq``) is restarted for the next case, which must describe itself as before; if restarting
fails, every later case is reported as a crash at once. Standard error is drained by a thread
into a bounded ring buffer, so chatter never blocks the engine; standard output is read by a
thread into whole lines, so a partial line never blocks the harness. Every process is stopped
(``stop``, then its process group killed after ``stop_timeout``) by :meth:`close`, by the
pytest plugin at the end of a session, and at interpreter exit for any left over."""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Sequence
from typing import Any

from conformance.engines import protocol
from conformance.engines.process import STOP_TIMEOUT, EngineProcess
from conformance.engines.replies import excerpt, decode_line
from conformance.errors import (
    EngineCrashed, EngineFault, EngineReportedError, EngineSpecError, EngineTimedOut, ProtocolError, Unsupported,
)

PREFIX = "exec:"

DEFAULT_TIMEOUT = 10.0
"""Seconds an engine has to answer one case (``--timeout``, ``--mtg-timeout``)."""

DEFAULT_STARTUP_TIMEOUT = 30.0
"""Seconds an engine has to start and answer ``start`` (a JVM engine may need many)."""

MAX_LINE = 16 * 2**20
"""The longest line an engine may write, in bytes (newline excluded)."""

GIVE_UP_AFTER = 3
"""After this many cases in a row time out, or crash with the same exit status, the remaining
cases are errored at once with that reason, unsent (``--keep-trying`` sends every case)."""


def positive_seconds(text: str) -> float:
    """An argparse type: a timeout in seconds, a positive number."""
    import argparse
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


class SubprocessEngine:
    """An engine in its own process, spoken to in protocol v1; an :class:`~conformance.engines.interface.Engine`.

    Creating one starts the process and shakes hands, raising :class:`EngineSpecError` if that
    fails. Not thread-safe: one case at a time (pytest-xdist workers each make their own).
    """

    def __init__(self, command: Sequence[str], *, timeout: float = DEFAULT_TIMEOUT,
                 startup_timeout: float = DEFAULT_STARTUP_TIMEOUT, stop_timeout: float = STOP_TIMEOUT,
                 max_line: int = MAX_LINE, spec: str | None = None, give_up_after: int | None = GIVE_UP_AFTER):
        self.command = list(command)
        self.spec = spec or PREFIX + shlex.join(self.command)
        if not self.command:
            raise EngineSpecError(f"--engine {self.spec!r}: no command after {PREFIX!r}")
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.stop_timeout = stop_timeout
        self.max_line = max_line
        self.give_up_after = give_up_after  # None or 0: never give up (--keep-trying)
        self._streak: tuple[str, str, int] | None = None  # the repeated fault: kind, how, how many cases
        self.gave_up: str | None = None  # why the remaining cases are not sent
        self.restarts = 0
        self._seq = 0
        self._description: dict[str, Any] | None = None
        self._gone: str | None = None  # why no process will be started again
        self._process: EngineProcess | None = None
        self._process = self._start()

    @classmethod
    def from_spec(cls, spec: str, **options: Any) -> SubprocessEngine:
        """The engine ``exec:COMMAND ARGS`` names; ``options`` as for the constructor."""
        if not spec.startswith(PREFIX):
            raise EngineSpecError(f"--engine {spec!r}: expected {PREFIX}COMMAND")
        try:
            argv = shlex.split(spec[len(PREFIX):])
        except ValueError as exc:
            raise EngineSpecError(f"--engine {spec!r}: cannot split the command: {exc}") from None
        return cls(argv, spec=spec, **options)

    def __str__(self) -> str:
        if self._description is None:
            return self.spec
        return f"{self._description['name']} {self._description['version']}"

    def __repr__(self) -> str:
        return f"SubprocessEngine.from_spec({self.spec!r})"

    # -- the Engine interface ------------------------------------------------------------------

    def describe(self) -> dict[str, Any]:
        """The ``engine`` of the ``started`` reply (protocol v1; same fields as in-process)."""
        assert self._description is not None
        return json.loads(json.dumps(self._description))

    def run(self, case: dict[str, Any]) -> list[dict[str, Any]]:
        """Send ``{"cmd": "run", "seq": N, "case": case}`` and return the snapshots it answers.

        Raises :class:`~conformance.errors.Unsupported` for an ``unsupported`` reply, and the
        :class:`~conformance.errors.EngineFault` of its kind for anything else that is not
        snapshots (see the module docstring).
        """
        case_id = case.get("id", "?") if isinstance(case, dict) else "?"
        if self.gave_up:
            error = EngineTimedOut if self._streak and self._streak[0] == "timeout" else EngineCrashed
            raise error(f"{self}: case {case_id} not sent: {self.gave_up}")
        try:
            snapshots = self._run(case, case_id)
        except (EngineTimedOut, EngineCrashed) as exc:
            self._count_fault(exc)
            raise
        except BaseException:
            self._streak = None
            raise
        self._streak = None
        return snapshots

    def _count_fault(self, exc: EngineTimedOut | EngineCrashed) -> None:
        """Count cases failed in a row the same way; give up after :attr:`give_up_after` of them."""
        message = str(exc)
        if isinstance(exc, EngineTimedOut):
            kind, how = "timeout", f"did not answer within {self.timeout:g} s"
        elif " while running case " in message:
            kind, how = "crash", message.split(" while running case ", 1)[0].removeprefix(str(self)).strip()
        else:  # not sent, or could not be restarted: already every later case at once
            self._streak = None
            return
        count = self._streak[2] + 1 if self._streak and self._streak[:2] == (kind, how) else 1
        self._streak = (kind, how, count)
        if self.give_up_after and count >= self.give_up_after:
            self.gave_up = (f"the engine {how} on {count} cases in a row, so the remaining cases are errored "
                            f"without being sent (--keep-trying sends every case)")
            self._discard()

    def _run(self, case: dict[str, Any], case_id: str) -> list[dict[str, Any]]:
        process = self._running(case_id)
        self._seq += 1
        seq = self._seq
        request = protocol.run(seq, case)
        problem = protocol.problem("run", request)
        if problem:
            raise ValueError(f"the run request for case {case_id} does not match run.json: {problem}")
        mark = process.stderr.total
        process.send(request)
        event = _answer(process, time.monotonic() + self.timeout)
        if event is None:
            size, head = process.pending
            self._discard()
            unfinished = (f"; it had written {size} bytes of an unfinished line: {excerpt(head)}"
                          if size else "")
            raise EngineTimedOut(
                f"{self} did not answer case {case_id} within {self.timeout:g} s: killed (the next case "
                f"restarts it){unfinished}", _stderr_detail(process.stderr_since(mark)))
        if event[0] == "eof":
            _, head, size = event
            status = process.exit_status()
            self._discard()
            middle = f" in the middle of a reply ({size} bytes without a newline: {excerpt(head)})" if size else ""
            raise EngineCrashed(f"{self} {status} while running case {case_id}{middle}",
                                _stderr_detail(process.stderr_since(mark)))
        if event[0] == "oversized":
            self._discard()
            raise ProtocolError(f"{self} answered case {case_id} with a line longer than {_size(self.max_line)} "
                                f"(more than {event[1]} bytes without a newline): killed (the next case restarts it)")
        return self._reply(event[1], seq, case, process, mark)

    def _reply(self, line: bytes, seq: int, case: dict[str, Any], process: EngineProcess, mark: int) -> list:
        case_id = case.get("id", "?")
        try:
            reply = self._decode(line)
        except ValueError as exc:  # not UTF-8, not JSON, too deep, a lone surrogate
            self._discard()
            raise ProtocolError(f"{self} answered case {case_id} with {exc}",
                                _stderr_detail(process.stderr_since(mark))) from None
        if not isinstance(reply, dict):
            self._discard()
            raise ProtocolError(f"{self} answered case {case_id} with JSON that is not an object: {excerpt(line)}")
        if reply.get("seq") != seq or type(reply.get("seq")) is not int:
            self._discard()
            raise ProtocolError(f"{self} answered case {case_id} (seq {seq}) with seq {reply.get('seq')!r}: "
                                f"a reply echoes the seq of its request")
        problem = protocol.problem("run-reply", reply)
        if problem:
            raise ProtocolError(f"{self} answered case {case_id} with a reply not matching run-reply.json: {problem}")
        if "unsupported" in reply:
            raise Unsupported(reply["unsupported"])
        if "error" in reply:
            raise self._reported(reply["error"], case_id)
        snapshots = reply["snapshots"]
        expected = protocol.checkpoints(case)
        if len(snapshots) != expected:
            raise ProtocolError(f"{self} answered case {case_id} with {len(snapshots)} snapshots for its "
                                f"{expected} checkpoints")
        return snapshots

    def _decode(self, line: bytes) -> Any:
        """A line of the engine's, as JSON (:func:`~conformance.engines.replies.decode_line`)."""
        return decode_line(line)

    def _reported(self, error: dict[str, Any], case_id: str) -> EngineFault:
        """The fault an ``error`` reply reports."""
        return EngineReportedError(f"{self} failed on case {case_id}: {error['message']}", error.get("traceback", ""))

    # -- lifecycle -----------------------------------------------------------------------------

    def close(self) -> bool:
        """Stop the engine (``stop``; its process group killed after ``stop_timeout``).
        ``True`` if it exited on its own. Idempotent."""
        process, self._process = self._process, None
        self._gone = self._gone or "it was closed"
        return process.stop(self.stop_timeout) if process is not None else True

    def __enter__(self) -> SubprocessEngine:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        """The running engine's process id (``None`` between a fault and the restart)."""
        return self._process.popen.pid if self._process is not None else None

    def _discard(self) -> None:
        """Kill the current process; the next case restarts it."""
        if self._process is not None:
            self._process.kill()
            self._process = None

    def _running(self, case_id: str) -> EngineProcess:
        """The process to send ``case_id`` to, restarted if it is gone."""
        if self._process is not None and self._process.discard_unsolicited():
            return self._process
        if self._process is not None:  # it exited after its last answer
            self._process.exit_status(0.1)
            self._process = None
        if self._gone:
            raise EngineCrashed(f"{self} is not running ({self._gone}): case {case_id} not sent")
        try:
            self._process = self._start()
        except EngineSpecError as exc:
            self._gone = "restarting it failed"
            raise EngineCrashed(f"{self} could not be restarted for case {case_id}: {exc}") from None
        self.restarts += 1
        return self._process

    def _start(self) -> EngineProcess:
        """Start the process and shake hands (``start`` → ``started``)."""
        spec = self.spec
        try:
            process = EngineProcess(self.command, self.max_line)
        except OSError as exc:
            raise EngineSpecError(f"--engine {spec!r}: cannot start {self.command[0]!r}: "
                                  f"{exc.strerror or exc}") from None
        try:
            description = self._handshake(process)
        except EngineSpecError:
            process.kill()
            raise
        if self._description is not None and description != self._description:
            process.kill()
            raise EngineSpecError(f"--engine {spec!r}: after a restart the engine describes itself differently")
        self._description = description
        return process

    def _handshake(self, process: EngineProcess) -> dict[str, Any]:
        spec = self.spec
        process.send(protocol.start())
        event = process.next_event(time.monotonic() + self.startup_timeout)
        if event is None:
            process.kill()
            raise EngineSpecError(f"--engine {spec!r}: no answer to start within {self.startup_timeout:g} s"
                                  + _stderr_suffix(process.stderr_since(0)))
        if event[0] == "eof":
            status = process.exit_status()
            _, head, size = event
            wrote = f"; it wrote {excerpt(head)} on its standard output" if size else ""
            raise EngineSpecError(f"--engine {spec!r}: the engine exited before answering start ({status}){wrote}"
                                  + _stderr_suffix(process.stderr_since(0)))
        if event[0] == "oversized":
            raise EngineSpecError(f"--engine {spec!r}: answered start with a line longer than {_size(self.max_line)}")
        try:
            started = decode_line(event[1])
        except ValueError as exc:
            after = process.next_event(time.monotonic() + 0.5)
            if after is not None and after[0] == "eof":  # `exec:echo hello`: it wrote a line and exited
                status = process.exit_status()
                raise EngineSpecError(f"--engine {spec!r}: the engine exited before answering start ({status}); "
                                      f"it wrote {excerpt(event[1])} on its standard output"
                                      + _stderr_suffix(process.stderr_since(0))) from None
            raise EngineSpecError(f"--engine {spec!r}: answered start with {exc}"
                                  + _stderr_suffix(process.stderr_since(0))) from None
        version = started.get("version") if isinstance(started, dict) else None
        if isinstance(version, int) and not isinstance(version, bool) and version != protocol.VERSION:
            raise EngineSpecError(f"--engine {spec!r}: the engine speaks protocol version {version}; this suite "
                                  f"speaks version {protocol.VERSION} (see docs/protocol.md)")
        problem = protocol.problem("started", started)
        if problem:
            raise EngineSpecError(f"--engine {spec!r}: its answer to start does not match started.json: {problem}")
        return started["engine"]


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n % 2**20 == 0 else f"{n} bytes"


def _stderr_detail(tail: str) -> str:
    return f"standard error while it ran the case (last lines):\n{tail}" if tail else ""


def _stderr_suffix(tail: str) -> str:
    if not tail:
        return " (nothing on its standard error)"
    return "; its standard error ends with:\n" + "\n".join("    " + line for line in tail.splitlines())


ANSWER_SLICE = 0.25
"""While waiting for an engine's answer, how often (seconds) an interrupt the run went on after is
looked for (:func:`conformance.interrupts.act_if_lost`)."""


def _answer(process: EngineProcess, deadline: float) -> tuple | None:
    """The engine's next event before ``deadline``; an interrupt the run went on after (its
    ``KeyboardInterrupt`` swallowed) stops the wait within :data:`ANSWER_SLICE`."""
    from conformance.interrupts import act_if_lost

    while True:
        event = process.next_event(min(deadline, time.monotonic() + ANSWER_SLICE))
        if event is not None or time.monotonic() >= deadline:
            return event
        act_if_lost()
