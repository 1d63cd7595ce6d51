"""``mtg-conformance``: run the suite against an engine, list and check cases.

Exit status: 0 when every case that ran conforms, 1 when some case fails or errors, 2 for
invalid input (a bad case file, an unusable engine) or usage, or when ``run`` could not write a
file it was asked to (conformance.run_end); ``run`` interrupted by SIGINT 130, by SIGTERM 143
(every finished result kept, the results file's footer says ``interrupted: true``). A reader of
standard output that goes away costs no traceback (conformance.outputs).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from conformance import CR_VERSION, __version__, adapters_cli, corpus_cli
from conformance.corpus import store as corpus_store
from conformance.format import loader
from conformance.format.files import through_link
from conformance.laws import profiles
from conformance.engines.interface import describe, load_engine
from conformance.errors import CaseFileError, CaseFileErrors, EngineSpecError
from conformance.engines.harness import DEFAULT_TIMEOUT, GIVE_UP_AFTER, positive_seconds
from conformance.reports.text import rule_key
from conformance.outputs import guard_standard_streams, restore_standard_streams, unwritable, write_atomically
from conformance.run_end import JunitGuard, ci_verdict, report_unwritten, unwritten_results

OK, FAILED, USAGE = 0, 1, 2
INTERRUPTED, TERMINATED = 130, 143
"""``run`` stopped by SIGINT (Ctrl-C) or SIGTERM: 128 + the signal number, as a shell reports it.
The results file has every finished result and a footer with ``interrupted: true``."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtg-conformance",
        description="A conformance test suite for Magic: The Gathering rules engines.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__} (CR {CR_VERSION})")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    run = commands.add_parser("run", help="run the cases against an engine and print the per-rule table")
    run.add_argument("--engine", default="reference", metavar="SPEC",
                     help="'reference' (the built-in engine, default), an installed engine's name (mtg-conformance "
                          "engines), module:attribute, or 'exec:COMMAND ARGS' (an engine in any language speaking "
                          "docs/protocol.md)")
    run.add_argument("--timeout", type=positive_seconds, metavar="SECONDS",
                     help=f"seconds an engine has to answer one case (exec: default {DEFAULT_TIMEOUT:g}; given, an "
                          f"in-process engine runs in a worker process, unbounded without it)")
    run.add_argument("--keep-trying", action="store_true",
                     help=f"send every case to an exec: engine even after it timed out or crashed the same way on "
                          f"{GIVE_UP_AFTER} cases in a row (by default the remaining cases are errored at once)")
    _cases_option(run)
    run.add_argument("-k", dest="keyword", metavar="EXPR",
                     help="only cases matching EXPR (by id, cited rule or feature; pytest -k syntax)")
    run.add_argument("-n", dest="workers", metavar="N",
                     help="run in N worker processes (pytest-xdist; 'auto' for one per core)")
    run.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first failing case")
    run.add_argument("--lf", "--last-failed", dest="last_failed", action="store_true",
                     help="run only what failed or errored in the last run of this engine (all if nothing did; "
                          "kept in .mtg-conformance/last-failed.json, not written when $CI is set)")
    run.add_argument("--ff", "--failed-first", dest="failed_first", action="store_true",
                     help="run what failed in the last run of this engine first, then the rest")
    run.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    run.add_argument("--junitxml", metavar="FILE", help="also write a JUnit XML report")
    _ci_options(run)
    props = run.add_mutually_exclusive_group()
    props.add_argument("--properties", dest="properties", action="store_true", default=None,
                       help="run the property suite too (the default unless --cases is given)")
    props.add_argument("--no-properties", dest="properties", action="store_false",
                       help="run the cases only, not the property suite")
    run.add_argument("--profile", choices=sorted(profiles.PROFILES), default=profiles.DEFAULT_PROFILE,
                     help="Hypothesis profile for the properties: ci (default: deterministic, 100 examples), "
                          "dev (random, example database) or thorough (2,000 examples)")
    run.add_argument("--shrink-seconds", metavar="SECONDS", type=profiles.parse_shrink_seconds, default=profiles.UNSET,
                     help="the most seconds spent shrinking one property's counterexample, or 'none' (default: "
                          "the profile's, 10 s under ci and dev); the result says when it cut shrinking short")
    run.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                     help="a progress line naming the property running and whether it is shrinking, rewritten in "
                          "place (auto, the default: on a terminal, not in CI (CI set), not with -n)")
    run.add_argument("--save-failures", metavar="DIR",
                     help="write each failing property's shrunk counterexample as a golden case file in DIR")
    run.add_argument("--statistics", action="store_true",
                     help="print, per rule, how many generated examples exercised it")
    run.add_argument("--corpus", nargs="?", const=str(corpus_store.DEFAULT_PATH), metavar="FILE",
                     help="replay the frozen corpus (FILE, default: the shipped one) instead of the cases and properties: "
                          "no Hypothesis, no reference run (docs/corpus.md)")
    run.add_argument("--corpus-size", type=_count, metavar="N", help="with --corpus: only its first N scenarios")
    run.add_argument("pytest_args", nargs="*", metavar="-- PYTEST_ARGS",
                     help="further pytest options, after --")

    report = commands.add_parser("report", help="render results files (run --results) as Markdown or one HTML page")
    report.add_argument("results", nargs="+", metavar="RESULTS.jsonl",
                        help="results files; several sit side by side (one column each), except the shards "
                             "of one run (--shard), which are merged into that run")
    report.add_argument("--format", choices=("markdown", "html", "text", "badge"), default="markdown",
                        help="markdown (default; for $GITHUB_STEP_SUMMARY), html (one self-contained page), "
                             "text (plain, for a terminal) or badge (an SVG badge per engine)")
    report.add_argument("--failing-only", action="store_true",
                        help="show only the rules and properties with a failed or errored result")
    report.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE instead of standard output (badge with several results files: a directory, "
                             "one ENGINE.svg each)")

    listing = commands.add_parser("list", help="list the cases by rule")
    _cases_option(listing)
    listing.add_argument("-k", dest="keyword", metavar="EXPR",
                         help="only cases matching EXPR (by id, cited rule or feature; pytest -k syntax, as run -k)")
    commands.add_parser("properties", help="list the property suite: each property's id, rules, what it "
                                           "says and the features it needs")

    check = commands.add_parser("check", help="validate case files; report every problem")
    _cases_option(check)
    check.add_argument("files", nargs="*", metavar="PATH", help="case files or directories (as --cases)")
    new = commands.add_parser("new", help="write the skeleton of a golden case RULE/slug that check accepts "
                                          "(docs/contributing.md)")
    new.add_argument("case_id", metavar="RULE/slug", help="the new case's id, e.g. 613.4b/my-new-case")
    new.add_argument("-o", "--output", metavar="FILE",
                     help="the case file to write (default: RULE-slug.yaml in the working directory); never overwritten")

    smoke = commands.add_parser("smoke", help="check in seconds that an engine adapter works (start, describe, "
                                              "two trivial cases, stop)")
    smoke.add_argument("--engine", default="reference", metavar="SPEC",
                       help="an engine's name ('reference', the built-in engine, default, as run; an installed "
                            "adapter's), module:attribute or 'exec:COMMAND ARGS'")
    smoke.add_argument("--timeout", type=positive_seconds, metavar="SECONDS",
                       help=f"seconds an engine has to answer one case (exec: default {DEFAULT_TIMEOUT:g}; given, an "
                            f"in-process engine runs in a worker process, unbounded without it)")
    serve = commands.add_parser("serve-reference", help="serve the reference engine over protocol v1 on stdin/stdout "
                                                        "(python -m reference_engine.serve)")
    serve.add_argument("--engine", default="reference", metavar="SPEC",
                       help="serve this in-process engine (a name, module:attribute) instead")
    commands.add_parser("path", help="print the directory of the installed golden cases")
    commands.add_parser("schema", help="print the JSON Schema of case files")
    coverage = commands.add_parser("coverage", help="run the property suite and print the share of generated examples "
                                                    "using each format element and exercising each rule")
    coverage.add_argument("--profile", choices=sorted(profiles.PROFILES), default=profiles.DEFAULT_PROFILE,
                          help="Hypothesis profile (default ci)")
    coverage.add_argument("--engine", default="reference", metavar="SPEC",
                          help="run the properties against this engine (default: the reference engine)")
    coverage.add_argument("--property", action="append", dest="only", metavar="ID",
                          help="only this property (repeatable)")
    coverage.add_argument("--minimum", type=float, default=1.0, metavar="PERCENT",
                          help="flag the elements no property reaches in this share of its examples (default 1)")
    coverage.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                          help="on standard error, a line per property as it ends, and on a terminal (auto, off CI; "
                               "on: anywhere) the property running, rewritten in place")
    coverage.add_argument("--pairs", action="store_true",
                          help="print the declared interactions instead: the share of examples in which two elements "
                               "meet on one event (conformance/data/interactions.yaml)")
    adapters_cli.add_commands(commands)  # engines, init-adapter
    corpus_cli.add_commands(commands)  # corpus, reduce
    from conformance.author_commands import add_parsers

    COMMANDS.update(add_parsers(commands))  # explore, explain, features (conformance/author_commands.py)
    from conformance.campaign import command as campaign

    campaign.add_parser(commands)  # docs/campaigns.md
    COMMANDS["campaign"] = campaign.command
    return parser


