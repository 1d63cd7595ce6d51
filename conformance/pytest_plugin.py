"""The pytest plugin: each case is a test item, run through the chosen engine.

Registered through the ``pytest11`` entry point, it stays inert until ``--mtg-cases`` names
case files or directories; then it collects every case under them as an item whose name is the
case id (``-k 613.4d`` selects by id, and by any rule a case cites), runs it with the engine
``--mtg-engine`` names, and reports a mismatch by case, checkpoint, object and field. Cases an
engine cannot run are skipped with the reason. At the end it prints the per-rule table.

``mtg-conformance run`` drives this plugin; engine authors can also call pytest directly::

    python -m pytest --mtg-cases "$(mtg-conformance path)" --mtg-engine mypackage:Engine -n auto

A case directory is data, never code: pytest is never given a case directory or case file to
collect. It collects one anchor file inside this package (``data/case-suite.json``), and the
plugin reads the case files from there (:class:`CaseSuite`), so no ``conftest.py``,
``__init__.py`` or ``test_*.py`` beside the cases is imported, and every case node's hooks come
from this package's directory, not the case's. When pytest is given no paths of its own, the
cases are all it collects (not the current directory). pytest itself still loads a
``conftest.py`` from the current directory and from the paths it is given: ``mtg-conformance
run`` adds ``--noconftest`` for that; calling pytest directly, do so too (or run it from outside
the case directories) for case files you do not trust.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from conformance.format import files, loader
from conformance.laws import profiles
from conformance.results import compare, records, shard
from conformance.pytest_properties import PROPERTIES_FILE, PropertyFile, statistics_table
from conformance.engines.guard import guarded
from conformance.engines.interface import EngineInfo, describe, load_engine
from conformance.errors import CaseFileErrors, EngineSpecError
from conformance.engines.harness import DEFAULT_TIMEOUT, GIVE_UP_AFTER, positive_seconds
from conformance.reports.text import CaseResult, render_properties, render_refusals, render_table
from conformance.format.model import Case
from conformance.session import ENGINE_KEY, INTERRUPTS_KEY, results_of
from conformance.interrupts import act_if_lost, install as install_interrupts, installed as installed_interrupts, pass_on
from conformance import rerun

CASES_ANCHOR = (Path(__file__).resolve().parent / "data" / "case-suite.json")
"""The file pytest collects the cases from (see the module's docstring)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance", "MTG rules engine conformance")
    group.addoption("--mtg-cases", action="append", default=[], metavar="PATH",
                    help="collect the conformance cases under PATH (a case file or directory; repeatable)")
    group.addoption("--mtg-engine", default="reference", metavar="SPEC",
                    help="engine to check: 'reference' (default), an installed engine's name, module:attribute or "
                         "'exec:COMMAND ARGS'")
    group.addoption("--mtg-timeout", type=positive_seconds, default=None, metavar="SECONDS",
                    help=f"seconds an engine has to answer one case (exec: default {DEFAULT_TIMEOUT:g}; given, an "
                         f"in-process engine runs in a worker process, unbounded without it)")
    group.addoption("--mtg-keep-trying", action="store_true", default=False,
                    help=f"send every case to an exec: engine, even after it timed out or crashed the same way "
                         f"on {GIVE_UP_AFTER} cases in a row (by default the rest are errored at once)")
    group.addoption("--mtg-no-table", action="store_true", default=False,
                    help="do not print the per-rule table (nor the --mtg-statistics table) at the end: "
                         "the caller prints them (mtg-conformance run does)")
    group.addoption("--mtg-properties", dest="mtg_properties", action="store_true", default=None,
                    help="also run the property suite (differential and metamorphic laws) against the engine "
                         "(the default when --mtg-cases names only the installed golden suite, as with "
                         "mtg-conformance run)")
    group.addoption("--mtg-no-properties", dest="mtg_properties", action="store_false",
                    help="run the cases only, not the property suite")
    group.addoption("--mtg-profile", default=profiles.DEFAULT_PROFILE, choices=sorted(profiles.PROFILES),
                    help="Hypothesis profile for the properties: ci (default), dev or thorough")
    group.addoption("--mtg-shrink-seconds", type=profiles.parse_shrink_seconds, default=profiles.UNSET,
                    metavar="SECONDS", help="the most seconds spent shrinking one property's counterexample, or "
                    "'none' (default: the profile's, 10 s under ci and dev; the result says when it cut shrinking short)")
    group.addoption("--mtg-progress", choices=("auto", "on", "off"), default="auto",
                    help="a progress line naming the property running and how long it has shrunk, rewritten in "
                         "place (auto, the default: on a terminal, not in CI, not under pytest-xdist)")
    group.addoption("--mtg-save-failures", metavar="DIR", default=None,
                    help="write each property's shrunk counterexample as a golden case file in DIR")
    group.addoption("--mtg-statistics", action="store_true", default=False,
                    help="print, per rule, how many generated examples exercised it")
    group.addoption("--mtg-shard", type=shard.parse, default=None, metavar="I/N",
                    help="run only shard I of N (split by a stable hash of the case id; docs/ci.md)")
    group.addoption("--mtg-results", metavar="FILE", default=None,
                    help="write the results as JSON Lines to FILE as they arrive (docs/ci.md)")
    group.addoption("--mtg-expectations", metavar="FILE", default=None,
                    help="an expectations file: known failures are xfailed, unexpected results fail (docs/ci.md)")
    group.addoption("--mtg-strict", action="store_true", default=False,
                    help="with --mtg-expectations: an unexpected pass fails the run too")
    group.addoption("--mtg-last-failed", action="store_true", default=False,
                    help=f"run only the cases and properties that failed or errored in the last run "
                         f"(from {rerun.STATE_FILE}; all of them if none did)")
    group.addoption("--mtg-failed-first", action="store_true", default=False,
                    help="run the cases and properties that failed in the last run first, then the rest")


def _case_roots(config: pytest.Config) -> list[Path]:
    return [Path(p).resolve() for p in config.getoption("mtg_cases")]


def with_properties(config: pytest.Config) -> bool:
    """Whether the property suite runs: ``--mtg-properties``/``--mtg-no-properties``, else as
    ``mtg-conformance run`` decides: for the installed golden suite, not for other case files."""
    chosen = config.getoption("mtg_properties")
    if chosen is not None:
        return bool(chosen)
    roots = _case_roots(config)
    return bool(roots) and all(root == loader.golden_dir().resolve() for root in roots)


def pytest_configure(config: pytest.Config) -> None:
    roots = _case_roots(config)
    if config.getoption("mtg_strict") and not config.getoption("mtg_expectations"):
        raise pytest.UsageError("--mtg-strict needs --mtg-expectations FILE (it gates unexpected passes)")
    if not roots and not config.getoption("mtg_properties"):
        return
    properties_too = with_properties(config)
    config.option.mtg_properties = properties_too  # what the items, the stream and the header read
    for named, root in zip(config.getoption("mtg_cases"), roots):
        link = files.named_link_error(named, config.invocation_params.dir)  # as named, not resolved (docs/ci.md)
        if link is not None:
            raise pytest.UsageError(f"--mtg-cases {link}")
        if not root.exists():
            raise pytest.UsageError(f"--mtg-cases {root}: no such file or directory")
    # The cases' anchor (and the property suite) are what this run collects, besides other
    # arguments; never the case directories themselves (pytest would import test modules there).
    wanted = [*([CASES_ANCHOR] if roots else []), *([PROPERTIES_FILE] if properties_too else [])]
    if config.args_source != pytest.Config.ArgsSource.ARGS:  # no paths given: not the current directory, nor
        config.args[:] = []  # the host project's testpaths (its own tests are not the cases)
    config.args.extend(str(r) for r in wanted if str(r) not in config.args)
    try:
        engine = load_engine(config.getoption("mtg_engine"), timeout=config.getoption("mtg_timeout"),
                             keep_trying=config.getoption("mtg_keep_trying"))
        config.stash[ENGINE_KEY] = (guarded(engine), describe(engine))  # an in-process one behind the guard
    except EngineSpecError as exc:  # worded for the command line's --engine: here it is --mtg-engine
        raise pytest.UsageError(str(exc).replace("--engine ", "--mtg-engine ", 1)) from None
    _handle_interrupts(config)
    config.pluginmanager.register(JunitNames(config), "mtg-junit-names")
    expected = None
    if config.getoption("mtg_expectations"):
        from conformance.results import expectations as expectations_file
        from conformance.pytest_gate import Gate

        try:
            expected = expectations_file.load(config.getoption("mtg_expectations"))
        except CaseFileErrors as exc:
            raise pytest.UsageError(str(exc)) from None
        config.pluginmanager.register(Gate(expected, strict=config.getoption("mtg_strict")), "mtg-gate")
    if not hasattr(config, "workerinput"):  # xdist: the controller writes the files
        config.pluginmanager.register(rerun.LastFailed(config), "mtg-last-failed")
        if config.getoption("mtg_results") and not config.pluginmanager.has_plugin("mtg-results-stream"):
            if files.through_link(config.getoption("mtg_results")):  # docs/ci.md, "What CI can trust"
                raise pytest.UsageError(f"--mtg-results {config.getoption('mtg_results')}: "
                                        f"{files.through_link(config.getoption('mtg_results'))}")
            from conformance.results import expectations as expectations_file
            from conformance.results.stream import ResultsStream

            annotate = (lambda r: expectations_file.verdict(expected, r).to_dict()) if expected else None
            config.pluginmanager.register(ResultsStream(config.getoption("mtg_results"), annotate=annotate,
                                                        expectations=config.getoption("mtg_expectations"),
                                                        standalone=True), "mtg-results-stream")


def _handle_interrupts(config: pytest.Config) -> None:
    """SIGINT and SIGTERM end the run once (:mod:`conformance.interrupts`): pytest finishes the
    session, so the results stream gets its footer (``interrupted: true``) and every engine is
    stopped; in every process (pytest-xdist workers too). A signal after the first is noted, not
    acted on: a worker may get two at once (a Ctrl-C of its process group, and the SIGTERM its
    controller passes on, :func:`pytest_configure_node`), and a second Ctrl-C must not cut the
    stop short. ``mtg-conformance run`` installs its own before the session; it is used."""
    interrupts = installed_interrupts()
    if interrupts is None and (interrupts := install_interrupts()) is not None:
        config.add_cleanup(interrupts.restore)
    if interrupts is not None:
        config.stash[INTERRUPTS_KEY] = interrupts


WORKER_PIDS_KEY = pytest.StashKey[list]()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """pytest-xdist, in the controller: as each worker starts, a SIGINT or SIGTERM sent to this
    process alone (``kill -INT PID``, a CI runner's cancel) is passed on to the workers as SIGTERM
    (:func:`conformance.interrupts.pass_on`), so that each one stops its case and its engine at once
    instead of being killed only after xdist's wait for it (about 8 s with an engine that hangs). A
    worker acts on one signal and notes any other while its engines stop. Under a terminal whose
    foreground process group this is, a Ctrl-C reaches the workers itself: SIGINT is not passed on
    then, so a worker does not get two. The worker's pid is execnet's report of its remote
    interpreter, which xdist asks for as it sets the worker up; without it nothing is passed on. A
    signal that came before the worker started (its KeyboardInterrupt swallowed, so the run went on:
    :func:`conformance.interrupts.act_if_lost`) is passed on as it starts."""
    try:
        pid = node.gateway._rinfo().pid
    except Exception:  # an execnet without it, or a worker already gone: xdist's own shutdown stands
        return
    pids = node.config.stash.setdefault(WORKER_PIDS_KEY, [])
    interrupts = node.config.stash.get(INTERRUPTS_KEY, None)
    if not pids and interrupts is not None:
        interrupts.on_first.append(pass_on(pids))
    pids.append(pid)
    if interrupts is not None and interrupts.first is not None:  # it came before this worker started
        pass_on([pid])(interrupts.first)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop an ``exec:`` engine's process (docs/protocol.md, "Lifecycle")."""
    engine = config.stash[ENGINE_KEY][0] if ENGINE_KEY in config.stash else None
    close = getattr(engine, "close", None)
    if callable(close):
        close()


@pytest.hookimpl(wrapper=True)
def pytest_report_header(config: pytest.Config):
    """The engine and the cases first; under ``-v``, Hypothesis's own profile line (its ``default``:
    the properties run under the suite's profile, named here instead) and ``mtg-conformance run``'s
    empty configuration file (``configfile: ../../dev/null``, pytest's: none is read) left out."""
    headers = yield
    if ENGINE_KEY not in config.stash:
        return headers
    info = config.stash[ENGINE_KEY][1]
    ours = [f"mtg-conformance: engine {info}; cases from {', '.join(map(str, _case_roots(config)))}"]
    if config.getoption("mtg_properties"):
        ours.append(f"mtg-conformance: properties under the profile {config.getoption('mtg_profile')!r} "
                    "(conformance/laws/profiles.py)")
    shown = []
    for header in headers:
        lines = [header] if isinstance(header, str) else list(header)
        lines = [line for line in lines if not line.startswith("hypothesis profile ")
                 and not (line.startswith("configfile: ") and str(config.inipath) == os.devnull)]
        shown += [lines] if lines else []
    return [*shown, ours]  # pytest shows the last first


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.resolve() == PROPERTIES_FILE and parent.config.getoption("mtg_properties"):
        return PropertyFile.from_parent(parent, path=file_path)
    if file_path.resolve() == CASES_ANCHOR and _case_roots(parent.config):
        return CaseSuite.from_parent(parent, path=file_path)
    return None  # a case file is never collected as a path: only from the anchor


class CaseSuite(pytest.File):
    """Every case file under ``--mtg-cases``, found by :func:`conformance.format.loader.discover` (no
    pytest directory walk, so nothing in a case directory is imported)."""

    def collect(self):
        roots = _case_roots(self.config)
        base = Path(os.path.commonpath([root if root.is_dir() else root.parent for root in roots]))
        for file in loader.discover(roots):
            resolved = file.absolute()
            for anchor in (self.config.rootpath, base):
                try:
                    shown = resolved.relative_to(anchor).as_posix()
                    break
                except ValueError:
                    continue
            else:  # pragma: no cover - base contains every root
                shown = resolved.as_posix()
            # The node's path stays the anchor's: pytest finds a node's conftest.py files by its path.
            node = CaseFile.from_parent(self, path=self.path, name=shown, nodeid=shown, case_path=file,
                                        source_root=base)
            node.junit_classname = JUNIT_CASES + resolved.relative_to(base.absolute()).as_posix()
            yield node

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFileErrors):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)


