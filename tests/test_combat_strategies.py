"""The combat strategy (strategies.combat_scenarios): legal, defined combats the loader accepts and
the reference engine runs, covering the combat elements, with checked arguments and shrinking to
one attacker and no blocker (CR 506-511)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis.errors import InvalidArgument

import strategies as mtg
from conformance.format import loader, model as scenario
from conformance.format.choices import choice_problems
from reference_engine import ReferenceEngine
from strategies._internal.combat import _combat_scenarios as combat_scenarios

MANY = settings(max_examples=200, database=None, deadline=None, suppress_health_check=list(HealthCheck))


def as_case_file(case: scenario.Case) -> str:
    plain = case.to_dict()
    return json.dumps({"format": 1, "cr": plain.pop("cr"),
                       "cases": [{k: v for k, v in plain.items() if k != "features"}]})


def _combat(case: scenario.Case) -> scenario.Combat:
    (fight,) = [s for s in case.steps if isinstance(s, scenario.Combat)]
    return fight


@MANY
@given(mtg.combat_scenarios())
def test_every_combat_scenario_loads_and_runs_on_the_reference_engine(case):
    (loaded,) = loader.load_text(as_case_file(case), "generated.json")  # combat checks, 616.1 included
    assert loaded == case
    assert not list(choice_problems(case.to_dict()))
    # The reference engine refuses an illegal combat (IllegalCombat, an Unsupported): it must run.
    assert len(ReferenceEngine().run(case.to_dict())) == len(case.checkpoints)


@pytest.fixture(scope="module")
def sample():
    cases = []

    @settings(max_examples=300, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(mtg.combat_scenarios())
    def collect(case):
        cases.append(case)
    collect()
    return cases


def _reached(case):
    fight = _combat(case)
    keywords = {a.keyword for o in case.objects for a in o.card.abilities if isinstance(a, scenario.Keyword)}
    yield from keywords
    yield from ("attacks-player" if t == "Blair" else "attacks-planeswalker" for t in fight.attackers.values())
    if fight.blockers:
        yield "blockers"
    if any(n >= 2 for n in Counter(a for _, a in fight.blocks()).values()):
        yield "several-blockers"
    if any(not isinstance(v, str) for v in fight.blockers.values()):
        yield "blocks-several"
    if any(o.tapped for o in case.objects):
        yield "tapped"
    if any(isinstance(a, scenario.Protection) for o in case.objects for a in o.card.abilities):
        yield "protection"
    if fight.assign:
        yield "assign"
    if fight.first_strike_assign:
        yield "first_strike_assign"
    if fight.order:
        yield "order"
    divisions = [*fight.assign.items(), *fight.first_strike_assign.items()]
    if any(d.get(fight.attackers.get(a), 0) > 0 for a, d in divisions):
        yield "trample-past-blockers"
    if any(isinstance(s, scenario.Move) for s in case.steps):
        yield "enters-with-haste"
    yield from _decorations(case)


_DAMAGE_KEYWORDS = {"first strike", "double strike", "trample", "deathtouch", "lifelink", "infect", "wither"}


def _decorations(case):
    """What issue 39's decorations put in a combat: several damage keywords on one creature, tricks
    granting keywords or protection, prevention (a Fog, all combat damage to one recipient, shields
    on creatures, static prevention), a creature's trigger, a poisoned Blair."""
    for o in case.objects:
        keywords = {a.keyword for a in o.card.abilities if isinstance(a, scenario.Keyword)}
        if len(keywords & _DAMAGE_KEYWORDS) >= 2:
            yield "two-damage-keywords"
        if len(keywords & _DAMAGE_KEYWORDS) >= 3:
            yield "three-damage-keywords"
        if any(isinstance(a, scenario.PreventDamageAbility) for a in o.card.abilities):
            yield "static-prevention"
        if any(isinstance(a, scenario.Triggered) for a in o.card.abilities):
            yield "trigger"
    for s in case.steps:
        if isinstance(s, scenario.PreventDamage) and s.amount is None:
            yield "fog" if s.to is None else "prevent-all-to-one"
        elif isinstance(s, scenario.PreventDamage) and s.to not in ("Alex", "Blair"):
            yield "shield-on-a-creature"
        elif isinstance(s, scenario.Become) and s.add_types:
            yield "animated-planeswalker"
        elif isinstance(s, scenario.Become):
            yield "protection-trick" if any(isinstance(a, scenario.Protection) for a in s.gains) else "keyword-trick"
        elif isinstance(s, scenario.ResolveTriggers):
            yield "resolve_triggers"
    if any(p.counters.get("poison") for p in case.player_states):
        yield "poison"


