"""Scenarios about entering tapped, fading and choices made as a permanent enters (issue 40), for
the property ``614.12/entering-agrees-with-reference``: a board with a bear, to which each part the
features allow may add a permanent (an Orb of Dreams-like "[permanents] enter tapped", 614.1d, which
may itself enter from a hand; a
Voice of All-like "choose a color" with protection from it, or an Adaptive Automaton-like "choose a
creature type" lord, 614.12), cards in a hand or graveyard ("this enters tapped", 614.1c; fading,
702.32a; a Clone, 707.5), then those cards entering the battlefield one by one, together (614.12),
face down (708.3), as copies (707.5, 707.6) or as token copies, and damage from a red and a green
source when a colour was chosen, each followed by a checkpoint of every object.

A module of its own, reached only by its property, so no other strategy's draws change. Every
choice shrinks to nothing: no optional permanent or card, one checkpoint of the bear.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance import CR_VERSION
from conformance.format.model import Case
from strategies._internal.core import _rules
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser
from strategies._internal.players import PLAYER_NAMES
from strategies._internal.validation import check_features

FEATURES = frozenset({"enters-tapped", "fading", "chosen-color-and-type"})
"""The features of this part; a scenario needs ``zone-changes`` besides."""

AFFECTS = ({}, {"types": ["creature"]}, {"controller": "opponent"}, {"types": ["creature"], "controller": "opponent"},
           {"types": ["artifact"]})
"""What an Orb-like "[permanents] enter tapped" names (614.1d)."""

TYPES = ("Elf", "Goblin", "Bear")
"""Creature types an Automaton-like permanent may choose (205.3m)."""

LORD = {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": "you", "other": True,
                                                         "chosen_type": True}, "power": 1, "toughness": 1}}
"""Adaptive Automaton's "other creatures you control of the chosen type get +1/+1"."""


def _creature(power: int, toughness: int, *abilities: Any, **card: Any) -> dict[str, Any]:
    return {"types": ["creature"], "power": power, "toughness": toughness, "abilities": list(abilities), **card}


