"""Scenarios about targets (issue 40), for the property ``115.1/targets-agree-with-reference``: a
board of two creatures (one each for two players: the first two, or with four the first and the third), a noncreature artifact and a creature
card in a graveyard, each creature perhaps with hexproof, shroud or protection from a colour, and
perhaps an enchantment saying what its controller's creatures can't be the target of (115.1); then
casts of a red spell dealing 2 damage to any target and a green one putting two +1/+1 counters on
target creature, and activations of a creature's "deals 1 damage to any target [and 1 damage to any
target of an opponent's choice]" (Cuombajj Witches, 801.5a), each at a target drawn among every
player and object, legal or not (601.2c: an illegal one undoes the cast or activation); perhaps a
creature gaining hexproof or shroud between them, or the first creature gaining hexproof whenever an
opponent casts a spell, its trigger resolving before the spell (608.2b). A checkpoint of every player and object
follows each. With four players (one time in two) and ``targets-range-of-influence``, a range of 1 (801.4, 801.5a).

A module of its own, reached only by its property, so no other strategy's draws change. Every choice
shrinks to nothing: no keyword, no enchantment, one cast of the red spell at the first player.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance import CR_VERSION
from conformance.format.model import Case
from conformance.format.player_checks import seat_distance
from strategies._internal.core import _rules
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser
from strategies._internal.players import PLAYER_NAMES
from strategies._internal.validation import check_features

FEATURES = frozenset({"hexproof", "shroud", "protection-targeting", "cant-be-targeted", "damage-targets",
                      "target-chosen-by-opponent", "targets-range-of-influence"})
"""The features of this part; a scenario needs ``damage`` and ``casting`` or ``damage-targets``."""

SHOCK = {"name": "Shock", "types": ["instant"], "colors": ["R"], "mana_cost": "{R}",
         "abilities": [{"spell": {"damage": {"amount": 2}}}]}
GROWTH = {"types": ["sorcery"], "colors": ["G"], "mana_cost": "{G}",
          "abilities": [{"spell": {"put_counters": {"kind": "+1/+1", "count": 2}}}]}
PROTECTIONS = ("red", "green")
"""Protection from the colours of the spells and sources drawn (702.16b)."""


def _keywords(draw: Chooser, allowed: frozenset[str], four: bool) -> list[dict[str, Any]]:
    """A creature's ability about targeting, one at most so that none hides another: hexproof,
    shroud, protection from a colour (not under the range of influence option, where the reference
    engine refuses protection, 801.13b)."""
    kinds = [k for k, feature in (("hexproof", "hexproof"), ("shroud", "shroud"), ("protection", "protection-targeting"))
             if can(feature, allowed) and not (four and k == "protection")]
    kind = draw.sample([None, *kinds, *kinds[-1:]])  # the last (protection, where allowed) twice as often
    if kind is None:
        return []
    return [{"protection": draw.sample(PROTECTIONS)} if kind == "protection" else {"keyword": kind}]


def _target(draw: Chooser, choices: list[str]) -> str:
    """A target among ``choices``: two times in three one of the two creatures, whose keywords matter."""
    return draw.sample(choices) if draw.integer(0, 2) == 0 else draw.sample(["bear", "ogre"])


def _in_range(players: list[str], reach: int | None, a: str, b: str) -> bool:
    return reach is None or seat_distance(players, a, b) <= reach


@st.composite
def _scenarios(draw, allowed: frozenset[str]) -> Case:
    draw = Chooser.of(draw)
    four = can("targets-range-of-influence", allowed) and draw.boolean()
    players = list(PLAYER_NAMES[:4] if four else PLAYER_NAMES[:2])
    reach = 1 if four else None
    owners = [players[0], players[2] if four else players[1]]  # with four, two seats apart: out of each other's range
    objects: dict[str, Any] = {}
    for name, owner, colour in (("bear", owners[0], "G"), ("ogre", owners[1], "R")):
        card = {"types": ["creature"], "colors": [colour], "power": 2, "toughness": draw.integer(1, 3)}
        abilities = _keywords(draw, allowed, four)
        if abilities:
            card["abilities"] = abilities
        objects[name] = {"card": card, **({"owner": owner} if owner != players[0] else {})}
    if can("cast-triggers", allowed) and can("ability-changing", allowed) and "abilities" not in objects["bear"]["card"] \
            and draw.boolean():
        ward = {"triggered": {"name": "ward", "when": "Whenever an opponent casts a spell", "event": {
            "cast": {"controller": "opponent"}}, "effect": {"become": {"gains": [{"keyword": "hexproof"}],
                                                                   "until": "end_of_turn"}}}}
        objects["bear"]["card"]["abilities"] = [ward]  # 608.2b: gained after a spell at it is cast
    objects["idol"] = {"card": {"types": ["artifact"]}}
    if can("zone-changes", allowed):  # 115.4: a card in a graveyard is no target
        objects["corpse"] = {"card": {"types": ["creature"], "power": 1, "toughness": 1}, "zone": "graveyard",
                             "owner": owners[1]}
    if can("cant-be-targeted", allowed) and draw.integer(0, 2) == 2:  # 115.1
        body = {"affects": {"types": ["creature"], "controller": "you"}, **({"by": "opponent"} if draw.boolean() else {})}
        objects["sanctum"] = {"card": {"types": ["enchantment"], "abilities": [{"cant_be_targeted": body}]},
                              "owner": draw.sample(owners)}
    pingers: list[str] = []
    if can("damage-targets", allowed):  # 115.4, 801.5a
        parts = [{"amount": 1}]
        if can("target-chosen-by-opponent", allowed) and draw.boolean():
            parts.append({"amount": 1, "chosen_by": "opponent"})
        objects["pinger"] = {"card": {"types": ["creature"], "colors": [draw.sample(["R", "B"])], "power": 1,
                                      "toughness": 1, "abilities": [{"activated": {
                                          "name": "ping", "cost": "{T}", "effect": {"damage_targets": parts}}}]},
                             "owner": draw.sample(owners)}
        pingers.append("pinger")
    spells = [name for name, needs in (("shock", "damage"), ("growth", "counters"))
              if can("casting", allowed) and can(needs, allowed)]
    everyone = [*players, *objects]
    steps: list[dict[str, Any]] = []
    mana: dict[str, dict[str, int]] = {}
    casts = 0
    for _ in draw.sizes(1, 4):
        kind = draw.sample([*(["cast"] if spells else []), *(["activate"] if pingers else []),
                            *(["gain"] if can("ability-changing", allowed) else [])])
        if kind == "gain":  # 613.1f: gained, it stops the casts and activations after it (601.2c)
            keyword = draw.sample([k for k in ("hexproof", "shroud") if can(k, allowed)] or ["hexproof"])
            if not can(keyword, allowed):
                continue
            steps.append({"become": {"to": draw.sample(["bear", "ogre"]), "gains": [{"keyword": keyword}]}})
        elif kind == "cast":
            spell, caster = draw.sample(spells), draw.sample(owners)
            name = f"{spell}{casts}"
            casts += 1
            objects[name] = {"card": SHOCK if spell == "shock" else GROWTH, "zone": "hand",
                             **({"owner": caster} if caster != players[0] else {})}
            colour = "R" if spell == "shock" else "G"
            mana.setdefault(caster, {})[colour] = mana.get(caster, {}).get(colour, 0) + 1
            choices = [t for t in everyone if t not in players or (spell == "shock" and _in_range(players, reach, caster, t))]
            steps.append({"cast": {"object": name, "target": _target(draw, choices)}})
        else:
            parts = objects["pinger"]["card"]["abilities"][0]["activated"]["effect"]["damage_targets"]
            controller = objects["pinger"].get("owner", players[0])
            others = [p for p in players if p != controller]  # the other owner often: two seats away with four
            chooser = (draw.sample(others) if draw.integer(0, 2) == 0 else next(o for o in owners if o != controller)) \
                if len(parts) > 1 else None
            targets = [_target(draw, everyone) if not p.get("chosen_by") else  # 801.5a: the objects often
                       draw.sample([t for t in everyone if t not in players or _in_range(players, reach, chooser, t)])
                       for p in parts]
            steps.append({"activate": {"object": "pinger", "ability": "ping", "targets": targets,
                                       **({"chooser": chooser} if chooser else {})}})
        steps.append({"expect": {"players": {p: {} for p in players},
                                 "objects": {oid: {} for oid in objects}}})
    if not steps:  # only "gain" steps drawn without a keyword to gain: a checkpoint alone
        steps.append({"expect": {"players": {p: {} for p in players}}})
    raw = {"id": "115.1/generated", "rules": ["115.1"], "source": {"rule": "115.1"},
           "summary": "Targets, generated.", "players": players, "objects": objects, "steps": steps,
           **({"player_states": {p: {"mana": m} for p, m in mana.items()}} if mana else {}),
           **({"range_of_influence": reach} if four else {})}
    case = Case.from_dict(raw, cr=CR_VERSION)
    return case.relabelled(rules=_rules(case.features, "115.1"))


def target_scenarios(*, features=None) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates scenarios about targets (issue 40), only with what
    ``features`` allows (default: every feature); it needs ``damage``, and ``casting`` or
    ``damage-targets``."""
    allowed = check_features(features)
    if "damage" not in allowed or not ({"casting", "damage-targets"} & allowed):
        raise InvalidArgument("target_scenarios needs the features damage, and casting or damage-targets")
    return _scenarios(allowed)
