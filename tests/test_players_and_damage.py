"""Players, damage, replacement and prevention, doubling life/counters/mana/damage, and the limited
range of influence option: the format (loader checks), the reference engine's rules beyond what
the golden cases show, the comparison of player values, and the wrong engines the suite catches.

Expected values are worked from the CR in each test's comment, never read from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from conformance.format import loader
from conformance.results import compare
from conformance.cli import main
from conformance.engines.interface import EngineInfo
from conformance.errors import CaseFileErrors
from conformance.format.model import Case
from reference_engine import ReferenceEngine
from reference_engine.range_of_influence import seat_distance
from reference_engine.replacement import ChoiceMissing

WRONG = "tests.wrong_engines"
BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}


def document(steps: list[dict[str, Any]], *, objects: dict[str, Any] | None = None, players=("Alex", "Blair"),
             case_id: str = "120.3/test", **extra: Any) -> str:
    if not any("expect" in s for s in steps):
        steps = [*steps, {"expect": {"players": {players[0]: {"life": 20}}}}]
    raw = {"id": case_id, "rules": [case_id.split("/")[0]], "source": {"rule": case_id.split("/")[0]},
           "summary": "a case built by a test", "players": list(players),
           "objects": objects if objects is not None else {"bear": BEAR}, **extra, "steps": steps}
    return yaml.safe_dump({"format": 1, "cr": "2025-09-19", "cases": [raw]}, sort_keys=False)


def load(steps, **kwargs) -> Case:
    (case,) = loader.load_text(document(steps, **kwargs), "test.yaml")
    return case


def problems(steps, **kwargs) -> list[str]:
    with pytest.raises(CaseFileErrors) as excinfo:
        loader.load_text(document(steps, **kwargs), "test.yaml")
    return [str(e) for e in excinfo.value.errors]


def final(steps, **kwargs) -> dict[str, Any]:
    """The reference engine's last snapshot, for a case ending with a checkpoint."""
    return ReferenceEngine().run(load(steps, **kwargs).to_dict())[-1]


FURNACE = {"card": {"types": ["enchantment"], "abilities": [{"double_damage": {}}]}}


# --- the loader: a needed choice must be scripted (CR 616.1) --------------------------------------------


def test_a_case_needing_an_order_and_lacking_it_fails_to_load_with_one_line():
    steps = [{"prevent_damage": {"id": "shield", "controller": "Blair", "to": "Blair", "amount": 2}},
             {"damage": {"source": "bear", "to": "Blair", "amount": 3}}]
    (line,) = problems(steps, objects={"bear": BEAR, "furnace": FURNACE})
    assert line.startswith("test.yaml:")
    assert "case 120.3/test: steps/1/damage: " in line
    assert "(furnace, shield)" in line and "CR 616.1" in line and "order: {Blair: [furnace, shield]}" in line
    assert "\n" not in line


def test_the_scripted_order_must_list_every_effect_that_may_apply():
    steps = [{"prevent_damage": {"id": "shield", "controller": "Blair", "to": "Blair", "amount": 2}},
             {"damage": {"source": "bear", "to": "Blair", "amount": 3, "order": {"Blair": ["furnace"]}}}]
    (line,) = problems(steps, objects={"bear": BEAR, "furnace": FURNACE})
    assert "steps/1/damage/order/Blair: the order for Blair lacks 'shield'" in line


@pytest.mark.parametrize("order,message", [
    ({"Blair": ["furnace", "nothing"]}, "'nothing' cannot apply to damage dealt to Blair"),
    ({"Alex": ["furnace"]}, "'Alex' is not dealt damage by this step"),
])
def test_an_order_naming_what_cannot_apply_is_refused(order, message):
    steps = [{"damage": {"source": "bear", "to": "Blair", "amount": 3, "order": order}}]
    assert any(message in p for p in problems(steps, objects={"bear": BEAR, "furnace": FURNACE}))


def test_an_effect_without_id_that_needs_ordering_must_get_one():
    steps = [{"prevent_damage": {"controller": "Blair", "to": "Blair", "amount": 2}},
             {"damage": {"source": "bear", "to": "Blair", "amount": 3}}]
    (line,) = problems(steps, objects={"bear": BEAR, "furnace": FURNACE})
    assert "the effect created at steps/0/prevent_damage may apply to Blair" in line and "give that step an id" in line


