"""The phase adapter's wordings of characteristics (issue 20): static abilities changing types,
abilities and power and toughness in one effect (CR 613.6, 613.4b), filters of permanents, and the
golden cases they let run (adapters/phase/README.md).

The wordings are checked without phase; the rest needs phase-python."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import pytest

from conformance.errors import Unsupported
from conformance.format import loader

from phase_support import engine, info, needs_phase, outcome  # noqa: F401


def _golden(case_id):
    return next(c for c in loader.load_suite([loader.golden_dir()]) if c.id == case_id)


def test_a_static_change_is_one_sentence_one_effect():
    """CR 613.6: Humility's and Opalescence's parts are one effect, so one sentence (two sentences
    would be two effects, each finding its own set)."""
    from mtg_conformance_phase.changes import static_change_sentences
    from mtg_conformance_phase.wording import group

    creatures = group({"types": ["creature"]}, you="Alex", players=("Alex",), static=True)
    (humility,) = static_change_sentences({"loses_all_abilities": True, "power": 1, "toughness": 1}, creatures)
    assert humility.text == "All creatures lose all abilities and have base power and toughness 1/1."
    assert [m["type"] for m in humility.expect["modifications"]] == ["RemoveAllAbilities", "SetPower", "SetToughness"]
    others = group({"types": ["enchantment"], "other": True}, you="Alex", players=("Alex",), static=True)
    (opalescence,) = static_change_sentences({"add_types": ["creature"], "power": "mana_value",
                                              "toughness": "mana_value"}, others)
    assert opalescence.text == ("Other enchantments are creatures in addition to their other types and have base "
                                "power and toughness each equal to their mana value.")
    (green,) = static_change_sentences({"gains": [{"keyword": "vigilance"}], "power": 5, "toughness": 5},
                                       group({"types": ["creature"], "other": True}, you="Alex", players=("Alex",),
                                             static=True))
    assert green.text == "Other creatures have vigilance and base power and toughness 5/5."
    everything = group({}, you="Alex", players=("Alex",), static=True)  # CR 110.1: every permanent
    assert [s.text for s in static_change_sentences({"add_types": ["artifact"]}, everything)] == [
        "All permanents are artifacts in addition to their other types."]
    assert everything.filter["type_filters"] == ["Permanent"]
    for change in ({"add_types": ["creature"], "power": "mana_value"},  # one of them only
                   {"add_types": ["creature"], "power": {"count": {"types": ["creature"]}},
                    "toughness": {"count": {"types": ["creature"]}}}):
        with pytest.raises(Unsupported, match="expression"):
            static_change_sentences(change, creatures)


def test_a_parse_is_checked_in_any_order_of_one_effects_modifications():
    """phase lists one static effect's modifications in an order of its own (each applies in its
    own layer, CR 613.1); a missing or different one is still a different reading."""
    from mtg_conformance_phase.wording import matches

    expected = {"mode": "Continuous", "modifications": [{"type": "AddKeyword", "keyword": "Vigilance"},
                                                        {"type": "SetPower", "value": 5}]}
    assert matches(expected, {"mode": "Continuous", "modifications": [
        {"type": "SetPower", "value": 5}, {"type": "AddKeyword", "keyword": "Vigilance"}]})
    assert not matches(expected, {"mode": "Continuous", "modifications": [{"type": "SetPower", "value": 5}]})
    assert not matches(expected, {"mode": "Continuous", "modifications": [
        {"type": "SetPower", "value": 5}, {"type": "AddKeyword", "keyword": "Flying"}]})


@needs_phase
@pytest.mark.parametrize("case_id", ["613.6/opalescence-then-humility", "613.6/humility-then-opalescence",
                                     "613.8/march-of-the-machines-depends-on-an-artifact-effect"])
def test_opalescence_humility_and_march_run_and_pass(engine, info, case_id):  # noqa: F811
    """CR 613.6 (an effect keeps its set in later layers), 613.7a, 613.8: Humility, Opalescence and
    March of the Machines in their real wordings, phase's own layers."""
    result = outcome(engine, info, _golden(case_id))
    assert result.status == "passed", result


@needs_phase
@pytest.mark.parametrize("case_id", ["613.6/humility-march-of-the-machines-mycosynth-lattice",
                                     "613.6/march-of-the-machines-humility-mycosynth-lattice"])
