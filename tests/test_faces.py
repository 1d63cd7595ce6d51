"""Double-faced cards (CR 712, 701.27, 707.8) and flip cards (710, 707.3): issue 40. The loader's
one-line errors, what the reference engine refuses rather than judge, the features a case needs,
and the rules the engine applies."""

from __future__ import annotations

import copy
import json

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from reference_engine import ReferenceEngine

DESERTER = {"card": {"name": "Afflicted Deserter", "mana_cost": "{3}{R}", "types": ["creature"],
                     "subtypes": ["Human", "Werewolf"], "colors": ["R"], "power": 3, "toughness": 2,
                     "back_face": {"name": "Werewolf Ransacker", "types": ["creature"], "subtypes": ["Werewolf"],
                                   "colors": ["R"], "power": 5, "toughness": 4}}}
NEZUMI = {"card": {"name": "Nezumi Shortfang", "mana_cost": "{1}{B}", "types": ["creature"], "subtypes": ["Rat", "Rogue"],
                   "colors": ["B"], "power": 1, "toughness": 1,
                   "flip": {"name": "Stabwhisker the Odious", "types": ["creature"], "subtypes": ["Rat", "Shaman"],
                            "supertypes": ["legendary"], "power": 3, "toughness": 3}}}
BEAR = {"card": {"name": "Bear", "types": ["creature"], "power": 2, "toughness": 2}}
CLONE = {"zone": "hand", "card": {"name": "Clone", "types": ["creature"], "power": 0, "toughness": 0,
                                  "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}}


def _document(objects: dict, steps: list) -> str:
    case = {"id": "712.8a/case", "rules": ["712.8a"], "source": {"rule": "712.8a"}, "summary": "a case about two faces",
            "players": ["Alex", "Blair"], "objects": objects,
            "steps": [*steps, {"expect": {"objects": {next(iter(objects)): {}}}}]}
    return json.dumps({"format": 1, "cr": "2025-09-19", "cases": [case]})


def _with(base: dict, **changes) -> dict:
    spec = copy.deepcopy(base)
    for key, value in changes.items():
        if key.startswith("card_"):
            spec["card"][key[5:]] = value
        else:
            spec[key] = value
    return spec


@pytest.mark.parametrize("objects,steps,field,message", [
    ({"d": _with(DESERTER, card_flip=NEZUMI["card"]["flip"])}, [], "objects/d/card", "not both"),
    ({"d": _with(DESERTER, card_back_face=dict(DESERTER["card"]))}, [], "back_face/back_face", "no back face of its own"),
    ({"b": _with(BEAR, transformed=True)}, [], "objects/b/transformed", "only a permanent whose card has a back_face"),
    ({"d": _with(DESERTER, zone="hand", transformed=True)}, [], "objects/d/transformed", "back_face"),
    ({"n": _with(NEZUMI, zone="graveyard", flipped=True)}, [], "objects/n/flipped", "only a permanent whose card has a flip"),
    ({"d": _with(DESERTER, face_down=True)}, [], "objects/d/face_down", "not modelled"),
    ({"n": NEZUMI}, [{"turn_face_down": {"object": "n"}}], "steps/0/turn_face_down/object", "not modelled"),
    ({"d": _with(DESERTER, zone="hand")}, [{"move": {"object": "d", "to": "battlefield", "face_down": True}}],
     "steps/0/move/face_down", "not modelled"),
    ({"d": _with(DESERTER, card_back_face={"types": ["creature"], "subtypes": ["Forest"], "power": 1, "toughness": 1})}, [],
     "back_face/subtypes/0", "does not correspond"),
    ({"d": _with(DESERTER, card_back_face={"types": ["creature"], "power": "*", "toughness": 1})}, [],
     "back_face/power", "not modelled"),
    ({"d": DESERTER, "b": _with(BEAR, card_abilities=[{"static": {"affects": {"types": ["creature"]}, "becomes": {
        "power": "mana_value", "toughness": 1}}}])}, [], "abilities/0/static/becomes/power", "mana value"),
    ({"n": _with(NEZUMI, card_flip={"types": ["creature"], "abilities": [{"static_pt": {
        "effect": "modify_pt", "affects": {"controller": "Rob"}, "power": 1}}]})}, [],
     "flip/abilities/0", "undeclared player 'Rob'"),
    ({"b": BEAR}, [{"create_token": {"token": "t", "card": DESERTER["card"]}}], "steps/0/create_token/card", "not modelled"),
    ({"b": BEAR}, [{"transform": {"object": "ghost"}}], "steps/0/transform/object", "undeclared object 'ghost'"),
    ({"b": BEAR}, [{"flip": {"object": "b", "extra": 1}}], "steps/0", "extra"),
])
def test_the_loader_names_the_file_case_and_field_in_one_line(objects, steps, field, message):
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(_document(objects, steps), "bad.yaml")
    lines = list(map(str, excinfo.value.errors))
    assert all(line.startswith("bad.yaml:") and "case 712.8a/case" in line and "\n" not in line for line in lines)
    assert any(message in line and field.replace("/", ".") in line.replace("/", ".") for line in lines), lines


def _run(objects: dict, steps: list, expect: dict) -> list[dict]:
    document = json.loads(_document(objects, steps))
    document["cases"][0]["steps"][-1] = {"expect": {"objects": expect}}
    (case,) = loader.load_text(json.dumps(document))
    return ReferenceEngine().run_case(case)


def test_the_features_of_each_face_are_needed():
    back = dict(DESERTER["card"]["back_face"], abilities=[{"static_pt": {"effect": "set_pt", "affects": {"itself": True},
                                                                         "power": 6, "toughness": 6}}])
    (case,) = loader.load_text(_document({"d": _with(DESERTER, card_back_face=back)}, []))
    assert {"double-faced-cards", "static-abilities", "layer-7b"} <= case.features
    (case,) = loader.load_text(_document({"b": BEAR}, [{"flip": {"object": "b"}}]))
    assert "flip-cards" in case.features


def test_a_permanent_with_one_face_does_not_transform():
    (snapshot,) = _run({"b": BEAR}, [{"transform": {"object": "b"}}], {"b": {}})
    assert snapshot["objects"]["b"]["name"] == "Bear"


def test_transforming_gives_a_new_timestamp_and_keeps_the_object():
    document = json.loads(_document({"d": _with(DESERTER, counters={"+1/+1": 2})}, [{"transform": {"object": "d"}}]))
    (case,) = loader.load_text(json.dumps(document))
    from reference_engine.game import Game
    game = Game(case)
    stamp = game.objects["d"].timestamp
    game.run()
    after = game.objects["d"]
    assert after.timestamp > stamp and after.incarnation == 0 and after.counters["+1/+1"] == 2


def test_a_flip_card_in_the_hand_has_its_normal_characteristics():
    (snapshot,) = _run({"n": _with(NEZUMI, zone="hand")}, [], {"n": {}})
    assert snapshot["objects"]["n"]["name"] == "Nezumi Shortfang"


@pytest.mark.parametrize("objects,steps,message", [
    ({"d": DESERTER, "b": BEAR}, [{"become_copy": {"to": "d", "of": "b", "until": "ended"}}, {"transform": {"object": "d"}}],
     "a copy effect"),
    ({"d": DESERTER, "b": BEAR}, [{"become_copy": {"to": "d", "of": "b", "until": "ended"}},
                                  {"create_token": {"token": "t", "copy_of": "d"}}], "other copy effects"),
    ({"d": DESERTER}, [{"create_token": {"token": "t", "copy_of": "d", "exceptions": {"add_types": ["artifact"]}}}],
     "exceptions"),
    ({"n": NEZUMI, "c": CLONE}, [{"create_token": {"token": "t", "copy_of": "n", "exceptions": {"name": "X"}}}],
     "flip card"),
    ({"b": BEAR}, [{"flip": {"object": "b"}}], "no flip side"),
    # off the battlefield a flip card has its normal characteristics only (710.2): whatever the layers' shortcut
    ({"n": _with(NEZUMI, zone="graveyard")}, [{"create_token": {"token": "t", "copy_of": "n"}}, {"flip": {"object": "t"}}],
     "no flip side"),
    ({"d": DESERTER}, [{"create_token": {"token": "t", "copy_of": "d"}}, {"turn_face_down": {"object": "t"}}],
     "face down"),
])
def test_the_reference_engine_refuses_what_it_does_not_model(objects, steps, message):
    with pytest.raises(Unsupported, match=message):
        _run(objects, steps, {next(iter(objects)): {}})
