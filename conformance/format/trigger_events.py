"""More trigger events and trigger effects (issue 41, CR 603.2): the parts of a ``triggered``
ability's ``event`` and ``effect`` beyond those of :mod:`conformance.format.events`, and the
``beginning_of_step`` step.

Events:

- ``attacks: FILTER``: "whenever [a creature the filter matches] attacks": it triggers only as
  the creature is declared as an attacker (508.3a), and resolves in the declare attackers step,
  before blockers are declared (508.2, 117.3b: the combat step's ``attack_triggers`` orders them);
- ``combat_damage_to_player: FILTER``: "whenever [a creature the filter matches] deals combat
  damage to a player": once for each such creature and each player it dealt combat damage to in a
  combat damage step (510.3a, 603.2c), ``that`` being the player and ``that_many`` the damage;
- ``beginning_of_step: {step: upkeep | end, player}``: "at the beginning of [your | an opponent's
  | each] upkeep (end step)" (503.1a, 513.1a), triggered by a ``beginning_of_step`` step, the format
  having no turn structure of its own;
- ``turned_face_up: FILTER``: "when [this permanent] is turned face up" (708.8), judged on the
  permanent face up;
- ``counters_removed: {kind, on: FILTER}``: "whenever one or more [kind] counters are removed from
  [a permanent]" (122.1, 603.2c: once per event), ``that_many`` the number removed;
- ``damage_prevented: FILTER``: "whenever damage that would be dealt to [a permanent the filter
  matches] is prevented" (615.5), ``that`` the permanent, ``that_many`` the damage prevented.

Effects (besides those of events.py): ``remove_counters`` (from itself or the event's permanent,
122.1: as many as there are at most) and ``return_card`` (the ability's object, or the event's, to
its owner's hand or onto the battlefield; 400.7: an object that changed zones is a new object
the ability can't find, except that a "dies" ability finds the card the creature became in the
graveyard, 400.7d). An amount may also be ``its_power``: the power of the ability's object as the
ability resolves (608.2h).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.expressions import Filter
from conformance.format.frozen import frozen
from conformance.format.step import Step
from conformance.format.values import freeze

ITS_POWER = "its_power"
"""An effect's amount that is the power of the ability's object as the ability resolves (608.2h)."""

STEP_NAMES = ("upkeep", "end")
"""The steps whose beginning a ``beginning_of_step`` step marks: the upkeep (503) and the end step (513)."""

PLAYER_EVENTS = ("gains_life", "loses_life", "combat_damage_to_player", "beginning_of_step")
"""The events whose ``that`` is a player, not a permanent."""

AMOUNT_EVENTS = ("dealt_damage", "gains_life", "loses_life", "counters_put", "counters_removed",
                 "combat_damage_to_player", "cast", "damage_prevented")
"""The events with an amount (``that_many``; of a cast event, the spell's mana value, 202.3e)."""

NEW_EVENT_KINDS = ("attacks", "combat_damage_to_player", "beginning_of_step", "turned_face_up", "counters_removed",
                   "damage_prevented")
"""The event kinds of this module (issue 41), in :data:`events.EVENT_KINDS` after the others."""


@frozen
class CountersEvent:
    """Counters of ``kind`` put on or removed from a permanent ``on`` matches: the shape of the
    ``counters_put`` and ``counters_removed`` events."""

    kind: str
    on: Filter

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        return cls(kind=data["kind"], on=Filter.from_dict(data["on"]))


@frozen
class CountersRemoved(CountersEvent):
    """"Whenever one or more ``kind`` counters are removed from [a permanent ``on`` matches]"."""


@frozen
class BeginningOfStep:
    """"At the beginning of [``player``'s] ``step``": ``player`` is ``you`` (the ability's
    controller), ``opponent`` or ``each`` (503.1a, 513.1a)."""

    step: str
    player: str = "you"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BeginningOfStep:
        return cls(**data)


def new_event_values(values: dict[str, Any]) -> dict[str, Any]:
    """The values of a :class:`events.TriggerEvent`'s fields of this module, parsed."""
    for key in ("attacks", "combat_damage_to_player", "turned_face_up", "damage_prevented"):
        if key in values:
            values[key] = Filter.from_dict(values[key])
    if "counters_removed" in values:
        values["counters_removed"] = CountersRemoved.from_dict(values["counters_removed"])
    if "beginning_of_step" in values:
        values["beginning_of_step"] = BeginningOfStep.from_dict(values["beginning_of_step"])
    return values


@frozen
class EffectRemoveCounters:
    """Remove ``count`` (a number, ``that_many`` or ``its_power``) ``kind`` counters from ``to``:
    ``itself`` or ``that`` (the event's permanent); as many as it has at most (122.1)."""

    kind: str
    count: int | str
    to: str = "itself"


@frozen
class EffectReturnCard:
    """Put ``object`` (``itself``: the ability's object, ``that``: the event's) into its owner's
    hand or onto the battlefield (``to``), if the ability can still find it (400.7)."""

    to: str
    object: str = "itself"


@frozen
class EffectCreateToken:
    """The ability's controller creates ``count`` tokens with the characteristics ``card`` gives
    (111.1, 111.2, 111.4), as many as token replacement effects make (614.1a), named ``tokens`` in
    the order they are created (as a ``create_token`` step names them)."""

    card: Mapping[str, Any]  # plain (frozen): a card's abilities hold this effect, so no objects.Card here
    tokens: tuple[str, ...]
    count: int = 1

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EffectCreateToken:
        return cls(card=freeze(dict(data["card"])), tokens=tuple(data["tokens"]), count=data.get("count", 1))


NEW_EFFECTS: dict[str, type] = {"remove_counters": EffectRemoveCounters, "return_card": EffectReturnCard,
                                "create_token": EffectCreateToken}
"""The effects of this module, by key (merged into :data:`events.EVENT_EFFECTS`)."""


@frozen
class BeginningOfStepStep(Step):
    """The ``player``'s upkeep or end step (``step``) begins: the "at the beginning of" triggered
    abilities trigger (503.1a, 513.1a) and wait until a player would receive priority (603.3); the
    step before it ended, so mana pools are empty (500.4). Only that: the format plays no untap, no
    draw, no turn change (the cleanup step is ``end_turn``)."""

    KEY: ClassVar[str] = "beginning_of_step"
    step: str
    player: str
