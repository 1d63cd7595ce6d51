"""Auras and Equipment (issue 40): permanents attached to other permanents (CR 301.5, 303.4, 701.3).

- ``enchant: FILTER`` (:class:`Enchant`): the Aura's enchant ability, what it can be attached to
  (702.5a; two or more: all apply, 702.5c), the filter relative to the Aura's controller;
- an object's ``attached_to`` (``ObjectSpec``): what an Aura or Equipment declared on the battlefield
  is attached to as the case starts;
- a filter's ``attached: true``: "enchanted [permanent]" / "equipped creature", the object the
  ability's own object is attached to (303.4b, 301.5a), so "Equipped creature gets +2/+2" is a
  ``static_pt`` whose ``affects`` is ``{attached: true}``;
- the ``attach`` step (:class:`Attach`): an effect attaching it to a permanent (701.3a), with a new
  timestamp (613.7e); an equip ability resolving is one (702.6a; attaching is not targeting);
- the ``unattach`` step (:class:`Unattach`): 701.3d;
- ``choices: {attach_to: OBJ}``: what an Aura entering the battlefield other than by resolving
  enchants, chosen as it enters (303.4f).

State-based actions (704.5m, 704.5n, 704.5p) are the reference engine's
(:mod:`reference_engine.attachments`). An Aura spell's target (303.4a), enchanting a player,
Fortifications (301.6) and protection's "can't be enchanted or equipped" (702.16c-d) are not
modelled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.expressions import Filter
from conformance.format.frozen import frozen
from conformance.format.plain import plain_value
from conformance.format.step import Step

AURA, EQUIPMENT = "Aura", "Equipment"
"""The subtypes that make a permanent attachable (205.3h: an enchantment type; 205.3g: an artifact type)."""


@frozen
class Enchant:
    """"Enchant [what]" (CR 702.5a): what this Aura can legally be attached to, ``what`` matched
    relative to the Aura's controller, on the battlefield (enchanting a player is not modelled)."""

    KEY: ClassVar[str] = "enchant"
    what: Filter

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Enchant:
        return cls(what=Filter.from_dict(data))

    def to_plain(self) -> dict[str, Any]:
        return plain_value(self.what)


ATTACHMENT_ABILITIES: dict[str, type] = {Enchant.KEY: Enchant}
"""The abilities of this module, by key."""


@frozen(kw_only=True)
class Attach(Step):
    """An effect attaches ``object`` (an Aura or Equipment) to ``to`` (CR 701.3a): it gets a new
    timestamp (613.7e, 701.3c); if ``to`` is something it can't be attached to, it doesn't move,
    and to what it is already attached to, nothing happens (701.3b)."""

    KEY: ClassVar[str] = "attach"
    object: str
    to: str


@frozen(kw_only=True)
class Unattach(Step):
    """An effect unattaches ``object`` (CR 701.3d): it stays on the battlefield, attached to nothing."""

    KEY: ClassVar[str] = "unattach"
    object: str


ATTACHMENT_STEPS: tuple[type[Step], ...] = (Attach, Unattach)
"""The steps of this module."""
