"""``mtg-conformance run --corpus [FILE] [--corpus-size N]``: the corpus replayed against an engine.

No Hypothesis and no reference engine at run time: each scenario goes to the engine and its answer
is compared with the expected snapshots (:mod:`conformance.corpus.judge`), in this process (a
pytest item per scenario would cost more than the reference engine's own run). What a run of the
cases has, it has too: results by rule (a scenario counts under the rules its content exercises; a
failing one under those it shows broken, :func:`conformance.results.exercised.case_failing_rules`),
unsupported scenarios counted by reason, ``-k`` (id, rules, features), ``--shard``, ``--lf``/``--ff``,
``-x``, ``--results``, ``--expectations``/``--strict``/``--update-expectations`` (a scenario is a
result of kind ``case``: entries by its id, a glob of ids, a rule or a feature), and the exit
statuses. A failure is reported already reduced (:mod:`conformance.corpus.reduce`), each within the
shrink bound (``--shrink-seconds``, 10 s by default), the first :data:`MAX_REDUCED` of a run.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from conformance.corpus import store
from conformance.corpus.judge import judge
from conformance.corpus.store import Corpus, Scenario
from conformance.errors import CaseFileErrors
from conformance.laws import profiles
from conformance.reports.text import CaseResult, exit_status
from conformance.results import compare, records

OK, FAILED, USAGE = 0, 1, 2
INTERRUPTED = 130
MAX_REDUCED = 5
"""The most failures of one run reduced and shown in full (the first of each set of rules shown broken),
each within the shrink bound; the others are listed one a line (their case file as drawn is in
``--results``; ``mtg-conformance reduce`` makes any of them small)."""
MAX_LISTED = 50
"""The most failures of one run listed one a line; the rest are counted (and in ``--results``)."""
REDUCE_SECONDS = 10.0
"""The default bound on reducing one failure: the ``ci`` profile's shrink bound."""
NOT_WITH_CORPUS = (("workers", "-n"), ("junitxml", "--junitxml"), ("cases", "--cases"), ("save_failures", "--save-failures"),
                   ("statistics", "--statistics"), ("pytest_args", "-- PYTEST_ARGS"))


def usage_problem(args: argparse.Namespace) -> str | None:
    """Why ``args`` cannot replay the corpus, or ``None``."""
    for name, option in NOT_WITH_CORPUS:
        if getattr(args, name, None):
            return f"mtg-conformance run --corpus: {option} does not apply to the corpus (it replays in this process)"
    if args.properties:
        return "mtg-conformance run --corpus: --properties does not apply (the corpus replays the properties' scenarios)"
    if args.strict and not args.expectations:
        return "mtg-conformance run: --strict needs --expectations FILE (it gates unexpected passes)"
    return None


def _id_of(corpus: Corpus, index: int) -> str:
    """A scenario's id without decoding its line (the build writes it first, plain ASCII)."""
    line = corpus.lines[index]
    if line.startswith(b'{"id":"'):
        end = line.find(b'"', 7)
        if end > 7 and b"\\" not in line[7:end]:
            return line[7:end].decode("ascii", "replace")
    return corpus.scenario(index).id


def select(corpus: Corpus, args: argparse.Namespace, failed_before: set[tuple[str, str]]) -> list[int]:
    """The lines to replay: the first ``--corpus-size`` in replay order, then by shard, ``-k``, ``--lf``/``--ff``."""
    chosen = corpus.order()[:args.corpus_size]
    if args.shard:
        chosen = [i for i in chosen if args.shard.holds(_id_of(corpus, i), "corpus")]
    if args.keyword:
        from conformance.keywords import matcher

        matches = matcher(args.keyword)
        chosen = [i for i in chosen if matches(_names(corpus.scenario(i)))]
    chosen = list(chosen)
    if (args.last_failed or args.failed_first) and failed_before:
        again = [i for i in chosen if ("corpus", _id_of(corpus, i)) in failed_before]
        if args.last_failed and again:
            chosen = again
        elif args.failed_first:
            chosen = again + [i for i in chosen if ("corpus", _id_of(corpus, i)) not in failed_before]
    return chosen


def _names(scenario: Scenario) -> set[str]:
    return {scenario.id, *scenario.rules, *scenario.features, "corpus", scenario.property}


