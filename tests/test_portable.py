"""Case files mean the same to every YAML loader (issue 23, point 2).

The suite's reader keeps dates and decimals as strings; PyYAML's ``safe_load`` (YAML 1.1) and YAML
1.2 loaders do not. Every shipped case file is written so that they all read the same data, and
so is every file the suite writes; ``check`` warns about a value that another loader reads
differently.
"""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

from conformance.format import loader, portable, yamlsource
from conformance.laws import counterexamples
from conformance.results import records
from conformance.cli import main

REPO = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*(REPO / "golden").glob("*.yaml"), *REPO.glob("adapters/*/tests/cases/*.yaml")])
GOLDEN_FILES = sorted((REPO / "golden").glob("*.yaml"))


def test_the_shipped_files_are_found():
    assert len(GOLDEN_FILES) >= 17 and (REPO / "adapters/phase/tests/cases") in {p.parent for p in SHIPPED}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_plain_safe_load_reads_what_the_suite_reads_and_the_schema_accepts_it(path):
    text = path.read_text("utf-8")
    data = yaml.safe_load(text)
    assert data == yamlsource.parse(text).data
    # the CR date is a string, every rule number a string as written (615.10 stays 615.10)
    assert isinstance(data["cr"], str)
    assert all(isinstance(rule, str) for case in data["cases"] for rule in [*case["rules"], case["source"]["rule"]])
    errors = [f"{list(e.absolute_path)}: {e.message}"
              for e in jsonschema.Draft202012Validator(loader.schema()).iter_errors(data)]
    assert errors == []
    # editors' language server validates with draft-07: the schema uses no keyword it lacks
    assert list(jsonschema.Draft7Validator(loader.schema()).iter_errors(data)) == []


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_no_shipped_file_has_a_value_another_loader_reads_differently(path):
    assert portable.differences(path.read_text("utf-8")) == []


PLAIN = """\
# a comment that stays
format: 1
cr: 2025-09-19   # the date
cases:
  - id: 615.10/pump
    rules: [615.10, 613.4c, 615, 613.7]
    source: {rule: 615.10}
    summary: a 1/1 gets +1/+0; yes, on and 1e3 are labels
    players: [Alex]
    objects:
      bear: {card: {types: [creature], power: 1, toughness: 1}}
    steps:
      - modify_pt: {to: bear, power: 1}
      - expect: {label: on, objects: {bear: {power: 2, toughness: 1}}}
      - expect: {label: 1e3, objects: {bear: {power: 2}}}
      - expect:
          label: 0o17
          objects: {bear: {power: 2}}
"""


def test_differences_name_every_value_another_loader_reads_differently():
    found = {(d.path, d.line, d.text): [who for who, _ in d.readings] for d in portable.differences(PLAIN)}
    assert found == {
        (("cr",), 3, "2025-09-19"): ["PyYAML's safe_load"],
        (("cases", 0, "rules", 0), 6, "615.10"): ["PyYAML's safe_load", "a YAML 1.2 loader"],
        (("cases", 0, "rules", 3), 6, "613.7"): ["PyYAML's safe_load", "a YAML 1.2 loader"],
        (("cases", 0, "source", "rule"), 7, "615.10"): ["PyYAML's safe_load", "a YAML 1.2 loader"],
        (("cases", 0, "steps", 1, "expect", "label"), 14, "on"): ["PyYAML's safe_load"],
        (("cases", 0, "steps", 2, "expect", "label"), 15, "1e3"): ["a YAML 1.2 loader"],
        (("cases", 0, "steps", 3, "expect", "label"), 17, "0o17"): ["a YAML 1.2 loader"],
    }
    (rule,) = [d for d in portable.differences(PLAIN) if d.path == ("cases", 0, "rules", 0)]
    assert [value for _, value in rule.readings] == [615.1, 615.1] and rule.ours == "615.10"


def test_differences_leave_quoted_tagged_and_same_values_alone():
    assert portable.differences('a: "613.7"\nb: !!str 613.7\nc: 3\nd: true\ne: null\nf: 613.4b\ng: \'on\'\n') == []


def test_differences_in_keys_and_in_numbers_the_suite_reads():
    found = {d.path: (d.key, d.quotable) for d in portable.differences("yes: 1\nn: [y]\ncount: 010\n")}
    # a key yes is true to safe_load; n and y are booleans to YAML 1.1 loaders that follow the spec;
    # 010 is 8 to YAML 1.1 and 10 to YAML 1.2: quoting cannot fix a number
    assert found == {("yes",): (True, True), ("n",): (True, True), ("n", 0): (False, True),
                     ("count",): (False, False)}


