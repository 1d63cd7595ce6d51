"""The corpus judge's one pass over an answer that agrees (conformance.corpus.judge.agreed): the
guard's check and the comparison at once, as fast as the replay needs, and never another verdict
than the guard's check followed by the comparison (``slow`` below, what the judge did before)."""

from __future__ import annotations

import json
import math
import os
import random
import signal
from collections import OrderedDict

import pytest

from conformance.corpus import judge as corpus_judge
from conformance.corpus import store
from conformance.engines.guard import GuardedEngine, guarded
from conformance.engines.interface import describe
from conformance.results import compare
from reference_engine import ReferenceEngine

FIRST = 300


@pytest.fixture(scope="module")
def shipped() -> list[store.Scenario]:
    corpus = store.read(store.DEFAULT_PATH)
    return [corpus.scenario(i) for i in corpus.order()[:FIRST]]


def slow(engine, info, scenario: store.Scenario) -> compare.Outcome:
    """The judge without the one pass: the guard's check of the whole answer, then the comparison."""
    reason = corpus_judge.lacking(scenario, info)
    if reason:
        return compare.Unsupported(reason)
    snapshots = compare.answer(engine, scenario.case)
    if isinstance(snapshots, (compare.Unsupported, compare.Errored)):
        return snapshots
    try:
        mismatches, compared = corpus_judge.differences(scenario, snapshots, info)
    except compare.MalformedSnapshots as exc:
        return compare.Errored(str(exc), kind="protocol")
    if mismatches:
        return compare.Failed(tuple(mismatches))
    return compare.Passed() if compared else corpus_judge._none_reported(info)


def test_the_reference_engine_s_answers_are_judged_in_one_pass(shipped):
    """Every scenario's answer agrees exactly and plainly: :func:`agreed` counts what
    :func:`differences` compares, and the verdict is the one of the check and the comparison."""
    engine = ReferenceEngine()
    info = describe(engine)
    for scenario in shipped:
        answer = engine.run(scenario.case)
        assert scenario.plain
        assert corpus_judge.agreed(scenario, answer, info) == corpus_judge.differences(scenario, answer, info)[1] > 0
        assert corpus_judge.judge(guarded(engine), info, scenario) == slow(guarded(engine), info, scenario) == compare.Passed()


class Bent(str):
    """A str subclass equal to the plain string (the guard copies it to one)."""


def _first_state(answer):
    return next(iter(answer[0]["objects"].values()))


def _nested(depth):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _holding_itself():
    value: list = []
    value.append(value)
    return value


# Each: what it does to the reference engine's answer (in place), and the outcome's status; the
# verdict must be the check's and the comparison's (slow) in every case.
DISTORTIONS = {
    "a bool as an int": (lambda a: _first_state(a).update(tapped=int(_first_state(a)["tapped"])), "failed"),
    "an int as a float": (lambda a: _first_state(a).update(damage=float(_first_state(a)["damage"])), "failed"),
    "a str subclass": (lambda a: _first_state(a).update(zone=Bent(_first_state(a)["zone"])), "passed"),
    "an OrderedDict state": (lambda a: a[0]["objects"].update(
        {name: OrderedDict(state) for name, state in a[0]["objects"].items()}), "passed"),
    "a tuple for a list": (lambda a: _first_state(a).update(types=tuple(_first_state(a)["types"])), "passed"),
    "an object nobody expects, holding a set": (lambda a: a[0]["objects"].update(zz={"zone": {1}}), "errored"),
    "an object nobody expects, nested 70 deep": (lambda a: a[0]["objects"].update(zz={"x": _nested(70)}), "errored"),
    "an object nobody expects, holding itself": (lambda a: a[0]["objects"].update(zz={"x": _holding_itself()}), "errored"),
    "an object nobody expects, an integer of 5,000 digits": (lambda a: a[0]["objects"].update(zz={"x": 10 ** 5000}),
                                                             "errored"),
    "an object nobody expects, named by a lone surrogate": (lambda a: a[0]["objects"].update({"\ud800": {}}), "errored"),
    "another key of a snapshot, bytes": (lambda a: a[0].update(extra=b"bytes"), "errored"),
    "another key of a snapshot, a generator": (lambda a: a[0].update(extra=(x for x in ())), "errored"),
    "a key that is not a string": (lambda a: a[0].update({1: "one"}), "errored"),
    "a snapshot that is a tuple of items": (lambda a: a.__setitem__(0, tuple(a[0].items())), "errored"),
    "a state missing": (lambda a: a[0]["objects"].pop(next(iter(a[0]["objects"]))), "failed"),
    "a snapshot too many": (lambda a: a.append(a[0]), "errored"),
}


class Distorting:
    """The reference engine, its answer changed by ``change`` before it is returned."""

    def __init__(self, change):
        self.reference, self.change = ReferenceEngine(), change

    def describe(self):
        return self.reference.describe()

    def run(self, case):
        answer = self.reference.run(case)
        self.change(answer)
        return answer


