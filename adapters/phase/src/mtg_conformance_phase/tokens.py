"""Tokens with the characteristics an effect gives (CR 111.1, 111.4) and token replacements
(614.1a, 614.16), through phase's own token creation.

A ``create_token`` step with a ``card`` is a synthesized instant "Create two 1/1 white Soldier
creature tokens." cast by the step's controller, checked against phase's parse (a ``Token``
effect with those power, toughness, types, subtypes and colours); phase creates the tokens as it
resolves, applying its replacement effects, and the tokens it created are given the step's names
in the order phase made them (its object ids); a name no token got names no object, and a token
that left the battlefield has ceased to exist (111.7, 704.5d): both observed as ``zone: null``.

A ``token_replacement`` ability is written as the real card it models: Parallel Lives ("under
your control") or Primal Vigor ("any player's"). "That many plus N" has no wording phase reads
(its parser leaves it unimplemented) but plus one of Treasure tokens, Xorn's "If you would create
one or more Treasure tokens, instead create those tokens plus an additional Treasure token.",
where every token the case creates is a plain Treasure, or where the case creates no token at all
(neither replacement then applies to anything); otherwise unsupported. A token copy (``copy_of``) of a permanent is
"Create a token that's a copy of target permanent." (:func:`copy_token_sentence`), with the copy
exceptions phase reads (707.9b, :mod:`.copies`); tokens with abilities, copies of cards off the
battlefield and other copy exceptions are unsupported.

phase names a token with no name given after its subtypes ("Soldier"), where CR 111.4 says its
subtypes plus the word Token ("Soldier Token"), as the suite's format does: a disagreement with the
CR, observed as phase reports it (adapters/phase/README.md, "CR 111.4").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.abilities import observes_abilities
from mtg_conformance_phase.bindings import CARD_TYPES
from mtg_conformance_phase.copies import copy_modifications
from mtg_conformance_phase.counters import number_word
from mtg_conformance_phase.wording import COLOR_WORDS, Sentence
from conformance.errors import EngineGap, Unsupported
from conformance.oracle.copies import copy_exceptions
from conformance.oracle.errors import NoOracleWording

TYPE_ORDER = ("artifact", "enchantment", "land", "creature")


TREASURE = {"types": ["artifact"], "subtypes": ["Treasure"]}
"""The only tokens Xorn's "plus an additional Treasure token" adds are of (CR 111.10a names them)."""


def token_replacement_sentence(oid: str, body: Mapping[str, Any], case: Mapping[str, Any] | None = None) -> Sentence:
    if body.get("mode", "double") != "double":
        if (_treasures_only(case) or _no_tokens(case)) and body.get("amount", 1) == 1 and body.get("under", "you") == "you":
            # CR 614.1a: Xorn's wording; where every token the case creates is a Treasure with no other
            # characteristic, "those tokens plus an additional Treasure token" is that many plus one of them;
            # where the case creates no token, neither applies to any event (the ability is there, 614.1a)
            return Sentence("If you would create one or more Treasure tokens, instead create those tokens plus an "
                            "additional Treasure token.",
                            {"event": "CreateToken", "mode": {"type": "Mandatory"}, "token_owner_scope": "You",
                             "condition": {"type": "TokenSubtypeMatches", "subtypes": ["Treasure"]},
                             "additional_token_spec": {"script_name": "Treasure"}})
        card = _one_kind(case)
        if card is not None and body.get("amount", 1) == 1 and body.get("under", "you") in ("you", "any"):
            return _plus_one_of(card, body.get("under", "you"))
        raise EngineGap(f"object {oid!r}: a 'that many plus N' token replacement: phase's Oracle parser leaves "
                          "that wording unimplemented (plus one is written as Peregrin Took's 'those tokens plus an "
                          "additional ... token' only where every token the case creates is that token and the case "
                          "has no other token replacement, whose order with it phase would not ask, CR 616.1)")
    expect = {"event": "CreateToken", "mode": {"type": "Mandatory"}, "condition": None,
              "quantity_modification": {"type": "Times", "factor": 2}}
    if body.get("under", "you") == "you":  # Parallel Lives
        return Sentence("If an effect would create one or more tokens under your control, it creates twice that many "
                        "of those tokens instead.", {**expect, "token_owner_scope": "You"})
    if body["under"] == "any":  # Primal Vigor
        return Sentence("If one or more tokens would be created, twice that many of those tokens are created instead.",
                        expect)
    raise Unsupported(f"object {oid!r}: a token replacement under {body['under']!r} has no Oracle wording here")


