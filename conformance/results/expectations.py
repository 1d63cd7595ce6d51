"""Expectations files: an engine's known results, kept by its authors, for CI gating.

The V8 ``test262.status`` / WPT expectations model: the suite stays the same for everyone, and
each engine lists where it is known to differ, by case id, glob, rule or feature, with an
outcome, a reason and a bug link. ``mtg-conformance run --expectations FILE`` then exits 0
exactly when every result is as expected (docs/ci.md).

Outcomes and the results they accept (a result's *class* is :func:`result_class`):

=============  ===========================================================================
``fail``       the case fails: wrong values, the engine raised (or answered ``error``), or
               its answer was malformed (errored, kind ``exception`` or ``protocol``)
``crash``      the engine process exited (errored, kind ``crash``)
``timeout``    the engine did not answer in time (errored, kind ``timeout``)
``unsupported`` the engine cannot run it (it lacks a feature or says so)
``flaky``      passes or fails (class ``pass`` or ``fail``)
``pass``       as with no entry: passes or is unsupported (overrides a broader entry)
=============  ===========================================================================

Where several entries match a result, the most specific kind decides (id, then glob, then rule,
then feature); among entries of one kind, the first in the file. A result no entry matches is
expected to pass or be unsupported, as without an expectations file. An unexpected pass is
reported but gates only with ``--strict``; any other unexpected result gates.
"""

from __future__ import annotations

import fnmatch
import functools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from conformance.format import files, schema_errors, yamlsource
from conformance.errors import CaseFileError, CaseFileErrors, shown
from conformance.outputs import write_atomically

OUTCOMES = ("fail", "crash", "timeout", "unsupported", "flaky", "pass")
ACCEPTS: dict[str, frozenset[str]] = {
    "fail": frozenset({"fail"}),
    "crash": frozenset({"crash"}),
    "timeout": frozenset({"timeout"}),
    "unsupported": frozenset({"unsupported"}),
    "flaky": frozenset({"pass", "fail"}),
    "pass": frozenset({"pass", "unsupported"}),
}
DEFAULT = "pass"  # what a result no entry matches is expected to do
SELECTORS = ("id", "glob", "rule", "feature")  # most specific first
KINDS = ("case", "property", "corpus")


def result_class(record: Mapping[str, Any]) -> str:
    """The outcome class of a result record: pass, fail, crash, timeout or unsupported.

    An exception or a malformed answer (errored, kind ``exception`` or ``protocol``) is a
    ``fail``: the engine does not do this case right, and which way it goes wrong may change
    between versions. A crash or a timeout stays apart: it costs a process restart or the whole
    timeout, and usually points at another bug than a wrong value."""
    status = record["status"]
    if status == "passed":
        return "pass"
    if status == "errored" and record.get("error_kind") in ("crash", "timeout"):
        return record["error_kind"]
    return {"failed": "fail", "errored": "fail", "unsupported": "unsupported"}[status]


def covers(rule: str, cited: str) -> bool:
    """Whether ``rule`` is ``cited`` or one of its parents (613 covers 613.4; 701.10 covers 701.10c)."""
    if cited == rule:
        return True
    if not cited.startswith(rule):
        return False
    following = cited[len(rule)]
    return following == "." or (following.isalpha() and rule[-1].isdigit() and "." in rule)


@dataclass(frozen=True)
class Entry:
    """One entry of an expectations file."""

    selector: str  # one of SELECTORS
    value: str
    outcome: str
    reason: str
    bug: str | None = None
    kind: str | None = None  # None: cases and properties
    line: int | None = None
    file: str | None = field(default=None, compare=False)

    def matches(self, record: Mapping[str, Any]) -> bool:
        if self.kind is not None and record.get("kind", "case") != self.kind:
            return False
        if self.selector == "id":
            return record["id"] == self.value
        if self.selector == "glob":
            return fnmatch.fnmatchcase(record["id"], self.value)
        if self.selector == "rule":
            return any(covers(self.value, rule) for rule in record.get("rules", ()))
        return self.value in record.get("features", ())

    def accepts(self, result: str) -> bool:
        return result in ACCEPTS[self.outcome]

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}" if self.file and self.line else (self.file or "")

    def __str__(self) -> str:
        kind = f", {self.kind}s only" if self.kind else ""
        return f"{self.selector} {self.value}{kind}: {self.outcome}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {self.selector: self.value}
        if self.kind:
            out["kind"] = self.kind
        out["outcome"] = self.outcome
        out["reason"] = self.reason
        if self.bug:
            out["bug"] = self.bug
        return out


