"""Details of the reference engine that the golden cases leave open, found by mutation testing
(docs/mutation.md): creature types and changeling, copy exceptions, becoming something, "as
enters" choices and face-down permanents, static copy effects. Each expected value is worked from
the rule cited, not read off the engine."""

from __future__ import annotations

import pytest

from tests.engine_details import pt, run, star
from tests.scenarios import snapshots


# --- every creature type (702.73a) ---------------------------------------------------------------------


CHANGELING_ELF = {"card": {"types": ["creature"], "subtypes": ["Elf"], "power": 1, "toughness": 1,
                           "abilities": [{"keyword": "changeling"}]}}


def test_a_changeling_matches_a_subtype_it_lists():
    """An Elf with changeling (every creature type, 702.73a) gets "Elves get +1/+1": 2/2."""
    lord = {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
        "effect": "modify_pt", "affects": {"subtypes": ["Elf"]}, "power": 1, "toughness": 1}}]}}
    assert pt({"elf": CHANGELING_ELF, "lord": lord}, [], "elf") == (2, 2)


def test_a_changeling_matches_any_creature_type_of_the_list():
    """Against "Goblins get +1/+1" a changeling is a Goblin too (702.73a: every creature type of
    205.3m): 2/2. Against "Forests get +1/+1" it is not one (a land type, 205.3i): 1/1."""
    def lord(subtype):
        return {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
            "effect": "modify_pt", "affects": {"subtypes": [subtype]}, "power": 1, "toughness": 1}}]}}
    assert pt({"elf": CHANGELING_ELF, "lord": lord("Goblin")}, [], "elf") == (2, 2)
    assert pt({"elf": CHANGELING_ELF, "lord": lord("Forest")}, [], "elf") == (1, 1)


def test_a_noncreature_changeling_has_no_creature_type():
    """205.3d, 702.73a: a changeling made a noncreature artifact (its card types set, 205.1a) has no
    creature type, so "Goblins get +1/+1" doesn't reach it; a kindred changeling card in hand is every
    creature type."""
    lord = {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
        "effect": "modify_pt", "affects": {"subtypes": ["Goblin"]},
        "power": 1, "toughness": 1}}]}}
    kindred = {"zone": "hand", "card": {"types": ["kindred", "instant"], "subtypes": ["Shapeshifter"],
                                        "abilities": [{"keyword": "changeling"}]}}
    steps = [{"become": {"to": "elf", "types": ["artifact"], "until": "ended"}},
             {"expect": {"objects": {"elf": {"zone": "battlefield"}}}}]
    final = run({"elf": CHANGELING_ELF, "lord": lord, "kindred": kindred}, steps)["objects"]
    assert (final["elf"]["types"], final["elf"]["subtypes"]) == (["artifact"], [])
    assert final["kindred"]["subtypes"] == ["Shapeshifter", "all creature types"]


def test_setting_subtypes_replaces_those_of_their_kinds_only():
    """205.1a: a land type set on a land creature replaces its land types, a creature type its
    creature types; one of each replaces both."""
    arbor = {"card": {"types": ["land", "creature"], "subtypes": ["Forest", "Dryad"], "power": 1, "toughness": 1}}

    def after(subtypes):
        steps = [{"become": {"to": "arbor", "subtypes": subtypes, "until": "ended"}},
                 {"expect": {"objects": {"arbor": {"zone": "battlefield"}}}}]
        return run({"arbor": arbor}, steps)["objects"]["arbor"]["subtypes"]
    assert after(["Island"]) == ["Dryad", "Island"]
    assert after(["Frog"]) == ["Forest", "Frog"]
    assert after(["Island", "Frog"]) == ["Frog", "Island"]


def test_a_subtype_of_a_removed_card_type_comes_back_with_it():
    """205.1a: Dryad Arbor made an artifact (card types set) has neither Forest nor Dryad while it is
    one; when that effect ends it is a Forest Dryad again."""
    arbor = {"card": {"types": ["land", "creature"], "subtypes": ["Forest", "Dryad"], "power": 1, "toughness": 1}}
    steps = [{"become": {"id": "artifact", "to": "arbor", "types": ["artifact"], "until": "ended"}},
             {"expect": {"objects": {"arbor": {"zone": "battlefield"}}}},
             {"end_effect": "artifact"},
             {"expect": {"objects": {"arbor": {"zone": "battlefield"}}}}]
    first, last = (s["objects"]["arbor"]["subtypes"] for s in snapshots({"arbor": arbor}, steps))
    assert (first, last) == ([], ["Dryad", "Forest"])


def test_a_copy_exception_giving_a_creature_type_keeps_land_types():
    """205.1a with 707.9b: "a copy, except it's a Spirit" of Dryad Arbor is a Forest Spirit."""
    arbor = {"card": {"name": "Dryad Arbor", "types": ["land", "creature"], "subtypes": ["Forest", "Dryad"],
                      "power": 1, "toughness": 1}}
    got = the_clone({"clone": clone({"subtypes": ["Spirit"]}), "original": arbor})
    assert got["subtypes"] == ["Forest", "Spirit"]