RARE = ("trample-past-blockers", "blocks-several", "tapped", "resolve_triggers")
"""Elements each about 1 to 3 in 100 combats, unevenly: over six runs of 300 examples (seeds 0 to
5), trample-past-blockers was seen 2, 0, 10, 5, 4 and 12 times, blocks-several 12, 0, 4, 24, 0 and
13, tapped 11, 11, 0, 9, 4 and 6, resolve_triggers 1, 13, 3, 6, 13 and 15 (Hypothesis's runs
cluster), so a fixed sample of 300 would gate on its seed's luck; each is found by a search
instead (test_the_rare_combat_elements_are_reached). The prevention elements, drawn twice as often
since (a Fog's weight 2), were seen at least 13 times in each of those runs."""


def test_the_combat_elements_are_all_reached(sample):
    seen = Counter(x for case in sample for x in set(_reached(case)))
    wanted = {"first strike", "double strike", "trample", "deathtouch", "lifelink", "flying", "reach", "menace",
              "defender", "haste", "attacks-player", "attacks-planeswalker", "blockers", "several-blockers",
              "assign", "first_strike_assign", "order", "enters-with-haste",
              "vigilance", "protection", "infect", "wither",
              "two-damage-keywords", "three-damage-keywords", "static-prevention", "trigger", "fog", "prevent-all-to-one",
              "shield-on-a-creature", "protection-trick", "keyword-trick", "poison",
              "animated-planeswalker"}
    assert {x for x in wanted if seen[x] < 2} == set(), seen


@pytest.mark.parametrize("element", RARE)
def test_the_rare_combat_elements_are_reached(element):
    search = settings(max_examples=2000, database=None, deadline=None, derandomize=True, phases=[Phase.generate],
                      suppress_health_check=list(HealthCheck))
    found = find(mtg.combat_scenarios(), lambda case: element in set(_reached(case)), settings=search)
    assert element in set(_reached(found))


@MANY
@given(mtg.combat_scenarios())
def test_a_combat_triggers_at_most_one_ability_in_each_step_so_no_order_is_needed_after_it(case):
    """603.3b, 510.3a: the one triggered ability a combat may have triggers at most once in each
    combat damage step: what it triggers in the first-strike step resolves there (named in
    ``first_strike_triggers`` or not: one alone needs no order), what it triggers in the regular
    step is resolved after the combat, with no order."""
    _, log = ReferenceEngine().run_logged(case)
    triggered = [e for e in log if e["event"] == "trigger"]
    first = [e for e in triggered if e.get("combat_step") == "first strike"]
    assert len(first) <= 1 and len(triggered) - len(first) <= 1
    (combat,) = [s for s in case.steps if isinstance(s, scenario.Combat)]
    assert len(combat.first_strike_triggers) <= len(first)
    resolving = [s for s in case.steps if isinstance(s, scenario.ResolveTriggers)]
    assert len(resolving) == len(triggered) - len(first) and all(not s.order for s in resolving)


@MANY
@given(combat_scenarios(fogs=False))
def test_the_pair_laws_combats_have_no_fog_reaching_every_creature(case):
    """The combat laws add a 2/2 pair to a generated combat; a Fog preventing all combat damage
    (615.1) would reach it, so the combats they draw have none: each prevention names what it
    reaches."""
    assert all(s.to is not None or s.to_each is not None for s in case.steps if isinstance(s, scenario.PreventDamage))


