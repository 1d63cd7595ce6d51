"""Layers 1-6, copies, face-down permanents and abilities as data: the reference engine rule by
rule, the loader's checks of the new keys, and feature derivation. Expected values are worked by
hand from the CR."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.errors import CaseFileErrors
from reference_engine import ReferenceEngine
from reference_engine.copy import apply_exceptions
from reference_engine.characteristics import Values
from reference_engine.filters import mana_value
from conformance.format.model import CopyExceptions, Keyword, CdaColors
from tests.scenarios import creature, make_case, snapshots

CLONE = {"zone": "hand", "card": {"name": "Clone", "types": ["creature"], "colors": ["U"], "power": 0, "toughness": 0,
                                  "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}}
BEAR = creature(2, 2, name="Runeclaw Bear", subtypes=["Bear"], colors=["G"])


def final(objects, steps, *names, **kwargs):
    """The last snapshot's values of the named objects."""
    last = {"expect": {"objects": {name: {} for name in names}}}
    result = snapshots(objects, [*steps, last], **kwargs)[-1]["objects"]
    return result[names[0]] if len(names) == 1 else [result[n] for n in names]


# --- layer 1: copy effects and copiable values (613.2, 707) --------------------------------------------


def test_a_copy_gets_printed_values_not_counters_or_effects():
    steps = [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 3}},
             {"set_pt": {"to": "bear", "power": 9, "toughness": 9}},
             {"become": {"to": "bear", "colors": ["B"], "add_types": ["artifact"], "gains": [{"keyword": "flying"}]}},
             {"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "bear"}}}]
    clone = final({"bear": BEAR, "clone": CLONE}, steps, "clone")
    assert (clone["power"], clone["toughness"], clone["counters"]) == (2, 2, {})
    assert clone["colors"] == ["G"] and clone["types"] == ["creature"] and clone["abilities"] == []
    assert clone["name"] == "Runeclaw Bear"


def test_copy_of_a_copy_copies_what_that_copied():
    """707.3: a Clone of a Clone of the Bear is a Bear."""
    steps = [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "bear"}}},
             {"move": {"object": "clone2", "to": "battlefield", "choices": {"copy": "clone"}}}]
    clone2 = final({"bear": BEAR, "clone": CLONE, "clone2": CLONE}, steps, "clone2")
    assert (clone2["name"], clone2["power"], clone2["colors"]) == ("Runeclaw Bear", 2, ["G"])


def test_becoming_a_copy_keeps_noncopy_effects_and_can_end():
    """707.4: a +3/+3 stays when the object becomes a copy; when the copy effect ends the object is
    itself again."""
    steps = [{"modify_pt": {"to": "elf", "power": 3, "toughness": 3}},
             {"become_copy": {"id": "mirror", "to": "elf", "of": "bear", "until": "ended"}}]
    objects = {"bear": BEAR, "elf": creature(1, 1, name="Elf")}
    elf = final(objects, steps, "elf")
    assert (elf["name"], elf["power"], elf["toughness"]) == ("Runeclaw Bear", 5, 5)
    elf = final(objects, [*steps, {"end_effect": "mirror"}], "elf")
    assert (elf["name"], elf["power"], elf["toughness"]) == ("Elf", 4, 4)


def test_exceptions_become_copiable_values_and_drop_characteristic_defining_abilities():
    """707.9b-d on the values themselves."""
    copied = Values(name="Goyf", colors=("G",), types=("creature",), power="*", toughness="1+*",
                    abilities=((CdaColors(("W",)), None), (Keyword("changeling"), None)))
    mine = Values(name="Mimic", colors=("U",), types=("creature",))
    result = apply_exceptions(copied, mine, CopyExceptions(retain=("colors",), power=7, toughness=7, add_types=("artifact",)))
    assert result.colors == ("U",) and (result.power, result.toughness) == (7, 7)
    assert result.types == ("creature", "artifact")
    assert [a for a, _ in result.abilities] == [Keyword("changeling")]  # the colour CDA is not copied; changeling is


