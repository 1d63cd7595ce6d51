"""Engines that misbehave in ways meant to break the harness (issue 24): bytes that are not
Unicode, replies nested thousands deep, descendants that leave the process group, engines that
exit at once, never read, or leave a request in a broken pipe; results files the writer or the
reader could choke on; interrupts. Each test reproduces a probe that once lost results, left a
process, hung or gave a traceback, and checks what the user sees now (docs/protocol.md, "Engine
faults"). Timeouts are short and the case lists small."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conformance.engines import harness, replies
from conformance.engines import process as engine_process
from conformance.format import loader
from conformance.results import compare
from conformance.cli import main
from conformance.engines.interface import describe
from conformance.errors import EngineSpecError
from conformance.engines.harness import SubprocessEngine
from tests.inprocess_engines import NaNs
from tests.test_harness import CASES, FAKES, GOLDEN, SMALL_CASES, fake, gone, judge_all, kinds, wait_gone

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")
ROOT = Path(__file__).resolve().parent.parent
OGRE = str(ROOT / "golden" / "613.5-gray-ogre.yaml")  # two cases


def spec(name: str, *args: str) -> str:
    return f"exec:{sys.executable} {FAKES / name}.py" + "".join(f" {a}" for a in args)


def small_cases(tmp_path: Path, count: int) -> str:
    """A case file of ``count`` one-step cases (701.10b/case-1 ...)."""
    head, _, body = SMALL_CASES.partition("  - id:")
    case = "  - id:" + body.split("  - id:")[0]
    path = tmp_path / "small.yaml"
    path.write_text(head + "".join(case.replace("case-1", f"case-{n}") for n in range(1, count + 1)))
    return str(path)


def results(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


# -- 1. bytes that are not Unicode ----------------------------------------------------------------

@pytest.mark.parametrize("mode, fragment", [
    ("escape", "a string that is not valid Unicode (a lone surrogate): 'bear\\ud800'"),
    ("raw", "with a line that is not UTF-8"),
])
def test_a_lone_surrogate_in_a_reply_is_a_protocol_error_of_that_case_and_no_result_is_lost(tmp_path, capsys, mode,
                                                                                             fragment):
    out = tmp_path / "r.jsonl"
    code = main(["run", "--no-properties", "--cases", OGRE, "--engine", spec("surrogate", mode, "613.5/gray-ogre"),
                 "--timeout", "5", "--results", str(out)])
    assert code == 1
    lines = results(out)
    assert [line["type"] for line in lines] == ["header", "result", "result", "footer"]
    first, second = lines[1:3]
    assert first["status"] == "errored" and first["error_kind"] == "protocol" and fragment in first["message"]
    assert second["status"] == "passed"


def test_a_lone_surrogate_in_the_engine_name_is_a_start_error(capsys):
    code = main(["run", "--no-properties", "--cases", OGRE, "--engine", spec("surrogate", "name")])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "answered start with unusable JSON (engine/name: a string that is not valid Unicode" in err
    assert len(err.strip().splitlines()) == 1


# -- 2. nesting -----------------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [200, 900, 100_000])
def test_a_reply_nested_thousands_deep_is_a_protocol_error_and_the_run_goes_on(depth):
    with fake("deep", str(depth), CASES[0].id) as engine:
        outcomes = judge_all(engine, CASES[:2])
    assert kinds(outcomes) == ["protocol", "passed"]
    assert f"nested more than {replies.MAX_DEPTH} deep" in outcomes[0].message


def test_the_golden_replies_nest_well_within_the_bound():
    from reference_engine import ReferenceEngine

    def depth(value) -> int:
        if isinstance(value, dict):
            return 1 + max(map(depth, value.values()), default=0)
        if isinstance(value, list):
            return 1 + max(map(depth, value), default=0)
        return 0

    engine = ReferenceEngine()
    deepest = max(depth({"seq": 1, "snapshots": engine.run(case.to_dict())}) for case in GOLDEN)
    assert deepest <= replies.MAX_DEPTH // 4


# -- 3. descendants that leave the process group --------------------------------------------------

def test_a_grandchild_that_calls_setsid_is_killed_with_the_engine(tmp_path):
    pidfile = tmp_path / "pids"
    engine = fake("escapes_group", str(pidfile))
    assert kinds(judge_all(engine, CASES[:1])) == ["passed"]
    deadline = time.monotonic() + 5
    while not pidfile.exists() or not pidfile.read_text().strip():
        assert time.monotonic() < deadline, "the grandchild never started"
        time.sleep(0.02)
    grandchild = int(pidfile.read_text().split()[0])
    assert os.getsid(grandchild) != os.getsid(engine.pid)  # it did leave the engine's session
    engine.close()
    assert wait_gone(grandchild), "a descendant that left the process group outlived the engine"


def test_an_engine_that_exits_leaving_a_daemon_on_its_pipes_is_a_crash_at_once_and_the_daemon_dies(tmp_path):
    # issue 38 (12): the daemon held stdout open, so the end of output never came and the crash
    # was reported as a timeout after the whole limit
    pidfile = tmp_path / "pids"
    started = time.monotonic()
    with fake("daemon_then_crash", str(pidfile), CASES[0].id, timeout=30) as engine:
        outcomes = judge_all(engine, CASES[:2])
        elapsed = time.monotonic() - started
    assert kinds(outcomes) == ["crash", "passed"]
    assert f"exited with status 3 while running case {CASES[0].id}" in outcomes[0].message
    assert "fatal: giving up on case" in outcomes[0].detail
    assert elapsed < 10, f"the crash took {elapsed:.1f} s to be seen (the timeout is 30 s)"
    daemon = int(pidfile.read_text().split()[0])
    assert wait_gone(daemon), "the daemon holding the crashed engine's pipes was left running"


def test_kill_marked_finds_only_processes_with_the_token():
    token = "t" + os.urandom(8).hex()
    marked = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                              env={**os.environ, engine_process.TOKEN_VARIABLE: token}, start_new_session=True)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                             env={**os.environ, engine_process.TOKEN_VARIABLE: token + "x"})
    try:
        time.sleep(0.2)
        assert engine_process.kill_marked(token) == 1
        marked.wait(5)
        assert other.poll() is None
    finally:
        other.kill()
        other.wait()
        marked.kill()
        marked.wait()


# -- 4. and 8. engines that exit at once; requests left in a broken pipe ---------------------------

@pytest.mark.parametrize("command, wrote", [("echo hello", "; it wrote 'hello' on its standard output"),
                                            ("true", ""), ("false", "")])
def test_an_engine_that_exits_at_once_is_one_line_exit_2(capsys, command, wrote):
    code = main(["run", "--no-properties", "--cases", OGRE, "--engine", f"exec:{command}"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and "BrokenPipeError" not in err
    assert f"--engine 'exec:{command}': the engine exited before answering start (exited with status" in err
    assert err.count("\n") == 1 and (wrote in err)


def test_an_engine_that_replies_twice_then_exits_leaves_no_broken_pipe():
    # the second reply is unsolicited: dropped before the next case if it came in time, else it
    # answers the next request with the wrong seq (a protocol error; the engine is restarted)
    with fake("replies_twice") as engine:
        outcomes = judge_all(engine)
    assert kinds(outcomes)[0] == "passed" and set(kinds(outcomes)) <= {"passed", "protocol"}
    assert all("with seq" in o.message for o in outcomes if isinstance(o, compare.Errored))


def test_killing_an_engine_whose_stdin_holds_a_request_does_not_raise():
    engine = SubprocessEngine([sys.executable, "-c", "import sys, time; sys.stdin.close(); "
                               "print('{\"version\": 1, \"engine\": {\"name\": \"x\", \"version\": \"1\", "
                               "\"features\": [], \"observables\": {\"objects\": [], \"players\": []}}}', flush=True); "
                               "time.sleep(60)"], startup_timeout=10, timeout=0.5)
    process = engine._process
    for _ in range(50):  # fill the pipe past its buffer: the writer blocks, then breaks
        process.send({"cmd": "run", "seq": 0, "case": {"id": "x" * 4096}})
    engine.close()  # no BrokenPipeError
    assert gone(process.popen.pid)


# -- 5. an engine that never reads: give up after GIVE_UP_AFTER cases in a row ---------------------

def test_an_engine_that_never_reads_costs_give_up_after_timeouts_not_one_per_case():
    cases = GOLDEN[:8]
    started = time.monotonic()
    with fake("ignores_stop", timeout=0.5, stop_timeout=0.2) as engine:
        outcomes = judge_all(engine, cases)
    elapsed = time.monotonic() - started
    assert kinds(outcomes) == ["timeout"] * len(cases)
    assert all("did not answer case" in o.message for o in outcomes[:harness.GIVE_UP_AFTER])
    for case, outcome in zip(cases[harness.GIVE_UP_AFTER:], outcomes[harness.GIVE_UP_AFTER:]):
        assert (f"case {case.id} not sent: the engine did not answer within 0.5 s on {harness.GIVE_UP_AFTER} "
                "cases in a row, so the remaining cases are errored without being sent (--keep-trying") in outcome.message
    assert elapsed < 0.5 * harness.GIVE_UP_AFTER + 4


def test_keep_trying_sends_every_case():
    cases = GOLDEN[:harness.GIVE_UP_AFTER + 1]
    with fake("ignores_stop", timeout=0.3, stop_timeout=0.2, give_up_after=None) as engine:
        outcomes = judge_all(engine, cases)
        assert engine.restarts == len(cases) - 1
    assert all("did not answer case" in o.message for o in outcomes)


def test_a_case_that_passes_between_crashes_resets_the_count():
    with fake("crashes") as engine:  # exits on the 2nd case of each process
        outcomes = judge_all(engine, GOLDEN[:8])
    assert kinds(outcomes) == ["passed", "crash"] * 4


def test_the_same_crash_in_a_row_gives_up_and_the_cli_says_so(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    code = main(["run", "--no-properties", "--cases", small_cases(tmp_path, 6), "--engine", spec("always_crashes"),
                 "--results", str(out)])
    terminal = capsys.readouterr().out
    assert code == 1
    records = [line for line in results(out) if line["type"] == "result"]
    assert len(records) > harness.GIVE_UP_AFTER + 1
    assert {r["error_kind"] for r in records} == {"crash"}
    given_up = [r for r in records if "not sent" in r["message"]]
    assert len(given_up) == len(records) - harness.GIVE_UP_AFTER
    reason = (f"the engine exited with status 7 on {harness.GIVE_UP_AFTER} cases in a row, so the remaining "
              "cases are errored without being sent")
    assert all(reason in r["message"] for r in given_up)
    assert reason in terminal


def test_keep_trying_on_the_cli_sends_every_case(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    main(["run", "--no-properties", "--cases", small_cases(tmp_path, harness.GIVE_UP_AFTER + 1), "--engine",
          spec("always_crashes"), "--keep-trying", "--results", str(out)])
    records = [line for line in results(out) if line["type"] == "result"]
    assert len(records) == harness.GIVE_UP_AFTER + 1
    assert all("while running case" in r["message"] for r in records)


# -- 9. results files, expectations, saved counterexamples ----------------------------------------

class TogetherReversingEngine(__import__("reference_engine").ReferenceEngine):
    """Drops the last part of every ``together``: fails the property 613.4b/later-set-overrides on
    both of its scenarios, the second of which is a together of one part."""

    def run(self, case):
        def drop_last(step):
            if "together" in step:
                return {"together": step["together"][:-1] or [{"gain_life": {"player": case["players"][0], "amount": 0}}]}
            return step
        return super().run({**case, "steps": [drop_last(step) for step in case["steps"]]})


def test_save_failures_writes_cases_that_load_and_replay_for_a_together_of_one_part(tmp_path, capsys):
    saved = tmp_path / "saved"
    code = main(["run", "--profile", "ci", "--engine", "tests.test_hostile_engines:TogetherReversingEngine",
                 "--save-failures", str(saved), "-k", "later-set-overrides", "--cases", OGRE, "--properties"])
    assert code == 1
    files = list(saved.glob("*.yaml"))
    assert files
    for path in files:
        assert loader.load_suite([path])  # it loads: no together of one part
    capsys.readouterr()
    assert main(["check", "--cases", str(saved)]) == 0
    assert main(["run", "--no-properties", "--cases", str(saved)]) == 0  # the reference engine passes it
    # the one part of the together is written as that step alone (the format wants two or more parts)
    assert "- set_pt: {to: c1" in files[0].read_text()


@pytest.mark.parametrize("case", [c for c in GOLDEN if c.id in {
    "613.1d/supertypes-set-and-added", "613.6/humility-march-of-the-machines-mycosynth-lattice",
    "707.3/token-copies-of-copies", "707.9e/altered-ego-copying-a-clone-gets-no-counters",
    "707.9b/token-copy-that-is-not-legendary"}], ids=lambda c: c.id)
def test_a_reproducer_keeps_meaningful_empty_lists(case):
    # `supertypes: []` in become, `colors: []` (colourless), `choices: {copy: []}`, `exceptions`
    from conformance.results import records

    (again,) = loader.load_text(records.reproducer(case), "<reproducer>")
    keep = ("objects", "steps", "player_states", "players", "range_of_influence")
    assert {k: again.to_dict().get(k) for k in keep} == {k: case.to_dict().get(k) for k in keep}


def test_every_golden_reproducer_replays_what_ran():
    from conformance.results import records

    keep = ("objects", "steps", "player_states", "players", "range_of_influence")
    for case in GOLDEN:
        (again,) = loader.load_text(records.reproducer(case), case.id)
        assert {k: again.to_dict().get(k) for k in keep} == {k: case.to_dict().get(k) for k in keep}, case.id


NaNEngine = NaNs  # reports NaN for power and infinity for toughness (tests/inprocess_engines.py)


def test_nan_and_infinity_are_written_as_valid_json(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    code = main(["run", "--no-properties", "--cases", OGRE, "--engine", "tests.test_hostile_engines:NaNEngine",
                 "--results", str(out)])
    assert code == 1
    text = out.read_text("utf-8")

    def refuse(token):
        raise ValueError(f"bare {token}")
    lines = [json.loads(line, parse_constant=refuse) for line in text.splitlines()]
    got = {m["got"] for line in lines if line["type"] == "result" for m in line["mismatches"]}
    assert got == {"NaN", "Infinity"}
    capsys.readouterr()
    assert main(["report", str(out)]) == 0


@pytest.mark.parametrize("value, problem", [
    ("[" * 5000 + "]" * 5000, "nested more than"),
    ("1" * 5000, "not a JSON line"),
    ("NaN", "NaN is not JSON"),
])
def test_report_on_a_hostile_results_file_is_one_line_exit_2(tmp_path, capsys, value, problem):
    good = tmp_path / "good.jsonl"
    main(["run", "--no-properties", "--cases", OGRE, "--results", str(good)])
    lines = good.read_text("utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    lines[1] = lines[1].replace('"message": ""', f'"message": "", "x": {value}', 1)
    assert '"x": ' in lines[1]
    bad.write_text("\n".join(lines) + "\n", "utf-8")
    capsys.readouterr()
    code = main(["report", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert f"{bad}:2" in err and problem in err


def test_update_expectations_into_a_missing_directory_writes_it(tmp_path, capsys):
    target = tmp_path / "no" / "such" / "dir" / "expected.yaml"
    code = main(["run", "--no-properties", "--cases", OGRE, "--update-expectations", str(target)])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in err and target.exists()


def test_update_expectations_where_no_directory_can_be_made_is_refused_before_the_run(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    started = time.monotonic()
    code = main(["run", "--no-properties", "--cases", OGRE, "--update-expectations", str(blocker / "expected.yaml")])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err and "--update-expectations" in err
    assert "Conformance of" not in out  # nothing ran


# -- 10. interrupts ---------------------------------------------------------------------------

def _as_from_a_terminal() -> None:
    """In the run's process before it starts: SIGINT and SIGQUIT at their defaults, as a command
    typed at a terminal has them. Started from a test run that was itself started with them ignored
    (a background job of a non-interactive shell), the run would inherit "ignored" and keep it, as
    Python does and as POSIX wants of background jobs: SIGINT would then never reach it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def _communicate_or_explain(run: subprocess.Popen, marker: str, timeout: float = 30) -> tuple[str, str]:
    """``run.communicate(timeout)``; a run still going past it fails the test with what tells why
    (its signal mask and handlers, its standard error), and is killed with its engine, not left
    running (how a run started with SIGINT ignored was found, :func:`_as_from_a_terminal`)."""
    try:
        return run.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            with open(f"/proc/{run.pid}/status") as f:
                signals = [line for line in f.read().splitlines() if line.startswith(("Sig", "Shd", "State"))]
        except OSError:
            signals = ["(no /proc status)"]
        run.kill()
        stdout, stderr = run.communicate()
        for pid in _processes_with(marker):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        pytest.fail(f"the run did not exit {timeout:g} s after the signal; its signals then: {'; '.join(signals)}; "
                    f"its stderr: {stderr[-2000:]!r}; its stdout then: {(stdout or '')[-2000:]!r}")


