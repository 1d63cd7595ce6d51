"""Shared test set-up: the golden files are parsed once per test process.

Loading the golden suite (YAML parsing, JSON Schema validation, semantic checks, derived features)
costs seconds, and a dozen test modules load it at import while the in-process CLI runs load it
twice each (``cli._load`` and the pytest plugin's collection): that was most of a worker's time
before any test ran. ``loader.load_text`` is a pure function of its text and name and returns
frozen cases, so for the golden files only it is memoised here, keyed by the name AND the full
text (an edited file is a new key). The first load of each golden file in a process still runs the
real loader; a text that fails to load is never memoised (its error is raised every time); case
files anywhere else (tmp_path, hostile inputs, generated reproducers) always take the real path.
``portable.warnings`` (``check``'s warnings, a second YAML reading of every file) is memoised the
same way, for the golden files only.
"""

from __future__ import annotations

from pathlib import Path

from conformance.format import loader, portable

_GOLDEN = str(Path(loader.golden_dir()).resolve())
_real_load_text = loader.load_text
_real_warnings = portable.warnings


def _is_golden(name: str) -> bool:
    try:
        return str(Path(name).resolve().parent) == _GOLDEN
    except (OSError, ValueError):
        return False


def _memoized(real):
    """``real(text, name)`` remembered for golden files (by name and text), fresh for any other file."""
    memo: dict[tuple[str, str], tuple] = {}

    def wrapper(text: str, name: str = "<string>"):
        if not _is_golden(name):
            return real(text, name)
        key = (name, text)
        if key not in memo:
            memo[key] = tuple(real(text, name))
        return list(memo[key])

    wrapper.__doc__ = real.__doc__
    return wrapper


loader.load_text = _memoized(_real_load_text)
portable.warnings = _memoized(_real_warnings)
