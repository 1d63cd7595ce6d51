"""Engines by name (conformance/engines/installed.py): ``--engine NAME`` resolves a name an installed
distribution declares in the entry-point group ``mtg_conformance.engines``, beside ``reference``,
``module:attribute`` and ``exec:``; ``mtg-conformance engines`` lists them, a line for each, one
that does not load saying why. The distributions here are written into a directory on the path
(a ``.dist-info`` with its entry points), as pip would install them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.engines import installed
from conformance.engines.interface import load_engine
from conformance.errors import EngineSpecError

ENGINE = '''
from reference_engine import ReferenceEngine


class Engine(ReferenceEngine):
    def describe(self):
        return {**super().describe(), "name": "plugged", "version": "9.9"}
'''


def distribution(site: Path, name: str, version: str, engines: dict[str, str]) -> None:
    """An installed distribution ``name`` declaring ``engines`` (name -> module:attribute)."""
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(
        f"[{installed.GROUP}]\n" + "".join(f"{key} = {value}\n" for key, value in engines.items()))


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A directory on the path holding the engine module ``plugged_engine`` and a distribution
    declaring it as ``plugged``, and a broken one as ``broken``."""
    (tmp_path / "plugged_engine.py").write_text(ENGINE)
    distribution(tmp_path, "mtg-conformance-plugged", "1.2.3", {"plugged": "plugged_engine:Engine",
                                                               "broken": "no_such_module:Engine"})
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def cli(site: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "conformance", *args], capture_output=True, text=True, timeout=300,
                          check=False, env={**os.environ, "PYTHONPATH": str(site)}, cwd=site)


def test_a_name_resolves_through_the_entry_point(site):
    engine = load_engine("plugged")
    assert type(engine).__name__ == "Engine" and engine.describe()["name"] == "plugged"
    assert [n.declared_by for n in installed.installed() if n.name == "plugged"] == ["mtg-conformance-plugged 1.2.3"]


def test_a_name_that_fails_to_load_says_which_distribution_declared_it(site):
    with pytest.raises(EngineSpecError, match=r"--engine 'broken': cannot import 'no_such_module' \(declared by "
                                              r"mtg-conformance-plugged 1\.2\.3\): No module named 'no_such_module'"):
        load_engine("broken")


def test_an_unknown_name_lists_the_installed_ones(site):
    with pytest.raises(EngineSpecError) as raised:
        load_engine("nope")
    message = str(raised.value)
    assert message.startswith("--engine 'nope': no engine of that name is installed")
    assert "reference" in message and "plugged" in message and "\n" not in message


def test_the_reference_engine_cannot_be_shadowed_and_a_name_two_declare_is_refused(site):
    distribution(site, "shadow", "0.1", {"reference": "plugged_engine:Engine", "plugged": "plugged_engine:Engine"})
    assert type(load_engine("reference")).__name__ == "ReferenceEngine"
    with pytest.raises(EngineSpecError, match="several installed distributions declare an engine of that name"):
        load_engine("plugged")


def test_engines_lists_each_name_its_distribution_and_what_it_declares(site):
    done = cli(site, "engines")
    lines = done.stdout.splitlines()
    assert done.returncode == 2 and re.fullmatch(r"engines: 1 of \d+ do not load", done.stderr.strip())  # broken
    by_name = {line.split()[0]: line for line in lines}
    assert set(by_name) >= {"reference", "plugged", "broken"} and lines[0].startswith("reference ")
    assert "built in (reference_engine:ReferenceEngine): mtg-conformance reference engine" in by_name["reference"]
    assert "mtg-conformance-plugged 1.2.3 (plugged_engine:Engine): plugged 9.9: " in by_name["plugged"]
    assert "features; reports " in by_name["plugged"]
    assert by_name["broken"].endswith("does not load: --engine 'broken': cannot import 'no_such_module' (declared by "
                                      "mtg-conformance-plugged 1.2.3): No module named 'no_such_module'")


def test_run_and_smoke_take_the_name(site):
    done = cli(site, "smoke", "--engine", "plugged")
    assert done.returncode == 0 and "describe: plugged 9.9" in done.stdout, done.stdout + done.stderr
    # in a worker process too (--timeout), which resolves the name itself
    done = cli(site, "run", "--engine", "plugged", "--timeout", "30", "--no-properties", "-k", "701.10c")
    assert done.returncode == 0 and "plugged 9.9" in done.stdout, done.stdout[-2000:] + done.stderr
