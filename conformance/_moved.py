"""The modules' old import paths, from before the package was laid out along the data flow.

``import conformance.scenario`` (or ``from conformance import scenario``) still works: it gives
the module that now holds what the old one held (here :mod:`conformance.format.model`), the very
same module object, so code written against the old layout keeps running unchanged. docs/layout.md
has the table; new code uses the new paths.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

MOVED: dict[str, str] = {
    # the scenario format
    "scenario": "format.model", "features": "format.features", "loader": "format.loader",
    "yamlsource": "format.yamlsource", "choices": "format.choices",
    "characteristic_checks": "format.characteristic_checks", "player_checks": "format.player_checks",
    "modelled": "format.modelled", "subtypes": "format.subtypes", "frozen": "format.frozen",
    "schema_docs": "format.schema_docs", "format_elements": "format.elements",
    # running engines
    "engine": "engines.interface", "harness": "engines.harness", "protocol": "engines.protocol",
    "smoke": "engines.smoke", "adapters": "engines.adapters", "adapters.phase": "engines.adapters.phase",
    # the laws
    "properties": "laws.catalogue", "copy_laws": "laws.copies", "player_laws": "laws.players",
    "property_runner": "laws.runner", "counterexamples": "laws.counterexamples",
    "generated_coverage": "laws.coverage", "profiles": "laws.profiles",
    # results
    "records": "results.records", "compare": "results.compare", "expectations": "results.expectations",
    "shard": "results.shard", "exercised": "results.exercised", "results_stream": "results.stream",
    # reports
    "report": "reports.text", "report_markdown": "reports.markdown", "report_html": "reports.html",
}
"""Old module name (under ``conformance.``) -> its new name."""


class _Alias(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        """The target module ran as it was imported under its own name."""


class MovedModules(importlib.abc.MetaPathFinder):
    """Finds ``conformance.<old name>`` as the module now at its new name."""

    def find_spec(self, fullname: str, path=None, target=None) -> importlib.machinery.ModuleSpec | None:
        prefix, _, old = fullname.partition(".")
        if prefix != "conformance" or old not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(f"conformance.{MOVED[old]}"))


def install() -> None:
    """Let the old paths be imported (once per interpreter). The finder goes first: an old name
    is never a file of its own any more, and a stale copy of one (an old install on the path)
    must not shadow the module that replaced it."""
    if not any(isinstance(finder, MovedModules) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedModules())
