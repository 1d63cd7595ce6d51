"""Counter and token replacements, entering with counters, loyalty abilities and tokens with given
characteristics (issue 18): the loader's refusals, and the reference engine's."""

from __future__ import annotations

import pytest

from conformance.errors import CaseFileErrors
from conformance.format.features import derive_features
from reference_engine import ReferenceEngine
from reference_engine.counter_replacement import OrderMissing
from tests.scenarios import make_case

SEASON = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {"on": {"controller": "you"}}}]}}
SCALES = {"card": {"types": ["enchantment"], "abilities": [
    {"counter_replacement": {"mode": "plus", "kind": "+1/+1", "on": {"controller": "you", "types": ["creature"]}}}]}}
BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}
WALKER = {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": [{"loyalty_ability": {"name": "up", "cost": 1}}]}}
SOLDIER = {"types": ["creature"], "subtypes": ["Soldier"], "power": 1, "toughness": 1}


@pytest.mark.parametrize("objects,steps,message", [
    ({"walker": WALKER}, [{"activate": {"object": "walker", "ability": "up"}},
                          {"activate": {"object": "walker", "ability": "up"}}], "once each turn (CR 606.3)"),
    ({"bear": BEAR}, [{"create_token": {"token": "t", "copy_of": "bear", "card": SOLDIER}}], "give exactly one"),
    ({"bear": BEAR}, [{"create_token": {"token": "t", "count": 2, "card": SOLDIER}}], "give tokens"),
    ({"bear": BEAR}, [{"create_token": {"tokens": ["a"], "count": 2, "card": SOLDIER}}], "name at least that many"),
    ({"bear": BEAR}, [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1, "order": ["nobody"]}}],
     "names no object"),
    ({"season": SEASON, "walker": WALKER}, [], "give its loyalty counters"),
    ({"scales": {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {"amount": 2}}]}}}, [],
     "mode: plus"),
    ({"raider": {"card": {"types": ["creature"], "power": 6, "toughness": 6, "abilities": [
        {"counter_replacement": {"mode": "half", "by_you": True, "by_opponent": True}}]}}}, [], "can't both hold"),
    ({"raider": {"card": {"types": ["creature"], "power": 6, "toughness": 6, "abilities": [
        {"counter_replacement": {"mode": "half", "amount": 2, "by_opponent": True}}]}}}, [], "mode: plus"),
])
def test_the_loader_refuses(objects, steps, message):
    with pytest.raises(CaseFileErrors, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_case(objects, steps)


def test_a_second_activation_after_a_zone_change_or_a_new_turn_is_fine():
    make_case({"walker": WALKER}, [{"activate": {"object": "walker", "ability": "up"}}, {"end_turn": {}},
                                   {"activate": {"object": "walker", "ability": "up"}}])
    make_case({"walker": WALKER}, [{"activate": {"object": "walker", "ability": "up"}},
                                   {"move": {"object": "walker", "to": "hand"}},
                                   {"move": {"object": "walker", "to": "battlefield"}},
                                   {"activate": {"object": "walker", "ability": "up"}}])


def test_an_order_that_matters_must_be_scripted():
    case = make_case({"scales": SCALES, "season": SEASON, "bear": BEAR},
                     [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1}}])
    with pytest.raises(OrderMissing, match="616.1"):
        ReferenceEngine().run(case.to_dict())


def test_doublers_need_no_order():
    case = make_case({"a": SEASON, "b": SEASON, "bear": BEAR},
                     [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 3}},
                      {"expect": {"objects": {"bear": {}}}}])
    assert ReferenceEngine().run(case.to_dict())[-1]["objects"]["bear"]["counters"] == {"+1/+1": 12}


def test_a_negative_cost_needs_that_many_counters():
    walker = {"card": {"types": ["planeswalker"], "loyalty": 3,
                       "abilities": [{"loyalty_ability": {"name": "ult", "cost": -5}}]}}
    case = make_case({"walker": walker}, [{"activate": {"object": "walker", "ability": "ult"}}])
    with pytest.raises(ValueError, match="606.5"):
        ReferenceEngine().run(case.to_dict())


def test_features_of_counter_replacements_and_tokens():
    case = make_case({"season": SEASON}, [{"create_token": {"tokens": ["a", "b"], "card": SOLDIER}},
                                          {"expect": {"objects": {"a": {}}}}])
    features = derive_features(case)
    assert {"counter-replacements", "token-creation"} <= features


def test_halving_needs_its_feature_and_an_order_against_a_doubler():
    """Vorinclex's halving (614.1a) has a feature of its own, and with a doubler of the opponent's
    the order changes the result (616.1): the case must script it."""
    raider = {"card": {"types": ["creature"], "power": 6, "toughness": 6, "abilities": [
        {"counter_replacement": {"mode": "half", "by_opponent": True, "effects_only": False}}]}}
    theirs = {**BEAR, "owner": "Blair"}
    case = make_case({"raider": raider, "season": {**SEASON, "owner": "Blair"}, "theirs": theirs},
                     [{"put_counters": {"object": "theirs", "kind": "+1/+1", "count": 3}}])
    assert {"counter-halving", "counter-replacements"} <= derive_features(case)
    with pytest.raises(OrderMissing, match="616.1"):
        ReferenceEngine().run(case.to_dict())


