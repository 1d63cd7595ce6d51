"""Cards and the objects a case starts with: printed characteristics (CR 109.3), zone, owner and
controller, counters, and the choices made as a permanent entered."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any

from conformance.format.abilities import Ability, ability_from
from conformance.format.faces import FlipSide
from conformance.format.frozen import frozen


ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "stack")


@frozen
class Choices:
    """Choices made as an object enters the battlefield or is turned face up (CR 614.12, 707.5,
    707.6): ``copy``, the objects copied, in the order its copy replacement effects apply (707.9e;
    empty: it copies nothing); ``player`` and ``object`` for "as enters, choose" abilities; ``pt``
    for "becomes your choice of 5/1 or 1/5" (208.2b); ``color`` (a letter) and ``creature_type`` for
    "choose a color / a creature type" (614.12, issue 40)."""

    copy: tuple[str, ...] | None = None
    player: str | None = None
    object: str | None = None
    pt: str | None = None
    attach_to: str | None = None  # issue 40: what an Aura entering enchants (303.4f, attachments.py)
    color: str | None = None
    creature_type: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Choices:
        values = dict(data)
        if "copy" in values:
            values["copy"] = (values["copy"],) if isinstance(values["copy"], str) else tuple(values["copy"])
        return cls(**values)


@frozen
class Card:
    """Printed characteristics (CR 613.1: where evaluation starts). ``power``/``toughness``
    are ``None`` when nothing is printed, an int, or a star string such as ``"*"`` or ``"1+*"``
    (CR 208.2) whose value a :class:`CdaPT` gives. ``loyalty`` is a planeswalker's printed
    loyalty (CR 209.1, 306.5b), ``None`` on any other card. ``back_face``: a double-faced card's
    back face (712.1), ``flip``: a flip card's alternative characteristics (710.1b)
    (:mod:`conformance.format.faces`)."""

    types: tuple[str, ...]
    name: str | None = None
    mana_cost: str | None = None
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | str | None = None
    toughness: int | str | None = None
    loyalty: int | None = None
    abilities: tuple[Ability, ...] = ()
    back_face: Card | None = None  # issue 40: double-faced cards (712)
    flip: FlipSide | None = None  # issue 40: flip cards (710)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Card:
        values = {k: tuple(v) if type(v) is list else v for k, v in data.items()}
        abilities = data.get("abilities")
        values["abilities"] = tuple([ability_from(a) for a in abilities]) if abilities else ()
        if "back_face" in data:
            values["back_face"] = cls.from_dict(data["back_face"])
        if "flip" in data:
            values["flip"] = FlipSide.from_dict(data["flip"])
        return cls(**values)


@frozen
class ObjectSpec:
    """An object as the case starts: its card, zone, owner, controller and counters; a permanent
    may be ``face_down`` (CR 708.2a), ``tapped`` (110.5: a status; only a permanent is tapped) and
    have ``choices`` made as it entered (614.12, 707.5); a double-faced permanent may have its back
    face up, ``transformed`` (712.8e), a flip card be ``flipped`` (710.1b)."""

    id: str
    card: Card
    zone: str
    owner: str
    controller: str | None
    counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    face_down: bool = False
    choices: Choices | None = None
    tapped: bool = False
    attached_to: str | None = None  # issue 40: an Aura or Equipment's permanent (301.5, 303.4)
    library_position: int | None = None  # issue 40: its place in its owner's library, 1 the top (401.2, 121.1)
    transformed: bool | None = None  # issue 40 (712.8e); absent, left out of the plain form, is false
    flipped: bool | None = None  # issue 40 (710.1b)
