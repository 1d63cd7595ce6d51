"""docs/coverage.md accounts for every CR example of the covered rules, and agrees with golden/.

The CR examples of 208, 613 and 707 are listed here (catalogue number, rule, which Example
paragraph of that rule); when the catalogue they come from (``cr-examples.md``, in the shared
reference folder next to the repository) is present, the list is checked against it too.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from conformance.format import loader

REPO = Path(__file__).resolve().parent.parent
COVERAGE = REPO / "docs" / "coverage.md"
CATALOGUE = REPO.parent / "shared" / "reference" / "cr-examples.md"
GOLDEN = {case.id: case for case in loader.load_suite([REPO / "golden"])}

EXAMPLES = {  # catalogue number: (rule, example paragraph of that rule)
    1: ("208.2a", 1), 2: ("208.3a", 1),
    3: ("613.4d", 1), 4: ("613.4d", 2), 5: ("613.4d", 3), 6: ("613.5", 1), 7: ("613.5", 2), 8: ("613.6", 1),
    9: ("613.6", 2), 10: ("613.6", 3), 11: ("613.6", 4), 12: ("613.7a", 1), 13: ("613.9", 1), 14: ("613.9", 2),
    26: ("707.2", 1), 27: ("707.2", 2), 28: ("707.3", 1), 29: ("707.3", 2), 30: ("707.3", 3), 31: ("707.3", 4),
    32: ("707.4", 1), 33: ("707.5", 1), 34: ("707.5", 2), 35: ("707.6", 1), 36: ("707.8a", 1), 37: ("707.8a", 2),
    38: ("707.9a", 1), 39: ("707.9b", 1), 40: ("707.9d", 1), 41: ("707.9d", 2), 42: ("707.9e", 1), 43: ("707.9f", 1),
    44: ("707.10", 1), 45: ("707.10", 2), 46: ("707.10", 3), 47: ("707.10e", 1), 48: ("707.11", 1),
}
SECTIONS = ("208", "613", "707")

ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*([0-9.a-z]+), example (\d+):[^|]*\|([^|]*)\|([^|]*)\|\s*$")
CASE_ID = re.compile(r"`([0-9.a-z]+/[a-z0-9-]+)`")


def parse(text: str) -> dict[str, list[dict]]:
    """Rows of the coverage tables, by section (``## 613 ...``)."""
    sections: dict[str, list[dict]] = defaultdict(list)
    section = None
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].split()[0]
        match = ROW.match(line)
        if match and section:
            number, rule, example, cases, notes = match.groups()
            sections[section].append({"number": int(number), "rule": rule, "example": int(example),
                                      "cases": CASE_ID.findall(cases), "notes": notes.strip(),
                                      "mentioned": CASE_ID.findall(notes)})
    return sections


ROWS = parse(COVERAGE.read_text("utf-8"))


def test_every_example_of_the_covered_rules_has_one_row():
    listed = {row["number"]: (row["rule"], row["example"]) for section in SECTIONS for row in ROWS[section]}
    assert listed == EXAMPLES
    numbers = [row["number"] for section in SECTIONS for row in ROWS[section]]
    assert len(numbers) == len(set(numbers))


