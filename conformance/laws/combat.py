"""Laws about combat (CR 506-511), checked on scenarios from :func:`strategies.combat_scenarios`
(the entries are in :data:`conformance.laws.catalogue.PROPERTIES`).

- :func:`combat_agrees_with_reference`: a differential check, the engine against the reference
  engine on generated combats;
- :func:`bears_trade`: all combat damage of a combat damage step is dealt at once, one event
  (510.2): a 2/2 attacker blocked by a 2/2 and the blocker both die (704.5g), whichever of them
  the case lists first, beside whatever else is in the combat;
- :func:`first_striker_unharmed`: a 2/2 attacker with first strike (702.7b) or double strike
  (702.4b) blocked by a 2/2 destroys it in the first combat damage step, and the state-based
  actions checked before the regular step (510.4, 704.3) leave no blocker to damage it: it ends
  with no damage.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import event
from hypothesis import strategies as st

import strategies as mtg
from conformance import CR_VERSION
from conformance.format.model import Case
from conformance.laws.property import Subject, agrees_with_reference
from strategies._internal.combat import _combat_scenarios as combat_scenarios


ATTACKER, BLOCKER = "bear", "wolf"
"""The pair a law adds to the combat: Alex's attacker, and Blair's creature blocking it."""


def usable(features: frozenset[str]) -> bool:
    """Combat scenarios can be generated for an engine with combat, damage, and life or planeswalkers."""
    return {"combat", "damage"} <= features and bool(features & {"life", "planeswalkers"})


def combat_agrees_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """On generated combats, the engine reports what the reference engine reports, for every
    object and player value both report."""
    case = data.draw(mtg.combat_scenarios(features=features), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    agrees_with_reference(subject, case)


def _with_pair(data, features: frozenset[str], keywords: list[str]) -> Case:
    """A generated combat with a 2/2 of Alex's (with ``keywords``) attacking Blair and a 2/2 of
    Blair's blocking it, placed first or last among the objects, attackers and blockers (drawn).
    The combat drawn has no Fog preventing all combat damage (615.1), which would reach the pair
    too: its prevention effects each name what they reach."""
    base = data.draw(combat_scenarios(features=sorted(features), fogs=False), label="base")
    raw = {k: v for k, v in copy.deepcopy(base.to_dict()).items() if k not in ("features", "cr")}
    first = data.draw(st.booleans(), label="pair first")
    card: dict[str, Any] = {"types": ["creature"], "power": 2, "toughness": 2}
    pair = {ATTACKER: {"card": {**card, "abilities": [{"keyword": k} for k in keywords]}, "owner": "Alex"},
            BLOCKER: {"card": dict(card), "owner": "Blair"}}

    def place(mapping: dict[str, Any], added: dict[str, Any]) -> dict[str, Any]:
        return {**added, **mapping} if first else {**mapping, **added}

    raw["objects"] = place(raw["objects"], pair)
    for step in raw["steps"]:
        if "combat" in step:
            body = step["combat"]
            body["attackers"] = place(body["attackers"], {ATTACKER: "Blair"})
            body["blockers"] = place(body.get("blockers", {}), {BLOCKER: ATTACKER})
        elif "expect" in step:
            step["expect"]["objects"] = place(step["expect"].get("objects", {}), {ATTACKER: {}, BLOCKER: {}})
    return Case.from_dict(raw, cr=CR_VERSION)


def _zone_and_damage(subject: Subject, case: Case) -> dict[str, tuple[Any, Any]]:
    objects = subject.final(case)
    return {oid: (objects.get(oid, {}).get("zone"), objects.get(oid, {}).get("damage")) for oid in (ATTACKER, BLOCKER)}


def bears_trade(subject: Subject, data, features: frozenset[str]) -> None:
    """510.2: a 2/2 blocked by a 2/2: both are dealt 2 at once, both die (704.5g)."""
    case = _with_pair(data, features, [])
    found = _zone_and_damage(subject, case)
    for oid in (ATTACKER, BLOCKER):
        if found[oid][0] != "graveyard":
            subject.fail(f"{ATTACKER}, a 2/2 attacking, blocked by {BLOCKER}, a 2/2: each is dealt 2 in one combat "
                         f"damage event (CR 510.2) and both die (CR 704.5g), but {oid} ends in zone {found[oid][0]!r}")


def first_striker_unharmed(subject: Subject, data, features: frozenset[str]) -> None:
    """510.4, 702.7b: a 2/2 first striker kills its 2/2 blocker before it deals damage."""
    keyword = data.draw(st.sampled_from(["first strike", "double strike"]), label="keyword")
    case = _with_pair(data, features, [keyword])
    found = _zone_and_damage(subject, case)
    if found[BLOCKER][0] != "graveyard":
        subject.fail(f"{ATTACKER}, a 2/2 with {keyword}, deals 2 to {BLOCKER}, a 2/2 blocking it, in the first "
                     f"combat damage step (CR 510.4, 702.7b): {BLOCKER} should die, but ends in zone {found[BLOCKER][0]!r}")
    if found[ATTACKER] != ("battlefield", 0):
        subject.fail(f"{ATTACKER}, a 2/2 with {keyword}, destroys its blocker {BLOCKER} before the regular combat "
                     "damage step (CR 510.4, 704.3), so it is dealt no damage: it should end on the battlefield with "
                     f"damage 0, but ends with zone {found[ATTACKER][0]!r}, damage {found[ATTACKER][1]!r}")
