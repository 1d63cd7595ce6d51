"""The property suite's progress line: which property is running, and when it is shrinking.

    ....F. [12/31] 613/agrees-with-reference: shrinking a counterexample (4 s)

On a terminal the line follows what pytest has written on its current line (its dots, or with
``-v`` the property's node id) and is rewritten in place, at most a few times a second, then
erased when the property ends, so pytest's own output is left as it would be without it. It is
written with spaces and backspaces only, never past the terminal's width (so it never wraps), and
with pytest's output capture suspended, as pytest's live logging does.

Where it is not shown (``--mtg-progress auto``, the default):

- not on a terminal, or with ``CI`` set (any value but empty, ``0``, ``false``, ``no``): no line
  at all. pytest already writes a dot (with ``-v`` a line naming the property) per property, and
  the failure report and the results records say how long shrinking took and whether the bound cut
  it short (conformance/laws/shrinking.py); a line every second or so would only lengthen CI logs;
- under pytest-xdist: no line. The properties run in the workers, whose output never reaches the
  terminal, and the controller hears of a property only when it ends; relaying progress through
  the controller would need a message channel of our own per worker, and the workers' lines would
  compete for the one line pytest writes its dots on. ``mtg-conformance run -n N`` therefore shows
  pytest's output only.

``--mtg-progress on`` shows it even off a terminal (never in an xdist worker); ``off`` never.

``mtg-conformance coverage`` runs the property suite outside pytest (:class:`SuiteProgress`): the same
line on standard error on a terminal, and on a terminal or not one line per property as it ends,
as pytest writes its dots, so a long run off a terminal shows how far it has got.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable

INTERVAL = 0.25
"""The fewest seconds between two rewrites of the line."""


def in_ci(environ=os.environ) -> bool:
    """Whether the ``CI`` environment variable says this is a CI job."""
    return environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


class ProgressLine:
    """A progress line after the text already on the terminal's current line.

    ``room()`` is how many characters the line may take (the terminal's width less what is on
    the line); ``write`` writes to the terminal; ``clock`` is a monotonic clock."""

    def __init__(self, label: str, room: Callable[[], int], write: Callable[[str], None],
                 clock: Callable[[], float] = time.monotonic):
        self.label = label
        self.room = room
        self.write = write
        self.clock = clock
        self.shown = 0
        self.text = ""
        self.last: float | None = None

    def __call__(self, phase: str, seconds: float, run) -> None:
        """A :data:`conformance.laws.runner.Progress`: the property is ``running`` or ``shrinking``."""
        now = self.clock()
        if self.last is not None and now - self.last < INTERVAL:
            return
        self.last = now
        doing = ("shrinking a counterexample" if phase == "shrinking"
                 else f"{run.examples} example{'s' * (run.examples != 1)}")
        self.show(f" {self.label}: {doing} ({seconds:.0f} s)")

    def show(self, text: str) -> None:
        text = text[:max(0, self.room())]
        if text == self.text and self.shown:
            return
        self.text = text
        erase = max(0, self.shown - len(text))
        if text or erase:
            self.write(text + " " * erase + "\b" * (len(text) + erase))
        self.shown = len(text)

    def clear(self) -> None:
        """Erase the line, leaving the cursor where pytest left it."""
        if self.shown:
            self.write(" " * self.shown + "\b" * self.shown)
            self.shown, self.text = 0, ""


def wanted(config) -> bool:
    """Whether this pytest process shows the progress line (see the module's docstring)."""
    choice = config.getoption("mtg_progress", "auto")
    if choice == "off" or hasattr(config, "workerinput"):  # off, or an xdist worker
        return False
    if config.pluginmanager.getplugin("terminalreporter") is None:
        return False
    if choice == "on":
        return True
    if config.getoption("dist", "no") not in (None, "no") or in_ci():
        return False
    return _stdout_is_a_terminal(config)


@contextlib.contextmanager
def _uncaptured(config):
    capman = config.pluginmanager.getplugin("capturemanager")
    with capman.global_and_fixture_disabled() if capman is not None else contextlib.nullcontext():
        yield


def _stdout_is_a_terminal(config) -> bool:
    with _uncaptured(config):
        try:
            return sys.stdout.isatty()
        except (AttributeError, ValueError):
            return False


def for_item(item, index: int, total: int) -> ProgressLine | None:
    """The progress line of a property item (``[index/total] id``), or ``None`` where none is shown."""
    config = item.config
    if not wanted(config):
        return None
    writer = config.get_terminal_writer()

    def room() -> int:
        return writer.fullwidth - writer.width_of_current_line - 1

    def write(text: str) -> None:
        with _uncaptured(config):
            writer.flush()  # pytest's own text first
            sys.stdout.write(text)  # not through the writer: it would count it in its current line
            sys.stdout.flush()

    return ProgressLine(f"[{index}/{total}] {item.name}", room, write)


class SuiteProgress:
    """The progress of the property suite run outside pytest (``coverage``), on ``stream``: with
    ``live``, the progress line of the property running (rewritten in place); always, one line per
    property as it ends (``[3/31] 613/agrees-with-reference: passed, 100 examples, 4 s``)."""

    def __init__(self, stream, live: bool, width: Callable[[], int] | None = None):
        import shutil

        self.stream = stream
        self.live = live
        self.width = width or (lambda: shutil.get_terminal_size().columns)
        self.line: ProgressLine | None = None

    @classmethod
    def chosen(cls, choice: str, stream) -> SuiteProgress | None:
        """``--progress auto`` (a live line on a terminal off CI, the per-property lines always),
        ``on`` (the live line too, anywhere) or ``off`` (nothing)."""
        if choice == "off":
            return None
        try:
            terminal = stream.isatty()
        except (AttributeError, ValueError):
            terminal = False
        return cls(stream, live=choice == "on" or (terminal and not in_ci()))

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()

    def start(self, index: int, total: int, prop_id: str) -> ProgressLine | None:
        if not self.live:
            return None
        self.line = ProgressLine(f"[{index}/{total}] {prop_id}", lambda: self.width() - 1, self._write)
        return self.line

    def end(self) -> None:
        if self.line is not None:
            self.line.clear()
            self.line = None

    def ended(self, index: int, total: int, prop_id: str, run) -> None:
        self._write(f"[{index}/{total}] {prop_id}: {run.status}, {run.examples} example{'s' * (run.examples != 1)}, "
                    f"{run.seconds:.0f} s\n")
