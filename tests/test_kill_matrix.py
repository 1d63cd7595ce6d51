"""Every mutant engine is caught by the suite under the ci profile (golden cases, then properties)."""

from __future__ import annotations

import pytest

from benchmarks.kill_matrix import detect
from tests.mutants import MUTANTS


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_the_suite_catches_the_mutant(mutant):
    detection = detect(mutant, stop_at_first=True)
    assert detection.caught, f"mutant {mutant.name} ({mutant.bug}) survived the golden cases and every property"


def test_some_mutants_are_caught_by_properties_alone():
    """The properties are not a copy of the golden cases: they catch bugs on their own. (Golden cases
    about */* cards off the battlefield, 208.2a and 604.3, now catch this mutant too; the
    properties, run without them, must still catch it.)"""
    from benchmarks.kill_matrix import differential_property, describe, profiles, run_property, PROPERTIES

    mutant = next(m for m in MUTANTS if m.name == "cda-only-on-battlefield")
    engine = mutant.engine()
    info = describe(engine)
    caught_by = None
    for prop in (differential_property(), *PROPERTIES):
        if run_property(prop, engine, info, profile=profiles.get("ci")).status in ("failed", "errored"):
            caught_by = prop.id
            break
    assert caught_by is not None
    assert detect(mutant, stop_at_first=True).caught
