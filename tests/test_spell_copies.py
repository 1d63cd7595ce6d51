"""Copies of spells on the stack, modal spells and additional costs (issue 40; CR 707.10, 700.2,
601.2h, 801.5): the loader's one-line errors, what the reference engine does and refuses, and the
features a case needs."""

from __future__ import annotations

import json

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from conformance.format.features import derive_features
from reference_engine import ReferenceEngine
from tests.scenarios import make_case

CHARM = {"card": {"types": ["instant"], "colors": ["G"], "mana_cost": "{G}", "abilities": [
    {"spell": {"modes": [{"gain_life": {"amount": 3}}, {"damage": {"amount": 2}}]}}]}, "zone": "hand"}
OFFER = {"card": {"types": ["sorcery"], "mana_cost": "{G}", "abilities": [
    {"spell": {"chooser": "opponent", "modes": [{"gain_life": {"amount": 2}}, {"gain_life": {"amount": 5}}]}}]},
    "zone": "hand"}
FLING = {"card": {"types": ["instant"], "mana_cost": "{R}", "abilities": [
    {"spell": {"sacrifice": "creature", "damage": {"amount": "sacrificed_power"}}}]}, "zone": "hand"}
SHOCK = {"card": {"types": ["instant"], "mana_cost": "{R}", "abilities": [{"spell": {"damage": {"amount": 2}}}]},
         "zone": "hand"}
BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}
SOLDIER = {"types": ["creature"], "subtypes": ["Soldier"], "power": 1, "toughness": 1}


def _document(objects, step, players=("Alex", "Blair"), **extra):
    case = {"id": "707.10/bad", "rules": ["707.10"], "source": {"rule": "707.10"}, "summary": "a bad cast step",
            "players": list(players), "objects": objects, **extra,
            "steps": [step, {"expect": {"players": {"Alex": {"life": 20}}}}]}
    return json.dumps({"format": 1, "cr": "2025-09-19", "cases": [case]})


FOUR = ("Carissa", "Rob", "Alex", "Dana")


@pytest.mark.parametrize("objects,step,message,extra", [
    ({"charm": CHARM}, {"cast": {"object": "charm"}}, "charm is a modal spell: give mode", {}),
    ({"charm": CHARM}, {"cast": {"object": "charm", "mode": 3}}, "cast/mode: charm's spell has 2 modes", {}),
    ({"shock": SHOCK}, {"cast": {"object": "shock", "target": "Blair", "mode": 1}}, "cast/mode: shock's spell has no modes",
     {}),
    ({"charm": CHARM}, {"cast": {"object": "charm", "mode": 1, "target": "Blair"}}, "cast/target: charm's spell has no target",
     {}),
    ({"charm": CHARM}, {"cast": {"object": "charm", "mode": 2}}, "give its target", {}),
    ({"offer": OFFER}, {"cast": {"object": "offer", "mode": 1}}, "give mode_chooser", {}),
    ({"offer": OFFER}, {"cast": {"object": "offer", "mode": 1, "mode_chooser": "Alex"}},
     "cast/mode_chooser: Alex casts offer: an opponent chooses", {}),
    ({"charm": CHARM}, {"cast": {"object": "charm", "mode": 1, "mode_chooser": "Blair"}},
     "cast/mode_chooser: charm's caster chooses its mode", {}),
    ({"offer": {**OFFER, "owner": "Alex"}}, {"cast": {"object": "offer", "mode": 1, "mode_chooser": "Carissa"}},
     "cast/mode_chooser: Carissa is outside Alex's range of influence (1)", {"players": FOUR, "range_of_influence": 1}),
    ({"fling": FLING}, {"cast": {"object": "fling", "target": "Blair"}}, "give sacrifice", {}),
    ({"shock": SHOCK, "bear": BEAR}, {"cast": {"object": "shock", "target": "Blair", "sacrifice": "bear"}},
     "cast/sacrifice: shock's spell has no additional cost", {}),
    ({"fling": FLING}, {"cast": {"object": "fling", "target": "Blair", "sacrifice": "ogre"}},
     "cast/sacrifice: undeclared object 'ogre'", {}),
    ({"wild": {"card": {"types": ["instant"], "mana_cost": "{R}", "abilities": [
        {"spell": {"damage": {"amount": "sacrificed_power"}}}]}, "zone": "hand"}},
     {"cast": {"object": "wild", "target": "Blair"}}, "abilities/0/spell: sacrificed_power needs an additional cost", {}),
    ({"shock": SHOCK}, {"cast": {"object": "shock", "target": "Blair", "copies": [{"controller": "Casey"}]}},
     "cast/copies/0/controller: undeclared player 'Casey'", {}),
    ({"shock": SHOCK}, {"cast": {"object": "shock", "target": "Blair", "copies": [{"target": "nobody"}]}},
     "cast/copies/0/target: undeclared object or player 'nobody'", {}),
    ({"charm": CHARM}, {"cast": {"object": "charm", "mode": 1, "copies": [{"target": "Blair"}]}},
     "cast/copies/0/target: the spell has no target: its copy has none to change (CR 707.10c)", {}),
    ({"shock": SHOCK, "bear": BEAR}, {"cast": {"object": "shock", "target": "Blair", "copies": [
        {"create_token": {"card": SOLDIER, "tokens": ["bear"]}, "target": "bear"}]}},
     "cast/copies/0/create_token/tokens/0: 'bear' already names an object", {}),
    ({"shock": SHOCK}, {"cast": {"object": "shock", "target": "Blair", "copies": [
        {"create_token": {"card": SOLDIER, "tokens": ["s1"]}, "target": "Blair"}]}},
     "cast/copies/0/target: the copy targets a token its copying effect created", {}),
    ({"cub": {"card": {"types": ["creature"], "mana_cost": "{G}", "power": 1, "toughness": 1}, "zone": "hand"}},
     {"cast": {"object": "cub", "copies": [{}]}}, "cast/copies: cub is a permanent spell", {}),
    ({"charm": CHARM}, {"cast": {"object": "charm", "mode": 0}}, "cast/mode", {}),
    ({"shock": SHOCK}, {"cast": {"object": "shock", "target": "Blair", "copies": [{"colors": ["P"]}]}},
     "cast/copies/0/colors/0", {}),
    ({"two": {"card": {"types": ["instant"], "mana_cost": "{R}", "abilities": [
        {"spell": {"damage": {"amount": 1}, "gain_life": {"amount": 1}}}]}, "zone": "hand"}},
     {"gain_life": {"player": "Alex", "amount": 1}}, "abilities/0/spell: a mapping of 2 keys is valid under each of", {}),
    ({"none": {"card": {"types": ["instant"], "mana_cost": "{R}", "abilities": [{"spell": {"chooser": "opponent"}}]},
               "zone": "hand"}}, {"gain_life": {"player": "Alex", "amount": 1}}, "abilities/0/spell: a mapping of 1 key", {}),
    ({"odd": {"card": {"types": ["instant"], "mana_cost": "{R}", "abilities": [{"spell": {"modes": [
        {"damage": {"amount": 1}, "gain_life": {"amount": 2}}, {"gain_life": {"amount": 1}}]}}]}, "zone": "hand"}},
     {"gain_life": {"player": "Alex", "amount": 1}}, "spell/modes/0: a mapping of 2 keys has too many properties", {}),
])
def test_the_loader_names_the_file_case_and_field_in_one_line(objects, step, message, extra):
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(_document(objects, step, **extra), "bad.yaml")
    (line,) = map(str, excinfo.value.errors)
    assert line.startswith("bad.yaml:") and "case 707.10/bad" in line and message in line and "\n" not in line


