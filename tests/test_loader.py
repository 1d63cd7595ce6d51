"""The loader's errors: every problem in a case file is one line naming file, line, case, field.

A small valid case file (``BASE``) is mutated once per bad input; the table ``BAD`` says which
line, case, field and message the loader must report for it (test262 style: one row per
kind of mistake, with a readable id).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.format import yamlsource
from conformance.errors import CaseFileError, CaseFileErrors
from conformance.format.loader import golden_dir, load_file, load_suite, load_text
from conformance.format.model import Case

NAME = "x.yaml"
CASE = "613.4d/base-case"

# Line numbers matter: the table below refers to them.
BASE = """\
format: 1
cr: 2025-09-19
cases:
  - id: 613.4d/base-case
    rules: [613.4c, 613.4d]
    source: {rule: 613.4d, example: 1}
    summary: A 1/3 gets +0/+1 (1/4), is switched (4/1); the pump ends (3/1).
    players: [Alex, Blair]
    objects:
      bear:
        card: {types: [creature], power: 1, toughness: 3}
      wall:
        card: {types: [creature], power: 0, toughness: 4}
        owner: Blair
    steps:
      - modify_pt: {id: pump, to: bear, toughness: 1, until: ended}
      - switch_pt: {to: bear}
      - expect: {label: switched, objects: {bear: {power: 4, toughness: 1}}}
      - end_effect: pump
      - expect: {objects: {bear: {power: 3, toughness: 1}}}