def run_corpus(args: argparse.Namespace, interrupts) -> int:
    """Replay the corpus as ``args`` say (the ``run`` options); the exit status of ``run``."""
    from conformance import rerun
    from conformance.engines.guard import guarded
    from conformance.engines.interface import describe, load_engine
    from conformance.format.files import through_link
    from conformance.outputs import unwritable
    from conformance.results import expectations as expectations_file

    problem = usage_problem(args)
    if problem:
        print(problem, file=sys.stderr)
        return USAGE
    for option, target in (("--results", args.results),):
        if target and through_link(target):
            print(f"{option} {target}: {through_link(target)}; nothing was run", file=sys.stderr)
            return USAGE
    expected = expectations_file.load(args.expectations) if args.expectations else None
    if args.update_expectations:
        target = Path(args.update_expectations)
        if problem := unwritable(target):
            print(f"--update-expectations {target}: cannot write the file: {problem}; nothing was run", file=sys.stderr)
            return USAGE
        args.update_base = expectations_file.load(target) if target.exists() else expected
    corpus = store.read(args.corpus)
    directory = Path.cwd()
    try:
        chosen = select(corpus, args, rerun.failed_in(directory, args.engine))
    except ValueError as exc:  # a malformed -k expression
        print(f"mtg-conformance run --corpus -k {args.keyword!r}: {exc}", file=sys.stderr)
        return USAGE
    engine = load_engine(args.engine, timeout=args.timeout, keep_trying=args.keep_trying)
    try:
        info = describe(engine)
        if not chosen:
            print(f"mtg-conformance: no scenario of the corpus selected (of {len(corpus)})"
                  + (f" in shard {args.shard}" if args.shard else ""), file=sys.stderr)
            return OK if args.shard else USAGE
        if not _start_stream(args, info, expected, interrupts):
            return USAGE
        replay = Replay(args, guarded(engine), info, expected, corpus)
        try:
            replay.run(chosen)
        except BaseException as exc:  # a line of the file found wrong, or interrupted (SIGINT, SIGTERM): the footer says so
            if args.stream is not None:
                wrong = isinstance(exc, CaseFileErrors)
                args.stream.finish(USAGE if wrong else INTERRUPTED, interrupted=not wrong)
            raise
    finally:
        if callable(close := getattr(engine, "close", None)):
            close()
    results = args.collector.results
    if args.stream is not None:
        args.stream.finish(exit_status(results))
    rerun.save(directory, args.engine, {("corpus", r.case) for r in results},
               [("corpus", r.case) for r in results if r.status in ("failed", "errored")])
    print(replay.line())
    from conformance.run_end import ci_verdict
    from conformance.run_summary import print_summary

    args.profile = None
    print_summary(args, info, range(len(chosen)), results)
    return ci_verdict(args, info, results, expected)


def _start_stream(args: argparse.Namespace, info, expected, interrupts) -> bool:
    from conformance.results import expectations as expectations_file
    from conformance.results.stream import ResultsStream, header

    args.stream = None
    if not args.results:
        return True
    args.stream = ResultsStream(args.results, command=args.command_line, shard=str(args.shard) if args.shard else None,
                                expectations=args.expectations, strict=args.strict if args.expectations else None,
                                annotate=(lambda r: expectations_file.verdict(expected, r).to_dict()) if expected else None,
                                interrupts=interrupts)
    try:
        args.stream.start(header(info, spec=args.engine, properties=False, profile=None, seed=None,
                                 shard=args.stream.shard, expectations=args.expectations, strict=args.strict,
                                 command=args.command_line))
    except OSError as exc:
        print(f"--results {args.results}: cannot write the file: {exc.strerror or exc}", file=sys.stderr)
        args.stream = None
        return False
    return True


class Collector:
    """The results of a replay as they come (``run``'s interrupt handler reads :attr:`results`)."""

    def __init__(self) -> None:
        self.results: list[CaseResult] = []


