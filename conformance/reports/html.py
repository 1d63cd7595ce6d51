"""The HTML report: one self-contained page (inline CSS, no script, no external asset).

A per-rule compliance matrix, rules as rows and one column per results file, so several engines
or versions sit side by side, colour-coded by :func:`conformance.reports.markdown.cell_class`;
then each file's failures with their expected and actual values, messages and reproducer case
files. Every text from a results file is escaped: a case summary or an engine's message holding
``<script>`` shows as text.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from html import escape
from typing import Any

from conformance import __version__
from conformance.reports.text import EXAMPLE_COLUMNS, STATUSES, RuleRow, rules_text
from conformance.reports.markdown import (RULES_SHOWN, cell_class, cell_text, checkpoint_text, expectation_text,
                                         failures, rule_matrix, run_meta, shown_properties, status_text, totals_text,
                                         value_text)
from conformance.reports.gate import summary
from conformance.reports.explain import (case_summary, declared_features, failing_rules, found, law, locked_lines,
                                         rerun_command, rule_title, titles_cr, unsupported_groups)
from conformance.results.stream import Run

LEGEND = {
    "pass": "every case passed",
    "partial": "passed, some unsupported",
    "fail": "some failed",
    "error": "some errored (none failed)",
    "unsupported": "all unsupported",
    "none": "no result counts under the rule in this run (not run, or every case citing it failed on other rules)",
}

CSS = """
:root { --pass: #c8e6c9; --partial: #e8f5e9; --fail: #ffcdd2; --error: #ffe0b2; --unsupported: #e0e0e0;
        --none: #ffffff; --ink: #1a1a1a; --muted: #5f6368; --line: #d0d7de; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       margin: 0 auto; padding: 1.5rem; max-width: 84rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { margin-top: 2rem; border-bottom: 1px solid var(--line); }
h3 { margin-top: 1.5rem; } h4 { margin: 0 0 .3rem; font-size: 1rem; }
.muted, small { color: var(--muted); }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid var(--line); padding: .3rem .55rem; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; }
table.properties td.count { text-align: right; font-variant-numeric: tabular-nums; }
table.matrix td { text-align: center; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.matrix tbody th { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-weight: 600; }
td.pass { background: var(--pass); } td.partial { background: var(--partial); } td.fail { background: var(--fail); }
td.error { background: var(--error); } td.unsupported { background: var(--unsupported); } td.none { background: var(--none); color: var(--muted); }
td a { color: inherit; }
.legend span { display: inline-block; margin: 0 .8rem .3rem 0; }
.legend i { display: inline-block; width: .9rem; height: .9rem; border: 1px solid var(--line); vertical-align: -2px; margin-right: .3rem; }
.banner { padding: .6rem .8rem; border-radius: 6px; margin: .5rem 0; }
.banner.incomplete { background: #fff4ce; border: 1px solid #e0b400; }
.banner.partial { background: #e8f0fe; border: 1px solid #8ab4f8; }
.failure { border: 1px solid var(--line); border-left: 6px solid #d32f2f; border-radius: 6px; padding: .7rem .9rem; margin: .8rem 0; }
.failure.errored { border-left-color: #ef6c00; }
.failure.expected { border-left-color: #9e9e9e; }
.tag { display: inline-block; font-size: .8rem; padding: 0 .45rem; border-radius: 1rem; background: #eee; margin-left: .3rem; }
.tag.unexpected { background: #d32f2f; color: #fff; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85rem; }
pre { background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem; overflow-x: auto;
      white-space: pre; max-height: 48rem; }
td.expected-value { background: #e8f5e9; } td.got-value { background: #ffebee; }
table.matrix tbody th .title { display: block; font-family: system-ui, sans-serif; font-weight: 400; font-size: .8rem;
       color: var(--muted); white-space: normal; max-width: 22rem; }
.gate span.pass { color: #1b5e20; } .gate span.fail { color: #b71c1c; }
.summary-line { font-size: 1.05rem; } .summary-line strong.failing { color: #b71c1c; }
.law, .summary, .rerun { margin: .3rem 0; }
.law b, .found b, .summary b, .rerun b { display: inline-block; min-width: 4.2rem; color: var(--muted); font-weight: 600; }
.rerun code { user-select: all; }
table.refusals td.count { text-align: right; font-variant-numeric: tabular-nums; }
.found { margin: .3rem 0 .5rem; }
table.reasons td.count { text-align: right; font-variant-numeric: tabular-nums; }
nav.views a { margin-right: 1rem; }
"""


def render(runs: Sequence[Run], failing_only: bool = False) -> str:
    """The page; ``failing_only``: its matrix shows only the rules some run fails (the full matrix is left out)."""
    title = "mtg-conformance report: " + ", ".join(run.engine for run in runs)
    generated = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{CSS}</style>",
        "</head><body>",
        "<header><h1>Conformance report</h1>",
        f'<p class="muted">Comprehensive Rules conformance by rule; {len(runs)} results file'
        f'{"s" * (len(runs) != 1)}; rendered by mtg-conformance {escape(__version__)} at {escape(generated)}.</p>',
        "</header>",
        *_runs(runs),
        *_gates(runs),
        *_views(failing_only),
        *_matrix(runs, failing=True),
        *([] if failing_only else _matrix(runs)),
        *_unsupported(runs),
        *(part for number, run in enumerate(runs, 1) for part in _failures(run, number)),
        *_properties(runs, failing_only),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _runs(runs: Sequence[Run]) -> list[str]:
    out = ['<section id="runs"><h2>Runs</h2>']
    for number, run in enumerate(runs, 1):
        if run.incomplete_reason:
            out.append(f'<p class="banner incomplete" role="alert"><strong>Incomplete run</strong> (column {number}, '
                       f'{escape(run.path)}): {escape(run.incomplete_reason)}.</p>')
        if run.partial_reason:
            out.append(f'<p class="banner partial" role="note"><strong>Part of a run</strong> (column {number}, '
                       f'{escape(run.path)}): {escape(run.partial_reason)}.</p>')
    for number, run in enumerate(runs, 1):
        failing = len(failing_rules(run.results))
        unsupported, _ = unsupported_groups(run.results)
        prefix = f"{number}. {escape(run.engine)}: " if len(runs) > 1 else ""
        out.append(f'<p class="summary-line" data-run="{number}">{prefix}<strong class="{"failing" if failing else ""}" '
                   f'data-failing-rules="{failing}">{failing} failing rule{"s" * (failing != 1)}</strong> · '
                   f'{run.totals()["passed"]} of {len(run.results)} results passed · '
                   f'<a href="#unsupported">{unsupported} unsupported</a></p>')
    out.append('<table class="runs"><thead><tr><th>#</th><th>engine</th><th>results file</th><th>run</th>'
               '<th>results</th><th>complete</th></tr></thead><tbody>')
    for number, run in enumerate(runs, 1):
        spec = run.header.get("engine", {}).get("spec")
        out.append(
            f"<tr><td>{number}</td><td><strong>{escape(run.engine)}</strong>"
            + (f"<br><small>{escape(spec)}</small>" if spec else "")
            + f"</td><td><code>{escape(run.path)}</code></td><td>{escape(' · '.join(run_meta(run)))}</td>"
            f"<td>{escape(totals_text(run))}</td><td>{'yes' if run.complete else '<strong>no</strong>'}</td></tr>")
    out.append("</tbody></table></section>")
    return out


def _gates(runs: Sequence[Run]) -> list[str]:
    """Each gated run's verdict (``run --expectations``), its unexpected results and unexpected
    passes; known failures are marked as expected on their cards below."""
    out: list[str] = []
    for number, run in enumerate(runs, 1):
        gate = summary(run)
        if gate is None:
            continue
        which = f" of {number}. {escape(run.engine)}" if len(runs) > 1 else ""
        verdict = "passes" if gate.passes else "fails"
        out.append(f'<section class="gate" id="run{number}-gate" data-gate="{verdict}"><h2>Gate{which}: '
                   f'<span class="{"pass" if gate.passes else "fail"}">{escape(gate.verdict())}</span></h2>'
                   f'<p class="muted">Expectations <code>{escape(gate.expectations)}</code>'
                   + (" (strict)" if gate.strict else "") + "</p>")
        for title, kind, records in (("Unexpected results", "unexpected", gate.unexpected),
                                     ("Unexpected passes", "unexpected-pass", gate.unexpected_passes)):
            if records:
                out.append(f'<h3>{title} ({len(records)})</h3><ul data-list="{kind}">')
                out += [f'<li><code>{escape(r["id"])}</code>: {escape(status_text(r))} — '
                        f'{escape(expectation_text(r) or "")}</li>' for r in records]
                out.append("</ul>")
        out.append("</section>")
    return out


def _properties(runs: Sequence[Run], failing_only: bool = False) -> list[str]:
    """Per run, each property's examples and the rules it counts under (the first few; all of them in
    the cell's title), then the engine's refusals by reason; ``failing_only``: the properties that
    failed or errored."""
    out: list[str] = []
    for number, run in enumerate(runs, 1):
        records = shown_properties(run, failing_only)
        if not records:
            continue
        out.append(f'<section class="properties" id="run{number}-properties"><h2>Properties in {number}. '
                   f'{escape(run.engine)}</h2><table class="properties"><thead><tr><th>property</th><th>status</th>'
                   + "".join(f"<th>{escape(title)}</th>" for _, title in EXAMPLE_COLUMNS)
                   + "<th>counts under rules</th></tr></thead><tbody>")
        for record in records:
            examples = record.get("examples") or {}
            kind = {"passed": "pass", "failed": "fail", "errored": "error", "unsupported": "unsupported"}[record["status"]]
            out.append(f'<tr data-property="{escape(record["id"], quote=True)}"><td><code>{escape(record["id"])}</code></td>'
                       f'<td class="{kind}">{escape(status_text(record))}</td>'
                       + "".join(f'<td class="count" data-count="{key}">{escape(str(examples.get(key, "—")))}</td>'
                                 for key, _ in EXAMPLE_COLUMNS)
                       + f'<td class="rules" title="{escape(rules_text(record.get("rules", ())), quote=True)}">'
                       f'{escape(rules_text(record.get("rules", ()), RULES_SHOWN))}</td></tr>')
        out.append("</tbody></table><p><small>A failed property counts under the rules its shrunk counterexample "
                   "shows broken, a passed one under the rules its examples exercised; one where too few examples "
                   "ran is unsupported.</small></p>")
        out += _refusals(run, records)
        out.append("</section>")
    return out


def _refusals(run: Run, records: list[dict[str, Any]]) -> list[str]:
    """The examples the engine refused, per property, by its reasons, with a message of each."""
    refused = [r for r in records if r.get("refusals")]
    if not refused:
        return []
    out = [f"<h3>Examples refused by {escape(run.engine)}, by its reasons</h3>",
           '<table class="refusals"><thead><tr><th>property</th><th>refused</th><th>reason</th><th>e.g.</th></tr>'
           "</thead><tbody>"]
    for record in refused:
        for index, refusal in enumerate(record["refusals"]):
            head = (f'<td rowspan="{len(record["refusals"])}"><code>{escape(record["id"])}</code></td>'
                    if index == 0 else "")
            lacks = ' <span class="tag">the engine itself lacks it</span>' if refusal.get("gap") else ""
            out.append(f'<tr data-property="{escape(record["id"], quote=True)}">{head}<td class="count">'
                       f'{refusal["count"]}</td><td>{escape(refusal["reason"])}{lacks}</td>'
                       f'<td><code>{escape(refusal["example"])}</code></td></tr>')
    out.append("</tbody></table>")
    return out


def _views(failing_only: bool) -> list[str]:
    links = ['<a href="#failing">failing rules only</a>']
    if not failing_only:
        links.append('<a href="#matrix">every rule</a>')
    links += ['<a href="#unsupported">unsupported, by reason</a>']
    return ['<nav class="views">' + "".join(links) + "</nav>"]


def _unsupported(runs: Sequence[Run]) -> list[str]:
    """Per run, the unsupported results grouped by reason."""
    out = ['<section id="unsupported"><h2>Unsupported, by reason</h2>']
    for number, run in enumerate(runs, 1):
        total, groups = unsupported_groups(run.results)
        out.append(f"<h3>{number}. {escape(run.engine)} <small>({total})</small></h3>")
        if not total:
            out.append("<p>None.</p>")
            continue
        out.append('<table class="reasons"><thead><tr><th>reason</th><th>results</th></tr></thead><tbody>')
        out += [f'<tr><td>{escape(reason)}</td><td class="count">{count}</td></tr>' for reason, count in groups]
        out.append("</tbody></table>")
        locked = locked_lines(run.results, declared_features(run), limit=None)
        if locked:
            out.append('<p>Locked properties (features the engine does not declare):</p><ul class="locked">'
                       + "".join(f"<li>{escape(line)}</li>" for line in locked) + "</ul>")
    out.append("<p><small>A result lacking two features counts under both.</small></p></section>")
    return out


def _anchor(number: int, index: int) -> str:
    return f"run{number}-failure{index}"


def _matrix(runs: Sequence[Run], failing: bool = False) -> list[str]:
    """The compliance matrix; ``failing``: only the rules some run has a failed or errored result under."""
    first_failure: list[dict[str, str]] = []  # per run: rule -> anchor of its first failure citing it
    for number, run in enumerate(runs, 1):
        anchors: dict[str, str] = {}
        for index, record in enumerate(failures(run), 1):
            for rule in record.get("rules", []):
                anchors.setdefault(rule, _anchor(number, index))
        first_failure.append(anchors)
    shown = rule_matrix(runs)
    if failing:
        failing_set = {rule for run in runs for rule in failing_rules(run.results)}
        shown = [(rule, rows) for rule, rows in shown if rule in failing_set]
        out = [f'<section id="failing"><h2>Failing rules <small>({len(shown)})</small></h2>']
        if not shown:
            return out + ["<p>None: no rule has a failed or errored result.</p></section>"]
    else:
        out = [f'<section id="matrix"><h2>Compliance by rule <small>(titles in our words, CR {escape(titles_cr())})'
               "</small></h2>"]
    out.append('<table class="matrix"><thead><tr><th scope="col">rule</th>')
    for number, run in enumerate(runs, 1):
        incomplete = ' <span class="tag">incomplete</span>' if not run.complete else ""
        out.append(f'<th scope="col">{number}. {escape(run.engine)}{incomplete}<br><small>{escape(run.path)}</small></th>')
    out.append("</tr></thead><tbody>")
    for rule, rows in shown:
        cells = "".join(_cell(rule, row, anchors) for row, anchors in zip(rows, first_failure))
        title = rule_title(rule)
        shown_title = f'<span class="title">{escape(title)}</span>' if title else ""
        out.append(f'<tr><th scope="row">{escape(rule)}{shown_title}</th>{cells}</tr>')
    if failing:
        out.append("</tbody></table></section>")
        return out
    out.append("</tbody><tfoot><tr><th scope=\"row\">all results</th>")
    for run in runs:
        totals = run.totals()
        out.append(f"<td>{totals['passed']}/{len(run.results)}<br><small>"
                   + escape(", ".join(f"{totals[s]} {s}" for s in STATUSES[1:] if totals[s]) or "all passed")
                   + "</small></td>")
    out.append("</tr></tfoot></table>")
    out.append('<p class="legend">' + "".join(
        f'<span><i style="background: var(--{name})"></i>{escape(meaning)}</span>' for name, meaning in LEGEND.items())
        + '<br><small>Each cell: cases passed / cases citing the rule, then what did not pass. A case counts under '
          "every rule it cites; a property under the rules it exercised (a failed one: those its counterexample "
          "shows broken).</small></p></section>")
    return out


def _cell(rule: str, row: RuleRow | None, anchors: dict[str, str]) -> str:
    kind = cell_class(row)
    body = escape(cell_text(row))
    if kind in ("fail", "error") and rule in anchors:
        body = f'<a href="#{anchors[rule]}">{body}</a>'
    tip = "" if row is None else escape(", ".join(f"{row.counts[s]} {s}" for s in STATUSES), quote=True)
    return f'<td class="{kind}" data-rule="{escape(rule, quote=True)}" title="{tip}">{body}</td>'


def _failures(run: Run, number: int) -> list[str]:
    failed = failures(run)
    out = [f'<section class="failures" id="run{number}-failures">'
           f"<h2>Failures in {number}. {escape(run.engine)} <small>({len(failed)})</small></h2>"]
    if not failed:
        out.append("<p>None: every case that ran passed or was unsupported.</p>")
    for index, record in enumerate(failed, 1):
        out += _failure(record, _anchor(number, index))
    out.append("</section>")
    return out


def _link(url: str) -> str:
    """A link for an http(s) address; anything else (``javascript:`` included) shows as text."""
    if url.startswith(("https://", "http://")):
        return f'<a href="{escape(url, quote=True)}">{escape(url)}</a>'
    return escape(url)


def _failure(record: dict[str, Any], anchor: str) -> list[str]:
    expected = record.get("expected") or {}
    classes = ["failure", record["status"]]
    if expected.get("verdict") == "expected":
        classes.append("expected")
    kind = "property " if record.get("kind") == "property" else ""
    tags = f'<span class="tag">{escape(status_text(record))}</span>'
    if expectation_text(record):
        unexpected = " unexpected" if expected.get("verdict") != "expected" else ""
        tags += f'<span class="tag{unexpected}">{escape(expectation_text(record))}</span>'
    out = [f'<article class="{" ".join(classes)}" id="{anchor}">',
           f"<h4>{escape(kind)}<code>{escape(record['id'])}</code> {tags}</h4>",
           f'<p class="muted">rules {escape(", ".join(record.get("rules", [])))}'
           + (f" · source {escape(record['source'])}" if record.get("source") else "")
           + (f" · bug {_link(expected['bug'])}" if expected.get("bug") else "") + "</p>"]
    if case_summary(record):
        out.append(f'<p class="summary"><b>summary</b> {escape(case_summary(record))}</p>')
    if law(record):
        out.append(f'<p class="law"><b>law</b> {escape(law(record))}</p>')
        out.append(f'<p class="found"><b>found</b> {escape(found(record))}</p>')
    mismatches = record.get("mismatches") or []
    if mismatches:
        out.append('<table class="mismatches"><thead><tr><th>checkpoint</th><th>value</th><th>expected</th>'
                   "<th>got</th></tr></thead><tbody>")
        for m in mismatches:
            out.append(f"<tr><td>{escape(checkpoint_text(m))}</td><td><code>{escape(m['object'])}.{escape(m['field'])}"
                       f'</code></td><td class="expected-value"><code>{escape(value_text(m, "expected"))}</code></td>'
                       f'<td class="got-value"><code>{escape(value_text(m, "got"))}</code></td></tr>')
        out.append("</tbody></table>")
    elif record.get("message") and not law(record):
        out.append(f'<p class="message">{escape(record["message"])}</p>')
    if rerun_command(record):
        out.append(f'<p class="rerun"><b>rerun</b> <code>{escape(rerun_command(record))}</code></p>')
    if record.get("detail") and record.get("detail") != record.get("message"):
        out.append(f'<details><summary>details</summary><pre class="detail">{escape(record["detail"])}</pre></details>')
    if record.get("reproducer"):
        out.append("<details><summary>reproducer: save as a .yaml file and replay with "
                   f'<code>mtg-conformance run --cases FILE</code></summary><pre class="yaml">{escape(record["reproducer"])}'
                   "</pre></details>")
    out.append("</article>")
    return out
