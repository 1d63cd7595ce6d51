"""What a property run says it tested (issue 16, parts 3 and 4).

- Examples an engine refused are counted, and a property where almost every example was refused
  is unsupported (with its counts), never passed: in the run, the results stream, the terminal,
  Markdown and HTML.
- A property counts under the rules its examples exercised, derived from their content, never
  under every rule it cites; a failing one only under the rules its shrunk counterexample shows
  broken. With one bug (tripling adds the value once), only the rules of tripling turn red.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import settings

from conformance.format import loader
from conformance.laws import profiles, catalogue as properties
from conformance.results import exercised
from conformance.cli import main
from conformance.engines.interface import describe
from conformance.laws.runner import run_property
from conformance.pytest_properties import differential_property
from reference_engine import ReferenceEngine
from tests.one_bug_engines import RefusesMostEngine, tripling_as_doubling

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

GOLDEN = loader.golden_dir()
TRIPLING_FILES = sorted(str(p) for p in GOLDEN.glob("701.11*.yaml"))
TRIPLING_RULES = {"701.11a", "701.11b", "701.11c"}


def results(path: Path) -> list[dict]:
    return [line for line in map(json.loads, path.read_text("utf-8").splitlines()) if line["type"] == "result"]


# --- refused examples ---------------------------------------------------------------------------------


def test_the_differential_with_almost_every_example_refused_is_unsupported_with_its_counts():
    engine = RefusesMostEngine()
    run = run_property(differential_property(), engine, describe(engine),
                       profile=settings(profiles.get("ci"), max_examples=10))
    assert run.status == "unsupported"
    assert run.refused > 100 and run.refused > 20 * run.examples
    assert run.counts["ran"] == run.examples and run.counts["refused"] == run.refused
    assert f"only {run.examples} of {run.examples + run.refused} examples ran" in run.message
    assert f"{run.refused} refused by refuses-most" in run.message


def test_the_same_property_passes_on_an_engine_that_refuses_nothing():
    engine = ReferenceEngine()
    run = run_property(differential_property(), engine, describe(engine),
                       profile=settings(profiles.get("ci"), max_examples=10))
    assert (run.status, run.refused) == ("passed", 0)
    assert run.examples >= run.minimum


@pytest.fixture(scope="module")
def refused_run(tmp_path_factory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("refused") / "refused.jsonl"
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["run", "--engine", "tests.one_bug_engines:RefusesMostEngine", "--properties", "--cases",
                     str(GOLDEN / "613.4d-switching.yaml"), "-k", "two-switches-cancel", "--results", str(path)])
    assert code == 0  # unsupported is not a failure
    return path, out.getvalue()


def test_a_refused_property_is_unsupported_in_the_results_stream_with_its_counts(refused_run):
    path, _ = refused_run
    (record,) = [r for r in results(path) if r["kind"] == "property"]
    assert record["id"] == "613.4d/two-switches-cancel" and record["status"] == "unsupported"
    # the engine runs 1 scenario in 100 (by hash): fewer than the minimum ran, so unsupported
    assert record["examples"]["ran"] < 20 and record["examples"]["refused"] > 100
    assert record["examples"]["minimum"] == 20
    assert "refused by refuses-most" in record["message"]


def test_the_terminal_shows_the_counts(refused_run):
    path, out = refused_run
    (record,) = [r for r in results(path) if r["kind"] == "property"]
    section = out.split("examples, and the rules each counts under", 1)[1]
    row = next(line for line in section.splitlines() if line.startswith("613.4d/two-switches-cancel"))
    cells = row.split()
    assert cells[1] == "unsupported" and cells[2] == str(record["examples"]["ran"]) and int(cells[3]) > 100


def test_markdown_and_html_show_the_counts(refused_run, capsys):
    path, _ = refused_run
    record = next(r for r in results(path) if r["kind"] == "property")
    ran, refused = record["examples"]["ran"], record["examples"]["refused"]
    assert main(["report", str(path)]) == 0
    markdown = capsys.readouterr().out
    row = next(line for line in markdown.splitlines() if "`613.4d/two-switches-cancel`" in line)
    assert "unsupported" in row and f"| {ran} | {refused} |" in row
    assert main(["report", str(path), "--format", "html"]) == 0
    page = capsys.readouterr().out
    match = re.search(r'<tr data-property="613.4d/two-switches-cancel">(.*?)</tr>', page)
    assert match and 'class="unsupported"' in match[1]
    assert f'data-count="refused">{refused}<' in match[1] and f'data-count="ran">{ran}<' in match[1]


# --- rules exercised, rules broken ---------------------------------------------------------------------


def test_a_passing_property_counts_under_the_rules_its_examples_exercised_not_those_it_cites():
    engine = ReferenceEngine()
    prop = next(p for p in properties.PROPERTIES if p.id == "701.10d/doubling-life-counters-mana-doubles-them")
    run = run_property(prop, engine, describe(engine), profile=settings(profiles.get("ci"), max_examples=30))
    assert run.status == "passed"
    assert "107.1b" in prop.rules and "107.1b" not in run.statistics  # cited, never derived from content
    assert set(run.rules) == set(run.statistics)
    assert all(0 < count <= run.examples for count in run.statistics.values())
    assert "613.4d" not in run.statistics  # no switch in a scenario about players


def _case(objects: dict, steps: list) -> "loader.Case":
    text = json.dumps({"format": 1, "cr": "2025-09-19", "cases": [{
        "id": "701.11b/probe", "rules": ["701.11b"], "source": {"rule": "701.11b"}, "summary": "A probe scenario for the attribution of a failure to rules.",
        "players": ["Alex", "Blair"], "objects": objects, "steps": steps}]})
    (case,) = loader.load_text(text, "probe.yaml")
    return case


BEAR = {"card": {"types": ["creature"], "power": 3, "toughness": 2}}
ANTHEM = {"card": {"types": ["enchantment"], "abilities": [
    {"static_pt": {"affects": {"types": ["creature"]}, "effect": "modify_pt", "power": 1, "toughness": 1}}]}}
OBSERVE = {"expect": {"objects": {"bear": {}}}}
ALL = {"objects": frozenset({"zone", "power", "toughness"}), "players": frozenset({"life"})}


def test_a_failure_counts_under_the_step_that_goes_wrong_not_the_board_it_showed_right():
    case = _case({"bear": BEAR, "anthem": ANTHEM},
                 [{"modify_pt": {"to": "bear", "power": 1}}, {"triple_pt": {"to": "bear", "which": "power"}}, OBSERVE])
    found = exercised.failing_rules([case], tripling_as_doubling(), ReferenceEngine(), ALL)
    assert set(found) == TRIPLING_RULES  # not the anthem's 604.2, 613.5, 613.4c, nor the pump's 613.4c


def test_in_one_event_the_action_that_goes_wrong_is_told_apart():
    case = _case({"bear": BEAR}, [{"together": [{"modify_pt": {"to": "bear", "toughness": -4}},
                                                {"triple_pt": {"to": "bear", "which": "both"}},
                                                {"modify_pt": {"to": "bear", "toughness": 7}}]}, OBSERVE])
    found = exercised.failing_rules([case], tripling_as_doubling(), ReferenceEngine(), ALL)
    assert set(found) == TRIPLING_RULES


def test_an_effect_on_every_creature_that_goes_wrong_aimed_at_one_counts_without_the_locked_set():
    """A tripling of every creature (a set locked as it is created, 611.2c) that the engine gets wrong
    aimed at one creature too shows tripling broken, not 611.2c."""
    case = _case({"bear": BEAR}, [{"modify_pt": {"to": "bear", "power": -1}},
                                  {"triple_pt": {"to_each": {"types": ["creature"]}, "which": "power"}}, OBSERVE])
    found = exercised.failing_rules([case], tripling_as_doubling(), ReferenceEngine(), ALL)
    assert set(found) == TRIPLING_RULES


class _IgnoresEffectsOnEveryCreature(ReferenceEngine):
    """Drops every effect on every creature (``to_each``): right on an effect aimed at one."""

    def run(self, case):
        def on_every_creature(step):
            body = next(iter(step.values()))
            return isinstance(body, dict) and "to_each" in body
        kept = [step for step in case["steps"] if not on_every_creature(step)]
        return super().run({**case, "steps": kept})


def test_an_effect_on_every_creature_right_when_aimed_at_one_counts_under_the_locked_set():
    case = _case({"bear": BEAR}, [{"triple_pt": {"to_each": {"types": ["creature"]}, "which": "power"}}, OBSERVE])
    found = exercised.failing_rules([case], _IgnoresEffectsOnEveryCreature(), ReferenceEngine(), ALL)
    assert "611.2c" in found and TRIPLING_RULES <= set(found)


def test_a_case_the_engine_gets_right_shows_nothing_broken_and_no_departure_falls_back_to_every_rule():
    good = _case({"bear": BEAR}, [{"switch_pt": {"to": "bear"}}, OBSERVE])
    bad = _case({"bear": BEAR}, [{"switch_pt": {"to": "bear"}}, {"triple_pt": {"to": "bear", "which": "power"}}, OBSERVE])
    assert set(exercised.failing_rules([good, bad], tripling_as_doubling(), ReferenceEngine(), ALL)) == TRIPLING_RULES
    # the reference engine never departs from itself: every rule the cases exercise
    assert set(exercised.failing_rules([good], ReferenceEngine(), ReferenceEngine(), ALL)) == {"613.4d"}


@pytest.fixture(scope="module")
def tripling_run(tmp_path_factory) -> tuple[Path, str]:
    """The tripling cases and every property on the engine whose one bug is tripling. Shrinking is
    bounded at 2 s a property (10 s by default under ``ci``): what is checked is that a failure
    counts only under the rules its counterexample shows broken, which must hold for a
    counterexample shrunk less as for one shrunk more (the sizes shrinking reaches are
    tests/test_shrinking.py's); the three failing properties spent most of this run shrinking."""
    import contextlib
    import io

    path = tmp_path_factory.mktemp("tripling") / "tripling.jsonl"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["run", "--engine", "tests.one_bug_engines:tripling_as_doubling", "--properties", "--shrink-seconds", "2",
                     *[arg for file in TRIPLING_FILES for arg in ("--cases", file)], "--results", str(path)])
    assert code == 1
    return path, out.getvalue()


