"""The shipped corpus (conformance/data/corpus.jsonl.gz) is what the current strategies and reference
engine produce (issue 42). Drawing all of it takes minutes, so this checks a deterministic sample:
the first chunk of every eighth property drawn again and compared line for line, and the reference
engine run again on every hundredth scenario. When it fails, rebuild the corpus
(``mtg-conformance corpus build``) and read the diff of what changed and why (docs/corpus.md)."""

from __future__ import annotations

import json
from pathlib import Path

import hypothesis
import pytest

from conformance.corpus import build, store
from conformance.laws.catalogue import all_properties
from reference_engine import ReferenceEngine

REBUILD = "the shipped corpus is stale: rebuild it with `mtg-conformance corpus build` (docs/corpus.md)"


@pytest.fixture(scope="module")
def shipped() -> store.Corpus:
    return store.read(store.DEFAULT_PATH)


@pytest.fixture(scope="module")
def scenarios(shipped) -> list[store.Scenario]:
    return list(shipped)


def test_the_shipped_corpus_is_the_documented_size_and_names_its_build(shipped):
    assert len(shipped) == build.DEFAULT_SIZE
    assert shipped.header["built_with"]["examples_per_chunk"] == build.CHUNK
    assert store.DEFAULT_PATH.stat().st_size < 5_000_000  # a few MB, shipped in the wheel


def test_the_test_extra_pins_the_hypothesis_the_corpus_was_drawn_with(shipped):
    """The project's tests install Hypothesis as the corpus was drawn (pyproject.toml's ``test``
    extra): a new Hypothesis release alone cannot turn the consistency test below red."""
    import tomllib

    from conformance import __file__ as package

    with open(Path(package).resolve().parent.parent / "pyproject.toml", "rb") as handle:
        extra = tomllib.load(handle)["project"]["optional-dependencies"]["test"]
    pins = [d for d in extra if d.replace(" ", "").startswith("hypothesis==")]
    assert pins == [f"hypothesis=={shipped.header['built_with']['hypothesis']}"], REBUILD


def test_every_property_has_scenarios_in_the_corpus(scenarios):
    drawn_for = {s.property for s in scenarios}
    assert {prop.id for prop in all_properties()} <= drawn_for


@pytest.mark.parametrize("prop", all_properties()[::8], ids=lambda p: p.id)
def test_a_sample_of_chunks_draws_again_as_shipped(prop, scenarios):
    if hypothesis.__version__ != store.read(store.DEFAULT_PATH).header["built_with"]["hypothesis"]:
        pytest.fail(f"built with Hypothesis {store.read(store.DEFAULT_PATH).header['built_with']['hypothesis']}, "
                    f"this is {hypothesis.__version__}: another version may draw other scenarios; {REBUILD}")
    prefix = build.scenario_id(prop.id, 0, 0)[:-1]  # the ids of the property's chunk 0
    shipped_chunk = [s.to_line() for s in scenarios if s.property == prop.id and s.id.startswith(prefix)]
    assert shipped_chunk, f"no scenario of chunk 0 of {prop.id} in the corpus"
    assert [s.to_line() for s in build.draw_chunk(prop, 0)] == shipped_chunk, REBUILD


def test_a_sample_of_expected_values_are_the_reference_engines(scenarios):
    engine = ReferenceEngine()
    for scenario in scenarios[::100]:
        snapshots = engine.run(json.loads(json.dumps(scenario.case)))
        assert json.dumps(build.observed(scenario.case, snapshots), sort_keys=True) == json.dumps(
            scenario.expected, sort_keys=True), f"{scenario.id}: {REBUILD}"
