"""The command line: ``mtg-conformance run | list | check | path | schema | features``.

Most tests call :func:`conformance.cli.main` in-process (``run`` drives pytest in-process too);
a few go through a real subprocess to prove that no traceback escapes. Expected numbers are
derived from the golden files, never hard-coded.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from conformance.format import loader
from conformance.cli import main
from conformance.format.features import FEATURES
from conformance.reports.text import STATUSES, rule_key

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "golden"
GOLDEN_CASES = loader.load_suite([GOLDEN])
ALL_IDS = {c.id for c in GOLDEN_CASES}
RULE_COUNTS = Counter(rule for c in GOLDEN_CASES for rule in c.rules)

WRONG = "tests.wrong_engines"
HEADER = re.compile(r"^rule\s+cases\s+passed\s+failed\s+errored\s+unsupported$")

# A case file whose only problem is a YAML syntax error on line 6 (a stray '}').
BROKEN_YAML = """\
format: 1
cr: "2025-09-19"
cases:
  - id: 613.4d/broken
    rules: [613.4d]
    source: {rule: 613.4d}}
    summary: a case that never gets to run
    players: [Alex]
    objects:
      bear: {card: {types: [creature], power: 1, toughness: 3}}
    steps:
      - switch_pt: {to: bear}
      - expect: {objects: {bear: {power: 3, toughness: 1}}}
"""
BROKEN_LINE = 6


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process; its exit status, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def subprocess_cli(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "conformance", *argv], cwd=REPO, capture_output=True,
                          text=True, timeout=timeout)


def parse_table(out: str) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """The per-rule table that must end ``out`` (then, when some result is unsupported, the reasons
    line, and notes): rows by rule, and the "all" row."""
    lines = [line.rstrip() for line in out.rstrip().splitlines()]
    starts = [i for i, line in enumerate(lines) if HEADER.match(line)]
    assert starts, f"no per-rule table in:\n{out[-3000:]}"
    end = next(i for i in range(starts[-1], len(lines)) if lines[i].startswith("all "))
    body, after = lines[starts[-1] + 1:end + 1], lines[end + 1:]
    unsupported = after[0] if after and after[0].startswith("unsupported: ") else None
    assert all(line.startswith(("unsupported: ", "  ", "locked ", "-k ")) for line in after), after  # then notes
    assert set(body[0]) == {"-"} and set(body[-2]) == {"-"}, body
    footer = body[-1].split()
    assert footer[0] == "all", "the output does not end with the table's total row"
    totals = dict(zip(("cases", *STATUSES), map(int, footer[1:]), strict=True))
    if totals["unsupported"]:  # the run's end groups the unsupported results by reason
        assert unsupported and unsupported.startswith(f"unsupported: {totals['unsupported']} ("), unsupported
    else:
        assert unsupported is None
    rows = {}
    for line in body[1:-2]:
        rule, *numbers = line.split()
        rows[rule] = dict(zip(("cases", *STATUSES), map(int, numbers), strict=True))
        assert rows[rule]["cases"] == sum(rows[rule][s] for s in STATUSES)
    assert list(rows) == sorted(rows, key=rule_key), "rules are not in CR order"
    assert totals["cases"] == sum(totals[s] for s in STATUSES)
    return rows, totals


def failed_ids(out: str) -> set[str]:
    """Case ids of the short summary's FAILED/ERROR lines."""
    return set(re.findall(r"^(?:FAILED|ERROR) \S+?::(\S+)", out, flags=re.MULTILINE))


def citing(*rules: str) -> set[str]:
    return {c.id for c in GOLDEN_CASES if set(rules) & set(c.rules)}


def with_feature(*features: str) -> set[str]:
    return {c.id for c in GOLDEN_CASES if set(features) & c.features}


def expected_rows(status_of: dict[str, str], broken: dict[str, set[str]] | None = None) -> dict[str, dict[str, int]]:
    """The table rows a run with the given per-case statuses must print; a failed case counts under
    the cited rules ``broken`` gives for it (all it cites if not given)."""
    rows: dict[str, dict[str, int]] = {}
    for case in GOLDEN_CASES:
        if case.id not in status_of:
            continue
        for rule in (case.rules if status_of[case.id] != "failed" or broken is None else
                     [r for r in case.rules if r in broken[case.id]]):
            row = rows.setdefault(rule, {"cases": 0, **dict.fromkeys(STATUSES, 0)})
            row["cases"] += 1
            row[status_of[case.id]] += 1
    return rows


