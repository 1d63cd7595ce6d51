"""In-process engines that misbehave, named by the tests as ``tests.inprocess_engines:NAME``
(tests/test_engine_guard.py): a module that imports little, since a worker process
(``--timeout``) imports it each time it starts."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from reference_engine import ReferenceEngine


class HugeInteger(ReferenceEngine):
    """The issue's engine: an integer of 5,000 digits for the gray ogre's power."""

    def run(self, case):
        snapshots = super().run(case)
        if case["id"] == "613.5/gray-ogre":
            snapshots[0]["objects"]["ogre"]["power"] = 10 ** 5000
        return snapshots


class ExitsOnTheOgre(ReferenceEngine):
    """The issue's engine: ``sys.exit(0)`` on the first gray ogre case."""

    def run(self, case):
        if case["id"] == "613.5/gray-ogre":
            sys.exit(0)
        return super().run(case)


class SwallowsInterrupts(ReferenceEngine):
    """Sleeps on the third case, swallowing whatever interrupts it, then answers nothing."""

    def run(self, case):
        if case["id"].endswith("case-3"):
            Path(os.environ["MTG_TEST_MARK"]).write_text("sleeping")
            try:
                time.sleep(60)
            except BaseException:
                return []
        return super().run(case)


class Stalls(ReferenceEngine):
    """Stalls on the second small case (701.10b/case-2), as ``how`` says; the others pass."""

    how = "sleep"

    def run(self, case):
        if case["id"] == "701.10b/case-2":
            if self.how == "sleep":
                time.sleep(30)
            elif self.how == "c-loop":  # C code that never returns to the interpreter, every signal blocked
                import itertools
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGINT, signal.SIGTERM})
                sum(itertools.repeat(1, 4 * 10 ** 9))
            elif self.how == "os-exit":
                os._exit(3)
            elif self.how == "sigkill":
                os.kill(os.getpid(), signal.SIGKILL)
        return super().run(case)


class LoopsInC(Stalls):
    how = "c-loop"


class ExitsAtOnce(Stalls):
    how = "os-exit"


class KillsItself(Stalls):
    how = "sigkill"


class NaNs(ReferenceEngine):
    """Reports NaN for every power and infinity for every toughness."""

    def run(self, case):
        snapshots = super().run(case)
        for snapshot in snapshots:
            for values in snapshot["objects"].values():
                values["power"], values["toughness"] = float("nan"), float("inf")
        return snapshots
