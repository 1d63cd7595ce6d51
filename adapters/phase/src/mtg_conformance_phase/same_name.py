"""Two different cards with one name (CR 201.2: a name is a characteristic like any other; nothing
in the rules keeps two objects with different characteristics from sharing one, as the copy
scenarios' originals and Clones do).

phase's card database is keyed by name, so it holds one card of each name. A second, different
card of a name the case already uses is dealt under a name of the adapter's own (``Cfx Object N``,
its text then referring to itself by that name, which phase's parser reads as "this object"), and
the dealt object is then given its declared name: phase keeps a name only in the object's ``name``
and ``base_name`` (what its layers start from, so what a copy copies, 707.2, and what it has again
in another zone, 400.7) and looks a card up by name only while dealing the decks. Its other
characteristics and abilities are phase's reading of its own card, checked as any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.errors import Unsupported

NAMED_TEXT = ("double_damage", "modify_damage", "prevent_damage")
"""Abilities an order of replacement effects names by their Oracle sentence, written with the card's
declared name (.damage_sources.ability_text): not dealt under another name."""


def without_name(oid: str, spec: Mapping[str, Any]) -> dict[str, Any]:
    """The object's declaration without its name, to be dealt under the adapter's own name."""
    if any(key in NAMED_TEXT for ability in spec["card"].get("abilities", ()) for key in ability):
        raise Unsupported(f"object {oid!r}: a second card named {spec['card']['name']!r} with abilities an order "
                          "names by their text")
    return {**spec, "card": {k: v for k, v in spec["card"].items() if k != "name"}}


def give_names(state: Mapping[str, Any], names: Mapping[str, str]) -> None:
    """CR 201.2: the objects dealt under a stand-in name (``names``: stand-in -> declared name) get
    their declared name, in the dealt game's state (before the case begins)."""
    for obj in state["state"]["objects"].values():
        declared = names.get(obj.get("name"))
        if declared is not None:
            obj["name"] = obj["base_name"] = declared


def dealt_apart(names: dict[str, str], declared: str, card: Any) -> Any:
    """``card`` (built without its name) is dealt under its stand-in name and given ``declared``."""
    names[card.name] = declared
    return card
