"""Protection against blocking, tapped status and vigilance, creatures blocking several attackers
(CR 702.16f, 702.16j, 110.5, 508.1a, 508.1f, 509.1a, 510.1d, 702.20b): what the loader refuses
(one line naming file, line, case and field), what the reference engine refuses where the text
cannot decide, and the features that keep adapters lacking them from judging such cases."""

from __future__ import annotations

import pytest

from conformance.errors import Unsupported
from conformance.format import loader
from conformance.format.features import derive_features
from reference_engine import ReferenceEngine

_CASE = """format: 1
cr: "2025-09-19"
cases:
  - id: 509.1a/blocking-test
    rules: ["509.1a"]
    source: {rule: "509.1a"}
    summary: a combat step the loader checks against the blocking rules
    players: [Alex, Blair]
    objects:
      ogre: {card: {types: [creature], colors: [R], power: 3, toughness: 3, abilities: [ATTACKER]}TAPPED_OGRE}
      imp: {card: {types: [creature], colors: [R], power: 1, toughness: 1}}
      bear: {card: {types: [creature], colors: [G], power: 2, toughness: 4, abilities: [BLOCKER]}, controller: Blair TAPPED_BEAR}
    steps:
      - COMBAT
      - expect: {players: {Blair: {life: 20}}}
"""


def _text(combat, attacker="{keyword: trample}", blocker="{keyword: reach}", ogre="", bear=""):
    return (_CASE.replace("ATTACKER", attacker).replace("BLOCKER", blocker).replace("TAPPED_OGRE", ogre)
            .replace("TAPPED_BEAR", bear).replace("COMBAT", combat))


def _problems(text):
    with pytest.raises(loader.CaseFileErrors) as caught:
        loader.load_text(text, "blocking.yaml")
    return str(caught.value)


@pytest.mark.parametrize("quality", ["green", "creatures", "everything"])
def test_a_creature_with_the_quality_cant_block_the_protected_creature(quality):
    """702.16f (702.16j: from everything, no creature can block)."""
    problems = _problems(_text("combat: {attackers: {ogre: Blair}, blockers: {bear: ogre}}",
                               attacker=f"{{protection: {quality}}}"))
    assert "case 509.1a/blocking-test: steps/0/combat/blockers/bear:" in problems
    assert f"ogre has protection from {quality}: bear can't block it (CR 702.16f" in problems
    assert problems.startswith("blocking.yaml:")


def test_protection_from_another_quality_is_no_bar_and_the_protected_creature_may_block():
    """702.16f restricts the protected creature's blockers only: a protected creature blocks."""
    loader.load_text(_text("combat: {attackers: {ogre: Blair}, blockers: {bear: ogre}}", attacker="{protection: blue}"),
                     "blocking.yaml")
    loader.load_text(_text("combat: {attackers: {ogre: Blair}, blockers: {bear: ogre}}", blocker="{protection: red}"),
                     "blocking.yaml")


@pytest.mark.parametrize("combat,ogre,bear,message", [
    ("combat: {attackers: {ogre: Blair}}", ", tapped: true", "",
     "steps/0/combat/attackers/ogre: ogre is tapped (declared tapped, or it attacked earlier without vigilance): "
     "only untapped creatures attack (CR 508.1a, 508.1f)"),
    ("combat: {attackers: {ogre: Blair}, blockers: {bear: ogre}}", "", ", tapped: true",
     "steps/0/combat/blockers/bear: bear is tapped"),
])
def test_a_tapped_creature_can_neither_attack_nor_block(combat, ogre, bear, message):
    """508.1a, 509.1a; 110.5: a case may declare a permanent tapped."""
    assert message in _problems(_text(combat, ogre=ogre, bear=bear))


def test_only_a_permanent_is_tapped():
    text = _text("combat: {attackers: {ogre: Blair}}").replace("controller: Blair", "zone: hand, owner: Blair") \
        .replace("TAPPED_BEAR", "").replace("abilities: [{keyword: reach}]}", "abilities: [{keyword: reach}]}, tapped: true")
    assert "objects/bear/tapped: only a permanent is tapped (CR 110.5)" in _problems(text)


def test_an_attacker_without_vigilance_cant_attack_again():
    """508.1f: attacking tapped it; with vigilance (702.20b) it attacks again."""
    twice = "combat: {attackers: {imp: Blair}}\n      - combat: {attackers: {imp: Blair}}"
    assert "steps/1/combat/attackers/imp: imp is tapped" in _problems(_text(twice))
    (case,) = loader.load_text(_text(twice).replace("power: 1, toughness: 1}",
                                                    "power: 1, toughness: 1, abilities: [{keyword: vigilance}]}"),
                               "blocking.yaml")
    assert ReferenceEngine().run(case.to_dict())[-1]["players"]["Blair"]["life"] == 18


