"""Transforming (CR 701.27a), flipping (710.1a) and token copies of double-faced objects (707.8a):
the steps of :mod:`reference_engine.faces`, which says what the face that's up gives."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format.model import Card
from reference_engine import layers
from reference_engine.characteristics import SPELL_CARD_TYPES, Values
from reference_engine.faces import printed

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


def set_up(game: GameState, obj: GameObject, *, transformed: bool, flipped_: bool) -> None:
    """As the case starts, a permanent declared with its back face up (712.8e) or flipped (710.1b)."""
    if transformed or flipped_:
        status = game.status_of(obj)
        status.transformed, status.flipped = transformed, flipped_
        game.characteristics_changed()


def transform(game: GameState, obj: GameObject) -> bool:
    """701.27a: ``obj`` transforms, if it is a permanent represented by a double-faced card or token
    (712.9) and its other face is no instant or sorcery face (712.10); it stays the same object
    (712.18) and gets a new timestamp (613.7g). Whether it transformed."""
    if obj.zone != "battlefield":
        return False
    status = game.status_of(obj)
    refuse_face_down(obj, status.face_down)
    back = obj.card.back_face
    if back is None:  # 712.9: one face only (a Clone copying a double-faced permanent): nothing happens
        return False
    if layers.board(game).chars[obj.id].copiable != printed(obj, status):
        raise Unsupported(f"{obj.id} is a double-faced permanent a copy effect (or another layer 1 effect) applies "
                          "to: what it is once it transforms (CR 712.18, 707) is not modelled by the reference engine")
    face: Card = obj.card if status.transformed else back
    if SPELL_CARD_TYPES.intersection(face.types):  # 712.10
        return False
    status.transformed = not status.transformed
    obj.timestamp = game.tick()  # 613.7g
    game.characteristics_changed()
    return True


def flip(game: GameState, obj: GameObject) -> bool:
    """710.1a: ``obj`` flips, if it is an unflipped permanent (710.4: flipping is one way). Whether
    it flipped. Its timestamp stays (613.7 gives flipping none)."""
    if obj.zone != "battlefield":
        return False
    status = game.status_of(obj)
    refuse_face_down(obj, status.face_down)
    if status.flipped:
        return False
    if layers.board(game).chars[obj.id].copiable.flip is None:
        raise Unsupported(f"{obj.id} would flip, but its copiable values have no flip side: flipping a permanent "
                          "that is no flip card (CR 710) is not modelled by the reference engine")
    status.flipped = True
    game.characteristics_changed()
    return True


def refuse_face_down(obj: GameObject, face_down: bool) -> None:
    """A face-down double-faced or flip permanent (or one turned face down) is refused: 712.16 and
    708 (manifest, Ixidron) are not modelled here."""
    if face_down and (obj.card.back_face is not None or obj.card.flip is not None):
        raise Unsupported(f"{obj.id} is a double-faced or flip card face down: not modelled by the reference "
                          "engine (CR 712.16, 708)")


def token_card(game: GameState, original: GameObject, exceptions: Any) -> tuple[Card, bool] | None:
    """707.8a: if ``original`` is a double-faced permanent or card (represented by a double-faced
    card or token), the card a token copy of it is (both its faces) and whether the token enters
    with its back face up (as ``original`` has it up on the battlefield); else ``None`` (a copy
    effect makes the token, 707.2)."""
    card = original.card
    if card.back_face is None or (original.token and not getattr(original, "token_card", False)):
        return None
    status = game.peek_status(original)
    if exceptions is not None:
        raise Unsupported(f"a token copy of the double-faced {original.id} with exceptions: how they apply to each "
                          "face (CR 707.8a, 707.9) is not modelled by the reference engine")
    if layers.board(game).chars[original.id].copiable != printed(original, status):
        raise Unsupported(f"a token copy of the double-faced {original.id}, whose copiable values other copy effects "
                          "(or layer 1 effects) modify: each face as modified (CR 707.8a) is not modelled")
    return card, original.zone == "battlefield" and status.transformed


def check_copy(copied: Values, exceptions: Any) -> None:
    """A copy effect with exceptions copying a flip card is refused: how they apply to its
    alternative characteristics (707.9, 710.1b) is not modelled here."""
    if exceptions is not None and copied.flip is not None:
        raise Unsupported("a copy effect with exceptions copies a flip card: how they apply to its alternative "
                          "characteristics (CR 707.9, 710.1b) is not modelled by the reference engine")
