"""The differential property of issue 41's trigger events and effects (CR 508.3a, 510.3a, 503.1a,
513.1a, 603.6a, 708.8, 122.1, 400.7d, 608.2h), on scenarios from
:func:`strategies._internal.trigger_events.trigger_event_scenarios` (the entry is the last of
:data:`conformance.laws.catalogue.PROPERTIES`): the engine reports what the reference engine
reports, objects and players, at every checkpoint."""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import event

from conformance.laws.property import Subject, agrees_with_reference

NEEDS = frozenset({"event-triggers"})
"""What every scenario needs; besides, at least one feature of :data:`TRIGGER_EVENT_FEATURES`."""


def trigger_events_agree_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """The engine reports what the reference engine reports on a scenario about attacks, combat
    damage to players, the beginning of steps, landfall, turning face up, counters removed, and
    triggered abilities removing counters, returning cards or counting their object's power."""
    case = data.draw(_scenarios(features), label="scenario")
    for feature in sorted(case.features & _features()):
        event(f"feature {feature}")
    agrees_with_reference(subject, case, ("objects", "players"))


def usable(features: frozenset[str]) -> bool:
    """The property means something for an engine with triggers on events and one of issue 41's."""
    return NEEDS <= features and bool(features & _features())


def _features() -> frozenset[str]:
    from strategies._internal.trigger_events import TRIGGER_EVENT_FEATURES

    return TRIGGER_EVENT_FEATURES


@functools.lru_cache(maxsize=16)
def _scenarios(features: frozenset[str]) -> Any:
    """The scenarios for an engine with ``features``, built once (its features don't change)."""
    from strategies._internal.trigger_events import trigger_event_scenarios

    return trigger_event_scenarios(features)