def test_quote_changes_only_those_values_and_the_cases_stay_the_same():
    quoted = portable.quote(PLAIN)
    assert quoted.replace('"', "") == PLAIN.replace('"', "")  # nothing but quotes added: comments, layout kept
    assert "# a comment that stays" in quoted and 'cr: "2025-09-19"   # the date' in quoted
    assert 'rules: ["615.10", "613.4c", "615", "613.7"]' in quoted  # every rule number, alike
    assert portable.differences(quoted) == []
    before, after = loader.load_text(PLAIN, "a.yaml"), loader.load_text(quoted, "a.yaml")
    assert [c.to_dict() for c in before] == [c.to_dict() for c in after]
    assert [records.case_document(c) for c in before] == [records.case_document(c) for c in after]
    assert yaml.safe_load(quoted)["cases"][0]["steps"][1]["expect"]["label"] == "on"
    assert portable.quote(quoted) == quoted


def test_check_warns_naming_file_line_case_and_field(capsys, tmp_path):
    path = tmp_path / "plain.yaml"
    path.write_text(PLAIN)
    code = main(["check", "--cases", str(path)])
    out, err = capsys.readouterr()
    assert code == 0  # a warning, not a problem
    lines = err.splitlines()
    assert len(lines) == 7
    assert lines[0] == (f"{path}:3: cr: warning: the value 2025-09-19 is the string '2025-09-19' to this suite, "
                        "but PyYAML's safe_load reads the date 2025-09-19: quote it: \"2025-09-19\"")
    assert lines[1] == (f"{path}:6: case 615.10/pump: rules/0: warning: the value 615.10 is the string '615.10' "
                        "to this suite, but PyYAML's safe_load and a YAML 1.2 loader read the number 615.1: "
                        "quote it: \"615.10\"")
    assert lines[4].startswith(f"{path}:14: case 615.10/pump: steps/1/expect/label: warning: the value on ")
    assert out.strip() == "1 cases in 1 files: no problems (7 warnings: quote those values)"
    path.write_text(portable.quote(PLAIN))
    assert main(["check", "--cases", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.strip() == "1 cases in 1 files: no problems"


def test_check_warns_on_a_file_with_problems_too_and_keeps_the_problems_status(capsys, tmp_path):
    (tmp_path / "bad.yaml").write_text(PLAIN.replace("to: bear, power: 1", "to: ghost, power: 1"))
    assert main(["check", "--cases", str(tmp_path)]) == 2
    _, err = capsys.readouterr()
    assert "rules/0: warning: the value 615.10" in err and "undeclared object 'ghost'" in err


def test_written_case_files_read_the_same_under_safe_load():
    cases = loader.load_suite([REPO / "golden"])
    texts = [records.case_file_yaml([records.case_document(c) for c in cases[start:start + 200]])
             for start in range(0, len(cases), 200)]  # (files of 200: one file of all is over the size limit)
    for text in texts:
        assert portable.differences(text) == []
        assert yaml.safe_load(text) == yamlsource.parse(text).data  # so the schema judges both alike
    assert 'cr: "2025-09-19"' in texts[0] and 'rules: ["613.5", "613.4b"' in "".join(texts)  # rule numbers quoted alike
    for case in cases[:40]:
        reproducer = records.reproducer(case)
        assert portable.differences(reproducer) == [] and yaml.safe_load(reproducer) == yamlsource.parse(reproducer).data


def test_counterexample_files_read_the_same_under_safe_load(tmp_path):
    (case, *_) = loader.load_file(REPO / "golden" / "613.5-gray-ogre.yaml")
    path = counterexamples.write(tmp_path / "c.yaml", [records.case_document(case)])
    text = path.read_text("utf-8")
    assert portable.differences(text) == [] and yaml.safe_load(text) == yamlsource.parse(text).data


@pytest.mark.parametrize("value", ["615.10", "2025-09-19", "on", "yes", "y", "n", "1e3", "0o17", ".5", "613",
                                   "613.4b", "null", "~", "", "true", "1_000", "0x1F", "12:30", ".inf"])
def test_the_writer_quotes_any_string_another_loader_reads_as_something_else(value):
    text = yamlsource.dump({"v": [value], value: 1}, default_flow_style=None)
    assert yaml.safe_load(text) == {"v": [value], value: 1} == yamlsource.parse(text).data
    assert portable.differences(text) == []
    assert f'"{value}"' in text  # in double quotes, as the golden files write them