class Replay:
    """One replay: judging each scenario, recording, gating and reporting it."""

    def __init__(self, args: argparse.Namespace, engine, info, expected, corpus: Corpus) -> None:
        self.args, self.engine, self.info, self.expected, self.corpus = args, engine, info, expected, corpus
        self.file_name = Path(corpus.path).name  # (each record's source)
        self.bugs: set[tuple[str, tuple[str, ...]]] = set()  # (status, rules shown broken) of the failures so far
        self.failures = 0
        self.seconds = 0.0
        self.counts: dict[str, int] = {}
        args.collector = self.collector = Collector()

    def run(self, chosen: list[int]) -> None:
        from conformance.results import expectations as expectations_file

        started = time.perf_counter()
        try:
            for index in chosen:
                scenario = self.corpus.scenario(index)
                began = time.perf_counter()
                outcome = judge(self.engine, self.info, scenario)
                record = self.record(scenario, outcome)
                failing = outcome.status in ("failed", "errored")
                if failing:  # before the gate: its rule entries see the rules the failure shows broken
                    self.blame(scenario, outcome, record)
                verdict = expectations_file.verdict(self.expected, record).verdict if self.expected else None
                shown = failing and verdict in (None, "unexpected")
                if shown:
                    self.report(scenario, outcome, record)
                elif failing:  # a known failure: its case file as drawn, not reduced, not printed
                    record["reproducer"] = self.reduce(scenario, outcome, record, False)[1]
                self.collector.results.append(CaseResult(record["id"], tuple(record["rules"]), record["status"],
                                                         kind="corpus", record=record))
                if self.args.stream is not None:
                    self.args.stream.add(record, time.perf_counter() - began)
                key = ("xfailed" if verdict == "expected" and outcome.status in ("failed", "errored")
                       else "xpassed" if verdict == "unexpected-pass" else outcome.status)
                self.counts[key] = self.counts.get(key, 0) + 1
                if self.args.verbose:
                    print(f"{scenario.id} {key.upper()}")
                if self.args.exitfirst and (shown or verdict == "unexpected"):
                    break
        finally:
            self.seconds = time.perf_counter() - started

    def record(self, scenario: Scenario, outcome: compare.Outcome) -> dict[str, Any]:
        return {"id": scenario.id, "kind": "corpus", "rules": list(scenario.rules), "features": list(scenario.features),
                **records.outcome_fields(outcome), "reproducer": None,
                "source": f"{self.file_name}:{scenario.line}"}

    def blame(self, scenario: Scenario, outcome: compare.Outcome, record: dict[str, Any]) -> None:
        """A failure counts under the rules it shows broken (as a golden case's, and a property's
        counterexample's: :func:`conformance.results.exercised.case_failing_rules`); its summary and rerun."""
        import dataclasses

        from conformance.format.model import Case
        from conformance.results.exercised import case_failing_rules

        if isinstance(outcome, compare.Failed):
            case = dataclasses.replace(Case.from_dict(scenario.case), id=scenario.id, rules=scenario.rules)
            record["cited_rules"] = list(scenario.rules)
            record["rules"] = list(case_failing_rules(case, self.engine, self.info))
        record["summary"] = (f"A scenario of the corpus, drawn for the property {scenario.property}; its expected "
                             f"values are the reference engine's")
        record["rerun"] = self.rerun(scenario.id)

    def report(self, scenario: Scenario, outcome: compare.Outcome, record: dict[str, Any]) -> None:
        """A failure reported: the first of each set of rules shown broken (a bug, most likely) is
        reduced within the bound and printed in full, up to :data:`MAX_REDUCED`; the others are one
        line each, up to :data:`MAX_LISTED`."""
        bug = (outcome.status, tuple(record["rules"]))
        first = bug not in self.bugs and len(self.bugs) < MAX_REDUCED
        self.bugs.add(bug)
        note, record["reproducer"] = self.reduce(scenario, outcome, record, first)
        verb = "fails" if outcome.status == "failed" else "could not run"
        self.failures += 1
        if not first:
            if self.failures <= MAX_LISTED:
                print(f"case {scenario.id} {verb} on {self.info.name} (rules {', '.join(record['rules'])}): "
                      f"{record['message']}")
            return
        lines = [str(m) for m in outcome.mismatches] if isinstance(outcome, compare.Failed) else [
            f"{'' if outcome.kind == 'exception' else outcome.kind + ': '}{outcome.message}"]
        print("\n".join([
            f"case {scenario.id} {verb} on {self.info}",
            f"  rules:   {', '.join(record['rules'])}",
            f"  source:  {record['summary']}   ({record['source']})",
            *(f"  {line}" for line in lines[:10]), *([f"  ... and {len(lines) - 10} more"] if len(lines) > 10 else []),
            f"  {note}",
            *(f"    {line}" for line in (record["reproducer"] or "").splitlines()),
            f"  rerun:   {record['rerun']}",
            "",
        ]))

    def reduce(self, scenario: Scenario, outcome: compare.Outcome, record: dict[str, Any],
               first: bool) -> tuple[str, str | None]:
        """What reducing it says, and the case file that replays it (reduced when ``first``, else as drawn)."""
        from conformance.corpus.reduce import Reducer, case_file, first_problem

        seconds = REDUCE_SECONDS if self.args.shrink_seconds is profiles.UNSET else self.args.shrink_seconds
        reducer = Reducer(self.engine, self.info, differential=True, seconds=seconds if first else 0.0)
        try:
            reduced = reducer.reduce(scenario.case, outcome)
            text = case_file(reducer, reduced, case_id=scenario.id, rules=tuple(record["rules"]),
                             summary=f"{record['summary']}, reduced on {self.info}: {first_problem(reduced.outcome)}")
        except Exception as exc:  # never lose a failure over its reduction
            return f"(it could not be reduced: {type(exc).__name__}: {exc})", None
        if not first:
            return "not reduced", text
        return f"reduced to {reduced.sizes()}; the reduced case (replay it with --cases FILE):", text

    def rerun(self, scenario_id: str) -> str:
        words = ["mtg-conformance", "run", "--corpus", *([self.corpus.path] if self.args.corpus != str(
            store.DEFAULT_PATH) else []), "--engine", self.args.engine]
        return " ".join(shlex.quote(w) for w in words) + f" -k '{scenario_id}'"

    def line(self) -> str:
        unlisted = self.failures - MAX_LISTED
        done = sum(self.counts.values())
        rate = done / self.seconds if self.seconds else 0.0
        parts = ", ".join(f"{n} {key}" for key, n in sorted(self.counts.items()))
        return ((f"... and {unlisted} more failures not listed (every result is in --results FILE)\n" if unlisted > 0 else "")
                + f"corpus: {done} scenarios replayed in {self.seconds:.1f} s ({rate:,.0f} a second): {parts}")
