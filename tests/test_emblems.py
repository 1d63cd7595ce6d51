"""Emblems (issue 41; CR 114.1-114.5) and the "if it's a planeswalker" copy exception (707.9f):
the loader's one-line errors, what the reference engine refuses rather than judge, and the
features a case needs."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, find, given, settings

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from conformance.format.features import FEATURES
from conformance.format.model import CreateEmblem, CreateToken, StaticPT
from strategies._internal.emblems import emblem_scenarios
from reference_engine import ReferenceEngine
from tests.scenarios import make_case

ANTHEM = {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you"},
                        "power": 1, "toughness": 1}}
BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}


def _document(steps: list, abilities: list | None = None) -> str:
    emblem = {"create_emblem": {"emblem": "mark", "abilities": abilities or [ANTHEM]}}
    case = {"id": "114.1/bad", "rules": ["114.1"], "source": {"rule": "114.1"}, "summary": "a case with a bad emblem",
            "players": ["Alex", "Blair"], "objects": {"bear": BEAR}, "steps": [emblem, *steps]}
    return json.dumps({"format": 1, "cr": "2025-09-19", "cases": [case]})


@pytest.mark.parametrize("steps,abilities,message", [
    ([{"expect": {"objects": {"mark": {}}}}], [{"prevent_damage": {"amount": 1}}], "abilities/0"),
    ([{"create_emblem": {"emblem": "bear", "abilities": [ANTHEM]}}, {"expect": {"objects": {"bear": {}}}}], None,
     "already names an object"),
    ([{"damage": {"source": "bear", "to": "mark", "amount": 1}}, {"expect": {"objects": {"mark": {}}}}], None,
     "'mark' is an emblem"),
    ([{"move": {"object": "mark", "to": "graveyard"}}, {"expect": {"objects": {"mark": {}}}}], None,
     "'mark' is an emblem"),
    ([{"expect": {"objects": {"mark": {}}}}],
     [{"static_pt": {"effect": "modify_pt", "affects": {"itself": True}, "power": 1}}], "itself"),
    ([{"create_emblem": {"emblem": "other", "controller": "Rob", "abilities": [ANTHEM]}},
      {"expect": {"objects": {"other": {}}}}], None, "undeclared player 'Rob'"),
])
def test_the_loader_names_the_file_case_and_field_in_one_line(steps, abilities, message):
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(_document(steps, abilities), "bad.yaml")
    lines = list(map(str, excinfo.value.errors))  # a damage step's check may also say "undeclared" of it
    assert all(line.startswith("bad.yaml:") and "case 114.1/bad" in line and "\n" not in line for line in lines)
    assert any(message in line for line in lines), lines


def test_an_ability_or_a_kind_of_the_emblems_name_is_no_mention_of_it():
    walker = {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": [{"loyalty_ability": {"name": "mark", "cost": 0}}]}}
    document = json.loads(_document([]))
    case = document["cases"][0]
    case["objects"]["walker"] = walker
    case["steps"] = [{"activate": {"object": "walker", "ability": "mark"}}, *case["steps"],
                     {"put_counters": {"object": "bear", "kind": "mark", "count": 1}}, {"expect": {"objects": {"mark": {}}}}]
    (loaded,) = loader.load_text(json.dumps(document), "good.yaml")
    assert loaded.steps[1].emblem == "mark"


def test_a_checkpoint_before_the_emblem_exists_cannot_name_it():
    document = json.loads(_document([]))
    steps = document["cases"][0]["steps"]
    steps[:] = [{"expect": {"objects": {"mark": {}}}}, steps[0], {"expect": {"objects": {"mark": {}}}}]
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(json.dumps(document), "bad.yaml")
    (line,) = map(str, excinfo.value.errors)
    assert "steps/0/expect/objects/mark" in line and "undeclared object 'mark'" in line


def test_an_emblem_needs_its_features():
    (case,) = loader.load_text(_document([{"expect": {"objects": {"bear": {}}}}], [ANTHEM, {"cant_gain_life": {}}]))
    assert {"emblems", "static-abilities", "layer-7c", "cant-gain-life"} <= case.features


@pytest.mark.parametrize("outer,inner", [("if_creature", "if_planeswalker"), ("if_planeswalker", "if_creature"),
                                         ("if_creature", "if_creature")])
def test_a_condition_inside_a_condition_is_refused(outer, inner):
    """707.9f is judged once, on the copy without its conditional exceptions: one nested in another
    would be silently ignored, so the loader refuses it."""
    document = json.loads(_document([{"create_token": {"token": "t", "copy_of": "bear", "exceptions": {
        outer: {"name": "A", inner: {"name": "B"}}}}}, {"expect": {"objects": {"t": {}}}}]))
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(json.dumps(document), "bad.yaml")
    (line,) = map(str, excinfo.value.errors)
    assert f"exceptions/{outer}/{inner}" in line and "707.9f" in line


def test_the_planeswalker_exception_needs_its_feature():
    walker = {"card": {"types": ["planeswalker"], "loyalty": 3}}
    case = make_case({"walker": walker}, [
        {"create_token": {"token": "t", "copy_of": "walker", "exceptions": {"if_planeswalker": {"name": "Echo"}}}},
        {"expect": {"objects": {"t": {"name": "Echo"}}}}], rules=("707.9f",))
    assert {"planeswalker-copy-exception", "copy-effects", "planeswalkers"} <= case.features


def test_both_conditions_with_a_type_change_are_refused():
    """707.9f: each condition is judged with the effect's other exceptions, so when one of the two
    conditional parts changes card types, whether the other applies depends on it."""
    hybrid = {"card": {"types": ["planeswalker", "creature"], "loyalty": 2, "power": 1, "toughness": 1}}
    exceptions = {"if_creature": {"types": ["artifact"]}, "if_planeswalker": {"name": "Echo"}}
    steps = [{"create_token": {"token": "t", "copy_of": "hybrid", "exceptions": exceptions}},
             {"expect": {"objects": {"t": {}}}}]
    with pytest.raises(Unsupported, match="707.9f"):
        ReferenceEngine().run(make_case({"hybrid": hybrid}, steps, rules=("707.9f",)).to_dict())
    del exceptions["if_creature"]["types"]  # no type change: each judged without the other, exactly
    exceptions["if_creature"]["power"] = 5
    seen = ReferenceEngine().run(make_case({"hybrid": hybrid}, steps, rules=("707.9f",)).to_dict())[-1]["objects"]["t"]
    assert (seen["name"], seen["power"], seen["counters"]) == ("Echo", 5, {"loyalty": 2})


def test_an_emblem_is_reported_in_the_command_zone_with_no_characteristics():
    case = make_case({"bear": BEAR}, [{"create_emblem": {"emblem": "mark", "controller": "Blair", "abilities": [ANTHEM]}},
                                      {"expect": {"objects": {"mark": {}}}}], rules=("114.1",))
    seen = ReferenceEngine().run(case.to_dict())[-1]["objects"]["mark"]
    assert seen["zone"] == "command" and seen["controller"] == "Blair"
    assert (seen["name"], seen["mana_cost"], seen["power"], seen["toughness"]) == (None, None, None, None)
    assert seen["types"] == seen["subtypes"] == seen["supertypes"] == seen["colors"] == []


# --- the generator (strategies/_internal/emblems.py) and its property ------------------------------

FIND = settings(max_examples=1000, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("features", [
    frozenset({"emblems", "static-abilities", "layer-7c", "life"}),
    frozenset({"emblems", "cant-gain-life", "life", "damage", "durations"}),
    frozenset({"planeswalker-copy-exception", "copy-effects", "token-copies", "planeswalkers", "counters"}),
])
def test_the_generator_stays_within_the_features(features):
    @settings(max_examples=60, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(emblem_scenarios(features=features))
    def within(case):
        assert case.features <= features, sorted(case.features - features)
    within()


def test_the_property_is_usable_only_with_emblems_or_the_planeswalker_exception():
    from conformance.laws.catalogue import PROPERTIES, usable
    prop = next(p for p in PROPERTIES if p.id == "114.1/emblems-agree-with-reference")
    ids = [p.id for p in PROPERTIES]  # after every property that was there before (their examples unmoved)
    assert ids.index(prop.id) > ids.index("615.12/cant-be-prevented-whatever-the-shields")
    assert usable(prop, frozenset({"emblems"})) and not usable(prop, frozenset({"layer-7c", "copy-effects"}))
    assert usable(prop, frozenset({"planeswalker-copy-exception", "copy-effects", "token-copies", "planeswalkers",
                                   "counters"}))


def test_an_anthem_emblem_shrinks_to_one_step():
    def anthem(case):
        return any(isinstance(step, CreateEmblem) and any(isinstance(a, StaticPT) for a in step.abilities)
                   for step in case.steps)
    found = find(emblem_scenarios(features=frozenset(FEATURES)), anthem, settings=FIND)
    assert (len(found.objects), sum(1 for s in found.steps if s.KEY != "expect")) == (2, 1)


def test_a_planeswalker_copy_shrinks_to_the_planeswalker_and_one_step():
    def copied_walker(case):
        return any(isinstance(step, CreateToken) and step.copy_of == "walker" for step in case.steps)
    found = find(emblem_scenarios(features=frozenset(FEATURES)), copied_walker, settings=FIND)
    assert len(found.objects) == 3 and sum(1 for s in found.steps if s.KEY != "expect") <= 2  # the creatures stay
