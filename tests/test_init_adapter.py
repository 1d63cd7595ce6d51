"""``mtg-conformance init-adapter`` (conformance/scaffold): every skeleton is written with a README, an
empty expectations file and a CI workflow; each one with a program passes ``smoke`` where its
language's runtime is on this machine (Python always) and refuses every step; docs/protocol.md shows
the Node skeleton exactly as it is written."""

from __future__ import annotations

import importlib.util
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from conformance.cli import main
from conformance.engines import installed
from conformance.errors import Unsupported
from conformance.results import expectations
from conformance.scaffold import LANGUAGES, project, step_kinds
from tests.scenarios import creature, make_case

REPO = Path(__file__).resolve().parent.parent
PROGRAMS = {"python": "src/mtg_conformance_demo/__init__.py", "node": "adapter.js", "rust": "src/main.rs",
            "java": "Adapter.java"}
RUNTIMES = {"node": "node", "rust": "cargo", "java": "java"}


def written(tmp_path: Path, language: str, name: str = "demo") -> Path:
    directory = tmp_path / language
    assert main(["init-adapter", name, "--language", language, "--dir", str(directory)]) == 0
    return directory


def cases_it_must_refuse() -> dict[str, object]:
    """A step (CR 613.4c), a creature state-based actions put into the graveyard (704.5f), and
    counters: none of which the stand-in board realises."""
    return {"a step": make_case({"bear": creature(2, 2)}, [{"modify_pt": {"to": "bear", "power": 1}}]),
            "a dying creature": make_case({"wall": creature(0, 0)}, []),
            "counters": make_case({"bear": {**creature(2, 2), "counters": {"+1/+1": 1}}}, [])}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_each_project_has_its_readme_an_empty_expectations_file_and_a_ci_workflow(tmp_path, language):
    directory = written(tmp_path, language)
    files = sorted(str(p.relative_to(directory)) for p in directory.rglob("*") if p.is_file())
    assert {"README.md", "expectations.yaml", ".github/workflows/conformance.yml"} <= set(files)
    assert all("{{" not in (directory / f).read_text("utf-8") for f in files)  # every placeholder filled
    readme = (directory / "README.md").read_text("utf-8")
    assert "## Next steps" in readme and "mtg-conformance smoke --engine" in readme
    assert expectations.load(directory / "expectations.yaml").entries == ()
    workflow = yaml.safe_load((directory / ".github/workflows/conformance.yml").read_text("utf-8"))
    runs = [step.get("run", "") for step in workflow["jobs"]["conformance"]["steps"]]
    smoke = next(i for i, run in enumerate(runs) if run.startswith("mtg-conformance smoke "))
    suite = next(i for i, run in enumerate(runs) if run.startswith("mtg-conformance run "))
    engine = LANGUAGES[language].engine.replace("{{NAME}}", "demo")
    assert smoke < suite
    assert shlex.split(runs[smoke])[2:] == ["--engine", engine]
    assert shlex.split(runs[suite])[2:6] == ["--engine", engine, "--expectations", "expectations.yaml"]
    assert "--strict" in shlex.split(runs[suite])
    if language in PROGRAMS:  # every step kind of the format is listed where it is to be realised
        program = (directory / PROGRAMS[language]).read_text("utf-8")
        assert all(re.search(rf"\b{kind}\b", program) for kind in step_kinds())


def test_the_python_skeleton_is_a_distribution_declaring_its_engine_by_name(tmp_path):
    directory = written(tmp_path, "python")
    declared = tomllib.loads((directory / "pyproject.toml").read_text("utf-8"))["project"]["entry-points"]
    assert declared[installed.GROUP] == {"demo": "mtg_conformance_demo:Engine"}


def smoke(spec: str, cwd: Path) -> subprocess.CompletedProcess:
    """``mtg-conformance smoke --engine SPEC`` run in ``cwd`` (for a module:attribute, on the path there)."""
    return subprocess.run([sys.executable, "-m", "conformance", "smoke", "--engine", spec], capture_output=True,
                          text=True, timeout=300, check=False, cwd=cwd)


