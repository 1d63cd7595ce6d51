"""The property suite draws no constants from local code (conformance/laws/constants.py): the
examples do not depend on how the suite or an adapter is installed, and no module is parsed."""

from __future__ import annotations

import contextlib

from hypothesis import settings
from hypothesis.internal.conjecture import providers

from conformance.engines.interface import describe
from conformance.laws import constants, profiles
from conformance.laws.catalogue import all_properties
from conformance.laws.runner import run_property
from reference_engine import ReferenceEngine


class Recording(ReferenceEngine):
    """The reference engine, keeping every case it was given."""

    def __init__(self):
        super().__init__()
        self.cases: list[dict] = []

    def run(self, case):
        self.cases.append(case)
        return super().run(case)


def _inputs() -> list[dict]:
    engine = Recording()
    chosen = [p for p in all_properties() if p.id in ("613/agrees-with-reference", "120.3/damage-agrees-with-reference")]
    for prop in chosen:
        run_property(prop, engine, describe(engine), profile=settings(profiles.get("ci"), max_examples=30))
    return engine.cases


def test_the_hook_is_there_in_this_hypothesis():
    assert constants.AVAILABLE, "Hypothesis no longer has providers._get_local_constants: see conformance/laws/constants.py"


def test_no_local_module_is_parsed_while_a_property_runs(monkeypatch):
    asked = []
    real = providers._get_local_constants
    monkeypatch.setattr(providers, "_get_local_constants", lambda: asked.append(1) or real())
    assert _inputs()
    assert not asked
    assert providers._get_local_constants is not real and not asked  # the run put back what it found (the spy)
    providers._get_local_constants()
    assert asked


def test_the_examples_are_those_hypothesis_draws_with_the_local_constants(monkeypatch):
    without = _inputs()
    monkeypatch.setattr(constants, "none_from_local_code", contextlib.nullcontext)  # Hypothesis's own behaviour
    assert _inputs() == without
