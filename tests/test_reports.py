"""Reports: the JSON Lines results stream (conformance/results/stream.py) and ``mtg-conformance
report`` as Markdown and as one HTML page, the latter rendered in headless Chromium.

The stream must hold a line for every case, also when the engine misbehaves over ``exec:`` (one
fake engine per failure mode, tests/fake_engines/) and when the run is killed (then without a
footer, and the report says it is incomplete).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from conformance import __version__
from conformance.format import loader
from conformance.results import expectations, records
from conformance.cli import main
from conformance.reports.text import STATUSES, rule_rows
from conformance.results.stream import read

REPO = Path(__file__).resolve().parent.parent
FAKES = REPO / "tests" / "fake_engines"
GOLDEN = loader.golden_dir()
CLAMPING = "tests.wrong_engines:ClampingEngine"
_SUITE = loader.load_suite([GOLDEN])
KNOWN = sorted(c.id for c in _SUITE if {"701.10c", "701.11c"} & set(c.rules))
# The runs take the golden files holding the clamping engine's known failures: quicker than the
# whole suite, and they hold passing cases too.
RUN_FILES = sorted({c.file for c in _SUITE if c.id in KNOWN})
CASES_ARGS = [arg for file in RUN_FILES for arg in ("--cases", file)]
GOLDEN_CASES = [c for c in _SUITE if c.file in RUN_FILES]
ALL_IDS = {c.id for c in GOLDEN_CASES}
SMALL = Path(__file__).parent / "fake_engines" / "four-cases.yaml"  # four golden cases, for the engines that restart often
SMALL_IDS = [c.id for c in loader.load_file(SMALL)]
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def clamping_results(tmp_path_factory) -> Path:
    """The golden suite on the clamping engine, judged against its known failures."""
    base = tmp_path_factory.mktemp("clamping")
    expected = base / "expected.yaml"
    expected.write_text(yaml.safe_dump({"format": 1, "expectations": [
        {"id": i, "outcome": "fail", "reason": "clamps", "bug": "https://example.org/1"} for i in KNOWN[1:]]}))
    results = base / "clamping.jsonl"
    assert main(["run", *CASES_ARGS, "--engine", CLAMPING, "--results", str(results),
                 "--expectations", str(expected)]) == 1  # KNOWN[0] is not listed
    return results


@pytest.fixture(scope="module")
def reference_results(tmp_path_factory) -> Path:
    results = tmp_path_factory.mktemp("reference") / "reference.jsonl"
    assert main(["run", *CASES_ARGS, "--results", str(results)]) == 0
    return results


# --- the stream ------------------------------------------------------------------------------------------


def test_header_one_line_per_case_and_footer(clamping_results, capsys):
    lines = lines_of(clamping_results)
    header, results, footer = lines[0], lines[1:-1], lines[-1]
    assert header["type"] == "header" and footer["type"] == "footer"
    assert header["engine"]["name"] == "clamping engine" and header["engine"]["spec"] == CLAMPING
    assert header["suite"]["name"] == "mtg-conformance" and header["suite"]["version"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", header["cr"]) and header["started"].endswith("+00:00")
    assert header["command"][:2] == ["mtg-conformance", "run"] and "--results" in header["command"]
    assert header["properties"] is False and header["shard"] is None
    assert {r["type"] for r in results} == {"result"}
    assert sorted(r["id"] for r in results) == sorted(ALL_IDS)
    failed = {r["id"]: r for r in results if r["status"] == "failed"}
    assert set(failed) == set(KNOWN)
    assert footer["totals"] == {"passed": len(ALL_IDS) - len(KNOWN), "failed": len(KNOWN), "errored": 0, "unsupported": 0}
    assert footer["results"] == len(ALL_IDS) and footer["duration"] > 0 and footer["interrupted"] is False

    # a failure carries its rules, mismatches and a reproducer that replays it
    case = next(c for c in GOLDEN_CASES if c.id == "701.10c/double-negative-power")
    line = failed[case.id]
    assert line["cited_rules"] == list(case.rules) and line["kind"] == "case" and line["error_kind"] is None
    # it counts under the cited rules its failure shows broken: the doubling of a negative value, not 107.1b
    assert set(line["rules"]) == {"701.10a", "701.10c"} and "107.1b" in case.rules
    assert {"checkpoint": 2, "object": "bear", "field": "power", "expected": -4, "got": -2} in [
        {k: m[k] for k in ("checkpoint", "object", "field", "expected", "got")} for m in line["mismatches"]]
    assert line["message"].startswith("checkpoint 2 'doubled to more negative' (step 4): bear.power: expected -4")
    (replayed,) = loader.load_text(line["reproducer"], "reproducer.yaml")
    assert replayed == case
    assert line["source"].endswith("701.10-double.yaml:%d" % case.line)
    # expectations annotate each line
    assert line["expected"] == {"outcome": "fail", "verdict": "expected", "entry": line["expected"]["entry"],
                                "reason": "clamps", "bug": "https://example.org/1"} or line["id"] == KNOWN[0]
    assert failed[KNOWN[0]]["expected"] == {"outcome": "pass", "verdict": "unexpected"}
    assert all(r["reproducer"] is None for r in results if r["status"] == "passed")


def test_the_pytest_option_writes_the_stream_too(pytester):
    results = pytester.path / "out" / "results.jsonl"
    result = pytester.runpytest("-p", "no:cacheprovider", "--mtg-cases", str(SMALL), "--mtg-engine", CLAMPING,
                                "--mtg-results", str(results))
    assert result.ret == 0
    lines = lines_of(results)
    assert lines[0]["type"] == "header" and lines[0]["command"][0] == "pytest"
    assert [line["id"] for line in lines[1:-1]] == SMALL_IDS
    assert lines[-1]["totals"]["passed"] == len(SMALL_IDS) and lines[-1]["exit_status"] == 0


def test_a_reproducer_replays_the_failure_and_passes_on_the_reference(clamping_results, capsys, tmp_path):
    line = next(r for r in lines_of(clamping_results) if r.get("status") == "failed")
    (tmp_path / "repro.yaml").write_text(line["reproducer"])
    assert cli(capsys, "run", "--cases", str(tmp_path), "--engine", CLAMPING)[0] == 1
    assert cli(capsys, "run", "--cases", str(tmp_path))[0] == 0


def test_the_four_small_cases_are_the_golden_files_own():
    golden = {c.id: c for c in loader.load_file(GOLDEN / "613.4d-switching.yaml")}
    assert [c.to_dict() for c in loader.load_file(SMALL)] == [golden[i].to_dict() for i in SMALL_IDS]
    assert len(SMALL_IDS) == 4


FAKE_RUNS = {  # fake engine, its arguments -> the kind of each case of SMALL ("passed" or an errored kind)
    "crashes": ([], ["passed", "crash", "passed", "crash"]),  # exits on each process's 2nd case
    "garbage": ([SMALL_IDS[1]], ["passed", "protocol", "passed", "passed"]),
    "wrong_seq": ([SMALL_IDS[0]], ["protocol", "passed", "passed", "passed"]),
    "partial_line": ([SMALL_IDS[2]], ["passed", "passed", "crash", "passed"]),
    "huge_output": ([SMALL_IDS[3]], ["passed", "passed", "passed", "protocol"]),
    "hangs": ([SMALL_IDS[1]], ["passed", "timeout", "passed", "passed"]),
    "wrong_count": ([SMALL_IDS[2]], ["passed", "passed", "protocol", "passed"]),
    "bad_reply": ([SMALL_IDS[0]], ["protocol", "passed", "passed", "passed"]),
    "refuses": ([SMALL_IDS[0]], ["unsupported", "exception", "exception", "exception"]),
    "chatters": ([], ["passed", "passed", "passed", "passed"]),
}


@pytest.mark.parametrize("fake", sorted(FAKE_RUNS))
def test_a_misbehaving_engine_over_exec_gets_a_line_for_every_case_and_expectations_map_its_kinds(
        fake, capsys, tmp_path):
    assert len(SMALL_IDS) == 4
    args, kinds = FAKE_RUNS[fake]
    spec = f"exec:{sys.executable} {FAKES / fake}.py " + " ".join(args)
    # crash -> crash, timeout -> timeout, protocol -> fail: the expectations say so, and the run conforms
    outcome = {"crash": "crash", "timeout": "timeout", "protocol": "fail", "exception": "fail",
               "unsupported": "unsupported"}
    file = tmp_path / "expected.yaml"
    file.write_text(yaml.safe_dump({"format": 1, "expectations": [
        {"id": i, "outcome": outcome[k], "reason": f"{fake} misbehaves"} for i, k in zip(SMALL_IDS, kinds) if k != "passed"]}))
    results = tmp_path / "results.jsonl"
    code, out, err = cli(capsys, "run", "--engine", spec, "--cases", str(SMALL), "--timeout", "1.5",
                         "--results", str(results), "--expectations", str(file), "--strict")
    assert code == 0, out[-3000:]
    lines = lines_of(results)
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "footer"
    by_id = {line["id"]: line for line in lines[1:-1]}
    assert len(by_id) == len(lines) - 2 == len(SMALL_IDS)
    got = [by_id[i]["error_kind"] if by_id[i]["status"] == "errored" else by_id[i]["status"] for i in SMALL_IDS]
    assert got == kinds
    for i, kind in zip(SMALL_IDS, kinds):
        assert by_id[i]["expected"]["verdict"] == "expected"
        if kind not in ("passed", "unsupported"):
            assert by_id[i]["message"] and by_id[i]["reproducer"].startswith("format: 1")
    assert lines[-1]["errored_kinds"] == {k: kinds.count(k) for k in sorted(set(kinds) - {"passed", "unsupported"})}


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (from /proc)."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find the engine's process")
def test_a_killed_run_keeps_every_line_it_wrote_and_reports_as_incomplete(tmp_path, capsys):
    last = SMALL_IDS[-1]  # collection order is file order: every other case runs first
    results = tmp_path / "killed.jsonl"
    spec = f"exec:{sys.executable} {FAKES / 'hangs.py'} {last}"
    proc = subprocess.Popen([sys.executable, "-m", "conformance", "run", "--cases", str(SMALL), "--engine", spec,
                             "--timeout", "120", "--results", str(results)], cwd=REPO, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if results.exists() and results.read_text().count("\n") == len(SMALL_IDS):  # header + all but one
                break
            time.sleep(0.1)
        else:
            pytest.fail("the run did not write its lines in time")
    finally:
        engines = descendants(proc.pid)  # the engine runs in its own process group: kill it too, by its id
        os.killpg(proc.pid, signal.SIGKILL)  # the run, killed mid-case
        proc.wait()
        for pid in engines:
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
    lines = lines_of(results)
    assert lines[0]["type"] == "header" and all(line["type"] == "result" for line in lines[1:])
    assert {line["id"] for line in lines[1:]} == set(SMALL_IDS) - {last}
    run = read(results)
    assert run.footer is None and not run.complete
    code, out, err = cli(capsys, "report", str(results))
    assert code == 0
    assert "⚠️ **Incomplete run**: the run did not finish (no footer line)" in out
    assert f"**{len(SMALL_IDS) - 1} results: {len(SMALL_IDS) - 1} passed, 0 failed" in out


def test_a_line_cut_off_mid_write_is_an_incomplete_run_not_an_error(clamping_results, tmp_path):
    data = clamping_results.read_bytes()
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(data[: data.index(b"\n", len(data) // 2) + 40])  # inside a line
    run = read(cut)
    assert run.footer is None and run.truncated_line == len(run.results) + 2
    assert "was cut off mid-write" in run.incomplete_reason


@pytest.mark.parametrize("content, line, field, message", [
    ('{"type": "header"', 1, None, "not a JSON line"),
    ("", 1, None, "the file is empty"),
    ('{"type": "result", "id": "a/b", "kind": "case", "rules": [], "status": "passed"}\n', 1, "type",
     "the first line must be the header, not a result line"),
    ('HEADER\nthis is not json\n{"type": "footer"}\n', 2, None, "not a JSON line (Expecting value)"),
    ('HEADER\n{"type": "result", "id": "a/b", "kind": "case", "rules": [], "status": "pased"}\n', 2, "status",
     "'pased' is not one of"),
    ('HEADER\n{"type": "result", "kind": "case", "rules": [], "status": "passed"}\n', 2, None,
     "missing required key 'id'"),
    ('HEADER\n{"type": "verdict"}\n', 2, "type", "expected an object with type header, result or footer, got \"verdict\""),
    ('HEADER\n[1, 2]\n', 2, None, "expected a JSON object, got a JSON list"),
    ('HEADER\nHEADER\n', 2, "type", "a second header line"),
], ids=["cut-header", "empty", "no-header", "garbage", "bad-status", "no-id", "bad-type", "not-object", "two-headers"])
def test_a_broken_results_file_gets_one_line_naming_file_line_and_field(capsys, tmp_path, content, line, field, message):
    header = json.dumps({"type": "header", "format": 1, "suite": {"name": "mtg-conformance", "version": "0"},
                         "cr": "2025-09-19", "engine": {"name": "e", "version": "1"}, "started": "2025-10-01T00:00:00+00:00"})
    path = tmp_path / "results.jsonl"
    path.write_text(content.replace("HEADER", header))
    code, out, err = cli(capsys, "report", str(path), "--format", "html")
    assert code == 2 and out == ""
    (shown,) = err.strip().splitlines()
    prefix = f"{path}:{line}: " + (f"{field}: " if field else "")
    assert shown.startswith(prefix) and message in shown, shown
    assert "Traceback" not in err


def test_a_broken_results_file_in_a_subprocess_has_no_traceback(tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_text("garbage\n")
    result = subprocess.run([sys.executable, "-m", "conformance", "report", str(path)], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == f"{path}:1: not a JSON line (Expecting value)"


# --- Markdown ----------------------------------------------------------------------------------------------


def test_markdown_for_one_run_has_the_per_rule_table_and_lists_every_failure(clamping_results, capsys, tmp_path):
    code, out, err = cli(capsys, "report", str(clamping_results), "--format", "markdown")
    assert code == 0 and err == ""
    assert out.startswith("## mtg-conformance: clamping engine ")
    run = read(clamping_results)
    rows = {row.rule: row for row in rule_rows(run.case_results())}
    table = [line for line in out.splitlines() if re.match(r"\| \S+ \d", line)]
    assert len(table) == len(rows)
    from conformance.reports.explain import rule_title

    for line in table:
        first, *numbers = line.strip("| ").split(" | ")
        mark, rule, *title = first.split(" ", 2)
        assert title == [f"· {rule_title(rule)}"]  # each rule with its short title
        assert [int(n) for n in numbers] == [rows[rule].cases, *(rows[rule].counts[s] for s in STATUSES)]
        assert mark == ("❌" if rows[rule].counts["failed"] else "✅")
    assert f"### Failures ({len(KNOWN)}: 1 unexpected, {len(KNOWN) - 1} expected)" in out  # gated: issue 23
    for case_id in KNOWN[1:]:  # the known failures, marked apart from the unexpected one
        assert f"- ☑️ expected: `{case_id}`: **failed**" in out
    assert "| checkpoint 2 'doubled to more negative' (step 4) | `bear.power` | `-4` | `-2` |" in out
    assert f"- ❌ `{KNOWN[0]}`: **failed** — UNEXPECTED: expected pass" in out
    assert out.count("```yaml") == len(KNOWN)
    # -o writes the same text to a file
    assert cli(capsys, "report", str(clamping_results), "-o", str(tmp_path / "summary.md"))[0] == 0
    assert (tmp_path / "summary.md").read_text() == out


def test_markdown_for_several_runs_is_a_matrix(clamping_results, reference_results, capsys):
    code, out, err = cli(capsys, "report", str(reference_results), str(clamping_results))
    assert code == 0
    assert "| rule | 1. mtg-conformance reference engine" in out
    row = next(line for line in out.splitlines() if line.startswith("| 701.10c · "))
    cited = sum(1 for c in GOLDEN_CASES if "701.10c" in c.rules)
    failing = sum(1 for c in GOLDEN_CASES if "701.10c" in c.rules and c.id in KNOWN)
    assert row == f"| 701.10c · doubling a negative power or toughness | ✅ {cited}/{cited} | ❌ {cited - failing}/{cited} · {failing} failed |"
    assert "### No failures in 1. mtg-conformance reference engine" in out
    assert f"### Failures in 2. clamping engine {__version__} ({len(KNOWN)}: 1 unexpected, {len(KNOWN) - 1} expected)" in out


def test_markdown_escapes_what_it_shows():
    assert records  # the helpers below are what the renderer uses
    from conformance.reports.markdown import code, fenced, text

    assert text("a | b <b>*x*</b>") == "a \\| b &lt;b&gt;\\*x\\*&lt;/b&gt;"
    assert code("x`y") == "``x`y``" and code("a|b") == "`a\\|b`"
    assert fenced("```\ninside\n", "yaml") == ["````yaml", "```", "inside", "````"]


# --- HTML, rendered in headless Chromium -----------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PROBE = """<script>
// Added by the test only (the report has no script): what the page shows, as JSON.
addEventListener('load', () => {
  const cells = [...document.querySelectorAll('#matrix table.matrix tbody tr')].map(tr => ({
    rule: tr.querySelector('th').firstChild.textContent,
    cells: [...tr.querySelectorAll('td')].map(td => ({text: td.innerText, cls: td.className,
                                                      bg: getComputedStyle(td).backgroundColor}))}));
  const out = document.createElement('pre');
  out.id = 'probe';
  out.textContent = JSON.stringify({
    text: document.body.innerText, title: document.title, cells,
    columns: [...document.querySelectorAll('#matrix table.matrix thead th')].map(th => th.innerText),
    titles: [...document.querySelectorAll('#matrix table.matrix tbody th .title')].map(t => t.textContent),
    failingRows: [...document.querySelectorAll('#failing table.matrix tbody th')].map(th => th.firstChild.textContent),
    failingCounts: [...document.querySelectorAll('[data-failing-rules]')].map(e => e.innerText),
    laws: [...document.querySelectorAll('.law')].map(e => e.innerText),
    founds: [...document.querySelectorAll('.found')].map(e => e.innerText),
    reasons: [...document.querySelectorAll('table.reasons tr')].map(tr => tr.innerText),
    cards: [...document.querySelectorAll('article.failure')].map(card => Object.fromEntries(
      ['summary', 'law', 'rerun'].map(kind => [kind, [...card.querySelectorAll('.' + kind)].map(e => ({
        text: e.innerText, visible: e.checkVisibility() && !e.closest('details:not([open])')}))]))),
    refusals: [...document.querySelectorAll('table.refusals tbody tr')].map(tr => tr.innerText),
    propertyRules: [...document.querySelectorAll('table.properties td.rules')].map(td => td.innerText),
    pageHeight: document.documentElement.scrollHeight,
    yaml: [...document.querySelectorAll('pre.yaml')].map(pre => pre.textContent),
    resources: performance.getEntriesByType('resource').map(r => r.name),
    scripts: document.scripts.length, stylesheets: document.styleSheets.length,
    images: document.images.length, visibleYaml: [...document.querySelectorAll('pre.yaml')].some(
      pre => pre.checkVisibility() && !pre.closest('details:not([open])')),
  });
  document.body.appendChild(out);
});
</script>"""


class _Probe(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside, self.data = False, []

    def handle_starttag(self, tag, attrs):
        self.inside = self.inside or (tag == "pre" and ("id", "probe") in attrs)

    def handle_endtag(self, tag):
        if tag == "pre":
            self.inside = False

    def handle_data(self, data):
        if self.inside:
            self.data.append(data)


def render_in_chromium(html_file: Path) -> dict:
    """Load the page (plus the probe) in headless Chromium; what the rendered page shows."""
    probed = html_file.with_name("probed-" + html_file.name)
    probed.write_text(html_file.read_text("utf-8").replace("</body>", PROBE + "</body>"), "utf-8")
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
             "--virtual-time-budget=5000", "--dump-dom", probed.as_uri()],
            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    parser = _Probe()
    parser.feed(result.stdout)
    assert parser.data, f"the page did not render the probe:\n{result.stdout[:2000]}\n{result.stderr[-2000:]}"
    return json.loads("".join(parser.data))


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run does it)")
def test_the_html_page_shows_a_colour_coded_matrix_failures_and_reproducers(
        clamping_results, reference_results, capsys, tmp_path):
    # a third run whose case summary and engine message hold markup: the page must show it as text
    nasty = tmp_path / "nasty"
    nasty.mkdir()
    case = next(c for c in GOLDEN_CASES if c.id == KNOWN[0])
    document = records.case_document(case)
    document["summary"] = "Tricky <script>alert('x')</script> & </pre> \"quoted\" summary"
    (nasty / "nasty.yaml").write_text(records.case_file_yaml([document]))
    nasty_results = tmp_path / "nasty.jsonl"
    assert main(["run", "--cases", str(nasty), "--engine", CLAMPING, "--results", str(nasty_results)]) == 1
    truncated = tmp_path / "truncated.jsonl"
    truncated.write_text("".join(clamping_results.read_text().splitlines(keepends=True)[:-3]))  # no footer
    capsys.readouterr()

    page = tmp_path / "report.html"
    runs = [reference_results, clamping_results, truncated, nasty_results]
    code, out, err = cli(capsys, "report", *map(str, runs), "--format", "html", "-o", str(page))
    assert code == 0 and out.strip() == f"wrote {page}"
    shown = render_in_chromium(page)

    # self-contained: no script, stylesheet link, image or any other resource loaded
    assert shown["resources"] == [] and shown["images"] == 0 and shown["scripts"] == 1  # the probe itself
    assert shown["stylesheets"] == 1
    html_text = page.read_text()
    assert "<script" not in html_text.lower() and "<link" not in html_text.lower() and " src=" not in html_text
    assert set(re.findall(r'href="([^"#][^"]*)"', html_text)) == {"https://example.org/1"}  # only the bug links

    # the matrix: rules as rows, one column per file, counts and colours
    assert len(shown["columns"]) == 1 + len(runs)
    assert shown["columns"][2].startswith("2. clamping engine") and "incomplete" in shown["columns"][3]
    by_rule = {row["rule"]: row["cells"] for row in shown["cells"]}
    clamping_rules = {r["id"]: set(r["rules"]) for r in lines_of(clamping_results) if r["type"] == "result"}
    expected_rules = {r for c in GOLDEN_CASES for r in c.rules}
    assert set(by_rule) == expected_rules
    colours = {}
    for rule, cells in by_rule.items():
        reference, clamping = cells[0], cells[1]
        cited = sum(1 for c in GOLDEN_CASES if rule in c.rules)
        # a failed case counts under the cited rules its failure shows broken (the results file says which)
        failing = sum(1 for c in GOLDEN_CASES if c.id in KNOWN and rule in clamping_rules[c.id])
        counted = cited - sum(1 for c in GOLDEN_CASES if rule in c.rules and c.id in KNOWN) + failing
        assert reference["text"] == f"{cited}/{cited}" and reference["cls"] == "pass"
        if counted == 0:
            assert clamping == {"text": "—", "cls": "none", "bg": clamping["bg"]}
            continue
        assert clamping["text"] == (f"{counted - failing}/{counted} · {failing} failed" if failing else f"{counted}/{counted}")
        assert clamping["cls"] == ("fail" if failing else "pass")
        for cell in cells:
            colours.setdefault(cell["cls"], set()).add(cell["bg"])
        if rule not in case.rules:
            assert cells[3] == {"text": "—", "cls": "none", "bg": cells[3]["bg"]}
    assert all(len(bgs) == 1 for bgs in colours.values()), colours  # one colour per class
    assert colours["pass"] != colours["fail"] != colours["none"]
    assert colours["fail"] == {"rgb(255, 205, 210)"} and colours["pass"] == {"rgb(200, 230, 201)"}

    text = shown["text"]
    # the truncated file is reported as incomplete
    assert f"Incomplete run (column 3, {truncated}): the run did not finish (no footer line)" in text
    # each failure: its expected and actual values, and its reproducer YAML
    assert f"Failures in 2. clamping engine {__version__} ({len(KNOWN)})" in text
    assert "checkpoint 2 'doubled to more negative' (step 4)\tbear.power\t-4\t-2" in text
    failed = sum(1 for path in runs for r in read(path).results if r["status"] in ("failed", "errored"))
    assert len(shown["yaml"]) == failed and not shown["visibleYaml"]  # reproducers collapsed (<details>)
    for yaml_text in shown["yaml"]:
        (replayed,) = loader.load_text(yaml_text, "shown.yaml")
        assert replayed.id in KNOWN
    # markup in a case is shown as text, exactly, and runs nothing
    (nasty_yaml,) = [y for y in shown["yaml"] if "Tricky" in y]
    (replayed,) = loader.load_text(nasty_yaml, "shown.yaml")
    assert replayed.summary == document["summary"]


def test_the_html_report_is_one_page_even_for_an_incomplete_run(clamping_results, tmp_path, capsys):
    truncated = tmp_path / "t.jsonl"
    truncated.write_text(clamping_results.read_text().splitlines(keepends=True)[0])  # the header only
    code, out, err = cli(capsys, "report", str(truncated), "--format", "html")
    assert code == 0
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    assert "Incomplete run" in out and "0 results" in out


# --- hostile fields in a results file (issue 24) ----------------------------------------------------------------

HOSTILE = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "a | b || c", "one\nline\r\ntwo",
           "[x](javascript:alert(1))", "\\[y](javascript:alert(2))", "![i](http://e.org/t.png)", "`tick` ``two``",
           "&lt;already&gt; &amp;", "*bold* _it_ ~~gone~~", "\\|"]


def _hostile_results(source: Path, target: Path) -> Path:
    """``source`` with every text field a results line carries replaced by markup."""
    lines = lines_of(source)
    n = iter(range(10**6))

    def evil() -> str:
        return HOSTILE[next(n) % len(HOSTILE)]

    out = []
    for line in lines:
        if line["type"] == "header":
            line["engine"].update(name=evil(), version=evil())
            line["expectations"] = evil()
        elif line["type"] == "result":
            line.update(id=evil() + line["id"], rules=[evil(), *line.get("rules", [])], message=evil(),
                        detail=evil() + "\n```\n</details>\n" + evil(), source=evil())
            for mismatch in line.get("mismatches") or []:
                mismatch.update(object=evil(), field=evil(), label=evil(), expected=evil(), got=evil())
            if line.get("expected"):
                line["expected"].update(entry=evil(), reason=evil())
        out.append(json.dumps(line))
    target.write_text("\n".join(out) + "\n", "utf-8")
    return target


def _unescaped(line: str, char: str) -> int:
    """How many times ``char`` occurs in ``line`` not escaped by a backslash (Markdown's rule)."""
    count, index = 0, 0
    while index < len(line):
        if line[index] == "\\":
            index += 2
            continue
        count += line[index] == char
        index += 1
    return count


def _outside_code(line: str) -> str:
    """``line`` without its code spans (whose content Markdown shows as it is)."""
    return re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", line)


def test_markdown_neutralises_markup_in_every_field(clamping_results, tmp_path, capsys):
    hostile = _hostile_results(clamping_results, tmp_path / "hostile.jsonl")
    assert read(hostile).results  # still a valid results file
    code, out, err = cli(capsys, "report", str(hostile), "--format", "markdown")
    assert code == 0, err
    # (a value may show "<script>" inside a code span or a fenced block: Markdown shows those as they are)
    in_fence, fence, header_pipes, rows = False, "", None, 0
    allowed_html = ("<details>", "</details>", "<summary>", "</summary>", "<code>", "</code>")
    for line in out.splitlines():
        stripped = line.strip()
        if in_fence:  # a fenced block's content is shown as it is
            in_fence = stripped != fence
            continue
        if re.fullmatch(r"`{3,}\w*", stripped):
            in_fence, fence = True, re.match(r"`+", stripped).group()
            continue
        prose = _outside_code(line)
        for tag in allowed_html:
            prose = prose.replace(tag, "")
        assert "<" not in prose and ">" not in prose, line  # no HTML of a value's
        assert _unescaped(prose, "[") == 0 and _unescaped(prose, "]") == 0, line  # no link, no image
        if not stripped.startswith("|"):
            header_pipes = None
            continue
        pipes = _unescaped(_outside_code(stripped), "|")
        if header_pipes is None:
            header_pipes = pipes
        assert pipes == header_pipes, line  # no cell added by a value's pipe
        rows += 1
    assert not in_fence
    # The values are still shown (escaped), not dropped.
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out or "`<script>alert(1)</script>" in out
    assert "javascript:alert" in out
