"""Strategies for the objects of copy scenarios: originals to copy, Clones with their exceptions,
and */* cards off the battlefield (CR 208.2, 604.3, 707, 708). Whole copy scenarios are in
:mod:`.copy_scenarios`.

Like the layer-7 strategies, everything is generated in plain case-file form: printed values are
at least 1/1, so that a copy scenario can keep every copy choice valid without running it (707.5).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from strategies._internal.core import PLAYERS, ZONES_AWAY, _explicit, _named
from strategies._internal.drawing import Chooser
from strategies._internal.validation import check_features

NAMES = ("Runeclaw Bear", "Llanowar Elves", "Gray Ogre", "Wandering Ones", "Grizzly Wolf")
SUBTYPES = ("Bear", "Elf", "Ogre", "Spirit", "Wolf")
COPY_FEATURES = frozenset({"copy-effects", "token-copies", "face-down"})
"""The features these strategies are about."""

CLONE = {"name": "Clone", "types": ["creature"], "subtypes": ["Shapeshifter"], "colors": ["U"], "power": 0,
         "toughness": 0}
"""A Clone's printed characteristics; its ability is ``enters_as_copy`` (generated with exceptions)."""


# --- objects --------------------------------------------------------------------------------------


def original_objects(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates a creature to be copied: a name, a subtype, a colour, a
    mana cost, printed power and toughness of at least 1, and, as ``features`` allow, a snow
    supertype, abilities as data (keywords, rules text, an anthem, "this creature gets +1/+0", a
    colour-defining ability, a static ability granting a keyword, an activated ability making it
    become something or a copy of its target, a triggered ability making it become a copy of its
    target, those two sometimes "except it has this ability", 707.9a: 707.2a copies them all), starting
    counters, or a face-down start (708.2a) with or without morph. Never legendary (a Clone of it
    would be a legend-rule situation, 704.5j) and with no "as enters" choice to make. Examples
    shrink towards a nameless colorless 1/1 with nothing else."""
    check_features(features)
    return _original_objects(**_explicit({"features": None}, features=features))


MANA_COSTS = ("{1}{G}", "{G}", "{1}{R}", "{U}", "{2}{G}")
"""The mana costs of the named originals, by name (202.1)."""


@_named("original_objects")
def _original_objects(draw, *, features: Iterable[str] | None = None, number: int = 1, extras: bool = False) -> dict[str, Any]:
    """``number`` names its abilities (``grow1``, ``shift1``: the case's ability names are unique);
    ``extras``: also legendary (the caller keeps names distinct and never copies it), a */* whose
    P/T is chosen as it enters (208.2b) or a "choose an opponent" ability (614.12)."""
    draw = Chooser.of(draw)
    allowed = check_features(features)
    card: dict[str, Any] = {"types": ["creature"], "power": draw.integer(1, 5), "toughness": draw.integer(1, 5)}
    index = draw.integer(-1, len(NAMES) - 1)
    if index >= 0:
        card.update(name=NAMES[index], subtypes=[SUBTYPES[index]], colors=[draw.sample("WUBRG")])
        if draw.integer(0, 3):
            card["mana_cost"] = MANA_COSTS[index]
    supertype = draw.integer(0, 5)
    if supertype == 5 and "type-changing" in allowed:
        card["supertypes"] = ["snow"]
    elif supertype == 4 and extras and index >= 0:
        card["supertypes"] = ["legendary"]
    abilities = draw.unique_sample(_ability_kinds(allowed), 0, 2)
    card["abilities"] = [_ability(draw, kind, number, allowed) for kind in abilities]
    obj: dict[str, Any] = {"card": card, "owner": draw.sample(PLAYERS)}
    if extras and "enters-choices" in allowed:
        entering = draw.integer(0, 3)
        if entering == 3:  # Aquamorph Entity: "as this enters or is turned face up" (208.2b, 708.11)
            card.update(power="*", toughness="*")
            card["abilities"] = [*card["abilities"], {"as_enters_pt": {"options": ["5/1", "1/5"], "turned_face_up": True}}]
        elif entering == 2:
            card["abilities"] = [*card["abilities"], {"as_enters_choose": {"player": "opponent"}}]
    if "counters" in allowed and draw.integer(0, 3) == 3:
        obj["counters"] = {draw.sample(["+1/+1", "+1/+0"]): draw.integer(1, 2)}
    aquamorph = card["power"] == "*"
    if "face-down" in allowed and draw.integer(0, 3) >= (2 if aquamorph else 3):  # 708.11 needs it face down
        obj["face_down"] = True
        if draw.boolean():
            card["abilities"] = [*card["abilities"], {"morph": "{2}"}]
    return obj


_ABILITIES = {
    "flying": {"keyword": "flying"},
    "text": {"text": "{T}: Add {G}."},
    "anthem": {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you", "other": True},
                             "power": 1, "toughness": 1}},
    "cda_colors": {"cda_colors": ["W", "U", "B", "R", "G"]},
    "static": {"static": {"affects": {"types": ["creature"], "controller": "you", "other": True},
                          "becomes": {"gains": [{"keyword": "vigilance"}]}}},
    "self_static": {"static_pt": {"effect": "modify_pt", "affects": {"itself": True}, "power": 1, "toughness": 0}},
}
DATA_KEYWORDS = ("trample", "haste", "vigilance", "reach", "defender", "first strike", "double strike", "menace")
"""Keywords that are data only here (702): objects have, copy, gain and lose them."""
KEYWORD_FEATURES = {"deathtouch": "deathtouch", "lifelink": "lifelink", "indestructible": "indestructible",
                    "changeling": "type-changing"}
"""Keywords with a meaning of their own, and the feature each needs (702.2b, 702.15b, 702.12b, 702.73a)."""


def _keywords(allowed: frozenset[str]) -> list[str]:
    return ["flying", *DATA_KEYWORDS, *(k for k, needs in KEYWORD_FEATURES.items() if needs in allowed)]


def _ability_kinds(allowed: frozenset[str]) -> list[str]:
    kinds = ["flying", "text", "keyword"]
    if {"static-abilities", "layer-7c"} <= allowed:
        kinds += ["anthem", "self_static", "self_static"]  # "this creature gets +1/+0" (604.2, 613.4c)
    if "color-changing" in allowed:
        kinds.append("cda_colors")
    if {"static-abilities", "ability-changing"} <= allowed:
        kinds.append("static")
    if "activated-abilities" in allowed and _become_kinds(allowed):
        kinds += ["activated", "activated"]
    if "triggered-abilities" in allowed:
        kinds += ["triggered", "triggered"]
    return kinds


def _become_kinds(allowed: frozenset[str]) -> list[str]:
    """What an activated ability makes its object become: never less than a 1/1 creature."""
    return [kind for kind, needs in (("pt", "layer-7b"), ("artifact", "type-changing"), ("color", "color-changing"),
                                     ("gains", "ability-changing")) if needs in allowed]


def _ability(draw, kind: str, number: int, allowed: frozenset[str]) -> dict[str, Any]:
    draw = Chooser.of(draw)
    if kind == "keyword":
        return {"keyword": draw.sample(_keywords(allowed))}
    if kind == "activated":  # 602: "{X}: this becomes ... until end of turn", or a copy of the target (707.4)
        copying = draw.integer(0, 4) if "copy-effects" in allowed else 0
        if copying >= 1:  # 707.9a: Dimir Doppelganger's "except it has this ability"
            effect: dict[str, Any] = {"become_copy": {"until": "end_of_turn", **_this_ability(copying == 4)}}
        else:
            become = draw.sample(_become_kinds(allowed))
            change: dict[str, Any] = {
                "pt": {"power": "X", "toughness": "X"}, "artifact": {"add_types": ["artifact"], "add_subtypes": ["Golem"]},
                "color": {"colors": ["B"]}, "gains": {"gains": [{"keyword": "trample"}]}}[become]
            effect = {"become": {**change, "until": "end_of_turn"}}
        return {"activated": {"name": f"grow{number}", "cost": "{X}" if "X" in str(effect) else "{1}", "effect": effect}}
    if kind == "triggered":  # 603, 707.4: Unstable Shapeshifter, "except it has this ability" (707.9a)
        variant = draw.integer(0, 3)
        until = ("ended", "end_of_turn")[variant % 2]
        return {"triggered": {"name": f"shift{number}", "when": "Whenever another creature enters",
                              "effect": {"become_copy": {"until": until, **_this_ability(variant >= 2)}}}}
    return _ABILITIES[kind]


def _this_ability(kept: bool) -> dict[str, Any]:
    """The exception "except it has this ability" (707.9a): the copy keeps the ability making it
    (its effect never needs a choice as something enters, so the generator need not know it)."""
    return {"exceptions": {"gains_this_ability": True}} if kept else {}


def clone_objects(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates a Clone in its owner's hand: "You may have this enter as a
    copy of any creature on the battlefield", sometimes with exceptions (707.9): a P/T it keeps,
    a name, colours, creature types or supertypes it has instead, "in addition" types, creature
    types and snow (707.9b), its own
    colour kept, an ability gained, counters it enters with, some of them only if it is a creature
    (707.9f). A copy with them is still a creature of at least 1/1. Examples shrink towards a
    plain Clone."""
    allowed = check_features(features)
    if "copy-effects" not in allowed:
        raise InvalidArgument(f"features={sorted(allowed)}: a Clone needs copy-effects")
    return _clone_objects(**_explicit({"features": None}, features=features))


@_named("clone_objects")
def _clone_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    draw = Chooser.of(draw)
    allowed = check_features(features)
    ability: dict[str, Any] = {"of": {"types": ["creature"]}}
    exceptions = _exceptions(draw, allowed, entering=True)
    if exceptions:
        ability["exceptions"] = exceptions
    return {"card": {**CLONE, "abilities": [{"enters_as_copy": ability}]}, "zone": "hand",
            "owner": draw.sample(PLAYERS)}


EXCEPTION_NAMES = ("Phantasmal Image", "Mirror Image", "Quicksilver Gargantuan")
"""Names a copy exception gives: none is an original's, so no copy shares a legendary's name."""


def _exceptions(draw, allowed: frozenset[str], *, entering: bool, nested: bool = False) -> dict[str, Any]:
    """Exceptions of a copy effect (707.9) that leave the copy a creature of at least 1/1:
    ``entering`` (a Clone or a token) may also enter with counters (707.9e)."""
    draw = Chooser.of(draw)
    exceptions: dict[str, Any] = {}
    for kind in draw.unique_sample(_exception_kinds(allowed, entering=entering, nested=nested), 0, 2):
        if kind == "pt":
            exceptions.update(power=draw.integer(1, 7), toughness=draw.integer(1, 7))
        elif kind == "artifact":
            exceptions["add_types"] = ["artifact"]
        elif kind == "retain":
            exceptions["retain"] = ["colors"]
        elif kind == "gains":
            exceptions["gains"] = [{"keyword": draw.sample(_keywords(allowed))}]
        elif kind == "counters":
            exceptions["enters_with_counters"] = {"+1/+1": draw.integer(1, 3)}
        elif kind == "name":
            exceptions["name"] = draw.sample(EXCEPTION_NAMES)
        elif kind == "colors":
            exceptions["colors"] = [draw.sample("WUBRG")]
        elif kind == "types":  # "except it's an artifact creature" (707.9b)
            exceptions["types"] = ["artifact", "creature"]
        elif kind == "subtypes":  # Phantasmal Image's Illusion, instead of the copied creature types (205.1a)
            exceptions["subtypes"] = ["Illusion"]
        elif kind == "supertypes":  # snow instead of the copied supertypes: never legendary (704.5j)
            exceptions["supertypes"] = ["snow"]
        elif kind == "add_subtypes":  # "it's an Illusion in addition to its other types" (707.9b)
            exceptions["add_subtypes"] = ["Illusion"]
        elif kind == "add_supertypes":  # "it's snow in addition": never legendary (704.5j) nor world (704.5k)
            exceptions["add_supertypes"] = ["snow"]
        elif kind == "if_creature":
            inner = _exceptions(draw, allowed, entering=entering, nested=True)
            exceptions["if_creature"] = inner or {"gains": [{"keyword": "haste"}]}
    return exceptions


def _exception_kinds(allowed: frozenset[str], *, entering: bool = True, nested: bool = False) -> list[str]:
    kinds = ["pt", "retain", "gains", "name", "colors", "subtypes", "add_subtypes"]
    if "type-changing" in allowed:
        kinds += ["artifact", "types", "supertypes", "add_supertypes"]
    if "counters" in allowed and entering:
        kinds.append("counters")
    if not nested:
        kinds.append("if_creature")
    return kinds


STAR_EXPRESSIONS = ("creatures you control", "creatures the chosen player controls", "creature cards in your graveyard",
                    "card types in graveyards", "your life")


def star_cards(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates a */* or N+*/N+* card off the battlefield (in a hand,
    graveyard, library or exile), whose characteristic-defining ability counts creatures its
    owner (or the chosen player, whom nobody chose off the battlefield) controls, creature cards in
    its owner's graveyard, card types among cards in all graveyards, or its owner's life (604.3,
    208.2a); or, with ``enters-choices``, a */* card whose P/T is chosen as it enters (208.2b).
    Examples shrink towards a */* in the hand counting creatures its owner controls."""
    allowed = check_features(features)
    if not {"layer-7a", "zone-changes"} <= allowed:
        raise InvalidArgument(f"features={sorted(allowed)}: a */* card off the battlefield needs layer-7a and zone-changes")
    return _star_cards(**_explicit({"features": None}, features=features))


@_named("star_cards")
def _star_cards(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    draw = Chooser.of(draw)
    allowed = check_features(features)
    zone = draw.sample(("hand", *ZONES_AWAY[:2], "library"))
    owner = draw.sample(PLAYERS)
    if "enters-choices" in allowed and draw.integer(0, 5) == 5:
        return {"zone": zone, "owner": owner, "card": {
            "types": ["creature"], "power": "*", "toughness": "*",
            "abilities": [{"as_enters_pt": {"options": ["5/1", "1/5"]}}]}}
    kinds = [k for k in STAR_EXPRESSIONS if "characteristic-expressions" in allowed
             or k in ("creatures you control", "creature cards in your graveyard")]
    term = _STAR_TERMS[draw.sample(kinds)]
    base = draw.integer(0, 2)
    expression = {"sum": [base, term]} if base else term
    star = f"{base}+*" if base else "*"
    return {"zone": zone, "owner": owner, "card": {
        "types": ["creature"], "power": star, "toughness": star,
        "abilities": [{"cda_pt": {"power": expression, "toughness": expression}}]}}


_STAR_TERMS = {
    "creatures you control": {"count": {"types": ["creature"], "controller": "you"}},
    "creatures the chosen player controls": {"count": {"types": ["creature"], "controller": "chosen"}},
    "creature cards in your graveyard": {"count": {"types": ["creature"], "zone": "graveyard", "owner": "you"}},
    "card types in graveyards": {"card_types": {"zone": "graveyard"}},
    "your life": {"life": "you"},
}


# --- scenarios ------------------------------------------------------------------------------------
