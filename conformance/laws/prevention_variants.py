"""The differential property of the prevention variants (issue 41, item 2; CR 615.1, 615.5,
615.12, 614.9, 616.1, 801.13a): on scenarios of :mod:`strategies._internal.prevention_variants`, the
engine reports what the reference engine reports."""

from __future__ import annotations

from hypothesis import event

from conformance.laws.property import Subject, agrees_with_reference
from strategies._internal.prevention_variants import FEATURES, prevention_variant_scenarios

NEEDS = frozenset({"damage", "life"})
"""What every scenario needs besides one of the variants."""


def prevention_variants_agree_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """On generated scenarios about preventions of damage to players, their life and damage
    additional effects, resolving preventions with an additional effect, "can't be prevented" as a
    static ability, static redirections and damage that can't be redirected, the engine reports
    what the reference engine reports, for every object and player value both report."""
    case = data.draw(prevention_variant_scenarios(features=features), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    agrees_with_reference(subject, case)


def usable(features: frozenset[str]) -> bool:
    """An engine with damage, life and one of the variants."""
    return NEEDS <= features and bool(features & FEATURES)
