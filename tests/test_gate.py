"""Issue 23 points 1, 4, 5 and 7: the gate reads as the gate (known failures xfailed, details only
for the unexpected, the verdict last), reports show it, shards merge into their run, failures
rerun (``--last-failed``, a rerun line), and the plugin has run's options and stable JUnit names.
The known failures are derived from the golden files (tests/test_expectations.py), never hard-coded."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.test_expectations import CLAMPING, CLAMPING_CASES, KNOWN, PASSING, cli, entries_file, known_failures
from conformance.format.loader import golden_dir

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


@pytest.fixture(autouse=True)
def _no_ci(monkeypatch, tmp_path):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.chdir(tmp_path)


def test_a_green_gate_reads_green(capsys, tmp_path):
    code, out, err = cli(capsys, "run", "--engine", CLAMPING, *CLAMPING_CASES,
                         "--expectations", str(known_failures(tmp_path / "e.yaml")))
    assert code == 0
    assert f"{len(KNOWN)} xfailed" in out and " failed" not in out.split("Conformance of")[0]
    assert "FAILURES" not in out and "rerun:" not in out
    assert out.rstrip().splitlines()[-1].strip() == "every result is as expected"


def test_only_the_unexpected_get_details_and_strict_fails_an_unexpected_pass(capsys, tmp_path):
    expected = entries_file(tmp_path / "e.yaml", [{"id": i, "outcome": "fail", "reason": "known"} for i in KNOWN[1:]]
                            + [{"id": PASSING[0], "outcome": "fail", "reason": "wrongly listed"}])
    code, out, err = cli(capsys, "run", "--engine", CLAMPING, *CLAMPING_CASES, "--expectations", str(expected), "--strict")
    assert code == 1
    pytest_part = out.split("Conformance of")[0]
    assert f"case {KNOWN[0]} fails" in pytest_part and "[XPASS(strict)]" in pytest_part
    assert not any(f"case {i} fails" in pytest_part for i in KNOWN[1:])  # known failures: no details
    assert f"{len(KNOWN) - 1} xfailed" in pytest_part and "2 failed" in pytest_part
    assert out.rstrip().splitlines()[-1].strip() == "the run fails: some results are unexpected"


def test_strict_without_expectations_is_a_usage_error(capsys):
    code, out, err = cli(capsys, "run", "--no-properties", "--strict")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "--strict needs --expectations" in err


def test_the_report_of_a_gated_run_shows_the_verdict_and_keeps_known_failures_apart(capsys, tmp_path):
    expected = entries_file(tmp_path / "e.yaml", [{"id": i, "outcome": "fail", "reason": "known"} for i in KNOWN[1:]]
                            + [{"id": PASSING[0], "outcome": "fail", "reason": "wrongly listed"}])
    results = tmp_path / "r.jsonl"
    cli(capsys, "run", "--engine", CLAMPING, *CLAMPING_CASES, "--expectations", str(expected), "--results", str(results))
    code, out, err = cli(capsys, "report", str(results))
    assert code == 0
    assert "### Gate: ❌ the gate fails: some results are unexpected" in out
    gate = out.split("### Gate")[1].split("### Failures")[0]
    assert "Unexpected results (1)" in gate and KNOWN[0] in gate
    assert "Unexpected passes (1)" in gate and PASSING[0] in gate
    assert f"1 unexpected, {len(KNOWN) - 1} expected" in out
    assert out.count("☑️ expected:") == len(KNOWN) - 1
    code, page, err = cli(capsys, "report", str(results), "--format", "html")
    assert code == 0 and 'data-gate="fails"' in page and "the gate fails: some results are unexpected" in page
    unexpected = page.split('data-list="unexpected"')[1].split("</ul>")[0]
    passes = page.split('data-list="unexpected-pass"')[1].split("</ul>")[0]
    assert KNOWN[0] in unexpected and all(i not in unexpected for i in KNOWN[1:]) and PASSING[0] in passes
    code, plain, err = cli(capsys, "report", str(results), "--format", "text")
    assert code == 0 and "gate (" in plain and "the gate fails" in plain
    assert f"unexpected: {KNOWN[0]}" in plain and f"unexpected pass: {PASSING[0]}" in plain


def _shards(capsys, tmp_path, count=3, engine=CLAMPING):
    paths = []
    for index in range(1, count + 1):
        path = tmp_path / f"shard{index}.jsonl"
        cli(capsys, "run", "--engine", engine, *CLAMPING_CASES, "--shard", f"{index}/{count}", "--results", str(path))
        paths.append(path)
    return paths


def test_the_shards_of_one_run_report_as_that_run(capsys, tmp_path):
    whole = tmp_path / "whole.jsonl"
    cli(capsys, "run", "--engine", CLAMPING, *CLAMPING_CASES, "--results", str(whole))
    paths = _shards(capsys, tmp_path)
    code, merged, err = cli(capsys, "report", *map(str, paths))
    assert code == 0 and "side by side" not in merged and "3 shards merged" in merged
    code, alone, err = cli(capsys, "report", str(whole))
    table = lambda text: text.split("**", 1)[1].split("### Failures")[0]  # totals, the per-rule table
    assert table(merged) == table(alone)
    code, page, err = cli(capsys, "report", *map(str, paths), "--format", "html")
    assert code == 0 and "shard1.jsonl + " in page and "side by side" not in page


def test_shards_that_do_not_make_one_run_are_refused_saying_why(capsys, tmp_path):
    paths = _shards(capsys, tmp_path)
    code, out, err = cli(capsys, "report", str(paths[0]), str(paths[2]))
    assert code == 2 and "shard 2/3 of the run of clamping engine 1.0.0 is missing" in err
    code, out, err = cli(capsys, "report", *map(str, paths), str(paths[1]))
    assert code == 2 and "a shard is given twice: shard 2/3" in err
    lines = paths[1].read_text().splitlines()
    header = json.loads(lines[0])
    header["seed"] = "12345"
    paths[1].write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    code, out, err = cli(capsys, "report", *map(str, paths))
    assert code == 2 and "their seed differs" in err and "shard2.jsonl has '12345'" in err


def test_last_failed_reruns_the_failures_and_each_failure_says_how_to_rerun_it(capsys, tmp_path):
    code, out, err = cli(capsys, "run", "--engine", CLAMPING, *CLAMPING_CASES)
    assert code == 1
    state = json.loads((tmp_path / ".mtg-conformance" / "last-failed.json").read_text())
    assert sorted(e["id"] for e in state["engines"][CLAMPING]) == KNOWN
    rerun_lines = [line.strip() for line in out.splitlines() if line.strip().startswith("rerun:")]
    assert len(rerun_lines) == len(KNOWN)
    assert any(f"--engine {CLAMPING} --cases " in line and f"-k '{KNOWN[0]}'" in line for line in rerun_lines)
    code, out, err = cli(capsys, "run", "--engine", CLAMPING, *CLAMPING_CASES, "--last-failed", "-v")
    assert code == 1 and f"{len(KNOWN)} of" in out and f"{len(KNOWN)} failed" in out
    ran = [line.split("::")[1].split()[0] for line in out.splitlines() if "::" in line and ("PASSED" in line or "FAILED" in line)]
    assert sorted(set(ran)) == KNOWN
    code, out, err = cli(capsys, "run", "--engine", CLAMPING, *CLAMPING_CASES, "--failed-first", "-v")
    order = [line.split("::")[1].split()[0] for line in out.splitlines() if "::" in line and "[" in line]
    assert sorted(order[:len(KNOWN)]) == KNOWN and len(order) == len(KNOWN) + len(PASSING)


def test_a_clean_run_and_a_ci_run_write_no_state_file(capsys, tmp_path, monkeypatch):
    assert cli(capsys, "run", "--no-properties", *CLAMPING_CASES)[0] == 0
    assert not (tmp_path / ".mtg-conformance").exists()
    monkeypatch.setenv("CI", "true")
    assert cli(capsys, "run", "--engine", CLAMPING, *CLAMPING_CASES)[0] == 1
    assert not (tmp_path / ".mtg-conformance").exists()


def _classnames(path: Path) -> dict[str, set[str]]:
    names: dict[str, set[str]] = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        names.setdefault(case.get("name"), set()).add(case.get("classname"))
    return names


def test_junit_classnames_do_not_change_with_no_properties(capsys, tmp_path):
    selected = "613.4d/two-switches-cancel or 701.10b/double-power"
    cli(capsys, "run", "-k", selected, "--junitxml", str(tmp_path / "with.xml"))
    cli(capsys, "run", "--no-properties", "-k", selected, "--junitxml", str(tmp_path / "without.xml"))
    with_props, without = _classnames(tmp_path / "with.xml"), _classnames(tmp_path / "without.xml")
    assert with_props["613.4d/two-switches-cancel"] == {"mtg.cases.613.4d-switching.yaml", "mtg.properties"}
    assert without["613.4d/two-switches-cancel"] == {"mtg.cases.613.4d-switching.yaml"}
    assert with_props["701.10b/double-power"] == without["701.10b/double-power"] == {"mtg.cases.701.10-double.yaml"}


def test_the_plugin_has_runs_options_and_defaults(pytester):
    golden = str(golden_dir())
    run = lambda *a: pytester.runpytest("-p", "no:cacheprovider", "-p", "no:randomly", *a)
    collected = run("--mtg-cases", golden, "--collect-only", "-q").stdout.str()
    assert "catalogue.py::" in collected  # the golden suite: properties by default, as run does
    assert "catalogue.py::" not in run("--mtg-cases", golden, "--mtg-no-properties", "--collect-only", "-q").stdout.str()
    assert "catalogue.py::" in run("--mtg-cases", golden, "--mtg-properties", "--collect-only", "-q").stdout.str()
    assert run("--mtg-cases", golden, "--mtg-strict").ret == pytest.ExitCode.USAGE_ERROR
    expected = pytester.path / "e.yaml"
    known_failures(expected)
    cases = [a for a in CLAMPING_CASES if a != "--cases"]
    result = run(*(x for f in cases for x in ("--mtg-cases", f)), "--mtg-engine", CLAMPING,
                 "--mtg-expectations", str(expected))
    assert result.ret == 0
    outcomes = result.parseoutcomes()
    assert outcomes.get("xfailed") == len(KNOWN) and "failed" not in outcomes
