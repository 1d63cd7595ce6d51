"""Issue 45, point 1: docs/ci.md's GitHub workflow, run as written.

The workflow is read from docs/ci.md itself (its YAML block), so the page and this test cannot drift:
every ``run:`` step of every job runs, in order, with ``bash -eo pipefail`` (GitHub's shell), the
matrix's ``${{ matrix.shard }}`` filled in for each shard, in one working directory standing for the
repository (the artifacts uploaded and downloaded are the files there). Two steps are the reader's
own and are not run: installing the suite (it is installed here) and building the engine (``make
engine``: here ``./build/my-engine`` is written by the test, the reference engine over ``exec:``,
declaring two features so the run is short). A step with ``if: always()`` runs after a failed step,
as on GitHub. Each shard's summary step used to fail (``report`` refused a shard alone: "shard 2/2 of
the run is missing"); now a shard alone is reported as the part of its run it is.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
WORKFLOW_HEAD = "# .github/workflows/conformance.yml"
OWN_STEPS = ('python -m pip install "mtg-conformance @ git+URL@REF"', "make engine")
"""The steps a reader's repository does its own way (see the module's docstring)."""

ENGINE = '''\
from reference_engine import ReferenceEngine


class Engine(ReferenceEngine):
    """The reference engine, declaring two features only (most cases are unsupported: a short run)."""

    def describe(self):
        return {**super().describe(), "name": "my engine", "features": ["double-pt", "layer-7c"]}
'''
EXPECTATIONS = '''\
format: 1
engine: my engine
expectations:
  - feature: damage
    outcome: unsupported
    reason: no damage yet
'''


def workflow() -> dict:
    text = (REPO / "docs" / "ci.md").read_text("utf-8")
    block = text.split("```yaml\n" + WORKFLOW_HEAD + "\n", 1)[1].split("```", 1)[0]
    return yaml.safe_load(block)


def _expand(command: str, shard: int | None) -> str:
    if shard is not None:
        command = command.replace("${{ matrix.shard }}", str(shard))
    leftover = re.findall(r"\$\{\{[^}]*\}\}", command)
    assert not leftover, f"an expression the test does not fill in: {leftover}"
    return command


def _step(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", command], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def run_job(job: dict, cwd: Path, env: dict[str, str], shard: int | None) -> list[tuple[str, subprocess.CompletedProcess]]:
    """Each ``run:`` step of ``job`` as GitHub runs it: after a failed step only ``if: always()`` ones."""
    done, failed = [], False
    for step in job["steps"]:
        if "run" not in step or step["run"].strip() in OWN_STEPS:
            continue
        if failed and step.get("if") != "always()":
            continue
        result = _step(_expand(step["run"], shard), cwd, env)
        done.append((_expand(step.get("name", step["run"]), shard), result))
        failed = failed or result.returncode != 0
    return done


@pytest.fixture
def repository(tmp_path) -> tuple[Path, dict[str, str]]:
    """The engine author's repository: an engine built at ./build/my-engine, an expectations file."""
    (tmp_path / "build").mkdir()
    (tmp_path / "my_engine.py").write_text(ENGINE)
    engine = tmp_path / "build" / "my-engine"
    engine.write_text(f"#!/bin/sh\nexec {sys.executable} -m reference_engine.serve --engine my_engine:Engine\n")
    engine.chmod(0o755)
    (tmp_path / "mtg-expectations.yaml").write_text(EXPECTATIONS)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)]),
           "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
           "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md")}
    return tmp_path, env


def test_the_documented_workflow_runs_as_written_on_two_shards(repository):
    cwd, env = repository
    flow = workflow()
    assert set(flow["jobs"]) == {"conformance", "report"}
    shards = flow["jobs"]["conformance"]["strategy"]["matrix"]["shard"]
    assert shards == [1, 2]
    skipped = [s["run"].strip() for job in flow["jobs"].values() for s in job["steps"]
               if "run" in s and s["run"].strip() in OWN_STEPS]
    assert sorted(set(skipped)) == sorted(OWN_STEPS)  # nothing else of the workflow is left out

    for shard in shards:
        summary = cwd / "summary.md"
        summary.write_text("")
        steps = run_job(flow["jobs"]["conformance"], cwd, {**env, "GITHUB_STEP_SUMMARY": str(summary)}, shard)
        assert [name for name, _ in steps] == [f"mtg-conformance (shard {shard}/2)", "Summary of this shard"]
        for name, result in steps:
            assert result.returncode == 0, f"{name}: {result.returncode}\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
        shown = summary.read_text("utf-8")
        assert shown.startswith("## mtg-conformance: my engine 1.0.0\n\n"
                                f"> ℹ️ **Part of a run**: shard {shard}/2 of a run split with --shard"), shown[:300]
        assert "### Gate: ✅" in shown
        assert (cwd / f"results-{shard}.jsonl").is_file() and (cwd / f"junit-{shard}.xml").is_file()
        (cwd / f"summary-{shard}.md").write_text(shown)

    summary = cwd / "summary.md"
    summary.write_text("")
    steps = run_job(flow["jobs"]["report"], cwd, {**env, "GITHUB_STEP_SUMMARY": str(summary)}, None)
    assert [name for name, _ in steps] == ["Summary of the whole run"]
    assert steps[0][1].returncode == 0, steps[0][1].stderr
    whole = summary.read_text("utf-8")
    assert "2 shards merged" in whole and "Part of a run" not in whole
    page = (cwd / "conformance.html").read_text("utf-8")
    assert "results-1.jsonl + results-2.jsonl" in page and "Part of a run" not in page
