"""Changeling (CR 702.73a): a characteristic-defining ability making its object every creature type,
the list of CR 205.3m.

phase reads the keyword "Changeling" as the keyword and a characteristic-defining static ability of
its own (``AddAllCreatureTypes``, checked), which gives the object each creature type of the game's
``all_creature_types``: the creature types of the creature cards in its card database. A case with
changeling gets one more card in its database, never dealt, a creature card with every creature type
of the CR's list (:data:`conformance.format.subtypes.CREATURE_TYPES`), so that phase's "every creature
type" is the CR's, whatever the case's other cards are.

Read back, an object with each of them (every creature type, 702.73a) is written as the suite says
it (``all creature types`` among its subtypes): its other subtypes are those phase gives it with no
creature type in that list (the same game, forked with ``all_creature_types`` empty, where phase's
changeling adds nothing): what it has besides changeling's, printed, copied or added.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.wording import Sentence
from conformance.errors import Unsupported
from conformance.format.subtypes import ALL_CREATURE_TYPES, CREATURE_TYPES, KINDS

KEYWORD = "Changeling"
"""phase's keyword (as printed on the card, and as phase names it)."""

CDA = Sentence("", {"affected": {"type": "SelfRef"}, "modifications": [{"type": "AddAllCreatureTypes"}],
                    "characteristic_defining": True})
"""The static ability phase adds to a card with changeling (604.3: characteristic-defining), after
those its text gives; no words of its own."""

TYPES_CARD = "Cfx Creature Types"
"""The never-dealt card whose subtypes are the CR's creature types (205.3m)."""


def mentions(case: Mapping[str, Any]) -> bool:
    """Whether changeling is anywhere in the case (a card's, an exception's, a gained keyword)."""
    def walk(node: Any) -> bool:
        if isinstance(node, Mapping):
            return node.get("keyword") == "changeling" or any(walk(v) for v in node.values())
        if isinstance(node, (list, tuple)):
            return any(walk(v) for v in node)
        return False
    return walk(case.get("objects")) or walk(case.get("steps"))


def check(case: Mapping[str, Any]) -> None:
    """Unsupported: an effect setting creature types (205.1a) in a case with changeling, since phase
    removes the creature types of its list of all creature types, which the reading back empties
    (:func:`without_changeling`)."""
    def sets(node: Any, under: str = "") -> bool:
        if isinstance(node, Mapping):
            if under in ("become", "becomes", "exceptions", "if_creature") and node.get("subtypes"):
                return True
            return any(sets(v, k) for k, v in node.items())
        if isinstance(node, (list, tuple)):
            return any(sets(v, under) for v in node)
        return False
    if sets(case.get("objects")) or sets(case.get("steps")):
        raise Unsupported("an effect setting creature types (CR 205.1a) in a case with changeling (702.73a): phase "
                          "removes those of its list of all creature types, which this adapter empties to tell "
                          "changeling's apart when it reads subtypes back")


def add_types_card(cards: dict[str, Any], case: Mapping[str, Any], build: Any, mtgjson: Any) -> None:
    """In a case with changeling (checked, :func:`check`), the card making phase's list of all
    creature types the CR's (205.3m): a 1/1 creature card with every creature type, no text
    (``build``, ``mtgjson``: .cards's, which imports this module)."""
    if not mentions(case):
        return
    check(case)
    cards[TYPES_CARD] = build(mtgjson(TYPES_CARD, types=["Creature"], subtypes=tuple(KINDS["creature"]), power=1,
                                      toughness=1), "")


def subtypes_back(subtypes: list[str], given: Any) -> list[str]:
    """The subtypes an object is reported with: as phase gives them, or, if phase gives it every
    creature type (702.73a), ``given()`` (its subtypes with no changeling's) and the suite's entry
    for every creature type."""
    if not CREATURE_TYPES <= set(subtypes):
        return subtypes
    return [*given(), ALL_CREATURE_TYPES]


def without_changeling(engine: Any, game: Any, object_id: int) -> list[str]:
    """The object's subtypes in the same game where phase's list of all creature types is empty, so
    that its changeling gives it none (phase's layers run again on ``load_game``)."""
    state = game.state()
    state["state"]["all_creature_types"] = []
    fork = engine.load_game(json.dumps(state))
    return [str(t) for t in ((fork.object(object_id).get("card_types") or {}).get("subtypes") or ())]
