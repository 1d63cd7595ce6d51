"""The mutant kill matrix: which golden cases and properties catch each mutant engine.

    python -m benchmarks.kill_matrix               # print the matrix and rewrite docs/mutants.md
    python -m benchmarks.kill_matrix --check       # print only; exit 1 if a mutant survives
    python -m benchmarks.kill_matrix --jobs 2      # mutants in two worker processes

Golden cases are judged in-process; every property runs under the ``ci`` profile (deterministic,
100 examples). For each mutant: the rule it breaks, the golden cases that fail, the properties
that fail, the examples the first failing property generated up to its first failure, the size of
the smallest shrunk counterexample (objects, action steps) and the seconds to the first detection.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from conformance.format import loader
from conformance.laws import profiles
from conformance.results import compare
from conformance.engines.interface import describe
from conformance.laws.catalogue import PROPERTIES
from conformance.laws.runner import PropertyRun, run_property
from conformance.pytest_properties import differential_property
from conformance.format.model import Case
from tests.mutants import MUTANTS, Mutant

DOC = Path(__file__).resolve().parent.parent / "docs" / "mutants.md"

MEDIAN_EXAMPLES = 100
"""Target: the median number of examples a property generates up to its first failure."""
MAX_OBJECTS, MAX_STEPS = 2, 4
"""Target: the largest shrunk counterexample (objects, action steps)."""
MAX_SECONDS = 60.0
"""Target: every mutant caught under the ci profile within this many seconds, all together."""


@functools.lru_cache(maxsize=1)
def golden_cases() -> tuple[Case, ...]:
    """The golden suite, loaded once per process (parsing and validating it costs seconds; the
    cases are immutable, so every mutant can share them)."""
    return tuple(loader.load_suite([loader.golden_dir()]))


@dataclass
class Detection:
    mutant: Mutant
    golden: list[str] = field(default_factory=list)
    golden_seconds: float = 0.0
    properties: list[PropertyRun] = field(default_factory=list)

    @property
    def failing_properties(self) -> list[PropertyRun]:
        return [run for run in self.properties if run.status in ("failed", "errored")]

    @property
    def caught(self) -> bool:
        return bool(self.golden or self.failing_properties)

    @property
    def first(self) -> PropertyRun | None:
        """The first property, in the order they run, that failed with a counted example."""
        return next((r for r in self.failing_properties if r.first_failure is not None), None)

    @property
    def seconds_to_detection(self) -> float | None:
        """Seconds from the start until the first failure, in the order the matrix runs things:
        golden cases, then the properties one after the other."""
        if self.golden:
            return self.golden_seconds
        first = self.first
        if first is None:
            return None
        before = sum(r.seconds for r in self.properties[:self.properties.index(first)])
        return self.golden_seconds + before + (first.seconds_to_failure or 0.0)


def detect(mutant: Mutant, *, with_properties: bool = True, stop_at_first: bool = False) -> Detection:
    """Judge every golden case, then run the properties, against one mutant."""
    engine = mutant.engine()
    info = describe(engine)
    detection = Detection(mutant)
    cases = golden_cases()
    started = time.perf_counter()
    for case in cases:
        if compare.judge(engine, info, case).status in ("failed", "errored"):
            detection.golden.append(case.id)
            if stop_at_first:
                break
    detection.golden_seconds = time.perf_counter() - started
    if not with_properties or (stop_at_first and detection.golden):
        return detection
    for prop in (differential_property(), *PROPERTIES):
        run = run_property(prop, engine, info, profile=profiles.get("ci"))
        detection.properties.append(run)
        if stop_at_first and run.status in ("failed", "errored"):
            break
    return detection


def size(run: PropertyRun) -> tuple[int, int]:
    """Objects and action steps of a property's shrunk counterexample (its last scenario)."""
    case = run.cases[-1]
    return len(case.objects), sum(1 for s in case.steps if s.KEY != "expect")


