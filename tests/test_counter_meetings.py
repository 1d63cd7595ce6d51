"""Where the rules on counters and tokens meet (issue 39): what strategies.counter_scenarios draws
after its own draws (strategies/_internal/counter_meetings.py), and the counter laws that draw the
meetings themselves (conformance/laws/counters.py), each shown to catch an engine with one
realistic bug the laws did not catch before."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import strategies as mtg
from conformance.engines.interface import describe
from conformance.format import loader
from conformance.format import model as s
from conformance.laws import profiles
from conformance.laws.catalogue import PROPERTIES
from conformance.laws.interactions import met_by
from conformance.laws.runner import run_property
from reference_engine import Game, ReferenceEngine, counter_replacement, prevention, table, trigger_resolution
from reference_engine.counter_replacement import CounterEvent, Replacement, _statics, apply_in_order, names_of
from reference_engine.range_of_influence import controller_of

BASE = frozenset({"counter-replacements", "counter-halving", "token-replacements", "enters-with-counters",
                  "loyalty-abilities", "token-creation", "counters", "planeswalkers", "replacement-order",
                  "zone-changes", "durations", "activated-abilities", "copy-effects", "token-copies"})
"""What the scenario's own draws use: with these features, only the meetings they allow are drawn."""

QUIET = list(HealthCheck)
SOME = settings(max_examples=60, database=None, deadline=None, derandomize=True, suppress_health_check=QUIET)


@SOME
@given(st.data())
def test_the_meetings_stay_within_the_features(data):
    allowed = data.draw(st.sampled_from([BASE, BASE | {"mana-abilities"}, BASE | {"damage", "prevention-extras"},
                                         BASE | {"event-triggers", "triggered-abilities", "double-counters"}]))
    case = data.draw(mtg.counter_scenarios(features=allowed))
    assert case.features <= allowed


@SOME
@given(mtg.counter_scenarios())
def test_every_generated_counter_scenario_is_a_valid_case_file(case):
    plain = case.to_dict()
    document = {"format": 1, "cr": plain.pop("cr"), "cases": [{k: v for k, v in plain.items() if k != "features"}]}
    (loaded,) = loader.load_text(json.dumps(document), "generated.json")
    assert loaded == case


def _actions(case):
    return [step for step in case.steps if not isinstance(step, s.Expect)]


def test_a_stolen_lands_mana_ability_shrinks_to_the_land_and_its_activation():
    """The meetings shrink to nothing but what is needed: here the land, controlled by the other
    player than its owner, and its activation after the scenario's simplest step."""
    def stolen_mana(case):
        land = next((o for o in case.objects if o.id == "land"), None)
        return land is not None and land.controller not in (None, land.owner) and any(
            isinstance(step, s.ActivateMana) for step in _actions(case))
    found = find(mtg.counter_scenarios(), stolen_mana,
                 settings=settings(database=None, max_examples=2000, derandomize=True, suppress_health_check=QUIET))
    assert sorted(o.id for o in found.objects) == ["bear", "hydra", "land", "walker"]
    assert [type(step) for step in _actions(found)][-1:] == [s.ActivateMana] and len(_actions(found)) == 2


ROWS = ("counters/kind-filter-and-minus-counters", "counters/stolen-replacement", "tokens/stolen-replacement",
        "sba/token-counters", "ability/stolen-mana", "ability/stolen-loyalty", "counters/trigger-and-doubler")
"""Rows of conformance/data/interactions.yaml the counter scenarios meet (beside those the laws meet)."""


def test_generated_counter_scenarios_meet_where_counter_and_token_rules_meet():
    met = set()

    @settings(max_examples=200, database=None, deadline=None, derandomize=True, suppress_health_check=QUIET)
    @given(mtg.counter_scenarios())
    def run(case):
        met.update(met_by(case))
    run()
    assert set(ROWS) <= met, sorted(set(ROWS) - met)


def _modes(game, oid, kind):
    event = CounterEvent(oid, kind, 1, controller_of(game, game.objects[oid]))
    return {r.ability.mode for r in counter_replacement.counter_replacements(game, event)}


