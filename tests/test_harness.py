"""The subprocess harness (conformance/engines/harness.py) against engines that misbehave, one way each.

Every fake engine in tests/fake_engines/ is the reference engine behind a protocol loop with one
fault, so the cases it does not sabotage pass: each test asserts the exact outcome kind of every
case, that the run went on, and that no engine process is left behind. Timeouts are short (1-2 s).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conformance import __version__
from conformance.format import loader
from conformance.results import compare
from conformance.cli import main
from conformance.engines.interface import describe, load_engine
from conformance.errors import EngineCrashed, EngineSpecError, EngineTimedOut, ProtocolError
from conformance.engines.harness import SubprocessEngine
from reference_engine import ReferenceEngine

FAKES = Path(__file__).resolve().parent / "fake_engines"
GOLDEN = loader.load_suite([loader.golden_dir()])
CASES_IDS = ("608.2b/pump-aimed-at-a-creature-that-died-does-nothing", "608.2b/effects-aimed-at-a-card-in-hand-do-nothing",
             "611.2c/effect-on-each-creature-card-in-graveyards", "112.1/a-source-you-control-includes-your-spells")
"""Four golden cases the harness tests judge, named (not the suite's first four: a new case file may sort
before them); the first one's first checkpoint expects the bear's power to be 2."""
CASES = [next(case for case in GOLDEN if case.id == case_id) for case_id in CASES_IDS]
SERVE = f"exec:{sys.executable} -m reference_engine.serve"
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


def fake(name: str, *args: str, timeout: float = 2, **options) -> SubprocessEngine:
    """The fake engine ``tests/fake_engines/<name>.py`` started with ``args``."""
    return SubprocessEngine([sys.executable, str(FAKES / f"{name}.py"), *args], timeout=timeout,
                            startup_timeout=10, **options)


def judge_all(engine, cases=CASES) -> list[compare.Outcome]:
    info = describe(engine)
    return [compare.judge(engine, info, case) for case in cases]


def kinds(outcomes) -> list[str]:
    """``passed``/``failed``/``unsupported``, or the kind of an errored case."""
    return [o.kind if isinstance(o, compare.Errored) else o.status for o in outcomes]


def gone(pid: int) -> bool:
    """The process has exited (a zombie nobody reaped yet counts as exited)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in "ZX"
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False


