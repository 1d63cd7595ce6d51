"""How fast the suite runs against phase.rs (issue 8: the golden suite at 15 scenarios/s or more).

    python adapters/phase/benchmarks/speed.py              # needs the adapter: pip install -e adapters/phase
    python adapters/phase/benchmarks/speed.py --repeat 5

Measured with time.perf_counter, in one process, each figure the best of ``--repeat`` runs:

- golden, cold: every golden case judged (``compare.judge``) by a new ``PhaseEngine``, so that no
  prepared board is reused; scenarios/s counts the cases phase ran (passed or failed), and the
  time includes the unsupported ones (decided before any game starts);
- golden, warm: the same cases again on the same engine, every board forked from its prepared
  state (``state()`` / ``load_game``);
- generated: scenarios from ``strategies.scenarios`` limited to the adapter's features (the
  property suite's diet), unsupported ones included in the time;
- CLI: ``mtg-conformance run --engine phase --no-properties``, wall clock of the whole process
  (interpreter, pytest and the per-rule table included).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from hypothesis import HealthCheck, given, settings

import strategies as mtg
from conformance.format import loader
from conformance.results import compare
from mtg_conformance_phase import FEATURES, PhaseEngine, engine_version
from conformance.engines.interface import describe
from conformance.errors import Unsupported

QUIET = settings(database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
TARGET = 15.0


def golden(engine: PhaseEngine, cases) -> tuple[float, int]:
    info = describe(engine)
    started = time.perf_counter()
    ran = sum(compare.judge(engine, info, case).status in ("passed", "failed") for case in cases)
    return time.perf_counter() - started, ran


def generated(n: int) -> list:
    cases = []

    @settings(QUIET, max_examples=n)
    @given(mtg.scenarios(features=FEATURES))
    def collect(case):
        cases.append(case.to_dict())
    collect()
    return cases[:n]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python adapters/phase/benchmarks/speed.py", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--generated", type=int, default=300, help="generated scenarios to run (default 300)")
    args = parser.parse_args(argv)
    version, commit = engine_version()
    print(f"phase-python {version} (phase-rs {commit or '?'}), Python {sys.version.split()[0]}")

    cases = loader.load_suite([loader.golden_dir()])
    cold = min((golden(PhaseEngine(), cases) for _ in range(args.repeat)), key=lambda r: r[0])
    warm_engine = PhaseEngine()
    golden(warm_engine, cases)
    warm = min((golden(warm_engine, cases) for _ in range(args.repeat)), key=lambda r: r[0])
    for label, (seconds, ran) in (("golden, cold", cold), ("golden, warm", warm)):
        rate = ran / seconds
        print(f"{label:14} {ran} of {len(cases)} cases run in {seconds:.2f} s: {rate:.1f} scenarios/s "
              f"(target {TARGET:g}: {'met' if rate >= TARGET else 'NOT met'})")

    plain = generated(args.generated)
    best = None
    for _ in range(args.repeat):
        engine = PhaseEngine()
        started, ran = time.perf_counter(), 0
        for case in plain:
            try:
                engine.run(case)
                ran += 1
            except Unsupported:
                pass
        seconds = time.perf_counter() - started
        best = min(best or (seconds, ran), (seconds, ran))
    print(f"{'generated':14} {len(plain)} scenarios ({best[1]} run, the rest unsupported) in {best[0]:.2f} s: "
          f"{len(plain) / best[0]:.1f} scenarios/s")

    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "conformance", "run", "--engine", "phase", "--no-properties"],
                          capture_output=True, text=True, check=False)
    print(f"{'CLI':14} mtg-conformance run --engine phase --no-properties: {time.perf_counter() - started:.2f} s "
          f"wall clock, exit {done.returncode}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
