"""The commands about the corpus: ``mtg-conformance corpus build`` (draw it again: conformance.corpus.build),
``corpus info`` (what a corpus file holds), ``corpus path`` (where the shipped one is) and ``mtg-conformance reduce`` (any failing case made small:
conformance.corpus.reduce). ``run --corpus`` replays it (conformance.corpus.replay).

``reduce`` exits 0 when it wrote the reduced case, 1 when the case does not fail on the engine
(nothing to reduce), 2 for invalid input or usage (a bad case file or corpus, no case of that id,
an unusable engine, a file it cannot write).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

OK, FAILED, USAGE = 0, 1, 2


def add_commands(commands) -> None:
    """The commands' parsers, added to the CLI's sub-parsers."""
    from conformance.corpus.build import DEFAULT_SIZE
    from conformance.corpus.store import DEFAULT_PATH
    from conformance.engines.harness import positive_seconds

    corpus = commands.add_parser("corpus", help="the frozen corpus: build it again from the strategies and the "
                                                "reference engine, or show what a corpus file holds")
    actions = corpus.add_subparsers(dest="corpus_command", metavar="ACTION", required=True)
    build = actions.add_parser("build", help="draw the corpus: every property's scenarios on the reference engine, "
                                             "chunk by seeded chunk, with its snapshots as expected values")
    build.add_argument("-o", "--output", default=str(DEFAULT_PATH), metavar="FILE",
                       help="the corpus file to write (default: the one shipped in the package)")
    build.add_argument("--size", type=int, default=DEFAULT_SIZE, metavar="N",
                       help=f"the number of scenarios (default {DEFAULT_SIZE:,})")
    actions.add_parser("path", help="print the path of the shipped corpus (for reduce CASE_FILE)")
    info = actions.add_parser("info", help="what a corpus file holds: its header, and scenarios by property")
    info.add_argument("file", nargs="?", default=str(DEFAULT_PATH), metavar="FILE")

    reduce = commands.add_parser("reduce", help="shrink a failing case (golden, corpus, your own) against an engine to "
                                                "a small case that still fails the same way; write it as a case file")
    reduce.add_argument("case_file", metavar="CASE_FILE", help="a case file (YAML) or a corpus file (.jsonl.gz)")
    reduce.add_argument("-k", dest="case_id", required=True, metavar="ID", help="the id of the case (or corpus scenario)")
    reduce.add_argument("--engine", default="reference", metavar="SPEC", help="the engine it fails on (as run --engine)")
    reduce.add_argument("--timeout", type=positive_seconds, metavar="SECONDS",
                        help="seconds the engine has to answer one case (as run --timeout)")
    reduce.add_argument("--seconds", type=positive_seconds, default=60.0, metavar="SECONDS",
                        help="the most time spent reducing (default 60)")
    reduce.add_argument("--differential", action="store_true",
                        help="recompute the expected values with the reference engine as the case shrinks (the "
                             "default for a corpus scenario; a case file's hand-worked values are otherwise kept)")
    reduce.add_argument("-o", "--output", metavar="FILE",
                        help="the case file to write (default: ID.reduced.yaml, slashes as dashes); never overwritten")


def cmd_corpus(args: argparse.Namespace) -> int:
    from conformance.corpus import build, store

    if args.corpus_command == "path":
        print(store.DEFAULT_PATH)
        return OK
    if args.corpus_command == "info":
        corpus = store.read(args.file)
        from collections import Counter

        by_property = Counter(corpus.scenario(i).property for i in range(len(corpus)))
        print(" ".join(f"{k}: {v}" for k, v in corpus.header.items() if k != "built_with"),
              f"built with {corpus.header.get('built_with')}")
        for prop, count in by_property.most_common():
            print(f"  {count:>6}  {prop}")
        return OK
    if args.size < 1:
        print(f"corpus build: --size must be at least 1, not {args.size}", file=sys.stderr)
        return USAGE
    built = build.draw(args.size, progress=lambda line: print(line, file=sys.stderr))
    try:
        path = store.write(args.output, build.header(built), built.scenarios)
    except OSError as exc:
        print(f"corpus build: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return USAGE
    for failure in built.law_failures:
        print(f"corpus build: a law the reference engine does not meet: {failure}", file=sys.stderr)
    print(f"wrote {path}: {len(built.scenarios):,} scenarios in {built.rounds} rounds, {built.seconds:.0f} s, "
          f"{path.stat().st_size:,} bytes")
    return OK


def _find(args: argparse.Namespace):
    """The case to reduce (its plain form), whether it is differential, its rules and summary."""
    from conformance.errors import CaseFileError, CaseFileErrors

    path = Path(args.case_file)
    try:
        with open(path, "rb") as handle:
            packed = handle.read(2) == b"\x1f\x8b"
    except OSError as exc:
        raise CaseFileErrors([CaseFileError(str(path), f"cannot read the file: {exc.strerror or exc}")]) from None
    if packed:
        from conformance.corpus import store

        corpus = store.read(path)
        for scenario in corpus:
            if scenario.id == args.case_id:
                return scenario.case, True, scenario.rules, (f"A scenario of the corpus, drawn for the property "
                                                             f"{scenario.property}")
    else:
        from conformance.format import loader

        for case in loader.load_file(path):
            if case.id == args.case_id:
                return case.to_dict(), args.differential, case.rules, case.summary
    raise CaseFileErrors([CaseFileError(str(path), f"no case {args.case_id!r} in the file", field="id")])


def cmd_reduce(args: argparse.Namespace) -> int:
    from conformance.corpus.reduce import Reducer, case_file, first_problem
    from conformance.engines.interface import describe, load_engine
    from conformance.outputs import unwritable, write_atomically

    plain, differential, rules, summary = _find(args)
    target = Path(args.output) if args.output else Path(args.case_id.replace("/", "-") + ".reduced.yaml")
    if target.exists():
        print(f"reduce: {target} exists: not overwritten (give -o FILE)", file=sys.stderr)
        return USAGE
    if problem := unwritable(target):
        print(f"reduce: cannot write {target}: {problem}", file=sys.stderr)
        return USAGE
    engine = load_engine(args.engine, timeout=args.timeout)
    try:
        info = describe(engine)
        reducer = Reducer(engine, info, differential=differential, seconds=args.seconds)
        first = reducer.outcome(plain)
        if first is None:
            print(f"reduce: {args.case_id} is not a case the reference engine "
                  + ("can run" if differential else "passes (its expected values do not hold there)"), file=sys.stderr)
            return USAGE
        if first.status not in ("failed", "errored"):
            print(f"reduce: {args.case_id} does not fail on {info} ({first.status}): nothing to reduce")
            return FAILED
        reduced = reducer.reduce(plain, first)
        what = "failed" if reduced.outcome.status == "failed" else "errored"
        detail = first_problem(reduced.outcome)
        text = case_file(reducer, reduced, case_id=args.case_id, rules=tuple(rules),
                         summary=f"{summary}, reduced on {info}: {detail}")
    finally:
        if callable(close := getattr(engine, "close", None)):
            close()
    try:
        write_atomically(target, text)
    except OSError as exc:
        print(f"reduce: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        return USAGE
    print(f"reduced {args.case_id} to {reduced.sizes()}; still {what} on {info}: {detail}")
    print(f"wrote {target} (mtg-conformance run --cases {target} --engine {args.engine})")
    return OK


COMMANDS = {"corpus": cmd_corpus, "reduce": cmd_reduce}
