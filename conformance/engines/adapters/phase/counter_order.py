"""The affected player's order of counter replacement effects (CR 616.1), asked by phase as a
counter event resolves (:mod:`.counters` writes the replacements and the spells putting counters).
The case scripts no order (that needs ``replacement-order``, not declared), so the order must not
change the result: answered only when every candidate modifies the number the same way (twice
that many with twice that many, plus N with plus M: these commute), else unsupported.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from conformance.engines.adapters.phase.bindings import AdapterFault
from conformance.engines.adapters.phase.board import Board, _action
from conformance.errors import Unsupported


class CounterReplacements(Board):
    """Answering phase's question which counter replacement applies first (CR 616.1)."""

    def answer_replacement_choice(self, waiting: Mapping[str, Any]) -> None:
        candidates = waiting["data"].get("candidates") or []
        state = self.game.state()["state"]
        kinds = set()
        for candidate in candidates:
            replacement = _replacement_of(state, candidate)
            if replacement is None or replacement.get("event") != "AddCounter":
                raise AdapterFault(f"phase asks to order replacements {json.dumps(candidates)[:300]}")
            kinds.add((replacement.get("quantity_modification") or {}).get("type"))
        if len(kinds) != 1:
            raise Unsupported("several counter replacements of different kinds (twice, plus N) apply to one event with "
                              "no order scripted: the affected player's choice could change the result (CR 616.1)")
        self.game.apply(waiting["data"]["player"], _action({"type": "ChooseReplacement", "data": {"index": 0}}))


def _replacement_of(state: Mapping[str, Any], candidate: Mapping[str, Any]) -> Mapping[str, Any] | None:
    source = state.get("objects", {}).get(str(candidate.get("source_id")))
    if source is None:
        return None
    for replacement in source.get("replacement_definitions") or source.get("replacements") or ():
        if replacement.get("description") == candidate.get("description"):
            return replacement
    return None
