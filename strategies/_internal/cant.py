"""The part of :func:`strategies.damage_scenarios` about "can't" abilities and life floors (issue
41; CR 119.7, 119.8, 122.1, 614.17, 614.1a): permanents saying a player can't gain or can't lose
life, a Worship-like life floor, and a creature that can't have counters (of a kind) put on it.

Drawn only when the features allow it (``cant-gain-life``, ``cant-lose-life``, ``life-floor``,
``cant-have-counters``), and after every other draw of the board, so examples without them keep
theirs. The reference engine refuses a life floor beside a "lose twice that much" effect and below
1 life (reference_engine/cant.py), and a +N loyalty cost on a permanent that can't have loyalty
counters (614.17b): the realizer leaves out a step it refuses (events.play).
"""

from __future__ import annotations

from typing import Any

from strategies._internal.damage_modifiers import can  # a feature and what it implies
from strategies._internal.drawing import Chooser

CANT_FEATURES = frozenset({"cant-gain-life", "cant-lose-life", "life-floor", "cant-have-counters"})
"""The features of this part: without any of them, nothing here draws."""

RELATIONS = ("you", "opponent", "each")
"""Whom a "can't" ability about players names, relative to its controller."""

_COUNTER_KINDS = (None, "+1/+1", "-1/-1")
"""What a "can't have counters" ability forbids: every kind (``None``), or one."""


def decorate(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str]) -> None:
    """Add, as ``allowed`` says, an enchantment saying a player can't gain life (``nogain``), one
    saying a player can't lose life (``noloss``), a life floor (``floor``), and a "can't have
    counters" ability on a creature of the board."""
    if not allowed & CANT_FEATURES:
        return
    draw = Chooser.of(draw)
    for key, oid in (("cant_gain_life", "nogain"), ("cant_lose_life", "noloss")):  # 119.7, 119.8
        if can(key.replace("_", "-"), allowed) and draw.integer(0, 4) == 4:
            objects[oid] = {"card": {"types": ["enchantment"], "abilities": [{key: {"player": draw.sample(RELATIONS)}}]},
                            "owner": draw.sample(players)}
    if can("life-floor", allowed) and draw.integer(0, 4) == 4:  # 614.1a: Worship
        objects["floor"] = {"card": {"types": ["enchantment"], "abilities": [{"life_floor": {}}]},
                            "owner": draw.sample(players)}
    creatures = [oid for oid, spec in objects.items()
                 if "creature" in spec["card"]["types"] and spec.get("zone", "battlefield") == "battlefield"]
    if creatures and can("cant-have-counters", allowed) and draw.integer(0, 4) == 4:  # 122.1
        card = objects[draw.sample(creatures)]["card"]
        kind = draw.sample(_COUNTER_KINDS)
        card["abilities"] = [*card.get("abilities", []), {"cant_have_counters": {"kind": kind} if kind else {}}]


def may_refuse(objects: dict[str, Any]) -> bool:
    """Whether the reference engine may refuse a step of this board (a life floor, a permanent that
    can't have counters): the realizer then plays each step so that it can leave it out."""
    return any(key in ability for spec in objects.values() for ability in spec["card"].get("abilities", [])
               for key in ("life_floor", "cant_have_counters"))
