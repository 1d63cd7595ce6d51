"""Emblems (CR 114): a player gets an emblem with abilities.

- 114.1, 114.2  an effect puts an emblem into the command zone, owned and controlled by the player
                who gets it;
- 114.3         it has no characteristic but its abilities: no name, types, mana cost or colour
                (so no power or toughness, and no filter of the format matches it);
- 114.4         its abilities function in the command zone (:func:`functions`);
- 114.5         it is neither a card nor a permanent: nothing that affects permanents affects it
                (``to_each`` filters look at the battlefield or the zones they name, never the
                command zone; the loader lets no step name it);
- 613.7a, 613.7d  its static abilities have its timestamp: the moment it entered the command zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.format.model import COMMAND, Card, CreateEmblem
from reference_engine.objects import GameObject

if TYPE_CHECKING:
    from reference_engine.state import GameState


def create(game: GameState, step: CreateEmblem) -> None:
    """114.2: ``step.controller`` gets an emblem: a new object in the command zone with the step's
    abilities and nothing else (114.3), timestamped as it enters that zone (613.7d)."""
    game.objects[step.emblem] = GameObject(
        id=step.emblem, card=Card(types=(), abilities=step.abilities), owner=step.controller,
        controller=step.controller, zone=COMMAND, timestamp=game.tick(),
    )


def functions(obj: GameObject) -> bool:
    """Whether ``obj``'s static abilities function where it is: a permanent's on the battlefield
    (113.6), an emblem's in the command zone (114.4)."""
    return obj.zone == "battlefield" or obj.zone == COMMAND