def test_an_illegal_copy_choice_is_a_broken_case():
    """A Clone can only copy a creature on the battlefield (707.5): a scripted choice of a card in a
    hand is the case's mistake, and the reference engine says so."""
    case = make_case({"clone": CLONE, "bear": {**BEAR, "zone": "hand"}},
                     [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "bear"}}}])
    with pytest.raises(ValueError, match="not a legal choice"):
        ReferenceEngine().run(case.to_dict())


# --- face-down permanents (708) ------------------------------------------------------------------------


def test_face_down_is_a_2_2_and_turning_up_restores_values_with_a_new_timestamp():
    demon = {**creature(6, 6, name="Demon", colors=["B"], abilities=[{"morph": "{2}{B}{B}"}]), "face_down": True}
    down = final({"demon": demon}, [], "demon")
    assert (down["name"], down["power"], down["colors"], down["abilities"], down["face_down"]) == (None, 2, [], [], True)
    up = final({"demon": demon}, [{"turn_face_up": {"object": "demon", "by": "morph"}}], "demon")
    assert (up["name"], up["power"], up["face_down"]) == ("Demon", 6, False)


def test_morph_special_action_needs_a_morph_cost():
    bear = {**BEAR, "face_down": True}
    down = final({"bear": bear}, [{"turn_face_up": {"object": "bear", "by": "morph"}}], "bear")
    assert down["face_down"] is True
    up = final({"bear": bear}, [{"turn_face_up": {"object": "bear", "by": "effect"}}], "bear")
    assert up["face_down"] is False and up["name"] == "Runeclaw Bear"


def test_a_face_down_permanent_leaving_the_battlefield_is_face_up():
    bear = {**BEAR, "face_down": True}
    assert final({"bear": bear}, [{"move": {"object": "bear", "to": "hand"}}], "bear")["name"] == "Runeclaw Bear"


# --- layers 2-6 and dependency (613.1b-f, 613.3, 613.8) ------------------------------------------------


def test_type_change_replaces_or_adds():
    """205.1a-b: ``types`` replace card types, ``add_types`` keep them."""
    replaced = final({"bear": BEAR}, [{"become": {"to": "bear", "types": ["artifact"]}}], "bear")
    assert replaced["types"] == ["artifact"] and replaced["power"] is None  # no longer a creature (208.3)
    added = final({"bear": BEAR}, [{"become": {"to": "bear", "add_types": ["artifact"]}}], "bear")
    assert added["types"] == ["artifact", "creature"] and added["power"] == 2


def test_noncreature_artifact_that_becomes_a_creature_with_no_pt_dies():
    """208.5: a creature with no printed value has 0; 704.5f puts it into the graveyard."""
    rock = {"card": {"types": ["artifact"]}}
    assert final({"rock": rock}, [{"become": {"to": "rock", "add_types": ["creature"]}}], "rock")["zone"] == "graveyard"


def test_characteristic_defining_colour_applies_before_an_earlier_effect():
    """613.3: the colour-defining ability first, then an effect with an earlier timestamp."""
    painter = {"card": {"types": ["enchantment"], "abilities": [
        {"static": {"affects": {"types": ["creature"]}, "becomes": {"colors": ["R"]}}}]}}
    prism = {"zone": "hand", "card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"cda_colors": ["W", "U"]}]}}
    assert final({"painter": painter, "prism": prism}, [], "prism")["colors"] == ["W", "U"]  # in the hand: the CDA only
    moved = final({"painter": painter, "prism": prism}, [{"move": {"object": "prism", "to": "battlefield"}}], "prism")
    assert moved["colors"] == ["R"]


def test_losing_all_abilities_removes_static_effects_and_cdas():
    anthem_creature = creature(2, 2, abilities=[{"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "other": True},
                                                               "power": 1, "toughness": 1}}])
    objects = {"lord": anthem_creature, "bear": BEAR}
    assert final(objects, [], "bear")["power"] == 3
    assert final(objects, [{"become": {"to": "lord", "loses_all_abilities": True}}], "bear")["power"] == 2


