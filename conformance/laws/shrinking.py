"""A bound on the time Hypothesis spends shrinking one property's counterexample.

Hypothesis has no public per-test shrink time limit, but it has an internal one: after
``hypothesis.internal.conjecture.engine.MAX_SHRINKING_SECONDS`` (300 s) of shrinking, its runner
stops (``ExitReason.very_slow_shrinking``), keeps the smallest failing example it has found so
far, and replays that example as the final reproduction, as after a shrink that ran to its end.
:func:`bounded` lowers that bound while one property runs. Why this is sound:

- the bound starts when shrinking starts, that is after a failing example has been found; the
  generation of examples is never cut short, so no failure goes unfound;
- stopping keeps a failing example (every example the shrinker keeps failed when it ran), and
  Hypothesis's final replay runs it once more: the reported failure is the exception of that
  re-run, and if it did not fail again Hypothesis raises its flakiness error, which the runner
  reports as a flaky failure. Either way a failing property stays failing;
- the shrinker only ever sees real outcomes: nothing in the test body pretends that an example
  passes or fails (a test body that returned early after a deadline would also make Hypothesis's
  data tree see the same choices end differently, and raise its flaky-strategy error).

What the bound costs is only the size of the counterexample: it may not be the smallest, and the
result says so (:data:`STOPPED`). Hypothesis reports the stop with a warning meant for its five
minutes ("PLEASE REPORT THIS"); :func:`bounded` swallows that warning and records the stop
instead (and, should the warning not be printed, at a lower verbosity, the time shows it).
If a Hypothesis release drops the constant, :func:`bounded` leaves shrinking unbounded (and
tests/test_shrink_bound.py fails, so that the change is noticed).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import dataclass

STOPPED = "shrinking stopped after {seconds:g} s: the counterexample may not be the smallest"
"""The note a property's message carries when the bound cut its shrinking short."""

_SLOW_SHRINKING = "working to shrink"  # in Hypothesis's warning when it stops shrinking


@dataclass
class ShrinkWatch:
    """When shrinking began (the first failing example), when its last attempt ended, and whether
    Hypothesis reported stopping it at the bound."""

    bound: float | None
    started: float | None = None
    last_attempt: float | None = None
    warned: bool = False

    def failed(self) -> None:
        """An example failed: the first one starts the shrink phase."""
        if self.started is None:
            self.started = time.perf_counter()

    def attempted(self) -> None:
        """An example ended (not the final replay)."""
        self.last_attempt = time.perf_counter()

    @property
    def shrinking(self) -> bool:
        return self.started is not None

    def seconds(self) -> float:
        """Seconds spent shrinking so far (0 before the first failure)."""
        return 0.0 if self.started is None else time.perf_counter() - self.started

    @property
    def stopped(self) -> bool:
        """Whether the bound cut shrinking short: Hypothesis said so, or the shrinker's attempts
        went on until the bound (it stops at the first attempt that ends past it)."""
        if self.bound is None or self.started is None:
            return False
        return self.warned or (self.last_attempt is not None and self.last_attempt - self.started >= self.bound)


def _engine_module():
    try:
        from hypothesis.internal.conjecture import engine
    except ImportError:  # pragma: no cover - a Hypothesis without the module
        return None
    return engine if isinstance(getattr(engine, "MAX_SHRINKING_SECONDS", None), (int, float)) else None


def available() -> bool:
    """Whether this Hypothesis has the bound :func:`bounded` sets."""
    return _engine_module() is not None


@contextlib.contextmanager
def bounded(watch: ShrinkWatch) -> Iterator[None]:
    """While the block runs, Hypothesis shrinks for at most ``watch.bound`` seconds (``None``:
    Hypothesis's own bound, 300 s)."""
    module = _engine_module()
    if watch.bound is None or module is None:
        yield
        return
    from hypothesis import reporting

    outer = reporting.current_reporter()

    def reporter(value: object) -> None:
        if isinstance(value, str) and _SLOW_SHRINKING in value:
            watch.warned = True
            return
        outer(value)

    previous = module.MAX_SHRINKING_SECONDS
    module.MAX_SHRINKING_SECONDS = watch.bound
    try:
        with reporting.with_reporter(reporter):
            yield
    finally:
        module.MAX_SHRINKING_SECONDS = previous


def watched(check, watch: ShrinkWatch):
    """``check`` (a law's test body), telling ``watch`` when an example fails and when one ends
    (the runner's example() stays as it is: its source seeds the ci profile's examples)."""
    from hypothesis.errors import StopTest, UnsatisfiedAssumption

    def run(*args, **kwargs):
        final = is_final_replay()
        try:
            return check(*args, **kwargs)
        except (UnsatisfiedAssumption, StopTest):
            raise
        except BaseException:
            watch.failed()
            raise
        finally:
            if not final:
                watch.attempted()
    return run


def is_final_replay() -> bool:
    """Whether the example running now is Hypothesis's final replay of the shrunk counterexample."""
    try:
        from hypothesis.control import current_build_context

        return bool(getattr(current_build_context(), "is_final", False))
    except Exception:
        return False
