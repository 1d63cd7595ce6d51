"""A/B detection of mutants by properties against another commit, over many random seeds.

The kill matrix (``benchmarks.kill_matrix``) runs each property once, under the deterministic
``ci`` profile: whether a mutant is caught there, and after how many examples, is one draw of
chance, so a change to a strategy can look worse (or better) on one mutant by luck alone. This
benchmark measures a (mutant, property) pair the way a detection rate is measured: the property
is run with ``--seeds`` different random seeds (``--examples`` examples each, no shrinking), on
this checkout and on the base, and the share of seeds that catch the mutant is compared with a
one-sided Fisher exact test.

    python -m benchmarks.detection                          # the default pairs, 20 seeds, vs 15e3d01
    python -m benchmarks.detection --pair counters-after-switches:613/agrees-with-reference
    python -m benchmarks.detection --property 120.3/damage-agrees-with-reference --seeds 10

Each side runs in a fresh process importing its own checkout's code (``PYTHONPATH``, as
``benchmarks.ab``); seed ``i`` is Hypothesis's forced seed ``1000 + i`` on both sides (what
pytest's ``--hypothesis-seed`` sets), so the two sides see the same seeds, not the same examples.
A pair is flagged ``worse`` when the one-sided p-value of this checkout catching it this rarely
is below 0.05.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from math import comb
from pathlib import Path

from benchmarks.ab import BASE, ROOT, checkout

PAIRS = (
    "counters-after-switches:613/agrees-with-reference",
    "two-switches-as-one:613/agrees-with-reference",
    "clamp-negative-before-doubling:613/agrees-with-reference",
    "doubling-recomputed-continuously:613/agrees-with-reference",
    "no-counter-annihilation:613/agrees-with-reference",
    "counter-doubling-adds-one:120.3/damage-agrees-with-reference",
    "no-counter-annihilation:120.3/damage-agrees-with-reference",
    "negative-life-doubled-up:120.3/damage-agrees-with-reference",
    "doubling-before-prevention:120.3/damage-agrees-with-reference",
    "lethal-damage-must-exceed:120.3/damage-agrees-with-reference",
    "unpreventable-damage-prevented:120.3/damage-agrees-with-reference",
)
"""The default pairs: mutants the two differential properties whose steering changed in issue 22
(``target()`` removed) catch less than always under the ``ci`` profile."""

WORKER = r"""
import json, sys
import hypothesis.core
from hypothesis import HealthCheck, Phase, settings
from conformance.engines.interface import describe
from conformance.laws.catalogue import PROPERTIES
from conformance.laws.runner import run_property
from conformance.pytest_properties import differential_property
from tests.mutants import MUTANTS
name, pid, seeds, examples = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
props = {p.id: p for p in (differential_property(), *PROPERTIES)}
mutant = next((m for m in MUTANTS if m.name == name), None)
if mutant is None or pid not in props:
    print(json.dumps({"missing": "mutant" if mutant is None else "property"}))
    sys.exit(0)
profile = settings(max_examples=examples, derandomize=False, database=None, deadline=None,
                   phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target),
                   suppress_health_check=list(HealthCheck))
firsts = []
for s in range(seeds):
    hypothesis.core.global_force_seed = 1000 + s
    engine = mutant.engine()
    run = run_property(props[pid], engine, describe(engine), profile=profile)
    firsts.append(run.first_failure if run.status in ("failed", "errored") else None)
print(json.dumps({"firsts": firsts}))
"""


def fisher_worse(base_caught: int, base_n: int, head_caught: int, head_n: int) -> float:
    """One-sided Fisher exact p-value of ``head_caught`` of ``head_n`` or fewer, given the margins."""
    total, n = base_caught + head_caught, base_n + head_n
    return sum(comb(head_n, k) * comb(base_n, total - k) for k in range(head_caught + 1)
               if 0 <= total - k <= base_n) / comb(n, total)


def sweep(tree: Path, pair: str, seeds: int, examples: int) -> list[int | None] | None:
    """Examples to the first failure (``None``: not caught) for each seed, in ``tree``'s code;
    ``None`` when that checkout has no such mutant or property."""
    name, pid = pair.split(":", 1)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", WORKER, name, pid, str(seeds), str(examples)], cwd=tree,
                         env=env, check=True, capture_output=True, text=True).stdout
    data = json.loads(out.strip().splitlines()[-1])
    return data.get("firsts")


def describe_side(firsts: list[int | None] | None) -> str:
    if firsts is None:
        return "      (absent)     "
    caught = sorted(f for f in firsts if f is not None)
    median = caught[len(caught) // 2] if caught else None
    return f"{len(caught):3}/{len(firsts):<3} median {median!s:>4}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.detection", description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"the commit to compare with (default {BASE})")
    parser.add_argument("--base-dir", type=Path, default=None, help="where its worktree is (made if missing)")
    parser.add_argument("--seeds", type=int, default=20, help="random seeds a side (default 20)")
    parser.add_argument("--examples", type=int, default=100, help="examples a seed (default 100, as ci)")
    parser.add_argument("--pair", action="append", default=[], metavar="MUTANT:PROPERTY",
                        help="a pair to measure (repeatable; default: the module's PAIRS)")
    parser.add_argument("--property", action="append", default=[], metavar="ID",
                        help="measure this property against every mutant of this checkout")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.examples < 1:
        parser.error("--seeds and --examples must be at least 1")
    pairs = list(args.pair)
    if args.property:
        sys.path.insert(0, str(ROOT))
        from tests.mutants import MUTANTS
        pairs += [f"{m.name}:{pid}" for pid in args.property for m in MUTANTS]
    for pair in pairs:
        if ":" not in pair:
            parser.error(f"--pair {pair!r}: expected MUTANT:PROPERTY")
    pairs = pairs or list(PAIRS)
    base = checkout(args.base, args.base_dir or Path(tempfile.gettempdir()) / f"mtg-conformance-{args.base}")
    print(f"Detection A/B against {args.base}: {args.seeds} random seeds a side, {args.examples} examples "
          f"each, no shrinking; caught/seeds and the median examples to the first failure\n")
    worse = 0
    for pair in pairs:
        before, after = sweep(base, pair, args.seeds, args.examples), sweep(ROOT, pair, args.seeds, args.examples)
        if after is None:
            print(f"{pair}: no such mutant or property in this checkout", file=sys.stderr)
            return 2
        verdict = "new"
        if before is not None:
            b = sum(f is not None for f in before)
            a = sum(f is not None for f in after)
            p = fisher_worse(b, len(before), a, len(after))
            verdict = f"p={p:.3f}" + ("  WORSE" if p < 0.05 else "")
            worse += p < 0.05
        print(f"{pair:75} {args.base} {describe_side(before)}  here {describe_side(after)}  {verdict}",
              flush=True)
    print(f"\n{worse} of {len(pairs)} pairs caught significantly less often here (one-sided Fisher, p < 0.05)")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
