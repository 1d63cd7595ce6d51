"""Running one property against an engine with Hypothesis, outside any test framework.

The pytest plugin's property items and the mutant kill matrix both use :func:`run_property`.
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import StopTest, Unsatisfiable, UnsatisfiedAssumption

from conformance.laws import catalogue as properties
from conformance.engines.interface import Engine, EngineInfo, describe
from conformance.laws.catalogue import DIFFERENTIAL_ID, Property, PropertyFailed, Subject
from conformance.laws.property import STOPPING_KINDS
from conformance.laws import constants, shrinking
from conformance.laws.refusals import Refusals, counted
from conformance.format.model import Case


@dataclass
class PropertyRun:
    """What running a property found: its status (passed, failed, errored, unsupported), the
    message and shrunk scenarios of a failure; the examples that ran to the end (``examples``),
    that the engine refused (``refused``: it raised Unsupported), that the reference engine refused
    (``reference_refused``), that the law itself set aside (``discarded``: no creature left to
    double, ...) and that failed (``failing``, the shrinker's replays included), and which one first
    failed; the engine's reasons for the examples it refused (``refusals``, grouped); per rule, how many examples exercised it (``statistics``, from their content); the rules
    a failure counts under (``failing_rules``, from the shrunk counterexample); the time it took,
    and of it the time spent shrinking (``shrink_seconds``); ``shrink_stopped``, the bound (seconds)
    when it cut shrinking short (the counterexample may then not be the smallest)."""

    prop: Property
    status: str = "passed"
    message: str = ""
    cases: list[Case] = field(default_factory=list)
    examples: int = 0
    refused: int = 0
    reference_refused: int = 0
    discarded: int = 0
    failing: int = 0
    minimum: int = 0
    first_failure: int | None = None
    statistics: Counter = field(default_factory=Counter)
    elements: Counter = field(default_factory=Counter)
    failing_rules: tuple[str, ...] = ()
    refusals: Refusals = field(default_factory=Refusals)
    seconds: float = 0.0
    seconds_to_failure: float | None = None
    shrink_seconds: float = 0.0
    shrink_stopped: float | None = None
    error: BaseException | None = None

    @property
    def counts(self) -> dict[str, int]:
        """The examples, as plain data (results records and reports show them)."""
        return {"ran": self.examples, "refused": self.refused, "reference_refused": self.reference_refused,
                "discarded": self.discarded, "failing": self.failing, "minimum": self.minimum}

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules this run counts under: for a failure, those its counterexample shows broken;
        for a pass, those its examples exercised; unsupported, those the property cites."""
        from conformance.reports.text import rule_key

        if self.status in ("failed", "errored") and self.failing_rules:
            return self.failing_rules
        if self.status == "passed":
            return tuple(sorted(self.statistics, key=rule_key))
        return tuple(self.prop.rules)


PROPERTY_SECONDS = 300.0
"""The longest one property may run (seconds): past it, no new example starts and the property is
errored (``timeout``) with the examples it had. A safety net against an engine slow on every
case; the ``ci`` profile's properties take seconds on the reference engine."""
PROPERTY_RESTARTS = 5
"""The most times an ``exec:`` engine may be restarted during one property (an engine that exits
after every reply); past it the property is errored (``crash``)."""

_Stop = properties.EngineStop


def _stopping_fault(exc: BaseException):
    """The engine fault (crash, timeout, protocol) behind ``exc``, or ``None``."""
    from conformance.errors import EngineFault

    cause = exc.__cause__ if isinstance(exc, properties.EngineRunError) else exc
    return cause if isinstance(cause, EngineFault) and cause.kind in STOPPING_KINDS else None


MINIMUM_SHARE = 5
"""A property passes only if at least one in this many of the profile's examples ran to the end
(20 of the ``ci`` profile's 100), and the engine ran at least one in this many of the examples it
was given (it refused the rest). Otherwise the engine refused, or the law set aside, too much for
the property to say anything: it is unsupported, with its counts, never passed."""


def minimum_examples(profile: settings) -> int:
    return max(1, profile.max_examples // MINIMUM_SHARE)


def record_failure(run: PropertyRun, exc: BaseException, subject: Subject) -> None:
    run.status = "failed" if isinstance(exc, PropertyFailed) else "errored"
    run.message = str(exc)
    run.cases = list(getattr(exc, "cases", subject.ran))
    run.error = exc


def _leaves(group: BaseExceptionGroup):
    for exc in group.exceptions:
        yield from (_leaves(exc) if isinstance(exc, BaseExceptionGroup) else (exc,))


def unsupported_reason(prop: Property, info: EngineInfo, features: frozenset[str]) -> str | None:
    if properties.usable(prop, features):
        return None
    missing = sorted(prop.needs - features)
    return f"{info.name} lacks the features {', '.join(missing)}" if missing else f"{info.name} supports no layer-7 effect"


Progress = Callable[[str, float, PropertyRun], None]
"""Told, as each example begins, what the property is doing (``running`` or ``shrinking``), for how
many seconds it has done it, and the run so far (conformance.pytest_progress shows it)."""


def property_check(prop: Property, info: EngineInfo, reference: Engine) -> tuple[frozenset[str], Callable | None]:
    """The features ``prop`` runs with against an engine described by ``info`` (those it shares
    with ``reference``), and the check to call per example (``None``: the engine cannot run the
    property, :func:`unsupported_reason` says why). The layer-7 differential compares the object
    values both engines declare."""
    reference_info = describe(reference)
    features = info.features & reference_info.features
    if unsupported_reason(prop, info, features):
        return features, None
    if prop.id != DIFFERENTIAL_ID:
        return features, prop.check
    common = info.observables["objects"] & reference_info.observables["objects"]
    return features, functools.partial(properties.differential, reference=reference, common=common)


def run_property(prop: Property, engine: Engine, info: EngineInfo, *, profile: settings,
                 reference: Engine | None = None, count_elements: bool = False,
                 shrink_seconds: float | None = None, progress: Progress | None = None) -> PropertyRun:
    """Run ``prop`` against ``engine`` under the Hypothesis settings ``profile``; with
    ``count_elements``, also count the format elements each example's scenarios use, and the
    interactions they meet (:mod:`conformance.laws.interactions`) as ``("interaction", ID)``
    (slower).
    ``shrink_seconds`` bounds the time spent shrinking a counterexample (``None``: Hypothesis's own
    bound, 300 s; conformance.laws.profiles.shrink_seconds() gives each profile's);
    ``progress`` is told what the property is doing as each example begins."""
    from reference_engine import ReferenceEngine

    reference = reference or ReferenceEngine()
    run = PropertyRun(prop, minimum=minimum_examples(profile))
    features, check = property_check(prop, info, reference)
    if check is None:
        run.status, run.message = "unsupported", unsupported_reason(prop, info, features)
        return run
    subject = Subject(engine, info, features, elements=set() if count_elements else None)
    started = time.perf_counter()
    restarts_before = getattr(engine, "restarts", 0)

    def limits() -> None:  # before each example (Subject.start): the property's bounds
        from conformance.errors import EngineCrashed, EngineTimedOut

        elapsed = time.perf_counter() - started
        limit = None
        if elapsed > PROPERTY_SECONDS:
            limit = EngineTimedOut(f"the property ran out of time: {elapsed:.0f} s, more than {PROPERTY_SECONDS:g} s "
                                   f"(property_runner.PROPERTY_SECONDS), after {run.examples} examples")
        elif isinstance(getattr(engine, "restarts", None), int) and engine.restarts - restarts_before > PROPERTY_RESTARTS:
            limit = EngineCrashed(f"the engine was restarted {engine.restarts - restarts_before} times during the property, "
                                  f"more than {PROPERTY_RESTARTS} (property_runner.PROPERTY_RESTARTS), after "
                                  f"{run.examples} examples")
        if limit is not None:
            error = properties.EngineRunError(f"the property was stopped: {limit}")
            error.__cause__ = limit
            raise _Stop(error)

    watch = shrinking.ShrinkWatch(shrink_seconds)

    def limits_and_progress() -> None:
        limits()
        if progress is not None and not shrinking.is_final_replay():
            progress(*(("shrinking", watch.seconds()) if watch.shrinking else ("running", time.perf_counter() - started)), run)

    subject.limits = limits_and_progress
    check = counted(shrinking.watched(check, watch), subject, run.refusals)

    # The source of example() seeds the ci profile's derandomized examples: keep it unchanged
    # (the bounds and the stop at an engine fault live in Subject.start and Subject.run).
    def example(data) -> None:
        subject.start()
        try:
            check(subject, data, features)
        except UnsatisfiedAssumption:  # set aside: refused by an engine, or by the law itself
            if subject.refused == "engine":
                run.refused += 1
            elif subject.refused == "reference":
                run.reference_refused += 1
            else:
                run.discarded += 1
            raise
        except StopTest:  # it ran out of data: not an example
            raise
        except BaseException:
            run.failing += 1
            if run.first_failure is None:
                run.first_failure = run.examples + run.failing
                run.seconds_to_failure = time.perf_counter() - started
            raise
        run.examples += 1
        run.statistics.update(subject.exercised)
        if subject.elements is not None:
            run.elements.update(subject.elements)

    test = given(st.data())(example)
    test._hypothesis_internal_add_digest = prop.id.encode()  # its own key in the example database
    test = settings(profile)(test)
    try:
        with shrinking.bounded(watch), constants.none_from_local_code():
            test()
    except _Stop as stop:  # an engine fault, or a bound reached: reported as the engine's, unshrunk
        record_failure(run, stop.error, subject)
        run.message = f"{run.message} (the property stopped at the engine's fault, unshrunk)" if _stopping_fault(
            stop.error) and "property was stopped" not in run.message else run.message
    except Unsatisfiable:  # not one example ran: the counts below say why
        pass
    except (PropertyFailed, properties.EngineRunError) as exc:
        record_failure(run, exc, subject)
    except BaseExceptionGroup as group:  # Hypothesis's FlakyFailure: the failure did not reproduce
        inner = next((e for e in _leaves(group) if isinstance(e, (PropertyFailed, properties.EngineRunError))), None)
        if inner is None:
            raise
        record_failure(run, inner, subject)
        run.message = f"{run.message} (flaky: the engine did not fail the same way when Hypothesis replayed it)"
    finally:
        run.seconds = time.perf_counter() - started
        if watch.started is not None:  # the first failure to the shrinker's last attempt
            run.shrink_seconds = (watch.last_attempt or watch.started) - watch.started
    if run.status in ("failed", "errored") and watch.stopped:
        run.shrink_stopped = shrink_seconds
        first, newline, rest = run.message.partition("\n")
        run.message = f"{first} ({shrinking.STOPPED.format(seconds=shrink_seconds)}){newline}{rest}"
    if run.status == "passed" and (run.examples < run.minimum or run.refused > (MINIMUM_SHARE - 1) * run.examples):
        run.status, run.message = "unsupported", too_few_examples(run, info)
    if run.status in ("failed", "errored"):
        run.failing_rules = failing_rules_of(run, engine, info, reference, describe(reference))
    return run


def too_few_examples(run: PropertyRun, info: EngineInfo) -> str:
    """Why a property that never failed is not called passed: how few examples ran, and why."""
    attempted = run.examples + run.refused + run.reference_refused + run.discarded
    why = [f"{n} {what}" for n, what in ((run.refused, f"refused by {info.name}"),
                                         (run.reference_refused, "refused by the reference engine"),
                                         (run.discarded, "set aside by the law")) if n]
    common = run.refusals.records()[:1]
    often = f" (most often, {common[0]['count']} of them: {common[0]['reason']})" if common else ""
    return (f"only {run.examples} of {attempted} examples ran (at least {run.minimum}, and one in {MINIMUM_SHARE} of "
            f"those {info.name} was given, needed): " + (", ".join(why) or "none was generated") + often)


def failing_rules_of(run: PropertyRun, engine: Engine, info: EngineInfo, reference: Engine,
                     reference_info: EngineInfo) -> tuple[str, ...]:
    """The rules the shrunk counterexample shows broken (:func:`conformance.results.exercised.failing_rules`);
    the property's own rules when there is no counterexample to read."""
    from conformance.results.exercised import failing_rules

    observables = {kind: info.observables.get(kind, frozenset()) & reference_info.observables.get(kind, frozenset())
                   for kind in ("objects", "players")}
    try:
        found = failing_rules(run.cases, engine, reference, observables) if run.cases else ()
    except Exception:  # never lose a failure over its attribution
        found = ()
    return found or tuple(run.prop.rules)
