"""The differential property of targets (issue 40; CR 115.1, 115.4, 601.2c, 608.2b, 702.11b,
702.16b, 702.18a, 801.4, 801.5a): on scenarios of :mod:`strategies._internal.targets`, the engine
reports what the reference engine reports."""

from __future__ import annotations

import functools

from hypothesis import event

from conformance.laws.property import Subject, agrees_with_reference
from strategies._internal.targets import FEATURES, target_scenarios

NEEDS = frozenset({"damage"})
"""What every scenario needs besides one of targeting's features and a way to target."""


def targets_agree_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """On generated scenarios of spells and abilities aimed at players, creatures with hexproof,
    shroud or protection, creatures a "can't be the target of" ability covers, noncreature
    permanents and cards in a graveyard, some chosen by an opponent or under the limited range of
    influence, the engine reports what the reference engine reports, for every object and player
    value both report."""
    case = data.draw(_target_scenarios(features), label="scenario")
    for feature in sorted(case.features & FEATURES):
        event(f"feature {feature}")
    agrees_with_reference(subject, case, ("objects", "players"))


@functools.lru_cache(maxsize=16)
def _target_scenarios(features: frozenset[str]):
    """``target_scenarios(features=features)``, built once per set of features."""
    return target_scenarios(features=features)


def usable(features: frozenset[str]) -> bool:
    """An engine with damage, a way to target (casting, or activated damage to targets) and one of
    targeting's features."""
    return NEEDS <= features and bool(features & {"casting", "damage-targets"}) and bool(features & FEATURES)
