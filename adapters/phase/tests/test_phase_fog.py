"""Prevention of combat damage only on phase (CR 615.1, 510.2): Fog's "Prevent all combat damage
that would be dealt this turn." and "... to target creature ...", and keywords read in any order
(adapters/phase/src/mtg_conformance_phase/plain_spells.py, cards.py)."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import pytest

from phase_support import engine, info, needs_phase, outcome  # noqa: F401 (fixtures)
from tests.scenarios import creature, make_case


@needs_phase
@pytest.mark.parametrize("fog", [True, False])
def test_fog_prevents_combat_damage_and_nothing_else(engine, info, fog):
    """Blair casts Fog (or nothing). Then a noncombat 2 damage to Alex's 4/4 ox is dealt either way
    (615.1: Fog covers combat damage only), and the ox attacks Blair unblocked: with Fog its 4
    combat damage is prevented (Blair stays at 20), without it Blair goes to 16 (510.2)."""
    steps = [{"damage": {"source": "bolt", "to": "ox", "amount": 2}},
             {"combat": {"attackers": {"ox": "Blair"}}},
             {"expect": {"objects": {"ox": {"damage": 2}}, "players": {"Blair": {"life": 20 if fog else 16}}}}]
    if fog:
        steps.insert(0, {"prevent_damage": {"controller": "Blair", "combat": True}})
    objects = {"ox": creature(4, 4), "bolt": {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack",
                                               "owner": "Blair"}}
    result = outcome(engine, info, make_case(objects, steps, rules=("615.1", "510.2")))
    assert result.status == "passed", result


@needs_phase
def test_combat_damage_to_one_creature_prevented(engine, info):
    """CR 615.1: "Prevent all combat damage that would be dealt to target creature this turn." on
    Blair's 2/2 bear blocking Alex's 3/3 ogre: the bear is dealt none and lives, the ogre is dealt 2."""
    objects = {"ogre": creature(3, 3), "bear": {**creature(2, 2), "owner": "Blair"}}
    steps = [{"prevent_damage": {"controller": "Blair", "to": "bear", "combat": True}},
             {"combat": {"attackers": {"ogre": "Blair"}, "blockers": {"bear": "ogre"}}},
             {"expect": {"objects": {"bear": {"zone": "battlefield", "damage": 0}, "ogre": {"damage": 2}}}}]
    result = outcome(engine, info, make_case(objects, steps, rules=("615.1", "510.2")))
    assert result.status == "passed", result


@needs_phase
def test_a_protection_beside_other_keywords_is_read_in_any_order(engine, info):
    """CR 702.16: phase lists a protection (read from the card's text) after its other keywords;
    the card is the same, so a 3/3 with vigilance and protection from red attacks and deals 3."""
    knight = creature(3, 3, abilities=[{"protection": "red"}, {"keyword": "vigilance"}])
    steps = [{"combat": {"attackers": {"knight": "Blair"}}},
             {"expect": {"objects": {"knight": {"tapped": False}}, "players": {"Blair": {"life": 17}}}}]
    result = outcome(engine, info, make_case({"knight": knight}, steps, rules=("702.16", "702.20b")))
    assert result.status == "passed", result
