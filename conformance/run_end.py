"""The end of ``mtg-conformance run``: its exit status (by the expectations file when one is
given), the files written at the end (``--update-expectations``), and one line for each file the
run was asked to write and could not (a full disk, a file-size limit: the results file, the
JUnit XML report, the expectations file): exit status 2 then, for the run's outputs were not kept
(docs/ci.md, "Exit statuses")."""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

import pytest

from conformance.outputs import reason
from conformance.reports.text import exit_status

OK, USAGE = 0, 2


class JunitGuard:
    """``--junitxml``: pytest writes the file as the session ends, and a full disk there was a
    traceback. An ``OSError`` raised in pytest's junitxml is kept here (:attr:`lost`) for one line."""

    def __init__(self) -> None:
        self.lost: str | None = None

    @pytest.hookimpl(wrapper=True)
    def pytest_sessionfinish(self):
        try:
            return (yield)
        except OSError as exc:
            if not any(Path(frame.filename).name == "junitxml.py" for frame in traceback.extract_tb(exc.__traceback__)):
                raise
            self.lost = reason(exc)
            return None


def unwritten_results(args: argparse.Namespace) -> list[str]:
    """The lines saying the results file lost lines, or the JUnit XML file could not be written."""
    lines = []
    stream, junit = getattr(args, "stream", None), getattr(args, "junit_guard", None)
    if stream is not None and stream.lost:
        lines.append(f"--results {args.results}: cannot write the results: {stream.lost}; the results from "
                     "there on were not kept")
    if junit is not None and junit.lost:
        lines.append(f"--junitxml {args.junitxml}: cannot write the report: {junit.lost}; the file is incomplete")
    return lines


def report_unwritten(lines: list[str], status: int) -> int:
    """Print each line (standard error); the exit status: 2 if there is one, else ``status``."""
    for line in lines:
        print(f"mtg-conformance: {line}", file=sys.stderr)
    return USAGE if lines else status


def ci_verdict(args: argparse.Namespace, info, results, expected) -> int:
    """The exit status of ``run``: by the expectations file if one is given; writes --update-expectations."""
    from conformance.results import expectations as expectations_file

    records = [r.record for r in results]
    status = exit_status(results)
    unwritten = unwritten_results(args)
    if args.results and not args.stream.lost:
        print(f"results written to {args.results} (mtg-conformance report {args.results} --format markdown|html)")
    if args.update_expectations:
        try:
            print(expectations_file.update(args.update_base, records, args.update_expectations, engine=info.name))
        except OSError as exc:
            unwritten.append(f"--update-expectations {args.update_expectations}: cannot write the file: "
                             f"{reason(exc)}; it was left as it was")
        if expected is None:
            status = OK
    if expected is not None:  # the gate's verdict is the last thing the run prints
        judgement = expectations_file.judge(expected, records)
        print()
        print(judgement.render(strict=args.strict))
        status = judgement.exit_status(strict=args.strict)
    return report_unwritten(unwritten, status)