def test_no_order_is_needed_where_the_text_rules_an_effect_out():
    # A shield on Alex, combat-only prevention on noncombat damage, an ended effect: one effect left.
    steps = [{"prevent_damage": {"id": "alex_shield", "to": "Alex", "amount": 2}},
             {"prevent_damage": {"id": "fog", "combat": True}},
             {"prevent_damage": {"id": "ended", "to": "Blair", "until": "ended"}},
             {"end_effect": "ended"},
             {"damage": {"source": "bear", "to": "Blair", "amount": 3}}]
    case = load(steps, objects={"bear": BEAR, "furnace": FURNACE})
    assert final([*steps, {"expect": {"players": {"Blair": {}}}}], objects={"bear": BEAR, "furnace": FURNACE})[
        "players"]["Blair"]["life"] == 14  # 3 doubled: 20-6
    assert "replacement-order" not in case.features


def test_a_redirection_makes_the_new_recipient_s_effects_part_of_the_choice():
    # Damage to Alex is redirected to Blair, where Blair's shield and the furnace may both apply (616.2).
    steps = [{"redirect_damage": {"id": "deflect", "to": "Alex", "instead_to": "Blair"}},
             {"prevent_damage": {"id": "shield", "controller": "Blair", "to": "Blair", "amount": 1}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 2, "order": {"Alex": ["deflect", "furnace"]}}}]
    (line,) = problems(steps, objects={"bear": BEAR, "furnace": FURNACE})
    assert "damage dealt to Blair (furnace, shield)" in line


WALKER = {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": [{"loyalty_ability": {"name": "up", "cost": 1}}]}}


def test_activating_an_ability_that_changes_nothing_makes_no_order_needed():
    # 616.1: the walker's +1 has no effect, so it cannot give the walker a damage doubler (613.1f); only the furnace applies.
    steps = [{"activate": {"object": "walker", "ability": "up"}},
             {"damage": {"source": "bear", "to": "Blair", "amount": 3}},
             {"expect": {"players": {"Blair": {"life": 14}}}}]
    objects = {"bear": BEAR, "furnace": FURNACE, "walker": WALKER}
    assert final(steps, objects=objects)["players"]["Blair"]["life"] == 14
    changer = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [
        {"activated": {"name": "up", "cost": "{0}", "effect": {"become": {"gains": [{"double_damage": {}}],
                                                                           "until": "end_of_turn"}}}}]}}
    (line,) = problems(steps[:2], objects={**objects, "walker": changer})  # the same name, an ability gaining one: needed
    assert "(furnace, walker)" in line or "(walker, furnace)" in line


def test_an_unblocked_attacker_is_dealt_no_damage_so_needs_no_order():
    # 510.1a: only blockers deal damage to an attacker; two doublers on the board apply to Blair only.
    objects = {"bear": BEAR, "furnace": FURNACE, "kiln": FURNACE, "wall": BEAR}
    steps = [{"combat": {"attackers": {"bear": "Blair"}, "order": {"Blair": ["furnace", "kiln"]}}},
             {"expect": {"players": {"Blair": {"life": 12}}}}]
    assert final(steps, objects=objects)["players"]["Blair"]["life"] == 12
    blocked = [{"combat": {"attackers": {"bear": "Blair"}, "blockers": {"wall": "bear"}}}]
    assert {p.split("damage dealt to ")[1].split(" ")[0] for p in problems(blocked, objects=objects)} == {"Blair", "bear", "wall"}


@pytest.mark.parametrize("change,message", [
    ({"player_states": {"Casey": {"life": 3}}}, "player_states/Casey: undeclared player 'Casey'"),
    ({"range_of_influence": {"Alex": 1}}, "range_of_influence: no range for Blair"),
    ({"range_of_influence": {"Alex": 1, "Blair": 1, "Casey": 2}}, "range_of_influence/Casey: undeclared player"),
])
def test_case_level_player_problems(change, message):
    assert any(message in p for p in problems([], **change))


