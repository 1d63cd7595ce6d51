"""The schema and the model agree; features are derived from a closed vocabulary."""

from __future__ import annotations

import dataclasses

import jsonschema
import pytest

from conformance.format import features, loader, model as scenario
from conformance.engines.interface import EngineInfo
from conformance.errors import EngineSpecError
from tests.scenarios import creature, make_case

DEFS = loader.schema()["$defs"]


def test_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(loader.schema())


def test_every_step_kind_in_the_schema_has_a_model_class_and_back():
    assert set(DEFS["step"]["properties"]) == set(scenario.STEPS)
    assert set(DEFS["action"]["properties"]) == set(scenario.ACTIONS)
    # combat is several events (CR 506-511: declarations, one or two damage steps), never part of a together;
    # nor is casting a spell (CR 601.2: it is cast, its cast triggers resolve, then it: issue 41), nor the
    # beginning of a step (503.1a, 513.1a: issue 41), nor a player leaving the game or a turn beginning (800.4a,
    # 801.2c: issue 40)
    assert set(DEFS["step"]["properties"]) == set(DEFS["action"]["properties"]) | {"together", "expect", "combat",
                                                                                   "cast", "beginning_of_step",
                                                                                   "leave_game", "begin_turn"}


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
    (scenario.DoubleDamage, "ability_double_damage"), (scenario.PreventDamageAbility, "ability_prevent_damage"),
    (scenario.CantLose, "ability_cant_lose"), (scenario.ModifyDamage, "ability_modify_damage"),
    (scenario.PreventionExtra, "prevention_extra"), (scenario.CantGainLife, "ability_cant_gain_life"),
    (scenario.CantLoseLife, "ability_cant_lose_life"), (scenario.LifeFloor, "ability_life_floor"),
    (scenario.CantHaveCounters, "ability_cant_have_counters"),
    (scenario.DamageCantBePrevented, "ability_damage_cant_be_prevented"),  # prevention variants (issue 41)
    (scenario.StaticRedirection, "ability_redirect_damage"),
    (scenario.PermanentsEnterTapped, "ability_permanents_enter_tapped"),  # issue 40
])
def test_model_fields_are_the_schema_keys(cls, definition):
    schema = DEFS
    for part in definition.split("/"):
        schema = schema[part]
    assert {f.name for f in dataclasses.fields(cls)} == set(schema["properties"])


def test_object_spec_fields_are_the_schema_keys_plus_its_id():
    assert {f.name for f in dataclasses.fields(scenario.ObjectSpec)} == set(DEFS["object"]["properties"]) | {"id"}


def test_ability_kinds_match():
    assert set(DEFS["ability"]["properties"]) == {scenario.CdaPT.KEY, scenario.StaticPT.KEY, *scenario.PLAYER_ABILITIES,
                                                  *scenario.CHARACTERISTIC_ABILITIES, *scenario.EVENT_ABILITIES,
                                                  *scenario.COUNTER_ABILITIES, *scenario.COMBAT_ABILITIES,
                                                  *scenario.CANT_ABILITIES, *scenario.CAST_ABILITIES,
                                                  *scenario.PREVENTION_VARIANT_ABILITIES,
                                                  *scenario.ATTACHMENT_ABILITIES, *scenario.ENTERING_ABILITIES,
                                                  *scenario.TARGET_ABILITIES}  # issue 40
    for key, cls in scenario.PLAYER_ABILITIES.items():
        assert DEFS["ability"]["properties"][key] == {"$ref": f"#/$defs/ability_{key}"} and cls.KEY == key


@pytest.mark.parametrize("key", sorted(scenario.COUNTER_ABILITIES))
def test_counter_abilities_fields_are_the_schema_keys(key):
    cls = scenario.COUNTER_ABILITIES[key]
    definition = DEFS[f"ability_{key}"]
    assert cls.KEY == key and DEFS["ability"]["properties"][key] == {"$ref": f"#/$defs/ability_{key}"}
    if key == "enters_with_counters":  # a body that is a mapping of counter kinds: {"+1/+1": 3}
        assert "propertyNames" in definition and len(dataclasses.fields(cls)) == 1
    else:
        assert {f.name for f in dataclasses.fields(cls)} == set(definition["properties"])


