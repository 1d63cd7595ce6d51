"""Issue 23 point 8: check in one pass and on file arguments, list -k, new RULE/slug, sources
relative to the case root, no .hypothesis/ under the ci profile. (Interrupts exiting 130/143:
tests/test_hostile_engines.py::test_an_interrupt_keeps_every_result_writes_the_footer_and_stops_the_engine.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.format import loader

REPO = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

BAD = """\
format: 1
cr: "2025-09-19"
cases:
  - id: 613.4b/one
    rules: ["613.4b"]
    source: {rule: "613.4b"}
    summary: a bear whose power is not a number
    players: [Alex]
    objects:
      bear: {card: {types: [creature], power: two, toughness: 2}}
    steps:
      - set_pt: {to: nobody, power: 1, toughness: 1}
  - id: 613.4b/one
    rules: ["613.4b"]
    source: {rule: "613.4b"}
    summary: the same id again, and a checkpoint on an undeclared object
    players: [Alex]
    objects:
      bear: {card: {types: [creature], power: 2, toughness: 2}}
    steps:
      - expect: {objects: {ghost: {power: 1}}}
"""


def test_check_reports_schema_references_and_duplicates_in_one_pass(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD)
    other = tmp_path / "other.yaml"
    other.write_text(BAD.replace("613.4b/one", "613.4b/two", 1).split("  - id: 613.4b/one")[0])
    assert main(["check", str(bad), str(other)]) == 2  # file paths as arguments
    err = capsys.readouterr().err
    assert f"{bad}:10: case 613.4b/one: objects/bear/card/power:" in err  # schema
    assert f"{bad}:12: case 613.4b/one: steps/0/set_pt/to: undeclared object 'nobody'" in err  # beside it
    assert f"{bad}:13: case 613.4b/one: id: duplicate case id (already used at {bad}:4)" in err
    assert f"{bad}:21: case 613.4b/one: steps/0/expect/objects/ghost: undeclared object 'ghost'" in err
    assert f"{other}:10: case 613.4b/two" in err
    # across files, a file with problems still counts for duplicates
    third = tmp_path / "third.yaml"
    third.write_text(BAD.split("  - id: 613.4b/one\n    rules")[0] + "  - id: 613.4b/two\n    rules"
                     + BAD.split("  - id: 613.4b/one\n    rules")[2])
    assert main(["check", str(other), str(third)]) == 2
    assert f"{third}:4: case 613.4b/two: id: duplicate case id (already used at {other}:4)" in capsys.readouterr().err


def test_check_takes_paths_and_accepts_the_golden_suite(capsys):
    assert main(["check", str(loader.golden_dir() / "613.5-gray-ogre.yaml")]) == 0
    assert "cases in 1 files: no problems" in capsys.readouterr().out


def test_list_takes_k(capsys):
    assert main(["list", "-k", "gray-ogre and not end"]) == 0
    out = capsys.readouterr().out
    assert "613.5/gray-ogre " in out and "gray-ogre-end-of-turn" not in out
    assert out.strip().endswith("citing 5 rules") and out.strip().splitlines()[-1].startswith("1 cases")
    assert main(["list", "-k", "("]) == 2


def test_new_writes_a_skeleton_that_check_accepts_and_never_overwrites(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["new", "613.4b/my-new-case"]) == 0
    written = tmp_path / "613.4b-my-new-case.yaml"
    text = written.read_text()
    assert 'cr: "2025-09-19"' in text and 'rules: ["613.4b"]' in text and 'source: {rule: "613.4b"}' in text
    (case,) = loader.load_file(written)
    assert case.id == "613.4b/my-new-case" and case.rules == ("613.4b",)
    assert main(["check", str(written)]) == 0  # it loads, with a warning: its summary is a placeholder
    checked = capsys.readouterr()
    assert checked.err.strip() == (f"{written}:7: case 613.4b/my-new-case: summary: warning: the summary still begins "
                                   "'TODO:', the skeleton's placeholder: write the situation and the working, in your "
                                   "own words")
    assert checked.out.strip().endswith("1 cases in 1 files: no problems (1 warning: work those summaries by hand)")
    written.write_text(text.replace("TODO: the situation", "A bear as printed: the situation"))
    assert main(["check", str(written)]) == 0 and capsys.readouterr().err == ""
    assert main(["new", "613.4b/my-new-case"]) == 2 and "not overwritten" in capsys.readouterr().err
    assert main(["new", "not-a-case-id"]) == 2 and "RULE/slug" in capsys.readouterr().err


def test_results_record_sources_relative_to_the_case_root(tmp_path, capsys):
    results = tmp_path / "r.jsonl"
    assert main(["run", "--no-properties", "--cases", str(loader.golden_dir()), "-k", "gray-ogre",
                 "--results", str(results)]) == 0
    sources = [json.loads(l)["source"] for l in results.read_text().splitlines() if '"result"' in l]
    assert sources and all(s.startswith("613.5-gray-ogre.yaml:") for s in sources), sources
    assert not any(s.startswith("/") or str(REPO) in s for s in sources)


def test_no_hypothesis_directory_in_the_working_directory_under_ci(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("HYPOTHESIS_STORAGE_DIRECTORY", None)
    run = subprocess.run([sys.executable, "-m", "conformance", "run", "--properties", "--profile", "ci",
                          "-k", "state-based-invariants"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "704.5f/state-based-invariants" in run.stdout or "properties run" in run.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_cases_takes_several_paths_in_run_list_and_check(capsys, tmp_path):
    """``run --cases A B`` gave B to pytest, which silently ran A's cases only (a directory B) or
    failed (a file B); run, list and check take several paths after one --cases, and repeated."""
    golden = loader.golden_dir()
    first, second = golden / "613.5-gray-ogre.yaml", golden / "701.10-double.yaml"
    cases = loader.load_suite([first, second])
    ids, rules = {c.id for c in cases}, {r for c in cases for r in c.rules}
    (tmp_path / "dir").mkdir()
    (tmp_path / "dir" / second.name).write_text(second.read_text("utf-8"), "utf-8")
    for paths in ([str(first), str(second)], [str(first), str(tmp_path / "dir")]):
        code = main(["run", "--no-properties", "-v", "--cases", *paths])
        out = capsys.readouterr().out
        assert code == 0 and f"{len(ids)} of {len(ids)} cases run" in out
        assert {line.split("::")[1].split()[0] for line in out.splitlines() if " PASSED" in line} == ids
        assert main(["list", "--cases", *paths]) == 0
        assert capsys.readouterr().out.rstrip().endswith(f"{len(ids)} cases citing {len(rules)} rules")
        assert main(["check", "--cases", paths[0], "--cases", paths[1]]) == 0
        assert f"{len(ids)} cases in 2 files: no problems" in capsys.readouterr().out
