"""The affected player's order of counter replacement effects (CR 616.1), asked by phase as a
counter event resolves (:mod:`.counters` writes the replacements and the spells putting counters).
With the step's scripted ``order`` (the effects by object, as the affected permanent's controller
applies them), the first of its effects among phase's candidates is chosen, each time phase asks.
With no order, the order must not change the result: answered only when every candidate modifies
the number the same way (twice that many with twice that many, plus N with plus M: these commute),
else unsupported.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.bindings import AdapterFault
from mtg_conformance_phase.board import Board, _action
from mtg_conformance_phase.damage_sources import REDIRECTION_NAME, SHIELD_NAME
from conformance.errors import Unsupported


MODIFICATIONS = {"AddCounter": "quantity_modification", "DamageDone": "damage_modification",
                 "CreateToken": "quantity_modification", "LoseLife": "quantity_modification", "GainLife": "execute"}
"""The replacement events the adapter orders: counters put (.counters), damage doubled (.damage_sources),
life lost or gained doubled (.life_replacements: a gain replacement's modification is its whole execution)."""


class CounterReplacements(Board):
    """Answering phase's question which counter replacement applies first (CR 616.1)."""

    replacement_order: tuple[Any, ...] | Mapping[tuple[str, int], tuple[Any, ...]] = ()  # phase's ids of the sources
    # (or SHIELD), in the case's order; or such orders by the damage's recipient (several affected, CR 616.1)
    affected_seat: int | None = None

    def answer_replacement_choice(self, waiting: Mapping[str, Any]) -> None:
        candidates = waiting["data"].get("candidates") or []
        state = self.game.state()["state"]
        order = self.replacement_order
        if isinstance(order, Mapping):  # CR 616.1: the order of the object or player this damage is dealt to
            affected = _damage_recipient(state)
            chooser = affected[1] if affected[0] == "Player" else state["objects"][str(affected[1])].get("controller")
            if waiting["data"]["player"] != chooser:
                raise AdapterFault(f"phase asks seat {waiting['data']['player']} to order the replacements on damage to "
                                   f"{affected}, which seat {chooser} chooses (CR 616.1)")
            order = order.get(affected, ())
        kinds = set()
        sources: list[Any] = []
        for candidate in candidates:
            if _is_shield(candidate):  # phase's prevention shields are anonymous (no source) candidates
                kinds.add(("Prevent", None))
                sources.append(SHIELD)
                continue
            if _is_redirection(candidate):  # CR 614.9: so is a resolved spell's redirection (.redirection)
                kinds.add(("Redirect", None))
                sources.append(REDIRECTION)
                continue
            replacement = _replacement_of(state, candidate)
            told_apart = [e for e in order if isinstance(e, tuple) and e[0] == candidate.get("source_id")]
            if replacement is None or replacement.get("event") not in MODIFICATIONS:
                raise AdapterFault(f"phase asks to order replacements {json.dumps(candidates)[:300]}")
            event = replacement["event"]
            modification = replacement.get(MODIFICATIONS[event]) or {}
            kinds.add((event, json.dumps(modification, sort_keys=True) if event == "GainLife" else modification.get("type")))
            # an object with several of the effects: told apart by their text (.damage_sources.ability_text)
            sources.append((candidate.get("source_id"), candidate.get("description")) if told_apart
                           else candidate.get("source_id"))
        life = {event for event, _ in kinds} <= {"GainLife", "LoseLife"}  # the gaining or losing player's, not the
        # damage recipient's (CR 616.1); only ever answered when they all modify alike (below)
        if self.affected_seat is not None and waiting["data"]["player"] != self.affected_seat and not life:
            raise AdapterFault(f"phase asks seat {waiting['data']['player']} to order the replacements on a permanent "
                               f"seat {self.affected_seat} controls (CR 616.1: its controller chooses)")
        if order:
            if SHIELD in sources and order.count(SHIELD) > 1:
                raise Unsupported("an order naming several prevention shields, one of which phase offers: phase's "
                                  "shields cannot be told apart in its prompt")
            if len(set(sources)) != len(sources) or not set(sources) <= set(order):
                raise Unsupported(f"phase offers the replacements of {sources}, which the case's order (phase's ids "
                                  f"{list(order)}) does not name one by one")
            first = next(i for i in order if i in sources)
            index = sources.index(first)
        elif len(kinds) != 1 or SHIELD in sources or REDIRECTION in sources:
            raise Unsupported("several replacement or prevention effects of different kinds apply to one event with "
                              "no order scripted: the affected player's choice could change the result (CR 616.1)")
        else:
            index = 0
        self.game.apply(waiting["data"]["player"], _action({"type": "ChooseReplacement", "data": {"index": index}}))


    def orders_of(self, orders: tuple[tuple[str, tuple[Any, ...]], ...]) -> dict[tuple[str, int], tuple[Any, ...]]:
        """Each affected object's or player's order (CR 616.1), by phase's recipient of the damage
        (an order for an object phase has no card for, a spell on the stack, names no recipient)."""
        return {("Player", self.seat[affected]) if affected in self.seat else ("Object", self.ids[affected]):
                self.order_of(names) for affected, names in orders if affected in self.seat or affected in self.ids}

    def order_of(self, names: tuple[Any, ...]) -> tuple[Any, ...]:
        """The scripted order in phase's terms: object ids, SHIELD, or (id, Oracle text) for one of
        an object's several effects."""
        return tuple(SHIELD if name == SHIELD_NAME else REDIRECTION if name == REDIRECTION_NAME
                     else (self.ids[name[0]], name[1]) if isinstance(name, tuple) else self.ids[name] for name in names)


SHIELD = "shield"
"""The one prevention shield a scripted order names (.plan: the case's shields)."""


def _damage_recipient(state: Mapping[str, Any]) -> tuple[str, int]:
    """The object or player the damage event phase asks about would be dealt to."""
    proposed = (state.get("pending_replacement") or {}).get("proposed") or {}
    target = (proposed.get("Damage") or {}).get("target") or {}
    if len(target) != 1 or next(iter(target)) not in ("Object", "Player"):  # e.g. a Hydra's counters meanwhile
        raise Unsupported(f"phase asks to order replacements of {json.dumps(proposed)[:200]} during a damage event "
                          "with an order for each of several affected objects or players: not realised here")
    (kind, value), = target.items()
    return kind, value


def _is_shield(candidate: Mapping[str, Any]) -> bool:
    return not candidate.get("source_id") and candidate.get("description") == "Prevent damage"


REDIRECTION = "redirection"
"""The one redirection of damage a scripted order names (.damage_sources.REDIRECTION_NAME)."""


def _is_redirection(candidate: Mapping[str, Any]) -> bool:
    """phase's candidate for a resolved spell's redirection (614.9): anonymous, as its shields are."""
    return not candidate.get("source_id") and candidate.get("description") == "One-shot damage replacement"


def _replacement_of(state: Mapping[str, Any], candidate: Mapping[str, Any]) -> Mapping[str, Any] | None:
    source = state.get("objects", {}).get(str(candidate.get("source_id")))
    if source is None:
        return None
    for replacement in source.get("replacement_definitions") or source.get("replacements") or ():
        if replacement.get("description") == candidate.get("description"):
            return replacement
    return None
