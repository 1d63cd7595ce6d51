"""Combining the results files of the shards of one run (``--shard I/N``) into that run, for
``mtg-conformance report`` (every format).

Files whose header names a shard are grouped by engine (name, version, spec) and shard count N;
each group must be one run: the same suite version, CR date, properties, profile and seed, and
every shard 1..N exactly once (a shard's file given alone is reported as that part of its run).
Anything else is refused (:class:`CaseFileErrors`, one line saying
which files differ in what, or which shard is missing or given twice): merging parts of
different runs would show a run that never happened. Files without a shard stay as they are.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from typing import Any

from conformance.errors import CaseFileError, CaseFileErrors, shown
from conformance.reports.text import STATUSES
from conformance.results.shard import parse as parse_shard
from conformance.results.stream import Run

SAME_RUN = (("suite version", lambda h: (h.get("suite") or {}).get("version")), ("CR", lambda h: h.get("cr")),
            ("properties", lambda h: bool(h.get("properties"))), ("profile", lambda h: h.get("profile")),
            ("seed", lambda h: h.get("seed")), ("expectations", lambda h: h.get("expectations")))


def _shard(run: Run) -> tuple[int, int] | None:
    text = run.header.get("shard")
    if not text:
        return None
    try:
        part = parse_shard(str(text))
    except argparse.ArgumentTypeError as exc:  # stream.read refuses it first
        raise CaseFileErrors([CaseFileError(run.path, str(exc), line=1, field="shard")]) from None
    return part.index, part.count


def _engine(run: Run) -> tuple[Any, ...]:
    engine = run.header.get("engine") or {}
    return engine.get("name"), engine.get("version"), engine.get("spec")


def combine(runs: Sequence[Run]) -> list[Run]:
    """``runs`` with each complete set of shards of one run merged into one, in first-seen order.
    One results file alone is reported as it is, a shard's too (a part of its run, which the
    reports say: :attr:`Run.partial_reason`; a CI job's summary of its own shard); of several
    files, the shards of a run must all be there."""
    if len(runs) == 1:
        if _shard(runs[0]) is not None:
            _no_result_twice(runs)  # a shard holds each of its cases once, alone as merged
        return list(runs)
    groups: dict[tuple[Any, ...], list[Run]] = {}
    order: list[Any] = []
    for run in runs:
        part = _shard(run)
        if part is None:
            order.append(run)
            continue
        key = (*_engine(run), part[1])
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(run)
    return [item if isinstance(item, Run) else merge(groups[item]) for item in order]


def merge(shards: Sequence[Run]) -> Run:
    """The shards of one run, as one run; raises :class:`CaseFileErrors` if they are not that."""
    first = shards[0]
    for what, value in SAME_RUN:
        values = {run.path: value(run.header) for run in shards}
        if len(set(map(repr, values.values()))) > 1:
            listed = ", ".join(f"{path} has {shown(value)}" for path, value in values.items())
            raise CaseFileErrors([CaseFileError(first.path, f"these shards are not of one run: their {what} differs "
                                                            f"({listed}); report them side by side one at a time")])
    count = _shard(first)[1]
    given = Counter(_shard(run)[0] for run in shards)
    twice = sorted(i for i, n in given.items() if n > 1)
    missing = [i for i in range(1, count + 1) if i not in given]  # count <= shard.MAX_SHARDS
    if twice:
        paths = {i: [run.path for run in shards if _shard(run)[0] == i] for i in twice}
        listed = "; ".join(f"shard {i}/{count} in {', '.join(p)}" for i, p in paths.items())
        raise CaseFileErrors([CaseFileError(first.path, f"a shard is given twice: {listed}")])
    if missing:
        engine = " ".join(str(part) for part in _engine(first)[:2])
        raise CaseFileErrors([CaseFileError(first.path, f"shard{'s' * (len(missing) > 1)} "
                                                        f"{', '.join(f'{i}/{count}' for i in missing[:10])}"
                                                        f"{f' and {len(missing) - 10:,} more' if len(missing) > 10 else ''}"
                                                        " of the run of "
                                                        f"{engine} {'are' if len(missing) > 1 else 'is'} missing "
                                                        f"(given: {', '.join(f'{i}/{count}' for i in sorted(given))})")])
    shards = sorted(shards, key=lambda run: _shard(run)[0])
    _no_result_twice(shards)
    header = {**first.header, "shard": None, "shards": [run.path for run in shards],
              "started": min(run.header.get("started", "") for run in shards)}
    results = [result for run in shards for result in run.results]
    footer = None
    if all(run.footer is not None for run in shards):
        totals = Counter(r["status"] for r in results)
        kinds = Counter()
        for run in shards:
            kinds.update(run.footer.get("errored_kinds") or {})
        footer = {"type": "footer", "totals": {s: totals[s] for s in STATUSES}, "errored_kinds": dict(sorted(kinds.items())),
                  "results": len(results), "duration": max(run.footer.get("duration", 0) for run in shards),
                  "finished": max(run.footer.get("finished", "") for run in shards),
                  "exit_status": max(int(run.footer.get("exit_status", 0)) for run in shards),
                  "interrupted": any(run.footer.get("interrupted") for run in shards)}
    cut = next((run.truncated_line for run in shards if run.truncated_line), None)
    return Run(" + ".join(run.path for run in shards), header, results, footer, cut)


def _no_result_twice(shards: Sequence[Run]) -> None:
    """The shards of one run hold each case (and property) once: one found in two files (or twice
    in one) is refused, naming it, rather than counted twice."""
    first: dict[tuple[str, str], str] = {}
    for run in shards:
        for result in run.results:
            key = (result.get("kind", "case"), result["id"])
            if key in first:
                where = f"{first[key]} and {run.path}" if first[key] != run.path else f"{run.path} twice"
                raise CaseFileErrors([CaseFileError(run.path, f"the {key[0]} {result['id']} is in {where}: these are "
                                                              "not the shards of one run (each holds its own cases)")])
            first[key] = run.path
