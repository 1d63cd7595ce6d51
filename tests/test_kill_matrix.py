"""Every mutant engine is caught by the suite under the ci profile (golden cases, then properties)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import settings

from benchmarks.kill_matrix import detect
from tests.mutants import MUTANTS


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_the_suite_catches_the_mutant(mutant):
    detection = detect(mutant, stop_at_first=True)
    assert detection.caught, f"mutant {mutant.name} ({mutant.bug}) survived the golden cases and every property"


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_the_mutant_is_one_bug_not_a_broken_engine(mutant):
    """A mutant that crashes is "caught" for nothing: each one passes most golden cases, and where
    it errors it also gives a wrong value somewhere. A mutant declaring only some features is
    judged here declaring them all (its game, the one bug, is what is checked: most golden cases
    need features it does not declare)."""
    import dataclasses

    from benchmarks.kill_matrix import compare, describe, golden_cases

    engine = dataclasses.replace(mutant, features=None).engine()
    info = describe(engine)
    statuses = [compare.judge(engine, info, case).status for case in golden_cases()]
    assert statuses.count("passed") >= 0.75 * len(statuses), f"{mutant.name} fails most golden cases"
    assert "failed" in statuses or "errored" not in statuses, f"{mutant.name} is caught only by crashing"


def test_some_mutants_are_caught_by_properties_alone():
    """The properties are not a copy of the golden cases: they catch bugs on their own. (Golden cases
    about */* cards off the battlefield, 208.2a and 604.3, now catch this mutant too; the
    properties, run without them, must still catch it.)"""
    from benchmarks.kill_matrix import (
        PROPERTIES,
        describe,
        differential_property,
        profiles,
        run_property,
    )

    mutant = next(m for m in MUTANTS if m.name == "cda-only-on-battlefield")
    engine = mutant.engine()
    info = describe(engine)
    caught_by = None
    for prop in (differential_property(), *PROPERTIES):
        if run_property(prop, engine, info, profile=profiles.get("ci")).status in ("failed", "errored"):
            caught_by = prop.id
            break
    assert caught_by is not None
    assert detect(mutant, stop_at_first=True).caught


def test_a_passing_property_reports_no_first_failure():
    """Hypothesis's StopTest (an example that ran out of data) is not a failure: a property that
    passes has no first failure to report (conformance.laws.runner)."""
    from conformance.laws import profiles
    from conformance.engines.interface import describe
    from conformance.laws.catalogue import PROPERTIES
    from conformance.laws.runner import run_property
    from reference_engine import ReferenceEngine

    engine = ReferenceEngine()
    few = settings(profiles.get("ci"), max_examples=20)  # StopTest comes within the first few examples
    run = run_property(PROPERTIES[0], engine, describe(engine), profile=few)
    assert run.status == "passed"
    assert run.first_failure is None


def test_the_targets_say_which_mutant_misses_them():
    from benchmarks.kill_matrix import Row, render

    def row(name, examples, shrunk, seconds, golden=("a/case",), properties=("p",)):
        return Row(name, "613.4c", "A bug.", golden, properties, properties[0] if properties else None, examples,
                   shrunk, shrunk, seconds, bool(golden or properties), 1.0)

    text = render([row("small", 3, (1, 2), 0.2), row("big", 150, (3, 5), 70.0, golden=())], seconds=2.0)
    assert "- Every mutant caught: met: 2 of 2." in text
    assert "above 100: big (150)" in text
    assert "larger: big (3 objects, 5 steps)" in text
    assert "under 60 s: **not met**" in text
    assert Row.from_json(row("small", 3, (1, 2), 0.2).to_json()) == row("small", 3, (1, 2), 0.2)
    survivor = render([row("gone", None, None, None, golden=(), properties=())], seconds=1.0)
    assert "survivors: gone." in survivor


def test_the_fewest_column_is_the_failing_property_that_needed_the_fewest_examples():
    """*examples* is the first failing property in run order; *fewest* is the least any failing
    property needed (the suite runs them all), with the property, and its median is in the targets."""
    from benchmarks.kill_matrix import Row, render

    def row(name, first_failures):
        properties = tuple(p for p, _ in first_failures)
        return Row(name, "613.4c", "A bug.", (), properties, properties[0] if properties else None,
                   first_failures[0][1] if first_failures else None, (1, 1), (1, 1), 0.1, bool(properties), 1.0,
                   True, tuple(first_failures))

    late = row("late", (("613/agrees-with-reference", 53), ("613.4d/two-switches-cancel", 1), ("x/y", 6)))
    assert late.examples == 53 and late.fewest == ("613.4d/two-switches-cancel", 1)
    assert row("none", ()).fewest is None
    assert Row.from_json(late.to_json()) == late
    text = render([late, row("other", (("a/b", 9), ("c/d", 9)))], seconds=1.0)
    assert "| 53 | 1 (`613.4d/two-switches-cancel`) |" in text
    assert "| 9 | 9 (`a/b`) |" in text  # the first in run order among equals
    assert "median 5.0, 1 of 2 at the first example" in text
    barred = render([dataclasses.replace(late, bug="[Your opponents | Players] can't gain life.")], seconds=1.0)
    assert "| [Your opponents \\| Players] can't gain life. |" in barred  # the cell stays one cell


def test_a_reused_row_has_its_golden_cases_judged_again():
    """A row kept by an earlier run (``--rows``) is reused for its properties, but the golden cases
    are judged again: ones added since it was measured count."""
    from benchmarks.kill_matrix import Row, rejudged

    stale = Row("two-switches-as-one", "613.4d", "A bug.", (), ("613.4d/two-switches-cancel",),
                "613.4d/two-switches-cancel", 1, (1, 1), (1, 1), 9.0, True, 1.0, True,
                (("613.4d/two-switches-cancel", 1),))
    fresh = rejudged(stale)
    assert "613.4d/two-switches-cancel" in fresh.golden and fresh.seconds < 9.0
    assert (fresh.properties, fresh.first_failures, fresh.shrunk) == (stale.properties, stale.first_failures, stale.shrunk)


def test_the_corpus_column_finds_and_reduces_a_mutants_first_corpus_failure():
    """The kill matrix's corpus column (issue 42): the mutant of the failing-run benchmark fails a
    scenario of the corpus's first 2,000, and that scenario reduces to the targets' size."""
    from benchmarks.kill_matrix import MAX_OBJECTS, MAX_STEPS, corpus_detection
    from conformance.corpus import store

    mutant = next(m for m in MUTANTS if m.name == "doubling-as-7b-set")
    row = corpus_detection(mutant, store.read(store.DEFAULT_PATH), 2_000)
    assert row.scenario is not None and row.replayed <= 2_000
    assert row.reduced[0] <= MAX_OBJECTS and row.reduced[1] <= MAX_STEPS


def test_the_corpus_column_says_which_mutants_it_misses():
    from benchmarks.kill_matrix import CorpusRow, render_corpus

    text = render_corpus([CorpusRow("a", "613/corpus-x-0-1", 12, 0.5, (1, 2), 0.8),
                          CorpusRow("b", None, 20_000, 9.0),
                          CorpusRow("c", "613/corpus-x-0-2", 40, 0.7, (3, 1), 2.0)], 20_000)
    assert "The corpus catches 2 of 3 mutants; not: b." in text
    assert "1 of 2; larger: c (3 objects, 1 steps)." in text
    assert "| b | none | 20,000 |" in text
