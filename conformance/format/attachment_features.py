"""The feature of Auras and Equipment (issue 40; :mod:`conformance.format.attachments`): its name and
how a case's content needs it. Part of :mod:`conformance.format.features`, which merges it into its
vocabulary.

An Equipment attached to nothing does nothing a rule of the format acts on (301.5), so an Equipment
card alone needs nothing new; an Aura does (attached to nothing, it goes to the graveyard, 704.5m)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from conformance.format.attachments import AURA, Attach, Enchant, Unattach
from conformance.format.expressions import Filter
from conformance.format.objects import Choices

FEATURES: dict[str, str] = {
    "attachments": "Auras and Equipment: permanents attached to another (declared so, attached by an effect or an "
                   "equip ability resolving, an Aura entering attached to what its controller chooses); \"enchanted\" "
                   "and \"equipped\" static abilities applying to what their object is attached to, in their "
                   "layers; a new timestamp for an Aura or Equipment each time it becomes attached, which the "
                   "abilities it grants follow in their order; an Aura attached illegally or to nothing put into "
                   "its owner's graveyard, an Equipment attached illegally unattached and left on the battlefield "
                   "(CR 301.5, 303.4, 701.3, 613.7a, 613.7e, 704.5m, 704.5n, 704.5p)",
}
"""The feature of this part, with what an engine that declares it must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "attachments": ("301.5", "303.4", "613.7e", "701.3", "704.5m", "704.5n"),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "attachments": ("static-abilities",),
}


def features(case: Any) -> Iterator[str]:
    """``attachments`` if the case has anything attached, attaching, or an Aura anywhere."""
    if any(spec.attached_to is not None for spec in case.objects) or _mentions((case.objects, case.steps)):
        yield "attachments"


def _mentions(value: object) -> bool:
    """Whether ``value`` (cards, abilities, steps, effects) holds an Aura subtype, an enchant ability,
    an ``attached`` filter, an attach or unattach step, or an Aura's choice of what it enchants."""
    if isinstance(value, (Enchant, Attach, Unattach)):
        return True
    if isinstance(value, Filter):
        return bool(value.attached) or AURA in value.subtypes
    if isinstance(value, Choices):
        return value.attach_to is not None
    if isinstance(value, str):
        return value == AURA
    if isinstance(value, (tuple, list)):
        return any(_mentions(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_mentions(getattr(value, f.name)) for f in dataclasses.fields(value)
                   if f.name not in ("id", "name", "label", "ability", "object", "to", "controller", "owner"))
    return False
