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
_memo: dict[tuple[str, str], tuple] = {}
_warnings_memo: dict[tuple[str, str], tuple] = {}


def _is_golden(name: str) -> bool:
    try:
        return str(Path(name).resolve().parent) == _GOLDEN
    except (OSError, ValueError):
        return False


def _load_text(text: str, name: str = "<string>"):
    if not _is_golden(name):
        return _real_load_text(text, name)
    key = (name, text)
    if key not in _memo:
        _memo[key] = tuple(_real_load_text(text, name))
    return list(_memo[key])


_load_text.__doc__ = _real_load_text.__doc__
loader.load_text = _load_text


def _warnings(text: str, name: str):
    if not _is_golden(name):
        return _real_warnings(text, name)
    key = (name, text)
    if key not in _warnings_memo:
        _warnings_memo[key] = tuple(_real_warnings(text, name))
    return list(_warnings_memo[key])


_warnings.__doc__ = _real_warnings.__doc__
portable.warnings = _warnings
