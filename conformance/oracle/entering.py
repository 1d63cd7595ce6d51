"""Oracle wordings of entering tapped and fading (issue 40; CR 614.1c, 614.1d, 702.32a)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.oracle.objects import capital, describe


def enters_tapped(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Scarwood Treefolk (CR 614.1c): "This creature enters tapped."."""
    return f"{capital(me)} enters tapped."


def permanents_enter_tapped(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Orb of Dreams (CR 614.1d): "Permanents enter tapped."; Authority of the Consuls: "Creatures
    your opponents control enter tapped."."""
    return f"{capital(describe(body['affects']).many)} enter tapped."


def fading(body: int, me: str = "this creature") -> str:
    """Skyshroud Behemoth (CR 702.32a): "Fading 2"."""
    return f"Fading {body}"


ABILITY_KINDS = {"enters_tapped": enters_tapped, "permanents_enter_tapped": permanents_enter_tapped, "fading": fading}
"""This part's ability kinds and their renderers."""
