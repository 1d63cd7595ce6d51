"""Triggered abilities resolving (CR 603.3, 608): the ``resolve_triggers`` step.

The waiting abilities are put on the stack in the case's order (603.3b), then the stack resolves
top first (405.5, 608.1): after each, state-based actions are checked and the abilities that
triggered meanwhile go on the stack on top (117.5, 603.3), so they resolve next. An ability on the
stack exists independently of its source (113.7a): it resolves even if its source left the
battlefield, and what its effect does to an object that changed zones is nothing (400.7). Its
effect, controlled by the ability's controller (603.3a):

- ``put_counters`` on itself or on the event's permanent (122.1, through the engine's counter
  placement, so counters put trigger in turn);
- ``damage`` from its object (120; a source that left the battlefield as it last existed, 113.7a);
- ``gain_life`` for its controller (with life-gain replacement effects, life.py), ``lose_life``;
- ``modify_pt`` +N/+M until end of turn (613.4c), timestamped as it resolves (613.7b);
- ``become`` its object (layers 2-7b, abilities.py);
- ``remove_counters``, ``return_card`` and amounts equal to its object's power (trigger_events.py);
- ``draw``: its controller draws (121.1, drawing.py).

Abilities that keep causing each other's events with no way to stop make a loop of mandatory
actions, and the game is a draw (104.4b): not modelled. Past :data:`LOOP_BOUND` resolutions in a
row the engine refuses the case (Unsupported) rather than resolve forever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import abilities, counter_replacement, damage, drawing, life, log, trigger_events, triggers
from reference_engine.objects import PTEffect, Sublayer

if TYPE_CHECKING:
    from reference_engine.state import GameState
    from reference_engine.triggers import Pending


def resolve_all(game: GameState, step: s.ResolveTriggers) -> None:
    """The ``resolve_triggers`` step: stack the waiting abilities in its order, resolve the stack."""
    game.stack_triggers(step.order)
    resolve_stack(game)


LOOP_BOUND = 500
"""The most triggered abilities resolved in a row before the stack is taken for a loop of
mandatory actions (104.4b). No case this project ships comes near: the golden cases resolve at
most 2 in a row, the 20,000 scenarios of the corpus at most 4."""


def resolve_stack(game: GameState, down_to: int = 0) -> None:
    """Players pass priority until the stack is empty (117.4): the top resolves (608.1), then
    state-based actions and what triggered meanwhile go on the stack (117.5, 603.3), again.
    ``down_to``: stop when that many abilities are left (those below a spell being cast, 601.2i)."""
    stack = triggers.stack(game)
    resolved = 0
    while len(stack) > down_to:
        resolved += 1
        if resolved > LOOP_BOUND:
            raise Unsupported(f"triggered abilities still trigger each other after {LOOP_BOUND} resolutions: "
                              "a loop of mandatory actions, a drawn game (CR 104.4b), is not modelled")
        pending = stack.pop()
        with log.context(game, resolving=log.trigger_effect(pending.ability.effect)):
            resolve(game, pending)  # 608.1: the top object resolves
        game.check_state_based_actions()  # 117.5: state-based actions, then new triggers on the stack
        triggers.put_on_stack(game, None, resolving=True)


def _object(game: GameState, to: str, pending: Pending) -> Any:
    """The permanent an effect's ``to`` means, if it is still that object (400.7), else ``None``."""
    ref = pending.source_ref if to == "itself" else pending.that_ref
    if ref is None:
        return None
    obj = game.objects[ref[0]]
    return obj if obj.zone == "battlefield" and obj.ref == ref else None


def resolve(game: GameState, pending: Pending) -> None:
    """One triggered ability resolves (608.2): its effect happens."""
    effect, you = pending.ability.effect, pending.controller
    if trigger_events.resolve(game, pending):  # remove_counters, return_card (issue 41)
        return
    if effect.put_counters is not None:
        part = effect.put_counters
        obj = _object(game, part.to, pending)
        if obj is not None:  # an effect puts them: counter replacements apply (614.1a; an order the
            # case cannot script here is refused, counter_replacement.OrderMissing)
            counter_replacement.put(game, counter_replacement.CounterEvent(obj.id, part.kind,
                                    trigger_events.amount(game, part.count, pending), you), ())
    elif effect.damage is not None:
        part = effect.damage
        amount = trigger_events.amount(game, part.amount, pending)
        if part.target is not None:  # any target (115.4): still legal as it resolves (608.2b)?
            to = game.trigger_target_recipient(pending, part.target)
        elif part.to == "you":
            to = you
        elif part.to == "that" and pending.that_ref is None:
            to = pending.that  # a player
        else:
            obj = _object(game, part.to, pending)
            to = obj.id if obj is not None else None
        if to is not None and amount > 0:
            damage.deal(game, s.Damage(source=pending.source, amount=amount, to=to))
    elif effect.gain_life is not None:
        life.gain(game, you, trigger_events.amount(game, effect.gain_life.amount, pending))
    elif effect.draw is not None:  # 121.1: its controller draws (issue 40, drawing.py)
        drawing.draw(game, you, effect.draw.count)
    elif effect.lose_life is not None:
        part = effect.lose_life
        if part.player == "you":
            losing = [you]
        elif part.player == "that":
            losing = [pending.that] if pending.that in game.player_states else []
        else:
            losing = [p for p in game.players if p != you]
        for player in losing:
            life.lose(game, player, trigger_events.amount(game, part.amount, pending))
    elif effect.modify_pt is not None:
        part = effect.modify_pt
        obj = _object(game, part.to, pending)
        if obj is not None:  # 613.4c, 613.7b: a 7c effect until end of turn, timestamped now
            game.effects.append(PTEffect(Sublayer.MODIFY, frozenset({obj.ref}), game.tick(), "end_of_turn", None,
                                         trigger_events.amount(game, part.power, pending), trigger_events.amount(game, part.toughness, pending),
                                         kind="trigger"))
    elif effect.become is not None:
        obj = _object(game, "itself", pending)
        if obj is not None:
            change = s.Change(**{f: getattr(effect.become, f) for f in s.Change.__dataclass_fields__})
            abilities.create_change(game, [obj], change, controller=you, until=effect.become.until,
                                    effect_id=None, source=obj)
