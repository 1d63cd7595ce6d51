"""Creating tokens in Oracle text (CR 111.1, 111.4, 707.2): the wording of a ``create_token``
step, and of a triggered ability's ``create_token`` effect (issue 41)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from conformance.oracle.copies import copy_exceptions
from conformance.oracle.errors import NoOracleWording
from conformance.oracle.words import colors, how_many, number_word, plural, sentence

TYPES_ORDER = ("artifact", "enchantment", "land", "creature")


def create_token(body: Mapping[str, Any], who: str = "target creature",
                 render: Callable[[Mapping[str, Any]], str] | None = None) -> str:
    """"Create two 1/1 white Soldier creature tokens." (CR 111.4); a token copy: "Create a token
    that's a copy of target creature, except ..." (707.2, 707.9); a token's abilities other than
    keywords are quoted as ``render`` words them ('with "{T}: Add {G}."')."""
    count = body.get("count", 1)
    if body.get("copy_of") is not None:
        if body.get("choices"):
            raise NoOracleWording("a token copy's choices")
        noun = "a token" if count == 1 else f"{number_word(count)} tokens"
        return sentence(f"Create {noun} that {'is' if count == 1 else 'are'} a copy of {who}"
                        f"{copy_exceptions(body.get('exceptions'), render)}")
    card = body.get("card")
    if card is None:
        raise NoOracleWording("a token with no characteristics")
    extra = {k for k, v in card.items() if v not in (None, [], (), {})} - {"types", "subtypes", "colors", "power",
                                                                             "toughness", "name", "abilities"}
    if extra:
        raise NoOracleWording(f"a token with {sorted(extra)}")
    types = [t for t in TYPES_ORDER if t in card.get("types", ())]
    if not types or len(types) != len(card.get("types", ())):
        raise NoOracleWording(f"a token of the types {card.get('types')}")
    power, toughness = card.get("power"), card.get("toughness")
    creature = "creature" in types
    if creature != (power is not None and toughness is not None):
        raise NoOracleWording("a token's power and toughness, given exactly for a creature token")
    words = [f"{power}/{toughness}"] if creature else []
    words += [colors(card.get("colors") or ()), *card.get("subtypes", ()), *types]
    text = f"Create {how_many(count)} {' '.join(words)} {plural('token', count)}"
    keywords = [a["keyword"] if set(a) == {"keyword"} else (f'"{render(a)}"' if render else None)
                for a in card.get("abilities", ())]
    if None in keywords:
        raise NoOracleWording("a token with abilities other than keywords", "give a render for them")
    if keywords:
        text += " with " + " and ".join(keywords)
    if card.get("name"):
        text += f" named {card['name']}"
    return sentence(text)  # 'with "{T}: Add {G}."': the quote's period ends it
