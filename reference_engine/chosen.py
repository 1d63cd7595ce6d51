"""What refers to a colour or creature type chosen as a permanent entered (CR 614.12, issue 40):
the choice is part of the permanent's status (never copied, 707.6); "protection from the chosen
color" (702.16a) and "[creatures] of the chosen type" read it. With none chosen, there is no such
protection and the filter matches nothing. Made as it enters: :mod:`reference_engine.entering`."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from conformance.format import model as s

if TYPE_CHECKING:
    from reference_engine.objects import GameObject


def resolved_protection(game: Any, obj: GameObject, ability: s.Protection) -> s.Protection | None:
    """``obj``'s protection ``ability``, "the chosen color" read as the colour chosen as it entered
    (614.12, 702.16a); ``None`` if none was chosen (it protects from nothing)."""
    if ability.quality != s.CHOSEN_COLOR:
        return ability
    color = game.peek_status(obj).chosen_color
    return None if color is None else s.Protection(s.COLOR_WORDS[color])


def resolved_static_pt(game: Any, source: GameObject, ability: Any) -> Any:
    """A ``static_pt`` ability whose filter says "of the chosen type", read with the creature type
    chosen as ``source`` entered (614.12), or ``None`` if none was (it affects nothing)."""
    if not ability.affects.chosen_type:
        return ability
    kind = game.peek_status(source).chosen_type if game is not None else None
    if kind is None:
        return None
    affects = dataclasses.replace(ability.affects, chosen_type=None, subtypes=(*ability.affects.subtypes, kind))
    return dataclasses.replace(ability, affects=affects)