def test_the_python_skeleton_passes_smoke_refuses_every_step_and_its_ci_run_passes(tmp_path):
    directory = written(tmp_path, "python")
    source = directory / "src"
    done = smoke("mtg_conformance_demo:Engine", source)
    assert done.returncode == 0 and "smoke: the adapter works" in done.stdout, done.stdout + done.stderr
    spec = importlib.util.spec_from_file_location("skeleton_demo", source / "mtg_conformance_demo" / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for case in cases_it_must_refuse().values():
        with pytest.raises(Unsupported):
            module.Engine().run(case.to_dict())
    # the workflow's gate, out of the box: every result unsupported, none unexpected
    done = subprocess.run([sys.executable, "-m", "conformance", "run", "--engine", "mtg_conformance_demo:Engine",
                           "--expectations", str(directory / "expectations.yaml"), "--strict", "--no-properties"],
                          capture_output=True, text=True, timeout=300, check=False, cwd=source)
    assert done.returncode == 0 and "every result is as expected" in done.stdout, done.stdout[-2000:] + done.stderr


@pytest.mark.parametrize("language", sorted(RUNTIMES))
def test_a_protocol_skeleton_passes_smoke_and_refuses_every_step(tmp_path, language):
    if shutil.which(RUNTIMES[language]) is None:
        pytest.skip(f"{RUNTIMES[language]} is not installed here: the {language} skeleton is not run")
    directory = written(tmp_path, language)
    if language == "rust":  # no crate to fetch: it builds offline
        built = subprocess.run(["cargo", "build", "--release", "--offline", "--quiet"], cwd=directory,
                               capture_output=True, text=True, timeout=600, check=False)
        assert built.returncode == 0, built.stderr
    spec = LANGUAGES[language].engine.replace("{{NAME}}", "demo")
    done = smoke(spec, directory)
    assert done.returncode == 0 and "smoke: the adapter works" in done.stdout, done.stdout + done.stderr
    from conformance.engines.harness import SubprocessEngine

    program = shlex.split(spec.removeprefix("exec:"))
    program[-1] = str(directory / program[-1])  # the same command, from any working directory
    engine = SubprocessEngine.from_spec("exec:" + shlex.join(program))
    try:
        for case in cases_it_must_refuse().values():
            with pytest.raises(Unsupported):
                engine.run(case.to_dict())
    finally:
        assert engine.close()


def test_the_any_language_project_names_the_program_to_write(tmp_path):
    directory = written(tmp_path, "any")
    readme = (directory / "README.md").read_text("utf-8")
    assert "No program is written here" in readme and "Writing an adapter" in readme
    assert sorted(p.name for p in directory.iterdir()) == [".github", "README.md", "expectations.yaml"]


def test_docs_protocol_shows_the_node_skeleton_as_written():
    doc = (REPO / "docs" / "protocol.md").read_text("utf-8")
    shown = re.search(r"mtg-conformance init-adapter my-engine --language node\n```\n\n```js\n(.*?)```\n", doc, re.S)
    assert shown, "docs/protocol.md: no Node skeleton after 'mtg-conformance init-adapter my-engine --language node'"
    assert shown.group(1) == project("my-engine", "node")["adapter.js"]


def test_a_bad_name_or_a_directory_in_use_is_one_line_and_exit_2(tmp_path, capsys):
    assert main(["init-adapter", "My Engine", "--dir", str(tmp_path / "x")]) == 2
    assert not (tmp_path / "x").exists()
    used = tmp_path / "used"
    used.mkdir()
    (used / "keep.txt").write_text("mine")
    assert main(["init-adapter", "demo", "--dir", str(used)]) == 2
    assert sorted(p.name for p in used.iterdir()) == ["keep.txt"] and (used / "keep.txt").read_text() == "mine"
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "not an adapter name" in err[0] and "not an empty directory" in err[1]
