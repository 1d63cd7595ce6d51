"""Issue 45, points 2 and 5: a property's refusals keep their reasons (grouped, one message each) in the
terminal, the results file and every report; failure cards show the case's summary and the rerun
command in HTML (checked in Chromium) and Markdown; the properties table no longer buries the
failures, and ``--failing-only`` works in Markdown too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.format import loader
from conformance.laws.catalogue import all_properties
from conformance.results.stream import read
from tests.test_reports import CHROMIUM, render_in_chromium

PICKY = "tests.wrong_engines:PickyClampingEngine"
DOUBLE = str(loader.golden_dir() / "701.10-double.yaml")
CASE = "701.10c/double-negative-power"
FAILING = "701.10b/doubling-adds-current-value"  # fails on a clamping engine, some examples refused
REFUSED = "701.10b/doubling-switched-power-lands-on-toughness"  # every example switches: refused, so unsupported
LAW = next(p for p in all_properties() if p.id == FAILING).summary
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


@pytest.fixture(scope="module")
def picky(tmp_path_factory) -> tuple[Path, str]:
    """A run of the picky clamping engine: a failing case, a failing property and an unsupported one,
    both with refusals; its results file and what the run printed."""
    path = tmp_path_factory.mktemp("picky") / "picky.jsonl"
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["run", "--engine", PICKY, "--cases", DOUBLE, "--properties", "--results", str(path),
                     "-k", f"{CASE} or {FAILING} or {REFUSED} or 701.10b/double-power"])
    assert code == 1
    return path, out.getvalue()


def _records(path: Path) -> dict[str, dict]:
    return {r["id"] + "/" + r["kind"]: r for r in read(path).results}


# --- point 2: refusal reasons ------------------------------------------------------------------------


def test_the_results_file_keeps_each_propertys_refusals_grouped_with_one_message_each(picky):
    path, _ = picky
    records = _records(path)  # read() checks each line against conformance/schema/results.schema.json
    named = []
    for prop in (FAILING, REFUSED):
        record = records[f"{prop}/property"]
        refusals = record["refusals"]
        assert sum(r["count"] for r in refusals) == record["examples"]["refused"] > 0
        assert [r["count"] for r in refusals] == sorted((r["count"] for r in refusals), reverse=True)
        assert len({r["reason"] for r in refusals}) == len(refusals)
        for refusal in refusals:
            assert refusal["reason"].startswith(("switching is not wired up yet", "tripling is not wired up yet"))
            assert "'c1'" not in refusal["reason"]  # a generated object's id: grouped as '<id>'
        named += [r for r in refusals if "'<id>'" in r["reason"]]
    assert named and all(re.fullmatch(r"(switching|tripling) is not wired up yet \(asked of '[a-z]{1,2}\d{1,2}'\)",
                                      r["example"]) for r in named)  # the first message, the id as given
    unsupported = records[f"{REFUSED}/property"]
    assert unsupported["status"] == "unsupported"
    top = unsupported["refusals"][0]
    assert unsupported["message"].endswith(f"(most often, {top['count']} of them: {top['reason']})")
    assert "refusals" not in records[f"{CASE}/case"]  # a case's reason is its message


def test_the_end_of_a_run_lists_the_refusals_by_reason(picky):
    path, out = picky
    records = _records(path)
    assert "Examples picky clamping engine refused, by its reasons" in out
    block = out.split("Examples picky clamping engine refused, by its reasons", 1)[1].split("\n\n", 1)[0]
    for prop in (FAILING, REFUSED):
        record = records[f"{prop}/property"]
        assert f"{prop}: {record['examples']['refused']} refused" in block
        first = record["refusals"][0]
        assert re.search(rf"^\s+{first['count']}  {re.escape(first['reason'])}", block, re.M), block


def test_every_report_shows_the_refusals(picky, capsys):
    path, _ = picky
    record = _records(path)[f"{FAILING}/property"]
    first = record["refusals"][0]
    assert main(["report", str(path)]) == 0
    markdown = capsys.readouterr().out
    assert f"- `{FAILING}` ({record['examples']['refused']} refused): {first['count']} × " in markdown
    assert main(["report", str(path), "--format", "text"]) == 0
    text = capsys.readouterr().out
    assert "examples the engine refused, by its reasons" in text and f"  {FAILING}: " in text
    assert main(["report", str(path), "--format", "html"]) == 0
    html = capsys.readouterr().out
    assert '<table class="refusals">' in html and f'<td class="count">{first["count"]}</td>' in html


def test_explore_is_a_command_of_the_cli(capsys):
    """docs/engines.md pointed to ``python -m benchmarks.explore``, which is not installed with the package."""
    code = main(["explore", "--engine", PICKY, "--property", "613/agrees-with-reference", "--seeds", "3",
                 "--examples", "20"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.splitlines()[0] == "engine picky clamping engine 1.0.0; seeds 3; 20 examples a seed"
    assert re.search(r"^613/agrees-with-reference: \d+ examples; ran \d+", out, re.M)
    assert re.search(r"^  refused \d+: (switching|tripling) is not wired up yet \(asked of '<id>'\)", out, re.M), out


# --- point 5: cards ----------------------------------------------------------------------------------


def test_markdown_cards_show_the_summary_and_the_rerun_command(picky, capsys):
    path, _ = picky
    (case,) = [c for c in loader.load_file(DOUBLE) if c.id == CASE]
    assert main(["report", str(path)]) == 0
    out = capsys.readouterr().out
    card = out.split(f"`{CASE}`: **failed**", 1)[1].split("\n- ", 1)[0]
    assert "  - summary: A 1/4" in card and " ".join(case.summary.split())[:40] in card
    assert f"  - rerun: `mtg-conformance run --engine {PICKY} --cases " in card and f"-k '{CASE}'`" in card
    card = out.split(f"property `{FAILING}`: **failed**", 1)[1].split("\n- ", 1)[0]
    assert f"  - rerun: `mtg-conformance run --engine {PICKY} -k '{FAILING}'`" in card and "  - law: " in card
    # the failures come before the properties table, whose rows show a few rules each
    assert out.index("### Failures") < out.index("### Properties")
    rows = [line for line in out.splitlines() if line.startswith(f"| `{REFUSED}`")]
    assert rows and all(line.count(".") < 30 for line in rows)


def test_markdown_failing_only_shows_only_the_failing_rules_and_properties(picky, capsys):
    path, _ = picky
    assert main(["report", str(path), "--failing-only"]) == 0
    only = capsys.readouterr().out
    assert main(["report", str(path)]) == 0
    full = capsys.readouterr().out
    rows = lambda text: [l for l in text.split("### ")[0].splitlines() if l.startswith("| ") and "·" in l]  # noqa: E731
    assert 0 < len(rows(only)) < len(rows(full))
    assert all(l.startswith("| ❌") or l.startswith("| 💥") for l in rows(only)), rows(only)
    assert f"`{REFUSED}`" in full.split("### Properties")[1] and f"`{REFUSED}`" not in only.split("### Properties")[1]
    assert "Only the rules with a failed or errored result (--failing-only)." in only


def test_the_text_report_shows_summary_and_rerun(picky, capsys):
    path, _ = picky
    assert main(["report", str(path), "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "    summary: A 1/4" in out and f"    rerun: mtg-conformance run --engine {PICKY} -k '{FAILING}'" in out


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium; .ci/run does it)")
def test_html_cards_show_the_summary_and_rerun_in_chromium(picky, tmp_path):
    path, _ = picky
    page = tmp_path / "report.html"
    assert main(["report", str(path), "--format", "html", "-o", str(page)]) == 0
    shown = render_in_chromium(page)
    records = [r for r in read(path).results if r["status"] in ("failed", "errored")]
    assert len(shown["cards"]) == len(records) >= 2
    for card, record in zip(shown["cards"], records):
        (rerun,) = card["rerun"]
        assert rerun["visible"] and rerun["text"] == f"rerun {record['rerun']}"
        if record["kind"] == "case":
            (summary,) = card["summary"]
            assert summary["visible"] and summary["text"] == f"summary {' '.join(record['summary'].split())}"
        else:
            assert [law["text"] for law in card["law"]] == [f"law {LAW}"] and card["law"][0]["visible"]
    assert any(row.startswith(FAILING) for row in shown["refusals"])
    assert all(len(rules.split(", ")) <= 7 for rules in shown["propertyRules"])  # a few, then "… (N in all)"
