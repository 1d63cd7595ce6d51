"""Destruction and regeneration, drawing, and an activated ability dealing damage to a target
(issue 40; CR 701.8a, 701.19a, 614.4, 614.8, 121.1, 121.4, 704.5b, 707.11): the loader's one-line
errors, what the reference engine refuses rather than judge, the features a case needs, and the
Oracle text of the new abilities and steps."""

from __future__ import annotations

import json

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from conformance.oracle import abilities as oracle_abilities
from conformance.oracle.effects import effect_text
from reference_engine import ReferenceEngine

BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}
SEER = {"zone": "hand", "card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [
    {"triggered": {"name": "look", "when": "When this creature enters", "event": {"enters": {"itself": True}},
                   "effect": {"draw": {"count": 1}}}}]}}
BITE = {"name": "bite", "cost": "{1}{R}", "effect": {"damage_target": {
    "amount": 1, "other": True, "target_becomes": {"add_subtypes": ["Vampire"]}, "put_counters": {"kind": "+1/+1", "count": 1}}}}
OLIVIA = {"card": {"name": "Olivia Voldaren", "types": ["creature"], "subtypes": ["Vampire"], "power": 3, "toughness": 3,
                   "abilities": [{"activated": BITE}]}}


def _document(objects: dict, steps: list) -> str:
    case = {"id": "701.19a/bad", "rules": ["701.19a"], "source": {"rule": "701.19a"}, "summary": "a case built by a test",
            "players": ["Alex", "Blair"], "objects": objects, "steps": [*steps, {"expect": {"players": {"Alex": {}}}}]}
    return json.dumps({"format": 1, "cr": "2025-09-19", "cases": [case]})


def _run(objects: dict, steps: list) -> list:
    (case,) = loader.load_text(_document(objects, steps), "good.yaml")
    return ReferenceEngine().run_case(case)


@pytest.mark.parametrize("objects,steps,message", [
    ({"bear": BEAR}, [{"regenerate": {"object": "troll"}}], "steps/0/regenerate/object: undeclared object 'troll'"),
    ({"bear": BEAR}, [{"destroy": {"object": "bear", "cant_be_regenerated": "yes"}}], "cant_be_regenerated"),
    ({"bear": {**BEAR, "library_position": 1}}, [{"destroy": {"object": "bear"}}],
     "objects/bear/library_position: only a card in a library"),
    ({"a": {"zone": "library", "library_position": 1, **BEAR}, "b": {"zone": "library", "library_position": 1, **BEAR},
      "seer": SEER}, [{"move": {"object": "seer", "to": "battlefield"}}], "objects/b/library_position: a is already"),
    ({"a": {"zone": "library", **BEAR}, "seer": SEER}, [{"move": {"object": "seer", "to": "battlefield"}}],
     "objects/a/library_position: the case draws cards"),
    ({"olivia": OLIVIA, "bear": BEAR}, [{"activate": {"object": "olivia", "ability": "bite"}}],
     "steps/0/activate/target: the ability 'bite'"),
    ({"olivia": {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"triggered": {
        "name": "t", "when": "x", "event": {"enters": {"itself": True}}, "effect": BITE["effect"]}}]}}},
     [{"expect": {"objects": {"olivia": {}}}}], "damage_target is modelled only for an activated ability"),
    ({"olivia": {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"activated": {
        "name": "d", "cost": "{1}", "effect": {"draw": {"count": 1}}}}]}}},
     [{"expect": {"objects": {"olivia": {}}}}], "a draw effect is modelled only for a triggered ability with an event"),
])
def test_the_loader_names_the_file_case_and_field_in_one_line(objects, steps, message):
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(_document(objects, steps), "bad.yaml")
    lines = list(map(str, excinfo.value.errors))
    assert all(line.startswith("bad.yaml:") and "case 701.19a/bad" in line and "\n" not in line for line in lines)
    assert any(message in line for line in lines), lines


def test_a_shield_used_during_combat_is_refused():
    # 701.19a: a regenerated attacker or blocker is removed from combat (506.4), which the combat step doesn't model
    first = {"card": {"types": ["creature"], "power": 3, "toughness": 3, "abilities": [{"keyword": "first strike"}]}}
    objects = {"knight": {**first, "owner": "Blair"}, "bear": {**BEAR, "owner": "Alex"}}
    steps = [{"regenerate": {"object": "bear"}}, {"combat": {"attackers": {"knight": "Alex"}, "blockers": {"bear": "knight"}}}]
    document = json.loads(_document(objects, steps))
    document["cases"][0]["players"] = ["Blair", "Alex"]
    (case,) = loader.load_text(json.dumps(document), "good.yaml")
    with pytest.raises(Unsupported, match="removed from combat"):
        ReferenceEngine().run_case(case)