def _red_rules_in_terminal(out: str) -> dict[str, int]:
    table = out.split(" by rule (CR ", 1)[1]
    red = {}
    for line in table.splitlines():
        cells = line.split()
        if len(cells) == 6 and re.fullmatch(r"[0-9]{3}(\.[0-9a-z]+)*", cells[0]) and int(cells[3]) + int(cells[4]):
            red[cells[0]] = int(cells[3])
    return red


def test_one_bug_turns_only_the_rules_of_tripling_red_in_the_terminal(tripling_run):
    path, out = tripling_run
    red = _red_rules_in_terminal(out)
    assert red and set(red) <= TRIPLING_RULES, red
    failed = [r for r in results(path) if r["status"] == "failed"]
    assert {r["kind"] for r in failed} == {"case", "property"}
    for record in failed:
        assert set(record["rules"]) <= TRIPLING_RULES and set(record["rules"]) <= set(record["cited_rules"]) | TRIPLING_RULES
    differential = next(r for r in failed if r["id"] == "613/agrees-with-reference")
    assert len(differential["cited_rules"]) > 50  # it cites every rule, it counts under three


def test_one_bug_turns_only_the_rules_of_tripling_red_in_markdown_and_html(tripling_run, capsys):
    path, _ = tripling_run
    assert main(["report", str(path)]) == 0
    markdown = capsys.readouterr().out
    red = [line.split("|")[1].strip() for line in markdown.splitlines() if line.startswith("| ❌")]
    assert red and {rule.removeprefix("❌ ").split(" · ")[0] for rule in red} <= TRIPLING_RULES, red  # "rule · title"
    assert main(["report", str(path), "--format", "html"]) == 0
    page = capsys.readouterr().out
    red = set(re.findall(r'<td class="(?:fail|error)" data-rule="([^"]+)"', page))
    assert red and red <= TRIPLING_RULES, red
    assert 'data-rule="613.4c"' in page  # the rule is there, and green
