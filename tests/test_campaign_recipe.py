"""Issue 43: docs/campaigns.md's CI recipe, run as written.

The workflow is read from docs/campaigns.md itself (its YAML block), so the page and this test
cannot drift: every ``run:` step of the nightly ``refresh`` job, then of the ``replay`` job, runs in
order with ``bash -eo pipefail`` (GitHub's shell) and the workflow's ``env``, in one working
directory standing for the engine author's repository. What the reader's repository sets is set
here: ``ENGINE`` is a mutant engine of the suite's own with one bug (tests/mutants.py) and
``CAMPAIGN_SECONDS`` is 30, not an hour; installing the suite is left out (it is installed here),
and the ``uses:`` steps (checkout, cache, artifact, pull request) are GitHub's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
WORKFLOW_HEAD = "# .github/workflows/campaign.yml"
INSTALL = 'python -m pip install "mtg-conformance @ git+URL@REF"'
MUTANT = "tests.mutants:mutant_tripling_as_doubling"


def workflow() -> dict:
    text = (REPO / "docs" / "campaigns.md").read_text("utf-8")
    return yaml.safe_load(text.split("```yaml\n" + WORKFLOW_HEAD + "\n", 1)[1].split("```", 1)[0])


def run_steps(job: dict, cwd: Path, env: dict[str, str]) -> list[subprocess.CompletedProcess]:
    done = []
    for step in job["steps"]:
        if "run" not in step or step["run"].strip() == INSTALL:
            continue
        assert "${{" not in step["run"], step["run"]  # nothing GitHub would fill in
        done.append(subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=cwd,
                                   env=env, capture_output=True, text=True, timeout=600))
        if done[-1].returncode:
            break
    return done


def test_the_documented_campaign_workflow_runs_as_written(tmp_path):
    flow = workflow()
    assert set(flow["jobs"]) == {"replay", "refresh"}
    env = {**os.environ, **flow["env"], "ENGINE": MUTANT, "CAMPAIGN_SECONDS": "30",
           "PYTHONPATH": str(REPO), "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])}

    before = run_steps(flow["jobs"]["replay"], tmp_path, env)  # a push before any campaign: nothing to replay
    assert [r.returncode for r in before] == [0] and "no campaign counterexample yet" in before[0].stdout

    refresh = run_steps(flow["jobs"]["refresh"], tmp_path, env)
    assert [r.returncode for r in refresh] == [0], refresh[-1].stdout[-3000:] + refresh[-1].stderr[-3000:]
    files = sorted((tmp_path / "campaign-cases").glob("*.yaml"))
    assert files, refresh[0].stdout[-3000:]
    assert (tmp_path / "campaign.html").is_file() and (tmp_path / ".campaign-database").is_dir()

    (tmp_path / "campaign-expectations.yaml").write_text("format: 1\nexpectations: []\n")
    gated = run_steps(flow["jobs"]["replay"], tmp_path, env)  # a new counterexample fails the push job
    assert [r.returncode for r in gated] == [1], gated[0].stdout[-3000:]
    assert "701.11" in gated[0].stdout

    (tmp_path / "campaign-expectations.yaml").write_text(
        "format: 1\nexpectations:\n  - glob: '*/counterexample-*'\n    outcome: fail\n"
        "    reason: tripling doubles (the mutant's bug)\n    bug: https://example.invalid/issues/1\n")
    known = run_steps(flow["jobs"]["replay"], tmp_path, env)  # listed as known: the gate passes
    assert [r.returncode for r in known] == [0], known[0].stdout[-3000:] + known[0].stderr[-2000:]

    reference = subprocess.run([sys.executable, "-m", "conformance", "run", "--cases", str(tmp_path / "campaign-cases")],
                               cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert reference.returncode == 0, reference.stdout[-3000:]  # every file passes on the reference engine
