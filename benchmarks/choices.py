"""Where generation's time goes: how many choices an example takes, and what Hypothesis alone
costs for that many (issue 22).

    python -m benchmarks.choices                   # the three strategies, 300 examples, best of 3
    python -m benchmarks.choices --examples 600 --repeat 5

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
"""

from __future__ import annotations

import argparse
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


def best(repeat: int, measure: Callable[[], Reading]) -> Reading:
    readings = [measure() for _ in range(repeat)]
    return max(readings, key=lambda r: r.rate)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.choices", description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300, help="examples a measurement (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="measurements of each, the best kept (default 3)")
    parser.add_argument("--only", nargs="*", choices=STRATEGIES, help="these strategies only")
    args = parser.parse_args(argv)
    import strategies as mtg

    print(f"Choices and Hypothesis's floor: {args.examples} examples, best of {args.repeat}, CPU time\n")
    print(f"{'strategy':18} {'rate':>9} {'choices':>8} {'runs':>5} {'floor at its choices':>21} {'share':>6}")
    for name in args.only or STRATEGIES:
        strategy = getattr(mtg, name)()
        reading = best(args.repeat, lambda: generate(strategy, args.examples))
        floor = best(args.repeat, lambda: generate(plain_choices(round(reading.choices)), args.examples))
        print(f"{name:18} {reading.rate:7,.0f}/s {reading.choices:8.1f} {reading.runs:5.2f} "
              f"{floor.rate:19,.0f}/s {reading.rate / floor.rate:6.0%}", flush=True)
    print("\nthe floor: a strategy of N plain choices and nothing else")
    for count in FLOOR_CHOICES:
        floor = best(args.repeat, lambda: generate(plain_choices(count), args.examples))
        print(f"{count:5} choices {floor.rate:9,.0f}/s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
