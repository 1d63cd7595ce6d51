"""Markdown reports of results files, for CI step summaries (``>> $GITHUB_STEP_SUMMARY``).

One results file gives the per-rule table and its failures; several give a per-rule matrix,
one column per file, then each file's failures. Failures show the mismatched values, the
message and, folded, the reproducer case file. The shared views (the matrix, a cell's class,
the failures of a run) are used by :mod:`conformance.reports.html` too.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import Any

from conformance.reports.text import (EXAMPLE_COLUMNS, STATUSES, RuleRow, property_records, rule_key, rule_rows,
                                rules_text)
from conformance.reports.explain import (case_summary, declared_features, failing_rules, found, law, locked_lines,
                                         rerun_command, rule_title, unsupported_line)
from conformance.results.stream import Run

MAX_DETAILED = 60  # failures shown in full per file; GitHub caps a step summary at 1 MiB


# --- views shared with the HTML report ------------------------------------------------------------


def rule_matrix(runs: Sequence[Run]) -> list[tuple[str, list[RuleRow | None]]]:
    """Every rule any run cites, in CR order, with each run's counts (``None``: not in that run)."""
    per_run = [{row.rule: row for row in rule_rows(run.case_results())} for run in runs]
    rules = sorted({rule for rows in per_run for rule in rows}, key=rule_key)
    return [(rule, [rows.get(rule) for rows in per_run]) for rule in rules]


def cell_class(row: RuleRow | None) -> str:
    """pass (all passed), partial (passed and unsupported), fail (some failed), error (some errored,
    none failed), unsupported (all unsupported), none (the rule is not in that run)."""
    if row is None or row.cases == 0:
        return "none"
    counts = row.counts
    if counts["failed"]:
        return "fail"
    if counts["errored"]:
        return "error"
    if counts["passed"] == row.cases:
        return "pass"
    return "partial" if counts["passed"] else "unsupported"


def cell_text(row: RuleRow | None) -> str:
    """``3/4 · 1 failed``: passed of cases, then what did not pass."""
    if row is None:
        return "—"
    rest = [f"{row.counts[s]} {s}" for s in STATUSES[1:] if row.counts[s]]
    return " · ".join([f"{row.counts['passed']}/{row.cases}", *rest])


def failures(run: Run) -> list[dict[str, Any]]:
    """The run's failed and errored results, in the order they arrived."""
    return [r for r in run.results if r["status"] in ("failed", "errored")]


def status_text(record: dict[str, Any]) -> str:
    if record["status"] == "errored":
        return f"errored ({record.get('error_kind') or 'exception'})"
    return record["status"]


def expectation_text(record: dict[str, Any]) -> str | None:
    """``expected failure (FILE:3: reason)`` when the run was judged against an expectations file."""
    expected = record.get("expected")
    if not expected:
        return None
    entry = f" ({expected['entry']}: {expected.get('reason', '')})" if expected.get("entry") else ""
    if expected["verdict"] == "expected":
        return f"expected {expected['outcome']}{entry}"
    return f"UNEXPECTED: expected {expected['outcome']}{entry}"


def value_text(mismatch: dict[str, Any], key: str) -> str:
    if key not in mismatch:
        return "nothing (not reported)"
    return json.dumps(mismatch[key], ensure_ascii=False)


def checkpoint_text(mismatch: dict[str, Any]) -> str:
    label = f" {mismatch['label']!r}" if mismatch.get("label") else ""
    step = f" (step {mismatch['step']})" if mismatch.get("step") else ""
    return f"checkpoint {mismatch['checkpoint']}{label}{step}"


def run_title(run: Run) -> str:
    return f"{run.engine}"


def run_meta(run: Run) -> list[str]:
    """Facts about a run, each short."""
    header = run.header
    facts = [f"suite {header.get('suite', {}).get('version', '?')}", f"CR {header.get('cr', '?')}"]
    if header.get("properties"):
        facts.append(f"profile {header.get('profile')}" + (f", seed {header['seed']}" if header.get("seed") else ""))
    if header.get("shard"):
        facts.append(f"shard {header['shard']}")
    if header.get("shards"):
        facts.append(f"{len(header['shards'])} shards merged")
    if header.get("expectations"):
        facts.append(f"expectations {header['expectations']}")
    facts.append(f"started {header.get('started', '?')}")
    if run.footer is not None:
        facts.append(f"{run.footer.get('duration', 0):.1f} s")
    return facts


