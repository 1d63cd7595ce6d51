"""The phase adapter's refusals beyond features, and what they made realisable (issue 20): the
``abilities`` observable read back in the suite's form (CR 613.1f, 707.2a; adapters/phase/README.md).

The bookkeeping is checked without phase; the rest needs phase-python."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import pytest

from mtg_conformance_phase.abilities import AbilityReader, observes_abilities
from conformance.engines.interface import describe
from conformance.errors import EngineGap, Unsupported
from conformance.results import compare
from tests.scenarios import creature, make_case

from phase_support import engine, needs_phase

ANTHEM = {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you", "other": True},
                        "power": 1, "toughness": 1}}
STATIC = {"mode": "Continuous", "description": "Other creatures you control get +1/+1."}


def test_abilities_are_read_back_as_a_whole_card_or_refused():
    reader = AbilityReader(frozenset({"marshal", "bear"}))
    reader.add("marshal", {"abilities": [ANTHEM, {"keyword": "flying"}]},
               {"keywords": ["Flying"], "static_abilities": [STATIC]})
    assert reader.read("marshal", {"keywords": ["Flying"], "static_definitions": [STATIC]}) == [
        ANTHEM, {"keyword": "flying"}]
    assert reader.read("marshal", {"keywords": [], "static_definitions": []}) == []  # 613.1f: all lost
    assert reader.read("bear", {"keywords": ["Flying", "Flying"]}) == [{"keyword": "flying"}] * 2
    with pytest.raises(Unsupported, match="not all of one card's"):  # a part of a card's: not written back
        reader.read("marshal", {"static_definitions": [STATIC, STATIC]})
    reader.add("other", {"abilities": [{"text": "Other creatures you control get +1/+1."}]},
               {"static_abilities": [STATIC]})  # read alike, meaning otherwise
    with pytest.raises(Unsupported, match="cannot be told apart"):
        reader.read("marshal", {"keywords": ["Flying"], "static_definitions": [STATIC]})
    assert reader.read("elf", {"static_definitions": [STATIC]}) is None  # not observed: not reported


def test_only_cases_observing_abilities_read_them():
    case = make_case({"bear": creature(2, 2)}, [{"expect": {"objects": {"bear": {"abilities": []}}}}])
    assert observes_abilities(case.to_dict()) == {"bear"}
    every = make_case({"bear": creature(2, 2)}, [{"expect": {"objects": {"bear": {}}}}])  # every value
    assert observes_abilities(every.to_dict()) == {"bear"}
    assert not observes_abilities(make_case({"bear": creature(2, 2)}, [
        {"expect": {"objects": {"bear": {"power": 2}}}}]).to_dict())
    assert AbilityReader(frozenset({"bear"})).read("elf", {"static_definitions": [STATIC]}) is None  # not observed


@needs_phase
def test_abilities_gained_lost_and_copied_are_reported(engine):
    marshal = creature(3, 3, abilities=[ANTHEM, {"keyword": "flying"}])
    case = make_case({"marshal": marshal, "bear": creature(2, 2)}, [
        {"expect": {"objects": {"marshal": {"abilities": [ANTHEM, {"keyword": "flying"}]},
                                "bear": {"abilities": [], "power": 3}}}},
        {"become": {"to": "marshal", "loses_all_abilities": True}},
        {"become": {"to": "bear", "gains": [{"keyword": "haste"}]}},
        {"expect": {"objects": {"marshal": {"abilities": []}, "bear": {"abilities": [{"keyword": "haste"}], "power": 2}}}},
        {"end_turn": {}},
        {"expect": {"objects": {"marshal": {"abilities": [ANTHEM, {"keyword": "flying"}]}, "bear": {"abilities": []}}}},
    ], rules=("613.1f",))
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "passed", result


@needs_phase
def test_abilities_phase_reads_alike_are_refused(engine):
    forest = {"card": {"types": ["land"], "subtypes": ["Forest"], "supertypes": ["basic"], "name": "Forest",
                       "abilities": [{"text": "({T}: Add {G}.)"}]}}
    bare = {"card": {"types": ["land"], "subtypes": ["Forest"], "name": "Forest Two"}}
    case = make_case({"forest": forest, "bare": bare}, [{"expect": {"objects": {"bare": {"abilities": []}}}}],
                     rules=("613.1f",))
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "unsupported" and "cannot be told apart" in result.reason, result


def test_control_is_written_as_a_resolving_effect_on_one_target_only():
    from mtg_conformance_phase.changes import CONTROL, become_sentences, static_change_sentences
    from mtg_conformance_phase.wording import group

    sentences = become_sentences({"gain_control": True, "gains": [{"keyword": "haste"}]}, "target", None)
    assert [s.text for s in sentences] == [CONTROL.text, "It gains haste until end of turn."]  # Act of Treason
    grp = group({"types": ["artifact"]}, you="Alex", players=("Alex", "Blair"), static=True)
    with pytest.raises(Unsupported, match="gain_control"):  # CR 613.1b as a static ability: phase leaves it unparsed
        static_change_sentences({"gain_control": True}, grp)
    with pytest.raises(Unsupported):
        become_sentences({"gain_control": True}, "each", grp)


@needs_phase
def test_stolen_creature_returns_at_end_of_turn(engine):
    ogre = {**creature(2, 2), "owner": "Blair"}
    case = make_case({"ogre": ogre}, [
        {"become": {"to": "ogre", "gain_control": True}},
        {"expect": {"objects": {"ogre": {"controller": "Alex"}}}},
        {"end_turn": {}},
        {"expect": {"objects": {"ogre": {"controller": "Blair"}}}},
    ], rules=("613.1b",))
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "passed", result


def test_as_enters_choices_of_a_player_only():
    from mtg_conformance_phase.enters_choices import choose_sentence, player_choice

    assert choose_sentence("o", {"player": "opponent"}, ["creature"]).text == (
        "As this creature enters, choose an opponent.")  # CR 614.12: Lost Order of Jarkeld
    with pytest.raises(EngineGap, match="leaves 'choose a creature' unimplemented"):  # phase's gap, not the adapter's
        choose_sentence("o", {"object": {"types": ["creature"]}}, ["creature"])
    with pytest.raises(Unsupported, match="noncreature"):
        choose_sentence("o", {"player": "player"}, ["artifact"])
    case = {"players": ["Alex", "Blair"], "objects": {"o": {"card": {"abilities": [{"as_enters_choose": {
        "player": "opponent"}}]}}}}
    assert player_choice(case, {"object": "o", "to": "battlefield", "choices": {"player": "Blair", "pt": None}}) == "Blair"
    assert player_choice(case, {"object": "o", "to": "battlefield", "choices": {"copy": ["x"]}}) is None
    with pytest.raises(Unsupported, match="together"):
        player_choice(case, {"object": "o", "to": "battlefield", "choices": {"player": "Blair", "copy": ["x"]}})


def test_as_enters_pt_choices_are_aquamorph_entitys_wording_or_refused():
    from mtg_conformance_phase.enters_choices import pt_choice, pt_choice_sentences

    replacement, statics = pt_choice_sentences("o", {"options": ["5/1", "1/5"], "turned_face_up": True}, ["creature"],
                                               {"steps": []})
    assert replacement.text == "As this creature enters, it becomes your choice of 5/1 or 1/5."  # CR 208.2b
    assert [s.expect["condition"]["label"] for s in statics] == ["5/1", "1/5"]
    with pytest.raises(Unsupported, match="two options only"):  # phase leaves a list of three unimplemented
        pt_choice_sentences("o", {"options": ["2/2", "4/1", "3/3"]}, ["creature"], {"steps": []})
    with pytest.raises(Unsupported, match="708.11"):  # the "or is turned face up" half would apply
        pt_choice_sentences("o", {"options": ["5/1", "1/5"], "turned_face_up": True}, ["creature"],
                            {"steps": [{"turn_face_up": {"object": "o", "by": "morph"}}]})
    with pytest.raises(Unsupported, match="708.11"):  # to a copy of it, which has the ability (707.2)
        pt_choice_sentences("o", {"options": ["5/1", "1/5"], "turned_face_up": True}, ["creature"], {"steps": [
            {"become_copy": {"to": "p", "of": "o"}}, {"turn_face_up": {"object": "p", "by": "effect"}}]})
    other = {"steps": [{"turn_face_up": {"object": "p", "by": "morph"}}], "objects": {}}  # another permanent only
    assert pt_choice_sentences("o", {"options": ["5/1", "1/5"], "turned_face_up": True}, ["creature"], other)[0].text
    case = {"players": ["Alex"], "steps": [], "objects": {"o": {"card": {"abilities": [AQUAMORPH]}}}}
    assert pt_choice(case, {"object": "o", "to": "battlefield", "choices": {"pt": "1/5", "player": None}}) == "1/5"
    with pytest.raises(Unsupported, match="together"):
        pt_choice(case, {"object": "o", "to": "battlefield", "choices": {"pt": "1/5", "player": "Alex"}})
    with pytest.raises(Unsupported, match="without an enters_as_copy"):  # a copy choice: a Clone's only (707.5)
        pt_choice(case, {"object": "o", "to": "battlefield", "choices": {"pt": "1/5", "copy": ["x"]}})
    clone = {"card": {"abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}}
    cloned = {**case, "objects": {**case["objects"], "c": clone}}
    assert pt_choice(cloned, {"object": "c", "to": "battlefield", "choices": {"pt": "5/1", "copy": ["o"]}}) == "5/1"
    with pytest.raises(Unsupported, match="one declared object only"):
        pt_choice(cloned, {"object": "c", "to": "battlefield", "choices": {"pt": "5/1", "copy": []}})
    with pytest.raises(Unsupported, match="among those options"):
        pt_choice(case, {"object": "o", "to": "battlefield", "choices": {"pt": "2/2"}})


AQUAMORPH = {"as_enters_pt": {"options": ["5/1", "1/5"], "turned_face_up": True}}


def _aquamorph(**spec):
    return {"zone": "hand", "card": {"name": "Aquamorph Entity", "types": ["creature"], "subtypes": ["Shapeshifter"],
                                     "colors": ["U"], "power": "*", "toughness": "*",
                                     "abilities": [AQUAMORPH, {"morph": "{2}{U}"}]}, **spec}


@needs_phase
def test_a_chosen_pt_is_phases_choice_as_the_card_is_cast(engine):
    """CR 208.2b, 614.12: Aquamorph Entity cast from the hand (by "Cast a creature spell from your
    hand without paying its mana cost.") enters as the option answered in phase's prompt (either
    one), and is 0/0 again in the graveyard."""
    for label, (p, t) in (("5/1", (5, 1)), ("1/5", (1, 5))):
        case = make_case({"aq": _aquamorph()}, [
            {"move": {"object": "aq", "to": "battlefield", "choices": {"pt": label}}},
            {"expect": {"objects": {"aq": {"zone": "battlefield", "power": p, "toughness": t}}}},
            {"move": {"object": "aq", "to": "graveyard"}},
            {"expect": {"objects": {"aq": {"zone": "graveyard", "power": 0, "toughness": 0}}}}],
            players=("Alex",), rules=("208.2b",))
        assert compare.judge(engine, describe(engine), case).status == "passed", label


@needs_phase
def test_a_land_with_a_chosen_pt_is_refused_not_cast(engine):
    """CR 305.1, 614.12: a land creature with an as-enters P/T choice (the shrunk counterexample of
    704.5f/state-based-invariants that was an AdapterFault) is refused: phase keeps the choice only
    for a spell cast from the hand, and a land is never cast."""
    dryad = {"zone": "battlefield", "choices": {"pt": "2/2"}, "card": {
        "types": ["land", "creature"], "subtypes": ["Forest", "Dryad"], "power": "*", "toughness": "*",
        "abilities": [{"as_enters_pt": {"options": ["2/2", "4/1"], "turned_face_up": False}}]}}
    case = make_case({"c1": dryad}, [{"end_turn": {}}, {"expect": {"objects": {"c1": {}}}}], rules=("208.2b",))
    result = compare.judge(engine, describe(engine), case)
    assert (result.status, "a land is played, never cast" in result.reason) == ("unsupported", True)


@needs_phase
def test_a_declared_permanents_chosen_pt_is_made_as_it_is_cast_in_the_setup(engine):
    """CR 208.2b, 614.12: an Aquamorph Entity declared on the battlefield as a 1/5 entered so before
    the case began: cast from its owner's hand as the case is set up (either player's, under
    either's control: the option is the case's), the choice made in phase's prompt."""
    steps = [{"modify_pt": {"to": "aq", "power": 1, "toughness": 0}},
             {"expect": {"objects": {"aq": {"zone": "battlefield", "power": 2, "toughness": 5}}}}]
    for spec in ({}, {"owner": "Blair"}, {"controller": "Blair"}):
        case = make_case({"aq": _aquamorph(zone="battlefield", choices={"pt": "1/5"}, **spec)}, steps, rules=("208.2b",))
        assert compare.judge(engine, describe(engine), case).status == "passed", spec


    # with more cards in its owner's deck than phase deals into the hand, the spell that casts it
    # may start in the library: it is put into the hand first (an AdapterFault the exploration of
    # 707.3/copies-agree-with-reference found, benchmarks.explore)
    objects = {"aq": _aquamorph(zone="battlefield", choices={"pt": "1/5"}),
               "aq2": _aquamorph(zone="battlefield", choices={"pt": "5/1"}),
               **{f"h{n}": {"zone": "hand", **creature(1, 1)} for n in range(3)}}
    case = make_case(objects, steps, rules=("208.2b",))
    assert compare.judge(engine, describe(engine), case).status == "passed"


