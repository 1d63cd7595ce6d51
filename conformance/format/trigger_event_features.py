"""The features of the trigger events and effects of issue 41 (trigger_events.py; CR 508.3a,
510.3a, 503.1a, 513.1a, 708.8, 122.1, 608.2h, 400.7d): their names and how a case's content needs
them. Part of :mod:`conformance.format.event_features`, which yields them beside its own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.trigger_events import ITS_POWER

FEATURES: dict[str, str] = {
    "attack-triggers": "\"whenever [a creature] attacks\": triggering only as the creature is declared as an attacker "
                       "(not as a blocker), resolving in the declare attackers step before blockers are declared, in "
                       "the order the combat step's attack_triggers gives (CR 508.3a, 508.2, 603.3b)",
    "combat-damage-triggers": "\"whenever [a creature] deals combat damage to a player\": once per creature and player "
                              "in each combat damage step (twice with double strike, the first resolving between the "
                              "steps), \"that much\" the damage dealt to that player, never for damage dealt to a "
                              "creature or planeswalker (CR 510.3a, 510.2, 603.2c)",
    "step-triggers": "\"at the beginning of your (an opponent's, each) upkeep (end step)\", triggered by a "
                     "beginning_of_step step naming whose step it is (CR 503.1a, 513.1a)",
    "face-up-triggers": "\"when this is turned face up\": triggering on the permanent turned face up, with no enters "
                        "abilities triggering (CR 708.8, 603.2)",
    "counters-removed-triggers": "\"whenever one or more [kind] counters are removed from [a permanent]\": once per "
                                 "event, whatever removes them (a step, a loyalty cost, damage to a planeswalker, a "
                                 "prevention effect's additional effect, +1/+1 and -1/-1 counters annihilating), "
                                 "\"that many\" those actually removed (CR 122.1, 603.2c, 120.3c, 606.4, 704.5q)",
    "trigger-counter-removal": "a triggered ability's effect removing counters from its object or the event's "
                               "permanent, as many as it has at most (CR 122.1)",
    "trigger-returns": "a triggered ability's effect returning its object or the event's to its owner's hand or onto "
                       "the battlefield, finding a creature that died in the graveyard but no other object that "
                       "changed zones (CR 400.7, 400.7d, 603.6a)",
    "trigger-power-amounts": "an amount of a triggered ability's effect equal to its object's power as it resolves, "
                             "0 if negative (CR 608.2h, 107.1b)",
    # issue 41, item 1 (second part): any target, damage prevented, tokens
    "trigger-damage-any-target": "a triggered ability's effect dealing damage to any target the case names (a player, "
                                 "creature, planeswalker or battle), chosen as it is put on the stack; its source the "
                                 "ability's object, replacement and prevention effects applying as to any damage; "
                                 "nothing dealt if the target is no longer legal as it resolves (CR 115.4, 603.3d, 608.2b)",
    "prevented-triggers": "\"whenever damage that would be dealt to [a permanent] is prevented\": once for each prevention "
                          "effect that prevents damage to it in a damage event, \"that much\" the damage prevented, "
                          "not for damage that can't be prevented (CR 615.5, 615.12, 603.2)",
    "trigger-tokens": "a triggered ability's effect creating tokens with the characteristics it gives, under the "
                      "ability's controller, as many as token replacement effects make, entering the battlefield "
                      "(CR 111.1, 111.2, 111.4, 614.1a)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "attack-triggers": ("508.3a",),
    "combat-damage-triggers": ("510.3a",),
    "step-triggers": ("503.1a", "513.1a"),
    "face-up-triggers": ("708.8",),
    "counters-removed-triggers": ("122.1", "603.2c"),
    "trigger-counter-removal": ("122.1",),
    "trigger-returns": ("400.7",),
    "trigger-power-amounts": ("608.2h",),
    "trigger-damage-any-target": ("115.4", "603.3d"),
    "prevented-triggers": ("615.5",),
    "trigger-tokens": ("111.1", "111.2"),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "attack-triggers": ("event-triggers", "combat"),
    "combat-damage-triggers": ("event-triggers", "combat"),
    "step-triggers": ("event-triggers",),
    "face-up-triggers": ("event-triggers", "face-down"),
    "counters-removed-triggers": ("event-triggers", "counters"),
    "trigger-counter-removal": ("event-triggers", "counters"),
    "trigger-returns": ("event-triggers", "zone-changes"),
    "trigger-power-amounts": ("event-triggers",),
    "trigger-damage-any-target": ("event-triggers",),
    "prevented-triggers": ("event-triggers", "prevention"),
    "trigger-tokens": ("event-triggers", "token-creation"),
}

_EVENTS = {"attacks": "attack-triggers", "combat_damage_to_player": "combat-damage-triggers",
           "beginning_of_step": "step-triggers", "turned_face_up": "face-up-triggers",
           "counters_removed": "counters-removed-triggers", "damage_prevented": "prevented-triggers"}
_EFFECTS = {"remove_counters": "trigger-counter-removal", "return_card": "trigger-returns", "create_token": "trigger-tokens"}


def ability_features(kind: str, effect: Any) -> Iterator[str]:
    """The features of a triggered ability waiting for an event of ``kind`` with ``effect``."""
    if kind in _EVENTS:
        yield _EVENTS[kind]
    for key, feature in _EFFECTS.items():
        if getattr(effect, key) is not None:
            yield feature
    if effect.damage is not None and effect.damage.target is not None:
        yield "trigger-damage-any-target"
    for part in (getattr(effect, key) for key in ("put_counters", "damage", "gain_life", "lose_life", "modify_pt",
                                                   "remove_counters")):
        if part is not None and ITS_POWER in (getattr(part, f, None) for f in ("count", "amount", "power", "toughness")):
            yield "trigger-power-amounts"


def step_features(step: Any) -> Iterator[str]:
    """A ``beginning_of_step`` step needs step-triggers; a combat's ``attack_triggers``, attack-triggers."""
    key = getattr(step, "KEY", None)
    if key == "beginning_of_step":
        yield "step-triggers"
    elif key == "combat" and step.attack_triggers:
        yield "attack-triggers"
