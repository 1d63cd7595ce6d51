"""The features of triggered abilities on events, life-gain replacements and mana abilities
(CR 603, 614.1a, 605, 106.6a): their names and how a case's content needs them. Part of
:mod:`conformance.format.features`, which merges them into its vocabulary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.entering_choices import EntersTapped, PermanentsEnterTapped
from conformance.format import trigger_event_features
from conformance.format.events import DoubleLifeGain, DoubleLifeLoss, ManaAbility, MultiplyMana

FEATURES: dict[str, str] = {
    "event-triggers": "triggered abilities that trigger on events the engine sees (a permanent entering, a creature dying, "
                      "looking back in time, a permanent dealt damage, a player gaining or losing life, counters put on "
                      "a permanent), wait until a player would receive priority, go on the stack in the scripted order "
                      "and resolve top first, remembering the event's amount after replacement "
                      "(CR 603.2, 603.3, 603.3b, 603.6a, 603.10a)",
    "life-gain-replacement": "\"if you would gain life, you gain twice that much life instead\", each once per event, "
                             "lifelink's gain and a life total's doubling included (CR 614.1a, 614.5, 616.1, 701.10d)",
    "life-loss-replacement": "\"if an opponent (you, a player) would lose life, they lose twice that much life instead\", "
                             "each once per event, the life loss from damage included but not the damage (lifelink "
                             "gains the damage dealt) and a negative life total's doubling (CR 614.1a, 614.5, 120.3a, "
                             "702.15b, 701.10d)",
    "mana-abilities": "mana abilities of permanents ({T}: add mana), tapping as their cost, and tapped status "
                      "as an observable (CR 605.1a, 605.3b, 110.5, 701.26a)",
    "mana-replacement": "\"if you tap a permanent for mana, it produces N times as much of that mana instead\", "
                        "several multiplying (CR 106.6a, 614.1a, 616.1)",
}
"""The features of this part, with what an engine that declares one must handle."""
FEATURES.update(trigger_event_features.FEATURES)  # issue 41

RULES: dict[str, tuple[str, ...]] = {
    "event-triggers": ("603.2", "603.3b", "603.10a"),
    "life-gain-replacement": ("614.1a", "614.5"),
    "life-loss-replacement": ("614.1a", "120.3a"),
    "mana-abilities": ("605.1a", "110.5"),
    "mana-replacement": ("106.6a",),
}
RULES.update(trigger_event_features.RULES)  # issue 41

IMPLIED: dict[str, tuple[str, ...]] = {
    "life-gain-replacement": ("life",),
    "life-loss-replacement": ("life",),
    "mana-abilities": ("mana",),
    "mana-replacement": ("mana-abilities",),
}
IMPLIED.update(trigger_event_features.IMPLIED)  # issue 41

_ABILITIES = {DoubleLifeGain: "life-gain-replacement", DoubleLifeLoss: "life-loss-replacement", ManaAbility: "mana-abilities", MultiplyMana: "mana-replacement"}


def ability_features(ability: Any) -> Iterator[str]:
    """The features an ability of this part needs (a ``triggered`` one with an ``event`` included)."""
    if type(ability) in _ABILITIES:
        yield _ABILITIES[type(ability)]
    event = getattr(ability, "event", None)
    if event is not None:
        yield "event-triggers"
        kind = event.kind
        if kind in ("gains_life", "loses_life"):
            yield "life"
        elif kind == "dealt_damage":
            yield "damage"
        elif kind == "counters_put":
            yield "counters"
        elif kind == "dies":
            yield "zone-changes"
        effect = ability.effect
        yield from trigger_event_features.ability_features(kind, effect)  # issue 41
        if effect.put_counters is not None:
            yield "counters"
        elif effect.damage is not None:
            yield "damage"
        elif effect.gain_life is not None or effect.lose_life is not None:
            yield "life"
        elif effect.modify_pt is not None:
            yield "layer-7c"


def case_features(case: Any, all_steps: Any, abilities: Any) -> Iterator[str]:
    """What a case needs of this part: its abilities (each object's, and those effects give,
    ``abilities``), its ``resolve_triggers`` and ``activate_mana`` steps, the ``tapped`` observable."""
    for ability in abilities:
        yield from ability_features(ability)
    for step in all_steps:
        yield from trigger_event_features.step_features(step)  # issue 41
        key = getattr(step, "KEY", None)
        if key == "resolve_triggers":
            yield "event-triggers"
        elif key == "activate_mana":
            yield "mana-abilities"
        elif key == "expect" and any("tapped" in values for values in step.objects.values()) \
                and not any(getattr(s, "KEY", None) == "combat" for s in case.steps) \
                and not any(isinstance(a, (EntersTapped, PermanentsEnterTapped)) for a in abilities):
            # in a case with combat, attacking taps too: "tapping" (features.py); with "enters tapped"
            # abilities, entering does: "enters-tapped", which implies "tapping" (issue 40)
            yield "mana-abilities"
