"""A campaign as the report's HTML page (conformance/reports/html.py), written every minute and at
the end (``campaign --html FILE``): one property record per property, as ``run --results`` writes
them, with its examples so far; a property that found counterexamples is failed, citing the rules
they show broken, its reproducer the case files it wrote. While the campaign runs the page has no
footer, so it says the run did not finish; at the end it has one (``interrupted`` after a signal).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from conformance.campaign.schedule import Schedule, Tally


def records(schedule: Schedule) -> list[dict[str, Any]]:
    """The properties as results records."""
    from conformance.laws.catalogue import all_properties
    from conformance.reports.text import rule_key

    laws = {prop.id: prop for prop in all_properties()}
    return [_record(laws[tally.id], tally, rule_key) for tally in schedule.tallies.values()]


def _record(prop, tally: Tally, rule_key) -> dict[str, Any]:
    examples = {"ran": tally.ran, "refused": tally.refused, "reference_refused": tally.examples["reference_refused"],
                "discarded": tally.examples["discarded"], "failing": tally.examples["failing"], "minimum": 0}
    record: dict[str, Any] = {"type": "result", "id": prop.id, "kind": "property", "features": sorted(prop.needs),
                              "cited_rules": list(prop.rules), "examples": examples, "exercised": {},
                              "message": f"{tally.ran} examples in {tally.rounds} rounds, "
                                         f"{len(tally.interactions)} interaction rows reached"}
    if tally.found:
        rules = sorted({rule for found in tally.found.values() for rule in found["rules"]}, key=rule_key)
        texts = []
        for path in sorted(tally.found):
            try:
                texts.append(f"# {path}\n" + Path(path).read_text("utf-8"))
            except OSError as exc:
                texts.append(f"# {path}: cannot be read: {exc.strerror or exc}\n")
        first = next(iter(tally.found.values()))
        record.update(status="failed", rules=rules, summary=prop.summary, detail=first["message"],
                      message=f"{len(tally.found)} counterexample file{'s' * (len(tally.found) != 1)}: {first['message']}",
                      reproducer="".join(texts))
    else:
        record.update(status="passed" if tally.ran else "unsupported", rules=list(prop.rules))
    return record


def write(target: str, schedule: Schedule, info, args: argparse.Namespace, *, final: bool, seconds: float) -> str | None:
    """Write the page to ``target`` whole (conformance.outputs), the campaign having run ``seconds``;
    one line if it could not be written."""
    from conformance.outputs import write_atomically
    from conformance.reports import html
    from conformance.results.stream import Run, header

    results = records(schedule)
    head = header(info, spec=args.engine, properties=True, profile="campaign", seed=None, shard=None,
                  expectations=None, strict=None, command=getattr(args, "command_line", ["mtg-conformance", "campaign"]))
    footer = None
    if final:
        totals = {status: sum(1 for r in results if r["status"] == status)
                  for status in ("passed", "failed", "errored", "unsupported")}
        footer = {"type": "footer", "totals": totals, "results": len(results), "duration": round(seconds, 3),
                  "exit_status": 1 if totals["failed"] else 0,
                  "interrupted": bool(schedule.interrupted)}
    try:
        write_atomically(target, html.render([Run(path=f"campaign {target}", header=head, results=results, footer=footer)]))
    except OSError as exc:
        return f"campaign --html {target}: cannot write the page: {exc.strerror or exc}"
    return None
