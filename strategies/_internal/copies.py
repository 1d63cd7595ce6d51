"""Strategies for copies, face-down permanents and */* cards off the battlefield (CR 208.2,
604.3, 707, 708).

Like the layer-7 strategies, everything is generated in plain case-file form and every scenario
is valid: references resolve, and every copy choice names an object that is a creature on the
battlefield when the copy enters (707.5). To keep that true without running the scenario, the
objects generated here never die: printed values are at least 1/1 and the changes made to them
never lower a value.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance.scenario import Case
from strategies._internal.core import PLAYERS, ZONES_AWAY, _explicit, _named, build_case
from strategies._internal.validation import check_checkpoints, check_features, check_size, observe_here

NAMES = ("Runeclaw Bear", "Llanowar Elves", "Gray Ogre", "Wandering Ones", "Grizzly Wolf")
SUBTYPES = ("Bear", "Elf", "Ogre", "Spirit", "Wolf")
COPY_FEATURES = frozenset({"copy-effects", "token-copies", "face-down"})
"""The features these strategies are about."""

CLONE = {"name": "Clone", "types": ["creature"], "subtypes": ["Shapeshifter"], "colors": ["U"], "power": 0,
         "toughness": 0}
"""A Clone's printed characteristics; its ability is ``enters_as_copy`` (generated with exceptions)."""


# --- objects --------------------------------------------------------------------------------------


