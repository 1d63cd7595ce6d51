"""How deep each mutant's bug hides from the property suite, here and at another commit, measured in
one environment (the same Hypothesis on both sides).

The kill matrix's *examples* column is the first failing property in the order the matrix runs
them; when a property earlier in that order starts catching a mutant (as the differential did once
its scenarios reached more rules, issue 39), that number can grow while no property got weaker.
This benchmark reads, for each mutant both commits have, every failing property's examples to its
first failure (the ``ci`` profile's examples, generate phase only: the same examples, no shrinking)
and compares three medians over the mutants some property catches on both sides: the first failing
property in run order, the same property on both sides (the base's first), and the fewest any
failing property needed (what a run of the whole suite sees first).

    python -m benchmarks.depth --base fa5f411

Which properties fail each mutant is read from each side's docs/mutants.md (the kill matrix's
*properties that fail*); only those are run, each up to its first failure, so a side takes seconds
a mutant. Each side runs in a fresh process importing its own checkout's code (as
:mod:`benchmarks.detection`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.ab import ROOT, checkout

WORKER = r"""
import json, sys
from hypothesis import Phase, settings
from conformance.engines.interface import describe
from conformance.laws import profiles
from conformance.laws.catalogue import PROPERTIES
from conformance.laws.runner import run_property
from conformance.pytest_properties import differential_property
from tests.mutants import MUTANTS
props = {p.id: p for p in (differential_property(), *PROPERTIES)}
mutants = {m.name: m for m in MUTANTS}
ci = settings(profiles.get("ci"), phases=[Phase.explicit, Phase.reuse, Phase.generate])
for line in sys.stdin:
    row = json.loads(line)
    mutant = mutants.get(row["name"])
    if mutant is None:
        continue
    firsts = []
    for pid in row["properties"]:
        engine = mutant.engine()
        run = run_property(props[pid], engine, describe(engine), profile=ci)
        if run.status in ("failed", "errored") and run.first_failure is not None:
            firsts.append([pid, run.first_failure])
    print(json.dumps({"name": row["name"], "firsts": firsts}), flush=True)
"""


def failing(matrix: str) -> list[dict[str, object]]:
    """Each mutant of a kill matrix document with the properties that fail it, in run order."""
    rows, column = [], None
    for line in matrix.splitlines():
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]]
        if cells[:1] == ["mutant"]:  # counted from the right: a bug's text may hold a "|"
            column = len(cells) - cells.index("properties that fail") if "properties that fail" in cells else None
        elif column and len(cells) >= column and not cells[0].startswith("---"):
            rows.append({"name": cells[0], "properties": re.findall(r"`([^`]+)`", cells[-column])})
    return rows


def measure(tree: Path) -> dict[str, list[tuple[str, int]]]:
    """Each mutant's failing properties (in run order, as ``tree``'s docs/mutants.md lists them)
    with their examples to the first failure, measured with ``tree``'s code."""
    rows = failing((tree / "docs" / "mutants.md").read_text("utf-8"))
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", WORKER], cwd=tree, env=env, capture_output=True, text=True,
                          input="".join(json.dumps(row) + "\n" for row in rows))
    if done.returncode:
        last = done.stderr.strip().splitlines()[-1:] or ["no message"]
        raise SystemExit(f"measuring {tree} failed (exit {done.returncode}): {last[0]}")
    out = done.stdout
    return {d["name"]: [tuple(pair) for pair in d["firsts"]] for d in map(json.loads, out.splitlines())}


def medians(here: dict[str, list], base: dict[str, list]) -> dict[str, tuple[float, float, int]]:
    """The three medians (base, here, over how many mutants): first in run order, the base's first
    property on both sides, the fewest of any failing property."""
    both = [name for name in base if base[name] and here.get(name)]
    same = [(base[n][0][1], dict(here[n])[base[n][0][0]]) for n in both if base[n][0][0] in dict(here[n])]

    def median(values):
        return statistics.median(values) if values else float("nan")

    return {
        "first in run order": (median([base[n][0][1] for n in both]), median([here[n][0][1] for n in both]), len(both)),
        "the base's first property": (median([b for b, _ in same]), median([h for _, h in same]), len(same)),
        "fewest of any property": (median([min(x for _, x in base[n]) for n in both]),
                                   median([min(x for _, x in here[n]) for n in both]), len(both)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.depth", description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--base-dir", type=Path, default=None, help="where its worktree is (made if missing)")
    args = parser.parse_args(argv)
    base_tree = checkout(args.base, args.base_dir or Path(tempfile.gettempdir()) / f"mtg-conformance-{args.base}")
    here, base = measure(ROOT), measure(base_tree)
    print(f"Examples to the first failure under ci, {args.base} -> this checkout (one environment)\n")
    for what, (before, after, count) in medians(here, base).items():
        print(f"  median, {what:28} {before:>5} -> {after:<5} over {count} mutants")
    lost = sorted(name for name in base if base[name] and name in here and not here[name])
    print(f"\n  caught by some property there, by none here: {', '.join(lost) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
