"""What the reports say beside the counts: each rule's short title, the law a property states,
the failing rules, and the unsupported results grouped by reason.

The titles are data (``conformance/data/rule-titles.json``), one per rule the suite cites, in this
project's own words, with the CR date they were written against; tests/test_reports.py checks
that no cited rule lacks one.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=1)
def _titles() -> dict[str, Any]:
    return json.loads(resources.files("conformance").joinpath("data/rule-titles.json").read_text("utf-8"))


def rule_titles() -> dict[str, str]:
    """Rule number -> its short title."""
    return dict(_titles()["titles"])


def titles_cr() -> str:
    """The CR date the titles were written against."""
    return _titles()["cr"]


def rule_title(rule: str) -> str:
    """The rule's short title, or ``""`` for a rule the suite does not cite."""
    return _titles()["titles"].get(rule, "")


@lru_cache(maxsize=1)
def _laws() -> dict[str, str]:
    from conformance.laws.catalogue import all_properties

    return {prop.id: prop.summary for prop in all_properties()}


def law(record: dict[str, Any]) -> str:
    """The statement of the property a record is the result of: the record's own ``summary``, else
    the suite's (``""`` if the suite has no such property)."""
    if record.get("kind") != "property":
        return ""
    if record.get("summary"):
        return str(record["summary"])
    try:
        return _laws().get(record["id"], "")
    except Exception:  # a report never fails over an explanation
        return ""


def case_summary(record: dict[str, Any]) -> str:
    """A failed or errored case's summary (what it shows, worked by hand: it often names the classic
    bug), ``""`` for a property (its law says it) or a record without one."""
    return str(record.get("summary") or "") if record.get("kind", "case") != "property" else ""


def rerun_command(record: dict[str, Any]) -> str:
    """The command that reruns just this result (``""`` for a record without one)."""
    return str(record.get("rerun") or "")


def found(record: dict[str, Any]) -> str:
    """What the run found: the first line of the record's message."""
    return (record.get("message") or "").split("\n")[0]


def failing_rules(records: Iterable[dict[str, Any]]) -> list[str]:
    """The rules a failed or errored result counts under, in CR order."""
    from conformance.reports.text import rule_key

    return sorted({rule for r in records if r.get("status") in ("failed", "errored") for rule in r.get("rules", ())},
                  key=rule_key)


_LACKS = re.compile(r"lacks the features? (?P<features>[a-z0-9, -]+?)\s*$")
_OBJECT = re.compile(r"\bobject '[^']*'")


def reason_keys(message: str) -> list[str]:
    """The reasons an unsupported result gives: one ``needs feature X`` per feature the engine lacks,
    else the message itself (an object's id in it left out, so alike reasons group)."""
    match = _LACKS.search(message)
    if match:
        return [f"needs feature {f.strip()}" for f in match["features"].split(",") if f.strip()]
    return [_OBJECT.sub("an object", message.strip()) or "no reason given"]


def unsupported_groups(records: Iterable[dict[str, Any]]) -> tuple[int, list[tuple[str, int]]]:
    """How many results are unsupported, and their reasons with counts, most frequent first (a result
    lacking two features counts under both, so the counts may add up to more than the total)."""
    total, counts = 0, Counter()
    for record in records:
        if record.get("status") == "unsupported":
            total += 1
            counts.update(dict.fromkeys(reason_keys(record.get("message") or ""), 1))
    return total, sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def unsupported_line(records: Sequence[dict[str, Any]], limit: int | None = 8) -> str:
    """``unsupported: 120 (needs feature copy-effects: 36, ...)``, or ``""`` when none is."""
    total, groups = unsupported_groups(records)
    if not total:
        return ""
    shown = groups if limit is None else groups[:limit]
    rest = len(groups) - len(shown)
    body = ", ".join(f"{reason}: {count}" for reason, count in shown) + (f", {rest} other reasons" if rest else "")
    return f"unsupported: {total} ({body})"


def locked_groups(records: Iterable[dict[str, Any]], declared: Iterable[str]) -> list[tuple[tuple[str, ...], list[str]]]:
    """The properties ``records`` hold as unsupported for features an engine declaring ``declared``
    lacks, grouped by the fewest features that would let each run
    (:func:`conformance.laws.catalogue.unlocking`), the largest group first: "declare X to enable
    N more properties". A property unsupported for another reason (too many examples refused) is
    not counted."""
    try:
        from conformance.laws.catalogue import all_properties, unlocking
        from conformance.format.features import FEATURES

        by_id = {prop.id: prop for prop in all_properties()}
        features, groups = frozenset(declared), {}
        for record in records:
            prop = by_id.get(record.get("id")) if record.get("kind") == "property" else None
            if prop is None or record.get("status") != "unsupported":
                continue
            needed = unlocking(prop, features, frozenset(FEATURES))
            if needed:
                order = list(FEATURES)
                groups.setdefault(tuple(sorted(needed, key=order.index)), []).append(prop.id)
        return sorted(groups.items(), key=lambda item: (-len(item[1]), len(item[0]), item[0]))
    except Exception:  # a report never fails over an explanation
        return []


def locked_lines(records: Sequence[dict[str, Any]], declared: Iterable[str], limit: int | None = 4) -> list[str]:
    """``declare simultaneous-actions to enable 4 more properties: 613.4d/..., ...``, one a group."""
    lines = []
    for features, ids in locked_groups(records, declared):
        shown = ids if limit is None else ids[:limit]
        more = f", … ({len(ids)} in all)" if len(ids) > len(shown) else ""
        lines.append(f"declare {' and '.join(features)} to enable {len(ids)} more propert{'ies' if len(ids) != 1 else 'y'}: "
                     + ", ".join(shown) + more)
    return lines


def declared_features(run) -> list[str]:
    """The features the engine of a results file (a :class:`conformance.results.stream.Run`) declared."""
    features = (run.header.get("engine") or {}).get("features") or []
    return [f for f in features if isinstance(f, str)]
