"""Hostile case files (issue 24): a case directory is data, never code; a bad or extreme file is
one error line naming file, line, case and field, exit status 2 from ``check`` and ``run``, in
bounded time and memory (the limits of conformance/format/limits.py, docs/format.md "Limits").

Each probe was a traceback or a hang before; the big inputs are made here, in temporary
directories, and refused by the size and count checks before they are parsed.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.format import limits, loader
from conformance.cli import main
from conformance.errors import CaseFileError, CaseFileErrors

GOLDEN = loader.golden_dir()
GOLDEN_FILES = sorted(GOLDEN.glob("*.yaml"))
SMALL = GOLDEN / "613.5-gray-ogre.yaml"
SMALL_IDS = [c.id for c in loader.load_file(SMALL)]
REPO = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

HEAD = "format: 1\ncr: 2025-09-19\ncases:\n"
CASE = """\
  - id: 701.10b/{slug}
    rules: [701.10b]
    source: {{rule: 701.10b}}
    summary: A 3/3 has its power doubled; 3 + 3 = 6.
    players: [Alex]
    objects:
      bear: {{card: {{types: [creature], power: 3, toughness: 3}}}}
    steps:
{steps}      - expect: {{objects: {{bear: {{power: {power}, toughness: 3}}}}}}
"""


def case_text(slug: str = "one", doublings: int = 1) -> str:
    steps = "      - double_pt: {to: bear, which: power}\n" * doublings
    return HEAD + CASE.format(slug=slug, steps=steps, power=3 * 2 ** doublings)


@contextmanager
def within(seconds: int):
    """Fail (instead of hanging the suite) when the block takes longer than ``seconds``: with
    pytest's own failure, which no ``except Exception`` (nor ``except OSError``, which a
    TimeoutError is) in the code under test can swallow."""
    def expired(signum, frame):
        pytest.fail(f"took over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- a case directory is data, never code ------------------------------------------------------------------


def plant(directory: Path, markers: Path) -> list[Path]:
    """A conftest.py, a test module and an __init__.py in ``directory``, each leaving a marker file."""
    planted = []
    for name in ("conftest", "test_evil", "__init__"):
        marker = markers / f"ran-{directory.name}-{name}"
        (directory / f"{name}.py").write_text(
            f"open({str(marker)!r}, 'w').write('imported')\n"
            "def test_evil():\n    pass\n", "utf-8")
        planted.append(marker)
    return planted


@pytest.mark.parametrize("single_file", [False, True], ids=["a --cases directory", "beside a single case file"])
def test_run_imports_nothing_from_a_case_directory(tmp_path, capsys, single_file):
    cases = tmp_path / "cases"
    (cases / "sub").mkdir(parents=True)
    (cases / "613.5-gray-ogre.yaml").write_text(SMALL.read_text("utf-8"), "utf-8")
    (cases / "sub" / "one.yaml").write_text(case_text(), "utf-8")
    markers = plant(cases, tmp_path) + plant(cases / "sub", tmp_path)
    target = cases / "613.5-gray-ogre.yaml" if single_file else cases
    code, out, err = cli(capsys, "run", "--no-properties", "-v", "--cases", str(target))
    assert code == 0, out + err
    ran = set(re.findall(r"::(\S+) PASSED", out))
    assert ran == set(SMALL_IDS) | (set() if single_file else {"701.10b/one"})
    assert "test_evil" not in out
    assert [m for m in markers if m.exists()] == []


def test_the_plugin_collects_no_test_module_and_no_directory_of_the_cases(tmp_path):
    """``pytest --mtg-cases DIR`` (the plugin used directly): the cases run, the test module beside
    them is never collected; with --noconftest no conftest.py either (the plugin's documented advice:
    pytest itself loads the conftest.py of the directory it runs in and of the paths it is given)."""
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "one.yaml").write_text(case_text(), "utf-8")
    conftest, test_module, init = plant(cases, tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--noconftest",
                             "--mtg-cases", str(cases), "-q"], cwd=elsewhere, capture_output=True, text=True,
                            timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
    assert not conftest.exists() and not test_module.exists() and not init.exists()


# --- the probes: one line each, exit 2 from check and from run --------------------------------------------


def refused(capsys, path: Path, expected: str, seconds: int = 10) -> str:
    """``check`` and ``run`` both exit 2 with a line naming ``path`` and matching ``expected``."""
    lines = []
    for command in (["check"], ["run", "--no-properties"]):
        with within(seconds):
            code, out, err = cli(capsys, *command, "--cases", str(path))
        assert code == 2, (command, out, err)
        assert "Traceback" not in out + err
        problems = err.strip().splitlines()
        assert problems[-1].startswith("mtg-conformance: "), err
        assert any(line.startswith(str(path)) and re.search(expected, line) for line in problems[:-1]), err
        lines.append(next(line for line in problems[:-1] if re.search(expected, line)))
    assert lines[0] == lines[1]
    return lines[0]


def write(tmp_path: Path, text: str | bytes, name: str = "probe.yaml") -> Path:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


DEEP = 10_000
LAUGHS = "".join(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9 if i else ["lol"] * 9) + "]\n" for i in range(10))
PROBES = {
    "nul-byte": (case_text().replace("A 3/3", "A \x003"), r":7: case 701.10b/one: the character U\+0000 is not allowed"),
    "control-character": (case_text().replace("A 3/3", "A \x1b[2J"),
                          r":7: case 701.10b/one: the character U\+001B is not allowed"),
    "escaped-control-character": (case_text().replace("summary: A 3/3 has its power doubled; 3 + 3 = 6.",
                                                      'summary: "bell \\a"'),
                                  r":7: case 701.10b/one: summary: the string holds the control character U\+0007"),
    "binary-tag": (case_text().replace("summary: A", "summary: !!binary aGVsbG8= #"),
                   r":7: case 701.10b/one: summary: the YAML tag !!binary is not allowed"),
    "set-tag": (case_text().replace("players: [Alex]", "players: !!set {Alex}"),
                r":8: case 701.10b/one: players: the YAML tag !!set is not allowed"),
    "timestamp-tag": (case_text().replace("cr: 2025-09-19", "cr: !!timestamp 2025-09-19"),
                      r":2: cr: the YAML tag !!timestamp is not allowed"),
    "tag-as-case-id": (case_text().replace("id: 701.10b/one", "id: !!binary aGVsbG8="),
                       r":4: case #1: id: the YAML tag !!binary is not allowed"),
    "bad-int-tag": (case_text().replace("power: 3, toughness: 3}", "power: !!int three, toughness: 3}"),
                    r":10: case 701.10b/one: objects/bear/card/power: 'three' is not a valid !!int"),
    "integer-5000-digits": (case_text().replace("power: 3, toughness", "power: " + "9" * 5000 + ", toughness"),
                            r":10: case 701.10b/one: objects/bear/card/power: an integer of 5,000 characters"),
    "integer-over-2-53": (case_text().replace("power: 3, toughness", "power: 0x7fffffffffffff, toughness"),
                          r":10: case 701.10b/one: objects/bear/card/power: the integer 36,028,797,018,963,967 is too large"),
    "nesting-900-flow": (case_text().replace("summary: A", "x: " + "[" * 900 + "]" * 900 + "\n    summary: A"),
                         r":7: case 701.10b/one: x/0/0/0.*: values nested more than 64 deep"),
    "nesting-10000-flow": (case_text().replace("summary: A", "x: " + "{a: " * DEEP + "1" + "}" * DEEP + "\n    summary: A"),
                           r":7: case 701.10b/one: x/a/a/a.*: values nested more than 64 deep"),
    "nesting-900-block": (HEAD + "".join("  " * i + "- \n" for i in range(1, 900)),
                          r":\d+: case #1: 0/0/0.*: values nested more than 64 deep"),
    "nesting-10000-block": ("x:\n" + "".join(" " * i + "a:\n" for i in range(1, DEEP)) + " " * DEEP + "b\n",
                            r"the file is 50,035,002 bytes: the limit is 1,000,000"),  # indentation grows
    "recursive-alias": (case_text().replace("players: [Alex]", "players: &p [Alex, *p]"),
                        r":8: case 701.10b/one: players/1: the alias \*p refers to a collection it is part of"),
    "billion-laughs": (HEAD + "  - id: 701.10b/lol\n" + "".join("    " + line + "\n" for line in LAUGHS.splitlines()),
                       r"the aliases expand to more than 1,000,000 values"),
    "undefined-alias": (case_text().replace("players: [Alex]", "players: *nobody"),
                        r":8: case 701.10b/one: players: the alias \*nobody names no anchor"),
    "merge-key": (case_text().replace("players: [Alex]", "<<: {players: [Alex]}"),
                  r":8: key '<<' must be a string"),
    "not-utf8": (case_text().encode("utf-8").replace(b"A 3/3", b"A \xe9/3"), r":7: cannot read the file: not UTF-8"),
}


@pytest.mark.parametrize("probe", sorted(PROBES))
def test_a_hostile_file_is_one_line_and_exit_2(tmp_path, capsys, probe):
    text, expected = PROBES[probe]
    refused(capsys, write(tmp_path, text), expected)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    with path.open("wb") as file:  # 50 MB, sparse: nothing to parse, and quick to make
        file.write(case_text().encode())
        file.truncate(50 * 1024 * 1024)
    refused(capsys, path, r"the file is 52,428,800 bytes: the limit is 1,000,000 \(conformance/format/limits.py\)", seconds=5)


def test_a_million_steps_are_refused_by_the_size_or_the_step_limit(tmp_path, capsys):
    steps = "      - double_pt: {to: bear, which: power}\n"
    path = write(tmp_path, HEAD + CASE.format(slug="long", steps=steps * 1_000_000, power=6))
    refused(capsys, path, r"the file is [\d,]+ bytes: the limit is 1,000,000", seconds=5)
    # Within the file size, the step count: flow style, a short step, just over the limit.
    flow = HEAD + CASE.format(slug="long", steps="", power=3).replace(
        "    steps:\n", "    steps: [" + "{pass: x}, " * (limits.MAX_STEPS + 1) + "{expect: {}}]\n    other:\n")
    refused(capsys, write(tmp_path, flow, "flow.yaml"),
            rf":\d+: case 701.10b/long: steps: {limits.MAX_STEPS + 2:,} steps: the limit is {limits.MAX_STEPS:,}")


def test_too_many_cases_and_objects(tmp_path, capsys):
    many = HEAD + "".join(f"  - {{id: x{i}}}\n" for i in range(limits.MAX_CASES + 1))
    refused(capsys, write(tmp_path, many, "cases.yaml"), r":3: cases: 1,001 cases: the limit is 1,000")
    objects = "".join(f"      o{i}: {{card: {{types: [creature], power: 1, toughness: 1}}}}\n"
                      for i in range(limits.MAX_OBJECTS + 1))
    text = case_text().replace("    objects:\n", "    objects:\n" + objects)
    refused(capsys, write(tmp_path, text, "objects.yaml"),
            rf":9: case 701.10b/one: objects: {limits.MAX_OBJECTS + 2:,} objects: the limit is {limits.MAX_OBJECTS:,}")


def test_objects_times_steps_over_the_limit_are_refused(tmp_path, capsys):
    # issue 38 (4): within the limits on objects and on steps, but not on both at once: the largest
    # cases the reference engine runs in seconds (benchmarks/worst_case.py)
    objects = "".join(f"      o{i}: {{card: {{types: [creature], power: 1, toughness: 1}}}}\n"
                      for i in range(limits.MAX_OBJECTS - 1))
    steps = limits.MAX_OBJECT_STEPS // limits.MAX_OBJECTS + 1  # the checkpoint counted

    def wide(count: int) -> str:
        gains = "      - gain_life: {player: Alex, amount: 1}\n" * (count - 1)
        return (HEAD + CASE.format(slug="wide", steps=gains, power=3)).replace("    objects:\n", "    objects:\n" + objects)
    assert limits.MAX_OBJECTS * steps > limits.MAX_OBJECT_STEPS and steps <= limits.MAX_STEPS
    refused(capsys, write(tmp_path, wide(steps), "wide.yaml"),
            rf":\d+: case 701.10b/wide: steps: {limits.MAX_OBJECTS} objects and {steps} steps: the limit is "
            rf"{limits.MAX_OBJECT_STEPS:,} objects times steps a case")
    assert [c.id for c in loader.load_text(wide(steps - 1))] == ["701.10b/wide"]


def test_a_fifo_a_device_and_a_dangling_link_are_refused(tmp_path, capsys):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    assert refused(capsys, fifo, "not a regular file") == \
        f"{fifo}: not a regular file (a FIFO): only regular files are read as case files"
    zero = tmp_path / "zero.yaml"
    zero.symlink_to("/dev/zero")  # named, outside the working directory: followed, and refused as a device
    refused(capsys, zero, r"not a regular file \(a character device\)")
    # In a directory too: not skipped silently (and, since issue 38, no link there is followed at all).
    directory = tmp_path / "dir"
    directory.mkdir()
    write(directory, case_text(), "good.yaml")
    os.mkfifo(directory / "fifo.yaml")
    (directory / "zero.yaml").symlink_to("/dev/zero")
    (directory / "dangling.yaml").symlink_to(tmp_path / "nothing")
    lines = [refused(capsys, directory, r"fifo.yaml: not a regular file \(a FIFO\)"),
             refused(capsys, directory, r"zero.yaml: a symbolic link in a case directory: not followed"),
             refused(capsys, directory, r"dangling.yaml: a symbolic link in a case directory: not followed")]
    assert all(line.startswith(str(directory)) for line in lines)


def test_a_directory_symlink_loop_is_reported_not_followed_forever(tmp_path, capsys):
    """Links to directories, a loop or not, are refused one line each, never searched (issue 38:
    before, a link to a directory outside was searched, its cases loaded)."""
    cases = tmp_path / "cases"
    (cases / "sub").mkdir(parents=True)
    write(cases, case_text(), "one.yaml")
    (cases / "sub" / "loop").symlink_to(cases)
    (cases / "sub" / "self").symlink_to(cases / "sub")
    other = tmp_path / "other"
    other.mkdir()
    write(other, case_text("two"), "two.yaml")
    (cases / "link-a").symlink_to(other)
    for name in ("sub/loop", "sub/self", "link-a"):
        assert refused(capsys, cases, name + ": a symbolic link in a case directory") == \
            f"{cases / name}: a symbolic link in a case directory: not followed (a case directory holds regular " \
            "files and directories only; docs/ci.md)"
    with pytest.raises(CaseFileErrors) as info:
        loader.load_suite([cases])
    assert len(info.value.errors) == 3 and "two.yaml" not in str(info.value)
    # The same directory named twice, or through a link outside the working directory: searched once.
    (cases / "sub" / "loop").unlink()
    (cases / "sub" / "self").unlink()
    (cases / "link-a").unlink()
    (tmp_path / "again").symlink_to(other)
    assert sorted(c.id for c in loader.load_suite([cases, other, tmp_path / "again"])) == ["701.10b/one", "701.10b/two"]


def test_a_copy_choice_needs_an_enters_as_copy_ability(tmp_path, capsys):
    """CR 707.5: only an "enter as a copy" ability makes an object enter as a copy; the reference
    engine refuses such a choice, so the loader does, naming the field."""
    text = case_text().replace(
        "      bear: {card: {types: [creature], power: 3, toughness: 3}}\n",
        "      bear: {card: {types: [creature], power: 3, toughness: 3}}\n"
        "      elk: {card: {types: [creature], power: 1, toughness: 1}, choices: {copy: [bear]}}\n")
    refused(capsys, write(tmp_path, text, "declared.yaml"),
            r":11: case 701.10b/one: objects/elk/choices/copy/0: the object has no enters_as_copy ability to "
            r"enter as a copy of 'bear'")
    moved = case_text().replace(
        "      bear: {card: {types: [creature], power: 3, toughness: 3}}\n",
        "      bear: {card: {types: [creature], power: 3, toughness: 3}}\n"
        "      elk: {card: {types: [creature], power: 1, toughness: 1}, zone: hand}\n").replace(
        "    steps:\n", "    steps:\n      - move: {object: elk, to: battlefield, choices: {copy: bear}}\n")
    refused(capsys, write(tmp_path, moved, "moved.yaml"),
            r"case 701.10b/one: steps/0/move/choices/copy: the object has no enters_as_copy ability")
    # With the ability, the same choice is accepted (and the golden clones still load).
    clone = moved.replace("elk: {card: {types: [creature], power: 1, toughness: 1}",
                          "elk: {card: {types: [creature], power: 0, toughness: 0, "
                          "abilities: [{enters_as_copy: {of: {types: [creature]}}}]}")
    assert [c.id for c in loader.load_text(clone)] == ["701.10b/one"]


# --- the largest input within the limits loads in time proportional to its size -------------------------


def test_a_long_case_loads_and_runs_in_work_proportional_to_its_steps():
    """A case four times as long takes about four times the work to load and run, not sixteen:
    counted in Python function calls, which do not depend on the machine's load (the time per
    1,000 steps, up to MAX_STEPS, is benchmarks.run's long-case row, docs/benchmarks.md)."""
    import sys

    from reference_engine import ReferenceEngine

    from benchmarks.run import long_case_text

    def calls(steps: int) -> int:
        text = long_case_text(steps)
        count = 0

        def profile(frame, event, arg):
            nonlocal count
            count += event == "call"

        (case,) = loader.load_text(text, "long.yaml")  # warm: first-use caches are not the case's work
        sys.setprofile(profile)
        try:
            (case,) = loader.load_text(text, "long.yaml")
            snapshots = ReferenceEngine().run(case.to_dict())
        finally:
            sys.setprofile(None)
        assert len(case.steps) == steps and len(snapshots) == steps // 2
        return count

    short, long = calls(60), calls(240)
    assert 3 < long / short < 6, (short, long)