def _board(draw: Chooser, allowed: frozenset[str], players: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The permanents as the case starts, and the cards that may enter later."""
    objects: dict[str, Any] = {"bear": {"card": _creature(2, 2, subtypes=["Bear"], colors=["G"])}}
    entering: list[str] = []
    if can("enters-tapped", allowed):
        if draw.boolean():  # 614.1d
            objects["orb"] = {"card": {"types": ["artifact"], "abilities": [
                {"permanents_enter_tapped": {"affects": draw.sample(AFFECTS)}}]}, "owner": draw.sample(players),
                              "zone": draw.sample(["battlefield", "hand"])}  # entering: not tapped by itself
            if objects["orb"]["zone"] == "hand":
                entering.append("orb")
        if draw.boolean():  # 614.1c
            objects["treefolk"] = {"card": _creature(3, 3, {"enters_tapped": {}}, subtypes=["Treefolk"]),
                                   "zone": draw.sample(["hand", "graveyard"]), "owner": draw.sample(players)}
            entering.append("treefolk")
    if can("fading", allowed) and can("counters", allowed) and draw.boolean():  # 702.32a
        abilities = [{"fading": draw.integer(1, 3)}]
        if can("enters-tapped", allowed) and draw.boolean():
            abilities.append({"enters_tapped": {}})  # Skyshroud Behemoth
        objects["beast"] = {"card": _creature(5, 5, *abilities, subtypes=["Beast"]), "zone": "hand"}
        entering.append("beast")
    if can("chosen-color-and-type", allowed):
        if all(can(f, allowed) for f in ("protection", "damage", "prevention")) and draw.boolean():  # Voice of All
            objects["voice"] = {"card": _creature(2, 3, {"as_enters_choose": {"color": True}},
                                                  {"protection": "chosen_color"}, subtypes=["Angel"]),
                                "choices": {"color": draw.sample(["R", "G", "W"])}}
        if all(can(f, allowed) for f in ("layer-7c", "static-abilities")) and draw.boolean():  # Adaptive Automaton
            objects["automaton"] = {"card": _creature(2, 2, {"as_enters_choose": {"creature_type": True}}, LORD,
                                                      types=["artifact", "creature"], subtypes=["Construct"]),
                                    "zone": draw.sample(["battlefield", "hand"])}
            if objects["automaton"]["zone"] == "battlefield":
                objects["automaton"]["choices"] = {"creature_type": draw.sample(TYPES)}
            objects["elf"] = {"card": _creature(1, 1, subtypes=["Elf"])}
            objects["goblin"] = {"card": _creature(1, 1, subtypes=["Goblin"]), "owner": draw.sample(players)}
            if objects["automaton"]["zone"] == "hand":
                entering.append("automaton")
    return objects, entering


def _copyable(objects: dict[str, Any]) -> list[str]:
    """What a Clone or a token may copy: the permanents with an entering ability (707.5, 707.6)."""
    return [oid for oid in ("orb", "voice", "automaton", "treefolk", "beast", "bear")
            if oid in objects and objects[oid].get("zone", "battlefield") == "battlefield"]


def _choices_for(draw: Chooser, objects: dict[str, Any], original: str) -> dict[str, Any]:
    """The choices a copy of ``original`` makes anew as it enters (707.6)."""
    if original == "voice":
        return {"color": draw.sample(["R", "G", "W"])}
    if original == "automaton":
        return {"creature_type": draw.sample(TYPES)}
    return {}


@st.composite
def _scenarios(draw, allowed: frozenset[str]) -> Case:
    draw = Chooser.of(draw)
    players = list(PLAYER_NAMES[:2])
    objects, entering = _board(draw, allowed, players)
    if can("copy-effects", allowed) and draw.boolean():  # 707.5: a Clone in a hand
        objects["clone"] = {"card": _creature(0, 0, {"enters_as_copy": {"of": {}}},
                                              subtypes=["Shapeshifter"]), "zone": "hand"}
    steps: list[dict[str, Any]] = []
    watched = list(objects)

    def checkpoint() -> None:
        # every object observed, as every strategy's checkpoints do: an engine reports what a checkpoint names
        steps.append({"expect": {"objects": {oid: {} for oid in watched}}})

    order = list(entering)
    while order:
        first = order.pop(0)
        if order and can("simultaneous-actions", allowed) and draw.integer(0, 2) == 2:  # 614.12: at once
            second = order.pop(0)
            steps.append({"together": [{"move": {"object": oid, "to": "battlefield",
                                                 **_own_choices(draw, objects, oid)}} for oid in (first, second)]})
        else:
            move = {"object": first, "to": "battlefield", **_own_choices(draw, objects, first)}
            if can("face-down", allowed) and draw.integer(0, 3) == 3:
                move = {"object": first, "to": "battlefield", "face_down": True}  # 708.3: no abilities
            steps.append({"move": move})
        checkpoint()
    if "clone" in objects:
        original = draw.sample(_copyable({**objects, **{oid: {**objects[oid], "zone": "battlefield"}
                                                        for oid in entering if not _face_down(steps, oid)}}))
        choices = {"copy": original, **_choices_for(draw, objects, original)}
        steps.append({"move": {"object": "clone", "to": "battlefield", "choices": choices}})
        checkpoint()
    if can("token-copies", allowed) and draw.boolean():  # 707.5, 111.1: a token copy
        original = draw.sample(_copyable(objects))
        token = {"token": "copy", "copy_of": original, "controller": draw.sample(players)}
        choices = _choices_for(draw, objects, original)
        if choices:
            token["choices"] = choices
        steps.append({"create_token": token})
        watched.append("copy")
        checkpoint()
    if "voice" in objects:  # 702.16e: protection from the colours chosen
        for color in ("R", "G"):
            source = {"card": _creature(1, 1, colors=[color])}
            objects[f"source_{color}"] = source
            steps.append({"damage": {"source": f"source_{color}", "to_each": {"types": ["creature"]}, "amount": 1}})
            checkpoint()
    if not steps:
        checkpoint()
    raw = {"id": "614.12/generated", "rules": ["614.12"], "source": {"rule": "614.12"},
           "summary": "Entering tapped and choices as a permanent enters, generated.", "players": players,
           "objects": objects, "steps": steps}
    case = Case.from_dict(raw, cr=CR_VERSION)
    return case.relabelled(rules=_rules(case.features, "614.12"))


def _own_choices(draw: Chooser, objects: dict[str, Any], oid: str) -> dict[str, Any]:
    """The choices a card's own "as enters" abilities need (614.12)."""
    if oid == "automaton":
        return {"choices": {"creature_type": draw.sample(TYPES)}}
    return {}


def _face_down(steps: list[dict[str, Any]], oid: str) -> bool:
    return any(step.get("move", {}).get("object") == oid and step["move"].get("face_down") for step in steps)


def entering_scenarios(*, features=None) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates scenarios about entering tapped, fading and choices made
    as a permanent enters (issue 40), only with what ``features`` allows (default: every feature);
    it needs ``zone-changes``."""
    allowed = check_features(features)
    return _scenarios(allowed)