def test_golden_suite_is_not_trivial():
    assert len(ALL_IDS) == len(GOLDEN_CASES) > 0
    assert citing("701.10c", "701.11c")
    assert with_feature("double-pt") and with_feature("triple-pt")


# --- run --------------------------------------------------------------------------------------


def test_run_reference_engine_on_the_golden_suite(capsys):
    code, out, err = cli(capsys, "run", "--no-properties")
    assert code == 0, err
    rows, totals = parse_table(out)
    for rule in ("613.4a", "613.4b", "613.4c", "613.4d", "613.7", "701.10b", "701.10c", "701.11b", "701.11c",
                 "704.5f", "704.5q"):
        assert rule in rows, rule
        assert rows[rule]["cases"] == rows[rule]["passed"] == RULE_COUNTS[rule] > 0
    assert rows == expected_rows(dict.fromkeys(ALL_IDS, "passed"))
    assert totals == {"cases": len(ALL_IDS), "passed": len(ALL_IDS), "failed": 0, "errored": 0, "unsupported": 0}
    assert f"{len(ALL_IDS)} of {len(ALL_IDS)} cases run" in out
    assert "reference engine" in out
    assert "Traceback" not in out + err


def test_run_broken_case_file_reports_one_line_and_runs_nothing(capsys, tmp_path):
    bad = tmp_path / "cases" / "bad.yaml"
    bad.parent.mkdir()
    bad.write_text(BROKEN_YAML)
    code, out, err = cli(capsys, "run", "--cases", str(bad.parent))
    assert code == 2
    lines = err.strip().splitlines()
    assert 1 <= len(lines) <= 2, lines
    assert lines[0].startswith(f"{bad}:{BROKEN_LINE}: case 613.4d/broken: YAML syntax error"), lines
    if len(lines) == 2:
        assert str(bad) not in lines[1] and "nothing was run" in lines[1]
    assert "Traceback" not in out + err
    assert not HEADER.search(out) and "passed" not in out and "613.4d/broken" not in out


