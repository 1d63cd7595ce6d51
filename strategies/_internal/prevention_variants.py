"""Scenarios about the prevention variants (issue 41, item 2), for the property
``615.1/prevention-variants-agree-with-reference``: a board of two creatures and a spell on the
stack, to which each variant the features allow may add a permanent (a prevention of damage "to
you", 615.1, with or without an additional effect that gains life or deals damage, 615.5; a
Palisade Giant-like static redirection, 614.9; a static "can't be prevented", 615.12), a resolving
prevention with an additional effect through its object (615.5), then damage events (some combat
damage, some that can't be prevented or can't be redirected), each followed by a checkpoint of
every player and creature. Every order a damage event needs is drawn (616.1). With four players
and ``range-of-influence``, a range of 1 (801.13a).

A module of its own, reached only by its property, so no other strategy's draws change. Every
choice shrinks to nothing: no optional permanent, no resolving prevention, two players, one damage
event of 1 from the spell to a player.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance import CR_VERSION
from conformance.format.choices import script_orders
from conformance.format.model import Case
from strategies._internal.core import _rules
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser
from strategies._internal.players import PLAYER_NAMES
from strategies._internal.validation import check_features

FEATURES = frozenset({"prevention-to-player", "prevention-gain-life", "prevention-deals-damage",
                      "prevention-step-extras", "cant-be-prevented-static", "static-redirection", "cant-be-redirected"})
"""The features of this part; a scenario needs ``damage`` and ``life`` besides."""

REDIRECTIONS = ({"to_player": "you", "to": {"controller": "you"}}, {"to_player": "you"},
                {"to": {"controller": "you", "types": ["creature"]}}, {"to_player": "any"}, {"to_player": "opponent"})
"""Static redirections (Palisade Giant first)."""

PREVENTIONS = ({"to_player": "you"}, {"to_player": "you", "amount": 2},
               {"to_player": "opponent", "to": {"controller": "opponent"}, "amount": 1},
               {"to_player": "you", "to": {"controller": "you"}, "amount": 1}, {"to_player": "any", "amount": 3},
               {"to_player": "you", "to": {"controller": "you", "types": ["creature"]}, "amount": 2})
"""Static preventions covering players (615.1)."""

UNPREVENTABLE = ({"by": {"itself": True}, "combat": True}, {"by": {"itself": True}},
                 {"by": {"types": ["creature"], "controller": "you"}, "combat": True}, {},
                 {"by": {"itself": True}, "combat": True})
"""Static "can't be prevented" abilities (615.12): a creature's own (combat) damage, Questing Beast's, Leyline's."""


def _extra(draw: Chooser, allowed: frozenset[str], *, damage: bool) -> dict[str, Any] | None:
    """An additional effect (615.5) gaining life or dealing damage to that source's controller."""
    kinds = [k for k, feature in (("gain_life", "prevention-gain-life"), ("deal_damage", "prevention-deals-damage"))
             if can(feature, allowed) and (damage or k == "gain_life")]
    if not kinds or draw.integer(0, 2) == 0:
        return None
    kind = draw.sample(kinds)
    return {"gain_life": True} if kind == "gain_life" else {"deal_damage": "source_controller"}


@st.composite
def _scenarios(draw, allowed: frozenset[str]) -> Case:
    draw = Chooser.of(draw)
    four = can("range-of-influence", allowed) and draw.integer(0, 3) == 3
    players = list(PLAYER_NAMES[:4] if four else PLAYER_NAMES[:2])
    objects: dict[str, Any] = {
        "bear": {"card": {"types": ["creature"], "power": draw.integer(1, 3), "toughness": draw.integer(1, 4)}},
        "ogre": {"card": {"types": ["creature"], "power": 2, "toughness": draw.integer(2, 5)}, "owner": players[1]},
        "blast": {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack", "owner": draw.sample(players)},
    }
    dealing = False  # one damage-dealing additional effect at most (two at once are refused)
    if can("static-redirection", allowed) and draw.integer(0, 3) > 0:  # 614.9
        objects["giant"] = {"card": {"types": ["creature"], "power": 2, "toughness": 7,
                                     "abilities": [{"redirect_damage": draw.sample(REDIRECTIONS)}]},
                            "owner": draw.sample(players)}
    if can("prevention-to-player", allowed) and draw.integer(0, 3) > 0:  # 615.1
        body = dict(draw.sample(PREVENTIONS))
        then = _extra(draw, allowed, damage=body["to_player"] == "you")  # else its own damage would loop back
        if then is not None:
            body["then"], dealing = then, "deal_damage" in then
        objects["charm"] = {"card": {"types": ["enchantment"], "abilities": [{"prevent_damage": body}]},
                            "owner": draw.sample(players)}
    if can("cant-be-prevented-static", allowed) and draw.boolean():  # 615.12
        ability = {"damage_cant_be_prevented": draw.sample(UNPREVENTABLE)}
        objects["bear"]["card"]["abilities"] = [ability]
    steps: list[dict[str, Any]] = []
    if can("prevention-step-extras", allowed) and draw.boolean():  # 615.5: a resolving prevention
        then = _extra(draw, allowed, damage=not dealing)
        if then is None and can("prevention-extras", allowed):
            then = {"put_counters": "+1/+1"}
        if then is not None:
            shield = {"id": "shield", "to": draw.sample([*players[:2], "bear", "ogre"]), "source": "bear", "then": then}
            if draw.boolean():
                shield["amount"] = draw.integer(1, 3)
            steps.append({"prevent_damage": shield})
    if can("prevention", allowed) and draw.boolean():  # 615.1: a resolved "prevent all damage this turn"
        haven = {"id": "haven", **({"combat": True} if draw.integer(0, 2) == 2 else {})}
        if draw.boolean():
            haven["amount"] = draw.integer(1, 4)
        steps.append({"prevent_damage": haven})
    sources = [oid for oid in objects if oid != "charm"]
    recipients = [*players, "bear", "ogre", *(["giant"] if "giant" in objects else [])]
    for _ in draw.sizes(1, 3):
        body: dict[str, Any] = {"source": draw.sample(sources), "to": draw.sample(recipients), "amount": draw.integer(1, 5)}
        if body["source"] != "blast" and draw.integer(0, 2) == 2:
            body["combat"] = True  # 510.2: a creature's combat damage
        if can("cant-be-redirected", allowed) and draw.integer(0, 2) == 2:
            body["cant_be_redirected"] = True
        steps.append({"damage": body})
        # every object observed, as every strategy's checkpoints do: an engine reports what a checkpoint names
        steps.append({"expect": {"players": {p: {} for p in players}, "objects": {oid: {} for oid in objects}}})
    raw = {"id": "615.1/generated", "rules": ["615.1"], "source": {"rule": "615.1"},
           "summary": "Prevention variants, generated.", "players": players, "objects": objects, "steps": steps}
    if four:
        raw["range_of_influence"] = 1
    raw = script_orders(raw, lambda refs: list(draw(st.permutations(refs))))  # 616.1
    case = Case.from_dict(raw, cr=CR_VERSION)
    return case.relabelled(rules=_rules(case.features, "615.1"))


def prevention_variant_scenarios(*, features=None) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates scenarios about the prevention variants (issue 41), only
    with what ``features`` allows (default: every feature); it needs ``damage`` and ``life``."""
    allowed = check_features(features)
    return _scenarios(allowed)
