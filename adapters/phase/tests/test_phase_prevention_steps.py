"""Prevention steps of some sources' damage on phase (CR 615.1): "Prevent all damage that would be
dealt by red sources this turn." and its kin, with the case's damage from its own sources
(adapters/phase/src/mtg_conformance_phase/plain_spells.py, static_prevention.source_words)."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import pytest

from mtg_conformance_phase.static_prevention import source_words
from conformance.errors import Unsupported
from phase_support import engine, info, needs_phase, outcome  # noqa: F401 (fixtures)
from tests.scenarios import creature, make_case

RED = {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack", "owner": "Blair"}
GREEN = {"card": {"types": ["sorcery"], "colors": ["G"]}, "zone": "stack", "owner": "Blair"}


def test_source_words():
    assert source_words("e1", {"colors": ["U"], "zone": "stack"})[0] == "blue instant and sorcery spells"
    assert source_words("e1", {"zone": "stack"})[0] == "instant and sorcery spells"
    assert source_words("e1", {"colors": ["B"], "zone": ["battlefield", "stack"]})[0] == "black sources"
    with pytest.raises(Unsupported, match="has no Oracle wording"):
        source_words("e1", {"colors": ["U", "B"], "zone": "stack"})


@needs_phase
@pytest.mark.parametrize(("by", "bear_damage", "alex_life"), [
    # red sources: the red spell's 2 to the bear is prevented, the green spell's 1 and the ogre's 3 are dealt
    ({"colors": ["R"], "zone": ["battlefield", "stack"]}, 1, 17),
    # red spells only: the same here, the ogre being green
    ({"colors": ["R"], "zone": "stack"}, 1, 17),
    # creatures: the ogre's 3 to Alex is prevented, both spells' damage dealt
    ({"types": ["creature"]}, 3, 20),
])
def test_all_damage_some_sources_would_deal_is_prevented(engine, info, by, bear_damage, alex_life):
    """CR 615.1: Alex's prevention of all damage the sources ``by`` names would deal this turn, then
    Blair's red instant deals 2 to Alex's 4/4 bear, her green sorcery 1 to it, and her green ogre
    (its own ability: a case with a source filter) 3 to Alex."""
    objects = {"bear": creature(4, 4), "ogre": {**creature(3, 3, colors=["G"]), "owner": "Blair"},
               "blast": RED, "growth": GREEN}
    steps = [{"prevent_damage": {"controller": "Alex", "by": by}},
             {"damage": {"source": "blast", "to": "bear", "amount": 2}},
             {"damage": {"source": "growth", "to": "bear", "amount": 1}},
             {"damage": {"source": "ogre", "to": "Alex", "amount": 3}},
             {"expect": {"objects": {"bear": {"damage": bear_damage}}, "players": {"Alex": {"life": alex_life}}}}]
    result = outcome(engine, info, make_case(objects, steps, rules=("615.1",)))
    assert result.status == "passed", result


@needs_phase
def test_a_prevention_of_some_sources_beside_protection(engine, info):
    """CR 615.1, 702.16: in a case with a creature with protection from red, a prevention of all
    damage by creatures: the ogre's 3 to Alex is prevented, the red spell's 1 to Alex is dealt.
    (Where both could apply to one damage event the format asks for an order naming the
    protection, which this adapter refuses: 616.1.)"""
    objects = {"knight": creature(3, 4, abilities=[{"protection": "red"}]),
               "ogre": {**creature(3, 3, colors=["G"]), "owner": "Blair"}, "blast": RED}
    steps = [{"prevent_damage": {"controller": "Alex", "by": {"types": ["creature"]}}},
             {"damage": {"source": "ogre", "to": "Alex", "amount": 3}},
             {"damage": {"source": "blast", "to": "Alex", "amount": 1}},
             {"expect": {"players": {"Alex": {"life": 19}}}}]
    result = outcome(engine, info, make_case(objects, steps, rules=("615.1", "702.16e")))
    assert result.status == "passed", result
