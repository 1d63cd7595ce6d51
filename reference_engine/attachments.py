"""Auras and Equipment (issue 40): what is attached to what, attaching, and the state-based actions
of illegal attachment.

- 301.5, 301.5a  an Equipment is attached to a creature; its "equipped creature" abilities apply to it
                 (a filter's ``attached``: :func:`reference_engine.filters.matches`);
- 301.5c         an Equipment that is also a creature, or no longer an Equipment, can't equip; an
                 Equipment can't equip itself;
- 303.4, 303.4b  an Aura is attached to what it enchants, as its enchant abilities allow (702.5a;
                 all of them, 702.5c); 303.4d: not itself; 303.4f: an Aura entering the battlefield
                 other than by resolving enchants what its controller chooses as it enters;
- 701.3a-c       attaching takes it from where it is to the new object, with a new timestamp (613.7e,
                 701.3c); to what it can't be attached to, it doesn't move; to what it is attached
                 to, nothing happens; 701.3d: unattaching leaves it on the battlefield;
- 613.7e         the new timestamp renews its static abilities' effects, and those of abilities an
                 effect granted it later keep their order after them (613.7a; :mod:`layers_1_to_6`);
- 704.5m         an Aura attached illegally or to nothing goes to its owner's graveyard;
- 704.5n, 704.5p an Equipment attached illegally, and any other permanent attached to something
                 (a creature, a permanent that is neither Aura nor Equipment), become unattached
                 and stay on the battlefield.

Refused (Unsupported): protection's "can't be enchanted or equipped" (702.16c-d), an Aura that is also
a creature or also an Equipment, Fortifications (301.6), an Aura attached to nothing as it entered
another way than a scripted choice (303.4f-g: a token, a card returned by an ability), attaching a
card from another zone (it would enter the battlefield).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format.model import AURA, EQUIPMENT, Choices, Enchant, Protection
from reference_engine import layers
from reference_engine.entering import IllegalChoice
from reference_engine.filters import matches
from reference_engine.objects import GameObject

if TYPE_CHECKING:
    from reference_engine.state import GameState

NOTHING = ("", -1)
"""What an Aura or Equipment unattached by an effect (701.3d) is attached to: nothing, as the state of
a permanent that was attached (an Aura's ``attached_to`` of ``None`` is one that never was)."""

FORTIFICATION = "Fortification"


def set_up(game: GameState) -> None:
    """The attachments the case starts with (its objects' ``attached_to``)."""
    for spec in game.case.objects:
        if spec.attached_to is not None:
            game.objects[spec.id].attached_to = game.objects[spec.attached_to].ref
    game.characteristics_changed()


def attached_object(game: GameState, obj: GameObject) -> GameObject | None:
    """The permanent ``obj`` is attached to, if that object is still on the battlefield (400.7: one
    that left is a new object, ``obj`` is attached to nothing)."""
    ref = obj.attached_to
    if ref is None or ref == NOTHING:
        return None
    other = game.objects.get(ref[0])
    return other if other is not None and other.ref == ref and other.zone == "battlefield" else None


def _kind(game: GameState, obj: GameObject) -> str | None:
    """``AURA``, ``EQUIPMENT`` or ``None`` for what ``obj`` is now (its subtypes after layer 4)."""
    subtypes = layers.characteristics(game, obj).values.has_subtypes
    if FORTIFICATION in subtypes:
        raise Unsupported(f"{obj.id} is a Fortification (CR 301.6): not modelled")
    aura, equipment = AURA in subtypes, EQUIPMENT in subtypes
    if aura and equipment:
        raise Unsupported(f"{obj.id} is both an Aura and an Equipment: not modelled")
    return AURA if aura else EQUIPMENT if equipment else None


def can_be_attached(game: GameState, obj: GameObject, target: GameObject) -> bool:
    """Whether ``obj`` may legally be attached to the permanent ``target`` now (301.5c, 303.4,
    702.5a, 702.5c), as its characteristics are after the layers."""
    kind = _kind(game, obj)
    chars = layers.characteristics(game, obj)
    target_chars = layers.characteristics(game, target)
    if kind is None or "creature" in chars.values.types or target.ref == obj.ref or target.zone != "battlefield":
        return False  # 704.5p, 301.5c, 303.4d
    if target_chars.values.has_ability(Protection):
        raise Unsupported(f"{obj.id} is attached to {target.id}, which has protection: whether it can be "
                          "enchanted or equipped (CR 702.16c-d) is not modelled")
    if kind == EQUIPMENT:
        return "creature" in target_chars.values.types  # 301.5
    enchants = chars.values.has_ability(Enchant)
    if not enchants:
        raise Unsupported(f"{obj.id} is an Aura with no enchant ability: what it can enchant (CR 702.5a) is unknown")
    you = chars.controller or obj.owner
    return all(matches(e.what, target, you=you, source=obj, chars=target_chars) for e in enchants)  # 702.5c


def attach(game: GameState, obj: GameObject, target: GameObject) -> None:
    """701.3a: ``obj`` becomes attached to ``target``, with a new timestamp (613.7e, 701.3c); to
    what it can't be attached to it doesn't move, to what it is attached to nothing happens (701.3b)."""
    if obj.zone != "battlefield":
        raise Unsupported(f"attaching {obj.id} from the {obj.zone} would put it onto the battlefield: not modelled")
    if _kind(game, obj) is None:
        raise Unsupported(f"{obj.id} is neither an Aura nor an Equipment now: what attaching it does (CR 701.3a) is "
                          "not modelled")
    if target.zone != "battlefield" or obj.attached_to == target.ref or not can_be_attached(game, obj, target):
        return
    obj.attached_to = target.ref
    obj.timestamp = game.tick()  # 613.7e
    game.characteristics_changed()


def unattach(game: GameState, obj: GameObject) -> None:
    """701.3d: ``obj`` stays on the battlefield attached to nothing (an Aura then goes, 704.5m)."""
    if obj.zone == "battlefield" and obj.attached_to is not None and obj.attached_to != NOTHING:
        obj.attached_to = NOTHING
        game.characteristics_changed()


def entered(game: GameState, obj: GameObject, choices: Choices | None) -> None:
    """303.4f: an Aura that has just entered the battlefield (not by resolving) is attached to what
    its controller chose as it entered, which must be a legal object for it."""
    chosen = choices.attach_to if choices is not None else None
    if obj.zone != "battlefield" or (chosen is None and _kind(game, obj) != AURA):
        return
    if chosen is None:
        raise Unsupported(f"{obj.id} entered the battlefield as an Aura with no scripted choice of what it enchants "
                          "(CR 303.4f): not modelled")
    target = game.objects[chosen]
    if _kind(game, obj) != AURA or not can_be_attached(game, obj, target):
        raise IllegalChoice(f"{obj.id} can't enter attached to {chosen}: not an Aura that can enchant it (CR 303.4f)")
    obj.attached_to = target.ref  # as it enters: the timestamp it entered with (613.7d)
    game.characteristics_changed()


def illegal(game: GameState) -> tuple[list[GameObject], list[GameObject]]:
    """The state-based actions of attachment: the Auras to put into their owners' graveyards
    (704.5m) and the other permanents to unattach (704.5n, 704.5p)."""
    going, unattaching = [], []
    for obj in game.objects.values():
        if obj.zone != "battlefield" or (obj.attached_to is None
                                         and AURA not in layers.characteristics(game, obj).values.has_subtypes):
            continue  # neither attached nor an Aura: nothing to check (an unattached Equipment stays so)
        kind = _kind(game, obj)
        if kind == AURA:
            if "creature" in layers.characteristics(game, obj).values.types:
                raise Unsupported(f"{obj.id} is an Aura and a creature (bestow, 702.103): not modelled")
            if obj.attached_to is None:
                raise Unsupported(f"{obj.id} is an Aura that entered the battlefield, or became an Aura, attached to "
                                  "nothing (CR 303.4f-g): not modelled")
            target = attached_object(game, obj)
            if target is None or not can_be_attached(game, obj, target):
                going.append(obj)  # 704.5m
        elif obj.attached_to is not None and obj.attached_to != NOTHING:
            target = attached_object(game, obj)
            if target is None or not can_be_attached(game, obj, target):
                unattaching.append(obj)  # 704.5n, 704.5p
    return going, unattaching

