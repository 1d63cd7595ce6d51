"""Mana: mana abilities of permanents, mana pools, and replacement effects on the mana a
permanent tapped for mana produces, realised through phase's own game.

- ``mana_ability: {name, add}`` is printed "{T}: Add {W}{U}." (CR 605.1a), which phase parses into
  a mana ability with a {T} cost; a basic land type's own ability (305.6: a Forest's "{T}: Add {G}.")
  stands for it when it is that very ability. ``activate_mana`` is phase's ``ActivateAbility`` of
  that ability by its controller: phase taps the permanent as the cost (602.2b) and adds the mana
  at once, no stack (605.3b); a tapped permanent can't pay the cost (701.26a), and neither the
  adapter nor phase then activates anything.
- ``multiply_mana: {factor}`` is Mana Reflection's / Nyxbloom Ancient's "If you tap a permanent for
  mana, it produces twice (three times) as much of that mana instead." (106.6a, 614.1a): phase's
  ``ProduceMana`` replacement, scoped to mana from tapping.
- ``add_mana`` (and ``player_states`` mana) is a synthesized instant "Add {R}{R}." cast by the
  player (106.4: an effect adding mana; tapping nothing, so 106.6a does not apply to it);
  ``double_mana`` is "Double the amount of red mana in your mana pool." (701.10f).
- The ``mana`` observable reads phase's mana pool by type; the ``tapped`` observable reads
  whether the permanent is tapped (110.5; ``false`` off the battlefield).

Mana empties from pools at the end of each step and phase (500.4): phase's game stays in one step
between the case's steps but for ``end_turn`` (where the suite empties pools too) and the
loyalty abilities' move to a main phase (:mod:`.loyalty`, which keeps the pool). If phase's game
has moved to another step since mana was added, the mana observed would be unsupported, not
judged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.ability_lines import POOL_BACK
from mtg_conformance_phase.board import Board, _action
from conformance.errors import Unsupported

def pool(player: Mapping[str, Any]) -> dict[str, int]:
    """A player's mana pool by type (CR 106.4), only the types present."""
    out: dict[str, int] = {}
    for unit in (player.get("mana_pool") or {}).get("mana") or ():
        color = unit.get("color")
        if color not in POOL_BACK:
            raise Unsupported(f"phase's mana pool holds mana of the type {color!r}")
        out[POOL_BACK[color]] = out.get(POOL_BACK[color], 0) + 1
    return out


class Mana(Board):
    """Activating mana abilities, and reading mana pools, in phase's game."""

    mana_clock: tuple[Any, Any] | None = None  # phase's (turn, step) when mana was last added

    def clock(self) -> tuple[Any, Any]:
        return (self.game.turn, self.game.phase)

    def mark_mana(self) -> None:
        self.mana_clock = self.clock()

    def activate_mana(self, body: Mapping[str, Any]) -> None:
        """CR 605.3b: the permanent's mana ability, activated by its controller, if it has it now
        and is untapped (701.26a: a tapped one can't pay the {T} cost: nothing happens)."""
        obj = self.obj(body["object"])
        if obj.get("zone") != "Battlefield" or obj.get("tapped") or body["at"] is None:
            return  # None: no ability of the case has its name (.plan): the object cannot have it
        index, parsed = body["at"]
        now = obj.get("abilities") or []
        if len(now) <= index or now[index] != parsed:
            raise Unsupported(f"{body['object']!r} does not have its printed mana ability {body['ability']!r} where its "
                              "card has it now (it lost or gained abilities, or is a copy): not told apart here")
        if "Creature" in ((obj.get("card_types") or {}).get("core_types") or ()):
            raise Unsupported(f"{body['object']!r} is a creature activating a {{T}} mana ability: whether it may (the "
                              "format's reading of 302.6 and 702.10c) is not realised by this adapter")
        seat = obj.get("controller")
        if self.waiting()["type"] != "Priority" or self.game.stack():
            raise Unsupported("a mana ability activated while phase's stack is not empty")
        before = self.clock()
        self.give_priority(seat)  # CR 605.3a: its controller activates it holding priority (the players before pass)
        try:
            self.game.apply(seat, _action({"type": "ActivateAbility",
                                           "data": {"source_id": self.ids[body["object"]], "ability_index": index}}))
        except ValueError as exc:
            raise Unsupported(f"phase refuses to activate {body['object']!r}'s mana ability: {exc}") from exc
        if self.game.stack() or self.waiting()["type"] != "Priority":
            raise Unsupported(f"phase's mana ability of {body['object']!r} asks {json.dumps(self.waiting())[:200]} "
                              "or uses the stack")
        if self.clock() != before:
            raise Unsupported("phase's game moved to another step as a mana ability was activated")
        self.mark_mana()

    def mana_pools(self, check: bool = True) -> dict[str, dict[str, int]]:
        """Each player's mana pool (CR 106.4). Unsupported if phase's game has left the step in
        which mana was added (500.4 would have emptied the pools where the scenario keeps them)."""
        if check and self.mana_clock is not None and self.clock() != self.mana_clock:
            raise Unsupported(f"phase's game moved from {self.mana_clock} to {self.clock()} since mana was added, "
                              "emptying mana pools (CR 500.4) where the scenario keeps them")
        return {name: pool(self.game.player(seat)) for name, seat in self.seat.items()}
