"""The features of issue 40's destruction, regeneration, drawing and activated damage
(regeneration.py, drawing.py, activated_damage.py): their names and how a case's content needs
them. Part of :mod:`conformance.format.features`, which merges them into its vocabulary."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from conformance.format.abilities import AbilityEffect
from conformance.format.regeneration import Destroy, Regenerate

FEATURES: dict[str, str] = {
    "destroy": "a destroy step: the permanent goes to its owner's graveyard, an indestructible one stays "
               "(CR 701.8a, 702.12b)",
    "regeneration": "regeneration shields: the next time this turn the permanent would be destroyed (by an effect, by "
                    "lethal damage or deathtouch), instead its damage is removed and it is tapped; a shield created "
                    "after the destruction does nothing; \"can't be regenerated\" (CR 701.19a, 614.4, 614.8, 704.5g)",
    "drawing": "a triggered ability making its controller draw cards: each the top card of their library (the case "
               "gives each card's library_position), one at a time; drawing from an empty library loses the game at "
               "the next check (CR 121.1, 121.2, 121.4, 704.5b)",
    "activated-damage": "an activated ability dealing damage to a target creature, changing its creature types and "
                        "putting counters on the ability's own object, the object that has it (a copy included, "
                        "CR 707.11, 602.2b, 608.2)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "destroy": ("701.8a",),
    "regeneration": ("701.19a", "614.4"),
    "drawing": ("121.1",),
    "activated-damage": ("707.11",),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "regeneration": ("tapping",),
    "drawing": ("event-triggers", "zone-changes"),
    "activated-damage": ("activated-abilities", "damage", "counters"),
}


Walker = Callable[[object, Any], Iterator[Any]]
"""``features._instances_in``: every instance of some classes anywhere in a value."""


def features(case: Any, instances: Walker) -> Iterator[str]:
    """The features of this part ``case`` needs; ``instances`` finds the steps and effects."""
    yield from _features_in((case.objects, case.steps), instances)


def _features_in(value: object, instances: Walker) -> Iterator[str]:
    for found in instances(value, (Destroy, Regenerate, AbilityEffect)):
        if isinstance(found, Destroy):
            yield "destroy"
            if found.cant_be_regenerated:
                yield "regeneration"
        elif isinstance(found, Regenerate):
            yield "regeneration"
        else:
            if found.draw is not None:
                yield "drawing"
            if found.damage_target is not None:
                yield "activated-damage"
                if found.damage_target.target_becomes is not None:
                    yield "type-changing"
            # an effect's abilities (a become's gains) may hold effects of their own
            yield from _features_in(tuple(getattr(found, f.name) for f in dataclasses.fields(found)), instances)
