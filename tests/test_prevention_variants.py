"""Prevention variants (issue 41, item 2; CR 615.1, 615.5, 615.12, 614.9): what the reference
engine refuses rather than judge, what the loader refuses in one line, and the features a case
needs."""

from __future__ import annotations

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from conformance.format.features import derive_features
from reference_engine import ReferenceEngine
from tests.scenarios import make_case

GIANT = {"card": {"types": ["creature"], "power": 2, "toughness": 7,
                  "abilities": [{"redirect_damage": {"to_player": "you", "to": {"controller": "you"}}}]}}
BOLT = {"card": {"types": ["instant"]}, "zone": "stack", "owner": "Blair"}
MIRROR = {"card": {"types": ["artifact"], "abilities": [
    {"prevent_damage": {"to_player": "you", "then": {"deal_damage": "source_controller"}}}]}}


def case(objects, steps, **extra):
    return make_case(objects, steps, rules=("615.5",), **extra)


def run(objects, steps, **extra):
    return ReferenceEngine().run(case(objects, steps, **extra).to_dict())


def test_a_redirection_of_the_next_n_damage_meeting_damage_that_cant_be_redirected_is_refused():
    """Whether it counts among "the next N" is not settled by the rules."""
    ogre = {"card": {"types": ["creature"], "power": 2, "toughness": 5}}
    steps = [{"redirect_damage": {"id": "guard", "to": "Alex", "instead_to": "ogre", "amount": 2}},
             {"damage": {"source": "bolt", "to": "Alex", "amount": 3, "cant_be_redirected": True}},
             {"expect": {"players": {"Alex": {}}}}]
    with pytest.raises(Unsupported, match="can't be redirected"):
        run({"ogre": ogre, "bolt": BOLT}, steps)
    del steps[0]["redirect_damage"]["amount"]  # all damage: it does not apply, Alex is dealt 3
    assert run({"ogre": ogre, "bolt": BOLT}, steps)[-1]["players"]["Alex"]["life"] == 17


def test_two_damage_dealing_additional_effects_at_once_are_refused():
    """615.5: each happens right after the prevention; which first is not settled."""
    steps = [{"damage": {"source": "bolt", "to_each_player": True, "amount": 2,
                         "order": {"Alex": ["mirror", "other"], "Blair": ["other", "mirror"]}}},
             {"expect": {"players": {"Alex": {}}}}]
    blair_mirror = {**MIRROR, "owner": "Blair"}
    with pytest.raises(Unsupported, match="at once"):
        run({"mirror": MIRROR, "other": blair_mirror, "bolt": BOLT}, steps)


def test_reflected_damage_meeting_another_reflection_is_refused():
    """Two mirrors facing each other could loop."""
    steps = [{"damage": {"source": "bolt", "to": "Alex", "amount": 2, "order": {"Alex": ["mirror", "other"]}}},
             {"expect": {"players": {"Alex": {}}}}]
    blair_mirror = {**MIRROR, "owner": "Blair"}
    with pytest.raises(Unsupported, match="loop"):
        run({"mirror": MIRROR, "other": blair_mirror, "bolt": BOLT}, steps)


def test_reflected_damage_needing_an_order_is_refused():
    """616.1: no case can script the order of effects on an additional effect's damage."""
    shields = {"card": {"types": ["enchantment"], "abilities": [{"prevent_damage": {"to_player": "you", "amount": 1}},
                                                                 {"double_damage": {}}]}, "owner": "Blair"}
    steps = [{"damage": {"source": "bolt", "to": "Alex", "amount": 2, "order": {
        "Alex": ["mirror", "shields.double_damage", "shields.prevent_damage"]}}}, {"expect": {"players": {"Alex": {}}}}]
    with pytest.raises(Unsupported, match="616.1"):
        run({"mirror": MIRROR, "shields": shields, "bolt": BOLT}, steps)