@pytest.mark.parametrize("step,message", [
    ({"gain_life": {"player": "Casey", "amount": 1}}, "steps/0/gain_life/player: undeclared player 'Casey'"),
    ({"damage": {"source": "ghost", "to": "Blair", "amount": 1}}, "steps/0/damage/source: undeclared object 'ghost'"),
    ({"damage": {"source": "bear", "to": "Casey", "amount": 1}}, "steps/0/damage/to: undeclared player or object 'Casey'"),
    ({"damage": {"source": "bear", "amount": 1, "to_each_player": False}}, "a damage step needs a recipient"),
    ({"redirect_damage": {"to": "Alex", "instead_to": "Alex"}}, "damage redirected to the recipient it was going to"),
    ({"double_counters": {"kind": "poison", "player": "Alex", "object": "bear"}}, "steps/0/double_counters"),
    ({"expect": {"players": {"Casey": {"life": 20}}}}, "steps/0/expect/players/Casey: undeclared player 'Casey'"),
    ({"expect": {"objects": {}}}, "a checkpoint observes at least one object or player"),
    ({"add_mana": {"player": "Alex", "mana": {"X": 1}}}, "steps/0/add_mana/mana"),
])
def test_step_references_are_checked(step, message):
    assert any(message in p for p in problems([step])), problems([step])


def test_targets_outside_the_controller_s_range_are_refused():
    # 801.4: Alex (range 1, four seats) can't target Carissa, two seats away.
    steps = [{"prevent_damage": {"controller": "Alex", "to": "Carissa", "amount": 1}}]
    (line,) = problems(steps, players=("Alex", "Dana", "Carissa", "Rob"), range_of_influence=1)
    assert "steps/0/prevent_damage/to: Carissa is outside Alex's range of influence (1)" in line and "801.4" in line


def test_player_states_and_ranges_round_trip_through_the_plain_form():
    case = load([{"gain_life": {"player": "Blair", "amount": 2}}], players=("Alex", "Blair", "Cal"),
                player_states={"Blair": {"life": 7, "counters": {"poison": 2}, "mana": {"R": 1}}},
                range_of_influence={"Alex": 2, "Blair": 1, "Cal": 1})
    plain = case.to_dict()
    assert plain["player_states"]["Alex"] == {"life": 20, "counters": {}, "mana": {}}
    assert plain["player_states"]["Blair"] == {"life": 7, "counters": {"poison": 2}, "mana": {"R": 1}}
    assert plain["range_of_influence"] == {"Alex": 2, "Blair": 1, "Cal": 1}
    assert Case.from_dict(plain) == case
    assert {"life", "player-counters", "mana", "range-of-influence"} <= case.features


def test_a_single_range_means_every_player_s():
    case = load([], players=("Alex", "Blair", "Cal"), range_of_influence=2)
    assert dict(case.range_of_influence) == {"Alex": 2, "Blair": 2, "Cal": 2}
    assert load([]).range_of_influence is None and "range_of_influence" not in load([]).to_dict()


@pytest.mark.parametrize("steps,features", [
    ([{"gain_life": {"player": "Alex", "amount": 1}}], {"life"}),
    ([{"double_life": {"player": "Alex"}}], {"life", "double-life"}),
    ([{"double_counters": {"object": "bear", "kind": "+1/+1"}}], {"double-counters", "counters", "life"}),
    ([{"double_mana": {"player": "Alex", "type": "R"}}], {"mana", "double-mana", "life"}),
    ([{"damage": {"source": "bear", "to": "bear", "amount": 1}},
      {"expect": {"objects": {"bear": {"damage": 1}}}}], {"damage"}),
    ([{"redirect_damage": {"to": "Alex", "instead_to": "bear"}}], {"redirection", "life"}),
    ([{"prevent_damage": {"combat": True}}], {"prevention", "life"}),
])
def test_features_are_derived_from_players_and_damage(steps, features):
    assert load(steps).features == features  # "life": the default checkpoint observes a life total


# --- the reference engine, rule by rule ---------------------------------------------------------------


def test_seats_are_counted_the_short_way_round_the_table():
    players = ("Alex", "Blair", "Cal", "Dana", "Erin", "Fran")
    assert [seat_distance(players, "Alex", p) for p in players] == [0, 1, 2, 3, 2, 1]


def test_the_engine_refuses_to_guess_an_unscripted_order():
    # Built without the loader's check: two doublers, no order. 616.1 needs a choice.
    raw = yaml.safe_load(document([{"damage": {"source": "bear", "to": "Blair", "amount": 2}}],
                                  objects={"bear": BEAR, "one": FURNACE, "two": FURNACE}))["cases"][0]
    case = Case.from_dict(raw, cr="2025-09-19")
    with pytest.raises(ChoiceMissing, match="2 effects .* Blair, and the case scripts no order"):
        ReferenceEngine().run(case.to_dict())