@pytest.mark.parametrize("name", sorted(DISTORTIONS))
def test_an_answer_that_is_not_plain_or_not_exact_gets_the_check_s_and_the_comparison_s_verdict(shipped, name):
    change, status = DISTORTIONS[name]
    engine = guarded(Distorting(change))
    info = describe(engine)
    judged = [corpus_judge.judge(engine, info, s) for s in shipped[:20]]
    assert judged == [slow(engine, info, s) for s in shipped[:20]]
    assert {o.status for o in judged} == {status}, judged[0]
    if status == "errored":
        assert {o.kind for o in judged} == {"protocol"}


def test_the_one_pass_never_finds_agreement_in_what_the_guard_would_refuse(shipped):
    """:func:`agreed` itself: ``None`` for each distortion that the guard refuses or copies."""
    info = describe(ReferenceEngine())
    for name, (change, status) in DISTORTIONS.items():
        for scenario in shipped[:20]:
            answer = ReferenceEngine().run(scenario.case)
            change(answer)
            try:
                found = corpus_judge.agreed(scenario, answer, info)
            except (ValueError, RecursionError):  # marshal refusing it: the guard then decides
                found = None
            assert found is None, name


def test_an_expected_state_that_is_not_plain_turns_the_one_pass_off(shipped):
    """A corpus may hold what no engine's answer may (a lone surrogate, from a JSON escape): then
    the guard checks the answer, and refuses it, though it equals the expected state."""
    scenario = shipped[0]
    values = {"zone": "\ud800"}
    state = store._expected_state({}, values, store._seen_object_defaults)
    assert state[1] is False
    assert store._expected_state({}, {"zone": "battlefield"}, store._seen_object_defaults)[1] is True
    line = json.loads(store.read(store.DEFAULT_PATH).lines[scenario.line - 2])
    line["expected"]["o"][0]["zone"] = "\ud800"
    bent = store._scenario("x", scenario.line, json.dumps(line).encode())
    assert not bent.plain
    answer = [{kind: {name: dict(values) for name, values in states.items()} for kind, states in want.items()}
              for want in bent.expected]
    engine = guarded(type("Echo", (), {"describe": ReferenceEngine().describe, "run": lambda self, case: answer})())
    info = describe(engine)
    assert corpus_judge.agreed(bent, answer, info) is None
    outcome = corpus_judge.judge(engine, info, bent)
    assert outcome.status == "errored" and "not valid Unicode" in outcome.message


def test_expected_snapshots_are_made_afresh_each_time(shipped):
    """Expected states are kept as bytes for the run: changing one scenario's expected snapshots
    changes no other scenario's, nor the same scenario's next time."""
    first = shipped[0].expected
    state = next(iter(first[0]["objects"].values()))
    kept = json.dumps(shipped[0].expected)
    state["zone"] = "changed"
    assert json.dumps(shipped[0].expected) == kept
    again = store.read(store.DEFAULT_PATH)
    assert json.dumps(again.scenario(shipped[0].line - 2).expected) == kept


def test_a_user_interrupt_during_the_one_pass_interrupts_the_run(signals_as_from_a_terminal):
    """``quick`` runs under the guard's watch: the user's SIGINT there is raised again, whatever
    ``quick`` made of it; what ``quick`` raises by itself leaves the answer to the check."""
    engine = GuardedEngine(type("E", (), {"run": lambda self, case: [{"objects": {}}]})())

    def interrupted(answer):
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # the handler runs between bytecodes
            pass
        return 1

    with pytest.raises(KeyboardInterrupt):
        engine.answer({}, interrupted)

    def exits(answer):
        raise SystemExit(3)

    assert engine.answer({}, exits) == (None, [{"objects": {}}])
    assert engine.answer({}, lambda answer: 7) == (7, [{"objects": {}}])


def test_orjson_reads_a_line_as_the_json_module_does():
    """orjson reads a line only where it gives what the json module gives: floats alike (a sample
    of hard and random ones), an integer of 19 digits or more left to the json module (orjson reads
    one past 64 bits as a float), and whatever orjson refuses read by the json module, whose
    errors are the ones shown."""
    rng = random.Random(42)
    floats = ["2.2250738585072011e-308", "4.9406564584124654e-324", "2.4703282292062328e-324", "0.30000000000000004",
              "1.7976931348623157e308", "1.00000000000000011102230246251565404236316680908203125", "-0.0", "9007199254740993.0"]
    floats += [f"{rng.choice(['', '-'])}{rng.randint(0, 10 ** rng.randint(1, 18))}.{rng.randint(0, 10 ** 17)}e{rng.randint(-320, 300)}"
               for _ in range(20_000)]
    for text in floats:
        line = f'{{"x":[{text}]}}'.encode()
        assert repr(store._load_json("f", 2, line)) == repr(json.loads(line)), text
    for text in ("18446744073709551616", "-9223372036854775809", "1" * 40, "NaN", "1e400", '"\\ud800"', '"\\ud83d\\ude00"'):
        line = f'{{"x":[{text}]}}'.encode()
        got, want = store._load_json("f", 2, line)["x"][0], json.loads(line)["x"][0]
        assert type(got) is type(want) and (got == want or (math.isnan(got) and math.isnan(want))), text
    with pytest.raises(Exception) as refused:
        store._load_json("f", 7, b'{"x": [1,}')
    assert "not a JSON line: Expecting value" in str(refused.value) and "7" in str(refused.value)
