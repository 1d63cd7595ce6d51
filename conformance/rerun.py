"""Rerunning failures: ``run --last-failed`` / ``--failed-first`` and the rerun line under a failure.

pytest's own cache (``--lf``) is off in ``mtg-conformance run`` (``-p no:cacheprovider``: nothing
of pytest's is written beside the cases), so the suite keeps its own small state file,
:data:`STATE_FILE` in the working directory: per engine spec, the ids of the cases and properties
that failed or errored. Every run updates it as pytest's cache does (a result that ran replaces
what the file said of it; failures of cases that did not run are kept). It is not written

- when the environment variable ``CI`` is set (GitHub Actions, GitLab CI and most others set it:
  a CI job's working directory is the engine's checkout, and its runs are thrown away), nor
- when nothing failed and the file does not exist yet (a clean run leaves nothing behind), nor
- when it, or ``.mtg-conformance``, is a symbolic link (a checkout could have put one there, leading
  to any file of the machine): it is then neither read nor written.
"""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Any

import pytest

from conformance.outputs import write_atomically
from conformance.format.files import link_on_the_way
from conformance.session import results_of

STATE_FILE = Path(".mtg-conformance") / "last-failed.json"
FORMAT = 1


def state_path(config: pytest.Config) -> Path:
    return Path(config.invocation_params.dir) / STATE_FILE


def _read(path: Path) -> dict[str, Any]:
    if link_on_the_way(path, path.parent.parent):  # planted by a checkout: not read, not written (docs/ci.md)
        return {"format": FORMAT, "engines": {}}
    try:
        state = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {"format": FORMAT, "engines": {}}
    if not isinstance(state, dict) or not isinstance(state.get("engines"), dict):
        return {"format": FORMAT, "engines": {}}
    return state


def last_failed(config: pytest.Config) -> set[tuple[str, str]]:
    """``(kind, id)`` of what failed or errored in the last run of this engine."""
    return failed_in(Path(config.invocation_params.dir), config.getoption("mtg_engine"))


def failed_in(directory: Path, spec: str) -> set[tuple[str, str]]:
    """``(kind, id)`` of what failed or errored in the last run of the engine ``spec`` from ``directory``."""
    entries = _read(directory / STATE_FILE)["engines"].get(spec, [])
    return {(e["kind"], e["id"]) for e in entries if isinstance(e, dict) and "kind" in e and "id" in e}


def item_key(item: pytest.Item) -> tuple[str, str] | None:
    if (case := getattr(item, "case", None)) is not None:
        return ("case", case.id)
    if (prop := getattr(item, "prop", None)) is not None:
        return ("property", prop.id)
    return None


def select(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--mtg-last-failed``: keep the last run's failures (all items when there were none);
    ``--mtg-failed-first``: put them first, the rest after, each part in its order."""
    only, first = config.getoption("mtg_last_failed"), config.getoption("mtg_failed_first")
    if not (only or first):
        return
    failed = last_failed(config)
    if not failed:
        return
    chosen = [item for item in items if item_key(item) in failed]
    rest = [item for item in items if item_key(item) not in failed]
    if only and chosen:
        config.hook.pytest_deselected(items=rest)
        items[:] = chosen
    elif first:
        items[:] = chosen + rest


class LastFailed:
    """Writes :data:`STATE_FILE` at the end of the session (the controller process only)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.ran: set[tuple[str, str]] = set()
        self.failed: list[tuple[str, str]] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        result = results_of(report)
        if result is None:
            return
        key = (result.kind, result.case)
        self.ran.add(key)
        if result.status in ("failed", "errored"):
            self.failed.append(key)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        save(Path(self.config.invocation_params.dir), self.config.getoption("mtg_engine"), self.ran, self.failed)


def save(directory: Path, spec: str, ran: set[tuple[str, str]], failed: list[tuple[str, str]]) -> None:
    """Update :data:`STATE_FILE` under ``directory`` for the engine ``spec`` after a run: what ``ran``
    replaces what the file said of it, ``failed`` is kept (not with ``$CI`` set, not through a link)."""
    if os.environ.get("CI") or not ran:
        return
    path = directory / STATE_FILE
    if (not failed and not path.exists()) or link_on_the_way(path, directory):
        return
    state = _read(path)
    kept = [(e["kind"], e["id"]) for e in state["engines"].get(spec, [])
            if isinstance(e, dict) and (e.get("kind"), e.get("id")) not in ran]
    state["engines"][spec] = [{"kind": k, "id": i} for k, i in dict.fromkeys([*kept, *failed])]
    state["format"] = FORMAT
    try:  # whole or not at all: a full disk leaves the last state as it was
        write_atomically(path, json.dumps(state, indent=1, ensure_ascii=False) + "\n")
    except OSError:
        pass  # a read-only working directory: rerunning is a convenience, never a failure


def shown_path(config: pytest.Config, file: str | None) -> str | None:
    """``file`` relative to the working directory when it is under it, else as it is."""
    if not file:
        return None
    try:
        return Path(file).resolve().relative_to(Path(config.invocation_params.dir).resolve()).as_posix()
    except ValueError:
        return file


def command(config: pytest.Config, kind: str, item_id: str, case_file: str | None = None) -> str:
    """The command that reruns just one case (``--cases FILE -k ID``) or property (``-k ID``)."""
    words = ["mtg-conformance", "run", "--engine", config.getoption("mtg_engine")]
    if kind == "case" and case_file:
        words += ["--cases", case_file]
    elif (profile := config.getoption("mtg_profile")) != "ci":
        words += ["--profile", profile]
    quoted = f"'{item_id}'" if "'" not in item_id else shlex.quote(item_id)  # always quoted, for the eye
    return " ".join(shlex.quote(w) for w in words) + f" -k {quoted}"
