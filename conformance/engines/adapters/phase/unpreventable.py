"""Damage that can't be prevented (CR 615.12): the damage spell standing in for the source
begins with Skullcrack's sentence "Damage can't be prevented this turn." (phase: an
``AddRestriction`` of ``DamagePreventionDisabled`` until end of turn), then deals the damage.

phase's reading of the CR's own order, "... deals 2 damage to target player. This damage can't be
prevented.", adds that restriction only after the damage is dealt, so it would change nothing of
the damage. Skullcrack's order makes the damage the first damage dealt under the restriction; the
restriction then lasts the turn and covers any damage after it, which the case does not declare.
So it is used only where every later step of the case is a checkpoint: nothing after the damage
can then be told apart from damage that alone can't be prevented (the restriction's end in the
cleanup step, 514.2, is not relied on). Damage a permanent deals with its own ability (in a case
with a damage doubler, modifier or source keyword, .damage_sources) is worded alike: "{0}: Damage
can't be prevented this turn. NAME deals 3 damage to target creature."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.engines.adapters.phase.wording import Sentence
from conformance.errors import Unsupported

RESTRICTION = Sentence("Damage can't be prevented this turn.",
                       {"type": "AddRestriction", "restriction": {"type": "DamagePreventionDisabled",
                                                                 "expiry": {"type": "EndOfTurn"}}})
"""CR 615.12: Skullcrack's sentence and phase's reading of it (checked with the spell's parse)."""

QUIET = frozenset({"expect"})
"""The steps that may follow such damage: checkpoints only."""


def unpreventable_sentences(case: Mapping[str, Any], body: Mapping[str, Any]) -> list[Sentence]:
    """The sentences a damage spell begins with for ``body`` (one damage step of ``case``): the
    restriction where the damage can't be prevented (CR 615.12), none otherwise."""
    if not body.get("cant_be_prevented"):
        return []
    steps = [next(iter(step.items())) for step in case["steps"]]
    at = next((i for i, (kind, step) in enumerate(steps) if kind == "damage" and step is body), None)
    if at is None:  # inside a together step (refused there too) or not found
        raise Unsupported("damage that can't be prevented (CR 615.12) inside a together step is not realised here")
    later = sorted({kind for kind, _ in steps[at + 1:]} - QUIET)
    if later:
        raise Unsupported(f"damage that can't be prevented (CR 615.12) followed by {', '.join(later)} steps: phase's "
                          "only wording makes all damage unpreventable until end of turn")
    return [RESTRICTION]
