"""Triggered abilities on events (CR 603), life-gain replacements (614.1a, 616.1) and mana
abilities with mana replacements (605, 106.6): the abilities, the parts of an ability's effect and
the steps the format has for them.

- A ``triggered`` ability with an ``event`` (:class:`TriggerEvent`) triggers when the engine sees
  that event happen (603.2): a permanent entering (603.6a), a creature dying (700.4, looking back
  in time, 603.10a), a permanent dealt damage, a player gaining or losing life, counters put on a
  permanent. It waits until a player would receive priority, then is put on the stack (603.3);
  a ``resolve_triggers`` step says the order in which they are put there (603.3b) and resolves
  the stack.
- Its effect (``AbilityEffect``) may then put counters, deal damage, make players gain or lose
  life, or give +N/+M, ``that_many`` being the event's amount as it happened (after replacement
  effects modified it, 614.6).
- ``double_life_gain``: "If you would gain life, you gain twice that much life instead."
- ``double_life_loss``: "If an opponent would lose life, they lose twice that much life instead"
  (Bloodletter of Aclazotz, whose "during your turn" the format cannot say: it has no turns).
- ``mana_ability``: "{T}: Add [mana]." (605.1a); ``multiply_mana``: "If you tap a permanent for
  mana, it produces N times as much of that mana instead" (106.6, 614.1a).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.drawing import EffectDraw
from conformance.format.expressions import Filter
from conformance.format.frozen import frozen
from conformance.format.trigger_events import (NEW_EFFECTS, NEW_EVENT_KINDS, BeginningOfStep, CountersEvent, CountersRemoved,
                                               new_event_values)
from conformance.format.values import freeze

THAT_MANY = "that_many"
"""An effect's amount that is the triggering event's amount as it happened ("that much", "that many")."""

LIFE_RELATIONS = ("you", "opponent", "each")
"""Whose life gain or loss a trigger waits for: its controller's, an opponent's, anyone's."""


@frozen
class CountersPut(CountersEvent):
    """"Whenever one or more ``kind`` counters are put on [a permanent ``on`` matches]"."""


@frozen
class TriggerEvent:
    """The event a triggered ability waits for (CR 603.2), exactly one of: ``enters`` (a
    permanent the filter matches enters, 603.6a), ``dies`` (a creature the filter matches is put
    into a graveyard from the battlefield, 700.4, 603.6c), ``dealt_damage`` (a permanent the filter
    matches is dealt damage), ``gains_life`` / ``loses_life`` (you, an opponent or each player,
    119.3), ``counters_put``. Filters are read relative to the ability's controller; ``itself``
    is "this"."""

    enters: Filter | None = None
    dies: Filter | None = None
    dealt_damage: Filter | None = None
    gains_life: str | None = None
    loses_life: str | None = None
    counters_put: CountersPut | None = None
    # casting (casting.py, issue 41): "whenever [a player] casts a [...] spell", 601.2i; the filter
    # matches the spell on the stack (its ``controller`` is the caster, relative to the ability's)
    cast: Filter | None = None
    # issue 41 (trigger_events.py): 508.3a, 510.3a, 503.1a/513.1a, 708.8, 122.1
    attacks: Filter | None = None
    combat_damage_to_player: Filter | None = None
    beginning_of_step: BeginningOfStep | None = None
    turned_face_up: Filter | None = None
    counters_removed: CountersRemoved | None = None
    damage_prevented: Filter | None = None  # issue 41: 615.5

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TriggerEvent:
        values: dict[str, Any] = new_event_values(dict(data))
        for key in ("enters", "dies", "dealt_damage"):
            if key in values:
                values[key] = Filter.from_dict(values[key])
        if "counters_put" in values:
            values["counters_put"] = CountersPut.from_dict(values["counters_put"])
        if "cast" in values:  # a spell is on the stack (601.2a)
            values["cast"] = Filter.from_dict({**values["cast"], "zone": "stack"})
        return cls(**values)

    @property
    def kind(self) -> str:
        """The key of the event it waits for."""
        return next(k for k in EVENT_KINDS if getattr(self, k) is not None)


