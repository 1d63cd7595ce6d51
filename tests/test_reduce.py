"""``mtg-conformance reduce`` (issue 42): a failing case made small, still valid and still failing
the same way; a golden case's hand-worked expected values kept, a corpus scenario's recomputed."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.cli import main
from conformance.corpus import build, store
from conformance.corpus.reduce import Reducer, Way, candidates, size
from conformance.engines.interface import describe
from conformance.format import loader
from conformance.laws.catalogue import all_properties
from conformance.results import compare
from reference_engine import ReferenceEngine
from tests.wrong_engines import ClampingEngine

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

REPO = Path(__file__).resolve().parent.parent
DOUBLE = REPO / "golden" / "701.10-double.yaml"
CLAMPING = "tests.wrong_engines:ClampingEngine"


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def judged(engine, case) -> compare.Outcome:
    return compare.judge(engine, describe(engine), case)


def expected_values(case) -> set[tuple[str, str, object]]:
    return {(oid, key, repr(value)) for checkpoint in case.checkpoints for oid, values in checkpoint.objects.items()
            for key, value in values.items()}


def test_a_golden_case_is_reduced_keeping_its_hand_worked_values(capsys, tmp_path):
    (original,) = [c for c in loader.load_file(DOUBLE) if c.id == "701.10c/double-negative-power"]
    target = tmp_path / "reduced.yaml"
    code, out, err = cli(capsys, "reduce", str(DOUBLE), "-k", original.id, "--engine", CLAMPING, "-o", str(target))
    assert code == 0, out + err
    (reduced,) = loader.load_file(target)
    assert reduced.id == original.id and reduced.rules[0] == "701.10c"
    assert isinstance(judged(ClampingEngine(), reduced), compare.Failed)  # still fails ...
    assert isinstance(judged(ReferenceEngine(), reduced), compare.Passed)  # ... and its values still hold
    assert expected_values(reduced) < expected_values(original)  # fewer, none of them new
    assert size(reduced.to_dict()) < size(original.to_dict())
    assert "still failed on clamping engine" in out


def test_a_reduction_needing_new_expected_values_is_refused():
    """Removing the -3/-0 of 701.10c/double-negative-power makes the doubling fail on a wrong engine
    too, but the hand-worked -4 would no longer hold: the reducer never keeps that."""
    (case,) = [c for c in loader.load_file(DOUBLE) if c.id == "701.10c/double-negative-power"]
    engine = ClampingEngine()
    reducer = Reducer(engine, describe(engine), differential=False, seconds=None)
    plain = case.to_dict()
    without_modification = {**plain, "steps": [s for s in plain["steps"] if "modify_pt" not in s]}
    assert reducer.outcome(without_modification) is None
    reduced = reducer.reduce(plain)
    assert any("modify_pt" in step for step in reduced.plain["steps"])


def test_reduce_says_when_there_is_nothing_to_reduce(capsys, tmp_path):
    code, out, _ = cli(capsys, "reduce", str(DOUBLE), "-k", "701.10c/double-negative-power", "-o", str(tmp_path / "x.yaml"))
    assert code == 1 and "does not fail on" in out and not (tmp_path / "x.yaml").exists()


def test_reduce_refuses_an_unknown_id_and_an_existing_output(capsys, tmp_path):
    code, _, err = cli(capsys, "reduce", str(DOUBLE), "-k", "701.10c/no-such-case", "--engine", CLAMPING,
                       "-o", str(tmp_path / "x.yaml"))
    assert code == 2 and "no case '701.10c/no-such-case'" in err and len(err.strip().splitlines()) == 1
    (tmp_path / "x.yaml").write_text("kept\n")
    code, _, err = cli(capsys, "reduce", str(DOUBLE), "-k", "701.10c/double-negative-power", "--engine", CLAMPING,
                       "-o", str(tmp_path / "x.yaml"))
    assert code == 2 and "not overwritten" in err and (tmp_path / "x.yaml").read_text() == "kept\n"


def test_a_corpus_scenario_is_reduced_with_recomputed_expected_values(capsys, tmp_path):
    prop = next(p for p in all_properties() if p.id == "613/agrees-with-reference")
    scenarios = build.draw_chunk(prop, 0)
    corpus = store.write(tmp_path / "c.jsonl.gz", {}, scenarios)
    engine = ClampingEngine()
    from conformance.corpus.judge import judge

    failing = next(s for s in scenarios if isinstance(judge(engine, describe(engine), s), compare.Failed))
    target = tmp_path / "reduced.yaml"
    code, out, err = cli(capsys, "reduce", str(corpus), "-k", failing.id, "--engine", CLAMPING, "-o", str(target))
    assert code == 0, out + err
    (reduced,) = loader.load_file(target)
    assert len(reduced.objects) <= 2 and sum(1 for s in reduced.steps if s.KEY != "expect") <= 4
    assert isinstance(judged(engine, reduced), compare.Failed)
    assert isinstance(judged(ReferenceEngine(), reduced), compare.Passed)


def test_the_same_way_means_the_same_fields_or_the_same_error():
    failed = Way("failed", fields=frozenset({("object", "power")}))
    assert failed.kept_by(Way("failed", fields=frozenset({("object", "power")})))
    assert not failed.kept_by(Way("failed", fields=frozenset({("object", "toughness")})))
    assert not failed.kept_by(Way("errored", "exception:the engine raised KeyError"))
    assert not failed.kept_by(None)
    errored = Way("errored", "crash:the engine exited")
    assert errored.kept_by(Way("errored", "crash:the engine exited")) and not errored.kept_by(failed)


def test_every_candidate_is_smaller():
    (case,) = [c for c in loader.load_file(DOUBLE) if c.id == "701.10c/double-negative-power"]
    plain = case.to_dict()
    tried = list(candidates(plain))
    assert tried and all(size(c) < size(plain) for c in tried)
