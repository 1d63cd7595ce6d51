"""Scenarios about double-faced cards (CR 712, 701.27, 707.8) and flip cards (710, 707.3), for the
property ``712.8a/faces-agree-with-reference`` (issue 40): a small board (a double-faced creature,
now and then with its back face up and a "this creature has base power and toughness N/N" back
face; two flip card creatures, each now and then flipped; a single-faced creature; now and then a
Clone in
the hand and another in the graveyard), then steps: transforming (a double-faced permanent, a token
copy of one, a single-faced one: nothing happens), flipping (a permanent whose copiable values have
a flip side), token copies (of each, a Clone card's entering as a copy of something), a Clone
entering as a copy, a single-faced permanent becoming a copy of a two-faced one, P/T effects and
+1/+1 counters before a transformation, a permanent put into the graveyard, the cleanup step. One
checkpoint at the end sees every object.

Each step is drawn only as the engine's features allow (:data:`STEP_FEATURES`). Nothing the
reference engine refuses is drawn: no copy effect on a double-faced permanent (712.18 with a copy
effect), no flip of a permanent without a flip side, no legendary supertype (704.5j). A module of
its own, drawn by its own property only: no other strategy's draws change. Shrinks towards fewer
steps, no Clone and smaller numbers.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance.format.model import Case
from strategies._internal.core import PLAYERS, build_case
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser

ALEX, BLAIR = PLAYERS[0], PLAYERS[1]

FACE_FEATURES = frozenset({"double-faced-cards", "flip-cards"})
"""The features this module is about: an engine with neither gets no scenario of it."""

STEP_FEATURES: dict[str, frozenset[str]] = {
    "transform": frozenset({"double-faced-cards"}),
    "changed": frozenset({"double-faced-cards", "counters", "layer-7c", "layer-7b"}),
    "flip": frozenset({"flip-cards"}),
    "token": frozenset({"copy-effects", "token-copies"}),
    "clone": frozenset({"copy-effects", "zone-changes"}),
    "copy": frozenset({"copy-effects"}),
    "modify": frozenset({"layer-7c"}),
    "counters": frozenset({"counters"}),
    "set": frozenset({"layer-7b"}),
    "leave": frozenset({"zone-changes"}),
    "end_turn": frozenset({"durations"}),
}
"""The kinds of steps, with the features each needs (conformance/format/features.py derives them)."""

_WEIGHTS = {"transform": 4, "changed": 3, "flip": 3, "token": 3, "clone": 2, "copy": 3, "set": 2, "modify": 2,
            "counters": 2}
"""How often each kind of step is drawn, against 1 for the others: what the property is about."""


def _allowed(needs: frozenset[str], allowed: frozenset[str]) -> bool:
    return all(can(feature, allowed) for feature in needs)


def usable(features: frozenset[str]) -> bool:
    """Whether scenarios can be generated for an engine with ``features``: double-faced or flip cards."""
    return any(can(feature, features) for feature in FACE_FEATURES)


class _Board:
    """What the steps so far made: the permanents represented by a double-faced card or token
    (never made a copy: 712.18 with a copy effect is refused), those whose copiable values have a
    flip side, the tokens and Clones, what is on the battlefield."""

    def __init__(self) -> None:
        self.double_faced: set[str] = set()
        self.back_up: set[str] = set()  # the double-faced permanents with their back face up
        self.flippable: set[str] = set()
        self.battlefield: list[str] = []
        self.tokens = 0
        self.clone_entered = False


def _double_faced(draw: Chooser, allowed: frozenset[str]) -> dict[str, Any]:
    back: dict[str, Any] = {"name": "Moonlit Brute", "types": ["creature"], "subtypes": ["Werewolf"], "colors": ["R"],
                            "power": draw.integer(3, 6), "toughness": draw.integer(2, 5)}
    if _allowed(frozenset({"static-abilities", "layer-7b"}), allowed):  # 613.7g matters
        size = draw.integer(4, 7)
        back["abilities"] = [{"static_pt": {"effect": "set_pt", "affects": {"itself": True}, "power": size,
                                            "toughness": size}}]
    spec: dict[str, Any] = {"card": {"name": "Village Brute", "mana_cost": "{2}{R}", "types": ["creature"],
                                     "subtypes": ["Human", "Werewolf"], "colors": ["R"], "power": draw.integer(1, 3),
                                     "toughness": draw.integer(1, 3), "back_face": back}}
    if draw.boolean():
        spec["transformed"] = True
    return spec


_FLIP_CARDS = (("Shortfang Youth", "Shortfang Elder", "{1}{B}", "B", ["Rat", "Rogue"], ["Rat", "Shaman"]),
               ("Jushi Student", "Jushi Master", "{1}{U}", "U", ["Human", "Wizard"], ["Human", "Wizard"]))
"""Two flip cards: normal name, flipped name, mana cost, colour, normal and flipped subtypes."""


def _flip_card(draw: Chooser, which: int) -> dict[str, Any]:
    name, flipped, cost, color, subtypes, flipped_subtypes = _FLIP_CARDS[which]
    side: dict[str, Any] = {"name": flipped, "types": ["creature"], "subtypes": flipped_subtypes,
                            "power": draw.integer(2, 4), "toughness": draw.integer(2, 4),
                            "abilities": [{"text": "At the beginning of each opponent's upkeep, that player loses 1 life."}]}
    if draw.boolean():
        side["supertypes"] = ["snow"]  # never legendary: the legend rule (704.5j) is refused
    spec: dict[str, Any] = {"card": {"name": name, "mana_cost": cost, "types": ["creature"], "subtypes": subtypes,
                                     "colors": [color], "power": 1, "toughness": 1 + which, "flip": side},
                            "owner": draw.sample(PLAYERS[:2])}
    if draw.boolean():
        spec["flipped"] = True
    return spec


_CLONE = {"name": "Clone", "mana_cost": "{3}{U}", "types": ["creature"], "subtypes": ["Shapeshifter"], "colors": ["U"],
          "power": 0, "toughness": 0, "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}


@st.composite
def face_scenarios(draw: Any, *, features: frozenset[str], max_steps: int = 6) -> Case:
    """A scenario about double-faced and flip cards, within ``features``."""
    draw = Chooser.of(draw)
    allowed = frozenset(features)
    board = _Board()
    objects: dict[str, Any] = {}
    # the two-faced objects first: a draw of an object shrinks towards the first (the Bears last)
    if can("double-faced-cards", allowed):
        objects["d1"] = _double_faced(draw, allowed)
        board.double_faced.add("d1")
        if objects["d1"].get("transformed"):
            board.back_up.add("d1")
    if can("flip-cards", allowed):
        objects["n1"] = _flip_card(draw, 0)
        objects["n2"] = _flip_card(draw, 1)  # a second flip card: one copying the other (the Tomoya example, 707.3)
    board.flippable.update(o for o in objects if o.startswith("n"))
    objects["b1"] = {"card": {"name": "Grizzly Bears", "types": ["creature"], "subtypes": ["Bear"], "colors": ["G"],
                              "power": 2, "toughness": 2}}
    board.battlefield.extend(objects)
    if _allowed(STEP_FEATURES["clone"], allowed) and draw.boolean():
        objects["c1"] = {"card": dict(_CLONE), "zone": "hand"}
    if _allowed(STEP_FEATURES["token"], allowed | {"zone-changes"}) and "zone-changes" in allowed and draw.boolean():
        objects["g1"] = {"card": dict(_CLONE), "zone": "graveyard"}
    steps: list[dict[str, Any]] = []
    for _ in draw.sizes(1, max_steps):  # each step in its own span: the shrinker deletes it whole
        steps.extend(_step(draw, objects, board, allowed))
    seen = [*objects, *(f"t{i}" for i in range(1, board.tokens + 1))]
    steps.append({"expect": {"objects": dict.fromkeys(seen, {})}})
    return build_case(objects, steps, summary="Double-faced and flip cards, generated.", case_id="712.8a/generated")


def _kinds(allowed: frozenset[str]) -> list[str]:
    """The kinds of steps ``allowed`` permits, each as many times as its weight: the same list
    whatever the board (a step that can't happen on the board as it is is left out)."""
    return [kind for kind, needs in STEP_FEATURES.items() if _allowed(needs, allowed)
            for _ in range(_WEIGHTS.get(kind, 1))]


def _step(draw: Chooser, objects: dict[str, Any], board: _Board, allowed: frozenset[str]) -> list[dict[str, Any]]:
    kinds = _kinds(allowed)
    if not kinds or not board.battlefield:
        return []
    kind = draw.sample(kinds)
    if kind == "transform":  # a double-faced permanent, or one that is not: nothing happens (712.9)
        obj = draw.sample(board.battlefield)
        if obj in board.double_faced:
            board.back_up ^= {obj}
        return [{"transform": {"object": obj}}]
    if kind == "changed":  # counters or an effect on a double-faced permanent, then it transforms (712.18, 613.7g)
        faced = [o for o in board.battlefield if o in board.double_faced]
        if not faced:
            return []
        what, amount = draw.sample(("set_pt", "put_counters", "modify_pt")), draw.integer(0, 2)
        obj = draw.sample(faced)
        change = {"object": obj, "kind": "+1/+1", "count": amount + 1} if what == "put_counters" else {
            "to": obj, "power": amount, "toughness": amount + 1, "until": "ended"}
        # it ends back face up: its back face's static ability, later than the change (613.7g)
        turns = 2 if obj in board.back_up else 1
        board.back_up.add(obj)
        return [{what: change}, *[{"transform": {"object": obj}}] * turns]
    if kind == "flip":
        flippable = [o for o in board.battlefield if o in board.flippable]
        return [{"flip": {"object": draw.sample(flippable)}}] if flippable else []
    if kind == "token":
        return _token(draw, objects, board)
    if kind == "clone":
        if "c1" not in objects or board.clone_entered:
            return []
        board.clone_entered = True
        original = draw.sample(board.battlefield)
        board.battlefield.append("c1")
        _copies(board, "c1", original)
        return [{"move": {"object": "c1", "to": "battlefield", "choices": {"copy": original}}}, *_then_transform(
            draw, board, "c1", original)]
    if kind == "copy":  # a single-faced permanent becomes a copy (Tomoya, 707.3); never a double-faced one
        targets = [o for o in board.battlefield if o not in board.double_faced]
        if not targets:
            return []
        # flip cards first (a flipped one copying another: the Tomoya example, 707.3), then the others
        to = draw.sample(sorted(targets, key=lambda o: o not in board.flippable))
        of = draw.sample(sorted(board.battlefield, key=lambda o: o not in board.flippable))
        if to == of:
            return []
        _copies(board, to, of)
        return [{"become_copy": {"to": to, "of": of, "until": "ended"}}, *_then_transform(draw, board, to, of)]
    if kind in ("modify", "set"):
        amount = draw.integer(-1, 2) if kind == "modify" else draw.integer(0, 3)
        return [{f"{kind}_pt": {"to": draw.sample(board.battlefield), "power": amount, "toughness": max(amount, 1)}}]
    if kind == "counters":
        return [{"put_counters": {"object": draw.sample(board.battlefield), "kind": "+1/+1", "count": draw.integer(1, 2)}}]
    if kind == "leave":
        gone = draw.sample(board.battlefield)
        if gone.startswith("t"):  # a token would cease to exist: nothing to see of its faces
            return []
        board.battlefield.remove(gone)
        return [{"move": {"object": gone, "to": "graveyard"}}]
    return [{"end_turn": {}}]


def _then_transform(draw: Chooser, board: _Board, copy: str, original: str) -> list[dict[str, Any]]:
    """Now and then, a single-faced copy of a double-faced permanent told to transform (712.9)."""
    return [{"transform": {"object": copy}}] if original in board.double_faced and draw.boolean() else []


def _copies(board: _Board, copy: str, original: str) -> None:
    """``copy`` now copies ``original``'s copiable values: a flip side if it had one on the
    battlefield (707.3; off it, a flip card has only its normal characteristics, 710.2); it is no
    more double-faced than it was (707.8, 712.9)."""
    if original in board.flippable and original in board.battlefield:
        board.flippable.add(copy)
    else:
        board.flippable.discard(copy)


def _token(draw: Chooser, objects: dict[str, Any], board: _Board) -> list[dict[str, Any]]:
    """A token copy (111.1): of a permanent or a card elsewhere; of the Clone card in the graveyard,
    entering as a copy of a permanent (707.8a's second example)."""
    candidates = [*board.battlefield, *(o for o in ("d1", "g1") if o in objects and o not in board.battlefield)]
    original = draw.sample(candidates)
    board.tokens += 1
    token = f"t{board.tokens}"
    step: dict[str, Any] = {"token": token, "copy_of": original}
    if original == "g1":
        chosen = draw.sample(board.battlefield)
        step["choices"] = {"copy": chosen}
        _copies(board, token, chosen)
        board.battlefield.append(token)
        return [{"create_token": step}, *_then_transform(draw, board, token, chosen)]
    else:
        _copies(board, token, original)
        if original in board.double_faced:  # 707.8a: a double-faced token, with the same face up
            board.double_faced.add(token)
            if original in board.back_up and original in board.battlefield:
                board.back_up.add(token)
    board.battlefield.append(token)
    return [{"create_token": step}]
