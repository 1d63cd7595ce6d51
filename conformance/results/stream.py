"""The results stream: a JSON Lines file written as results arrive, and read back for reports.

``mtg-conformance run --results FILE.jsonl`` (pytest: ``--mtg-results FILE.jsonl``) writes

1. a header line: the suite and CR versions, the engine, the profile and seed, the shard, the
   command line and the start time;
2. one line per case and property, as its result arrives (records, :mod:`conformance.results.records`);
3. a footer line when the run ends: totals, duration, pytest's exit status.

Every line is written whole as it comes (never cut by a signal, nor by a full disk: a line that
cannot be written is cut back off, and the run goes on without the file), so a run that is killed
keeps every result it had; a file without a footer, or whose footer says ``interrupted`` or an
exit status of a run that did not run to its end, is read as an incomplete run. With ``-n N`` only the controller process
writes (the workers' results reach it as reports). The schema of a line is
``conformance/schema/results.schema.json``; docs/ci.md describes the fields.
"""

from __future__ import annotations

import argparse
import codecs
import datetime
import re
import functools
import json
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from conformance import CR_VERSION, __version__
from conformance.errors import CaseFileError, CaseFileErrors, shown
from conformance.engines.replies import message_problem
from conformance.format import files, limits, schema_errors
from conformance.results.shard import parse as parse_shard
from conformance.reports.text import STATUSES, CaseResult
from conformance.interrupts import Interrupts, deferred
from conformance.outputs import LineFile
from conformance.session import ENGINE_KEY, INTERRUPTS_KEY, results_of

FORMAT = 1


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def encode_line(line: dict[str, Any]) -> str:
    """One line of the results stream: strict JSON, UTF-8 encodable, whatever a record holds.

    A float that JSON cannot hold (``NaN``, ``Infinity``, which an engine may report or a record
    carry) is written as the string ``"NaN"``, ``"Infinity"`` or ``"-Infinity"``; a string that is
    not valid Unicode (a lone surrogate) has that character replaced by U+FFFD; anything else that
    is not JSON data is written as its ``repr``; nothing is lost over it."""
    try:
        return json.dumps(line, ensure_ascii=False, default=repr, allow_nan=False).encode("utf-8").decode("utf-8")
    except (ValueError, UnicodeEncodeError, RecursionError):
        return json.dumps(_plain(line), ensure_ascii=False, default=repr, allow_nan=False)


