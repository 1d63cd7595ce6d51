"""Issue 45, points 8 and 10: the quickstart says who each command is for, ``coverage`` shows its
progress off a terminal, and the smaller things an engine author tripped over (``smoke``'s engine,
``check``'s missing files, the skeleton's placeholder, the plugin's option names and scope, ``run -v``'s
header, ``run -k`` with properties, the rerun state file, the table's ``all`` row)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.format import loader

REPO = Path(__file__).resolve().parent.parent
GOLDEN = loader.golden_dir()
CLAMPING = "tests.wrong_engines:ClampingEngine"
DOUBLING = str(GOLDEN / "701.10-double.yaml")
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- point 8: the quickstart, and coverage's progress ----------------------------------------------


def _quickstart() -> list[str]:
    readme = (REPO / "README.md").read_text("utf-8")
    block = readme.split("## Quickstart", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_the_quickstart_says_who_each_command_is_for_and_shows_skip_reasons():
    install_and_run, own_tests = _quickstart()
    assert install_and_run.endswith("mtg-conformance run")
    assert own_tests == "python -m pytest -n auto -rs"  # -rs: each skipped test with its reason
    assert own_tests in (REPO / ".ci" / "run").read_text("utf-8").splitlines()  # what CI runs, as written
    readme = (REPO / "README.md").read_text("utf-8").split("## Install", 1)[0]
    assert "The first command is for everyone" in readme and "The second is for contributors" in readme


def test_the_readme_reports_a_failing_run_too():
    """``run ... --results r.jsonl && mtg-conformance report r.jsonl`` never reported a failing run."""
    readme = (REPO / "README.md").read_text("utf-8")
    assert not re.search(r"mtg-conformance run [^\n]*--results [^\n]*&& *mtg-conformance report", readme)
    assert "--results r.jsonl; mtg-conformance report r.jsonl" in readme


def test_coverage_prints_a_line_per_property_off_a_terminal(capsys):
    code, out, err = cli(capsys, "coverage", "--property", "514.2/cleanup-is-idempotent")
    assert code == 0 and "Format elements" in out
    assert re.fullmatch(r"\[1/1\] 514\.2/cleanup-is-idempotent: passed, \d+ examples, \d+ s\n", err), err
    assert cli(capsys, "coverage", "--property", "514.2/cleanup-is-idempotent", "--progress", "off")[2] == ""


# --- point 10 ------------------------------------------------------------------------------------


def test_smoke_defaults_to_the_reference_engine_as_run_does(capsys):
    code, out, err = cli(capsys, "smoke")
    assert code == 0 and out.strip().endswith("smoke: the adapter works"), out + err


def test_check_reports_a_missing_path_beside_the_problems_of_the_others(tmp_path, capsys):
    bad = tmp_path / "a.yaml"
    bad.write_text((GOLDEN / "613.5-gray-ogre.yaml").read_text("utf-8").replace("format: 1", "format: 2", 1))
    missing = tmp_path / "missing.yaml"
    code, out, err = cli(capsys, "check", str(bad), str(missing))
    assert code == 2
    lines = err.strip().splitlines()
    assert any(line.startswith(f"{bad}:") and "format" in line for line in lines), err  # a.yaml's problem
    assert f"{missing}: no such file or directory" in lines
    assert lines[-1] == "mtg-conformance: 2 problems in the case files; nothing was run"


def test_the_plugin_names_its_own_engine_option(pytester):
    result = pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", str(GOLDEN), "--mtg-engine", "nosuch:Engine")
    assert result.ret == 4
    assert "--mtg-engine 'nosuch:Engine': cannot import 'nosuch'" in result.stderr.str()
    assert "--engine 'nosuch" not in result.stderr.str().replace("--mtg-engine", "")


def test_the_plugin_collects_the_cases_only_in_a_project_with_testpaths(pytester):
    """Run in an engine's repository whose pytest configuration has ``testpaths``, ``pytest --mtg-cases``
    collected that repository's own tests beside the cases."""
    pytester.makeini("[pytest]\ntestpaths = tests\n")
    pytester.mkdir("tests")
    (pytester.path / "tests" / "test_host.py").write_text("def test_the_host_projects_own_test():\n    assert False\n")
    cases = pytester.path / "cases.yaml"
    cases.write_text((GOLDEN / "613.5-gray-ogre.yaml").read_text("utf-8"))
    result = pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", str(cases), "--mtg-no-properties", "-v")
    assert result.ret == 0, result.stdout.str()[-2000:]
    assert "test_host" not in result.stdout.str()
    assert result.parseoutcomes() == {"passed": len(loader.load_file(cases))}
    plain = pytester.runpytest("-p", "no:cacheprovider")  # without --mtg-cases the project's tests are its own
    assert plain.parseoutcomes() == {"failed": 1}


def test_run_verbose_header_names_the_suites_profile_and_no_empty_configuration(capsys):
    code, out, err = cli(capsys, "run", "-v", "-k", "514.2/cleanup-is-idempotent")
    assert code == 0
    header = out.split("collect", 1)[0]
    assert "hypothesis profile 'default'" not in header and "dev/null" not in header, header
    assert "mtg-conformance: properties under the profile 'ci'" in header


def test_run_k_says_why_the_table_lists_rules_it_did_not_name(capsys):
    code, out, err = cli(capsys, "run", "-k", "514.2/cleanup-is-idempotent")
    assert code == 0
    note = out.strip().splitlines()[-1]
    assert note.startswith("-k '514.2/cleanup-is-idempotent' selected 1 property too (a property is selected by "
                           "every rule it cites)") and note.endswith("Add --no-properties for the cases alone."), note
    code, out, err = cli(capsys, "run", "--no-properties", "-k", "613.5/gray-ogre")
    assert code == 0 and "-k '613.5" not in out


def test_the_totals_row_is_all_results_cases_and_properties(capsys):
    code, out, err = cli(capsys, "run", "-k", "514.2/cleanup-is-idempotent or 613.5/gray-ogre")
    assert code == 0
    (total,) = [line.split() for line in out.splitlines() if line.startswith("all")]
    assert total[0] == "all" and total[1].isdigit(), total  # was "all cases", though properties count too
    assert "1 properties run" in out


def test_what_a_failing_run_writes_in_the_working_directory_is_what_the_readme_says(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.chdir(tmp_path)
    assert cli(capsys, "run", "--engine", CLAMPING, "--cases", DOUBLING)[0] == 1
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert written == [".mtg-conformance/last-failed.json"]
    readme = " ".join((REPO / "README.md").read_text("utf-8").split())
    assert ("writes nothing in the working directory (no `.hypothesis/`) but, after a run where something failed, "
            "`.mtg-conformance/last-failed.json`") in readme


def test_a_failing_run_started_from_the_checkout_leaves_no_state_there(capsys, monkeypatch):
    """The project's own tests run ``run`` from the checkout: they set ``CI`` (tests/conftest.py), as a CI
    job does, so no rerun state is written into it."""
    monkeypatch.chdir(REPO)
    state = REPO / ".mtg-conformance" / "last-failed.json"
    before = state.stat().st_mtime_ns if state.exists() else None
    assert cli(capsys, "run", "--engine", CLAMPING, "--cases", DOUBLING)[0] == 1
    assert (state.stat().st_mtime_ns if state.exists() else None) == before
    assert os.environ.get("CI")
