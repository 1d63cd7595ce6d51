"""The suite's errors, by kind.

- :class:`CaseFileError`: one problem in a case file (YAML syntax, schema, a reference to
  something undeclared, a duplicate id). It names the file, the line, the case and the field.
- :class:`CaseFileErrors`: every problem found in one load, so a user fixes them all at once.
- :class:`Unsupported`: raised by an engine that meets something it cannot do; the case is
  reported as unsupported, never as a pass or a failure.
- :class:`EngineSpecError`: an ``--engine`` value that does not name a usable engine.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CaseFileError:
    """One problem in a case file, located as precisely as the file allows."""

    file: str
    message: str
    line: int | None = None
    case: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [where]
        if self.case is not None:
            parts.append(f"case {self.case}")
        if self.field:
            parts.append(self.field)
        return ": ".join(parts) + f": {self.message}"


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


class EngineSpecError(ValueError):
    """An engine spec (``module:attribute`` or a known name) that cannot be loaded."""