def test_gain_control_changes_who_you_is():
    """613.1b: a static ability's "you" follows its controller."""
    lord = creature(2, 2, abilities=[{"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you",
                                                                                         "other": True}, "power": 1, "toughness": 1}}])
    objects = {"lord": {**lord, "owner": "Blair"}, "bear": BEAR}
    assert final(objects, [], "bear")["power"] == 2
    bear, lord_seen = final(objects, [{"become": {"to": "lord", "gain_control": True}}], "bear", "lord")
    assert bear["power"] == 3 and lord_seen["controller"] == "Alex"


def test_dependency_loop_falls_back_to_timestamps():
    """613.8b: two statics each changing what the other applies to apply in timestamp order.
    A: "each artifact is an enchantment in addition"; B: "each enchantment is an artifact in
    addition". On an artifact and an enchantment, both end with both types whichever order."""
    a = {"card": {"types": ["land"], "abilities": [{"static": {"affects": {"types": ["artifact"]}, "becomes": {"add_types": ["enchantment"]}}}]}}
    b = {"card": {"types": ["land"], "abilities": [{"static": {"affects": {"types": ["enchantment"]}, "becomes": {"add_types": ["artifact"]}}}]}}
    rock, aura = {"card": {"types": ["artifact"]}}, {"card": {"types": ["enchantment"]}}
    seen = final({"a": a, "b": b, "rock": rock, "aura": aura}, [], "rock", "aura")
    assert [sorted(s["types"]) for s in seen] == [["artifact", "enchantment"], ["artifact", "enchantment"]]


# --- activated and triggered abilities; "as enters" choices ---------------------------------------------


STAFF = {"card": {"name": "Staff", "types": ["artifact"], "abilities": [{"activated": {
    "name": "animate", "cost": "{X}", "effect": {"become": {"add_types": ["creature"], "power": "X", "toughness": "X",
                                                            "until": "end_of_turn"}}}}]}}


def test_activated_ability_uses_x_and_ends_at_end_of_turn():
    assert final({"staff": STAFF}, [{"activate": {"object": "staff", "ability": "animate", "x": 4}}], "staff")["power"] == 4
    ended = final({"staff": STAFF}, [{"activate": {"object": "staff", "ability": "animate", "x": 4}}, {"end_turn": {}}], "staff")
    assert ended["power"] is None


def test_an_object_without_the_ability_does_nothing():
    steps = [{"become": {"to": "staff", "loses_all_abilities": True}}, {"activate": {"object": "staff", "ability": "animate", "x": 4}}]
    assert final({"staff": STAFF}, steps, "staff")["power"] is None


def test_chosen_player_counts_and_is_forgotten_off_the_battlefield():
    order = {"zone": "hand", "card": {"types": ["creature"], "power": "*", "toughness": "*", "abilities": [
        {"as_enters_choose": {"player": "opponent"}},
        {"cda_pt": {"power": {"count": {"types": ["creature"], "controller": "chosen"}},
                    "toughness": {"sum": [1, {"count": {"types": ["creature"], "controller": "chosen"}}]}}}]}}
    objects = {"order": order, "wolf": {**creature(3, 3), "owner": "Blair"}}
    assert (final(objects, [], "order")["power"], final(objects, [], "order")["toughness"]) == (0, 1)
    entered = final(objects, [{"move": {"object": "order", "to": "battlefield", "choices": {"player": "Blair"}}}], "order")
    assert (entered["power"], entered["toughness"]) == (1, 2)


def test_mana_value():
    assert [mana_value(c) for c in ("{2}{B}{B}", "{X}{U}", "{W/U}{2/G}", None)] == [4, 1, 3, 0]


def test_characteristic_expressions():
    goyf = {"zone": "exile", "card": {"types": ["creature"], "power": "*", "toughness": "*", "abilities": [
        {"cda_pt": {"power": {"card_types": {"zone": "graveyard"}}, "toughness": {"life": "you"}}}]}}
    grave = {"zone": "graveyard", "card": {"types": ["artifact", "creature"], "power": 1, "toughness": 1}}
    seen = final({"goyf": goyf, "grave": grave}, [], "goyf")
    assert (seen["power"], seen["toughness"]) == (2, 20)


