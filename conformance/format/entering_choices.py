"""Entering tapped, fading, and the colour or creature type chosen as a permanent enters (issue 40;
CR 614.1c, 614.1d, 614.12, 702.32a, 707.5, 707.6).

- ``enters_tapped: {}``: "This enters tapped", a replacement effect of the permanent itself on how
  it enters (614.1c, 614.12: it comes from the permanent, so it applies to it as it enters);
- ``permanents_enter_tapped: {affects: FILTER}``: "[Permanents] enter tapped" (Orb of Dreams:
  ``{affects: {}}``), a replacement effect of a static ability of a permanent on the battlefield
  (614.1d), applying to the other permanents that enter while it is there, judged as they would
  exist on the battlefield (614.12); never to its own permanent entering (it is not on the
  battlefield yet, 614.12's example);
- ``fading: N``: "Fading N": it enters with N fade counters (702.32a, 614.1c); its upkeep trigger is
  not modelled (the loader refuses a case with fading and a beginning of upkeep);
- ``as_enters_choose: {color: true}`` / ``{creature_type: true}`` (abilities.py): "As this enters,
  choose a color / a creature type" (614.12), scripted as ``choices: {color: R}`` / ``{creature_type:
  Goblin}``; never copied (707.6). What refers to it: ``protection: chosen_color`` ("protection from
  the chosen color", 702.16a) and the filter key ``chosen_type: true`` ("of the chosen type") in a
  ``static_pt``'s ``affects``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.expressions import Filter
from conformance.format.frozen import frozen

CHOSEN_COLOR = "chosen_color"
"""The protection quality "the chosen color" (702.16a, 614.12)."""

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
"""A chosen colour (its letter, as ``colors`` write it) as a protection quality's word (105.1)."""


@frozen
class EntersTapped:
    """"This enters tapped" (CR 614.1c): its own replacement effect on how it enters (614.12)."""

    KEY: ClassVar[str] = "enters_tapped"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EntersTapped:
        return cls()


@frozen
class PermanentsEnterTapped:
    """"[Permanents matching ``affects``] enter tapped" (CR 614.1d): a replacement effect of a static
    ability, for the other permanents entering while its own is on the battlefield (614.12)."""

    KEY: ClassVar[str] = "permanents_enter_tapped"
    affects: Filter

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PermanentsEnterTapped:
        return cls(affects=Filter.from_dict(data["affects"]))


@frozen
class Fading:
    """"Fading N" (CR 702.32a): the permanent enters with N fade counters (614.1c, 122.6)."""

    KEY: ClassVar[str] = "fading"
    count: int

    @classmethod
    def from_dict(cls, data: int) -> Fading:
        return cls(data)

    def to_plain(self) -> int:
        return self.count


ENTERING_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (EntersTapped, PermanentsEnterTapped, Fading)}
"""The abilities of this part, by key."""