def run(objects, steps, **extra):
    return ReferenceEngine().run(make_case(objects, steps, rules=("707.10",), **extra).to_dict())


def test_a_sacrifice_that_cant_be_made_undoes_the_cast():
    """601.2h, 601.2: with no creature of the caster's to sacrifice (the bear is Blair's), the cast is
    illegal: the card stays in hand, the mana in the pool, nothing is dealt."""
    steps = [{"cast": {"object": "fling", "target": "Blair", "sacrifice": "bear"}},
             {"expect": {"players": {"Blair": {"life": 20}, "Alex": {"mana": {"R": 1}}}}}]
    snapshot = run({"fling": FLING, "bear": {**BEAR, "owner": "Blair"}}, steps,
                   player_states={"Alex": {"mana": {"R": 1}}})[-1]
    assert snapshot["players"]["Blair"]["life"] == 20 and snapshot["players"]["Alex"]["mana"] == {"R": 1}
    assert snapshot["objects"]["fling"]["zone"] == "hand" and snapshot["objects"]["bear"]["zone"] == "battlefield"


def test_a_copy_leaves_no_object_behind():
    """707.10a: a copy off the stack ceases to exist: the engine reports no object the case did not name."""
    steps = [{"cast": {"object": "shock", "target": "Blair", "copies": [{}]}},
             {"expect": {"players": {"Blair": {"life": 16}}}}]
    snapshot = run({"shock": SHOCK}, steps, player_states={"Alex": {"mana": {"R": 1}}})[-1]
    assert snapshot["players"]["Blair"]["life"] == 16 and set(snapshot["objects"]) <= {"shock"}


def test_a_copy_aimed_at_a_token_not_created_is_refused():
    """707.10e: the copy's target must be a token its effect created (one token, the case names the second)."""
    steps = [{"cast": {"object": "shock", "target": "Blair", "copies": [
        {"create_token": {"card": SOLDIER, "tokens": ["s1", "s2"]}, "target": "s2"}]}},
        {"expect": {"players": {"Blair": {}}}}]
    with pytest.raises(Unsupported, match="707.10e"):
        run({"shock": SHOCK}, steps, player_states={"Alex": {"mana": {"R": 1}}})


