"""A run's interrupts: SIGINT (Ctrl-C) and SIGTERM end a run once, and nothing cuts its stop short.

The first of the two raises ``KeyboardInterrupt`` where the run is, so pytest finishes the
session: every engine is stopped and the results file gets its footer (``interrupted: true``).
Any signal after it is noted and not acted on: a second Ctrl-C (or a CI runner's SIGTERM after
its SIGINT) must not land in the middle of that stop, where it once left a footer saying
``exit_status 0, interrupted false`` (pytest had not yet recorded the first interrupt), or no
footer at all, or an engine running. The stop is bounded: each engine has its stop timeout, then
its process group is killed.

A section that must not be cut (writing a line of the results file) runs under
:meth:`Interrupts.deferred`: a first signal arriving in it is acted on as the section ends.

This module knows nothing of pytest: the command line installs one for the whole ``run``
(:func:`install`), the pytest plugin finds it (:func:`installed`) or installs its own, in every
process (pytest-xdist workers too).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator

HANDLED = (signal.SIGINT, signal.SIGTERM)


class Interrupts:
    """What this process was sent of SIGINT and SIGTERM, and the handler acting on the first."""

    def __init__(self) -> None:
        self.signals: list[int] = []  # every one received, in order
        self.on_first: list[Callable[[int], None]] = []  # called with the first, before it is acted on
        self._depth = 0
        self._pending = False
        self._previous: dict[int, object] = {}

    @property
    def first(self) -> int | None:
        """The first signal received, or ``None``."""
        return self.signals[0] if self.signals else None

    @property
    def terminated(self) -> bool:
        return self.first == signal.SIGTERM

    def handler(self, signum: int, frame: object) -> None:
        self.signals.append(signum)
        if len(self.signals) > 1:
            return  # noted: the stop under way must not be cut short
        for callback in self.on_first:
            callback(signum)
        if self._depth:
            self._pending = True
            return
        raise KeyboardInterrupt(signal.Signals(signum).name)

    @contextlib.contextmanager
    def deferred(self) -> Iterator[None]:
        """Run the body whole: a first signal arriving in it is acted on at its end."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
        if not self._depth and self._pending:
            self._pending = False
            raise KeyboardInterrupt(signal.Signals(self.signals[0]).name)

    def act_if_lost(self) -> None:
        """Where stopping is safe (between cases, while waiting for an engine's answer): raise the
        interrupt again if one came and the run went on. The first signal raises
        ``KeyboardInterrupt`` wherever the run is, and code the run does not own may swallow it (a
        library that guards an import with a bare ``except``: seen about once in fifteen runs sent
        SIGTERM as pytest started); the run then went on to wait for a hanging engine, every later
        signal only noted."""
        if self.signals and not self._depth:
            raise KeyboardInterrupt(signal.Signals(self.signals[0]).name)

    def restore(self) -> None:
        """Put back the handlers this one replaced."""
        for signum, previous in self._previous.items():
            if signal.getsignal(signum) == self.handler:
                signal.signal(signum, previous)  # type: ignore[arg-type]
        self._previous.clear()


def installed() -> Interrupts | None:
    """The :class:`Interrupts` handling SIGINT or SIGTERM in this process, if one does."""
    for signum in HANDLED:
        owner = getattr(signal.getsignal(signum), "__self__", None)
        if isinstance(owner, Interrupts):
            return owner
    return None


def install() -> Interrupts | None:
    """Handle SIGINT and SIGTERM with a new :class:`Interrupts` (``None`` off the main thread,
    where Python cannot set a handler). A signal ignored when this process started (a background
    job of a non-interactive shell ignores SIGINT) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        return None
    interrupts = Interrupts()
    for signum in HANDLED:
        previous = signal.getsignal(signum)
        if previous == signal.SIG_IGN:
            continue
        interrupts._previous[signum] = previous
        signal.signal(signum, interrupts.handler)
    return interrupts


def act_if_lost() -> None:
    """:meth:`Interrupts.act_if_lost` of the :class:`Interrupts` of this process, if there is one."""
    interrupts = installed()
    if interrupts is not None:
        interrupts.act_if_lost()


def deferred(interrupts: Interrupts | None) -> contextlib.AbstractContextManager[None]:
    """``interrupts.deferred()``, or nothing to defer."""
    return interrupts.deferred() if interrupts is not None else contextlib.nullcontext()


def in_terminal_foreground() -> bool:
    """Whether this process's group is the foreground group of its controlling terminal."""
    import os

    for stream in (0, 1, 2):
        try:
            return os.tcgetpgrp(stream) == os.getpgrp()
        except OSError:  # not a terminal
            continue
    return False


def pass_on(pids: list[int]) -> Callable[[int], None]:
    """A callback for :attr:`Interrupts.on_first`: send SIGTERM to ``pids`` (pytest-xdist's workers),
    unless the signal is SIGINT from the terminal whose foreground group this is (a Ctrl-C, which
    reached the workers itself: they must not get two)."""
    import os

    def callback(signum: int) -> None:
        if signum == signal.SIGINT and in_terminal_foreground():
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:  # gone already
                pass
    return callback