def _ci_options(run: argparse.ArgumentParser) -> None:
    """The options of ``run`` for CI: expectations, sharding, the results stream (docs/ci.md)."""
    from conformance.results.shard import parse as parse_shard

    run.add_argument("--expectations", metavar="FILE",
                     help="an expectations file: exit 0 exactly when every result is as it expects")
    run.add_argument("--strict", action="store_true",
                     help="with --expectations: an unexpected pass fails the run too")
    run.add_argument("--update-expectations", metavar="FILE",
                     help="write FILE from this run's results, keeping the entries that still apply")
    run.add_argument("--shard", type=parse_shard, metavar="I/N",
                     help="run only shard I of N (a stable split by case id, for CI matrices)")
    run.add_argument("--results", metavar="FILE.jsonl",
                     help="write every result to FILE.jsonl as it arrives (JSON Lines; see 'report')")


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(text)


def _cases_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cases", action="extend", nargs="+", metavar="PATH",
                        help="case files or directories (several, or repeated; default: the installed golden suite)")


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; ``argv`` ``None``: this process's own (a signal after ``run`` was
    interrupted is then ignored until the process exits: conformance.interrupts)."""
    guards = guard_standard_streams()  # a reader of standard output that goes away: no traceback
    try:
        args = build_parser().parse_args(argv)
        args.command_line = ["mtg-conformance", *(sys.argv[1:] if argv is None else argv)]
        args.own_process = argv is None
        return COMMANDS[args.command](args)
    except (CaseFileErrors, EngineSpecError) as exc:
        print(exc, file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        return INTERRUPTED
    finally:
        restore_standard_streams(guards)


def _case_paths(args: argparse.Namespace) -> list[Path]:
    return [Path(p) for p in args.cases] if args.cases else [loader.golden_dir()]


def _load(args: argparse.Namespace):
    """The case paths and their cases; every problem of every path given, a missing one's too."""
    paths = _case_paths(args)
    missing = [p for p in paths if not p.exists() and not p.is_symlink()]  # a link that leads nowhere: read, refused
    absent = [CaseFileError(str(p), "no such file or directory") for p in missing]
    try:
        cases = loader.load_suite([p for p in paths if p not in missing]) if len(missing) < len(paths) else []
    except CaseFileErrors as exc:
        count = len(exc.errors) + len(absent)
        raise CaseFileErrors(exc.errors + absent + [CaseFileError(
            "mtg-conformance", f"{count} problem{'s' * (count != 1)} in the case files; nothing was run")]) from None
    if absent:
        raise CaseFileErrors(absent)
    return paths, cases


