"""A campaign's worker process: runs the rounds it is given, one property at a time, under
Hypothesis with the shared example database, and writes every counterexample it finds as a case file.

A round is one property for up to ``examples`` examples or ``seconds`` seconds. A ``replay`` round
runs only what the database holds for the property (Hypothesis's reuse phase: the counterexamples
earlier runs stored, on this machine or another), then shrinks; an ``explore`` round generates new
examples (generate and target phases) and shrinks. A round ends early when the campaign stops
(its time is up or it was interrupted), but never while shrinking: a failure found is shrunk (for
at most the shrink bound) and written before the worker stops.

Workers ignore SIGINT and SIGTERM: the campaign's process receives them (a Ctrl-C reaches the whole
process group) and tells its workers to stop through ``stop``; the messages it reads are plain data
on ``results`` (:func:`work`).
"""

from __future__ import annotations

import os
import queue
import signal
import sys
import time
import traceback
import unittest
from typing import Any

EXPLORE_PHASES = ("generate", "target", "shrink")
REPLAY_PHASES = ("explicit", "reuse", "shrink")
PROGRESS_EVERY = 2.0
"""Seconds between a worker's progress messages within a round."""


class RoundOver(KeyboardInterrupt):
    """Ends a round between two examples (a ``KeyboardInterrupt``: Hypothesis stores nothing of the
    example it cuts and does not treat it as a failure)."""


def work(number: int, spec: str, databases: list[str], out: str, shrink_seconds: float | None,
         tasks, results, stop, backend: str = "hypothesis", campaign: int | None = None) -> None:
    """The worker ``number``'s process: load the engine ``spec``, then run each round of ``tasks``
    (a dict, or ``None`` to end) under Hypothesis's ``backend`` and put what it did on ``results``.

    A worker whose campaign process is gone (``campaign``, its pid, killed with SIGKILL: no one
    tells it to stop, and it ignores SIGTERM) ends its round as at a stop, a counterexample being
    shrunk shrunk and written first, and exits instead of waiting for a round forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if backend == "crosshair":  # CrossHair prints its own debugging (a test case cut at a round's end) on stdout
        sys.stdout = open(os.devnull, "w")
    orphaned = (lambda: os.getppid() != campaign) if campaign is not None else (lambda: False)
    try:
        worker = Worker(number, spec, databases, out, shrink_seconds, results, stop, backend, orphaned)
    except BaseException as exc:  # an engine that does not load: one line in the campaign's summary
        results.put({"kind": "failed", "worker": number, "message": f"{type(exc).__name__}: {exc}"})
        return
    results.put({"kind": "ready", "worker": number, "engine": str(worker.info)})
    try:
        while (task := _next_task(tasks, orphaned)) is not None:
            results.put(worker.round(task))
    except BaseException as exc:
        results.put({"kind": "failed", "worker": number, "message": f"{type(exc).__name__}: {exc}",
                     "traceback": traceback.format_exc()})
    finally:
        getattr(worker.engine, "close", lambda: None)()
        if orphaned():  # no one reads results any more: exit without waiting to flush them into the pipe
            results.cancel_join_thread()


def _next_task(tasks, orphaned) -> dict[str, Any] | None:
    """The next round from ``tasks``, or ``None`` (the end, or the campaign is gone)."""
    while not orphaned():
        try:
            return tasks.get(timeout=1.0)
        except queue.Empty:
            continue
    return None


class Worker:
    """One worker's engine, reference engine, database and properties."""

    def __init__(self, number: int, spec: str, databases: list[str], out: str, shrink_seconds: float | None,
                 results, stop, backend: str = "hypothesis", orphaned=lambda: False) -> None:
        from reference_engine import ReferenceEngine

        from conformance.campaign.databases import open_databases
        from conformance.engines.interface import describe, load_engine
        from conformance.laws import profiles
        from conformance.laws.catalogue import all_properties

        profiles.get("ci")  # moves Hypothesis's own storage out of the working directory, as under ci
        self.number, self.out, self.shrink_seconds = number, out, shrink_seconds
        self.results, self.stop, self.backend, self.orphaned = results, stop, backend, orphaned
        self.engine = load_engine(spec)
        self.info = describe(self.engine)
        self.reference = ReferenceEngine()
        self.reference_info = describe(self.reference)
        self.database = open_databases(databases)
        self.properties = {prop.id: prop for prop in all_properties()}

    def settings(self, task: dict[str, Any], keys):
        from hypothesis import Phase, Verbosity, settings

        from conformance.laws import profiles

        phases = REPLAY_PHASES if task["mode"] == "replay" else EXPLORE_PHASES
        return settings(profiles.PROFILES["dev"], database=keys, max_examples=task["examples"], derandomize=False,
                        phases=[Phase[name] for name in phases], verbosity=Verbosity.quiet, print_blob=False,
                        backend=self.backend)

    def round(self, task: dict[str, Any]) -> dict[str, Any]:
        """Run one round; what it did as plain data (``kind: round``), with the case file of any
        counterexample it found."""
        from conformance.campaign.databases import PropertyKeys
        from conformance.laws.runner import run_property

        prop = self.properties[task["property"]]
        keys = PropertyKeys(self.database, prop.id)
        started = time.monotonic()
        deadline = started + task["seconds"]
        seen: dict[str, Any] = {"run": None, "sent": started}

        def progress(doing: str, seconds: float, run) -> None:
            seen["run"] = run
            now = time.monotonic()
            if doing == "running" and (self.stop.is_set() or now > deadline or self.orphaned()):
                raise RoundOver
            if now - seen["sent"] >= PROGRESS_EVERY:
                seen["sent"] = now
                self.results.put({"kind": "progress", "worker": self.number, "property": prop.id,
                                  "mode": task["mode"], "doing": doing, "counts": run.counts})

        try:
            run = run_property(prop, self.engine, self.info, reference=self.reference, profile=self.settings(task, keys),
                               count_elements=True, shrink_seconds=self.shrink_seconds, progress=progress)
            cut = False
        except RoundOver:
            run, cut = seen["run"], True
        except unittest.SkipTest:  # a replay round of a property the database holds nothing for
            run, cut = seen["run"], False
        report: dict[str, Any] = {"kind": "round", "worker": self.number, "property": prop.id, "mode": task["mode"],
                                  "cut": cut, "seconds": time.monotonic() - started, "replayed": keys.fetched}
        if run is None:  # cut before its first example
            return {**report, "status": "passed", "counts": {}, "interactions": {}}
        report.update(status=run.status, counts=run.counts, message=(run.message or "").split("\n")[0],
                      interactions={key[1]: n for key, n in run.elements.items()  # examples meeting each row
                                    if isinstance(key, tuple) and key[0] == "interaction"})
        if not cut and run.status in ("failed", "errored") and run.cases and not _runner_bound(run):
            report["found"] = self.save(prop, run)
        return report

    def save(self, prop, run) -> dict[str, Any]:
        from conformance.campaign import found

        found_here = {"rules": list(run.rules), "message": (run.message or "").split("\n")[0]}
        try:
            path, new = found.save(self.out, prop, run, self.engine, self.info, self.reference, self.reference_info)
        except OSError as exc:  # a full disk: said in the summary; the database still holds the example
            return {**found_here, "error": f"{prop.id}: could not save its counterexample in {self.out}: "
                                           f"{exc.strerror or exc} (the example database keeps it)"}
        return {**found_here, "path": str(path), "new": new}


def _runner_bound(run) -> bool:
    """Whether the run ended at one of the runner's own bounds (time, restarts), not a counterexample."""
    return "the property was stopped" in (run.message or "")
