"""What the schema cannot say about double-faced cards (CR 712) and flip cards (710)
(:mod:`conformance.format.faces`): a card has a back face or a flip side, not both, and a back face
has neither; a permanent is ``transformed`` only if its card has a back face, ``flipped`` only if it
has a flip side, and only on the battlefield; each face's subtypes correspond to its card types
(205.3c). Refused as not modelled: a face-down double-faced or flip card (712.16, 708), a token
with given characteristics that has two faces, casting one, a mana value read in a case with a
double-faced card (712.8e: a back face's mana value is its front face's, a copy of one's 0), a
printed * or a loyalty on a back face or flip side."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from conformance.format.counter_checks import flat_steps
from conformance.format.subtypes import KIND_OF, corresponds

Problem = tuple[tuple[Any, ...], str]

_NOT_MODELLED = "not modelled: "


def problems(raw: dict[str, Any], ability_problems: Callable[[Any, tuple[Any, ...]], Iterator[Problem]]) -> Iterator[Problem]:
    """Every problem of the faces of a schema-valid case. ``ability_problems(ability, at)``: the
    loader's checks of one ability (its filters), run on the abilities of the other faces too."""
    faced: set[str] = set()
    for object_id, spec in raw["objects"].items():
        at = ("objects", object_id)
        card = spec["card"]
        yield from _card_problems(card, at + ("card",), ability_problems)
        if "back_face" in card or "flip" in card:
            faced.add(object_id)
        on_battlefield = spec.get("zone", "battlefield") == "battlefield"
        for key, face, rule in (("transformed", "back_face", "712.8e"), ("flipped", "flip", "710.1b")):
            if spec.get(key) and (face not in card or not on_battlefield):
                yield (at + (key,), f"only a permanent whose card has a {face} can be {key} (CR {rule})")
        if spec.get("face_down") and object_id in faced:
            yield (at + ("face_down",), _NOT_MODELLED + "a double-faced or flip card face down (CR 712.16, 708)")
    for at, kind, body in flat_steps(raw["steps"], ("steps",)):
        if kind == "move" and body.get("face_down") and body.get("object") in faced:
            yield (at + ("face_down",), _NOT_MODELLED + "a double-faced or flip card put onto the battlefield face "
                                                        "down (CR 712.16, 708)")
        elif kind == "turn_face_down" and body.get("object") in faced:
            yield (at + ("object",), _NOT_MODELLED + "turning a double-faced or flip permanent face down (CR 712.16)")
        elif kind == "cast" and body.get("object") in faced:
            yield (at + ("object",), _NOT_MODELLED + "casting a double-faced or flip card (CR 712.8c, 710.2)")
        elif kind == "create_token" and isinstance(body.get("card"), dict) and (
                "back_face" in body["card"] or "flip" in body["card"]):
            yield (at + ("card",), _NOT_MODELLED + "a token with given characteristics and two faces (CR 111.4, 712)")
    if any("back_face" in spec["card"] for spec in raw["objects"].values()):
        for at in _mana_values(raw["steps"], ("steps",)):
            yield (at, _NOT_MODELLED + "a mana value read in a case with a double-faced card (CR 712.8e, 202.3b)")
        for object_id, spec in raw["objects"].items():
            for at in _mana_values(spec["card"], ("objects", object_id, "card")):
                yield (at, _NOT_MODELLED + "a mana value read in a case with a double-faced card (CR 712.8e, 202.3b)")


def _card_problems(card: dict[str, Any], at: tuple[Any, ...],
                   ability_problems: Callable[[Any, tuple[Any, ...]], Iterator[Problem]]) -> Iterator[Problem]:
    if "back_face" in card and "flip" in card:
        yield (at, "a card has a back face (CR 712.1) or a flip side (710.1), not both")
    for key in ("back_face", "flip"):
        face = card.get(key)
        if face is None:
            continue
        here = at + (key,)
        for inner in ("back_face", "flip"):
            if inner in face:
                yield (here + (inner,), f"a {key.replace('_', ' ')} has no {inner.replace('_', ' ')} of its own "
                                        "(CR 712.1, 710.1)")
        for stat in ("power", "toughness", "loyalty"):
            if isinstance(face.get(stat), str) or (stat == "loyalty" and stat in face):
                yield (here + (stat,), _NOT_MODELLED + f"a printed {stat} of {'*' if stat != 'loyalty' else 'a'} "
                                                       f"{key.replace('_', ' ')} (CR 712, 710)")
        if "planeswalker" in face.get("types", []):
            yield (here + ("types",), _NOT_MODELLED + f"a planeswalker {key.replace('_', ' ')} (CR 712, 306.5b)")
        for index, subtype in enumerate(face.get("subtypes", [])):
            if KIND_OF.get(subtype) is not None and not corresponds(subtype, face.get("types", [])):
                yield (here + ("subtypes", index), f"{subtype!r} does not correspond to the card types "
                                                   f"{face.get('types', [])} of this face (CR 205.3c, 205.3d)")
        for index, ability in enumerate(face.get("abilities", [])):
            yield from ability_problems(ability, here + ("abilities", index))


def _mana_values(value: Any, at: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """Where ``value`` reads a mana value (the expression ``mana_value``, ``greatest_mana_value``)."""
    if value == "mana_value":
        yield at
    elif isinstance(value, dict):
        for key, inner in value.items():
            if key == "greatest_mana_value":
                yield at + (key,)
            else:
                yield from _mana_values(inner, at + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _mana_values(inner, at + (index,))
