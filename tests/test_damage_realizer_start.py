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
