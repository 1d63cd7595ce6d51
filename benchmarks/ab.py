"""A/B timing of generation and of the end-to-end differential property against another commit,
each measurement in a fresh Python process, the two checkouts alternating (a, b, a, b, ...) so
that both meet the same load of a shared machine, best of ``--repeat`` (CPU time of the process).

    python -m benchmarks.ab                       # against 15e3d01 (issue 22's "today"), best of 5
    python -m benchmarks.ab --base 15e3d01 --repeat 7 --examples 300

The base is checked out by ``git worktree add --detach`` into a directory of its own (kept for the
next run; ``--base-dir`` to choose it); the current code is this checkout. Each process imports
the code of its checkout only (``PYTHONPATH`` pointed at it, run from it).

    python -m benchmarks.ab --instructions        # instructions an example, under valgrind

On a shared virtual machine the rates move by a quarter from one run to the next (docs/benchmarks.md,
"This machine's noise"). ``--instructions`` counts instead the instructions each side executes
(valgrind's callgrind, ``Collected``), which the machine's load cannot change: each measurement is
run at two sizes (``--examples`` and three times as many) and the difference divided by the
difference of examples, so that starting Python and importing are left out. The examples are
derandomized, so the counts repeat; instructions are not time (memory and caches are not counted),
so this is a second reading beside the rates, not the target's own.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BASE = "15e3d01"
"""Issue 22's "code of today": its targets are ratios to this commit."""

TARGETS = {"scenarios": 5.0, "copy_scenarios": 5.0, "damage_scenarios": 5.0, "differential": 4.0}
"""Issue 22's targets: at least this many times the base's rate."""

TIMING = r"""
import json, sys, time
from hypothesis import HealthCheck, Phase, given, settings
which, n = sys.argv[1], int(sys.argv[2])
if which == "differential":
    from conformance.engines.interface import describe
    from conformance.laws import profiles
    from conformance.laws.runner import run_property
    from conformance.pytest_properties import differential_property
    from reference_engine import ReferenceEngine
    engine = ReferenceEngine()
    info, prop = describe(engine), differential_property()
    started = time.process_time()
    run = run_property(prop, engine, info, profile=settings(profiles.get("ci"), max_examples=n))
    seconds = time.process_time() - started
    assert run.status == "passed", run.message
    count = run.examples
else:
    import strategies as mtg
    strategy = getattr(mtg, which)()
    @settings(derandomize=True, max_examples=n, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def nothing(case):
        pass
    started = time.process_time()
    nothing()
    seconds = time.process_time() - started
    count = n
print(json.dumps({"rate": count / seconds}))
"""


def checkout(commit: str, directory: Path) -> Path:
    """``directory`` holding ``commit`` (a detached worktree of this repository, made once)."""
    if not (directory / ".git").exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(directory), commit],
                       check=True, capture_output=True)
    head = subprocess.run(["git", "-C", str(directory), "rev-parse", "HEAD"], check=True, capture_output=True,
                          text=True).stdout.strip()
    wanted = subprocess.run(["git", "-C", str(ROOT), "rev-parse", commit], check=True, capture_output=True,
                            text=True).stdout.strip()
    if head != wanted:
        raise SystemExit(f"{directory} holds {head[:7]}, not {commit}: pass another --base-dir")
    return directory


def rate(tree: Path, which: str, examples: int) -> float:
    """One measurement in a fresh process importing ``tree``'s code."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", TIMING, which, str(examples)], cwd=tree, env=env,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["rate"]


def compare(base: Path, which: str, examples: int, repeat: int) -> tuple[float, float]:
    """Best rate of the base and of this checkout, measured in turn."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeat):
        a.append(rate(base, which, examples))
        b.append(rate(ROOT, which, examples))
    return max(a), max(b)


def callgrind(arguments: list[str], tree: Path, what: str) -> tuple[int, str]:
    """Instructions (callgrind's ``Collected``) of ``python ARGUMENTS`` run in ``tree`` (on its
    ``PYTHONPATH``) in a fresh process, and what it printed; ``what`` names it in the error."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           *arguments], cwd=tree, env=env, check=True, capture_output=True, text=True)
    counted = [line for line in done.stderr.splitlines() if "Collected :" in line]
    if not counted:
        raise SystemExit(f"valgrind counted nothing for {what}: {done.stderr[-500:]}")
    return int(counted[-1].split(":")[-1].strip()), done.stdout


def instructions(tree: Path, which: str, examples: int) -> tuple[int, int]:
    """The instructions of one measurement in a fresh process, and the examples it ran."""
    count, out = callgrind(["-c", TIMING + INSTRUCTIONS_TAIL, which, str(examples)], tree, f"{which} in {tree}")
    return count, json.loads(out.strip().splitlines()[-1])["count"]


INSTRUCTIONS_TAIL = "\nprint(json.dumps({'count': count}))\n"


def per_example(tree: Path, which: str, examples: int) -> float:
    """Instructions an example: the difference of two measurements (``examples`` and three times as
    many) over the difference of their examples. A short run first, uncounted: Hypothesis keeps what
    it read of the code's constants in the working directory's ``.hypothesis/``, and a first run in
    a new checkout would count that reading in its smaller measurement only."""
    rate(tree, which, 5)
    (small, ran_small), (large, ran_large) = (instructions(tree, which, examples),
                                              instructions(tree, which, 3 * examples))
    return (large - small) / (ran_large - ran_small)


def compare_instructions(base: Path, which: str, examples: int) -> tuple[float, float]:
    """Instructions an example of the base and of this checkout (the two sides measured at once:
    counts do not depend on what else runs)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        before, after = pool.map(lambda tree: per_example(tree, which, examples), (base, ROOT))
    return before, after


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ab", description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"the commit to compare with (default {BASE})")
    parser.add_argument("--base-dir", type=Path, default=None, help="where its worktree is (made if missing)")
    parser.add_argument("--repeat", type=int, default=5, help="fresh processes of each side (default 5)")
    parser.add_argument("--examples", type=int, default=300, help="examples a measurement (default 300)")
    parser.add_argument("--only", nargs="*", choices=sorted(TARGETS), help="these rows only")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions an example under valgrind instead of timing (slow: minutes a row)")
    args = parser.parse_args(argv)
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (callgrind) on the PATH: it is not installed here")
    base = checkout(args.base, args.base_dir or Path(tempfile.gettempdir()) / f"mtg-conformance-{args.base}")
    if args.instructions:
        print(f"A/B against {args.base}: instructions an example (callgrind), {args.examples} and "
              f"{3 * args.examples} examples, the difference\n")
        for which in args.only or TARGETS:
            before, after = compare_instructions(base, which, args.examples)
            print(f"{which:18} {before:12,.0f} -> {after:12,.0f} instructions an example  {before / after:5.2f}x fewer  "
                  f"(the rate's target: >= {TARGETS[which]:g}x)", flush=True)
        return 0
    print(f"A/B against {args.base}: fresh processes, alternating, best of {args.repeat}, CPU time, "
          f"{args.examples} examples each\n")
    for which in args.only or TARGETS:
        before, after = compare(base, which, args.examples, args.repeat)
        ratio, target = after / before, TARGETS[which]
        unit = "ex/s" if which == "differential" else "/s"
        print(f"{which:18} {before:8,.0f} {unit} -> {after:8,.0f} {unit}  {ratio:5.2f}x  "
              f"target >= {target:g}x {args.base}: {'met' if ratio >= target else 'NOT met'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
