"""What can't happen, and life floors (issue 41).

- 614.17  "can't" effects are not replacement effects: an event that can't happen doesn't, and
          614.17c no replacement or prevention effect other than a self-replacement modifies it;
          614.17a they don't reach back: what happened before they began stays;
- 119.7   a player who can't gain life gains none: a gain of theirs (an effect's, lifelink's,
          doubling a positive life total, 701.10d) does nothing, the "gain twice that much"
          effects don't apply, and no "whenever you gain life" ability triggers (no event);
          lifelink's damage is still dealt (702.15b);
- 119.8   a player who can't lose life loses none: a loss of theirs does nothing, the loss from
          damage included (120.3a: the damage is dealt, so lifelink still gains it); infect's
          poison counters are no loss (120.3b);
- 122.1   a permanent that can't have counters (of a kind) put on it gets none: no counter
          replacement applies (614.17c), it enters without them (614.17d, a planeswalker with no
          loyalty counters, 306.5b), wither's -1/-1 counters are not put (120.3d); a +N loyalty
          cost can't be paid (614.17b), so such an ability can't be activated;
- 614.1a  "damage that would reduce your life total to less than 1 reduces it to 1 instead"
          (Worship): a replacement effect on the life lost to damage (120.3a): the player loses
          their life total minus 1 (nothing at 1). Beside a "lose twice that much" effect the
          affected player would choose the order (616.1) and the orders differ, and below 1 what
          "reduces it to 1" does is not modelled: both are refused (unsupported).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import emblems
from reference_engine.filters import relation_holds
from reference_engine.range_of_influence import abilities_now, controller_of

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


def _names(game: GameState, kind: type, player: str) -> bool:
    """Whether a permanent on the battlefield (or an emblem, 114.4) has an ability of ``kind`` whose
    ``player`` (relative to its controller, after layers 2 and 6: 613.1b, 613.1f) includes ``player``."""
    for obj in game.objects.values():
        if not emblems.functions(obj):  # a permanent on the battlefield, or an emblem (114.4)
            continue
        for ability in abilities_now(game, obj, kind):
            if ability.player == "each" or relation_holds(ability.player, player, controller_of(game, obj)):
                return True
    return False


def cant_gain_life(game: GameState, player: str) -> bool:
    """119.7: whether ``player`` can't gain life now."""
    return _names(game, s.CantGainLife, player)


def cant_lose_life(game: GameState, player: str) -> bool:
    """119.8: whether ``player`` can't lose life now."""
    return _names(game, s.CantLoseLife, player)


def has_life_floor(game: GameState, player: str) -> bool:
    """614.1a: whether a "reduces it to 1 instead" effect of ``player``'s permanent (or emblem,
    114.4) applies to them."""
    return any(emblems.functions(obj) and controller_of(game, obj) == player and abilities_now(game, obj, s.LifeFloor)
               for obj in game.objects.values())


def floored_loss(game: GameState, player: str, life: int, lost: int, doublers: int) -> int:
    """The life ``player`` (with ``life``) loses to damage that would make them lose ``lost`` once
    ``doublers`` "twice that much" effects applied: at most ``life - 1`` under a life floor."""
    if life - lost >= 1 or not game.life_floored(player):
        return lost
    if doublers:
        raise Unsupported(f"a life floor and a \"lose twice that much\" effect both apply to {player}'s life loss "
                          "from damage: the order they choose changes it (CR 616.1), not modelled")
    if life < 1:
        raise Unsupported(f"{player}'s life total is {life}, already below 1: what a \"reduces it to 1 instead\" "
                          "effect does then is not modelled (CR 614.1a)")
    return life - 1


def cant_have(game: GameState, obj: GameObject, kind: str) -> bool:
    """122.1, 614.17: whether counters of ``kind`` can't be put on ``obj`` now (its abilities as it
    would exist on the battlefield, when it is entering: 614.17d)."""
    return any(ability.forbids(kind) for ability in abilities_now(game, obj, s.CantHaveCounters))
