"""Issue 43: ``mtg-conformance campaign``, exploration across processes and machines.

Real parts, really run: campaign processes (each with its own worker processes) against a mutant
engine with one bug (tests/mutants.py, ``tests.mutants:mutant_NAME``), sharing an example database
in a directory, or in a real ``redis-server`` (Debian's package, installed by .ci/run; the Redis
test skips, saying so, only where it is not installed); a counterexample one process finds, the
other replays from the database and writes as the same case file, which fails on the mutant and
passes on the reference engine; SIGINT loses nothing found.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conformance.campaign import databases, found
from conformance.campaign.schedule import Schedule, Tally, round_seconds
from tests.test_hostile_engines import _as_from_a_terminal, _communicate_or_explain

REPO = Path(__file__).resolve().parent.parent
MUTANT = "tests.mutants:mutant_tripling_as_doubling"
"""A mutant the property below catches within a few examples (docs/mutants.md)."""
PROPERTY = "701.11b/tripling-adds-twice-current-value"


def campaign(*args: str, cwd: Path = REPO, timeout: float = 180) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "conformance", "campaign", *args], cwd=cwd, env=environment,
                          capture_output=True, text=True, timeout=timeout)


def replay(engine: str, cases: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "conformance", "run", "--engine", engine, "--cases", str(cases)],
                          cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True,
                          timeout=180)


def yaml_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.glob("*.yaml"))


def found_by_one_replayed_by_the_other(database: str, tmp_path: Path, *second_databases: str, between=None) -> None:
    """Campaign A explores and writes the counterexample; campaign B, later, with the same
    database (or ``second_databases``), replays it in its first round (a replay round generates
    nothing: what fails there came from the database) and writes the same file, by name and content;
    ``between`` is called after A, before B."""
    first, second = tmp_path / "a", tmp_path / "b"
    a = campaign("--engine", MUTANT, "--database", database, "--seconds", "8", "--properties", PROPERTY,
                 "--out", str(first), "--progress", "off", "--html", str(tmp_path / "a.html"))
    assert a.returncode == 1, a.stdout + a.stderr
    assert f"found by worker 1: {PROPERTY}" in a.stdout
    # one file, or more when a later round shrank the same bug to another form (files are named by
    # their content: only identical counterexamples share one)
    assert len(yaml_files(first)) >= 1, a.stdout
    page = (tmp_path / "a.html").read_text("utf-8")
    count = len(yaml_files(first))
    assert f"{count} counterexample file" in page and all(name in page for name in yaml_files(first))
    if between is not None:
        between()
    b = campaign("--engine", MUTANT, *(arg for url in (second_databases or (database,)) for arg in ("--database", url)),
                 "--seconds", "3", "--properties", PROPERTY, "--out", str(second), "--progress", "off")
    assert b.returncode == 1, b.stdout + b.stderr
    assert f"replayed from the database by worker 1: {PROPERTY}" in b.stdout, b.stdout
    # B replayed A's counterexample from the database: one of A's files, by name and content. B may
    # write another form of the same bug besides, as A may (it shrinks what it replays, and A's
    # shrink may have been cut short by its time: seen once in a fresh virtualenv, under load)
    shared = set(yaml_files(second)) & set(yaml_files(first))
    assert shared, (b.stdout, yaml_files(first), yaml_files(second))
    for name in shared:
        assert (second / name).read_text("utf-8") == (first / name).read_text("utf-8")


def test_two_campaigns_share_a_directory(tmp_path):
    shared, local = tmp_path / "db", tmp_path / "local"
    stored = lambda: sorted((p.relative_to(shared), p.read_bytes()) for p in shared.rglob("*") if p.is_file())  # noqa: E731
    after_a = []
    # B multiplexes the shared directory, read-only, with a local one it writes
    found_by_one_replayed_by_the_other(str(shared), tmp_path, f"readonly:{shared}", str(local),
                                       between=lambda: after_a.extend(stored()))
    assert after_a and stored() == after_a  # A stored its counterexample there; B changed nothing there
    assert any(p.is_file() for p in local.rglob("*"))  # and B kept what it ran in its own
    cases = tmp_path / "a"
    failing = replay(MUTANT, cases)
    assert failing.returncode == 1, failing.stdout  # the counterexample fails on the engine that has the bug
    assert "701.11b" in failing.stdout
    assert replay("reference", cases).returncode == 0  # and passes on the reference engine


@pytest.fixture
def redis_url(tmp_path):
    """A real redis-server on a free loopback port, for this test only."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("redis-server is not installed (.ci/run installs Debian's redis-server package)")
    import redis

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        client = redis.Redis.from_url(url)
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.1)
        else:
            pytest.fail(f"redis-server did not answer on port {port} within 10 s")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_two_campaigns_share_a_redis_database(redis_url, tmp_path):
    import redis

    found_by_one_replayed_by_the_other(redis_url, tmp_path)
    keys = redis.Redis.from_url(redis_url).keys()
    mine = databases.REDIS_KEY_PREFIX + databases.namespace(PROPERTY)
    assert keys and all(key.startswith(mine) for key in keys)  # the suite's version and the property's id


