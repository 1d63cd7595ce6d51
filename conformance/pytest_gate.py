"""Gating in the pytest session: with an expectations file (``--mtg-expectations FILE``, which
``mtg-conformance run --expectations`` passes on), each result is reported as pytest reports an
``xfail`` marker's tests, so the terminal reads the gate's verdict, not the engine's:

- an expected failure (or crash, timeout, flaky failure) is *xfailed*: an ``x``, no details;
- an unexpected pass is *xpassed* (``X``); with ``--mtg-strict`` it fails, as ``xfail(strict=True)``;
- an unexpected result (a failure no entry expects, an unsupported case an entry expects to
  fail) fails, with its details;
- everything else is reported as it is.

So pytest's exit status is the gate's (docs/ci.md, "Gating"). The results themselves (the
records, the results stream, the per-rule table) are unchanged: ``report.mtg_verdict`` tells
:func:`conformance.session.results_of` that the outcome was changed by the gate.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance.results import expectations as expectations_file
from conformance.session import results_of

VERDICT_ATTRIBUTE = "mtg_verdict"


class Gate:
    """A pytest plugin judging each result against an expectations file as it is reported."""

    def __init__(self, expected: expectations_file.Expectations, strict: bool = False) -> None:
        self.expected = expected
        self.strict = strict
        self.verdicts: list[expectations_file.Verdict] = []

    @pytest.hookimpl(wrapper=True, trylast=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[Any]):
        report = yield
        if report.when != "call":
            return report
        result = results_of(report)
        if result is None:
            return report
        judged = expectations_file.verdict(self.expected, result.record)
        setattr(report, VERDICT_ATTRIBUTE, judged.verdict)
        why = _why(judged)
        if judged.verdict == "expected":
            if report.failed:  # a known failure: pytest's xfailed
                report.outcome, report.wasxfail = "skipped", why
        elif judged.verdict == "unexpected-pass":
            if self.strict:  # as xfail(strict=True): the run fails, with one line
                report.outcome = "failed"
                report.longrepr = f"[XPASS(strict)] {_what(judged)} passes, but {why}"
            else:
                report.wasxfail = why
        elif not report.failed:  # unexpected, and pytest would not show it: fail it, with why
            report.outcome = "failed"
            message = " ".join(str(result.record.get("message") or "").split())
            report.longrepr = f"{_what(judged)} is {judged.result} ({message}), but {why}"
        return report


def _what(v: expectations_file.Verdict) -> str:
    return ("property " if v.record.get("kind") == "property" else "case ") + str(v.record["id"])


def _why(v: expectations_file.Verdict) -> str:
    if v.entry is None:
        return "no expectations entry: expected pass"
    reason = f": {v.entry.reason}" if v.entry.reason else ""
    return f"expected {v.entry.outcome} ({v.entry.where}{reason})"
