"""Protection (CR 702.16), as far as damage goes.

- 702.16a protection is "protection from [quality]": here a colour or a card type;
- 702.16e damage that sources with that quality would deal to the permanent is prevented: a
          prevention effect of the permanent's static ability, applied like any other (615,
          616.1: the affected object's controller orders it among the others; 615.12: damage
          that can't be prevented is dealt in full, protection or not);
- 613.1  the source's quality is read as it deals the damage, on its current characteristics
         (a red creature that became blue is not red), the protection as the permanent has it now
         (613.1f: a protection lost is gone, one gained works).

Blocking (702.16f), targeting (702.16b) and attaching (702.16c-d) are not about damage: combat's
and others'. Protection under the limited range of influence option (801.13b would read it as an
effect naming both its sources and its recipient) is not modelled: the engine refuses the case.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from conformance.format.frozen import frozen
from reference_engine.chosen import resolved_protection
from reference_engine.damage import static_names
from reference_engine.range_of_influence import abilities_now, controller_of, source_matches

if TYPE_CHECKING:
    from reference_engine.damage import DamageEvent
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


@frozen
class ProtectionPrevention:
    """The prevention effect of a permanent's ``protection`` ability (``ref``: the permanent's id)."""

    ref: str
    source: GameObject = dataclasses.field(compare=False)
    index: int
    ability: s.Protection
    controller: str
    names: frozenset[str] = frozenset()
    combat = False  # all damage, combat or not (702.16e)
    then = None  # no additional effect

    @property
    def key(self) -> object:
        return (s.Protection.KEY, self.source.ref, self.index)

    def names_recipient(self) -> bool:
        return True

    def names_source(self) -> bool:
        return True

    def covers(self, game: GameState, event: DamageEvent) -> bool:
        """702.16e: damage to this permanent, by a source with the quality as it deals it (613.1)."""
        if event.recipient != self.source.id or game.objects[event.recipient].ref != self.source.ref:
            return False
        return source_matches(game, self.ability.source_filter, game.objects[event.source], you=self.controller)

    def prevented(self, amount: int) -> int:
        """702.16e: all of it."""
        return amount

    def use(self, prevented: int) -> None:
        """A static ability's prevention is never used up."""


def statics(game: GameState) -> list[ProtectionPrevention]:
    """The prevention effects of the protection abilities permanents on the battlefield have now."""
    found = [
        ProtectionPrevention(obj.id, obj, index, resolved, controller_of(game, obj),
                             static_names(game, obj, s.Protection.KEY, index))
        for obj in game.objects.values() if obj.zone == "battlefield"
        for index, ability in enumerate(abilities_now(game, obj, s.Protection))
        if (resolved := resolved_protection(game, obj, ability)) is not None  # 614.12: the chosen colour
    ]
    if found and game.case.range_of_influence is not None:
        raise Unsupported("protection (CR 702.16e) under the limited range of influence option (801.13b) is not "
                          "modelled")
    return found
