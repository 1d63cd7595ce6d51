"""Benchmarks of the suite's speed and scaling: one command, a printed table.

    python -m benchmarks.run            # everything (about two minutes on 2 cores)
    python -m benchmarks.run --quick    # smaller samples

Measured with time.perf_counter on this machine; each figure is the best of ``--repeat`` runs
(default 3), so that a busy machine disturbs it less; the reference engine's rates are measured in
two such rounds, at the start and after the other in-process rows, and the better one is the
figure. ``--cpu`` measures what runs in this process (the engine, generation, layer evaluation, the
golden suite in-process) in CPU time of this process instead (time.process_time), which other jobs
on a shared machine inflate less (on a virtual machine, not at all is too much to hope: see
docs/benchmarks.md); the rows that run other processes stay in wall time. Targets (issue 7) are
printed beside the figures they apply to; issue 22's, a run of the property suite against an engine
failing five or more properties at most twice as long as a passing run, beside its row.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from hypothesis import HealthCheck, given, settings

import strategies as mtg
from conformance.format import loader
from conformance.laws import profiles
from conformance.results import compare
from conformance.engines.interface import describe, load_engine
from conformance.laws.runner import run_property
from conformance.pytest_properties import differential_property
from reference_engine import Game, ReferenceEngine, layers
from strategies import build_case

from benchmarks import ab

ROOT = Path(__file__).resolve().parent.parent
QUIET = settings(database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


clock: Callable[[], float] = time.perf_counter
"""How in-process work is timed: wall time, or CPU time of this process with ``--cpu``."""


def best(repeat: int, work: Callable[[], float | None]) -> float:
    """The smallest duration of ``repeat`` runs of ``work`` (which may time itself)."""
    return best_of_each(repeat, [work])[0]


def best_of_each(repeat: int, works: list[Callable[[], float | None]]) -> list[float]:
    """The smallest duration of ``repeat`` runs of each of ``works``, run in turn (a, b, a, b, ...):
    a ratio of two of them is then not skewed by the machine slowing down for a while (this VM's
    speed drifts by 10 % or more over minutes, docs/benchmarks.md), since each meets the slow spell."""
    times: list[list[float]] = [[] for _ in works]
    for _ in range(repeat):
        for work, measured in zip(works, times):
            started = clock()
            result = work()
            measured.append(result if result is not None else clock() - started)
    return [min(measured) for measured in times]


def sample(n: int, **options) -> list:
    """``n`` scenarios of ``scenarios(**options)``, the same on every run: derandomized, Hypothesis
    seeds the draw from the source of ``collect`` below, so a change to it changes the sample (and
    the figures cease to be comparable with earlier ones)."""
    cases = []

    @settings(QUIET, max_examples=n)
    @given(mtg.scenarios(**options))
    def collect(case):
        cases.append(case)
    collect()
    return cases[:n]


def copy_sample(n: int) -> list:
    """``n`` scenarios of ``copy_scenarios()``, the same on every run (as :func:`sample`)."""
    cases = []

    @settings(QUIET, max_examples=n)
    @given(mtg.copy_scenarios())
    def collect(case):
        cases.append(case)
    collect()
    return cases[:n]


@contextlib.contextmanager
def engine_heap() -> Iterator[None]:
    """While the engine alone is measured, the objects this process made before (Hypothesis's,
    the samples, the boards) are set apart from the garbage collector, so that its collections
    cost what the engine's own objects cost, not a walk over the harness's heap."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def engine_rate(cases, repeat: int) -> float:
    """Scenarios per second of the reference engine alone (in :func:`engine_heap`). Each
    scenario's snapshots are dropped once it has run, as the harness drops them once compared:
    kept all together, they would make every collection walk the snapshots of the whole sample."""
    engine = ReferenceEngine()
    plain = [c.to_dict() for c in cases]

    def run_all() -> None:
        for case in plain:
            engine.run(case)

    with engine_heap():
        seconds = best(repeat, run_all)
    return len(plain) / seconds


GENERATED = ("scenarios", "copy_scenarios", "damage_scenarios")
"""The strategies whose generation rates are measured (issue 22 sets targets for each)."""