@dataclass(frozen=True)
class Expectations:
    file: str
    entries: tuple[Entry, ...]
    engine: str | None = None
    preamble: str = ""  # the file's leading comment lines, kept by --update-expectations

    def entry_for(self, record: Mapping[str, Any]) -> Entry | None:
        """The entry that decides ``record``: the most specific kind, then the first in the file."""
        best = None
        for entry in self.entries:
            if entry.matches(record) and (best is None or
                                          SELECTORS.index(entry.selector) < SELECTORS.index(best.selector)):
                best = entry
        return best


# --- loading ---------------------------------------------------------------------------------------


@functools.cache
def schema() -> dict[str, Any]:
    """The JSON Schema of expectations files, as shipped inside the package."""
    return json.loads(resources.files("conformance").joinpath("schema/expectations.schema.json").read_text("utf-8"))


def load(path: str | Path) -> Expectations:
    """Read and check an expectations file; raise :class:`CaseFileErrors`, one line per problem."""
    name = str(path)
    data = files.read(path, "expectations file")  # a regular file, bounded, not through a link (docs/ci.md)
    try:
        text = data.decode("utf-8-sig")  # a byte order mark is skipped
    except UnicodeDecodeError as exc:
        raise CaseFileErrors([CaseFileError(name, f"cannot read the expectations file: not UTF-8 text "
                                                  f"(offset {exc.start})", line=data.count(b"\n", 0, exc.start) + 1)]) \
            from None
    return load_text(text, name)


def load_text(text: str, name: str = "<string>") -> Expectations:
    from conformance.format.features import FEATURES

    try:
        document = yamlsource.parse(text)
    except yamlsource.YamlProblem as exc:
        raise CaseFileErrors([CaseFileError(name, exc.message, line=exc.line)]) from None
    data = document.data
    errors = [_schema_error(name, document, error)
              for error in jsonschema.Draft202012Validator(schema()).iter_errors(data)]
    if errors:
        errors.sort(key=lambda e: (e.line or 0, e.field or ""))
        raise CaseFileErrors(errors)
    entries, first_line = [], {}
    for index, raw in enumerate(data["expectations"]):
        at = ("expectations", index)
        selector = next(s for s in SELECTORS if s in raw)
        value = str(raw[selector])
        line = document.line_of(at)
        if selector == "feature" and value not in FEATURES:
            errors.append(CaseFileError(name, f"unknown feature {value!r} (see mtg-conformance features)",
                                        line=document.line_of(at + ("feature",)), field=_field(at + ("feature",))))
        key = (selector, value, raw.get("kind"))
        if key in first_line:
            errors.append(CaseFileError(name, f"a second entry for {selector} {value!r} (the first is on line "
                                              f"{first_line[key]})", line=line, field=_field(at)))
        first_line.setdefault(key, line)
        entries.append(Entry(selector, value, raw["outcome"], raw["reason"], raw.get("bug"), raw.get("kind"),
                             line, name))
    if errors:
        raise CaseFileErrors(errors)
    preamble = "".join(f"{line}\n" for line in _leading_comments(text))
    return Expectations(name, tuple(entries), data.get("engine"), preamble)


def _leading_comments(text: str) -> list[str]:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return lines


def _field(path: Iterable[Any]) -> str:
    return "/".join(str(p) for p in path)


def _schema_error(name: str, document: yamlsource.Document, error: jsonschema.ValidationError) -> CaseFileError:
    path = tuple(error.absolute_path)
    kind, instance, schema_ = error.validator, error.instance, error.schema
    if kind == "additionalProperties":
        extra = sorted(set(instance) - set(schema_.get("properties", {})))
        path += tuple(extra[:1])
    if kind == "oneOf" and path[:1] == ("expectations",):
        given = [s for s in SELECTORS if isinstance(instance, Mapping) and s in instance]
        message = ("give exactly one of id, glob, rule or feature" +
                   (f" (this entry has {', '.join(given)})" if given else ""))
    elif kind == "enum":
        message = f"{shown(instance)} is not one of: {', '.join(map(str, error.validator_value))}"
    elif kind == "const":
        message = f"{shown(instance)}: this suite reads expectations format {error.validator_value}"
    elif kind == "anyOf" and path[-1:] == ("rule",):
        message = f"{shown(instance)} is not a CR rule number such as 613, 613.4 or 613.4d"
    elif kind == "minLength":
        message = "must not be empty"
    else:
        message = schema_errors.message(error)
    if not path and kind == "type":
        message = "expected a mapping with 'format: 1' and 'expectations:', got " + shown(instance, "json")
    return CaseFileError(name, message, line=document.line_of(path), field=_field(path) or None)