# --- a fuzzer over the golden files ------------------------------------------------------------------------

INJECTED = ["!!binary aGk=", "!!set {a}", "!!timestamp 2001-01-01", "!!float 1.5", "!!python/object:os.system x",
            "&a [*a]", "*missing", "&x", "*x", "<<: {a: 1}", "9" * 40, "0x" + "f" * 20, "[" * 70, "{", "\x00",
            "\x1b", '"\\x07"', '"\\ud800"', "? [a]", "--- ", "...", "%YAML 1.1", "!local", "'", '"', "|", ">-",
            "\t", "null", "true", "~", "-1", "1e9", ".inf", "[]", "{}"]


@st.composite
def mutated_golden(draw) -> str:
    text = draw(st.sampled_from(GOLDEN_FILES)).read_text("utf-8")
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["flip", "delete", "duplicate", "scalar", "inject"]))
        lines = text.splitlines(keepends=True)
        index = draw(st.integers(0, max(len(lines) - 1, 0)))
        if action == "flip" and text:
            position = draw(st.integers(0, len(text) - 1))
            text = text[:position] + chr(ord(text[position]) ^ (1 << draw(st.integers(0, 7)))) + text[position + 1:]
        elif action == "delete" and lines:
            del lines[index]
            text = "".join(lines)
        elif action == "duplicate" and lines:
            lines.insert(index, lines[draw(st.integers(0, len(lines) - 1))])
            text = "".join(lines)
        elif lines:
            line = lines[index]
            token = draw(st.sampled_from(INJECTED))
            if action == "scalar" and ": " in line:  # the value after a key replaced
                key = line.split(": ", 1)[0]
                lines[index] = f"{key}: {token}\n"
            else:
                cut = draw(st.integers(0, len(line)))
                lines[index] = line[:cut] + token + line[cut:]
            text = "".join(lines)
    return text


@settings(max_examples=150, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_golden())
def test_a_mutated_golden_file_loads_or_raises_the_loaders_error(text):
    try:
        cases = loader.load_text(text, "mutant.yaml")
    except CaseFileErrors as exc:
        assert exc.errors and all(isinstance(error, CaseFileError) for error in exc.errors)
        assert all(str(error).startswith("mutant.yaml") and "\n" not in str(error) for error in exc.errors)
    else:
        for case in cases:
            assert case.to_dict()