def wait_gone(pid: int, within: float = 3.0) -> bool:
    deadline = time.monotonic() + within
    while not gone(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


# -- the reference engine over the protocol --------------------------------------------------------

def test_the_golden_suite_over_the_protocol_has_the_in_process_outcomes():
    reference = ReferenceEngine()
    in_process = [compare.judge(reference, describe(reference), case) for case in GOLDEN]
    with load_engine(SERVE) as engine:
        over_protocol = judge_all(engine, GOLDEN)
        assert engine.restarts == 0
    assert over_protocol == in_process
    assert {o.status for o in over_protocol} == {"passed"}
    assert describe(engine) == describe(reference)


def test_the_case_sent_is_exactly_case_to_dict(tmp_path):
    log = tmp_path / "cases.jsonl"
    with fake("records", str(log)) as engine:
        assert kinds(judge_all(engine)) == ["passed"] * len(CASES)
    assert [json.loads(line) for line in log.read_text().splitlines()] == [c.to_dict() for c in CASES]


def test_unsupported_and_error_replies():
    with fake("refuses", CASES[0].id) as engine:
        unsupported, errored, *_ = judge_all(engine)
        assert engine.restarts == 0
    assert unsupported == compare.Unsupported("no layers yet")
    assert errored.kind == "exception" and errored.status == "errored"
    assert errored.message.endswith(f"failed on case {CASES[1].id}: NotImplementedError: layers")
    assert errored.detail == "at Rules.apply (rules.rs:42)"


def test_an_in_process_engine_served_reports_its_traceback():
    spec = f"{SERVE} --engine tests.wrong_engines:CrashingEngine"
    doubling = [c for c in GOLDEN if "double-pt" in c.features][:1]
    with load_engine(spec) as engine:
        (outcome,) = judge_all(engine, doubling)
    assert outcome.kind == "exception"
    assert "RuntimeError: doubling is not implemented" in outcome.message
    assert "Traceback (most recent call last)" in outcome.detail and "wrong_engines.py" in outcome.detail


# -- misbehaving engines: one outcome per case, the run goes on ------------------------------------

def test_a_hanging_engine_times_out_on_that_case_is_killed_with_its_children_and_restarted():
    with fake("hangs", CASES[1].id, timeout=1) as engine:
        first_pid = engine.pid
        started = time.monotonic()
        outcomes = judge_all(engine)
        elapsed = time.monotonic() - started
        assert engine.restarts == 1 and engine.pid != first_pid
    assert kinds(outcomes) == ["passed", "timeout", "passed", "passed"]
    timeout = outcomes[1]
    assert f"did not answer case {CASES[1].id} within 1 s" in timeout.message
    assert f"hanging on {CASES[1].id}" in timeout.detail
    assert 1 <= elapsed < 5
    assert gone(first_pid)
    child = int(timeout.detail.rsplit("child pid ", 1)[1].split()[0])
    assert wait_gone(child), "the engine's child survived: the process group was not killed"


def test_a_crashing_engine_is_restarted_and_each_crash_names_the_case_and_its_stderr():
    with fake("crashes") as engine:  # exits on the 2nd case of each process
        outcomes = judge_all(engine)
        assert engine.restarts == 1
    assert kinds(outcomes) == ["passed", "crash", "passed", "crash"]
    for number in (1, 3):
        assert f"exited with status 3 while running case {CASES[number].id}" in outcomes[number].message
        assert f"fatal: segfault-like failure in case {CASES[number].id}" in outcomes[number].detail


def test_an_engine_that_cannot_be_restarted_errors_every_remaining_case_at_once(tmp_path):
    with fake("wont_restart", str(tmp_path / "marker")) as engine:
        started = time.monotonic()
        outcomes = judge_all(engine)
        assert time.monotonic() - started < 5
    assert kinds(outcomes) == ["crash"] * 4
    assert "exited with status 5" in outcomes[0].message
    assert f"could not be restarted for case {CASES[1].id}" in outcomes[1].message
    assert "lock file left by a crashed run" in outcomes[1].message
    assert all(f"case {c.id} not sent" in o.message for c, o in zip(CASES[2:], outcomes[2:]))


def test_garbage_is_a_protocol_error_for_that_case_only():
    with fake("garbage", CASES[0].id) as engine:
        outcomes = judge_all(engine)
        assert engine.restarts == 1  # the stream may be out of step: a fresh process
    assert kinds(outcomes) == ["protocol", "passed", "passed", "passed"]
    assert (f"answered case {CASES[0].id} with a line that is not JSON: "
            "'Result: bear is 2/2 <-- debugging output'") in outcomes[0].message


def test_a_wrong_seq_is_a_protocol_error():
    with fake("wrong_seq") as engine:
        outcomes = judge_all(engine)
    assert kinds(outcomes) == ["protocol"] * 4
    assert f"answered case {CASES[0].id} (seq 1) with seq 2" in outcomes[0].message
    assert f"answered case {CASES[1].id} (seq 2) with seq 3" in outcomes[1].message


def test_a_partial_line_then_exit_is_a_crash_showing_the_unfinished_reply():
    with fake("partial_line", CASES[2].id) as engine:
        outcomes = judge_all(engine)
    assert kinds(outcomes) == ["passed", "passed", "crash", "passed"]
    assert (f"exited with status 0 while running case {CASES[2].id} in the middle of a reply "
            "(18 bytes without a newline: '{\"seq\": 3, \"snapsh')") in outcomes[2].message


def test_a_line_over_16_mib_is_a_protocol_error_and_the_engine_is_restarted():
    with fake("huge_output", CASES[0].id) as engine:
        outcomes = judge_all(engine, CASES[:2])
        assert engine.restarts == 1
    assert kinds(outcomes) == ["protocol", "passed"]
    assert f"answered case {CASES[0].id} with a line longer than 16 MiB" in outcomes[0].message


def test_the_line_limit_is_configurable():
    # `started` fits, the reply to a case with many objects and checkpoints does not (whichever
    # golden file sorts first)
    big = max(GOLDEN, key=lambda case: len(case.objects) * sum(step.KEY == "expect" for step in case.steps))
    with fake("chatters", max_line=4000) as engine:  # `started` names every feature: over 1,000 bytes
        outcomes = judge_all(engine, [big])
    assert kinds(outcomes) == ["protocol"] and "longer than 4000 bytes" in outcomes[0].message


def test_the_wrong_number_of_snapshots_is_a_protocol_error():
    with fake("wrong_count", CASES[0].id) as engine:
        outcomes = judge_all(engine, CASES[:2])
        assert engine.restarts == 0  # well framed: the stream is still in step
    checkpoints = len(CASES[0].checkpoints)
    assert kinds(outcomes) == ["protocol", "passed"]
    assert (f"answered case {CASES[0].id} with {checkpoints - 1} snapshots for its {checkpoints} checkpoints"
            in outcomes[0].message)


def test_a_reply_not_matching_the_schema_is_a_protocol_error():
    with fake("bad_reply", CASES[0].id) as engine:
        outcomes = judge_all(engine, CASES[:2])
    assert kinds(outcomes) == ["protocol", "passed"]
    assert "with a reply not matching run-reply.json: snapshots/0/objects: [] is not of type 'object'" \
        in outcomes[0].message


def test_stderr_chatter_never_blocks_nor_changes_an_outcome():
    cases = GOLDEN[:12]  # 200 KiB of stderr per case, a pipe holds 64 KiB
    with fake("chatters") as engine:
        outcomes = judge_all(engine, cases)
        assert engine.restarts == 0
    assert kinds(outcomes) == ["passed"] * len(cases)


# -- starting and stopping -------------------------------------------------------------------------

def test_an_engine_that_exits_at_start_is_a_spec_error_with_its_stderr():
    with pytest.raises(EngineSpecError) as excinfo:
        fake("exits_at_start")
    message = str(excinfo.value)
    assert "exits_at_start.py" in message and "the engine exited before answering start (exited with status 127)" in message
    assert "libmtgrules.so.3: cannot open shared object file" in message


def test_an_unknown_protocol_version_is_refused_clearly():
    with pytest.raises(EngineSpecError, match="the engine speaks protocol version 99; this suite speaks "
                                              r"version 1 \(see docs/protocol.md\)"):
        fake("version_99")


def test_an_engine_silent_at_start_is_a_spec_error_after_the_startup_timeout():
    started = time.monotonic()
    with pytest.raises(EngineSpecError, match="no answer to start within 1 s"):
        SubprocessEngine([sys.executable, "-c", "import time; time.sleep(60)"], startup_timeout=1)
    assert time.monotonic() - started < 4


@pytest.mark.parametrize("spec, fragment", [
    ("exec:", "no command after 'exec:'"),
    ("exec:'unclosed", "cannot split the command: No closing quotation"),
    ("exec:/no/such/engine --flag", "cannot start '/no/such/engine': No such file or directory"),
    (f"exec:{sys.executable} -c 'print(42)'", "its answer to start does not match started.json: 42 is not"),
    (f"exec:{sys.executable} -c 'print(\"hello\")'", "the engine exited before answering start (exited with status 0); it wrote 'hello'"),
], ids=["empty", "unclosed-quote", "no-such-command", "not-started", "not-json"])
def test_unusable_exec_specs_are_spec_errors_naming_the_spec(spec, fragment):
    with pytest.raises(EngineSpecError) as excinfo:
        load_engine(spec)
    assert str(excinfo.value).startswith(f"--engine {spec!r}: ") and fragment in str(excinfo.value)


def test_close_stops_the_engine_and_kills_one_that_ignores_stop():
    engine = load_engine(SERVE)
    pid = engine.pid
    assert engine.close() is True and gone(pid)
    assert engine.close() is True  # idempotent
    stubborn = fake("ignores_stop", stop_timeout=0.5)
    pid = stubborn.pid
    assert stubborn.close() is False and gone(pid)


def test_a_closed_engine_reports_cases_as_crashes_without_starting_again():
    engine = load_engine(SERVE)
    engine.close()
    (outcome,) = judge_all(engine, CASES[:1])
    assert outcome.kind == "crash" and "it was closed" in outcome.message and engine.pid is None


def test_engines_left_open_are_killed_at_interpreter_exit():
    script = ("import sys; from conformance.engines.harness import SubprocessEngine; "
              f"e = SubprocessEngine([sys.executable, {str(FAKES / 'ignores_stop.py')!r}]); print(e.pid)")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert wait_gone(int(result.stdout)), "an engine outlived the harness"


# -- outcomes: kinds in judge(), the plugin, the CLI -----------------------------------------------

@pytest.mark.parametrize("error, kind", [(EngineCrashed, "crash"), (EngineTimedOut, "timeout"),
                                         (ProtocolError, "protocol")])
def test_judge_maps_each_engine_fault_to_its_errored_kind(error, kind):
    class Engine(ReferenceEngine):
        def run(self, case):
            raise error(f"trouble on {case['id']}", "the tail")

    engine = Engine()
    outcome = compare.judge(engine, describe(engine), CASES[0])
    assert outcome == compare.Errored(f"trouble on {CASES[0].id}", "the tail", kind=kind)
    assert outcome.status == "errored"


def test_judge_keeps_exception_as_the_default_kind():
    assert compare.Errored("x").kind == "exception"


SMALL_CASES = """\
format: 1
cr: 2025-09-19
cases:
""" + "".join(f"""\
  - id: 701.10b/case-{n}
    rules: [701.10b]
    source: {{rule: 701.10b}}
    summary: A 3/3 has its power doubled; 3 + 3 = 6.
    players: [Alex]
    objects:
      bear: {{card: {{types: [creature], power: 3, toughness: 3}}}}
    steps:
      - double_pt: {{to: bear, which: power}}
      - expect: {{objects: {{bear: {{power: 6, toughness: 3}}}}}}
""" for n in range(1, 4))


def test_the_plugin_reports_each_kind_and_every_case_gets_one_outcome(pytester):
    pytester.makefile(".yaml", small=SMALL_CASES)
    spec = f"exec:{sys.executable} {FAKES / 'crashes.py'}"
    result = pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", ".", "--mtg-engine", spec,
                                "--mtg-timeout", "2")
    assert result.ret == 1
    assert result.parseoutcomes() == {"passed": 2, "failed": 1}
    result.stdout.fnmatch_lines(["case 701.10b/case-2 could not run on mtg-conformance reference engine *",
                                 "  crash: * exited with status 3 while running case 701.10b/case-2",
                                 "  *fatal: segfault-like failure in case 701.10b/case-2"])
    totals = [line.split() for line in result.stdout.lines if line.startswith("all ")][0]
    assert totals[1:] == ["3", "2", "0", "1", "0"]