def _plain(value: Any, depth: int = 0) -> Any:
    if depth > 200:
        return repr(value)[:1000]
    if isinstance(value, float) and value != value:
        return "NaN"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, str):
        return re.sub("[\ud800-\udfff]", "\ufffd", value) if _bad_unicode(value) else value
    if isinstance(value, dict):
        return {_plain(str(k), depth + 1): _plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        return f"<an integer of {value.bit_length()} bits>"
    return value if value is None or isinstance(value, (bool, int, float)) else repr(value)


def _bad_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
        return False
    except UnicodeEncodeError:
        return True


def header(info: Any, *, spec: str, properties: bool, profile: str | None, seed: Any, shard: str | None,
           expectations: str | None, strict: bool | None, command: Sequence[str]) -> dict[str, Any]:
    """The header line of a run of the engine ``info`` describes (an :class:`EngineInfo`)."""
    return {
        "type": "header", "format": FORMAT,
        "suite": {"name": "mtg-conformance", "version": __version__}, "cr": CR_VERSION,
        "engine": {"name": info.name, "version": info.version, "spec": spec, "features": sorted(info.features),
                   "observables": {k: sorted(v) for k, v in info.observables.items()}},
        "properties": properties, "profile": profile if properties else None,
        "seed": None if seed is None or not properties else str(seed),
        "shard": shard, "expectations": expectations, "strict": strict if expectations else None,
        "command": list(command), "started": _now(),
    }


COMPLETE_EXIT_STATUSES = (int(pytest.ExitCode.OK), int(pytest.ExitCode.TESTS_FAILED),
                          int(pytest.ExitCode.NO_TESTS_COLLECTED))
"""pytest's exit statuses of a run that ran to its end (any other: interrupted, an internal or usage error)."""


class ResultsStream:
    """A pytest plugin writing the results stream (register it in the controller process only).

    The header goes out first, with the file: :meth:`start` (``mtg-conformance run`` calls it
    before the session, once the engine is described), else at the session's start. The footer
    goes out at the session's end, or, when the session was cut short before its end hooks, when
    pytest unconfigures, or when the caller calls :meth:`finish`. A signal never cuts a line
    (:meth:`conformance.interrupts.Interrupts.deferred`); a line that cannot be written (a full
    disk, a file-size limit) is cut back off and ends the file (:class:`conformance.outputs.LineFile`):
    :attr:`lost` says why; the run goes on. ``standalone`` (the plugin's own stream, under plain
    pytest): a lost file is one line at the end and pytest's exit status 3."""

    def __init__(self, path: str | Path, *, command: Sequence[str] = (), shard: str | None = None,
                 expectations: str | None = None, strict: bool | None = None,
                 annotate: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None,
                 interrupts: Interrupts | None = None, standalone: bool = False) -> None:
        self.path = Path(path)
        self.command = list(command)
        self.shard = shard
        self.expectations = expectations
        self.strict = strict
        self.annotate = annotate
        self.interrupts = interrupts
        self.standalone = standalone
        self.file: LineFile | None = None
        self.unopened: str | None = None  # why the file could not be made, at the session's start
        self.header_written = self.footer_written = False
        self.session: pytest.Session | None = None
        self.totals: Counter[str] = Counter()
        self.errored_kinds: Counter[str] = Counter()
        self.count = 0
        self.started = 0.0

    @property
    def lost(self) -> str | None:
        """Why lines of the file were not kept (``None``: every line written so far is in it)."""
        return self.file.lost if self.file is not None else self.unopened

    def open(self) -> None:
        """Create the file (and its directory); raises ``OSError`` when it cannot."""
        if self.file is None:
            self.file = LineFile(self.path)

    def write(self, line: dict[str, Any]) -> None:
        if self.file is not None:
            with deferred(self.interrupts):
                self.file.write(encode_line(line))

    def start(self, header_line: dict[str, Any]) -> None:
        """Open the file and write the header, at once."""
        with deferred(self.interrupts):
            self.open()
            self.started = time.monotonic()
            self.write(header_line)
            self.header_written = True

    @pytest.hookimpl(tryfirst=True)  # before pytest-xdist starts its workers, which takes seconds
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        config = session.config
        if ENGINE_KEY not in config.stash:
            return
        self.session = session
        if self.interrupts is None:
            self.interrupts = config.stash.get(INTERRUPTS_KEY, None)
        if self.header_written:
            return
        first = header(
            config.stash[ENGINE_KEY][1], spec=config.getoption("mtg_engine"),
            properties=bool(config.getoption("mtg_properties")), profile=config.getoption("mtg_profile"),
            seed=config.getoption("hypothesis_seed", None), shard=self.shard or config.getoption("mtg_shard", None),
            expectations=self.expectations or config.getoption("mtg_expectations", None),
            strict=self.strict if self.strict is not None else bool(config.getoption("mtg_strict", False)),
            command=self.command or ["pytest", *map(str, config.invocation_params.args)])
        try:
            self.start(first)
        except OSError as exc:  # the run goes on; one line at its end (standalone)
            self.unopened = f"{exc.strerror or exc}: nothing was written"

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        result = results_of(report)
        if result is not None:
            self.add(result.record, report.duration)

    def add(self, record: dict[str, Any], duration: float) -> None:
        """Write one result (``mtg-conformance run --corpus`` calls it for each scenario, outside pytest)."""
        self.count += 1
        self.totals[record["status"]] += 1
        if record["status"] == "errored":
            self.errored_kinds[record["error_kind"] or "exception"] += 1
        line = {"type": "result", **record, "duration": round(duration, 4)}
        if self.annotate is not None and (expected := self.annotate(record)) is not None:
            line["expected"] = expected
        self.write(line)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        self.finish(int(exitstatus))
        if self.standalone and self.lost and session.exitstatus != pytest.ExitCode.INTERRUPTED:
            session.exitstatus = pytest.ExitCode.INTERNAL_ERROR

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if self.standalone and self.lost:
            terminalreporter.write_line(f"mtg-conformance: --mtg-results {self.path}: cannot write the results: "
                                        f"{self.lost}", red=True)

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        """The session ended before its end hooks reached this one (an interrupt in an earlier one)."""
        self.finish(int(self.session.exitstatus) if self.session is not None else int(pytest.ExitCode.INTERRUPTED))

    def finish(self, exit_status: int, interrupted: bool = False) -> None:
        """Write the footer, unless it is written; close the file. The run was ``interrupted`` when
        told so, when pytest says so, or when a SIGINT or SIGTERM came at any time."""
        with deferred(self.interrupts):
            if self.header_written and not self.footer_written:
                interrupted = (interrupted or exit_status == pytest.ExitCode.INTERRUPTED
                               or (self.interrupts is not None and self.interrupts.first is not None))
                self.write({
                    "type": "footer", "totals": {s: self.totals[s] for s in STATUSES},
                    "errored_kinds": dict(sorted(self.errored_kinds.items())), "results": self.count,
                    "duration": round(time.monotonic() - self.started, 3), "finished": _now(),
                    "exit_status": exit_status, "interrupted": interrupted,
                })
                self.footer_written = True
            self.close()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


# --- reading -----------------------------------------------------------------------------------------


@dataclass
class Run:
    """A results file, read back."""

    path: str
    header: dict[str, Any]
    results: list[dict[str, Any]] = field(default_factory=list)
    footer: dict[str, Any] | None = None
    truncated_line: int | None = None  # the line number of a last line cut off mid-write

    @property
    def complete(self) -> bool:
        return self.incomplete_reason is None

    @property
    def incomplete_reason(self) -> str | None:
        if self.footer is None:
            cut = f"; line {self.truncated_line} was cut off mid-write" if self.truncated_line else ""
            return f"the run did not finish (no footer line){cut}: these are the results it had"
        if self.footer.get("interrupted"):
            return "the run was interrupted: these are the results it had"
        status = self.footer.get("exit_status")
        if status is not None and status not in COMPLETE_EXIT_STATUSES:
            return (f"the run did not complete (pytest exit status {status}"
                    f"{' (interrupted)' if status == pytest.ExitCode.INTERRUPTED else ''}): these are the results it had")
        return None

    @property
    def partial_reason(self) -> str | None:
        """For a shard's results file reported alone: it holds a part of its run only."""
        shard = self.header.get("shard")
        if not shard:
            return None
        return (f"shard {shard} of a run split with --shard: these are that shard's results only; report every "
                "shard's results file together for the whole run")

    @property
    def engine(self) -> str:
        engine = self.header.get("engine", {})
        return f"{engine.get('name', '?')} {engine.get('version', '?')}"

    def case_results(self) -> list[CaseResult]:
        return [CaseResult(r["id"], tuple(r["rules"]), r["status"], kind=r.get("kind", "case"), record=r)
                for r in self.results]

    def totals(self) -> dict[str, int]:
        counts = Counter(r["status"] for r in self.results)
        return {s: counts[s] for s in STATUSES}


MAX_DEPTH = 100
"""The deepest a line of a results file may nest (records nest a few levels around engine values,
which the harness bounds at 64)."""


def _no_constant(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


@functools.cache
def schema() -> dict[str, Any]:
    return json.loads(resources.files("conformance").joinpath("schema/results.schema.json").read_text("utf-8"))


def read(path: str | Path) -> Run:
    """Read a results file; raise :class:`CaseFileErrors` (one line: file, line, field) if it is not one.

    A last line cut off mid-write (a killed run) is not an error: the run is incomplete."""
    name = str(path)
    data = files.read(path, "results file", limits.MAX_RESULTS_BYTES)  # regular, bounded, not through a link
    lines = data.removeprefix(codecs.BOM_UTF8).split(b"\n")  # a byte order mark is skipped
    ends_cleanly = lines[-1] == b""
    if ends_cleanly:
        lines.pop()
    if not lines:
        raise CaseFileErrors([CaseFileError(name, "the file is empty: no header line (is it a results file?)", line=1)])
    run: Run | None = None
    defs = schema()["$defs"]
    for number, raw in enumerate(lines, 1):
        last = number == len(lines)
        try:
            line = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
            problem = message_problem(line, MAX_DEPTH)
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            if last and not ends_cleanly and run is not None:
                run.truncated_line = number
                break
            reason = (exc.msg if isinstance(exc, json.JSONDecodeError) else "not UTF-8" if isinstance(exc, UnicodeDecodeError)
                      else f"nested more than {MAX_DEPTH} deep" if isinstance(exc, RecursionError) else str(exc))
            raise CaseFileErrors([CaseFileError(name, f"not a JSON line ({reason})", line=number)]) from None
        if problem:
            raise CaseFileErrors([CaseFileError(name, f"not a results line: {problem}", line=number)])
        kind = line.get("type") if isinstance(line, dict) else None
        if kind not in ("header", "result", "footer"):
            shown_kind = shown(kind, "json") if isinstance(line, dict) else f"a JSON {type(line).__name__}"
            problem = (f"expected an object with type header, result or footer, got {shown_kind}"
                       if isinstance(line, dict) else f"expected a JSON object, got {shown_kind}")
            raise CaseFileErrors([CaseFileError(name, problem, line=number, field="type" if isinstance(line, dict) else None)])
        error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(
            {**defs[kind], "$defs": defs}).iter_errors(line))
        if error is not None:
            where = "/".join(str(p) for p in error.absolute_path)
            raise CaseFileErrors([CaseFileError(name, schema_errors.message(error), line=number, field=where or None)])
        if number == 1 and kind != "header":
            raise CaseFileErrors([CaseFileError(name, f"the first line must be the header, not a {kind} line "
                                                      "(is it a results file?)", line=1, field="type")])
        if run is None:
            _check_shard(name, line.get("shard"))
            run = Run(name, line)
            continue
        if kind == "header":
            raise CaseFileErrors([CaseFileError(name, "a second header line (two runs written into one file?)",
                                                line=number, field="type")])
        if run.footer is not None:
            raise CaseFileErrors([CaseFileError(name, "a line after the footer", line=number, field="type")])
        if kind == "footer":
            run.footer = line
        else:
            from conformance.results.records import normalize

            run.results.append({**normalize(line), **{k: v for k, v in line.items() if k in ("duration", "expected")}})
    assert run is not None
    return run


def _check_shard(name: str, text: Any) -> None:
    """A header's ``shard``: null, or ``I/N`` as ``--shard`` takes it (1 <= I <= N)."""
    if text is None:
        return
    try:
        parse_shard(text)
    except argparse.ArgumentTypeError as exc:
        raise CaseFileErrors([CaseFileError(name, str(exc), line=1, field="shard")]) from None