def test_features_limit_what_combat_scenarios_generate():
    allowed = ["combat", "damage", "life"]

    @settings(max_examples=60, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(mtg.combat_scenarios(features=allowed))
    def check(case):
        assert case.features <= set(allowed)
        assert {o.id for o in case.objects} <= {"a1", "a2", "a3", "b1", "b2", "b3"}
    check()


@pytest.mark.parametrize("kwargs,message", [
    ({"min_attackers": 0}, "min_attackers=0"),
    ({"min_attackers": 3, "max_attackers": 2}, "max_attackers=2 < min_attackers=3"),
    ({"max_blockers": -1}, "max_blockers=-1"),
    ({"max_blockers": "2"}, "max_blockers='2'"),
    ({"checkpoints": "never"}, "checkpoints='never'"),
    ({"features": ["damage", "life"]}, "allow no combat"),
    ({"features": ["combat", "damage"]}, "allow no combat"),
    ({"features": ["no-such-feature"]}, "Unknown features"),
])
def test_bad_arguments_fail_at_once(kwargs, message):
    with pytest.raises(InvalidArgument, match=message.replace("(", r"\(").replace("<", "<")):
        mtg.combat_scenarios(**kwargs)


def test_repr_reads_as_the_public_call():
    assert repr(mtg.combat_scenarios()) == "combat_scenarios()"
    assert repr(mtg.combat_scenarios(max_blockers=2, features=["life", "damage", "combat"])) == \
        "combat_scenarios(features=['life', 'damage', 'combat'], max_blockers=2)"


FIND = settings(max_examples=1000, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def test_the_simplest_combat_is_one_attacker_and_no_blocker():
    found = find(mtg.combat_scenarios(), lambda case: True, settings=FIND)
    fight = _combat(found)
    assert [o.id for o in found.objects] == ["a1"] and dict(fight.attackers) == {"a1": "Blair"}
    assert not fight.blockers and not fight.assign and not fight.order
    assert found.objects[0].card.abilities == () and (found.objects[0].card.power, found.objects[0].card.toughness) == (0, 1)


def test_a_trigger_in_the_first_combat_damage_step_shrinks_to_two_creatures_and_a_trick():
    """510.4, 603.2: the smallest combat whose trigger triggers in the first combat damage step is
    a blocked creature with "whenever this creature is dealt damage" and its blocker given first
    strike by a trick, the ability resolved in that step, before the regular one (510.3a)."""
    def first_step_trigger(case):
        _, log = ReferenceEngine().run_logged(case)
        return any(e["event"] == "trigger" and e.get("combat_step") == "first strike" for e in log)
    found = find(mtg.combat_scenarios(), first_step_trigger, settings=FIND)
    assert len(found.objects) == 2
    assert [s.KEY for s in found.steps] == ["become", "combat", "expect"]


def test_a_planeswalker_creature_destroyed_by_combat_damage_shrinks_to_one_attacker_and_it():
    """306.5c, 120.3c, 120.3e, 704.5g (issue 39: sba/planeswalker-creature): the smallest combat
    in which lethal damage is marked on a planeswalker that is also a creature is Blair's
    planeswalker made a creature before combat and one attacker dealing it combat damage."""
    def lethal_to_a_planeswalker_creature(case):
        _, log = ReferenceEngine().run_logged(case)
        return any(e["event"] == "state-based action" and e["rule"] == "704.5g"
                   and {"planeswalker", "creature"} <= set(e["object"]["types"]) for e in log)
    found = find(mtg.combat_scenarios(), lethal_to_a_planeswalker_creature, settings=FIND)
    assert [o.id for o in found.objects] == ["a1", "w1"] and dict(_combat(found).attackers) == {"a1": "w1"}
    assert [s.KEY for s in found.steps] == ["become", "combat", "expect"]


def test_a_fog_and_poison_shrink_to_one_attacker():
    """615.1, 704.5c: a Fog meeting combat damage, and a poisoned Blair losing to infect, each
    shrink to one attacker at Blair."""
    def fogged(case):
        return any(isinstance(s, scenario.PreventDamage) and s.amount is None and s.to is None for s in case.steps) \
            and _combat(case).attackers
    def poisoned(case):
        _, log = ReferenceEngine().run_logged(case)
        return any(e["event"] == "state-based action" and e["rule"] == "704.5c" for e in log)
    for predicate in (fogged, poisoned):
        found = find(mtg.combat_scenarios(), predicate, settings=FIND)
        assert len(found.objects) == 1 and dict(_combat(found).attackers) == {"a1": "Blair"}


def test_a_trampler_past_its_blocker_shrinks_to_two_creatures():
    def tramples_over(case):
        fight = _combat(case)
        divisions = [*fight.assign.items(), *fight.first_strike_assign.items()]
        return any(d.get(fight.attackers.get(a), 0) > 0 for a, d in divisions)
    found = find(mtg.combat_scenarios(), tramples_over, settings=FIND)
    fight = _combat(found)
    assert len(found.objects) == 2 and len(fight.attackers) == 1 and len(fight.blockers) == 1
    assert [s.KEY for s in found.steps] == ["combat", "expect"]


_ORDERED = """format: 1
cr: "2025-09-19"
cases:
  - id: 616.1/combat-order
    rules: ["616.1", "510.2"]
    source: {rule: "616.1"}
    summary: a giant attacks Blair, with a doubler of Alex's damage and a shield on Blair both applying
    players: [Alex, Blair]
    objects:
      furnace: {card: {name: Damage doubler, types: [enchantment], abilities: [{double_damage: {by: {controller: you}}}]}}
      giant: {card: {types: [creature], power: 3, toughness: 3}}
    steps:
      - prevent_damage: {id: shield, controller: Blair, to: Blair, amount: 1}
      - combat: {attackers: {giant: Blair}ORDER}
      - expect: {players: {Blair: {life: 16}}}
"""


@pytest.mark.parametrize("order,message", [
    ("", "steps/1/combat: 2 replacement/prevention effects may apply to damage dealt to Blair"),
    (", order: {Blair: [shield, furnac]}", "'furnac' cannot apply to damage dealt to Blair"),
    (", order: {giant: [furnace]}", None),
])
def test_a_combat_step_where_two_effects_apply_must_script_their_order(order, message):
    """616.1, 510.2: the loader refuses a combat step whose combat damage two effects may modify
    without an order, or with an order naming no such effect."""
    with pytest.raises(loader.CaseFileErrors, match=message or "order"):
        loader.load_text(_ORDERED.replace("ORDER", order), "combat.yaml")


def test_a_combat_step_with_its_order_scripted_loads():
    (case,) = loader.load_text(_ORDERED.replace("ORDER", ", order: {Blair: [shield, furnace]}"), "combat.yaml")
    assert ReferenceEngine().run(case.to_dict())[-1]["players"]["Blair"]["life"] == 16