def test_cli_run_timeout_reaches_the_engine(capsys, tmp_path):
    (tmp_path / "small.yaml").write_text(SMALL_CASES)
    spec = f"exec:{sys.executable} {FAKES / 'hangs.py'} 701.10b/case-1"
    code = main(["run", "--engine", spec, "--cases", str(tmp_path), "--timeout", "1"])
    out = capsys.readouterr().out
    assert code == 1
    assert f"  timeout: mtg-conformance reference engine {__version__} did not answer case 701.10b/case-1 within 1 s" in out
    assert [line.split() for line in out.splitlines() if line.startswith("all ")][-1][1:] == \
        ["3", "2", "0", "1", "0"]


@pytest.mark.parametrize("value", ["0", "-1", "soon", "nan"])
def test_cli_run_rejects_a_timeout_that_is_not_a_positive_number(capsys, value):
    with pytest.raises(SystemExit) as excinfo:
        main(["run", "--timeout", value])
    assert excinfo.value.code == 2
    assert "--timeout: expected a" in capsys.readouterr().err


# Golden files of several rules and two properties of the two kinds (the differential one, and a law
# checked on the engine's own answers): every property reaches the engine the same way, so running
# all 31 twice (in-process, then over the protocol) showed nothing more and took minutes.
OVER_THE_PROTOCOL = "sublayers or gray-ogre or 704.5-state or double.yaml or 613/agrees or two-switches-cancel"


