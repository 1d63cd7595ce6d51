"""Trigger events and trigger effects of issue 41 (CR 508.3a, 510.3a, 503.1a, 513.1a, 708.8, 122.1,
608.2h, 400.7d): the loader's one-line errors, the schema and the model agreeing, the features a case
needs (and that no adapter declares them), and what the reference engine refuses rather than judge."""

from __future__ import annotations

import dataclasses

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import features, loader, model as s
from conformance.format.loader import load_text
from reference_engine import ReferenceEngine
from reference_engine.triggers import TriggersNotAsScripted
from tests.test_triggers import _case  # the same case head: 603.2/case, Alex and Blair

def _ability(event: str, effect: str) -> str:
    return (f"{{card: {{types: [creature], power: 2, toughness: 2, abilities: [{{triggered: {{name: t, when: w, "
            f"event: {event}, effect: {effect}}}}}]}}}}")


def _run(objects: str, steps: str):
    (case,) = load_text(_case(objects, steps), "x.yaml")
    return ReferenceEngine().run(case.to_dict())


EXPECT = "      - expect: {objects: {a: {}}}\n"
_TOKEN = "{{create_token: {{card: {{types: [creature], power: 1, toughness: 1}}, tokens: {}}}}}"


@pytest.mark.parametrize("objects,steps,message", [
    (f"      a: {_ability('{attacks: {itself: true}}', '{gain_life: {amount: that_many}}')}\n", EXPECT,
     "triggered/effect/gain_life: a attacks event has no amount"),
    (f"      a: {_ability('{combat_damage_to_player: {itself: true}}', '{put_counters: {kind: +1/+1, count: 1, to: that}}')}\n",
     EXPECT, "triggered/effect/put_counters/to: 'that' is the player of a combat_damage_to_player event"),
    (f"      a: {_ability('{beginning_of_step: {step: upkeep}}', '{return_card: {to: hand, object: that}}')}\n",
     EXPECT, "triggered/effect/return_card/object: 'that' is the player of a beginning_of_step event"),
    (f"      a: {_ability('{beginning_of_step: {step: upkeep}}', '{gain_life: {amount: 1}}')}\n",
     "      - beginning_of_step: {step: upkeep, player: Carol}\n" + EXPECT, "steps/0/beginning_of_step/player: 'Carol'"),
    (f"      a: {_ability('{attacks: {itself: true}}', '{gain_life: {amount: 1}}')}\n",
     "      - combat: {attackers: {a: Blair}, attack_triggers: [b.t]}\n" + EXPECT, "attack_triggers/0: 'b.t' names no object"),
    (f"      a: {_ability('{beginning_of_step: {step: draw}}', '{gain_life: {amount: 1}}')}\n", EXPECT, "beginning_of_step/step"),
    (f"      a: {_ability('{turned_face_up: {itself: true}}', '{return_card: {to: library}}')}\n", EXPECT, "return_card/to"),
    ("      a: {card: {types: [artifact], abilities: [{activated: {name: x, cost: '{1}', "
     "effect: {remove_counters: {kind: charge, count: 1}}}}]}}\n", EXPECT, "modelled only for a triggered ability with an event"),
    # any target (115.4): a player or an object of the case, and not beside ``to``
    (f"      a: {_ability('{gains_life: you}', '{damage: {amount: 1, target: Carol}}')}\n", EXPECT,
     "triggered/effect/damage/target: 'Carol' is not a player or an object of the case"),
    (f"      a: {_ability('{gains_life: you}', '{damage: {amount: 1, to: you, target: Blair}}')}\n", EXPECT,
     "give to or target, not both"),
    (f"      a: {_ability('{gains_life: you}', '{damage: {amount: 1}}')}\n", EXPECT, "triggered/effect/damage"),
    (f"      a: {_ability('{damage_prevented: yes}', '{gain_life: {amount: 1}}')}\n", EXPECT, "event/damage_prevented"),
    # tokens (111.1): new ids, no abilities
    (f"      a: {_ability('{gains_life: you}', _TOKEN.format('[a]'))}\n", EXPECT,
     "create_token/tokens/0: 'a' already names an object"),
    (f"      a: {_ability('{gains_life: you}', _TOKEN.format('[s]').replace('power: 1', 'abilities: [{keyword: flying}], power: 1'))}\n",
     EXPECT, "create_token/card/abilities: a token with abilities created by a triggered ability is not modelled"),
    (f"      a: {_ability('{gains_life: you}', _TOKEN.format('[s]'))}\n", "      - expect: {objects: {t: {}}}\n",
     "undeclared object"),
])
def test_the_loader_names_the_file_case_and_field_in_one_line(objects, steps, message):
    with pytest.raises(CaseFileErrors) as excinfo:
        load_text(_case(objects, steps), "x.yaml")
    lines = [str(e) for e in excinfo.value.errors]
    assert any(line.startswith("x.yaml:") and "case 603.2/case" in line and message in line for line in lines), lines
    assert all("\n" not in line for line in lines)


