""""Can't" abilities and life floors (issue 41; CR 119.7, 119.8, 122.1, 614.17, 614.1a): what the
reference engine refuses rather than judge, and the loader's one-line errors."""

from __future__ import annotations

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format import loader
from reference_engine import ReferenceEngine
from reference_engine.loyalty import IllegalActivation
from tests.scenarios import make_case

WORSHIP = {"card": {"types": ["enchantment"], "abilities": [{"life_floor": {}}]}}
BOLT = {"card": {"types": ["instant"]}, "zone": "stack", "owner": "Blair"}


def run(objects, steps, **extra):
    return ReferenceEngine().run(make_case(objects, steps, rules=("614.1a",), **extra).to_dict())


def test_a_life_floor_beside_a_loss_doubler_is_refused():
    """616.1: floor then doubling (5 life, 7 damage: lose 4, doubled 8) and doubling then floor (lose 4) differ."""
    letter = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"double_life_loss": {"player": "opponent"}}]},
              "owner": "Blair"}
    steps = [{"damage": {"source": "bolt", "to": "Alex", "amount": 7}}, {"expect": {"players": {"Alex": {}}}}]
    with pytest.raises(Unsupported, match="616.1"):
        run({"worship": WORSHIP, "letter": letter, "bolt": BOLT}, steps, player_states={"Alex": {"life": 5}})
    # where the floor doesn't apply (the doubled loss leaves 1 or more), the doubler alone is judged: 20 - 2x3
    steps[0]["damage"]["amount"] = 3
    assert run({"worship": WORSHIP, "letter": letter, "bolt": BOLT}, steps)[-1]["players"]["Alex"]["life"] == 14


def test_a_life_floor_below_1_is_refused():
    angel = {"card": {"types": ["artifact"], "abilities": [{"cant_lose": {}}]}}
    steps = [{"damage": {"source": "bolt", "to": "Alex", "amount": 2}}, {"expect": {"players": {"Alex": {}}}}]
    with pytest.raises(Unsupported, match="already below 1"):
        run({"worship": WORSHIP, "angel": angel, "bolt": BOLT}, steps, player_states={"Alex": {"life": 0}})


def test_a_plus_loyalty_cost_that_cant_be_paid_is_refused():
    """614.17b: a cost putting counters that can't be put can't be paid."""
    walker = {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": [
        {"cant_have_counters": {"kind": "loyalty"}}, {"loyalty_ability": {"name": "up", "cost": 1}},
        {"loyalty_ability": {"name": "down", "cost": -1}}]}, "counters": {"loyalty": 3}}
    with pytest.raises(IllegalActivation, match="614.17b"):
        run({"walker": walker}, [{"activate": {"object": "walker", "ability": "up"}}])
    after = run({"walker": walker}, [{"activate": {"object": "walker", "ability": "down"}},
                                     {"expect": {"objects": {"walker": {}}}}])
    assert after[-1]["objects"]["walker"]["counters"] == {"loyalty": 2}  # a minus cost removes them: allowed


@pytest.mark.parametrize("ability,message", [
    ({"cant_gain_life": {"player": "team"}}, "cant_gain_life/player"),
    ({"cant_have_counters": {"kind": "loyalty", "count": 1}}, "cant_have_counters"),
])
def test_the_loader_names_the_file_case_and_field_in_one_line(ability, message):
    document = ("format: 1\ncr: \"2025-09-19\"\ncases:\n  - id: 119.7/bad\n    rules: [\"119.7\"]\n"
                "    source: {rule: \"119.7\"}\n    summary: a case with a bad ability\n    players: [Alex, Blair]\n"
                f"    objects:\n      a: {{card: {{types: [enchantment], abilities: [{ability!r}]}}}}\n"
                "    steps:\n      - expect: {players: {Alex: {life: 20}}}\n").replace("'", '"')
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(document, "bad.yaml")
    (line,) = map(str, excinfo.value.errors)
    assert line.startswith("bad.yaml:") and "case 119.7/bad" in line and message in line and "\n" not in line
