"""Triggered abilities on events, life-gain and mana replacements (CR 603, 614.1a, 605): the
loader's refusals and the reference engine's refusals of what it cannot judge."""

from __future__ import annotations

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format.loader import load_text
from reference_engine import ReferenceEngine
from reference_engine.triggers import TriggersNotAsScripted

HEAD = '''format: 1
cr: "2025-09-19"
cases:
  - id: 603.2/case
    rules: ["603.2"]
    source: {rule: "603.2"}
    summary: a case about triggered abilities on events
    players: [Alex, Blair]
'''

WARDEN = ('{card: {types: [creature], power: 1, toughness: 1, abilities: [{triggered: {name: gain, when: enters, '
          'event: {enters: {types: [creature], other: true}}, effect: {gain_life: {amount: 1}}}}]}}')


def _case(objects: str, steps: str) -> str:
    return HEAD + "    objects:\n" + objects + "    steps:\n" + steps


@pytest.mark.parametrize("objects,steps,message", [
    ("      a: {card: {types: [artifact], abilities: [{activated: {name: x, cost: '{1}', effect: {gain_life: {amount: 1}}}}]}}\n",
     "      - expect: {objects: {a: {}}}\n", "modelled only for a triggered ability with an event"),
    ("      a: {card: {types: [artifact], abilities: [{triggered: {name: x, when: w, event: {enters: {}}, "
     "effect: {gain_life: {amount: that_many}}}}]}}\n",
     "      - expect: {objects: {a: {}}}\n", "has no amount"),
    ("      a: {card: {types: [artifact], abilities: [{triggered: {name: x, when: w, event: {dies: {}}, "
     "effect: {become_copy: {until: ended}}}}]}}\n",
     "      - expect: {objects: {a: {}}}\n", "can't become a copy"),
    ("      a: {card: {types: [land]}}\n",
     "      - activate_mana: {object: b, ability: tap}\n      - expect: {objects: {a: {}}}\n", "undeclared object 'b'"),
    ("      a: {card: {types: [land]}}\n",
     "      - resolve_triggers: {order: [nobody.gain]}\n      - expect: {objects: {a: {}}}\n", "names no object"),
    ("      a: {card: {types: [creature], power: 2, toughness: 4, abilities: [{double_life_loss: {during_your_turn: true}}]}}\n",
     "      - expect: {objects: {a: {}}}\n", "during your turn"),
])
def test_loader_refuses(objects, steps, message):
    with pytest.raises(CaseFileErrors, match=message):
        load_text(_case(objects, steps), "x.yaml")


def _run(objects: str, steps: str):
    (case,) = load_text(_case(objects, steps), "x.yaml")
    return ReferenceEngine().run(case.to_dict())


def test_two_waiting_need_an_order():
    objects = f"      w1: {WARDEN}\n      w2: {WARDEN}\n      bear: {{card: {{types: [creature], power: 2, toughness: 2}}, zone: hand}}\n"
    steps = "      - move: {object: bear, to: battlefield}\n      - gain_life: {player: Alex, amount: 1}\n      - expect: {objects: {bear: {}}}\n"
    with pytest.raises(TriggersNotAsScripted, match="603.3b"):
        _run(objects, steps)


def test_the_order_must_name_each_waiting_ability():
    objects = f"      w1: {WARDEN}\n      w2: {WARDEN}\n      bear: {{card: {{types: [creature], power: 2, toughness: 2}}, zone: hand}}\n"
    steps = ("      - move: {object: bear, to: battlefield}\n      - resolve_triggers: {order: [w1.gain]}\n"
             "      - expect: {objects: {bear: {}}}\n")
    with pytest.raises(TriggersNotAsScripted, match="exactly once"):
        _run(objects, steps)
    steps = steps.replace("[w1.gain]", "[w1.gain, w2.gain]")
    assert _run(objects, steps)[0]["players"]["Alex"]["life"] == 22


ELF = "{card: {types: [creature], power: 1, toughness: 1, abilities: [{mana_ability: {name: tap, add: {G: 1}}}]}}"


def test_a_creature_controlled_since_the_turn_began_taps_for_mana():
    """302.6, the format's reading (as for attacking): a creature on the battlefield as the case starts may tap."""
    objects = f"      elf: {ELF}\n"
    steps = "      - activate_mana: {object: elf, ability: tap}\n      - expect: {players: {Alex: {mana: {G: 1}}}}\n"
    assert _run(objects, steps)[0]["players"]["Alex"]["mana"] == {"G": 1}


def test_a_creature_that_entered_during_the_case_taps_for_mana_only_with_haste():
    """302.6, 702.10c: the loader refuses what the printed card settles, with one line; haste allows it."""
    objects = f"      elf: {ELF[:-1]}, zone: hand}}\n"
    steps = ("      - move: {object: elf, to: battlefield}\n      - activate_mana: {object: elf, ability: tap}\n"
             "      - expect: {players: {Alex: {mana: {G: 1}}}}\n")
    with pytest.raises(CaseFileErrors) as excinfo:
        load_text(_case(objects, steps), "t.yaml")
    (line,) = map(str, excinfo.value.errors)
    assert "steps/1/activate_mana/object: elf is a creature that entered the battlefield" in line and "302.6" in line
    hasty = objects.replace("abilities: [", "abilities: [{keyword: haste}, ")
    assert _run(hasty, steps)[0]["players"]["Alex"]["mana"] == {"G": 1}
    later = steps.replace("      - activate_mana", "      - end_turn: {}\n      - activate_mana")  # whose turn: not said
    with pytest.raises(Unsupported, match="302.6"):
        _run(objects, later)  # valid input; the reference engine refuses it