def original_objects(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates a creature to be copied: a name, a subtype, a colour,
    printed power and toughness of at least 1, and, as ``features`` allow, abilities (a keyword,
    rules text, an anthem), starting counters, or a face-down start (708.2a) with or without morph.
    Examples shrink towards a nameless colorless 1/1 with nothing else."""
    check_features(features)
    return _original_objects(**_explicit({"features": None}, features=features))


@_named("original_objects")
def _original_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    allowed = check_features(features)
    card: dict[str, Any] = {"types": ["creature"], "power": draw(st.integers(1, 5)), "toughness": draw(st.integers(1, 5))}
    index = draw(st.integers(-1, len(NAMES) - 1))
    if index >= 0:
        card.update(name=NAMES[index], subtypes=[SUBTYPES[index]], colors=[draw(st.sampled_from("WUBRG"))])
    abilities = draw(st.lists(st.sampled_from(_ability_kinds(allowed)), max_size=2, unique=True))
    card["abilities"] = [_ABILITIES[kind] for kind in abilities]
    obj: dict[str, Any] = {"card": card, "owner": draw(st.sampled_from(PLAYERS))}
    if "counters" in allowed and draw(st.integers(0, 3)) == 3:
        obj["counters"] = {draw(st.sampled_from(["+1/+1", "+1/+0"])): draw(st.integers(1, 2))}
    if "face-down" in allowed and draw(st.integers(0, 3)) == 3:
        obj["face_down"] = True
        if draw(st.booleans()):
            card["abilities"] = [*card["abilities"], {"morph": "{2}"}]
    return obj


_ABILITIES = {
    "flying": {"keyword": "flying"},
    "text": {"text": "{T}: Add {G}."},
    "anthem": {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you", "other": True},
                             "power": 1, "toughness": 1}},
}


def _ability_kinds(allowed: frozenset[str]) -> list[str]:
    kinds = ["flying", "text"]
    if {"static-abilities", "layer-7c"} <= allowed:
        kinds.append("anthem")
    return kinds


def clone_objects(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates a Clone in its owner's hand: "You may have this enter as a
    copy of any creature on the battlefield", sometimes with exceptions (707.9): a P/T it keeps,
    "in addition" types, its own colour kept, an ability gained, counters it enters with. Examples
    shrink towards a plain Clone."""
    allowed = check_features(features)
    if "copy-effects" not in allowed:
        raise InvalidArgument(f"features={sorted(allowed)}: a Clone needs copy-effects")
    return _clone_objects(**_explicit({"features": None}, features=features))


@_named("clone_objects")
def _clone_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    allowed = check_features(features)
    exceptions: dict[str, Any] = {}
    for kind in draw(st.lists(st.sampled_from(_exception_kinds(allowed)), max_size=2, unique=True)):
        if kind == "pt":
            exceptions.update(power=draw(st.integers(1, 7)), toughness=draw(st.integers(1, 7)))
        elif kind == "artifact":
            exceptions["add_types"] = ["artifact"]
        elif kind == "colors":
            exceptions["retain"] = ["colors"]
        elif kind == "flying":
            exceptions["gains"] = [{"keyword": "flying"}]
        elif kind == "counters":
            exceptions["enters_with_counters"] = {"+1/+1": draw(st.integers(1, 3))}
    ability: dict[str, Any] = {"of": {"types": ["creature"]}}
    if exceptions:
        ability["exceptions"] = exceptions
    return {"card": {**CLONE, "abilities": [{"enters_as_copy": ability}]}, "zone": "hand",
            "owner": draw(st.sampled_from(PLAYERS))}


def _exception_kinds(allowed: frozenset[str]) -> list[str]:
    kinds = ["pt", "colors", "flying"]
    if "type-changing" in allowed:
        kinds.append("artifact")
    if "counters" in allowed:
        kinds.append("counters")
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
    allowed = check_features(features)
    zone = draw(st.sampled_from(("hand", *ZONES_AWAY[:2], "library")))
    owner = draw(st.sampled_from(PLAYERS))
    if "enters-choices" in allowed and draw(st.integers(0, 5)) == 5:
        return {"zone": zone, "owner": owner, "card": {
            "types": ["creature"], "power": "*", "toughness": "*",
            "abilities": [{"as_enters_pt": {"options": ["5/1", "1/5"]}}]}}
    kinds = [k for k in STAR_EXPRESSIONS if "characteristic-expressions" in allowed
             or k in ("creatures you control", "creature cards in your graveyard")]
    term = _STAR_TERMS[draw(st.sampled_from(kinds))]
    base = draw(st.integers(0, 2))
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


def copy_scenarios(*, features: Iterable[str] | None = None, max_originals: int = 2, max_clones: int = 3,
                   max_steps: int = 8, checkpoints: str = "each") -> st.SearchStrategy[Case]:
    """Returns a strategy which generates scenarios about copies: creatures to copy (some face
    down), Clones entering as copies of them and of each other (copies of copies, 707.3), objects
    becoming copies (707.4), token copies, changes to the originals (counters, P/T effects,
    switches, types, colours, abilities: none of which a copy copies, 707.2), and turning
    permanents face up and down (708), as ``features`` allow. A checkpoint follows each step
    (``"each"``), a random subset of steps and the last (``"sparse"``), or only the last (``"end"``).
    Examples shrink towards one original, one Clone
    and few steps."""
    allowed = check_features(features)
    if "copy-effects" not in allowed:
        raise InvalidArgument(f"features={sorted(allowed)}: copy scenarios need copy-effects")
    check_size(max_originals, "max_originals", minimum=1)
    check_size(max_clones, "max_clones")
    check_size(max_steps, "max_steps", minimum=1)
    check_checkpoints(checkpoints)
    defaults = {"features": None, "max_originals": 2, "max_clones": 3, "max_steps": 8, "checkpoints": "each"}
    return _copy_scenarios(**_explicit(defaults, features=features, max_originals=max_originals,
                                       max_clones=max_clones, max_steps=max_steps, checkpoints=checkpoints))


def _change_kinds(allowed: frozenset[str]) -> list[str]:
    """Changes to a permanent that never lower a value (so nothing dies, and copy choices stay legal)."""
    return [kind for kind, needs in (
        ("modify_pt", "layer-7c"), ("put_counters", "counters"), ("switch_pt", "layer-7d"), ("set_pt", "layer-7b"),
        ("add_type", "type-changing"), ("color", "color-changing"), ("flying", "ability-changing"),
        ("become_copy", "copy-effects"), ("token", "token-copies"), ("face_up", "face-down"),
        ("face_down", "face-down"), ("end_turn", "durations"),
    ) if needs in allowed]


@_named("copy_scenarios")
def _copy_scenarios(draw, *, features=None, max_originals=2, max_clones=3, max_steps=8, checkpoints="each") -> Case:
    allowed = check_features(features)
    originals = draw(st.lists(_original_objects(features=allowed), min_size=1, max_size=max_originals))
    clones = draw(st.lists(_clone_objects(features=allowed), max_size=max_clones))
    objects = {f"o{i}": spec for i, spec in enumerate(originals, 1)}
    on_battlefield = [f"o{i}" for i in range(1, len(originals) + 1)]
    in_hand = []
    for i, spec in enumerate(clones, 1):
        if "zone-changes" in allowed:  # it enters later, as a copy of what is there then
            in_hand.append(f"k{i}")
        else:  # without zone changes, it entered as the case starts (declared after what it copies)
            spec = {**spec, "zone": "battlefield",
                    "choices": {"copy": on_battlefield[draw(st.integers(0, len(on_battlefield) - 1))]}}
            spec.pop("zone")
            on_battlefield.append(f"k{i}")
        objects[f"k{i}"] = spec
    kinds = ["enter"] * bool(in_hand) + _change_kinds(allowed)
    intents = draw(st.lists(st.tuples(st.sampled_from(kinds), st.integers(0, 7), st.integers(0, 7), st.integers(0, 3)),
                            min_size=1, max_size=max_steps))
    steps: list[dict[str, Any]] = []
    tokens = 0
    for number, (kind, a, b, amount) in enumerate(intents, 1):
        target, other = on_battlefield[a % len(on_battlefield)], on_battlefield[b % len(on_battlefield)]
        if kind == "enter" and in_hand:
            clone = in_hand.pop(a % len(in_hand))
            step = {"move": {"object": clone, "to": "battlefield", "choices": {"copy": other}}}
            on_battlefield.append(clone)
        elif kind == "token":
            tokens += 1
            step = {"create_token": {"token": f"t{tokens}", "copy_of": other}}
            on_battlefield.append(f"t{tokens}")
        elif kind == "become_copy":
            step = {"become_copy": {"to": target, "of": other, "until": "ended"}}
        elif kind == "modify_pt":
            step = {"modify_pt": {"to": target, "power": amount, "toughness": (a + b) % 3}}
        elif kind == "put_counters":
            step = {"put_counters": {"object": target, "kind": "+1/+1" if b % 2 else "+1/+0", "count": amount + 1}}
        elif kind == "switch_pt":
            step = {"switch_pt": {"to": target}}
        elif kind == "set_pt":
            step = {"set_pt": {"to": target, "power": amount + 1, "toughness": b % 4 + 1}}
        elif kind == "add_type":
            step = {"become": {"to": target, "add_types": ["artifact"]}}
        elif kind == "color":
            step = {"become": {"to": target, "colors": [["W", "U", "B", "R", "G"][amount]]}}
        elif kind == "flying":
            step = {"become": {"to": target, "gains": [{"keyword": "flying"}]}}
        elif kind == "face_up":
            step = {"turn_face_up": {"object": target, "by": "morph" if amount % 2 else "effect"}}
        elif kind == "face_down":
            step = {"turn_face_down": {"object": target}}
        else:
            step = {"end_turn": {}}
        steps.append(step)
        if number == len(intents) or observe_here(draw, checkpoints):
            steps.append({"expect": {"objects": {oid: {} for oid in [*objects, *_tokens(tokens)]}}})
    return build_case(objects, steps, summary="a scenario generated by strategies.copy_scenarios()")


def _tokens(count: int) -> list[str]:
    return [f"t{i}" for i in range(1, count + 1)]