@needs_phase
def test_a_chosen_pt_elsewhere_than_cast_from_the_hand_is_refused(engine):
    """phase keeps a chosen power and toughness only for a card cast (.choosing): one entering from a
    graveyard is refused with the reason; a card with no mana cost is cast without paying it (CR
    118.6), by its owner whether active or not."""
    enter = {"move": {"object": "aq", "to": "battlefield", "choices": {"pt": "5/1"}}}
    look = {"expect": {"objects": {"aq": {"power": 5, "toughness": 1}}}}
    case = make_case({"aq": _aquamorph(zone="graveyard")}, [enter, look], players=("Alex",), rules=("208.2b",))
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "unsupported" and "cast from the hand" in result.reason
    nameless = _aquamorph(owner="Blair")
    nameless["card"] = {**nameless["card"], "name": "Cfx Shapeshifter"}
    case = make_case({"aq": nameless}, [enter, look], rules=("208.2b",))
    assert compare.judge(engine, describe(engine), case).status == "passed"


LOST_ORDER = {"as_enters_choose": {"player": "opponent"}}
CHOSEN = {"sum": [1, {"count": {"types": ["creature"], "controller": "chosen"}}]}


@needs_phase
def test_the_chosen_opponent_is_phases_choice(engine):
    """CR 614.12, 208.2a: Lost Order of Jarkeld counts the chosen opponent's creatures, in a game of
    three: choosing Cara (one creature) or Blair (two) gives different values."""
    order = {**creature("1+*", "1+*", abilities=[LOST_ORDER, {"cda_pt": {"power": CHOSEN, "toughness": CHOSEN}}]),
             "zone": "hand"}
    objects = {"order": order, "wolf": {**creature(3, 3), "owner": "Blair"},
               "ogre": {**creature(2, 2), "owner": "Blair"}, "elf": {**creature(1, 1), "owner": "Cara"}}
    for chosen, value in (("Cara", 2), ("Blair", 3)):
        case = make_case(objects, [{"move": {"object": "order", "to": "battlefield", "choices": {"player": chosen}}},
                                   {"expect": {"objects": {"order": {"power": value, "toughness": value}}}}],
                         players=("Alex", "Blair", "Cara"), rules=("614.12",))
        assert "enters-choices" in case.features and "enters-choices" in describe(engine).features
        assert compare.judge(engine, describe(engine), case).status == "passed", chosen