def _treasures_only(case: Mapping[str, Any] | None) -> bool:
    """Whether every token the case creates is a Treasure artifact with nothing else given, and no
    checkpoint observes its abilities: phase makes "a colorless Treasure artifact token" the
    predefined Treasure (111.10a, with its mana ability), as it makes Xorn's additional one, so the
    one added is one more of those tokens in phase's game."""
    steps = [step["create_token"] for step in (case or {}).get("steps", ()) if "create_token" in step]
    names = {name for body in steps for name in (body.get("token"), *(body.get("tokens") or ())) if name}
    return bool(steps) and not names & observes_abilities(case) and all(
        body.get("card") is not None and {k: v for k, v in body["card"].items() if v not in (None, [], (), {})}
        == TREASURE for body in steps)


def _one_kind(case: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The characteristics every token the case creates is given, when they are one and the same,
    with no name (CR 111.4: named by its subtypes), and the case has no other token replacement;
    else None. phase's "those tokens plus an additional ... token" (its ``additional_token_spec``)
    is a separate creation event other token replacements apply to again, so with another one the
    order phase applies is not the case's (616.1); and it adds as many tokens as the event creates,
    where 614.1a says one: the CR 614.1a disagreement of adapters/phase/README.md, which a step
    creating several tokens at once shows."""
    steps = [step["create_token"] for step in (case or {}).get("steps", ()) if "create_token" in step]
    cards = [{k: v for k, v in (body.get("card") or {}).items() if v not in (None, [], (), {})} for body in steps]
    replacements = [a for spec in (case or {}).get("objects", {}).values()
                    for a in spec.get("card", {}).get("abilities", ()) if "token_replacement" in a]
    if not cards or any(c != cards[0] or not c or c.get("name") for c in cards) or any(
            body.get("copy_of") for body in steps) or len(replacements) != 1:
        return None
    return cards[0]


def _plus_one_of(card: Mapping[str, Any], under: str) -> Sentence:
    """"That many plus one" of the one kind of token a case creates (CR 614.1a), as Peregrin Took's
    "If one or more tokens would be created under your control, those tokens plus an additional
    Food token are created instead." with that token for the Food ("If one or more tokens would be
    created, ..." for any player's, Primal Vigor's frame): phase's ``additional_token_spec`` with
    its characteristics (checked), one more of those tokens, created under the same control."""
    words, types, subtypes, colors = _described(card)
    scope = " under your control" if under == "you" else ""
    text = f"If one or more tokens would be created{scope}, those tokens plus an additional {words} token are created instead."
    spec = {"characteristics": {"power": card.get("power"), "toughness": card.get("toughness"),
                                "core_types": [CARD_TYPES[t] for t in types], "subtypes": subtypes, "supertypes": [],
                                "colors": [COLOR_WORDS[c].capitalize() for c in colors], "keywords": []},
            "static_abilities": [], "enter_with_counters": [], "tapped": False, "enters_attacking": False}
    return Sentence(text, {"event": "CreateToken", "mode": {"type": "Mandatory"}, "condition": None,
                           **({"token_owner_scope": "You"} if under == "you" else {}), "additional_token_spec": spec})


def _no_tokens(case: Mapping[str, Any] | None) -> bool:
    """Whether no step of the case creates a token (CR 111.1: only a ``create_token`` step does)."""
    def creates(steps) -> bool:
        return any(kind == "create_token" or (kind == "together" and creates(body))
                   for step in steps for kind, body in step.items())
    return case is not None and not creates(case.get("steps", ()))


def check_token_replacements(face: Mapping[str, Any], sentences: list[Sentence]) -> None:
    """Primal Vigor's reading has no ``token_owner_scope`` (any player's tokens)."""
    for sentence, parsed in zip(sentences, face.get("replacements") or ()):
        if sentence.expect.get("event") == "CreateToken" and "token_owner_scope" not in sentence.expect \
                and parsed.get("token_owner_scope") is not None:
            raise EngineGap(f"phase's Oracle parser reads {sentence.text!r} for {parsed['token_owner_scope']}'s tokens")


def copy_token_sentence(body: Mapping[str, Any], copied: Mapping[str, Any] | None = None) -> Sentence:
    """"Create a token that's a copy of target permanent[, except ...]." (CR 111.1, 707.2: its
    copiable values, phase's own ``CopyTokenOf``; its exceptions, 707.9b, read as
    :func:`.copies.copy_modifications`); a copy choice (a token copy of a Clone enters as a copy
    too, 707.5: :func:`token_copy_choice`); other choices, or several copies, are unsupported.
    ``copied`` is the copied object's declaration."""
    choices = {k: v for k, v in (body.get("choices") or {}).items() if v is not None}
    if set(choices) - {"copy"}:
        raise Unsupported(f"a token copy with the choices {sorted(choices)} is not realised by this adapter")
    if body.get("card") not in (None, {}) or body.get("count", 1) != 1:
        raise Unsupported("a token copy with its own characteristics, or several at once, has no wording here")
    modifications = copy_modifications("a token copy", body.get("exceptions"), copied)
    try:
        exceptions = copy_exceptions(body.get("exceptions"))
    except NoOracleWording as exc:
        raise Unsupported(f"a token copy: {exc}") from None
    target: dict[str, Any] = {"type": "Typed", "type_filters": ["Permanent"], "controller": None, "properties": []}
    what = "target permanent"
    if copied is not None and copied.get("zone") == "graveyard":  # The Scarab God's: a card in a graveyard (707.2)
        if "creature" not in copied["card"].get("types", ()):
            raise Unsupported("a token copy of a noncreature card in a graveyard has no wording here")
        what = "target creature card in a graveyard"
        target = {**target, "type_filters": ["Creature"], "properties": [{"type": "InZone", "zone": "Graveyard"}]}
    elif copied is not None and copied.get("zone") != "battlefield":
        raise Unsupported(f"a token copy of a card in the {copied.get('zone')} has no wording here")
    effect: dict[str, Any] = {"type": "CopyTokenOf", "target": target, "owner": {"type": "Controller"}, "tapped": False,
                              "count": {"type": "Fixed", "value": 1}}
    keywords = [m["keyword"] for m in modifications if m["type"] == "AddKeyword"]
    if keywords:  # phase reads a token copy's gained keywords as the token's extra keywords
        effect["extra_keywords"] = keywords
    modifications = [m for m in modifications if m["type"] != "AddKeyword"]
    if modifications:
        effect["additional_modifications"] = modifications
    return Sentence(f"Create a token that's a copy of {what}{exceptions}.", effect)


