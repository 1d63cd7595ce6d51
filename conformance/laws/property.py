"""What a property is (its id, the rules it checks, what it needs of an engine, its check), and the
engine it runs (:class:`Subject`), with the helpers every family of laws shares: the base scenario
limited to the engine's features, picking a creature, comparing two runs."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hypothesis import assume, event
from hypothesis import strategies as st

from conformance.engines.interface import Engine, EngineInfo
from conformance.errors import Unsupported
from conformance.format.model import Case
from conformance.results.compare import same
from conformance.results.exercised import exercised_rules
import strategies as mtg
from strategies._internal.drawing import concrete, untraced

if TYPE_CHECKING:
    from reference_engine import ReferenceEngine


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
    bound of :mod:`conformance.laws.runner` reached."""

    def __init__(self, error: BaseException):
        super().__init__(str(error))
        self.error = error


STOPPING_KINDS = ("crash", "timeout", "protocol")
"""Engine faults that end a property at once, unshrunk (:class:`EngineStop`): a crash, a timeout or a
protocol fault is the engine's, not a counterexample (replaying it would restart the engine again and
again, and a fault that does not repeat would surface as Hypothesis's flakiness errors)."""


@dataclass
class Subject:
    """The engine a property runs, and what it runs in the current example (for reports)."""

    engine: Engine
    info: EngineInfo
    features: frozenset[str]
    ran: list[Case] = field(default_factory=list)
    exercised: set[str] = field(default_factory=set)
    elements: set | None = None  # the format elements the example's scenarios use, and the
    # interactions they meet as ("interaction", ID) (conformance.laws.interactions), when counted
    refused: str | None = None  # who refused the example: "engine" or "reference"
    refusal: tuple[str, bool] | None = None  # the engine's reason, and whether it lacks it (EngineGap)
    limits: Any = None  # called as each example begins; raises EngineStop past a bound (property_runner)

    def start(self) -> None:
        """A new example begins."""
        if self.limits is not None:
            self.limits()
        self.ran.clear()
        self.exercised.clear()
        self.refused = self.refusal = None
        if self.elements is not None:
            self.elements.clear()

    def run(self, case: Case, plain: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """The engine's snapshots for ``case`` (``plain``: its ``to_dict()``, if already made); a
        case the engine refuses (Unsupported) is rejected as an example, and counted as refused.
        Under a symbolic backend (CrossHair) the case is made concrete first, and run as plain
        Python: engines, and what reports keep, get plain values (:func:`strategies._internal.drawing.concrete`)."""
        made = concrete(case)
        if made is not case:
            case, plain = made, None
        with untraced():
            return self._run(case, plain)

    def _run(self, case: Case, plain: dict[str, Any] | None) -> list[dict[str, Any]]:
        self.ran.append(case)
        self.exercised.update(exercised_rules(case))
        plain = case.to_dict() if plain is None else plain
        if self.elements is not None:
            from conformance.format.elements import written_elements
            from conformance.laws.interactions import met_by
            self.elements.update(written_elements(case))
            self.elements.update(("interaction", row) for row in met_by(case))
        try:
            snapshots = self.engine.run(plain)
        except Unsupported as exc:
            from conformance.errors import EngineGap

            self.refused, self.refusal = "engine", (str(exc), isinstance(exc, EngineGap))
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

    def reference_run(self, reference: ReferenceEngine, case: Case) -> list[dict[str, Any]]:
        """The reference engine's snapshots of ``case``; a scenario it refuses is rejected as an
        example (a generator produced something the reference does not model: counted, never
        judged). The reference engine takes the case as it was built (``run_case``), the engine
        under test its plain form (:meth:`run`)."""
        case = concrete(case)
        try:
            with untraced():
                return reference.run_case(case)
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


def agrees_with_reference(subject: Subject, case: Case, kinds: tuple[str, ...] = ("objects", "players")) -> None:
    """The engine reports what the reference engine reports at every checkpoint of ``case``, for
    every value of ``kinds`` both report: the check of each family's differential property."""
    from reference_engine import OBSERVABLES, ReferenceEngine

    ours = subject.run(case)
    theirs = subject.reference_run(ReferenceEngine(), case)
    for kind in kinds:
        common = subject.info.observables[kind] & set(OBSERVABLES[kind])
        for number, (got, expected) in enumerate(zip(ours, theirs), 1):
            reported = got.get(kind) if isinstance(got.get(kind), Mapping) else {}
            for name, values in expected[kind].items():
                for key in sorted(common & set(values)):
                    value = reported.get(name, {}).get(key, "<not reported>")
                    if not same(values[key], value):
                        who = f"player {name}" if kind == "players" else name
                        subject.fail(f"checkpoint {number}: {who}.{key}: the reference engine says {values[key]!r}, "
                                     f"the engine says {value!r}")
