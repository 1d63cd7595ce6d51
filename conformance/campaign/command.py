"""``mtg-conformance campaign``: the property suite for hours or days, in several processes and on
several machines sharing one example database, every counterexample kept as a case file
(docs/campaigns.md).

Exit status: 0 when no counterexample was found, 1 when some was (its case file in ``--out``),
2 for invalid usage (an unknown property, a database that cannot be used, an engine that does not
load, ``--backend crosshair`` without hypothesis-crosshair installed), 130 or 143 when SIGINT or
SIGTERM stopped it: then every worker ends its round at the next example (a counterexample being
shrunk is shrunk and written first), and the summary says what it did. A second signal is noted,
not acted on (conformance.interrupts).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import queue
import signal
import sys
import time
from pathlib import Path
from typing import Any

from conformance.campaign.progress import View, clock
from conformance.campaign.schedule import Schedule, round_seconds

OK, FOUND, USAGE = 0, 1, 2
STOP_GRACE = 30.0
"""Seconds a worker has to end its round once told to stop, beyond the shrink bound; past them it
is killed (what it was shrinking stays in the example database, replayed by the next campaign)."""
CROSSHAIR_MISSING = ("campaign --backend crosshair: needs hypothesis-crosshair, not installed here (pip install "
                     "'mtg-conformance[crosshair]'); nothing was run")


def crosshair_workers(workers: int) -> int:
    """How many of ``workers`` run under CrossHair with ``--backend crosshair``: one in four, at
    least one (the others keep Hypothesis's backend: CrossHair ran about 1/70th as many examples a
    second, docs/campaigns.md, "CrossHair")."""
    return max(1, workers // 4)


def worker_backend(number: int, workers: int, backend: str) -> str:
    """The backend of worker ``number`` (1 to ``workers``): with ``crosshair``, the last
    :func:`crosshair_workers` of them."""
    return "crosshair" if backend == "crosshair" and number > workers - crosshair_workers(workers) else "hypothesis"


def worker_count(text: str) -> int:
    """``--workers``: a whole number of processes, 1 or more."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of workers, 1 or more, not {text!r}")
    return int(text)


def add_parser(commands) -> None:
    """``mtg-conformance campaign``'s options."""
    from conformance.engines.harness import positive_seconds
    from conformance.laws import profiles

    campaign = commands.add_parser(
        "campaign", help="run the property suite against an engine until a time is up, in worker processes sharing an "
                         "example database (a directory or Redis), writing each counterexample as a case file")
    campaign.add_argument("--engine", default="reference", metavar="SPEC",
                          help="the engine, as run --engine (default: the reference engine)")
    campaign.add_argument("--database", action="append", required=True, metavar="URL",
                          help="the shared example database: a directory, redis://HOST:PORT/DB, or readonly:URL; "
                               "repeated, one multiplexed database (read from all, written to the writable ones)")
    campaign.add_argument("--seconds", type=positive_seconds, required=True, metavar="N",
                          help="how long the campaign runs (it stops sooner on SIGINT or SIGTERM)")
    campaign.add_argument("--properties", action="extend", nargs="+", metavar="ID",
                          help="only these properties: an id, or the start of ids (701.11b: every property of that "
                               "rule; default: every property the engine can run)")
    campaign.add_argument("--workers", type=worker_count, default=1, metavar="K",
                          help="worker processes (default 1)")
    campaign.add_argument("--out", default="campaign-cases", metavar="DIR",
                          help="where the counterexamples are written, one case file each, named by a hash of its "
                               "content (default: campaign-cases)")
    campaign.add_argument("--backend", choices=("hypothesis", "crosshair"), default="hypothesis",
                          help="Hypothesis's backend; crosshair: CrossHair's symbolic execution in one worker in four, "
                               "at least one (needs hypothesis-crosshair: docs/campaigns.md)")
    campaign.add_argument("--shrink-seconds", type=profiles.parse_shrink_seconds, default=profiles.shrink_seconds("thorough"),
                          metavar="SECONDS", help="the most seconds spent shrinking one counterexample, or 'none' "
                                                  "(default: the thorough profile's, 60)")
    campaign.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                          help="auto (default): a live table on a terminal, a line a minute elsewhere; on: the same; "
                               "off: only what is found, and the summary")
    campaign.add_argument("--html", metavar="FILE",
                          help="also write the campaign as an HTML report to FILE, every minute and at the end")
    campaign.add_argument("--seed", type=int, metavar="N", help="seed the choice of properties (not Hypothesis's)")


