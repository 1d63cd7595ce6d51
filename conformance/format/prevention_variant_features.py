"""The features of the prevention variants (prevention_variants.py; issue 41, item 2; CR 615.1,
615.5, 615.12, 614.9): their names and how a case's content needs them. Part of
:mod:`conformance.format.features`, which merges them into its vocabulary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.abilities import PreventDamageAbility
from conformance.format.prevention_variants import DamageCantBePrevented, PreventionExtra, StaticRedirection
from conformance.format.steps import Damage, PreventDamage

FEATURES: dict[str, str] = {
    "prevention-to-player": "static prevention of damage that would be dealt to you (an opponent, any player), "
                            "players only or beside the permanents it names (CR 615.1)",
    "prevention-gain-life": "a prevention effect's additional effect \"you gain that much life\", for each 1 damage "
                            "prevented (or applied to), right after the prevention (CR 615.5)",
    "prevention-deals-damage": "a prevention effect's additional effect \"[it] deals that much damage to [that "
                               "source's controller, a player, a permanent]\", a damage event of its own right after "
                               "the prevention (CR 615.5)",
    "prevention-step-extras": "a resolving spell's or ability's prevention effect with an additional effect, through "
                              "its object (CR 615.5)",
    "cant-be-prevented-static": "a static ability saying the (combat) damage of some sources, or of its own creature, "
                                "can't be prevented (CR 615.12)",
    "static-redirection": "a permanent's static redirection of the damage that would be dealt to players and other "
                          "permanents to itself (Palisade Giant), ordered among the other effects (CR 614.9, 616.1)",
    "cant-be-redirected": "damage that can't be redirected: no redirection effect applies to it (CR 614.9)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "prevention-to-player": ("615.1",),
    "prevention-gain-life": ("615.5",),
    "prevention-deals-damage": ("615.5",),
    "prevention-step-extras": ("615.5",),
    "cant-be-prevented-static": ("615.12",),
    "static-redirection": ("614.9",),
    "cant-be-redirected": ("614.9",),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "prevention-to-player": ("prevention",),
    "prevention-gain-life": ("prevention", "life"),
    "prevention-deals-damage": ("prevention", "damage"),
    "prevention-step-extras": ("prevention",),
    "cant-be-prevented-static": ("cant-be-prevented", "prevention"),
    "static-redirection": ("redirection", "damage"),
    "cant-be-redirected": ("redirection", "damage"),
}


def _extra_features(then: PreventionExtra | None) -> Iterator[str]:
    if then is not None and then.gain_life:
        yield "prevention-gain-life"
    if then is not None and then.deal_damage is not None:
        yield "prevention-deals-damage"


def ability_features(ability: Any) -> Iterator[str]:
    """The features an ability of this part needs, wherever a case has it."""
    if isinstance(ability, PreventDamageAbility):
        if ability.to_player is not None:
            yield "prevention-to-player"
        yield from _extra_features(ability.then)
    elif isinstance(ability, DamageCantBePrevented):
        yield "cant-be-prevented-static"
    elif isinstance(ability, StaticRedirection):
        yield "static-redirection"


def step_features(step: Any) -> Iterator[str]:
    """The features a step of this part needs (``together`` parts already flattened)."""
    if isinstance(step, PreventDamage) and step.then is not None:
        yield "prevention-step-extras"
        yield from _extra_features(step.then)
        if step.then.counters:
            yield "prevention-extras"
    elif isinstance(step, Damage) and step.cant_be_redirected:
        yield "cant-be-redirected"