def generation_and_property_rates(n: int, repeat: int) -> tuple[dict[str, float], float]:
    """The strategies' generation rates alone (scenarios a second, by strategy), and the end-to-end
    rate of the differential property, reference engine against itself (examples a second),
    measured in turn."""
    def generation(name: str) -> Callable[[], float]:
        def timed() -> float:
            @settings(QUIET, max_examples=n)
            @given(getattr(mtg, name)())
            def nothing(case):
                pass
            started = clock()
            nothing()
            return clock() - started
        return timed

    engine = ReferenceEngine()
    info = describe(engine)
    prop = differential_property()

    def end_to_end():  # timed by best_of_each(), with the same clock as the generation rate
        run = run_property(prop, engine, info, profile=settings(profiles.get("ci"), max_examples=n))
        assert run.status == "passed", run.message
        end_to_end.examples = run.examples
    *generating, running = best_of_each(repeat, [*(generation(name) for name in GENERATED), end_to_end])
    return {name: n / seconds for name, seconds in zip(GENERATED, generating)}, end_to_end.examples / running


def board(n: int) -> Game:
    """n creatures, n/10 anthems, and n effects of every sublayer spread over them."""
    objects = {f"c{i}": {"card": {"types": ["creature"], "power": i % 5, "toughness": 1 + i % 7}} for i in range(n)}
    for i in range(max(1, n // 10)):
        objects[f"a{i}"] = {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
            "effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you"}, "power": 1, "toughness": 1}}]}}
    kinds = ["modify_pt", "set_pt", "switch_pt", "double_pt"]
    steps = []
    for i in range(n):
        kind = kinds[i % 4]
        body = {"to": f"c{(i * 7) % n}"}
        body.update({"modify_pt": {"power": 1, "toughness": 2}, "set_pt": {"power": 3, "toughness": 4},
                     "switch_pt": {}, "double_pt": {"which": "both"}}[kind])
        steps.append({kind: body})
    case = build_case(objects, steps + [{"expect": {"objects": {"c0": {}}}}], summary="benchmark board")
    game = Game(case)
    for step in case.steps[:-1]:
        game.perform(step)
    return game