@needs_phase
def test_token_names_are_observed_and_phase_disagrees_with_111_4(engine):
    """CR 111.4: a token given no name is named by its subtypes and "Token"; phase says "Soldier"
    (adapters/phase/README.md): run and failed, no longer refused."""
    from pathlib import Path

    from conformance.format import loader

    (case,) = loader.load_suite([Path(__file__).parent / "cases" / "111.4-token-name.yaml"])
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "failed"
    assert [(m.object, m.field, m.expected, m.got) for m in result.mismatches] == [
        ("soldier", "name", "Soldier Token", "Soldier")]


@needs_phase
def test_a_token_that_ceased_to_exist_is_not_moved_but_refused(engine):
    """CR 111.7, 111.8, 704.5d: a token put into a graveyard ceases to exist when state-based actions
    are performed, and phase removes it: its first checkpoint is phase's (no object). Moving it again
    has nothing to move in phase's game, so the case is refused: the adapter once skipped the move,
    and the checkpoint after it passed whatever phase would do (issue 44)."""
    from conformance.format import loader

    (case,) = [c for c in loader.load_suite([loader.golden_dir()]) if c.id == "111.7/token-leaves-and-ceases-to-exist"]
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "unsupported" and "CR 111.8" in result.reason and "'soldier'" in result.reason
    soldier = creature(1, 1, subtypes=["Soldier"], colors=["W"])["card"]
    gone = make_case({"anthem": {"card": {"types": ["enchantment"]}}},
                     [{"create_token": {"token": "soldier", "card": soldier}}, {"move": {"object": "soldier", "to": "graveyard"}},
                      {"expect": {"objects": {"soldier": {"zone": None}}}}], rules=("111.7",))
    assert compare.judge(engine, describe(engine), gone).status == "passed"  # phase removed it (704.5d)


