"""Each interaction mutant (tests/interaction_mutants.py) is one bug where two rules meet: on a
scenario where they meet it reports something else than the reference engine, and on scenarios
with each element alone it reports the same. This holds whether or not the suite catches it
today (the kill matrix, tests/test_kill_matrix.py, says that)."""

from __future__ import annotations

import pytest

from reference_engine import ReferenceEngine
from tests.mutants import MUTANTS
from tests.scenarios import creature, make_case

BY_NAME = {m.name: m for m in MUTANTS}


def walker(loyalty, **card):
    return {"card": {"types": ["planeswalker"], "loyalty": loyalty, **card}, "counters": {"loyalty": loyalty}}


def enchantment(*abilities, **spec):
    return {"card": {"types": ["enchantment"], "abilities": list(abilities)}, **spec}


def spell(*colors):
    return {"card": {"types": ["instant"], "colors": list(colors)}, "zone": "stack", "owner": "Blair"}


PRO_RED = creature(2, 4, colors=["W"], abilities=[{"protection": "red"}])
LIFELINK = creature(4, 4, abilities=[{"keyword": "lifelink"}])
SHIELD = {"prevent_damage": {"id": "shield", "controller": "Blair", "to": "bear", "amount": 3}}
BLAIRS_BEAR = {**creature(2, 5), "owner": "Blair"}
SEASON = enchantment({"counter_replacement": {"on": {"controller": "you"}}})
GROWS = [{"triggered": {"name": "grow", "when": "this is dealt damage", "event": {"dealt_damage": {"itself": True}},
                        "effect": {"put_counters": {"kind": "+1/+1", "count": 1}}}}]
VORINCLEX = {"card": {"types": ["creature"], "power": 6, "toughness": 6,
                      "abilities": [{"counter_replacement": {"mode": "half", "by_opponent": True, "effects_only": False}}]}}
ANTHEM = enchantment({"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you"},
                                    "power": 1, "toughness": 1}})
DOUBLE_STRIKER = creature(2, 2, abilities=[{"keyword": "double strike"}])
ATTACK = {"combat": {"attackers": {"knight": "Blair"}}}


def damage(source, to, amount, **more):
    return {"damage": {"source": source, "to": to, "amount": amount, **more}}


