"""benchmarks.run: how measurements are taken (no timing is asserted: the figures are the
benchmark's to print, docs/benchmarks.md)."""

from __future__ import annotations

import itertools

from benchmarks import run


def test_measurements_taken_in_turn_each_keep_their_best(monkeypatch):
    """Two measurements compared as a ratio are run a, b, a, b: a slow spell of the machine meets both."""
    ticks = itertools.count()
    monkeypatch.setattr(run, "clock", lambda: next(ticks))  # each reading of the clock is one unit later
    calls = []

    def timed_by_itself():
        calls.append("a")
        return 5.0 if calls.count("a") == 1 else 2.0

    def timed_by_the_caller():
        calls.append("b")

    assert run.best_of_each(2, [timed_by_itself, timed_by_the_caller]) == [2.0, 1]
    assert calls == ["a", "b", "a", "b"]
    assert run.best(3, timed_by_itself) == 2.0


def test_layer_times_measure_each_board_from_nothing_cached():
    times = run.layer_times([2, 5], repeat=2)
    assert len(times) == 2 and all(t > 0 for t in times)


def test_the_engine_is_measured_with_the_harness_s_heap_set_apart_and_back_after():
    import gc

    before = gc.get_freeze_count()
    with run.engine_heap():
        assert gc.get_freeze_count() > before  # what the process made so far is left out of collections
    assert gc.get_freeze_count() == 0


def test_dependency_board_has_effects_waiting_for_others_and_is_measured():
    from reference_engine import layers

    game = run.dependency_board(20)
    colours = {oid: chars.values.colors for oid, chars in layers.board(game).chars.items() if oid.startswith("c")}
    assert set(colours.values()) == {("G",)}  # black first (613.8b), then green; in timestamp order alone, black
    times = run.dependency_times([20, 40], repeat=1)
    assert len(times) == 2 and all(t > 0 for t in times)


def test_the_failing_run_s_engine_is_the_mutant_named():
    from conformance.engines.interface import describe, load_engine

    assert describe(load_engine("benchmarks.run:failing_engine")).name == f"mutant {run.FAILING_MUTANT}"


def test_detection_p_values_are_fisher_s_one_sided_test():
    from benchmarks.detection import fisher_worse

    # 10 of 10 caught before, 5 of 10 now: C(10,5)*C(10,10)/C(20,15) = 252/15504, worked by hand
    assert abs(fisher_worse(10, 10, 5, 10) - 252 / 15504) < 1e-12
    assert fisher_worse(5, 10, 5, 10) > 0.5  # the same count is no evidence of anything
    assert fisher_worse(0, 20, 0, 20) == 1.0
    assert fisher_worse(13, 20, 10, 20) > 0.05 > fisher_worse(20, 20, 10, 20)


def test_a_detection_sweep_runs_the_named_pair_once_per_seed():
    from benchmarks.ab import ROOT
    from benchmarks.detection import sweep

    firsts = sweep(ROOT, "two-switches-as-one:613.4d/two-switches-cancel", seeds=2, examples=20)
    assert len(firsts) == 2 and all(f is not None and f >= 1 for f in firsts)  # that property always catches it
    assert sweep(ROOT, "no-such-mutant:613.4d/two-switches-cancel", seeds=1, examples=5) is None


def test_depth_reads_each_mutants_failing_properties_from_a_kill_matrix_document():
    from benchmarks.depth import failing

    matrix = "\n".join([
        "| mutant | rule | bug | golden cases that fail | properties that fail | examples | fewest | shrunk | seconds |",
        "|---|---|---|---|---|---|---|---|---|",
        "| a | 119.7 | reads \\| as a bar | `x/case` | `613/agrees-with-reference`, `613.4d/two-switches-cancel` | 5 | 1 | - | 0.1 |",
        "| b | 613.4c | none | `y/case` | none | - | - | - | 0.1 |",
        "",
        "| mutant | first failing scenario | replayed | seconds | reduced | seconds to reduce |",
        "| a | `613/corpus-0-1` | 3 | 0.1 | - | - |",
    ])
    assert failing(matrix) == [{"name": "a", "properties": ["613/agrees-with-reference", "613.4d/two-switches-cancel"]},
                               {"name": "b", "properties": []}]


def test_depth_compares_run_order_the_same_property_and_the_fewest():
    from benchmarks.depth import medians

    base = {"m": [("p", 1)], "n": [("q", 4), ("p", 2)], "gone": [("p", 3)]}
    here = {"m": [("d", 9), ("p", 1)], "n": [("q", 6)], "gone": []}
    found = medians(here, base)
    assert found["first in run order"] == (2.5, 7.5, 2)  # m: 1 -> 9 (d now fails first), n: 4 -> 6
    assert found["the base's first property"] == (2.5, 3.5, 2)  # m: p 1 -> 1, n: q 4 -> 6
    assert found["fewest of any property"] == (1.5, 3.5, 2)  # m: 1 -> 1, n: 2 -> 6


