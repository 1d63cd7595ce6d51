"""Why an engine refused a property's examples: its reasons, grouped, with one message of each.

A property counts the examples the engine refused (it raised Unsupported, or answered
``unsupported`` over the protocol); a count alone does not say what to fix. Each refusal's reason
is kept here, grouped by the reason with a generated object's id left out (``'c1'``, ``'r2'``:
refusals that differ only by it are one reason), with the first message of each group as its
example; results records keep them as ``refusals`` (docs/ci.md, "The JSON Lines stream").

The check a property runs is wrapped (:func:`counted`), as :func:`conformance.laws.shrinking.watched`
wraps it: the runner's ``example()`` stays as it is (its source seeds the ``ci`` profile's
examples), and a refusal is counted exactly where it counts one, an example the engine refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

OBJECT_ID = re.compile(r"'[a-z]{1,2}\d{1,2}'")
"""A generated object's id in a reason (``'c1'``, ``'r2'``)."""
MAX_REASONS = 50
"""The most distinct reasons kept per property; refusals for any further reason count as one more."""
MAX_TEXT = 300
"""The longest a reason or its example is kept (characters): an engine's message is data."""
OTHER = "(further reasons, not kept one by one)"


def reason_of(message: str) -> str:
    """The reason a refusal gives: its message on one line, a generated object's id as ``'<id>'``."""
    flat = " ".join(str(message).split()) or "no reason given"
    return _clip(OBJECT_ID.sub("'<id>'", flat))


def _clip(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


@dataclass
class Refusals:
    """The engine's refusals of one property's examples: per reason, how many and the first message."""

    counts: dict[str, int] = field(default_factory=dict)
    examples: dict[str, str] = field(default_factory=dict)
    gaps: dict[str, bool] = field(default_factory=dict)

    def add(self, message: str, gap: bool = False) -> None:
        reason = reason_of(message)
        if reason not in self.counts and len(self.counts) >= MAX_REASONS:
            reason = OTHER
        self.counts[reason] = self.counts.get(reason, 0) + 1
        self.examples.setdefault(reason, _clip(" ".join(str(message).split())))
        self.gaps[reason] = self.gaps.get(reason, False) or gap

    def __bool__(self) -> bool:
        return bool(self.counts)

    def records(self) -> list[dict[str, Any]]:
        """As plain data, the most frequent reason first: ``reason``, ``count``, ``example`` and, for a
        reason the engine itself lacks (its adapter raised EngineGap), ``gap: true``."""
        ordered = sorted(self.counts, key=lambda reason: (-self.counts[reason], reason))
        return [{"reason": reason, "count": self.counts[reason], "example": self.examples[reason],
                 **({"gap": True} if self.gaps.get(reason) else {})} for reason in ordered]


def counted(check: Callable, subject, refusals: Refusals) -> Callable:
    """``check`` (a law's test body), adding to ``refusals`` the reason of each example the engine
    refused (:attr:`conformance.laws.property.Subject.refusal`)."""
    from hypothesis.errors import UnsatisfiedAssumption

    def run(*args, **kwargs):
        try:
            return check(*args, **kwargs)
        except UnsatisfiedAssumption:
            if subject.refused == "engine" and subject.refusal is not None:
                refusals.add(*subject.refusal)
            raise
    return run

