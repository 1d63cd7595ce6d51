"""What a campaign shows while it runs, and its final summary.

- ``live`` (on a terminal, by default): a status line and a table of the properties (rounds,
  examples run and refused, counterexamples, interaction rows reached, the workers on it now),
  redrawn in place every second; a counterexample found is printed above it, and stays.
- ``minute`` (off a terminal, in CI logs): the status line once a minute, and each counterexample
  found as it is found.
- ``off``: the counterexamples found, and the summary.

The summary ends every campaign, however it stopped: the table, the totals and the rate per
worker, every counterexample file, and the command that replays them.
"""

from __future__ import annotations

import time
from typing import Any, TextIO

from conformance.campaign.schedule import Schedule

LIVE_EVERY, QUIET_EVERY = 1.0, 60.0
"""Seconds between two redraws of the live view, and between two lines off a terminal."""
WIDTH = 58
"""The widest property id the table shows whole."""


def clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}" if seconds >= 3600 else \
        f"{seconds // 60}:{seconds % 60:02d}"


class View:
    """The campaign's output on ``stream``, ``mode`` being ``live``, ``minute`` or ``off``."""

    def __init__(self, stream: TextIO, mode: str, schedule: Schedule, *, seconds: float, workers: int,
                 interactions: int, started: float | None = None) -> None:
        self.stream, self.mode, self.schedule = stream, mode, schedule
        self.seconds, self.workers, self.declared = seconds, workers, interactions
        self.started = time.monotonic() if started is None else started
        self.shown = 0  # lines of the live view on the terminal now
        self.said: set[str] = set()  # the counterexample files said so far
        self.last = self.started

    @staticmethod
    def chosen(choice: str, stream: TextIO) -> str:
        """The mode ``--progress`` (auto, on, off) means on ``stream``."""
        from conformance.pytest_progress import in_ci

        if choice == "off":
            return "off"
        live = stream.isatty() and not in_ci()
        return "live" if live else "minute"

    def status(self, now: float | None = None) -> str:
        """One line: time, examples and their rate, counterexamples, interactions reached."""
        now = time.monotonic() if now is None else now
        elapsed = max(now - self.started, 1e-9)
        examples = self.schedule.examples
        files = len(self.schedule.files)
        return (f"campaign {clock(elapsed)} of {clock(self.seconds)}: {examples:,} examples ({examples / elapsed:.1f}/s, "
                f"{examples / elapsed / self.workers:.1f}/s per worker), {files} counterexample file{'s' * (files != 1)}, "
                f"{len(self.schedule.interactions)} of {self.declared} interactions reached")

    def table(self, most: int | None = None) -> list[str]:
        """The header and a row per property; ``most``: at most that many rows, those running now, then
        those that found something, then those that ran longest first, and a line for the rest."""
        rows = [f"{'property':<{WIDTH}} {'rounds':>6} {'examples':>9} {'refused':>8} {'found':>5} {'interactions':>12}"]
        tallies = list(self.schedule.tallies.values())
        if most is not None and len(tallies) > most:
            shown = sorted(tallies, key=lambda t: (not t.running, not t.found, -t.seconds))[:max(0, most - 1)]
            rest = len(tallies) - len(shown)
            tallies = [t for t in tallies if t in shown]
        else:
            rest = 0
        for tally in tallies:
            name = tally.id if len(tally.id) <= WIDTH else tally.id[:WIDTH - 1] + "…"
            running = f"  ← worker {', '.join(str(w) for w in sorted(tally.running))}" if tally.running else ""
            rows.append(f"{name:<{WIDTH}} {tally.rounds:>6} {tally.ran:>9,} {tally.refused:>8,} {len(tally.found):>5} "
                        f"{len(tally.interactions):>12}{running}")
        if rest:
            rows.append(f"… {rest} more properties (the summary lists them all)")
        return rows

    def _erase(self) -> None:
        if self.shown:
            self.stream.write(f"\x1b[{self.shown}F\x1b[J")
            self.shown = 0

    def _draw(self, now: float) -> None:
        import shutil

        width, height = shutil.get_terminal_size()  # half the screen at most: lines wrapped or scrolled off cannot be redrawn, and the counterexamples found stay above
        lines = [line[:max(1, width - 1)] for line in (self.status(now), *self.table(most=max(3, height // 2 - 2)))]
        self.stream.write("\n".join(lines) + "\n")
        self.shown = len(lines)

    def tick(self, now: float | None = None) -> None:
        """Redraw (live) or print the status line (minute) when it is time to."""
        now = time.monotonic() if now is None else now
        if self.mode == "live" and (now - self.last >= LIVE_EVERY or not self.shown):
            self._erase()
            self._draw(now)
        elif self.mode == "minute" and now - self.last >= QUIET_EVERY:
            self.stream.write(self.status(now) + "\n")
        else:
            return
        self.last = now
        self.stream.flush()

    def say(self, line: str) -> None:
        """A line that stays (above the live view)."""
        self._erase()
        self.stream.write(line + "\n")
        self.stream.flush()

    def found(self, found: dict[str, Any], worker: int) -> None:
        """A counterexample a round found: its file (or why it is not saved), property and rules."""
        how = "replayed from the database" if found["mode"] == "replay" else "found"
        if "error" in found:
            where = found["error"]
        elif found["path"] in self.said:  # found again: counted, not said again
            return
        else:
            self.said.add(found["path"])
            where = found["path"] + ("" if found.get("new") else " (already there)")
        self.say(f"{how} by worker {worker}: {found['property']} (rules {', '.join(found['rules'])}): {where}\n"
                 f"  {found['message']}")

    def summary(self, *, how: str, engine: str, spec: str, databases: list[str], out: str, now: float | None = None) -> str:
        """The closing summary (``how``: why the campaign ended)."""
        self._erase()
        now = time.monotonic() if now is None else now
        files = self.schedule.files
        lines = [f"campaign against {engine} ({self.workers} worker{'s' * (self.workers != 1)}, database "
                 f"{' + '.join(databases)}): {how} after {clock(now - self.started)}",
                 *self.table(), self.status(now)]
        new = sum(1 for found in files.values() if found.get("new"))
        if files:
            lines.append(f"{len(files)} counterexample file{'s' * (len(files) != 1)} in {out} ({new} new):")
            for path, found in sorted(files.items()):
                lines.append(f"  {path}: {found['property']} (rules {', '.join(found['rules'])})")
            lines.append(f"replay them: mtg-conformance run --engine {_quoted(spec)} --cases {_quoted(out)}")
        else:
            lines.append("no counterexample found")
        lines.extend(self.schedule.notes)
        return "\n".join(lines)


def _quoted(text: str) -> str:
    import shlex

    return shlex.quote(text)