def test_text_with_no_meaning_here_gets_an_inert_stand_in():
    from mtg_conformance_phase.inert import stand_in

    tax = "Noncreature spells cost {1} more to cast."
    assert stand_in(tax) == stand_in(tax) and stand_in(tax).startswith("{T}: You gain ")
    assert stand_in(tax) != stand_in("Juggernaut attacks each combat if able.")


THALIA = {"name": "Thalia, Guardian of Thraben", "types": ["creature"], "power": 2, "toughness": 1,
          "abilities": [{"keyword": "first strike"}, {"text": "Noncreature spells cost {1} more to cast."}]}


@needs_phase
def test_a_static_text_does_nothing_and_is_reported(engine):
    """Thalia's tax is text only in the suite (no step performs it): phase gets an inert stand-in,
    so the {0} spell realising the pump is cast as before; her abilities read back as the card's,
    first strike as phase's FirstStrike (CR 702.7), and none once she loses them all (613.1f)."""
    from mtg_conformance_phase.plan import plan_case

    case = make_case({"thalia": {"card": THALIA}}, [
        {"modify_pt": {"to": "thalia", "power": 1}},
        {"expect": {"objects": {"thalia": {"power": 3, "abilities": THALIA["abilities"]}}}},
        {"become": {"to": "thalia", "loses_all_abilities": True}},
        {"expect": {"objects": {"thalia": {"abilities": []}}}},
    ], rules=("613.1f",))
    face = plan_case(case.to_dict()).cards[THALIA["name"]].face
    assert not face["static_abilities"] and [a["kind"] for a in face["abilities"]] == ["Activated"]
    assert face["keywords"] == ["FirstStrike"]
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "passed", result


