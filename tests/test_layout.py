"""The layout shows the architecture: no import cycles, no oversized modules, no engine adapter in the
core (each is a distribution of its own under adapters/, found by its entry point).

The import graph is read from the source with :mod:`ast`, strictly: every ``import`` counts, at
module level, inside functions and under ``if TYPE_CHECKING:`` alike (a type-only import is still
a dependency a reader has to follow both ways).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import subprocess
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, distribution, entry_points
from pathlib import Path

import pytest

from conformance.engines import installed

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("conformance", "reference_engine", "strategies")
ADAPTERS = {"phase": ("mtg-conformance-phase", "mtg_conformance_phase", "phase"),
            "python-mtg": ("mtg-conformance-python-mtg", "mtg_conformance_python_mtg", "mtg")}
"""Each adapter of adapters/: its distribution, its package (under src/), the engine's own bindings."""
MAX_LINES = 600


def every_module() -> dict[str, Path]:
    """The core's modules, and each adapter's."""
    return {**modules(ROOT, PACKAGES),
            **{name: path for adapter, (_, package, _) in ADAPTERS.items()
               for name, path in modules(ROOT / "adapters" / adapter / "src", (package,)).items()}}


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of ``packages`` under ``root``, by dotted name."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def import_graph(root: Path, packages: tuple[str, ...], known: dict[str, Path] | None = None) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports (every import statement, anywhere); ``known``:
    the modules, when not those of ``packages`` under ``root``."""
    known = modules(root, packages) if known is None else known

    def resolve(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        deps: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                deps.update(filter(None, (resolve(alias.name) for alias in node.names)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*anchor, *([node.module] if node.module else [])])
                for alias in node.names:  # ``from package import module`` imports the module
                    target = f"{base}.{alias.name}"
                    deps.add(target if target in known else resolve(base))
        deps.discard(None)
        deps.discard(name)
        graph[name] = deps
    return graph


def absolute_imports(path: Path) -> list[str]:
    """The modules ``path`` imports by absolute name (every import statement, anywhere)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.append(node.module)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in graph:
                    continue
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def describe(graph: dict[str, set[str]], component: list[str]) -> str:
    return "; ".join(f"{m} -> {', '.join(sorted(d for d in graph[m] if d in component))}" for m in component)


@pytest.mark.parametrize("package", [*PACKAGES, *(package for _, package, _ in ADAPTERS.values())])
def test_no_import_cycle(package):
    graph = import_graph(ROOT, PACKAGES, every_module())
    found = [c for c in cycles(graph) if any(m == package or m.startswith(package + ".") for m in c)]
    assert not found, "import cycles: " + " | ".join(describe(graph, c) for c in found)


def test_the_cycle_detector_finds_a_planted_cycle(tmp_path):
    """A new cycle, even through a type-only or a function-level import, fails the test above."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.sub import b\n")
    (package / "sub" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..c import C\n")
    (package / "c.py").write_text("def f():\n    from pkg import a\n")
    (package / "d.py").write_text("import pkg.a\n")  # depends on the cycle, is not in it
    graph = import_graph(tmp_path, ("pkg",))
    assert cycles(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    (package / "c.py").write_text("def f():\n    pass\n")
    assert cycles(import_graph(tmp_path, ("pkg",))) == []


def test_no_module_is_over_the_size_limit():
    sizes = {name: sum(1 for _ in path.open(encoding="utf-8")) for name, path in every_module().items()}
    assert len(sizes) > len(modules(ROOT, PACKAGES)) and {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def test_the_old_flat_module_paths_are_gone():
    """The aliases of the flat layout's module paths (conformance/_moved.py) went before 1.0 was published."""
    assert not (ROOT / "conformance" / "_moved.py").exists()
    for old in ("scenario", "engine", "compare", "adapters", "report"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"conformance.{old}")


def test_the_core_has_no_engine_adapter():
    """No adapter under conformance/, no import of an adapter or of an engine's bindings anywhere in
    the core's packages, and only the reference engine built in: the others are distributions."""
    assert not (ROOT / "conformance" / "engines" / "adapters").exists()
    foreign = {name for _, package, bindings in ADAPTERS.values() for name in (package, bindings)}
    imported = sorted((name, target) for name, path in modules(ROOT, PACKAGES).items()
                      for target in absolute_imports(path) if target.split(".")[0] in foreign)
    assert imported == []
    assert installed.BUILT_IN == {"reference": "reference_engine:ReferenceEngine"}
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["optional-dependencies"]
    assert set(extras) == {"test", "campaign", "crosshair"}  # campaigns' Redis client and CrossHair backend, no engine


@pytest.mark.parametrize("adapter", sorted(ADAPTERS))
def test_each_adapter_is_a_distribution_declaring_its_engine_by_name(adapter):
    """adapters/NAME/pyproject.toml: the distribution, depending on the core, declaring the engine
    NAME in the entry-point group the core reads, at a class its package defines; with its own
    tests, expectations file and README. Installed, ``--engine NAME`` is that class."""
    distribution_name, package, _ = ADAPTERS[adapter]
    home = ROOT / "adapters" / adapter
    project = tomllib.loads((home / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["name"] == distribution_name
    assert any(d.startswith("mtg-conformance>=") for d in project["dependencies"])
    declared = project["entry-points"][installed.GROUP]
    module_name, _, attribute = declared[adapter].partition(":")
    assert list(declared) == [adapter] and module_name == package
    source = home / "src" / package / "__init__.py"
    assert attribute in {node.name for node in ast.parse(source.read_text("utf-8")).body
                         if isinstance(node, (ast.ClassDef, ast.ImportFrom)) and hasattr(node, "name")}
    assert (home / "expectations.yaml").is_file() and (home / "README.md").is_file()
    assert sorted((home / "tests").glob("test_*.py"))
    try:
        distribution(distribution_name)
    except PackageNotFoundError:
        pytest.skip(f"{distribution_name} is not installed (python -m pip install -e adapters/{adapter})")
    from conformance.engines.interface import load_engine

    if importlib.util.find_spec(ADAPTERS[adapter][2]) is None:
        pytest.skip(f"the engine's own package is not installed ({ADAPTERS[adapter][2]})")
    assert type(load_engine(adapter)).__name__ == attribute


def test_the_public_entry_points_are_where_users_find_them():
    from conformance.errors import Unsupported  # noqa: F401  (engines raise it)
    from conformance.engines.interface import Engine, describe, load_engine  # noqa: F401  (the engine interface)
    import strategies

    assert {"scenarios", "copy_scenarios", "damage_scenarios"} <= set(strategies.__all__)
    plugin = [ep for ep in entry_points(group="pytest11") if ep.name == "mtg_conformance"]
    assert [ep.value for ep in plugin] == ["conformance.pytest_plugin"]
    served = subprocess.run([sys.executable, "-m", "reference_engine.serve", "--help"], capture_output=True,
                            text=True, cwd=ROOT, timeout=60)
    assert served.returncode == 0 and "usage" in served.stdout.lower()

