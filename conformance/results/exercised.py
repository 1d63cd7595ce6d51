"""The rules a scenario exercises, and the rules a failing scenario shows broken.

Both are derived from a scenario's content, as its features are (:mod:`conformance.format.features`):
a scenario exercises the rules of the features its content uses itself (``direct_features``;
not those merely implied, so a tripling exercises 701.11, not the rest of 613.4c). Statistics
count an example under the rules it exercises, never under every rule its property cites.

A failing property counts as failed only under the rules its shrunk counterexample shows broken
(:func:`failing_rules`): with a checkpoint after every step, the first step after which the engine
reports something else than the reference engine is where it went wrong. The failure counts under
that step's rules (for an event of several actions, those of the actions that go wrong), and under
the rules of the board's features a checkpoint cannot show (a damage doubler, a prevention shield);
not under the steps before it, nor under what the checkpoint before it showed right. A failing
golden case counts under the rules it cites that its failure shows broken (all of them when it
cannot tell).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from conformance.format import model as s
from conformance.results.compare import same
from conformance.format.features import RULES, direct_features
from conformance.format.case import plain_step
from conformance.format.model import Case


def rules_of_features(features: Iterable[str]) -> frozenset[str]:
    return frozenset(rule for feature in features for rule in RULES[feature])


def exercised_rules(case: Case) -> frozenset[str]:
    """The rules ``case``'s content exercises."""
    return rules_of_features(direct_features(case))


def board_rules(case: Case) -> frozenset[str]:
    """The rules the starting board exercises: its objects, their abilities, the players' states,
    the seating (no step at all)."""
    return exercised_rules(dataclasses.replace(case, steps=()))


def step_rules(case: Case, step: s.Step) -> frozenset[str]:
    """The rules one step of ``case`` exercises beyond its board."""
    return exercised_rules(dataclasses.replace(case, steps=(step,))) - board_rules(case)


def observed_every_step(case: Case) -> tuple[Case, list[s.Step | None]]:
    """``case`` with its checkpoints replaced by one at the start and one after every step, each
    observing every object declared or created so far and every player; with, for each new
    checkpoint, the step just before it (``None`` for the first)."""
    plain = case.to_dict()
    known = list(plain["objects"])
    players = list(plain["players"])

    def observe() -> dict[str, Any]:
        return {"expect": {"objects": {oid: {} for oid in known}, "players": {p: {} for p in players}}}

    steps: list[dict[str, Any]] = [observe()]
    before: list[s.Step | None] = [None]
    for step, raw in zip(case.steps, plain["steps"]):
        if isinstance(step, s.Expect):
            continue
        steps.append(raw)
        for part in step.parts if isinstance(step, s.Together) else (step,):
            token = getattr(part, "token", None)
            if isinstance(token, str) and token not in known:
                known.append(token)
        steps.append(observe())
        before.append(step)
    observed = Case.from_dict({**plain, "steps": steps}, cr=case.cr)
    return dataclasses.replace(observed, rules=case.rules, id=case.id), before


def first_disagreement(ours: Sequence[Any], theirs: Sequence[Mapping[str, Any]],
                       observables: Mapping[str, frozenset[str]]) -> int | None:
    """The index of the first snapshot where the engine's values differ from the reference
    engine's on an observable both report (``None``: they agree throughout)."""
    for index, expected in enumerate(theirs):
        got = ours[index] if index < len(ours) and isinstance(ours[index], Mapping) else {}
        for kind in ("objects", "players"):
            reported = got.get(kind) if isinstance(got.get(kind), Mapping) else {}
            for name, values in (expected.get(kind) or {}).items():
                seen = reported.get(name) if isinstance(reported.get(name), Mapping) else {}
                for key in observables.get(kind, frozenset()) & set(values):
                    if not same(values[key], seen.get(key, _MISSING)):
                        return index
    return None


_MISSING = object()


def failing_rules(cases: Sequence[Case], engine, reference, observables: Mapping[str, frozenset[str]]) -> tuple[str, ...]:
    """The rules a failing property's shrunk ``cases`` show broken. In each case where the engine
    departs from the reference engine after some step: that step's rules, and the rules of the
    board's features that a snapshot cannot show (:data:`AT_REST`: a doubler of damage, a
    prevention shield, lifelink do nothing until an event), since the engine showed the rest right
    at the checkpoint just before. A case where the engine agrees throughout shows nothing; when
    no case departs (a law broken by answers that each agree, an engine that crashed), every rule
    the cases exercise. Never empty when ``cases`` exercise any rule."""
    found: set[str] = set()
    for case in cases:
        try:
            observed, before = observed_every_step(case)
            theirs = reference.run(observed.to_dict())
            ours = engine.run(observed.to_dict())
            index = first_disagreement(ours, theirs, observables) if isinstance(ours, list) else None
        except Exception:  # the engine crashed, or the reference cannot replay it observed
            index = None
        if index is None:
            continue
        board = dataclasses.replace(case, steps=())
        found |= rules_of_features(direct_features(board) - (AT_REST if index else frozenset()))
        step = before[index]
        parts = culprit_parts(observed, index, engine, reference, observables) if isinstance(step, s.Together) else []
        for step in parts or [step]:  # the actions of an event that go wrong, when they can be told apart
            if step is not None:
                found |= step_rules(case, aimed_at_one(observed, index, step, engine, reference, observables))
    if not found:
        found = {rule for case in cases for rule in exercised_rules(case)}
    from conformance.reports.text import rule_key

    return tuple(sorted(found, key=rule_key))