def test_a_static_redirection_does_nothing_once_its_permanent_is_no_creature():
    """614.9: the new recipient is no longer a creature: Alex is dealt the damage."""
    steps = [{"become": {"to": "giant", "types": ["artifact"]}},
             {"damage": {"source": "bolt", "to": "Alex", "amount": 3}}, {"expect": {"players": {"Alex": {}}}}]
    assert run({"giant": GIANT, "bolt": BOLT}, steps)[-1]["players"]["Alex"]["life"] == 17


@pytest.mark.parametrize("where,step,message", [
    ("ability", {"prevent_damage": {"then": {"deal_damage": "Cleo"}}}, "then/deal_damage: undeclared player or object"),
    ("ability", {"prevent_damage": {"then": {"gain_life": True, "put_counters": "+1/+1"}}}, "then"),
    ("ability", {"redirect_damage": {"to_player": "team"}}, "redirect_damage/to_player"),
    ("ability", {"damage_cant_be_prevented": {"by": {"controller": "Cleo"}}}, "by/controller: undeclared player"),
    ("step", {"prevent_damage": {"to": "Alex", "then": {"deal_damage": "source_controller"}}}, "give the step a source"),
    ("step", {"prevent_damage": {"to": "Alex", "source": "nobody", "then": {"gain_life": True}}}, "undeclared object"),
])
def test_the_loader_names_the_file_case_and_field_in_one_line(where, step, message):
    ability = step if where == "ability" else {"keyword": "flying"}
    steps = f"      - {step!r}\n" if where == "step" else ""
    document = ("format: 1\ncr: \"2025-09-19\"\ncases:\n  - id: 615.5/bad\n    rules: [\"615.5\"]\n"
                "    source: {rule: \"615.5\"}\n    summary: a case with a bad prevention\n    players: [Alex, Blair]\n"
                f"    objects:\n      a: {{card: {{types: [enchantment], abilities: [{ability!r}]}}}}\n"
                f"    steps:\n{steps}      - expect: {{players: {{Alex: {{life: 20}}}}}}\n"
                ).replace("'", '"').replace("True", "true")
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(document, "bad.yaml")
    (line,) = map(str, excinfo.value.errors)
    assert line.startswith("bad.yaml:") and "case 615.5/bad" in line and message in line and "\n" not in line


@pytest.mark.parametrize("objects,steps,feature", [
    ({"giant": GIANT}, [], "static-redirection"),
    ({"mirror": MIRROR}, [], "prevention-deals-damage"),
    ({"mirror": MIRROR}, [], "prevention-to-player"),
    ({"bolt": BOLT}, [{"prevent_damage": {"to": "Alex", "then": {"gain_life": True}}}], "prevention-step-extras"),
    ({"bolt": BOLT}, [{"prevent_damage": {"to": "Alex", "then": {"gain_life": True}}}], "prevention-gain-life"),
    ({"bolt": BOLT}, [{"damage": {"source": "bolt", "to": "Alex", "amount": 1, "cant_be_redirected": True}}],
     "cant-be-redirected"),
    ({"beast": {"card": {"types": ["creature"], "power": 1, "toughness": 1,
                         "abilities": [{"damage_cant_be_prevented": {"by": {"itself": True}}}]}}}, [],
     "cant-be-prevented-static"),
])
def test_each_capability_is_a_feature(objects, steps, feature):
    assert feature in derive_features(case(objects, [*steps, {"expect": {"players": {"Alex": {}}}}]))


def test_life_and_damage_extras_need_no_counters():
    """A prevention whose additional effect gains life is no "prevention-extras" case (counters)."""
    features = derive_features(case({"bolt": BOLT}, [{"prevent_damage": {"to": "Alex", "then": {"gain_life": True}}},
                                         {"expect": {"players": {"Alex": {}}}}]))
    assert "prevention-extras" not in features and "counters" not in features


