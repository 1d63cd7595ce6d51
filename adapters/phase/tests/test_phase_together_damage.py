"""Damage from one source in several parts of a ``together`` step on phase (CR 120.3, 704.3):
one stand-in spell with a sentence per part, where each recipient is dealt damage by one part
(adapters/phase/src/mtg_conformance_phase/one_event.py)."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import pytest

from phase_support import engine, info, needs_phase, outcome  # noqa: F401 (fixtures)
from tests.scenarios import creature, make_case

BLAST = {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack"}


def _board(**more):
    return {"blast": BLAST, "ox": creature(4, 4), "bear": {**creature(2, 2), "owner": "Blair"}, **more}


def _together(*parts):
    return {"together": [{"damage": {"source": "blast", **part}} for part in parts]}


@needs_phase
def test_a_spell_dealing_damage_to_a_player_and_to_each_creature(engine, info):
    """CR 120.3, 704.3: the spell on the stack deals 2 to Blair and 2 to each creature in one
    event: the bear (2/2) dies once state-based actions are checked after it (704.5g), the ox
    keeps 2 damage, Blair is at 18, and the spell stays on the stack (the case's own object)."""
    case = make_case(_board(), [
        _together({"to": "Blair", "amount": 2}, {"to_each": {"types": ["creature"]}, "amount": 2}),
        {"expect": {"objects": {"bear": {"zone": "graveyard"}, "ox": {"damage": 2}, "blast": {"zone": "stack"}},
                    "players": {"Blair": {"life": 18}, "Alex": {"life": 20}}}},
    ], rules=("120.3", "704.3"))
    result = outcome(engine, info, case)
    assert result.status == "passed", result


@needs_phase
def test_the_life_lost_in_the_event_triggers_once(engine, info):
    """CR 603.2, 119.3: "Whenever a player loses life, put that many charge counters on this
    enchantment." beside damage to the ox and to each player (1 each): Alex and Blair each lose 1,
    so the ability triggers twice, once per player, and the jar ends with 2 charge counters; the
    ox's damage triggers nothing."""
    jar = {"card": {"types": ["enchantment"], "abilities": [{"triggered": {
        "name": "t", "when": "whenever a player loses life", "event": {"loses_life": "each"},
        "effect": {"put_counters": {"kind": "charge", "count": "that_many"}}}}]}}
    case = make_case(_board(jar=jar), [
        _together({"to": "ox", "amount": 1}, {"to_each_player": True, "amount": 1}),
        {"resolve_triggers": {"order": ["jar.t", "jar.t"]}},
        {"expect": {"objects": {"jar": {"counters": {"charge": 2}}, "ox": {"damage": 1}},
                    "players": {"Blair": {"life": 19}, "Alex": {"life": 19}}}},
    ], rules=("120.3", "603.2"))
    result = outcome(engine, info, case)
    assert result.status == "passed", result


@needs_phase
@pytest.mark.parametrize(("parts", "reason"), [
    # the bear would be dealt damage by both parts: two sentences are two events for it
    (({"to": "bear", "amount": 1}, {"to_each": {"types": ["creature"]}, "amount": 1}), "two parts may share"),
    (({"to": "Blair", "amount": 1}, {"to_each_player": True, "amount": 1}), "two parts may share"),
    (({"to": "Blair", "amount": 1}, {"to_each": {"types": ["creature"]}, "amount": 1, "cant_be_prevented": True}),
     "some but not all can't be prevented"),
])
def test_parts_that_are_not_one_event_as_sentences_are_refused(engine, info, parts, reason):
    result = outcome(engine, info, make_case(_board(), [_together(*parts)], rules=("120.3",)))
    assert result.status == "unsupported" and reason in result.reason, result


@needs_phase
def test_damage_that_cant_be_prevented_in_every_part(engine, info):
    """CR 615.12: both parts can't be prevented, so Blair's shields on herself and on her bear
    (615.7) prevent nothing: the bear (2/2) is dealt 2 and dies, Blair loses 3."""
    steps = [{"prevent_damage": {"controller": "Blair", "to": "Blair"}},
             {"prevent_damage": {"controller": "Blair", "to": "bear"}},
             _together({"to": "Blair", "amount": 3, "cant_be_prevented": True},
                       {"to_each": {"types": ["creature"], "controller": "opponent"}, "amount": 2,
                        "cant_be_prevented": True}),
             {"expect": {"objects": {"bear": {"zone": "graveyard"}, "ox": {"damage": 0}},
                         "players": {"Blair": {"life": 17}}}}]
    result = outcome(engine, info, make_case(_board(), steps, rules=("615.12", "120.3")))
    assert result.status == "passed", result
