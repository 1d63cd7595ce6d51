"""What the parts of one pytest session share: the engine under test, which the plugin stashes on
the config (:data:`ENGINE_KEY`), the run's interrupts (:data:`INTERRUPTS_KEY`), and the case result a test report carries (:func:`results_of`).
The case items (:mod:`conformance.pytest_plugin`), the property items
(:mod:`conformance.pytest_properties`) and the results stream (:mod:`conformance.results.stream`)
read them; none of them imports another for it."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.engines.interface import EngineInfo
from conformance.interrupts import Interrupts
from conformance.reports.text import CaseResult
from conformance.results import records


ENGINE_KEY = pytest.StashKey[tuple[Any, EngineInfo]]()
"""``config.stash[ENGINE_KEY]``: the engine under test and its checked description."""

INTERRUPTS_KEY = pytest.StashKey[Interrupts]()
"""``config.stash[INTERRUPTS_KEY]``: the SIGINT and SIGTERM this process got (:mod:`conformance.interrupts`)."""


def results_of(report: pytest.TestReport) -> CaseResult | None:
    """The case result a report carries, if it is a case's call phase."""
    for name, value in getattr(report, "user_properties", ()):
        if name == "mtg_result" and report.when == "call":
            record = records.normalize(value)
            gated = hasattr(report, "mtg_verdict")  # the gate changed the outcome (conformance.pytest_gate)
            if report.failed and not gated and record["status"] in ("passed", "unsupported"):  # never hide a failure
                record["status"], record["error_kind"] = "errored", record["error_kind"] or "exception"
                record["message"] = record["message"] or (report.longreprtext.strip().splitlines() or [""])[-1]
            return CaseResult(record["id"], tuple(record["rules"]), record["status"], kind=record["kind"],
                              record=record)
    return None