def _differential(prop_id: str):
    from benchmarks import explore
    return next(p for p in explore.differential_properties() if p.id == prop_id)


def test_exploring_counts_each_refusal_by_the_engine_s_reason():
    """benchmarks.explore: an engine that refuses every case has every example refused, counted
    under the reason it gave, none run."""
    from benchmarks import explore
    from conformance.errors import Unsupported
    from reference_engine import ReferenceEngine

    class Refusing(ReferenceEngine):
        def run(self, case):
            raise Unsupported("no steps here")

    tally = explore.explore(_differential("613/agrees-with-reference"), Refusing(), seeds=(1, 2), examples=5)
    assert tally.examples == 10 and tally.ran == 0
    assert tally.refused == {"no steps here": 10}
    assert "  refused 10: no steps here" in explore.report(_differential("613/agrees-with-reference"), tally)


def test_exploring_counts_apart_what_the_engine_itself_lacks():
    """benchmarks.explore: refusals raised as EngineGap (the engine lacks the rule, as its adapter
    found) are counted apart, and the report gives the share that can run at most."""
    from benchmarks import explore
    from conformance.errors import EngineGap, Unsupported
    from reference_engine import ReferenceEngine

    class HalfLacking(ReferenceEngine):
        calls = 0

        def run(self, case):
            self.calls += 1
            if self.calls % 4 == 0:
                raise EngineGap("its parser reads no such wording")
            if self.calls % 4 == 1:
                raise Unsupported("not written yet")
            return super().run(case)

    prop = _differential("613/agrees-with-reference")
    tally = explore.explore(prop, HalfLacking(), seeds=(1,), examples=20)
    refused = sum(tally.refused.values())
    assert tally.gaps == tally.refused["its parser reads no such wording"] > 0
    assert refused > tally.gaps and tally.ran > 0
    ceiling = 1 - tally.gaps / (tally.ran + refused)
    assert (f"  refused for what the engine itself lacks (EngineGap): {tally.gaps}, so at most {ceiling:.0%} can run "
            "on this engine") in explore.report(prop, tally)
    assert not any("EngineGap" in line for line in explore.report(
        prop, explore.explore(prop, ReferenceEngine(), seeds=(1,), examples=5)))


def test_exploring_looks_past_the_first_disagreement(tmp_path):
    """A mutant that lets a creature with 0 toughness live disagrees on many examples (the creature's
    controller, zone, ... where the reference engine has it dead), counted by the value that differs
    first, and the exploration goes on after the first (a property run stops)."""
    from benchmarks import explore
    from conformance.engines.interface import describe
    from tests.mutants import MUTANTS

    engine = next(m for m in MUTANTS if m.name == "zero-toughness-survives").engine()
    tally = explore.explore(_differential("613/agrees-with-reference"), engine, seeds=(3,), examples=60)
    assert sum(tally.disagreed.values()) >= 2  # a property run would have stopped at the first
    assert set(tally.messages) == set(tally.disagreed) == set(tally.cases)  # one message and case of each value
    assert tally.agreed + sum(tally.disagreed.values()) + tally.set_aside + tally.reference_refused == tally.examples
    from conformance.format import loader
    from conformance.results import compare
    from reference_engine import ReferenceEngine
    value = next(iter(tally.cases))
    saved = explore.save(_differential("613/agrees-with-reference"), value, tally.cases[value], engine,
                         tally.messages[value], tmp_path)
    (case,) = loader.load_file(saved)  # a case file: its checkpoints hold the reference engine's values
    assert compare.judge(engine, describe(engine), case).status == "failed"
    assert compare.judge(ReferenceEngine(), describe(ReferenceEngine()), case).status == "passed"
    correct = explore.explore(_differential("613/agrees-with-reference"), ReferenceEngine(), seeds=(3,), examples=20)
    assert correct.agreed + correct.set_aside == 20 and not correct.disagreed


def test_the_choices_benchmark_counts_the_choices_of_each_example_and_the_runs_it_cost(capsys):
    from benchmarks import choices

    flat = choices.generate(choices.plain_choices(7), 20)
    assert flat.choices == 7 and flat.runs >= 1 and flat.rate > 0  # every example of it makes exactly 7
    assert choices.main(["--examples", "10", "--repeat", "1", "--only", "damage_scenarios"]) == 0
    out = capsys.readouterr().out
    assert "damage_scenarios" in out and "floor at its choices" in out and "150 choices" in out