JUNIT_CASES = "mtg.cases."
"""JUnit classnames (``--junitxml``): ``mtg.cases.FILE`` (FILE relative to the case roots' common
directory) for a case, ``mtg.properties`` for a property, whatever pytest's rootdir (which
``mtg-conformance run`` moves when the properties run too): CI test history keeps its names."""
JUNIT_PROPERTIES = "mtg.properties"


class CaseFile(pytest.File):
    """A YAML file of conformance cases (``case_path``); collected by :class:`CaseSuite`."""

    junit_classname = JUNIT_CASES.rstrip(".")

    def __init__(self, *, case_path: Path, source_root: Path | None = None, **kwargs):
        super().__init__(**kwargs)
        self.case_path = case_path
        self.source_root = source_root  # results record sources relative to it (records.case_record)

    def collect(self):
        for case in loader.load_file(self.case_path):
            yield CaseItem.from_parent(self, name=case.id, case=case)

    def reportinfo(self):
        return self.case_path, 0, str(self.case_path)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFileErrors):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)


class CaseFailed(AssertionError):
    """A case whose checkpoints the engine did not meet."""


class CaseErrored(Exception):
    """A case the engine could not run: it crashed or answered something malformed."""


class CaseItem(pytest.Item):
    """One conformance case."""

    def __init__(self, *, case: Case, **kwargs):
        super().__init__(**kwargs)
        self.case = case
        # -k selects by any cited rule and by feature, not only by the id.
        self.extra_keyword_matches.update(case.rules)
        self.extra_keyword_matches.update(case.features)

    problem: str | None = None

    def runtest(self) -> None:
        engine, info = self.config.stash[ENGINE_KEY]
        if self.problem:
            outcome: compare.Outcome = compare.Errored(self.problem)
        else:
            outcome = compare.judge(engine, info, self.case)
        record = records.case_record(self.case, outcome, root=getattr(self.parent, "source_root", None))
        if isinstance(outcome, compare.Failed):  # it counts under the cited rules its failure shows broken
            from conformance.results.exercised import case_failing_rules

            record["cited_rules"], record["rules"] = list(self.case.rules), list(case_failing_rules(self.case, engine, info))
        if outcome.status in ("failed", "errored"):
            record["rerun"] = self._rerun()
        self.user_properties.append(("mtg_result", record))
        if isinstance(outcome, compare.Unsupported):
            pytest.skip(f"unsupported: {outcome.reason}")
        if isinstance(outcome, compare.Failed):
            raise CaseFailed(self._describe(info, [str(m) for m in outcome.mismatches]))
        if isinstance(outcome, compare.Errored):
            kind = "" if outcome.kind == "exception" else f"{outcome.kind}: "  # crash, timeout, protocol
            lines = [f"{kind}{outcome.message}", *outcome.detail.rstrip().splitlines()]
            raise CaseErrored(self._describe(info, lines, verb="could not run"))

    def _describe(self, info: EngineInfo, lines: list[str], verb: str = "fails") -> str:
        case = self.case
        where = f"{case.file}:{case.line}" if case.file else "(generated)"
        return "\n".join([
            f"case {case.id} {verb} on {info}",
            f"  rules:   {', '.join(case.rules)}",
            f"  source:  {case.source}   ({where})",
            f"  summary: {case.summary}",
            *(f"  {line}" for line in lines),
            f"  rerun:   {self._rerun()}",
        ])

    def _rerun(self) -> str:
        return rerun.command(self.config, "case", self.case.id, rerun.shown_path(self.config, self.case.file))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, (CaseFailed, CaseErrored)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return Path(self.case.file), (self.case.line or 1) - 1, f"case {self.case.id}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]):
    report = yield
    if isinstance(item, CaseItem):
        report.mtg_classname = getattr(item.parent, "junit_classname", JUNIT_CASES.rstrip("."))
    elif getattr(item, "prop", None) is not None:
        report.mtg_classname = JUNIT_PROPERTIES
    return report


