"""Where generation's time goes: how many choices an example takes, and what Hypothesis alone
costs for that many (issue 22).

    python -m benchmarks.choices                   # the three strategies, 300 examples, best of 3
    python -m benchmarks.choices --examples 600 --repeat 5
    python -m benchmarks.choices --instructions    # the skeletons in instructions (callgrind; slow)

For each strategy, drawn as ``benchmarks.ab`` draws it (derandomized, generation only, nothing in
the test), it prints the examples a second (CPU time), the choices an example makes (the mean
length of the choice sequence of the examples that ran), the runs of the test function an example
cost (Hypothesis also runs mutations that end short of choices, "overruns", and drops them), and
**the floor**: the rate of a strategy that makes as many plain integer choices and nothing else,
under the same settings. The floor is what Hypothesis's own work (recording each choice, its data
tree) allows at that many choices; a strategy cannot be faster than its floor without making fewer
choices. It is a bound from below of Hypothesis's share: the flat strategy opens no spans, so
Hypothesis has nothing to mutate in it (a real strategy's spans cost their mutations and overruns). A table of floors at several numbers of choices follows, to read
how many choices an example a given rate needs.

**The skeleton** of a strategy: its own examples recorded (choices, list sizes, spans, with their
arguments) and replayed by a strategy that builds nothing. Its rate is what the strategy could reach
with the same choices and spans if its own code cost nothing; with its spans left out but those of
its lists (Hypothesis's ``many``), and with no span at all, it says what the spans cost.
``--instructions`` counts the four (the strategy, its skeleton, lists' spans only, no spans) in
instructions an example under valgrind's callgrind, as ``benchmarks.ab --instructions`` does, which
the machine's load does not move.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

STRATEGIES = ("scenarios", "copy_scenarios", "damage_scenarios")
FLOOR_CHOICES = (10, 25, 50, 75, 100, 150)


@dataclass(frozen=True)
class Reading:
    """One strategy's measurement: examples a second, choices an example, test runs an example."""

    rate: float
    choices: float
    runs: float


@contextmanager
def counting_runs() -> Iterator[dict[str, int]]:
    """Counts the test function's runs and the choices of those that ran to the end (valid)."""
    from hypothesis.internal.conjecture.data import Status
    from hypothesis.internal.conjecture.engine import ConjectureRunner

    counts = {"runs": 0, "valid": 0, "choices": 0}
    original = ConjectureRunner.test_function

    def test_function(self: Any, data: Any) -> Any:
        result = original(self, data)
        counts["runs"] += 1
        if data.status == Status.VALID:
            counts["valid"] += 1
            counts["choices"] += len(data.choices)
        return result

    ConjectureRunner.test_function = test_function  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        ConjectureRunner.test_function = original  # type: ignore[method-assign]


