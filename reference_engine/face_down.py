"""Face-down permanents (CR 708, 702.37).

A face-down permanent has only the characteristics the rule that turned it face down lists: here
always those of 708.2a and 702.37a, a 2/2 creature with no text, no name, no subtypes and no mana
cost (so no colour and no abilities). They are its copiable values (708.2): layer 1b applies them
after the copy effects of layer 1a (613.2b), so a face-down permanent that becomes a copy of
something stays a face-down 2/2 (708.10), and a copy *of* a face-down permanent is a face-up
nameless 2/2 (707.2), which nothing can turn face up: it is not face down.

Turning a permanent face up or face down gives it a new timestamp (613.7f); effects and counters
already on it stay (708.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format.model import Morph
from reference_engine.characteristics import SPELL_CARD_TYPES, Values

if TYPE_CHECKING:
    from reference_engine.state import GameState
    from reference_engine.objects import GameObject

FACE_DOWN = Values(name=None, mana_cost=None, colors=(), types=("creature",), subtypes=(), supertypes=(),
                   abilities=(), power=2, toughness=2)
"""708.2a, 702.37a: a 2/2 face-down creature with no text, no name, no subtypes, no mana cost."""


def apply(values: Values, face_down: bool) -> Values:
    """Layer 1b (613.2b): a face-down permanent's characteristics are replaced by :data:`FACE_DOWN`."""
    return FACE_DOWN if face_down else values


def can_turn_face_up_by_morph(face_up_values: Values) -> bool:
    """702.37e: the special action turns a face-down permanent face up by paying its morph cost,
    which it has only if its face-up values (its copiable values without layer 1b) have morph. A
    face-down copy of a creature without morph cannot be turned face up this way (707.3)."""
    return bool(face_up_values.has_ability(Morph))


def turn_face_up(game: GameState, obj: GameObject, *, by: str, face_up_values: Values) -> bool:
    """708.8: turn ``obj`` face up, if it is a face-down permanent and, ``by`` the morph special
    action, it has a morph cost to pay; it gets a new timestamp (613.7f). Whether it turned."""
    status = game.status_of(obj)
    if obj.zone != "battlefield" or not status.face_down:
        return False
    if by == "morph" and not can_turn_face_up_by_morph(face_up_values):
        return False
    if SPELL_CARD_TYPES.intersection(face_up_values.types):
        # 701.40g, 701.58g: a manifested or cloaked one is revealed and stays face down; the format
        # does not say which rule put this one face down (400.4a: none lets it be a permanent).
        raise Unsupported(f"{obj.id} is a face-down permanent whose face-up side is an instant or sorcery: "
                          "turning it face up (CR 701.40g, 701.58g, 400.4a) is not modelled by the reference engine")
    status.face_down = False
    obj.timestamp = game.tick()  # 613.7f
    game.characteristics_changed()
    return True


def turn_face_down(game: GameState, obj: GameObject) -> None:
    """Turn a face-up permanent face down (708.2a); a face-down one is left as it is (708.2b). It
    gets a new timestamp (613.7f)."""
    status = game.status_of(obj)
    if obj.zone != "battlefield" or status.face_down:
        return
    if obj.card.back_face is not None or obj.card.flip is not None:  # issue 40: not modelled (712.16)
        raise Unsupported(f"{obj.id}, a double-faced or flip card, would be turned face down: not modelled by the "
                          "reference engine (CR 712.16, 708)")
    status.face_down = True
    obj.timestamp = game.tick()  # 613.7f
    game.characteristics_changed()
