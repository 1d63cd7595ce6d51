"""Running one property against an engine with Hypothesis, outside any test framework.

The pytest plugin's property items and the mutant kill matrix both use :func:`run_property`.
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import StopTest, UnsatisfiedAssumption

from conformance import properties
from conformance.engine import Engine, EngineInfo, describe
from conformance.properties import DIFFERENTIAL_ID, Property, PropertyFailed, Subject
from conformance.scenario import Case


@dataclass
class PropertyRun:
    """What running a property found: its status (passed, failed, errored, unsupported), the
    message and shrunk scenarios of a failure, how many examples ran (and which one first
    failed), the rules the examples exercised, and the time it took."""

    prop: Property
    status: str = "passed"
    message: str = ""
    cases: list[Case] = field(default_factory=list)
    examples: int = 0
    first_failure: int | None = None
    statistics: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    seconds_to_failure: float | None = None
    error: BaseException | None = None


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


def run_property(prop: Property, engine: Engine, info: EngineInfo, *, profile: settings,
                 reference: Engine | None = None) -> PropertyRun:
    """Run ``prop`` against ``engine`` under the Hypothesis settings ``profile``."""
    from reference_engine import ReferenceEngine

    reference = reference or ReferenceEngine()
    reference_info = describe(reference)
    features = info.features & reference_info.features
    run = PropertyRun(prop)
    reason = unsupported_reason(prop, info, features)
    if reason:
        run.status, run.message = "unsupported", reason
        return run
    check = prop.check
    if prop.id == DIFFERENTIAL_ID:
        common = info.observables["objects"] & reference_info.observables["objects"]
        check = functools.partial(properties.differential, reference=reference, common=common)
    subject = Subject(engine, info, features)
    started = time.perf_counter()

    def example(data) -> None:
        subject.ran.clear()
        subject.exercised.clear()
        try:
            check(subject, data, features)
        except (UnsatisfiedAssumption, StopTest):  # a rejected example, or one that ran out of data: not failures
            raise
        except BaseException:
            run.examples += 1
            if run.first_failure is None:
                run.first_failure = run.examples
                run.seconds_to_failure = time.perf_counter() - started
            raise
        run.examples += 1
        run.statistics.update(subject.exercised | set(prop.rules))

    test = given(st.data())(example)
    test._hypothesis_internal_add_digest = prop.id.encode()  # its own key in the example database
    test = settings(profile)(test)
    try:
        test()
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
    return run