def test_cli_run_over_the_protocol_prints_the_same_table(capsys):
    assert main(["run", "-k", OVER_THE_PROTOCOL]) == 0
    out = capsys.readouterr().out
    in_process = out.split("Conformance of", 1)[1]
    assert "2 properties run" in in_process and "613/agrees-with-reference" in out, in_process
    assert main(["run", "--engine", SERVE, "-k", OVER_THE_PROTOCOL]) == 0
    assert capsys.readouterr().out.split("Conformance of", 1)[1] == in_process


def test_cli_serve_reference_speaks_the_protocol():
    with load_engine(f"exec:{sys.executable} -m conformance serve-reference") as engine:
        assert kinds(judge_all(engine, CASES[:2])) == ["passed", "passed"]


# -- smoke ----------------------------------------------------------------------------------------

class NoPumpEngine(ReferenceEngine):
    """Forgets +1/+1 effects: the smoke test must say which case and which value."""

    def run(self, case):
        steps = [s for s in case["steps"] if "modify_pt" not in s]
        return super().run({**case, "steps": steps})


class NoTypesEngine(ReferenceEngine):
    """Declares ``types`` (as the reference engine does) but never reports them."""

    def run(self, case):
        return [{**snapshot, "objects": {oid: {k: v for k, v in values.items() if k != "types"}
                                         for oid, values in snapshot["objects"].items()}}
                for snapshot in super().run(case)]


