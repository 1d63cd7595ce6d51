"""Properties every engine must have, checked on generated scenarios.

Two kinds, each tied to the rules it checks:

- **differential**: on every generated scenario, the engine's snapshots equal the reference
  engine's, on the values both report;
- **metamorphic laws**: relations between the engine's own answers on related scenarios, which
  need no oracle (two switches cancel, 613.4d; doubling adds the current value, 701.10b-c; ...).

A law holds while the objects it speaks of stay on the battlefield; where a step can make a
creature die (704.5f), the law states what must then be true instead. Every law draws a base
scenario from :func:`strategies.scenarios` limited to the features the engine declares, so
examples shrink to small boards and few steps. This module knows engines only through
:class:`Subject`; it knows nothing of pytest (the plugin runs it).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hypothesis import assume, event, target
from hypothesis import strategies as st

import strategies as mtg
from conformance.compare import same
from conformance.engine import Engine, EngineInfo
from conformance.errors import Unsupported
from conformance.exercised import exercised_rules
from conformance.features import RULES
from conformance import copy_laws, player_laws
from conformance.scenario import Case


class PropertyFailed(AssertionError):
    """A property does not hold; ``cases`` are the scenarios that show it (the last example's)."""

    def __init__(self, message: str, cases: list[Case]):
        super().__init__(message)
        self.cases = list(cases)


class EngineRunError(Exception):
    """The engine raised or answered malformed data while a property ran it."""


class EngineStop(BaseException):
    """Ends a property's Hypothesis run at once (a ``BaseException``, which Hypothesis neither
    shrinks nor replays), carrying the error: an engine's crash, timeout or protocol fault, or a
    bound of :mod:`conformance.property_runner` reached."""

    def __init__(self, error: BaseException):
        super().__init__(str(error))
        self.error = error


STOPPING_KINDS = ("crash", "timeout", "protocol")
"""The engine faults that end a property at once (:class:`EngineStop`)."""


@dataclass
class Subject:
    """The engine a property runs, and what it runs in the current example (for reports)."""

    engine: Engine
    info: EngineInfo
    features: frozenset[str]
    ran: list[Case] = field(default_factory=list)
    exercised: set[str] = field(default_factory=set)
    elements: set | None = None  # the format elements the example's scenarios use, when counted
    refused: str | None = None  # who refused the example: "engine" or "reference"
    limits: Any = None  # called as each example begins; raises EngineStop past a bound (property_runner)

    def start(self) -> None:
        """A new example begins."""
        if self.limits is not None:
            self.limits()
        self.ran.clear()
        self.exercised.clear()
        self.refused = None
        if self.elements is not None:
            self.elements.clear()

    def run(self, case: Case, plain: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """The engine's snapshots for ``case`` (``plain``: its ``to_dict()``, if already made); a
        case the engine refuses (Unsupported) is rejected as an example, and counted as refused."""
        self.ran.append(case)
        self.exercised.update(exercised_rules(case))
        plain = case.to_dict() if plain is None else plain
        if self.elements is not None:
            from conformance.format_elements import written_elements
            self.elements.update(written_elements(case))
        try:
            snapshots = self.engine.run(plain)
        except Unsupported:
            self.refused = "engine"
            assume(False)
        except Exception as exc:
            error = EngineRunError(f"the engine raised {type(exc).__name__}: {exc}")
            error.__cause__ = exc
            if getattr(exc, "kind", None) in STOPPING_KINDS:  # an EngineFault: the engine's, not a counterexample
                raise EngineStop(error) from exc
            raise error from exc
        checkpoints = len(case.checkpoints)
        if not isinstance(snapshots, list) or len(snapshots) != checkpoints or not all(
                isinstance(s, Mapping) and isinstance(s.get("objects"), Mapping) for s in snapshots):
            raise EngineRunError(f"the engine did not return {checkpoints} snapshots of the right shape")
        return snapshots

    def reference_run(self, reference: Engine, plain: dict[str, Any]) -> list[dict[str, Any]]:
        """The reference engine's snapshots; a scenario it refuses is rejected as an example (a
        generator produced something the reference does not model: counted, never judged)."""
        try:
            return reference.run(plain)
        except Unsupported:
            self.refused = "reference"
            assume(False)

    def final(self, case: Case) -> dict[str, dict[str, Any]]:
        """The objects of the engine's last snapshot for ``case``."""
        return self.run(case)[-1]["objects"]

    def fail(self, message: str) -> None:
        raise PropertyFailed(message, self.ran[-2:] if len(self.ran) > 1 else self.ran)


@dataclass(frozen=True)
class Property:
    """A property: its id (``RULE/slug``), the rules it checks, what it says, the features a
    scenario needs for it to mean anything, and its check."""

    id: str
    rules: tuple[str, ...]
    summary: str
    needs: frozenset[str]
    check: Callable[[Subject, Any, frozenset[str]], None] = field(repr=False)

    def __str__(self) -> str:
        return self.id


# --- building related scenarios ------------------------------------------------------------------


def extend(case: Case, *steps: dict[str, Any]) -> Case:
    """``case`` followed by ``steps`` and a checkpoint observing every object."""
    raw = case.to_dict()
    observe = {"expect": {"objects": {oid: {} for oid in raw["objects"]}}}
    return dataclasses.replace(
        Case.from_dict({**raw, "steps": [*raw["steps"], *steps, observe]}), rules=case.rules, id=case.id)


@functools.lru_cache(maxsize=64)
def scenario_strategy(features: frozenset[str], **options: Any):
    """``strategies.scenarios(features=features, **options)``, built once (an engine's features do
    not change from one example to the next)."""
    return mtg.scenarios(features=features, **options)


def base_scenarios(data, features: frozenset[str], *, without: tuple[str, ...] = (), max_steps: int = 6) -> Case:
    """A base scenario with one checkpoint at the end, from the features allowed minus ``without``.
    It may have no step at all: the law adds its own, so a counterexample needs none here."""
    allowed = features - set(without)
    case = data.draw(scenario_strategy(allowed, max_objects=4, min_steps=0, max_steps=max_steps, checkpoints="end",
                                       extras=data.draw(st.booleans(), label="extras")), label="base")
    for rule in case.rules:
        event(f"rule {rule}")
    return case


def on_battlefield(objects: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Ids of the objects a snapshot shows as creatures on the battlefield (with a toughness)."""
    return sorted(oid for oid, values in objects.items()
                  if values.get("zone") == "battlefield" and isinstance(values.get("toughness"), int))


def pick_creature(data, subject: Subject, case: Case) -> tuple[str, int, int]:
    """A creature alive at the end of ``case``, with its power and toughness there."""
    objects = subject.final(case)
    alive = on_battlefield(objects)
    assume(alive)
    chosen = data.draw(st.sampled_from(alive), label="creature")
    return chosen, objects[chosen]["power"], objects[chosen]["toughness"]


def pt(objects: Mapping[str, Mapping[str, Any]], oid: str) -> tuple[Any, Any]:
    return objects[oid].get("power"), objects[oid].get("toughness")


def expect_same(subject: Subject, first: Case, second: Case, why: str) -> None:
    """Both scenarios end with the same observed values for every object."""
    a, b = subject.final(first), subject.final(second)
    for oid in sorted(a):
        for key in sorted(set(a[oid]) & set(b.get(oid, {}))):
            if not same(a[oid][key], b[oid][key]):
                subject.fail(f"{why}: {oid}.{key} is {a[oid][key]!r} one way and {b[oid][key]!r} the other")


# --- the properties -------------------------------------------------------------------------------


def differential(subject: Subject, data, features: frozenset[str], *, reference: Engine, common: frozenset[str]) -> None:
    extras = data.draw(st.booleans(), label="extras")  # half plain: an engine refusing the extras is still checked
    case = data.draw(scenario_strategy(features, checkpoints="sparse", extras=extras), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    target(float(sum(1 for s in case.steps if s.KEY == "switch_pt")), label="switches")
    plain = case.to_dict()
    theirs = subject.reference_run(reference, plain)  # first: it leaves its input as it was; an engine under test might not
    ours = subject.run(case, plain)
    target(float(-min(multiplied_values(case, theirs), default=0)), label="negative value when multiplied")
    for number, (got, expected) in enumerate(zip(ours, theirs), 1):
        for oid, values in expected["objects"].items():
            for key in sorted(common & set(values)):
                value = got["objects"].get(oid, {}).get(key, "<not reported>")
                if not same(values[key], value):
                    subject.fail(f"checkpoint {number}: {oid}.{key}: the reference engine says "
                                 f"{values[key]!r}, the engine says {value!r}")


def multiplied_values(case: Case, snapshots: list[dict[str, Any]]) -> list[int]:
    """The power and toughness each doubled or tripled creature showed at the checkpoint just
    before (to steer generation towards negative values there, 701.10c)."""
    values, last = [], None
    checkpoints = iter(snapshots)
    for step in case.steps:
        if step.KEY == "expect":
            last = next(checkpoints)["objects"]
        elif step.KEY in ("double_pt", "triple_pt") and last is not None and step.to in last:
            values += [v for v in (last[step.to].get("power"), last[step.to].get("toughness")) if isinstance(v, int)]
    return values


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


def later_set_overrides(subject: Subject, data, features: frozenset[str]) -> None:
    base = base_scenarios(data, features)
    oid = data.draw(st.sampled_from([o.id for o in base.objects]), label="object")
    first = {"set_pt": {"to": oid, "power": data.draw(mtg.pt_amounts()), "toughness": data.draw(mtg.pt_amounts())}}
    second = {"set_pt": {"to": oid, "power": data.draw(mtg.pt_amounts()), "toughness": data.draw(mtg.pt_amounts())}}
    expect_same(subject, extend(base, {"together": [first, second]}), extend(base, {"together": [second]}),
                "a later effect setting both values must leave nothing of an earlier one")


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


PROPERTIES: tuple[Property, ...] = (
    Property("613.4d/two-switches-cancel", ("613.4d", "704.3"),
             "Switching an object's power and toughness twice in one event changes nothing.",
             frozenset({"layer-7d", "simultaneous-actions"}), two_switches_cancel),
    Property("613.4c/modifications-commute", ("613.4c", "613.7", "122.1a"),
             "7c modifications and counters give the same result in any timestamp order.",
             frozenset({"layer-7c", "simultaneous-actions"}), modifications_commute),
    Property("613.4d/switch-after-modifications", ("613.4c", "613.4d", "613.7"),
             "A switch applies after every 7c modification, whichever has the later timestamp.",
             frozenset({"layer-7c", "layer-7d", "simultaneous-actions"}), switch_after_modification_order),
    Property("701.10b/doubling-adds-current-value", ("701.10a", "701.10b", "701.10c", "107.1b"),
             "With no switch, doubling power/toughness makes it twice what it was, negative values included.",
             frozenset({"double-pt"}), multiplying_adds_current_value(2)),
    Property("701.11b/tripling-adds-twice-current-value", ("701.11a", "701.11b", "701.11c", "107.1b"),
             "With no switch, tripling power/toughness makes it three times what it was, negative values included.",
             frozenset({"triple-pt"}), multiplying_adds_current_value(3)),
    Property("701.10b/doubling-switched-power-lands-on-toughness", ("701.10b", "701.10c", "613.4d", "704.5f"),
             "Doubling a switched creature's power adds that power in 7c, under the switch: it shows on toughness.",
             frozenset({"double-pt", "layer-7d", "durations"}), multiplying_a_switched_creature(2)),
    Property("701.11b/tripling-switched-power-lands-on-toughness", ("701.11b", "701.11c", "613.4d", "704.5f"),
             "Tripling a switched creature's power adds twice that power in 7c, under the switch.",
             frozenset({"triple-pt", "layer-7d", "durations"}), multiplying_a_switched_creature(3)),
    Property("701.10b/multiplied-amount-is-fixed", ("701.10b", "701.11b", "611.2"),
             "A doubling's or tripling's bonus is fixed: ending an effect it counted removes only that effect.",
             frozenset({"layer-7c", "durations"}), multiplied_amount_is_fixed),
    Property("613.4b/later-set-overrides", ("613.4b", "613.7"),
             "A later effect setting both power and toughness leaves nothing of an earlier one.",
             frozenset({"layer-7b", "simultaneous-actions"}), later_set_overrides),
    Property("704.5f/state-based-invariants", ("704.3", "704.5f", "704.5q"),
             "After every step no creature on the battlefield has toughness 0 or less, and no permanent "
             "keeps both +1/+1 and -1/-1 counters.",
             frozenset(), state_based_invariants),
    Property("514.2/cleanup-is-idempotent", ("514.2",),
             "A second cleanup step in a row changes nothing.",
             frozenset({"durations"}), cleanup_is_idempotent),
    Property("400.7/returning-twice-is-returning-once", ("400.7", "613.7d"),
             "An object that leaves and returns is a new object: doing it twice equals doing it once.",
             frozenset({"zone-changes"}), returning_twice_is_returning_once),
    Property("701.10d/doubling-life-counters-mana-doubles-them", ("701.10d", "701.10e", "701.10f", "107.1b"),
             "Doubling a life total, the counters of one kind, or one type of mana makes it twice what it was, "
             "negative life totals included.",
             frozenset({"double-life"}), player_laws.doubling_doubles),
    Property("801.13a/redirection-stays-in-range", ("801.13a", "614.9", "801.10"),
             "A redirection never makes a spell deal damage to a player or object outside its controller's "
             "range of influence.",
             frozenset({"damage", "redirection", "range-of-influence"}), player_laws.redirection_stays_in_range),
    Property("801.13b/prevention-stays-in-range", ("801.13b", "615.1"),
             "A prevention effect changes nothing when the source or recipient it names (both, when it names "
             "neither) is outside its controller's range of influence.",
             frozenset({"damage", "prevention", "range-of-influence"}), player_laws.prevention_stays_in_range),
    Property("120.3/damage-agrees-with-reference", ("120.3", "614.5", "614.9", "615.7", "616.1", "801.13a", "801.13b"),
             "On generated scenarios about players, damage, replacement and prevention under ranges of influence, "
             "the engine reports what the reference engine reports.",
             frozenset({"damage"}), player_laws.damage_agrees_with_reference),
    Property("707.2/copy-ignores-changes-to-the-original", ("707.2", "707.2b", "707.5", "613.2c"),
             "A copy's copiable values ignore counters, pumps, switches and type, colour and ability changes on the "
             "original, and later changes to it: a Clone of a changed creature is a Clone of the unchanged one.",
             frozenset({"copy-effects"}), copy_laws.copy_ignores_changes_to_the_original),
    Property("208.2a/star-cards-off-the-battlefield-take-their-value", ("208.2a", "208.2b", "604.3", "613.4a"),
             "A */* card off the battlefield has the value its ability gives on the board the engine reports, a number "
             "that can't be determined counting as 0; one whose P/T is chosen as it enters is 0/0.",
             frozenset({"layer-7a", "zone-changes"}), copy_laws.star_cards_take_their_value),
    Property("707.3/copies-agree-with-reference", ("707.2", "707.3", "707.4", "707.9", "708.2a", "708.10"),
             "On generated scenarios about copies, copies of copies, token copies and face-down permanents, the "
             "engine reports what the reference engine reports.",
             frozenset({"copy-effects"}), copy_laws.copies_agree_with_reference),
    Property("704.3/state-based-actions-between-checkpoints",
             ("704.3", "704.5a", "704.5c", "704.5f", "704.5g", "704.5h", "704.5i", "704.5q"),
             "State-based actions are checked after every event, observed or not: with some checkpoints removed, "
             "the engine reports at the others what it reports when every event is followed by one.",
             frozenset(), checks_between_checkpoints),
)
"""The metamorphic laws, which need no oracle."""

DIFFERENTIAL_ID = "613/agrees-with-reference"
DIFFERENTIAL_RULES = ("613.4", *sorted({rule for rules in RULES.values() for rule in rules}))


def differential_property() -> Property:
    """The differential property on layer-7 scenarios (its check is bound to a reference engine
    and the observables both engines report when it runs: see property_runner)."""
    return Property(DIFFERENTIAL_ID, DIFFERENTIAL_RULES,
                    "On every generated scenario the engine reports what the reference engine reports.",
                    frozenset(), differential)


def all_properties() -> tuple[Property, ...]:
    """The property suite: the differential, then the laws."""
    return (differential_property(), *PROPERTIES)


def usable(prop: Property, features: frozenset[str]) -> bool:
    """Whether a property means anything for an engine with ``features``."""
    if prop.id.startswith("701.10b/multiplied"):
        return "layer-7c" in features and "durations" in features and bool(features & {"double-pt", "triple-pt"})
    if prop.check is player_laws.doubling_doubles:  # life, mana or counters: any of them will do
        return player_laws.usable_doubling(features)
    if prop.check is player_laws.damage_agrees_with_reference:
        return player_laws.usable_damage(features)
    if prop.check in (player_laws.redirection_stays_in_range, player_laws.prevention_stays_in_range):
        return prop.needs <= features  # players and damage: no layer-7 effect needed
    if prop.check in (copy_laws.copy_ignores_changes_to_the_original, copy_laws.star_cards_take_their_value,
                      copy_laws.copies_agree_with_reference):
        return copy_laws.usable(prop.check, features)
    return prop.needs <= features and bool(features & {"layer-7b", "layer-7c", "layer-7d"})