def dependency_board(n: int) -> Game:
    """n creatures and n/10 enchantments whose static abilities depend on one another in layer 5
    (613.8a): half make black creatures green, half (with later timestamps) make every creature
    black, so each of the first half waits for the second (613.8b), a question asked again after
    each effect applies (613.8c); every creature ends green (in timestamp order alone, black)."""
    objects = {f"c{i}": {"card": {"types": ["creature"], "power": 1, "toughness": 1}} for i in range(n)}
    for i in range(max(2, n // 10)):
        becomes = ({"affects": {"types": ["creature"], "colors": ["B"]}, "becomes": {"colors": ["G"]}} if i % 2 == 0
                   else {"affects": {"types": ["creature"]}, "becomes": {"colors": ["B"]}})
        objects[f"e{i}"] = {"card": {"types": ["enchantment"], "abilities": [{"static": becomes}]}}
    return Game(build_case(objects, [{"expect": {"objects": {"c0": {}}}}], summary="dependency board"))


def dependency_times(sizes: list[int], repeat: int) -> list[float]:
    """Layers 1-6 of a :func:`dependency_board` of each size, from nothing cached."""
    def work(game: Game) -> Callable[[], float]:
        def timed() -> float:
            layers.forget(game)
            started = clock()
            layers.board(game)
            return clock() - started
        return timed
    works = [work(dependency_board(n)) for n in sizes]
    with engine_heap():
        return best_of_each(repeat, works)


def layer_times(sizes: list[int], repeat: int) -> list[float]:
    """For a board of each size, every object's characteristics and power/toughness from nothing
    cached (layers 1-7), measured in turn (in :func:`engine_heap`)."""
    def work(game: Game) -> Callable[[], float]:
        def timed() -> float:
            layers.forget(game)  # the engine computes layers once per state: start each run cold
            started = clock()
            game.snapshot()
            return clock() - started
        return timed
    works = [work(board(n)) for n in sizes]
    with engine_heap():
        return best_of_each(repeat, works)


def describe_sample(cases) -> str:
    """How big the sampled scenarios are: objects, and action steps (a ``together`` counting once)."""
    steps = [sum(1 for step in case.steps if step.KEY != "expect") for case in cases]
    return (f"{len(cases)} scenarios, {sum(len(c.objects) for c in cases) / len(cases):.1f} objects and "
            f"{sum(steps) / len(cases):.1f} action steps on average (at most {max(len(c.objects) for c in cases)} "
            f"and {max(steps)})")


def golden_time(repeat: int, spec: str = "reference") -> tuple[float, int]:
    cases = loader.load_suite([loader.golden_dir()])

    def work():
        engine = load_engine(spec)
        info = describe(engine)
        timer = clock if spec == "reference" else time.perf_counter  # an exec: engine is another process
        started = timer()
        outcomes = [compare.judge(engine, info, case) for case in cases]
        elapsed = timer() - started
        if callable(close := getattr(engine, "close", None)):
            close()
        assert all(o.status == "passed" for o in outcomes), [o for o in outcomes if o.status != "passed"][:1]
        return elapsed
    return best(repeat, work), len(cases)


def xdist_times(repeat: int) -> tuple[float, float]:
    """Wall time of the property suite (ci profile) in one process and in two workers (wall time
    even with ``--cpu``: the work happens in other processes)."""
    def command(workers: str) -> Callable[[], float]:
        argv = [sys.executable, "-m", "conformance", "run", "-k", "properties", "-n", workers]

        def timed() -> float:
            started = time.perf_counter()
            subprocess.run(argv, cwd=ROOT, check=True, capture_output=True)
            return time.perf_counter() - started
        return timed
    return best(repeat, command("0")), best(repeat, command("2"))


FAILING_MUTANT = "doubling-as-7b-set"
"""The mutant the failing-run row runs the property suite against: docs/mutants.md has it failing
six properties under the ci profile (at least five are needed, and checked)."""


def failing_engine():
    """The engine of :data:`FAILING_MUTANT` (``--engine benchmarks.run:failing_engine``)."""
    from tests.mutants import MUTANTS

    return next(m for m in MUTANTS if m.name == FAILING_MUTANT).engine()


def failing_run_times(repeat: int, extra: tuple[str, ...] = ()) -> tuple[float, float, int, int]:
    """Wall time of ``mtg-conformance run`` of the property suite (ci profile, one process, the
    default shrink bound unless ``extra`` sets one) against the reference engine (every property
    passes) and against :func:`failing_engine`, measured in turn; and how many properties failed
    (or errored) in the failing run, and how many of them said the bound cut shrinking short."""
    import json
    import tempfile

    failing: list[int] = [0, 0]

    def command(engine: str) -> Callable[[], float]:
        def timed() -> float:
            with tempfile.TemporaryDirectory() as directory:
                results = Path(directory) / "results.jsonl"
                argv = [sys.executable, "-m", "conformance", "run", "-k", "properties", "-n", "0", "--engine", engine,
                        "--results", str(results), *extra]
                started = time.perf_counter()
                subprocess.run(argv, cwd=ROOT, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
                elapsed = time.perf_counter() - started
                records = [json.loads(line) for line in results.read_text().splitlines() if line.strip()]
            bad = [r for r in records if r.get("type") == "result" and r.get("status") in ("failed", "errored")]
            if engine == "reference":
                assert not bad, f"the reference engine failed properties: {[r['id'] for r in bad]}"
            else:
                failing[:] = [len(bad), sum(1 for r in bad if "shrink_stopped" in r)]
            return elapsed
        return timed
    passing, failing_seconds = best_of_each(repeat, [command("reference"), command("benchmarks.run:failing_engine")])
    return passing, failing_seconds, failing[0], failing[1]


def long_case_text(steps: int) -> str:
    """A valid case file of one case with ``steps`` steps (a multiple of 4): a bear moved to the
    hand and back, a checkpoint after each move; the largest case the limits allow has
    :data:`conformance.format.limits.MAX_STEPS` steps."""
    cycle = ("      - move: {object: bear, to: hand}\n"
             "      - expect: {objects: {bear: {zone: hand}}}\n"
             "      - move: {object: bear, to: battlefield}\n"
             "      - expect: {objects: {bear: {zone: battlefield, power: 2, toughness: 2}}}\n")
    return ("format: 1\ncr: 2025-09-19\ncases:\n  - id: 400.7/long\n    rules: [400.7]\n"
            "    source: {rule: 400.7}\n    summary: A bear goes to the hand and back, again and again; a new "
            "object each time, 2/2.\n    players: [Alex]\n    objects:\n      bear: {card: {types: [creature], "
            "power: 2, toughness: 2}}\n    steps:\n" + cycle * (steps // 4))


def long_case_times(sizes: list[int], repeat: int) -> list[tuple[float, float, int]]:
    """For a case of each number of steps: seconds to load it (YAML, limits, schema, checks, the
    model), seconds for the reference engine to run it, and the peak memory of loading it in
    bytes (tracemalloc, measured apart from the timing)."""
    import tracemalloc

    from reference_engine import ReferenceEngine

    measured = []
    for size in sizes:
        text = long_case_text(size)
        load = best(repeat, lambda: None if loader.load_text(text, "long.yaml") else None)
        (case,) = loader.load_text(text, "long.yaml")
        plain = case.to_dict()  # what an engine is handed
        run = best(repeat, lambda: None if ReferenceEngine().run(plain) else None)
        tracemalloc.start()
        loader.load_text(text, "long.yaml")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        measured.append((load, run, peak))
    return measured


def corpus_rows(row: Callable[..., None], quick: bool, repeat: int) -> None:
    """Issue 42's rows: the corpus replayed through the suite against the engine alone, and the
    reduction of each kill-matrix mutant's first corpus failure (benchmarks/corpus.py)."""
    from benchmarks import corpus
    from benchmarks.kill_matrix import corpus_detection
    from conformance.corpus import store
    from tests.mutants import MUTANTS

    suite, alone, count = corpus.replay_rates(store.DEFAULT_PATH, 1_000 if quick else 5_000, repeat, best_of_each,
                                              engine_heap)
    ratio = suite / alone
    row(f"corpus replay: {count:,} scenarios, run --corpus / engine alone", f"{suite:,.0f} / {alone:,.0f} /s",
        f"{ratio:.2f} of the engine alone; target >= 0.8: {'met' if ratio >= 0.8 else 'NOT met'}")
    mutants = MUTANTS[:5] if quick else MUTANTS
    shipped = store.read(store.DEFAULT_PATH)
    found = [corpus_detection(mutant, shipped, 2_000 if quick else None) for mutant in mutants]
    reduced = [r.reduce_seconds for r in found if r.reduce_seconds is not None]
    row(f"reduce: first corpus failure of {len(mutants)} mutants", f"{max(reduced, default=0.0):.1f} s at most",
        corpus.reduce_summary(found))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples, one repeat (unless --repeat)")
    parser.add_argument("--repeat", type=int, default=None, help="runs of each measurement (default 3)")
    parser.add_argument("--no-xdist", action="store_true", help="skip the (slow) pytest-xdist measurement")
    parser.add_argument("--no-failing", action="store_true",
                        help="skip the (slow) passing-run against failing-run measurement of the property suite")
    parser.add_argument("--cpu", action="store_true", help="time in-process work in CPU time of this process")
    parser.add_argument("--ab", default=ab.BASE, metavar="COMMIT",
                        help=f"issue 22's targets: rates against this commit in fresh processes (default {ab.BASE})")
    parser.add_argument("--no-ab", action="store_true", help="skip the A/B rows of issue 22")
    args = parser.parse_args(argv)
    global clock
    clock = time.process_time if args.cpu else time.perf_counter
    repeat = args.repeat if args.repeat is not None else 1 if args.quick else 3
    n = 100 if args.quick else 300
    rows: list[tuple[str, str, str]] = []

    def row(name: str, value: str, target: str = "") -> None:
        rows.append((name, value, target))
        print(f"{name:62} {value:>18}  {target}", flush=True)

    print(f"mtg-conformance benchmarks on {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"{'CPU time of this process' if args.cpu else 'wall time'}, best of {repeat}\n")
    small = sample(n, max_objects=3, max_steps=5)
    medium = sample(n, max_objects=6, max_steps=10)
    copies = copy_sample(n)
    print(f"samples: small {describe_sample(small)}\n         medium {describe_sample(medium)}\n"
          f"         copy   {describe_sample(copies)} (copy_scenarios(): layers 1-6 at work)\n")
    # The engine's rates are measured in two rounds, now and after the other in-process rows, and
    # the better of each is the figure: on a shared machine a slow spell lasts seconds, longer than
    # one round (docs/benchmarks.md, "This machine's noise").
    samples = {"small": small, "medium": medium, "copy": copies}
    first_round = {name: engine_rate(cases, repeat) for name, cases in samples.items()}
    for name, rate in first_round.items():
        row(f"reference engine, {name} scenarios, first round", f"{rate:,.0f} /s")
    generated, end_to_end = generation_and_property_rates(n, repeat)
    for name, rate in generated.items():
        row(f"strategies alone: {name}() generation rate", f"{rate:,.0f} /s")
    generation = generated["scenarios"]
    ratio = end_to_end / generation
    row("end-to-end differential property (reference vs reference)", f"{end_to_end:,.0f} ex/s",
        f"{ratio:.2f} of generation; target >= 0.5: {'met' if ratio >= 0.5 else 'NOT met'}")
    times = dict(zip((10, 100, 1000), layer_times([10, 100, 1000], repeat)))
    for size, seconds in times.items():
        row(f"layer evaluation, {size:,} objects and {size:,} effects (all P/T)", f"{seconds * 1000:,.2f} ms")
    growth = times[1000] / times[100]
    row("growth from 100 to 1,000 objects", f"{growth:.1f}x", f"target <= 15x: {'met' if growth <= 15 else 'NOT met'}")
    dependency = dict(zip((40, 80, 160), dependency_times([40, 80, 160], repeat)))
    for size, seconds in dependency.items():
        row(f"layers 1-6, {size} objects, {max(2, size // 10)} statics depending on one another (613.8)",
            f"{seconds * 1000:,.1f} ms", "" if size == 40 else
            f"{seconds / dependency[size // 2]:.1f}x the half size: pairs of effects (docs/benchmarks.md)")
    golden, count = golden_time(repeat)
    row(f"golden suite in-process ({count} cases, judge only)", f"{golden * 1000:,.0f} ms")
    over_protocol, _ = golden_time(repeat, f"exec:{sys.executable} -m reference_engine.serve")
    row("golden suite over the JSON-lines protocol (exec:)", f"{over_protocol * 1000:,.0f} ms",
        f"overhead {(over_protocol - golden) / count * 1000:.2f} ms a case")
    corpus_rows(row, args.quick, repeat)
    rates = {name: max(first_round[name], engine_rate(cases, repeat)) for name, cases in samples.items()}
    row("reference engine, small scenarios (<=3 objects, <=5 steps)", f"{rates['small']:,.0f} /s", "best of both rounds")
    row("reference engine, medium scenarios (<=6 objects, <=10 steps)", f"{rates['medium']:,.0f} /s",
        f"best of both rounds; target >= 2,000 /s: {'met' if rates['medium'] >= 2000 else 'NOT met'}")
    row("reference engine, copy scenarios", f"{rates['copy']:,.0f} /s", "best of both rounds")
    from conformance.format import limits

    sizes = [limits.MAX_STEPS // 16 * 4, limits.MAX_STEPS // 4 * 4]  # (a multiple of 4: long_case_text)
    for size, (load, run, peak) in zip(sizes, long_case_times(sizes, repeat)):
        row(f"one case of {size:,} steps: load / run, per 1,000 steps",
            f"{load / size * 1000 * 1000:,.0f} / {run / size * 1000 * 1000:,.0f} ms",
            f"peak memory of the load {peak / 2**20:,.1f} MB" + (" (about the most the limits allow)" if size == sizes[-1] else ""))
    if not args.no_failing:
        passing, failing, failed, stopped = failing_run_times(1)
        ratio = failing / passing
        row("property suite, ci profile, one process: every property passing", f"{passing:.1f} s")
        row(f"  the same against mutant {FAILING_MUTANT} ({failed} failing)", f"{failing:.1f} s",
            f"{ratio:.2f}x the passing run; target <= 2x with >= 5 failing: "
            f"{'met' if ratio <= 2 and failed >= 5 else 'NOT met'} ({stopped} stopped at the shrink bound)")
    if not args.no_ab:
        # Issue 22's targets are ratios to the code of 15e3d01, measured in fresh processes, the two
        # checkouts alternating, best of --repeat (benchmarks/ab.py), in CPU time of each process.
        base = ab.checkout(args.ab, Path(tempfile.gettempdir()) / f"mtg-conformance-{args.ab}")
        for which, target in ab.TARGETS.items():
            before, after = ab.compare(base, which, n, repeat)
            unit = "ex/s" if which == "differential" else "/s"
            name = "end-to-end differential property" if which == "differential" else f"{which}() generation"
            row(f"A/B {name}: {args.ab} -> this", f"{before:,.0f} -> {after:,.0f} {unit}",
                f"{after / before:.2f}x; target >= {target:g}x {args.ab}: {'met' if after / before >= target else 'NOT met'}")
    if not args.no_xdist:
        serial, parallel = xdist_times(1)
        row("property suite, ci profile: one process", f"{serial:.1f} s")
        row("property suite, ci profile: pytest-xdist, 2 workers", f"{parallel:.1f} s", f"speedup {serial / parallel:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