class WrongValuesEngine(ReferenceEngine):
    """Reports every object colourless, no player's mana pool, and damage marked as 0."""

    def run(self, case):
        snapshots = super().run(case)
        for snapshot in snapshots:
            for values in snapshot["objects"].values():
                values.update({"colors": [], "damage": 0} if "colors" in values else {})
            for values in snapshot["players"].values():
                del values["mana"]
        return snapshots


class NoLifeFeatureEngine(ReferenceEngine):
    """Reports players' values but declares neither ``life`` nor ``damage``: the values observing
    them needs stay unchecked, and smoke says so."""

    def describe(self):
        description = super().describe()
        return {**description, "features": [f for f in description["features"] if f not in ("life", "damage")]}


@pytest.mark.parametrize("spec", ["reference", SERVE], ids=["in-process", "exec"])
def test_smoke_passes_a_working_adapter(capsys, spec):
    assert main(["smoke", "--engine", spec]) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out and out.rstrip().endswith("smoke: the adapter works")
    assert "ok    case 208.1/smoke-bear" in out and "ok    case 613.4c/smoke-pump" in out
    for case_id in ("109.3/smoke-every-value", "120.3/smoke-counter-and-damage", "112.1/smoke-spell-on-the-stack"):
        assert re.search(rf"ok    case {re.escape(case_id)} \(every declared value\): [0-9.]+ s$", out, re.M), out
    assert ("ok    stop: the engine exited" in out) == spec.startswith("exec:")


