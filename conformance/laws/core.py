"""The laws of layer 7 and its neighbours, which need no oracle: switches cancel (613.4d),
modifications commute (613.4c, 613.7), a later set overrides (613.4b), doubling and tripling add the
current value and fix it (701.10b-c, 701.11b-c), state-based actions (704.3, 704.5f, 704.5q), cleanup
(514.2) and zone changes (400.7)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import assume, event, target
from hypothesis import strategies as st

from conformance.format.model import Case
from conformance.laws import players as player_laws
from conformance.laws.property import (
    Subject, base_scenarios, expect_same, extend, on_battlefield, pick_creature, pt,
    scenario_strategy,
)
from conformance.results.compare import same
import strategies as mtg


def two_switches_cancel(subject: Subject, data, features: frozenset[str]) -> None:
    base = base_scenarios(data, features)
    oid = data.draw(st.sampled_from([o.id for o in base.objects]), label="object")
    twice = extend(base, {"together": [{"switch_pt": {"to": oid}}, {"switch_pt": {"to": oid}}]})
    expect_same(subject, extend(base), twice, f"switching {oid} twice in one event changed the board")


def modifications_commute(subject: Subject, data, features: frozenset[str]) -> None:
    base = base_scenarios(data, features)
    ids = [o.id for o in base.objects]
    kinds = ["modify"] + (["counter"] if "counters" in features else [])
    parts = []
    for _ in range(data.draw(st.integers(2, 4), label="modifications")):
        oid = data.draw(st.sampled_from(ids))
        if data.draw(st.sampled_from(kinds)) == "modify":
            parts.append({"modify_pt": {"to": oid, "power": data.draw(mtg.pt_amounts()), "toughness": data.draw(mtg.pt_amounts())}})
        else:
            parts.append({"put_counters": {"object": oid, "kind": data.draw(st.sampled_from(["+1/+1", "-1/-1", "+2/+0"])),
                                           "count": data.draw(st.integers(1, 2))}})
    shuffled = data.draw(st.permutations(parts), label="order")
    assume(shuffled != parts)
    expect_same(subject, extend(base, {"together": parts}), extend(base, {"together": shuffled}),
                "the same 7c modifications in another timestamp order gave another result")


def multiplying_adds_current_value(multiplier: int) -> Callable[[Subject, Any, frozenset[str]], None]:
    kind = "double_pt" if multiplier == 2 else "triple_pt"

    def check(subject: Subject, data, features: frozenset[str]) -> None:
        base = base_scenarios(data, features, without=("layer-7d",))
        oid, power, toughness = pick_creature(data, subject, base)
        which = data.draw(st.sampled_from(["power", "toughness", "both"]), label="which")
        target(float(-power), label="negative power when multiplied")
        after = subject.final(extend(base, {kind: {"to": oid, "which": which}}))
        want = (power * multiplier if which != "toughness" else power,
                toughness * multiplier if which != "power" else toughness)
        if pt(after, oid) != want:
            subject.fail(f"{oid} was {power}/{toughness} with no switch applying; multiplying its {which} "
                         f"by {multiplier} must make it {want[0]}/{want[1]}, got {pt(after, oid)[0]}/{pt(after, oid)[1]}")
    return check


def multiplying_a_switched_creature(multiplier: int) -> Callable[[Subject, Any, frozenset[str]], None]:
    kind = "double_pt" if multiplier == 2 else "triple_pt"

    def check(subject: Subject, data, features: frozenset[str]) -> None:
        base = base_scenarios(data, features, without=("layer-7d",))
        alive = on_battlefield(subject.final(base))
        assume(alive)
        oid = data.draw(st.sampled_from(alive), label="creature")
        switched = extend(base, {"switch_pt": {"to": oid, "until": "ended"}})
        before = subject.final(switched)
        assume(before[oid].get("zone") == "battlefield")
        power, toughness = pt(before, oid)
        target(float(power), label="power moved to toughness")
        after = subject.final(extend(switched, {kind: {"to": oid, "which": "power"}}))
        bonus = (multiplier - 1) * power
        if toughness + bonus <= 0:
            if after[oid].get("zone") == "battlefield":
                subject.fail(f"{oid} was switched to {power}/{toughness}; multiplying its power gives +{bonus}/+0 "
                             f"under the switch, so toughness {toughness + bonus}: it must die (704.5f)")
        elif pt(after, oid) != (power, toughness + bonus):
            subject.fail(f"{oid} was switched to {power}/{toughness}; multiplying its power by {multiplier} adds "
                         f"{bonus} in 7c, which the switch turns into toughness: {power}/{toughness + bonus} "
                         f"expected, got {pt(after, oid)[0]}/{pt(after, oid)[1]}")
    return check


def multiplied_amount_is_fixed(subject: Subject, data, features: frozenset[str]) -> None:
    base = base_scenarios(data, features, without=("layer-7d",))
    alive = on_battlefield(subject.final(base))
    assume(alive)
    oid = data.draw(st.sampled_from(alive), label="creature")
    kind = data.draw(st.sampled_from([k for k, f in (("double_pt", "double-pt"), ("triple_pt", "triple-pt")) if f in features]))
    a, b = data.draw(mtg.pt_amounts(min_value=0)), data.draw(mtg.pt_amounts(min_value=0))
    pumped = extend(base, {"modify_pt": {"id": "counted", "to": oid, "power": a, "toughness": b, "until": "ended"}},
                    {kind: {"to": oid, "which": "both"}})
    before = subject.final(pumped)
    assume(before[oid].get("zone") == "battlefield")
    after = subject.final(extend(pumped, {"end_effect": "counted"}))
    power, toughness = pt(before, oid)
    if toughness - b <= 0:
        if after[oid].get("zone") == "battlefield":
            subject.fail(f"{oid} at {power}/{toughness} loses a +{a}/+{b} effect: toughness {toughness - b}, it must die")
    elif pt(after, oid) != (power - a, toughness - b):
        subject.fail(f"ending the +{a}/+{b} effect that a {kind} counted must take away exactly +{a}/+{b}: "
                     f"{power}/{toughness} → {power - a}/{toughness - b} expected, got {pt(after, oid)[0]}/{pt(after, oid)[1]}")


def _set_effect(data, oid: str, which: str, *, minimum_toughness: int) -> dict[str, Any]:
    """A set effect on ``oid`` (613.4b) setting ``which`` of power and toughness ("both", "power",
    "toughness"), toughness from ``minimum_toughness``."""
    body: dict[str, Any] = {"to": oid}
    if which != "toughness":
        body["power"] = data.draw(mtg.pt_amounts(), label="power")
    if which != "power":
        body["toughness"] = data.draw(mtg.pt_amounts(min_value=minimum_toughness), label="toughness")
    return {"set_pt": body}


def later_set_overrides(subject: Subject, data, features: frozenset[str]) -> None:
    """613.4b, 613.7: effects that set power and/or toughness apply in timestamp order, each later
    one over the earlier, so a series of them on one object ends as one effect setting the last
    value set of each would (the last both-values effect leaves nothing of those before it).

    The series is two or three steps, each its own event with a checkpoint after it; the law
    holds when the object stays where it was through every step but the last (nothing else reads
    power or toughness, so between two set effects only a state-based action on that object, its
    death, could differ, 704.3), else the example is set aside. With simultaneous actions the
    series may instead be one event (no state-based action check inside it, 704.3), compared with
    the one effect alone in an event of its own."""
    base = base_scenarios(data, features)
    oid = data.draw(st.sampled_from([o.id for o in base.objects]), label="object")
    # Half the series set both values in every effect (an engine that can set only both still runs
    # them), the other half power only or toughness only in some.
    count = data.draw(st.integers(2, 3), label="set effects")
    partial = data.draw(st.booleans(), label="some set one value")
    whiches = [data.draw(st.sampled_from(("both", "power", "toughness")), label="sets") if partial else "both"
               for _ in range(count)]
    # With simultaneous actions, two in three series are one event (a check inside it, 704.3, shows there).
    together = "simultaneous-actions" in features and data.draw(st.integers(0, 2), label="one event") > 0
    # In events of their own, earlier effects keep the object alive more often (toughness 1 or
    # more); in one event nothing is checked between them (704.3), so any value will do.
    series = [_set_effect(data, oid, which, minimum_toughness=1 if n < count - 1 and not together else -4)
              for n, which in enumerate(whiches)]
    composed: dict[str, Any] = {"to": oid}
    for effect in series:  # the last value set of each, in timestamp order
        composed.update({k: v for k, v in effect["set_pt"].items() if k != "to"})
    one = {"set_pt": composed}
    if together:
        expect_same(subject, extend(base, {"together": series}), extend(base, {"together": [one]}),
                    f"set effects on {oid} in one event must end as one effect setting the last value of each "
                    f"({_values(composed)}) would")
        return
    observe = {"expect": {"objects": {o.id: {} for o in base.objects}}}
    steps = [part for effect in series[:-1] for part in (effect, observe)]
    snapshots = subject.run(extend(base, *steps, series[-1]))
    # Where it was as the base ended (its last checkpoint) and after each set effect but the last:
    # one zone, reported, or it left (died) on the way and the law says nothing.
    zones = [snapshot["objects"].get(oid, {}).get("zone") for snapshot in snapshots[-len(series) - 1:-1]]
    assume(None not in zones and len(set(zones)) == 1)
    ours, theirs = snapshots[-1]["objects"], subject.final(extend(base, one))
    why = (f"{len(series)} set effects on {oid}, each in its own event, must end as one effect setting the "
           f"last value of each ({_values(composed)}) would")
    for name in sorted(ours):
        for key in sorted(set(ours[name]) & set(theirs.get(name, {})), key=lambda k: (k not in _FIRST, _FIRST.get(k), k)):
            if not same(ours[name][key], theirs[name][key]):
                subject.fail(f"{why}: {name}.{key} is {ours[name][key]!r} after the series and "
                             f"{theirs[name][key]!r} after the one effect")


_FIRST = {"zone": 0, "power": 1, "toughness": 2}
"""The values a difference is told by first: where the object is, then its power and toughness."""


def _values(body: Mapping[str, Any]) -> str:
    return "/".join(str(body.get(k, "-")) for k in ("power", "toughness"))


def state_based_invariants(subject: Subject, data, features: frozenset[str]) -> None:
    case = data.draw(scenario_strategy(features), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    for number, snapshot in enumerate(subject.run(case), 1):
        for oid, values in snapshot["objects"].items():
            if values.get("zone") != "battlefield":
                continue
            toughness = values.get("toughness")
            if isinstance(toughness, int) and toughness <= 0:
                subject.fail(f"checkpoint {number}: {oid} is a creature with toughness {toughness} on the battlefield (704.5f)")
            counters = values.get("counters") or {}
            if counters.get("+1/+1") and counters.get("-1/-1"):
                subject.fail(f"checkpoint {number}: {oid} has both +1/+1 and -1/-1 counters {counters} (704.5q)")


def cleanup_is_idempotent(subject: Subject, data, features: frozenset[str]) -> None:
    base = base_scenarios(data, features)
    expect_same(subject, extend(base, {"end_turn": {}}), extend(base, {"end_turn": {}}, {"end_turn": {}}),
                "a second cleanup step changed the board")


def returning_twice_is_returning_once(subject: Subject, data, features: frozenset[str]) -> None:
    base = base_scenarios(data, features)
    oid = data.draw(st.sampled_from([o.id for o in base.objects]), label="object")
    trip = [{"move": {"object": oid, "to": "exile"}}, {"move": {"object": oid, "to": "battlefield"}}]
    expect_same(subject, extend(base, *trip), extend(base, *trip, *trip),
                f"{oid} came back from exile as a new object twice, and differed from coming back once")


def switch_after_modification_order(subject: Subject, data, features: frozenset[str]) -> None:
    base = base_scenarios(data, features)
    oid = data.draw(st.sampled_from([o.id for o in base.objects]), label="object")
    switch = {"switch_pt": {"to": oid}}
    modify = {"modify_pt": {"to": oid, "power": data.draw(mtg.pt_amounts()), "toughness": data.draw(mtg.pt_amounts())}}
    expect_same(subject, extend(base, {"together": [switch, modify]}), extend(base, {"together": [modify, switch]}),
                "a modification applies before a switch whatever their timestamps")


def without_checkpoints(case: Case, dropped: set[int]) -> Case:
    """``case`` with the checkpoints at step positions ``dropped`` removed (every event kept)."""
    raw = case.to_dict()
    steps = [step for position, step in enumerate(raw["steps"]) if position not in dropped]
    return dataclasses.replace(Case.from_dict({**raw, "steps": steps}), rules=case.rules, id=case.id)


@functools.lru_cache(maxsize=64)
def observed_everywhere(features: frozenset[str]):
    """Scenarios with a checkpoint after every event: from :func:`strategies.scenarios` (P/T,
    counters, zone changes: 704.5f, 704.5q), or, for an engine with players and damage, also from
    :func:`strategies.damage_scenarios` (life, poison, damage, loyalty: 704.5a, 704.5c, 704.5g-i)."""
    plain = scenario_strategy(features, max_objects=4, min_steps=2, max_steps=8, checkpoints="each", extras=False)
    rich = scenario_strategy(features, max_objects=4, min_steps=2, max_steps=8, checkpoints="each")
    core = st.sampled_from((plain, rich)).flatmap(lambda chosen: chosen)  # half plain, as the differential
    if not player_laws.usable_damage(features):
        return core
    # One in four from the damage scenarios: a state-based action there is later undone less
    # often (a life total rarely reaches 0) than a toughness in the P/T scenarios. Shrinks to these.
    damage = mtg.damage_scenarios(features=features, min_steps=2, max_steps=6, checkpoints="each")
    return st.sampled_from((core, core, core, damage)).flatmap(lambda chosen: chosen)


def checks_between_checkpoints(subject: Subject, data, features: frozenset[str]) -> None:
    """704.3: state-based actions are checked whenever a player would receive priority, after every
    event, whether or not anyone looks: removing checkpoints changes nothing the others see."""
    full = data.draw(observed_everywhere(features), label="scenario")
    for rule in full.rules:
        event(f"rule {rule}")
    positions = [i for i, step in enumerate(full.steps) if step.KEY == "expect"]
    # Each checkpoint but the last is kept or removed; removing shrinks first (False), so a
    # counterexample keeps only the checkpoints it needs.
    kept = [data.draw(st.booleans(), label="keep checkpoint") for _ in positions[:-1]] + [True]
    assume(not all(kept))
    sparse = without_checkpoints(full, {p for p, keep in zip(positions, kept) if not keep})
    every = subject.run(full)
    some = subject.run(sparse)
    observed = [number for number, keep in enumerate(kept, 1) if keep]
    for number, (theirs, ours) in enumerate(zip((every[n - 1] for n in observed), some), 1):
        where = (f"checkpoint {number} of the scenario with checkpoints removed (checkpoint {observed[number - 1]} "
                 "when every event is observed)")
        for part in ("objects", "players"):
            a, b = theirs.get(part), ours.get(part)
            if not isinstance(a, Mapping) or not isinstance(b, Mapping):
                continue
            for name in sorted(set(a) & set(b)):
                if not isinstance(a[name], Mapping) or not isinstance(b[name], Mapping):
                    continue
                for key in sorted(set(a[name]) & set(b[name]), key=lambda k: (k not in ("zone", "lost"), k)):
                    if not same(a[name][key], b[name][key]):
                        subject.fail(f"{where}: {name}.{key} is {b[name][key]!r}, but {a[name][key]!r} when every "
                                     "event is followed by a checkpoint: state-based actions are checked after "
                                     "every event, observed or not (704.3)")
