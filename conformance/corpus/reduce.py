"""Reducing a failing case (``mtg-conformance reduce``; a corpus failure in ``run --corpus``): the
smallest case this finds that the loader still accepts and on which the engine still fails the same
way, in bounded time, as C-Reduce does for compilers and Hypothesis's shrinker for properties.

It tries, coarse to fine, until nothing gets smaller or the time is up: removing a step, removing an
object with every step that names it, removing an ability, removing any item of a list or optional
key of a mapping, and making a number smaller. Each try must be a valid case
(:func:`conformance.format.loader.plain_problems`) and:

- *differential* (a corpus scenario, or a case given with ``--differential``): its expected values are
  the reference engine's, recomputed for each try (a try the reference engine refuses is not valid);
- *golden* (a case file's case): its hand-worked expected values stay as they are, so a try is kept
  only if the reference engine still meets every remaining checkpoint (a reduction that would need
  new expected values is refused; checkpoints and asked values may be removed).

"The same way": errored with the same kind (an exception of the same type), or failed with every
differing value one the original case also got wrong (object or player, and field), at least one.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from conformance.corpus.store import Scenario
from conformance.results import compare


@dataclass(frozen=True)
class Way:
    """How a case fails: its status, its error's kind (and exception type), the fields it gets wrong."""

    status: str
    error: str | None = None
    fields: frozenset[tuple[str, str]] = frozenset()

    @staticmethod
    def of(outcome: compare.Outcome) -> Way | None:
        if isinstance(outcome, compare.Failed):
            return Way("failed", fields=frozenset((m.kind, m.field) for m in outcome.mismatches))
        if isinstance(outcome, compare.Errored):
            return Way("errored", f"{outcome.kind}:{outcome.message.split(':')[0]}")
        return None

    def kept_by(self, other: Way | None) -> bool:
        if other is None or other.status != self.status or other.error != self.error:
            return False
        return self.status == "errored" or bool(other.fields) and other.fields <= self.fields


