"""Damage modifiers, partial prevention, prevention with an additional effect, damage that can't be
prevented, infect, wither and protection (issue 19): the loader's refusals, the choices it asks
for, the features engines must declare, and reference-engine details beyond the golden cases.

Expected values are worked from the CR in each test's comment, never read from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_players_and_damage import BEAR, final, load, problems

SHOCK = {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack", "owner": "Blair"}
TORBRAN = {"modify_damage": {"by": {"colors": ["R"], "controller": "you", "zone": ["battlefield", "stack"]},
                             "to": {"controller": "opponent"}, "to_player": "opponent", "plus": 2}}


def board(**objects: Any) -> dict[str, Any]:
    return {"bear": BEAR, "shock": SHOCK, **objects}


def enchantment(*abilities: dict[str, Any], owner: str = "Alex") -> dict[str, Any]:
    return {"card": {"types": ["enchantment"], "abilities": list(abilities)}, "owner": owner}


# --- the loader --------------------------------------------------------------------------------------


@pytest.mark.parametrize("body,message", [
    ({"times": 3, "plus": 1}, "give exactly one of times and plus"),
    ({"times": 4}, "times"),
    ({"by": {"controller": "you"}}, "needs 'times' or 'plus'"),
])
def test_modify_damage_needs_one_modification(body, message):
    (error,) = problems([{"damage": {"source": "shock", "to": "Alex", "amount": 1}}],
                        objects=board(m=enchantment({"modify_damage": body})))
    assert message in error and "test.yaml:" in error and "modify_damage" in error


@pytest.mark.parametrize("body", [{"amount": 1, "half": "up"}, {"half": "up", "all_but": 1}, {"amount": 2, "all_but": 1}])
def test_prevent_damage_takes_one_amount(body):
    (error,) = problems([{"damage": {"source": "shock", "to": "Alex", "amount": 1}}],
                        objects=board(p=enchantment({"prevent_damage": body})))
    assert "give at most one of amount, half and all_but" in error


@pytest.mark.parametrize("quality", ["Blair", "multicolored", "battles"])  # everything is modelled (702.16j)
def test_protection_from_what_the_format_cannot_express_is_refused(quality):
    knight = {"card": {"types": ["creature"], "power": 2, "toughness": 2, "abilities": [{"protection": quality}]}}
    (error,) = problems([{"damage": {"source": "shock", "to": "knight", "amount": 1}}], objects=board(knight=knight))
    assert "protection" in error and repr(quality) in error


def test_a_prevention_extra_puts_or_removes_not_both():
    extra = {"put_counters": "-1/-1", "remove_counters": "+1/+1"}
    (error,) = problems([{"damage": {"source": "shock", "to": "Alex", "amount": 1}}],
                        objects=board(p=enchantment({"prevent_damage": {"then": extra}})))
    assert "give one of put_counters and remove_counters" in error


def test_protection_on_another_creature_needs_no_order():
    # 702.16e: protection prevents damage to its own permanent only, so damage to the bear with a
    # doubler in play and a protected knight elsewhere has one effect that may apply: no order.
    knight = {"card": {"types": ["creature"], "power": 2, "toughness": 2, "abilities": [{"protection": "red"}]}}
    load([{"damage": {"source": "shock", "to": "bear", "amount": 1}}],
         objects=board(knight=knight, furnace=enchantment({"double_damage": {}}, owner="Blair")))


def test_torbran_and_a_protected_creature_need_an_order():
    knight = {"card": {"types": ["creature"], "power": 2, "toughness": 2, "abilities": [{"protection": "red"}]},
              "owner": "Blair"}
    (error,) = problems([{"damage": {"source": "shock", "to": "knight", "amount": 1}}],
                        objects=board(knight=knight, torbran=enchantment(TORBRAN, owner="Blair")))
    assert "CR 616.1" in error and "knight" in error and "torbran" in error


def test_a_to_player_modifier_is_no_choice_for_damage_to_creatures():
    # modify_damage with only to_player applies to players only: with a doubler, damage to the bear
    # has one applicable effect.
    load([{"damage": {"source": "shock", "to": "bear", "amount": 1}}],
         objects=board(m=enchantment({"modify_damage": {"to_player": "any", "times": 2}}),
                       furnace=enchantment({"double_damage": {}})))


# --- features: engines that lack them get the case reported unsupported ---------------------------------


@pytest.mark.parametrize("objects,step,feature", [
    ({"m": enchantment({"modify_damage": {"plus": 1}})}, {}, "damage-modifiers"),
    ({"p": enchantment({"prevent_damage": {"half": "up"}})}, {}, "partial-prevention"),
    ({"p": enchantment({"prevent_damage": {"then": {"put_counters": "-1/-1"}}})}, {}, "prevention-extras"),
    ({}, {"cant_be_prevented": True}, "cant-be-prevented"),
    ({"rat": {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"keyword": "infect"}]}}},
     {}, "infect"),
    ({"rat": {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"keyword": "wither"}]}}},
     {}, "wither"),
    ({"k": {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"protection": "red"}]}}},
     {}, "protection"),
])
def test_each_element_needs_its_feature(objects, step, feature):
    case = load([{"damage": {"source": "shock", "to": "Alex", "amount": 1, **step}}], objects=board(**objects))
    assert feature in case.features


def test_a_protection_gained_needs_the_feature():
    case = load([{"become": {"to": "bear", "gains": [{"protection": "red"}]}},
                 {"damage": {"source": "shock", "to": "bear", "amount": 1}}], objects=board())
    assert "protection" in case.features


# --- the reference engine ------------------------------------------------------------------------------


def test_the_additional_effect_lands_on_the_hydra_itself():
    # 615.5: 3 damage to the 7/7 Hydra is prevented, then three -1/-1 counters go on it: 4/4.
    hydra = {"card": {"types": ["creature"], "power": 7, "toughness": 7,
                      "abilities": [{"prevent_damage": {"to": {"itself": True}, "then": {"put_counters": "-1/-1"}}}]}}
    snapshot = final([{"damage": {"source": "shock", "to": "hydra", "amount": 3}},
                      {"expect": {"objects": {"hydra": {"power": 4}}}}], objects=board(hydra=hydra))
    assert snapshot["objects"]["hydra"]["power"] == 4 and snapshot["objects"]["hydra"]["counters"] == {"-1/-1": 3}


def test_half_rounded_down_of_an_odd_amount():
    # 615.1: half of 5 rounded down is 2 prevented, 3 dealt: 20-3 = 17.
    snapshot = final([{"damage": {"source": "shock", "to": "Alex", "amount": 5}},
                      {"expect": {"players": {"Alex": {"life": 17}}}}],
                     objects=board(p=enchantment({"prevent_damage": {"half": "down"}})))
    assert snapshot["players"]["Alex"]["life"] == 17


def test_wither_and_infect_together_give_counters_once():
    # 702.80a, 702.90c: both say -1/-1 counters instead of marked damage: 2 damage, two counters.
    rat = {"card": {"types": ["creature"], "power": 2, "toughness": 2,
                    "abilities": [{"keyword": "infect"}, {"keyword": "wither"}]}}
    ogre = {"card": {"types": ["creature"], "power": 3, "toughness": 3}, "owner": "Blair"}
    snapshot = final([{"damage": {"source": "rat", "to": "ogre", "amount": 2}},
                      {"expect": {"objects": {"ogre": {"power": 1}}}}], objects=board(rat=rat, ogre=ogre))
    assert snapshot["objects"]["ogre"]["counters"] == {"-1/-1": 2} and snapshot["objects"]["ogre"]["damage"] == 0


def test_protection_under_the_range_of_influence_option_is_unsupported():
    knight = {"card": {"types": ["creature"], "power": 2, "toughness": 2, "abilities": [{"protection": "red"}]}}
    from conformance.errors import Unsupported
    from reference_engine import ReferenceEngine
    case = load([{"damage": {"source": "shock", "to": "knight", "amount": 1}}], objects=board(knight=knight),
                players=("Alex", "Blair", "Cal", "Dana"), range_of_influence=1)
    with pytest.raises(Unsupported, match="702.16e"):
        ReferenceEngine().run(case.to_dict())
