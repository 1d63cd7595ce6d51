"""The differential property of casting a spell, X and cast triggers (issue 41; CR 601.2, 107.3a,
601.2i, 608.2, 608.3): on scenarios where a player casts spells from their hand, the engine reports
what the reference engine reports (:func:`casting_agrees_with_reference`)."""

from __future__ import annotations

import functools

from hypothesis import event

import strategies as mtg
from conformance.laws.property import Subject, agrees_with_reference
from strategies._internal.casting import CASTING_FEATURES

NEEDS = CASTING_FEATURES
"""What every scenario of the property needs (the cast step, the mana pool, the card's zones)."""


def usable(features: frozenset[str]) -> bool:
    """Casting, and something a spell does: damage, counters or life (a creature card alone
    entering the battlefield is a scenario too, but says little)."""
    return NEEDS <= features and bool(features & {"damage", "counters", "life"})


def casting_agrees_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """On a generated casting scenario within ``features``, the engine reports what the reference
    engine reports, for every object and player value both report."""
    case = data.draw(_cast_scenarios(features), label="scenario")
    for feature in sorted(case.features & {"cast-x", "cast-triggers"}):
        event(f"feature {feature}")
    agrees_with_reference(subject, case, ("objects", "players"))


@functools.lru_cache(maxsize=16)
def _cast_scenarios(features: frozenset[str]):
    """``strategies.cast_scenarios(features=features)``, built once per set of features."""
    return mtg.cast_scenarios(features=features)
