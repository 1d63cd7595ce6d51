"""The bound on shrinking (conformance/laws/shrinking.py) and the progress line
(conformance/pytest_progress.py), issue 22."""

from __future__ import annotations

import argparse
from types import SimpleNamespace

import pytest

from conformance import pytest_progress
from conformance.engines.interface import describe
from conformance.laws import profiles, shrinking
from conformance.laws.catalogue import PROPERTIES
from conformance.laws.runner import run_property
from conformance.pytest_properties import _disagrees
from reference_engine import ReferenceEngine
from tests.mutants import MUTANTS

MUTANT = next(m for m in MUTANTS if m.name == "doubling-as-7b-set")
PROPERTY = next(p for p in PROPERTIES if p.id == "701.10b/doubling-adds-current-value")


def run(bound, progress=None):
    engine = MUTANT.engine()
    return engine, run_property(PROPERTY, engine, describe(engine), profile=profiles.get("ci"),
                                shrink_seconds=bound, progress=progress)


def size(case) -> tuple[int, int]:
    return len(case.objects), sum(1 for step in case.steps if step.KEY != "expect")


def test_this_hypothesis_has_the_shrink_deadline_the_bound_sets():
    # A Hypothesis release without it leaves shrinking unbounded: this test says so.
    assert shrinking.available()


def test_a_bound_cuts_shrinking_short_says_so_and_keeps_a_real_failure():
    from hypothesis.internal.conjecture import engine as hypothesis_engine

    before = hypothesis_engine.MAX_SHRINKING_SECONDS
    phases: list[str] = []
    engine, cut = run(0.0, progress=lambda phase, seconds, r: phases.append(phase))
    assert hypothesis_engine.MAX_SHRINKING_SECONDS == before  # restored
    assert cut.status == "failed"  # never a pass
    assert cut.shrink_stopped == 0.0
    assert "shrinking stopped after 0 s: the counterexample may not be the smallest" in cut.message.splitlines()[0]
    assert phases[0] == "running" and "shrinking" in phases
    reference = ReferenceEngine()
    observables = describe(engine).observables["objects"] & describe(reference).observables["objects"]
    assert cut.cases and any(_disagrees(engine, reference, case, observables) for case in cut.cases)  # it really fails

    _, full = run(None)
    assert full.status == "failed" and full.shrink_stopped is None
    assert "shrinking stopped" not in full.message
    assert size(full.cases[-1]) <= size(cut.cases[-1])
    assert full.shrink_seconds > cut.shrink_seconds


def test_the_records_carry_the_stop():
    from conformance.results import records

    engine, cut = run(0.0)  # cut at once: a second or so
    record = records.property_record(PROPERTY, cut, engine, describe(engine), ReferenceEngine())
    assert record["shrink_stopped"] == 0.0 and "shrinking stopped after 0 s" in record["message"]


def test_shrink_seconds_option_and_profiles():
    assert profiles.parse_shrink_seconds("2.5") == 2.5
    assert profiles.parse_shrink_seconds("none") is None
    for bad in ("-1", "soon", "nan", "inf"):
        with pytest.raises(argparse.ArgumentTypeError):
            profiles.parse_shrink_seconds(bad)
    assert profiles.shrink_seconds("ci") == 10.0
    assert profiles.shrink_seconds("ci", None) is None
    assert set(profiles.SHRINK_SECONDS) == set(profiles.PROFILES)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_progress_line_is_rewritten_in_place_within_the_room_and_erased():
    written: list[str] = []
    clock = Clock()
    line = pytest_progress.ProgressLine("[2/31] 613/agrees-with-reference", lambda: 30, written.append, clock)
    run = SimpleNamespace(examples=3)
    line("running", 1.2, run)
    assert written == [" [2/31] 613/agrees-with-refere" + "\b" * 30]  # cut to the room: never wraps
    line("shrinking", 4.0, run)  # too soon: not rewritten
    assert len(written) == 1
    clock.now = 1.0
    line.room = lambda: 80
    line("shrinking", 4.0, run)
    text = " [2/31] 613/agrees-with-reference: shrinking a counterexample (4 s)"
    assert written[-1] == text + "\b" * len(text)
    clock.now = 2.0
    line("running", 0.0, SimpleNamespace(examples=1))  # shorter: the rest is blanked
    shorter = " [2/31] 613/agrees-with-reference: 1 example (0 s)"
    assert written[-1] == shorter + " " * (len(text) - len(shorter)) + "\b" * len(text)
    line.clear()
    assert written[-1] == " " * len(shorter) + "\b" * len(shorter)
    line.clear()  # nothing shown: nothing written
    assert written[-1] == " " * len(shorter) + "\b" * len(shorter) and len(written) == 4


def fake_config(progress="auto", worker=False, dist="no"):
    options = {"mtg_progress": progress, "dist": dist}
    config = SimpleNamespace(getoption=lambda name, default=None: options.get(name, default),
                             pluginmanager=SimpleNamespace(getplugin=lambda name: object() if name == "terminalreporter" else None))
    if worker:
        config.workerinput = {}
    return config


def test_progress_is_quiet_in_ci_off_a_terminal_and_in_xdist(monkeypatch):
    monkeypatch.setattr(pytest_progress, "_stdout_is_a_terminal", lambda config: True)
    monkeypatch.delenv("CI", raising=False)
    assert pytest_progress.wanted(fake_config())
    assert not pytest_progress.wanted(fake_config(progress="off"))
    assert not pytest_progress.wanted(fake_config(worker=True))  # an xdist worker never writes
    assert not pytest_progress.wanted(fake_config(progress="on", worker=True))
    assert not pytest_progress.wanted(fake_config(dist="load"))  # the controller: pytest's own output only
    monkeypatch.setenv("CI", "true")
    assert not pytest_progress.wanted(fake_config())
    assert pytest_progress.wanted(fake_config(progress="on"))
    monkeypatch.setenv("CI", "0")
    assert pytest_progress.wanted(fake_config())
    monkeypatch.setattr(pytest_progress, "_stdout_is_a_terminal", lambda config: False)
    assert not pytest_progress.wanted(fake_config())
