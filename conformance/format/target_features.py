"""The features of targets (targets.py; issue 40, CR 115, 601.2c, 608.2b, 702.11, 702.16b, 702.18,
801.4, 801.5a): their names and how a case's content needs them. Part of
:mod:`conformance.format.features`, which merges them into its vocabulary."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from conformance.format.abilities import Activated, Protection, Triggered
from conformance.format.casting import Cast
from conformance.format.steps import Activate
from conformance.format.targets import CantBeTargeted, DamageTargets, HEXPROOF, SHROUD

FEATURES: dict[str, str] = {
    "hexproof": "hexproof: a permanent that can't be the target of spells or abilities its controller's opponents "
                "control; a cast or activation naming it is illegal and undone, and a target that gains it before "
                "the spell or ability resolves is illegal then (CR 702.11b, 601.2c, 608.2b)",
    "shroud": "shroud: a permanent that can't be the target of any spell or ability, its controller's included "
              "(CR 702.18a, 601.2c, 608.2b)",
    "protection-targeting": "protection's targeting part: a permanent with protection from a quality can't be the "
                            "target of spells with it or of abilities from sources with it (CR 702.16b)",
    "cant-be-targeted": "a static ability saying the permanents it names can't be the target of spells or abilities "
                        "(your opponents control) (CR 115.1, 601.2c)",
    "damage-targets": "an activated ability dealing damage to one or more targets the activation names (any target: "
                      "a player, or a creature, planeswalker or battle), each checked as it is activated (illegal: "
                      "the activation undone) and as it resolves (illegal: not dealt) (CR 115.4, 601.2c, 602.2b, "
                      "608.2b)",
    "target-chosen-by-opponent": "a target \"of an opponent's choice\" (Cuombajj Witches), chosen by the opponent the "
                                 "activation names (CR 601.2c, 801.5a)",
    "targets-range-of-influence": "targets under the limited range of influence option: a player or an object "
                                  "outside the range of the spell's or ability's controller, or of the player "
                                  "choosing, can't be chosen (CR 801.4, 801.5a)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "hexproof": ("702.11b", "601.2c"),
    "shroud": ("702.18a", "601.2c"),
    "protection-targeting": ("702.16b",),
    "cant-be-targeted": ("115.1", "601.2c"),
    "damage-targets": ("115.4", "602.2b", "608.2b"),
    "target-chosen-by-opponent": ("801.5a",),
    "targets-range-of-influence": ("801.4", "801.5a"),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "protection-targeting": ("protection",),
    "damage-targets": ("activated-abilities", "damage"),
    "target-chosen-by-opponent": ("damage-targets",),
    "targets-range-of-influence": ("range-of-influence",),
}


def _targets(case: Any, instances: Callable[[object, type], Iterator[object]]) -> bool:
    """Whether anything in ``case`` chooses a target: a cast's, an activation's, a triggered
    ability's damage to any target, an ability becoming a copy of its target."""
    steps = tuple(instances(case.steps, Cast)) + tuple(instances(case.steps, Activate))
    if any(getattr(step, "target", None) is not None or getattr(step, "targets", None) for step in steps):
        return True
    return any(a.effect.damage is not None and getattr(a.effect.damage, "target", None) is not None
               for a in instances((case.objects, case.steps), Triggered))


def features(case: Any, keywords: set[str], instances: Callable[[object, type], Iterator[object]]) -> Iterator[str]:
    """What a case needs of targets: ``keywords`` are those named anywhere in it, ``instances``
    finds the model values of a class anywhere in a value (features.py's walkers)."""
    everything = (case.objects, case.steps)
    if HEXPROOF in keywords:
        yield "hexproof"
    if SHROUD in keywords:
        yield "shroud"
    if any(instances(everything, CantBeTargeted)):
        yield "cant-be-targeted"
    for ability in instances(everything, Activated):
        parts = ability.effect.damage_targets
        if isinstance(parts, DamageTargets):
            yield "damage-targets"
            if any(part.chosen_by for part in parts.parts):
                yield "target-chosen-by-opponent"
    if _targets(case, instances):
        if any(instances(everything, Protection)):
            yield "protection-targeting"
        if case.range_of_influence is not None:
            yield "targets-range-of-influence"
