"""Entering tapped, fading, and the colour or creature type chosen as a permanent enters (issue 40;
CR 614.1c, 614.1d, 614.12, 702.32a, 707.6): the loader's one-line errors, the features a case
needs, and what the reference engine does at the edges (simultaneous entries, face down)."""

from __future__ import annotations

import json

import pytest

from conformance.errors import CaseFileErrors
from conformance.format import loader
from reference_engine import ReferenceEngine

TREEFOLK = {"card": {"types": ["creature"], "power": 3, "toughness": 3, "abilities": [{"enters_tapped": {}}]},
            "zone": "hand"}
ORB = {"card": {"types": ["artifact"], "abilities": [{"permanents_enter_tapped": {"affects": {}}}]}, "zone": "hand"}
BEAR = {"card": {"types": ["creature"], "subtypes": ["Bear"], "power": 2, "toughness": 2}, "zone": "hand"}
VOICE = {"card": {"types": ["creature"], "power": 2, "toughness": 2,
                  "abilities": [{"as_enters_choose": {"color": True}}, {"protection": "chosen_color"}]}}
LORD = {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "other": True, "chosen_type": True},
                      "power": 1, "toughness": 1}}


def _document(objects: dict, steps: list) -> str:
    case = {"id": "614.12/bad", "rules": ["614.12"], "source": {"rule": "614.12"},
            "summary": "a case about entering the battlefield", "players": ["Alex", "Blair"], "objects": objects,
            "steps": steps}
    return json.dumps({"format": 1, "cr": "2025-09-19", "cases": [case]})


def _run(objects: dict, steps: list) -> list:
    (case,) = loader.load_text(_document(objects, steps), "good.yaml")
    return ReferenceEngine().run_case(case)


@pytest.mark.parametrize("objects,steps,message", [
    ({"voice": VOICE}, [{"expect": {"objects": {"voice": {}}}}], "objects/voice/choices: needs choices.color"),
    ({"voice": {**VOICE, "choices": {"color": "X"}}}, [{"expect": {"objects": {"voice": {}}}}], "choices/color"),
    ({"auto": {"card": {"types": ["creature"], "power": 2, "toughness": 2,
                        "abilities": [{"as_enters_choose": {"creature_type": True}}, LORD]},
               "choices": {"creature_type": "Teddybear"}}},
     [{"expect": {"objects": {"auto": {}}}}], "choices/creature_type: 'Teddybear' is not a creature type"),
    ({"bear": {**BEAR, "zone": "battlefield"}},
     [{"become": {"to": "bear", "gains": [{"static_pt": {**LORD["static_pt"]}}]}},
      {"become": {"to_each": {"chosen_type": True}, "colors": ["R"]}}, {"expect": {"objects": {"bear": {}}}}],
     "to_each/chosen_type: \"of the chosen type\" is modelled only in a static_pt's affects"),
    ({"beast": {"card": {"types": ["creature"], "power": 5, "toughness": 5, "abilities": [{"fading": 2}]}}},
     [{"beginning_of_step": {"step": "upkeep", "player": "Alex"}}, {"expect": {"objects": {"beast": {}}}}],
     "steps/0/beginning_of_step: fading's upkeep trigger"),
    ({"tree": TREEFOLK, "bear": {**BEAR, "zone": "battlefield"}},
     [{"move": {"object": "tree", "to": "battlefield"}}, {"combat": {"attackers": {"bear": "Blair"}}},
      {"expect": {"objects": {"tree": {}}}}], "steps/1/combat: a combat in a case where permanents may enter tapped"),
    ({"orb": ORB}, [{"expect": {"objects": {"orb": {}}}}, {"move": {"object": "orb", "to": "battlefield"}}],
     None),
])
def test_bad_input_is_one_line_naming_the_field(objects, steps, message):
    if message is None:  # the valid control: it loads
        loader.load_text(_document(objects, steps), "good.yaml")
        return
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(_document(objects, steps), "bad.yaml")
    text = str(excinfo.value)
    assert message in text and "bad.yaml" in text and "614.12/bad" in text
    assert all("\n" not in line for line in text.splitlines())


def test_a_permanent_entering_from_a_created_token_group_ignores_the_others():
    """614.12: two token copies of an Orb created by one effect enter at once: neither taps the other."""
    objects = {"orb": {**ORB, "zone": "battlefield"}}
    snapshots = _run(objects, [{"create_token": {"tokens": ["a", "b"], "count": 2, "copy_of": "orb"}},
                               {"expect": {"objects": {"a": {"tapped": True}, "b": {"tapped": True}}}}])
    # the declared Orb is on the battlefield: both tokens enter tapped; neither new one matters
    assert [snapshots[0]["objects"][t]["tapped"] for t in ("a", "b")] == [True, True]
    snapshots = _run({"orb": ORB}, [{"create_token": {"tokens": ["a", "b"], "count": 2, "copy_of": "orb"}},
                                    {"expect": {"objects": {"a": {"tapped": False}, "b": {"tapped": False}}}}])
    assert [snapshots[0]["objects"][t]["tapped"] for t in ("a", "b")] == [False, False]


def test_a_copy_chooses_nothing_when_the_case_scripts_nothing():
    """707.6: a token copy of Voice of All made in code with no colour chosen has no protection."""
    snapshots = _run({"voice": {**VOICE, "choices": {"color": "R"}},
                      "goblin": {"card": {"types": ["creature"], "colors": ["R"], "power": 1, "toughness": 1}}},
                     [{"create_token": {"token": "copy", "copy_of": "voice"}},
                      {"damage": {"source": "goblin", "to_each": {"types": ["creature"], "colors": []}, "amount": 1}},
                      {"expect": {"objects": {"copy": {"damage": 0}, "voice": {"damage": 0}}}}])
    assert snapshots[0]["objects"]["copy"]["damage"] == 1 and snapshots[0]["objects"]["voice"]["damage"] == 0


def test_fading_on_a_declared_permanent_gives_its_counters_unless_declared():
    beast = {"card": {"types": ["creature"], "power": 5, "toughness": 5, "abilities": [{"fading": 2}]}}
    snapshots = _run({"beast": beast, "other": {**beast, "counters": {"fade": 1}}},
                     [{"expect": {"objects": {"beast": {"counters": {}}, "other": {"counters": {}}}}}])
    assert snapshots[0]["objects"]["beast"]["counters"] == {"fade": 2}
    assert snapshots[0]["objects"]["other"]["counters"] == {"fade": 1}


def test_features_of_the_new_elements():
    (case,) = loader.load_text(_document({"tree": TREEFOLK, "voice": {**VOICE, "choices": {"color": "G"}}},
                                         [{"move": {"object": "tree", "to": "battlefield"}},
                                          {"expect": {"objects": {"tree": {"tapped": True}}}}]), "good.yaml")
    assert {"enters-tapped", "chosen-color-and-type", "tapping", "enters-choices"} <= case.features
