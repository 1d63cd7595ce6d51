"""Results by rule: the per-rule table that ends every run.

A case counts under every rule it cites, so the table answers "how well does this engine
follow 613.4d?" directly. A property counts under the rules it showed: a failure under those
its shrunk counterexample shows broken, a pass under those its examples exercised
(:mod:`conformance.results.exercised`), never under every rule it cites. Rules are sorted in CR order (613.4 < 613.4a < 613.10 < 701.10b).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

STATUSES = ("passed", "failed", "errored", "unsupported")


@dataclass(frozen=True)
class CaseResult:
    """The outcome of one case, as plain data (it crosses pytest-xdist's process boundary)."""

    case: str
    rules: tuple[str, ...]
    status: str  # one of STATUSES
    detail: str = ""
    kind: str = "case"  # or "property"
    record: dict[str, Any] = field(default_factory=dict, compare=False)  # conformance.results.records: every detail


def rule_key(rule: str) -> tuple:
    """Sort key putting rule numbers in CR order."""
    parts = []
    for piece in rule.split("."):
        match = re.fullmatch(r"([0-9]+)([a-z]?)", piece)
        parts.append((int(match[1]), match[2]) if match else (0, piece))
    return tuple(parts)


@dataclass(frozen=True)
class RuleRow:
    rule: str
    counts: dict[str, int]

    @property
    def cases(self) -> int:
        return sum(self.counts.values())


def rule_rows(results: Iterable[CaseResult]) -> list[RuleRow]:
    """One row per rule cited by any case, in CR order."""
    counts: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(STATUSES, 0))
    for result in results:
        for rule in result.rules:
            counts[rule][result.status] += 1
    return [RuleRow(rule, counts[rule]) for rule in sorted(counts, key=rule_key)]


def render_table(results: Iterable[CaseResult]) -> str:
    """The per-rule table as text, with a totals line (``all``) counting each result once, case or property."""
    results = list(results)
    header = ("rule", "cases", *STATUSES)
    rows = [(row.rule, row.cases, *(row.counts[s] for s in STATUSES)) for row in rule_rows(results)]
    totals = dict.fromkeys(STATUSES, 0)
    for result in results:
        totals[result.status] += 1
    footer = ("all", len(results), *(totals[s] for s in STATUSES))
    widths = [max(len(str(r[i])) for r in [header, *rows, footer]) for i in range(len(header))]

    def line(cells) -> str:
        first, *rest = cells
        return "  ".join([str(first).ljust(widths[0]), *(str(c).rjust(w) for c, w in zip(rest, widths[1:]))])

    rule = "-" * len(line(header))
    return "\n".join([line(header), rule, *(line(r) for r in rows), rule, line(footer)])


def exit_status(results: Iterable[CaseResult]) -> int:
    """0 when every case that ran conforms (unsupported cases do not count against), else 1."""
    return 1 if any(r.status in ("failed", "errored") for r in results) else 0


# --- properties: what each one ran, and the rules it counts under -----------------------------------

EXAMPLE_COLUMNS = (("ran", "ran"), ("refused", "refused"), ("reference_refused", "ref. refused"),
                   ("discarded", "set aside"), ("failing", "failing"))
"""The example counts of a property record, with their column headings."""


def property_records(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The property results among ``records``, in the order they came."""
    return [r for r in records if r.get("kind") == "property"]


def rules_text(rules: Iterable[str], limit: int | None = None) -> str:
    """``613.4c, 701.11b`` (with ``limit``: the first ``limit`` of them, then ``… (N in all)``)."""
    rules = list(rules)
    if limit is not None and len(rules) > limit:
        return ", ".join(rules[:limit]) + f", … ({len(rules)} in all)"
    return ", ".join(rules) or "none"


def render_properties(records: Iterable[dict[str, Any]]) -> str:
    """Each property's status, examples (ran, refused by the engine or the reference engine, set
    aside by the law, failing) and the rules it counts under in the per-rule table: for a failure,
    the rules its shrunk counterexample shows broken; for a pass, those its examples exercised."""
    rows = []
    for record in property_records(records):
        examples = record.get("examples") or {}
        limit = None if record["status"] in ("failed", "errored") else 6
        rows.append((record["id"], record["status"], *(str(examples.get(k, "-")) for k, _ in EXAMPLE_COLUMNS),
                     rules_text(record.get("rules", ()), limit)))
    if not rows:
        return ""
    header = ("property", "status", *(title for _, title in EXAMPLE_COLUMNS), "counts under rules")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header) - 1)]

    def line(cells) -> str:
        first, status, *numbers, rules = cells
        return "  ".join([first.ljust(widths[0]), status.ljust(widths[1]),
                          *(n.rjust(w) for n, w in zip(numbers, widths[2:])), rules])

    return "\n".join([line(header), "-" * len(line(header)), *(line(r) for r in rows)])


def render_refusals(records: Iterable[dict[str, Any]], limit: int | None = 5) -> str:
    """Per property the engine refused examples of, its reasons grouped, the most frequent first,
    each with one message it gave (``limit``: reasons shown per property); ``""`` when it refused none."""
    out = []
    for record in property_records(records):
        refusals = record.get("refusals") or []
        if refusals:
            refused = (record.get("examples") or {}).get("refused", sum(r["count"] for r in refusals))
            out += [f"{record['id']}: {refused} refused", *refusal_lines(refusals, limit)]
    return "\n".join(out)


def refusal_lines(refusals: list[dict[str, Any]], limit: int | None = 5, indent: str = "    ") -> list[str]:
    """Refusals grouped by reason (a record's ``refusals``) as text, one reason a line (``limit``: the
    most frequent, then how many the others refused)."""
    shown = refusals if limit is None else refusals[:limit]
    out = [f"{indent}{r['count']:>5}  {r['reason']}" + (" [the engine itself lacks it]" if r.get("gap") else "")
           + (f"  (e.g. {r['example']})" if r["example"] != r["reason"] else "") for r in shown]
    rest = refusals[len(shown):]
    if rest:
        out.append(f"{indent}{sum(r['count'] for r in rest):>5}  {len(rest)} other reason{'s' * (len(rest) != 1)}")
    return out