def test_token_copies_and_named_tokens_are_worded():
    from mtg_conformance_phase.tokens import copy_token_sentence, create_token_sentence

    assert copy_token_sentence({"copy_of": "giant"}).text == "Create a token that's a copy of target permanent."
    assert copy_token_sentence({"copy_of": "giant", "exceptions": {"power": 4, "toughness": 4}}).text == (
        "Create a token that's a copy of target permanent, except it's 4/4.")
    flying = copy_token_sentence({"copy_of": "giant", "exceptions": {"gains": [{"keyword": "flying"}]}})
    assert flying.expect["extra_keywords"] == ["Flying"] and "additional_modifications" not in flying.expect
    for body in ({"copy_of": "giant", "exceptions": {"colors": ["B"]}}, {"copy_of": "giant", "count": 2},
                 {"copy_of": "giant", "exceptions": {"supertypes": []}}):  # "isn't legendary": the copied unknown
        with pytest.raises(Unsupported):
            copy_token_sentence(body)
    named = create_token_sentence({"card": {"name": "Goblin Guide", "types": ["creature"], "subtypes": ["Goblin"],
                                            "colors": ["R"], "power": 2, "toughness": 2}})
    assert named.text == "Create a 2/2 red Goblin creature token named Goblin Guide."
    assert named.expect["name"] == "Goblin Guide"


