"""Damage to a creature with protection, dealt without targeting it (CR 702.16b, 702.16e, 120.3).

A ``damage`` step names what is dealt damage; it targets nothing. The adapter's damage comes from
the scenario's own source (:mod:`.damage_sources`: the permanent's printed ability, or a spell of
the source's kind and colours), and a "target creature" spell or ability of a quality the creature
has protection from could not target it (702.16b), so the case's damage could not be dealt at
all. Damage to a creature that has protection, or gains it in the case, is written instead as
damage to "each creature you control" or "each creature your opponents control" (read from the
source's controller, 109.5), and dealt only when that creature is the one creature those words
name at that moment (checked in phase's game before the damage is dealt): the event is then the
case's, one source dealing that damage to that creature, and protection's prevention (702.16e) is
phase's own. Otherwise unsupported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.errors import Unsupported

EACH = {"each creature you control": "You", "each creature your opponents control": "Opponent"}
"""The words for the recipient and phase's reading of them (a ``Typed`` creature filter by controller)."""


def is_protected(case: Mapping[str, Any], oid: str) -> bool:
    """Whether ``oid`` has protection printed, or some step may give it protection (702.16a)."""
    spec = case["objects"].get(oid)
    printed = spec is not None and any("protection" in a for a in spec["card"].get("abilities", ()))
    return printed or any("'protection'" in str(step) for step in case.get("steps", ()))


def _controller(case: Mapping[str, Any], oid: str) -> str:
    spec = case["objects"][oid]
    return spec.get("controller") or spec["owner"]


def each_recipient(case: Mapping[str, Any], body: Mapping[str, Any]) -> str | None:
    """The words naming a protected creature recipient of a damage step relative to its source's
    controller, or None where the recipient is targeted as usual."""
    to = body.get("to")
    if to is None or to not in case["objects"] or not is_protected(case, to):
        return None
    types = case["objects"][to]["card"].get("types", ())
    if "creature" not in types:
        raise Unsupported(f"damage to {to!r}, a noncreature with protection: no wording names it without targeting it")
    same = _controller(case, body["source"]) == _controller(case, to)
    return "each creature you control" if same else "each creature your opponents control"


def each_filter(words: str) -> dict[str, Any]:
    """phase's reading of the recipient's words."""
    return {"type": "Typed", "type_filters": ["Creature"], "controller": EACH[words], "properties": []}


def check_one_recipient(game: Any, recipient: int, seat: int, words: str, name: str) -> None:
    """The words name exactly ``recipient`` among the creatures on phase's battlefield now, read
    from ``seat``, the controller of the damage's source (CR 109.5)."""
    mine = EACH[words] == "You"
    named = sorted(o["id"] for o in game.battlefield()
                   if "Creature" in ((game.object(o["id"]).get("card_types") or {}).get("core_types") or ())
                   and (game.object(o["id"]).get("controller") == seat) == mine)
    if named != [recipient]:
        raise Unsupported(f"damage to {name!r}, which has protection: '{words}' names {len(named)} creatures now, not it "
                          "alone, and a 'target creature' effect could not target it (CR 702.16b)")