@dataclass(frozen=True)
class Row:
    """One mutant's line of the matrix, as plain data (it crosses process boundaries)."""

    name: str
    rule: str
    bug: str
    golden: tuple[str, ...]
    properties: tuple[str, ...]
    first_property: str | None
    examples: int | None
    shrunk: tuple[int, int] | None  # the smallest shrunk counterexample of any failing property
    largest: tuple[int, int] | None  # the largest
    seconds: float | None
    caught: bool
    elapsed: float = 0.0  # seconds to measure the whole row: every golden case, every property, shrinking
    properties_run: bool = True  # False: only the golden cases were judged (the --budget ran out)
    first_failures: tuple[tuple[str, int], ...] = ()  # each failing property with its examples to its first failure

    @property
    def fewest(self) -> tuple[str, int] | None:
        """The failing property that needed the fewest examples to fail, and how many (the first in
        run order among equals): how deep the bug hides from the property suite as a whole, which runs
        every property."""
        return min(self.first_failures, key=lambda pair: pair[1], default=None)

    @classmethod
    def of(cls, d: Detection, elapsed: float = 0.0, properties_run: bool = True) -> Row:
        failing = d.failing_properties
        sizes = [size(r) for r in failing if r.cases]
        return cls(d.mutant.name, d.mutant.rule, d.mutant.bug, tuple(d.golden), tuple(r.prop.id for r in failing),
                   d.first.prop.id if d.first else None, d.first.first_failure if d.first else None,
                   min(sizes, default=None), max(sizes, default=None), d.seconds_to_detection, d.caught, elapsed,
                   properties_run, tuple((r.prop.id, r.first_failure) for r in failing if r.first_failure is not None))

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, line: str) -> Row:
        data = json.loads(line)
        for name in ("golden", "properties", "shrunk", "largest"):
            data[name] = tuple(data[name]) if data[name] is not None else None
        data["first_failures"] = tuple(tuple(pair) for pair in data.get("first_failures", ()))
        return cls(**data)


def measure(name: str, with_properties: bool = True) -> Row:
    """The whole matrix row of the mutant called ``name``: every golden case and every property
    (or, ``with_properties`` false, the golden cases only)."""
    started = time.perf_counter()
    detection = detect(next(m for m in MUTANTS if m.name == name), with_properties=with_properties)
    return Row.of(detection, time.perf_counter() - started, with_properties)


def rejudged(row: Row) -> Row:
    """``row`` with its golden cases judged again on the current golden suite (its properties kept)."""
    detection = detect(next(m for m in MUTANTS if m.name == row.name), with_properties=False)
    seconds = detection.golden_seconds if detection.golden else row.seconds
    return dataclasses.replace(row, golden=tuple(detection.golden), seconds=seconds,
                               caught=bool(detection.golden or row.properties))


def _size(s: tuple[int, int] | None) -> str:
    return f"{s[0]} objects, {s[1]} steps" if s else "-"


