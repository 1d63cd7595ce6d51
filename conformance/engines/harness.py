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
pytest plugin at the end of a session, and at interpreter exit for any left over.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Sequence
from typing import Any

from conformance.engines import protocol
from conformance.errors import (EngineCrashed, EngineReportedError, EngineSpecError, EngineTimedOut,
                                ProtocolError, Unsupported)

PREFIX = "exec:"
DEFAULT_TIMEOUT = 10.0
"""Seconds an engine has to answer one case (``--timeout``, ``--mtg-timeout``)."""
DEFAULT_STARTUP_TIMEOUT = 30.0
"""Seconds an engine has to start and answer ``start`` (a JVM engine may need many)."""
STOP_TIMEOUT = 2.0
"""Seconds an engine has to exit after ``stop`` before its process group is killed."""
MAX_LINE = 16 * 2**20
"""The longest line an engine may write, in bytes (newline excluded)."""
STDERR_KEPT = 64 * 1024
"""How much of an engine's standard error is kept (the most recent bytes)."""
TAIL_LINES = 20
"""How many lines of standard error a report shows."""
MAX_DEPTH = 64
"""The deepest a message from an engine may nest (arrays and objects); deeper is a protocol error."""
GIVE_UP_AFTER = 3
"""After this many cases in a row time out, or crash with the same exit status, the remaining
cases are errored at once with that reason, unsent (``--keep-trying`` sends every case)."""
TOKEN_VARIABLE = "MTG_CONFORMANCE_ENGINE"
"""An environment variable set, to a token unique to each engine process, in the engine's
environment: every descendant that keeps it is found through ``/proc`` and killed with the
engine, even one that left the engine's process group (``setsid``)."""

_POSIX = os.name == "posix"
_LIVE: set[_Process] = set()


class _Ring:
    """The last ``size`` bytes written, and how many were ever written (thread-safe)."""

    def __init__(self, size: int):
        self._size = size
        self._data = bytearray()
        self._lock = threading.Lock()
        self.total = 0

    def write(self, chunk: bytes) -> None:
        with self._lock:
            self._data += chunk
            self.total += len(chunk)
            if len(self._data) > self._size:
                del self._data[:len(self._data) - self._size]

    def since(self, mark: int) -> bytes:
        """What was written after ``total`` was ``mark`` (as much of it as is kept)."""
        with self._lock:
            kept = min(self.total - mark, len(self._data))
            return bytes(self._data[len(self._data) - kept:]) if kept > 0 else b""