def test_sigint_loses_nothing_found(tmp_path):
    """SIGINT after a counterexample was found: the campaign ends its rounds, lists every file it
    wrote and exits 130; the files are there, whole. The campaign starts with SIGINT at its default,
    as from a terminal: a test run started as a background job has it ignored, which the campaign
    rightly keeps (conformance.interrupts.install): it then ran on past this test's 240 s, as it did in
    test runs started in the background."""
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "conformance", "campaign", "--engine", MUTANT, "--database", str(tmp_path / "db"),
         "--seconds", "300", "--workers", "2", "--properties", "701.11b", "--out", str(out), "--progress", "off"],
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_as_from_a_terminal,  # started from a background job, it would inherit SIGINT ignored, and keep it
        start_new_session=True)
    lines = []
    try:
        for line in process.stdout:
            lines.append(line)
            if line.startswith("found by worker"):
                break
        process.send_signal(signal.SIGINT)
        # its rounds end first: 120 s was once too few on a loaded machine
        rest, errors = _communicate_or_explain(process, str(out), timeout=240)
    finally:
        _kill_group(process.pid)  # its workers too, whatever happened
    output = "".join(lines) + rest
    assert process.returncode == 130, output + errors
    assert "interrupted (SIGINT)" in output
    listed = [line.split(":")[0].strip() for line in output.splitlines() if line.startswith(f"  {out}")]
    assert listed and sorted(Path(p).name for p in listed) == yaml_files(out)
    assert all(replay("reference", Path(p)).returncode == 0 for p in listed[:1])


def _group(pgid: int) -> list[int]:
    """The processes of process group ``pgid`` still running (Linux's /proc; zombies left out)."""
    members = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            members.append(int(entry.name))
    return members


