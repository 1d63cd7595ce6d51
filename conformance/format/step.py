"""The base class of every step (shared by :mod:`conformance.format.steps` and
:mod:`conformance.format.combat`)."""

from __future__ import annotations

from typing import ClassVar


class Step:
    """Base of every step. ``KEY`` is the step's key in a case file."""

    __slots__ = ()  # (steps are slotted dataclasses, conformance.format.frozen)
    KEY: ClassVar[str]