def test_the_beginning_of_step_step_has_the_schema_keys():
    defs = loader.schema()["$defs"]
    assert {f.name for f in dataclasses.fields(s.BeginningOfStepStep)} == set(defs["beginning_of_step"]["properties"])
    assert set(defs["trigger_event"]["properties"]) == set(s.EVENT_KINDS)
    # damage_target and damage_targets are an activated ability's effects only (issue 40: activated_damage.py,
    # targets.py)
    activated_only = {"become", "become_copy", "damage_target", *s.TARGET_EFFECTS}
    assert set(defs["ability_effect"]["properties"]) - activated_only == set(s.EVENT_EFFECTS)


@pytest.mark.parametrize("event,effect,steps,feature", [
    ("{attacks: {itself: true}}", "{gain_life: {amount: 1}}", "", "attack-triggers"),
    ("{combat_damage_to_player: {itself: true}}", "{gain_life: {amount: that_many}}", "", "combat-damage-triggers"),
    ("{beginning_of_step: {step: end, player: each}}", "{gain_life: {amount: 1}}", "", "step-triggers"),
    ("{turned_face_up: {itself: true}}", "{gain_life: {amount: 1}}", "", "face-up-triggers"),
    ("{counters_removed: {kind: charge, \"on\": {itself: true}}}", "{gain_life: {amount: that_many}}", "",
     "counters-removed-triggers"),
    ("{enters: {itself: true}}", "{remove_counters: {kind: charge, count: 1}}", "", "trigger-counter-removal"),
    ("{dies: {itself: true}}", "{return_card: {to: hand}}", "", "trigger-returns"),
    ("{enters: {itself: true}}", "{gain_life: {amount: its_power}}", "", "trigger-power-amounts"),
    ("{enters: {itself: true}}", "{damage: {amount: 1, target: Blair}}", "", "trigger-damage-any-target"),
    ("{damage_prevented: {itself: true}}", "{gain_life: {amount: that_many}}", "", "prevented-triggers"),
    ("{gains_life: you}", _TOKEN.format("[s]"), "", "trigger-tokens"),
])
def test_each_capability_needs_its_feature_which_no_adapter_declares(event, effect, steps, feature):
    (case,) = load_text(_case(f"      a: {_ability(event, effect)}\n", steps + EXPECT), "x.yaml")
    assert feature in case.features and "event-triggers" in case.features
    # the adapters are plugins beside the core: without them installed, only their part is skipped
    PHASE = pytest.importorskip("mtg_conformance_phase.bindings", reason="the phase adapter is not installed").FEATURES
    PYTHON_MTG = pytest.importorskip("mtg_conformance_python_mtg",
                                     reason="the python-mtg adapter is not installed").FEATURES
    assert feature not in PHASE and feature not in PYTHON_MTG


def test_a_beginning_of_step_step_alone_needs_step_triggers():
    (case,) = load_text(_case("      a: {card: {types: [land]}}\n",
                              "      - beginning_of_step: {step: upkeep, player: Alex}\n" + EXPECT), "x.yaml")
    assert "step-triggers" in case.features
    assert features.FEATURES.keys() >= case.features


def test_its_power_after_the_object_left_is_refused():
    """608.2h: its last known power is not kept by the reference engine."""
    objects = f"      a: {_ability('{dies: {itself: true}}', '{gain_life: {amount: its_power}}')}\n"
    with pytest.raises(Unsupported, match="608.2h"):
        _run(objects, "      - move: {object: a, to: graveyard}\n      - resolve_triggers: {}\n" + EXPECT)


