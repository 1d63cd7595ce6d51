"""The suite's errors, by kind.

- :class:`CaseFileError`: one problem in a case file (YAML syntax, schema, a reference to
  something undeclared, a duplicate id). It names the file, the line, the case and the field.
- :class:`CaseFileErrors`: every problem found in one load, so a user fixes them all at once.
- :class:`Unsupported`: raised by an engine that meets something it cannot do; the case is
  reported as unsupported, never as a pass or a failure.
- :class:`EngineSpecError`: an ``--engine`` value that does not name a usable engine (for an
  ``exec:`` engine, also one that does not start or does not speak protocol v1).
- :class:`EngineFault` and its kinds, raised by :mod:`conformance.engines.harness` while an engine over
  the protocol runs a case (docs/protocol.md, "Outcomes"): :class:`EngineCrashed` (it exited),
  :class:`EngineTimedOut` (it did not answer in time), :class:`ProtocolError` (it answered
  something that is not a valid reply), :class:`EngineReportedError` (its ``error`` reply).
  :func:`conformance.results.compare.judge` turns each into an errored outcome of that ``kind``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

SHOWN_CHARS = 20
"""The most characters of a value that an error message quotes (:func:`shown`). A case file, an
expectations file or a results file may be anything a path leads to; an error quoting a whole
value could print a file that was never meant to be read (docs/ci.md, "What CI can trust")."""

_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ud800-\udfff]")


def one_line(text: str) -> str:
    """``text`` with every control, line-breaking and invisible formatting character written as its
    escape (``\\n``, ``\\u202e``): an error message is one line, and shows what it names."""
    return _INVISIBLE.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"), text)


def shown(value: Any, style: str = "repr", limit: int = SHOWN_CHARS) -> str:
    """``value`` as an error message quotes it: at most ``limit`` characters of it.

    A string is quoted (``style`` ``repr``: as Python writes it, ``'x'``; ``json``: ``"x"``) and,
    if longer, cut with an ellipsis and its length; a list or a mapping is written out when that
    is short, else named by its size; a number, true/false or null is written as it is (a huge
    integer by its size). Control characters are escaped (:func:`one_line`)."""
    if isinstance(value, str):
        quote = json.dumps if style == "json" else repr
        text = quote(value[:limit])
        if len(value) > limit:
            text = f"{text[:-1]}…{text[-1]} ({len(value):,} characters)"
        return one_line(text)
    if isinstance(value, bool) or value is None:
        return json.dumps(value) if style == "json" else repr(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 64 else f"an integer of {value.bit_length():,} bits"
    if isinstance(value, (list, tuple, dict)):
        if len(value) <= limit:
            try:
                text = json.dumps(value, ensure_ascii=False) if style == "json" else repr(value)
            except (TypeError, ValueError, RecursionError):
                text = ""
            if text and len(text) <= limit:
                return one_line(text)
        noun = ("key", "keys") if isinstance(value, dict) else ("item", "items")
        kind = "a mapping" if isinstance(value, dict) else "a list"
        return f"{kind} of {len(value):,} {noun[len(value) != 1]}"
    text = repr(value)
    return one_line(text if len(text) <= limit else f"{text[:limit]}…")


def shown_bare(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` from a file written unquoted (a key, a tag) when it is short, else as :func:`shown` cuts it."""
    return one_line(text) if len(text) <= limit else shown(text, limit=limit)


_CASE_NAME = re.compile(r"#[0-9]+|[A-Za-z0-9._/+-]{1,64}")
"""What a case is named by in full: its number (``#3``), or an id made of the characters of a case
id (a mistyped one too: ``613.4d/Base_Case``), at most 64 of them; anything else in its place is
shown as a value is, a few characters of it."""


@dataclass(frozen=True)
class CaseFileError:
    """One problem in a case file, located as precisely as the file allows."""

    file: str
    message: str
    line: int | None = None
    case: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        """One line, whatever its parts hold (a file name or a case id with a line break in it is
        shown with the escape, never as two lines)."""
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [where]
        if self.case is not None:  # an id, or a few characters of what the file has in its place
            parts.append(f"case {self.case if _CASE_NAME.fullmatch(self.case) else shown(self.case)}")
        if self.field:  # each key a few characters at most, as any value
            parts.append("/".join(shown_bare(part) for part in self.field.split("/")))
        return one_line(": ".join(parts) + f": {self.message}")


class CaseFileErrors(ValueError):
    """Every problem found while loading case files; ``str()`` gives one line per problem."""

    def __init__(self, errors: list[CaseFileError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


class Unsupported(Exception):
    """An engine cannot run a case: a feature or observable it lacks. Carries the reason."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class EngineGap(Unsupported):
    """Unsupported because the engine itself lacks what the case needs, as its adapter found by
    asking the engine (its Oracle parser reads no wording for the rule, or reads it as something
    else; it cannot report what the case observes), not because the adapter has not realised it
    yet. The verdict is the same (unsupported); ``benchmarks.explore`` counts these apart, as the
    share of a property no adapter could run on that engine."""


class EngineSpecError(ValueError):
    """An engine spec (``module:attribute`` or a known name) that cannot be loaded."""


class EngineFault(Exception):
    """An engine failed while running one case. ``kind`` names how, for
    :class:`conformance.results.compare.Errored`; ``detail`` is what helps to debug it (a traceback, the
    tail of the engine's standard error)."""

    kind = "exception"

    def __init__(self, message: str, detail: str = ""):
        self.message = message
        self.detail = detail
        super().__init__(message)


class EngineReportedError(EngineFault):
    """The engine answered a case with an ``error`` reply (its own exception, its traceback)."""

    kind = "exception"


class EngineCrashed(EngineFault):
    """The engine's process exited (or could not be restarted) before answering a case."""

    kind = "crash"


class EngineTimedOut(EngineFault):
    """The engine did not answer a case within the timeout; it was killed."""

    kind = "timeout"


class ProtocolError(EngineFault):
    """The engine answered a case with something that is not a valid reply: not JSON, a line
    over the size limit, the wrong ``seq``, a message not matching ``run-reply.json``, or the
    wrong number of snapshots."""

    kind = "protocol"
