"""Vorinclex, Monstrous Raider's halving (CR 614.1a, 616.1, 616.1e): "If an opponent would put one
or more counters on a permanent or player, they put half that many of each of those kinds of
counters on that permanent or player instead, rounded down." (``counter_replacement`` with
``mode: half, by_opponent: true``), its true Oracle sentence, which phase reads as an
``AddCounter`` replacement with ``quantity_modification`` Half, ``valid_player`` Opponent and
``counter_replacement_subject`` Actor (who puts the counters, 122.6a). It takes part in phase's
own ordering of counter replacements (:mod:`.counter_order`, the affected permanent's controller
choosing, 616.1); an ``order`` naming one of Vorinclex's two abilities (``OBJ.counter_replacement.N``)
is followed only when, for the player putting the counters, that ability is the only one of the
object's that applies (its doubling is for its controller's counters, its halving for an
opponent's), so naming the object is naming that ability (:func:`ability_for_putter`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.wording import Sentence
from conformance.errors import EngineGap, Unsupported

HALF_TEXT = ("If an opponent would put one or more counters on a permanent or player, they put half that many of "
             "each of those kinds of counters on that permanent or player instead, rounded down.")


def halving_sentence(oid: str, body: Mapping[str, Any]) -> Sentence:
    """CR 614.1a: Vorinclex's halving, and phase's expected reading."""
    if body.get("by_opponent") and not body.get("by_you") and (body.get("on") is not None
                                                                or body.get("kind") is not None):
        # seen: phase drops "on a creature you control" and reads nothing of "one or more +1/+1 counters" in this frame
        raise EngineGap(f"object {oid!r}: an opponent's halving of some counters or permanents only: phase's Oracle "
                        "parser drops the permanents, or reads nothing, in Vorinclex's words")
    if not body.get("by_opponent") or body.get("by_you") or body.get("on") is not None or body.get("kind") is not None:
        raise Unsupported(f"object {oid!r}: a halving counter replacement other than Vorinclex's (an opponent putting "
                          "any counters) has no Oracle wording here")
    # of effects only: Vorinclex's words say no "an effect", so a loyalty cost putting counters beside it is refused
    # (CR 606.4, .plan._doubling_season); every other counter put in a case run here is an effect's
    return Sentence(HALF_TEXT, {"event": "AddCounter", "mode": {"type": "Mandatory"}, "condition": None,
                                "quantity_modification": {"type": "Half"}, "valid_card": None,
                                "valid_player": "Opponent", "counter_replacement_subject": "Actor"})


def ability_for_putter(case: Mapping[str, Any], oid: str, ability: str, putter: str | None) -> bool:
    """Whether ``OBJ.counter_replacement.N`` names the one counter replacement of ``oid`` that
    applies to counters ``putter`` puts (CR 614.1a: "if you would put", "if an opponent would put",
    relative to the object's controller, 109.5)."""
    match = re.fullmatch(r"counter_replacement\.([0-9]+)", ability)
    spec = case["objects"][oid]
    own = [a["counter_replacement"] for a in spec["card"].get("abilities", ()) if "counter_replacement" in a]
    if match is None or putter is None or not 1 <= int(match[1]) <= len(own):
        return False
    controller = spec.get("controller") or spec["owner"]

    def applies(body: Mapping[str, Any]) -> bool:
        if body.get("by_you"):
            return putter == controller
        if body.get("by_opponent"):
            return putter != controller
        return True

    return [i for i, body in enumerate(own, 1) if applies(body)] == [int(match[1])]
