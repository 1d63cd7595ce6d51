"""Deliberately wrong engines about copies and */* abilities are caught by the golden cases.

``mtg-conformance run --no-properties --engine tests.wrong_engines:X`` must exit 1 and name, as
failing, the cases that catch the bug, and no case that does not involve it.
"""

from __future__ import annotations

import pytest

from tests.test_cli import GOLDEN_CASES, WRONG, cli, failed_ids, parse_table

BY_ID = {case.id: case for case in GOLDEN_CASES}

# The cases that catch each bug, worked out by hand: where a copied object had counters, and
# where a */* card is off the battlefield with a value other than 0/0.
CATCHES = {
    "CounterCopyingEngine": ("counter-copying engine", {
        "707.2/copy-ignores-counters-pumps-switches-and-type-changes",  # the Bear has two +1/+1 counters
        "707.3/token-copies-of-copies",  # the Clone copied by the second token has a counter
        "707.9e/altered-ego-copying-a-clone-gets-no-counters",  # Altered Ego copies a Clone with a counter
    }, "copy-effects"),
    "StarsAsZeroEngine": ("stars-as-zero engine", {
        "208.2a/lost-order-off-the-battlefield",  # 1/1 in every zone
        "208.2a/lost-order-counts-the-chosen-opponents-creatures",  # 1/1 in the graveyard
        "604.3/cda-functions-in-every-zone",  # Serra Avatar 20/20 in hand and library, Tarmogoyf in exile
    }, "layer-7a"),
}


@pytest.mark.parametrize("engine", sorted(CATCHES))
def test_wrong_engine_exits_1_naming_the_cases_that_catch_it(capsys, engine):
    name, expected, feature = CATCHES[engine]
    assert expected <= BY_ID.keys()
    code, out, err = cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:{engine}")
    assert code == 1, out[-3000:]
    for case_id in sorted(expected):
        assert f"case {case_id} fails on {name}" in out, case_id
    failed = failed_ids(out)
    assert expected <= failed
    assert all(feature in BY_ID[case_id].features for case_id in failed), failed - expected
    rows, totals = parse_table(out)
    assert totals["failed"] == len(failed) and totals["errored"] == 0
    assert totals["passed"] == len(GOLDEN_CASES) - len(failed)


def test_the_counter_copying_engine_reports_the_copied_counters(capsys):
    code, out, _ = cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:CounterCopyingEngine",
                       "-k", "copy-ignores-counters")
    assert code == 1
    assert "clone.counters: expected {}, got {+1/+1: 2}" in out
    assert "clone.power: expected 2, got 4" in out


def test_the_stars_as_zero_engine_reports_zero_for_lost_order(capsys):
    code, out, _ = cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:StarsAsZeroEngine",
                       "-k", "lost-order-off-the-battlefield")
    assert code == 1
    assert "checkpoint 1 'in the hand' (step 1): lost_order.power: expected 1, got 0" in out