def cmd_run(args: argparse.Namespace) -> int:
    """``run``; SIGINT and SIGTERM end it once, at any time (conformance.interrupts)."""
    from conformance.interrupts import install

    interrupts = install()
    args.stream = args.collector = None
    stopped = False
    try:
        return _run(args, interrupts)
    except KeyboardInterrupt:
        stopped = True
        terminated = interrupts is not None and interrupts.terminated
        kept = (f"{len(args.collector.results)} results kept" + (f" in {args.results}" if args.results else "")
                if args.collector is not None else "before the run started"
                + (f": {args.results} was not written" if args.results else ""))
        print(f"mtg-conformance: the run was interrupted ({'SIGTERM' if terminated else 'SIGINT'}): {kept}",
              file=sys.stderr)
        return TERMINATED if terminated else INTERRUPTED
    finally:
        if args.stream is not None:
            args.stream.finish(2 if stopped else 3, interrupted=stopped)  # if there is no footer yet
        if interrupts is not None and not (args.own_process and interrupts.first):
            interrupts.restore()


def _run(args: argparse.Namespace, interrupts) -> int:
    import pytest

    from conformance.results import expectations as expectations_file
    from conformance.pytest_plugin import ResultCollector
    from conformance.results.stream import ResultsStream, header

    if args.corpus or args.corpus_size:
        if not args.corpus:
            print("mtg-conformance run: --corpus-size needs --corpus", file=sys.stderr)
            return USAGE
        from conformance.corpus.replay import run_corpus

        return run_corpus(args, interrupts)
    if args.strict and not args.expectations:
        print("mtg-conformance run: --strict needs --expectations FILE (it gates unexpected passes)", file=sys.stderr)
        return USAGE
    for option, target in (("--results", args.results), ("--junitxml", args.junitxml),
                           ("--save-failures", args.save_failures)):
        if target and through_link(target):  # docs/ci.md, "What CI can trust"
            print(f"{option} {target}: {through_link(target)}; nothing was run", file=sys.stderr)
            return USAGE
    expected = expectations_file.load(args.expectations) if args.expectations else None
    if args.update_expectations:  # the file to update is read (and checked) before anything runs
        target = Path(args.update_expectations)
        problem = unwritable(target)
        if problem:
            print(f"--update-expectations {target}: cannot write the file: {problem}; nothing was run", file=sys.stderr)
            return USAGE
        args.update_base = expectations_file.load(target) if target.exists() else expected
    paths, cases = _load(args)
    engine = load_engine(args.engine, timeout=args.timeout)
    try:
        info = describe(engine)
    finally:  # the plugin loads its own (one per xdist worker): stop an exec: engine's process
        if callable(close := getattr(engine, "close", None)):
            close()

    resolved = [p.resolve() for p in paths]
    with_properties = args.properties if args.properties is not None else not args.cases
    if with_properties:
        from conformance.pytest_properties import PROPERTIES_FILE
        anchors = [*resolved, PROPERTIES_FILE]
    else:
        anchors = resolved
    rootdir = Path(os.path.commonpath([p if p.is_dir() else p.parent for p in anchors]))
    from conformance.pytest_plugin import CASES_ANCHOR

    # pytest is given the plugin's anchor, never the case paths, and --noconftest: nothing in a
    # case directory (conftest.py, __init__.py, test_*.py) is imported (conformance/pytest_plugin.py).
    pytest_args = [
        str(CASES_ANCHOR),
        *(["--mtg-properties", "--mtg-profile", args.profile] if with_properties else []),
        *(["--mtg-save-failures", args.save_failures] if args.save_failures else []),
        *(["--mtg-shrink-seconds", "none" if args.shrink_seconds is None else repr(args.shrink_seconds)]
          if args.shrink_seconds is not profiles.UNSET and with_properties else []),
        *(["--mtg-progress", args.progress] if args.progress != "auto" else []),
        *(["--mtg-statistics"] if args.statistics else []),
        *(arg for p in resolved for arg in ("--mtg-cases", str(p))),
        "--mtg-engine", args.engine, "--mtg-no-table",
        *(["--mtg-timeout", repr(args.timeout)] if args.timeout else []),
        *(["--mtg-keep-trying"] if args.keep_trying else []),
        *(["--mtg-expectations", args.expectations] if args.expectations else []),
        *(["--mtg-strict"] if args.strict else []),
        *(["--mtg-last-failed"] if args.last_failed else []),
        *(["--mtg-failed-first"] if args.failed_first else []),
        *([] if with_properties else ["--mtg-no-properties"]),
        "-c", os.devnull, "--rootdir", str(rootdir), "--noconftest", "-p", "no:cacheprovider",
        *(["-p", "no:benchmark"] if _has_plugin("pytest_benchmark") else []),  # its .benchmarks/ directory
        "-v" if args.verbose else "-q", "-r", "fE",
        "-W", "ignore::pytest.PytestAssertRewriteWarning",
    ]
    if args.keyword:
        pytest_args += ["-k", args.keyword]
    if args.workers:
        pytest_args += ["-n", args.workers]
    if args.exitfirst:
        pytest_args.append("-x")
    if args.junitxml:
        pytest_args += ["--junitxml", args.junitxml]
    if args.shard:
        pytest_args += ["--mtg-shard", str(args.shard)]
    pytest_args += args.pytest_args

    args.collector = collector = ResultCollector()
    args.junit_guard = JunitGuard() if args.junitxml else None  # a full disk there: one line (conformance.run_end)
    plugins: list = [collector, *([args.junit_guard] if args.junit_guard else [])]
    if args.results:
        stream = args.stream = ResultsStream(args.results, command=args.command_line, shard=str(args.shard) if args.shard else None,
                               expectations=args.expectations, strict=args.strict if args.expectations else None,
                               annotate=(lambda r: expectations_file.verdict(expected, r).to_dict()) if expected else None,
                               interrupts=interrupts)
        try:  # the header first, at once: a run stopped from here on leaves a header and a footer
            stream.start(header(info, spec=args.engine, properties=with_properties, profile=args.profile,
                                seed=_seed(args.pytest_args), shard=stream.shard, expectations=args.expectations,
                                strict=args.strict, command=args.command_line))
        except OSError as exc:
            print(f"--results {args.results}: cannot write the file: {exc.strerror or exc}", file=sys.stderr)
            return USAGE
        plugins.append(stream)
    code = pytest.main(pytest_args, plugins=plugins)
    if args.stream is not None:
        args.stream.finish(int(code))  # if pytest did not get to it
    results = collector.results
    if code == pytest.ExitCode.INTERRUPTED or (interrupts is not None and interrupts.first):
        raise KeyboardInterrupt
    if args.statistics and collector.statistics:
        from conformance.pytest_properties import statistics_table
        print()
        print("Generated examples by rule")
        print(statistics_table(collector.statistics))
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED, pytest.ExitCode.NO_TESTS_COLLECTED):
        print(f"mtg-conformance: the run did not complete (pytest exit status {int(code)})", file=sys.stderr)
        return USAGE
    if not results and args.shard:
        print(f"mtg-conformance: no case falls in shard {args.shard} (of {len(cases)} cases)")
        return report_unwritten(unwritten_results(args), OK)
    if not results:
        print(f"mtg-conformance: no case selected (of {len(cases)})", file=sys.stderr)
        return USAGE
    from conformance.run_summary import print_summary

    print_summary(args, info, cases, results)
    return ci_verdict(args, info, results, expected)