@needs_phase
def test_a_token_copy_of_a_card_off_the_battlefield(engine):
    """CR 707.2: a creature card in a graveyard is copied by "target creature card in a graveyard"
    (The Scarab God's); a card elsewhere, or one that left the graveyard, is refused."""
    case = make_case({"bear": {**creature(2, 2), "zone": "graveyard"}}, [
        {"create_token": {"token": "copy", "copy_of": "bear"}},
        {"expect": {"objects": {"copy": {"power": 2}}}}], rules=("707.2",))
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "passed", result
    exiled = make_case({"bear": {**creature(2, 2), "zone": "exile"}}, [
        {"create_token": {"token": "copy", "copy_of": "bear"}},
        {"expect": {"objects": {"copy": {"power": 2}}}}], rules=("707.2",))
    result = compare.judge(engine, describe(engine), exiled)
    assert result.status == "unsupported" and "in the exile has no wording" in result.reason, result
    moved = make_case({"bear": {**creature(2, 2), "zone": "graveyard"}}, [
        {"move": {"object": "bear", "to": "exile"}}, {"create_token": {"token": "copy", "copy_of": "bear"}},
        {"expect": {"objects": {"copy": {"power": 2}}}}], rules=("707.2",))
    result = compare.judge(engine, describe(engine), moved)
    assert result.status == "unsupported" and "not a creature card in a graveyard now" in result.reason, result


def test_a_keyword_an_object_may_have_twice_is_refused_where_abilities_are_observed():
    """CR 113.2c: flying printed and gained is two instances; phase keeps one."""
    from mtg_conformance_phase.abilities import check_single_instances

    twice = make_case({"bird": creature(1, 1, abilities=[{"keyword": "flying"}])}, [
        {"become": {"to": "bird", "gains": [{"keyword": "flying"}]}},
        {"expect": {"objects": {"bird": {"abilities": [{"keyword": "flying"}] * 2}}}}], rules=("113.2c",))
    with pytest.raises(Unsupported, match="113.2c"):
        check_single_instances(twice.to_dict())
    apart = make_case({"a": creature(1, 1), "b": creature(1, 1, abilities=[{"keyword": "flying"}])}, [
        {"become": {"to": "a", "gains": [{"keyword": "flying"}]}},
        {"expect": {"objects": {"a": {"abilities": [{"keyword": "flying"}]}}}}], rules=("613.1f",))
    check_single_instances(apart.to_dict())  # different objects: each has it once


