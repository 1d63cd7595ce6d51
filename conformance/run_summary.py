"""What ``mtg-conformance run`` prints after its results: the properties' table, the per-rule table,
the unsupported results by reason, the properties features would unlock ("declare X to enable N
more properties"), the engine's refusals by
reason, and a note when ``-k`` selected properties (which count under more rules than it named)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from conformance import CR_VERSION
from conformance.reports.text import CaseResult, render_properties, render_refusals, render_table


def print_summary(args: argparse.Namespace, info, cases: Sequence, results: Sequence[CaseResult]) -> None:
    """The end of a run's output, before the gate's verdict."""
    from conformance.reports.explain import locked_lines, unsupported_line

    records = [r.record for r in results]
    print()
    ran_properties = sum(1 for r in results if r.kind == "property")
    noun = "corpus scenarios" if results and all(r.kind == "corpus" for r in results) else "cases"
    ran = f"{len(results) - ran_properties} of {len(cases)} {noun}" + (
        f" and {ran_properties} properties run, profile {args.profile}" if ran_properties else " run")
    if args.shard:
        ran += f", shard {args.shard}"
    properties = render_properties(records)
    if properties:
        print(f"Properties on {info}: examples, and the rules each counts under (a failure: those its shrunk "
              "counterexample shows broken)")
        print(properties)
        print()
    refusals = render_refusals(records)
    if refusals:
        print(f"Examples {info.name} refused, by its reasons (grouped, the most frequent first; e.g.: a message it gave)")
        print(refusals)
        print()
    print(f"Conformance of {info} by rule (CR {CR_VERSION}; {ran})")
    print(render_table(results))
    unsupported = unsupported_line(records)
    if unsupported:
        print(unsupported)
    locked = locked_lines(records, info.features)
    if locked:
        print(f"locked properties: {info.name} does not declare the features they need "
              "(declare only what the engine does: docs/engines.md#features)")
        print("\n".join(f"  {line}" for line in locked))
    note = keyword_note(args.keyword, results)
    if note:
        print(note)


def keyword_note(keyword: str | None, results: Sequence[CaseResult]) -> str:
    """Why ``run -k RULE`` lists rules it did not name: the properties it selected (a property is
    selected by each rule it cites) count under the rules their examples exercised."""
    selected = sum(1 for r in results if r.kind == "property")
    if not keyword or not selected:
        return ""
    return (f"-k {keyword!r} selected {selected} propert{'ies' if selected != 1 else 'y'} too (a property is selected by "
            "every rule it cites), and a property counts under every rule its examples exercised: hence rules -k did "
            "not name. Add --no-properties for the cases alone.")