# --- the loader: references and choices ---------------------------------------------------------------


def _grower(kind: str, power: Any) -> dict[str, Any]:
    """A 3/3 whose activated or triggered ability makes it become ``power``/3."""
    effect = {"become": {"power": power, "toughness": 3, "until": "end_of_turn"}}
    extra = {"cost": "{1}"} if kind == "activated" else {"when": "a creature enters"}
    return {"card": {"types": ["creature"], "power": 3, "toughness": 3,
                     "abilities": [{kind: {"name": "grow", "effect": effect, **extra}}]}}


@pytest.mark.parametrize("objects, steps, message", [
    ({"clone": CLONE}, [{"move": {"object": "clone", "to": "battlefield"}}], "needs choices.copy"),
    ({"clone": CLONE}, [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "ghost"}}}],
     "undeclared object 'ghost'"),
    ({"staff": STAFF}, [{"activate": {"object": "staff", "ability": "grow", "x": 1}}],
     "undeclared activated ability 'grow' (declared: animate)"),
    ({"staff": STAFF}, [{"activate": {"object": "staff", "ability": "animate"}}], "uses X: give x"),
    ({"bear": BEAR}, [{"create_token": {"token": "bear", "copy_of": "bear"}}], "a token needs a new id"),
    ({"bear": {**BEAR, "zone": "hand", "face_down": True}}, [], "only a permanent is face down"),
    ({"bear": creature("*", 1, abilities=[{"cda_pt": {"power": "X"}}])}, [], "X is only defined"),
    ({"aqua": {"zone": "hand", "card": {"types": ["creature"], "power": "*", "toughness": "*",
                                        "abilities": [{"as_enters_pt": {"options": ["5/1", "1/5"]}}]}}},
     [{"move": {"object": "aqua", "to": "battlefield", "choices": {"pt": "2/2"}}}], "'2/2' is not among the options"),
    ({"bear": BEAR}, [{"expect": {"objects": {"t1": {}}}}, {"create_token": {"token": "t1", "copy_of": "bear"}}],
     "undeclared object 't1'"),
    ({"bear": BEAR}, [{"become_copy": {"to": "bear", "of": "nobody"}}], "undeclared object 'nobody'"),
    ({"grower": _grower("triggered", "X")}, [],
     "objects/grower/card/abilities/0/triggered/effect/become/power: X is only defined"),
    ({"grower": _grower("activated", {"life": "Zed"})}, [],
     "objects/grower/card/abilities/0/activated/effect/become/power/life: undeclared player 'Zed'"),
], ids=["missing-copy-choice", "copy-of-undeclared", "undeclared-ability", "missing-x", "token-id-taken",
        "face-down-in-hand", "x-in-a-cda", "pt-not-an-option", "token-observed-before-it-exists", "copy-of-nobody",
        "x-in-a-triggered-become", "undeclared-life-in-an-activated-become"])
def test_the_loader_refuses_bad_references_with_one_line_each(objects, steps, message):
    with pytest.raises(CaseFileErrors) as raised:
        make_case(objects, steps)
    text = str(raised.value)
    assert message in text, text
    assert "test.yaml:" in text and "case 613.4/test:" in text


def test_a_token_is_known_after_it_is_created():
    case = make_case({"bear": BEAR}, [{"create_token": {"token": "t1", "copy_of": "bear"}},
                                      {"expect": {"objects": {"t1": {"name": "Runeclaw Bear"}}}}])
    assert "token-copies" in case.features