def test_counter_abilities_round_trip_through_the_plain_form():
    for plain in ({"counter_replacement": {"mode": "plus", "kind": "+1/+1", "on": {"controller": "you"}}},
                  {"token_replacement": {"under": "any"}}, {"enters_with_counters": {"+1/+1": 2}},
                  {"loyalty_ability": {"name": "up", "cost": 1}}):
        ability = scenario.ability_from(plain)
        assert scenario.ability_from(scenario.plain_ability(ability)) == ability


def test_protection_qualities_match_the_schema():
    # and "the chosen color" (614.12, issue 40), resolved by the engine from the choice made as it entered
    assert DEFS["ability_protection"]["enum"] == [*scenario.PROTECTION_QUALITIES, scenario.CHOSEN_COLOR]


SCALAR_ABILITIES = {"keyword": "enum", "morph": "$ref", "text": "type", "cda_colors": "items"}


@pytest.mark.parametrize("key", sorted(scenario.CHARACTERISTIC_ABILITIES))
def test_characteristic_abilities_fields_are_the_schema_keys(key):
    cls = scenario.CHARACTERISTIC_ABILITIES[key]
    definition = DEFS[f"ability_{key}"]
    assert cls.KEY == key and DEFS["ability"]["properties"][key] == {"$ref": f"#/$defs/ability_{key}"}
    if key in SCALAR_ABILITIES:  # a body that is a single value: {keyword: flying}
        assert SCALAR_ABILITIES[key] in definition and len(dataclasses.fields(cls)) == 1
    else:
        assert {f.name for f in dataclasses.fields(cls)} == set(definition["properties"])


@pytest.mark.parametrize("cls,definition", [
    (scenario.Change, "change"), (scenario.CopyExceptions, "copy_exceptions"), (scenario.Choices, "choices"),
    (scenario.AbilityEffect, "ability_effect"), (scenario.BecomeTemplate, "ability_effect/properties/become"),
    (scenario.BecomeCopyTemplate, "ability_effect/properties/become_copy"),
])
def test_characteristic_model_fields_are_the_schema_keys(cls, definition):
    schema = DEFS
    for part in definition.split("/"):
        schema = schema[part]
    assert {f.name for f in dataclasses.fields(cls)} == set(schema["properties"])


def test_keyword_and_characteristic_names_match_the_schema():
    assert DEFS["ability_keyword"]["enum"] == list(scenario.KEYWORDS)
    assert DEFS["characteristic"]["enum"] == list(scenario.CHARACTERISTICS)
    assert set(DEFS["step"]["properties"]) >= {cls.KEY for cls in scenario.CHARACTERISTIC_ACTIONS}


def test_become_is_an_effect_with_a_change():
    change = {f.name for f in dataclasses.fields(scenario.Change)}
    assert set(DEFS["become"]["properties"]) == change | {"id", "to", "to_each", "controller", "until"}
    assert set(DEFS["change"]["properties"]) == change


def test_characteristic_observables_are_the_schema_keys():
    from reference_engine import OBSERVABLES

    new = {"name", "mana_cost", "colors", "types", "subtypes", "supertypes", "abilities", "face_down"}
    assert new <= set(OBSERVABLES["objects"]) and new <= set(DEFS["object_observation"]["properties"])