# --- judging a run ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """One result against the expectations."""

    record: Mapping[str, Any]
    result: str  # result_class(record)
    entry: Entry | None

    @property
    def expected(self) -> str:
        return self.entry.outcome if self.entry else DEFAULT

    @property
    def as_expected(self) -> bool:
        return self.result in ACCEPTS[self.expected]

    @property
    def verdict(self) -> str:
        """``expected``, ``unexpected-pass`` or ``unexpected``."""
        if self.as_expected:
            return "expected"
        return "unexpected-pass" if self.result == "pass" else "unexpected"

    def to_dict(self) -> dict[str, Any]:
        """The annotation a results stream line carries."""
        return {"outcome": self.expected, "verdict": self.verdict,
                **({"entry": self.entry.where, "reason": self.entry.reason,
                    **({"bug": self.entry.bug} if self.entry.bug else {})} if self.entry else {})}


@dataclass(frozen=True)
class Judgement:
    expectations: Expectations
    verdicts: tuple[Verdict, ...]

    @property
    def unexpected(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.verdict == "unexpected"]

    @property
    def unexpected_passes(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.verdict == "unexpected-pass"]

    @property
    def unused(self) -> list[Entry]:
        used = {id(v.entry) for v in self.verdicts if v.entry is not None}
        return [e for e in self.expectations.entries if id(e) not in used]

    def exit_status(self, strict: bool = False) -> int:
        return 1 if self.unexpected or (strict and self.unexpected_passes) else 0

    def render(self, strict: bool = False) -> str:
        """The lines printed after the per-rule table."""
        verdicts = self.verdicts
        known = sum(1 for v in verdicts if v.as_expected and v.result not in ("pass", "unsupported"))
        parts = [f"{sum(v.as_expected for v in verdicts)} of {len(verdicts)} results as expected "
                 f"({known} known failure{'s' * (known != 1)})"]
        if self.unexpected:
            parts.append(f"{len(self.unexpected)} unexpected")
        if self.unexpected_passes:
            parts.append(f"{len(self.unexpected_passes)} unexpected pass{'es' * (len(self.unexpected_passes) != 1)}")
        lines = [f"Expectations from {self.expectations.file}: " + ", ".join(parts)]
        for v in self.unexpected:
            message = " ".join(str(v.record.get("message") or "").split())
            lines.append(f"  UNEXPECTED {_name(v)} {_got(v)} (expected {_expected(v)}): {message}")
        for v in self.unexpected_passes:
            lines.append(f"  UNEXPECTED PASS {_name(v)} passes (expected {_expected(v)}); "
                         f"remove the entry or run --update-expectations" + ("" if strict else " (gates with --strict)"))
        unused = self.unused
        if unused:
            shown = ", ".join(f"line {e.line} ({e.selector} {e.value})" for e in unused[:5])
            more = f" and {len(unused) - 5} more" if len(unused) > 5 else ""
            lines.append(f"  note: {len(unused)} entr{'ies' if len(unused) != 1 else 'y'} matched no result in this "
                         f"run: {shown}{more}")
        status = self.exit_status(strict)
        lines.append("  every result is as expected" if status == 0 and not self.unexpected_passes else
                     "  the run passes: the only surprises are passes" if status == 0 else
                     "  the run fails: " + ("some results are unexpected" if self.unexpected else
                                            "unexpected passes fail the run with --strict"))
        return "\n".join(lines)


def _name(v: Verdict) -> str:
    kind = "property " if v.record.get("kind") == "property" else ""
    return f"{kind}{v.record['id']}"


def _got(v: Verdict) -> str:
    record = v.record
    if record["status"] == "errored":
        return f"errored ({record.get('error_kind') or 'exception'})"
    return record["status"]


