"""The package (issue 23, point 6): ``python -m build`` makes an sdist and a wheel; the wheel,
installed in a fresh virtualenv, runs the golden suite from a directory outside the source tree.

The build runs without network access (``--no-isolation``: the setuptools and wheel of this
environment, which the ``[test]`` extra installs); the virtualenv gets the wheel and nothing else
(this environment's pip installs it there, ``--no-index --no-deps``), and finds the dependencies in this environment's site-packages through
a ``.pth`` file (plain paths: the editable install of the source tree there is not activated).
It is skipped, with the reason, where ``build`` or a recent enough setuptools is missing.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from conformance import CR_VERSION, __version__
from conformance.format import loader

REPO = Path(__file__).resolve().parent.parent
GOLDEN_FILES = sorted((REPO / "golden").glob("*.yaml"))
SOURCES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "CHANGELOG.md",
           "conformance", "reference_engine", "strategies", "golden"]


def _why_not_buildable() -> str | None:
    if importlib.util.find_spec("build") is None:
        return "the 'build' package is not installed (pip install -e '.[test]')"
    try:
        from importlib.metadata import version
        setuptools = tuple(int(p) for p in re.findall(r"\d+", version("setuptools"))[:2])
    except Exception:  # no setuptools at all
        return "setuptools is not installed (pip install -e '.[test]')"
    if setuptools < (77, 0):  # the licence as an SPDX expression (pyproject.toml)
        return f"setuptools {version('setuptools')} is older than 77 (pip install -e '.[test]')"
    if setuptools < (70, 1) and importlib.util.find_spec("wheel") is None:
        return "this setuptools needs the 'wheel' package to build a wheel (pip install -e '.[test]')"
    return None


pytestmark = pytest.mark.skipif(_why_not_buildable() is not None, reason=_why_not_buildable() or "")


def _clean_env() -> dict[str, str]:
    """The environment without what would import the source tree instead of the installed wheel."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """An sdist and a wheel built from a copy of the sources (the build writes build/ and egg-info)."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(REPO / name, source / name)
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
                          capture_output=True, text=True, timeout=180, env=_clean_env(), cwd=source)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    BUILD_OUTPUT.append(done.stdout + done.stderr)
    return out


BUILD_OUTPUT: list[str] = []
"""What the build printed (the ``dist`` fixture's)."""


def test_the_build_warns_of_nothing_deprecated(dist):
    """The licence as a table (``license = {text = "MIT"}``) and a licence classifier made setuptools warn
    that they stop working on 2027-02-18: the licence is the SPDX expression ``MIT`` (PEP 639)."""
    (output,) = BUILD_OUTPUT
    assert "deprecat" not in output.lower(), [line for line in output.splitlines() if "eprecat" in line]

def _wheel(dist: Path) -> Path:
    (wheel,) = dist.glob("*.whl")
    return wheel


def test_build_makes_an_sdist_and_a_wheel_of_this_version(dist):
    names = sorted(p.name.replace("-", "_") for p in dist.iterdir())  # newer setuptools: mtg_conformance-*.tar.gz
    assert names == sorted([f"mtg_conformance_{__version__}.tar.gz", f"mtg_conformance_{__version__}_py3_none_any.whl"])


def test_the_wheel_ships_every_package_the_golden_cases_and_the_data(dist):
    names = set(zipfile.ZipFile(_wheel(dist)).namelist())
    # every module of the source tree, subpackages found without being listed
    modules = [p.relative_to(REPO).as_posix() for top in ("conformance", "reference_engine", "strategies")
               for p in (REPO / top).rglob("*.py") if "__pycache__" not in p.parts]
    assert "strategies/_internal/core.py" in modules and not set(modules) - names
    assert not any("__pycache__" in n for n in names)
    assert {f"conformance/golden/{p.name}" for p in GOLDEN_FILES} <= names
    for data in [*REPO.glob("conformance/**/*.json"), REPO / "conformance" / "data" / "corpus.jsonl.gz"]:
        assert data.relative_to(REPO).as_posix() in names  # the frozen corpus too (docs/corpus.md)
    assert not any(n.startswith(("tests/", "benchmarks/", "golden/", "docs/")) for n in names)
    metadata = zipfile.ZipFile(_wheel(dist)).read(f"mtg_conformance-{__version__}.dist-info/METADATA").decode()
    assert f"Version: {__version__}" in metadata and CR_VERSION in metadata  # the CR date in the summary
    assert any(n.endswith(".dist-info/LICENSE") or "/licenses/" in n for n in names)