@settings(max_examples=150, database=None, deadline=None, derandomize=True, suppress_health_check=QUIET)
@given(mtg.counter_scenarios())
def test_counters_no_order_can_be_scripted_for_need_none(case):
    """The counters of a triggered ability have no order the format can script (616.1), and a
    prevention effect's additional effect or a doubling may come without one: wherever the
    generator puts them unordered, every counter replacement that applies changes the number the
    same way (so an engine putting them through the replacements, 614.16, 615.5, 701.10e, needs
    no order)."""
    seen: list[set[str]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(prevention, "additional_effects", _watching_extras(seen))
        patch.setattr(table.Table, "double_counters", _watching_doubling(seen))
        patch.setattr(trigger_resolution, "resolve", _watching_triggers(seen))
        ReferenceEngine().run_case(case)
    assert all(len(modes) <= 1 for modes in seen), seen


_EXTRAS, _DOUBLE, _RESOLVE = prevention.additional_effects, table.Table.double_counters, trigger_resolution.resolve


def _watching_extras(seen):
    def additional_effects(game, *order):
        scripted = order[0] if order else {}
        for extra in game.prevention_extras:
            if extra.on.zone == "battlefield" and extra.then.put_counters and not scripted.get(extra.on.id):
                seen.append(_modes(game, extra.on.id, extra.then.put_counters))
        return _EXTRAS(game, *order)
    return additional_effects


def _watching_doubling(seen):
    def double_counters(game, step):
        if step.object is not None and game.objects[step.object].zone == "battlefield" and not step.order:
            seen.append(_modes(game, step.object, step.kind))
        return _DOUBLE(game, step)
    return double_counters


def _watching_triggers(seen):
    def resolve(game, pending):
        part = pending.ability.effect.put_counters
        obj = game.objects[pending.source]
        if part is not None and obj.zone == "battlefield":
            seen.append(_modes(game, obj.id, part.kind))
        return _RESOLVE(game, pending)
    return resolve


# --- the laws catch engines with one bug where counter and token rules meet -------------------------


class TokenDoublersOfTheirOwnerGame(Game):
    """Applies a token doubler to its owner's tokens, not its controller's (613.1b ignored)."""

    def replaced_token_count(self, controller, count, order):
        candidates = [Replacement(obj.id, index, ability, names_of(obj, ability.KEY, index, of_kind))
                      for obj, index, ability, of_kind in _statics(self, s.TokenReplacement)
                      if ability.under == "any" or obj.owner == controller]
        return apply_in_order(candidates, count, order, "tokens", self.may_replace_again) if candidates else count


class TriggeredCountersNotReplacedGame(Game):
    """Puts the counters of a resolving triggered ability as they are: counter replacements apply
    only to counters a spell or a step puts (603.2, 614.1a ignored)."""

    resolving = False

    def perform(self, step):
        self.resolving = isinstance(step, s.ResolveTriggers)
        try:
            super().perform(step)
        finally:
            self.resolving = False

    def replaced_counter_count(self, event, order, *, entering=False):
        return event.count if self.resolving else super().replaced_counter_count(event, order, entering=entering)


class PermanentsControllerPutsGame(Game):
    """Takes the permanent's controller as the player who puts counters on it, whoever's effect it
    is (122.6a's "unless the effect says who" ignored): "if an opponent would put" never applies to
    counters on its controller's own permanents."""

    def replaced_counter_count(self, event, order, *, entering=False):
        owner = controller_of(self, self.objects[event.object])
        return super().replaced_counter_count(dataclasses.replace(event, putter=owner), order, entering=entering)


def _engine(game):
    class Engine(ReferenceEngine):
        game_class = game

        def describe(self):
            return {**super().describe(), "name": game.__name__}
    return Engine()


@pytest.mark.parametrize("game,prop", [
    (TokenDoublersOfTheirOwnerGame, "614.5/token-doublers-multiply"),
    (TriggeredCountersNotReplacedGame, "614.5/counter-doublers-multiply"),
    (PermanentsControllerPutsGame, "616.1/halving-and-doubling-orders"),
])
def test_a_counter_law_catches_an_engine_where_two_rules_meet(game, prop):
    engine = _engine(game)
    chosen = next(p for p in PROPERTIES if p.id == prop)
    run = run_property(chosen, engine, describe(engine), profile=profiles.get("ci"), shrink_seconds=2)
    assert run.status == "failed", run.message


def test_a_costs_too_doubler_alone_on_a_loyalty_cost_is_no_effects_only_doubler_after_it():
    """counters/cost-then-effect-doubler is the meeting of 614.16's second sentence: an effects-only
    doubler applying once a costs-too replacement modified a cost's counters. Vorinclex alone
    (costs too, twice) on a loyalty cost is the plain cost case, not that meeting."""
    from tests.scenarios import make_case

    up = {"loyalty_ability": {"name": "up", "cost": 1}}
    walker = {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": [up]},
              "counters": {"loyalty": 3}}
    vorinclex = {"card": {"types": ["creature"], "power": 6, "toughness": 6, "abilities": [
        {"counter_replacement": {"by_you": True, "effects_only": False}}]}}
    case = make_case({"walker": walker, "vorinclex": vorinclex}, [{"activate": {"object": "walker", "ability": "up"}}])
    met = met_by(case)
    assert "counters/cost-and-replacement-for-costs" in met and "counters/cost-then-effect-doubler" not in met