def culprit_parts(observed: Case, index: int, engine, reference, observables) -> list[s.Step]:
    """The actions of the event just before checkpoint ``index`` of ``observed`` (a case observed
    after every step) that go wrong: those with which alone, in place of the event, the engine
    departs from the reference there; else the one action without which it no longer departs;
    else none (the event as a whole: an interaction, such as a state-based check inside it). One
    event cannot be observed part by part: a checkpoint inside it would add a check (704.3)."""
    plain = observed.to_dict()
    event = observed.steps[2 * index - 1]  # observed steps alternate: checkpoint, step, checkpoint, ...
    raws = plain["steps"][2 * index - 1]["together"]

    def departs(replacement: list[dict[str, Any]]) -> bool:
        return _departs_with(observed, plain, index, replacement, engine, reference, observables)

    alone = [part for part, raw in zip(event.parts, raws) if departs([raw])]
    if alone:
        return alone
    needed = [part for number, part in enumerate(event.parts)
              if not departs([raw for n, raw in enumerate(raws) if n != number])]
    return needed if len(needed) == 1 else []


def _departs_with(observed: Case, plain: dict[str, Any], index: int, replacement: list[dict[str, Any]],
                  engine, reference, observables) -> bool:
    """Whether the engine departs from the reference engine at checkpoint ``index`` of ``observed``
    (``plain``: its plain form) with the actions ``replacement`` as the event just before it."""
    steps = list(plain["steps"])
    steps[2 * index - 1] = replacement[0] if len(replacement) == 1 else {"together": replacement}
    try:
        case = Case.from_dict({**plain, "steps": steps}, cr=observed.cr).to_dict()
        return first_disagreement(engine.run(case), reference.run(case), observables) == index
    except Exception:  # not a valid scenario that way: it shows nothing
        return False


def aimed_at_one(observed: Case, index: int, action: s.Step, engine, reference, observables) -> s.Step:
    """``action``, an action that goes wrong in the event just before checkpoint ``index`` of
    ``observed``: when it affects every object a filter matches (``to_each``, a set locked as it
    is created, 611.2c), the same action aimed at one of those objects instead, if with that alone
    as the event the engine still departs there (the locked set is then not what goes wrong);
    else ``action`` itself."""
    if not isinstance(action, s.PTEffect) or action.to_each is None:
        return action
    plain = observed.to_dict()
    for obj in observed.objects:
        aimed = dataclasses.replace(action, to=obj.id, to_each=None)
        if _departs_with(observed, plain, index, [plain_step(aimed)], engine, reference, observables):
            return aimed
    return action


AT_REST = frozenset({
    "layer-7a", "layer-7b", "layer-7c", "layer-7d", "counters", "static-abilities", "zone-changes", "locked-sets",
    "life", "player-counters", "mana", "copy-effects", "token-copies", "face-down", "control-changing",
    "type-changing", "color-changing", "ability-changing", "enters-choices", "characteristic-expressions",
    "planeswalkers",
})
"""Features of a board whose rules a snapshot shows: its objects' characteristics (layers 1-7,
copiable values, face-down status, counters, zones) and its players' totals. An engine that reports
them as the reference engine does at a checkpoint has applied those rules right there."""


def observed_keys(case: Case) -> dict[str, frozenset[str] | None]:
    """The values ``case``'s checkpoints ask for, by kind (``None``: a checkpoint asks for every one)."""
    found: dict[str, set[str] | None] = {"objects": set(), "players": set()}
    for checkpoint in case.checkpoints:
        for kind, observed in (("objects", checkpoint.objects), ("players", checkpoint.players or {})):
            for values in observed.values():
                if not values:
                    found[kind] = None
                elif found[kind] is not None:
                    found[kind] |= set(values)
    return {kind: None if keys is None else frozenset(keys) for kind, keys in found.items()}


def case_failing_rules(case: Case, engine, info, reference=None) -> tuple[str, ...]:
    """The cited rules a failing golden (or user) case shows broken: those of
    :func:`failing_rules` on the values the case observes that it cites; all it cites when none."""
    from reference_engine import OBSERVABLES, ReferenceEngine

    reference = reference or ReferenceEngine()
    asked = observed_keys(case)
    observables = {kind: frozenset(info.observables.get(kind, ())) & frozenset(OBSERVABLES[kind])
                   & (asked[kind] if asked[kind] is not None else frozenset(OBSERVABLES[kind]))
                   for kind in ("objects", "players")}
    try:
        broken = set(failing_rules([case], engine, reference, observables))
    except Exception:  # never lose a failure over its attribution
        broken = set()
    cited = [rule for rule in case.rules if rule in broken]
    return tuple(cited or case.rules)
