"""Issue 45, point 7: ``mtg-conformance explain CASE_FILE -k ID --engine SPEC`` runs one case on the
engine and on the reference engine and prints both snapshots after every step, the differences
marked; an engine over JSON lines (``exec:``) too."""

from __future__ import annotations

import re
import sys

import pytest

from conformance.cli import main
from conformance.format import loader

DOUBLE = str(loader.golden_dir() / "701.10-double.yaml")
CASE = "701.10c/double-negative-power"
CLAMPING = "tests.wrong_engines:ClampingEngine"
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


def explain(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["explain", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _snapshots(out: str) -> dict[str, list[list[str]]]:
    """Each snapshot's heading and its rows (value, reference, engine[, ≠])."""
    found, heading = {}, None
    for line in out.splitlines():
        if line.startswith(("at the start", "after step ")):
            heading = line.split("   ")[0]
            found[heading] = []
        elif heading and line.startswith("    ") and not line.startswith(("    value", "    (")):
            found[heading].append(line.split())
        elif not line.strip():
            heading = None if heading and found[heading] else heading
    return found


def test_explain_shows_both_engines_after_every_step_and_marks_the_difference(capsys):
    (case,) = [c for c in loader.load_file(DOUBLE) if c.id == CASE]
    code, out, err = explain(capsys, DOUBLE, "-k", CASE, "--engine", CLAMPING)
    assert code == 1 and err == ""
    snapshots = _snapshots(out)
    actions = [number for number, step in enumerate(case.steps, 1) if step.KEY != "expect"]
    assert list(snapshots) == ["at the start", *(f"after step {n}: " + _written(out, n) for n in actions)]
    values = {len(rows) for rows in snapshots.values()}
    assert len(values) == 1 and values.pop() >= 15  # every value of the bear and of the player, every time
    marked = {heading: [row[0] for row in rows if row[-1] == "≠"] for heading, rows in snapshots.items()}
    assert marked == {heading: (["bear.power"] if heading.startswith("after step 3") else []) for heading in snapshots}
    (power,) = [row for row in snapshots[next(h for h in snapshots if h.startswith("after step 3"))]
                if row[0] == "bear.power"]
    assert power == ["bear.power", "-4", "-2", "≠"]  # the reference engine's, then the engine's
    assert "first difference after step 3: bear.power: reference -4, clamping engine -2" in out
    assert ("the case itself (its own checkpoints, as run judges it): failed: checkpoint 2 'doubled to more "
            "negative' (step 4): bear.power: expected -4, got -2") in out
    assert out.startswith(f"explain {CASE} ({DOUBLE}:{case.line})\n  summary:   {' '.join(case.summary.split())}")


def _written(out: str, number: int) -> str:
    return re.search(rf"^after step {number}: (.*?)(   ≠ \d+ differences?|   \(the engines agree\))$", out, re.M)[1]


def test_explain_on_the_reference_engine_agrees_everywhere(capsys):
    code, out, err = explain(capsys, DOUBLE, "-k", CASE)
    assert code == 0 and "≠" not in out
    assert "the engines agree after every step" in out and out.rstrip().endswith("as run judges it): passed")


def test_explain_works_on_an_engine_over_json_lines(capsys):
    spec = f"exec:{sys.executable} -m reference_engine.serve --engine {CLAMPING}"
    code, out, err = explain(capsys, DOUBLE, "-k", CASE, "--engine", spec, "--changes")
    assert code == 1, err
    assert "first difference after step 3: bear.power: reference -4, clamping engine -2" in out
    assert re.search(r"^    bear\.power\s+-4\s+-2   ≠$", out, re.M)
    assert "values as before" in out  # --changes: after the start, what changed or differs


def test_explain_says_why_it_cannot_and_exits_2_for_bad_input(capsys, tmp_path):
    code, out, err = explain(capsys, DOUBLE, "-k", "no-such-case")
    assert code == 2 and err.startswith("explain -k 'no-such-case': no case matches (of ")
    code, out, err = explain(capsys, DOUBLE, "-k", "701.10c")
    assert code == 2 and re.match(r"explain -k '701\.10c': \d+ cases match \(.*\): name one by its id$", err.strip())
    code, out, err = explain(capsys, str(tmp_path / "missing.yaml"), "-k", CASE)
    assert code == 2 and err.strip() == f"{tmp_path / 'missing.yaml'}: no such file or directory"
    code, out, err = explain(capsys, DOUBLE, "-k", CASE, "--engine", "nosuch:Engine")
    assert code == 2 and err.startswith("--engine 'nosuch:Engine': cannot import")
    code, out, err = explain(capsys, DOUBLE, "-k", CASE, "--engine", "tests.wrong_engines:NoDoublingEngine")
    assert code == 0 and "unsupported: no-doubling engine lacks the features double-pt" in out
