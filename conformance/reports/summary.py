"""``report --format text``: a results file summarised for a terminal, plain text, no markup.

Per run: the engine, its totals and how many rules fail; the per-rule table with each rule's short
title (``--failing-only``: only the rules with a failed or errored result); the unsupported results
grouped by reason; then each failure with its summary (a case's) or the law it states and what the run
found (a property's), and the command that reruns it; then the examples the engine refused, by reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from conformance.reports.gate import summary
from conformance.reports.explain import (case_summary, declared_features, failing_rules, found, law, locked_lines,
                                         rerun_command, rule_title, unsupported_groups)
from conformance.reports.markdown import cell_class, failures, run_meta, status_text, totals_text
from conformance.reports.text import STATUSES, render_refusals, rule_rows
from conformance.results.stream import Run

TITLE_WIDTH = 48


def render(runs: Sequence[Run], failing_only: bool = False) -> str:
    return "\n\n".join(_run(run, failing_only) for run in runs) + "\n"


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _run(run: Run, failing_only: bool) -> str:
    failing = failing_rules(run.results)
    lines = [f"{run.engine}  ({run.path})", "  " + " · ".join(run_meta(run)), "  " + totals_text(run),
             f"  failing rules: {len(failing)}" + (f" ({', '.join(failing[:12])}{', …' if len(failing) > 12 else ''})"
                                                   if failing else "")]
    if run.incomplete_reason:
        lines.append(f"  INCOMPLETE: {run.incomplete_reason}")
    if run.partial_reason:
        lines.append(f"  PART OF A RUN: {run.partial_reason}")
    gate = summary(run)
    if gate is not None:
        lines.append(f"  gate ({gate.expectations}{', strict' if gate.strict else ''}): {gate.verdict()}")
        lines += [f"    unexpected: {r['id']} [{status_text(r)}]" for r in gate.unexpected]
        lines += [f"    unexpected pass: {r['id']}" for r in gate.unexpected_passes]
    rows = [row for row in rule_rows(run.case_results()) if not failing_only or cell_class(row) in ("fail", "error")]
    lines.append("")
    if rows:
        header = ("rule", "title", "cases", *STATUSES)
        table = [(row.rule, _clip(rule_title(row.rule), TITLE_WIDTH), str(row.cases),
                  *(str(row.counts[s]) for s in STATUSES)) for row in rows]
        widths = [max(len(r[i]) for r in [header, *table]) for i in range(len(header))]

        def line(cells) -> str:
            rule, title, *numbers = cells
            return "  ".join([rule.ljust(widths[0]), title.ljust(widths[1]),
                              *(n.rjust(w) for n, w in zip(numbers, widths[2:]))]).rstrip()

        lines += [line(header), "-" * len(line(header)), *(line(r) for r in table)]
    else:
        lines.append("no failing rule" if failing_only else "no result counts under any rule")
    total, groups = unsupported_groups(run.results)
    if total:
        lines += ["", f"unsupported: {total}, by reason (a result lacking two features counts under both)"]
        lines += [f"  {count:>4}  {reason}" for reason, count in groups]
    locked = locked_lines(run.results, declared_features(run), limit=None)
    if locked:
        lines += ["", "locked properties (features the engine does not declare):", *(f"  {line}" for line in locked)]
    failed = failures(run)
    if failed:
        lines += ["", f"failures: {len(failed)}"]
        for record in failed:
            lines.append(f"  {record['id']}  [{status_text(record)}]  rules {', '.join(record.get('rules', []))}")
            if case_summary(record):
                lines.append(f"    summary: {case_summary(record)}")
            if law(record):
                lines.append(f"    law:   {law(record)}")
            if found(record):
                lines.append(f"    found: {found(record)}" if record.get("kind") == "property" else f"    {found(record)}")
            if record.get("source"):
                lines.append(f"    source: {record['source']}")
            if rerun_command(record):
                lines.append(f"    rerun: {rerun_command(record)}")
    refusals = render_refusals(run.results)
    if refusals:
        lines += ["", "examples the engine refused, by its reasons (e.g.: a message it gave)",
                  *("  " + line for line in refusals.splitlines())]
    return "\n".join(lines)