def test_a_new_target_with_protection_is_refused_as_the_spells_is():
    """702.16b, 707.10c: a new target the copy can't have (protection from its colour) is no choice a
    case can make: refused, never judged."""
    knight = {"card": {**BEAR["card"], "abilities": [{"protection": "red"}]}}
    red_shock = {**SHOCK, "card": {**SHOCK["card"], "colors": ["R"]}}
    steps = [{"cast": {"object": "shock", "target": "Blair", "copies": [{"target": "knight"}]}},
             {"expect": {"players": {"Blair": {}}}}]
    with pytest.raises(Unsupported, match="707.10c"):
        run({"shock": red_shock, "knight": knight}, steps, player_states={"Alex": {"mana": {"R": 1}}})
    green_copy = [{"cast": {"object": "shock", "target": "Blair", "copies": [{"target": "knight", "colors": ["G"]}]}},
                  {"expect": {"objects": {"knight": {}}}}]  # a green copy may target it, and deals it 2 (lethal)
    (seen,) = run({"shock": red_shock, "knight": knight}, green_copy, player_states={"Alex": {"mana": {"R": 1}}})
    assert seen["objects"]["knight"]["zone"] == "graveyard"


@pytest.mark.parametrize("objects,step,expected", [
    ({"shock": SHOCK}, {"cast": {"object": "shock", "target": "Blair", "copies": [{}]}}, {"spell-copies", "casting"}),
    ({"shock": SHOCK}, {"cast": {"object": "shock", "target": "Blair", "copies": [
        {"create_token": {"card": SOLDIER, "tokens": ["s1"]}, "target": "s1"}]}},
     {"spell-copies", "spell-copy-tokens", "token-creation"}),
    ({"charm": CHARM}, {"cast": {"object": "charm", "mode": 1}}, {"modal-spells", "life", "damage"}),
    ({"fling": FLING, "bear": BEAR}, {"cast": {"object": "fling", "target": "Blair", "sacrifice": "bear"}},
     {"cast-additional-costs"}),
    ({"glow": {"card": {"types": ["sorcery"], "mana_cost": "{G}", "abilities": [
        {"spell": {"gain_life": {"amount": 1, "if_spent": ["G"]}}}]}, "zone": "hand"}},
     {"cast": {"object": "glow"}}, {"cast-mana-spent"}),
])
def test_features(objects, step, expected):
    case = make_case(objects, [step, {"expect": {"players": {"Alex": {}}}}], rules=("707.10",))
    found = derive_features(case)
    assert expected <= found, found - expected


def test_a_case_without_these_elements_needs_none_of_their_features():
    case = make_case({"shock": SHOCK}, [{"cast": {"object": "shock", "target": "Blair"}},
                                        {"expect": {"players": {"Alex": {}}}}], rules=("601.2",))
    assert not derive_features(case) & {"spell-copies", "spell-copy-tokens", "modal-spells", "cast-additional-costs",
                                        "cast-mana-spent"}


def test_the_plain_form_of_an_old_spell_is_unchanged():
    """The new fields are absent, not defaulted, so engines see the cases of issue 41 as before."""
    plain = make_case({"shock": SHOCK}, [{"cast": {"object": "shock", "target": "Blair"}},
                                         {"expect": {"players": {"Alex": {}}}}], rules=("601.2",)).to_dict()
    assert plain["steps"][0]["cast"] == {"object": "shock", "target": "Blair", "order": []}
    assert plain["objects"]["shock"]["card"]["abilities"] == [{"spell": {"damage": {"amount": 2}}}]


@pytest.mark.parametrize("ability, text", [
    ({"spell": {"modes": [{"gain_life": {"amount": 3}}, {"damage": {"amount": 2}}]}},
     "Choose one —\n• You gain 3 life.\n• This spell deals 2 damage to any target."),
    ({"spell": {"chooser": "opponent", "modes": [{"gain_life": {"amount": 2}}, {"gain_life": {"amount": 5}}]}},
     "An opponent chooses one —\n• You gain 2 life.\n• You gain 5 life."),
    ({"spell": {"sacrifice": "creature", "damage": {"amount": "sacrificed_power"}}},
     "As an additional cost to cast this spell, sacrifice a creature.\n"
     "This spell deals damage equal to the sacrificed creature's power to any target."),  # Fling
    ({"spell": {"gain_life": {"amount": "X", "if_spent": ["G", "W"]}}},
     "You gain X life if {G} was spent to cast this spell and X life if {W} was spent to cast it."),  # Dawnglow
])
def test_oracle_text(ability, text):
    from conformance import oracle
    assert oracle.ability_text(ability, "this spell") == text


def test_generated_scenarios_load_and_run_on_the_reference_engine():
    """Every drawn scenario is a case the loader accepts, and the reference engine judges it (no refusal)."""
    from hypothesis import HealthCheck, given, settings

    import strategies as mtg

    @settings(max_examples=60, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(mtg.spell_copy_scenarios())
    def check(case):
        plain = case.to_dict()
        assert loader.plain_problems(plain) == []
        ReferenceEngine().run(plain)

    check()


def test_the_strategy_names_what_it_lacks():
    from hypothesis.errors import InvalidArgument

    import strategies as mtg

    with pytest.raises(InvalidArgument, match="spell_copy_scenarios needs the features"):
        mtg.spell_copy_scenarios(features=["casting", "mana", "zone-changes"])