def selected(wanted: list[str] | None, info) -> tuple[list[str], list[str]]:
    """The ids of the properties to run (those ``wanted`` name, an id or the start of ids; all by
    default) that the engine can run, and one line per property left out for that; raises
    ``ValueError`` naming a ``wanted`` that names none."""
    from reference_engine import ReferenceEngine

    from conformance.laws.catalogue import all_properties
    from conformance.laws.runner import property_check, unsupported_reason

    suite = all_properties()
    chosen = suite
    if wanted:
        for name in wanted:
            if not any(p.id.startswith(name) for p in suite):
                raise ValueError(f"campaign --properties {name}: no property's id is or starts with it "
                                 "(mtg-conformance properties lists them)")
        chosen = [p for p in suite if any(p.id.startswith(name) for name in wanted)]
    reference = ReferenceEngine()
    runnable, left_out = [], []
    for prop in chosen:
        features, check = property_check(prop, info, reference)
        if check is None:
            left_out.append(f"{prop.id}: left out: {unsupported_reason(prop, info, features)}")
        else:
            runnable.append(prop.id)
    return runnable, left_out


def command(args: argparse.Namespace) -> int:
    """``mtg-conformance campaign``."""
    from conformance.campaign.databases import DatabaseError, open_databases
    from conformance.engines.interface import describe, load_engine
    from conformance.format.files import through_link
    from conformance.interrupts import install

    if args.backend == "crosshair" and importlib.util.find_spec("hypothesis_crosshair_provider") is None:
        print(CROSSHAIR_MISSING, file=sys.stderr)
        return USAGE
    for option, target in (("--out", args.out), ("--html", args.html)):
        if target and through_link(target):
            print(f"campaign {option} {target}: {through_link(target)}; nothing was run", file=sys.stderr)
            return USAGE
    try:
        open_databases(args.database, check=True)
    except DatabaseError as exc:
        print(f"campaign {exc}", file=sys.stderr)
        return USAGE
    try:
        Path(args.out).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"campaign --out {args.out}: cannot make the directory: {exc.strerror or exc}; nothing was run", file=sys.stderr)
        return USAGE
    engine = load_engine(args.engine)  # an engine that does not load: one line (cli.main)
    try:
        info = describe(engine)
    finally:
        getattr(engine, "close", lambda: None)()
    try:
        properties, left_out = selected(args.properties, info)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return USAGE
    if not properties:
        print(f"campaign: {info} can run none of the properties selected", *left_out, sep="\n", file=sys.stderr)
        return USAGE
    interrupts = install()
    try:
        return Campaign(args, info, properties, left_out, interrupts).run()
    finally:
        if interrupts is not None and not (getattr(args, "own_process", False) and interrupts.first):
            interrupts.restore()