def test_prevent_all_is_never_used_up_and_ends_with_the_turn():
    # "Prevent all damage that would be dealt to Alex this turn": 3 and 5 prevented; after the
    # cleanup step it is gone (514.2), so 2 more is dealt: 20-2 = 18.
    steps = [{"prevent_damage": {"id": "all", "to": "Alex"}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 3}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 5}},
             {"expect": {"players": {"Alex": {"life": 20}}}},
             {"end_turn": {}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 2}},
             {"expect": {"players": {"Alex": {"life": 18}}}}]
    assert final(steps)["players"]["Alex"]["life"] == 18


def test_an_effect_ended_by_name_no_longer_prevents():
    steps = [{"prevent_damage": {"id": "shield", "to": "Alex", "until": "ended"}},
             {"end_effect": "shield"},
             {"damage": {"source": "bear", "to": "Alex", "amount": 3}},
             {"expect": {"players": {"Alex": {"life": 17}}}}]
    assert final(steps)["players"]["Alex"]["life"] == 17


def test_combat_only_prevention_ignores_other_damage():
    # Fog prevents combat damage only: 2 noncombat damage is dealt (18), 3 combat damage is not.
    steps = [{"prevent_damage": {"id": "fog", "combat": True}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 2}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 3, "combat": True}},
             {"expect": {"players": {"Alex": {"life": 18}}}}]
    assert final(steps)["players"]["Alex"]["life"] == 18


def test_a_shield_on_a_creature_does_not_follow_it_to_a_new_object():
    # 400.7: the creature that returns from exile is a new object, unshielded: 2 damage marked.
    steps = [{"prevent_damage": {"id": "shield", "to": "bear", "amount": 5}},
             {"move": {"object": "bear", "to": "exile"}},
             {"move": {"object": "bear", "to": "battlefield"}},
             {"damage": {"source": "bear", "to": "bear", "amount": 1}},
             {"expect": {"objects": {"bear": {"damage": 1}}}}]
    assert final(steps)["objects"]["bear"]["damage"] == 1


def test_a_spell_deals_no_damage_to_a_player_outside_its_controller_s_range():
    # 801.10: Alex (range 1) deals 3 to Carissa, two seats away: nothing happens.
    objects = {"axe": {"card": {"types": ["sorcery"]}, "zone": "stack"}}
    steps = [{"damage": {"source": "axe", "to": "Carissa", "amount": 3}},
             {"expect": {"players": {"Carissa": {"life": 20}}}}]
    assert final(steps, objects=objects, players=("Alex", "Dana", "Carissa", "Rob"),
                 range_of_influence=1)["players"]["Carissa"]["life"] == 20


def test_redirected_damage_meets_the_new_recipient_s_shield():
    # 616.2: damage to Alex redirected to Blair is then prevented by Blair's shield: 3 redirected,
    # 2 prevented, 1 dealt: Blair 19, Alex 20.
    steps = [{"redirect_damage": {"id": "deflect", "to": "Alex", "instead_to": "Blair"}},
             {"prevent_damage": {"id": "shield", "controller": "Blair", "to": "Blair", "amount": 2}},
             {"damage": {"source": "bear", "to": "Alex", "amount": 3}},
             {"expect": {"players": {"Alex": {"life": 20}, "Blair": {"life": 19}}}}]
    players = final(steps)["players"]
    assert (players["Alex"]["life"], players["Blair"]["life"]) == (20, 19)


def test_mana_pools_empty_as_the_turn_ends_and_counters_on_players_stay():
    steps = [{"add_mana": {"player": "Alex", "mana": {"W": 1, "C": 2}}},
             {"put_player_counters": {"player": "Alex", "kind": "poison", "count": 4}},
             {"remove_player_counters": {"player": "Alex", "kind": "poison", "count": 1}},
             {"expect": {"players": {"Alex": {"mana": {"W": 1, "C": 2}, "counters": {"poison": 3}}}}},
             {"end_turn": {}},
             {"expect": {"players": {"Alex": {"mana": {}, "counters": {"poison": 3}}}}}]
    snapshots = ReferenceEngine().run(load(steps).to_dict())
    assert snapshots[0]["players"]["Alex"]["mana"] == {"W": 1, "C": 2}
    assert snapshots[1]["players"]["Alex"] == {"life": 20, "mana": {}, "counters": {"poison": 3}, "lost": False}


