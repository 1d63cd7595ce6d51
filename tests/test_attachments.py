"""Auras and Equipment (issue 40): the loader's one-line errors, the feature, the reference engine's
attaching and state-based actions (301.5, 303.4, 613.7e, 701.3, 704.5m, 704.5n, 704.5p), and what it
refuses."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from reference_engine import ReferenceEngine

BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}
PLUS_TWO = {"static_pt": {"effect": "modify_pt", "affects": {"attached": True}, "power": 2, "toughness": 2}}
SWORD = {"card": {"types": ["artifact"], "subtypes": ["Equipment"], "abilities": [PLUS_TWO]}}
AURA = {"card": {"types": ["enchantment"], "subtypes": ["Aura"], "abilities": [{"enchant": {"types": ["creature"]}},
                                                                                PLUS_TWO]}}


def _text(objects: dict[str, Any], steps: list[Any]) -> str:
    return json.dumps({"format": 1, "cr": "2025-09-19", "cases": [{
        "id": "704.5m/probe", "rules": ["704.5m"], "source": {"rule": "704.5m"},
        "summary": "A probe of Auras and Equipment for the tests.", "players": ["Alex", "Blair"],
        "objects": objects, "steps": [*steps, {"expect": {"objects": {"bear": {}}}}]}]})


def errors(objects: dict[str, Any], steps: list[Any] | None = None) -> list[str]:
    try:
        loader.load_text(_text(objects, steps or []), name="probe.yaml")
    except CaseFileErrors as problems:
        return [str(e) for e in problems.errors]
    return []


def run(objects: dict[str, Any], steps: list[Any], expect: dict[str, Any]) -> dict[str, Any]:
    """The snapshot of the objects named in ``expect`` after ``steps``, on the reference engine."""
    text = _text(objects, steps).replace('{"expect": {"objects": {"bear": {}}}}',
                                          json.dumps({"expect": {"objects": {k: {} for k in expect}}}))
    (case,) = loader.load_text(text, name="probe.yaml")
    (snapshot,) = ReferenceEngine().run_case(case)
    return {oid: {key: snapshot["objects"][oid][key] for key in values} for oid, values in expect.items()}


@pytest.mark.parametrize("objects, steps, message", [
    ({"bear": BEAR, "aura": {**AURA, "attached_to": "bear", "zone": "hand"}}, [],
     "objects/aura/attached_to: only a permanent is attached to something (CR 301.5, 303.4): battlefield only"),
    ({"bear": BEAR, "rock": {"card": {"types": ["artifact"]}, "attached_to": "bear"}}, [],
     "objects/rock/attached_to: 'rock' is neither an Aura nor an Equipment card"),
    ({"bear": BEAR, "sword": {**SWORD, "attached_to": "sword"}}, [], "can't be attached to itself"),
    ({"bear": BEAR, "sword": {**SWORD, "attached_to": "wolf"}}, [], "objects/sword/attached_to: undeclared object 'wolf'"),
    ({"bear": {**BEAR, "zone": "hand"}, "sword": {**SWORD, "attached_to": "bear"}}, [], "'bear' is not on the battlefield"),
    ({"bear": BEAR, "aura": {"card": {"types": ["enchantment"], "subtypes": ["Aura"]}, "attached_to": "bear"}}, [],
     "objects/aura/card/abilities: an Aura card needs an enchant ability"),
    ({"bear": {**BEAR, "card": {**BEAR["card"], "abilities": [{"enchant": {}}]}}}, [],
     "objects/bear/card/abilities/0/enchant: only an Aura card has an enchant ability (CR 702.5a)"),
    ({"bear": BEAR, "aura": AURA}, [], "objects/aura: an Aura on the battlefield is attached to what it enchants"),
    ({"bear": BEAR, "aura": {**AURA, "zone": "graveyard"}}, [{"move": {"object": "aura", "to": "battlefield"}}],
     "steps/0/move/choices: an Aura entering the battlefield enchants what its controller chooses as it enters "
     "(CR 303.4f): script it as choices: {attach_to: OBJECT}"),
    ({"bear": BEAR, "elf": {**BEAR, "zone": "hand"}},
     [{"move": {"object": "elf", "to": "battlefield", "choices": {"attach_to": "bear"}}}],
     "steps/0/move/choices/attach_to: attach_to is the choice of an Aura card entering the battlefield face up"),
    ({"bear": BEAR, "aura": {**AURA, "zone": "graveyard"}},
     [{"move": {"object": "aura", "to": "battlefield", "choices": {"attach_to": "wolf"}}}],
     "steps/0/move/choices/attach_to: undeclared object 'wolf'"),
    ({"bear": BEAR, "elf": BEAR}, [{"attach": {"object": "elf", "to": "bear"}}],
     "steps/0/attach/object: 'elf' is neither an Aura nor an Equipment card"),
    ({"bear": BEAR, "sword": SWORD}, [{"attach": {"object": "sword", "to": "wolf"}}],
     "steps/0/attach/to: undeclared object 'wolf'"),
    ({"bear": BEAR}, [{"modify_pt": {"to_each": {"attached": True}, "power": 1}}],
     "steps/0/modify_pt/to_each/attached: attached is \"enchanted\" or \"equipped\""),
    ({"bear": BEAR}, [{"create_emblem": {"emblem": "e", "abilities": [PLUS_TWO]}}],
     "steps/0/create_emblem/abilities: an emblem is attached to nothing"),
    ({"bear": BEAR, "aura": {**AURA, "zone": "hand", "card": {**AURA["card"], "mana_cost": "{W}"}}},
     [{"cast": {"object": "aura"}}], "steps/0/cast/object: casting an Aura spell is not modelled"),
    ({"bear": BEAR, "sword": {**SWORD, "attached_to": "bear"}}, [{"attach": {"object": "sword"}}],
     "steps/0/attach: missing required key 'to'"),
])
def test_bad_input_is_one_line_naming_the_file_case_and_field(objects, steps, message):
    found = errors(objects, steps)
    assert any(message in e and e.startswith("probe.yaml:") and "case 704.5m/probe" in e for e in found), found
    assert all("\n" not in e for e in found)


def test_the_feature_is_derived_only_where_attaching_matters():
    (case,) = loader.load_text(_text({"bear": BEAR, "sword": {**SWORD, "attached_to": "bear"}}, []))
    assert "attachments" in case.features and "static-abilities" in case.features
    (aura,) = loader.load_text(_text({"bear": BEAR, "aura": {**AURA, "zone": "hand"}}, []))
    assert "attachments" in aura.features  # an Aura anywhere: it could go to a graveyard (704.5m)
    # an Equipment attached to nothing is only an artifact with a subtype (as golden/613.1-layers.yaml has one)
    (plain,) = loader.load_text(_text({"bear": BEAR, "sword": {"card": {"types": ["artifact"], "subtypes": ["Equipment"]}}}, []))
    assert "attachments" not in plain.features


def test_the_plain_form_leaves_out_what_no_case_gave():
    (case,) = loader.load_text(_text({"bear": BEAR}, [{"modify_pt": {"to_each": {"types": ["creature"]}, "power": 1}}]))
    plain = case.to_dict()
    assert "attached_to" not in plain["objects"]["bear"]
    assert "attached" not in plain["steps"][0]["modify_pt"]["to_each"]


def test_equip_moves_the_bonus_and_renews_the_timestamp():
    seen = run({"bear": BEAR, "elf": BEAR, "sword": {**SWORD, "attached_to": "bear"}},
               [{"attach": {"object": "sword", "to": "elf"}}], {"bear": {"power"}, "elf": {"power"}})
    assert seen == {"bear": {"power": 2}, "elf": {"power": 4}}


def test_two_equipment_with_the_same_filter_each_reach_their_own_creature():
    # the layer 7 effects of "equipped creature" are told apart by their object (layer_7._StaticPT.reach)
    seen = run({"bear": BEAR, "elf": BEAR, "sword": {**SWORD, "attached_to": "bear"},
                "axe": {**SWORD, "attached_to": "elf"}}, [], {"bear": {"power"}, "elf": {"power"}})
    assert seen == {"bear": {"power": 4}, "elf": {"power": 4}}


def test_an_aura_entering_on_a_creature_it_cannot_enchant_is_an_illegal_choice():
    from reference_engine.entering import IllegalChoice

    text = _text({"bear": BEAR, "rock": {"card": {"types": ["artifact"]}}, "aura": {**AURA, "zone": "hand"}},
                 [{"move": {"object": "aura", "to": "battlefield", "choices": {"attach_to": "rock"}}}])
    (case,) = loader.load_text(text)
    with pytest.raises(IllegalChoice, match="303.4f"):
        ReferenceEngine().run_case(case)


@pytest.mark.parametrize("objects, steps, reason", [
    ({"bear": {**BEAR, "card": {**BEAR["card"], "abilities": [{"protection": "white"}]}},
      "sword": {**SWORD, "attached_to": "bear"}}, [], "702.16c-d"),
    ({"bear": BEAR, "sword": {**SWORD, "zone": "graveyard"}}, [{"attach": {"object": "sword", "to": "bear"}}],
     "would put it onto the battlefield"),
    ({"bear": BEAR, "aura": {**AURA, "attached_to": "bear"}, "copy": {**BEAR, "zone": "hand"}},
     [{"create_token": {"token": "t", "copy_of": "aura"}}], "303.4f-g"),
    ({"bear": BEAR, "fort": {"card": {"types": ["artifact"], "subtypes": ["Equipment"]}, "attached_to": "bear"}},
     [{"become": {"to": "fort", "subtypes": ["Fortification"]}}], "Fortification"),
])
def test_what_the_reference_engine_refuses(objects, steps, reason):
    (case,) = loader.load_text(_text(objects, steps))
    with pytest.raises(Unsupported, match=reason):
        ReferenceEngine().run_case(case)


# --- the generator and the property (strategies/_internal/attachments.py, conformance/laws/attachments.py) ---

@pytest.mark.parametrize("features", [
    frozenset({"attachments", "static-abilities", "layer-7c"}),
    frozenset({"attachments", "static-abilities", "ability-changing", "zone-changes"}),
    frozenset({"attachments", "static-abilities", "layer-7b", "type-changing", "durations", "copy-effects"}),
])
def test_the_generator_stays_within_the_features(features):
    from hypothesis import HealthCheck, given, settings

    from strategies._internal.attachments import attachment_scenarios

    @settings(max_examples=40, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(attachment_scenarios(features=features))
    def within(case):
        assert case.features <= features, sorted(case.features - features)
        ReferenceEngine().run_case(case)  # never refused: every step is one the reference engine judges
    within()


def test_the_property_comes_after_the_earlier_ones_and_is_usable_only_with_attachments():
    from conformance.laws.catalogue import PROPERTIES, usable

    ids = [p.id for p in PROPERTIES]  # after every property of the issues before 40: no earlier one's examples move
    assert ids.index("613.7e/attachments-agree-with-reference") > ids.index("615.1/prevention-variants-agree-with-reference")
    prop = PROPERTIES[ids.index("613.7e/attachments-agree-with-reference")]
    assert usable(prop, frozenset({"attachments", "static-abilities", "layer-7c"}))
    assert not usable(prop, frozenset({"static-abilities", "layer-7c", "ability-changing"}))
    assert not usable(prop, frozenset({"attachments", "static-abilities"}))  # no ability an attachment has here
