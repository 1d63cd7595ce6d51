"""The gate's verdict of a results file written with ``run --expectations`` (each result line
carries ``expected``: the outcome, the verdict, the entry): the reports show it as ``run`` does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conformance.results.stream import Run


@dataclass
class GateSummary:
    expectations: str
    strict: bool | None
    expected: list[dict[str, Any]] = field(default_factory=list)
    known_failures: list[dict[str, Any]] = field(default_factory=list)  # expected, and not a pass
    unexpected: list[dict[str, Any]] = field(default_factory=list)
    unexpected_passes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def passes(self) -> bool:
        return not self.unexpected and not (self.strict and self.unexpected_passes)

    def verdict(self) -> str:
        """One sentence, as ``run`` ends."""
        total = len(self.expected) + len(self.unexpected) + len(self.unexpected_passes)
        counts = (f"{len(self.expected)} of {total} results as expected ({len(self.known_failures)} known "
                  f"failure{'s' * (len(self.known_failures) != 1)})")
        if self.unexpected:
            counts += f", {len(self.unexpected)} unexpected"
        if self.unexpected_passes:
            counts += f", {len(self.unexpected_passes)} unexpected pass{'es' * (len(self.unexpected_passes) != 1)}"
        if self.passes:
            how = ("every result is as expected" if not self.unexpected_passes else
                   "the gate passes: the only surprises are passes" + ("" if self.strict else
                                                                        " (they fail it with --strict)"))
        else:
            how = "the gate fails: " + ("some results are unexpected" if self.unexpected else
                                        "unexpected passes fail it with --strict")
        return f"{how}; {counts}"


def summary(run: Run) -> GateSummary | None:
    """The gate's view of ``run``, or ``None`` if it was not judged against expectations."""
    if not run.header.get("expectations"):
        return None
    gate = GateSummary(run.header["expectations"], run.header.get("strict"))
    for record in run.results:
        expected = record.get("expected")
        if not expected:
            continue
        if expected["verdict"] == "expected":
            gate.expected.append(record)
            if record["status"] in ("failed", "errored"):
                gate.known_failures.append(record)
        elif expected["verdict"] == "unexpected-pass":
            gate.unexpected_passes.append(record)
        else:
            gate.unexpected.append(record)
    return gate


def is_known_failure(record: dict[str, Any]) -> bool:
    return (record.get("expected") or {}).get("verdict") == "expected"