"""
#  1 format            6 source           11 bear's card      16 steps/0 modify_pt (id pump)
#  2 cr                7 summary          12 wall             17 steps/1 switch_pt
#  3 cases             8 players          13 wall's card      18 steps/2 expect
#  4 - id              9 objects          14 wall's owner     19 steps/3 end_effect
#  5 rules            10 bear             15 steps            20 steps/4 expect

# The case's body (everything under ``cases:``), to append further cases to a file.
CASE_BODY = BASE.split("cases:\n", 1)[1]


def mutate(*replacements: tuple[str, str], text: str = BASE) -> str:
    """``text`` with each ``old`` (which must occur exactly once) replaced by ``new``."""
    for old, new in replacements:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in the base text"
        text = text.replace(old, new)
    return text


def insert_after(line: int, new_lines: str, text: str = BASE) -> str:
    """``text`` with ``new_lines`` inserted after its line ``line`` (1-based; 0 = at the top)."""
    lines = text.splitlines(keepends=True)
    return "".join(lines[:line]) + new_lines + "".join(lines[line:])


def errors_of(text: str, name: str = NAME) -> CaseFileErrors:
    with pytest.raises(CaseFileErrors) as info:
        load_text(text, name)
    return info.value


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return path


# --- the base is valid --------------------------------------------------------------------------


def test_base_text_loads():
    (case,) = load_text(BASE, NAME)
    assert case.id == CASE
    assert case.file == NAME and case.line == 4
    assert case.rules == ("613.4c", "613.4d")
    assert case.players == ("Alex", "Blair")
    assert [o.id for o in case.objects] == ["bear", "wall"]
    assert case.object("wall").owner == "Blair" and case.object("wall").controller == "Blair"
    assert [s.KEY for s in case.steps] == ["modify_pt", "switch_pt", "expect", "end_effect", "expect"]
    assert case.features == {"layer-7c", "layer-7d", "durations"}


def test_valid_file_loads_from_disk(tmp_path):
    path = write(tmp_path, "ok.yaml", BASE + CASE_BODY.replace("base-case", "second-case"))
    cases = load_file(path)
    assert [c.id for c in cases] == [CASE, "613.4d/second-case"]
    assert [c.line for c in cases] == [4, 21]
    assert all(c.file == str(path) for c in cases)
    assert [c.id for c in load_suite([tmp_path])] == [CASE, "613.4d/second-case"]


# --- the table of bad inputs --------------------------------------------------------------------


@dataclass(frozen=True)
class Bad:
    id: str
    text: str
    line: int
    case: str | None  # None: a problem outside any case
    field: str | None  # None: no field (syntax errors)
    message: str  # a fragment of the message


SYNTAX = "YAML syntax error"

BAD = [
    # YAML itself
    # a syntax error inside a case names the case (issue 38): the one the parser was reading
    Bad("yaml-syntax-error", mutate(("switch_pt: {to: bear}", "switch_pt: {to: bear}}")),
        17, CASE, None, SYNTAX),
    Bad("yaml-syntax-error-in-metadata", mutate(("{rule: 613.4d, example: 1}", "{rule: 613.4d, example: 1}}")),
        6, CASE, None, SYNTAX),
    Bad("yaml-tab-indentation", mutate(("    summary:", "\tsummary:")), 7, CASE, None, SYNTAX),
    Bad("yaml-two-documents", BASE + "---\nformat: 1\n", 21, None, None, "single document"),
    Bad("duplicate-key-in-case", insert_after(8, "    players: [Alex]\n"),
        9, None, None, "duplicate key 'players' (first on line 8)"),
    Bad("duplicate-key-in-flow-mapping", mutate(("power: 1, toughness: 3", "power: 1, toughness: 3, power: 2")),
        11, None, None, "duplicate key 'power' (first on line 11)"),
    Bad("duplicate-key-top-level", insert_after(20, "format: 1\n"), 21, None, None, "duplicate key 'format' (first on line 1)"),
    Bad("empty-file", "", 1, None, None, "the file is empty"),
    Bad("only-comments", "# nothing here\n\n", 1, None, None, "the file is empty"),
    Bad("integer-key", insert_after(0, "1: x\n"), 1, None, None, "key '1' must be a string"),
    Bad("boolean-key-in-case", insert_after(8, "    true: x\n"), 9, None, None, "key 'true' must be a string"),
    Bad("collection-key", insert_after(9, "      ? [a, b]\n      : 1\n"), 10, None, None, "must be a string"),
    # the schema: unknown keys and kinds
    Bad("unknown-top-level-key", insert_after(2, "author: me\n"), 3, None, "author", "unknown key 'author'"),
    Bad("unknown-case-key", insert_after(8, "    colour: red\n"), 9, CASE, "colour", "unknown key 'colour'"),
    Bad("unknown-object-key", insert_after(14, "        zones: hand\n"), 15, CASE, "objects/wall/zones",
        "unknown key 'zones'"),
    Bad("unknown-step-kind", mutate(("switch_pt: {to: bear}", "flip_pt: {to: bear}")),
        17, CASE, "steps/1/flip_pt", "unknown step kind 'flip_pt'"),
    Bad("two-kinds-in-one-step", mutate(("- switch_pt: {to: bear}", "- {switch_pt: {to: bear}, end_turn: {}}")),
        17, CASE, "steps/1", "a step has exactly one kind, got 2: switch_pt, end_turn"),
    Bad("step-without-kind", mutate(("- switch_pt: {to: bear}", "- {}")),
        17, CASE, "steps/1", "a step needs a kind"),
    Bad("missing-required-key", mutate(("    summary: A 1/3 gets +0/+1 (1/4), is switched (4/1); the pump ends (3/1).\n", "")),
        4, CASE, None, "missing required key 'summary'"),
    # the schema: wrong types
    Bad("string-power-in-step", mutate(("toughness: 1, until", 'toughness: "x", until')),
        16, CASE, "steps/0/modify_pt/toughness", 'expected integer, got "x"'),
    Bad("string-power-in-set-pt", mutate(("switch_pt: {to: bear}", 'set_pt: {to: bear, power: "x"}')),
        17, CASE, "steps/1/set_pt/power", 'expected integer, got "x"'),
    Bad("string-printed-power", mutate(("power: 1, toughness: 3", 'power: "x", toughness: 3')),
        11, CASE, "objects/bear/card/power", "'x' is not a printed power/toughness"),
    Bad("zero-count-in-put-counters", mutate(("switch_pt: {to: bear}", "put_counters: {object: bear, kind: +1/+1, count: 0}")),
        17, CASE, "steps/1/put_counters/count", "0 is less than the minimum of 1"),
    Bad("decimal-toughness-in-step", mutate(("toughness: 1, until", "toughness: 1.5, until")),
        16, CASE, "steps/0/modify_pt/toughness", 'expected integer, got "1.5"'),
    Bad("decimal-toughness-in-expect", mutate(("power: 4, toughness: 1}", "power: 4, toughness: 1.5}")),
        18, CASE, "steps/2/expect/objects/bear/toughness", 'expected integer or null, got "1.5"'),
    Bad("bad-which", mutate(("switch_pt: {to: bear}", "double_pt: {to: bear, which: all}")),
        17, CASE, "steps/1/double_pt/which", "'all' is not one of"),
    Bad("bad-zone", insert_after(14, "        zone: sideboard\n"), 15, CASE, "objects/wall/zone", "'sideboard' is not one of"),
    Bad("bad-counter-kind", mutate(("switch_pt: {to: bear}", "put_counters: {object: bear, kind: +1+1, count: 1}")),
        17, CASE, "steps/1/put_counters/kind", "is not a counter kind"),
    Bad("format-2", mutate(("format: 1", "format: 2")), 1, None, "format", "1 was expected"),
    # the schema: rule numbers and ids
    *(Bad(f"malformed-rule-{rule}", mutate(("rules: [613.4c, 613.4d]", f"rules: [613.4c, 613.4d, {rule}]")),
          5, CASE, "rules/2", f"'{rule}' is not a CR rule number")
      for rule in ("613.4D", "61.3", "613.04", "613.4dd", "613.", "613.4d1")),
    *(Bad(f"malformed-source-rule-{rule}", mutate(("{rule: 613.4d, example: 1}", f"{{rule: {rule}, example: 1}}")),
          6, CASE, "source/rule", f"'{rule}' is not a CR rule number")
      for rule in ("613.4D", "61.3", "613.04")),
    Bad("example-zero", mutate(("example: 1", "example: 0")), 6, CASE, "source/example", "0 is less than the minimum of 1"),
    *(Bad(f"malformed-id-{label}", mutate(("id: 613.4d/base-case", f"id: {bad_id}")),
          4, bad_id, "id", f"'{bad_id}' is not a case id")
      for label, bad_id in (("uppercase-slug", "613.4d/Base-Case"), ("underscore", "613.4d/base_case"),
                            ("no-slug", "613.4d"), ("no-rule", "base-case"), ("bad-rule", "613.04/base-case"))),
    Bad("cr-not-a-date-pattern", mutate(("cr: 2025-09-19", "cr: 2025-9-19")), 2, None, "cr", "does not match"),
    # what the schema cannot say: metadata agreement
    Bad("id-rule-not-among-rules", mutate(("id: 613.4d/base-case", "id: 613.4b/base-case")),
        4, "613.4b/base-case", "id", "the id's rule 613.4b is not among the case's rules"),
    Bad("source-rule-not-among-rules", mutate(("{rule: 613.4d, example: 1}", "{rule: 613.7, example: 1}")),
        6, CASE, "source/rule", "the source rule 613.7 is not among the case's rules"),
    Bad("cr-not-a-real-date", mutate(("cr: 2025-09-19", "cr: 2025-02-30")), 2, None, "cr", "'2025-02-30' is not a date"),
    # undeclared objects
    Bad("undeclared-object-in-to", mutate(("switch_pt: {to: bear}", "switch_pt: {to: ghost}")),
        17, CASE, "steps/1/switch_pt/to", "undeclared object 'ghost'"),
    Bad("undeclared-object-in-put-counters", mutate(("switch_pt: {to: bear}", "put_counters: {object: ghost, kind: +1/+1, count: 1}")),
        17, CASE, "steps/1/put_counters/object", "undeclared object 'ghost'"),
    Bad("undeclared-object-in-remove-counters", mutate(("switch_pt: {to: bear}", "remove_counters: {object: ghost, kind: +1/+1, count: 1}")),
        17, CASE, "steps/1/remove_counters/object", "undeclared object 'ghost'"),
    Bad("undeclared-object-in-move", mutate(("switch_pt: {to: bear}", "move: {object: ghost, to: graveyard}")),
        17, CASE, "steps/1/move/object", "undeclared object 'ghost'"),
    Bad("undeclared-object-in-expect", mutate(("{objects: {bear: {power: 3", "{objects: {ghost: {power: 3")),
        20, CASE, "steps/4/expect/objects/ghost", "undeclared object 'ghost'"),
    Bad("undeclared-object-in-together",
        mutate(("- switch_pt: {to: bear}", "- together: [{switch_pt: {to: bear}}, {modify_pt: {to: ghost, power: 1}}]")),
        17, CASE, "steps/1/together/1/modify_pt/to", "undeclared object 'ghost'"),
    # undeclared players
    Bad("undeclared-owner", mutate(("owner: Blair", "owner: Casey")), 14, CASE, "objects/wall/owner", "undeclared player 'Casey'"),
    Bad("undeclared-controller", insert_after(14, "        controller: Casey\n"),
        15, CASE, "objects/wall/controller", "undeclared player 'Casey'"),
    Bad("undeclared-effect-controller", mutate(("switch_pt: {to: bear}", "switch_pt: {to: bear, controller: Casey}")),
        17, CASE, "steps/1/switch_pt/controller", "undeclared player 'Casey'"),
    Bad("undeclared-filter-controller",
        mutate(("switch_pt: {to: bear}", "switch_pt: {to_each: {types: [creature], controller: Casey}}")),
        17, CASE, "steps/1/switch_pt/to_each/controller", "undeclared player 'Casey' (or use you / opponent)"),
    Bad("undeclared-filter-owner-in-static-ability",
        mutate(("power: 0, toughness: 4}", "power: 0, toughness: 4, abilities: "
                "[{static_pt: {effect: modify_pt, affects: {owner: Casey}, power: 1}}]}")),
        13, CASE, "objects/wall/card/abilities/0/static_pt/affects/owner", "undeclared player 'Casey'"),
    Bad("undeclared-filter-controller-in-cda",
        mutate(("power: 1, toughness: 3}", 'power: "*", toughness: 3, abilities: '
                "[{cda_pt: {power: {sum: [1, {count: {controller: Casey}}]}}}]}")),
        11, CASE, "objects/bear/card/abilities/0/cda_pt/power/sum/1/count/controller", "undeclared player 'Casey'"),
    Bad("filter-controller-outside-battlefield",
        mutate(("switch_pt: {to: bear}", "switch_pt: {to_each: {zone: graveyard, controller: you}}")),
        17, CASE, "steps/1/switch_pt/to_each/controller", "only permanents and spells have a controller"),
    Bad("controller-outside-battlefield", insert_after(14, "        zone: hand\n        controller: Blair\n"),
        16, CASE, "objects/wall/controller", "only a permanent has a controller"),
    # effects
    Bad("undeclared-effect", mutate(("end_effect: pump", "end_effect: boost")),
        19, CASE, "steps/3/end_effect", "undeclared effect 'boost' (no earlier step has id: boost)"),
    Bad("effect-ended-twice", insert_after(19, "      - end_effect: pump\n"),
        20, CASE, "steps/4/end_effect", "effect 'pump' has already ended"),
    Bad("effect-id-reused", mutate(("switch_pt: {to: bear}", "switch_pt: {id: pump, to: bear}")),
        17, CASE, "steps/1/switch_pt/id", "effect id 'pump' is already used by step 1"),
    # checkpoints, printed stars, targets
    Bad("no-expect-step",
        mutate(("- expect: {label: switched, objects: {bear: {power: 4, toughness: 1}}}", "- end_turn: {}"),
               ("- expect: {objects: {bear: {power: 3, toughness: 1}}}", "- end_turn: {}")),
        15, CASE, "steps", "a case needs at least one expect step"),
    Bad("printed-star-power-without-cda", mutate(("power: 1, toughness: 3", 'power: "*", toughness: 3')),
        11, CASE, "objects/bear/card/power", "a printed * needs a cda_pt ability that defines power"),
    Bad("printed-star-toughness-cda-defines-power-only",
        mutate(("power: 1, toughness: 3}", 'power: "*", toughness: "1+*", abilities: [{cda_pt: {power: 2}}]}')),
        11, CASE, "objects/bear/card/toughness", "a printed * needs a cda_pt ability that defines toughness"),
    Bad("to-and-to-each", mutate(("switch_pt: {to: bear}", "switch_pt: {to: bear, to_each: {types: [creature]}}")),
        17, CASE, "steps/1/switch_pt", "give exactly one of 'to' (an object) or 'to_each' (a filter)"),
    Bad("neither-to-nor-to-each", mutate(("switch_pt: {to: bear}", "switch_pt: {until: ended}")),
        17, CASE, "steps/1/switch_pt", "give exactly one of 'to' (an object) or 'to_each' (a filter)"),
    Bad("modify-without-amount", mutate(("switch_pt: {to: bear}", "modify_pt: {to: bear}")),
        17, CASE, "steps/1/modify_pt", "needs 'power' or 'toughness'"),
    # subtypes: those of the CR 2025-09-19 (205.3g-m, 205.3q), corresponding to the card's types (205.3c)
    Bad("subtype-not-in-the-cr", mutate(("{types: [creature], power: 1, toughness: 3}",
                                          "{types: [creature], subtypes: [Bear, Teddybear], power: 1, toughness: 3}")),
        11, CASE, "objects/bear/card/subtypes/1", "'Teddybear' is not a subtype of the CR 2025-09-19"),
    Bad("subtype-with-a-curly-apostrophe", mutate(("switch_pt: {to: bear}", "become: {to: bear, add_subtypes: [C\u2019tan]}")),
        17, CASE, "steps/1/become/add_subtypes/0", "write its apostrophe as '"),
    Bad("subtype-not-in-the-cr-in-a-filter", mutate(("switch_pt: {to: bear}", "switch_pt: {to_each: {subtypes: [Gobbo]}}")),
        17, CASE, "steps/1/switch_pt/to_each/subtypes/0", "'Gobbo' is not a subtype of the CR 2025-09-19"),
    Bad("subtype-not-in-the-cr-in-a-checkpoint", mutate(("{bear: {power: 3, toughness: 1}}",
                                                          "{bear: {subtypes: [Urzas]}}")),
        20, CASE, "steps/4/expect/objects/bear/subtypes/0", "'Urzas' is not a subtype of the CR 2025-09-19"),
    Bad("printed-subtype-of-another-card-type", mutate(("{types: [creature], power: 1, toughness: 3}",
                                                         "{types: [creature], subtypes: [Forest], power: 1, toughness: 3}")),
        11, CASE, "objects/bear/card/subtypes/0", "'Forest' is a land type (205.3i), which a card with card types"),
    Bad("effect-setting-no-subtype", mutate(("switch_pt: {to: bear}", "become: {to: bear, subtypes: []}")),
        17, CASE, "steps/1/become/subtypes", "an effect setting subtypes names at least one"),
]


def test_bad_ids_are_unique():
    ids = [bad.id for bad in BAD]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("bad", BAD, ids=[bad.id for bad in BAD])
def test_bad_input_reports_one_located_problem(bad: Bad):
    errors = errors_of(bad.text)
    assert len(errors.errors) == 1, str(errors)
    (error,) = errors.errors
    assert error.file == NAME
    assert error.line == bad.line, str(errors)
    assert error.case == bad.case, str(errors)
    if bad.field is None:
        assert not error.field, str(errors)
    else:
        assert error.field == bad.field, str(errors)
    assert bad.message in error.message, str(errors)

    # and str() is that one line, in the documented form FILE:LINE: case ID: FIELD: message
    prefix = f"{NAME}:{bad.line}: "
    if bad.case is not None:
        prefix += f"case {bad.case}: "
    if bad.field is not None:
        prefix += f"{bad.field}: "
    text = str(errors)
    assert "\n" not in text
    assert text.startswith(prefix), text
    assert bad.message in text
    assert "Traceback" not in text


@pytest.mark.parametrize("bad", [b for b in BAD if b.id == "yaml-syntax-error"], ids=lambda b: b.id)
def test_a_bad_file_on_disk_is_reported_by_path(tmp_path, bad: Bad):
    path = write(tmp_path, "broken.yaml", bad.text)
    with pytest.raises(CaseFileErrors) as info:
        load_suite([tmp_path])
    assert str(info.value) == str(info.value).strip()
    assert str(info.value).startswith(f"{path}:{bad.line}: case {bad.case}: {SYNTAX}")
    assert len(str(info.value).splitlines()) == 1


# --- all problems of a file together ----------------------------------------------------------


def test_three_reference_problems_in_one_case_give_three_lines():
    text = mutate(
        ("owner: Blair", "owner: Casey"),                        # line 14
        ("switch_pt: {to: bear}", "switch_pt: {to: ghost}"),     # line 17
        ("end_effect: pump", "end_effect: boost"),               # line 19
    )
    errors = errors_of(text)
    lines = str(errors).splitlines()
    assert len(lines) == 3, lines
    assert {(e.line, e.field) for e in errors.errors} == {
        (14, "objects/wall/owner"), (17, "steps/1/switch_pt/to"), (19, "steps/3/end_effect")}
    assert all(e.case == CASE for e in errors.errors)
    assert lines == [str(e) for e in errors.errors]


def test_three_schema_problems_give_three_lines_in_line_order():
    text = mutate(
        ("rules: [613.4c, 613.4d]", "rules: [613.4c, 613.4d, 613.4D]"),                          # line 5
        ("power: 1, toughness: 3", 'power: 1, toughness: 3, colour: red'),                         # line 11
        ("switch_pt: {to: bear}", "put_counters: {object: bear, kind: +1/+1, count: 0}"),          # line 17
    )
    errors = errors_of(text)
    assert len(str(errors).splitlines()) == 3, str(errors)
    assert [(e.line, e.field) for e in errors.errors] == [
        (5, "rules/2"), (11, "objects/bear/card/colour"), (17, "steps/1/put_counters/count")]


def test_problems_in_several_cases_of_one_file_are_all_reported():
    second = CASE_BODY.replace("base-case", "second-case").replace("end_effect: pump", "end_effect: boost")
    third = CASE_BODY.replace("base-case", "third-case").replace("switch_pt: {to: bear}", "switch_pt: {to: ghost}")
    errors = errors_of(mutate(("owner: Blair", "owner: Casey")) + second + third)
    assert len(str(errors).splitlines()) == 3, str(errors)
    assert [(e.line, e.case, e.field) for e in errors.errors] == [
        (14, CASE, "objects/wall/owner"),
        (19 + 17, "613.4d/second-case", "steps/3/end_effect"),
        (17 + 34, "613.4d/third-case", "steps/1/switch_pt/to"),
    ]


def test_a_schema_error_does_not_hide_the_other_problems_of_the_file():
    second = CASE_BODY.replace("base-case", "second-case").replace("switch_pt: {to: bear}", "switch_pt: {to: ghost}")
    text = mutate(("cr: 2025-09-19", "cr: 2025-02-30"), ("    players:", "    colour: red\n    players:")) + second
    errors = errors_of(text)
    assert {(e.line, e.field) for e in errors.errors} == {
        (2, "cr"), (8, "colour"), (17 + 18, "steps/1/switch_pt/to")}, str(errors)


def test_each_missing_required_key_is_named():
    text = mutate(
        ("    summary: A 1/3 gets +0/+1 (1/4), is switched (4/1); the pump ends (3/1).\n", ""),
        ("    players: [Alex, Blair]\n", ""),
    )
    errors = errors_of(text)
    messages = sorted(e.message for e in errors.errors)
    assert messages == ["missing required key 'players'", "missing required key 'summary'"], str(errors)


def test_undeclared_player_in_expected_controller():
    text = mutate(("{objects: {bear: {power: 3, toughness: 1}}}",
                   "{objects: {bear: {power: 3, toughness: 1, controller: Casey}}}"))
    errors = errors_of(text)
    (error,) = errors.errors
    assert error.line == 20
    assert error.field == "steps/4/expect/objects/bear/controller"
    assert "undeclared player 'Casey'" in error.message


def test_ending_an_effect_before_it_is_created():
    # steps: 0 modify (no id), 1 end_effect pump (too early), 2 switch id pump, 3 expect, 4 expect
    text = mutate(("{id: pump, to: bear, toughness: 1, until: ended}", "{to: bear, toughness: 1, until: ended}"),
                  ("switch_pt: {to: bear}", "switch_pt: {id: pump, to: bear, until: ended}"),
                  ("      - switch_pt", "      - end_effect: pump\n      - switch_pt"),
                  ("      - end_effect: pump\n      - expect: {obj", "      - expect: {obj"))
    (error,) = errors_of(text).errors
    assert (error.line, error.field) == (17, "steps/1/end_effect")
    assert error.message == "undeclared effect 'pump' (no earlier step has id: pump)"


def test_a_too_early_end_effect_does_not_make_the_later_one_an_error():
    # steps: 0 modify (no id), 1 end_effect pump (too early), 2 switch id pump, 3 expect, 4 end_effect pump, 5 expect
    text = mutate(("{id: pump, to: bear, toughness: 1, until: ended}", "{to: bear, toughness: 1, until: ended}"),
                  ("switch_pt: {to: bear}", "switch_pt: {id: pump, to: bear, until: ended}"),
                  ("      - switch_pt", "      - end_effect: pump\n      - switch_pt"))
    errors = errors_of(text)
    assert [(e.line, e.field) for e in errors.errors] == [(17, "steps/1/end_effect")], str(errors)


# --- duplicate case ids ----------------------------------------------------------------------


def test_duplicate_id_within_one_file():
    errors = errors_of(BASE + CASE_BODY)
    (error,) = errors.errors
    assert str(error) == f"{NAME}:21: case {CASE}: id: duplicate case id (already used at {NAME}:4)"


def test_duplicate_id_across_two_files_names_the_other_file_and_line(tmp_path):
    first = write(tmp_path, "a.yaml", BASE)
    other_case = CASE_BODY.replace("base-case", "other-case")
    second = write(tmp_path, "sub/b.yaml", mutate(("cases:\n", "cases:\n" + other_case)))
    # each file is fine on its own
    assert len(load_file(first)) == 1 and len(load_file(second)) == 2
    with pytest.raises(CaseFileErrors) as info:
        load_suite([tmp_path])
    (error,) = info.value.errors
    assert error.file == str(second)
    assert error.line == 21  # the second case of b.yaml
    assert error.case == CASE and error.field == "id"
    assert str(error) == f"{second}:21: case {CASE}: id: duplicate case id (already used at {first}:4)"


def test_duplicate_ids_across_files_and_bad_files_are_reported_together(tmp_path):
    write(tmp_path, "a.yaml", BASE)
    write(tmp_path, "b.yaml", BASE)
    broken = write(tmp_path, "c.yaml", mutate(("switch_pt: {to: bear}", "switch_pt: {to: bear}}")))
    with pytest.raises(CaseFileErrors) as info:
        load_suite([tmp_path])
    lines = str(info.value).splitlines()
    assert len(lines) == 2, lines
    assert any(line.startswith(f"{broken}:17: case {CASE}: {SYNTAX}") for line in lines)
    assert any(line.startswith(f"{tmp_path / 'b.yaml'}:4: case {CASE}: id: duplicate case id") for line in lines)


def test_a_file_named_twice_is_loaded_once(tmp_path):
    path = write(tmp_path, "a.yaml", BASE)
    cases = load_suite([tmp_path, path])
    assert [c.id for c in cases] == [CASE]


def test_a_whole_rule_number_is_accepted_unquoted():
    text = mutate(("rules: [613.4c, 613.4d]", "rules: [613, 613.4c, 613.4d]"))
    (case,) = load_text(text, NAME)
    assert case.rules == ("613", "613.4c", "613.4d")


def test_a_whole_rule_number_is_accepted_quoted():
    text = mutate(("rules: [613.4c, 613.4d]", 'rules: ["613", 613.4c, 613.4d]'))
    (case,) = load_text(text, NAME)
    assert case.rules == ("613", "613.4c", "613.4d")


# --- YAML 1.2 scalars -------------------------------------------------------------------------


def test_rule_numbers_and_dates_stay_strings():
    text = mutate(("rules: [613.4c, 613.4d]", "rules: [613.4c, 613.4d, 613.7, 613.10]"))
    (case,) = load_text(text, NAME)
    assert case.cr == "2025-09-19"
    assert case.rules == ("613.4c", "613.4d", "613.7", "613.10")
    assert all(type(r) is str for r in case.rules)
    document = yamlsource.parse("cr: 2025-09-19\nrule: 613.7\nten: 613.10\nn: 3\n")
    assert document.data == {"cr": "2025-09-19", "rule": "613.7", "ten": "613.10", "n": 3}


def test_on_yes_no_off_are_strings_only_true_false_are_booleans():
    document = yamlsource.parse("a: on\nb: yes\nc: no\nd: off\ne: true\nf: false\ng: True\n")
    assert document.data == {"a": "on", "b": "yes", "c": "no", "d": "off", "e": True, "f": False, "g": True}
    # a player may be called "no" (the Norway problem), a label "yes"
    text = mutate(("players: [Alex, Blair]", "players: [Alex, Blair, no, on]"),
                  ("label: switched", "label: yes"))
    (case,) = load_text(text, NAME)
    assert case.players == ("Alex", "Blair", "no", "on")
    assert case.checkpoints[0].label == "yes"


def test_yes_is_not_a_boolean_where_one_is_expected():
    text = mutate(("switch_pt: {to: bear}", "switch_pt: {to_each: {types: [creature], other: yes}}"))
    (error,) = errors_of(text).errors
    assert error.line == 17 and error.field == "steps/1/switch_pt/to_each/other"
    assert error.message == 'expected boolean, got "yes"'
    ok = mutate(("switch_pt: {to: bear}", "switch_pt: {to_each: {types: [creature], other: true}}"))
    (case,) = load_text(ok, NAME)
    assert case.steps[1].to_each.other is True


def test_document_lines_follow_keys_and_items():
    document = yamlsource.parse(BASE)
    assert document.line_of(("cases", 0)) == 4
    assert document.line_of(("cases", 0, "objects", "wall", "owner")) == 14
    assert document.line_of(("cases", 0, "steps", 1, "switch_pt", "to")) == 17
    # a path with no line of its own falls back to its nearest ancestor
    assert document.line_of(("cases", 0, "steps", 1, "switch_pt", "nothing", 3)) == 17


# --- the golden suite -------------------------------------------------------------------------

GOLDEN = golden_dir()
GOLDEN_CASES = load_suite([GOLDEN])


def test_golden_dir_holds_the_shipped_yaml():
    assert GOLDEN.is_dir()
    assert GOLDEN == Path(__file__).resolve().parent.parent / "golden"
    assert sorted(p.name for p in GOLDEN.glob("*.yaml"))


def test_every_golden_file_loads_with_unique_ids():
    ids = [c.id for c in GOLDEN_CASES]
    assert len(ids) == len(set(ids))
    # every "- id:" line of the golden files became a case, at that line
    expected = {}
    for path in sorted(GOLDEN.glob("*.yaml")):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            match = re.fullmatch(r"  - id: (\S+)", line)
            if match:
                expected[match[1]] = (str(path), number)
    assert {c.id: (c.file, c.line) for c in GOLDEN_CASES} == expected
    for path in sorted(GOLDEN.glob("*.yaml")):
        assert [c.id for c in load_file(path)] == [c.id for c in GOLDEN_CASES if c.file == str(path)]


def test_golden_case_ids_cite_their_rule():
    for case in GOLDEN_CASES:
        assert case.id.split("/")[0] in case.rules
        assert case.source.rule in case.rules
        assert case.checkpoints


@pytest.mark.parametrize("case", GOLDEN_CASES, ids=[c.id for c in GOLDEN_CASES])
def test_golden_case_round_trips_through_its_plain_form(case: Case):
    plain = case.to_dict()
    again = Case.from_dict(plain)
    assert again == case
    assert again.features == case.features
    assert again.to_dict() == plain
    text = json.dumps(plain)
    assert json.loads(text) == plain
    assert plain["id"] == case.id and plain["cr"] == "2025-09-19"
    assert plain["features"] == sorted(case.features)


# --- paths that hold no cases -----------------------------------------------------------------


def test_nonexistent_path_is_a_clear_error(tmp_path):
    missing = tmp_path / "nope.yaml"
    with pytest.raises(CaseFileErrors) as info:
        load_suite([missing])
    (error,) = info.value.errors
    assert error.file == str(missing)
    assert str(info.value).startswith(f"{missing}: cannot read the file")
    assert "No such file" in str(info.value)


def test_directory_without_yaml_is_a_clear_error(tmp_path):
    (tmp_path / "notes.txt").write_text("format: 1\n")
    (tmp_path / "empty").mkdir()
    with pytest.raises(CaseFileErrors) as info:
        load_suite([tmp_path])
    assert str(info.value) == f"{tmp_path}: no case files (*.yaml) found"


def test_yml_suffix_and_subdirectories_are_found(tmp_path):
    write(tmp_path, "deep/er/a.yml", BASE)
    write(tmp_path, "deep/b.txt", "not yaml: [")
    assert [c.id for c in load_suite([tmp_path])] == [CASE]


def test_undecodable_file_is_a_clear_error(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes(BASE.replace("A 1/3", "\xe9 1/3").encode("latin-1"))
    with pytest.raises(CaseFileErrors) as info:
        load_suite([tmp_path])
    assert str(info.value).startswith(f"{path}:7: cannot read the file: not UTF-8 text")


# --- no mutation of a valid file ever escapes as a traceback -----------------------------------

BASE_LINES = BASE.splitlines(keepends=True)
TOKENS = ["bear", "ghost", "0", "-1", '"*"', "[]", "{}", "null", "true", "ended", "pump", "Casey",
          "613.4d", "x", "1.5", "hand", ":", ",", "{", "[", "- ", "  "]


@st.composite
def mutated_base(draw) -> str:
    lines = list(BASE_LINES)
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "token"]))
        if action == "delete":
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[draw(st.integers(0, len(lines) - 1))])
        else:
            words = lines[index].rstrip("\n").split(" ")
            position = draw(st.integers(0, len(words) - 1))
            words[position] = draw(st.sampled_from(TOKENS))
            lines[index] = " ".join(words) + "\n"
        if not lines:
            break
    return "".join(lines)


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_base())
def test_any_mutation_loads_or_reports_located_problems(text):
    try:
        cases = load_text(text, NAME)
    except CaseFileErrors as exc:
        assert exc.errors
        last = max(len(text.splitlines()), 1) + 1
        for error in exc.errors:
            assert isinstance(error, CaseFileError)
            assert error.file == NAME
            assert error.line is None or 1 <= error.line <= last, str(error)
            assert str(error).startswith(NAME)
        assert str(exc).splitlines() == [str(e) for e in exc.errors]
    else:
        for case in cases:
            assert Case.from_dict(case.to_dict()) == case


@settings(max_examples=100, deadline=None, database=None)
@given(st.from_regex(r"\A[1-9][0-9]{2}(\.[1-9][0-9]{0,2}[a-z]?)?\Z"))
def test_any_well_formed_rule_number_is_accepted(rule):
    text = mutate(("rules: [613.4c, 613.4d]", f'rules: [613.4c, 613.4d, "{rule}"]' if rule not in ("613.4c", "613.4d")
                   else "rules: [613.4c, 613.4d]"))
    (case,) = load_text(text, NAME)
    assert rule in case.rules


def test_yaml_written_by_the_suite_has_no_anchors():
    from conformance.format import yamlsource
    shared = ["creature"]
    text = yamlsource.dump({"a": {"types": shared}, "b": {"types": shared}}, sort_keys=False)
    assert "&" not in text and "*" not in text
    assert text.count("creature") == 2