def test_lifegain_and_loss_and_losing_at_zero():
    steps = [{"gain_life": {"player": "Blair", "amount": 5}},
             {"lose_life": {"player": "Blair", "amount": 25}},
             {"expect": {"players": {"Blair": {"life": 0, "lost": True}}}}]
    assert final(steps)["players"]["Blair"] == {"life": 0, "mana": {}, "counters": {}, "lost": True}


# --- comparing player values ------------------------------------------------------------------------


GOLDEN = loader.load_suite([loader.golden_dir()])


def test_a_player_mismatch_names_checkpoint_player_field_and_values():
    case = next(c for c in GOLDEN if c.id == "801.13a/redirected-outside-range")
    snapshots = ReferenceEngine().run(case.to_dict())
    snapshots[0]["players"]["Carissa"]["life"] = 17
    (mismatch,) = compare.compare(case, snapshots)
    assert str(mismatch) == ("checkpoint 1 'Rob is dealt 2, Carissa 0' (step 3): player Carissa.life: "
                             "expected 20, got 17")


def test_an_engine_not_reporting_player_values_gets_player_cases_unsupported():
    info = EngineInfo.from_description({**ReferenceEngine().describe(), "observables": {
        "objects": ["zone", "power", "toughness", "counters", "damage"], "players": ["life"]}})
    case = next(c for c in GOLDEN if c.id == "701.10f/double-one-type-of-mana")
    outcome = compare.judge(ReferenceEngine(), info, case)
    assert isinstance(outcome, compare.Unsupported) and "does not report the player values mana" in outcome.reason


def test_snapshots_without_players_are_malformed_when_players_are_observed():
    case = next(c for c in GOLDEN if c.id == "704.5a/zero-life-loses")

    class NoPlayers(ReferenceEngine):
        def run(self, case):
            return [{"objects": s["objects"]} for s in super().run(case)]

    engine = NoPlayers()
    outcome = compare.judge(engine, EngineInfo.from_description(engine.describe()), case)
    assert isinstance(outcome, compare.Errored) and "has no 'players' mapping" in outcome.message


# --- wrong engines are caught -----------------------------------------------------------------------


def citing(*rules: str) -> set[str]:
    return {c.id for c in GOLDEN if set(c.rules) & set(rules)}