class _Process:
    """One engine process: its pipes, and three daemon threads keeping them flowing.

    The stdout reader splits output into lines and queues events: ``("line", bytes)``,
    ``("eof", partial_head, partial_size)`` when the engine closes its output (maybe in the
    middle of a line), ``("oversized", size)`` when a line exceeds ``max_line`` (the reader then
    stops: the engine is to be killed). The stderr drain keeps the tail in a :class:`_Ring`. The
    stdin writer sends requests, so a harness never blocks writing to an engine that reads nothing.
    """

    def __init__(self, argv: Sequence[str], max_line: int):
        self.max_line = max_line
        self.token = uuid.uuid4().hex
        self.popen = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            start_new_session=_POSIX,  # its own session and process group, killed as a whole
            env={**os.environ, TOKEN_VARIABLE: self.token},
        )
        _LIVE.add(self)
        self.events: queue.Queue[tuple] = queue.Queue()
        self.stderr = _Ring(STDERR_KEPT)
        self.pending: tuple[int, bytes] = (0, b"")  # the unfinished line: its size and head
        self._requests: queue.Queue[bytes | None] = queue.Queue()
        self._threads = [threading.Thread(target=target, daemon=True, name=f"engine-{self.popen.pid}-{name}")
                         for name, target in (("stdout", self._read_stdout), ("stderr", self._drain_stderr),
                                              ("stdin", self._write_stdin))]
        for thread in self._threads:
            thread.start()

    def _read_stdout(self) -> None:
        buffer, scanned = bytearray(), 0
        try:
            while chunk := self.popen.stdout.read1(65536):
                buffer += chunk
                while (end := buffer.find(b"\n", scanned)) >= 0:
                    if end > self.max_line:
                        self.events.put(("oversized", end))
                        return
                    self.events.put(("line", bytes(buffer[:end])))
                    del buffer[:end + 1]
                    scanned = 0
                scanned = len(buffer)
                if len(buffer) > self.max_line:
                    self.events.put(("oversized", len(buffer)))
                    return
                self.pending = (len(buffer), bytes(buffer[:200]))
        except (OSError, ValueError):
            pass
        self.events.put(("eof", bytes(buffer[:200]), len(buffer)))

    def _drain_stderr(self) -> None:
        try:
            while chunk := self.popen.stderr.read1(65536):
                self.stderr.write(chunk)
        except (OSError, ValueError):
            pass

    def _write_stdin(self) -> None:
        stdin = self.popen.stdin
        try:
            while (data := self._requests.get()) is not None:
                stdin.write(data)
                stdin.flush()
            stdin.close()
        except (OSError, ValueError):
            pass  # the engine is gone: the stdout reader sees the end of its output

    def send(self, message: dict[str, Any]) -> None:
        self._requests.put(protocol.encode(message))

    def next_event(self, deadline: float) -> tuple | None:
        """The next stdout event, or ``None`` if none comes before ``deadline`` (monotonic)."""
        try:
            return self.events.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None

    def discard_unsolicited(self) -> bool:
        """Drop lines nobody asked for; ``False`` if the engine's output has ended."""
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                return self.popen.poll() is None
            if event[0] != "line":
                return False

    def exit_status(self, grace: float = 1.0) -> str:
        """How the process ended, once its output has ended (killed if it lingers past ``grace``)."""
        try:
            code = self.popen.wait(grace)
        except subprocess.TimeoutExpired:
            self.kill()
            return "closed its standard output (then was killed)"
        self.kill()  # whatever it left running in its process group
        if code < 0:
            try:
                return f"was killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"was killed by signal {-code}"
        return f"exited with status {code}"

    def stderr_since(self, mark: int) -> str:
        """The tail of standard error written since ``mark`` (:attr:`_Ring.total` back then)."""
        self._threads[1].join(0.5 if self.popen.poll() is not None else 0)
        return _tail(self.stderr.since(mark))

    def kill(self) -> None:
        """Kill the process group (the engine and anything it started) and reap the engine."""
        if self not in _LIVE:
            return  # already done
        try:
            if _POSIX:
                os.killpg(self.popen.pid, signal.SIGKILL)
            else:
                self.popen.kill()
        except (ProcessLookupError, PermissionError, OSError):
            pass
        kill_marked(self.token)  # descendants that left the process group
        try:
            self.popen.wait(5)
        except subprocess.TimeoutExpired:
            pass
        self._requests.put(None)
        _LIVE.discard(self)
        for thread, stream in zip(self._threads, (self.popen.stdout, self.popen.stderr, self.popen.stdin)):
            thread.join(1.0)  # at the end of the pipes, now that the process group is dead
            if not thread.is_alive():  # (closing under a blocked reader would block too)
                try:
                    stream.close()
                except OSError:  # stdin still held an unsent request: the pipe is broken
                    pass

    def stop(self, timeout: float) -> bool:
        """Send ``stop``, close stdin, wait up to ``timeout`` s, then kill the process group.
        ``True`` if the engine exited on its own."""
        if self.popen.poll() is None:
            self.send(protocol.stop())
        self._requests.put(None)
        try:
            self.popen.wait(timeout)
            exited = True
        except subprocess.TimeoutExpired:
            exited = False
        self.kill()
        return exited


def kill_marked(token: str) -> int:
    """Kill (SIGKILL) every process whose environment holds ``TOKEN_VARIABLE=token``; how many.

    Linux only (it reads ``/proc/PID/environ``, which needs no privilege for one's own processes;
    elsewhere it does nothing and only the process group is killed). Its limits: a descendant that
    removed the variable from its environment before ``exec`` (or was started with a fresh
    environment), or runs as another user, is not found. Repeats until none is left, so a process
    forking while it is killed is caught too."""
    marker = f"{TOKEN_VARIABLE}={token}".encode()
    killed, me = 0, os.getpid()
    for _ in range(10):
        try:
            pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
        except OSError:
            return killed
        found = 0
        for pid in pids:
            if pid == me:
                continue
            try:
                with open(f"/proc/{pid}/environ", "rb") as f:
                    environ = f.read()
                with open(f"/proc/{pid}/stat", "rb") as f:
                    state = f.read().rsplit(b")", 1)[1].split()[0]
            except OSError:
                continue
            if state in (b"Z", b"X") or marker not in environ.split(b"\0"):
                continue
            try:
                os.kill(pid, signal.SIGKILL)
                found += 1
            except OSError:
                pass
        killed += found
        if not found:
            return killed
        time.sleep(0.01)
    return killed


