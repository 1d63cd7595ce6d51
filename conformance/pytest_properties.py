"""Property items for the pytest plugin: each property of :mod:`conformance.laws.catalogue` runs,
under a Hypothesis profile, against the engine being checked.

The items are collected from the ``conformance/laws/catalogue.py`` file itself, so their node ids
read ``properties.py::613.4d/two-switches-cancel`` and ``-k 613.4d`` selects them by rule.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from conformance.format import yamlsource
from conformance.laws import counterexamples, profiles, catalogue as properties
from conformance.results import records
from conformance.engines.interface import EngineInfo, describe
from conformance.laws.catalogue import DIFFERENTIAL_ID, DIFFERENTIAL_RULES, Property, differential_property  # noqa: F401  (their old home)
from conformance.laws import shrinking
from conformance.laws.counterexamples import disagrees as _disagrees  # noqa: F401  (its old home)
from conformance.laws.runner import run_property
from conformance.session import ENGINE_KEY
from conformance import pytest_progress, rerun

PROPERTIES_FILE = Path(properties.__file__).resolve()


class PropertyFailure(AssertionError):
    """A property that does not hold for the engine; the message has the shrunk counterexample."""


class PropertyFile(pytest.File):
    """The property suite, anchored on conformance/laws/catalogue.py."""

    def collect(self):
        for prop in (differential_property(), *properties.PROPERTIES):
            yield PropertyItem.from_parent(self, name=prop.id, prop=prop)


class PropertyItem(pytest.Item):
    """One property, run with Hypothesis."""

    def __init__(self, *, prop: Property, **kwargs):
        super().__init__(**kwargs)
        self.prop = prop
        self.extra_keyword_matches.update(prop.rules)
        self.extra_keyword_matches.add("properties")

    def runtest(self) -> None:
        from reference_engine import ReferenceEngine

        engine, info = self.config.stash[ENGINE_KEY]
        reference = ReferenceEngine()
        status = {"case": self.prop.id, "rules": list(self.prop.rules), "status": "unsupported", "kind": "property"}
        self.user_properties.append(("mtg_result", status))
        profile = self.config.getoption("mtg_profile")
        ours = [item for item in self.session.items if isinstance(item, PropertyItem)]
        line = pytest_progress.for_item(self, ours.index(self) + 1 if self in ours else 1, len(ours) or 1)
        try:
            run = run_property(self.prop, engine, info, reference=reference, profile=profiles.get(profile),
                               shrink_seconds=profiles.shrink_seconds(profile, self.config.getoption("mtg_shrink_seconds",
                                                                                                     profiles.UNSET)),
                               progress=line)
        finally:
            if line is not None:
                line.clear()
        status["status"] = run.status
        status.update(records.property_record(self.prop, run, engine, info, reference))
        if run.status in ("failed", "errored"):
            status["rerun"] = rerun.command(self.config, "property", self.prop.id)
        self.user_properties.append(("mtg_statistics", {"property": self.prop.id, "examples": run.examples,
                                                        "counts": run.counts, "first_failure": run.first_failure,
                                                        "rules": dict(run.statistics),
                                                        "status": run.status, "counted_under": list(run.rules)}))
        if run.status == "unsupported":
            pytest.skip(f"unsupported: {run.message}")
        if run.status in ("failed", "errored"):
            saved = self._save(run, engine, reference, info, describe(reference))
            raise PropertyFailure(self._describe(info, run, saved))

    def _save(self, run, engine, reference, info: EngineInfo, reference_info: EngineInfo) -> Path | str | None:
        """The shrunk counterexample as a golden case file, citing the rules it shows broken."""
        directory = self.config.getoption("mtg_save_failures")
        if not directory or not run.cases:
            return None
        documents = counterexamples.property_documents(self.prop, run, engine, info, reference, reference_info)
        target = Path(directory) / (counterexamples.slug(self.prop.id) + ".yaml")
        try:
            return counterexamples.write(target, documents)
        except OSError as exc:  # a full disk: the failure is still reported, with one line on why not saved
            return f"could not save {target}: {exc.strerror or exc}"

    def _describe(self, info, run, saved) -> str:
        cases = run.cases
        verb = "does not hold for" if run.status == "failed" else "could not be checked on"
        lines = [
            f"property {self.prop.id} {verb} {info}",
            f"  rules:   {', '.join(run.rules)} (those its shrunk counterexample shows broken: where the engine first "
            f"departs from the reference engine; the property cites {len(self.prop.rules)}: mtg-conformance properties)",
            f"  law:     {self.prop.summary}",
            f"  found:   {run.message}",
            f"  examples: {examples_text(run.counts)}",
            f"  after {run.first_failure} examples; shrunk to {len(cases[-1].objects) if cases else 0} objects, "
            f"{sum(1 for s in cases[-1].steps if s.KEY != 'expect') if cases else 0} steps"
            + (f" in {run.shrink_seconds:.1f} s of shrinking" if run.shrink_seconds else "")
            + (f" ({shrinking.STOPPED.format(seconds=run.shrink_stopped)})" if run.shrink_stopped is not None else ""),
        ]
        lines.append(f"  rerun:   {rerun.command(self.config, 'property', self.prop.id)}")
        if isinstance(saved, str):
            lines.append(f"  {saved}")
        elif saved:
            lines.append(f"  saved as a golden case file: {saved} (replay with --cases {saved.parent})")
        else:
            lines.append("  (run with --save-failures DIR to save its shrunk counterexample as a case file)")
        for number, case in enumerate(cases, 1):
            plain = case.to_dict()
            shown = {"players": plain["players"], "objects": plain["objects"], "steps": plain["steps"]}
            text = yamlsource.dump(shown, sort_keys=False, default_flow_style=None, width=110)
            lines.append(f"  scenario {number}:")
            lines.extend("    " + line for line in text.splitlines())
        return "\n".join(lines)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, PropertyFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"property {self.prop.id}"


def examples_text(counts: dict[str, int]) -> str:
    """``87 ran, 13 refused by the engine, 2 failing``: an example count, the zeros left out."""
    parts = [f"{counts.get('ran', 0)} ran"]
    for key, what in (("refused", "refused by the engine"), ("reference_refused", "refused by the reference engine"),
                      ("discarded", "set aside by the law"), ("failing", "failing")):
        if counts.get(key):
            parts.append(f"{counts[key]} {what}")
    return ", ".join(parts)


def statistics_table(reports: list[dict[str, Any]]) -> str:
    """Per rule, how many generated examples exercised it, over every property run."""
    from conformance.reports.text import rule_key

    totals: Counter[str] = Counter()
    for report in reports:
        totals.update(report["rules"])
    width = max([len("rule"), *map(len, totals)])
    lines = [f"{'rule'.ljust(width)}  examples", "-" * (width + 10)]
    lines += [f"{rule.ljust(width)}  {totals[rule]:>8}" for rule in sorted(totals, key=rule_key)]
    return "\n".join(lines)