def test_attack_triggers_with_older_abilities_on_the_stack_are_refused():
    """508.2, 117.4: both would resolve in the declare attackers step, which no step says."""
    objects = (f"      a: {_ability('{attacks: {itself: true}}', '{gain_life: {amount: 1}}')}\n"
               f"      b: {_ability('{enters: {itself: true}}', '{gain_life: {amount: 1}}')}\n".replace("b: {card: {", "b: {zone: hand, card: {"))
    steps = "      - move: {object: b, to: battlefield}\n      - combat: {attackers: {a: Blair}}\n" + EXPECT
    with pytest.raises(Unsupported, match="508.2"):
        _run(objects, steps)


def test_two_attack_triggers_need_an_order_and_a_wrong_order_errs():
    banner = ("{card: {types: [enchantment], abilities: [{triggered: {name: t, when: w, "
              "event: {attacks: {controller: you}}, effect: {gain_life: {amount: 1}}}}]}}")
    objects = f"      e: {banner}\n      a: {{card: {{types: [creature], power: 1, toughness: 1}}}}\n" \
              f"      b: {{card: {{types: [creature], power: 1, toughness: 1}}}}\n"
    with pytest.raises(TriggersNotAsScripted, match="attack_triggers"):
        _run(objects, "      - combat: {attackers: {a: Blair, b: Blair}}\n" + EXPECT)
    with pytest.raises(TriggersNotAsScripted, match="603.3b"):
        _run(objects, "      - combat: {attackers: {a: Blair, b: Blair}, attack_triggers: [e.t]}\n" + EXPECT)
    after = _run(objects, "      - combat: {attackers: {a: Blair, b: Blair}, attack_triggers: [e.t, e.t]}\n"
                          "      - expect: {players: {Alex: {life: 20}}}\n")
    assert after[-1]["players"]["Alex"]["life"] == 22


def test_counters_removed_inside_one_event_of_several_actions_is_refused():
    """603.2c: one trigger or one per action is not settled by the reference engine."""
    objects = ("      a: {counters: {charge: 3}, card: {types: [artifact], abilities: [{triggered: {name: t, when: w, "
               "event: {counters_removed: {kind: charge, \"on\": {itself: true}}}, effect: {gain_life: {amount: that_many}}}}]}}\n")
    steps = ("      - together: [{remove_counters: {object: a, kind: charge, count: 1}}, "
             "{remove_counters: {object: a, kind: charge, count: 1}}]\n" + EXPECT)
    with pytest.raises(Unsupported, match="603.2c"):
        _run(objects, steps)
    after = _run(objects, "      - remove_counters: {object: a, kind: charge, count: 2}\n      - resolve_triggers: {}\n"
                          "      - expect: {players: {Alex: {life: 20}}}\n")
    assert after[-1]["players"]["Alex"]["life"] == 22


def test_returning_a_card_with_an_as_enters_choice_is_refused():
    """614.12: the choice as it enters is not scripted for a card a trigger returns."""
    clone = ("{card: {types: [creature], power: 1, toughness: 1, abilities: [{enters_as_copy: {of: {types: [creature]}}}, "
             "{triggered: {name: t, when: w, event: {dies: {itself: true}}, effect: {return_card: {to: battlefield}}}}]}, "
             "choices: {copy: []}}")
    with pytest.raises(Unsupported, match="614.12"):
        _run(f"      a: {clone}\n", "      - move: {object: a, to: graveyard}\n      - resolve_triggers: {}\n" + EXPECT)


def test_damage_to_a_target_that_is_not_legal_as_it_goes_on_the_stack_is_refused():
    """603.3d: an ability with no legal target is removed from the stack: refused, not judged."""
    objects = (f"      a: {_ability('{gains_life: you}', '{damage: {amount: 1, target: b}}')}\n"
               "      b: {card: {types: [enchantment]}}\n")
    with pytest.raises(Unsupported, match="603.3d"):
        _run(objects, "      - gain_life: {player: Alex, amount: 1}\n      - resolve_triggers: {}\n" + EXPECT)