def message_problem(message: Any, max_depth: int = MAX_DEPTH) -> str | None:
    """What makes decoded JSON unusable though it parsed: nesting deeper than ``max_depth``, or a
    string (or key) that is not valid Unicode (a lone surrogate such as ``"\\ud800"``). Iterative,
    so no depth can exhaust the stack."""
    stack: list[tuple[Any, int, str]] = [(message, 1, "")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return f"{where or 'the message'}: a string that is not valid Unicode (a lone surrogate): {value[:60]!r}"
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth > max_depth:
            return f"{where or 'the message'}: nested more than {max_depth} deep"
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                stack.append((key, depth, f"{where}/{key!r}"[:200] if where else repr(key)[:200]))
            stack.append((item, depth + 1, f"{where}/{key}"[:200] if where else str(key)[:200]))
    return None


def _no_constant(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


def decode_line(line: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """One line from an engine, as JSON; ``ValueError`` naming what is wrong: not UTF-8, not JSON,
    nested more than ``max_depth`` deep, a string that is not valid Unicode."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"a line that is not UTF-8 (byte {exc.start}): {_excerpt(line)}") from None
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError(f"JSON nested more than {max_depth} deep: {_excerpt(line)}") from None
    except ValueError:
        raise ValueError(f"a line that is not JSON: {_excerpt(line)}") from None
    problem = message_problem(value, max_depth)
    if problem:
        raise ValueError(f"unusable JSON ({problem})")
    return value


def _tail(data: bytes) -> str:
    text = data.decode("utf-8", "replace").rstrip()
    lines = text.splitlines()[-TAIL_LINES:]
    return "\n".join(line if len(line) <= 300 else line[:300] + "..." for line in lines)


def _excerpt(data: bytes) -> str:
    text = data[:200].decode("utf-8", "replace")
    return repr(text) + ("..." if len(data) > 200 else "")


@atexit.register
def _kill_leftovers() -> None:
    """No engine outlives the suite: stop whatever :meth:`SubprocessEngine.close` did not."""
    for process in list(_LIVE):
        process.stop(0.5)


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
        self._process: _Process | None = None
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
        event = process.next_event(time.monotonic() + self.timeout)
        if event is None:
            size, head = process.pending
            self._discard()
            unfinished = (f"; it had written {size} bytes of an unfinished line: {_excerpt(head)}"
                          if size else "")
            raise EngineTimedOut(
                f"{self} did not answer case {case_id} within {self.timeout:g} s: killed (the next case "
                f"restarts it){unfinished}", _stderr_detail(process.stderr_since(mark)))
        if event[0] == "eof":
            _, head, size = event
            status = process.exit_status()
            self._discard()
            middle = f" in the middle of a reply ({size} bytes without a newline: {_excerpt(head)})" if size else ""
            raise EngineCrashed(f"{self} {status} while running case {case_id}{middle}",
                                _stderr_detail(process.stderr_since(mark)))
        if event[0] == "oversized":
            self._discard()
            raise ProtocolError(f"{self} answered case {case_id} with a line longer than {_size(self.max_line)} "
                                f"(more than {event[1]} bytes without a newline): killed (the next case restarts it)")
        return self._reply(event[1], seq, case, process, mark)

    def _reply(self, line: bytes, seq: int, case: dict[str, Any], process: _Process, mark: int) -> list:
        case_id = case.get("id", "?")
        try:
            reply = decode_line(line)
        except ValueError as exc:  # not UTF-8, not JSON, too deep, a lone surrogate
            self._discard()
            raise ProtocolError(f"{self} answered case {case_id} with {exc}",
                                _stderr_detail(process.stderr_since(mark))) from None
        if not isinstance(reply, dict):
            self._discard()
            raise ProtocolError(f"{self} answered case {case_id} with JSON that is not an object: {_excerpt(line)}")
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
            error = reply["error"]
            raise EngineReportedError(f"{self} failed on case {case_id}: {error['message']}",
                                      error.get("traceback", ""))
        snapshots = reply["snapshots"]
        expected = protocol.checkpoints(case)
        if len(snapshots) != expected:
            raise ProtocolError(f"{self} answered case {case_id} with {len(snapshots)} snapshots for its "
                                f"{expected} checkpoints")
        return snapshots

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

    def _running(self, case_id: str) -> _Process:
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

    def _start(self) -> _Process:
        """Start the process and shake hands (``start`` → ``started``)."""
        spec = self.spec
        try:
            process = _Process(self.command, self.max_line)
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

    def _handshake(self, process: _Process) -> dict[str, Any]:
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
            wrote = f"; it wrote {_excerpt(head)} on its standard output" if size else ""
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
                                      f"it wrote {_excerpt(event[1])} on its standard output"
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
