"""Destruction and regeneration (issue 40): the ``destroy`` and ``regenerate`` steps, and
regeneration shields replacing the destruction state-based actions do.

- 701.8a  to destroy a permanent is to move it from the battlefield to its owner's graveyard;
          701.8b lethal damage (704.5g) and deathtouch (704.5h) destroy too; 702.12b an
          indestructible permanent can't be destroyed: nothing happens, no shield is used;
- 701.19a "regenerate [a permanent]": a replacement effect (a shield) for the next time this turn
          it would be destroyed: instead all damage marked on it is removed and its controller
          taps it (and it is removed from combat); 614.8 "instead" is implicit; 614.5 one shield
          replaces one destruction, the rest stay for later ones;
- 101.2, 614.8 "it can't be regenerated": no shield replaces that destruction;
- 614.4   a shield must exist before the destruction: one created afterwards finds the card in
          the graveyard, a new object (400.7), and does nothing;
- 514.2   the cleanup step ends effects lasting "this turn": the shields too.

Destruction happening between the combat damage steps of a combat with first strike is refused
(Unsupported): a regenerated creature is removed from combat (506.4), which the combat step does
not model.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import layers, mana
from reference_engine.damage import INDESTRUCTIBLE, has_keyword

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


def shields(game: GameState) -> Counter[tuple[str, int]]:
    """The regeneration shields waiting, by the permanent's id and incarnation (400.7)."""
    found = game.__dict__.get("_regeneration_shields")
    if found is None:
        found = game.__dict__["_regeneration_shields"] = Counter()
    return found


def regenerate(game: GameState, step: s.Regenerate) -> None:
    """The ``regenerate`` step (701.19a): a shield on the permanent, if it is one now (608.2b:
    a card that left the battlefield is a new object, 400.7, the effect can't find it)."""
    obj = game.objects[step.object]
    if obj.zone == "battlefield":
        shields(game)[obj.ref] += 1


def destroy(game: GameState, step: s.Destroy) -> None:
    """The ``destroy`` step (701.8a): indestructible, nothing happens (702.12b); a shield, if one
    may apply, regenerates it instead (701.19a); else it goes to its owner's graveyard."""
    obj = game.objects[step.object]
    if obj.zone != "battlefield" or has_keyword(game, obj, INDESTRUCTIBLE):
        return
    if not step.cant_be_regenerated and shields(game)[obj.ref] > 0:
        game.regenerate_instead(obj)
        return
    game.move(obj, "graveyard")  # 701.8a (last known information kept, 113.7a; dies triggers, 603.10a)


def replace_destruction(game: GameState, destroyed: list[GameObject]) -> list[GameObject]:
    """704.5g, 704.5h: of the permanents state-based actions would destroy, those a shield
    regenerates instead (701.19a, 701.8b) stay; the others, returned, are destroyed."""
    found = game.__dict__.get("_regeneration_shields")
    if not found:
        return destroyed
    staying = [obj for obj in destroyed if found[obj.ref] > 0]
    for obj in staying:
        game.regenerate_instead(obj)
    return [obj for obj in destroyed if obj not in staying]


def regenerated(game: GameState, obj: GameObject) -> None:
    """701.19a: a shield is used up; instead of being destroyed, ``obj``'s damage is removed and
    its controller taps it."""
    if game.__dict__.get("_in_combat"):
        raise Unsupported(f"{obj.id} would regenerate during a combat step: it would be removed from combat "
                          "(CR 701.19a, 506.4), which the combat step does not model")
    found = shields(game)
    found[obj.ref] -= 1
    if not found[obj.ref]:
        del found[obj.ref]
    game.damage_marked.pop(obj.ref, None)  # all damage marked on it is removed
    game.deathtouched.discard(obj.ref)
    mana.tapped(game).add(obj.ref)  # 110.5, 701.26a: tapped (already tapped: it stays so)
    layers.invalidate(game)


def end_of_turn(game: GameState) -> None:
    """514.2: the shields last "this turn": they end in the cleanup step."""
    game.__dict__.pop("_regeneration_shields", None)


@contextmanager
def in_combat(game: GameState) -> Iterator[None]:
    """A combat step is being played (the shields it would use are refused, see above)."""
    game.__dict__["_in_combat"] = True
    try:
        yield
    finally:
        game.__dict__.pop("_in_combat", None)
