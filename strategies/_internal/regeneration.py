"""Scenarios about destruction and regeneration, drawing, and an activated ability dealing damage
to a target with counters on its own object (issue 40; CR 701.8a, 701.19a, 614.4, 121.1, 704.5b,
707.11), for the property ``701.19/regeneration-agrees-with-reference``.

A small board: a creature of each player, and now and then each player's library of one to three
cards (their places given, 401.2) with a Wall of Omens-like creature card in hand ("when this enters,
draw a card" or two), and an Olivia Voldaren-like creature (not legendary here) with its biting
ability. Then steps: regeneration shields, often followed at once by that creature's destruction
or damage, or coming just too late after it (614.4); destroy steps (some that can't be
regenerated); damage between the creatures (lethal damage destroys, 704.5g: a shield replaces that
too); deathtouch and indestructible gained (then, now and then, a destroy); the cleanup step
(shields end); the Wall entering or a token copy of it entering under either player (the copy's
controller draws, 707.5); a creature becoming a copy of Olivia and biting (707.11: its counters go
on it); Olivia biting. One checkpoint at the end sees every object, and the players.

Each step is drawn only as the engine's features allow (:data:`STEP_FEATURES`). A module of its
own, drawn by its own property only: no other strategy's draws change. Shrinks towards fewer steps
and smaller numbers.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance.format.model import Case
from strategies._internal.core import PLAYERS, build_case
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser

ALEX, BLAIR = PLAYERS[0], PLAYERS[1]

FEATURES = frozenset({"destroy", "regeneration", "drawing", "activated-damage"})
"""The features this module is about: an engine with none of them gets no scenario of it."""

STEP_FEATURES: dict[str, frozenset[str]] = {
    "regenerate": frozenset({"regeneration"}),
    "shielded": frozenset({"regeneration", "destroy"}),
    "shielded_damage": frozenset({"regeneration", "damage"}),
    "too_late": frozenset({"regeneration", "destroy"}),
    "destroy": frozenset({"destroy"}),
    "unregenerable": frozenset({"destroy", "regeneration"}),
    "damage": frozenset({"damage"}),
    "deathtouch": frozenset({"damage", "deathtouch", "ability-changing"}),
    "indestructible": frozenset({"indestructible", "ability-changing"}),
    "end_turn": frozenset({"durations"}),
    "wall": frozenset({"drawing", "zone-changes", "event-triggers"}),
    "wall_token": frozenset({"drawing", "event-triggers", "copy-effects", "token-copies"}),
    "bite": frozenset({"activated-damage", "damage", "counters", "type-changing", "activated-abilities"}),
    "copy_olivia": frozenset({"activated-damage", "damage", "counters", "type-changing", "activated-abilities",
                              "copy-effects"}),
}
"""The kinds of steps, with the features each needs (conformance/format/features.py derives them)."""

_WEIGHTS = {"shielded": 3, "shielded_damage": 3, "too_late": 2, "destroy": 2, "damage": 2, "indestructible": 2, "wall": 2,
            "wall_token": 2, "bite": 2, "copy_olivia": 3}
"""How often each kind of step is drawn, against 1 for the others: what the property is about."""

BITE = {"name": "bite", "cost": "{1}{R}", "effect": {"damage_target": {
    "amount": 1, "other": True, "target_becomes": {"add_subtypes": ["Vampire"]}, "put_counters": {"kind": "+1/+1", "count": 1}}}}
"""Olivia Voldaren's ability (707.11's example)."""


def _allowed(needs: frozenset[str], allowed: frozenset[str]) -> bool:
    return all(can(feature, allowed) for feature in needs)


def usable(features: frozenset[str]) -> bool:
    """Whether scenarios can be generated for an engine with ``features``: one step kind of this
    module's features."""
    return any(_allowed(needs, features) and needs & FEATURES for needs in STEP_FEATURES.values())


def _kinds(allowed: frozenset[str]) -> list[str]:
    """The kinds of steps ``allowed`` permits, each as many times as its weight (the same list
    whatever the board: a step impossible on the board as it is is left out)."""
    return [kind for kind, needs in STEP_FEATURES.items() if _allowed(needs, allowed)
            for _ in range(_WEIGHTS.get(kind, 1))]