class Campaign:
    """The campaign's process: its workers, its schedule and its view."""

    def __init__(self, args: argparse.Namespace, info, properties: list[str], left_out: list[str], interrupts) -> None:
        import multiprocessing

        from conformance.laws.interactions import table

        self.args, self.info, self.interrupts = args, info, interrupts
        self.schedule = Schedule(properties, seed=args.seed,
                                 seconds=round_seconds(args.seconds, args.workers, len(properties)))
        self.schedule.notes.extend(left_out)
        self.context = multiprocessing.get_context("spawn")
        self.results = self.context.Queue()
        self.stop = self.context.Event()
        self.view = View(sys.stdout, View.chosen(args.progress, sys.stdout), self.schedule, seconds=args.seconds,
                         workers=args.workers, interactions=len(table()))
        self.workers: dict[int, Any] = {}
        self.tasks: dict[int, Any] = {}
        self.done: set[int] = set()  # workers told to end (None sent), or ended
        self.failed: set[int] = set()  # workers that failed (their engine did not load, or they died)
        self.stopping: str | None = None  # why: "time is up", "interrupted (SIGINT)", ...
        self.stopped_at: float | None = None
        self.html_written = 0.0

    def start_workers(self) -> None:
        """Start the workers with SIGINT and SIGTERM blocked: a worker keeps them blocked (then ignored)
        from its first instruction, and one arriving meanwhile reaches this process as they unblock."""
        from conformance.campaign.worker import work

        for number in range(1, self.args.workers + 1):
            tasks = self.tasks[number] = self.context.Queue()
            process = self.context.Process(
                target=work, name=f"mtg-conformance campaign worker {number}", daemon=True,
                args=(number, self.args.engine, list(self.args.database), self.args.out, self.args.shrink_seconds,
                      tasks, self.results, self.stop, worker_backend(number, self.args.workers, self.args.backend),
                      os.getpid()))
            previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
            try:
                process.start()
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)
            self.workers[number] = process

    def run(self) -> int:
        from conformance.interrupts import deferred

        started = time.monotonic()
        self.view.started = started
        self.deadline = started + self.args.seconds
        self.view.say(f"campaign against {self.info}: {len(self.schedule.tallies)} properties, {self.args.workers} "
                      f"worker{'s' * (self.args.workers != 1)}, {clock(self.args.seconds)}; counterexamples to "
                      f"{self.args.out}" + (f"; CrossHair's backend in {crosshair_workers(self.args.workers)} of the "
                                             "workers" if self.args.backend == "crosshair" else ""))
        try:
            try:
                self.start_workers()
            except KeyboardInterrupt:
                self.halt(self._signal_name())
            while True:
                try:
                    with deferred(self.interrupts):  # a signal here is acted on after the message is taken in
                        if not self.alive():
                            break
                        self.step()
                except KeyboardInterrupt:
                    self.halt(self._signal_name())
        finally:
            self.end_workers()
        self.write_html(final=True)
        how = self.stopping or "ended"
        print(self.view.summary(how=how, engine=str(self.info), spec=self.args.engine, databases=self.args.database,
                                out=self.args.out))
        if self.interrupts is not None and self.interrupts.first is not None:
            return 143 if self.interrupts.terminated else 130
        if self.schedule.files:
            return FOUND
        return USAGE if len(self.failed) == len(self.workers) else OK  # no worker could run (an engine that broke)

    def _signal_name(self) -> str:
        first = self.interrupts.first if self.interrupts is not None else None
        return f"interrupted ({signal.Signals(first).name})" if first else "interrupted"

    def halt(self, why: str) -> None:
        """Tell every worker to end its round at its next example (not while shrinking)."""
        self.schedule.interrupted = self.schedule.interrupted or why.startswith("interrupted")
        if self.stopping is None:
            self.stopping, self.stopped_at = why, time.monotonic()
            self.stop.set()
            self.view.say(f"campaign: {why}: the workers end their rounds (a counterexample being shrunk is "
                          "shrunk and written first)")

    def end_workers(self) -> None:
        """Kill any worker still running as the campaign ends (only on an error of the campaign's own:
        otherwise all have ended). Workers ignore SIGTERM, so multiprocessing's own end of daemon
        processes (terminate, then join) would wait for them forever."""
        for process in self.workers.values():
            if process.is_alive():
                process.kill()
                process.join(5)

    def alive(self) -> bool:
        return any(process.is_alive() for process in self.workers.values()) or not self.results.empty()

    def step(self) -> None:
        now = time.monotonic()
        if self.stopping is None and now >= self.deadline:
            self.halt("time is up")
        try:
            message = self.results.get(timeout=0.5)
        except queue.Empty:
            message = None
        if message is not None:
            self.take(message)
        self.check_workers()
        self.view.tick()
        self.write_html()

    def take(self, message: dict[str, Any]) -> None:
        worker = message["worker"]
        kind = message["kind"]
        if kind == "failed":
            self.failed.add(worker)
            self.schedule.notes.append(f"worker {worker} failed: {message['message']}")
            self.view.say(f"campaign: worker {worker} failed: {message['message']}")
            self.done.add(worker)
            return
        if kind in ("progress", "round"):
            found = self.schedule.record(message)
            if found is not None:
                self.view.found(found, worker)
        if kind in ("ready", "round"):
            self.give(worker)

    def give(self, worker: int) -> None:
        """The idle ``worker``'s next round, or the end."""
        left = self.deadline - time.monotonic()
        if self.stopping is None and left > 0.5:
            self.tasks[worker].put(self.schedule.next(left))
        elif worker not in self.done:
            self.tasks[worker].put(None)
            self.done.add(worker)

    def check_workers(self) -> None:
        """A worker that died is said so; after the stop, a worker past its grace is killed."""
        for number, process in self.workers.items():
            if number not in self.done and process.exitcode is not None and self.results.empty():
                self.done.add(number)
                self.failed.add(number)
                self.schedule.notes.append(f"worker {number} exited (status {process.exitcode}) during a round")
                self.view.say(self.schedule.notes[-1])
        if self.stopping is None:
            return
        bound = self.args.shrink_seconds if self.args.shrink_seconds is not None else 300.0
        late = time.monotonic() - (self.stopped_at or 0.0) > bound + STOP_GRACE
        for number, process in self.workers.items():
            if late and process.is_alive():
                process.kill()
                self.done.add(number)
                self.schedule.notes.append(
                    f"worker {number} did not end its round within {bound + STOP_GRACE:g} s of the stop: killed (what it "
                    "was running is in the example database, replayed by the next campaign)")

    def write_html(self, final: bool = False) -> None:
        if not self.args.html or not (final or time.monotonic() - self.html_written >= 60.0):
            return
        from conformance.campaign.page import write

        self.html_written = time.monotonic()
        problem = write(self.args.html, self.schedule, self.info, self.args, final=final,
                        seconds=time.monotonic() - self.view.started)
        if problem:
            self.schedule.notes.append(problem) if final else self.view.say(problem)