def _processes_with(marker: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if marker.encode() in f.read():
                        with open(f"/proc/{name}/stat") as g:
                            if g.read().rsplit(")", 1)[1].split()[0] not in "ZX":
                                found.append(int(name))
            except OSError:
                pass
    return found


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("workers", [None, "2"], ids=["serial", "n2"])
def test_an_interrupt_keeps_every_result_writes_the_footer_and_stops_the_engine(tmp_path, signum, status, workers):
    cases = small_cases(tmp_path, 3)
    marker = f"marker-{os.urandom(6).hex()}"
    out = tmp_path / "r.jsonl"
    command = [sys.executable, "-m", "conformance", "run", "--no-properties", "--cases", cases, "--timeout", "60",
               "--engine", f"exec:{sys.executable} {FAKES / 'hangs.py'} 701.10b/case-3 {marker}", "--results", str(out),
               *(["-n", workers] if workers else [])]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=_as_from_a_terminal)
    deadline = time.monotonic() + 60
    while not (out.exists() and out.read_text().count('"type": "result"') >= 2):  # case 3 hangs
        assert time.monotonic() < deadline and run.poll() is None, run.communicate()
        time.sleep(0.1)
    time.sleep(0.5)
    run.send_signal(signum)
    stdout, stderr = _communicate_or_explain(run, marker)
    assert run.returncode == status, stderr
    lines = results(out)
    assert [line["type"] for line in lines] == ["header", "result", "result", "footer"]
    assert lines[-1]["interrupted"] is True
    assert "Traceback" not in stderr
    assert f"interrupted ({signal.Signals(signum).name})" in stderr
    deadline = time.monotonic() + 5
    while _processes_with(marker):
        assert time.monotonic() < deadline, f"engine processes left running: {_processes_with(marker)}"
        time.sleep(0.1)