# --- features ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("objects, steps, expected", [
    ({"clone": CLONE, "bear": BEAR}, [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "bear"}}}],
     {"copy-effects", "zone-changes"}),
    ({"bear": {**BEAR, "face_down": True}}, [{"turn_face_up": {"object": "bear"}}], {"face-down"}),
    ({"bear": BEAR}, [{"become": {"to": "bear", "gain_control": True, "colors": ["W"]}}], {"control-changing", "color-changing"}),
    ({"bear": BEAR}, [{"become": {"to_each": {"types": ["creature"]}, "loses": [{"keyword": "flying"}], "power": 1}}],
     {"ability-changing", "layer-7b", "locked-sets"}),
    ({"staff": STAFF}, [{"activate": {"object": "staff", "ability": "animate", "x": 1}}],
     {"activated-abilities", "type-changing", "layer-7b"}),
    ({"goyf": creature("*", "*", abilities=[{"cda_pt": {"power": {"card_types": {"zone": "graveyard"}}, "toughness": 1}}])},
     [], {"layer-7a", "characteristic-expressions"}),
])
def test_features_of_copies_face_down_and_layers(objects, steps, expected):
    assert make_case(objects, steps).features == expected


def test_a_gained_static_ability_applies_in_layer_6_with_the_granting_timestamp():
    """613.7a: "creatures you control have flying", gained from an effect, applies after an earlier
    "all creatures lose flying" (the granting effect is later), and before a later one."""
    grounding = {"zone": "hand", "card": {"types": ["enchantment"], "abilities": [
        {"static": {"affects": {"types": ["creature"]}, "becomes": {"loses": [{"keyword": "flying"}]}}}]}}
    gain = {"become": {"to": "lord", "gains": [{"static": {"affects": {"types": ["creature"], "controller": "you"},
                                                           "becomes": {"gains": [{"keyword": "flying"}]}}}]}}
    objects = {"lord": creature(2, 2), "bear": BEAR, "grounding": grounding, "early": {**grounding, "zone": "battlefield"}}
    assert final(objects, [gain], "bear")["abilities"] == [{"keyword": "flying"}]
    later = [gain, {"move": {"object": "grounding", "to": "battlefield"}}]
    assert final(objects, later, "bear")["abilities"] == []


# --- copy_scenarios(): valid, defined, and reaching what it is about --------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402

import strategies as mtg  # noqa: E402
from conformance.format import elements as format_elements, loader
from conformance.results import records  # noqa: E402

COPY_SETTINGS = settings(max_examples=150, database=None, deadline=None, derandomize=True,
                         suppress_health_check=list(HealthCheck))


def _on_the_battlefield_at_the_end(doc: dict[str, Any]) -> set[str]:
    """What the generator means to be on the battlefield at the end: everything declared there or
    entering, but what a step moved away or gave -X/-X beyond its toughness (704.5f)."""
    on = {oid for oid, spec in doc["objects"].items() if spec.get("zone", "battlefield") == "battlefield"}
    for step in doc["steps"]:
        (kind, body), = step.items()
        if kind == "move":
            (on.add if body["to"] == "battlefield" else on.discard)(body["object"])
        elif kind == "create_token":
            on.add(body["token"])
        elif kind == "modify_pt" and body.get("toughness", 0) < -5:
            on.discard(body["to"])
    return on


@COPY_SETTINGS
@given(mtg.copy_scenarios(checkpoints="sparse"))
def test_copy_scenarios_are_valid_and_only_the_chosen_deaths_happen(case):
    """Every scenario loads back as it is, runs on the reference engine (every copy choice legal,
    707.5; no legend-rule situation, 704.5j), and nothing dies but what a step kills or moves: so
    each later copy choice named a creature on the battlefield, and each copy made the choices
    its "as enters" abilities need (707.6)."""
    (loaded,) = loader.load_text(records.case_file_yaml([records.case_document(case)]), "<generated>")
    assert loaded.to_dict() == case.to_dict()
    doc = case.to_dict()
    final = ReferenceEngine().run(doc)[-1]["objects"]
    assert {oid for oid, values in final.items() if values["zone"] == "battlefield"} == _on_the_battlefield_at_the_end(doc)


