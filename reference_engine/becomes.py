"""What "becomes" effects do in each of layers 2-6 (CR 613.1b-f): control, types, colours, abilities.

An effect that becomes several things applies each part in its own layer (613.6). Its layer 7b
part (it "becomes 2/2") is a separate :class:`~reference_engine.objects.PTEffect` with the same
timestamp and the same set of objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from conformance.format.frozen import frozen
from conformance.format.model import Change
from conformance.format.subtypes import replace_subtypes, sets_creature_types
from reference_engine.characteristics import Values

CONTROL, TEXT, TYPE, COLOR, ABILITY = 2, 3, 4, 5, 6
"""Layers 2-6 (CR 613.1b-f)."""


@frozen
class ChangeEffect:
    """A continuous effect of a resolved spell or ability making the objects ``affected`` (a set
    locked as it was created, 611.2c, 613.6) become something, in layers 2-6. ``controller`` is
    who controls the effect (the one who gains control, 613.1b). ``sublayer`` is ``None``: its
    layer 7 part is a separate effect."""

    affected: frozenset[tuple[str, int]]
    timestamp: int
    change: Change
    controller: str
    until: str = "end_of_turn"
    id: str | None = None
    sublayer: None = None


@dataclass
class Working:
    """An object's characteristics while layers 2-6 apply to it."""

    values: Values
    controller: str | None
    on_battlefield: bool

    def copy(self) -> Working:
        return Working(self.values, self.controller, self.on_battlefield)


def layers_of(change: Change) -> set[int]:
    """The layers (2-6, and 7 for setting power/toughness) in which ``change`` does something."""
    found = set()
    if change.gain_control:
        found.add(CONTROL)
    if change.types is not None or change.subtypes is not None or change.supertypes is not None \
            or change.add_types or change.add_subtypes or change.add_supertypes:
        found.add(TYPE)
    if change.colors is not None:
        found.add(COLOR)
    if change.gains or change.loses or change.loses_all_abilities:
        found.add(ABILITY)
    if change.power is not None or change.toughness is not None:
        found.add(7)
    return found


def apply(layer: int, change: Change, work: Working, *, controller: str, timestamp: int) -> None:
    """Apply the part of ``change`` that belongs to ``layer`` to ``work``."""
    values = work.values
    if layer == CONTROL and change.gain_control and work.on_battlefield:
        work.controller = controller  # 613.1b: the controller of the effect gains control
    elif layer == TYPE:
        # 205.1a: new card types (supertypes) replace the old, new subtypes replace those of their
        # kinds only (a creature type replaces creature types; land types, artifact types ... stay);
        # 205.1b: "in addition to its other types" / "still a ..." keeps them. The subtypes are kept as
        # given: the object has those that correspond to its card types after this layer (205.3d,
        # Values.has_subtypes), so an Illusion given to a noncreature appears once it is a creature.
        types = values.types if change.types is None else change.types
        subtypes = values.subtypes if change.subtypes is None else replace_subtypes(values.subtypes, change.subtypes)
        supertypes = values.supertypes if change.supertypes is None else change.supertypes
        values = values.with_(
            types=types + tuple(t for t in change.add_types if t not in types),
            subtypes=subtypes + tuple(t for t in change.add_subtypes if t not in subtypes),
            supertypes=supertypes + tuple(t for t in change.add_supertypes if t not in supertypes),
            every_creature_type=values.every_creature_type and not (
                change.subtypes is not None and sets_creature_types(change.subtypes)),
        )
    elif layer == COLOR and change.colors is not None:
        values = values.with_(colors=change.colors)
    elif layer == ABILITY:
        abilities = () if change.loses_all_abilities else values.abilities
        if change.loses:
            abilities = tuple((a, ts) for a, ts in abilities if a not in change.loses)
        abilities += tuple((a, timestamp) for a in change.gains)  # 613.7a: the granting effect's timestamp
        values = values.with_(abilities=abilities)
    work.values = values