def generate(strategy: Any, examples: int) -> Reading:
    """Draw ``examples`` examples of ``strategy`` as ``benchmarks.ab`` does; CPU time."""
    from hypothesis import HealthCheck, Phase, given, settings

    @settings(derandomize=True, max_examples=examples, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def nothing(case: Any) -> None:
        pass

    with counting_runs() as counts:
        started = time.process_time()
        nothing()
        seconds = time.process_time() - started
    valid = max(counts["valid"], 1)
    return Reading(examples / seconds, counts["choices"] / valid, counts["runs"] / valid)


def plain_choices(count: int) -> Any:
    """A strategy making ``count`` plain integer choices (0 to 9) and nothing else."""
    from hypothesis import strategies as st

    @st.composite
    def flat(draw: Any) -> list[int]:
        data = draw.__self__  # the ConjectureData, as strategies._internal.drawing.Chooser uses it
        return [data.draw_integer(0, 9) for _ in range(count)]

    return flat()


Event = tuple[str, tuple[Any, ...], dict[str, Any]]


@contextmanager
def recording_traces() -> Iterator[list[list[Event]]]:
    """The choices and spans of every example that ran to the end, in order: for each, a list of
    ``("integer" | "boolean" | "start_span" | "stop_span", args, kwargs)`` as the strategy made
    them on its ``ConjectureData``."""
    from hypothesis.internal.conjecture.data import ConjectureData, Status
    from hypothesis.internal.conjecture.engine import ConjectureRunner

    traces: list[list[Event]] = []
    current: list[list[Event]] = []
    names = {"integer": "draw_integer", "boolean": "draw_boolean", "start_span": "start_span", "stop_span": "stop_span"}
    originals = {name: getattr(ConjectureData, method) for name, method in names.items()}
    run = ConjectureRunner.test_function

    def recorder(name: str) -> Any:
        original = originals[name]

        def record(self: Any, *args: Any, **kwargs: Any) -> Any:
            if current:
                current[-1].append((name, args, kwargs))
            return original(self, *args, **kwargs)
        return record

    def test_function(self: Any, data: Any) -> Any:
        current.append([])
        try:
            return run(self, data)
        finally:
            trace = current.pop()
            if data.status == Status.VALID:
                traces.append(_inside_the_strategy(trace))

    for name, method in names.items():
        setattr(ConjectureData, method, recorder(name))
    ConjectureRunner.test_function = test_function  # type: ignore[method-assign]
    try:
        yield traces
    finally:
        for name, method in names.items():
            setattr(ConjectureData, method, originals[name])
        ConjectureRunner.test_function = run  # type: ignore[method-assign]


def _inside_the_strategy(trace: list[Event]) -> list[Event]:
    """The events of a trace inside the strategy's own span (its first; the skeleton opens its
    own), without the spans closed when the example is frozen."""
    inside: list[Event] = []
    depth = 0
    for event in trace:
        if event[0] == "start_span":
            depth += 1
            if depth == 1:
                continue
        elif event[0] == "stop_span":
            depth -= 1
            if depth < 1:
                continue
        inside.append(event)
    return inside


def skeleton(traces: list[list[Event]]) -> Any:
    """A strategy that makes the choices and opens the spans of one of ``traces`` (picked by one
    more choice), with the same arguments, and builds nothing: a strategy's floor with its own
    structure (its spans are what Hypothesis mutates; its lists' sizes are drawn as the strategy
    drew them), where :func:`plain_choices` is the floor of a flat sequence."""
    from hypothesis import strategies as st

    @st.composite
    def replay(draw: Any) -> int:
        data = draw.__self__
        trace = traces[data.draw_integer(0, len(traces) - 1)]
        calls = {"integer": data.draw_integer, "boolean": data.draw_boolean, "start_span": data.start_span,
                 "stop_span": data.stop_span}
        for name, args, kwargs in trace:
            calls[name](*args, **kwargs)
        return len(trace)

    return replay()


def _lists_spans_only(trace: list[Event]) -> list[Event]:
    """A trace without its spans but those of list elements (Hypothesis's ``many``)."""
    from hypothesis.internal.conjecture.utils import ONE_FROM_MANY_LABEL

    kept: list[Event] = []
    opened: list[bool] = []
    for event in trace:
        if event[0] == "start_span":
            label = event[1][0] if event[1] else event[2].get("label")
            opened.append(label == ONE_FROM_MANY_LABEL)
            if opened[-1]:
                kept.append(event)
        elif event[0] == "stop_span":
            if opened.pop():
                kept.append(event)
        else:
            kept.append(event)
    return kept


VARIANTS = {
    "strategy": None,
    "skeleton": lambda trace: trace,
    "lists' spans only": _lists_spans_only,
    "no spans": lambda trace: [event for event in trace if event[0] in ("integer", "boolean")],
}
"""The strategy itself, and what its skeleton keeps of each recorded example."""

RECORDED = 300
"""Examples recorded for a skeleton."""


def variant(name: str, which: str) -> Any:
    """The strategy ``name`` of :mod:`strategies`, or its skeleton (``which``, a key of
    :data:`VARIANTS`) from its first :data:`RECORDED` examples."""
    import strategies as mtg

    strategy = getattr(mtg, name)()
    keep = VARIANTS[which]
    if keep is None:
        return strategy
    with recording_traces() as traces:
        generate(strategy, RECORDED)
    return skeleton([keep(trace) for trace in traces])


def instructions(name: str, which: str, examples: int) -> tuple[int, float]:
    """Callgrind's count of one fresh process that builds the variant and draws ``examples``, and
    the runs of the test function an example those examples cost."""
    from benchmarks.ab import ROOT, callgrind

    count, out = callgrind(["-m", "benchmarks.choices", "--measure", name, which, str(examples)], ROOT,
                           f"{name} ({which})")
    return count, json.loads(out.strip().splitlines()[-1])["runs"]


def per_example(name: str, which: str, examples: int) -> tuple[float, float]:
    """Instructions an example, and runs an example: two processes, ``examples`` and three times
    as many (the same set-up, the recording included, in both), the difference of their counts
    over the difference of examples; the runs of the larger."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        (small, _), (large, runs) = pool.map(lambda n: instructions(name, which, n), (examples, 3 * examples))
    return (large - small) / (2 * examples), runs


def print_instructions(names: list[str], examples: int) -> None:
    """Per strategy and variant: millions of instructions an example (runs of the test function
    an example). A skeleton's mutations run out of choices more often than its strategy's (its
    structure does not follow the values a mutation copies), so it costs more runs an example;
    the last column is its count at the strategy's runs an example (instructions a run times them)."""
    import shutil

    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (callgrind) on the PATH: it is not installed here")
    print(f"Instructions an example (callgrind, {examples} and {3 * examples} examples, the difference), "
          f"millions (runs an example)\n")
    print(f"{'strategy':18}" + "".join(f"{which:>19}" for which in VARIANTS) + f"{'skeleton at its runs':>22}")
    for name in names:
        counts = [per_example(name, which, examples) for which in VARIANTS]
        (_, runs), (bones, bones_runs) = counts[0], counts[1]
        print(f"{name:18}" + "".join(f"{count / 1e6:12.2f} ({runs:.2f})" for count, runs in counts)
              + f"{bones / bones_runs * runs / 1e6:22.2f}", flush=True)


def best(repeat: int, measure: Callable[[], Reading]) -> Reading:
    readings = [measure() for _ in range(repeat)]
    return max(readings, key=lambda r: r.rate)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.choices", description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=None,
                        help="examples a measurement (default 300; with --instructions 100 and 300)")
    parser.add_argument("--repeat", type=int, default=3, help="measurements of each, the best kept (default 3)")
    parser.add_argument("--only", nargs="*", choices=STRATEGIES, help="these strategies only")
    parser.add_argument("--instructions", action="store_true",
                        help="each strategy and its skeletons in instructions an example (callgrind; slow)")
    parser.add_argument("--measure", nargs=3, metavar=("STRATEGY", "VARIANT", "EXAMPLES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:  # one process of --instructions
        name, which, examples = args.measure
        strategy = variant(name, which)
        generate(strategy, 20)
        print(json.dumps({"examples": int(examples), "runs": generate(strategy, int(examples)).runs}))
        return 0
    if args.instructions:
        print_instructions(args.only or list(STRATEGIES), args.examples or 100)
        return 0
    import strategies as mtg

    examples = args.examples or 300
    print(f"Choices and Hypothesis's floor: {examples} examples, best of {args.repeat}, CPU time\n")
    print(f"{'strategy':18} {'rate':>9} {'choices':>8} {'runs':>5} {'floor at its choices':>21} {'share':>6} "
          f"{'its skeleton':>13} {'share':>6}")
    for name in args.only or STRATEGIES:
        strategy = getattr(mtg, name)()
        reading = best(args.repeat, lambda: generate(strategy, examples))
        floor = best(args.repeat, lambda: generate(plain_choices(round(reading.choices)), examples))
        bones_strategy = variant(name, "skeleton")
        bones = best(args.repeat, lambda: generate(bones_strategy, examples))
        print(f"{name:18} {reading.rate:7,.0f}/s {reading.choices:8.1f} {reading.runs:5.2f} "
              f"{floor.rate:19,.0f}/s {reading.rate / floor.rate:6.0%} {bones.rate:11,.0f}/s {reading.rate / bones.rate:6.0%}"
              f"  (skeleton: {bones.choices:.1f} choices, {bones.runs:.2f} runs)",
              flush=True)
    print("\nthe floor: a strategy of N plain choices and nothing else")
    for count in FLOOR_CHOICES:
        floor = best(args.repeat, lambda: generate(plain_choices(count), examples))
        print(f"{count:5} choices {floor.rate:9,.0f}/s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
