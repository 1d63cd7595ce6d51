"""Targets (issue 40): what may and may not be the target of a spell or ability (CR 115, 601.2c,
608.2b), and an activated ability dealing damage to targets the case names.

- ``shroud`` (a keyword, 702.18a): "can't be the target of spells or abilities";
- ``hexproof`` (a keyword, 702.11b): "can't be the target of spells or abilities your opponents
  control" (the permanent's controller's opponents);
- ``protection`` (702.16b, abilities.py): can't be the target of spells with the quality, nor of
  abilities from a source with it;
- ``cant_be_targeted: {affects: FILTER, by: opponent | each}`` (a static ability, 115.1): "[the
  permanents ``affects`` matches] can't be the target of spells or abilities [your opponents
  control]", ``by`` relative to the ability's controller;
- ``damage_targets: [{amount}, {amount, chosen_by: opponent}]`` (an activated ability's effect):
  "[this] deals N damage to any target (115.4) [and N damage to any target of an opponent's
  choice]", one target per part, named by the ``activate`` step's ``targets`` in order, the parts
  an opponent chooses chosen by its ``chooser`` (Cuombajj Witches, 801.5a).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.expressions import Filter
from conformance.format.frozen import frozen

SHROUD = "shroud"
HEXPROOF = "hexproof"
TARGET_KEYWORDS = (HEXPROOF, SHROUD)
"""The keywords about targeting (702.11, 702.18)."""

TARGETING_BY = ("opponent", "each")
"""Whose spells and abilities a ``cant_be_targeted`` ability names, relative to its controller."""

OPPONENT = "opponent"
"""A part of a ``damage_targets`` effect whose target an opponent of its controller chooses."""


@frozen
class CantBeTargeted:
    """"[Permanents ``affects`` matches] can't be the target of spells or abilities [your opponents
    control]" (115.1, 601.2c): ``by: opponent`` (default ``each``: anyone's), relative to this
    ability's controller; ``affects`` as a static ability's, matched now (613.1)."""

    KEY: ClassVar[str] = "cant_be_targeted"
    affects: Filter
    by: str = "each"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CantBeTargeted:
        return cls(affects=Filter.from_dict(data["affects"]), by=data.get("by", "each"))


@frozen
class DamageTarget:
    """One part of a ``damage_targets`` effect: ``amount`` damage to its target, chosen by the
    ability's controller, or by an opponent of theirs (``chosen_by: opponent``, 801.5a)."""

    amount: int
    chosen_by: str | None = None


@frozen
class DamageTargets:
    """An activated ability's effect: its object deals each part's damage to that part's target
    (115.4: any target, a player or a creature, planeswalker or battle), the targets chosen as it is
    activated (601.2c, 602.2b) and checked again as it resolves (608.2b)."""

    parts: tuple[DamageTarget, ...]

    @classmethod
    def from_dict(cls, data: list[Mapping[str, Any]]) -> DamageTargets:
        return cls(tuple(DamageTarget(**part) for part in data))

    def to_plain(self) -> list[dict[str, Any]]:
        return [{"amount": p.amount, **({"chosen_by": p.chosen_by} if p.chosen_by else {})} for p in self.parts]


TARGET_ABILITIES: dict[str, type] = {CantBeTargeted.KEY: CantBeTargeted}
"""The abilities of this module, by key."""

TARGET_EFFECTS: dict[str, type] = {"damage_targets": DamageTargets}
"""The activated abilities' effects of this module, by key."""
