"""The end of ``mtg-conformance run``: its exit status (by the expectations file when one is
given), the files written at the end (``--update-expectations``), and one line for each file the
run was asked to write and could not (a full disk, a file-size limit): exit status 2 then, for
the run's outputs were not kept (docs/ci.md, "Exit statuses")."""

from __future__ import annotations

import argparse
import sys

from conformance.outputs import reason
from conformance.reports.text import exit_status

OK, USAGE = 0, 2


def unwritten_results(args: argparse.Namespace) -> list[str]:
    """The line saying the results file lost lines, if it did."""
    stream = getattr(args, "stream", None)
    if stream is None or not stream.lost:
        return []
    return [f"--results {args.results}: cannot write the results: {stream.lost}; the results from there on "
            "were not kept"]


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
    if args.results and not unwritten:
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