def test_an_interrupt_of_the_whole_process_group_with_workers_stops_everything_once(tmp_path):
    """A terminal's Ctrl-C (or ``kill -INT -PGID``) reaches the controller and its pytest-xdist
    workers at once; the controller also passes a SIGTERM on to its workers (without a terminal,
    as here): a worker interrupted twice still keeps every result, writes the footer, stops its
    engine and exits at once (conformance/pytest_plugin.py, pytest_configure_node)."""
    cases = small_cases(tmp_path, 3)
    marker = f"marker-{os.urandom(6).hex()}"
    out = tmp_path / "r.jsonl"
    command = [sys.executable, "-m", "conformance", "run", "--no-properties", "--cases", cases, "--timeout", "60",
               "--engine", f"exec:{sys.executable} {FAKES / 'hangs.py'} 701.10b/case-3 {marker}", "--results", str(out),
               "-n", "2"]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
                           preexec_fn=_as_from_a_terminal)
    deadline = time.monotonic() + 60
    while not (out.exists() and out.read_text().count('"type": "result"') >= 2):  # case 3 hangs
        assert time.monotonic() < deadline and run.poll() is None, run.communicate()
        time.sleep(0.1)
    time.sleep(0.5)
    os.killpg(run.pid, signal.SIGINT)
    stdout, stderr = _communicate_or_explain(run, marker)
    assert run.returncode == 130, stderr
    assert [line["type"] for line in results(out)] == ["header", "result", "result", "footer"]
    assert "Traceback" not in stderr and "interrupted (SIGINT)" in stderr
    deadline = time.monotonic() + 5
    while _processes_with(marker):
        assert time.monotonic() < deadline, f"engine processes left running: {_processes_with(marker)}"
        time.sleep(0.1)


