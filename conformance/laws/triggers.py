"""Metamorphic laws about life-gain replacement effects (CR 614.1a, 614.5, 616.1), checked on
scenarios from :func:`strategies.damage_scenarios` (the entry is in
:data:`conformance.laws.catalogue.PROPERTIES`).

- "If you would gain life, you gain twice that much life instead": each such effect applies once
  to a life-gain event (614.5), and whatever order the player applies them in (616.1), N of them
  make a gain 2^N times what it is without them, a gain from lifelink (702.15b) included.

The law needs no oracle: it compares the engine's own answers on related scenarios.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hypothesis import event
from hypothesis import strategies as st

from conformance.laws.players import _base, _case, _final

if TYPE_CHECKING:
    from conformance.laws.property import Subject

NEEDS = frozenset({"life", "life-gain-replacement", "zone-changes"})
"""What the law needs of an engine: life, the doublers, and moving them onto the battlefield."""


def life_gain_doubled_per_doubler(subject: Subject, data, features: frozenset[str]) -> None:
    """After any scenario, N "gain twice that much" permanents of a player's moved onto the
    battlefield make a later gain of theirs 2^N times what it is with them left in hand."""
    base = _base(data, features, max_steps=4)
    raw = base.to_dict()
    players = list(raw["players"])
    who = data.draw(st.sampled_from(players), label="who gains")
    doublers = data.draw(st.integers(1, 3), label="doublers")
    for index in range(1, doublers + 1):
        raw["objects"][f"law_boon{index}"] = {"card": {"name": "Boon Reflection", "types": ["enchantment"],
                                                       "abilities": [{"double_life_gain": {}}]},
                                              "zone": "hand", "owner": who, "counters": {}}
    moves = [{"move": {"object": f"law_boon{i}", "to": "battlefield"}} for i in range(1, doublers + 1)]
    amount = data.draw(st.integers(1, 6), label="amount")
    how = "gain_life"
    if "lifelink" in features and "damage" in features and data.draw(st.booleans(), label="by lifelink"):
        how = "lifelink"  # 702.15b: damage from a source with lifelink makes its controller gain that much
        raw["objects"]["law_lifelinker"] = {"card": {"types": ["creature"], "power": 1, "toughness": 1,
                                                     "abilities": [{"keyword": "lifelink"}]},
                                            "owner": who, "counters": {}}
        raw["objects"]["law_target"] = {"card": {"types": ["creature"], "power": 0, "toughness": 99},
                                        "owner": who, "counters": {}}
        gain: dict[str, Any] = {"damage": {"source": "law_lifelinker", "to": "law_target", "amount": amount}}
    else:
        gain = {"gain_life": {"player": who, "amount": amount}}
    rules = ("614.1a", "614.5", "616.1", "119.3")
    cases = {"plain": _case(raw, rules, gain), "doublers": _case(raw, rules, *moves, gain),
             "before plain": _case(raw, rules), "before doublers": _case(raw, rules, *moves)}
    if any(case.features - features for case in cases.values()):
        event("an order the engine cannot take")
        return
    life = {name: _final(subject, case)[1].get(who, {}).get("life") for name, case in cases.items()}
    if not all(isinstance(v, int) for v in life.values()):
        return
    plain, doubled = life["plain"] - life["before plain"], life["doublers"] - life["before doublers"]
    event(f"{how} with {doublers} doubler(s)" + (" (nothing gained)" if plain == 0 else ""))
    if doubled != plain * 2 ** doublers:
        subject.fail(f"{who} gains {plain} life by {how} ({amount}) with no \"gain twice that much\" permanent; with "
                     f"{doublers} of them (each applying once, 614.5) the gain must be {plain} x 2^{doublers} = "
                     f"{plain * 2 ** doublers} (614.1a, 616.1), got {doubled}")


def usable(features: frozenset[str]) -> bool:
    """The law means something for an engine with life, life-gain doublers and moves."""
    return NEEDS <= features