# Each mutant: scenarios where the two rules meet (the first one, or the first MEETINGS[name]),
# then scenarios with each alone, as (objects, steps, more fields of the case).
MEETINGS = {
    "counters-before-prevention": 2,  # wither to a creature, infect to a player
    "indestructible-from-copiable-values": 2,  # indestructible gained, indestructible lost
    "opponent-halving-reads-owner": 2,  # a stolen Vorinclex: its new controller's counters, its owner's
}
SCENARIOS = {
    "protection-first-colour-only": (
        ({"knight": PRO_RED, "blade": spell("W", "R")}, [damage("blade", "knight", 3)], {}),
        ({"knight": PRO_RED, "shock": spell("R")}, [damage("shock", "knight", 3)], {}),
        ({"bear": creature(2, 4), "blade": spell("W", "R")}, [damage("blade", "bear", 3)], {}),
    ),
    "protection-printed-colour": (
        ({"knight": PRO_RED, "ogre": {**creature(3, 3, colors=["R"]), "owner": "Blair"}},
         [{"become": {"id": "paint", "to": "ogre", "colors": ["U"], "controller": "Blair"}}, damage("ogre", "knight", 3)], {}),
        ({"knight": PRO_RED, "ogre": {**creature(3, 3, colors=["R"]), "owner": "Blair"}}, [damage("ogre", "knight", 3)], {}),
        ({"bear": creature(2, 4), "ogre": {**creature(3, 3, colors=["R"]), "owner": "Blair"}},
         [{"become": {"id": "paint", "to": "ogre", "colors": ["U"], "controller": "Blair"}}, damage("ogre", "bear", 3)], {}),
    ),
    "lifelink-before-prevention": (
        ({"vampire": LIFELINK, "bear": BLAIRS_BEAR}, [SHIELD, damage("vampire", "bear", 4)], {}),
        ({"vampire": LIFELINK, "bear": BLAIRS_BEAR}, [damage("vampire", "bear", 4)], {}),
        ({"ogre": creature(4, 4), "bear": BLAIRS_BEAR}, [SHIELD, damage("ogre", "bear", 4)], {}),
    ),
    "deathtouch-through-prevention": (
        ({"snake": creature(1, 1, abilities=[{"keyword": "deathtouch"}]), "bear": BLAIRS_BEAR},
         [SHIELD, damage("snake", "bear", 1)], {}),
        ({"snake": creature(1, 1, abilities=[{"keyword": "deathtouch"}]), "bear": BLAIRS_BEAR},
         [damage("snake", "bear", 1)], {}),
        ({"ogre": creature(4, 4), "bear": BLAIRS_BEAR}, [SHIELD, damage("ogre", "bear", 4)], {}),
    ),
    "counters-before-prevention": (
        ({"rat": creature(4, 4, abilities=[{"keyword": "wither"}]), "bear": BLAIRS_BEAR},
         [SHIELD, damage("rat", "bear", 4)], {}),
        ({"rat": creature(4, 4, abilities=[{"keyword": "infect"}])},
         [{"prevent_damage": {"id": "salve", "to": "Blair", "amount": 1}}, damage("rat", "Blair", 4)], {}),
        ({"rat": creature(4, 4, abilities=[{"keyword": "wither"}]), "bear": BLAIRS_BEAR}, [damage("rat", "bear", 4)], {}),
        ({"ogre": creature(4, 4), "bear": BLAIRS_BEAR}, [SHIELD, damage("ogre", "bear", 4)], {}),
    ),
    "shield-restored-between-steps": (
        ({"knight": DOUBLE_STRIKER}, [{"prevent_damage": {"id": "salve", "to": "Blair", "amount": 2}}, ATTACK], {}),
        ({"knight": creature(2, 2)}, [{"prevent_damage": {"id": "salve", "to": "Blair", "amount": 2}}, ATTACK], {}),
        ({"knight": DOUBLE_STRIKER}, [ATTACK], {}),
    ),
    "static-prevention-once-per-combat": (
        ({"knight": DOUBLE_STRIKER, "ward": enchantment({"prevent_damage": {"amount": 1}}, owner="Blair")}, [ATTACK], {}),
        ({"knight": creature(2, 2), "ward": enchantment({"prevent_damage": {"amount": 1}}, owner="Blair")}, [ATTACK], {}),
        ({"knight": DOUBLE_STRIKER, "ward": enchantment({"prevent_damage": {"amount": 1}}, owner="Blair"),
          "shock": spell("R")}, [damage("shock", "Blair", 2), damage("shock", "Blair", 2)], {}),
    ),
    "protection-prevents-unpreventable": (
        ({"knight": PRO_RED, "shock": spell("R")}, [damage("shock", "knight", 4, cant_be_prevented=True)], {}),
        ({"knight": PRO_RED, "shock": spell("R")}, [damage("shock", "knight", 4)], {}),
        ({"bear": BLAIRS_BEAR, "shock": spell("R")}, [SHIELD, damage("shock", "bear", 4, cant_be_prevented=True)], {}),
    ),
    "redirected-damage-loses-lifelink": (
        ({"vampire": LIFELINK, "bear": BLAIRS_BEAR},
         [{"redirect_damage": {"id": "deflect", "controller": "Blair", "to": "Blair", "instead_to": "bear"}},
          damage("vampire", "Blair", 3)], {}),
        ({"vampire": LIFELINK, "bear": BLAIRS_BEAR}, [damage("vampire", "Blair", 3)], {}),
    ),
    "infect-to-planeswalker-as-counters": (
        ({"rat": creature(2, 2, abilities=[{"keyword": "infect"}]), "jace": {**walker(5), "owner": "Blair"}},
         [damage("rat", "jace", 2)], {}),
        ({"rat": creature(2, 2, abilities=[{"keyword": "infect"}]), "bear": BLAIRS_BEAR}, [damage("rat", "bear", 2)], {}),
        ({"ogre": creature(2, 2), "jace": {**walker(5), "owner": "Blair"}}, [damage("ogre", "jace", 2)], {}),
    ),
    "stolen-lifelink-to-owner": (
        ({"vampire": {**LIFELINK, "controller": "Blair"}}, [damage("vampire", "Alex", 3)], {}),
        ({"vampire": LIFELINK}, [damage("vampire", "Blair", 3)], {}),
        ({"ogre": {**creature(4, 4), "controller": "Blair"}}, [damage("ogre", "Alex", 3)], {}),
    ),
    "indestructible-from-copiable-values": (
        ({"bear": creature(2, 2), "shock": spell("R")},
         [{"become": {"id": "ward", "to": "bear", "gains": [{"keyword": "indestructible"}]}}, damage("shock", "bear", 3)], {}),
        ({"golem": creature(2, 2, abilities=[{"keyword": "indestructible"}]), "shock": spell("R")},
         [{"become": {"id": "curse", "to": "golem", "loses": [{"keyword": "indestructible"}]}}, damage("shock", "golem", 3)], {}),
        ({"golem": creature(2, 2, abilities=[{"keyword": "indestructible"}]), "shock": spell("R")},
         [damage("shock", "golem", 3)], {}),
        ({"bear": creature(2, 2), "shock": spell("R")},
         [{"become": {"id": "ward", "to": "bear", "gains": [{"keyword": "flying"}]}}, damage("shock", "bear", 3)], {}),
    ),
    "indestructible-survives-zero-toughness": (
        ({"golem": creature(2, 2, abilities=[{"keyword": "indestructible"}])},
         [{"modify_pt": {"to": "golem", "power": -2, "toughness": -2}}], {}),
        ({"bear": creature(2, 2)}, [{"modify_pt": {"to": "bear", "power": -2, "toughness": -2}}], {}),
        ({"golem": creature(2, 2, abilities=[{"keyword": "indestructible"}])}, [damage("golem", "golem", 3)], {}),
    ),
    "prevention-extra-not-replaced": (
        ({"hydra": creature(5, 5, abilities=[{"prevent_damage": {"to": {"itself": True}, "then": {"put_counters": "-1/-1"}}}]),
          "season": SEASON, "shock": spell("R")}, [damage("shock", "hydra", 2)], {}),
        ({"hydra": creature(5, 5, abilities=[{"prevent_damage": {"to": {"itself": True}, "then": {"put_counters": "-1/-1"}}}]),
          "shock": spell("R")}, [damage("shock", "hydra", 2)], {}),
        ({"bear": creature(2, 2), "season": SEASON}, [{"put_counters": {"object": "bear", "kind": "-1/-1", "count": 1}}], {}),
    ),
    "doubled-counters-not-replaced": (
        ({"bear": {**creature(2, 2), "counters": {"+1/+1": 2}}, "season": SEASON},
         [{"double_counters": {"object": "bear", "kind": "+1/+1"}}], {}),
        ({"bear": {**creature(2, 2), "counters": {"+1/+1": 2}}}, [{"double_counters": {"object": "bear", "kind": "+1/+1"}}], {}),
        ({"bear": creature(2, 2), "season": SEASON}, [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 2}}], {}),
    ),
    "kind-limited-replacement-for-every-kind": (
        ({"bear": creature(3, 3), "scales": enchantment({"counter_replacement": {"kind": "+1/+1", "on": {"controller": "you"}}})},
         [{"put_counters": {"object": "bear", "kind": "-1/-1", "count": 1}}], {}),
        ({"bear": creature(3, 3), "scales": enchantment({"counter_replacement": {"kind": "+1/+1", "on": {"controller": "you"}}})},
         [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1}}], {}),
        ({"bear": creature(3, 3), "season": SEASON}, [{"put_counters": {"object": "bear", "kind": "-1/-1", "count": 1}}], {}),
    ),
    "opponent-halving-reads-owner": (
        ({"raider": {**VORINCLEX, "controller": "Blair"}, "bear": BLAIRS_BEAR},
         [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 4, "controller": "Blair"}}], {}),
        ({"raider": {**VORINCLEX, "controller": "Blair"}, "bear": BLAIRS_BEAR},
         [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 4, "controller": "Alex"}}], {}),
        ({"raider": VORINCLEX, "bear": BLAIRS_BEAR},
         [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 4, "controller": "Blair"}}], {}),
        ({"season": {**SEASON, "controller": "Blair"}, "bear": BLAIRS_BEAR},
         [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 4, "controller": "Blair"}}], {}),
    ),
    "doubled-copies-not-copies": (
        ({"bear": creature(2, 2), "lives": enchantment({"token_replacement": {}})},
         [{"create_token": {"tokens": ["first", "second"], "copy_of": "bear"}}], {}),
        ({"bear": creature(2, 2)}, [{"create_token": {"tokens": ["first", "second"], "count": 2, "copy_of": "bear"}}], {}),
        ({"lives": enchantment({"token_replacement": {}})},
         [{"create_token": {"tokens": ["first", "second"], "card": {"types": ["creature"], "power": 1, "toughness": 1}}}], {}),
    ),
    "doubled-copies-lose-exceptions": (
        ({"bear": creature(2, 2), "lives": enchantment({"token_replacement": {}})},
         [{"create_token": {"tokens": ["first", "second"], "copy_of": "bear", "exceptions": {"power": 1, "toughness": 1}}}], {}),
        ({"bear": creature(2, 2)},
         [{"create_token": {"tokens": ["first", "second"], "count": 2, "copy_of": "bear",
                            "exceptions": {"power": 1, "toughness": 1}}}], {}),
        ({"bear": creature(2, 2), "lives": enchantment({"token_replacement": {}})},
         [{"create_token": {"tokens": ["first", "second"], "copy_of": "bear"}}], {}),
    ),
    "stolen-trigger-owner-controls": (
        ({"cleric": {**creature(2, 5, abilities=[{"triggered": {
            "name": "pray", "when": "this is dealt damage", "event": {"dealt_damage": {"itself": True}},
            "effect": {"gain_life": {"amount": 2}}}}]), "controller": "Blair"}, "shock": spell("R")},
         [damage("shock", "cleric", 1), {"resolve_triggers": {}}], {}),
        ({"cleric": creature(2, 5, abilities=[{"triggered": {
            "name": "pray", "when": "this is dealt damage", "event": {"dealt_damage": {"itself": True}},
            "effect": {"gain_life": {"amount": 2}}}}]), "shock": spell("R")},
         [damage("shock", "cleric", 1), {"resolve_triggers": {}}], {}),
    ),
    "dealt-damage-once-per-source": (
        ({"hulk": creature(2, 5, abilities=GROWS), "shock": spell("R"), "bolt": spell("R")},
         [{"together": [damage("shock", "hulk", 1), damage("bolt", "hulk", 1)]}, {"resolve_triggers": {"order": ["hulk.grow"]}}], {}),
        ({"hulk": creature(2, 5, abilities=GROWS), "shock": spell("R")},
         [damage("shock", "hulk", 2), {"resolve_triggers": {"order": ["hulk.grow"]}}], {}),
        ({"bear": creature(2, 5), "shock": spell("R"), "bolt": spell("R")},
         [{"together": [damage("shock", "bear", 1), damage("bolt", "bear", 1)]}], {}),
    ),
    "doubled-life-not-replaced": (
        ({"reflection": enchantment({"double_life_gain": {}})}, [{"double_life": {"player": "Alex"}}],
         {"player_states": {"Alex": {"life": 10}}}),
        ({"bear": creature(2, 2)}, [{"double_life": {"player": "Alex"}}], {"player_states": {"Alex": {"life": 10}}}),
        ({"reflection": enchantment({"double_life_gain": {}})}, [{"gain_life": {"player": "Alex", "amount": 10}}], {}),
    ),
    "anthem-reads-owner": (
        ({"anthem": {**ANTHEM, "controller": "Blair"}, "bear": creature(2, 2), "wolf": {**creature(2, 2), "owner": "Blair"}},
         [], {}),
        ({"anthem": ANTHEM, "bear": creature(2, 2), "wolf": {**creature(2, 2), "owner": "Blair"}}, [], {}),
        ({"anthem": {**ANTHEM, "owner": "Blair"}, "bear": {**creature(2, 2), "controller": "Blair"}}, [], {}),
    ),
}


def _snapshots(engine, objects, steps, more):
    """Every observable value at the end (make_case adds the checkpoint)."""
    return engine.run(make_case(objects, steps, **more).to_dict())


def test_every_interaction_mutant_has_its_scenarios():
    from tests import interaction_mutants

    mine = {m.name for m in MUTANTS if m.game.__module__ == interaction_mutants.__name__}
    assert mine == set(SCENARIOS)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_mutant_breaks_only_where_the_rules_meet(name):
    scenarios, meeting = SCENARIOS[name], MEETINGS.get(name, 1)
    mutant, reference = BY_NAME[name].engine(), ReferenceEngine()
    for i, scenario in enumerate(scenarios[:meeting], 1):
        assert _snapshots(mutant, *scenario) != _snapshots(reference, *scenario), f"{name}: right where they meet ({i})"
    for i, scenario in enumerate(scenarios[meeting:], 1):
        assert _snapshots(mutant, *scenario) == _snapshots(reference, *scenario), f"{name}: wrong alone ({i})"
