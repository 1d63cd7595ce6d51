"""The differential property of Auras and Equipment (issue 40; CR 301.5, 303.4, 613.7a, 613.7e,
701.3, 704.5m, 704.5n, 704.5p): on scenarios of :mod:`strategies._internal.attachments`, the engine
reports what the reference engine reports. Drawn by this property only, so no other property's
examples change (the entry is the last of :data:`conformance.laws.catalogue.PROPERTIES`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hypothesis import event

from conformance.laws.property import agrees_with_reference
from strategies._internal.attachments import NEEDS, attachment_scenarios
from strategies._internal.attachments import usable as _usable

if TYPE_CHECKING:
    from conformance.laws.property import Subject

RULES = ("301.5", "303.4", "613.7a", "613.7e", "701.3", "704.5m", "704.5n", "704.5p")
"""The rules the property checks."""


def attachments_agree_with_reference(subject: Subject, data: Any, features: frozenset[str]) -> None:
    """On generated scenarios with Auras and Equipment attached, moved, unattached and falling off,
    the engine reports what the reference engine reports, for every object value both report."""
    case = data.draw(attachment_scenarios(features=frozenset(features)), label="scenario")
    for step in case.steps:
        event(f"step {step.KEY}")
    agrees_with_reference(subject, case)


def usable(features: frozenset[str]) -> bool:
    """An engine with attachments, static abilities and one kind of ability an attachment has here."""
    return _usable(features)


__all__ = ["NEEDS", "RULES", "attachments_agree_with_reference", "usable"]
