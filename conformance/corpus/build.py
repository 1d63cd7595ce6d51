"""Drawing the corpus (``mtg-conformance corpus build``): every property of the suite, run on the
reference engine as the ``ci`` profile runs it, in chunks of :data:`CHUNK` examples, each chunk
under a seed of its own; every scenario a property gives the engine in those examples is kept,
with the reference engine's snapshots of it as its expected values.

So the corpus holds what the properties generate, in their proportions (each element and each
declared interaction as often as the properties reach it), and any one chunk can be drawn again
alone (:func:`draw_chunk`): the consistency test redraws a sample of them and compares. The replay
order is round by round (chunk 0 of every property, then chunk 1, ...), each round's chunks
interleaved (:func:`interleaved`), so the first N scenarios (``run --corpus-size N``) are a sample of
every property; the file keeps them chunk by chunk, which compresses better, and its header lists
the chunks. Drawing needs Hypothesis (its version is
in the header: another version may draw other scenarios); replaying never does.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from conformance.corpus.store import Scenario, decode_case, decode_expected, interleaved

CHUNK = 100
"""Examples a chunk runs: the ``ci`` profile's number."""
DEFAULT_SIZE = 20_000
"""Scenarios in the shipped corpus (docs/corpus.md: about 2 MB, three minutes to draw on one core)."""


class _Recorder:
    """The reference engine as the engine under test, keeping each case it is given with its answer."""

    def __init__(self) -> None:
        from reference_engine import ReferenceEngine

        self.engine = ReferenceEngine()
        self.ran: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    def describe(self):
        return self.engine.describe()

    def run(self, plain: dict[str, Any]) -> list[dict[str, Any]]:
        kept = json.loads(json.dumps(plain))  # as the engine was given it, whatever happens to it later
        snapshots = self.engine.run(plain)
        self.ran.append((kept, json.loads(json.dumps(snapshots))))
        return snapshots


def chunk_seed(property_id: str, chunk: int) -> int:
    """The seed of one chunk of one property: from their names, nothing else."""
    return int.from_bytes(hashlib.sha256(f"mtg-conformance corpus:{property_id}:{chunk}".encode()).digest()[:8], "big")


def scenario_id(property_id: str, chunk: int, number: int) -> str:
    """``613.4d/corpus-two-switches-cancel-0-17``: the property's rule, its name, the chunk and the
    scenario's number in it (a case id: ``reduce`` writes it into a case file)."""
    from conformance.laws.counterexamples import slug

    rule, _, name = property_id.partition("/")
    return f"{rule}/corpus-{slug(name)[:40].strip('-')}-{chunk}-{number}"


