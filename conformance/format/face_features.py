"""The features of double-faced cards (CR 712, 701.27, 707.8) and flip cards (710, 707.3): their
names and how a case's content needs them. Part of :mod:`conformance.format.features`, which
merges them into its vocabulary (issue 40)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.faces import Flip, Transform
from conformance.format.objects import Card, ObjectSpec
from conformance.format.steps import Step, Together

FEATURES: dict[str, str] = {
    "double-faced-cards": "double-faced cards: a card with a back face has its front face's characteristics off the "
                          "battlefield and the face that's up's on it; transforming turns it over (a new timestamp, "
                          "the same object), and a permanent with one face does not transform; a copy of one copies "
                          "the face that's up, a token copy of one is double-faced with the same face up (CR 712.8a, "
                          "712.8d, 712.8e, 701.27a, 712.9, 712.18, 613.7g, 707.8, 707.8a)",
    "flip-cards": "flip cards: a flipped permanent has its card's alternative name, type line, power, toughness and "
                  "text, keeping its mana cost and colour; flipping is one way; flipped is a status a copy does not "
                  "copy, so a copy of a flip card has both halves and its own status picks one (CR 710.1b, 710.1c, "
                  "710.2, 710.4, 707.2, 707.3)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "double-faced-cards": ("712.8a", "712.8d", "712.8e", "701.27a", "712.9", "712.18", "613.7g", "707.8", "707.8a"),
    "flip-cards": ("710.1b", "710.1c", "710.2", "710.4", "707.3"),
}

IMPLIED: dict[str, tuple[str, ...]] = {}


@dataclasses.dataclass(frozen=True)
class _WithFaces:
    """A case's content with each back face and flip side as one more object carrying its
    abilities, so that those abilities need the features they would need on a front face."""

    players: tuple[str, ...]
    objects: tuple[ObjectSpec, ...]
    steps: tuple[Step, ...]
    player_states: tuple[Any, ...]
    range_of_influence: Mapping[str, int] | None


def other_faces(spec: ObjectSpec) -> Iterator[Card]:
    """The card's other face (712.1) or flip side (710.1b), as a card with those characteristics."""
    card = spec.card
    if card.back_face is not None:
        yield card.back_face
    if card.flip is not None:
        side = card.flip
        yield Card(types=side.types, name=side.name, mana_cost=card.mana_cost, subtypes=side.subtypes,
                   supertypes=side.supertypes, colors=card.colors, power=side.power, toughness=side.toughness,
                   abilities=side.abilities)


def with_faces(case: Any) -> Any:
    """``case`` itself if no card has another face; else its content with them as objects."""
    extra = tuple(dataclasses.replace(spec, id=f"{spec.id}//{index}", card=face, counters={}, choices=None,
                                      transformed=False, flipped=False)
                  for spec in case.objects for index, face in enumerate(other_faces(spec)))
    if not extra:
        return case
    return _WithFaces(case.players, case.objects + extra, case.steps, case.player_states, case.range_of_influence)


def _steps(steps: tuple[Step, ...]) -> Iterator[Step]:
    for step in steps:
        yield from _steps(step.parts) if isinstance(step, Together) else (step,)


def case_features(case: Any) -> Iterator[str]:
    """``double-faced-cards`` for a card with a back face or a ``transform`` step; ``flip-cards``
    for a card with a flip side or a ``flip`` step."""
    for spec in case.objects:
        if spec.card.back_face is not None:
            yield "double-faced-cards"
        if spec.card.flip is not None:
            yield "flip-cards"
    for step in _steps(case.steps):
        if isinstance(step, Transform):
            yield "double-faced-cards"
        elif isinstance(step, Flip):
            yield "flip-cards"
