"""Issue 38, the input side: what a pull request can put in a checkout never makes ``check``, ``run``,
``list``, the pytest plugin or ``report`` read or print a file of the machine (a symbolic link is
never followed inside a case directory, nor below the working directory); an error quotes a few
characters of a value at most; nothing is written through a link; ids and names are one line;
byte order marks are accepted; a FIFO, a directory, a device, a huge file or a link loop is one
line, at once (docs/ci.md, "What CI can trust")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.errors import SHOWN_CHARS, CaseFileError, CaseFileErrors, shown
from conformance.format import loader
from conformance.results import expectations
from tests.test_hostile_cases import REPO, SMALL, case_text, refused, within, write
from tests.test_hostile_cases import cli as cli_with_warnings

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

TOKEN = "ghp_" + "K7vQ2mX9pL4wR8tZ1nB6cY3hJ5dF0sA2eG7u"
SECRETS = {
    "git-credentials": f"https://bot:{TOKEN}@github.com\n",
    "passwd": "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
    "gh-hosts": f"github.com:\n    oauth_token: {TOKEN}\n    user: bot\n    git_protocol: https\n",
}


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    """The command in this process; its standard error without check's warnings (``cr: 2025-09-19``
    unquoted, in these cases, is one)."""
    code, out, err = cli_with_warnings(capsys, *argv)
    return code, out, "".join(line for line in err.splitlines(keepends=True) if ": warning: " not in line)


def windows(text: str, width: int) -> set[str]:
    """Every run of ``width`` characters of ``text`` within a line (what an error could quote)."""
    return {line[i:i + width] for line in text.splitlines() for i in range(max(len(line) - width + 1, 0))}


def leaked(secret: str, output: str, width: int) -> list[str]:
    return sorted(w for w in windows(secret, width) if w in output)


def conformance(cwd: Path, *argv: str, module: str = "conformance") -> tuple[int, str]:
    """The real command line, in a process of its own: its exit status, standard output and error."""
    result = subprocess.run([sys.executable, "-m", module, *argv], cwd=cwd, capture_output=True, text=True,
                            timeout=300, env={**os.environ, "PYTHONPATH": str(REPO), "CI": "1"})
    return result.returncode, result.stdout + result.stderr


def checkout(tmp_path: Path, secret: str) -> tuple[Path, Path]:
    """A runner's file outside a checkout, and the checkout (the working directory) with a case directory."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".git-credentials").write_text(secret, "utf-8")
    (home / "hosts.yml").write_text(secret, "utf-8")  # a directory link leads to *.yaml/*.yml files too
    work = tmp_path / "checkout"
    (work / "cases").mkdir(parents=True)
    (work / "cases" / "613.5-gray-ogre.yaml").write_text(SMALL.read_text("utf-8"), "utf-8")
    return home, work


# --- defect 1: a symbolic link in a case directory -----------------------------------------------


@pytest.mark.parametrize("secret", sorted(SECRETS))
def test_a_link_in_a_case_directory_never_shows_what_it_leads_to(tmp_path, secret):
    """``cases/x.yaml -> ~/.git-credentials`` printed the credentials (``expected object, got
    "https://bot:ghp_..."``) from check and run; now no link in a case directory is followed, by
    check, list, run and the pytest plugin: each names the link, exit 2, and not 8 characters of
    the file it leads to are printed."""
    home, work = checkout(tmp_path, SECRETS[secret])
    (work / "cases" / "x.yaml").symlink_to(home / ".git-credentials")
    (work / "cases" / "config").symlink_to(home)  # a directory of the machine
    for argv in (["check", "cases"], ["list", "--cases", "cases"], ["run", "--no-properties", "--cases", "cases"],
                 ["check", "--cases", "cases", "--cases", str(SMALL)]):
        code, output = conformance(work, *argv)
        assert code == 2, (argv, output)
        assert leaked(SECRETS[secret], output, 8) == [], (argv, output)
        assert "cases/x.yaml: a symbolic link in a case directory: not followed" in output, output
        assert "cases/config: a symbolic link in a case directory: not followed" in output, output
        assert "Traceback" not in output
    code, output = conformance(work, "-p", "no:cacheprovider", "--noconftest", "--mtg-cases", "cases", "-q",
                               module="pytest")
    assert code != 0 and leaked(SECRETS[secret], output, 8) == [], output
    assert "cases/x.yaml: a symbolic link in a case directory" in output


