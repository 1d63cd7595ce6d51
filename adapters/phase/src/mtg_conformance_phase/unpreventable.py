"""Damage that can't be prevented (CR 615.12): the damage spell standing in for the source
begins with Skullcrack's sentence "Damage can't be prevented this turn." (phase: an
``AddRestriction`` of ``DamagePreventionDisabled`` until end of turn), then deals the damage; a
permanent's own damage ability (in a case with a damage doubler, modifier or source keyword,
.damage_sources) is worded alike: "{0}: Damage can't be prevented this turn. NAME deals 3 damage
to target creature."

phase's reading of the CR's own order, "... deals 2 damage to target player. This damage can't be
prevented.", adds that restriction only after the damage is dealt, so it would change nothing of
the damage. Skullcrack's order makes the damage the first damage dealt under the restriction. The
restriction would then last the turn and cover damage the case does not declare unpreventable, so
it is ended as soon as the spell or ability has resolved: the restrictions it added are removed
from phase's state (:func:`end_restrictions`), which leaves exactly the case's "this damage can't
be prevented".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.protected_recipients import is_protected
from mtg_conformance_phase.wording import Sentence
from conformance.errors import Unsupported

RESTRICTION = Sentence("Damage can't be prevented this turn.",
                       {"type": "AddRestriction", "restriction": {"type": "DamagePreventionDisabled",
                                                                 "expiry": {"type": "EndOfTurn"}}})
"""CR 615.12: Skullcrack's sentence and phase's reading of it (checked with the spell's parse)."""


def unpreventable_sentences(case: Mapping[str, Any], body: Mapping[str, Any]) -> list[Sentence]:
    """The sentences a damage spell begins with for ``body`` (one damage step of ``case``): the
    restriction where the damage can't be prevented (CR 615.12), none otherwise."""
    if not body.get("cant_be_prevented"):
        return []
    if not any(step.get("damage") is body for step in case["steps"]):
        raise Unsupported("damage that can't be prevented (CR 615.12) inside a together step is not realised here")
    if any(is_protected(case, oid) for oid in case.get("objects") or ()) and body.get("to") is None:
        # to one protected creature it is worded without a target (.protected_recipients), where phase's protection
        # prevents it anyway (a disagreement with 615.12, adapters/phase/README.md); among several recipients the words
        # beside protection's prevention are not checked
        raise Unsupported("damage that can't be prevented (CR 615.12) to several recipients in a case with protection "
                          "(702.16e): not realised by this adapter")
    return [RESTRICTION]


def restrictions(state: Mapping[str, Any]) -> list[Any]:
    """phase's restrictions of damage prevention in its ``state`` (as ``game.state()`` gives it)."""
    return [r for r in state["state"].get("restrictions") or () if r.get("type") == "DamagePreventionDisabled"]


def end_restrictions(state: dict[str, Any], before: list[Any]) -> bool:
    """CR 615.12: remove from ``state`` the restrictions of damage prevention added since
    ``before`` (the damage's own, now that it is dealt); whether any was."""
    kept = [r for r in state["state"].get("restrictions") or ()
            if r.get("type") != "DamagePreventionDisabled" or r in before]
    if len(kept) == len(state["state"].get("restrictions") or ()):
        return False
    state["state"]["restrictions"] = kept
    return True