@pytest.mark.parametrize("spec, problem", [
    ("tests.test_harness:NoPumpEngine",
     "FAIL  case 613.4c/smoke-pump (A 2/2 creature gets +1/+1 * 3/3.): checkpoint 1 'pumped' (step 2): "
     "bear.power: expected 3, got 2; checkpoint 1 'pumped' (step 2): bear.toughness: expected 3, got 2"),
    (f"exec:{sys.executable} {FAKES / 'garbage.py'}",
     "FAIL  case 208.1/smoke-bear (*): errored (protocol): * with a line that is not JSON: *"),
    (f"exec:{sys.executable} {FAKES / 'version_99.py'}",
     "FAIL  load: --engine *: the engine speaks protocol version 99; this suite speaks version 1 *"),
    (f"exec:{sys.executable} {FAKES / 'ignores_stop.py'}",
     "FAIL  case 208.1/smoke-bear (*): errored (timeout): * did not answer case 208.1/smoke-bear within 1 s*"),
    ("tests.test_harness:NoTypesEngine",
     "FAIL  case 109.3/smoke-every-value (every declared value): declared in describe() but not reported: 'types' (of thalia)"),
    ("tests.test_harness:NoTypesEngine",
     "FAIL  case 112.1/smoke-spell-on-the-stack (every declared value): declared in describe() but not reported: 'types' (of bolt)"),
    ("tests.test_harness:WrongValuesEngine",
     "FAIL  case 109.3/smoke-every-value (every declared value): declared in describe() but not reported: "
     "player 'mana' (of Alex, Rob); reported wrong: checkpoint 1 'as printed' (step 1): thalia.colors: expected ?'W'?, got ??"),
    ("tests.test_harness:WrongValuesEngine",
     "FAIL  case 120.3/smoke-counter-and-damage (*): *thalia.damage: expected 1, got 0*"),
], ids=["wrong-values", "garbage", "version-99", "hangs", "no-types", "no-types-on-the-stack", "no-mana", "no-damage"])
def test_smoke_says_precisely_what_is_wrong(capsys, spec, problem):
    assert main(["smoke", "--engine", spec, "--timeout", "1"]) == 1
    out = capsys.readouterr().out
    assert any(fnmatch.fnmatch(line.strip(), problem) for line in out.splitlines()), out
    assert "problem" in out.splitlines()[-1] and "Traceback" not in out


def test_smoke_names_the_declared_values_it_could_not_check(capsys):
    assert main(["smoke", "--engine", "tests.test_harness:NoLifeFeatureEngine"]) == 0
    out = capsys.readouterr().out
    assert any(fnmatch.fnmatch(line.strip(), "ok    case 109.3/smoke-every-value (every declared value): * s; "
                               "not checked, the engine lacking features they need: damage (damage), "
                               "player life (life), player lost (life)") for line in out.splitlines()), out
    assert re.search(
        r"ok    case 120.3/smoke-counter-and-damage .*: skipped, unsupported: .* lacks the features damage, life", out)


def test_the_smoke_cases_observe_every_value_and_the_reference_engine_passes_them_whole():
    """Every value a snapshot may report is observed by some every-value case, worked by hand;
    the reference engine, which reports them all, passes each case as written."""
    from conformance.engines import smoke
    from reference_engine import OBSERVABLES

    assert set(smoke.OBJECT_VALUES) == set(OBSERVABLES["objects"])
    assert set(smoke.PLAYER_VALUES) == set(OBSERVABLES["players"])
    observed = {"objects": set(), "players": set()}
    engine = ReferenceEngine()
    for template in smoke.EVERY_VALUE:
        case = smoke._load(template)
        for checkpoint in case.checkpoints:
            observed["objects"].update(k for values in checkpoint.objects.values() for k in values)
            observed["players"].update(k for values in (checkpoint.players or {}).values() for k in values)
        assert compare.judge(engine, describe(engine), case) == compare.Passed(), case.id
    assert observed == {"objects": set(smoke.OBJECT_VALUES), "players": set(smoke.PLAYER_VALUES)}