def totals_text(run: Run) -> str:
    totals = run.totals()
    return f"{len(run.results)} results: " + ", ".join(f"{totals[s]} {s}" for s in STATUSES)


# --- Markdown ------------------------------------------------------------------------------------------


_MARKUP = re.compile(r"[\\|*_`\[\]~<>]")


def text(value: Any) -> str:
    """Plain text made safe for Markdown prose and table cells: one line (newlines and other
    spacing become one space), HTML's ``&``, ``<`` and ``>`` as entities (GitHub renders inline
    HTML in a step summary), and every character that is Markdown syntax (``\\ | * _ ` [ ] ~``)
    backslash-escaped, the backslash first, so no value opens a link, an image, a code
    span or a table cell of its own."""
    flat = " ".join(str(value).split())
    return html.escape(_MARKUP.sub(lambda m: m.group() if m.group() in "<>" else "\\" + m.group(), flat),
                       quote=False)


def code(value: Any) -> str:
    """An inline code span holding ``value`` exactly (a table cell's pipes escaped)."""
    shown = " ".join(str(value).split()).replace("|", "\\|")
    ticks = "`" * (max((len(m) for m in re.findall(r"`+", shown)), default=0) + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{ticks}{pad}{shown}{pad}{ticks}"


def fenced(body: str, language: str = "") -> list[str]:
    fence = "`" * max(3, max((len(m) for m in re.findall(r"`+", body)), default=0) + 1)
    return [f"{fence}{language}", *body.rstrip("\n").splitlines(), fence]


MARKS = {"pass": "✅", "partial": "☑️", "fail": "❌", "error": "💥", "unsupported": "⚪", "none": ""}


RULES_SHOWN = 6
"""Rules shown in a row of the properties table (then how many in all): a passed property counts under
every rule its examples exercised, up to 70, which pushed the failures below down screens."""


def shown_properties(run: Run, failing_only: bool) -> list[dict[str, Any]]:
    """A run's property records; ``failing_only``: those that failed or errored."""
    records = property_records(run.results)
    return [r for r in records if r["status"] in ("failed", "errored")] if failing_only else records


def render(runs: Sequence[Run], failing_only: bool = False) -> str:
    """The Markdown report; ``failing_only``: the per-rule table (or matrix) and the properties table
    show only the rules and properties with a failed or errored result."""
    lines: list[str] = []
    if len(runs) == 1:
        run = runs[0]
        lines += [f"## mtg-conformance: {text(run.engine)}", ""]
        lines += _run_intro(run)
        lines += _single_table(run, failing_only)
    else:
        lines += [f"## mtg-conformance: {len(runs)} runs side by side", ""]
        for number, run in enumerate(runs, 1):
            lines += [f"{number}. **{text(run.engine)}** ({code(run.path)}): " + text(" · ".join(run_meta(run)))
                      + f" — {text(totals_text(run))}"]
            if run.incomplete_reason:
                lines += [f"   - ⚠️ **incomplete**: {text(run.incomplete_reason)}"]
            if run.partial_reason:
                lines += [f"   - ℹ️ **part of a run**: {text(run.partial_reason)}"]
            lines += [f"   - {line}" for line in _explained(run) if line]
        lines += [""]
        lines += _matrix(runs, failing_only)
    for number, run in enumerate(runs, 1):
        lines += _gate(run, number if len(runs) > 1 else None)
    for number, run in enumerate(runs, 1):
        lines += _failures(run, number if len(runs) > 1 else None)
    for number, run in enumerate(runs, 1):
        lines += _properties(run, number if len(runs) > 1 else None, failing_only)
    return "\n".join(lines).rstrip("\n") + "\n"


def _gate(run: Run, number: int | None) -> list[str]:
    """The gate's verdict (a run with ``--expectations``), its unexpected results and passes."""
    from conformance.reports.gate import summary

    gate = summary(run)
    if gate is None:
        return []
    which = f" of {number}. {text(run.engine)}" if number else ""
    mark = "✅" if gate.passes else "❌"
    lines = [f"### Gate{which}: {mark} {text(gate.verdict())}", "",
             f"Expectations {code(gate.expectations)}" + (" (strict)" if gate.strict else ""), ""]
    for title, records in (("Unexpected results", gate.unexpected), ("Unexpected passes", gate.unexpected_passes)):
        if records:
            lines += [f"{title} ({len(records)}):", ""]
            lines += [f"- {code(r['id'])}: {text(status_text(r))} — {text(expectation_text(r) or '')}" for r in records]
            lines += [""]
    return lines


def _properties(run: Run, number: int | None, failing_only: bool = False) -> list[str]:
    """Each property's examples and the rules it counts under (a property that ran too few
    examples is unsupported, whatever it found), then the engine's refusals by reason."""
    records = shown_properties(run, failing_only)
    if not records:
        return []
    which = f" in {number}. {text(run.engine)}" if number else ""
    lines = [f"### Properties{which}", "",
             "| property | status | " + " | ".join(title for _, title in EXAMPLE_COLUMNS) + " | counts under rules |",
             "|---|---|" + "--:|" * len(EXAMPLE_COLUMNS) + "---|"]
    for record in records:
        examples = record.get("examples") or {}
        mark = {"passed": "✅", "failed": "❌", "errored": "💥", "unsupported": "⚪"}[record["status"]]
        lines.append(f"| {code(record['id'])} | {mark} {text(status_text(record))} | "
                     + " | ".join(text(examples.get(key, "—")) for key, _ in EXAMPLE_COLUMNS)
                     + f" | {text(rules_text(record.get('rules', ()), RULES_SHOWN))} |")
    lines += ["", "A failed property counts under the rules its shrunk counterexample shows broken, a passed one "
                  "under the rules its examples exercised.", ""]
    refused = [r for r in records if r.get("refusals")]
    if refused:
        lines += [f"Examples refused by {text(run.engine)}, by its reasons (the most frequent first, with a message it "
                  "gave):", ""]
        for record in refused:
            lines.append(f"- {code(record['id'])} ({text((record.get('examples') or {}).get('refused', '?'))} refused): "
                         + "; ".join(_refusal(r) for r in record["refusals"][:RULES_SHOWN])
                         + (f"; {len(record['refusals']) - RULES_SHOWN} other reasons"
                            if len(record["refusals"]) > RULES_SHOWN else ""))
        lines.append("")
    return lines


def _refusal(refusal: dict[str, Any]) -> str:
    example = f" (e.g. {code(refusal['example'])})" if refusal["example"] != refusal["reason"] else ""
    lacks = " (the engine itself lacks it)" if refusal.get("gap") else ""
    return f"{refusal['count']} × {text(refusal['reason'])}{lacks}{example}"


def _run_intro(run: Run) -> list[str]:
    lines = [f"{code(run.path)} · " + text(" · ".join(run_meta(run))), "", f"**{text(totals_text(run))}**", "",
             *_explained(run)]
    if run.partial_reason:
        lines[:0] = [f"> ℹ️ **Part of a run**: {text(run.partial_reason)}.", ""]
    if run.incomplete_reason:
        lines[:0] = [f"> ⚠️ **Incomplete run**: {text(run.incomplete_reason)}.", ""]
    return lines


def _explained(run: Run) -> list[str]:
    """The failing rules' count and the unsupported results grouped by reason."""
    failing = failing_rules(run.results)
    lines = [f"**failing rules: {len(failing)}**" + (f" ({text(', '.join(failing))})" if failing else ""), ""]
    unsupported = unsupported_line(run.results, limit=None)
    lines += [text(unsupported), ""] if unsupported else []
    locked = locked_lines(run.results, declared_features(run))
    if locked:
        lines += ["Locked properties (features the engine does not declare):", "",
                  *(f"- {text(line)}" for line in locked), ""]
    return lines


def _rule_cell(rule: str) -> str:
    title = rule_title(rule)
    return text(rule) + (f" · {text(title)}" if title else "")


def _failing_rows(matrix: list[tuple[str, list[RuleRow | None]]], failing_only: bool) -> list[tuple[str, list[RuleRow | None]]]:
    """The rows of ``matrix``; ``failing_only``: those some run has a failed or errored result under."""
    if not failing_only:
        return matrix
    return [(rule, rows) for rule, rows in matrix if any(cell_class(row) in ("fail", "error") for row in rows)]


def _single_table(run: Run, failing_only: bool = False) -> list[str]:
    lines = ["| rule | cases | " + " | ".join(STATUSES) + " |", "|---|--:|" + "--:|" * len(STATUSES)]
    for rule, (row,) in _failing_rows(rule_matrix([run]), failing_only):
        mark = MARKS[cell_class(row)]
        lines.append(f"| {mark} {_rule_cell(rule)} | {row.cases} | " + " | ".join(str(row.counts[s]) for s in STATUSES) + " |")
    totals = run.totals()
    lines.append(f"| **all results** | **{len(run.results)}** | " + " | ".join(f"**{totals[s]}**" for s in STATUSES) + " |")
    return lines + (["", "Only the rules with a failed or errored result (--failing-only)."] if failing_only else []) + [""]


def _matrix(runs: Sequence[Run], failing_only: bool = False) -> list[str]:
    lines = ["| rule | " + " | ".join(f"{n}. {text(run.engine)}" for n, run in enumerate(runs, 1)) + " |",
             "|---|" + "---|" * len(runs)]
    for rule, rows in _failing_rows(rule_matrix(runs), failing_only):
        lines.append(f"| {_rule_cell(rule)} | " + " | ".join(f"{MARKS[cell_class(row)]} {cell_text(row)}".strip() for row in rows) + " |")
    lines.append("| **all results** | " + " | ".join(
        f"**{run.totals()['passed']}/{len(run.results)}**" for run in runs) + " |")
    legend = ", ".join(f"{mark} {name}" for name, mark in MARKS.items() if mark)
    only = " Only the rules with a failed or errored result (--failing-only)." if failing_only else ""
    return lines + ["", f"Cells: passed/cases, then what did not pass. {legend}.{only}", ""]


def _failures(run: Run, number: int | None) -> list[str]:
    from conformance.reports.gate import is_known_failure

    failed = failures(run)
    which = f" in {number}. {text(run.engine)}" if number else ""
    if not failed:
        return [f"### No failures{which}", ""]
    known = [r for r in failed if is_known_failure(r)]
    if known:  # gated: the unexpected ones first, the known ones apart
        failed = [r for r in failed if not is_known_failure(r)] + known
        lines = [f"### Failures{which} ({len(failed)}: {len(failed) - len(known)} unexpected, "
                 f"{len(known)} expected)", ""]
    else:
        lines = [f"### Failures{which} ({len(failed)})", ""]
    for record in failed[:MAX_DETAILED]:
        lines += _failure(record)
    if len(failed) > MAX_DETAILED:
        rest = failed[MAX_DETAILED:]
        lines += [f"… and {len(rest)} more: " + ", ".join(code(r["id"]) for r in rest), ""]
    return lines


def _failure(record: dict[str, Any]) -> list[str]:
    kind = "property " if record.get("kind") == "property" else ""
    mark = "❌" if record["status"] == "failed" else "💥"
    if (record.get("expected") or {}).get("verdict") == "expected":
        mark = "☑️ expected:"  # a known failure, apart from the unexpected ones
    lines = [f"- {mark} {kind}{code(record['id'])}: **{text(status_text(record))}**"
             + (f" — {text(expectation_text(record))}" if expectation_text(record) else "")]
    facts = [f"rules {', '.join(record.get('rules', []))}"]
    if record.get("source"):
        facts.append(f"source {record['source']}")
    lines.append("  " + text(" · ".join(facts)))
    if case_summary(record):
        lines.append(f"  - summary: {text(case_summary(record))}")
    if law(record):
        lines += [f"  - law: {text(law(record))}", f"  - found: {text(found(record))}"]
    if rerun_command(record):
        lines.append(f"  - rerun: {code(rerun_command(record))}")
    mismatches = record.get("mismatches") or []
    if mismatches:
        lines += ["", "  | checkpoint | value | expected | got |", "  |---|---|---|---|"]
        lines += [f"  | {text(checkpoint_text(m))} | {code(m['object'] + '.' + m['field'])} | "
                  f"{code(value_text(m, 'expected'))} | {code(value_text(m, 'got'))} |" for m in mismatches]
    elif record.get("message"):
        lines.append(f"  {text(record['message'])}")
    details = []
    if record.get("detail") and record.get("detail") != record.get("message"):
        details += ["  <details><summary>details</summary>", "", *("  " + line for line in fenced(record["detail"])),
                    "", "  </details>"]
    if record.get("reproducer"):
        details += ["  <details><summary>reproducer (save as a .yaml file, replay with <code>--cases</code>)</summary>",
                    "", *("  " + line for line in fenced(record["reproducer"], "yaml")), "", "  </details>"]
    return lines + ([""] + details if details else []) + [""]
