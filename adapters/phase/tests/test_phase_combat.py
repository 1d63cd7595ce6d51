"""The phase adapter's combat (adapters/phase/src/mtg_conformance_phase/combat.py, combat_plan.py): combat
steps played through phase's own combat phase give the CR's values, and what the adapter cannot
play exactly is refused. Everything but the wording needs phase-python and is
skipped without it."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import pytest

from mtg_conformance_phase import combat_plan
from conformance.errors import Unsupported
from reference_engine import ReferenceEngine
from tests.scenarios import creature, make_case

from phase_support import engine, needs_phase


def keyword(word):
    return {"keyword": word}


def test_keyword_names_and_wording():
    assert combat_plan.phase_keyword("First strike") == "FirstStrike"
    assert combat_plan.phase_keyword("Flying") == "Flying"
    assert combat_plan.block_additional_sentence("guard", 1).text == \
        "This creature can block an additional creature each combat."
    assert combat_plan.protection_keyword("knight", "red") == ("Protection from red", {"Protection": {"Color": "Red"}})
    assert combat_plan.protection_keyword("knight", "artifacts") == (
        "Protection from artifacts", {"Protection": {"CardType": "artifacts"}})
    with pytest.raises(Unsupported, match="protection from Goblins"):
        combat_plan.protection_keyword("knight", "Goblins")


def test_protection_with_other_steps_is_refused():
    case = make_case({"knight": creature(2, 2, abilities=[{"protection": "red"}])},
                     [{"prevent_damage": {"to": "knight", "amount": 1}}], rules=("702.16e",))
    with pytest.raises(Unsupported, match="protection in a case with prevent_damage steps"):
        combat_plan.check_protection(case.to_dict())
    gained = make_case({"bear": creature(2, 2)}, [{"become": {"to": "bear", "gains": [{"protection": "red"}]}},
                                                  {"together": [{"gain_life": {"player": "Alex", "amount": 1}}, {"gain_life": {"player": "Blair", "amount": 1}}]}],
                     rules=("702.16e",))
    with pytest.raises(Unsupported, match="protection in a case with together steps"):
        combat_plan.check_protection(gained.to_dict())


PROTECTION_GOLDEN = ("702.16e/protection-from-red", "702.16e/protection-from-creatures", "702.16e/quality-of-the-source-now",
                     "702.16e/protection-gained", "615.6/protection-stops-lifelink", "616.1/torbran-and-protection")


@needs_phase
def test_protection_against_damage_steps(engine):
    """CR 702.16e: damage from the case's own source (its ability, or a spell of its kind and
    colours) to a protected creature named without targeting it (702.16b, .protected_recipients):
    the golden cases pass, a source without the quality deals its damage, and words naming
    another creature too are refused."""
    from conformance.engines.interface import describe
    from conformance.format import loader
    from conformance.results import compare

    cases = {c.id: c for c in loader.load_suite([loader.golden_dir() / "702.16-protection.yaml"])}
    assert {cid: compare.judge(engine, describe(engine), cases[cid]).status for cid in PROTECTION_GOLDEN} == \
        dict.fromkeys(PROTECTION_GOLDEN, "passed")
    case = cases["615.6/protection-stops-lifelink"].to_dict()
    case["objects"]["paladin"]["card"]["abilities"] = [{"protection": "green"}]  # not the black vampire's quality
    snapshot = engine.run(case)[-1]
    assert (snapshot["objects"]["paladin"]["damage"], snapshot["players"]["Alex"]["life"]) == (2, 22)
    case["objects"]["squire"] = {**creature(1, 1), "owner": "Blair", "controller": "Blair", "zone": "battlefield"}
    with pytest.raises(Unsupported, match="names 2 creatures now"):
        engine.run(case)
    torbran = cases["616.1/torbran-and-protection"].to_dict()  # an order naming the protection, left to phase
    torbran["objects"]["paladin"]["card"]["abilities"] = [{"protection": "green"}]  # Torbran's +2 applies: 4 >= 3
    assert engine.run(torbran)[-1]["objects"]["paladin"]["zone"] == "graveyard"
    torbran["objects"]["hydra"] = {**creature(1, 1, abilities=[{"prevent_damage": {"to": {"itself": True}, "then": {
        "put_counters": "-1/-1"}}}]), "owner": "Blair", "controller": "Blair", "zone": "battlefield"}
    torbran["steps"][0]["damage"]["order"] = {"paladin": ["hydra", "paladin"]}
    with pytest.raises(Unsupported, match="an order naming a protection beside 'hydra'"):
        engine.run(torbran)


def test_a_blocker_of_several_attackers_is_refused_where_its_division_is_not_the_cases_alone():
    """CR 510.1d: played only with one scripted division and no damage changed after it is divided."""
    objects = {"bear": creature(2, 2), "cub": creature(2, 2),
               "guard": {**creature(3, 5, abilities=[{"block_additional": 1}]), "controller": "Blair"}}
    combat = {"attackers": {"bear": "Blair", "cub": "Blair"}, "blockers": {"guard": ["bear", "cub"]}}
    plan = lambda case: combat_plan.plan_combat(case.to_dict(), case.to_dict()["steps"][0]["combat"])  # noqa: E731
    scripted = make_case(objects, [{"combat": {**combat, "assign": {"guard": {"bear": 2, "cub": 1}}}}], rules=("510.1d",))
    assert plan(scripted).blockers == {"guard": ["bear", "cub"]}
    with pytest.raises(Unsupported, match="scripts no divisions"):  # the loader requires one; the adapter checks too
        combat_plan.plan_combat(scripted.to_dict(), combat)
    furnace = {"card": {"types": ["enchantment"], "abilities": [{"double_damage": {}}]}}
    with pytest.raises(Unsupported, match="double_damage"):
        plan(make_case({**objects, "furnace": furnace}, [{"combat": {**combat, "assign": {"guard": {"bear": 3}}}}],
                       rules=("510.1d",)))


@needs_phase
def test_known_disagreement_blocker_division(engine):
    """CR 510.1d: Blair's 4/4 blocking a 3/3 and a 1/1 may put all 4 on the 3/3. phase asks nobody
    and splits 2 and 2: the 1/1 dies and the 3/3 lives (reproducer:
    adapters/phase/reproducers/cr510_1d_blocker_divides_as_its_controller_chooses.py)."""
    from conformance.engines.interface import describe
    from conformance.format import loader
    from conformance.results import compare

    cases = {c.id: c for c in loader.load_suite([loader.golden_dir() / "509.1a-blocking-several.yaml"])}
    result = compare.judge(engine, describe(engine), cases["510.1d/all-to-one-attacker"])
    assert result.status == "failed"
    assert {(m.object, m.field, m.expected, m.got) for m in result.mismatches} == {
        ("ogre", "zone", "graveyard", "battlefield"), ("squire", "zone", "battlefield", "graveyard")}
    for cid in ("510.1d/one-blocker-divides-among-two-attackers", "510.4/first-strike-blocker-of-two",
                "510.1d/pro-red-blocker-of-two-red-attackers"):  # the case's division is phase's even split
        assert compare.judge(engine, describe(engine), cases[cid]).status == "passed", cid


@needs_phase
@pytest.mark.parametrize(("objects", "combat", "rules"), [
    ({"giant": creature(3, 3)}, {"attackers": {"giant": "Blair"}}, ("510.1b",)),
    ({"giant": creature(3, 3), "left": {**creature(3, 3), "controller": "Blair"},
      "right": {**creature(3, 3), "controller": "Blair"}},
     {"attackers": {"giant": "Blair"}, "blockers": {"left": "giant", "right": "giant"},
      "assign": {"giant": {"left": 1, "right": 2}}}, ("510.1c",)),
    ({"knight": creature(2, 2, abilities=[keyword("first strike")]), "bear": {**creature(2, 2), "controller": "Blair"}},
     {"attackers": {"knight": "Blair"}, "blockers": {"bear": "knight"}}, ("510.4",)),
    ({"wurm": creature(5, 5, abilities=[keyword("trample")]), "bear": {**creature(2, 2), "controller": "Blair"}},
     {"attackers": {"wurm": "Blair"}, "blockers": {"bear": "wurm"}, "assign": {"wurm": {"bear": 2, "Blair": 3}}},
     ("702.19b",)),
    ({"sentry": creature(2, 2, abilities=[keyword("vigilance")]), "bear": creature(2, 2)},
     {"attackers": {"sentry": "Blair", "bear": "Blair"}}, ("702.20b",)),
    ({"ogre": creature(3, 3, colors=["R"]),
      "knight": {**creature(2, 2, colors=["W"], abilities=[{"protection": "red"}]), "controller": "Blair"}},
     {"attackers": {"ogre": "Blair"}, "blockers": {"knight": "ogre"}}, ("702.16e",)),
])
def test_combat_gives_the_reference_values(engine, objects, combat, rules):
    names = list(objects)
    case = make_case(objects, [{"combat": combat},
                               {"expect": {"players": {"Blair": {"life": 20}},
                                           "objects": {n: {"zone": "battlefield"} for n in names}}}], rules=rules)
    got = engine.run(case.to_dict())[-1]
    expected = ReferenceEngine().run(case.to_dict())[-1]
    for name in names:
        for key in ("zone", "damage", "tapped"):
            assert got["objects"][name][key] == expected["objects"][name][key], (name, key)
    assert got["players"]["Blair"]["life"] == expected["players"]["Blair"]["life"]


@needs_phase
def test_a_creature_entering_during_the_case_cannot_attack_without_haste(engine):
    """CR 302.6: phase keeps its summoning sickness (only creatures on the battlefield as the case
    starts have been controlled since the turn began; the loader refuses such a case, so its haste
    is taken off the loaded case here); with haste it attacks."""
    case = make_case({"raider": {**creature(2, 1, abilities=[keyword("haste")]), "zone": "hand"}},
                     [{"move": {"object": "raider", "to": "battlefield"}}, {"combat": {"attackers": {"raider": "Blair"}}},
                      {"expect": {"players": {"Blair": {"life": 18}}}}], rules=("302.6",))
    assert engine.run(case.to_dict())[-1]["players"]["Blair"]["life"] == 18
    hasteless = case.to_dict()
    hasteless["objects"]["raider"]["card"]["abilities"] = []
    with pytest.raises(Unsupported, match="phase does not let (raider|them) attack"):
        engine.run(hasteless)


@needs_phase
def test_a_permanent_declared_tapped_is_tapped_and_cannot_attack(engine):
    case = make_case({"bear": {**creature(2, 2), "tapped": True}, "cub": creature(1, 1)},
                     [{"expect": {"objects": {"bear": {"tapped": True}, "cub": {"tapped": False}}}}], rules=("110.5",))
    snapshot = engine.run(case.to_dict())[-1]["objects"]
    assert (snapshot["bear"]["tapped"], snapshot["cub"]["tapped"]) == (True, False)
    attack = {**case.to_dict(), "steps": [{"combat": {"attackers": {"bear": "Blair"}}}]}
    with pytest.raises(Unsupported, match="phase does not let (bear|them) attack"):
        engine.run(attack)


@needs_phase
def test_abilities_triggered_by_combat_damage_wait_for_resolve_triggers(engine):
    """CR 603.3, 119.10: two lifelinkers' combat damage, two gains, the pridemate triggers twice
    (the golden case passes); in a combat with a first-strike step the triggers are refused."""
    from conformance.engines.interface import describe
    from conformance.format import loader
    from conformance.results import compare

    cases = {c.id: c for c in loader.load_suite([loader.golden_dir() / "603.2c-one-damage-event.yaml"])}
    assert compare.judge(engine, describe(engine), cases["119.10/two-lifelinkers-two-gain-triggers"]).status == "passed"
    case = cases["119.10/two-lifelinkers-two-gain-triggers"].to_dict()
    case["objects"]["left"]["card"]["abilities"].append({"keyword": "first strike"})
    with pytest.raises(Unsupported, match="first-strike combat damage step"):
        engine.run(case)


@needs_phase
def test_known_disagreement_shield_and_doubler_on_combat_damage(engine):
    """CR 616.1: the case's order (shield, then doubler) is played in phase's combat, which deals
    no damage at all (reproducer: adapters/phase/reproducers/cr616_1_combat_damage_shield_and_doubler.py);
    with the doubler alone the 3/3 deals 6."""
    from conformance.engines.interface import describe
    from conformance.format import loader
    from conformance.results import compare

    (case,) = [c for c in loader.load_suite([loader.golden_dir() / "508-510-combat.yaml"])
               if c.id == "616.1/combat-damage-two-effects-in-order"]
    result = compare.judge(engine, describe(engine), case)
    assert result.status == "failed"
    assert [(m.field, m.expected, m.got) for m in result.mismatches] == [("life", 16, 20)]
    alone = case.to_dict()
    alone["steps"] = [{"combat": {"attackers": {"giant": "Blair"}}}, alone["steps"][2]]
    assert engine.run(alone)[-1]["players"]["Blair"]["life"] == 14


@needs_phase
@pytest.mark.parametrize(("quality", "source", "dealt"), [
    ("instants", {"card": {"types": ["instant"]}, "zone": "stack", "owner": "Blair"}, 0),
    ("instants", {"card": {"types": ["artifact"]}, "owner": "Blair"}, 2),
    ("artifacts", {"card": {"types": ["artifact", "creature"], "power": 1, "toughness": 1}, "owner": "Blair"}, 0),
    ("artifacts", {"card": {"types": ["instant"]}, "zone": "stack", "owner": "Blair"}, 2),
    ("sorceries", {"card": {"types": ["sorcery"]}, "zone": "stack", "owner": "Alex"}, 0),
    ("sorceries", {"card": {"types": ["creature"], "power": 1, "toughness": 1}, "owner": "Alex"}, 2),
])
def test_protection_from_a_card_type_against_damage_steps(engine, quality, source, dealt):
    """CR 702.16a, 702.16e: protection from instants, artifacts or sorceries prevents the damage of
    a source of that card type (the case's own: its ability, or a spell of its kind), not another's."""
    owner = "Alex" if source["owner"] == "Blair" else "Blair"
    case = make_case({"knight": {**creature(2, 5, abilities=[{"protection": quality}]), "owner": owner}, "bolt": source},
                     [{"damage": {"source": "bolt", "to": "knight", "amount": 2}},
                      {"expect": {"objects": {"knight": {"damage": dealt}}}}], rules=("702.16e",))
    assert engine.run(case.to_dict())[-1]["objects"]["knight"]["damage"] == dealt


@needs_phase
def test_protection_beside_other_steps(engine):
    """CR 702.16b: the colourless instant of a P/T change targets a creature with protection from
    red; one with protection from everything phase does not let it target: unsupported."""
    steps = [{"modify_pt": {"to": "knight", "power": 1}}, {"expect": {"objects": {"knight": {"power": 3}}}}]
    red = make_case({"knight": creature(2, 2, abilities=[{"protection": "red"}])}, steps, rules=("702.16b",))
    assert engine.run(red.to_dict())[-1]["objects"]["knight"]["power"] == 3
    everything = make_case({"knight": creature(2, 2, abilities=[{"protection": "everything"}])}, steps,
                           rules=("702.16b",))
    with pytest.raises(Unsupported, match="target"):
        engine.run(everything.to_dict())


FOG_WALL = {"card": {"types": ["enchantment"], "abilities": [
    {"prevent_damage": {"to": {"types": ["creature"], "controller": "you"}, "combat": True}}]}, "owner": "Blair"}


def _passes(engine, objects, steps, rules):
    """The case's verdict on phase is a pass (its expected values are the reference engine's)."""
    from conformance.engines.interface import describe
    from conformance.results import compare

    case = make_case(objects, steps, rules=rules)
    outcome = compare.judge(engine, describe(engine), case)
    assert outcome.status == "passed", outcome


@needs_phase
def test_combat_only_prevention_static(engine):
    """CR 615.1: "Prevent all combat damage that would be dealt to creatures you control." (phase's
    CombatOnly shield, checked): Blair's blocker is dealt no combat damage in phase's own combat,
    and noncombat damage to it is dealt in full."""
    objects = {"fog_wall": FOG_WALL, "ogre": creature(3, 3),
               "wall": {**creature(0, 4), "controller": "Blair"}}
    _passes(engine, objects, [
        {"combat": {"attackers": {"ogre": "Blair"}, "blockers": {"wall": "ogre"}}},
        {"expect": {"objects": {"wall": {"damage": 0}}}},
        {"damage": {"source": "ogre", "to": "wall", "amount": 2}},
        {"expect": {"objects": {"wall": {"damage": 2}}}}], ("615.1",))


@needs_phase
def test_combat_damage_outside_combat(engine):
    """CR 510.2, 120.2a: a damage step's combat damage, with no prevention of combat damage only in
    the case, is the same damage, dealt as any; beside such a prevention it is refused (615.1)."""
    objects = {"ogre": creature(3, 3, abilities=[keyword("lifelink")]), "bear": {**creature(2, 2), "controller": "Blair"}}
    steps = [{"damage": {"source": "ogre", "to": "bear", "amount": 1, "combat": True}},
             {"expect": {"objects": {"bear": {"damage": 1}}, "players": {"Alex": {"life": 21}}}}]
    _passes(engine, objects, steps, ("510.2",))
    with pytest.raises(Unsupported, match="prevention effect of combat damage only"):
        engine.run(make_case({**objects, "fog_wall": FOG_WALL}, steps, rules=("615.1",)).to_dict())


@needs_phase
def test_protection_beside_a_shield_of_another_recipient(engine):
    """CR 702.16e, 615.7: a shield on a player or an unprotected creature never meets the knight's
    protection (no order between them, 616.1): such a case runs, and gives the CR's values; a
    shield on the protected knight, or one where a step gives protection, stays refused."""
    knight = {**creature(2, 2, abilities=[{"protection": "red"}]), "controller": "Blair"}
    objects = {"knight": knight, "ogre": creature(3, 3, colors=["R"]), "bear": {**creature(2, 4), "controller": "Blair"}}
    steps = [{"prevent_damage": {"id": "s1", "controller": "Blair", "to": "bear", "amount": 2}},
             {"prevent_damage": {"id": "s2", "controller": "Blair", "to": "Blair", "amount": 1}},
             {"damage": {"source": "ogre", "to": "bear", "amount": 3}},
             {"damage": {"source": "ogre", "to": "Blair", "amount": 3}},
             {"expect": {"objects": {"bear": {"damage": 1}, "knight": {"damage": 0}}, "players": {"Blair": {"life": 18}}}}]
    _passes(engine, objects, steps, ("702.16e",))
    on_knight = [{"prevent_damage": {"controller": "Blair", "to": "knight", "amount": 2}}, *steps[2:]]
    with pytest.raises(Unsupported, match="protection in a case with prevent_damage steps"):
        engine.run(make_case(objects, on_knight, rules=("702.16e",)).to_dict())
    gained = [{"become": {"to": "ogre", "gains": [{"protection": "white"}]}}, *steps]
    with pytest.raises(Unsupported, match="protection in a case with prevent_damage steps"):
        engine.run(make_case(objects, gained, rules=("702.16e",)).to_dict())


@needs_phase
def test_a_stand_in_spell_whose_protected_target_phase_replaces_is_refused(engine):
    """CR 702.16b: a creature with protection from instants is no legal target of the colourless
    instant doubling its counters; phase then targets the one legal permanent left itself, which
    is refused, not taken for an adapter fault (found by 701.10d/doubling-life-counters-mana-doubles-them)."""
    objects = {"c1": {**creature(0, 2, abilities=[{"protection": "instants"}]), "counters": {"+1/+1": 3}},
               "h1": {"card": {"types": ["enchantment"]}}}
    case = make_case(objects, [{"double_counters": {"kind": "+1/+1", "object": "c1"}}], rules=("702.16b",))
    with pytest.raises(Unsupported, match="702.16b"):
        engine.run(case.to_dict())