def test_known_disagreement_dependency_between_static_abilities(engine, info, case_id):  # noqa: F811
    """CR 613.8a-b: March's effect depends on Mycosynth Lattice's, later, which makes every permanent
    an artifact; phase applies the two statics in timestamp order, so the enchantments and the
    Forest are noncreature artifacts. Only what that changes differs (the Lattice, printed an
    artifact, is right)."""
    result = outcome(engine, info, _golden(case_id))
    assert result.status == "failed"
    assert {m.object for m in result.mismatches} == {"humility", "march", "forest"}
    assert {(m.object, m.field): m.got for m in result.mismatches}["march", "types"] == ["enchantment", "artifact"]


def test_one_card_type_set_on_one_object_only():
    """CR 205.1a: "loses all card types and becomes an artifact" (phase's ``SetCardTypes``); two
    card types set, on several objects, or supertypes set (an empty list included) are refused."""
    from mtg_conformance_phase.changes import become_sentences
    from mtg_conformance_phase.wording import group

    (sentence,) = become_sentences({"types": ["artifact"]}, "target", None)
    assert sentence.text == "Target permanent loses all card types and becomes an artifact until end of turn."
    assert sentence.expect["static_abilities"][0]["modifications"] == [{"type": "SetCardTypes",
                                                                        "core_types": ["Artifact"]}]
    grp = group({"types": ["artifact"]}, you="Alex", players=("Alex",), static=False)
    for change, subject in (({"types": ["artifact", "creature"]}, "target"), ({"types": ["artifact"]}, "each"),
                            ({"supertypes": []}, "target"), ({"supertypes": [], "colors": ["R"]}, "target")):
        with pytest.raises(Unsupported, match="205.1a"):
            become_sentences(change, subject, grp)


@needs_phase
def test_each_creature_means_what_is_a_creature_now(engine, info):  # noqa: F811
    """CR 120.3e, 205.1a: the artifact creature whose card types became "artifact" is dealt no
    damage by "each creature"; phase's own SetCardTypes and its damage to each creature."""
    result = outcome(engine, info, _golden("120.3e/each-creature-means-creatures-now"))
    assert result.status == "passed", result


@needs_phase
def test_known_disagreement_cda_colors_off_the_battlefield(engine, info):  # noqa: F811
    """CR 604.3: Transguild Courier's colours are all five in the hand too; phase reports none
    there. On the battlefield its ability applies first in layer 5, then Darkest Hour's (613.3):
    black, as phase says."""
    result = outcome(engine, info, _golden("613.3/cda-applies-before-other-effects-in-its-layer"))
    assert result.status == "failed"
    assert [(m.checkpoint, m.object, m.field, m.got) for m in result.mismatches] == [(1, "courier", "colors", [])]


def test_a_pt_change_on_a_declared_noncreature_says_target_permanent():
    """CR 208.3a, 611.2c: "Target permanent gets +1/+1 until end of turn." for a Vehicle; a doubling
    or a switch of a noncreature stays refused."""
    from mtg_conformance_phase.wording import effect_sentence

    sentence = effect_sentence("modify_pt", {"power": 1, "toughness": 1}, "target", None, noun="permanent")
    assert sentence.text == "Target permanent gets +1/+1 until end of turn."
    assert sentence.expect["target"]["type_filters"] == ["Permanent"]
    assert effect_sentence("set_pt", {"power": 5}, "target", None, noun="permanent").text == \
        "Target permanent has base power 5 until end of turn."
    for kind, body in (("double_pt", {"which": "power"}), ("switch_pt", {})):
        with pytest.raises(Unsupported, match="noncreature"):
            effect_sentence(kind, body, "target", None, noun="permanent")


@needs_phase
def test_a_pump_on_a_vehicle_shows_once_it_is_a_creature(engine, info):  # noqa: F811
    """CR 208.3a, 611.2c: "Target permanent gets +1/+1 until end of turn." on an uncrewed Vehicle;
    it has no power until it is a creature, then 4/3 (phase's own layers)."""
    result = outcome(engine, info, _golden("208.3a/pump-on-a-vehicle-applies-once-it-is-a-creature"))
    assert result.status == "passed", result