def test_twine_check_passes(dist):
    if importlib.util.find_spec("twine") is None:
        pytest.skip("twine is not installed (pip install twine)")
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, sorted(dist.iterdir()))],
                          capture_output=True, text=True, timeout=120, env=_clean_env())
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


def test_the_wheel_runs_the_golden_suite_outside_the_source_tree(dist, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120,
                   env=_clean_env())
    python = venv / "bin" / "python"
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                           "--no-index", "--no-deps", "--disable-pip-version-check", str(_wheel(dist))],
                          capture_output=True, text=True, timeout=120, env=_clean_env())
    assert done.returncode == 0, done.stdout + done.stderr
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True, env=_clean_env()).stdout.strip()
    here = [p for p in sys.path if p.endswith(("site-packages", "dist-packages")) and Path(p).is_dir()
            and REPO not in Path(p).resolve().parents]
    (Path(site) / "outer-dependencies.pth").write_text("".join(f"{p}\n" for p in here))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    def run(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(venv / "bin" / "mtg-conformance"), *argv], capture_output=True, text=True,
                              timeout=240, env=_clean_env(), cwd=elsewhere)

    # the code and the cases come from the wheel, not from the source tree
    imported = subprocess.run([str(python), "-c", "import json, conformance, reference_engine, strategies; "
                               "print(json.dumps([m.__file__ for m in (conformance, reference_engine, strategies)]))"],
                              capture_output=True, text=True, env=_clean_env(), cwd=elsewhere)
    assert imported.returncode == 0, imported.stderr
    assert all(Path(f).resolve().is_relative_to(venv.resolve()) for f in json.loads(imported.stdout))
    version = run("--version")
    assert version.stdout.strip() == f"mtg-conformance {__version__} (CR {CR_VERSION})"
    path = run("path")
    golden = Path(path.stdout.strip())
    assert golden.resolve().is_relative_to(venv.resolve()) and golden.name == "golden"
    assert sorted(p.name for p in golden.glob("*.yaml")) == [p.name for p in GOLDEN_FILES]

    cases = loader.load_suite([REPO / "golden"])
    check = run("check")
    assert (check.returncode, check.stderr) == (0, "")
    assert check.stdout.strip() == f"{len(cases)} cases in {len(GOLDEN_FILES)} files: no problems"

    done = run("run", "--no-properties")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (total,) = [line.split()[1:] for line in done.stdout.splitlines() if line.startswith("all ")]
    assert total == [str(len(cases)), str(len(cases)), "0", "0", "0"]  # every golden case found, and passed


PINNED_FOR_THE_TESTS = {"hypothesis"}
"""Core dependencies the ``test`` extra narrows to one version: Hypothesis, as the shipped corpus was
drawn (tests/test_corpus_consistency.py checks which)."""


def test_the_test_extra_does_not_repeat_the_core_dependencies():
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    name = lambda requirement: re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower()  # noqa: E731
    core = {name(r) for r in project["dependencies"]}
    test = {name(r) for r in project["optional-dependencies"]["test"]}
    assert test and core & test == PINNED_FOR_THE_TESTS
    assert all("==" in r for r in project["optional-dependencies"]["test"] if name(r) in PINNED_FOR_THE_TESTS)


def test_the_version_names_the_cr_date_beside_it():
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    assert CR_VERSION in project["description"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)  # a public version: no +local part
    changelog = (REPO / "CHANGELOG.md").read_text("utf-8")
    assert f"## {__version__} (CR {CR_VERSION})" in changelog
    assert (REPO / "LICENSE").read_text("utf-8").startswith("MIT License")
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # the SPDX expression says it