@pytest.mark.skipif(not CATALOGUE.exists(), reason=f"the example catalogue is not at {CATALOGUE}")
def test_the_list_of_examples_is_the_catalogues():
    found, section, count = {}, None, defaultdict(int)
    for line in CATALOGUE.read_text("utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].split()[0]
        match = re.match(r"^### (\d+)\. ([0-9.a-z]+) ", line)
        if match and section in SECTIONS:
            rule = match[2]
            count[rule] += 1
            found[int(match[1])] = (rule, count[rule])
    assert found == EXAMPLES


def test_every_row_is_covered_or_says_why_not():
    for section in ROWS.values():
        for row in section:
            assert row["cases"] or row["notes"].startswith("out of scope: "), row


def case_problems(rows: dict[str, list[dict]]) -> list[str]:
    """Rows naming a case that does not exist, or that transcribes another example."""
    problems = []
    for section in rows.values():
        for row in section:
            for case_id in row["cases"] + row["mentioned"]:
                if case_id not in GOLDEN:
                    problems.append(f"coverage row #{row['number']} names {case_id}, which is not a golden case")
            for case_id in row["cases"]:
                source = GOLDEN[case_id].source if case_id in GOLDEN else None
                if source is not None and (source.rule, source.example) != (row["rule"], row["example"]):
                    problems.append(f"{case_id} transcribes {source}, not the example of row #{row['number']}")
    return problems


def test_every_listed_case_exists_and_transcribes_its_example():
    assert case_problems(ROWS) == []


def test_every_case_named_anywhere_in_the_document_exists():
    text = COVERAGE.read_text("utf-8")
    missing = sorted(set(CASE_ID.findall(text)) - GOLDEN.keys())
    assert not missing


def test_every_golden_case_transcribing_an_example_of_a_covered_rule_is_in_its_row():
    rows = {(row["rule"], row["example"]): row for section in ROWS.values() for row in section}
    covered = set(ROWS)
    for case in GOLDEN.values():
        if case.source.example is None or case.source.rule.split(".")[0] not in covered:
            continue
        row = rows.get((case.source.rule, case.source.example))
        assert row is not None, f"{case.id} transcribes {case.source}, which has no coverage row"
        assert case.id in row["cases"], f"{case.id} is missing from coverage row #{row['number']}"


def test_a_missing_case_id_is_caught():
    """The check is not vacuous: a row naming an unknown case, or a case of another example, is reported."""
    text = COVERAGE.read_text("utf-8")
    renamed = parse(text.replace("`613.6/svogthos-the-restless-tomb`", "`613.6/svogthos-renamed`", 1))
    assert case_problems(renamed) == ["coverage row #11 names 613.6/svogthos-renamed, which is not a golden case"]
    swapped = parse(text.replace("| `613.4d/two-switches-cancel` |", "| `613.4d/pump-ends-while-switched` |", 1))
    assert case_problems(swapped) == ["613.4d/pump-ends-while-switched transcribes CR 613.4d, example 2, "
                                      "not the example of row #5"]


# --- replacement, prevention and the limited range of influence option (614, 615, 801) ---------------

DAMAGE_EXAMPLES = {  # catalogue number: (rule, example paragraph of that rule)
    15: ("614.4", 1), 16: ("614.5", 1), 17: ("614.12", 1), 18: ("614.12", 2), 19: ("614.12", 3),
    20: ("614.13a", 1), 21: ("614.13b", 1), 22: ("614.13c", 1),
    23: ("615.4", 1), 24: ("615.10", 1), 25: ("615.11", 1),
    49: ("801.2a", 1), 50: ("801.2a", 2), 51: ("801.2c", 1), 52: ("801.5a", 1), 53: ("801.5b", 1),
    54: ("801.5c", 1), 55: ("801.13a", 1), 56: ("801.13b", 1), 57: ("801.13b", 2), 58: ("801.13b", 3),
}
DAMAGE_SECTIONS = ("614", "615", "801")


def test_every_example_of_614_615_and_801_has_one_row():
    listed = {row["number"]: (row["rule"], row["example"]) for section in DAMAGE_SECTIONS for row in ROWS[section]}
    assert listed == DAMAGE_EXAMPLES
    numbers = [row["number"] for section in DAMAGE_SECTIONS for row in ROWS[section]]
    assert len(numbers) == len(set(numbers))


@pytest.mark.skipif(not CATALOGUE.exists(), reason=f"the example catalogue is not at {CATALOGUE}")
def test_the_614_615_and_801_examples_are_the_catalogues():
    found, section, count = {}, None, defaultdict(int)
    for line in CATALOGUE.read_text("utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].split()[0]
        match = re.match(r"^### (\d+)\. ([0-9.a-z]+) ", line)
        if match and section in DAMAGE_SECTIONS:
            count[match[2]] += 1
            found[int(match[1])] = (match[2], count[match[2]])
    assert found == DAMAGE_EXAMPLES


def test_a_missing_damage_case_id_is_caught():
    text = COVERAGE.read_text("utf-8")
    renamed = parse(text.replace("`801.13a/redirected-outside-range` |", "`801.13a/redirected-elsewhere` |", 1))
    assert case_problems(renamed) == ["coverage row #55 names 801.13a/redirected-elsewhere, which is not a golden case"]