def test_instructions_an_example_leave_out_what_a_process_costs_before_its_first_example(monkeypatch):
    """``benchmarks.ab --instructions``: two measurements, the second of three times the examples;
    the difference of their counts over the difference of their examples (start-up left out)."""
    from pathlib import Path

    from benchmarks import ab

    startup, each = 5_000_000, 1_000
    measured = []

    def counted(tree, which, examples):
        measured.append((tree, which, examples))
        ran = examples - 1 if which == "differential" else examples  # a property may run fewer
        return startup + each * ran, ran

    monkeypatch.setattr(ab, "instructions", counted)
    monkeypatch.setattr(ab, "rate", lambda tree, which, examples: 1.0)  # the uncounted first run
    assert ab.per_example(Path("x"), "scenarios", 100) == each
    assert ab.per_example(Path("x"), "differential", 100) == each
    assert [m[2] for m in measured] == [100, 300, 100, 300]
    before, after = ab.compare_instructions(Path("base"), "scenarios", 10)
    assert before == after == each


def test_the_skeleton_replays_a_strategys_own_choices_and_spans_and_builds_nothing():
    """``benchmarks.choices.skeleton``: the recorded examples of a strategy, each a balanced list of
    its choices and spans (those inside the strategy's own span), replayed with the same arguments:
    as many choices an example as the strategy made (one more, to pick the example)."""
    from benchmarks import choices
    from hypothesis import strategies as st

    @st.composite
    def nested(draw):
        data = draw.__self__
        data.start_span(1)
        values = [data.draw_integer(0, 9) for _ in range(3)]
        data.stop_span()
        return values + [data.draw_boolean()]

    with choices.recording_traces() as traces:
        reading = choices.generate(nested(), 15)
    assert reading.choices == 4 and traces
    for trace in traces:
        assert [event[0] for event in trace] == ["start_span", "integer", "integer", "integer", "stop_span", "boolean"]
        assert trace[1][1] == (0, 9)
    bones = choices.generate(choices.skeleton(traces), 15)
    assert bones.choices == 5  # the four, and the one that picks the example


def test_the_skeletons_variants_keep_the_lists_spans_or_none():
    from benchmarks import choices
    from hypothesis.internal.conjecture.utils import ONE_FROM_MANY_LABEL

    trace = [("start_span", (7,), {}), ("start_span", (ONE_FROM_MANY_LABEL,), {}), ("integer", (0, 3), {}),
             ("stop_span", (), {}), ("boolean", (), {}), ("stop_span", (), {})]
    assert choices.VARIANTS["skeleton"](trace) == trace
    assert choices.VARIANTS["lists' spans only"](trace) == trace[1:4] + [trace[4]]
    assert choices.VARIANTS["no spans"](trace) == [trace[2], trace[4]]


def test_the_skeletons_in_instructions_are_the_difference_of_two_sizes_and_read_at_the_strategys_runs(
        monkeypatch, capsys):
    """``benchmarks.choices --instructions``: each variant's instructions an example are the difference
    of its two measurements over the difference of their examples; the skeleton is also read at the
    strategy's runs an example (its instructions a run times the strategy's runs)."""
    from benchmarks import choices

    monkeypatch.setattr("shutil.which", lambda _: "/usr/bin/valgrind")
    per_run = {"strategy": 9e6, "skeleton": 8e6, "lists' spans only": 7e6, "no spans": 5e6}
    runs = {"strategy": 1.25, "skeleton": 1.5, "lists' spans only": 1.5, "no spans": 1.0}
    started = 4e8  # what a process costs before its first example: left out by the difference
    monkeypatch.setattr(choices, "instructions",
                        lambda name, which, n: (int(started + n * per_run[which] * runs[which]), runs[which]))
    choices.print_instructions(["scenarios"], 100)
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("scenarios"))
    assert line.split() == ["scenarios", "11.25", "(1.25)", "12.00", "(1.50)", "10.50", "(1.50)", "5.00", "(1.00)", "10.00"]


def test_the_largest_cases_are_within_the_limits_and_run():
    """benchmarks.worst_case: each shape's largest case loads (it is within the limits, and at
    them), and a small one runs on the reference engine; no timing is asserted."""
    from benchmarks import worst_case
    from conformance.format import limits, loader
    from reference_engine import ReferenceEngine

    for name, (grows_with, _, make) in worst_case.SHAPES.items():
        objects, steps = worst_case.largest(grows_with)
        (case,) = loader.load_text(make(objects, steps), f"{name}.yaml")
        assert (len(case.objects), len(case.steps)) == (objects, steps), name
        assert objects * steps == limits.MAX_OBJECT_STEPS
        (small,) = loader.load_text(make(4, 5), f"{name}-small.yaml")
        assert len(ReferenceEngine().run(small.to_dict())) == 1
