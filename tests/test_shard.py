"""Sharding (conformance/results/shard.py, ``--shard I/N``): N shards run every case and property exactly
once, by a stable hash of the id, whatever the collection order, the process or the worker count."""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.format import loader
from conformance.laws import catalogue as properties
from conformance.results import shard
from conformance.cli import main

REPO = Path(__file__).resolve().parent.parent
GOLDEN_CASES = loader.load_suite([loader.golden_dir()])
ALL_IDS = {c.id for c in GOLDEN_CASES}
PROPERTY_IDS = {properties.DIFFERENTIAL_ID, *(p.id for p in properties.PROPERTIES)}
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


def result_ids(path: Path) -> list[str]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    return [line["id"] for line in lines if line["type"] == "result"]


@pytest.mark.parametrize("count", [1, 2, 3, 4, 7, 50])
def test_the_shards_partition_the_cases_and_the_properties(count):
    for kind, ids in (("case", ALL_IDS), ("property", PROPERTY_IDS)):
        parts = [{i for i in ids if shard.Shard(index, count).holds(i, kind)} for index in range(1, count + 1)]
        assert set().union(*parts) == ids
        assert sum(map(len, parts)) == len(ids)  # disjoint
        for i in ids:
            assert shard.shard_of(i, count, kind) in range(1, count + 1)


def test_the_split_is_stable_a_hash_of_the_id_not_of_the_order_or_the_process():
    # pinned: changing the hash would reshuffle every CI matrix that uses --shard
    assert [shard.shard_of(i, 4) for i in ("613.4d/two-switches-cancel", "701.10c/double-negative-power",
                                           "704.5q/annihilation-does-not-save")] == [3, 4, 2]
    # another process, with another hash seed, splits the same way
    code = ("import sys; from conformance.results.shard import shard_of; "
            "print([shard_of(i, 5) for i in sys.argv[1:]])")
    ids = sorted(ALL_IDS)
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code, *ids], capture_output=True, text=True, check=True,
                             env={"PYTHONHASHSEED": seed, "PATH": ""}, cwd=REPO).stdout
        assert json.loads(out) == [shard.shard_of(i, 5) for i in ids]
    # reasonably even: every shard of 4 gets some of the cases
    assert all(any(shard.shard_of(i, 4) == k for i in ALL_IDS) for k in range(1, 5))


@pytest.mark.parametrize("text, fragment", [
    ("0/3", "between 1 and N"), ("4/3", "between 1 and N"), ("1/0", "between 1 and N"),
    ("3", "is not I/N"), ("a/b", "is not I/N"), ("1/2/3", "is not I/N"),
])
def test_a_bad_shard_is_a_usage_error(capsys, text, fragment):
    with pytest.raises(SystemExit) as info:
        main(["run", "--shard", text])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --shard: {text!r}" in err and fragment in err


# The CLI runs take a few golden files (quicker than the whole suite; the partition of the whole
# suite is checked above, by the hash alone).
SUITE_FILES = sorted({c.file for c in GOLDEN_CASES if c.id in ("613.4d/two-switches-cancel", "701.10c/double-negative-power")})
SUITE_ARGS = [arg for file in SUITE_FILES for arg in ("--cases", file)]
SUITE_IDS = {c.id for c in GOLDEN_CASES if c.file in SUITE_FILES}


def test_three_shards_of_the_cli_run_each_case_once(capsys, tmp_path):
    seen: list[str] = []
    for index in (1, 2, 3):
        results = tmp_path / f"shard-{index}.jsonl"
        code = main(["run", *SUITE_ARGS, "--shard", f"{index}/3", "--results", str(results)])
        out = capsys.readouterr().out
        ids = result_ids(results)
        assert code == 0
        assert set(ids) == {i for i in SUITE_IDS if shard.shard_of(i, 3) == index}
        assert f"{len(ids)} of {len(SUITE_IDS)} cases run, shard {index}/3)" in out
        header = json.loads(results.read_text().splitlines()[0])
        assert header["shard"] == f"{index}/3"
        seen += ids
    assert sorted(seen) == sorted(SUITE_IDS)  # the union is the suite, and no case ran twice