# -- 6. and 7. engine faults inside a property ----------------------------------------------------

@pytest.mark.parametrize("engine, kind, fragment", [
    ("crashes", "crash", "exited with status 3 while running case"),
    ("wrong_seq", "protocol", "with seq"),
    ("ignores_stop", "timeout", "did not answer case"),
], ids=["crash", "protocol", "never-reads"])
def test_an_engine_fault_inside_a_property_is_reported_as_the_engines_at_once(tmp_path, capsys, engine, kind,
                                                                                 fragment):
    out = tmp_path / "r.jsonl"
    started = time.monotonic()
    code = main(["run", "--properties", "--cases", OGRE, "-k", "cleanup-is-idempotent", "--engine", spec(engine),
                 "--timeout", "1", "--results", str(out)])
    elapsed = time.monotonic() - started
    terminal = capsys.readouterr()
    assert code == 1
    (record,) = [line for line in results(out) if line["type"] == "result" and line["kind"] == "property"]
    assert record["status"] == "errored" and record["error_kind"] == kind, record["message"]
    assert fragment in record["message"] and "Flaky" not in record["message"] + record["detail"]
    assert "stopped at the engine's fault" in record["message"]
    assert "Traceback" not in terminal.err
    assert elapsed < 30


def test_an_expectation_of_crash_matches_a_property_the_engine_crashes_in(tmp_path, capsys):
    expectations = tmp_path / "expected.yaml"
    main(["run", "--properties", "--cases", OGRE, "-k", "cleanup-is-idempotent", "--engine", spec("crashes"),
          "--timeout", "1", "--update-expectations", str(expectations)])
    assert "crash" in expectations.read_text()
    capsys.readouterr()
    code = main(["run", "--properties", "--cases", OGRE, "-k", "cleanup-is-idempotent", "--engine", spec("crashes"),
                 "--timeout", "1", "--expectations", str(expectations)])
    assert code == 0, capsys.readouterr().out


def test_a_property_is_bounded_in_time_and_restarts(monkeypatch):
    from conformance.laws import profiles, runner as property_runner
    from conformance.laws.catalogue import all_properties

    prop = next(p for p in all_properties() if p.id == "514.2/cleanup-is-idempotent")
    monkeypatch.setattr(property_runner, "PROPERTY_SECONDS", 0.0)
    from reference_engine import ReferenceEngine
    engine = ReferenceEngine()
    run = property_runner.run_property(prop, engine, describe(engine), profile=profiles.PROFILES["ci"])
    assert run.status == "errored" and "the property ran out of time" in run.message
    assert "PROPERTY_SECONDS" in run.message
    monkeypatch.setattr(property_runner, "PROPERTY_SECONDS", 300.0)
    monkeypatch.setattr(property_runner, "PROPERTY_RESTARTS", 0)
    with fake("crashes", timeout=1) as engine:  # exits on every 2nd case: restarted, then again
        engine.restarts = 0
        run = property_runner.run_property(prop, engine, describe(engine), profile=profiles.PROFILES["ci"])
    assert run.status == "errored"