@needs_phase
def test_a_noncreature_permanents_numbers_are_not_read(engine):  # noqa: F811
    """CR 208.3a, 704.5f: phase keeps 0/0 on an enchantment set to base 0/0, and its own
    state-based actions leave it alone (it is no creature): the adapter reads no toughness there."""
    from conformance.engines.interface import describe
    from conformance.results import compare
    from tests.scenarios import make_case

    case = make_case({"a1": {"card": {"types": ["enchantment"]}}},
                     [{"set_pt": {"to": "a1", "power": 0, "toughness": 0}},
                      {"expect": {"objects": {"a1": {"zone": "battlefield", "power": None, "toughness": None}}}}],
                     rules=("208.3a",))
    assert compare.judge(engine, describe(engine), case).status == "passed"  # still on the battlefield


def test_cards_in_all_graveyards_only_for_a_resolving_effect():
    """CR 611.2c: "All creature cards in all graveyards get +1/+1 until end of turn." (phase's
    ``InZone`` filter); a static ability's filter off the battlefield, or with more than one card
    type, stays refused."""
    from mtg_conformance_phase.wording import effect_sentence, group

    grp = group({"zone": "graveyard", "types": ["creature"]}, you="Alex", players=("Alex",), static=False)
    sentence = effect_sentence("modify_pt", {"power": 1, "toughness": 1}, "each", grp)
    assert sentence.text == "All creature cards in all graveyards get +1/+1 until end of turn."
    assert sentence.expect["target"]["properties"] == [{"type": "InZone", "zone": "Graveyard"}]
    for flt, static in (({"zone": "graveyard", "types": ["creature"]}, True),
                        ({"zone": "graveyard", "types": ["creature"], "owner": "Alex"}, False),
                        ({"zone": "hand", "types": ["creature"]}, False)):
        with pytest.raises(Unsupported, match="no Oracle template"):
            group(flt, you="Alex", players=("Alex",), static=static)


@needs_phase
def test_known_disagreement_effect_on_cards_in_graveyards(engine, info):  # noqa: F811
    """CR 611.2c: the two creature cards in the graveyard get +1/+1; phase creates no effect for
    them. The creature that dies later and the card that left (a new object, 400.7) are right."""
    result = outcome(engine, info, _golden("611.2c/effect-on-each-creature-card-in-graveyards"))
    assert result.status == "failed"
    assert {(m.checkpoint, m.object) for m in result.mismatches} == {(1, "corpse"), (1, "lurker"), (2, "lurker")}


def test_card_types_set_on_each_only_where_it_is_the_same_as_adding_them():
    """CR 205.1a, 613.6 example 3: "All noncreature artifacts become 2/2 artifact creatures until
    end of turn." is read by phase as types added (205.1b): written only when no object the filter
    can meet is printed with another card type and nothing else in the case changes card types."""
    from mtg_conformance_phase.changes import types_set_on_each
    from mtg_conformance_phase.wording import group

    flt = {"types": ["artifact"], "not_types": ["creature"]}
    grp = group(flt, you="Alex", players=("Alex",), static=False)
    change = {"to_each": flt, "types": ["artifact", "creature"], "power": 2, "toughness": 2}
    rock = {"card": {"types": ["artifact"]}}
    case = {"objects": {"rock": rock, "bear": {"card": {"types": ["creature"]}}}, "steps": [{"become": change}]}
    sentence = types_set_on_each(change, flt, grp, case)
    assert sentence.text == "All noncreature artifacts become 2/2 artifact creatures until end of turn."
    refused = [
        {"objects": {"rock": rock, "vault": {"card": {"types": ["artifact", "land"]}}}, "steps": [{"become": change}]},
        {"objects": {"rock": rock}, "steps": [{"become": change}, {"become": {"to": "rock", "add_types": ["land"]}}]},
        {"objects": {"rock": rock, "clone": {"card": {"types": ["creature"], "abilities": [
            {"enters_as_copy": {"of": {}}}]}}}, "steps": [{"become": change}]},
        None]
    for other in refused:
        with pytest.raises(Unsupported, match="205.1a"):
            types_set_on_each(change, flt, grp, other)
    with pytest.raises(Unsupported, match="205.1a"):
        types_set_on_each({**change, "colors": []}, flt, grp, case)


@needs_phase
def test_the_crs_own_example_of_types_set_on_each_passes(engine, info):  # noqa: F811
    """CR 613.6 example 3, 611.2c: the set is fixed as the spell resolves, the 2/2 applies in 7b to
    the objects made creatures in layer 4, the effect ends at end of turn: phase's own layers."""
    result = outcome(engine, info, _golden("613.6/noncreature-artifacts-become-2-2-artifact-creatures"))
    assert result.status == "passed", result