def run_cli(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def failed_ids(out: str) -> set[str]:
    import re

    return set(re.findall(r"^case (\S+) fails on ", out, re.MULTILINE))


def test_an_engine_ignoring_the_range_for_redirection_exits_1_naming_the_case(capsys):
    code, out = run_cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:RangeBlindRedirectionEngine")
    assert code == 1
    # and the same rule met by a static redirection (Palisade Giant-like, issue 41)
    assert failed_ids(out) == {"801.13a/redirected-outside-range",
                               "801.13a/static-redirection-outside-the-source-controllers-range"}
    assert "player Carissa.life: expected 20, got 17" in out  # the redirected 3 reached Carissa


def test_an_engine_whose_two_doublers_give_16_exits_1_naming_the_cases(capsys):
    code, out = run_cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:ReplacementLoopEngine")
    assert code == 1
    caught = failed_ids(out)
    assert {"614.5/two-doublers-to-a-player", "614.5/two-doublers-to-a-creature"} <= caught
    assert caught <= citing("614.5")
    assert "player Blair.life: expected 12, got 4" in out  # 2 → 4 → 8 → 16 damage, 20-16 = 4


def test_an_engine_applying_prevention_out_of_range_exits_1_naming_the_cases(capsys):
    code, out = run_cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:RangeBlindPreventionEngine")
    assert code == 1
    assert failed_ids(out) == {"801.13b/prevent-by-creatures-source-outside-range",
                               "801.13b/fog-source-or-recipient-outside-range",
                               # the same examples as real combat (golden/801.13-combat.yaml)
                               "801.13b/combat-prevent-by-creatures-attacker-outside-range",
                               "801.13b/combat-fog-source-or-recipient-outside-range",
                               "801.13b/extra-only-where-prevented",  # its additional effect too (615.5)
                               "801.13b/prevention-to-players-within-range"}  # a prevention "to a player" (issue 41)


def test_an_engine_doubling_negative_life_as_0_exits_1_naming_the_case(capsys):
    code, out = run_cli(capsys, "run", "--no-properties", "--engine", f"{WRONG}:LifeClampingEngine")
    assert code == 1
    assert failed_ids(out) == {"701.10d/double-negative-life",
                               "701.10d/negative-total-doubled-is-a-loss",  # a negative total doubled is lower
                               "701.10d/doubling-a-negative-total-is-a-loss-doubled"}  # and a Bloodletter doubles the loss
    assert "player Alex.life: expected -6, got -3" in out


# --- objects as the layers make them (613.1), not as printed --------------------------------------------

CLONE = {"zone": "hand", "card": {"name": "Clone", "types": ["creature"], "subtypes": ["Shapeshifter"], "power": 0,
                                  "toughness": 0, "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}}
DEFENDER = {"card": {"types": ["creature"], "subtypes": ["Human", "Cleric"], "power": 3, "toughness": 3, "abilities": [
    {"prevent_damage": {"to": {"types": ["creature"], "subtypes": ["Cleric"], "controller": "you"}, "amount": 1}}]}}
PYROCLASM = {"card": {"types": ["sorcery"]}, "zone": "stack", "owner": "Blair"}


class PrintedFiltersEngine(ReferenceEngine):
    """The defect this review fixed: damage, replacement and prevention effects judging objects on
    their printed cards (their abilities, types, colours and controller as declared)."""

    def run(self, case):
        import dataclasses

        from reference_engine import layers, range_of_influence
        from reference_engine.characteristics import Values

        def printed(game, obj):
            chars = layers.characteristics(game, obj)
            return dataclasses.replace(chars, values=Values.printed(obj.card), controller=obj.controller)

        real = range_of_influence.current
        range_of_influence.current = printed
        try:
            return super().run(case)
        finally:
            range_of_influence.current = real

    def describe(self):
        return {**super().describe(), "name": "printed-filters engine"}


def test_an_engine_judging_damage_effects_on_printed_cards_exits_1_naming_the_cases(capsys):
    code, out = run_cli(capsys, "run", "--no-properties", "--engine", f"{__name__}:PrintedFiltersEngine")
    assert code == 1
    assert failed_ids(out) == {
        "615.10/clone-of-a-cleric-is-protected", "615.10/copy-of-daunting-defender-prevents-too",
        "615.1/prevent-by-creatures-after-type-changes", "120.3e/each-creature-means-creatures-now",
        "615.11/shields-by-colours-at-resolution", "701.10g/doubler-counts-a-stolen-source",
        "801.2d/stolen-source-inside-range",
        "614.5/copy-of-the-relic",  # a token copy's printed card has no abilities: its effects are missed
        "702.15b/lifelink-gained-and-lost",  # lifelink gained by an effect is on no printed card
        "702.16e/quality-of-the-source-now",  # the source's printed colour is red, its colour now blue
        "702.16e/protection-gained",  # protection gained by an effect is on no printed card
        "613.1f/copied-season-doubles-too",  # a copy's counter replacement is on no printed card
        "707.9e/copy-exception-counter-doubled",  # nor the Doubling Season a copy exception's counters meet
        "614.1a/doubler-that-lost-its-ability",  # a life-gain doubler that lost its ability still prints it
        "109.5/stolen-damage-doubler",  # "you" of a stolen doubler read off its declared controller
        "613.1f/keywords-gained-and-lost-before-combat",  # combat damage keywords read off printed cards
        "702.16e/noncreature-source-and-protection",  # an artifact made a creature is still a noncreature source
        # golden cases of issue 39 over stolen replacements and token copies: the Season or Parallel
        # Lives' "you" read off the controller as declared, not as changed (613.1b, 614.1a); a token
        # copy of Carnifex Demon read off its printed card, which has no "enters with" ability (707.2, 614.12)
        "614.1a/stolen-creature-gets-its-controllers-season", "614.1a/stolen-season-doubles-for-its-controller",
        "614.1a/stolen-parallel-lives-doubles-for-its-controller", "704.5q/token-copy-enters-with-both-kinds",
        # issue 40: a token copy of Voice of All has no protection on its printed card; a Clone of Skyshroud
        # Behemoth prints neither "enters tapped" nor fading; a face-down Treefolk still prints "enters tapped"
        "614.12/voice-of-all-token-chooses-its-own-color", "707.5/clone-copies-skyshroud-behemoth",
        "614.1c/face-down-treefolk-enters-untapped"}


def test_a_copy_of_a_prevention_permanent_joins_the_choice():
    # The Clone copies the Defender (707.2a): two preventions may apply to each creature, so each
    # needs an order; the loader names the Clone although its printed card has no such ability.
    steps = [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "defender"}}},
             {"damage": {"source": "pyroclasm", "to_each": {"types": ["creature"]}, "amount": 2}}]
    lines = problems(steps, objects={"defender": DEFENDER, "clone": CLONE, "pyroclasm": PYROCLASM})
    assert any("damage dealt to defender (defender, clone)" in line for line in lines)
    assert any("damage dealt to clone (defender, clone)" in line for line in lines)


