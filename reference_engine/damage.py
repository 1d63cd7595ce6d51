"""Damage (CR 120): which players and objects a source would deal it to, and what it does once
replacement and prevention effects have modified it (614, 615, 616: see replacement.py).

- 120.3a damage dealt to a player makes that player lose that much life;
- 120.3e damage dealt to a creature is marked on it;
- 120.6  marked damage stays until the cleanup step, which removes it (514.2);
- 704.5g a creature with toughness greater than 0 and damage marked on it at least equal to its
         toughness has been dealt lethal damage and is destroyed (a state-based action);
- 614.7a a source that would deal 0 damage deals none: no event, nothing to replace or prevent;
- 801.10 with the limited range of influence option, a source deals no damage to players and
         objects outside its controller's range: that part of its effect does nothing.

Planeswalkers and battles are not modelled: damage to a permanent that is not a creature does
nothing here. Keyword abilities that change what damage does (infect, wither, deathtouch,
lifelink) are not modelled either.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from conformance import scenario as s
from conformance.frozen import frozen
from reference_engine.range_of_influence import controller_of, in_range, matches_now

if TYPE_CHECKING:
    from reference_engine.game import Game
    from reference_engine.objects import GameObject


@frozen
class DamageEvent:
    """``source`` (an object id) would deal ``amount`` damage to ``recipient`` (a player's name or
    an object's id); ``combat`` for combat damage."""

    source: str
    recipient: str
    amount: int
    combat: bool = False

    def with_amount(self, amount: int) -> DamageEvent:
        return dataclasses.replace(self, amount=amount)

    def redirected(self, recipient: str, amount: int) -> DamageEvent:
        return dataclasses.replace(self, recipient=recipient, amount=amount)


def is_creature(game: Game, obj: GameObject) -> bool:
    """A creature on the battlefield: a permanent with power and toughness (208.3)."""
    return obj.zone == "battlefield" and game.power_toughness(obj).toughness is not None


def can_be_dealt_damage(game: Game, recipient: str) -> bool:
    """Whether damage can be dealt to ``recipient`` now: a player, or a creature on the
    battlefield (120.1; planeswalkers and battles are not modelled)."""
    if recipient in game.player_states:
        return True
    return is_creature(game, game.objects[recipient])


def recipients(game: Game, step: s.Damage) -> list[str]:
    """Who ``step`` would deal damage to: ``to``, each object ``to_each`` matches now, on its
    current characteristics (613.1: "each creature" means each object that is a creature now),
    relative to the source's controller; each player; each once, in that order."""
    source = game.objects[step.source]
    you = controller_of(game, source)
    found: list[str] = []
    if step.to is not None:
        found.append(step.to)
    if step.to_each is not None:
        found += [o.id for o in game.objects.values() if matches_now(game, step.to_each, o, you=you)]
    if step.to_each_player:
        found += list(game.players)
    return list(dict.fromkeys(found))


def deal(game: Game, step: s.Damage) -> None:
    """Perform a damage event: each recipient in range (801.10) is dealt the damage as replacement
    and prevention effects modify it (614-616), then the results happen (120.3)."""
    source = game.objects[step.source]
    events = [
        DamageEvent(step.source, recipient, step.amount, step.combat)
        for recipient in recipients(game, step)
        if can_be_dealt_damage(game, recipient) and in_range(game, controller_of(game, source), recipient)
    ]
    dealt = [final for event in events for final in game.modified(event, step.order)]
    for event in dealt:
        result(game, event)


def result(game: Game, event: DamageEvent) -> None:
    """What damage that is dealt does: life loss for a player (120.3a), damage marked on a
    creature (120.3e). 0 damage is no damage (614.7a)."""
    if event.amount <= 0 or not can_be_dealt_damage(game, event.recipient):
        return
    if event.recipient in game.player_states:
        game.player_states[event.recipient].lose_life(event.amount)
    else:
        game.damage_marked[game.objects[event.recipient].ref] += event.amount


def marked(game: Game, obj: GameObject) -> int:
    """Damage marked on ``obj`` (120.3e); a new object has none (400.7)."""
    return game.damage_marked.get(obj.ref, 0)


def lethally_damaged(game: Game) -> list[GameObject]:
    """704.5g: creatures with toughness greater than 0 and damage marked on them at least equal to
    their toughness."""
    found: list[GameObject] = []
    if not game.damage_marked:
        return found
    for obj in game.objects.values():
        if obj.zone != "battlefield" or not marked(game, obj):
            continue
        toughness = game.power_toughness(obj).toughness
        if toughness is not None and 0 < toughness <= marked(game, obj):
            found.append(obj)
    return found


def remove_damage(game: Game) -> None:
    """514.2: in the cleanup step, all damage marked on permanents is removed."""
    game.damage_marked.clear()
