"""613.8: the dependency check of layers 2-6 (reference_engine.layers_1_to_6._independent) gives
what the pairwise definition gives: ``e`` waits if applying any other pending effect would change
whether ``e`` exists or what it applies to (_depends, each pair on a full copy of the board)."""

from __future__ import annotations

from conformance.errors import Unsupported

import pytest
from hypothesis import HealthCheck, given, settings

import strategies as mtg
from conformance.format import loader
from reference_engine import ReferenceEngine, layers_1_to_6


def pairwise(game, pending, layer, work, static_sets):
    return [e for e in pending if not any(layers_1_to_6._depends(game, e, other, layer, work, static_sets)
                                          for other in pending if other is not e)]


def _outcome(plain):
    """The snapshots, or the refusal (a case the reference engine reports unsupported)."""
    try:
        return ReferenceEngine().run(plain)
    except Unsupported as refusal:
        return ("unsupported", str(refusal))


def both_ways(case, monkeypatch) -> None:
    plain = case.to_dict()
    fast = _outcome(plain)
    with monkeypatch.context() as patched:
        patched.setattr(layers_1_to_6, "_independent", pairwise)
        slow = _outcome(plain)
    assert fast == slow, case.id


def test_golden_cases_alike(monkeypatch):
    cases = loader.load_suite([loader.golden_dir()])
    fast = layers_1_to_6._independent
    waited: list[int] = []

    def counting(game, pending, layer, work, static_sets):
        ready = fast(game, pending, layer, work, static_sets)
        waited.append(len(pending) - len(ready))
        return ready
    monkeypatch.setattr(layers_1_to_6, "_independent", counting)
    for case in cases:
        both_ways(case, monkeypatch)
    assert sum(1 for n in waited if n) >= 3  # the comparison saw effects wait for others (613.8b)


@pytest.mark.parametrize("strategy", [mtg.copy_scenarios(), mtg.scenarios()], ids=["copy", "scenarios"])
def test_generated_scenarios_alike(strategy, monkeypatch):
    @settings(max_examples=150, database=None, derandomize=True, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(case):
        both_ways(case, monkeypatch)
    check()