@pytest.mark.parametrize("ability,words", [
    ({"prevent_damage": {"to_player": "you", "amount": 1}}, "If a source would deal damage to you, prevent 1 of that damage."),
    ({"prevent_damage": {"to_player": "you", "to": {"controller": "you"}}},
     "Prevent all damage that would be dealt to you and permanents you control."),
    ({"prevent_damage": {"to_player": "you", "then": {"deal_damage": "source_controller"}}},
     "Prevent all damage that would be dealt to you. If damage is prevented this way, this creature deals that much "
     "damage to that source's controller."),
    ({"damage_cant_be_prevented": {}}, "Damage can't be prevented."),
    ({"damage_cant_be_prevented": {"by": {"types": ["creature"], "controller": "you"}, "combat": True}},
     "Combat damage that would be dealt by creatures you control can't be prevented."),
    ({"redirect_damage": {"to_player": "you", "to": {"controller": "you"}}},
     "All damage that would be dealt to you and other permanents you control is dealt to this creature instead."),
])
def test_oracle_wordings(ability, words):
    from conformance.oracle.abilities import ability_text

    assert ability_text(ability) == words


def test_oracle_wording_of_a_resolving_prevention_with_an_additional_effect():
    from conformance.oracle.effects import effect_text

    case = {"players": ["Alex", "Blair"], "objects": {"palm": {"card": {"name": "Deflecting Palm"}, "zone": "stack"}}}
    step = {"prevent_damage": {"to": "Alex", "source": "palm", "then": {"deal_damage": "source_controller"}}}
    assert effect_text(step, case) == ("Prevent all damage that would be dealt to you this turn. If damage is prevented "
                                       "this way, Deflecting Palm deals that much damage to that source's controller.")
    step = {"prevent_damage": {"to": "Alex", "amount": 3, "then": {"gain_life": True}}}
    assert effect_text(step, case).endswith(" You gain life equal to the damage prevented this way.")


def test_a_disagreement_shrinks_to_the_board_and_one_step():
    """A mutant's counterexample shrinks to the three objects every scenario has, one object of the
    variant (here the giant) and one damage event (the strategy keeps bear, ogre and blast)."""
    from hypothesis import HealthCheck, find, settings

    import strategies as mtg
    from tests.prevention_variant_mutants import RedirectionTakesEveryPermanentGame

    class Mutant(ReferenceEngine):
        game_class = RedirectionTakesEveryPermanentGame

    def disagrees(case):
        try:
            return Mutant().run_case(case) != ReferenceEngine().run_case(case)
        except Unsupported:
            return False

    found = find(mtg.prevention_variant_scenarios(), disagrees,
                 settings=settings(max_examples=1000, database=None, deadline=None, derandomize=True,
                                   suppress_health_check=list(HealthCheck)))
    assert len(found.objects) == 4 and sum(1 for s in found.steps if s.KEY != "expect") == 1
    (damage,) = [s for s in found.steps if s.KEY == "damage"]
    assert damage.to == "ogre" and damage.amount == 1  # Blair's creature, the smallest damage


def test_a_static_redirection_is_named_ability_by_ability_in_an_order():
    """616.1: a permanent with a redirection and a prevention is named OBJ.redirect_damage, OBJ.prevent_damage."""
    giant = {"card": {"types": ["creature"], "power": 2, "toughness": 7, "abilities": [
        {"prevent_damage": {"to": {"itself": True}, "amount": 1}},
        {"redirect_damage": {"to_player": "you"}}]}}
    steps = [{"prevent_damage": {"id": "shield", "to": "Alex", "amount": 2}},
             {"damage": {"source": "bolt", "to": "Alex", "amount": 3, "order": {"Alex": ["giant.redirect_damage", "shield"]}}},
             {"expect": {"players": {"Alex": {}}, "objects": {"giant": {}}}}]
    last = run({"giant": GIANT | giant, "bolt": BOLT}, steps)[-1]
    assert last["players"]["Alex"]["life"] == 20 and last["objects"]["giant"]["damage"] == 2  # 3 moved, 1 prevented
    steps[1]["damage"]["order"] = {"Alex": ["shield", "giant.redirect_damage"]}
    last = run({"giant": GIANT | giant, "bolt": BOLT}, steps)[-1]
    assert last["players"]["Alex"]["life"] == 20 and last["objects"]["giant"]["damage"] == 0  # 2 prevented, 1 moved and prevented
