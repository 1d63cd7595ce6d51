"""Double-faced cards (CR 712) and flip cards (710): issue 40.

- ``back_face: CARD`` on a card: a double-faced card's back face, with its own characteristics
  (712.1; a back face usually has no mana cost, and its colour indicator gives its colours: write
  them as ``colors``). Off the battlefield a double-faced card has only its front face's
  characteristics (712.8a); on the battlefield, those of the face that's up (712.8d-e).
- ``transformed: true`` on an object on the battlefield: its back face is up as the case starts.
- ``transform: {object}``: the permanent is turned over so its other face is up (701.27a); it stays
  the same object, effects on it go on applying (712.18), and it gets a new timestamp (613.7g).
  A permanent not represented by a double-faced card or token does not transform: nothing happens
  (712.9, the Clone example).
- ``flip: {name, types, subtypes, supertypes, power, toughness, abilities}`` on a card: a flip
  card's alternative characteristics (710.1b), used only by a flipped permanent; its mana cost and
  colour stay those of the card (710.1c). Elsewhere, and unflipped, it has its normal ones (710.2).
- ``flipped: true`` on an object on the battlefield: it is flipped as the case starts.
- ``flip: {object}``: the permanent flips (710.1a); flipping is one way (710.4).

Copies: a copy of a double-faced permanent copies the face that's up (707.8); a token copy of a
double-faced permanent or card is a double-faced token with both faces, entering with the same face
up (707.8a). Flipped is a status (110.5), never copied (707.2): a copy of a flip card copies both
halves, and the copy's own status decides which it has (707.3, the Tomoya example).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.abilities import Ability, ability_from
from conformance.format.frozen import frozen
from conformance.format.step import Step


@frozen
class FlipSide:
    """A flip card's alternative characteristics (CR 710.1b): name, type line, power and
    toughness, text box. No mana cost or colour: those of the card stay (710.1c)."""

    types: tuple[str, ...]
    name: str | None = None
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[Ability, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FlipSide:
        values = {k: tuple(v) if type(v) is list else v for k, v in data.items()}
        abilities = data.get("abilities")
        values["abilities"] = tuple([ability_from(a) for a in abilities]) if abilities else ()
        return cls(**values)


@frozen
class Transform(Step):
    """The permanent ``object`` transforms (CR 701.27a): its other face comes up; not represented
    by a double-faced card or token, nothing happens (712.9)."""

    KEY: ClassVar[str] = "transform"
    object: str


@frozen
class Flip(Step):
    """The permanent ``object`` flips (CR 710.1a): it has its alternative characteristics from now
    on; a flipped permanent stays flipped (710.4)."""

    KEY: ClassVar[str] = "flip"
    object: str


FACE_STEPS: tuple[type[Step], ...] = (Transform, Flip)
"""The steps of this part."""