def test_abilities_round_trip_through_the_plain_form():
    staff = {"activated": {"name": "animate", "cost": "{X}", "effect": {"become": {
        "types": ["artifact", "creature"], "subtypes": ["Construct"], "power": "X", "toughness": "X",
        "until": "end_of_turn"}}}}
    shifter = {"triggered": {"name": "shapeshift", "when": "another creature enters", "effect": {"become_copy": {
        "exceptions": {"gains_this_ability": True, "retain": ["colors"]}, "until": "ended"}}}}
    for plain in (staff, shifter, {"keyword": "flying"}, {"morph": "{2}{B}{B}"}, {"cda_colors": ["W", "U"]},
                  {"static": {"affects": {"types": ["artifact"], "not_types": ["creature"]},
                              "becomes": {"add_types": ["creature"], "power": "mana_value", "toughness": "mana_value"}}},
                  {"cda_pt": {"power": {"card_types": {"zone": "graveyard"}},
                              "toughness": {"sum": [1, {"card_types": {"zone": "graveyard"}}]}}}):
        ability = scenario.ability_from(plain)
        again = scenario.ability_from(scenario.plain_ability(ability))
        assert again == ability
        assert scenario.plain_ability(again) == scenario.plain_ability(ability)
    assert scenario.plain_ability(scenario.ability_from({"keyword": "flying"})) == {"keyword": "flying"}