def _kill_group(pgid: int) -> None:
    """SIGKILL to every process of group ``pgid`` still running."""
    for pid in _group(pgid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_workers_end_when_their_campaign_is_killed(tmp_path):
    """A campaign killed with SIGKILL leaves no worker behind (they ignore SIGTERM and SIGINT, and no
    one is left to tell them to stop): each ends its round and exits within seconds."""
    process = subprocess.Popen(
        [sys.executable, "-m", "conformance", "campaign", "--engine", "reference", "--database", str(tmp_path / "db"),
         "--seconds", "300", "--workers", "2", "--properties", "701.11b", "--out", str(tmp_path / "out"),
         "--progress", "on", "--shrink-seconds", "5"],
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while len(_group(process.pid)) < 3 and time.monotonic() < deadline:  # the campaign and its two workers
            time.sleep(0.2)
        process.stdout.readline()  # the campaign has started: its first line
        time.sleep(3)  # the workers are in their rounds
        workers = [pid for pid in _group(process.pid) if pid != process.pid]
        assert len(workers) >= 2, workers
        process.kill()
        process.wait()
        deadline = time.monotonic() + 60
        while set(workers) & set(_group(process.pid)) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = set(workers) & set(_group(process.pid))
        assert not left, f"workers {sorted(left)} still running 60 s after their campaign was killed"
    finally:
        _kill_group(process.pid)


def test_crosshair_runs_in_one_worker_in_four():
    from conformance.campaign.command import crosshair_workers, worker_backend

    assert [crosshair_workers(k) for k in (1, 2, 3, 4, 7, 8, 12)] == [1, 1, 1, 1, 1, 2, 3]
    assert [worker_backend(n, 8, "crosshair") for n in range(1, 9)] == ["hypothesis"] * 6 + ["crosshair"] * 2
    assert {worker_backend(n, 8, "hypothesis") for n in range(1, 9)} == {"hypothesis"}


def test_crosshair_needs_its_package_in_one_line(tmp_path, monkeypatch, capsys):
    """Where hypothesis-crosshair is not installed (made to look so here), one line, exit 2, nothing run."""
    from conformance.cli import main

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name == "hypothesis_crosshair_provider" else find_spec(name, *rest))
    assert main(["campaign", "--database", str(tmp_path / "db"), "--seconds", "1", "--backend", "crosshair"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs hypothesis-crosshair" in err and "mtg-conformance[crosshair]" in err
    assert not (tmp_path / "db").exists()


def test_a_property_runs_under_crosshair_on_concrete_scenarios():
    """CrossHair's backend runs the property's examples symbolically up to the engines, which get
    concrete scenarios, run as plain Python outside CrossHair's tracing (it failed at its first example on a cache of the reference engine, or
    CrossHair found it not deterministic on a cache of the strategies, before the scenarios were
    made concrete and those caches bypassed)."""
    pytest.importorskip("hypothesis_crosshair_provider", reason="hypothesis-crosshair is not installed (the crosshair extra)")
    from hypothesis import Phase, settings
    from crosshair.tracers import is_tracing
    from hypothesis.control import current_build_context

    from conformance.engines.interface import describe, load_engine
    from conformance.laws import profiles
    from conformance.laws.catalogue import all_properties
    from conformance.laws.runner import run_property

    engine = load_engine(MUTANT)  # a bug this property does not see: its examples all run
    seen: list[tuple[bool, bool]] = []

    class Watched:  # the mutant, noting whether each example is symbolic and each scenario concrete
        def __getattr__(self, name):
            return getattr(engine, name)

        def run(self, case):
            traced = is_tracing()  # under CrossHair's tracing, type() answers for symbolic values as for plain ones
            seen.append((current_build_context().data.provider.avoid_realization, not traced and _plain(case)))
            return engine.run(case)

    prop = next(p for p in all_properties() if p.id == "613.4d/two-switches-cancel")
    profile = settings(profiles.PROFILES["dev"], database=None, max_examples=3, backend="crosshair",
                       phases=[Phase.generate])
    run = run_property(prop, Watched(), describe(engine), profile=profile)
    assert run.status != "errored", run.message
    assert any(symbolic for symbolic, _ in seen), seen
    assert all(plain for _, plain in seen)


def _plain(value) -> bool:
    """Whether ``value`` is plain JSON-able data of Python's own types (nothing symbolic)."""
    if type(value) is dict:
        return all(type(k) is str and _plain(v) for k, v in value.items())
    if type(value) is list:
        return all(_plain(v) for v in value)
    return type(value) in (str, int, float, bool, type(None))


@pytest.mark.parametrize(("options", "message"), [
    (["--properties", "999.9/nothing"], "campaign --properties 999.9/nothing: no property's id is or starts with it"),
    (["--database", "ftp://x"], "campaign --database ftp://x: not a directory path, redis://HOST:PORT/DB or readonly:URL"),
    (["--database", "redis://127.0.0.1:1/0"], "campaign --database redis://127.0.0.1:1/0: cannot reach the Redis server"),
])
def test_bad_usage_is_one_line(tmp_path, options, message):
    result = campaign("--database", str(tmp_path / "db"), "--seconds", "1", *options)
    assert result.returncode == 2
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr


def test_database_urls(tmp_path):
    from hypothesis.database import DirectoryBasedExampleDatabase, MultiplexedDatabase, ReadOnlyDatabase

    assert isinstance(databases.open_databases([str(tmp_path / "d")]), DirectoryBasedExampleDatabase)
    assert isinstance(databases.open_databases([f"readonly:{tmp_path / 'd'}"]), ReadOnlyDatabase)
    both = databases.open_databases([str(tmp_path / "d"), f"readonly:{tmp_path / 'e'}"])
    assert isinstance(both, MultiplexedDatabase)
    (tmp_path / "file").write_text("x")
    with pytest.raises(databases.DatabaseError, match="not a directory"):
        databases.open_databases([str(tmp_path / "file")])


def test_keys_carry_the_suite_version_and_the_property():
    from hypothesis.database import InMemoryExampleDatabase

    from conformance import __version__

    shared = InMemoryExampleDatabase()
    keys = databases.PropertyKeys(shared, PROPERTY)
    keys.save(b"digest", b"choices")
    keys.save(b"digest.secondary", b"other")
    (stored,) = [key for key in shared.data if key.endswith(b"digest")]
    assert stored.startswith(f"mtg-conformance {__version__} ".encode()) and PROPERTY.encode() in stored
    assert list(keys.fetch(b"digest")) == [b"choices"] and list(keys.fetch(b"digest.secondary")) == [b"other"]
    assert keys.fetched == 1  # only the primary key's examples are replayed counterexamples
    assert list(databases.PropertyKeys(shared, "613/agrees-with-reference").fetch(b"digest")) == []


def test_a_file_is_named_by_its_content_not_its_prose():
    document = {"id": "701.11b/x", "rules": ["701.11b"], "summary": "one way", "steps": [{"triple_pt": {"to": "c1"}}]}
    same = {**document, "id": "701.11b/y", "summary": "said another way"}
    other = {**document, "steps": [{"double_pt": {"to": "c1"}}]}
    assert found.digest(PROPERTY, [document]) == found.digest(PROPERTY, [same])
    assert found.digest(PROPERTY, [document]) != found.digest(PROPERTY, [other])
    assert found.digest(PROPERTY, [document]) != found.digest("613/agrees-with-reference", [document])


def test_schedule_replays_then_round_robin_then_weighted():
    ids = ["a/one", "b/two", "c/three"]
    schedule = Schedule(ids, seed=1, seconds=5.0)
    assert [schedule.next(100)["mode"] for _ in ids] == ["replay"] * 3
    assert [schedule.next(100)["property"] for _ in ids] == ids  # the first cycle in the suite's order
    schedule.tallies["b/two"].found["x.yaml"] = {"rules": ["1"], "message": "m"}
    schedule.tallies["c/three"].interactions.update({"rare-row": 1})
    schedule.tallies["a/one"].interactions.update({"common-row": 50})
    assert schedule.weight(schedule.tallies["a/one"]) == 1.0
    assert schedule.weight(schedule.tallies["b/two"]) == 3.0
    assert schedule.weight(schedule.tallies["c/three"]) == 3.0
    cycle = sorted(schedule.next(100)["property"] for _ in range(7))
    assert cycle == ["a/one", "b/two", "b/two", "b/two", "c/three", "c/three", "c/three"]
    assert schedule.next(2.0)["seconds"] == 2.0  # never past the campaign's end
    assert round_seconds(60, 2, 33) == 5.0 and round_seconds(3600, 2, 33) == 30.0


def test_tally_counts_rounds_under_way():
    tally = Tally("a/one")
    tally.examples.update({"ran": 10})
    tally.running[1] = {"ran": 5, "refused": 2}
    assert (tally.ran, tally.refused) == (15, 2)


def test_a_stop_never_cuts_a_shrink(tmp_path):
    """A worker told to stop ends its round at its next example, unless that example is part of
    shrinking a counterexample: the counterexample is shrunk and written first."""
    from queue import Queue

    from hypothesis.database import InMemoryExampleDatabase

    from conformance.campaign.worker import Worker

    class Failures(InMemoryExampleDatabase):
        """Notes Hypothesis storing a failing example (under a test's primary key)."""
        stored = False

        def save(self, key: bytes, value: bytes) -> None:
            self.stored = self.stored or not key.endswith(databases.SUB_KEYS)
            super().save(key, value)

    class OnceAFailureIsStored:  # the stop comes as the first failing example is stored, before shrinking
        def is_set(self) -> bool:
            return worker.database.stored

    worker = Worker(1, MUTANT, [str(tmp_path / "db")], str(tmp_path / "out"), 10.0, Queue(), OnceAFailureIsStored())
    worker.database = Failures()
    report = worker.round({"property": PROPERTY, "mode": "explore", "examples": 2000, "seconds": 120})
    assert not report["cut"] and report["found"]["new"], report
    assert Path(report["found"]["path"]).is_file()
    assert report["counts"]["failing"] > 1  # it went on shrinking after the stop
    cut = worker.round({"property": PROPERTY, "mode": "explore", "examples": 2000, "seconds": 120})
    assert cut["cut"] and "found" not in cut  # stopped before its first example: nothing runs


def test_the_view_off_a_terminal_is_a_line_a_minute_and_each_file_once():
    import io

    from conformance.campaign.progress import View

    schedule = Schedule([PROPERTY, "613/agrees-with-reference"])
    stream = io.StringIO()
    view = View(stream, "minute", schedule, seconds=600, workers=2, interactions=143, started=0.0)
    schedule.record({"kind": "round", "worker": 1, "property": PROPERTY, "mode": "explore", "seconds": 30.0,
                     "counts": {"ran": 1200, "refused": 3}, "interactions": {"row-a": 4}})
    view.tick(now=59.0)
    assert stream.getvalue() == ""
    view.tick(now=60.0)
    assert stream.getvalue() == ("campaign 1:00 of 10:00: 1,200 examples (20.0/s, 10.0/s per worker), 0 counterexample "
                                 "files, 1 of 143 interactions reached\n")
    found_it = {"path": "out/x.yaml", "new": True, "rules": ["701.11b"], "message": "got 0/2"}
    for _ in range(2):
        said = schedule.record({"kind": "round", "worker": 2, "property": PROPERTY, "mode": "explore", "seconds": 1.0,
                                "counts": {"ran": 1, "failing": 3}, "found": found_it})
        view.found(said, worker=2)
    assert stream.getvalue().count("found by worker 2: 701.11b/tripling-adds-twice-current-value (rules 701.11b): "
                                   "out/x.yaml\n  got 0/2\n") == 1  # found again: counted, not said again
    summary = view.summary(how="time is up", engine="e 1", spec="tests.mutants:x", databases=["db"], out="out", now=600.0)
    assert "1 counterexample file in out (1 new):\n  out/x.yaml: 701.11b/tripling" in summary
    assert summary.endswith("replay them: mtg-conformance run --engine tests.mutants:x --cases out")
