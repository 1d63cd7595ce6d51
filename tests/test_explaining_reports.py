"""Issue 23 point 3: reports that explain (rule titles, law and found, failing rules, unsupported
by reason, text and badge formats), checked on results files and, for the page, in Chromium."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.format import loader
from conformance.laws.catalogue import all_properties
from conformance.reports import explain
from tests.test_reports import CHROMIUM, render_in_chromium

REPO = Path(__file__).resolve().parent.parent
CLAMPING = "tests.wrong_engines:ClampingEngine"
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")
PROPERTY = next(p for p in all_properties() if p.id == "704.5f/state-based-invariants")


def test_every_rule_the_suite_cites_has_a_short_title_of_our_own():
    cited = {r for c in loader.load_suite([loader.golden_dir()]) for r in c.rules}
    cited |= {r for p in all_properties() for r in p.rules}
    titles = explain.rule_titles()
    assert sorted(cited - set(titles)) == []
    assert explain.titles_cr() == "2025-09-19"
    excerpt = (Path("/work/shared/reference/comprehensive-rules-excerpt.md"))
    cr_text = excerpt.read_text("utf-8").lower() if excerpt.exists() else ""
    for rule, title in titles.items():
        assert 0 < len(title) <= 60, rule
        if len(title.split()) >= 6:  # a phrase of the CR may recur, never a sentence of it
            assert title.lower() not in cr_text, rule


def test_unsupported_reasons_group_by_feature_and_by_message():
    records = [{"status": "unsupported", "message": "x lacks the features copy-effects, type-changing"},
               {"status": "unsupported", "message": "x lacks the features copy-effects"},
               {"status": "unsupported", "message": "object 'a': counters are not realised"},
               {"status": "unsupported", "message": "object 'b': counters are not realised"},
               {"status": "passed", "message": ""}]
    total, groups = explain.unsupported_groups(records)
    assert total == 4
    assert groups == [("an object: counters are not realised", 2), ("needs feature copy-effects", 2),
                      ("needs feature type-changing", 1)]
    assert explain.unsupported_line(records) == ("unsupported: 4 (an object: counters are not realised: 2, "
                                                 "needs feature copy-effects: 2, needs feature type-changing: 1)")
    assert explain.unsupported_line(records[4:]) == ""


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    """The clamping engine on two golden files, plus a failed property and unsupported records."""
    base = tmp_path_factory.mktemp("explain")
    path = base / "run.jsonl"
    assert main(["run", "--cases", str(loader.golden_dir() / "701.10-double.yaml"), "--engine", CLAMPING,
                 "--results", str(path)]) == 1
    lines = path.read_text("utf-8").splitlines()
    extra = [
        {"type": "result", "id": PROPERTY.id, "kind": "property", "rules": ["613.4d"], "features": [],
         "status": "failed", "error_kind": None, "message": "checkpoint 1: c1 has toughness 0 <on> the battlefield",
         "detail": "checkpoint 1: c1 has toughness 0 <on> the battlefield\nmore", "mismatches": [],
         "reproducer": "format: 1\n", "source": None, "cited_rules": list(PROPERTY.rules),
         "examples": {"ran": 3, "refused": 0, "reference_refused": 0, "discarded": 0, "failing": 1, "minimum": 1},
         "exercised": {}},
        {"type": "result", "id": "613.1/made-up", "kind": "case", "rules": ["613.1"], "features": ["copy-effects"],
         "status": "unsupported", "error_kind": None, "message": "clamping engine lacks the features copy-effects",
         "detail": "", "mismatches": [], "reproducer": None, "source": "x.yaml:1"},
    ]
    path.write_text("\n".join([*lines[:-1], *map(json.dumps, extra), lines[-1]]) + "\n", "utf-8")
    return path


def test_text_format_shows_titles_failing_rules_reasons_law_and_found(results, capsys):
    assert main(["report", str(results), "--format", "text"]) == 0
    out = capsys.readouterr().out
    failing = explain.failing_rules([json.loads(l) for l in results.read_text().splitlines()[1:-1]])
    assert "613.4d" in failing
    assert f"failing rules: {len(failing)} (" in out
    assert re.search(r"^701\.10c\s+doubling a negative power or toughness\s+\d", out, re.M)
    assert "needs feature copy-effects" in out
    assert f"law:   {PROPERTY.summary}" in out and "found: checkpoint 1: c1 has toughness 0 <on> the battlefield" in out
    assert "<" not in out.replace("<on>", "")  # plain text, no markup

    assert main(["report", str(results), "--format", "text", "--failing-only"]) == 0
    only = capsys.readouterr().out
    rows = re.findall(r"^(\d{3}\.\d+[a-z]?)\s", only, re.M)
    assert sorted(set(rows)) == sorted(failing)


def test_markdown_shows_titles_failing_count_reasons_and_the_law(results, capsys):
    assert main(["report", str(results)]) == 0
    out = capsys.readouterr().out
    assert "**failing rules: " in out and "unsupported: 1 (needs feature copy-effects: 1)" in out
    assert "701.10c · doubling a negative power or toughness" in out
    assert "law: " in out and "found: checkpoint 1: c1 has toughness 0 &lt;on&gt; the battlefield" in out


def test_a_badge_per_engine_is_a_self_contained_escaped_svg(results, tmp_path, capsys):
    assert main(["report", str(results), "--format", "badge"]) == 0
    svg = capsys.readouterr().out
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    lines = [json.loads(l) for l in results.read_text().splitlines()[1:-1]]
    passed = sum(r["status"] == "passed" for r in lines)
    ran = sum(r["status"] != "unsupported" for r in lines)
    assert texts == ["mtg-conformance", f"{passed}/{ran} passed"]
    assert "<script" not in svg and "href" not in svg and 'fill="#c62828"' in svg  # red: some failed
    # several results files: one ENGINE.svg each in -o DIR; the engine's name is escaped in the title
    other = tmp_path / "other.jsonl"
    text = results.read_text().replace('"name": "clamping engine"', '"name": "a<b>&c"', 1)
    other.write_text(text)
    assert main(["report", str(results), str(other), "--format", "badge"]) == 2
    assert main(["report", str(results), str(other), "--format", "badge", "-o", str(tmp_path / "badges")]) == 0
    made = sorted(p.name for p in (tmp_path / "badges").iterdir())
    assert made == ["a-b-c.svg", "clamping-engine.svg"]
    nasty = (tmp_path / "badges" / "a-b-c.svg").read_text()
    assert "a&lt;b&gt;&amp;c" in nasty and "a<b>" not in nasty
    ET.fromstring(nasty)


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
def test_the_page_explains_in_chromium(results, tmp_path, capsys):
    page = tmp_path / "report.html"
    assert main(["report", str(results), "--format", "html", "-o", str(page)]) == 0
    shown = render_in_chromium(page)
    records = [json.loads(l) for l in results.read_text().splitlines()[1:-1]]
    failing = explain.failing_rules(records)
    assert shown["failingCounts"] == [f"{len(failing)} failing rules"]
    assert shown["failingRows"] == failing
    assert len(shown["titles"]) == len(shown["cells"]) and "doubling a negative power or toughness" in shown["titles"]
    assert shown["laws"] == [f"law {PROPERTY.summary}"]
    assert shown["founds"] == ["found checkpoint 1: c1 has toughness 0 <on> the battlefield"]
    assert "needs feature copy-effects\t1" in shown["reasons"]
    assert not shown["visibleYaml"]  # reproducers collapsed
    # the failing-only page leaves the full matrix out
    only = tmp_path / "only.html"
    assert main(["report", str(results), "--format", "html", "--failing-only", "-o", str(only)]) == 0
    html = only.read_text()
    assert 'id="failing"' in html and 'id="matrix"' not in html


def test_the_end_of_a_run_groups_unsupported_by_reason(capsys):
    code = main(["run", "--no-properties", "--cases", str(loader.golden_dir() / "701.10-double.yaml"),
                 "--engine", "tests.wrong_engines:NoDoublingEngine"])
    out = capsys.readouterr().out
    assert code == 0
    (line,) = [l for l in out.splitlines() if l.startswith("unsupported: ")]
    total = int(re.search(r"all\s+\d+\s+\d+\s+\d+\s+\d+\s+(\d+)", out)[1])
    assert line.startswith(f"unsupported: {total} (needs feature double-pt: ")