def test_run_broken_case_file_in_a_subprocess_has_no_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(BROKEN_YAML)
    result = subprocess_cli("run", "--cases", str(tmp_path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert 1 <= len(lines) <= 2, lines
    assert lines[0].startswith(f"{bad}:{BROKEN_LINE}: ")
    assert result.stdout.strip() == ""


def test_run_clamping_engine_names_every_failing_case(capsys):
    expected = citing("701.10c", "701.11c")
    assert all(i.startswith(("701.10c/", "701.11c/")) for i in expected)
    code, out, err = cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:ClampingEngine")
    assert code == 1
    for case_id in expected:
        assert f"case {case_id} fails on clamping engine" in out, case_id
    assert failed_ids(out) == expected
    rows, totals = parse_table(out)
    status = {i: "failed" if i in expected else "passed" for i in ALL_IDS}
    # a failed case counts under the cited rules its failure shows broken (tests/test_property_verdicts.py
    # checks how they are found): clamping a negative value breaks the doubling or tripling, not 107.1b
    from conformance.engines.interface import describe
    from conformance.results.exercised import case_failing_rules
    from tests.wrong_engines import ClampingEngine

    engine = ClampingEngine()
    broken = {case.id: set(case_failing_rules(case, engine, describe(engine)))
              for case in GOLDEN_CASES if case.id in expected}
    assert rows == expected_rows(status, broken)
    red = {rule for rule, row in rows.items() if row["failed"]}
    assert "107.1b" not in red and {"701.10c", "701.11c"} <= red
    assert totals["failed"] == len(expected) and totals["errored"] == 0
    assert totals["passed"] == len(ALL_IDS) - len(expected)

    # the mismatch names checkpoint, label, step, object and field, with both values
    checks = []
    for case in GOLDEN_CASES:
        if case.id not in expected:
            continue
        checkpoint = 0
        for step_number, step in enumerate(case.steps, 1):
            if step.KEY == "expect":
                checkpoint += 1
                if step.objects.get("bear", {}).get("power") == -4:
                    checks.append((checkpoint, step.label, step_number))
    assert checks
    for checkpoint, label, step_number in checks:
        line = f"checkpoint {checkpoint} {label!r} (step {step_number}): bear.power: expected -4, got -2"
        assert line in out
    assert re.search(r"^  checkpoint \d+ '[^']+' \(step \d+\): bear\.power: expected -4, got -2$", out, re.MULTILINE)


def test_run_crashing_engine_reports_errored_cases(capsys):
    crashing = with_feature("double-pt")
    code, out, err = cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:CrashingEngine")
    assert code == 1
    rows, totals = parse_table(out)
    assert totals["errored"] == len(crashing) > 0
    assert totals["failed"] == 0 and totals["passed"] == len(ALL_IDS) - len(crashing)
    status = {i: "errored" if i in crashing else "passed" for i in ALL_IDS}
    assert rows == expected_rows(status)
    assert rows["701.10b"]["errored"] > 0
    assert "doubling is not implemented" in out
    assert failed_ids(out) == crashing


def test_run_engine_without_doubling_reports_unsupported_and_conforms(capsys):
    unsupported = with_feature("double-pt", "triple-pt")
    code, out, err = cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:NoDoublingEngine")
    assert code == 0, out[-2000:]
    rows, totals = parse_table(out)
    assert totals["unsupported"] == len(unsupported) > 0
    assert totals["failed"] == totals["errored"] == 0
    assert totals["passed"] == len(ALL_IDS) - len(unsupported)
    status = {i: "unsupported" if i in unsupported else "passed" for i in ALL_IDS}
    assert rows == expected_rows(status)
    assert rows["701.11c"]["unsupported"] == rows["701.11c"]["cases"]


@pytest.mark.parametrize("spec, fragment", [
    ("nonexistent.module:Engine", "cannot import 'nonexistent.module'"),
    ("foo", "no engine of that name is installed"),
    (f"{WRONG}:NoSuchEngine", "has no attribute 'NoSuchEngine'"),
    (f"{WRONG}:ClampingGame", "creating the engine failed"),
    ("conformance.cli:build_parser", "does not make an engine"),
    ("conformance:__version__", "is not an engine"),
], ids=["missing-module", "unknown-name", "missing-attribute", "constructor-fails", "makes-no-engine", "not-callable"])
def test_run_unusable_engine_is_a_usage_error(capsys, spec, fragment):
    code, out, err = cli(capsys, "run", "--engine", spec)
    assert code == 2
    assert f"--engine {spec!r}" in err and fragment in err, err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in out + err
    assert not HEADER.search(out)


def test_run_unusable_engine_in_a_subprocess_has_no_traceback():
    result = subprocess_cli("run", "--engine", "nonexistent.module:Engine")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    assert "cannot import 'nonexistent.module'" in result.stderr


def test_run_k_selects_the_cases_citing_a_rule(capsys):
    selected = citing("613.4d")
    assert 0 < len(selected) < len(ALL_IDS)
    code, out, err = cli(capsys, "run", "--no-properties", "-k", "613.4d", "-v")
    assert code == 0, err
    ran = set(re.findall(r"::(\S+) PASSED", out))
    assert ran == selected
    rows, totals = parse_table(out)
    assert totals["cases"] == totals["passed"] == len(selected)
    assert rows["613.4d"]["cases"] == len(selected)
    assert rows == expected_rows(dict.fromkeys(selected, "passed"))
    assert f"{len(selected)} of {len(ALL_IDS)} cases run" in out


def test_run_k_matching_nothing_is_a_usage_error(capsys):
    code, out, err = cli(capsys, "run", "-k", "nothing-matches-this")
    assert code == 2
    assert "no case selected" in err
    assert not HEADER.search(out)


# Files citing many rules between them (the parallel run's table merges rows from both workers);
# the whole suite would only take longer to show the same thing.
WORKER_FILES = ("613.1-layers.yaml", "701.10-double.yaml", "704.5-state-based-actions.yaml",
                "707.2-copiable-values.yaml", "614-615-replacement-prevention.yaml")


def test_run_with_workers_gives_the_same_table_as_without(capsys):
    # the parallel run in a real subprocess, the serial one in-process meanwhile
    cases = [arg for name in WORKER_FILES for arg in ("--cases", str(GOLDEN / name))]
    parallel = subprocess.Popen([sys.executable, "-m", "conformance", "run", "--no-properties", *cases, "-n", "2"],
                                cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        code, serial_out, serial_err = cli(capsys, "run", "--no-properties", *cases)
        parallel_out, parallel_err = parallel.communicate(timeout=120)
    finally:
        parallel.kill()
    assert code == 0 and parallel.returncode == 0, parallel_err[-2000:]
    assert "Traceback" not in parallel_out + parallel_err
    assert "bringing up nodes" in parallel_out  # xdist really ran it
    assert "bringing up nodes" not in serial_out
    rows, totals = parse_table(parallel_out)
    assert (rows, totals) == parse_table(serial_out)
    selected = {c.id for c in GOLDEN_CASES if c.file.endswith(WORKER_FILES)}
    assert totals["cases"] == totals["passed"] == len(selected) > 20 and len(rows) > 10
    table = serial_out[serial_out.rindex("Conformance of"):]
    assert parallel_out.endswith(table)


def test_run_junitxml_has_one_testcase_per_case(capsys, tmp_path):
    report = tmp_path / "out" / "junit.xml"
    report.parent.mkdir()
    code, out, err = cli(capsys, "run", "--no-properties", "--junitxml", str(report))
    assert code == 0, err
    root = ET.parse(report).getroot()
    testcases = list(root.iter("testcase"))
    assert len(testcases) == len(ALL_IDS)
    assert {t.get("name") for t in testcases} == ALL_IDS
    assert not any(t.find("failure") is not None or t.find("error") is not None for t in testcases)


def test_run_junitxml_records_failures(capsys, tmp_path):
    report = tmp_path / "junit.xml"
    selected = citing("701.10c")
    code, out, err = cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:ClampingEngine", "-k", "701.10c",
                         "--junitxml", str(report))
    assert code == 1
    testcases = list(ET.parse(report).getroot().iter("testcase"))
    assert {t.get("name") for t in testcases} == selected
    assert all(t.find("failure") is not None for t in testcases)


# --- list, check, path, schema, features ---------------------------------------------------------


def test_list_groups_cases_by_rule(capsys):
    code, out, err = cli(capsys, "list")
    assert code == 0 and err == ""
    lines = out.rstrip("\n").splitlines()
    assert lines[-1] == f"{len(ALL_IDS)} cases citing {len(RULE_COUNTS)} rules"
    groups: dict[str, list[str]] = {}
    current = None
    for line in lines[:-1]:
        if not line.startswith(" "):
            current = line
            assert current not in groups
            groups[current] = []
        else:
            match = re.fullmatch(r"  (\S+)  \((.+):(\d+)\)", line)
            assert match and current is not None, line
            groups[current].append(match[1])
            case = next(c for c in GOLDEN_CASES if c.id == match[1])
            assert (match[2], int(match[3])) == (case.file, case.line)
    assert list(groups) == sorted(RULE_COUNTS, key=rule_key)
    for rule, ids in groups.items():
        assert set(ids) == citing(rule) and len(ids) == len(set(ids))


def test_properties_lists_every_property_with_its_rules(capsys):
    from conformance.laws.catalogue import PROPERTIES
    from conformance.laws.catalogue import DIFFERENTIAL_ID

    code, out, err = cli(capsys, "properties")
    assert code == 0 and err == ""
    lines = out.rstrip("\n").splitlines()
    headings = [re.fullmatch(r"(\S+)  \(rules ([^;]+); needs (.+)\)", line) for line in lines[:-1:2]]
    assert all(headings), lines
    assert [m[1] for m in headings] == [DIFFERENTIAL_ID, *(p.id for p in PROPERTIES)]
    for match, prop in zip(headings[1:], PROPERTIES):
        assert match[2].split(", ") == list(prop.rules)
    assert all(line.startswith("  ") and line.strip() for line in lines[1:-1:2])
    assert lines[-1] == f"{len(PROPERTIES) + 1} properties"


def test_check_golden(capsys):
    code, out, err = cli(capsys, "check")
    assert code == 0 and err == ""
    files = len(list(GOLDEN.glob("*.yaml")))
    assert out.strip() == f"{len(ALL_IDS)} cases in {files} files: no problems"


def test_check_bad_dir_reports_every_problem(capsys, tmp_path):
    (tmp_path / "a.yaml").write_text(BROKEN_YAML)
    (tmp_path / "b.yaml").write_text(BROKEN_YAML.replace("{rule: 613.4d}}", "{rule: 613.4d}")
                                     .replace("switch_pt: {to: bear}", "switch_pt: {to: ghost}"))
    code, out, err = cli(capsys, "check", "--cases", str(tmp_path))
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert lines[0].startswith(f"{tmp_path / 'a.yaml'}:{BROKEN_LINE}: case 613.4d/broken: YAML syntax error")
    assert lines[1] == (f"{tmp_path / 'b.yaml'}:12: case 613.4d/broken: steps/0/switch_pt/to: "
                        "undeclared object 'ghost'")
    assert lines[2:] == ["mtg-conformance: 2 problems in the case files; nothing was run"]


@pytest.mark.parametrize("command", ["check", "list", "run"])
def test_missing_cases_path_is_a_usage_error(capsys, tmp_path, command):
    missing = tmp_path / "nowhere"
    code, out, err = cli(capsys, command, "--cases", str(missing))
    assert code == 2
    assert err.strip() == f"{missing}: no such file or directory"
    assert out == ""


def test_check_dir_without_yaml_is_a_usage_error(capsys, tmp_path):
    code, out, err = cli(capsys, "check", "--cases", str(tmp_path))
    assert code == 2
    assert f"{tmp_path}: no case files (*.yaml) found" in err


def test_check_overlapping_cases_paths(capsys):
    code, out, err = cli(capsys, "check", "--cases", str(GOLDEN), "--cases", str(GOLDEN / "701.10-double.yaml"))
    assert (code, err) == (0, "")


def test_path_prints_the_golden_directory(capsys):
    code, out, err = cli(capsys, "path")
    assert code == 0
    path = Path(out.strip())
    assert path.is_dir() and path.resolve() == GOLDEN.resolve()
    assert list(path.glob("*.yaml"))


def test_schema_prints_valid_json(capsys):
    code, out, err = cli(capsys, "schema")
    assert code == 0
    document = json.loads(out)
    assert document == loader.schema()
    assert document["$schema"].startswith("https://json-schema.org/")
    assert json.loads((REPO / "conformance" / "schema" / "scenario.schema.json").read_text("utf-8")) == document


def test_features_lists_the_vocabulary(capsys):
    """``features --format names``: one feature a line (``features`` itself says what each lets a case
    contain: tests/test_feature_contract.py)."""
    code, out, err = cli(capsys, "features", "--format", "names")
    assert code == 0
    lines = out.rstrip("\n").splitlines()
    assert len(lines) == len(FEATURES)
    for line, (name, description) in zip(lines, FEATURES.items()):
        assert line.split()[0] == name
        assert line.endswith(description)


def test_path_in_a_subprocess():
    result = subprocess_cli("path")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert Path(result.stdout.strip()).resolve() == GOLDEN.resolve()


@pytest.mark.parametrize("argv", [[], ["bogus"], ["run", "--no-such-option"]], ids=["no-command", "bad-command", "bad-option"])
def test_usage_errors_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert re.match(r"mtg-conformance \S+ \(CR \d{4}-\d{2}-\d{2}\)", capsys.readouterr().out)


# --- the property suite through the CLI ------------------------------------------------------------------


def _summary_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Conformance of"))


def test_run_includes_the_properties_by_default_and_prints_statistics(capsys):
    code, out, err = cli(capsys, "run", "--statistics", "-k", "two-switches-cancel")
    assert code == 0
    assert "Generated examples by rule" in out
    assert "examples by rule" not in out.replace("Generated examples by rule", "", 1)  # printed once
    # The golden case and the property of that name both ran.
    assert _summary_line(out).endswith(f"1 of {len(GOLDEN_CASES)} cases and 1 properties run, profile ci)")


def test_run_with_cases_runs_no_properties_unless_asked(capsys):
    code, out, err = cli(capsys, "run", "--cases", str(GOLDEN), "-k", "two-switches-cancel")
    assert code == 0 and "properties" not in _summary_line(out)
    code, out, err = cli(capsys, "run", "--cases", str(GOLDEN), "--properties", "-k", "two-switches-cancel")
    assert code == 0 and "1 properties" in _summary_line(out)


def test_save_failures_writes_a_case_that_replays(capsys, tmp_path):
    saved = tmp_path / "saved"
    code, out, err = cli(capsys, "run", "--profile", "ci", "--engine", f"{WRONG}:ClampingEngine",
                         "--save-failures", str(saved), "-k", "doubling-adds-current-value")
    assert code == 1
    assert list(saved.glob("*.yaml"))
    for path in saved.glob("*.yaml"):  # values shared between checkpoints are written out, never aliased
        assert "&id" not in path.read_text() and "*id" not in path.read_text()
    code, out, err = cli(capsys, "run", "--cases", str(saved), "--engine", f"{WRONG}:ClampingEngine")
    assert code == 1
    code, out, err = cli(capsys, "run", "--cases", str(saved))
    assert code == 0