def test_a_creature_under_another_controller_than_declared_can_t_tap_for_mana():
    """302.6: the reference engine refuses what the loader cannot see (control gained by an effect)."""
    objects = f"      elf: {ELF}\n"
    steps = ("      - become: {to: elf, controller: Blair, gain_control: true, until: end_of_turn}\n"
             "      - activate_mana: {object: elf, ability: tap}\n      - expect: {objects: {elf: {}}}\n")
    with pytest.raises(Unsupported, match="302.6"):
        _run(objects, steps)


def test_a_player_losing_life_twice_in_one_event_beside_a_loses_life_trigger_is_refused():
    """Two sources damaging Blair at once (a together) make her lose life twice in one event;
    whether "whenever an opponent loses life" triggers once or once per source is not modelled
    (119.10 settles it for gains only), so the reference engine refuses the case; one source, or
    no such ability, runs."""
    from conformance.errors import Unsupported
    from reference_engine import ReferenceEngine
    from tests.scenarios import make_case

    bond = {"card": {"types": ["enchantment"], "abilities": [{"triggered": {
        "name": "mirror", "when": "an opponent loses life", "event": {"loses_life": "opponent"},
        "effect": {"gain_life": {"amount": "that_many"}}}}]}}
    shock = {"card": {"types": ["instant"]}, "zone": "stack"}
    spark = {"card": {"types": ["instant"]}, "zone": "stack"}
    both = [{"together": [{"damage": {"source": "shock", "to": "Blair", "amount": 2}},
                          {"damage": {"source": "spark", "to": "Blair", "amount": 1}}]}]
    with pytest.raises(Unsupported, match="603.2c"):
        ReferenceEngine().run(make_case({"bond": bond, "shock": shock, "spark": spark},
                                        [*both, {"expect": {"players": {"Blair": {}}}}]).to_dict())
    plain = ReferenceEngine().run(make_case({"shock": shock, "spark": spark},
                                            [*both, {"expect": {"players": {"Blair": {}}}}]).to_dict())
    assert plain[-1]["players"]["Blair"]["life"] == 17
    one = make_case({"bond": bond, "shock": shock},
                    [{"together": [{"damage": {"source": "shock", "to": "Blair", "amount": 2}},
                                   {"gain_life": {"player": "Alex", "amount": 1}}]},
                     {"resolve_triggers": {"order": ["bond.mirror"]}}, {"expect": {"players": {"Alex": {}}}}])
    assert ReferenceEngine().run(one.to_dict())[-1]["players"]["Alex"]["life"] == 23  # 20 + 1 + 2


GROWER = ('{card: {types: [creature], power: 2, toughness: 2, abilities: [{keyword: first strike}, '
          '{triggered: {name: grow, when: a creature an opponent controls is dealt damage, '
          'event: {dealt_damage: {types: [creature], controller: opponent}}, '
          'effect: {put_counters: {kind: "+1/+1", count: 1, to: itself}}}}]}}')
WALL = "{card: {types: [creature], power: 0, toughness: 9}, controller: Blair}"


def test_two_waiting_after_the_first_strike_step_need_first_strike_triggers():
    """510.3a, 603.3b: two abilities triggering on first-strike damage are put on the stack in the
    order the combat step scripts; without one the case errs for the engine, as resolve_triggers'."""
    objects = f"      g1: {GROWER}\n      g2: {GROWER}\n      wall: {WALL}\n"
    combat = "      - combat: {attackers: {g1: Blair}, blockers: {wall: g1}}\n      - expect: {objects: {g1: {}}}\n"
    with pytest.raises(TriggersNotAsScripted, match="first_strike_triggers"):
        _run(objects, combat)
    ordered = combat.replace("wall: g1}", "wall: g1}, first_strike_triggers: [g1.grow, g2.grow]")
    snapshot = _run(objects, ordered)[-1]["objects"]
    assert snapshot["g1"]["power"] == snapshot["g2"]["power"] == 3  # each grew once, before the regular step


def test_first_strike_triggers_without_a_first_strike_step_is_an_error():
    objects = "      bear: {card: {types: [creature], power: 2, toughness: 2}}\n"
    steps = ("      - combat: {attackers: {bear: Blair}, first_strike_triggers: [bear.grow]}\n"
             "      - expect: {objects: {bear: {}}}\n")
    with pytest.raises(TriggersNotAsScripted, match="510.4"):
        _run(objects, steps)


def test_a_first_strike_combat_with_abilities_on_the_stack_is_refused():
    """A step ends only with the stack empty (117.4, 500.2): an ability left on the stack before a
    combat with a first-strike step would resolve in it, which the format cannot say; without first
    strike the combat runs and the ability resolves after it, as before."""
    objects = (f"      w1: {WARDEN}\n      g1: {GROWER}\n"
               "      bear: {card: {types: [creature], power: 2, toughness: 2}, zone: hand}\n")
    steps = ("      - move: {object: bear, to: battlefield}\n      - combat: {attackers: {g1: Blair}}\n"
             "      - expect: {objects: {bear: {}}}\n")
    with pytest.raises(Unsupported, match="117.4"):
        _run(objects, steps)
    assert _run(objects.replace("{keyword: first strike}, ", ""), steps)[-1]["players"]["Blair"]["life"] == 18
