"""Scenarios about Auras and Equipment (issue 40; CR 301.5, 303.4, 613.7a, 613.7e, 701.3, 704.5m,
704.5n, 704.5p), for the property ``613.7e/attachments-agree-with-reference``.

A small board: Alex's creatures ``a1`` (never changed, never moved: what an Aura returning may always
enchant) and ``a2``, Blair's ``b1``, Alex's artifact ``rock``; a sword (an Equipment, attached to a
creature or to nothing), an Aura (``enchant creature`` or ``enchant permanent``) on a creature, now
and then a second Aura ``charm`` on ``a1`` and a rune (an Aura on the sword granting it "equipped
creature has flying", 613.7a's example). Their abilities: "+N/+N", base P/T set (7b), flying gained
or lost (layer 6), each reaching what its object is attached to. Then steps: the sword or the Aura
attached to a creature, the rock or the creature it is on (701.3a-b, 613.7e), unattached (701.3d),
the Aura returned from the graveyard enchanting ``a1`` (303.4f), a creature made an artifact or
returned to its owner's hand (704.5m, 704.5n), the sword made a creature (301.5c, 704.5p), the Aura
becoming a copy of the charm (707.2), P/T effects before and after (timestamps in 7b), the cleanup
step. One checkpoint at the end sees every object.

What the drawn steps may have done is tracked only as far as it matters: once the Aura may have
left the battlefield, it is attached again only after it has returned (attaching a card from a
graveyard is refused by the reference engine). A module of its own, drawn by its own property only:
no other strategy's draws change. Shrinks towards fewer steps and simpler abilities.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance.format.model import Case
from strategies._internal.core import PLAYERS, build_case
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser

BLAIR = PLAYERS[1]

NEEDS = frozenset({"attachments", "static-abilities"})
"""What every scenario needs."""

ABILITY_FEATURES: dict[str, frozenset[str]] = {
    "bonus": frozenset({"layer-7c"}),
    "setter": frozenset({"layer-7b"}),
    "wings": frozenset({"ability-changing"}),
    "clip": frozenset({"ability-changing"}),
}
"""The abilities of an Aura or Equipment here, by kind, with the features each needs."""

STEP_FEATURES: dict[str, frozenset[str]] = {
    "equip": frozenset(),
    "unequip": frozenset(),
    "move_aura": frozenset(),
    "unattach_aura": frozenset(),
    "return": frozenset({"zone-changes"}),
    "leave": frozenset({"zone-changes"}),
    "artifact": frozenset({"type-changing", "durations"}),
    "animate": frozenset({"type-changing", "layer-7b", "durations"}),
    "pump": frozenset({"layer-7c", "durations"}),
    "set": frozenset({"layer-7b", "durations"}),
    "copy": frozenset({"copy-effects", "durations"}),
    "end_turn": frozenset({"durations"}),
}
"""The kinds of steps, with the features each needs besides :data:`NEEDS`."""

_WEIGHTS = {"equip": 3, "move_aura": 2, "set": 2}
"""How often each kind of step is drawn, against 1 for the others."""


def _allowed(needs: frozenset[str], allowed: frozenset[str]) -> bool:
    return all(can(feature, allowed) for feature in needs)


def usable(features: frozenset[str]) -> bool:
    """Whether attachment scenarios can be generated for an engine with ``features``: attachments,
    static abilities and one kind of ability an Aura or Equipment has here."""
    return _allowed(NEEDS, features) and any(_allowed(needs, features) for needs in ABILITY_FEATURES.values())


def _ability(draw: Chooser, allowed: frozenset[str]) -> dict[str, Any]:
    """One "enchanted / equipped creature ..." ability (303.4b, 301.5a)."""
    kind = draw.sample([k for k, needs in ABILITY_FEATURES.items() if _allowed(needs, allowed)])
    attached = {"attached": True}
    if kind == "bonus":
        amount = draw.integer(1, 3)
        return {"static_pt": {"effect": "modify_pt", "affects": attached, "power": amount, "toughness": amount}}
    if kind == "setter":  # "has base power and toughness N/M" (613.4b): toughness 1 at least, nothing dies
        return {"static": {"affects": attached, "becomes": {"power": draw.integer(0, 4), "toughness": draw.integer(1, 4)}}}
    return {"static": {"affects": attached, "becomes": {("gains" if kind == "wings" else "loses"): [{"keyword": "flying"}]}}}


def _card(draw: Chooser, allowed: frozenset[str], **card: Any) -> dict[str, Any]:
    abilities = list(card.pop("abilities", []))
    abilities += [_ability(draw, allowed) for _ in draw.sizes(1, 2)]
    return {**card, "abilities": abilities}


class _Board:
    """What the drawn steps may have done, as far as drawing the next needs it."""

    def __init__(self) -> None:
        self.aura_here = True  # surely on the battlefield (attaching it is then safe)
        self.copied = False


@st.composite
def attachment_scenarios(draw: Any, *, features: frozenset[str], max_steps: int = 6) -> Case:
    """A scenario about Auras and Equipment, within ``features``."""
    draw = Chooser.of(draw)
    allowed = frozenset(features)
    creatures = ("a1", "a2", "b1")
    objects: dict[str, Any] = {oid: {"card": {"types": ["creature"], "power": draw.integer(1, 4),
                                              "toughness": draw.integer(1, 4)}} for oid in creatures}
    objects["b1"]["owner"] = BLAIR
    if draw.boolean():  # now and then a flier, to lose flying
        objects["a2"]["card"]["abilities"] = [{"keyword": "flying"}]
    objects["rock"] = {"card": {"types": ["artifact"]}}
    objects["sword"] = {"card": _card(draw, allowed, name="Sword", types=["artifact"], subtypes=["Equipment"])}
    target = draw.sample(("a1", "a2", "b1", None))
    if target is not None:
        objects["sword"]["attached_to"] = target
    enchant = draw.sample(({"types": ["creature"]}, {}))
    objects["aura"] = {"card": _card(draw, allowed, name="Aura", types=["enchantment"], subtypes=["Aura"],
                                     abilities=[{"enchant": enchant}]),
                       "attached_to": draw.sample(creatures)}
    if _allowed(STEP_FEATURES["copy"], allowed) and draw.boolean():
        objects["charm"] = {"card": _card(draw, allowed, name="Charm", types=["enchantment"], subtypes=["Aura"],
                                          abilities=[{"enchant": draw.sample(({"types": ["creature"]}, {}))}]),
                            "attached_to": "a1"}
    if can("ability-changing", allowed) and draw.boolean():  # 613.7a: Rune of Flight on the sword
        wings = {"static": {"affects": {"attached": True}, "becomes": {"gains": [{"keyword": "flying"}]}}}
        objects["rune"] = {"card": {"name": "Rune", "types": ["enchantment"], "subtypes": ["Aura"], "abilities": [
            {"enchant": {"subtypes": ["Equipment"]}},
            {"static": {"affects": {"attached": True, "subtypes": ["Equipment"]}, "becomes": {"gains": [wings]}}}]},
            "attached_to": "sword"}
    board = _Board()
    steps: list[dict[str, Any]] = []
    for _ in draw.sizes(1, max_steps):  # each step in its own span: the shrinker deletes it whole
        steps.extend(_step(draw, objects, board, allowed))
    steps.append({"expect": {"objects": dict.fromkeys(objects, {})}})
    return build_case(objects, steps, summary="Auras and Equipment, generated.", case_id="613.7e/generated")


def _kinds(allowed: frozenset[str]) -> list[str]:
    """The kinds of steps ``allowed`` permits, each as many times as its weight (the same list
    whatever the board, so a step's kind stays what it was while the shrinker works)."""
    return [kind for kind, needs in STEP_FEATURES.items() if _allowed(needs, allowed)
            for _ in range(_WEIGHTS.get(kind, 1))]


def _step(draw: Chooser, objects: dict[str, Any], board: _Board, allowed: frozenset[str]) -> list[dict[str, Any]]:
    kind = draw.sample(_kinds(allowed))
    targets = ("a1", "a2", "b1", "rock")
    if kind == "equip":  # an equip ability resolving, or any effect attaching it (701.3a, 613.7e)
        return [{"attach": {"object": "sword", "to": draw.sample(targets)}}]
    if kind == "unequip":
        return [{"unattach": {"object": "sword"}}]
    if kind == "move_aura":
        if not board.aura_here:
            return []
        return [{"attach": {"object": "aura", "to": draw.sample(targets)}}]
    if kind == "unattach_aura":  # 701.3d, then 704.5m
        board.aura_here = False
        return [{"unattach": {"object": "aura"}}]
    if kind == "return":  # 303.4f: from the graveyard (if it is there), enchanting a1
        board.aura_here = True
        return [{"move": {"object": "aura", "to": "battlefield", "choices": {"attach_to": "a1"}}}]
    if kind == "leave":  # 400.7: what was attached to it falls (704.5m, 704.5n)
        board.aura_here = False
        return [{"move": {"object": draw.sample(("a2", "b1")), "to": "hand"}}]
    if kind == "artifact":  # a creature that is no longer one (704.5m, 704.5n)
        board.aura_here = False
        return [{"become": {"to": draw.sample(("a2", "b1")), "types": ["artifact"]}}]
    if kind == "animate":  # an Equipment that is a creature can't equip (301.5c, 704.5p)
        return [{"become": {"to": "sword", "add_types": ["creature"], "power": 2, "toughness": 2}}]
    if kind == "pump":
        amount = draw.integer(1, 2)
        return [{"modify_pt": {"to": draw.sample(("a1", "a2", "b1")), "power": amount, "toughness": amount}}]
    if kind == "set":  # a 7b effect whose timestamp an attachment's is compared with (613.7e)
        return [{"set_pt": {"to": draw.sample(("a1", "a2", "b1")), "power": draw.integer(1, 4),
                            "toughness": draw.integer(1, 4)}}]
    if kind == "copy":
        if "charm" not in objects or not board.aura_here:
            return []
        board.aura_here = False  # the copy's enchant ability may not allow its creature (704.5m)
        return [{"become_copy": {"to": "aura", "of": "charm"}}]
    return [{"end_turn": {}}]