def test_a_case_directory_reached_through_a_link_below_the_working_directory_is_refused(tmp_path):
    """A pull request can turn the case directory itself (or a directory above it, in the checkout)
    into a link: a path named below the working directory is not read through one. Outside it
    (``/tmp/...``) a named path is the user's own choice and is followed."""
    home, work = checkout(tmp_path, SECRETS["gh-hosts"])
    (work / "linked").symlink_to(home)
    (work / "above").symlink_to(work / "cases")
    for argv in (["check", "linked"], ["check", "linked/hosts.yml"], ["list", "--cases", "linked"],
                 ["run", "--no-properties", "--cases", "above/613.5-gray-ogre.yaml"],
                 ["check", str(work / "linked")]):
        code, output = conformance(work, *argv)
        assert code == 2 and leaked(SECRETS["gh-hosts"], output, 8) == [], (argv, output)
        assert "a symbolic link: a path below the working directory is not read through a link" in output \
            or "is a symbolic link: a path below the working directory" in output, output
    code, output = conformance(work, "-p", "no:cacheprovider", "--noconftest", "--mtg-cases", "linked", module="pytest")
    assert code == 4 and "--mtg-cases linked: a symbolic link" in output and "Traceback" not in output
    # Named from elsewhere, the same link is the user's choice: followed.
    (tmp_path / "elsewhere").mkdir()
    code, output = conformance(tmp_path / "elsewhere", "check", str(work / "above"))
    assert code == 0 and "2 cases in 1 files: no problems" in output, output


def test_every_link_in_a_case_directory_is_refused_even_one_that_stays_inside(tmp_path, capsys):
    cases = tmp_path / "cases"
    cases.mkdir()
    write(cases, case_text(), "one.yaml")
    (cases / "alias.yaml").symlink_to(cases / "one.yaml")
    (cases / "notes.txt").symlink_to("/etc/passwd")  # not a case file, not a directory: never read, not named
    line = refused(capsys, cases, "alias.yaml: a symbolic link in a case directory")
    assert "notes.txt" not in line
    with pytest.raises(CaseFileErrors) as info:
        loader.load_suite([cases])
    assert [e.file for e in info.value.errors] == [str(cases / "alias.yaml")]


def test_the_expectations_and_results_files_are_not_read_through_a_link_below_the_working_directory(
        tmp_path, capsys, monkeypatch):
    home, work = checkout(tmp_path, SECRETS["git-credentials"])
    monkeypatch.chdir(work)
    (work / "expected.yaml").symlink_to(home / ".git-credentials")
    (work / "results.jsonl").symlink_to(home / ".git-credentials")
    code, out, err = cli(capsys, "run", "--no-properties", "--cases", "cases", "--expectations", "expected.yaml")
    assert code == 2 and err.strip() == ("expected.yaml: a symbolic link: a path below the working directory is not "
                                         "read through a link (name the directory it leads to; docs/ci.md)")
    code, out, err = cli(capsys, "report", "results.jsonl")
    assert code == 2 and err.strip().startswith("results.jsonl: a symbolic link: a path below the working directory")
    assert TOKEN[:8] not in out + err