EVENT_KINDS = ("enters", "dies", "dealt_damage", "gains_life", "loses_life", "counters_put",
               "cast", *NEW_EVENT_KINDS)  # casting, trigger events: issue 41


@frozen
class EffectCounters:
    """Put ``count`` (a number or ``that_many``) ``kind`` counters on ``to``: ``itself`` (the
    ability's object) or ``that`` (the event's permanent)."""

    kind: str
    count: int | str
    to: str = "itself"


@frozen
class EffectDamage:
    """The ability's object deals ``amount`` damage to ``to``: ``that`` (the event's permanent or
    player), ``itself`` or ``you``; or to ``target`` (issue 41, trigger_events.py): any target
    (115.4), a player or a permanent the case names, chosen as the ability is put on the stack."""

    amount: int | str
    to: str | None = None
    target: str | None = None


@frozen
class EffectGainLife:
    """The ability's controller gains ``amount`` life."""

    amount: int | str


@frozen
class EffectLoseLife:
    """``player`` (``you``, ``that``: the event's player, ``each_opponent``) loses ``amount`` life."""

    amount: int | str
    player: str = "each_opponent"


@frozen
class EffectPT:
    """``to`` (``itself`` or ``that``) gets +``power``/+``toughness`` until end of turn (613.4c)."""

    power: int | str = 0
    toughness: int | str = 0
    to: str = "itself"


EVENT_EFFECTS: dict[str, type] = {
    "put_counters": EffectCounters, "damage": EffectDamage, "gain_life": EffectGainLife,
    "lose_life": EffectLoseLife, "modify_pt": EffectPT, **NEW_EFFECTS,
    "draw": EffectDraw,  # issue 40 (drawing.py): 121.1
}
"""The parts of an effect a triggered ability with an event may have, by key."""


@frozen
class DoubleLifeGain:
    """A static ability of its controller: "If you would gain life, you gain twice that much life
    instead" (Boon Reflection, Rhox Faithmender): a replacement effect (614.1a)."""

    KEY: ClassVar[str] = "double_life_gain"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DoubleLifeGain:
        return cls()


@frozen
class DoubleLifeLoss:
    """A static ability of its controller: "If [``player``: an opponent | you | a player] would
    lose life, they lose twice that much life instead" (Bloodletter of Aclazotz): a replacement
    effect (614.1a) on a life-loss event, damage's life loss included (120.3a), not on the damage.
    ``during_your_turn`` (Bloodletter's condition) is refused by the loader: the format has no
    active player."""

    KEY: ClassVar[str] = "double_life_loss"
    player: str = "opponent"
    during_your_turn: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DoubleLifeLoss:
        return cls(**data)


@frozen
class ManaAbility:
    """"{T}: Add ``add``." A mana ability (605.1a): its cost is tapping its permanent; it doesn't
    use the stack (605.3b). ``name`` lets an ``activate_mana`` step name it."""

    KEY: ClassVar[str] = "mana_ability"
    name: str
    add: Mapping[str, int]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ManaAbility:
        return cls(name=data["name"], add=freeze(dict(data["add"])))


@frozen
class MultiplyMana:
    """A static ability of its controller: "If you tap a permanent for mana, it produces
    ``factor`` times as much of that mana instead" (Mana Reflection 2, Nyxbloom Ancient 3): a
    replacement effect on mana production (106.6, 614.1a)."""

    KEY: ClassVar[str] = "multiply_mana"
    factor: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MultiplyMana:
        return cls(factor=data["factor"])


EVENT_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (DoubleLifeGain, DoubleLifeLoss, ManaAbility, MultiplyMana)}
"""Life-gain and life-loss replacements and mana abilities, by key (triggered abilities are ``triggered``)."""
