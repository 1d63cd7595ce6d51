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

import os
from pathlib import Path

import pytest

from conformance.format import loader, portable

os.environ.setdefault("CI", "1")
"""The project's tests run as CI runs the suite: a failing ``run`` started from the checkout (most
tests start it there) keeps no rerun state (``.mtg-conformance/last-failed.json``, conformance/rerun.py)
in the checkout. The tests of that state unset ``CI`` themselves."""

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


FIRST = ("test_property_verdicts.py", "test_generated_coverage.py", "test_hostile_engines.py", "test_ci_recipe.py",
         "test_feature_contract.py",
         "test_shrinking.py", "test_properties.py", "test_cli.py", "test_kill_matrix.py", "test_harness.py", "test_strategies.py")
"""The test files that take longest (each 15 to 40 s of one worker: the property suite run whole by
a module fixture, shrinking, engines that hang or are interrupted), run first. Under pytest-xdist
each file goes to one worker (``--dist loadfile``, pyproject.toml) in collection order, as workers
become free: with the longest first, the short files fill in at the end and both workers finish
together, where a long file taken last kept one worker busy alone."""


def pytest_collection_modifyitems(items):
    rank = {name: number for number, name in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(FIRST)))  # stable: each file's own order kept


@pytest.fixture
def signals_as_from_a_terminal():
    """SIGINT and SIGTERM handled as in a process started from a terminal (Python's own SIGINT
    handler, SIGTERM's default) for a test that sends them to its own process, then put back. A test
    run started as a background job of a non-interactive shell has them ignored, which
    conformance.interrupts rightly keeps: such a test would then see its own signal vanish."""
    import signal

    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    if before[signal.SIGINT] == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if before[signal.SIGTERM] == signal.SIG_IGN:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        yield
    finally:
        for number, handler in before.items():
            if handler is not None:
                signal.signal(number, handler)