def test_a_copy_of_an_object_without_damage_abilities_needs_no_order():
    cleric = {"card": {"types": ["creature"], "subtypes": ["Cleric"], "power": 2, "toughness": 2}, "owner": "Blair"}
    steps = [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "cleric"}}},
             {"damage": {"source": "pyroclasm", "to_each": {"types": ["creature"]}, "amount": 2}},
             {"expect": {"objects": {"clone": {"damage": 1}, "cleric": {"zone": "graveyard"}}}}]
    objects = {"defender": DEFENDER, "clone": CLONE, "cleric": cleric, "pyroclasm": PYROCLASM}
    snapshot = final(steps, objects=objects)["objects"]
    assert (snapshot["clone"]["damage"], snapshot["cleric"]["zone"]) == (1, "graveyard")  # 2-1; 2 on Blair's


def test_an_object_that_became_a_creature_may_be_dealt_damage_by_each_creature():
    # Two doublers; an enchantment animated by an effect is a possible recipient of "each creature"
    # (613.1d), so the loader asks for its order too.
    shrine = {"card": {"types": ["enchantment"]}}
    steps = [{"become": {"to": "shrine", "add_types": ["creature"], "power": 0, "toughness": 9}},
             {"damage": {"source": "pyroclasm", "to_each": {"types": ["creature"]}, "amount": 2,
                         "order": {"bear": ["one", "two"]}}}]
    objects = {"bear": BEAR, "shrine": shrine, "one": FURNACE, "two": FURNACE, "pyroclasm": PYROCLASM}
    (line,) = problems(steps, objects=objects)
    assert "damage dealt to shrine (one, two)" in line


def test_a_become_that_changes_no_type_needs_no_order_in_either_plain_form():
    # 613.1d: only an effect changing card types can make the shrine a creature; one that changes
    # its colour cannot, whether its empty parts are left out (as written) or listed (as the plain
    # form a case is saved in lists them: add_types: [])
    shrine = {"card": {"types": ["enchantment"]}}
    objects = {"bear": BEAR, "shrine": shrine, "one": FURNACE, "two": FURNACE, "pyroclasm": PYROCLASM}
    damage = {"damage": {"source": "pyroclasm", "to_each": {"types": ["creature"]}, "amount": 2,
                         "order": {"bear": ["one", "two"]}}}
    written = load([{"become": {"to": "shrine", "colors": ["R"]}}, damage], objects=objects)
    (again,) = loader.load_text(document([written.to_dict()["steps"][0], damage], objects=objects), "test.yaml")
    assert again.steps[0] == written.steps[0]


def test_can_t_lose_follows_control():
    # Blair gains control of Alex's "you can't lose" permanent (613.1b): Alex at 0 loses, Blair at 0 doesn't.
    angel = {"card": {"types": ["artifact"], "abilities": [{"cant_lose": {}}]}}
    steps = [{"become": {"to": "angel", "controller": "Blair", "gain_control": True, "until": "ended"}},
             {"together": [{"lose_life": {"player": "Alex", "amount": 20}},
                           {"lose_life": {"player": "Blair", "amount": 20}}]},
             {"expect": {"players": {"Alex": {"lost": True}, "Blair": {"lost": False}}}}]
    players = final(steps, objects={"angel": angel})["players"]
    assert (players["Alex"]["lost"], players["Blair"]["lost"]) == (True, False)


# --- one permanent, two static damage abilities: two effects, each named (CR 614.5, 616.1) ----------

RELIC = {"card": {"types": ["artifact"], "abilities": [{"double_damage": {}}, {"prevent_damage": {"amount": 1}}]}}


def test_a_plain_id_for_an_object_with_two_damage_abilities_is_refused_in_one_line():
    steps = [{"damage": {"source": "bear", "to": "Blair", "amount": 3, "order": {"Blair": ["relic"]}}}]
    (line,) = problems(steps, objects={"bear": BEAR, "relic": RELIC})
    assert "steps/0/damage/order/Blair/0: 'relic' is ambiguous" in line
    assert "relic.double_damage, relic.prevent_damage" in line and "\n" not in line


