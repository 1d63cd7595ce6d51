"""The property suite against the reference engine and deliberately wrong engines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conformance.format import loader
from conformance.laws.catalogue import PROPERTIES
from conformance.pytest_properties import PROPERTIES_FILE

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("-p", "no:cacheprovider", "--mtg-properties", *args)


def test_there_are_at_least_ten_laws_each_citing_rules():
    assert len(PROPERTIES) >= 10
    rule = loader.schema()["$defs"]["rule"]["anyOf"][0]["pattern"]
    for prop in PROPERTIES:
        assert prop.rules and prop.id.split("/")[0] in prop.rules
        assert all(__import__("re").match(rule, r) for r in prop.rules), prop.id


def test_the_plugin_collects_every_property_and_runs_them_with_statistics(pytester):
    """The plugin's side of the property suite: every property is an item, and a run passes on the
    reference engine and prints the examples by rule. That EVERY property holds for the reference
    engine under the ``ci`` profile is asserted by tests/test_generated_coverage.py, whose fixture
    runs each one through the same ``run_property`` the plugin's items call (and the main CI job,
    ``mtg-conformance run``, runs them all through this plugin): running all of them here again
    cost a third of a minute of the test suite for nothing more."""
    collected = run(pytester, "--collect-only", "-q")
    assert collected.ret == 0
    items = [line for line in collected.stdout.lines if line.startswith("::")]
    assert len(items) == len(PROPERTIES) + 1 == len(set(items))  # the laws and the differential property
    chosen = ("613.4d/two-switches-cancel", "701.10b/doubling-adds-current-value", "613/agrees-with-reference")
    result = run(pytester, "--mtg-statistics", "-k", " or ".join(chosen))
    assert result.ret == 0, result.stdout.str()[-3000:]
    assert result.parseoutcomes() == {"passed": len(chosen), "deselected": len(items) - len(chosen)}
    result.stdout.fnmatch_lines(["*generated examples by rule*", "rule *examples", "613.4d *"])


def test_a_clamping_engine_is_caught_and_its_counterexample_replays(pytester, tmp_path):
    saved = tmp_path / "saved"
    # its shrunk size is checked: shrinking, which ends well under the ci bound of 10 s on an idle
    # machine, gets a bound a loaded machine cannot reach (under load the 10 s cut it at 3 objects)
    result = run(pytester, "--mtg-engine", "tests.wrong_engines:ClampingEngine", "--mtg-save-failures", str(saved),
                 "--mtg-shrink-seconds", "120", "-k", "doubling-adds-current-value")
    assert result.ret == 1
    result.stdout.fnmatch_lines([
        "property 701.10b/doubling-adds-current-value does not hold for clamping engine *",
        "  found:   c1 was -*/* with no switch applying; multiplying its * by 2 must make it *",
        "  saved as a golden case file: *",
    ])
    (path,) = saved.glob("*.yaml")
    (case,) = loader.load_file(path)  # a valid golden case file, holding the failing case
    assert len(case.objects) == 1
    assert len([s for s in case.steps if s.KEY != "expect"]) <= 3
    # It fails again on its own on the wrong engine, and passes on the reference engine.
    replay = pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", str(saved),
                                "--mtg-engine", "tests.wrong_engines:ClampingEngine")
    assert replay.ret == 1 and replay.parseoutcomes() == {"failed": 1}
    assert pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", str(saved)).ret == 0
    document = yaml.safe_load(path.read_text())
    assert "the engine under test reported" in document["cases"][0]["summary"]


def test_a_property_failure_and_its_saved_counterexample_cite_the_rules_it_shows_broken(pytester, tmp_path):
    """Issue 45, point 6: the differential's failure on an engine that clamps doubled negative powers
    said ``rules:`` and saved a case citing every rule the property cites (113); both cite the rules
    its shrunk counterexample shows broken, as the per-rule table counts it."""
    from conformance.laws.catalogue import differential_property

    cited = differential_property().rules
    saved = tmp_path / "saved"
    results = tmp_path / "results.jsonl"
    result = run(pytester, "--mtg-engine", "tests.wrong_engines:ClampingEngine", "--mtg-save-failures", str(saved),
                 "-k", "613/agrees-with-reference", "--mtg-shrink-seconds", "120", "--mtg-results", str(results))
    assert result.ret == 1
    (line,) = {line for line in result.stdout.lines if line.startswith("  rules:   ")}  # (and in pytest's summary)
    shown = line.removeprefix("  rules:   ").split(" (", 1)[0].split(", ")
    assert line.endswith(f"the property cites {len(cited)}: mtg-conformance properties)"), line
    assert "701.10c" in shown and len(shown) < 10 and len(cited) > 50, shown
    (path,) = saved.glob("*.yaml")
    cases = loader.load_file(path)
    assert all(list(case.rules) == shown and case.id.startswith(shown[0] + "/") for case in cases)
    (record,) = [r for r in map(json.loads, results.read_text().splitlines()) if r["type"] == "result"]
    assert record["rules"] == shown and len(record["cited_rules"]) == len(cited)
    assert all(list(case.rules) == shown for case in loader.load_text(record["reproducer"], "<reproducer>"))


def test_an_engine_whose_two_switches_do_not_cancel_is_caught(pytester, tmp_path):
    saved = tmp_path / "saved"
    result = run(pytester, "--mtg-engine", "tests.wrong_engines:OneSwitchEngine", "--mtg-save-failures", str(saved),
                 "-k", "two-switches-cancel")
    assert result.ret == 1
    result.stdout.fnmatch_lines(["property 613.4d/two-switches-cancel does not hold for one-switch engine *"])
    (path,) = saved.glob("*.yaml")
    cases = loader.load_file(path)
    assert all(len(c.objects) == 1 and len([s for s in c.steps if s.KEY != "expect"]) <= 3 for c in cases)
    replay = pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", str(saved),
                                "--mtg-engine", "tests.wrong_engines:OneSwitchEngine")
    assert replay.ret == 1


def test_the_differential_property_catches_what_no_law_names(pytester):
    # counters applied after switches (613.4c): no law names that sublayer order, the differential
    # catches it (the clamping engine, 701.10c, is caught by the doubling laws: docs/mutants.md)
    result = run(pytester, "--mtg-engine", "tests.mutants:CountersAfterSwitchesEngine", "-k", "agrees-with-reference")
    assert result.ret == 1
    result.stdout.fnmatch_lines(["*the reference engine says *, the engine says *"])


def _checks_only_at_checkpoints():
    from tests.mutants import MUTANTS

    return next(m for m in MUTANTS if m.name == "checks-only-at-checkpoints").engine()


def test_removing_checkpoints_catches_an_engine_checking_only_when_observed():
    """704.3: an engine that performs state-based actions only when asked for a snapshot agrees
    with itself when every event is observed, and not once some checkpoints are removed; the
    reference engine, checking after every event, passes."""
    from conformance.laws import profiles
    from conformance.engines.interface import describe
    from conformance.laws.runner import run_property
    from reference_engine import ReferenceEngine

    law = next(p for p in PROPERTIES if p.id == "704.3/state-based-actions-between-checkpoints")
    assert "704.3" in law.rules and law.summary
    mutant = _checks_only_at_checkpoints()
    run = run_property(law, mutant, describe(mutant), profile=profiles.get("ci"))
    assert run.status == "failed", run.message
    assert "when every event is followed by a checkpoint" in run.message and "(704.3)" in run.message
    full, sparse = run.cases[-2:]  # the scenario observed after every event, then with checkpoints removed
    assert [s for s in full.steps if s.KEY != "expect"] == [s for s in sparse.steps if s.KEY != "expect"]
    assert len(sparse.checkpoints) < len(full.checkpoints)
    assert len(full.objects) <= 2 and len([s for s in full.steps if s.KEY != "expect"]) <= 3
    reference = ReferenceEngine()
    assert run_property(law, reference, describe(reference), profile=profiles.get("ci")).status == "passed"


def test_the_differential_property_with_sparse_checkpoints_catches_checks_only_when_observed():
    from conformance.laws import profiles
    from conformance.engines.interface import describe
    from conformance.laws.runner import run_property
    from conformance.pytest_properties import differential_property

    mutant = _checks_only_at_checkpoints()
    run = run_property(differential_property(), mutant, describe(mutant), profile=profiles.get("ci"))
    assert run.status == "failed", run.message
    assert "the reference engine says" in run.message


def test_properties_needing_missing_features_are_unsupported(pytester):
    result = run(pytester, "--mtg-engine", "tests.wrong_engines:NoDoublingEngine", "-rs", "-k", "doubling or tripling")
    assert result.ret == 0
    outcomes = result.parseoutcomes()
    assert outcomes["skipped"] >= 4 and "failed" not in outcomes
    result.stdout.fnmatch_lines(["*unsupported: no-doubling engine lacks the features double-pt*"])


def test_property_items_are_selected_by_rule(pytester):
    result = run(pytester, "--collect-only", "-q", "-k", "613.4d")
    ids = [line for line in result.stdout.lines if "::" in line]
    assert any("613.4d/two-switches-cancel" in line for line in ids)
    assert not any("514.2/" in line for line in ids)


def test_the_properties_file_is_only_collected_when_asked(pytester):
    result = pytester.runpytest("-p", "no:cacheprovider", str(PROPERTIES_FILE), "--collect-only", "-q")
    assert "two-switches-cancel" not in result.stdout.str()
    assert Path(PROPERTIES_FILE).exists()
