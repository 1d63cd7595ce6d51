"""The phase adapter's copy scenarios beyond those of test_phase_adapter.py (branch s31-copytail):
two different cards of one name (CR 201.2), changeling's every creature type (702.73a, 205.3m),
and the copy exceptions realised here (707.9b)."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

from conformance.engines.interface import describe
from conformance.results import compare
from phase_support import engine, needs_phase  # noqa: F401 (a fixture)
from tests.scenarios import creature, make_case

CLONE = {"card": {"name": "Clone", "types": ["creature"], "subtypes": ["Shapeshifter"], "colors": ["U"], "power": 0,
                  "toughness": 0, "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]},
         "zone": "hand"}


def _judge(engine, case):
    return compare.judge(engine, describe(engine), case)


@needs_phase
def test_two_different_cards_of_one_name_are_each_their_own(engine):
    """CR 201.2, 707.2: two different Runeclaw Bears (a 2/2, a 4/5 with flying) and two different
    Clones (one with an exception): each object has its own characteristics and the name declared,
    and a Clone copying the second bear copies that bear's name and values."""
    bear = {"name": "Runeclaw Bear", "subtypes": ["Bear"], "colors": ["G"]}
    other_clone = {**CLONE, "card": {**CLONE["card"], "abilities": [
        {"enters_as_copy": {"of": {"types": ["creature"]}, "exceptions": {"power": 7, "toughness": 7}}}]}}
    case = make_case({
        "small": creature(2, 2, **bear),
        "big": creature(4, 5, **bear, abilities=[{"keyword": "flying"}]),
        "clone": CLONE, "clone7": other_clone}, [
        {"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "big"}}},
        {"move": {"object": "clone7", "to": "battlefield", "choices": {"copy": "small"}}},
        {"move": {"object": "big", "to": "graveyard"}},
        {"expect": {"objects": {
            "small": {"name": "Runeclaw Bear", "power": 2, "toughness": 2},
            "big": {"name": "Runeclaw Bear", "zone": "graveyard", "power": 4, "toughness": 5},
            "clone": {"name": "Runeclaw Bear", "power": 4, "toughness": 5, "abilities": [{"keyword": "flying"}]},
            "clone7": {"name": "Runeclaw Bear", "power": 7, "toughness": 7, "abilities": []}}}}],
        rules=("707.2", "201.2"))
    result = _judge(engine, case)
    assert result.status == "passed", result


OUTCAST = {"card": {"name": "Changeling Outcast", "types": ["creature"], "subtypes": ["Shapeshifter"], "colors": ["B"],
                    "power": 1, "toughness": 1, "abilities": [{"keyword": "changeling"}]}}


@needs_phase
def test_changeling_is_every_creature_type_of_the_cr(engine):
    """CR 702.73a, 205.3m: a changeling beside a Goblin card is every creature type of the CR's list,
    not those of the case's cards (phase's list made the CR's by a never-dealt card); an Elf added
    and the abilities lost keep it so (the ability applied in layer 4 before layer 6, 613.1f)."""
    from mtg_conformance_phase.changeling import TYPES_CARD
    from mtg_conformance_phase.plan import plan_case

    goblin = creature(2, 1, name="Goblin Piker", subtypes=["Goblin"], colors=["R"])
    case = make_case({"outcast": OUTCAST, "goblin": goblin}, [
        {"expect": {"objects": {"outcast": {"subtypes": ["Shapeshifter", "all creature types"]},
                                "goblin": {"subtypes": ["Goblin"]}}}},
        {"become": {"to": "outcast", "add_subtypes": ["Elf"]}},
        {"become": {"to": "outcast", "loses_all_abilities": True}},
        {"expect": {"objects": {"outcast": {"subtypes": ["Elf", "Shapeshifter", "all creature types"],
                                            "abilities": []}}}}], rules=("702.73a",))
    assert TYPES_CARD in plan_case(case.to_dict()).cards
    result = _judge(engine, case)
    assert result.status == "passed", result


@needs_phase
def test_changeling_with_creature_types_set_is_refused(engine):
    """CR 205.1a: an effect setting creature types in a case with changeling is refused (phase's
    removal reads the list the adapter empties to read changeling's types apart)."""
    case = make_case({"outcast": OUTCAST}, [{"become": {"to": "outcast", "subtypes": ["Frog"]}},
                                           {"expect": {"objects": {"outcast": {"subtypes": ["Frog"]}}}}],
                     rules=("702.73a",))
    result = _judge(engine, case)
    assert result.status == "unsupported" and "setting creature types" in result.reason, result


@needs_phase
def test_a_mimic_copying_a_changeling_keeps_it(engine):
    """CR 707.9d, 702.73a: the golden case (Glasspool Mimic's "a creature you control", phase's
    ``controller: You``) runs and passes."""
    from conformance.format import loader

    (case,) = [c for c in loader.load_suite([loader.golden_dir() / "707.9-copy-exceptions.yaml"])
               if c.id == "707.9d/glasspool-mimic-copies-a-changeling"]
    result = _judge(engine, case)
    assert result.status == "passed", result


@needs_phase
def test_known_disagreement_changeling_off_the_battlefield(engine):
    """CR 702.73a, 604.3: the kindred instant with changeling runs (kindred a card type here, its move
    to the stack phase's stack zone) and fails on its subtypes only: phase gives every creature type
    on the battlefield alone (adapters/phase/reproducers/cr702_73a_changeling_off_the_battlefield.py)."""
    from conformance.format import loader

    (case,) = [c for c in loader.load_suite([loader.golden_dir() / "613.1-more-layers.yaml"])
               if c.id == "702.73a/kindred-changeling-in-every-zone"]
    result = _judge(engine, case)
    assert result.status == "failed", result
    assert [(m.checkpoint, m.field, m.got) for m in result.mismatches] == [
        (1, "subtypes", ["Shapeshifter"]), (2, "subtypes", ["Shapeshifter"])]


def test_a_copied_static_grant_may_give_a_keyword_twice():
    """CR 113.2c, 707.2: two Clones of a creature whose static ability gives other creatures
    vigilance make it a second grant, so the original may have vigilance twice, which phase keeps
    once: refused where abilities are observed (found by 707.3/copies-agree-with-reference)."""
    import pytest

    from mtg_conformance_phase.abilities import check_single_instances
    from conformance.errors import Unsupported

    grant = {"static": {"affects": {"types": ["creature"], "controller": "you", "other": True},
                        "becomes": {"gains": [{"keyword": "vigilance"}]}}}
    objects = {"o1": creature(1, 1, abilities=[grant]), "k1": CLONE}
    with pytest.raises(Unsupported, match="vigilance twice"):
        check_single_instances(make_case(objects, []).to_dict())
    check_single_instances(make_case({"o1": creature(1, 1, abilities=[grant])}, []).to_dict())  # no copy: once


def _clone(exceptions):
    return {**CLONE, "card": {**CLONE["card"], "abilities": [
        {"enters_as_copy": {"of": {"types": ["creature"]}, "exceptions": exceptions}}]}}


def test_types_and_supertypes_given_instead_are_written_as_added_only_where_the_same():
    """CR 707.9b, 205.1a: "except it's an artifact creature" (dropped by phase's parser) and "except
    it's snow" are written as added where nothing copiable in the case has another card type or
    supertype; otherwise left as they are."""
    from mtg_conformance_phase.copies import instead_as_added

    bear = creature(2, 2, name="Runeclaw Bear", subtypes=["Bear"])
    case = make_case({"bear": bear, "c": _clone({"types": ["artifact", "creature"], "supertypes": ["snow"]})},
                     []).to_dict()
    exceptions = instead_as_added(case)["objects"]["c"]["card"]["abilities"][0]["enters_as_copy"]["exceptions"]
    assert exceptions.get("add_types") == ["artifact", "creature"] and exceptions.get("add_supertypes") == ["snow"]
    assert "types" not in exceptions and "supertypes" not in exceptions
    legendary = make_case({"bear": {**bear, "card": {**bear["card"], "supertypes": ["legendary"]}},
                           "c": _clone({"supertypes": ["snow"]})}, []).to_dict()
    assert instead_as_added(legendary) is legendary  # legendary could be copied: not the same, left as it is
    enchantment = make_case({"bear": bear, "c": _clone({"types": ["enchantment"]})}, []).to_dict()
    assert instead_as_added(enchantment) is enchantment  # phase's SetCardTypes (copy_modifications)


@needs_phase
def test_a_clone_that_is_an_artifact_creature_and_snow_instead(engine):
    """CR 707.9b: the Clone copying a 2/2 Bear "except it's an artifact creature" and "except it's
    snow" is a snow artifact creature Bear; beside a legendary original, snow instead stays refused."""
    bear = creature(2, 2, name="Runeclaw Bear", subtypes=["Bear"])
    steps = [{"move": {"object": "c", "to": "battlefield", "choices": {"copy": "bear"}}},
             {"expect": {"objects": {"c": {"name": "Runeclaw Bear", "types": ["artifact", "creature"],
                                           "supertypes": ["snow"], "subtypes": ["Bear"], "power": 2}}}}]
    exceptions = {"types": ["artifact", "creature"], "supertypes": ["snow"]}
    case = make_case({"bear": bear, "c": _clone(exceptions)}, steps, rules=("707.9b",))
    result = _judge(engine, case)
    assert result.status == "passed", result
    # a Clone left in the hand is read back with its ability as the case gives it (not as written for phase)
    held = [*steps[:1], {"expect": {"objects": {"h": {"abilities": [
        {"enters_as_copy": {"of": {"types": ["creature"]}, "exceptions": exceptions}}]}}}}]
    result = _judge(engine, make_case({"bear": bear, "c": _clone(exceptions), "h": _clone(exceptions)}, held,
                                      rules=("707.9b",)))
    assert result.status == "passed", result
    legendary = make_case({"bear": {**bear, "card": {**bear["card"], "supertypes": ["legendary"]}},
                           "c": _clone({"supertypes": ["snow"]})}, steps, rules=("707.9b",))
    result = _judge(engine, legendary)
    assert result.status == "unsupported" and "['supertypes']" in result.reason, result


@needs_phase
def test_if_it_is_a_creature_where_it_always_is(engine):
    """CR 707.9f: "..., except it enters with an additional +1/+1 counter on it and has haste if it's
    a creature" is made unconditional where every card type in the case has creature (the copy is a
    creature whatever it copies); beside a noncreature card it stays refused."""
    from mtg_conformance_phase.copies import if_creature_as_always

    bear = creature(2, 2, name="Runeclaw Bear", subtypes=["Bear"])
    clone = _clone({"if_creature": {"enters_with_counters": {"+1/+1": 1}, "gains": [{"keyword": "haste"}]}})
    steps = [{"move": {"object": "c", "to": "battlefield", "choices": {"copy": "bear"}}},
             {"expect": {"objects": {"c": {"power": 3, "counters": {"+1/+1": 1}, "abilities": [{"keyword": "haste"}]}}}}]
    result = _judge(engine, make_case({"bear": bear, "c": clone}, steps, rules=("707.9f",)))
    assert result.status == "passed", result
    relic = {"card": {"types": ["artifact"]}}
    case = make_case({"bear": bear, "c": clone, "relic": relic}, steps, rules=("707.9f",)).to_dict()
    assert if_creature_as_always(case) is case
    result = _judge(engine, make_case({"bear": bear, "c": clone, "relic": relic}, steps, rules=("707.9f",)))
    assert result.status == "unsupported" and "if_creature" in result.reason, result
