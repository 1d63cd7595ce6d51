"""Destruction and regeneration (issue 40): the ``destroy`` and ``regenerate`` steps.

- ``destroy: {object, cant_be_regenerated}``: a resolving spell or ability destroys the permanent
  (CR 701.8a: it is moved from the battlefield to its owner's graveyard); an indestructible one is
  not destroyed (702.12b). With ``cant_be_regenerated: true`` no regeneration shield replaces it
  (101.2, 614.8: "it can't be regenerated").
- ``regenerate: {object}``: a resolving spell or ability regenerates the permanent: a replacement
  effect, a "regeneration shield" (701.19a, 614.8), for the next time this turn it would be
  destroyed, by an effect or by a state-based action (704.5g lethal damage, 704.5h deathtouch):
  instead all damage is removed from it, its controller taps it and, if it is attacking or
  blocking, it is removed from combat. A shield must exist before the destruction to replace it
  (614.4): one created after the permanent was destroyed finds a new object in the graveyard
  (400.7) and does nothing.
"""

from __future__ import annotations

from typing import ClassVar

from conformance.format.frozen import frozen
from conformance.format.step import Step


@frozen
class Destroy(Step):
    """``object`` is destroyed (CR 701.8a), unless a regeneration shield replaces it (701.19a) or
    it is indestructible (702.12b); ``cant_be_regenerated``: no shield replaces it (101.2, 614.8)."""

    KEY: ClassVar[str] = "destroy"
    object: str
    cant_be_regenerated: bool = False


@frozen
class Regenerate(Step):
    """A regeneration shield on ``object`` (CR 701.19a): the next time this turn it would be
    destroyed, it is instead tapped, its damage removed, and it is removed from combat."""

    KEY: ClassVar[str] = "regenerate"
    object: str


REGENERATION_STEPS: tuple[type[Step], ...] = (Destroy, Regenerate)
"""The steps of this module."""