def observed(plain: dict[str, Any], snapshots: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The snapshots as a differential property compares them: every object the reference engine
    reports; the players where the checkpoint observes players (docs/engines.md, "What a property
    compares")."""
    checkpoints = [step["expect"] for step in plain["steps"] if "expect" in step]
    return [{"objects": snapshot["objects"], **({"players": snapshot.get("players", {})}
                                                 if checkpoint.get("players") is not None else {})}
            for checkpoint, snapshot in zip(checkpoints, snapshots)]


def _scenario(property_id: str, chunk: int, number: int, plain: dict[str, Any],
              snapshots: list[dict[str, Any]]) -> Scenario:
    from conformance.format.model import Case
    from conformance.reports.text import rule_key
    from conformance.results.exercised import exercised_rules

    case = Case.from_dict(plain)
    scenario = Scenario(scenario_id(property_id, chunk, number), property_id,
                        tuple(sorted(exercised_rules(case), key=rule_key)), tuple(sorted(case.features)),
                        plain, observed(plain, snapshots))
    line = scenario.to_line()  # what the file will hold gives back exactly this scenario, or the build stops
    if (_canonical(decode_case(line["case"])) != _canonical(plain)
            or _canonical(decode_expected(line["expected"])) != _canonical(scenario.expected)):
        raise AssertionError(f"{scenario.id}: the corpus encoding does not give the scenario back")
    return scenario


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def draw_chunk(prop, chunk: int, law_failures: list[str] | None = None) -> list[Scenario]:
    """The scenarios of chunk ``chunk`` of ``prop``: :data:`CHUNK` examples of the property on the
    reference engine under the chunk's seed, each scenario once (in the order first given). A law
    the reference engine does not meet is noted in ``law_failures`` (the reference engine or the law
    is wrong: find out which), and the examples go on."""
    from hypothesis import HealthCheck, Phase, given, seed, settings
    from hypothesis import strategies as st

    from conformance.engines.interface import describe
    from conformance.laws import constants
    from conformance.laws.property import PropertyFailed, Subject
    from conformance.laws.runner import property_check

    recorder = _Recorder()
    info = describe(recorder.engine)
    features, check = property_check(prop, info, recorder.engine)
    if check is None:
        return []
    subject = Subject(recorder, info, features)
    kept: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    def example(data) -> None:
        subject.start()
        recorder.ran.clear()
        try:
            check(subject, data, features)
        except PropertyFailed as exc:  # a law the reference engine breaks: said, and its scenarios kept
            if law_failures is not None:
                law_failures.append(f"{prop.id} (chunk {chunk}): {str(exc).splitlines()[0]}")
        kept.extend(recorder.ran)  # an example the law or an engine set aside keeps nothing

    test = given(st.data())(example)
    test = settings(max_examples=CHUNK, database=None, deadline=None, derandomize=False, phases=[Phase.generate],
                    suppress_health_check=list(HealthCheck), report_multiple_bugs=False, print_blob=False)(test)
    test = seed(chunk_seed(prop.id, chunk))(test)
    with constants.none_from_local_code():
        test()
    seen: set[str] = set()
    scenarios = []
    for plain, snapshots in kept:
        key = _canonical(plain)
        if key in seen:
            continue
        seen.add(key)
        scenarios.append(_scenario(prop.id, chunk, len(scenarios), plain, snapshots))
    return scenarios


def properties() -> tuple:
    from conformance.laws.catalogue import all_properties

    return all_properties()


@dataclass(frozen=True)
class Built:
    """The corpus drawn: its scenarios chunk by chunk (round, then property), and the chunks as
    ``[round, property, count]`` (the file's header keeps them: :meth:`conformance.corpus.store.Corpus.order`)."""

    scenarios: list[Scenario]
    chunks: list[list[Any]]
    rounds: int
    seconds: float
    law_failures: list[str]


def draw(size: int, progress: Callable[[str], None] | None = None) -> Built:
    """The first ``size`` scenarios of the corpus in its replay order (round by round, each round's
    chunks interleaved), kept chunk by chunk."""
    started = time.perf_counter()
    rounds: list[list[list[Scenario]]] = []
    law_failures: list[str] = []
    drawn = 0
    for chunk in _rounds():
        if drawn >= size:
            break
        rounds.append([draw_chunk(prop, chunk, law_failures) for prop in properties()])
        drawn += sum(map(len, rounds[-1]))
        if progress is not None:
            progress(f"round {chunk}: {drawn} scenarios, {time.perf_counter() - started:.0f} s")
    scenarios, chunks = kept(rounds, size)
    return Built(scenarios, chunks, len(rounds), time.perf_counter() - started, law_failures)


def kept(rounds: list[list[list[Scenario]]], size: int) -> tuple[list[Scenario], list[list[Any]]]:
    """The first ``size`` scenarios in replay order, chunk by chunk (as the file holds them: similar
    scenarios side by side compress three times better), and the chunks' ``[round, property, count]``."""
    chosen = {id(s) for s in [s for chunks in rounds for s in interleaved(chunks)][:size]}
    scenarios, counts = [], []
    for number, chunks in enumerate(rounds):
        for chunk in chunks:
            kept_here = [s for s in chunk if id(s) in chosen]
            if kept_here:
                scenarios.extend(kept_here)
                counts.append([number, kept_here[0].property, len(kept_here)])
    return scenarios, counts


def _rounds() -> Iterator[int]:
    chunk = 0
    while True:
        yield chunk
        chunk += 1


def header(built: Built) -> dict[str, Any]:
    import hypothesis

    from conformance import __version__

    return {"suite": __version__, "built_with": {"hypothesis": hypothesis.__version__, "examples_per_chunk": CHUNK,
                                                 "rounds": built.rounds}, "chunks": built.chunks}