def test_damage_to_a_target_that_left_before_it_resolves_is_not_dealt():
    """608.2b, 400.7: b's ability (on top) kills c, whose "dies" ability returns it: a new object,
    which a's ability, targeting the old one, does not damage; then a's source leaving does not stop
    its damage (113.7a)."""
    c = _ability('{dies: {itself: true}}', '{return_card: {to: battlefield}}').replace(
        "abilities: [", "abilities: [{enters_with_counters: {+1/+1: 2}}, ")  # a 4/4, and back as one
    objects = (f"      a: {_ability('{gains_life: you}', '{damage: {amount: 3, target: c}}')}\n"
               f"      b: {_ability('{gains_life: you}', '{damage: {amount: 5, target: c}}')}\n"
               f"      c: {c}\n")
    after = _run(objects, "      - gain_life: {player: Alex, amount: 1}\n      - resolve_triggers: {order: [a.t, b.t]}\n"
                          "      - expect: {objects: {c: {}}}\n")
    c = after[-1]["objects"]["c"]
    assert (c["zone"], c["power"], c["damage"]) == ("battlefield", 4, 0)


def test_the_source_that_left_still_deals_the_damage():
    """113.7a: the ability exists independently of its source: b's ability kills a, a's still deals 3."""
    objects = (f"      a: {_ability('{gains_life: you}', '{damage: {amount: 3, target: Blair}}')}\n"
               f"      b: {_ability('{gains_life: you}', '{damage: {amount: 3, target: a}}')}\n")
    after = _run(objects, "      - gain_life: {player: Alex, amount: 1}\n      - resolve_triggers: {order: [a.t, b.t]}\n"
                          "      - expect: {objects: {a: {}}, players: {Blair: {}}}\n")
    assert after[-1]["players"]["Blair"]["life"] == 17 and after[-1]["objects"]["a"]["zone"] == "graveyard"


_MEND = _ability('{damage_prevented: {itself: true}}', '{gain_life: {amount: that_many}}').replace("toughness: 2", "toughness: 9")
_BLAST = "      s: {card: {types: [instant]}, controller: Blair, zone: stack}\n"


def test_damage_prevented_by_two_shields_at_once_is_refused():
    """615.5, 603.2c: one "damage is prevented" trigger or two is not settled: refused, not judged."""
    steps = ("      - prevent_damage: {id: one, to: a, amount: 1}\n      - prevent_damage: {id: two, to: a, amount: 1}\n"
             "      - damage: {source: s, to: a, amount: 3, order: {a: [one, two]}}\n" + EXPECT)
    with pytest.raises(Unsupported, match="615.5"):
        _run(f"      a: {_MEND}\n" + _BLAST, steps)
    after = _run(f"      a: {_MEND}\n" + _BLAST, "      - prevent_damage: {id: one, to: a, amount: 1}\n"
                 "      - damage: {source: s, to: a, amount: 3}\n      - resolve_triggers: {}\n"
                 "      - expect: {players: {Alex: {}}}\n")
    assert after[-1]["players"]["Alex"]["life"] == 21


def test_damage_prevented_in_an_event_of_several_damage_actions_is_refused():
    steps = ("      - prevent_damage: {id: one, to: a, amount: 1}\n"
             "      - together: [{damage: {source: s, to: a, amount: 2}}, {damage: {source: s, to: Blair, amount: 2}}]\n"
             + EXPECT)
    with pytest.raises(Unsupported, match="615.5"):
        _run(f"      a: {_MEND}\n" + _BLAST, steps)


def test_a_token_ability_resolving_twice_is_refused():
    """111.1: the case names the tokens of one resolution; a second would need new ids."""
    objects = f"      a: {_ability('{gains_life: you}', _TOKEN.format('[s]'))}\n"
    steps = "      - gain_life: {player: Alex, amount: 1}\n      - resolve_triggers: {}\n"
    assert _run(objects, steps + "      - expect: {objects: {s: {}}}\n")[-1]["objects"]["s"]["zone"] == "battlefield"
    with pytest.raises(Unsupported, match="111.1"):
        _run(objects, steps * 2 + EXPECT)


def test_token_replacements_in_an_order_that_matters_are_refused():
    """616.1: a doubler and a "plus one" give 3 or 4 tokens by their order, which an effect can't script."""
    objects = (f"      a: {_ability('{gains_life: you}', _TOKEN.format('[s, t, u, v]'))}\n"
               "      l: {card: {types: [enchantment], abilities: [{token_replacement: {}}]}}\n"
               "      m: {card: {types: [enchantment], abilities: [{token_replacement: {mode: plus, amount: 1}}]}}\n")
    with pytest.raises(Unsupported, match="616.1"):
        _run(objects, "      - gain_life: {player: Alex, amount: 1}\n      - resolve_triggers: {}\n" + EXPECT)
