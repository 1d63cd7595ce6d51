"""The laws about players, damage and the range of influence (conformance/laws/players.py) hold for
the reference engine (tests/test_properties.py runs every property on it), catch deliberately
wrong engines with small counterexamples that replay as golden cases, and are unsupported, not
failed, for an engine lacking their features."""

from __future__ import annotations

import pytest

from conformance.format import loader
from conformance.laws.catalogue import PROPERTIES

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")
WRONG = "tests.wrong_engines"


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("-p", "no:cacheprovider", "--mtg-properties", *args)


def test_the_issue_s_laws_are_properties_citing_their_rules():
    by_id = {p.id: p for p in PROPERTIES}
    assert {"701.10d", "701.10e", "701.10f"} <= set(by_id["701.10d/doubling-life-counters-mana-doubles-them"].rules)
    assert "801.13a" in by_id["801.13a/redirection-stays-in-range"].rules
    assert "801.13b" in by_id["801.13b/prevention-stays-in-range"].rules


def test_a_redirection_ignoring_the_range_is_caught_and_replays(pytester, tmp_path):
    saved = tmp_path / "saved"
    result = run(pytester, "--mtg-engine", f"{WRONG}:RangeBlindRedirectionEngine", "--mtg-save-failures", str(saved),
                 "--mtg-shrink-seconds", "1", "-k", "redirection-stays-in-range")
    assert result.ret == 1
    result.stdout.fnmatch_lines([
        "property 801.13a/redirection-stays-in-range does not hold for range-blind redirection engine *",
        "  found:   *'s spell dealt * damage to *, redirected to *; it must not affect anyone outside *",
    ])
    (path,) = saved.glob("*.yaml")
    cases = loader.load_file(path)  # valid golden cases: players, ranges and checkpoints on players kept
    assert all(c.range_of_influence is not None for c in cases)
    replay = pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", str(saved),
                                "--mtg-engine", f"{WRONG}:RangeBlindRedirectionEngine")
    assert replay.ret == 1
    assert pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", str(saved)).ret == 0


def test_prevention_ignoring_the_range_is_caught(pytester):
    result = run(pytester, "--mtg-engine", f"{WRONG}:RangeBlindPreventionEngine", "--mtg-shrink-seconds", "1", "-k", "prevention-stays-in-range")
    assert result.ret == 1
    result.stdout.fnmatch_lines(["property 801.13b/prevention-stays-in-range does not hold for range-blind prevention *"])


def test_doubling_a_negative_life_total_as_0_is_caught(pytester):
    result = run(pytester, "--mtg-engine", f"{WRONG}:LifeClampingEngine", "--mtg-shrink-seconds", "1", "-k", "doubling-life-counters-mana")
    assert result.ret == 1
    result.stdout.fnmatch_lines(["  found:   * was at -* life; doubling it must make it -* (701.10d), got -*"])


def test_range_laws_are_unsupported_without_the_range_option(pytester):
    result = run(pytester, "--mtg-engine", f"{WRONG}:NoRangeEngine", "-rs", "-k", "stays-in-range")
    assert result.ret == 0
    outcomes = result.parseoutcomes()
    assert outcomes["skipped"] == 2 and "failed" not in outcomes and "passed" not in outcomes
    result.stdout.fnmatch_lines(["*unsupported: no-range engine lacks the features range-of-influence*"])
