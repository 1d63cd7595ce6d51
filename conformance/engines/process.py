"""An engine's process: started in its own session and marked (so every descendant can be found),
its standard output read by a thread into whole lines, its standard error drained into a bounded
ring, and stopped with all its descendants when the run ends (docs/protocol.md, "Lifecycle")."""

from __future__ import annotations

import atexit
import os
import queue
import select
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from conformance.engines import protocol

STOP_TIMEOUT = 2.0
"""Seconds an engine has to exit after ``stop`` before its process group is killed."""

STDERR_KEPT = 64 * 1024
"""How much of an engine's standard error is kept (the most recent bytes)."""

TAIL_LINES = 20
"""How many lines of standard error a report shows."""

TOKEN_VARIABLE = "MTG_CONFORMANCE_ENGINE"
"""An environment variable set, to a token unique to each engine process, in the engine's
environment: every descendant that keeps it is found through ``/proc`` and killed with the
engine, even one that left the engine's process group (``setsid``)."""

_POSIX = os.name == "posix"

_LIVE: set[EngineProcess] = set()


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


class EngineProcess:
    """One engine process: its pipes, and three daemon threads keeping them flowing.

    The stdout reader splits output into lines and queues events: ``("line", bytes)``,
    ``("eof", partial_head, partial_size)`` when the engine closes its output or exits, whichever
    comes first (maybe in the middle of a line; a descendant still holding the pipe does not
    delay it: :meth:`_chunks`), ``("oversized", size)`` when a line exceeds ``max_line`` (the reader then
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
        self._exit_fd = _pidfd(self.popen.pid)  # readable once the engine has exited (Linux)
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
            for chunk in self._chunks():
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
        finally:
            if self._exit_fd is not None:
                os.close(self._exit_fd)
        self.events.put(("eof", bytes(buffer[:200]), len(buffer)))

    def _chunks(self) -> Iterator[bytes]:
        """What the engine writes on its standard output, until the output ends or the engine itself
        exits. A descendant (a daemon it double-forked) may hold the pipe open long after the
        engine is gone, so the end of output alone would come only when that descendant dies: the
        engine's exit is watched beside the pipe (a pidfd, else a poll every 0.1 s), and once it
        has exited, what it wrote before is read to the end of what the pipe holds, then no more."""
        if not _POSIX:
            while chunk := self.popen.stdout.read1(65536):
                yield chunk
            return
        fd = self.popen.stdout.fileno()
        watched = [fd] if self._exit_fd is None else [fd, self._exit_fd]
        while True:
            readable = select.select(watched, [], [], None if self._exit_fd is not None else 0.1)[0]
            if fd in readable:
                chunk = os.read(fd, 65536)
                if not chunk:
                    return
                yield chunk
            elif self._exit_fd in readable or (self._exit_fd is None and self.popen.poll() is not None):
                break
        deadline = time.monotonic() + 0.5  # the engine has exited: what it wrote is in the pipe now
        while time.monotonic() < deadline and select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:
                return
            yield chunk

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


def _pidfd(pid: int) -> int | None:
    """A file descriptor that becomes readable when process ``pid`` exits (``pidfd_open``, Linux 5.3
    and later), or ``None`` where there is none."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _tail(data: bytes) -> str:
    text = data.decode("utf-8", "replace").rstrip()
    lines = text.splitlines()[-TAIL_LINES:]
    return "\n".join(line if len(line) <= 300 else line[:300] + "..." for line in lines)


@atexit.register
def _kill_leftovers() -> None:
    """No engine outlives the suite: stop whatever :meth:`SubprocessEngine.close` did not."""
    for process in list(_LIVE):
        process.stop(0.5)