def size(plain: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """Objects, action steps, characters and the sum of the numbers: smaller is simpler."""
    text = json.dumps(plain, sort_keys=True)
    actions = sum(1 for step in plain["steps"] if "expect" not in step)
    return len(plain["objects"]), actions, len(text), sum(abs(n) for n in _numbers(plain))


def _numbers(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)


@dataclass
class Reduced:
    """What reducing found: the smallest failing case (plain form), its outcome, sizes and time."""

    plain: dict[str, Any]
    outcome: compare.Outcome
    before: tuple[int, int, int, int]
    after: tuple[int, int, int, int]
    tries: int
    seconds: float
    stopped: bool  # the time bound cut it short

    def sizes(self) -> str:
        return (f"{self.after[0]} objects, {self.after[1]} steps (from {self.before[0]} objects, {self.before[1]} "
                f"steps) in {self.seconds:.1f} s, {self.tries} tries"
                + (" (the time bound stopped it: it may reduce further)" if self.stopped else ""))


class Reducer:
    """Reduces a case against ``engine`` (guarded), as differential or golden (the module's docstring)."""

    def __init__(self, engine, info, *, differential: bool, seconds: float | None = 30.0) -> None:
        from reference_engine import ReferenceEngine

        from conformance.engines.guard import guarded
        from conformance.engines.interface import describe

        self.engine, self.info = guarded(engine), info
        self.differential = differential
        self.seconds = seconds
        self.reference = ReferenceEngine()
        self.reference_info = describe(self.reference)
        self.tries = 0
        self.exercised_before: frozenset[str] = frozenset()  # the rules the case exercised before reducing

    def outcome(self, plain: dict[str, Any], checked: bool = True) -> compare.Outcome | None:
        """``plain``'s outcome on the engine; ``None`` when it is not a valid case for this reduction.
        ``checked`` false leaves the loader's checks (the schema's: the slow part) to :meth:`valid`,
        asked only of a try that still fails the same way."""
        from conformance.format.model import Case

        self.tries += 1
        if checked and not self.valid(plain):
            return None
        try:
            case = Case.from_dict(plain)
        except Exception:  # the model refuses what the schema let through: not valid
            return None
        if self.differential:
            from conformance.corpus.build import observed
            from conformance.corpus.judge import judge

            try:
                snapshots = self.reference.run(copy.deepcopy(plain))
            except Exception:  # Unsupported among them: the reference engine cannot say what is expected
                return None
            scenario = Scenario(case.id, "", (), tuple(sorted(case.features)), copy.deepcopy(plain),
                                observed(plain, snapshots))
            return judge(self.engine, self.info, scenario)
        if not isinstance(compare.judge(self.reference, self.reference_info, case), compare.Passed):
            return None  # the hand-worked values would no longer hold (or the reference cannot tell)
        return compare.judge(self.engine, self.info, case)

    @staticmethod
    def valid(plain: dict[str, Any]) -> bool:
        """Whether the loader accepts ``plain`` (:func:`conformance.format.loader.plain_problems`)."""
        from conformance.format import loader

        return not loader.plain_problems(plain)

    def reduce(self, plain: dict[str, Any], outcome: compare.Outcome | None = None) -> Reduced:
        """The smallest case found failing as ``plain`` does (``outcome``: its outcome, if known)."""
        started = time.perf_counter()
        deadline = None if self.seconds is None else started + self.seconds
        outcome = outcome if outcome is not None else self.outcome(plain)
        way = Way.of(outcome) if outcome is not None else None
        if way is None:
            raise ValueError("the case does not fail on the engine: nothing to reduce")
        from conformance.format.model import Case
        from conformance.results.exercised import exercised_rules

        self.exercised_before = exercised_rules(Case.from_dict(plain))
        best, best_size, stopped = plain, size(plain), False
        skip = 0  # after a success, the moves before it (they failed on the larger case) are tried last
        while not stopped:
            found = None
            for number, candidate in enumerate(candidates(best)):
                if number < skip:
                    continue
                if deadline is not None and time.perf_counter() > deadline:
                    stopped = True
                    break
                smaller = size(candidate)
                if smaller >= best_size:
                    continue
                result = self.outcome(candidate, checked=False)
                if result is not None and way.kept_by(Way.of(result)) and self.valid(candidate):
                    found = number
                    best, best_size, outcome = candidate, smaller, result
                    break
            if found is not None:
                skip = found
            elif skip and not stopped:
                skip = 0  # a whole pass from the start before it ends: the result is a local minimum
            else:
                break
        return Reduced(best, outcome, size(plain), best_size, self.tries, time.perf_counter() - started, stopped)


def candidates(plain: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Smaller variants of ``plain``, coarse first."""
    steps = plain["steps"]
    checkpoints = [i for i, step in enumerate(steps) if "expect" in step]
    for index in reversed(range(len(steps))):  # a step (the last checkpoint stays)
        if checkpoints and index == checkpoints[-1] and len(checkpoints) == 1:
            continue
        yield {**plain, "steps": steps[:index] + steps[index + 1:]}
    for oid in reversed(list(plain["objects"])):  # an object, and every step naming it (or just the names)
        yield without_object(plain, oid)
        yield without_object(plain, oid, prune=True)
    for oid, spec in plain["objects"].items():  # an ability
        abilities = spec.get("card", {}).get("abilities") if isinstance(spec.get("card"), Mapping) else None
        for n in range(len(abilities or ())):
            card = {**spec["card"], "abilities": abilities[:n] + abilities[n + 1:]}
            yield {**plain, "objects": {**plain["objects"], oid: {**spec, "card": card}}}
    for where in ("steps", "objects", "player_states"):  # any item or key inside, and smaller numbers
        if where in plain:
            for smaller in simpler(plain[where]):
                yield {**plain, where: smaller}


def without_object(plain: dict[str, Any], oid: str, prune: bool = False) -> dict[str, Any]:
    """``plain`` without the object ``oid``: no checkpoint asking for it, and no step naming it (with
    ``prune``: the steps naming it keep what does not, as a combat keeps its other attackers)."""
    steps = []
    for step in plain["steps"]:
        if "expect" in step:
            objects = {k: v for k, v in (step["expect"].get("objects") or {}).items() if k != oid}
            steps.append({**step, "expect": {**step["expect"], "objects": objects}})
        elif not _names(step, oid):
            steps.append(step)
        elif prune:
            steps.append(_pruned(step, oid))
    return {**plain, "objects": {k: v for k, v in plain["objects"].items() if k != oid}, "steps": steps}


def _pruned(value: Any, oid: str) -> Any:
    """``value`` without the keys and items that are ``oid`` (a key naming it, an item equal to it)."""
    if isinstance(value, Mapping):
        return {k: _pruned(v, oid) for k, v in value.items() if k != oid and v != oid}
    if isinstance(value, list):
        return [_pruned(item, oid) for item in value if item != oid]
    return value


def _names(value: Any, oid: str) -> bool:
    if value == oid:
        return True
    if isinstance(value, Mapping):
        return any(k == oid or _names(v, oid) for k, v in value.items())
    if isinstance(value, list):
        return any(_names(item, oid) for item in value)
    return False


def simpler(value: Any) -> Iterator[Any]:
    """``value`` with one part removed (a mapping keeps one key at least) or one number made smaller,
    each way once, outermost first."""
    if isinstance(value, list):
        for n in range(len(value)):
            yield value[:n] + value[n + 1:]
        for n, item in enumerate(value):
            for smaller in simpler(item):
                yield value[:n] + [smaller] + value[n + 1:]
    elif isinstance(value, Mapping):
        for key in value if len(value) > 1 else ():  # never empty: {} is a step of no kind, or "every object"
            yield {k: v for k, v in value.items() if k != key}
        for key, item in value.items():
            for smaller in simpler(item):
                yield {**value, key: smaller}
    elif isinstance(value, int) and not isinstance(value, bool) and value:
        for smaller in dict.fromkeys((0, 1 if value > 1 else -1 if value < -1 else 0, value // 2 if value > 0 else -(-value // 2))):
            if abs(smaller) < abs(value):
                yield smaller


def first_problem(outcome: compare.Outcome) -> str:
    """What a failing outcome shows first: its first differing value, or its error."""
    if isinstance(outcome, compare.Failed):
        return str(outcome.mismatches[0]) + (f" (and {len(outcome.mismatches) - 1} more)" if len(outcome.mismatches) > 1 else "")
    return outcome.message if isinstance(outcome, compare.Errored) else outcome.status


def case_file(reducer: Reducer, reduced: Reduced, *, case_id: str, rules: tuple[str, ...], summary: str) -> str:
    """The reduced case as a case file (YAML) that fails on its own with ``run --cases``: citing the
    rules among ``rules`` it still exercises (and those ``rules`` cites that no content shows);
    differential: every checkpoint asking for every object, filled with the reference engine's values."""
    import dataclasses

    from conformance.format.model import Case
    from conformance.results import records
    from conformance.results.exercised import exercised_rules

    plain = reduced.plain
    if reducer.differential:
        from conformance.laws.counterexamples import golden_case

        steps = [{**step, "expect": {**step["expect"], "objects": {}}} if "expect" in step else step
                 for step in plain["steps"]]
        case = Case.from_dict({**plain, "steps": steps})
        kept = _with_id_rule(case_id, tuple(sorted(exercised_rules(case), key=_rule_key)) or rules)
        observables = reducer.info.observables["objects"] & reducer.reference_info.observables["objects"]
        document = golden_case(case, case_id=case_id, rules=kept, summary=summary, reference=reducer.reference,
                               observables=frozenset(observables), cite_case_rules=False)
        return records.case_file_yaml([document])
    case = Case.from_dict(plain)
    still = exercised_rules(case)
    kept = _with_id_rule(case_id, tuple(rule for rule in rules if rule in still or rule not in reducer.exercised_before))
    return records.case_file_yaml([records.case_document(dataclasses.replace(case, id=case_id, rules=kept,
                                                                             summary=summary))])


def _with_id_rule(case_id: str, rules: tuple[str, ...]) -> tuple[str, ...]:
    """``rules``, the rule of the case's id first (a case cites the rule its id names)."""
    first = case_id.split("/", 1)[0]
    return (first, *(rule for rule in rules if rule != first))


def _rule_key(rule: str):
    from conformance.reports.text import rule_key

    return rule_key(rule)
