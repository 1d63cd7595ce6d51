"""Prevention and redirection variants (issue 41, item 2): the additional effects of a prevention
effect (CR 615.5) beyond counters on its own permanent, "damage can't be prevented" as a static
ability (615.12), and a permanent's static redirection of damage (Palisade Giant, 614.9, 614.1a).
A ``prevent_damage`` ability's ``to_player`` (615.1: "damage that would be dealt to you") is a field
of :class:`conformance.format.abilities.PreventDamageAbility`; a prevention step's ``then`` and a
damage step's ``cant_be_redirected`` are fields of the steps (steps.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.expressions import Filter
from conformance.format.frozen import frozen

PLAYER_RELATIONS = ("you", "opponent", "any")
"""Whom a ``to_player`` names, relative to the ability's controller."""

SOURCE_CONTROLLER = "source_controller"
"""``deal_damage``'s recipient "that source's controller": the controller of the source whose
damage was prevented, as it is as the damage would have been dealt (Deflecting Palm)."""


@frozen
class PreventionExtra:
    """The additional effect of a prevention effect (CR 615.5), one for each 1 damage prevented
    this way (``for_each: prevented``) or for each 1 damage the effect was applied to, "that many"
    (``for_each: damage``: under 615.12 that damage need not have been prevented). Exactly one of:
    ``put_counters`` or ``remove_counters`` of that kind on the effect's own object (Phyrexian
    Hydra, Protean Hydra); ``gain_life``: the effect's controller gains that much life (Reverse
    Damage); ``deal_damage``: the effect's object deals that much damage to a player, an object, or
    ``source_controller`` (Deflecting Palm)."""

    put_counters: str | None = None
    remove_counters: str | None = None
    gain_life: bool | None = None  # true, or absent (so the plain form of a counters effect is unchanged)
    deal_damage: str | None = None
    for_each: str = "prevented"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PreventionExtra:
        return cls(**data)

    @property
    def counters(self) -> bool:
        """Whether it puts or removes counters (on the effect's object)."""
        return self.put_counters is not None or self.remove_counters is not None


class _Filtered:
    """An ability whose ``FILTERS`` keys hold filters (read by :meth:`Filter.from_dict`)."""

    FILTERS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        return cls(**{k: Filter.from_dict(v) if k in cls.FILTERS else v for k, v in data.items()})


@frozen
class DamageCantBePrevented(_Filtered):
    """"Damage [combat damage] that would be dealt by sources [``by``] can't be prevented" (Questing
    Beast's "combat damage that would be dealt by creatures you control", a creature's own
    ``by: {itself: true}``): such damage is damage that can't be prevented (615.12), whoever it
    is dealt to; ``by`` is read relative to the ability's controller, on the source as it deals
    the damage (613.1)."""

    KEY: ClassVar[str] = "damage_cant_be_prevented"
    FILTERS: ClassVar[tuple[str, ...]] = ("by",)
    by: Filter | None = None
    combat: bool = False


@frozen
class StaticRedirection(_Filtered):
    """"All damage that would be dealt to [``to_player``] and [permanents ``to`` matches] is dealt
    to this permanent instead" (Palisade Giant: ``{to_player: you, to: {controller: you}}``): a
    redirection effect (614.9), a replacement effect of a static ability (614.1a). It never
    redirects damage dealt to its own permanent ("other"); it does nothing once its permanent is
    not a creature or planeswalker (614.9). ``to`` and ``to_player`` are relative to the
    ability's controller; at least one is given."""

    KEY: ClassVar[str] = "redirect_damage"
    FILTERS: ClassVar[tuple[str, ...]] = ("to",)
    to: Filter | None = None
    to_player: str | None = None


PREVENTION_VARIANT_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (DamageCantBePrevented, StaticRedirection)}
"""The abilities of this module, by key."""
