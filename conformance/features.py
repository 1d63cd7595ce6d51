"""The closed vocabulary of features a case can need, and their derivation from its content.

Like test262's ``features.txt``: an engine declares the features it supports, and a case that
needs one it lacks is reported as unsupported (never run, never failed). Features are derived
from what a case contains, never written by hand, so they cannot drift from the case.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from conformance import scenario as s

if TYPE_CHECKING:
    from conformance.scenario import Case

FEATURES: dict[str, str] = {
    "layer-7a": "power/toughness from characteristic-defining abilities (CR 604.3, 613.4a)",
    "layer-7b": "effects that set power/toughness or base power/toughness (CR 613.4b)",
    "layer-7c": "effects that modify power/toughness (CR 613.4c)",
    "layer-7d": "effects that switch power and toughness (CR 613.4d)",
    "counters": "counters on objects, +X/+Y counters in layer 7c (CR 122.1a, 613.4c, 704.5q)",
    "static-abilities": "static abilities of permanents affecting the objects a filter matches (CR 604.2, 613.5)",
    "double-pt": "doubling power and/or toughness (CR 701.10a-c)",
    "triple-pt": "tripling power and/or toughness (CR 701.11a-c)",
    "durations": "effects ending: by name, or in the cleanup step (CR 514.2)",
    "zone-changes": "objects outside the battlefield, or moving between zones (CR 400.7, 613.7d)",
    "locked-sets": "an effect that affects every object matching a filter as it is created (CR 611.2c, 613.6)",
    "simultaneous-actions": "several actions in one event, with no state-based action check between them (CR 704.3)",
}
"""Every feature, with what an engine that declares it must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "layer-7a": ("613.4a", "604.3"),
    "layer-7b": ("613.4b", "613.7"),
    "layer-7c": ("613.4c",),
    "layer-7d": ("613.4d",),
    "counters": ("122.1a", "704.5q"),
    "static-abilities": ("604.2", "613.5"),
    "double-pt": ("701.10b", "701.10c"),
    "triple-pt": ("701.11b", "701.11c"),
    "durations": ("514.2",),
    "zone-changes": ("400.7", "613.7d"),
    "locked-sets": ("611.2c",),
    "simultaneous-actions": ("704.3",),
}
"""The rules a case exercises when it needs each feature (for statistics and generated cases)."""

_BY_STEP: dict[type, str] = {
    s.SetPT: "layer-7b",
    s.ModifyPT: "layer-7c",
    s.SwitchPT: "layer-7d",
    s.DoublePT: "double-pt",
    s.TriplePT: "triple-pt",
    s.PutCounters: "counters",
    s.RemoveCounters: "counters",
    s.EndEffect: "durations",
    s.EndTurn: "durations",
    s.Move: "zone-changes",
    s.Together: "simultaneous-actions",
}

_BY_STATIC_EFFECT = {"set_pt": "layer-7b", "modify_pt": "layer-7c", "switch_pt": "layer-7d"}


def derive_features(case: Case) -> frozenset[str]:
    """The features ``case`` needs, from its objects and steps."""
    found = set(_object_features(case)) | set(_step_features(case.steps))
    unknown = found - FEATURES.keys()
    assert not unknown, f"derived features outside the vocabulary: {unknown}"
    return frozenset(found)


def _object_features(case: Case) -> Iterator[str]:
    for spec in case.objects:
        if spec.counters:
            yield "counters"
        if spec.zone != "battlefield":
            yield "zone-changes"
        for ability in spec.card.abilities:
            if isinstance(ability, s.CdaPT):
                yield "layer-7a"
            else:
                yield "static-abilities"
                yield _BY_STATIC_EFFECT[ability.effect]


def _step_features(steps: tuple[s.Step, ...]) -> Iterator[str]:
    for step in steps:
        if type(step) in _BY_STEP:
            yield _BY_STEP[type(step)]
        if isinstance(step, s.PTEffect) and step.to_each is not None:
            yield "locked-sets"
        if isinstance(step, (s.DoublePT, s.TriplePT)):
            yield "layer-7c"
        if isinstance(step, s.Together):
            yield from _step_features(step.parts)
