"""``mtg-conformance explain CASE_FILE -k ID --engine SPEC``: one case on the engine and on the
reference engine, both snapshots after every step, the differences marked.

A case's own checkpoints say where a value is wrong, not where the engine first went another way.
Here the case is run with a checkpoint at the start and one after every step, each observing every
object declared or created so far and every player (:func:`conformance.results.exercised.observed_every_step`,
what the per-rule table uses to find the step a failure shows broken), on the engine under test
and on the reference engine. Each snapshot is printed as a table of the values both engines report,
the reference engine's beside the engine's, a difference marked ``≠``; then the first step after
which they differ, and the verdict of the case itself (its own checkpoints, as ``run`` judges it).
Any engine spec works, an ``exec:`` engine speaking JSON lines too.

Exit status: 0 when both engines agree after every step (or the engine cannot run the case:
unsupported, as ``run`` counts it), 1 when they differ or the engine fails, 2 for invalid input or
usage (no such case, several cases matching ``-k``, an unusable engine).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

OK, DIFFERS, USAGE = 0, 1, 2
WIDTH = 28
"""The widest a value is shown in a column (longer ones are cut, ending ``…``)."""
_ABSENT = object()


def add_parser(commands) -> None:
    explain = commands.add_parser("explain", help="run one case on the engine and on the reference engine and print "
                                                  "both snapshots after every step, the differences marked")
    explain.add_argument("case_file", metavar="CASE_FILE", help="the case file (or a directory of them) holding the case")
    explain.add_argument("-k", dest="keyword", required=True, metavar="ID",
                         help="the case: its id, or a -k expression (as run -k) matching exactly one case")
    explain.add_argument("--engine", default="reference", metavar="SPEC",
                         help="module:attribute, 'exec:COMMAND ARGS' or 'reference' (the built-in engine, default)")
    explain.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                         help="seconds an engine has to answer (exec: engines; as run --timeout)")
    explain.add_argument("--changes", action="store_true",
                         help="after the first snapshot, show only the values that changed or differ")


def _seconds(text: str) -> float:
    from conformance.engines.harness import positive_seconds

    return positive_seconds(text)


def command(args: argparse.Namespace) -> int:
    from conformance.engines.interface import describe, load_engine
    from conformance.errors import CaseFileError, CaseFileErrors

    path = Path(args.case_file)
    if not path.exists():
        raise CaseFileErrors([CaseFileError(str(path), "no such file or directory")])
    from conformance.format import loader

    case = _chosen(loader.load_suite([path]), args.keyword)
    if isinstance(case, str):
        print(f"explain -k {args.keyword!r}: {case}", file=sys.stderr)
        return USAGE
    engine = load_engine(args.engine, timeout=args.timeout)
    try:
        info = describe(engine)
        return explain(case, engine, info, changes_only=args.changes)
    finally:
        if callable(close := getattr(engine, "close", None)):
            close()


def _chosen(cases: list, keyword: str):
    """The one case ``keyword`` names (by id, else as a -k expression), or why there is none."""
    exact = [case for case in cases if case.id == keyword]
    if exact:
        return exact[0]
    from conformance.keywords import matcher

    try:
        matches = matcher(keyword)
    except ValueError as exc:
        return str(exc)
    found = [case for case in cases if matches({case.id, *case.rules, *case.features})]
    if len(found) == 1:
        return found[0]
    if not found:
        return f"no case matches (of {len(cases)})"
    listed = ", ".join(case.id for case in found[:8]) + (f", … ({len(found)} in all)" if len(found) > 8 else "")
    return f"{len(found)} cases match ({listed}): name one by its id"


def explain(case, engine, info, *, changes_only: bool = False, out=None) -> int:
    """Print ``case`` step by step on ``engine`` (described by ``info``) and the reference engine."""
    from conformance.engines.guard import guarded
    from conformance.errors import EngineFault, Unsupported
    from conformance.results import compare
    from conformance.results.exercised import observed_every_step
    from reference_engine import OBSERVABLES, ReferenceEngine

    out = out or sys.stdout
    write = lambda line="": print(line, file=out)  # noqa: E731
    reference = ReferenceEngine()
    where = f" ({case.file}:{case.line})" if case.file else ""
    write(f"explain {case.id}{where}")
    write(f"  summary:   {' '.join(case.summary.split())}")
    write(f"  engine:    {info}")
    write(f"  reference: {reference.describe()['name']} {reference.describe()['version']}")
    compared = {kind: [key for key in OBSERVABLES[kind] if key in info.observables.get(kind, ())]
                for kind in ("objects", "players")}
    write(f"  compared:  objects' {', '.join(compared['objects']) or 'nothing'}; players' "
          f"{', '.join(compared['players']) or 'nothing'} (the values both engines report)")
    reason = compare.missing_support(case, info)
    if reason:
        write(f"unsupported: {reason}: run does not send this case to the engine")
        return OK
    observed, before = observed_every_step(case)
    numbers = [number for number, step in enumerate(case.steps, 1) if step.KEY != "expect"]
    theirs = reference.run_case(observed)
    try:
        ours = guarded(engine).run(observed.to_dict())
    except Unsupported as exc:
        write(f"unsupported: the engine refused the case: {exc}")
        return OK
    except EngineFault as exc:
        write(f"errored ({exc.kind}): {exc.message}")
        return DIFFERS
    except Exception as exc:
        write(f"errored: the engine raised {type(exc).__name__}: {exc}")
        return DIFFERS
    if not isinstance(ours, list) or len(ours) != len(theirs):
        write(f"errored (protocol): the engine answered {len(ours) if isinstance(ours, list) else type(ours).__name__} "
              f"snapshots for {len(theirs)} checkpoints")
        return DIFFERS
    write(f"  {len(numbers)} steps, numbered as in the case (its own checkpoints counted); a snapshot at the start "
          "and after each, of every object and player")
    first = None
    previous: dict[tuple[str, str, str], tuple[Any, Any]] = {}
    for index, (expected, got) in enumerate(zip(theirs, ours)):
        heading = ("at the start" if before[index] is None
                   else f"after step {numbers[index - 1]}: {_step_text(case, numbers[index - 1])}")
        rows = list(_rows(expected, got, compared))
        differing = [row for row in rows if row[4]]
        if differing and first is None:
            first = (heading, differing)
        write()
        write(heading + (f"   ≠ {len(differing)} difference{'s' * (len(differing) != 1)}" if differing else
                         "   (the engines agree)"))
        shown = [row for row in rows if not changes_only or index == 0 or row[4] or previous.get(row[:3]) != row[3]]
        width = max([len("value"), *(len(_label(row)) for row in shown)])
        write(f"    {'value'.ljust(width)}  {'reference'.ljust(WIDTH)}  {info.name}")
        for row in shown:
            reference_value, engine_value = row[3]
            write(f"    {_label(row).ljust(width)}  {_cell(reference_value).ljust(WIDTH)}  {_cell(engine_value)}"
                  + ("   ≠" if row[4] else ""))
        if len(rows) > len(shown):
            write(f"    ({len(rows) - len(shown)} values as before)")
        previous = {row[:3]: row[3] for row in rows}
    write()
    if first is None:
        write("the engines agree after every step")
    else:
        heading, differing = first
        write(f"first difference {heading.split(': ', 1)[0]}: " + "; ".join(
            f"{_label(row)}: reference {_cell(row[3][0])}, {info.name} {_cell(row[3][1])}" for row in differing[:4])
            + (f"; … ({len(differing)} in all)" if len(differing) > 4 else ""))
    verdict = compare.judge(engine, info, case)
    detail = {"failed": lambda: str(verdict.mismatches[0]) + (f" (and {len(verdict.mismatches) - 1} more)"
                                                              if len(verdict.mismatches) > 1 else ""),
              "unsupported": lambda: verdict.reason, "errored": lambda: verdict.message}.get(verdict.status)
    write(f"the case itself (its own checkpoints, as run judges it): {verdict.status}"
          + (f": {detail()}" if detail else ""))
    return OK if first is None and verdict.status in ("passed", "unsupported") else DIFFERS


def _step_text(case, number: int) -> str:
    """Step ``number`` (1-based among the case's steps) as one line of its case-file form."""
    from conformance.format.case import plain_step
    from conformance.laws.counterexamples import compact_step

    written = compact_step(plain_step(case.steps[number - 1], compact=True), case.players[0])
    text = json.dumps(written, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= 160 else text[:159] + "…"


def _rows(expected: Mapping[str, Any], got: Any, compared: Mapping[str, list[str]]):
    """(kind, name, key, (reference's, engine's), differs) for every value the reference engine reports
    of every object and player that both engines compare."""
    from conformance.results.compare import same

    for kind in ("objects", "players"):
        theirs = expected.get(kind) or {}
        ours = got.get(kind) if isinstance(got, Mapping) and isinstance(got.get(kind), Mapping) else {}
        for name in sorted(theirs, key=list(theirs).index):
            values = theirs[name]
            seen = ours.get(name) if isinstance(ours.get(name), Mapping) else {}
            for key in compared[kind]:
                if key not in values:
                    continue
                mine = seen.get(key, _ABSENT)
                yield kind, name, key, (values[key], mine), not same(values[key], mine)


def _label(row) -> str:
    kind, name, key = row[:3]
    return f"{'player ' if kind == 'players' else ''}{name}.{key}"


def _cell(value: Any) -> str:
    if value is _ABSENT:
        return "(not reported)"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= WIDTH else text[:WIDTH - 1] + "…"