class JunitNames:
    """Gives each JUnit test case its stable classname (:data:`JUNIT_CASES`) before junitxml
    records the report (a user attribute, as ``record_xml_attribute`` sets, wins over the one
    derived from the node id); in the process that writes the XML (the xdist controller too)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        classname = getattr(report, "mtg_classname", None)
        if classname is None:
            return
        from _pytest.junitxml import xml_key

        xml = self.config.stash.get(xml_key, None)
        if xml is not None:
            xml.node_reporter(report).add_attribute("classname", classname)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """A case whose id an earlier case already uses errors at once: ids must be unique."""
    cases = [item for item in items if isinstance(item, CaseItem)]
    duplicates = {(error.file, error.line): str(error) for error in loader.duplicate_ids(i.case for i in cases)}
    for item in cases:
        item.problem = duplicates.get((item.case.file, item.case.line))
    part = config.getoption("mtg_shard", None)
    if part is not None:  # --mtg-shard I/N: keep this shard's cases and properties (conformance.results.shard)
        from conformance.pytest_properties import PropertyItem

        def elsewhere(item: pytest.Item) -> bool:
            if isinstance(item, CaseItem):
                return not part.holds(item.case.id, "case")
            return isinstance(item, PropertyItem) and not part.holds(item.prop.id, "property")

        deselected = [item for item in items if elsewhere(item)]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = [item for item in items if not elsewhere(item)]
    rerun.select(config, items)  # --mtg-last-failed, --mtg-failed-first


class ResultCollector:
    """Gathers case results from reports (also those xdist workers send back)."""

    def __init__(self) -> None:
        self.results: list[CaseResult] = []
        self.statistics: list[dict[str, Any]] = []

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        result = results_of(report)
        if result is not None:
            self.results.append(result)
        if report.when == "call":
            self.statistics.extend(value for name, value in report.user_properties if name == "mtg_statistics")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Before each case: an interrupt the run went on after (something swallowed the
    ``KeyboardInterrupt`` it raised) stops the run here (:func:`conformance.interrupts.act_if_lost`)."""
    act_if_lost()


def pytest_sessionstart(session: pytest.Session) -> None:
    if ENGINE_KEY in session.config.stash and not session.config.pluginmanager.has_plugin("mtg-results"):
        session.config.pluginmanager.register(ResultCollector(), "mtg-results")


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    collector = config.pluginmanager.get_plugin("mtg-results")
    if collector is None or not collector.results:
        return
    if config.getoption("mtg_no_table"):
        return
    if config.getoption("mtg_statistics") and collector.statistics:
        terminalreporter.section("generated examples by rule")
        terminalreporter.write_line(statistics_table(collector.statistics))
    properties = render_properties([result.record for result in collector.results])
    if properties:
        terminalreporter.section("properties: examples and the rules each counts under")
        terminalreporter.write_line(properties)
    refusals = render_refusals([result.record for result in collector.results])
    if refusals:
        terminalreporter.section("examples the engine refused, by its reasons")
        terminalreporter.write_line(refusals)
    terminalreporter.section("conformance by rule")
    terminalreporter.write_line(render_table(collector.results))