def test_supertypes_set_by_a_static_ability_alone():
    """CR 205.1a, 613.1d: "All creatures are snow." and "All creatures are no longer legendary."
    (and basic, world); with another change, colours set to none included, refused."""
    from mtg_conformance_phase.changes import static_change_sentences
    from mtg_conformance_phase.wording import group

    grp = group({"types": ["creature"]}, you="Alex", players=("Alex",), static=True)
    assert [s.text for s in static_change_sentences({"supertypes": ["snow"]}, grp)] == [
        "All creatures are snow.", "All creatures are no longer legendary.", "All creatures are no longer basic.",
        "All creatures are no longer world."]
    for change in ({"supertypes": [], "colors": []}, {"supertypes": ["snow"], "add_types": ["artifact"]}):
        with pytest.raises(Unsupported, match="205.1a"):
            static_change_sentences(change, grp)


@needs_phase
def test_a_static_ability_setting_supertypes_passes(engine, info):  # noqa: F811
    result = outcome(engine, info, _golden("613.1d/static-ability-sets-supertypes"))
    assert result.status == "passed", result


def test_subtypes_added_to_several_objects_are_plural():
    """CR 205.1b: "Creatures you control are Elves in addition to their other types." (Xenograft);
    a creature type with no plural here stays refused."""
    from mtg_conformance_phase.changes import static_change_sentences
    from mtg_conformance_phase.wording import group

    grp = group({"types": ["creature"], "controller": "you"}, you="Alex", players=("Alex",), static=True)
    assert [s.text for s in static_change_sentences({"add_subtypes": ["Elf"]}, grp)] == [
        "Creatures you control are Elves in addition to their other types."]
    assert [s.text for s in static_change_sentences({"add_subtypes": ["Goblin"], "add_types": ["artifact"]}, grp)] == [
        "Creatures you control are Goblin artifacts in addition to their other types."]
    with pytest.raises(Unsupported, match="plural"):
        static_change_sentences({"add_subtypes": ["Sphinx", "Fish"]}, grp)


@needs_phase
def test_xenograft_passes(engine, info):  # noqa: F811
    """CR 613.1d: a creature made later is an Elf too (phase's static, its own layer 4)."""
    result = outcome(engine, info, _golden("613.1d/xenograft-adds-a-creature-type"))
    assert result.status == "passed", result


@needs_phase
def test_damage_to_each_card_in_graveyards_or_each_permanent_is_refused(engine, info):  # noqa: F811
    """CR 120.1: damage is dealt to creatures, planeswalkers, battles and players: the filters
    written for other effects (cards in graveyards, every permanent) are not written for damage."""
    from tests.scenarios import make_case

    for flt in ({"zone": "graveyard", "types": ["creature"]}, {}):
        case = make_case({"bear": {"card": {"types": ["creature"], "power": 2, "toughness": 2}}, "shock": {
            "card": {"types": ["instant"]}, "zone": "hand"}}, [{"damage": {"source": "shock", "to_each": flt, "amount": 2}}],
            rules=("120.1",))
        result = outcome(engine, info, case)
        assert result.status == "unsupported" and "damage to each object" in result.reason, result


@needs_phase
@pytest.mark.parametrize(("first", "power"), [("double_pt", 6), ("put_counters", 8)])
def test_counters_put_in_one_event_with_a_doubling_of_the_same_creature(engine, info, first, power):  # noqa: F811
    """CR 704.3, 701.10b, 613.4c: a together step doubling a 2/2's power and putting two +1/+1
    counters on it, as one spell in the step's order: doubled first, +2/+0 then +2/+2 (6/4);
    counters first, 4/4 then +4/+0 (8/4)."""
    from tests.scenarios import creature, make_case

    parts = {"double_pt": {"double_pt": {"to": "bear", "controller": "Alex", "which": "power"}},
             "put_counters": {"put_counters": {"object": "bear", "kind": "+1/+1", "count": 2}}}
    order = [parts[first], *(part for kind, part in parts.items() if kind != first)]
    case = make_case({"bear": creature(2, 2)}, [{"together": order}, {"expect": {"objects": {"bear": {
        "power": power, "toughness": 4, "counters": {"+1/+1": 2}}}}}], rules=("704.3", "701.10b"))
    result = outcome(engine, info, case)
    assert result.status == "passed", result