@pytest.mark.parametrize("allowed", [
    ["copy-effects"], ["copy-effects", "zone-changes", "token-copies"],
    ["copy-effects", "durations", "layer-7c", "triggered-abilities"],
    ["copy-effects", "face-down", "enters-choices", "static-abilities", "zone-changes"],
    ["copy-effects", "activated-abilities", "layer-7b", "control-changing", "counters"],
], ids="+".join)
def test_copy_scenario_features_limit_what_is_generated(allowed):
    @settings(COPY_SETTINGS, max_examples=40)
    @given(mtg.copy_scenarios(features=allowed))
    def check(case):
        assert case.features <= set(allowed)
        ReferenceEngine().run(case.to_dict())
    check()


NEW_COPY_ELEMENTS = [
    "copy_exceptions.name", "copy_exceptions.types", "copy_exceptions.subtypes", "copy_exceptions.supertypes",
    "copy_exceptions.colors", "copy_exceptions.if_creature", "become_copy.exceptions", "create_token.exceptions",
    "create_token.choices", "turn_face_up.choices", "choices.pt", "choices.player", "choices.object",
    "object.choices", "ability.static_copy", "ability.as_enters_pt", "ability.as_enters_choose", "ability.activated",
    "ability.triggered", "ability.cda_colors", "ability.static", "step.activate", "step.trigger", "step.end_effect",
    "card.mana_cost", "supertype=snow", "change.gain_control", "zone=graveyard", "zone=exile",
]
WRITTEN_COPY_ELEMENTS = [
    "copy_exceptions.add_subtypes", "copy_exceptions.add_supertypes", "copy_exceptions.gains_this_ability",
    "filter.itself", "move.face_down", "supertype=world", "trigger.target", "activate.target",
    "create_token.choices", "turn_face_up.choices", "choices.object",
]
"""Elements a case must say (not left at a default value) to use: counted as the coverage counts them."""


def test_copy_scenarios_reach_exceptions_durations_abilities_and_choices():
    seen: dict[str, int] = {}

    @settings(COPY_SETTINGS, max_examples=300)
    @given(mtg.copy_scenarios())
    def draw(case):
        for element in format_elements.case_elements(case.to_dict()):
            label = format_elements.label(element)
            seen[label] = seen.get(label, 0) + 1
        for element in format_elements.written_elements(case):
            label = format_elements.label(element)
            written[label] = written.get(label, 0) + 1
    written: dict[str, int] = {}
    draw()
    missing = [e for e in NEW_COPY_ELEMENTS if not seen.get(e)]
    assert not missing, missing
    rare = [e for e in WRITTEN_COPY_ELEMENTS if written.get(e, 0) < 6]  # 2% of the examples
    assert not rare, rare
    assert seen.get("card=legendary"), "a legendary original (never copied, 704.5j)"


def test_copy_scenarios_declare_an_original_with_an_ability_of_its_own_stolen_more_often():
    """602.2, 603.3a (issue 39: ability/stolen-trigger): the "you" of an activated or triggered
    ability is its permanent's controller, so an original with one is declared controlled by the
    other player two times in five, one with none one time in five; and a trigger step on such a
    permanent shrinks to that original and the creature its ability copies."""
    from hypothesis import find

    from conformance.laws.interactions import met_by

    stolen = {True: [0, 0], False: [0, 0]}

    @settings(COPY_SETTINGS, max_examples=300, derandomize=True)
    @given(mtg.copy_scenarios())
    def draw(case):
        for spec in case.to_dict()["objects"].values():
            if spec.get("zone", "battlefield") != "battlefield" or spec["card"].get("name") == "Clone":
                continue
            acting = any("activated" in a or "triggered" in a for a in spec["card"].get("abilities", []))
            stolen[acting][0] += 1
            stolen[acting][1] += spec["controller"] != spec["owner"]
    draw()
    acting, other = (stolen[key][1] / stolen[key][0] for key in (True, False))
    assert acting > 1.5 * other, stolen
    found = find(mtg.copy_scenarios(), lambda c: "ability/stolen-trigger" in met_by(c),
                 settings=settings(COPY_SETTINGS, max_examples=1000, derandomize=True))
    assert [s.KEY for s in found.steps] == ["trigger", "expect"]
    assert found.objects[0].controller != found.objects[0].owner