def _expected(v: Verdict) -> str:
    if v.entry is None:
        return "pass: no entry"
    return f"{v.entry.outcome}, {v.entry.where}"


def judge(expectations: Expectations, records: Iterable[Mapping[str, Any]]) -> Judgement:
    return Judgement(expectations, tuple(verdict(expectations, r) for r in records))


def verdict(expectations: Expectations, record: Mapping[str, Any]) -> Verdict:
    return Verdict(record, result_class(record), expectations.entry_for(record))


# --- writing the file from a run ----------------------------------------------------------------------


@dataclass(frozen=True)
class Update:
    expectations: Expectations
    kept: int
    added: int
    removed: int

    def __str__(self) -> str:
        total = len(self.expectations.entries)
        return (f"wrote {self.expectations.file}: {total} entr{'ies' if total != 1 else 'y'} "
                f"({self.kept} kept, {self.added} added, {self.removed} removed)")


def update(base: Expectations | None, records: Iterable[Mapping[str, Any]], path: str | Path,
           engine: str | None = None) -> Update:
    """Expectations that the run's ``records`` meet exactly, keeping what still applies of ``base``.

    An entry is kept (reason, bug and all) when every result it decides in this run is as it
    says, or when it decided nothing here (a case not run: another shard, ``-k``). A broad entry
    (glob, rule, feature) that some results still meet is kept, with id entries for the results
    that now differ. Any other entry that decided something is dropped, and each of its results
    that does not pass gets an id entry of its own, keeping the bug link. Every other result that
    does not pass or is unsupported gets a new id entry, its message as the reason. The file is
    replaced whole or not at all (raises ``OSError``, the old file untouched)."""
    records = list(records)
    base = base or Expectations(str(path), ())
    decided: dict[int, list[Verdict]] = {}
    for record in records:
        v = verdict(base, record)
        if v.entry is not None:
            decided.setdefault(id(v.entry), []).append(v)
    kept = []
    bug_of: dict[tuple[str, str], str | None] = {}
    for entry in base.entries:
        verdicts = decided.get(id(entry), [])
        good = [v for v in verdicts if v.as_expected]
        if len(good) == len(verdicts) or (entry.selector != "id" and good):
            kept.append(entry)
        else:
            for v in verdicts:
                bug_of[(v.record["id"], v.record.get("kind", "case"))] = entry.bug
    property_ids = _property_ids()
    added: list[Entry] = []
    current = Expectations(str(path), tuple(kept))
    for record in records:
        v = verdict(current, record)
        if v.as_expected or v.entry is None and v.result in ACCEPTS[DEFAULT]:
            continue
        kind = record.get("kind", "case")
        qualified = kind in ("property", "corpus") or record["id"] in property_ids
        message = " ".join(str(record.get("message") or "").split())
        if v.result == "pass":
            reason = f"passes (overrides {v.entry.selector} {v.entry.value})" if v.entry else "passes"
        else:
            reason = message[:200] or f"{v.result} in this run"
        entry = Entry("id", record["id"], v.result, reason, bug_of.get((record["id"], kind)),
                      kind if qualified else None)
        added.append(entry)
        current = Expectations(str(path), (*current.entries, entry))
    added.sort(key=lambda e: (e.value, e.kind or ""))
    entries = (*kept, *added)
    result = Expectations(str(path), entries, engine or base.engine, base.preamble)
    write_atomically(path, dump(result))  # whole or not at all: an OSError leaves the old file as it was
    return Update(load(path), len(kept), len(added), len(base.entries) - len(kept))


def _property_ids() -> set[str]:
    from conformance.laws import catalogue as properties

    return {properties.DIFFERENTIAL_ID, *(p.id for p in properties.PROPERTIES)}


def dump(expectations: Expectations) -> str:
    """An expectations file's text (comments other than the leading ones are not kept)."""
    preamble = expectations.preamble or (
        "# Expected results of mtg-conformance for this engine (docs/ci.md). Each entry: one of id, glob,\n"
        "# rule or feature; outcome fail | crash | timeout | unsupported | flaky | pass; reason; bug (a link).\n")
    document: dict[str, Any] = {"format": 1}
    if expectations.engine:
        document["engine"] = expectations.engine
    document["expectations"] = [e.to_dict() for e in expectations.entries]
    return preamble + yamlsource.dump(document, sort_keys=False, allow_unicode=True, width=110)