def test_a_creature_blocks_one_attacker_unless_an_ability_says_more():
    """509.1a: a blocker named for two attackers needs block_additional; one that blocks two has
    its division scripted (510.1d)."""
    two = "combat: {attackers: {ogre: Blair, imp: Blair}, blockers: {bear: [ogre, imp]}, assign: {bear: {ogre: 2}}}"
    assert ("steps/0/combat/blockers/bear: bear blocks 2 attackers: a creature blocks one (CR 509.1a), this one at "
            "most 1") in _problems(_text(two))
    loader.load_text(_text(two, blocker="{block_additional: 1}"), "blocking.yaml")
    unscripted = "combat: {attackers: {ogre: Blair, imp: Blair}, blockers: {bear: [ogre, imp]}}"
    assert "steps/0/combat/assign: bear blocks 2 creatures: its controller divides" in \
        _problems(_text(unscripted, blocker="{block_additional: 1}"))
    wrong = "combat: {attackers: {ogre: Blair, imp: Blair}, blockers: {bear: [ogre, imp]}, assign: {bear: {Blair: 2}}}"
    assert "bear can't assign combat damage to 'Blair'" in _problems(_text(wrong, blocker="{block_additional: 1}"))


def test_a_blocker_named_twice_is_refused():
    """509.1a: the blockers mapping names each blocker once (a YAML key twice is refused)."""
    text = _text("combat: {attackers: {ogre: Blair, imp: Blair}, blockers: {bear: ogre, bear: imp}}")
    assert "duplicate key 'bear'" in _problems(text)


def _run(text):
    (case,) = loader.load_text(text, "blocking.yaml")
    return ReferenceEngine().run(case.to_dict())


def test_the_engine_refuses_what_the_text_cannot_decide():
    """Where an ability is gained (so the loader does not read the printed card), the reference
    engine checks as blockers are declared: protection gained (702.16f), a second attack by a
    creature tapped by the first (508.1f), a third attacker blocked (509.1a)."""
    gained = _text("become: {to: ogre, gains: [{protection: green}]}\n      - combat: {attackers: {ogre: Blair}, "
                   "blockers: {bear: ogre}}")
    with pytest.raises(Unsupported, match=r"ogre has protection from green: bear can't block it \(CR 702.16f\)"):
        _run(gained)
    again = _text("combat: {attackers: {imp: Blair}}\n      - become: {to: imp, gains: [{keyword: lifelink}]}\n"
                  "      - combat: {attackers: {imp: Blair}}")
    with pytest.raises(Unsupported, match=r"imp is tapped: only untapped creatures attack \(CR 508.1a\)"):
        _run(again)
    three = _text("become: {to: bear, gains: [{keyword: flying}]}\n      - combat: {attackers: {ogre: Blair, imp: "
                  "Blair}, blockers: {bear: [ogre, imp]}, assign: {bear: {ogre: 2}}}")
    with pytest.raises(Unsupported, match=r"bear blocks 2 creatures: it can block 1 at most \(CR 509.1a"):
        _run(three)


def test_attacking_taps_and_vigilance_does_not():
    """508.1f, 702.20b, on the reference engine."""
    base = _text("combat: {attackers: {ogre: Blair}}\n      - expect: {objects: {ogre: {tapped: true}}}")
    assert _run(base)[-1]["objects"]["ogre"]["tapped"] is True


@pytest.mark.parametrize("snippet,feature", [
    ("combat: {attackers: {ogre: Blair}, blockers: {bear: ogre}}", "protection-blocking"),
    ("combat: {attackers: {ogre: Blair, imp: Blair}, blockers: {bear: [ogre, imp]}, assign: {bear: {ogre: 2}}}",
     "multiple-blocks"),
    ("combat: {attackers: {ogre: Blair}}\n      - expect: {objects: {ogre: {tapped: true}}}", "tapping"),
])
def test_new_elements_need_their_features(snippet, feature):
    """An engine that does not declare the feature gets the case unsupported, never judged (which
    adapter declares which: adapters/*/tests)."""
    blocker = "{block_additional: 1}" if feature == "multiple-blocks" else "{protection: blue}"
    (case,) = loader.load_text(_text(snippet, attacker="{protection: blue}", blocker=blocker), "blocking.yaml")
    assert feature in derive_features(case)


def test_a_declared_tapped_permanent_needs_tapping_without_combat():
    text = _text("damage: {source: imp, to: bear, amount: 1}", ogre=", tapped: true")
    (case,) = loader.load_text(text, "blocking.yaml")
    assert "tapping" in derive_features(case) and "combat" not in derive_features(case)


def test_protection_from_everything_prevents_every_sources_damage():
    """702.16j, 702.16e: a spell's damage too, not only a creature's."""
    text = _text("damage: {source: imp, to: bear, amount: 3}\n      - expect: {objects: {bear: {damage: 0}}}",
                 blocker="{protection: everything}")
    assert _run(text)[-1]["objects"]["bear"]["damage"] == 0
    plain = text.replace("{protection: everything}", "{keyword: reach}")
    assert _run(plain)[-1]["objects"]["bear"]["damage"] == 3
