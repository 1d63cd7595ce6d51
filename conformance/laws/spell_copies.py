"""The differential property of copies of spells, modal spells and additional costs (issue 40; CR
707.10, 707.10c, 707.10e, 700.2, 601.2h): on scenarios where Alex casts a spell and copies of it are
put on the stack, the engine reports what the reference engine reports
(:func:`spell_copies_agree_with_reference`)."""

from __future__ import annotations

import functools

from hypothesis import event

from conformance.laws.property import Subject, agrees_with_reference
from strategies._internal.spell_copies import CAPABILITIES, SPELL_COPY_FEATURES, SPELLS, spell_copy_scenarios

NEEDS = SPELL_COPY_FEATURES
"""What every scenario of the property needs (the cast step, the mana pool, the card's zones)."""

RULES = ("707.10", "707.10c", "707.10e", "700.2", "601.2h", "608.2h")


def usable(features: frozenset[str]) -> bool:
    """Casting, one of issue 40's capabilities, and a spell the strategy can cast with them."""
    return NEEDS <= features and bool(features & CAPABILITIES) and any(
        needs <= features and needs & CAPABILITIES for _, needs in SPELLS.values())


def spell_copies_agree_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """On a generated scenario within ``features``, the engine reports what the reference engine
    reports, for every object and player value both report."""
    case = data.draw(_scenarios(features), label="scenario")
    for feature in sorted(case.features & CAPABILITIES | case.features & {"spell-copy-tokens"}):
        event(f"feature {feature}")
    agrees_with_reference(subject, case, ("objects", "players"))


@functools.lru_cache(maxsize=16)
def _scenarios(features: frozenset[str]):
    """``spell_copy_scenarios(features=features)``, built once per set of features."""
    return spell_copy_scenarios(features=features)
