"""The interaction table and the reference engine's log it reads (issue 39).

The log is a side channel: attaching it changes no snapshot. Each facet and row is declared with
rules that have titles; a row meets only when its facets hold on one event, which small cases
built by hand show (each with a twin that lacks one of the two elements and does not meet).
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from conformance.cli import main
from conformance.format import loader
from conformance.laws import interactions
from conformance.laws.interactions import TableError, met_by, parse
from reference_engine import ReferenceEngine
from tests.scenarios import creature, make_case

GOLDEN = loader.load_suite([loader.golden_dir()])


def test_the_log_changes_no_snapshot_of_any_golden_case():
    engine = ReferenceEngine()
    for case in GOLDEN:
        snapshots, entries = engine.run_logged(case)
        assert snapshots == engine.run_case(case), case.id
        assert all(isinstance(e["event"], str) for e in entries)
        json.dumps(entries)  # plain data


def test_every_row_and_facet_cites_rules_with_a_title():
    titles = json.loads(resources.files("conformance").joinpath("data/rule-titles.json").read_text("utf-8"))["titles"]
    rows = interactions.table()
    assert len(rows) >= 100 and len({r.id for r in rows}) == len(rows)
    for row in rows:
        assert row.rules and set(row.rules) <= set(titles), row.id
        assert len(row.facets) >= 2 and row.why, row.id
    for facets in interactions.FACETS.values():
        for facet in facets.values():
            assert facet.rules and set(facet.rules) <= set(titles), facet


def test_every_declared_facet_is_named_by_some_row():
    named = {(row.event, f) for row in interactions.table() for f in row.facets}
    unused = sorted((e, n) for e, facets in interactions.FACETS.items() for n in facets if (e, n) not in named)
    assert unused == []  # a facet no row names is dead weight


@pytest.mark.parametrize("data, message", [
    ({"interactions": [{"id": "x", "event": "damage", "meet": ["lifelink", "nonsense"], "rules": ["702.15b"],
                        "why": "w"}]}, "row 1 (x): meet names two or more facets of damage events; not facets: 'nonsense'"),
    ({"interactions": [{"id": "x", "event": "dreams", "meet": ["a", "b"], "rules": ["1"], "why": "w"}]},
     "row 1 (x): no event 'dreams'"),
    ({"interactions": [{"id": "x", "event": "damage", "meet": ["lifelink"], "rules": ["1"], "why": "w"}]},
     "meet names two or more facets"),
    ({"interactions": [{"id": "x", "event": "damage", "meet": ["lifelink", "deathtouch"], "why": "w"}]},
     "row 1 (x): missing rules"),
    ({"interactions": [{"id": "x", "event": "damage", "meet": ["lifelink", "deathtouch"], "rules": [], "why": "w"}] * 2},
     "row 2 (x): the id is used twice"),
    ({"interactions": []}, "no interactions"),
])
def test_a_broken_table_is_refused_naming_the_row(data, message):
    with pytest.raises(TableError, match=None) as caught:
        parse(data, "t.yaml")
    assert message in str(caught.value) and str(caught.value).startswith("t.yaml")


RED_GREEN = {"card": {"types": ["instant"], "colors": ["R", "G"]}, "zone": "stack", "owner": "Blair"}


def test_a_two_coloured_source_meets_protection_from_one_colour():
    knight = creature(2, 2, abilities=[{"protection": "red"}])
    steps = [{"damage": {"source": "spell", "to": "knight", "amount": 3}}]
    assert "damage/protection-from-one-of-two-colours" in met_by(make_case({"knight": knight, "spell": RED_GREEN}, steps))
    mono = {**RED_GREEN, "card": {"types": ["instant"], "colors": ["R"]}}
    assert "damage/protection-from-one-of-two-colours" not in met_by(make_case({"knight": knight, "spell": mono}, steps))
    plain = creature(2, 2)
    assert "damage/protection-from-one-of-two-colours" not in met_by(make_case({"knight": plain, "spell": RED_GREEN}, steps))


def test_wither_meets_a_shield_only_on_the_same_event():
    ogre = creature(3, 3, abilities=[{"keyword": "wither"}])
    bear, wall = creature(2, 2), creature(0, 5)
    shielded = [{"prevent_damage": {"to": "bear", "amount": 1}},
                {"damage": {"source": "ogre", "to": "bear", "amount": 3}}]
    assert "damage/shield-and-wither" in met_by(make_case({"ogre": ogre, "bear": bear}, shielded))
    # the shield protects another creature: wither and the shield are in one case, never on one event
    apart = [{"prevent_damage": {"to": "wall", "amount": 1}},
             {"damage": {"source": "ogre", "to": "bear", "amount": 3}},
             {"damage": {"source": "ogre", "to": "wall", "amount": 0}}]
    assert "damage/shield-and-wither" not in met_by(make_case({"ogre": ogre, "bear": bear, "wall": wall}, apart))


def test_indestructible_gained_meets_lethal_damage_at_the_state_based_action_check():
    bear = creature(2, 2)
    steps = [{"become": {"to": "bear", "gains": [{"keyword": "indestructible"}]}},
             {"damage": {"source": "spell", "to": "bear", "amount": 5}}]
    met = met_by(make_case({"bear": bear, "spell": RED_GREEN}, steps))
    assert "sba/lethal-damage-and-gained-indestructible" in met
    assert "sba/lethal-damage-and-indestructible" not in met  # not printed


def test_damage_that_cant_be_prevented_is_not_partly_prevented():
    # 615.12: protection applies to it (615.12a) and prevents none of it, so none is prevented
    bear = creature(2, 2, abilities=[{"protection": "red"}])
    ogre = creature(3, 3, colors=["R"], abilities=[{"keyword": "deathtouch"}])
    steps = [{"damage": {"source": "ogre", "to": "bear", "amount": 1, "cant_be_prevented": True}}]
    met = met_by(make_case({"ogre": ogre, "bear": bear}, steps))
    assert "damage/protection-and-cant-be-prevented" in met and "damage/prevention-and-deathtouch" not in met
    plain = {**ogre, "card": {**ogre["card"], "colors": []}}
    shielded = [{"prevent_damage": {"to": "bear", "amount": 1}},
                {"damage": {"source": "ogre", "to": "bear", "amount": 2}}]
    assert "damage/prevention-and-deathtouch" in met_by(make_case({"ogre": plain, "bear": creature(2, 2)}, shielded))


def test_what_an_event_of_several_actions_causes_meets_it_once_it_is_over():
    # 603.2c, 119.10: a together's damage triggers, and its lifelink gains, once all of it is dealt;
    # 704.3: state-based actions are checked after the whole event
    hurt = {"triggered": {"name": "t", "when": "whenever this is dealt damage", "event": {"dealt_damage": {"itself": True}},
                          "effect": {"gain_life": {"amount": 1}}}}
    gain = {"triggered": {"name": "t", "when": "whenever you gain life", "event": {"gains_life": "you"},
                          "effect": {"put_counters": {"kind": "+1/+1", "count": 1, "to": "itself"}}}}
    wall = creature(0, 5, abilities=[hurt])
    priest = creature(1, 1, abilities=[{"keyword": "lifelink"}, gain])
    parts = [{"damage": {"source": "priest", "to": "wall", "amount": 1}},
             {"damage": {"source": "wall", "to": "wall", "amount": 1}}]
    objects = {"wall": wall, "priest": priest}
    met = met_by(make_case(objects, [{"together": parts}, {"resolve_triggers": {"order": ["wall.t", "priest.t"]}}]))
    assert {"trigger/damage-at-once", "trigger/life-gain-at-once"} <= met
    apart = met_by(make_case(objects, [parts[0], {"resolve_triggers": {"order": ["wall.t", "priest.t"]}}, parts[1]]))
    assert not {"trigger/damage-at-once", "trigger/life-gain-at-once"} & apart
    bear = creature(2, 2)
    counters = [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1}},
                {"put_counters": {"object": "bear", "kind": "-1/-1", "count": 3}}]
    met = met_by(make_case({"bear": bear}, [{"together": counters}]))
    assert {"sba/counters-annihilate-after-actions-at-once", "sba/toughness-zero-after-actions-at-once"} <= met
    apart = met_by(make_case({"bear": bear}, counters))
    assert not {"sba/counters-annihilate-after-actions-at-once", "sba/toughness-zero-after-actions-at-once"} & apart


def test_state_based_actions_between_triggered_abilities_resolving():
    # 117.5, 704.3: checked after each ability resolves, while the stack resolves
    bolt = {"triggered": {"name": "t", "when": "whenever a creature enters", "event": {"enters": {"types": ["creature"]}},
                          "effect": {"damage": {"amount": 3, "to": "that"}}}}
    bear = {**creature(2, 2), "zone": "hand"}
    steps = [{"move": {"object": "bear", "to": "battlefield"}}, {"resolve_triggers": {}}]
    assert "sba/dies-while-resolving" in met_by(make_case({"shrine": creature(0, 5, abilities=[bolt]), "bear": bear}, steps))
    direct = [{"move": {"object": "bear", "to": "battlefield"}}, {"damage": {"source": "shrine", "to": "bear", "amount": 3}}]
    assert "sba/dies-while-resolving" not in met_by(make_case({"shrine": creature(0, 5), "bear": bear}, direct))


def test_a_later_set_effect_on_one_creature_meets_an_earlier_one():
    bear = creature(2, 2)
    two = [{"set_pt": {"to": "bear", "power": 4, "toughness": 4}}, {"set_pt": {"to": "bear", "power": 1, "toughness": 1}},
           {"modify_pt": {"to": "bear", "power": 1, "toughness": 0}}]
    assert "layer7/two-sets-in-timestamp-order" in met_by(make_case({"bear": bear}, two))
    one = [two[0], two[2]]
    assert "layer7/two-sets-in-timestamp-order" not in met_by(make_case({"bear": bear}, one))


def test_a_case_the_reference_engine_refuses_meets_nothing():
    legend = {"card": {"name": "Twin", "types": ["creature"], "supertypes": ["legendary"], "power": 1, "toughness": 1}}
    case = make_case({"a": legend, "b": legend}, [{"modify_pt": {"to": "a", "power": 1, "toughness": 1}}])
    assert met_by(case) == set()  # the legend rule (704.5j) is refused


def test_coverage_pairs_prints_each_interaction_with_its_share(capsys):
    assert main(["coverage", "--pairs", "--property", "510.4/first-striker-kills-blocker-unharmed"]) == 0
    out = capsys.readouterr().out
    assert "sba/lethal-between-combat-damage-steps" in out and "100.0%" in out
    assert "704.5g + between combat damage steps" in out
    assert f"of {len(interactions.table())} interactions reached in at least 1.0%" in out


def test_a_static_effect_of_a_permanent_stolen_by_an_effect_is_another_controllers():
    """The layer 7 log reads a static effect's controller after layer 2 (613.1b): an anthem taken by
    an effect is its new controller's."""
    lord = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"static_pt": {
        "effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you"}, "power": 1, "toughness": 1}}]}}
    bear = {**creature(2, 2), "owner": "Blair"}
    taken = [{"become": {"to": "lord", "gain_control": True, "controller": "Blair"}}]
    assert "layer7/stolen-anthem" in met_by(make_case({"lord": lord, "bear": bear}, taken))
    assert "layer7/stolen-anthem" not in met_by(make_case({"lord": lord, "bear": bear}, [{"end_turn": {}}]))


def test_only_a_replacement_for_anyones_tokens_is_one():
    made = [{"create_token": {"tokens": ["t1", "t2"], "card": {"types": ["creature"], "power": 1, "toughness": 1}}}]
    lives = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {"mode": "double"}}]}}
    assert "tokens/anyones-tokens" not in met_by(make_case({"lives": lives}, made))
    anyones = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {"mode": "double", "under": "any"}}]}}
    assert "tokens/anyones-tokens" in met_by(make_case({"lives": anyones}, made))