def test_an_object_with_two_damage_abilities_needs_an_order_naming_each():
    steps = [{"damage": {"source": "bear", "to": "Blair", "amount": 3}}]
    (line,) = problems(steps, objects={"bear": BEAR, "relic": RELIC})
    assert "order: {Blair: [relic.double_damage, relic.prevent_damage]}" in line


@pytest.mark.parametrize("order,life", [
    # 3 doubled (6), then 1 prevented: 5; 1 prevented (2), then doubled: 4 (616.1: Blair's choice)
    (["relic.double_damage", "relic.prevent_damage"], 15),
    (["relic.prevent_damage.1", "relic.double_damage.1"], 16),  # the Nth of a kind, from 1
])
def test_both_effects_of_one_permanent_apply(order, life):
    steps = [{"damage": {"source": "bear", "to": "Blair", "amount": 3, "order": {"Blair": order}}},
             {"expect": {"players": {"Blair": {"life": life}}}}]
    assert final(steps, objects={"bear": BEAR, "relic": RELIC})["players"]["Blair"]["life"] == life


def test_two_abilities_of_one_kind_are_numbered():
    # Two "prevent 1" abilities and a doubler: 3 → prevent 1 (2) → double (4) → prevent 1 (3): 17.
    twice = {"card": {"types": ["artifact"], "abilities": [
        {"prevent_damage": {"amount": 1}}, {"double_damage": {}}, {"prevent_damage": {"amount": 1}}]}}
    steps = [{"damage": {"source": "bear", "to": "Blair", "amount": 3}}]
    (line,) = problems(steps, objects={"bear": BEAR, "relic": twice})
    assert "[relic.double_damage, relic.prevent_damage.1, relic.prevent_damage.2]" in line
    order = ["relic.prevent_damage.1", "relic.double_damage", "relic.prevent_damage.2"]
    steps = [{"damage": {"source": "bear", "to": "Blair", "amount": 3, "order": {"Blair": order}}},
             {"expect": {"players": {"Blair": {"life": 17}}}}]
    assert final(steps, objects={"bear": BEAR, "relic": twice})["players"]["Blair"]["life"] == 17


def test_a_precise_name_stays_valid_for_an_object_with_one_ability():
    # furnace has one static damage ability: furnace, furnace.double_damage, furnace.double_damage.1
    for name in ("furnace", "furnace.double_damage", "furnace.double_damage.1"):
        steps = [{"prevent_damage": {"id": "shield", "controller": "Blair", "to": "Blair", "amount": 2}},
                 {"damage": {"source": "bear", "to": "Blair", "amount": 3, "order": {"Blair": ["shield", name]}}},
                 {"expect": {"players": {"Blair": {"life": 18}}}}]  # (3-2)×2 = 2
        assert final(steps, objects={"bear": BEAR, "furnace": FURNACE})["players"]["Blair"]["life"] == 18
    steps = [{"damage": {"source": "bear", "to": "Blair", "amount": 3, "order": {"Blair": ["furnace.prevent_damage"]}}}]
    assert any("'furnace.prevent_damage' cannot apply" in p for p in problems(steps, objects={"bear": BEAR, "furnace": FURNACE}))


# --- planeswalkers' printed loyalty (CR 209.1) ---------------------------------------------------------


def test_a_planeswalker_card_needs_its_printed_loyalty_and_only_it_has_one():
    walker = {"card": {"types": ["planeswalker"]}}
    (line,) = problems([{"expect": {"objects": {"walker": {}}}}], objects={"walker": walker})
    assert "objects/walker/card: a planeswalker card needs its printed loyalty" in line
    bear = {"card": {"types": ["creature"], "power": 2, "toughness": 2, "loyalty": 3}}
    (line,) = problems([{"expect": {"objects": {"bear": {}}}}], objects={"bear": bear})
    assert "objects/bear/card/loyalty: only a planeswalker card has a printed loyalty" in line


def test_damage_keywords_and_planeswalkers_are_features():
    walker = {"card": {"types": ["planeswalker"], "loyalty": 3}}
    viper = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"keyword": "deathtouch"}]}}
    steps = [{"become": {"to": "viper", "gains": [{"keyword": "lifelink"}, {"keyword": "indestructible"}]}},
             {"damage": {"source": "viper", "to": "walker", "amount": 1}}]
    case = load(steps, objects={"viper": viper, "walker": walker})
    assert {"lifelink", "deathtouch", "indestructible", "planeswalkers"} <= case.features