def test_counters_on_a_player_beside_a_vorinclex_are_refused():
    """Vorinclex's "if you would put one or more counters on a permanent or player" applies to a
    player's counters too (614.1a); the reference engine models counter replacements on permanents
    only, so it refuses the case rather than judge it: put on a player, by 701.10e doubling, by
    infect damage (120.3b)."""
    from conformance.errors import Unsupported

    raider = {"card": {"types": ["creature"], "power": 6, "toughness": 6, "abilities": [
        {"counter_replacement": {"by_you": True, "effects_only": False}}]}}
    plague = {"card": {"types": ["creature"], "power": 2, "toughness": 2, "abilities": [{"keyword": "infect"}]}}
    for steps in ([{"put_player_counters": {"player": "Blair", "kind": "poison", "count": 2}}],
                  [{"double_counters": {"player": "Blair", "kind": "poison"}}],
                  [{"damage": {"source": "plague", "to": "Blair", "amount": 2}}]):
        case = make_case({"raider": raider, "plague": plague}, [*steps, {"expect": {"players": {"Blair": {}}}}])
        with pytest.raises(Unsupported, match="614.1a"):
            ReferenceEngine().run(case.to_dict())
    # without the "if you would put" replacement the same steps run
    case = make_case({"plague": plague}, [{"damage": {"source": "plague", "to": "Blair", "amount": 2}},
                                          {"expect": {"players": {"Blair": {}}}}])
    assert ReferenceEngine().run(case.to_dict())[-1]["players"]["Blair"]["counters"] == {"poison": 2}


PIR = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [
    {"counter_replacement": {"mode": "plus", "on": {"controller": "you"}, "effects_only": False}}]}}
SPONGE = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [
    {"prevent_damage": {"to": {"itself": True}, "then": {"put_counters": "+1/+1"}}}]}}
BLAST = {"card": {"types": ["instant"]}, "zone": "stack", "owner": "Blair"}


@pytest.mark.parametrize("objects,steps,message", [
    ({"bear": BEAR, "season": SEASON}, [{"double_counters": {"player": "Blair", "kind": "poison", "order": ["season"]}}],
     "order is for doubling the counters on an object"),
    ({"bear": BEAR}, [{"combat": {"attackers": {"bear": "Blair"}, "first_strike_triggers": ["nobody.gain"]}}],
     "names no object of the case (CR 603.3b)"),
    ({"season": SEASON, "sponge": SPONGE, "blast": BLAST, "bear": BEAR},
     [{"damage": {"source": "blast", "to": "sponge", "amount": 1, "order": {"bear": ["blast"]}}}],
     "is no counter replacement effect, and bear is not dealt damage"),
    ({"season": SEASON, "bear": BEAR, "blast": BLAST},
     [{"damage": {"source": "blast", "to": "bear", "amount": 1, "order": {"bear": ["season"]}}}],
     "'season' cannot apply to damage dealt to bear"),
])
def test_the_loader_refuses_orders_of_counters_it_cannot_use(objects, steps, message):
    """A counter replacement in a damage order only where a prevention effect's additional effect
    may put counters (615.5, 614.16); first_strike_triggers names objects of the case (603.3b);
    counters on players are not replaced, so no order (701.10e)."""
    with pytest.raises(CaseFileErrors, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_case(objects, steps)


def test_a_cost_with_only_effects_only_replacements_stays_a_cost():
    """614.16: Doubling Season never applies to the cost itself: with no replacement that applies to
    costs, a +1 puts 1; with Pir, the order can't put Season first (it is not applicable yet)."""
    walker = {**WALKER, "counters": {"loyalty": 3}}
    case = make_case({"season": SEASON, "walker": walker},
                     [{"activate": {"object": "walker", "ability": "up", "order": ["season"]}},
                      {"expect": {"objects": {"walker": {}}}}])
    assert ReferenceEngine().run(case.to_dict())[-1]["objects"]["walker"]["counters"] == {"loyalty": 4}
    case = make_case({"season": SEASON, "pir": PIR, "walker": walker},
                     [{"activate": {"object": "walker", "ability": "up", "order": ["season", "pir"]}},
                      {"expect": {"objects": {"walker": {}}}}])
    assert ReferenceEngine().run(case.to_dict())[-1]["objects"]["walker"]["counters"] == {"loyalty": 7}


def test_an_additional_effects_counters_need_an_order_that_matters():
    case = make_case({"season": SEASON, "scales": SCALES, "sponge": SPONGE, "blast": BLAST},
                     [{"damage": {"source": "blast", "to": "sponge", "amount": 2}}])
    with pytest.raises(OrderMissing, match="616.1"):
        ReferenceEngine().run(case.to_dict())


def test_doubling_a_players_counters_is_not_replaced_by_a_permanents_doubler():
    """701.10e on a player: Doubling Season covers permanents (614.1a "on a permanent you control"),
    so 3 poison counters doubled are 6, not 9; no modelled replacement but Vorinclex's applies to a
    player's counters (that one is refused: test_counters_on_a_player_beside_a_vorinclex_are_refused)."""
    from conformance.format.model import Case

    raw = make_case({"season": SEASON}, [{"double_counters": {"player": "Blair", "kind": "poison"}},
                                         {"expect": {"players": {"Blair": {}}}}]).to_dict()
    raw["player_states"]["Blair"]["counters"] = {"poison": 3}
    case = Case.from_dict(raw, cr=raw["cr"])
    assert ReferenceEngine().run_case(case)[-1]["players"]["Blair"]["counters"] == {"poison": 6}
