"""Writing what a command is asked to write, so that a full disk, a file-size limit or a closed
pipe costs one line of error and never a file cut in the middle or a traceback.

- :func:`write_atomically`: a whole file (an expectations file, a report, a saved counterexample,
  ``last-failed.json``) is written to a temporary file in its directory and renamed over the
  old one: on failure the old file is untouched and the temporary file removed.
- :class:`LineFile`: a file of lines written as they come (the results stream): each line goes
  out whole or not at all; on failure the file is cut back to its last complete line and nothing
  more is written to it.
- :class:`ClosedPipeSafe`: standard output (or error) whose reader may go away (``| head``, a CI
  log pipe closed): from then on what is written to it is dropped, without a traceback, and its
  file descriptor points at ``os.devnull`` so that nothing fails at exit either (Python's
  documented recipe, "Note on SIGPIPE").
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Any, TextIO


def reason(exc: OSError) -> str:
    """An ``OSError`` in a few words: ``No space left on device``."""
    return exc.strerror or str(exc)


def write_atomically(path: str | Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8; bytes as they are) to ``path`` whole or not at all; raises ``OSError``, leaving the
    file as it was. Its directory is made if missing; a symbolic link is written through (the
    file it points to is replaced); an existing file keeps its permissions."""
    target = Path(os.path.realpath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        try:
            _write_all(fd, text if isinstance(text, bytes) else text.encode("utf-8"))
            os.fsync(fd)
            if target.exists():
                os.chmod(fd, target.stat().st_mode & 0o7777)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def unwritable(target: Path) -> str | None:
    """Why ``target`` cannot be written (its directory is made if missing), or ``None``."""
    from conformance.format.files import through_link

    if target.is_dir():
        return "it is a directory"
    if through_link(target):  # docs/ci.md, "What CI can trust"
        return through_link(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return reason(exc)
    if not os.access(target.parent, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        return "permission denied"
    return None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class LineFile:
    """A file written line by line, each line whole (one ``write`` loop, flushed to the kernel at
    once). When a line cannot be written (``ENOSPC``, ``EFBIG``), the file is cut back to the end
    of the line before it, :attr:`lost` says why and where, and later lines are dropped."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.fd: int | None = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        self.lines = 0  # complete lines in the file
        self.size = 0  # bytes in them
        self.lost: str | None = None

    def write(self, line: str) -> bool:
        """Append ``line`` (its newline added); ``False`` if it was not written."""
        if self.fd is None:
            return False
        data = (line + "\n").encode("utf-8")
        try:
            _write_all(self.fd, data)
        except OSError as exc:
            self.lost = (f"{reason(exc)} at line {self.lines + 1} (the file keeps the {self.lines} "
                         f"complete line{'s' * (self.lines != 1)} before it)")
            try:
                os.ftruncate(self.fd, self.size)
            except OSError:  # not a regular file (a device): nothing to cut back
                pass
            self.close()
            return False
        self.lines += 1
        self.size += len(data)
        return True

    def close(self) -> None:
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)


class ClosedPipeSafe:
    """Wraps a text stream: once a write or flush finds its reader gone (``BrokenPipeError``),
    everything written after is dropped and :attr:`closed_by_reader` is set."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.closed_by_reader = False

    def write(self, text: str) -> int:
        if not self.closed_by_reader:
            try:
                self.stream.write(text)
            except BrokenPipeError:
                self._reader_gone()
        return len(text)

    def flush(self) -> None:
        if not self.closed_by_reader:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._reader_gone()

    def _reader_gone(self) -> None:
        self.closed_by_reader = True
        to_devnull(self.stream)

    def isatty(self) -> bool:
        return not self.closed_by_reader and self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def __getattr__(self, name: str) -> Any:  # encoding, errors, buffer ...
        return getattr(self.stream, name)


def to_devnull(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at ``os.devnull``, so that what it still buffers is
    flushed there (at exit too) instead of failing again. A stream without one is left alone."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, io.UnsupportedOperation):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def guard_standard_streams() -> tuple[ClosedPipeSafe, ClosedPipeSafe]:
    """Replace ``sys.stdout`` and ``sys.stderr`` by :class:`ClosedPipeSafe` wrappers (undo with
    :func:`restore_standard_streams`)."""
    sys.stdout, sys.stderr = ClosedPipeSafe(sys.stdout), ClosedPipeSafe(sys.stderr)
    return sys.stdout, sys.stderr


def restore_standard_streams(guards: tuple[ClosedPipeSafe, ClosedPipeSafe]) -> None:
    out, err = guards
    for guard in guards:
        guard.flush()
    if sys.stdout is out:
        sys.stdout = out.stream
    if sys.stderr is err:
        sys.stderr = err.stream
    for guard in guards:
        if guard.closed_by_reader:
            to_devnull(guard.stream)  # again: pytest's capture may have put the pipe back meanwhile
