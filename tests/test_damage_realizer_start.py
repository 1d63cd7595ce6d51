"""damage_scenarios' realizer plays the case as the reference engine will: a creature declared 0/0
dies at the first state-based check, before the first step (704.3, 704.5f), and the one ability
that triggers goes on the stack then (117.5, 603.3), so it is not ordered again beside the
abilities a later step triggers (a TriggersNotAsScripted the random damage-scenario test found)."""

from conformance.format.model import Case
from reference_engine import ReferenceEngine, triggers
from strategies._internal import events
from strategies._internal.damage import _Realizer

CREATURE = {"types": ["creature"], "power": 0, "toughness": 1}
DIES = {"types": ["enchantment"], "abilities": [{"triggered": {
    "name": "t", "when": "whenever a creature dies", "event": {"dies": {"types": ["creature"]}},
    "effect": {"put_counters": {"kind": "+1/+1", "count": 1, "to": "itself"}}}}]}


def _objects():
    spec = {"zone": "battlefield", "owner": "Alex", "controller": "Alex"}
    return {"c1": {"card": dict(CREATURE), **spec, "counters": {}},
            "c2": {"card": dict(CREATURE), **spec, "counters": {"-1/-1": 1}},  # 0/0 as the case begins
            "t1": {"card": DIES, **spec, "counters": {}}}


def test_the_trigger_of_a_creature_dead_at_the_start_is_not_ordered_with_later_ones():
    objects = _objects()
    realizer = _Realizer({"players": ["Alex", "Blair"]}, objects, {}, frozenset(
        {"damage", "counters", "zone-changes", "triggered-abilities", "event-triggers"}))
    assert realizer.game.objects["c2"].zone == "graveyard"
    assert not triggers.waiting(realizer.game) and len(triggers.stack(realizer.game)) == 1

    def no_draw(*_):
        raise AssertionError("one ability waits: there is no order to draw")

    step = {"damage": {"source": "c1", "amount": 1, "to": "c1"}}
    played = events.play(realizer, no_draw, step, events.save(realizer))
    assert played == [step]  # c1's own trigger is the only one waiting: no resolve_triggers scripted
    case = {"cr": "2025-09-19", "id": "603.3/generated", "rules": ["603.3"], "source": {"rule": "603.3"}, "summary": "generated",
            "players": ["Alex", "Blair"], "objects": objects,
            "steps": [*played, {"resolve_triggers": {}}, {"expect": {"objects": {"t1": {}}}}]}
    (snapshot,) = ReferenceEngine().run(Case.from_dict(case).to_dict())
    assert snapshot["objects"]["t1"]["counters"] == {"+1/+1": 2}  # both deaths, one trigger each (603.2)


def test_two_abilities_triggered_at_the_start_are_ordered_by_the_first_step():
    """Two creatures declared 0/0 beside one "whenever a creature dies": two abilities wait as the
    case begins, and the reference engine wants them ordered before the first step (603.3b); the
    realizer's first step is that order (a TriggersNotAsScripted a random test found otherwise)."""
    objects = _objects()
    objects["c1"]["counters"] = {"-1/-1": 1}  # 0/0 too
    objects["c3"] = {"card": dict(CREATURE), "zone": "battlefield", "owner": "Alex", "controller": "Alex",
                     "counters": {}}
    realizer = _Realizer({"players": ["Alex", "Blair"]}, objects, {}, frozenset(
        {"damage", "counters", "zone-changes", "triggered-abilities", "event-triggers"}))
    assert realizer.actions == [{"resolve_triggers": {"order": ["t1.t", "t1.t"]}}]
    assert not triggers.waiting(realizer.game) and not triggers.stack(realizer.game)
    step = {"damage": {"source": "c3", "amount": 1, "to": "Blair"}}
    played = events.play(realizer, lambda *_: None, step, events.save(realizer))
    case = {"cr": "2025-09-19", "id": "603.3/generated", "rules": ["603.3"], "source": {"rule": "603.3"},
            "summary": "generated", "players": ["Alex", "Blair"], "objects": objects,
            "steps": [*realizer.actions[:1], *played, {"expect": {"objects": {"t1": {}}}}]}
    (snapshot,) = ReferenceEngine().run(Case.from_dict(case).to_dict())  # before the fix: TriggersNotAsScripted
    assert snapshot["objects"]["t1"]["counters"] == {"+1/+1": 2}  # two deaths, one trigger each (603.2)


def test_generated_cases_begin_with_the_order_of_abilities_waiting_at_the_start():
    """The order the realizer plays before the first step is the generated case's first step too:
    without it the reference engine refuses the case (TriggersNotAsScripted, 603.3b), as a random
    run of the 120.3 differential found."""
    from hypothesis import HealthCheck, find, settings

    import strategies as mtg

    features = ["damage", "counters", "zone-changes", "triggered-abilities", "event-triggers", "life"]
    found = find(mtg.damage_scenarios(features=features),
                 lambda case: case.steps[0].KEY == "resolve_triggers" and len(case.steps[0].order) >= 2,
                 settings=settings(max_examples=5000, database=None, deadline=None, derandomize=True,
                                   suppress_health_check=list(HealthCheck)))
    ReferenceEngine().run_case(found)  # raised TriggersNotAsScripted before the fix: no order scripted
