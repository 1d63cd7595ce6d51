"""Expectations files (conformance/results/expectations.py): loading with one-line errors, matching and the
outcome mapping, gating ``mtg-conformance run --expectations``, and ``--update-expectations``.

The "Done when" of issue 6: with an expectations file listing a wrong engine's known failures
(tests.wrong_engines:ClampingEngine) the run exits 0; remove one entry and it exits 1 naming that
case; add a wrong entry and ``--strict`` fails on the unexpected pass. The known failures are
derived from the golden files (the cases citing 701.10c or 701.11c), never hard-coded.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from conformance.format import loader
from conformance.results import expectations
from conformance.cli import main
from conformance.errors import CaseFileErrors

REPO = Path(__file__).resolve().parent.parent
GOLDEN_CASES = loader.load_suite([loader.golden_dir()])
ALL_IDS = {c.id for c in GOLDEN_CASES}
CLAMPING = "tests.wrong_engines:ClampingEngine"
KNOWN = sorted(c.id for c in GOLDEN_CASES if {"701.10c", "701.11c"} & set(c.rules))
# The clamping engine's runs take only the files holding its known failures (and cases that pass).
CLAMPING_CASES = [arg for file in sorted({c.file for c in GOLDEN_CASES if c.id in KNOWN}) for arg in ("--cases", file)]
RUN_IDS = {c.id for c in GOLDEN_CASES if c.file in CLAMPING_CASES}
PASSING = sorted(RUN_IDS - set(KNOWN))
DOUBLING_CASES = [arg for file in sorted({c.file for c in GOLDEN_CASES if {"double-pt", "triple-pt"} & c.features})
                  for arg in ("--cases", file)]


def entries_file(path: Path, entries: list[dict], preamble: str = "") -> Path:
    path.write_text(preamble + yaml.safe_dump({"format": 1, "expectations": entries}, sort_keys=False))
    return path


def known_failures(path: Path, ids=KNOWN) -> Path:
    return entries_file(path, [{"id": i, "outcome": "fail", "reason": "clamps negative values to 0 first",
                                "bug": f"https://example.org/engine/issues/{n}"} for n, i in enumerate(ids, 1)])


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def record(case_id="613.4d/x", status="passed", error_kind=None, kind="case", rules=("613.4d",), features=()):
    return {"id": case_id, "kind": kind, "rules": list(rules), "features": list(features), "status": status,
            "error_kind": error_kind, "message": f"{case_id} {status}"}


# --- the outcome mapping ------------------------------------------------------------------------------


@pytest.mark.parametrize("status, error_kind, result", [
    ("passed", None, "pass"),
    ("failed", None, "fail"),
    ("errored", "exception", "fail"),
    ("errored", "protocol", "fail"),
    ("errored", "crash", "crash"),
    ("errored", "timeout", "timeout"),
    ("unsupported", None, "unsupported"),
])
def test_each_result_has_one_outcome_class(status, error_kind, result):
    assert expectations.result_class(record(status=status, error_kind=error_kind)) == result


ACCEPTED = {  # outcome -> the classes it accepts; everything else is unexpected
    "fail": {"fail"}, "crash": {"crash"}, "timeout": {"timeout"}, "unsupported": {"unsupported"},
    "flaky": {"pass", "fail"}, "pass": {"pass", "unsupported"},
}


@pytest.mark.parametrize("outcome", expectations.OUTCOMES)
def test_each_outcome_accepts_exactly_its_classes(outcome):
    assert set(expectations.ACCEPTS) == set(ACCEPTED)
    classes = {"pass", "fail", "crash", "timeout", "unsupported"}
    for result in classes:
        entry = expectations.Entry("id", "613.4d/x", outcome, "because")
        verdict = expectations.Verdict(record(), result, entry)
        assert verdict.as_expected == (result in ACCEPTED[outcome]), (outcome, result)
        if not verdict.as_expected:
            assert verdict.verdict == ("unexpected-pass" if result == "pass" else "unexpected")


def test_no_entry_expects_a_pass_or_unsupported():
    none = expectations.Expectations("x", ())
    assert expectations.verdict(none, record(status="passed")).verdict == "expected"
    assert expectations.verdict(none, record(status="unsupported")).verdict == "expected"
    assert expectations.verdict(none, record(status="failed")).verdict == "unexpected"
    assert expectations.verdict(none, record(status="errored", error_kind="crash")).verdict == "unexpected"


# --- matching ------------------------------------------------------------------------------------------


def test_the_most_specific_entry_decides_then_the_first_in_the_file(tmp_path):
    file = entries_file(tmp_path / "e.yaml", [
        {"feature": "double-pt", "outcome": "crash", "reason": "r1"},
        {"rule": "701.10", "outcome": "timeout", "reason": "r2"},
        {"glob": "701.10c/*", "outcome": "unsupported", "reason": "r3"},
        {"glob": "701.10c/double-*", "outcome": "flaky", "reason": "r4"},
        {"id": "701.10c/double-negative-power", "outcome": "fail", "reason": "r5"},
    ])
    loaded = expectations.load(file)
    decides = lambda case_id, rules, features=(): loaded.entry_for(record(case_id, rules=rules, features=features)).reason
    assert decides("701.10c/double-negative-power", ["701.10c"], ["double-pt"]) == "r5"
    assert decides("701.10c/double-both", ["701.10c"], ["double-pt"]) == "r3"  # first glob in the file
    assert decides("701.10b/x", ["701.10b"], ["double-pt"]) == "r2"  # 701.10 covers 701.10b
    assert decides("613.4d/x", ["613.4d"], ["double-pt"]) == "r1"
    assert loaded.entry_for(record("613.4d/x", rules=["613.4d"])) is None


@pytest.mark.parametrize("rule, cited, covered", [
    ("701.10", "701.10c", True), ("701.10", "701.10", True), ("701", "701.10c", True),
    ("701.1", "701.10c", False), ("701.10c", "701.10", False), ("613.4", "613.4d", True),
    ("613.4d", "613.4", False), ("61", "613.4", False),
])
def test_a_rule_entry_covers_the_rule_and_its_subrules(rule, cited, covered):
    assert expectations.covers(rule, cited) is covered


def test_kind_limits_an_entry_to_cases_or_properties(tmp_path):
    loaded = expectations.load(entries_file(tmp_path / "e.yaml", [
        {"id": "613.4d/two-switches-cancel", "kind": "property", "outcome": "fail", "reason": "law broken"}]))
    assert loaded.entry_for(record("613.4d/two-switches-cancel", kind="property")) is not None
    assert loaded.entry_for(record("613.4d/two-switches-cancel", kind="case")) is None


# --- one clear line per problem ----------------------------------------------------------------------------

GOOD_ENTRY = "  - id: 701.10c/double-negative-power\n    outcome: fail\n    reason: clamps\n"


@pytest.mark.parametrize("body, line, message", [
    ("format: 1\nexpectations:\n  - id: a/b\n    outcome: fial\n    reason: x\n", 4,
     "expectations/0/outcome: 'fial' is not one of: fail, crash, timeout, unsupported, flaky, pass"),
    ("format: 1\nexpectations:\n" + GOOD_ENTRY + "  - id: a/b\n    outcome: fail\n", 6,
     "expectations/1: missing required key 'reason'"),
    ("format: 1\nexpectations:\n  - id: a/b\n    glob: a/*\n    outcome: fail\n    reason: x\n", 3,
     "expectations/0: give exactly one of id, glob, rule or feature (this entry has id, glob)"),
    ("format: 1\nexpectations:\n  - outcome: fail\n    reason: x\n", 3,
     "expectations/0: give exactly one of id, glob, rule or feature"),
    ("format: 1\nexpectations:\n  - id: a/b\n    outcome: fail\n    reason: x\n    bugs: http://x\n", 6,
     "expectations/0/bugs: unknown key 'bugs' (expected one of: bug, feature, glob, id, kind, outcome, reason, rule)"),
    ("format: 1\nexpectations:\n  - rule: 613.4z9\n    outcome: fail\n    reason: x\n", 3,
     "expectations/0/rule: '613.4z9' is not a CR rule number such as 613, 613.4 or 613.4d"),
    ("format: 1\nexpectations:\n  - feature: banding\n    outcome: fail\n    reason: x\n", 3,
     "expectations/0/feature: unknown feature 'banding' (see mtg-conformance features)"),
    ("format: 1\nexpectations:\n" + GOOD_ENTRY + GOOD_ENTRY, 6,
     "expectations/1: a second entry for id '701.10c/double-negative-power' (the first is on line 3)"),
    ("format: 1\nexpectations:\n  - id: a/b\n    outcome: fail\n    reason: ''\n", 5,
     "expectations/0/reason: must not be empty"),
    ("format: 2\nexpectations: []\n", 1, "format: 2: this suite reads expectations format 1"),
    ("format: 1\nexpectations:\n  - id: [a, b\n", 4, "YAML syntax error"),
    ("format: 1\nexpectations:\n  - id: a/b\n    id: c/d\n    outcome: fail\n    reason: x\n", 4,
     "duplicate key 'id' (first on line 3)"),
    ("- id: a/b\n", 1, "expected a mapping with 'format: 1' and 'expectations:'"),
], ids=["bad-outcome", "no-reason", "two-selectors", "no-selector", "unknown-key", "bad-rule", "unknown-feature",
        "duplicate-entry", "empty-reason", "format-2", "yaml-syntax", "duplicate-key", "not-a-mapping"])
def test_a_broken_file_gets_one_line_naming_file_line_and_field(tmp_path, body, line, message):
    path = tmp_path / "expected.yaml"
    path.write_text(body)
    with pytest.raises(CaseFileErrors) as info:
        expectations.load(path)
    lines = str(info.value).splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}:{line}: "), lines[0]
    assert message in lines[0], lines[0]


def test_a_broken_file_is_a_usage_error_before_anything_runs(tmp_path):
    path = tmp_path / "expected.yaml"
    path.write_text("format: 1\nexpectations:\n  - id: a/b\n    outcome: fial\n    reason: x\n")
    result = subprocess.run([sys.executable, "-m", "conformance", "run", "--no-properties", "--expectations", str(path)],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"{path}:4: expectations/0/outcome: 'fial' is not one of: fail, crash, timeout, unsupported, flaky, pass"]
    assert "Traceback" not in result.stdout + result.stderr and "passed" not in result.stdout


def test_a_missing_file_is_a_usage_error(capsys, tmp_path):
    code, out, err = cli(capsys, "run", "--no-properties", "--expectations", str(tmp_path / "nope.yaml"))
    assert code == 2 and err.strip() == f"{tmp_path / 'nope.yaml'}: no such expectations file"


def test_the_schema_ships_in_the_package_and_is_valid():
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(expectations.schema())
    assert (REPO / "conformance" / "schema" / "expectations.schema.json").is_file()
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["conformance"]
    assert any((REPO / "conformance" / "schema" / "expectations.schema.json") in (REPO / "conformance").glob(p)
               for p in patterns)


# --- gating a run: the "Done when" -----------------------------------------------------------------------


def test_known_failures_listed_exit_0_one_removed_exits_1_naming_it(capsys, tmp_path):
    assert KNOWN and all(i.startswith(("701.10c/", "701.11c/")) for i in KNOWN)
    file = known_failures(tmp_path / "clamping.yaml")
    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--expectations", str(file))
    assert code == 0, out[-3000:]
    assert f"Expectations from {file}: {len(RUN_IDS)} of {len(RUN_IDS)} results as expected ({len(KNOWN)} known failures)" in out
    assert "every result is as expected" in out and "UNEXPECTED" not in out

    dropped = KNOWN[1]
    known_failures(file, [i for i in KNOWN if i != dropped])
    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--expectations", str(file))
    assert code == 1
    unexpected = [line for line in out.splitlines() if line.startswith("  UNEXPECTED")]
    assert len(unexpected) == 1, unexpected
    assert unexpected[0].startswith(f"  UNEXPECTED {dropped} failed (expected pass: no entry): checkpoint ")
    assert "the run fails: some results are unexpected" in out


def test_a_wrong_entry_is_an_unexpected_pass_that_fails_only_with_strict(capsys, tmp_path):
    wrong = PASSING[0]
    file = known_failures(tmp_path / "clamping.yaml", [*KNOWN, wrong])
    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--expectations", str(file))
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("  UNEXPECTED PASS"))
    assert line.startswith(f"  UNEXPECTED PASS {wrong} passes (expected fail, {file}:{4 * len(KNOWN) + 3}); ")
    assert "(gates with --strict)" in line
    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--expectations", str(file), "--strict")
    assert code == 1
    assert f"  UNEXPECTED PASS {wrong} passes" in out and "unexpected passes fail the run with --strict" in out


def test_entries_by_glob_rule_and_feature_gate_too(capsys, tmp_path):
    file = entries_file(tmp_path / "e.yaml", [
        {"glob": "701.10c/*", "outcome": "fail", "reason": "clamps when doubling"},
        {"rule": "701.11c", "outcome": "flaky", "reason": "clamps when tripling"},
        {"feature": "triple-pt", "kind": "property", "outcome": "fail", "reason": "no property ran"},
    ])
    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--expectations", str(file), "--strict")
    assert code == 0, out[-2000:]
    assert "note: 1 entry matched no result in this run: line 9 (feature triple-pt)" in out


def test_errored_exception_is_a_fail(capsys, tmp_path):
    crashing = sorted(c.id for c in GOLDEN_CASES if "double-pt" in c.features)
    file = entries_file(tmp_path / "e.yaml", [{"feature": "double-pt", "outcome": "fail", "reason": "raises"}])
    code, out, err = cli(capsys, "run", *DOUBLING_CASES, "--engine", "tests.wrong_engines:CrashingEngine",
                         "--expectations", str(file), "--strict")
    assert crashing and code == 0, out[-2000:]
    file = entries_file(file, [{"feature": "double-pt", "outcome": "crash", "reason": "not a process crash"}])
    code, out, err = cli(capsys, "run", *DOUBLING_CASES, "--engine", "tests.wrong_engines:CrashingEngine",
                         "--expectations", str(file))
    assert code == 1
    assert set(re.findall(r"^  UNEXPECTED (\S+) errored \(exception\) \(expected crash, ", out, re.M)) == set(crashing)


# --- --update-expectations -----------------------------------------------------------------------------------------


def test_update_keeps_what_still_applies_drops_what_does_not_and_adds_the_rest(capsys, tmp_path):
    doubling = [i for i in KNOWN if i.startswith("701.10c/")]
    tripling = [i for i in KNOWN if i.startswith("701.11c/")]
    assert doubling and tripling
    file = entries_file(tmp_path / "clamping.yaml", [
        {"glob": "701.10c/*", "outcome": "fail", "reason": "clamps when doubling", "bug": "https://example.org/1"},
        {"id": PASSING[0], "outcome": "fail", "reason": "fixed since", "bug": "https://example.org/2"},
        {"id": "999.1a/not-run-here", "outcome": "crash", "reason": "another shard's", "bug": "https://example.org/3"},
    ], preamble="# Known results of the clamping engine.\n# Keep the reasons short.\n")
    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--update-expectations", str(file))
    assert code == 0  # the file now describes the run
    assert f"wrote {file}: {2 + len(tripling)} entries (2 kept, {len(tripling)} added, 1 removed)" in out
    text = file.read_text()
    assert text.startswith("# Known results of the clamping engine.\n# Keep the reasons short.\n")
    written = yaml.safe_load(text)
    assert written["engine"] == "clamping engine"
    entries = written["expectations"]
    assert entries[:2] == [
        {"glob": "701.10c/*", "outcome": "fail", "reason": "clamps when doubling", "bug": "https://example.org/1"},
        {"id": "999.1a/not-run-here", "outcome": "crash", "reason": "another shard's", "bug": "https://example.org/3"}]
    assert [e["id"] for e in entries[2:]] == sorted(tripling)
    assert all(e["outcome"] == "fail" and "expected" in e["reason"] and "got" in e["reason"] for e in entries[2:])

    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--expectations", str(file), "--strict")
    assert code == 0 and "every result is as expected" in out


def test_update_overrides_a_broad_entry_where_a_case_now_passes(capsys, tmp_path):
    # 701.10 covers the failing 701.10c cases and the passing 701.10a/b ones
    covered = {c.id for c in GOLDEN_CASES if c.id in RUN_IDS and any(expectations.covers("701.10", r) for r in c.rules)}
    passing, failing = covered - set(KNOWN), covered & set(KNOWN)
    assert passing and failing
    file = entries_file(tmp_path / "e.yaml", [{"rule": "701.10", "outcome": "fail", "reason": "clamps"}])
    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--update-expectations", str(file))
    assert code == 0
    entries = yaml.safe_load(file.read_text())["expectations"]
    assert entries[0] == {"rule": "701.10", "outcome": "fail", "reason": "clamps"}
    assert {e["id"] for e in entries[1:] if e["outcome"] == "pass"} == passing
    assert all(e["reason"] == "passes (overrides rule 701.10)" for e in entries[1:] if e["outcome"] == "pass")
    assert {e["id"] for e in entries[1:] if e["outcome"] == "fail"} == set(KNOWN) - failing
    code, out, err = cli(capsys, "run", *CLAMPING_CASES, "--engine", CLAMPING, "--expectations", str(file), "--strict")
    assert code == 0, out[-2000:]


def test_properties_count_by_their_ids_and_kind_tells_them_from_a_case_of_the_same_id(capsys, tmp_path):
    """613.4d/two-switches-cancel is a golden case and a property: both fail on the one-switch engine,
    each gets its own entry (kind: case, kind: property), and the JSON lines judged against the
    updated file are as expected; without the property's entry it is an unexpected failure."""
    from conformance.results.stream import read

    same_id = "613.4d/two-switches-cancel"
    assert same_id in ALL_IDS
    file, results = tmp_path / "e.yaml", tmp_path / "results.jsonl"
    small = str(loader.golden_dir() / "613.4d-switching.yaml")
    code, out, err = cli(capsys, "run", "--cases", small, "--properties", "--engine", "tests.wrong_engines:OneSwitchEngine",
                         "-k", "two-switches-cancel",
                         "--update-expectations", str(file), "--results", str(results))
    assert code == 0
    entries = yaml.safe_load(file.read_text())["expectations"]
    assert [(e["id"], e["kind"], e["outcome"]) for e in entries] == [(same_id, "case", "fail"), (same_id, "property", "fail")]
    assert all(e["reason"] for e in entries)
    run = read(results)
    assert sorted(r["kind"] for r in run.results) == ["case", "property"]
    assert expectations.judge(expectations.load(file), run.results).exit_status(strict=True) == 0
    case_only = expectations.load(entries_file(file, [{**entries[0]}]))
    judgement = expectations.judge(case_only, run.results)
    assert judgement.exit_status() == 1
    assert [line for line in judgement.render().splitlines() if "UNEXPECTED" in line] == [
        f"  UNEXPECTED property {same_id} failed (expected pass: no entry): {entries[1]['reason']}"]


def test_update_then_gate_is_a_fixed_point(capsys, tmp_path):
    for engine in ("CrashingEngine",):
        file = tmp_path / f"{engine}.yaml"
        code, out, err = cli(capsys, "run", *DOUBLING_CASES, "--engine", f"tests.wrong_engines:{engine}",
                             "--update-expectations", str(file))
        assert code == 0, out[-2000:]
        code, out, err = cli(capsys, "run", *DOUBLING_CASES, "--engine", f"tests.wrong_engines:{engine}",
                             "--expectations", str(file), "--strict", "--update-expectations", str(file))
        assert code == 0, out[-2000:]
        assert " kept, 0 added, 0 removed)" in out