def test_a_shard_with_workers_runs_the_same_cases_and_the_controller_writes_every_line(tmp_path):
    parallel = tmp_path / "parallel.jsonl"
    result = subprocess.run([sys.executable, "-m", "conformance", "run", *SUITE_ARGS, "--shard", "2/3", "-n", "2",
                             "--results", str(parallel)], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "bringing up nodes" in result.stdout
    ids = result_ids(parallel)
    assert len(ids) == len(set(ids))
    assert set(ids) == {i for i in SUITE_IDS if shard.shard_of(i, 3) == 2}
    footer = json.loads(parallel.read_text().splitlines()[-1])
    assert footer["type"] == "footer" and footer["results"] == len(ids)


def test_a_shard_with_no_case_is_not_an_error(capsys):
    (only,) = [c.id for c in GOLDEN_CASES if c.id == "613.4d/two-switches-cancel"]
    empty = next(k for k in range(1, 3) if shard.shard_of(only, 2) != k)
    code = main(["run", *SUITE_ARGS, "-k", only, "--shard", f"{empty}/2"])
    out = capsys.readouterr().out
    assert code == 0 and f"no case falls in shard {empty}/2" in out


def test_the_pytest_option_shards_properties_too(pytester):
    result = pytester.runpytest("-p", "no:cacheprovider", *(a for f in SUITE_FILES for a in ("--mtg-cases", f)),
                                "--mtg-properties", "--mtg-shard", "1/2", "--collect-only", "-q")
    items = [line.split("::", 1) for line in result.stdout.lines if "::" in line]
    cases = {i for path, i in items if not path.endswith("catalogue.py")}
    props = {i for path, i in items if path.endswith("catalogue.py")}
    assert cases == {i for i in SUITE_IDS if shard.shard_of(i, 2, "case") == 1}
    assert props == {i for i in PROPERTY_IDS if shard.shard_of(i, 2, "property") == 1}
    assert len(items) == len(cases) + len(props)
    assert f"{len(SUITE_IDS) + len(PROPERTY_IDS) - len(items)} deselected" in result.stdout.str()


# --- issue 38: report refuses shards that are not one run's, and a malformed shard, in one line ---------


def _whole_run(capsys, tmp_path) -> list[dict]:
    results = tmp_path / "whole.jsonl"
    assert main(["run", *SUITE_ARGS, "--results", str(results)]) == 0
    capsys.readouterr()
    return [json.loads(line) for line in results.read_text("utf-8").splitlines()]


def _as_shard(tmp_path, lines: list[dict], name: str, shard_text) -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps({**line, "shard": shard_text} if line["type"] == "header" else line) + "\n"
                            for line in lines), "utf-8")
    return path


def test_report_refuses_a_case_in_two_shards_naming_it(capsys, tmp_path):
    """Two files claiming shards 1/2 and 2/2 but holding the same cases were merged into a run with
    every result twice, without a word: now a case in two shards is refused, naming it."""
    lines = _whole_run(capsys, tmp_path)
    one, two = _as_shard(tmp_path, lines, "one.jsonl", "1/2"), _as_shard(tmp_path, lines, "two.jsonl", "2/2")
    code = main(["report", str(one), str(two)])
    err = capsys.readouterr().err
    first = next(line["id"] for line in lines if line["type"] == "result")
    assert code == 2 and err == (f"{two}: the case {first} is in {one} and {two}: these are not the shards of one run "
                                 "(each holds its own cases)\n")
    # A case twice in one shard's file is refused the same way.
    result = next(line for line in lines if line["type"] == "result")
    doubled = _as_shard(tmp_path, [lines[0], result, result, *lines[1:]], "doubled.jsonl", "1/1")
    code = main(["report", str(doubled)])
    assert code == 2 and f"the case {result['id']} is in {doubled} twice" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["../1/0", "0/0", "3/2", "a/b", "1/2/3", "1/99999999999999999999", "9" * 5000 + "/1",
                                  "1/" + "9" * 30, "", "١/٢", 5, ["1/2"]])
def test_report_refuses_a_malformed_shard_in_one_line(capsys, tmp_path, text):
    """``shard: "../1/0"`` in a header was a ValueError traceback; every malformed shard is one line, exit 2."""
    lines = _whole_run(capsys, tmp_path)
    path = _as_shard(tmp_path, lines, "bad.jsonl", text)
    code = main(["report", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith(f"{path}:1: shard: "), err
    assert len(err) < 300  # the value quoted in part only


def test_one_shard_alone_reports_as_part_of_its_run_in_every_format_and_several_must_be_whole(capsys, tmp_path):
    """Issue 45, point 1: ``report results-2.jsonl`` of one shard exited 2 ("shard 1/2 of the run is
    missing"), so docs/ci.md's per-shard summary step failed on every shard. One file alone is that part
    of its run, said so; several files still merge strictly (tests/test_ci_recipe.py runs the recipe)."""
    lines = _whole_run(capsys, tmp_path)
    two = _as_shard(tmp_path, lines, "two.jsonl", "2/2")
    said = "shard 2/2 of a run split with --shard: these are that shard's results only"
    for fmt, shown in (("markdown", f"> ℹ️ **Part of a run**: {said}"), ("text", f"  PART OF A RUN: {said}"),
                       ("html", f"<strong>Part of a run</strong> (column 1, {two}): {html.escape(said)}"),
                       ("badge", "(shard 2/2)")):
        code = main(["report", str(two), "--format", fmt])
        out, err = capsys.readouterr()
        assert (code, err) == (0, "") and shown in out, (fmt, out[:500])
    whole = tmp_path / "whole.jsonl"
    assert main(["report", str(whole)]) == 0 and "Part of a run" not in capsys.readouterr().out
    assert main(["report", str(two), str(whole)]) == 2  # several files: the shards of a run must all be there
    assert "shard 1/2 of the run of" in capsys.readouterr().err