# --- copy exceptions and characteristic-defining abilities (707.9b-d, 604.3a, 702.73a) -----------------


def clone(exceptions=None):
    ability = {"enters_as_copy": {"of": {"types": ["creature"]}, **({"exceptions": exceptions} if exceptions else {})}}
    return {"zone": "hand", "card": {"name": "Clone", "types": ["creature"], "subtypes": ["Shapeshifter"],
                                     "power": 0, "toughness": 0, "abilities": [ability]}}


SHAPESHIFTER = {"card": {"name": "Chameleon", "types": ["creature"], "subtypes": ["Shapeshifter"], "power": 2,
                         "toughness": 2, "abilities": [{"keyword": "changeling"}, {"keyword": "flying"}]}}
ENTER = {"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "original"}}}


def the_clone(objects):
    return run(objects, [ENTER, {"expect": {"objects": {"clone": {"zone": "battlefield"}}}}])["objects"]["clone"]


def keywords(obj):
    return sorted(a["keyword"] for a in obj["abilities"] if isinstance(a, dict) and "keyword" in a)


def test_a_copy_given_a_subtype_drops_changeling():
    """Copying a changeling "except it's a Spirit" (707.9b) provides the subtypes, so changeling,
    which defines them (604.3a, 702.73a), isn't copied (707.9d): a Spirit with flying only."""
    got = the_clone({"clone": clone({"subtypes": ["Spirit"]}), "original": SHAPESHIFTER})
    assert (got["subtypes"], keywords(got)) == (["Spirit"], ["flying"])


def test_a_copy_retaining_its_subtypes_drops_changeling():
    """Retaining its own subtypes (707.9c) also means changeling isn't copied (707.9d): a
    Shapeshifter only, with flying."""
    got = the_clone({"clone": clone({"retain": ["subtypes"]}), "original": SHAPESHIFTER})
    assert (got["subtypes"], keywords(got)) == (["Shapeshifter"], ["flying"])


def test_a_copy_given_card_types_keeps_changeling():
    """Giving card types ("except it's an artifact creature", 707.9b) doesn't provide subtypes, and a
    characteristic-defining ability never defines card types (604.3a), so changeling is copied
    (707.9d): every creature type, with flying."""
    got = the_clone({"clone": clone({"types": ["artifact", "creature"]}), "original": SHAPESHIFTER})
    assert (sorted(got["types"]), "all creature types" in got["subtypes"], keywords(got)) == (
        ["artifact", "creature"], True, ["changeling", "flying"])


def test_a_copy_given_a_name_keeps_the_p_t_cda():
    """A name exception (707.9b) has nothing to do with power and toughness: the copied */* CDA
    counting Alex's creatures is kept: the original and the copy, 2/2 each."""
    swarm = star({"count": {"types": ["creature"], "controller": "you"}}, name="Swarm")
    got = the_clone({"clone": clone({"name": "Copycat"}), "original": swarm})
    assert (got["name"], got["power"], got["toughness"]) == ("Copycat", 2, 2)


@pytest.mark.parametrize("given, expected", [
    ({"power": 4}, (4, 0)),      # the CDA defines both, so it is dropped: the printed * toughness is 0 (208.2a)
    ({"toughness": 4}, (0, 4)),
])
def test_a_copy_given_one_of_power_and_toughness_drops_the_p_t_cda(given, expected):
    """707.9d: providing power (or toughness) drops the original's */* CDA, which defines both;
    the other value is the printed *, 0 (208.2a) — so the copy dies of 0 toughness (704.5f) or is 0/4."""
    swarm = star({"count": {"types": ["creature"], "controller": "you"}}, name="Swarm")
    objects = {"clone": clone(given), "original": swarm}
    final = run(objects, [ENTER, {"expect": {"objects": {"clone": {"zone": "battlefield"}}}}])["objects"]["clone"]
    if expected[1] == 0:
        assert final["zone"] == "graveyard"
    else:
        assert (final["power"], final["toughness"]) == expected


# --- becoming something (205.1a-b, 613.1d, 702.73a) -------------------------------------------------------


def test_a_become_replacing_supertypes_and_adding_them():
    """Layer 4: "becomes legendary" in addition (205.1b) adds legendary once; a later effect giving
    supertypes [snow] replaces them (205.1a): only snow."""
    objects = {"bear": {"card": {"types": ["creature"], "supertypes": ["legendary"], "power": 2, "toughness": 2}}}
    add = {"become": {"to": "bear", "add_supertypes": ["legendary", "snow"], "until": "ended"}}
    replace = {"become": {"to": "bear", "supertypes": ["snow"], "until": "ended"}}
    first = run(objects, [add, {"expect": {"objects": {"bear": {"zone": "battlefield"}}}}])["objects"]["bear"]
    last = run(objects, [add, replace, {"expect": {"objects": {"bear": {"zone": "battlefield"}}}}])["objects"]["bear"]
    assert (sorted(first["supertypes"]), last["supertypes"]) == (["legendary", "snow"], ["snow"])


def test_a_changeling_given_a_subtype_by_an_effect_has_only_that():
    """A changeling that "becomes a Spirit" (subtypes set, 205.1a) is a Spirit only; one that
    becomes an artifact in addition keeps every creature type (702.73a)."""
    objects = {"elf": CHANGELING_ELF}
    spirit = run(objects, [{"become": {"to": "elf", "subtypes": ["Spirit"], "until": "ended"}},
                           {"expect": {"objects": {"elf": {"zone": "battlefield"}}}}])["objects"]["elf"]
    artifact = run(objects, [{"become": {"to": "elf", "add_types": ["artifact"], "until": "ended"}},
                             {"expect": {"objects": {"elf": {"zone": "battlefield"}}}}])["objects"]["elf"]
    assert spirit["subtypes"] == ["Spirit"]
    assert "all creature types" in artifact["subtypes"]


# --- "as this enters (or is turned face up)" (208.2b, 614.12, 708.8) -----------------------------------------


def chooser(turned_face_up: bool):
    ability = {"as_enters_pt": {"options": ["3/1", "1/3"], **({"turned_face_up": True} if turned_face_up else {})}}
    return {"zone": "hand", "card": {"types": ["creature"], "power": "*", "toughness": "*",
                                     "abilities": [ability, {"morph": "{3}"}]}}


def test_an_as_enters_pt_choice_without_face_up_applies_as_it_enters():
    """"As this enters, it becomes your choice of 3/1 or 1/3" (208.2b): 3/1 chosen, 3/1."""
    steps = [{"move": {"object": "c", "to": "battlefield", "choices": {"pt": "3/1"}}}]
    assert pt({"c": chooser(False)}, steps, "c") == (3, 1)


def test_an_as_enters_pt_choice_applies_when_turned_face_up_only_if_it_says_so():
    """Put onto the battlefield face down (a 2/2, 708.2a) and turned face up by morph: an ability
    saying "or is turned face up" makes it 1/3 as chosen (208.2b); one saying only "as this enters"
    does nothing then (it didn't enter), so its * is 0 (208.2a): 0/0, put into the graveyard (704.5f)."""
    steps = [{"move": {"object": "c", "to": "battlefield", "face_down": True}},
             {"turn_face_up": {"object": "c", "by": "morph", "choices": {"pt": "1/3"}}}]
    assert pt({"c": chooser(True)}, steps, "c") == (1, 3)
    final = run({"c": chooser(False)}, [*steps, {"expect": {"objects": {"c": {"zone": "graveyard"}}}}])["objects"]["c"]
    assert final["zone"] == "graveyard"


# --- static copy effects (707.2c, 613.2a, 613.7) ---------------------------------------------------------


def mirror_objects():
    card = lambda name, p, **extra: {"card": {"name": name, "types": ["creature"], "power": p, "toughness": p}, **extra}
    return {
        "bear": card("Runeclaw Bear", 2), "elves": card("Llanowar Elves", 1), "wolf": card("Grizzly Wolf", 3, owner="Blair"),
        "relic": {"owner": "Blair", "card": {"name": "Relic", "types": ["artifact"]}},
        "mirror": {"zone": "hand", "card": {"types": ["enchantment"], "abilities": [
            {"as_enters_choose": {"object": {"types": ["creature"]}}},
            {"static_copy": {"affects": {"types": ["creature"], "controller": "opponent"}}}]}},
    }


MIRROR_ENTERS = {"move": {"object": "mirror", "to": "battlefield", "choices": {"object": "bear"}}}


def test_a_later_copy_effect_applies_after_a_static_copy_effect():
    """Blair's wolf is a copy of the Bear by the mirror's static ability (707.2c); it then becomes a
    copy of the Elves: copy effects apply in timestamp order (613.2a, 613.7), so it is a 1/1 Elves."""
    steps = [MIRROR_ENTERS, {"become_copy": {"to": "wolf", "of": "elves", "until": "ended"}},
             {"expect": {"objects": {"wolf": {"power": 0}}}}]
    wolf = run(mirror_objects(), steps)["objects"]["wolf"]
    assert (wolf["name"], wolf["power"]) == ("Llanowar Elves", 1)


def test_a_static_copy_effect_sees_the_earlier_copy_effects():
    """Blair's noncreature artifact first becomes a copy of the wolf (a creature after layer 1a);
    "creatures your opponents control are copies of the Bear" (a later timestamp) then matches it
    (613.2a, 613.7): a 2/2 Runeclaw Bear."""
    steps = [{"become_copy": {"to": "relic", "of": "wolf", "until": "ended"}}, MIRROR_ENTERS,
             {"expect": {"objects": {"relic": {"power": 0}}}}]
    relic = run(mirror_objects(), steps)["objects"]["relic"]
    assert (relic["name"], relic["power"]) == ("Runeclaw Bear", 2)
