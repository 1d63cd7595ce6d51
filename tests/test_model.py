"""The schema and the model agree; features are derived from a closed vocabulary."""

from __future__ import annotations

import dataclasses

import jsonschema
import pytest

from conformance import features, loader, scenario
from conformance.engine import EngineInfo
from conformance.errors import EngineSpecError
from tests.scenarios import creature, make_case

DEFS = loader.schema()["$defs"]


def test_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(loader.schema())


def test_every_step_kind_in_the_schema_has_a_model_class_and_back():
    assert set(DEFS["step"]["properties"]) == set(scenario.STEPS)
    assert set(DEFS["action"]["properties"]) == set(scenario.ACTIONS)
    assert set(DEFS["step"]["properties"]) == set(DEFS["action"]["properties"]) | {"together", "expect"}


@pytest.mark.parametrize("key", sorted(scenario.ACTIONS))
def test_step_fields_are_the_schema_keys(key):
    model_fields = {f.name for f in dataclasses.fields(scenario.ACTIONS[key])}
    if "properties" in DEFS[key] or key == "end_turn":
        assert model_fields == set(DEFS[key].get("properties", {}))
    else:  # a step whose body is a single value: end_effect: ID
        assert DEFS[key]["$ref"] == "#/$defs/name" and model_fields == {"effect"}


@pytest.mark.parametrize("cls,definition", [
    (scenario.Filter, "filter"), (scenario.Card, "card"), (scenario.StaticPT, "static_pt"),
    (scenario.CdaPT, "cda_pt"), (scenario.Expect, "expect"), (scenario.Source, "case/properties/source"),
])
def test_model_fields_are_the_schema_keys(cls, definition):
    schema = DEFS
    for part in definition.split("/"):
        schema = schema[part]
    assert {f.name for f in dataclasses.fields(cls)} == set(schema["properties"])


def test_object_spec_fields_are_the_schema_keys_plus_its_id():
    assert {f.name for f in dataclasses.fields(scenario.ObjectSpec)} == set(DEFS["object"]["properties"]) | {"id"}


def test_ability_kinds_match():
    assert set(DEFS["ability"]["properties"]) == {scenario.CdaPT.KEY, scenario.StaticPT.KEY}


def test_case_is_immutable():
    case = make_case({"bear": creature(2, 2)}, [])
    with pytest.raises(dataclasses.FrozenInstanceError):
        case.id = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        case.objects[0].counters["+1/+1"] = 1  # type: ignore[index]


# --- features -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("steps,objects,expected", [
    ([{"modify_pt": {"to": "bear", "power": 1}}], {}, {"layer-7c"}),
    ([{"double_pt": {"to": "bear", "which": "power"}}], {}, {"double-pt", "layer-7c"}),
    ([{"triple_pt": {"to_each": {"types": ["creature"]}, "which": "both"}}], {}, {"triple-pt", "layer-7c", "locked-sets"}),
    ([{"together": [{"switch_pt": {"to": "bear"}}, {"set_pt": {"to": "bear", "power": 1}}]}], {},
     {"simultaneous-actions", "layer-7d", "layer-7b"}),
    ([{"end_turn": {}}], {"dead": {**creature(1, 1), "zone": "graveyard"}}, {"durations", "zone-changes"}),
    ([], {"ogre": {**creature(2, 2), "counters": {"+1/+1": 1}}}, {"counters"}),
])
def test_features_are_derived_from_content(steps, objects, expected):
    case = make_case({"bear": creature(2, 2), **objects}, steps)
    assert case.features == expected


def test_golden_features_are_all_in_the_vocabulary():
    used = set().union(*(case.features for case in loader.load_suite([loader.golden_dir()])))
    assert used <= set(features.FEATURES)
    assert used  # the suite exercises features at all


# --- engine descriptions --------------------------------------------------------------------------------


GOOD = {"name": "x", "version": "1", "features": ["layer-7c"], "observables": {"objects": ["power"], "players": []}}


def test_a_good_description_is_accepted():
    info = EngineInfo.from_description(GOOD)
    assert info.features == {"layer-7c"} and info.observables["objects"] == {"power"}


@pytest.mark.parametrize("change,message", [
    ({"name": ""}, "'name' must be a non-empty string"),
    ({"version": 3}, "'version' must be a non-empty string"),
    ({"features": ["flying-cars"]}, "unknown features ['flying-cars']"),
    ({"features": "layer-7c"}, "'features' must be a list of strings"),
    ({"observables": {"things": []}}, "'observables' must map"),
])
def test_a_bad_description_is_refused_with_the_reason(change, message):
    with pytest.raises(EngineSpecError, match=message.replace("[", r"\[").replace("]", r"\]")):
        EngineInfo.from_description({**GOOD, **change})