def create_token_sentence(body: Mapping[str, Any]) -> Sentence:
    """"Create two 1/1 white Soldier creature tokens." (CR 111.4) and phase's expected reading."""
    for key in ("copy_of", "exceptions", "choices"):
        if body.get(key) not in (None, {}, [], ()):
            raise Unsupported(f"a create_token step with {key!r} (token copies) is not realised by this adapter")
    card = body.get("card")
    if card is None:
        raise Unsupported("a create_token step without the token's characteristics")
    words, types, subtypes, colors = _described(card)
    count = body.get("count", 1)
    power, toughness = card.get("power"), card.get("toughness")
    how_many = "a" if count == 1 else number_word(count)
    named = f" named {card['name']}" if card.get("name") else ""  # CR 111.4: the name the effect gives
    text = f"Create {how_many} {words} {'token' if count == 1 else 'tokens'}{named}."
    expect_name = {"name": card["name"]} if card.get("name") else {}
    return Sentence(text, {"type": "Token", **expect_name, "power": {"type": "Fixed", "value": power or 0},
                           "toughness": {"type": "Fixed", "value": toughness or 0},
                           "types": [CARD_TYPES[t] for t in types] + subtypes,
                           "colors": [COLOR_WORDS[c].capitalize() for c in colors], "keywords": [],
                           "tapped": False, "count": {"type": "Fixed", "value": count},
                           "owner": {"type": "Controller"}, "enters_attacking": False})


