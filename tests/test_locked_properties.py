"""Issue 45, point 4: properties locked behind features the engine does not declare are told per
property ("lacks the features simultaneous-actions") and, at the end of a run and in every report, as
"declare X to enable N more properties", which declaring X then does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.results.stream import read
from tests.wrong_engines import LayerSevenOnlyEngine

LAYER_7 = "tests.wrong_engines:LayerSevenOnlyEngine"
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


@pytest.fixture(scope="module")
def layer_7(tmp_path_factory) -> tuple[Path, str]:
    import contextlib
    import io

    path = tmp_path_factory.mktemp("locked") / "layer-7.jsonl"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["run", "--engine", LAYER_7, "-k", "properties", "--results", str(path)]) == 0
    return path, out.getvalue()


def _groups(out: str) -> list[tuple[list[str], int, list[str]]]:
    block = out.split("locked properties: layer-7 engine does not declare the features they need", 1)[1]
    found = []
    for line in block.splitlines()[1:]:
        match = re.fullmatch(r"  declare (.+) to enable (\d+) more propert(?:ies|y): (.+)", line)
        if not match:
            break
        found.append((match[1].split(" and "), int(match[2]), match[3].split(", ")))
    return found


def test_the_end_of_a_run_says_which_features_unlock_how_many_properties(layer_7):
    path, out = layer_7
    groups = _groups(out)
    assert groups and [len(ids) for _, _, ids in groups] == sorted((len(ids) for _, _, ids in groups), reverse=True)
    (simultaneous,) = [ids for features, _, ids in groups if features == ["simultaneous-actions"]]
    assert "613.4d/two-switches-cancel" in simultaneous  # the issue's: locked behind one feature only
    records = {r["id"]: r for r in read(path).results}
    counted = [prop for _, _, ids in groups for prop in ids]
    assert len(counted) == len(set(counted))  # each locked property in one group
    for features, count, ids in groups:
        assert count == len(ids)
        for prop in ids:
            assert records[prop]["status"] == "unsupported" and "lacks the features" in records[prop]["message"]
    locked = {r["id"] for r in records.values() if r["status"] == "unsupported" and "lacks the features" in r["message"]}
    assert set(counted) == locked


def test_declaring_a_groups_features_unlocks_its_properties(layer_7, tmp_path, monkeypatch, capsys):
    _, out = layer_7
    features, _, ids = _groups(out)[0]
    (tmp_path / "declared_more.py").write_text(
        "from tests.wrong_engines import LayerSevenOnlyEngine\n\n\n"
        "class Engine(LayerSevenOnlyEngine):\n"
        f"    FEATURES = (*LayerSevenOnlyEngine.FEATURES, {', '.join(map(repr, features))})\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    results = tmp_path / "more.jsonl"
    assert main(["run", "--engine", "declared_more:Engine", "-k", " or ".join(ids), "--results", str(results)]) == 0
    capsys.readouterr()
    ran = {r["id"]: r for r in read(results).results if r["kind"] == "property"}
    assert set(ran) == set(ids) and all(r["status"] == "passed" for r in ran.values()), ran
    assert set(features) - set(LayerSevenOnlyEngine.FEATURES) == set(features)


def test_every_report_shows_the_locked_properties(layer_7, capsys):
    path, out = layer_7
    features, count, ids = _groups(out)[0]
    first = f"declare {' and '.join(features)} to enable {count} more propert{'ies' if count > 1 else 'y'}: {ids[0]}"
    assert main(["report", str(path)]) == 0
    assert f"- {first}" in capsys.readouterr().out
    assert main(["report", str(path), "--format", "text"]) == 0
    assert f"  {first}" in capsys.readouterr().out
    assert main(["report", str(path), "--format", "html"]) == 0
    assert f"<li>{first}" in capsys.readouterr().out
