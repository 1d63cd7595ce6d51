"""Gaining and losing life, with life-gain replacement effects (CR 119, 614).

- 119.3  an effect that makes a player gain or lose life adjusts their life total;
- 614.1a "if you would gain life, you gain twice that much life instead" (Boon Reflection, Rhox
         Faithmender) is a replacement effect of its controller's permanent: each such effect
         applies once to a life-gain event (614.5), in the order the player chooses (616.1), which
         cannot change the result (each doubles: 2^N times the amount);
- 120.3f, 702.15b lifelink's gain is a life-gain event, so it is doubled too;
- 701.10d doubling a life total is gaining (or losing) life: a gain is doubled too;
- 614.1a "if an opponent would lose life, they lose twice that much life instead" (Bloodletter of
         Aclazotz) is a replacement effect on a life-loss event: N of them, each once (614.5), make
         it 2^N times as much, in any order (616.1); life lost to damage (120.3a) is a life-loss
         event, so it is doubled too, but the damage is not: lifelink gains the damage dealt
         (702.15b), a "dealt damage" trigger counts the damage; doubling a negative life total is
         losing life (701.10d), so it is doubled too;
- 119.9  gaining 0 life is no life-gain event (nothing to replace, nothing triggers);
- 119.7, 119.8 a player who can't gain (lose) life gains (loses) none: no event, so nothing
         replaces it (614.17c) and nothing triggers; 614.1a a life floor limits the life lost to
         damage (cant.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import cant, emblems, log, triggers
from reference_engine.filters import relation_holds
from reference_engine.range_of_influence import abilities_now, controller_of

if TYPE_CHECKING:
    from reference_engine.state import GameState


def gain_doublers(game: GameState, player: str) -> int:
    """How many "you gain twice that much life instead" effects apply to ``player`` now: one per
    such ability of a permanent (or an emblem, 114.4) they control (after layers 2 and 6, 613.1b, 613.1f)."""
    return sum(len(abilities_now(game, obj, s.DoubleLifeGain))
               for obj in game.objects.values()
               if emblems.functions(obj) and controller_of(game, obj) == player)  # an emblem's too (114.4)


def gain(game: GameState, player: str, amount: int) -> int:
    """``player`` would gain ``amount`` life: replacement effects modify the event (614.1a, each
    once, 614.5), then they gain what it became (119.3), and abilities waiting for it trigger.
    Returns the life gained."""
    if amount <= 0:
        return 0  # 119.9
    if not game.can_gain_life(player):
        return 0  # 119.7, 614.17c: it can't happen, so nothing replaces it and nothing triggers
    gained = amount * 2 ** game.life_gain_doublers(player)
    game.player_states[player].gain_life(gained)
    log.life(game, player, amount, gained, gained=True)
    triggers.life_changed(game, player, gained, gained=True)
    return gained


def loss_doublers(game: GameState, player: str) -> int:
    """How many "they lose twice that much life instead" effects apply to ``player`` losing life
    now (614.1a): one per such ability of a permanent on the battlefield (or an emblem, 114.4) whose ``player`` is
    ``player`` relative to the permanent's controller (after layers 2 and 6, 613.1b, 613.1f)."""
    count = 0
    for obj in game.objects.values():
        if not emblems.functions(obj):  # a permanent on the battlefield, or an emblem (114.4)
            continue
        for ability in abilities_now(game, obj, s.DoubleLifeLoss):
            if ability.during_your_turn:  # the loader refuses it; an effect may still give it
                raise Unsupported("\"during your turn\" is not modelled: the format has no active player (CR 102.1)")
            if ability.player == "each" or relation_holds(ability.player, player, controller_of(game, obj)):
                count += 1
    return count


def lose(game: GameState, player: str, amount: int, *, damage: bool = False) -> None:
    """``player`` would lose ``amount`` life (119.3, 120.3a for ``damage``): replacement effects
    modify the event (614.1a, each once, 614.5; a life floor only damage's), then they lose what it
    became, and abilities waiting for it trigger, seeing that amount (614.6)."""
    if amount <= 0 or not game.can_lose_life(player):
        return  # 119.8, 614.17c: it can't happen, so nothing replaces it and nothing triggers
    doublers = game.life_loss_doublers(player)
    lost = amount * 2 ** doublers
    if damage:  # 614.1a: "reduces it to 1 instead"
        lost = cant.floored_loss(game, player, game.player_states[player].life, lost, doublers)
        if lost <= 0:
            return
    game.player_states[player].lose_life(lost)
    log.life(game, player, amount, lost, gained=False)
    triggers.life_changed(game, player, lost, gained=False)
