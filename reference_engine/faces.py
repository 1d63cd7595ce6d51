"""Double-faced cards (CR 712) and flip cards (710): the face that's up, transforming, flipping,
and copies of them (707.3, 707.8, 707.8a).

- 712.8a     a double-faced card in a zone other than the battlefield has only its front face's
             characteristics; 712.8d-e on the battlefield, only those of the face that's up
             (:func:`printed`: where layer 1 starts, 613.1);
- 701.27a    transforming turns the permanent over, its other face up; 712.9: a permanent not
             represented by a double-faced card or token does not transform (a Clone copying one
             has one face: nothing happens); 712.10: nor into an instant or sorcery face;
- 712.18     it stays the same object: effects, counters and status stay;
- 613.7g     it gets a new timestamp;
- 710.1b-c   a flipped permanent has its flip card's alternative name, type line, power, toughness
             and text, with the card's own mana cost and colour (:func:`flipped`); 710.2 elsewhere
             (and unflipped) the normal ones; 710.4 flipping is one way;
- 707.2, 707.3  flipped is a status (110.5), not copied: the copiable values of a flip card are
             both its halves, and a copy's own status picks which it has (the Tomoya example);
- 707.8      a copy of a double-faced permanent copies the face that's up (its copiable values);
- 707.8a     a token copy of a double-faced permanent or card has both faces and enters with the
             face up that its original has up (front face for a card elsewhere).

The steps and token copies are in :mod:`reference_engine.face_steps`. Refused (unsupported), where the rules are not modelled here: a double-faced or flip permanent
face down (712.16, 708), a double-faced permanent transforming while a copy effect or another layer
1 effect applies to it, a token copy of one whose copiable values other copy effects modified, a
copy effect with exceptions copying a flip card, flipping a permanent without a flip side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reference_engine.characteristics import Values

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


def printed(obj: GameObject, status: Any) -> Values:
    """The printed values layer 1 starts from (613.1): a double-faced permanent's back face's if it
    is up (712.8e), else the card's (its front face: 712.8a, 712.8d). Off the battlefield a flip
    card has its normal characteristics only (710.2): a copy of it there gets no flip side, and is
    refused if it would flip (whether it copies the upside-down half is not modelled)."""
    card = obj.card
    if card.back_face is not None and status.transformed and obj.zone == "battlefield":
        return Values.printed(card.back_face)
    if card.flip is not None and obj.zone != "battlefield":  # 710.2: the normal characteristics only
        return Values.printed(card).with_(flip=None)
    return Values.printed(card)


def flipped(values: Values) -> Values:
    """710.1b-c: the characteristics of a flipped permanent whose copiable values are ``values``:
    the alternative name, types, subtypes, supertypes, power, toughness and abilities, with the
    mana cost and colours of ``values``. Without a flip side (a flipped permanent copying a card
    that is no flip card), ``values`` themselves."""
    side = values.flip
    if side is None:
        return values
    return values.with_(name=side.name, types=side.types, subtypes=side.subtypes, supertypes=side.supertypes,
                        abilities=tuple((a, None) for a in side.abilities), power=side.power,
                        toughness=side.toughness, every_creature_type=False)


def as_flipped(game: GameState, objects: list[GameObject], copiable: dict[str, Values]) -> dict[str, Values]:
    """Each object's values once its flipped status applies (707.3, 710.1b), by id: ``copiable``
    itself when no permanent is flipped."""
    flipped_ids = [o.id for o in objects if o.zone == "battlefield" and game.peek_status(o).flipped]
    if not flipped_ids:
        return copiable
    current = dict(copiable)
    for oid in flipped_ids:
        current[oid] = flipped(copiable[oid])
    return current
