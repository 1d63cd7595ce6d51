"""A player leaving a multiplayer game, and a new turn beginning (issue 40).

- 104.3a  a player who concedes leaves the game at once and loses it;
- 800.4   a multiplayer game goes on after a player leaves it: the players still in the game are
          the "each player" and the opponents of what happens next;
- 800.4a  as a player leaves: every object they own leaves the game (here: it is reported with the
          zone ``None``, as a token that ceased to exist); then the effects that gave them control
          of objects end (each whole effect, its other parts too); then what they still control is
          exiled. Not a state-based action: all of it happens as they leave. (Their abilities on
          the stack would cease to exist: the format keeps none there between steps.)
- 801.2c  the players within each player's range of influence are determined as each turn
          begins: the seats ranges are measured in stay as they were when the turn began, the
          departed player's included, until a ``begin_turn`` step (801.2c's example: Carissa
          enters Alex's range only as the next turn begins).

Refused (Unsupported, never guessed), as the rest of 800.4 is not in the suite's rules: a player
leaving while a continuous effect of a resolved spell or ability (other than a control-changing
one) still affects an object that stays in the game, or while a prevention or redirection effect
they control lasts (whose effects they are, and whether they continue, 800.4); while triggered
abilities wait or a permanent has a triggered ability (what a departure triggers, 800.4d); while a
permanent has a static ability that changes control (which effects "give" control, 800.4a); a
permanent the player controls and does not own as the case declares it (whether an effect gives
them control, 800.4a, is not said: a spell on the stack is the caster's, 601.2a, and is exiled); and
any later step that names the departed player or an object that left the game with them (800.4b
and later).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import layers, players, triggers
from reference_engine.becomes import ChangeEffect
from reference_engine.copy import CopyEffect
from reference_engine.objects import GameObject, PTEffect, no_counters
from reference_engine.range_of_influence import abilities_now, controller_of

if TYPE_CHECKING:
    from reference_engine.state import GameState


def leave(game: GameState, player: str) -> None:
    """``player`` concedes (104.3a) and leaves the game; 800.4a in its order."""
    owned = [o for o in game.objects.values() if o.owner == player and o.zone is not None]
    ending = [e for e in game.effects if isinstance(e, ChangeEffect) and e.change.gain_control and e.controller == player]
    _refuse_unmodelled(game, player, owned, ending)
    game.player_states[player].lost = True  # 104.3a: a player who concedes loses the game
    game.player_states[player].mana.clear()  # no mana pool of theirs is in the game any more
    game.departed = game.departed | {player}
    game.players = tuple(p for p in game.players if p != player)  # 800.4: the game goes on without them
    # 800.4a: first, every object they own leaves the game
    game.remember_last_known([o for o in owned if o.zone == "battlefield"])
    for obj in owned:
        _leave_the_game(obj)
    # then the effects that gave them control of objects end, each whole (its P/T part too, 613.6)
    parts = {(e.id, e.timestamp) for e in ending}
    game.effects = [e for e in game.effects
                    if not (isinstance(e, (ChangeEffect, PTEffect)) and (e.id, e.timestamp) in parts)]
    layers.invalidate(game)
    # then what they still control is exiled
    still = [o for o in game.objects.values()
             if o.zone in ("battlefield", "stack") and controller_of(game, o) == player]
    for obj in still:
        if obj.zone == "battlefield":  # declared so: by a control effect (it would end) or put there by them?
            raise Unsupported(f"{player} leaves the game controlling {obj.id}, owned by {obj.owner}, from before the "
                              "case began: whether an effect gave them control (it would end) or not (it would be "
                              "exiled) is not said (CR 800.4a)")
    for obj in still:
        game.move(obj, "exile")
    layers.invalidate(game)


def _leave_the_game(obj: GameObject) -> None:
    """``obj`` leaves the game with its owner (800.4a): it is no longer in any zone."""
    obj.zone = None
    obj.incarnation += 1  # 400.7: nothing that referred to it finds it
    obj.counters = no_counters()
    obj.controller = None


def begin_turn(game: GameState) -> None:
    """The next turn begins: ranges are determined again from the players still in the game
    (801.2c); the step before ended, so mana pools are empty (500.4)."""
    game.seats = game.players
    players.empty_mana_pools(game)


def refuse_naming_departed(game: GameState, step: s.Step) -> None:
    """A step after a departure that names the departed player, or an object that left the game
    with them, is refused: what it would do is the rest of 800.4 (800.4b and later)."""
    if not game.departed:
        return
    gone = set(game.departed) | {o.id for o in game.objects.values() if o.owner in game.departed}
    named = gone.intersection(_names(step))
    if named:
        raise Unsupported(f"a {step.KEY} step names {', '.join(sorted(named))}, no longer in the game: what a step "
                          "does to a player who left the game, or to their objects, is not modelled (CR 800.4)")


def _names(value: Any) -> Iterator[str]:
    """Every string in a step's fields, nested ones included."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _names(getattr(value, f.name))
    elif isinstance(value, dict) or hasattr(value, "items"):
        for key, inner in value.items():
            yield from _names(key)
            yield from _names(inner)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for inner in value:
            yield from _names(inner)


def _refuse_unmodelled(game: GameState, player: str, owned: list[GameObject], ending: list[ChangeEffect]) -> None:
    """Unsupported where 800.4's other rules, not in the suite, would decide (module docstring)."""
    if triggers.waiting(game):
        raise Unsupported(f"{player} leaves the game while triggered abilities wait to be put on the stack "
                          "(CR 800.4a, 800.4d): not modelled")
    for obj in game.objects.values():
        if obj.zone != "battlefield":
            continue
        if abilities_now(game, obj, s.Triggered):
            raise Unsupported(f"{player} leaves the game while {obj.id} has a triggered ability: what a departure "
                              "triggers is not modelled (CR 800.4a, 800.4d)")
        if any(a.becomes.gain_control for a in abilities_now(game, obj, s.Static)):
            raise Unsupported(f"{player} leaves the game while {obj.id} has a static ability that changes control "
                              "(CR 800.4a): not modelled")
    if any(getattr(e, "controller", None) == player for e in game.damage_effects):
        raise Unsupported(f"{player} leaves the game while a prevention or redirection effect they control lasts "
                          "(CR 800.4): not modelled")
    leaving = {o.ref for o in owned}
    ending_parts = {(e.id, e.timestamp) for e in ending}
    for effect in game.effects:
        if isinstance(effect, ChangeEffect):
            if effect.controller == player and not effect.change.gain_control:
                raise Unsupported(f"{player} leaves the game while a continuous effect they control that changes "
                                  "no control lasts (CR 800.4): not modelled")
            continue
        if isinstance(effect, PTEffect) and (effect.kind == "static" or (effect.id, effect.timestamp) in ending_parts):
            continue
        if isinstance(effect, (PTEffect, CopyEffect)) and _affects_one_staying(game, effect, leaving):
            raise Unsupported(f"{player} leaves the game while a continuous effect of a resolved spell or ability "
                              "affects an object that stays in the game: whose it is, and whether it continues, is "
                              "not modelled (CR 800.4)")


def _affects_one_staying(game: GameState, effect: Any, leaving: set[tuple[str, int]]) -> bool:
    """Whether ``effect`` affects an object as it is now that does not leave the game with its owner."""
    return any(ref not in leaving and ref[0] in game.objects and game.objects[ref[0]].ref == ref
               for ref in effect.affected)
