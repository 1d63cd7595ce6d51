"""The pytest plugin, run through pytester: collection, selection, reporting."""

from __future__ import annotations

import pytest

from conformance.format.loader import golden_dir

GOLDEN = str(golden_dir())
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")

SMALL_CASE = """\
format: 1
cr: 2025-09-19
cases:
  - id: {id}
    rules: [701.10b]
    source: {{rule: 701.10b}}
    summary: A 3/3 has its power doubled; 3 + 3 = 6.
    players: [Alex]
    objects:
      bear: {{card: {{types: [creature], power: 3, toughness: 3}}}}
    steps:
      - double_pt: {{to: bear, which: power}}
      - expect: {{objects: {{bear: {{power: 6, toughness: 3}}}}}}
"""


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("-p", "no:cacheprovider", "-p", "no:randomly", *args)


def test_each_case_is_an_item_named_by_its_id(pytester):
    result = run(pytester, "--mtg-cases", GOLDEN, "--mtg-no-properties", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["*613.4d-switching.yaml::613.4d/switch-then-later-pump",
                                 "*701.10-double.yaml::701.10c/double-negative-power"])
    assert result.ret == 0


def test_k_selects_by_cited_rule_not_only_by_id(pytester):
    result = run(pytester, "--mtg-cases", GOLDEN, "--mtg-no-properties", "--collect-only", "-q", "-k", "613.4d")
    ids = [line for line in result.stdout.lines if "::" in line]
    assert ids and all("::" in line for line in ids)
    # Cases cite 613.4d although their id names another rule (doubling after a switch).
    assert any("::701.10b/double-after-switch" in line for line in ids)
    assert not any("::613.4a/" in line for line in ids)


def test_all_golden_cases_pass_on_the_reference_engine_and_the_table_is_printed(pytester):
    result = run(pytester, "--mtg-cases", GOLDEN, "--mtg-no-properties")
    assert result.ret == 0
    outcomes = result.parseoutcomes()
    assert outcomes["passed"] >= 25 and "failed" not in outcomes
    result.stdout.fnmatch_lines(["*conformance by rule*", "rule*cases*passed*failed*errored*unsupported",
                                 "613.4d *", "all *"])


def test_a_mismatch_names_case_checkpoint_object_and_field(pytester):
    result = run(pytester, "--mtg-cases", GOLDEN, "--mtg-no-properties", "--mtg-engine", "tests.wrong_engines:ClampingEngine",
                 "-k", "double-negative-power")
    assert result.ret == 1
    result.stdout.fnmatch_lines([
        "case 701.10c/double-negative-power fails on clamping engine *",
        "  rules:   701.10a, 701.10c, *",
        "  source:  CR 701.10c (rule text)*701.10-double.yaml:*",
        "  summary: *",
        "  checkpoint 2 'doubled to more negative' (step 4): bear.power: expected -4, got -2",
    ])


def test_an_engine_that_lacks_a_feature_gets_unsupported_not_failed(pytester):
    result = run(pytester, "--mtg-cases", GOLDEN, "--mtg-no-properties", "--mtg-engine", "tests.wrong_engines:NoDoublingEngine", "-rs")
    assert result.ret == 0
    outcomes = result.parseoutcomes()
    assert outcomes["skipped"] > 0 and "failed" not in outcomes
    result.stdout.fnmatch_lines(["*unsupported: no-doubling engine lacks the features double-pt*"])


def test_a_crashing_engine_is_reported_per_case_and_the_run_goes_on(pytester):
    result = run(pytester, "--mtg-cases", GOLDEN, "--mtg-no-properties", "--mtg-engine", "tests.wrong_engines:CrashingEngine")
    assert result.ret == 1
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] > 0 and outcomes["passed"] > 0
    result.stdout.fnmatch_lines(["case * could not run on crashing engine *",
                                 "*the engine raised RuntimeError: doubling is not implemented*"])
    table = result.stdout.str().split("conformance by rule")[1]
    errored = [line.split() for line in table.splitlines() if line.startswith("all ")][0]
    assert int(errored[-2]) == outcomes["failed"]


def test_an_engine_answering_the_wrong_number_of_snapshots_errors(pytester):
    pytester.makepyfile(short_engine="""
        from reference_engine import ReferenceEngine

        class Engine(ReferenceEngine):
            def run(self, case):
                return super().run(case)[:-1]
    """)
    pytester.syspathinsert()
    pytester.makefile(".yaml", one=SMALL_CASE.format(id="701.10b/one"))
    result = run(pytester, "--mtg-cases", ".", "--mtg-engine", "short_engine:Engine")
    assert result.ret == 1
    result.stdout.fnmatch_lines(["*the engine returned 0 snapshots for 1 checkpoints*"])


def test_a_broken_case_file_is_one_line_naming_file_and_line(pytester):
    pytester.makefile(".yaml", broken="format: 1\ncr: 2025-09-19\ncases:\n  - id: [unclosed\n")
    result = run(pytester, "--mtg-cases", ".")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*broken.yaml:4: case #1: YAML syntax error*"])
    assert "Traceback" not in result.stdout.str()


def test_duplicate_ids_across_files_error(pytester):
    pytester.makefile(".yaml", a=SMALL_CASE.format(id="701.10b/same"), b=SMALL_CASE.format(id="701.10b/same"))
    result = run(pytester, "--mtg-cases", ".")
    assert result.ret == 1
    result.stdout.fnmatch_lines(["*b.yaml:4: case 701.10b/same: id: duplicate case id (already used at *a.yaml:4)*"])
    assert result.parseoutcomes()["passed"] == 1


def test_the_plugin_is_inert_without_mtg_cases(pytester):
    pytester.makefile(".yaml", config="just: some yaml\n")
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    result = run(pytester)
    assert result.ret == 0
    assert result.parseoutcomes() == {"passed": 1}
    assert "conformance by rule" not in result.stdout.str()


def test_an_unusable_engine_is_a_usage_error(pytester):
    result = run(pytester, "--mtg-cases", GOLDEN, "--mtg-no-properties", "--mtg-engine", "no_such_module:Engine")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--mtg-engine 'no_such_module:Engine': cannot import 'no_such_module'*"])


def test_runs_in_parallel_with_xdist(pytester):
    result = run(pytester, "--mtg-cases", GOLDEN, "--mtg-no-properties", "-n", "2")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["*conformance by rule*", "all *"])
    totals = [line for line in result.stdout.lines if line.startswith("all ")][0].split()
    assert int(totals[1]) == int(totals[2]) == result.parseoutcomes()["passed"]


def test_the_report_points_at_the_case_line(pytester):
    pytester.makefile(".yaml", one=SMALL_CASE.format(id="701.10b/one").replace("power: 6", "power: 7"))
    result = run(pytester, "--mtg-cases", ".", "-rf")
    assert result.ret == 1
    result.stdout.fnmatch_lines(["case 701.10b/one fails on *",
                                 "  source:  CR 701.10b (rule text)   (*one.yaml:4)",
                                 "  checkpoint 1 (step 2): bear.power: expected 7, got 6",
                                 "FAILED one.yaml::701.10b/one - case 701.10b/one fails on *"])
