"""Loyalty abilities (CR 606): activated abilities whose cost puts loyalty counters on their
permanent or removes them from it.

- 606.3 a player may activate a loyalty ability of a permanent they control only if no player
        has activated a loyalty ability of that permanent this turn (a new object after a zone
        change, 400.7, has activated none); the ``end_turn`` step starts a new turn;
- 606.4 the cost is to put on (+N) or remove from (-N) the permanent that many loyalty counters:
        a cost, not an effect, so "if an effect would put" replacements do not apply to it, and
        "if you would put" ones do; once one of those has modified it, a replacement effect puts
        the counters and the "if an effect would put" ones apply too (counter_replacement.py, 614.16);
- 606.5 a negative cost can't be paid unless the permanent has at least that many loyalty
        counters;
- 602.2, 117.5: the cost is paid as it is activated; state-based actions are checked before it
        resolves (a planeswalker paying its last loyalty goes to the graveyard, 704.5i, and the
        ability still resolves, its effect on that object then finding none, 400.7).

Whether it is the controller's main phase with an empty stack (606.3) is not modelled: a case
activates loyalty abilities only when it says so.
"""

from __future__ import annotations

from typing import Any

from conformance.format import model as s
from reference_engine import abilities, counter_replacement, layers, trigger_events
from reference_engine.counter_replacement import CounterEvent
from reference_engine.damage import LOYALTY


class IllegalActivation(ValueError):
    """A case activates a loyalty ability the rules do not let it activate (606.3, 606.5)."""


def _activated(game: Any) -> set[tuple[str, int]]:
    return game.__dict__.setdefault("_loyalty_activated", set())


def new_turn(game: Any) -> None:
    """606.3: a new turn: no loyalty ability has been activated in it."""
    _activated(game).clear()


def activate(game: Any, step: s.Activate) -> bool:
    """Activate ``step``'s loyalty ability, if its object has one by that name now (after layer
    6, 613.1f): pay its cost (606.4), check state-based actions (117.5), resolve its effect.
    Whether it was a loyalty ability."""
    obj = game.objects[step.object]
    if obj.zone != "battlefield":
        return False
    chars = layers.board(game).chars[obj.id]
    ability = next((a for a in chars.values.has_ability(s.LoyaltyAbility) if a.name == step.ability), None)
    if ability is None:
        return False
    if not game.may_activate_loyalty(obj):
        raise IllegalActivation(f"a loyalty ability of {obj.id} was already activated this turn (CR 606.3)")
    _activated(game).add(obj.ref)
    controller = chars.controller or obj.owner
    if ability.cost > 0 and not game.can_have_counters(obj, LOYALTY):
        raise IllegalActivation(f"{obj.id} can't have loyalty counters put on it: its +{ability.cost} cost can't be "
                                "paid (CR 614.17b, 606.4)")
    if ability.cost > 0:  # 606.4: put counters, as a cost (614.16)
        counter_replacement.put(game, CounterEvent(obj.id, LOYALTY, ability.cost, controller, by_effect=False),
                                step.order)
    elif ability.cost < 0:
        if obj.counters[LOYALTY] < -ability.cost:
            raise IllegalActivation(f"{obj.id} has {obj.counters[LOYALTY]} loyalty counters: it can't pay "
                                    f"{ability.cost} (CR 606.5)")
        trigger_events.remove_counters(game, obj, LOYALTY, -ability.cost)  # 603.2c: "counters removed" triggers
    game.check_state_based_actions()  # 117.5: before the ability resolves
    if ability.effect is not None:
        abilities.resolve(game, obj, s.LoyaltyAbility, step.ability, x=step.x, target=step.target)
    return True


class LoyaltyRules:
    """Hooks of ``Game`` about loyalty abilities."""

    def may_activate_loyalty(self, obj: Any) -> bool:
        """606.3: once each turn per permanent."""
        return obj.ref not in _activated(self)