@st.composite
def regeneration_scenarios(draw: Any, *, features: frozenset[str], max_steps: int = 6) -> Case:
    """A scenario about destruction, regeneration, draws and biting, within ``features``."""
    draw = Chooser.of(draw)
    allowed = frozenset(features)
    objects: dict[str, Any] = {
        "a1": {"card": {"types": ["creature"], "subtypes": ["Bear"], "power": draw.integer(1, 4),
                        "toughness": draw.integer(1, 4)}},
        "b1": {"card": {"types": ["creature"], "subtypes": ["Troll"], "power": draw.integer(1, 4),
                        "toughness": draw.integer(1, 4)}, "owner": BLAIR},
    }
    kinds = _kinds(allowed)
    if {"wall", "wall_token"} & set(kinds) and draw.boolean():  # (the shrinker takes it away)
        objects["wall"] = {"zone": "hand", "owner": draw.sample(PLAYERS[:2]), "card": {
            "name": "Wall of Omens", "types": ["creature"], "subtypes": ["Wall"], "power": 0, "toughness": 4,
            "abilities": [{"triggered": {"name": "omens", "when": "When this creature enters",
                                         "event": {"enters": {"itself": True}},
                                         "effect": {"draw": {"count": draw.integer(1, 2)}}}}]}}
        for player, prefix in ((ALEX, "la"), (BLAIR, "lb")):
            for place in range(1, draw.integer(1, 3) + 1):
                objects[f"{prefix}{place}"] = {"zone": "library", "owner": player, "library_position": place,
                                               "card": {"types": ["land"]}}
    if {"bite", "copy_olivia"} & set(kinds) and draw.boolean():
        objects["olivia"] = {"owner": draw.sample(PLAYERS[:2]), "card": {
            "name": "Olivia Voldaren", "types": ["creature"], "subtypes": ["Vampire"], "power": 3, "toughness": 3,
            "abilities": [{"activated": BITE}]}}
    board = {"wall": False, "tokens": 0}
    steps: list[dict[str, Any]] = []
    for _ in draw.sizes(1, max_steps):  # each step in its own span: the shrinker deletes it whole
        steps.extend(_step(draw, objects, board, kinds))
    seen = [*objects, *(f"t{i}" for i in range(1, board["tokens"] + 1))]
    expect: dict[str, Any] = {"objects": dict.fromkeys(seen, {})}
    if "life" in allowed:
        expect["players"] = {ALEX: {}, BLAIR: {}}
    steps.append({"expect": expect})
    return build_case(objects, steps, summary="Destruction, regeneration, draws and an ability of a copy, generated.",
                      case_id="701.19a/generated")


def _step(draw: Chooser, objects: dict[str, Any], board: dict[str, Any], kinds: list[str]) -> list[dict[str, Any]]:
    if not kinds:
        return []
    kind = draw.sample(kinds)
    creatures = ["a1", "b1", *(["olivia"] if "olivia" in objects else [])]
    if kind == "regenerate":
        return [{"regenerate": {"object": draw.sample(creatures)}}]
    if kind == "too_late":  # 614.4: destroyed, then a shield that comes too late
        chosen = draw.sample(creatures)
        return [{"destroy": {"object": chosen}}, {"regenerate": {"object": chosen}}]
    if kind in ("shielded", "shielded_damage"):  # a shield, then that creature destroyed or dealt damage (701.19a)
        shielded, source = draw.sample(creatures), draw.sample(creatures)
        last = ({"destroy": {"object": shielded}} if kind == "shielded"
                else {"damage": {"source": source, "to": shielded, "amount": draw.integer(1, 4)}})
        return [{"regenerate": {"object": shielded}}, last]
    if kind in ("destroy", "unregenerable"):
        return [{"destroy": {"object": draw.sample(creatures), **({"cant_be_regenerated": True}
                                                                   if kind == "unregenerable" else {})}}]
    if kind == "damage":
        source, to = draw.sample(creatures), draw.sample(creatures)
        return [{"damage": {"source": source, "to": to, "amount": draw.integer(1, 4)}}]
    if kind in ("deathtouch", "indestructible"):
        chosen = draw.sample(creatures)
        gains = [{"become": {"to": chosen, "gains": [{"keyword": kind}]}}]
        if kind == "indestructible" and "destroy" in kinds and draw.boolean():  # 702.12b: then destroyed
            gains.append({"destroy": {"object": chosen}})
        return gains
    if kind == "end_turn":
        return [{"end_turn": {}}]
    if kind in ("wall", "wall_token") and "wall" not in objects:
        return []
    if kind in ("bite", "copy_olivia") and "olivia" not in objects:
        return []
    if kind == "wall":
        if board["wall"]:
            return []
        board["wall"] = True
        return [{"move": {"object": "wall", "to": "battlefield"}}, {"resolve_triggers": {}}]
    if kind == "wall_token":  # a token copy of the Wall (in hand: 707.2, any zone) under either player
        board["tokens"] += 1
        return [{"create_token": {"token": f"t{board['tokens']}", "copy_of": "wall",
                                  "controller": draw.sample(PLAYERS[:2])}}, {"resolve_triggers": {}}]
    if kind == "copy_olivia":  # 707.11: a creature becomes a copy of Olivia, then bites
        copier = draw.sample(("a1", "b1"))
        target = draw.sample([c for c in creatures if c != copier])
        return [{"become_copy": {"to": copier, "of": "olivia", "until": "ended"}},
                {"activate": {"object": copier, "ability": "bite", "target": target}}]
    biter = "olivia"
    return [{"activate": {"object": biter, "ability": "bite", "target": draw.sample(("a1", "b1"))}}]