def test_checkpoint_abilities_are_canonical():
    """A checkpoint may write an ability as briefly as a card does; it is compared in its explicit form."""
    anthem = {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"]}, "power": 1, "toughness": 1}}
    case = make_case({"bear": creature(2, 2, abilities=[anthem])},
                     [{"expect": {"objects": {"bear": {"abilities": [anthem]}}}}])
    (shown,) = case.checkpoints[0].objects["bear"]["abilities"]
    assert shown["static_pt"]["affects"]["zone"] == "battlefield"
    assert scenario.thaw(shown) == scenario.plain_ability(scenario.ability_from(anthem))


def test_player_spec_fields_are_the_schema_keys_plus_its_name():
    assert {f.name for f in dataclasses.fields(scenario.PlayerSpec)} == set(DEFS["player_state"]["properties"]) | {"name"}


def test_player_observables_are_the_schema_keys():
    from reference_engine import OBSERVABLES

    assert set(OBSERVABLES["players"]) == set(DEFS["player_observation"]["properties"])
    assert set(OBSERVABLES["objects"]) <= set(DEFS["object_observation"]["properties"])
    assert "damage" in OBSERVABLES["objects"]


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


def test_a_cases_own_features_are_kept_with_it_but_never_with_other_content():
    """``direct_features`` is kept on the case once found (issue 22: a property asked it twice an
    example); a case made by ``dataclasses.replace`` with other content finds its own, and only
    ``relabelled`` (metadata alone) keeps what was found."""
    case = make_case({"bear": creature(2, 2)}, [{"double_pt": {"to": "bear", "which": "power"}}])
    found = features.direct_features(case)
    assert "double-pt" in found and features.direct_features(case) is found
    board = dataclasses.replace(case, steps=case.steps[-1:])  # the checkpoint alone
    assert "double-pt" not in features.direct_features(board)
    assert features.direct_features(dataclasses.replace(case, rules=("701.10b",))) == found  # found again
    relabelled = case.relabelled(rules=("701.10b",), summary="Another summary.")
    assert relabelled.rules == ("701.10b",) and relabelled == dataclasses.replace(case, rules=("701.10b",),
                                                                                    summary="Another summary.")
    assert features.direct_features(relabelled) is found
    with pytest.raises(TypeError, match="steps"):
        case.relabelled(steps=())


def test_the_counter_features_walk_skips_only_fields_that_cannot_hold_its_abilities():
    """counter_features walks only the fields whose declared type may hold a counter or token
    replacement, an "enters with counters" or a loyalty ability (issue 22): on every golden case
    and 150 generated examples each of the counter, copy and plain scenarios, it finds what walking
    every field finds."""
    from hypothesis import HealthCheck, Phase, given, settings

    import strategies as mtg
    from conformance.format import counter_features

    def both(case) -> None:
        full: list = []  # the walk through every field of every dataclass, as before it knew the types
        every_field = lambda kind: tuple(f.name for f in dataclasses.fields(kind))  # noqa: E731
        for item in (*case.objects, *case.steps):
            counter_features._collect(item, full, {}, every_field)
        pruned = [f for item in (*case.objects, *case.steps) for f in counter_features._abilities_in(item)]
        assert sorted(pruned) == sorted(full), case.id

    golden = loader.load_suite([loader.golden_dir()])
    for case in golden:
        both(case)
    assert sum(1 for case in golden if any(True for _ in counter_features.features(case))) >= 40  # it finds some
    quick = settings(max_examples=150, derandomize=True, database=None, phases=[Phase.generate], deadline=None,
                     suppress_health_check=list(HealthCheck))
    for strategy in (mtg.counter_scenarios(), mtg.copy_scenarios(), mtg.scenarios()):
        quick(given(strategy)(lambda case: both(case)))()


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


# --- triggered abilities on events, life-gain and mana replacements (events.py) ---------------------


@pytest.mark.parametrize("key", sorted(scenario.EVENT_ABILITIES))
def test_event_abilities_fields_are_the_schema_keys(key):
    cls = scenario.EVENT_ABILITIES[key]
    assert cls.KEY == key and DEFS["ability"]["properties"][key] == {"$ref": f"#/$defs/ability_{key}"}
    assert {f.name for f in dataclasses.fields(cls)} == set(DEFS[f"ability_{key}"]["properties"])


@pytest.mark.parametrize("key", sorted(scenario.EVENT_EFFECTS))
def test_event_effects_fields_are_the_schema_keys(key):
    assert {f.name for f in dataclasses.fields(scenario.EVENT_EFFECTS[key])} == \
        set(DEFS["ability_effect"]["properties"][key]["properties"])


def test_trigger_event_and_new_steps_match_the_schema():
    assert {f.name for f in dataclasses.fields(scenario.TriggerEvent)} == set(DEFS["trigger_event"]["properties"])
    assert tuple(DEFS["trigger_event"]["properties"]) == scenario.EVENT_KINDS
    assert {f.name for f in dataclasses.fields(scenario.Triggered)} == set(DEFS["ability_triggered"]["properties"])
    assert {f.name for f in dataclasses.fields(scenario.ResolveTriggers)} == set(DEFS["resolve_triggers"]["properties"])
    assert {f.name for f in dataclasses.fields(scenario.ActivateMana)} == set(DEFS["activate_mana"]["properties"])
    from reference_engine import OBSERVABLES
    assert "tapped" in OBSERVABLES["objects"] and "tapped" in DEFS["object_observation"]["properties"]


def test_event_abilities_round_trip_through_the_plain_form():
    for plain in (
        {"triggered": {"name": "grow", "when": "this is dealt damage", "event": {"dealt_damage": {"itself": True}},
                       "effect": {"put_counters": {"kind": "+1/+1", "count": "that_many", "to": "itself"}}}},
        {"triggered": {"name": "drain", "when": "you gain life", "event": {"gains_life": "you"},
                       "effect": {"lose_life": {"amount": 2, "player": "each_opponent"}}}},
        {"triggered": {"name": "c", "when": "counters", "event": {"counters_put": {"kind": "+1/+1", "on": {"itself": True}}},
                       "effect": {"damage": {"amount": 1, "to": "you"}}}},
        {"double_life_gain": {}}, {"double_life_loss": {"player": "you", "during_your_turn": False}},
        {"mana_ability": {"name": "tap", "add": {"G": 1}}}, {"multiply_mana": {"factor": 3}},
        {"cant_gain_life": {"player": "opponent"}}, {"cant_lose_life": {"player": "you"}}, {"life_floor": {}},
        {"cant_have_counters": {"kind": "-1/-1"}}, {"cant_have_counters": {"kind": None}},
    ):
        ability = scenario.ability_from(plain)
        assert scenario.ability_from(scenario.plain_ability(ability)) == ability