def _described(card: Mapping[str, Any]) -> tuple[str, list[str], list[str], list[str]]:
    """A token's characteristics as an effect gives them (CR 111.4), "1/1 white Soldier creature",
    and its card types, subtypes and colours; anything else (abilities, ...) is unsupported."""
    extra = {k for k, v in card.items() if v not in (None, [], (), {})} - {"types", "subtypes", "colors", "power",
                                                                             "toughness", "name"}
    if any("enters_with_counters" in a for a in card.get("abilities") or ()):
        # seen: 'Create a 0/0 green Ooze creature token with "This creature enters with a +1/+1 counter on it."' reads
        # as no effect at all, and is not marked unimplemented (adapters/phase/tests/test_phase_gaps.py)
        raise EngineGap("a token entering with counters (CR 614.1c): phase's Oracle parser reads no effect from a spell "
                        "creating such a token")
    if extra:
        raise Unsupported(f"a token with {sorted(extra)} has no Oracle wording here")
    types = [t for t in TYPE_ORDER if t in card.get("types", ())]
    if not types or len(types) != len(card.get("types", ())):
        raise Unsupported(f"a token of the types {card.get('types')} has no Oracle wording here")
    subtypes = list(card.get("subtypes", ()))
    colors = [c for c in "WUBRG" if c in (card.get("colors") or ())]
    power, toughness = card.get("power"), card.get("toughness")
    creature = "creature" in types
    if creature != (power is not None and toughness is not None) or any(
            v is not None and (not isinstance(v, int) or v < 0) for v in (power, toughness)):
        raise Unsupported("a token's power and toughness must be given exactly for a creature token here")
    color_words = [COLOR_WORDS[c] for c in colors]
    color_text = " and ".join(color_words) if len(color_words) <= 2 else ", ".join(color_words[:-1]) + ", and " + color_words[-1]
    words = [f"{power}/{toughness}"] if creature else []
    words += [color_text or "colorless", *subtypes, *types]
    return " ".join(words), types, subtypes, colors


def token_names(case: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Each token name a case's create_token steps give, and that step."""
    out: dict[str, Mapping[str, Any]] = {}

    def walk(steps):
        for step in steps:
            (kind, body), = step.items()
            if kind == "together":
                walk(body)
            elif kind == "create_token":
                for name in ([body["token"]] if body.get("token") else list(body.get("tokens") or ())):
                    out[name] = body
    walk(case["steps"])
    return out


def token_order(case: Mapping[str, Any], names: Any) -> tuple[str, ...]:
    order = []
    for name in names:
        oid, _, ability = name.partition(".")
        spec = case["objects"].get(oid)
        own = [a for a in spec["card"].get("abilities", ()) if "token_replacement" in a] if spec else []
        if spec and not own and not ability:  # CR 616.1: an object with no token replacement has none that applies
            continue  # (phase's candidates are checked to be in the order as it asks: .counter_order)
        if len(own) != 1 or ability not in ("", "token_replacement"):
            raise Unsupported(f"the order names {name!r}: only one token replacement of an object is told apart here")
        order.append(oid)
    return tuple(order)


def token_copy_choice(body: Mapping[str, Any]) -> tuple[str | None] | None:
    """The copy choice a token copy makes as it enters, when the copied object's "enter as a copy"
    ability is copied (CR 707.5, 614.12): ``(X,)``, ``(None,)`` for "copy nothing", or None when
    the step makes no choice."""
    choices = body.get("choices") or {}
    if choices.get("copy") is None:
        return None
    copy = choices["copy"]
    copy = [copy] if isinstance(copy, str) else list(copy)
    if len(copy) > 1:
        raise Unsupported("a chain of copy choices for a token copy (CR 707.9e) is not realised by this adapter")
    return (copy[0] if copy else None,)