def render(rows: list[Row], seconds: float, jobs: int = 1, reused: int = 0) -> str:
    lines = [
        "# Mutant kill matrix",
        "",
        "Each mutant is the reference engine with one realistic bug (tests/mutants.py). Generated by",
        f"`python -m benchmarks.kill_matrix --jobs {jobs}`; properties ran under the `ci` profile (deterministic,",
        "100 examples each), after every golden case. *Properties that fail* lists every property that caught",
        "the mutant, the first one (in the order the matrix runs them) first; *examples* is how many examples",
        "that first property generated up to its first failure; *fewest* is the fewest examples any failing property",
        "generated up to its first failure (the suite runs every property: this is how deep the bug hides from it),",
        "with that property; *shrunk* is the smallest shrunk counterexample",
        "of any failing property (objects, action steps; players are not objects). *Seconds to detection* is",
        "the time from the start to the first failure: judging the golden cases when one fails, else the",
        "golden cases plus the properties run before the one that failed (the CI kill matrix,",
        "tests/test_kill_matrix.py, stops there).",
        "",
        "| mutant | rule | bug | golden cases that fail | properties that fail | examples | fewest | shrunk | seconds to detection |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        golden = ", ".join(f"`{c}`" for c in r.golden[:4]) + (f" (+{len(r.golden) - 4})" if len(r.golden) > 4 else "")
        props = ", ".join(f"`{p}`" for p in r.properties) or ("none" if r.properties_run else "not run")
        seconds_text = f"{r.seconds:.2f}" if r.seconds is not None else "-"
        fewest = f"{r.fewest[1]} (`{r.fewest[0]}`)" if r.fewest else "-"
        bug = r.bug.replace("|", "\\|")  # a "|" of its text would end the cell
        lines.append(f"| {r.name} | {r.rule} | {bug} | {golden or 'none'} | {props} | "
                     f"{r.examples if r.examples is not None else '-'} | {fewest} | {_size(r.shrunk)} | {seconds_text} |")

    unmeasured = [r.name for r in rows if not r.properties_run]
    caught = [r for r in rows if r.caught]
    survivors = [r.name for r in rows if not r.caught]
    examples = [r.examples for r in rows if r.examples is not None]
    median = statistics.median(examples) if examples else None
    slow = [f"{r.name} ({r.examples})" for r in rows if r.examples is not None and r.examples > MEDIAN_EXAMPLES]
    big = [f"{r.name} ({_size(r.shrunk)})" for r in rows
           if r.shrunk and (r.shrunk[0] > MAX_OBJECTS or r.shrunk[1] > MAX_STEPS)]
    largest = [r.largest for r in rows if r.largest]
    total = sum(r.seconds or 0.0 for r in rows)
    golden_only = [r.name for r in rows if r.caught and not r.properties and r.properties_run]
    property_only = [r.name for r in rows if r.properties and not r.golden]

    def met(ok: bool) -> str:
        return "met" if ok else "**not met**"

    caught_line = f"- Every mutant caught: {met(not survivors)}: {len(caught)} of {len(rows)}"
    caught_line += f"; survivors: {', '.join(survivors)}." if survivors else "."
    examples_line = (f"- Median examples to the first property failure at most {MEDIAN_EXAMPLES}: "
                     f"{met(median is not None and median <= MEDIAN_EXAMPLES)}: {median if median is not None else '-'} "
                     f"(over the {len(examples)} mutants some property catches")
    examples_line += (f"; above {MEDIAN_EXAMPLES}: {', '.join(slow)}" if slow else "") + ")"
    fewest = [r.fewest[1] for r in rows if r.fewest]
    examples_line += (f"; the fewest examples any failing property needed: median {statistics.median(fewest)}, "
                      f"{sum(1 for n in fewest if n == 1)} of {len(fewest)} at the first example." if fewest else ".")
    size_line = f"- Each mutant's smallest shrunk counterexample at most {MAX_OBJECTS} objects and {MAX_STEPS} steps: "
    size_line += f"{met(not big)}" + (f": larger: {'; '.join(big)}." if big else ".")
    if largest:
        size_line += (f" The largest shrunk counterexample of any failing property: {max(s[0] for s in largest)} "
                      f"objects, {max(s[1] for s in largest)} steps.")
    time_line = (f"- Every mutant caught under ci in under {MAX_SECONDS:.0f} s: "
                 f"{met(not survivors and total < MAX_SECONDS)}: detection time of all mutants together (golden "
                 f"cases, then properties up to the first failure) {total:.1f} s. Measuring the whole matrix, every "
                 f"property run to the end and shrunk, took {sum(r.elapsed for r in rows):.0f} s of worker time "
                 + (f"(every row was measured by an earlier run and reused here: its wall clock time is not recorded"
                    if reused == len(rows) else
                    f"({seconds:.0f} s wall clock with {jobs} worker{'s' if jobs > 1 else ''}, on a machine shared "
                    f"with other jobs" + (f"; {reused} rows were measured by an earlier run and reused, their golden "
                                          "cases judged again, their properties as that run found them" if reused else ""))
                 + ").")
    lines += [
        "",
        "## Targets",
        "",
        *([(f"The properties were not run against {len(unmeasured)} of the {len(rows)} mutants (the time budget "
            f"ran out; their golden cases were judged): {', '.join(unmeasured)}. The property targets below are "
            "over the others only."), ""] if unmeasured else []),
        caught_line,
        examples_line,
        size_line,
        time_line,
        "",
        f"Caught by golden cases only (no property fails): {', '.join(golden_only) or 'none'}.",
        "",
        f"Caught by properties only (no golden case fails): {', '.join(property_only) or 'none'}.",
    ]
    return "\n".join(lines) + "\n"


# --- the corpus column (issue 42) ------------------------------------------------------------------

CORPUS_MARKER = "## The corpus column"


@dataclass(frozen=True)
class CorpusRow:
    """One mutant against the frozen corpus: its first failing scenario (``None``: none fails), how
    many scenarios were replayed up to it and in how many seconds, and that scenario reduced as
    ``run --corpus`` reports it (objects, action steps; seconds)."""

    name: str
    scenario: str | None
    replayed: int
    seconds: float
    reduced: tuple[int, int] | None = None
    reduce_seconds: float | None = None


def corpus_detection(mutant: Mutant, corpus, size: int | None = None, seconds: float = 10.0) -> CorpusRow:
    """Replay ``corpus`` on ``mutant`` up to its first failing scenario, and reduce that one within ``seconds``."""
    from conformance.corpus.judge import judge
    from conformance.corpus.reduce import Reducer
    from conformance.engines.guard import guarded

    engine = mutant.engine()
    info = describe(engine)
    guarded_engine = guarded(engine)
    started = time.perf_counter()
    order = corpus.order()[:size]
    count = len(order)
    for replayed, index in enumerate(order, 1):
        scenario = corpus.scenario(index)
        outcome = judge(guarded_engine, info, scenario)
        if outcome.status not in ("failed", "errored"):
            continue
        found = time.perf_counter() - started
        reduced = Reducer(engine, info, differential=True, seconds=seconds).reduce(scenario.case, outcome)
        return CorpusRow(mutant.name, scenario.id, replayed, found, reduced.after[:2], reduced.seconds)
    return CorpusRow(mutant.name, None, count, time.perf_counter() - started)


def render_corpus(rows: list[CorpusRow], size: int) -> str:
    """The corpus column as a section of docs/mutants.md."""
    caught = [r for r in rows if r.scenario]
    small = [r for r in caught if r.reduced[0] <= MAX_OBJECTS and r.reduced[1] <= MAX_STEPS]
    lines = [
        CORPUS_MARKER,
        "",
        f"Generated by `python -m benchmarks.kill_matrix --corpus`: each mutant against the first {size:,} scenarios of",
        "the frozen corpus (`mtg-conformance run --corpus`, docs/corpus.md), replayed up to its first failing",
        "scenario, which is then reduced as `run --corpus` reports it (within 10 s). *Replayed* is how many",
        "scenarios ran up to the first failure; *reduced* the reduced scenario (objects, action steps).",
        "",
        "| mutant | first failing scenario | replayed | seconds | reduced | seconds to reduce |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r.name} | {f'`{r.scenario}`' if r.scenario else 'none'} | {r.replayed:,} | {r.seconds:.2f} | "
                     f"{_size(r.reduced)} | {f'{r.reduce_seconds:.1f}' if r.reduce_seconds is not None else '-'} |")
    survivors = [r.name for r in rows if not r.scenario]
    lines += [
        "",
        f"- The corpus catches {len(caught)} of {len(rows)} mutants"
        + (f"; not: {', '.join(survivors)}." if survivors else "."),
        f"- Reduced to at most {MAX_OBJECTS} objects and {MAX_STEPS} steps: {len(small)} of {len(caught)}"
        + (f"; larger: {'; '.join(f'{r.name} ({_size(r.reduced)})' for r in caught if r not in small)}."
           if len(small) < len(caught) else "."),
    ]
    if caught:
        lines.append(f"- Seconds to reduce: median {statistics.median(r.reduce_seconds for r in caught):.1f}, at most "
                     f"{max(r.reduce_seconds for r in caught):.1f}.")
    return "\n".join(lines) + "\n"


def _corpus_task(name: str, size: int | None) -> CorpusRow:
    from conformance.corpus import store

    return corpus_detection(next(m for m in MUTANTS if m.name == name), store.read(store.DEFAULT_PATH), size)


def corpus_main(names: list[str], size: int | None, jobs: int, write: bool) -> int:
    """``--corpus``: the corpus column for ``names``; rewrites its section of docs/mutants.md."""
    from conformance.corpus import store

    count = min(size or store.read(store.DEFAULT_PATH).header["scenarios"], store.read(store.DEFAULT_PATH).header["scenarios"])
    with ProcessPoolExecutor(max(jobs, 1)) as pool:
        rows = list(pool.map(_corpus_task, names, [size] * len(names)))
    for row in rows:
        print(f"{row.name:38} {row.scenario or 'none':70} {row.replayed:6} {_size(row.reduced)}", flush=True)
    section = render_corpus(rows, count)
    print(section)
    if write:
        text = DOC.read_text("utf-8")
        head = text.split(CORPUS_MARKER)[0].rstrip("\n")
        DOC.write_text(head + "\n\n" + section, "utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.kill_matrix", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="do not rewrite docs/mutants.md")
    parser.add_argument("-k", dest="only", help="only mutants whose name contains this")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--budget", type=float, help="seconds after which no more mutants' properties are started: "
                        "the rest get their golden cases judged only, and the document says so")
    parser.add_argument("--first", default="", help="comma-separated mutants to measure before the others")
    parser.add_argument("--rows", type=Path, help="a JSON-lines file keeping each measured row: rows already in it "
                        "(same mutant, same bug) are reused, so an interrupted run resumes")
    parser.add_argument("--corpus", action="store_true", help="the corpus column only: each mutant against the "
                        "frozen corpus, its first failure reduced; rewrites that section of docs/mutants.md")
    parser.add_argument("--corpus-size", type=int, help="with --corpus: only the corpus's first N scenarios")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    names = [m.name for m in MUTANTS if not args.only or args.only in m.name]
    if args.corpus:
        return corpus_main(names, args.corpus_size, args.jobs, write=not args.check and not args.only)
    bugs = {m.name: m.bug for m in MUTANTS}
    rows: dict[str, Row] = {}
    if args.rows and args.rows.exists():
        for line in args.rows.read_text("utf-8").splitlines():
            row = Row.from_json(line)
            if row.name in names and bugs[row.name] == row.bug:
                rows[row.name] = row
    # A reused row's golden cases are judged again (seconds a mutant): golden cases added since it
    # was measured are counted; its properties are as measured then (the document says so).
    for name, row in list(rows.items()):
        rows[name] = rejudged(row)

    def done(row: Row) -> None:
        rows[row.name] = row
        if args.rows and row.properties_run:
            with args.rows.open("a", encoding="utf-8") as kept:
                kept.write(row.to_json() + "\n")
        fewest = row.fewest
        print(f"{row.name:38} golden {len(row.golden):3}  properties {len(row.properties):2}  "
              f"{'caught' if row.caught else 'SURVIVED'}  examples {row.examples if row.examples is not None else '-':>3}  "
              f"fewest {f'{fewest[1]} ({fewest[0]})' if fewest else '-'}  shrunk {_size(row.shrunk)}  "
              f"{row.elapsed:.0f} s", flush=True)

    first = [name for name in args.first.split(",") if name]
    todo = sorted((name for name in names if name not in rows), key=lambda n: (n not in first, names.index(n)))
    measured = len(todo)

    def in_budget() -> bool:
        return args.budget is None or time.perf_counter() - started < args.budget

    with ProcessPoolExecutor(max(args.jobs, 1)) as pool:
        running = set()
        while todo or running:
            while todo and len(running) < args.jobs and in_budget():
                running.add(pool.submit(measure, todo.pop(0)))
            if not running:
                break
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                done(future.result())
    for name in todo:  # out of budget: golden cases only, not kept in --rows
        rows[name] = measure(name, with_properties=False)
    measured -= len(todo)
    ordered = [rows[name] for name in names]
    text = render(ordered, time.perf_counter() - started, args.jobs, reused=len(names) - len(todo) - measured)
    print(text)
    if not args.check and not args.only:
        kept = DOC.read_text("utf-8").partition(CORPUS_MARKER)[1:] if DOC.exists() else ("", "")
        DOC.write_text(text + ("\n" + "".join(kept) if kept[0] else ""), "utf-8")  # the corpus column stays
    return 0 if all(r.caught for r in ordered) else 1


if __name__ == "__main__":
    sys.exit(main())
