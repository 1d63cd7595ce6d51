"""A triggered ability's "that much damage" on phase (CR 603.7c, 120.3): the event's amount,
dealt by the ability's permanent to itself, to its controller or to the event's creature
(adapters/phase/src/mtg_conformance_phase/trigger_lines.py)."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import pytest

from mtg_conformance_phase.trigger_lines import trigger_line
from phase_support import engine, info, needs_phase, outcome  # noqa: F401 (fixtures)
from tests.scenarios import creature, make_case


def _watcher(types, event, to, **pt):
    return {"card": {"types": types, **pt, "abilities": [{"triggered": {
        "name": "t", "when": "whenever", "event": event, "effect": {"damage": {"amount": "that_many", "to": to}}}}]}}


def test_that_much_damage_wording():
    """phase reads "... deals that much damage to this creature." as the event's amount to itself;
    its reading of "to itself" (a target's damage to itself) is why "this creature" is written."""
    text, expect = trigger_line("t", {"event": {"loses_life": "each"},
                                      "effect": {"damage": {"amount": "that_many", "to": "itself"}}}, ["creature"])
    assert text == "Whenever a player loses life, this creature deals that much damage to this creature."
    assert expect["execute"]["effect"] == {"type": "DealDamage", "target": {"type": "SelfRef"},
                                           "amount": {"type": "Ref", "qty": {"type": "EventContextAmount"}}}


@needs_phase
@pytest.mark.parametrize(("watcher", "step", "expect"), [
    # Blair loses 3: the 2/4 deals 3 damage to itself and survives (704.5g: 3 < 4)
    (_watcher(["creature"], {"loses_life": "each"}, "itself", power=2, toughness=4),
     {"lose_life": {"player": "Blair", "amount": 3}},
     {"objects": {"watcher": {"damage": 3}}, "players": {"Blair": {"life": 17}}}),
    # Alex gains 4, then the enchantment deals 4 damage to Alex: 20 + 4 - 4
    (_watcher(["enchantment"], {"gains_life": "you"}, "you"),
     {"gain_life": {"player": "Alex", "amount": 4}},
     {"players": {"Alex": {"life": 20}}}),
    # two +1/+1 counters on the bear (4/4 now): the enchantment deals 2 damage to the bear
    (_watcher(["enchantment"], {"counters_put": {"kind": "+1/+1", "on": {"types": ["creature"]}}}, "that"),
     {"put_counters": {"object": "bear", "kind": "+1/+1", "count": 2}},
     {"objects": {"bear": {"damage": 2, "power": 4, "toughness": 4}}}),
])
def test_that_much_damage_is_the_events_amount(engine, info, watcher, step, expect):
    case = make_case({"watcher": watcher, "bear": {**creature(2, 2), "owner": "Blair"}},
                     [step, {"resolve_triggers": {"order": ["watcher.t"]}}, {"expect": expect}], rules=("603.7c",))
    result = outcome(engine, info, case)
    assert result.status == "passed", result


@needs_phase
def test_abilities_the_starting_board_triggers_under_starting_mana_pools(engine, info):  # noqa: F811
    """CR 603.3, 106.4: two creatures dying as the case starts (704.5f) trigger "whenever a creature dies"
    twice; a player's starting mana pool is no step cast over them, so the case's first step orders both
    (the adapter once took the pools' stand-in spells for steps on top of them: an AdapterFault)."""
    dier = {"types": ["creature"], "power": 0, "toughness": 1}
    objects = {"c1": {"card": {**dier, "abilities": [{"triggered": {
                   "name": "t", "when": "whenever a creature dies", "event": {"dies": {"types": ["creature"]}},
                   "effect": {"lose_life": {"amount": 2, "player": "each_opponent"}}}}]}, "counters": {"-1/-1": 1}},
               "c2": {"card": dier, "counters": {"-1/-1": 1}}}
    case = make_case(objects, [{"resolve_triggers": {"order": ["c1.t", "c1.t"]}},
                               {"expect": {"players": {"Blair": {"life": 16}}}}],
                     rules=("603.3b",), player_states={"Alex": {"mana": {"W": 1}}})
    assert outcome(engine, info, case).status == "passed"
