"""In-process engines that answer or raise what no engine should (issue 38, items 5 and 6): every
value an engine returns is judged, or is a protocol error of that case alone, in one short line;
whatever an engine raises (``sys.exit()``, its own ``KeyboardInterrupt``) is that case's error,
while the user's interrupt still interrupts the run (conformance/engines/guard.py). The same
values over the JSON-lines protocol are held to the same rules (conformance/engines/replies.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter, OrderedDict
from enum import Enum
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.engines import replies
from conformance.engines.interface import describe
from conformance.errors import EngineSpecError
from conformance.results import compare
from reference_engine import ReferenceEngine
from tests.test_harness import CASES, fake, judge_all, kinds
from tests.test_hostile_engines import OGRE, ROOT, _as_from_a_terminal, results, small_cases

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")
FIRST = CASES[0]  # its first checkpoint expects the bear's power to be 2


class Raising:
    """An object whose every special method raises."""

    def _raise(self, *args):
        raise RuntimeError("no")

    __eq__ = __ne__ = __repr__ = __str__ = __hash__ = __bool__ = __len__ = __iter__ = _raise


class RaisingKey(Raising):
    """Hashable, but its equality, repr and str raise."""

    def __hash__(self):
        return 1


class LyingDict(dict):
    """A dict whose lookups all answer 2 and whose equality always holds."""

    def __getitem__(self, key):
        return 2

    def get(self, key, default=None):
        return 2

    def __eq__(self, other):
        return True

    __hash__ = None


class AlwaysEqual(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class Zone(str, Enum):
    GRAVEYARD = "graveyard"


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def holding_itself(times: int = 1) -> list:
    value: list = []
    value.extend([value] * times)
    return value


class Sabotaging(ReferenceEngine):
    """The reference engine, but on the first case the first object's power at the first checkpoint
    is ``make()`` (or, with ``whole``, the whole answer is)."""

    def __init__(self, make=None, whole=None):
        super().__init__()
        self.make, self.whole = make, whole

    def run(self, case):
        snapshots = super().run(case)
        if case["id"] != FIRST.id:
            return snapshots
        if self.whole is not None:
            return self.whole(snapshots)
        next(iter(snapshots[0]["objects"].values()))["power"] = self.make()
        return snapshots


def outcomes_of(engine) -> list[compare.Outcome]:
    info = describe(engine)
    return [compare.judge(engine, info, case) for case in CASES[:2]]


def assert_one_short_line(message: str) -> None:
    assert "\n" not in message and len(message) < 300, message


# -- item 5: what an engine returns ---------------------------------------------------------------

@pytest.mark.parametrize("make, fragment", [
    (lambda: 10 ** 5000, "power: an integer of more than 4300 digits"),
    (lambda: -10 ** 5000, "power: an integer of more than 4300 digits"),
    (lambda: b"\x00\xff", "power: a value of type bytes, not JSON data"),
    (lambda: bytearray(b"2"), "a value of type bytearray"),
    (lambda: (x for x in [2]), "a value of type generator"),
    (lambda: {2}, "a value of type set"),
    (lambda: Raising(), "a value of type Raising"),
    (lambda: object(), "a value of type object"),
    (lambda: 2j, "a value of type complex"),
    (holding_itself, "nested more than 64 deep (or holding itself)"),
    (lambda: holding_itself(3), "nested more than 64 deep (or holding itself)"),
    (lambda: nested(100), "nested more than 64 deep"),
    (lambda: nested(100_000), "nested more than 64 deep"),
    (lambda: "bear\ud800", "a string that is not valid Unicode (a lone surrogate): 'bear\\ud800'"),
    (lambda: {1: 2}, "a key of type int; JSON object keys are strings"),
    (lambda: {RaisingKey(): 2}, "a key of type RaisingKey"),
    (lambda: {"a\udc80": 2}, "a key that is not valid Unicode"),
    (lambda: [Raising()] * 3, "a value of type Raising"),
], ids=["huge-int", "huge-negative-int", "bytes", "bytearray", "generator", "set", "raising-object", "object",
        "complex", "self-referential", "self-referential-thrice", "deep-100", "deep-100000", "lone-surrogate", "int-key", "raising-key",
        "surrogate-key", "list-of-raising"])
def test_a_value_that_is_not_json_data_is_a_protocol_error_of_that_case_alone(make, fragment):
    outcomes = outcomes_of(Sabotaging(make))
    assert kinds(outcomes) == ["protocol", "passed"]
    assert fragment in outcomes[0].message
    assert_one_short_line(outcomes[0].message)


@pytest.mark.parametrize("whole, fragment", [
    (lambda s: None, "returned NoneType, not a list of snapshots"),
    (lambda s: iter(s), "a value of type list_iterator"),
    (lambda s: (x for x in s), "a value of type generator"),
    (lambda s: {"snapshots": s}, "returned dict, not a list of snapshots"),
    (lambda s: [Raising()], "0: a value of type Raising"),
    (lambda s: "x" * 10_000_000, "returned str, not a list of snapshots"),
], ids=["none", "iterator", "generator", "dict", "raising-snapshot", "huge-string"])
def test_an_answer_that_is_not_a_list_of_snapshots_is_a_protocol_error(whole, fragment):
    outcomes = outcomes_of(Sabotaging(whole=whole))
    assert kinds(outcomes) == ["protocol", "passed"]
    assert fragment in outcomes[0].message
    assert_one_short_line(outcomes[0].message)


@pytest.mark.parametrize("make, shown", [
    (lambda: float("nan"), "nan"), (lambda: float("inf"), "inf"), (lambda: -0.0, "-0.0"), (lambda: True, "True"),
    (lambda: 2.0, "2.0"), (lambda: "2\x1b[2J\n", r"'2\x1b[2J\n'"), (lambda: 10 ** 4000, "1000000"),
], ids=["nan", "inf", "negative-zero", "bool", "float", "control-characters", "large-int"])
def test_a_json_value_of_the_wrong_kind_is_judged_a_failure(make, shown):
    outcomes = outcomes_of(Sabotaging(make))
    assert kinds(outcomes) == ["failed", "passed"]
    (mismatch,) = [m for m in outcomes[0].mismatches if m.field == "power"]
    assert f"got {shown}" in str(mismatch) and len(str(mismatch)) < 500


@pytest.mark.parametrize("make, status", [
    (lambda: AlwaysEqual(3), "failed"), (lambda: AlwaysEqual(2), "passed"),
    (lambda: Counter(), "failed"), (lambda: OrderedDict(), "failed"),
], ids=["int-subclass-saying-equal", "int-subclass-equal", "counter", "ordered-dict"])
def test_a_subclass_of_a_json_type_is_judged_by_its_plain_value(make, status):
    assert kinds(outcomes_of(Sabotaging(make))) == [status, "passed"]


def test_a_dict_subclass_that_lies_is_read_through_its_storage():
    def whole(snapshots):
        objects = snapshots[0]["objects"]
        objects["bear"] = LyingDict({**objects["bear"], "power": 5})
        return snapshots
    outcomes = outcomes_of(Sabotaging(whole=whole))
    assert kinds(outcomes) == ["failed", "passed"]
    assert "got 5" in str(outcomes[0].mismatches[0])


def test_a_str_enum_is_judged_by_its_value():
    def whole(snapshots):
        snapshots[0]["objects"]["bear"]["zone"] = Zone.GRAVEYARD
        return snapshots
    assert kinds(outcomes_of(Sabotaging(whole=whole))) == ["passed", "passed"]


def test_unsupported_with_a_reason_that_is_not_a_string_is_a_protocol_error():
    from conformance.errors import Unsupported

    class Engine(ReferenceEngine):
        def run(self, case):
            if case["id"] == FIRST.id:
                raise Unsupported(10 ** 5000)
            return super().run(case)
    outcomes = outcomes_of(Engine())
    assert kinds(outcomes) == ["protocol", "passed"]
    assert "Unsupported with a reason of type int, not a string" in outcomes[0].message


def test_the_cli_keeps_every_result_when_an_engine_returns_a_huge_integer(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    code = main(["run", "--no-properties", "--cases", OGRE, "--engine", "tests.inprocess_engines:HugeInteger",
                 "--results", str(out)])
    stdout, stderr = capsys.readouterr()
    assert code == 1 and "Traceback" not in stdout + stderr
    lines = results(out)
    assert [line["type"] for line in lines] == ["header", "result", "result", "footer"]
    first, second = lines[1:3]
    assert first["status"] == "errored" and first["error_kind"] == "protocol"
    assert "ogre/power: an integer of more than 4300 digits" in first["message"]
    assert_one_short_line(first["message"])
    assert second["status"] == "passed"
    assert len(stdout.splitlines()) < 60


# -- the same values over the JSON-lines protocol -------------------------------------------------

@pytest.mark.parametrize("value, kind, fragment", [
    ("1" * 5000, "protocol", "a line that is not JSON"),
    ("1e400", "failed", "got inf"),
    ("-1e400", "failed", "got -inf"),
    ("-0", "failed", "expected 2, got 0"),
    ("-0.0", "failed", "got -0.0"),
    ("2.0", "failed", "got 2.0"),
    ("[" * 5_000 + "]" * 5_000, "protocol", "nested more than 64 deep"),
    ("true", "failed", "got True"),
], ids=["huge-int", "1e400", "-1e400", "-0", "-0.0", "2.0", "deep", "true"])
def test_the_same_values_over_the_protocol(value, kind, fragment):
    with fake("raw_value", value, FIRST.id) as engine:
        outcomes = judge_all(engine, CASES[:2])
    assert kinds(outcomes) == [kind, "passed"]
    if kind == "protocol":
        assert fragment in outcomes[0].message and len(outcomes[0].message) < 600
    elif kind == "failed":
        assert any(fragment in str(m) for m in outcomes[0].mismatches)


# -- item 6: what an engine raises ----------------------------------------------------------------

class ExitError(BaseException):
    pass


@pytest.mark.parametrize("throw, fragment", [
    (lambda: sys.exit(0), "the engine raised SystemExit: 0"),
    (lambda: sys.exit("bye"), "the engine raised SystemExit: bye"),
    (lambda: sys.exit(None), "the engine raised SystemExit"),
    (lambda: (_ for _ in ()).throw(KeyboardInterrupt()), "the engine raised KeyboardInterrupt"),
    (lambda: (_ for _ in ()).throw(GeneratorExit()), "the engine raised GeneratorExit"),
    (lambda: (_ for _ in ()).throw(ExitError("x" * 10_000)), "the engine raised ExitError: xxx"),
    (lambda: pytest.skip("the engine skips"), "the engine raised Skipped: the engine skips"),
], ids=["sys-exit-0", "sys-exit-text", "sys-exit-none", "keyboard-interrupt", "generator-exit", "base-exception",
        "pytest-skip"])
def test_a_base_exception_from_an_engine_is_that_cases_error(throw, fragment):
    class Engine(ReferenceEngine):
        def run(self, case):
            if case["id"] == FIRST.id:
                throw()
            return super().run(case)
    outcomes = outcomes_of(Engine())
    assert kinds(outcomes) == ["exception", "passed"]
    assert outcomes[0].message.startswith(fragment) and "not an interrupt of the run" in outcomes[0].message
    assert len(outcomes[0].message) < MESSAGE_LIMIT


MESSAGE_LIMIT = 700


class BadMessage(Exception):
    def __str__(self):
        raise RuntimeError("no message")


@pytest.mark.parametrize("exc, fragment", [
    (BadMessage(), "BadMessage: (its message could not be read)"),
    (ValueError("x" * 10_000_000), "ValueError: xxxx"),
    (ValueError("bad \ud800 surrogate\nand a second line \x1b[31m"), r"bad \ud800 surrogate\nand a second line \x1b[31m"),
], ids=["raising-str", "huge-message", "surrogate-and-control"])
def test_an_exception_message_is_quoted_safely(exc, fragment):
    class Engine(ReferenceEngine):
        def run(self, case):
            if case["id"] == FIRST.id:
                raise exc
            return super().run(case)
    outcomes = outcomes_of(Engine())
    assert kinds(outcomes) == ["exception", "passed"]
    assert fragment in outcomes[0].message
    assert "\n" not in outcomes[0].message and len(outcomes[0].message) < MESSAGE_LIMIT
    outcomes[0].detail.encode("utf-8")  # printable


def test_describe_calling_sys_exit_is_an_engine_spec_error():
    class Engine(ReferenceEngine):
        def describe(self):
            sys.exit(3)
    with pytest.raises(EngineSpecError, match="describe\\(\\) failed: the engine raised SystemExit: 3"):
        describe(Engine())


def test_the_cli_reports_sys_exit_as_that_cases_error_and_exits_1(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    code = main(["run", "--no-properties", "--cases", OGRE, "--engine", "tests.inprocess_engines:ExitsOnTheOgre",
                 "--results", str(out)])
    assert code == 1
    lines = results(out)
    assert [line["type"] for line in lines] == ["header", "result", "result", "footer"]
    assert lines[1]["status"] == "errored" and lines[1]["message"].startswith("the engine raised SystemExit: 0")
    assert lines[2]["status"] == "passed" and lines[-1]["exit_status"] == 1


def test_the_guard_is_applied_once_and_passes_close_on():
    from conformance.engines.guard import GuardedEngine, guarded

    closed = []

    class Engine(ReferenceEngine):
        def close(self):
            closed.append(True)
    engine = guarded(Engine())
    assert isinstance(engine, GuardedEngine) and guarded(engine) is engine
    engine.close()
    assert closed == [True]


# -- the user's interrupt still interrupts --------------------------------------------------------

def _interrupting(swallow: bool):
    class Engine(ReferenceEngine):
        def run(self, case):
            os.kill(os.getpid(), signal.SIGINT)  # as a Ctrl-C would, while the engine runs
            try:
                time.sleep(5)
            except BaseException:
                if not swallow:
                    raise
            return super().run(case)
    return Engine()


@pytest.mark.parametrize("swallow", [False, True], ids=["raised", "swallowed-by-the-engine"])
def test_a_real_sigint_while_an_engine_runs_interrupts_the_judging(swallow):
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        engine = _interrupting(swallow)
        info = describe(engine)
        with pytest.raises(KeyboardInterrupt):
            compare.judge(engine, info, FIRST)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_sigint_of_the_run_interrupts_it_even_when_the_engine_swallows_it(tmp_path):
    cases = small_cases(tmp_path, 3)
    out, mark = tmp_path / "r.jsonl", tmp_path / "mark"
    command = [sys.executable, "-m", "conformance", "run", "--no-properties", "--cases", cases,
               "--engine", "tests.inprocess_engines:SwallowsInterrupts", "--results", str(out)]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT), "MTG_TEST_MARK": str(mark)},
                           preexec_fn=_as_from_a_terminal)
    deadline = time.monotonic() + 60
    while not mark.exists():
        assert time.monotonic() < deadline and run.poll() is None, run.communicate()
        time.sleep(0.05)
    time.sleep(0.3)
    run.send_signal(signal.SIGINT)
    try:
        stdout, stderr = run.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        run.kill()
        pytest.fail(f"the run went on after SIGINT: {run.communicate()}")
    assert run.returncode == 130, stderr
    lines = results(out)
    assert [line["type"] for line in lines] == ["header", "result", "result", "footer"]
    assert lines[-1]["interrupted"] is True and "Traceback" not in stderr


def test_plain_value_never_recurses():
    value = replies.plain_value(nested(200_000), max_depth=300_000)
    depth = 0
    while value:
        (value,), depth = value, depth + 1
    assert depth == 200_000
    assert json.dumps(replies.plain_value([(1, "a"), OrderedDict(b=True)])) == '[[1, "a"], {"b": true}]'


# -- item 4 (b): --timeout bounds an in-process engine too (a worker process) ---------------------

@pytest.mark.parametrize("engine, kind, fragment", [
    ("Stalls", "timeout", "did not answer case 701.10b/case-2 within 1 s: killed (the next case restarts it)"),
    ("LoopsInC", "timeout", "did not answer case 701.10b/case-2 within 1 s: killed (the next case restarts it)"),
    ("ExitsAtOnce", "crash", "exited with status 3 while running case 701.10b/case-2"),
    ("KillsItself", "crash", "was killed by SIGKILL while running case 701.10b/case-2"),
], ids=["python-sleep", "c-loop-ignoring-signals", "os-exit", "sigkill-of-itself"])
def test_with_a_timeout_an_in_process_engine_past_it_or_gone_is_that_cases_error_and_the_run_goes_on(
        tmp_path, capsys, engine, kind, fragment):
    out = tmp_path / "r.jsonl"
    started = time.monotonic()
    code = main(["run", "--no-properties", "--cases", small_cases(tmp_path, 3), "--engine",
                 f"tests.inprocess_engines:{engine}", "--timeout", "1", "--results", str(out)])
    elapsed = time.monotonic() - started
    assert code == 1
    records = [line for line in results(out) if line["type"] == "result"]
    assert [(r["status"], r["error_kind"]) for r in records] == [("passed", None), ("errored", kind), ("passed", None)]
    assert fragment in records[1]["message"]
    assert elapsed < 20, f"the run took {elapsed:.1f} s"


def test_with_a_timeout_the_verdicts_are_those_of_the_engine_in_process(tmp_path, capsys):
    # NaN and infinity are carried, and judged as failures; a value that is not JSON data is a
    # protocol error with the same message; sys.exit() the same exception
    verdicts = []
    for timeout in ([], ["--timeout", "5"]):
        for engine in ("tests.inprocess_engines:NaNs", "tests.inprocess_engines:HugeInteger",
                       "tests.inprocess_engines:ExitsOnTheOgre"):
            out = tmp_path / "r.jsonl"
            main(["run", "--no-properties", "--cases", OGRE, "--engine", engine, "--results", str(out), *timeout])
            verdicts.append([(r["status"], r["error_kind"], r["message"], r.get("mismatches"))
                             for r in results(out) if r["type"] == "result"])
    assert verdicts[:3] == verdicts[3:]
    assert verdicts[0][0][0] == "failed" and verdicts[1][0][1] == "protocol" and verdicts[2][0][1] == "exception"


def test_with_a_timeout_an_engine_that_cannot_be_loaded_is_one_line_exit_2(capsys):
    code = main(["run", "--no-properties", "--cases", OGRE, "--engine", "no_such_module:Engine", "--timeout", "5"])
    err = capsys.readouterr().err
    assert code == 2 and err.strip() == "--engine 'no_such_module:Engine': cannot import 'no_such_module': No module named 'no_such_module'"


@pytest.mark.parametrize("engine, fragment", [
    (Sabotaging(lambda: b"2"), "the engine's answer is not plain JSON data: 0/objects/bear/power: a value of type bytes"),
    (Sabotaging(whole=lambda s: sys.exit(0)), "the engine raised SystemExit: 0"),
], ids=["bytes", "sys-exit"])
def test_an_engine_served_over_the_protocol_answers_an_error_and_serves_on(engine, fragment):
    import io

    from conformance.engines import protocol
    from reference_engine.serve import serve

    requests = "".join(json.dumps(m) + "\n" for m in [protocol.start(), *(protocol.run(n, c.to_dict())
                                                                          for n, c in enumerate(CASES[:2], 1))])
    replies = io.StringIO()
    assert serve(engine, io.StringIO(requests), replies, io.StringIO()) == 0
    _, first, second = [json.loads(line) for line in replies.getvalue().splitlines()]
    assert fragment in first["error"]["message"] and set(first["error"]) == {"message", "traceback"}
    assert "snapshots" in second
