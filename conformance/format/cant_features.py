"""The features of "can't" abilities and life floors (cant.py; CR 119.7, 119.8, 122.1, 614.17,
614.1a): their names and how a case's content needs them. Part of
:mod:`conformance.format.features`, which merges them into its vocabulary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.cant import CantGainLife, CantHaveCounters, CantLoseLife, LifeFloor

FEATURES: dict[str, str] = {
    "cant-gain-life": "\"you (your opponents, players) can't gain life\": such a gain does nothing, no life-gain "
                      "replacement modifies it and nothing triggers on it; lifelink's damage is still dealt "
                      "(CR 119.7, 614.17c)",
    "cant-lose-life": "\"you (your opponents, players) can't lose life\": such a loss does nothing, damage's "
                      "included, though the damage is dealt; no life-loss replacement modifies it and nothing "
                      "triggers on it (CR 119.8, 614.17c, 120.3a)",
    "life-floor": "\"damage that would reduce your life total to less than 1 reduces it to 1 instead\", on the life "
                  "lost to damage only (CR 614.1a, 120.3a)",
    "cant-have-counters": "\"this permanent can't have (those) counters put on it\": putting them does nothing, no "
                          "counter replacement modifies it, and it enters without them (CR 122.1, 614.17c, 614.17d)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "cant-gain-life": ("119.7", "614.17c"),
    "cant-lose-life": ("119.8", "614.17c"),
    "life-floor": ("614.1a", "120.3a"),
    "cant-have-counters": ("122.1", "614.17c"),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "cant-gain-life": ("life",),
    "cant-lose-life": ("life",),
    "life-floor": ("life", "damage"),
    "cant-have-counters": ("counters",),
}

_ABILITIES = {CantGainLife: "cant-gain-life", CantLoseLife: "cant-lose-life", LifeFloor: "life-floor",
              CantHaveCounters: "cant-have-counters"}


def ability_features(ability: Any) -> Iterator[str]:
    """The features an ability of this part needs."""
    if type(ability) in _ABILITIES:
        yield _ABILITIES[type(ability)]
