"""What keeps the reference engine quick on long cases (issue 38, item 4) gives exactly what the
layers give applied one effect at a time:

- layer 7 (613.4, 613.7): each object's resolved effects folded as they are created, the index
  extended rather than rebuilt (reference_engine.layer_7._Fold, LayerSeven.extend), and the static
  effects of "other" filters summed once (_SameReach.on), against every effect on the object
  applied in turn in timestamp order, on a board computed from nothing;
- layers 2-6: effects that cannot depend on one another applied in timestamp order without
  judging the pairs again after each, and only the abilities an effect gains searched for
  statics it granted (layers_1_to_6._may_depend, _grants), against the loop that judges them
  (613.8) and searches every object each time;
- ``Values.with_``, against ``dataclasses.replace``.

Each is compared on the golden cases and on generated scenarios, every observable at every
checkpoint."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings

import strategies as mtg
from conformance.format import loader
from reference_engine import ReferenceEngine, layer_7, layers, layers_1_to_6
from reference_engine.characteristics import Values
from reference_engine.game import Game
from reference_engine.objects import Sublayer
from tests.test_layer_dependency import _outcome as outcome

GOLDEN = loader.load_suite([loader.golden_dir()])


def sequential(game, obj) -> layer_7.PowerToughness:
    """``obj``'s power and toughness with every layer computed anew, each layer 7 effect on it
    applied in turn in timestamp order, then creation order (613.4, 613.7)."""
    layers.forget(game)
    cached = layers._layers(game)
    the_board, index = cached.board, cached.layer_7
    chars = the_board.chars[obj.id]
    if not layer_7.has_power_toughness(chars):
        return layer_7.NONE
    power, toughness = layer_7.printed_value(chars.values.power), layer_7.printed_value(chars.values.toughness)
    if chars.values.abilities:
        power, toughness = layer_7._characteristic_defining_pt(game, the_board, obj, chars, power, toughness)
    effects = [(e.timestamp, order, e) for order, e in index.resolved.get(obj.ref, ())]
    effects += [(s.timestamp, s.order, s.effect_on(obj, chars, game.objects.values(), the_board, game))
                for same in index.statics for s in [*same.fixed_bonuses, *same.effects] if s.affects(obj, chars)]
    effects.sort(key=lambda entry: entry[:2])
    for _, _, effect in effects:
        if effect.sublayer is Sublayer.SET:
            power = power if effect.power is None else effect.power
            toughness = toughness if effect.toughness is None else effect.toughness
    for _, _, effect in effects:
        if effect.sublayer is Sublayer.MODIFY:
            power, toughness = power + (effect.power or 0), toughness + (effect.toughness or 0)
    for kind, count in obj.counters.items():
        delta = layer_7.counter_pt(kind)
        if delta is not None:
            power, toughness = power + delta[0] * count, toughness + delta[1] * count
    for _, _, effect in effects:
        if effect.sublayer is Sublayer.SWITCH:
            power, toughness = toughness, power
    return layer_7.PowerToughness(power, toughness)


_GRANTS = layers_1_to_6._grants


def every_object_searched(objects, work, seen, statics, pending, applied, scanned):
    return _GRANTS(objects, work, seen, statics, pending, applied, False)


def one_at_a_time(case, monkeypatch) -> None:
    plain = case.to_dict()
    quick = outcome(plain)
    with monkeypatch.context() as patched:
        patched.setattr(layers_1_to_6, "_may_depend", lambda effect, static_sets: True)
        patched.setattr(layers_1_to_6, "_grants", every_object_searched)
        patched.setattr(Game, "power_toughness", sequential)
        slow = outcome(plain)
    assert quick == slow, case.id


def test_golden_cases_alike(monkeypatch):
    for case in GOLDEN:
        one_at_a_time(case, monkeypatch)


@pytest.mark.parametrize("strategy", [mtg.scenarios(), mtg.copy_scenarios(), mtg.damage_scenarios()],
                         ids=["scenarios", "copy", "damage"])
def test_generated_scenarios_alike(strategy, monkeypatch):
    @settings(max_examples=150, database=None, derandomize=True, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def check(case):
        one_at_a_time(case, monkeypatch)
    check()


CREATURES = "".join(f"      c{i}: {{card: {{types: [creature], power: 1, toughness: 1{{extra}}}}}}\n" for i in range(4))


def case_of(steps: str, extra: str = "") -> str:
    return ("format: 1\ncr: 2025-09-19\ncases:\n  - id: 613.7/folds\n    rules: [613.7]\n    source: {rule: 613.7}\n"
            "    summary: Many layer 7 effects, some ended, some of static abilities.\n    players: [Alex, Blair]\n"
            "    objects:\n" + CREATURES.replace("{extra}", extra) + "    steps:\n" + steps
            + "      - expect: {objects: {c0: {power: 0}, c1: {power: 0}, c2: {power: 0}, c3: {power: 0}}}\n")


EACH = "{types: [creature]}"


@pytest.mark.parametrize("steps, extra", [
    # sets, modifications and switches to each, one ended among them, a doubling (one effect an object)
    ("".join(f"      - set_pt: {{id: s{i}, to_each: {EACH}, power: {i}, until: ended}}\n"
             f"      - modify_pt: {{to_each: {EACH}, power: 1, toughness: {i}}}\n"
             f"      - switch_pt: {{to: c{i % 4}}}\n" for i in range(6))
     + "      - end_effect: s5\n      - double_pt: {to_each: {types: [creature]}, which: both}\n", ""),
    # "other creatures get +1/+1", and "other creatures have base power and toughness 3/3", on each
    ("      - modify_pt: {to: c0, power: 2}\n      - move: {object: c1, to: hand}\n", ", abilities: [{static_pt: "
     "{effect: modify_pt, affects: {types: [creature], other: true}, power: 1, toughness: 1}}]"),
    ("      - set_pt: {to: c0, power: 5}\n      - gain_life: {player: Alex, amount: 1}\n", ", abilities: [{static_pt: "
     "{effect: set_pt, affects: {types: [creature], other: true}, power: 3, toughness: 3}}]"),
], ids=["resolved", "other-lords", "other-setters"])
def test_long_runs_of_layer_7_effects_alike(steps, extra, monkeypatch):
    (case,) = loader.load_text(case_of(steps, extra), "folds.yaml")
    one_at_a_time(case, monkeypatch)


def test_other_lords_count_every_other_one():
    """Four creatures, each with "other creatures get +1/+1" (613.4c): each gets +3/+3 from the three
    others, none from its own; the bear in the hand none (the filter is of the battlefield)."""
    text = case_of("", ", abilities: [{static_pt: {effect: modify_pt, affects: {types: [creature], other: true}, "
                       "power: 1, toughness: 1}}]").replace("power: 0", "power: 4")
    (case,) = loader.load_text(text, "lords.yaml")
    (snapshot,) = ReferenceEngine().run(case.to_dict())
    assert {oid: (v["power"], v["toughness"]) for oid, v in snapshot["objects"].items()} == {
        f"c{i}": (4, 4) for i in range(4)}


def test_values_with_is_dataclasses_replace():
    values = Values(name="Bear", mana_cost="{1}{G}", colors=("G",), types=("creature",), subtypes=("Bear",),
                    supertypes=("legendary",), abilities=(("x", None),), power=2, toughness="*",
                    every_creature_type=True, loyalty=3)
    assert {f.name for f in dataclasses.fields(Values)} == set(layers_1_to_6.becomes.Values.__dataclass_fields__)
    for field in dataclasses.fields(Values):
        change = {field.name: "changed"}
        assert values.with_(**change) == dataclasses.replace(values, **change)
    assert values.with_() == values
    with pytest.raises(TypeError):
        values.with_(no_such_field=1)


def test_a_static_ability_granted_by_a_later_effect_applies_in_layer_6():
    """Two effects in layer 6 (613.1f): the first gives the first creature reach; the second gives
    the second creature "other creatures have flying", a static ability whose effect then applies
    in layer 6 too (613.7a: with the timestamp of the effect that granted it): every other creature
    has flying, the second has not."""
    grant = ("      - become: {to: c0, gains: [{keyword: reach}]}\n"
             "      - become: {to: c1, gains: [{static: {affects: {types: [creature], other: true}, "
             "becomes: {gains: [{keyword: flying}]}}}]}\n")
    text = case_of(grant).replace(
        "{c0: {power: 0}, c1: {power: 0}, c2: {power: 0}, c3: {power: 0}}",
        "{c0: {power: 1}, c1: {power: 1}, c2: {power: 1}, c3: {power: 1}}")
    (case,) = loader.load_text(text, "granted.yaml")
    (snapshot,) = ReferenceEngine().run(case.to_dict())
    flying = {oid for oid, values in snapshot["objects"].items() if {"keyword": "flying"} in values["abilities"]}
    assert flying == {"c0", "c2", "c3"}