def _has_plugin(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def _seed(pytest_args: Sequence[str]) -> str | None:
    """The ``--hypothesis-seed`` among the further pytest options, for the results' header."""
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--hypothesis-seed")
    return parser.parse_known_args(list(pytest_args))[0].hypothesis_seed


def cmd_report(args: argparse.Namespace) -> int:
    from conformance.reports import html as report_html, markdown as report_markdown
    from conformance.results.stream import read

    from conformance.results.merge import combine

    if args.output and through_link(args.output):
        print(f"-o {args.output}: {through_link(args.output)}", file=sys.stderr)
        return USAGE
    runs = combine([read(path) for path in args.results])  # the shards of one run are that run
    if args.format == "badge":
        return _badges(runs, args.output)
    if args.format == "text":
        from conformance.reports import summary as report_summary

        text = report_summary.render(runs, failing_only=args.failing_only)
    elif args.format == "html":
        text = report_html.render(runs, failing_only=args.failing_only)
    else:
        text = report_markdown.render(runs, failing_only=args.failing_only)
    if args.output:
        try:
            write_atomically(args.output, text)
        except OSError as exc:
            print(f"-o {args.output}: cannot write the report: {exc.strerror or exc}", file=sys.stderr)
            return USAGE
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return OK


def _badges(runs, output: str | None) -> int:
    """``report --format badge``: one results file's badge to standard output or ``-o FILE``; several
    need ``-o DIR`` and get one ``ENGINE.svg`` each there."""
    import re

    from conformance.reports import badge

    if len(runs) == 1 and not (output and Path(output).is_dir()):
        targets = [(runs[0], Path(output) if output else None)]
    elif output:
        names = [re.sub(r"[^A-Za-z0-9._-]+", "-", run.header.get("engine", {}).get("name", "engine")).strip("-.")
                 or "engine" for run in runs]
        targets = [(run, Path(output) / (f"{name}.svg" if names.count(name) == 1 else f"{name}-{number}.svg"))
                   for number, (run, name) in enumerate(zip(runs, names), 1)]
    else:
        print("report --format badge: several results files need -o DIR (one ENGINE.svg each)", file=sys.stderr)
        return USAGE
    for run, target in targets:
        svg = badge.render(run)
        if target is None:
            sys.stdout.write(svg)
            continue
        try:
            write_atomically(target, svg)
        except OSError as exc:
            print(f"-o {target}: cannot write the badge: {exc.strerror or exc}", file=sys.stderr)
            return USAGE
        print(f"wrote {target}")
    return OK


def cmd_list(args: argparse.Namespace) -> int:
    _, cases = _load(args)
    if args.keyword:
        from conformance.keywords import matcher

        try:
            matches = matcher(args.keyword)
        except ValueError as exc:
            print(f"list -k {args.keyword!r}: {exc}", file=sys.stderr)
            return USAGE
        cases = [case for case in cases if matches({case.id, *case.rules, *case.features, Path(str(case.file)).name})]
    by_rule = defaultdict(list)
    for case in cases:
        for rule in case.rules:
            by_rule[rule].append(case)
    for rule in sorted(by_rule, key=rule_key):
        print(rule)
        for case in by_rule[rule]:
            print(f"  {case.id}  ({case.file}:{case.line})")
    print(f"{len(cases)} cases citing {len(by_rule)} rules")
    return OK


def cmd_coverage(args: argparse.Namespace) -> int:
    from conformance.laws import coverage as generated_coverage

    engine = load_engine(args.engine)
    from conformance.pytest_progress import SuiteProgress

    measured = generated_coverage.measure(profile=args.profile, engine=engine, only=args.only,
                                          progress=SuiteProgress.chosen(args.progress, sys.stderr))
    render = generated_coverage.render_pairs if args.pairs else generated_coverage.render
    print(render(measured, minimum=args.minimum / 100))
    return OK


def cmd_properties(args: argparse.Namespace) -> int:
    from conformance.laws.catalogue import all_properties

    suite = all_properties()
    for prop in suite:
        needs = ", ".join(sorted(prop.needs)) or "nothing"
        print(f"{prop.id}  (rules {', '.join(prop.rules)}; needs {needs})")
        print(f"  {prop.summary}")
    print(f"{len(suite)} properties")
    return OK


def cmd_check(args: argparse.Namespace) -> int:
    import yaml

    from conformance.format import files, portable

    args.cases = [*(args.cases or []), *args.files] or None

    warnings = []  # values another YAML loader reads differently: warned about, never an error
    found, _ = loader.search(p for p in _case_paths(args) if p.exists())  # its problems: the loader's, below
    for path in found:
        try:  # as the loader reads it (files.read); a file it cannot read is the loader's to report
            warnings.extend(portable.warnings(files.read(path).decode("utf-8-sig"), str(path)))
        except (CaseFileErrors, UnicodeError, ValueError, RecursionError, yaml.YAMLError):
            pass
    for warning in warnings:
        print(warning, file=sys.stderr)
    paths, cases = _load(args)
    from conformance.format.skeleton import placeholders

    unfinished = placeholders(cases)  # a skeleton of ``new`` not yet worked by hand: warned about too
    for warning in unfinished:
        print(warning, file=sys.stderr)
    noted = "; ".join([*([f"{len(warnings)} warning{'s' * (len(warnings) != 1)}: quote those values"] if warnings else []),
                       *([f"{len(unfinished)} warning{'s' * (len(unfinished) != 1)}: work those summaries by hand"]
                         if unfinished else [])])
    noted = f" ({noted})" if noted else ""
    print(f"{len(cases)} cases in {len(loader.discover(paths))} files: no problems{noted}")
    return OK


def cmd_new(args: argparse.Namespace) -> int:
    from conformance.format.skeleton import SkeletonError, skeleton, skeleton_path

    try:
        text = skeleton(args.case_id)
    except SkeletonError as exc:
        print(f"new {args.case_id}: {exc}", file=sys.stderr)
        return USAGE
    target = Path(args.output) if args.output else skeleton_path(args.case_id)
    if target.exists():
        print(f"new: {target} exists: not overwritten (give -o FILE)", file=sys.stderr)
        return USAGE
    problem = unwritable(target)
    if problem:
        print(f"new: cannot write {target}: {problem}", file=sys.stderr)
        return USAGE
    try:
        write_atomically(target, text)
    except OSError as exc:
        print(f"new: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        return USAGE
    print(f"wrote {target}: fill in the summary, objects and checkpoints, then mtg-conformance check {target}")
    return OK


def cmd_path(args: argparse.Namespace) -> int:
    print(loader.golden_dir())
    return OK


def cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(loader.schema(), indent=2, ensure_ascii=False))
    return OK


def cmd_smoke(args: argparse.Namespace) -> int:
    from conformance.engines.smoke import smoke

    problems = smoke(args.engine, timeout=args.timeout)
    if problems:
        print(f"smoke: {len(problems)} problem{'s' * (len(problems) != 1)}; the adapter needs fixing")
        return FAILED
    print("smoke: the adapter works")
    return OK


def cmd_serve_reference(args: argparse.Namespace) -> int:
    from reference_engine.serve import main as serve

    return serve(["--engine", args.engine])


COMMANDS = {
    "run": cmd_run, "report": cmd_report, "list": cmd_list, "properties": cmd_properties, "check": cmd_check, "new": cmd_new, "path": cmd_path,
    "schema": cmd_schema, "coverage": cmd_coverage, "smoke": cmd_smoke, "serve-reference": cmd_serve_reference,
    **adapters_cli.COMMANDS, **corpus_cli.COMMANDS,
}