def test_nothing_is_written_through_a_link_below_the_working_directory(tmp_path, capsys, monkeypatch):
    """A pull request could plant ``results-1.jsonl -> ~/.bashrc`` where the workflow writes its
    results: the run (or report -o) would overwrite the runner's file. Refused, nothing run or written."""
    home, work = checkout(tmp_path, "echo kept\n")
    monkeypatch.chdir(work)
    (work / "out").symlink_to(home)
    for name in ("results.jsonl", "junit.xml", "report.md", "expected.yaml"):
        (work / name).symlink_to(home / ".git-credentials")
    for argv in (["--results", "results.jsonl"], ["--junitxml", "junit.xml"], ["--results", "out/r.jsonl"],
                 ["--update-expectations", "expected.yaml"], ["--save-failures", "out/failures"]):
        code, out, err = cli(capsys, "run", "--no-properties", "--cases", "cases", *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert "symbolic link: nothing is written through a link" in err, err
    code, output = conformance(work, "-p", "no:cacheprovider", "--noconftest", "--mtg-cases", "cases",
                               "--mtg-results", "results.jsonl", module="pytest")
    assert code == 4 and "--mtg-results results.jsonl: a symbolic link: nothing is written" in output, output
    results = work / "real.jsonl"
    assert cli(capsys, "run", "--no-properties", "--cases", "cases", "--results", str(results))[0] == 0
    code, out, err = cli(capsys, "report", str(results), "-o", "report.md")
    assert code == 2 and err.startswith("-o report.md: a symbolic link: nothing is written through a link")
    assert (home / ".git-credentials").read_text("utf-8") == "echo kept\n" and sorted(os.listdir(home)) == [
        ".git-credentials", "hosts.yml"]


@pytest.mark.parametrize("planted", ["file", "directory"])
def test_the_rerun_state_file_is_not_written_through_a_link(tmp_path, capsys, monkeypatch, planted):
    """Off CI, a run writes .mtg-conformance/last-failed.json after a failure; a checkout holding a
    link there (``last-failed.json -> ~/.bashrc``, or the directory itself) had it overwrite that file."""
    home, work = checkout(tmp_path, "echo kept\n")
    monkeypatch.chdir(work)
    monkeypatch.delenv("CI", raising=False)
    (home / "last-failed.json").write_text("echo kept\n", "utf-8")
    if planted == "file":
        (work / ".mtg-conformance").mkdir()
        (work / ".mtg-conformance" / "last-failed.json").symlink_to(home / "last-failed.json")
    else:
        (work / ".mtg-conformance").symlink_to(home)
    write(work / "cases", case_text().replace("power: 6", "power: 7"), "wrong.yaml")  # the engine "fails" it
    code, out, err = cli(capsys, "run", "--no-properties", "--cases", "cases")
    assert code == 1 and "701.10b/one" in out
    assert (home / "last-failed.json").read_text("utf-8") == "echo kept\n"


# --- defect 1: an error quotes a few characters of a value at most ------------------------------


@pytest.mark.parametrize("secret", sorted(SECRETS))
def test_a_file_named_outside_the_working_directory_is_quoted_a_few_characters_at_most(tmp_path, secret):
    """Named from elsewhere, a file is read as named; whatever it holds, an error quotes at most
    SHOWN_CHARS characters of a value: as a case file (check, run), an expectations file, a results file."""
    home, work = checkout(tmp_path, SECRETS[secret])
    target = str(home / ".git-credentials")
    for argv in (["check", target], ["run", "--no-properties", "--cases", target],
                 ["run", "--no-properties", "--cases", "cases", "--expectations", target], ["report", target]):
        code, output = conformance(work, *argv)
        assert code == 2 and "Traceback" not in output, (argv, output)
        assert leaked(SECRETS[secret], output, SHOWN_CHARS + 1) == [], (argv, output)


MARK = "Q" * 12 + ":a-value@a-file-never-meant-to-be-read:" + "Z" * 12  # as a credential has, not an id's characters
QUOTING = {  # each quotes the value MARK in its own kind of error
    "type": ("power: 3, toughness", f"power: '{MARK}', toughness"),
    "enum": ("which: power}", f"which: '{MARK}'}}"),
    "pattern": ("id: 701.10b/one", f"id: '{MARK}'"),
    "unknown-key": ("    players:", f"    {MARK}: 1\n    players:"),
    "unknown-step": ("      - double_pt:", f"      - {MARK}: 1\n      - double_pt:"),
    "a-step-of-two-kinds": ("{to: bear, which: power}", f"{{to: bear, which: power}}\n        {MARK}: 1"),
    "duplicate-key": ("    players: [Alex]", f"    {MARK}: 1\n    {MARK}: 2\n    players: [Alex]"),
    "bad-int-tag": ("power: 3, toughness", f"power: !!int {MARK}, toughness"),
    "custom-tag": ("power: 3, toughness", f"power: !{MARK} 3, toughness"),
    "not-one-line": ("players: [Alex]", f"players: ['{MARK} ']"),
}


@pytest.mark.parametrize("kind", sorted(QUOTING))
def test_no_case_file_error_quotes_more_than_a_few_characters_of_a_value(tmp_path, capsys, kind):
    old, new = QUOTING[kind]
    text = case_text()
    assert old in text
    path = write(tmp_path, text.replace(old, new, 1))
    code, out, err = cli(capsys, "check", str(path))
    assert code == 2 and len(err.strip().splitlines()) >= 2, out + err
    assert leaked(MARK, out + err, SHOWN_CHARS + 1) == [], err


def test_expectations_and_results_errors_quote_a_few_characters_at_most(tmp_path, capsys):
    entries = [{"id": "701.10b/one", "outcome": MARK, "reason": "r"}, {"rule": MARK, "outcome": "fail", "reason": "r"},
               {"id": "x", "outcome": "fail", "reason": "r", MARK: 1}]
    for entry in entries:
        path = tmp_path / "e.yaml"
        path.write_text(json.dumps({"format": 1, "expectations": [entry]}), "utf-8")
        with pytest.raises(CaseFileErrors) as info:
            expectations.load(path)
        assert leaked(MARK, str(info.value), SHOWN_CHARS + 1) == [], str(info.value)
    header = {"type": "header", "format": 1, "suite": {"name": "mtg-conformance", "version": "1"}, "cr": "2025-09-19"}
    for line in ({**header, "format": MARK}, {**header, "shard": MARK}, {**header, "cr": [MARK]}, {"type": MARK},
                 {**header, "engine": {"name": MARK, "version": 1, MARK: 2}}):
        path = tmp_path / "r.jsonl"
        path.write_text(json.dumps(line) + "\n", "utf-8")
        code, out, err = cli(capsys, "report", str(path))
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert leaked(MARK, err, SHOWN_CHARS + 1) == [], err


def test_shown_quotes_a_few_characters_and_keeps_a_line_one_line():
    assert shown("x" * 100) == "'" + "x" * SHOWN_CHARS + "…' (100 characters)"
    assert shown("x" * 100, "json") == '"' + "x" * SHOWN_CHARS + '…" (100 characters)'
    assert shown("613.4c/x\n") == "'613.4c/x\\n'" and shown("a\u202eb") == "'a\\u202eb'"
    assert shown([1, 2]) == "[1, 2]" and shown(list(range(50))) == "a list of 50 items"
    assert shown({"k": MARK}) == "a mapping of 1 key" and shown(10 ** 30) == "an integer of 100 bits"
    # A case is named by its id in full when it is made of an id's characters (up to 64: the longest
    # golden id has 62), a mistyped one too; anything else in its place, a few characters of it.
    assert str(CaseFileError("f", "m", case="613.4d/Base_Case", field="objects/bear")) == \
        "f: case 613.4d/Base_Case: objects/bear: m"
    assert str(CaseFileError("f", "m", case=MARK, field=f"objects/{MARK}/card")) == \
        f"f: case {shown(MARK)}: objects/{shown(MARK)}/card: m"
    assert str(CaseFileError("f", "m", case="x" * 65)) == f"f: case {shown('x' * 65)}: m"


def test_an_error_is_one_line_whatever_the_file_name(tmp_path, capsys):
    """A file name or an id with a line break in it could forge a line of the CI log (a workflow
    command such as ``::error::``): every part of an error is written with its escapes."""
    cases = tmp_path / "cases"
    cases.mkdir()
    write(cases, case_text().replace("players: [Alex]", "players: 3"), "x\n::error::forged.yaml")
    code, out, err = cli(capsys, "check", str(cases))
    assert code == 2 and len(err.strip().splitlines()) == 2, err
    assert "x\\n::error::forged.yaml:8: case 701.10b/one: players: expected array, got 3" in err
    assert not any(line.startswith("::") for line in err.splitlines())


# --- defect 8: ids and names are one line --------------------------------------------------------


def test_an_id_ending_in_a_newline_is_refused_not_a_second_case(tmp_path, capsys):
    """``613.4c/x`` and ``"613.4c/x\\n"`` passed the schema (Python's ``$`` matches before a final
    newline) and the duplicate check; the schema's one_line now refuses the second, naming file,
    case and field, in one line."""
    second = case_text().split("cases:\n", 1)[1].replace("id: 701.10b/one", 'id: "701.10b/one\\n"')
    path = write(tmp_path, case_text() + second)
    code, out, err = cli(capsys, "check", str(path))
    assert code == 2
    assert err.splitlines()[0] == (f"{path}:14: case '701.10b/one\\n': id: '701.10b/one\\n' is not one line (no "
                                   "control character such as a line break, no invisible character, no space at "
                                   "either end)")


NAMES = {  # where, (old, new): a name with a control character, an invisible one or a space at an end
    "players/0": ("players: [Alex]", 'players: ["Alex\\n"]'),
    "objects": ("      bear: {card", '      "bear\\t": {card'),
    "steps/0/double_pt/to": ("{to: bear, which", '{to: " bear", which'),
    "objects/bear/card/name": ("{types: [creature], power: 3", '{name: "Bear\\u200b", types: [creature], power: 3'),
    "objects/bear/card/subtypes/0": ("{types: [creature], power: 3", '{types: [creature], subtypes: ["Bear "], power: 3'),
    "source/rule": ("source: {rule: 701.10b}", 'source: {rule: "701.10b\\n"}'),
    "objects/bear/counters": ("power: 3, toughness: 3}}", 'power: 3, toughness: 3}, counters: {"+1/+1\\n": 1}}'),
    "steps/1/expect/label": ("- expect: {objects", '- expect: {label: "after\\r", objects'),
}


@pytest.mark.parametrize("field", sorted(NAMES))
def test_every_id_and_name_is_one_line(tmp_path, field):
    old, new = NAMES[field]
    assert old in case_text()
    with pytest.raises(CaseFileErrors) as info:
        loader.load_text(case_text().replace(old, new, 1), "x.yaml")
    assert any(e.field == field and "is not one line" in e.message for e in info.value.errors), str(info.value)
    assert all("\n" not in str(e) for e in info.value.errors)


# --- smaller: a YAML error names its case; byte order marks ----------------------------------------


def test_a_yaml_syntax_error_names_the_case_it_is_in(tmp_path, capsys):
    two = case_text() + case_text("two").split("cases:\n", 1)[1].replace("which: power}", "which: power}}")
    path = write(tmp_path, two)
    code, out, err = cli(capsys, "check", str(path))
    assert code == 2 and err.startswith(f"{path}:22: case 701.10b/two: YAML syntax error"), err


def test_a_byte_order_mark_is_accepted_in_case_expectations_and_results_files(tmp_path, capsys):
    bom = "\ufeff"
    cases = write(tmp_path, bom + case_text(), "bom.yaml")
    assert [c.id for c in loader.load_file(cases)] == ["701.10b/one"]
    expected = tmp_path / "expected.yaml"
    expected.write_text(bom + "format: 1\nexpectations:\n  - {id: 701.10b/one, outcome: fail, reason: known}\n", "utf-8")
    assert [e.value for e in expectations.load(expected).entries] == ["701.10b/one"]
    results = tmp_path / "r.jsonl"
    code, out, err = cli(capsys, "run", "--cases", str(cases), "--results", str(results))
    assert code == 0, out + err
    results.write_text(bom + results.read_text("utf-8"), "utf-8")
    code, out, err = cli(capsys, "report", str(results), "--format", "text")
    assert code == 0 and "701.10b" in out, err


# --- neighbours: a FIFO, a directory, a device, a huge file, a link loop -----------------------------


@pytest.mark.parametrize("kind", ["fifo", "directory", "device", "huge", "loop"])
def test_report_and_expectations_refuse_what_is_not_a_regular_file_at_once(tmp_path, capsys, kind):
    """``report FIFO`` and ``--expectations FIFO`` waited forever, ``report /dev/zero`` read forever,
    a directory was an IsADirectoryError once the FIFO was fixed: each is one line, exit 2, at once."""
    path = tmp_path / f"probe-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "device":
        path = Path("/dev/zero")
    elif kind == "huge":
        with path.open("wb") as file:
            file.truncate(2 * 1024 ** 3)  # sparse
    else:
        path.symlink_to(path)
    expected = {"fifo": "not a regular file (a FIFO)", "directory": "not a regular file (a directory)",
                "device": "not a regular file (a character device)", "huge": "bytes: the limit is",
                "loop": "Too many levels of symbolic links"}[kind]
    for argv in (["report", str(path)], ["run", "--no-properties", "--cases", str(SMALL), "--expectations", str(path)]):
        with within(10):
            code, out, err = cli(capsys, *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1 and expected in err, (argv, err)
        assert err.startswith(str(path))


def test_an_expectations_entry_is_one_line_as_the_ids_it_names(tmp_path):
    """``{id: x}`` and ``{id: "x\\n"}`` were two entries, the second matching nothing and escaping the
    duplicate check; the expectations schema's one_line is the case files' (one pattern, two schemas)."""
    scenario, expected = loader.schema()["$defs"]["one_line"], expectations.schema()["$defs"]["one_line"]
    assert expected["not"] == scenario["not"] and expected["x-hint"] == scenario["x-hint"]
    path = tmp_path / "e.yaml"
    first = {"id": "701.10b/one", "outcome": "fail", "reason": "r"}
    for selector, value in (("id", "701.10b/one\n"), ("glob", " 701.10b/*"), ("rule", "613.4\n"),
                            ("feature", "x\u200b")):
        entries = [first, {selector: value, "outcome": "fail", "reason": "r"}]
        path.write_text(json.dumps({"format": 1, "expectations": entries}))
        with pytest.raises(CaseFileErrors) as info:
            expectations.load(path)
        assert str(info.value) == f"{path}:1: expectations/1/{selector}: {shown(value)} is not {scenario['x-hint']}"