@pytest.mark.parametrize("target", ["olivia", "gone", None])
def test_an_illegal_target_for_damage_target_is_refused(target):
    # 602.2b, 115.1: another target creature on the battlefield; the format can't say what activating otherwise does
    objects = {"olivia": OLIVIA, "gone": {**BEAR, "zone": "graveyard"}, "bear": BEAR}
    steps = [{"activate": {"object": "olivia", "ability": "bite", **({"target": target} if target else {})}}]
    if target is None:
        steps = [{"become": {"to": "olivia", "gains": [{"activated": {**BITE, "name": "nip"}}], "until": "end_of_turn"}},
                 {"activate": {"object": "olivia", "ability": "nip", "target": "gone"}}]
    with pytest.raises(Unsupported, match="can't be activated with that target"):
        _run(objects, steps)


def test_a_draw_from_a_library_a_card_was_put_into_is_refused():
    # 401.2: where a card put into a library during the case goes is not said, so the top card is unknown
    objects = {"top": {"zone": "library", "library_position": 1, **BEAR}, "bear": BEAR, "seer": SEER}
    with pytest.raises(Unsupported, match="whose place in it the case does not give"):
        _run(objects, [{"move": {"object": "bear", "to": "library"}}, {"move": {"object": "seer", "to": "battlefield"}},
                       {"resolve_triggers": {}}])


def test_a_player_who_cant_lose_survives_an_empty_library():
    # 121.4, 704.5b, 614.17: "you can't lose the game" covers drawing from an empty library
    angel = {"card": {"types": ["enchantment"], "abilities": [{"cant_lose": {}}]}}
    steps = [{"move": {"object": "seer", "to": "battlefield"}}, {"resolve_triggers": {}}]
    (alone,) = _run({"seer": SEER}, steps)
    (snapshot,) = _run({"seer": SEER, "angel": angel}, steps)
    assert alone["players"]["Alex"]["lost"] is True
    assert snapshot["players"]["Alex"]["lost"] is False


@pytest.mark.parametrize("steps,features", [
    ([{"destroy": {"object": "bear"}}], {"destroy"}),
    ([{"regenerate": {"object": "bear"}}], {"regeneration", "tapping"}),
    ([{"destroy": {"object": "bear", "cant_be_regenerated": True}}], {"destroy", "regeneration"}),
])
def test_the_features_a_case_needs(steps, features):
    (case,) = loader.load_text(_document({"bear": BEAR}, steps), "good.yaml")
    assert features <= case.features
    assert not {"destroy", "regeneration", "drawing", "activated-damage"} - features & case.features


def test_the_features_of_draws_and_damage_target():
    (drawing,) = loader.load_text(_document({"seer": SEER}, [{"move": {"object": "seer", "to": "battlefield"}}]), "x.yaml")
    assert {"drawing", "event-triggers", "zone-changes"} <= drawing.features
    (biting,) = loader.load_text(_document({"olivia": OLIVIA, "bear": BEAR},
                                           [{"activate": {"object": "olivia", "ability": "bite", "target": "bear"}}]), "x.yaml")
    assert {"activated-damage", "activated-abilities", "damage", "counters", "type-changing"} <= biting.features
    assert "drawing" not in biting.features


def test_oracle_text():
    assert oracle_abilities.activated(BITE, "Olivia Voldaren") == (
        "{1}{R}: Olivia Voldaren deals 1 damage to another target creature. That creature becomes a Vampire in addition "
        "to its other types. Put a +1/+1 counter on Olivia Voldaren.")
    assert oracle_abilities.ability_text(SEER["card"]["abilities"][0]) == "When this creature enters, draw a card."
    case = {"players": {"Alex": {}}, "objects": {"bear": BEAR}}
    assert effect_text({"destroy": {"object": "bear", "cant_be_regenerated": True}}, case) == (
        "Destroy target creature. It can't be regenerated.")
    assert effect_text({"regenerate": {"object": "bear"}}, case) == "Regenerate target creature."
