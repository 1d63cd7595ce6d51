"""Hypothesis strategies for Magic: The Gathering rules-engine scenarios (a public API).

Engine authors use them to generate valid scenarios for their own tests::

    from hypothesis import given
    import strategies as mtg

    @given(mtg.scenarios(features=["layer-7c", "layer-7d"], max_objects=3))
    def test_my_engine_agrees(case):
        ...  # case.to_dict() is the plain JSON form; conformance.results.compare.judge() runs it

Every strategy generates only valid scenarios (schema-valid, every reference resolves) and
shrinks towards fewer objects, fewer steps and smaller numbers. ``features=`` limits what is
generated to a set from the closed vocabulary (``mtg-conformance features``).
"""

from strategies._internal.arithmetic import ARITHMETIC_FEATURES, arithmetic_scenarios
from strategies._internal.copies import (
    COPY_FEATURES,
    clone_objects,
    original_objects,
    star_cards,
)
from strategies._internal.casting import cast_scenarios
from strategies._internal.combat import combat_scenarios
from strategies._internal.copy_scenarios import copy_scenarios
from strategies._internal.core import (
    PLAYERS,
    anthem_objects,
    boards,
    build_case,
    creature_objects,
    printed_values,
    pt_amounts,
)
from strategies._internal.counters import COUNTER_FEATURES, counter_scenarios
from strategies._internal.damage import damage_scenarios
from strategies._internal.prevention_variants import prevention_variant_scenarios
from strategies._internal.spell_copies import spell_copy_scenarios  # issue 40
from strategies._internal.entering_choices import entering_scenarios  # issue 40
from strategies._internal.targets import target_scenarios  # issue 40
from strategies._internal.players import (
    PLAYER_FEATURES,
    PLAYER_NAMES,
    damage_steps,
    player_states,
    player_steps,
    seatings,
)
from strategies._internal.scenarios import action_kinds, action_steps, scenarios

__all__ = [
    "PLAYERS",
    "action_kinds",
    "action_steps",
    "anthem_objects",
    "boards",
    "build_case",
    "creature_objects",
    "printed_values",
    "pt_amounts",
    "scenarios",
    "PLAYER_FEATURES",
    "PLAYER_NAMES",
    "combat_scenarios",
    "damage_scenarios",
    "damage_steps",
    "player_states",
    "player_steps",
    "seatings",
    "COPY_FEATURES",
    "clone_objects",
    "copy_scenarios",
    "original_objects",
    "star_cards",
    "COUNTER_FEATURES",
    "counter_scenarios",
    "cast_scenarios",
    "ARITHMETIC_FEATURES",
    "arithmetic_scenarios",
    "prevention_variant_scenarios",
    "spell_copy_scenarios",
    "entering_scenarios",
    "target_scenarios",
]
