"""The corpus rows of ``python -m benchmarks.run`` (issue 42).

- ``corpus replay``: scenarios a second of ``mtg-conformance run --corpus --corpus-size N`` on the
  reference engine (in this process, the whole command: reading the file, judging, recording, the
  per-rule table), against the reference engine alone running the same N scenarios, already
  decoded (its ``run`` on each plain case, nothing else), measured in turn; the ratio is the
  figure, target at least 0.8.
- ``reduce``: for each kill-matrix mutant (tests/mutants.py), the corpus replayed on it up to its
  first failing scenario, then that scenario reduced (``run --corpus`` reports it so): the seconds
  the reduction took and the reduced size (benchmarks.kill_matrix.corpus_detection).
"""

from __future__ import annotations

import contextlib
import io
import statistics
from collections.abc import Callable
from pathlib import Path

from conformance.corpus import store


def replay_rates(path: Path, size: int, repeat: int, best_of_each: Callable, engine_heap) -> tuple[float, float, int]:
    """Scenarios a second through ``run --corpus`` and of the engine alone, and how many scenarios."""
    from conformance.cli import main
    from reference_engine import ReferenceEngine

    corpus = store.read(path)
    order = corpus.order()[:size]
    count = len(order)
    plain = [corpus.scenario(i).case for i in order]  # the scenarios run --corpus-size replays
    engine = ReferenceEngine()

    def suite() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            code = main(["run", "--corpus", str(path), "--corpus-size", str(count)])
        if code != 0:
            raise RuntimeError(f"run --corpus exited {code} on the reference engine")

    def alone() -> None:
        for case in plain:
            engine.run(case)

    with engine_heap():
        through_suite, by_itself = best_of_each(repeat, [suite, alone])
    return count / through_suite, count / by_itself, count


def reduce_summary(rows) -> str:
    """The reduce row's figure: median and largest seconds, and how many reduced within the target size."""
    from benchmarks.kill_matrix import MAX_OBJECTS, MAX_STEPS

    reduced = [r for r in rows if r.reduced is not None]
    if not reduced:
        return "no mutant failed a corpus scenario"
    seconds = [r.reduce_seconds for r in reduced]
    small = sum(1 for r in reduced if r.reduced[0] <= MAX_OBJECTS and r.reduced[1] <= MAX_STEPS)
    return (f"{len(reduced)} of {len(rows)} mutants fail a corpus scenario; reduced in median {statistics.median(seconds):.1f} s "
            f"(at most {max(seconds):.1f} s), {small} of them to at most {MAX_OBJECTS} objects and {MAX_STEPS} steps "
            f"(largest {max(r.reduced[0] for r in reduced)} objects, {max(r.reduced[1] for r in reduced)} steps)")