def test_choices_of_declared_objects_are_made_again_in_declaration_order():
    from mtg_conformance_phase.enters_choices import declared_choice

    clone = {"zone": "battlefield", "owner": "Alex", "choices": {"copy": ["bear"]},
             "card": {"abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}}
    case = {"players": ["Alex", "Blair"], "objects": {"bear": {"zone": "battlefield", "owner": "Alex", "card": {}},
                                                      "clone": clone}}
    assert declared_choice(case, "clone", ["bear"]) == ("copy", "bear")
    with pytest.raises(Unsupported, match="declared before it"):  # CR 707.5: the bear was not there yet
        declared_choice(case, "clone", [])
    # a copy choice under another player's control: made as its owner puts it there (the control is given after)
    assert declared_choice({**case, "objects": {**case["objects"], "clone": {**clone, "controller": "Blair"}}}, "clone",
                           ["bear"]) == ("copy", "bear")
    chooser = {"zone": "battlefield", "owner": "Alex", "controller": "Blair", "choices": {"player": "Alex"},
               "card": {"abilities": [{"as_enters_choose": {"player": "opponent"}}]}}
    with pytest.raises(Unsupported, match="another player's control"):  # "an opponent" of whoever chooses
        declared_choice({**case, "objects": {**case["objects"], "chooser": chooser}}, "chooser", [])
    assert declared_choice({**case, "objects": {**case["objects"], "clone": {**clone, "choices": {"copy": []}}}},
                           "clone", []) is None  # "copy nothing": set up as any declared permanent
    assert declared_choice(case, "bear", []) is None


LATE = ("608.2b/pump-aimed-at-a-creature-that-died-does-nothing", "704.5f/pump-after-zero-toughness-is-too-late",
        "704.5g/toughness-boost-after-lethal-damage-is-too-late",
        "704.5h/indestructible-after-deathtouch-damage-is-too-late")


@needs_phase
@pytest.mark.parametrize("case_id", LATE)
def test_an_effect_aimed_at_a_creature_that_died_waits_and_does_nothing(engine, case_id):
    """CR 608.2b, 400.7 (.late_targets): the step's spell is cast while its target is there, waits on
    phase's stack under the spell (or ability) that kills it, and does nothing as it resolves."""
    from conformance.format import loader

    (case,) = [c for c in loader.load_suite([loader.golden_dir()]) if c.id == case_id]
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "passed", result


@needs_phase
def test_the_waiting_spell_is_cast_before_the_step_that_removed_its_target(engine):
    """The early spell is cast just before the step that killed the creature (the -2/-7, after
    the +0/+5 that kept it alive), found by playing the case up to the late step; the checkpoint
    between is read while it waits."""
    from mtg_conformance_phase.late_targets import TargetLeft, leaving_step
    from mtg_conformance_phase import Session, plan_case

    case = make_case({"bear": creature(2, 2)}, [
        {"modify_pt": {"to": "bear", "toughness": 5}},
        {"modify_pt": {"to": "bear", "power": -2, "toughness": -7}},
        {"expect": {"objects": {"bear": {"zone": "graveyard", "power": 2, "toughness": 2}}}},
        {"modify_pt": {"to": "bear", "power": 3, "toughness": 3}},
        {"expect": {"objects": {"bear": {"zone": "graveyard", "power": 2, "toughness": 2}}}}], rules=("608.2b",))
    left = TargetLeft("gone", "bear")
    left.step = 3
    assert leaving_step(Session(engine, case.to_dict(), plan_case(case.to_dict())), left) == 1
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "passed", result


@needs_phase
def test_damage_from_a_source_that_died_uses_it_as_it_last_existed(engine):
    """CR 113.7a, 608.2h: the source's damage ability is activated while it is on the battlefield
    and resolves after it died; Alex's doubler for "a creature you control" applies to it as it
    last existed (phase agrees; its lifelink is the CR 113.7a disagreement, test_phase_adapter)."""
    case = make_case({
        "doubler": {"card": {"types": ["enchantment"], "abilities": [
            {"double_damage": {"by": {"types": ["creature"], "controller": "you"}}}]}},
        "imp": creature(1, 1)}, [
        {"modify_pt": {"to": "imp", "power": -1, "toughness": -1}},
        {"expect": {"objects": {"imp": {"zone": "graveyard"}}}},
        {"damage": {"source": "imp", "to": "Blair", "amount": 2}},
        {"expect": {"players": {"Blair": {"life": 16}}}}], rules=("113.7a",))
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "passed", result


@needs_phase
def test_no_earlier_spell_where_none_could_wait(engine):
    """Refused: a card in a hand from the start (no spell could ever have been aimed at it), a creature
    put into a graveyard by a move (a debug action: no spell resolves on top of a waiting one), a
    turn ending while the spell would wait (CR 608.2b); counters put on a creature that died are not
    played late at all (the format may put counters on a card elsewhere)."""
    from conformance.format import loader

    (hand,) = [c for c in loader.load_suite([loader.golden_dir()])
               if c.id == "608.2b/effects-aimed-at-a-card-in-hand-do-nothing"]
    result = compare.judge(engine, describe(engine), hand)
    assert result.status == "unsupported" and "never there since the case began" in result.reason, result
    moved = make_case({"bear": creature(2, 2)}, [
        {"move": {"object": "bear", "to": "graveyard"}}, {"modify_pt": {"to": "bear", "power": 3, "toughness": 3}},
        {"expect": {"objects": {"bear": {"zone": "graveyard", "power": 2}}}}], rules=("608.2b",))
    result = compare.judge(engine, describe(engine), moved)
    assert result.status == "unsupported" and "at a 'move' step, not a spell or an ability" in result.reason, result
    later = make_case({"bear": creature(2, 2)}, [
        {"modify_pt": {"to": "bear", "toughness": -2}}, {"end_turn": {}},
        {"modify_pt": {"to": "bear", "power": 3, "toughness": 3}},
        {"expect": {"objects": {"bear": {"zone": "graveyard", "power": 2}}}}], rules=("608.2b",))
    result = compare.judge(engine, describe(engine), later)
    assert result.status == "unsupported" and "'end_turn' step while a spell" in result.reason, result
    season = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {"on": {"controller": "you"}}}]}}
    counters = make_case({"season": season, "bear": creature(2, 2)}, [
        {"modify_pt": {"to": "bear", "toughness": -2}}, {"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1}},
        {"expect": {"objects": {"bear": {"zone": "graveyard"}}}}], rules=("608.2b",))
    result = compare.judge(engine, describe(engine), counters)  # counters may be put on a card elsewhere (122.1)
    assert result.status == "unsupported" and "nor could" not in result.reason, result
