"""Triggered abilities on events (CR 603): seeing events happen, and the abilities waiting to be
put on the stack.

- 603.2   whenever an event matches a triggered ability's trigger event, it triggers; 603.2c once
          each time the event occurs: "one or more counters are put" once per event, "is dealt
          damage" once per damage event;
- 603.3   it is put on the stack the next time a player would receive priority (after state-based
          actions, 117.5; in a case, after each step); 603.3a its controller is its source's
          controller as it triggered; 603.3b several at once are put there in the order their
          controller chooses (a ``resolve_triggers`` step scripts it);
- 603.3d  (issue 41) an ability's target is chosen as it is put on the stack: "any target" (115.4)
          is a player or a creature, planeswalker or battle; one with no legal target is refused;
- 603.6a  an enters-the-battlefield ability triggers on the game as it is after the event;
- 603.6c, 603.10a a leaves-the-battlefield ability ("dies", 700.4) looks back in time: the
          abilities that exist, and how objects appear, immediately before the event, so a
          creature dying with others sees them all, and its own "when this dies" triggers;
- 119.9   gaining (or losing) 0 life is no event: nothing triggers.

The amount an ability remembers (``that_many``) is the event's as it happened, after replacement
effects modified it (614.6: the modified event is the one that happens). The format has no active
player, so triggered abilities of two or more controllers waiting at once (603.3b's APNAP order)
are refused, as is an order that does not list exactly the abilities waiting.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import layers, log, targets
from reference_engine.filters import matches, relation_holds

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


@dataclass
class Pending:
    """A triggered ability that triggered: its source (``source_ref``: the object as it was,
    400.7), the ability, its controller (603.3a), the event's object or player (``that``) and
    amount."""

    source: str
    source_ref: tuple[str, int]
    ability: Any  # s.Triggered
    controller: str
    that: str | None = None
    that_ref: tuple[str, int] | None = None
    amount: int = 0
    target_ref: tuple[str, int] | None = None  # its target permanent as it was put on the stack (603.3d)

    @property
    def name(self) -> str:
        """How a ``resolve_triggers`` order names it: ``OBJ.ABILITY``."""
        return f"{self.source}.{self.ability.name}"


def waiting(game: GameState) -> list[Pending]:
    """The abilities that triggered and wait to be put on the stack."""
    return game.__dict__.setdefault("_waiting", [])


def stack(game: GameState) -> list[Pending]:
    """The triggered abilities on the stack, the top last."""
    return game.__dict__.setdefault("_stack", [])


def listeners(game: GameState, kind: str) -> list[tuple[GameObject, Any, str, Any]]:
    """Each permanent's triggered abilities waiting for events of ``kind`` now (after layer 6:
    613.1f), with their controller and the permanent's characteristics."""
    board = layers.board(game)
    found = []
    for obj in game.objects.values():
        if obj.zone != "battlefield":
            continue
        chars = board.chars[obj.id]
        for ability in chars.values.has_ability(s.Triggered):
            if ability.event is not None and ability.event.kind == kind:
                found.append((obj, ability, chars.controller or obj.owner, chars))
    return found


def _trigger(game: GameState, source: GameObject, ability: Any, controller: str, *, that: str | None,
             that_ref: tuple[str, int] | None, amount: int = 0) -> Pending:
    return Pending(source.id, source.ref, ability, controller, that, that_ref, amount)


def _wait(game: GameState, found: list[Pending]) -> None:
    """Abilities that triggered (603.2) wait to be put on the stack (603.3)."""
    for pending in found:
        log.trigger(game, pending)
    waiting(game).extend(found)


def entered(game: GameState, obj: GameObject) -> None:
    """603.6a: ``obj`` has entered the battlefield; abilities of permanents now (itself included)
    whose filter matches it trigger."""
    chars = layers.board(game).chars[obj.id]
    for source, ability, you, _ in listeners(game, "enters"):
        if matches(ability.event.enters, obj, you=you, source=source, chars=chars):
            _wait(game, [_trigger(game, source, ability, you, that=obj.id, that_ref=obj.ref)])


def leaving(game: GameState, objs: list[GameObject]) -> None:
    """603.10a: ``objs`` are about to leave the battlefield in one event: the "dies" abilities that
    would trigger if they go to a graveyard, judged on the game immediately before (abilities,
    controllers, the leaving objects' appearance), kept until they have moved."""
    found = listeners(game, "dies")
    if not found:
        return
    board = layers.board(game)
    lookback = game.__dict__.setdefault("_dies_lookback", {})
    for obj in objs:
        chars = board.chars[obj.id]
        if "creature" not in chars.values.types:  # 700.4: a creature dies
            continue
        lookback[obj.id] = (obj.incarnation + 1, [
            _trigger(game, source, ability, you, that=obj.id, that_ref=obj.ref)
            for source, ability, you, _ in found
            if matches(ability.event.dies, obj, you=you, source=source, chars=chars)])


def moved(game: GameState, obj: GameObject, zone: str | None) -> None:
    """``obj`` has left the battlefield for ``zone``: to a graveyard, it died (700.4) and the
    abilities that looked back trigger."""
    lookback = game.__dict__.get("_dies_lookback")
    if not lookback or obj.id not in lookback:
        return
    incarnation, pending = lookback.pop(obj.id)
    if zone == "graveyard" and incarnation == obj.incarnation:
        _wait(game, pending)


def dealt_damage(game: GameState, obj: GameObject, amount: int) -> None:
    """``obj`` was dealt ``amount`` damage (one damage event, 603.2c)."""
    if amount <= 0:
        return
    chars = layers.board(game).chars[obj.id]
    for source, ability, you, _ in listeners(game, "dealt_damage"):
        if matches(ability.event.dealt_damage, obj, you=you, source=source, chars=chars):
            _wait(game, [_trigger(game, source, ability, you, that=obj.id, that_ref=obj.ref, amount=amount)])


SIMULTANEOUS_EVENT = "_simultaneous"
"""Where simultaneous.event keeps what one event of several damage actions caused."""


def life_changed(game: GameState, player: str, amount: int, *, gained: bool) -> None:
    """``player`` gained (or lost) ``amount`` life; 0 is no event (119.9). A player losing life
    twice in one event of several damage actions (several sources at once, 510.2) beside a "loses
    life" ability is refused: whether that is one life-loss event or one per source is not
    modelled (119.10 settles it for gains only)."""
    if amount <= 0:
        return
    batch = game.__dict__.get(SIMULTANEOUS_EVENT)
    if not gained and batch is not None and listeners(game, "loses_life"):
        if player in batch[2]:
            raise Unsupported(f"{player} lost life more than once in one event beside a \"loses life\" triggered "
                              "ability: one trigger or one per source is not modelled by the reference engine "
                              "(CR 603.2c, 119.10)")
        batch[2].add(player)
    for source, ability, you, _ in listeners(game, "gains_life" if gained else "loses_life"):
        relation = ability.event.gains_life if gained else ability.event.loses_life
        if relation == "each" or relation_holds(relation, player, you):
            _wait(game, [_trigger(game, source, ability, you, that=player, that_ref=None, amount=amount)])


def counters_put(game: GameState, obj: GameObject, kind: str, count: int) -> None:
    """``count`` counters of ``kind`` were put on ``obj`` in one event (603.2c: "one or more")."""
    if count <= 0 or obj.zone != "battlefield":
        return
    chars = layers.board(game).chars[obj.id]
    for source, ability, you, _ in listeners(game, "counters_put"):
        event = ability.event.counters_put
        if event.kind == kind and matches(event.on, obj, you=you, source=source, chars=chars):
            _wait(game, [_trigger(game, source, ability, you, that=obj.id, that_ref=obj.ref, amount=count)])


def cast(game: GameState, spell: GameObject, value: int) -> None:
    """601.2i: ``spell`` became cast; "whenever [a player] casts a [...] spell" abilities of
    permanents whose filter matches it on the stack trigger, remembering its mana value (202.3e:
    X counted). Casting: issue 41 (casting.py)."""
    chars = layers.board(game).chars[spell.id]
    for source, ability, you, _ in listeners(game, "cast"):
        if matches(ability.event.cast, spell, you=you, source=source, chars=chars):
            _wait(game, [_trigger(game, source, ability, you, that=spell.id, that_ref=spell.ref, amount=value)])


class TriggersNotAsScripted(RuntimeError):
    """The triggered abilities waiting are not those the case's ``resolve_triggers`` names (or
    several wait where the case orders none). The golden cases are worked so that the reference
    engine sees exactly what they name: an engine meeting this sees a trigger the case does not
    (or misses one), so the case errors for it rather than being skipped as unsupported."""


def put_on_stack(game: GameState, order: tuple[str, ...] | None, *, resolving: bool = False) -> None:
    """603.3, 603.3b: the waiting abilities are put on the stack, in ``order`` (the first named
    first; several of one name in the order they triggered). Without an order, at most one may be
    waiting: the case must script the choice (``resolving``: two or more triggered while the stack
    resolved, a choice the format cannot script: unsupported)."""
    pending = waiting(game)
    if not pending and not order:
        return
    names = [p.name for p in pending]
    controllers = {p.controller for p in pending}
    if len(controllers) > 1:
        raise Unsupported(f"triggered abilities of {len(controllers)} players wait to be put on the stack "
                          f"({', '.join(names)}): APNAP order (CR 603.3b) needs an active player, not modelled")
    if not order:  # none scripted: only one may be waiting
        if len(pending) > 1:
            error = Unsupported if resolving else TriggersNotAsScripted
            raise error(f"{len(pending)} triggered abilities wait to be put on the stack ({', '.join(names)}) "
                        + ("at once while the stack resolves: their order is a choice no step scripts (CR 603.3b)"
                           if resolving else "and the case does not order them: the next step must be "
                           "resolve_triggers with an order (CR 603.3b)"))
        order = tuple(names)
    if Counter(order) != Counter(names):
        raise TriggersNotAsScripted(f"resolve_triggers orders {list(order)}, but the triggered abilities waiting are "
                          f"{names}: the order must name each exactly once per time it triggered (CR 603.3b)")
    for name in order:
        chosen = next(p for p in pending if p.name == name)
        pending.remove(chosen)
        choose_target(game, chosen)
        stack(game).append(chosen)


def legal_target(game: GameState, pending: Pending, name: str) -> bool:
    """Whether ``name`` is a legal "any target" of ``pending`` now (115.4): a player, or a creature,
    planeswalker or battle on the battlefield, in its controller's range (801.4), that nothing stops
    the ability from targeting: shroud, hexproof, protection from its source, a "can't be the
    target of" ability (issue 40: targets.py)."""
    return targets.illegal(game, name, source=game.objects[pending.source], controller=pending.controller) is None


def choose_target(game: GameState, pending: Pending) -> None:
    """603.3d: an ability with a target gets it as it is put on the stack (the case names it: the
    ``damage`` effect's ``target``). One with no legal target would be removed from the stack:
    not modelled, refused."""
    part = pending.ability.effect.damage
    if part is None or part.target is None:
        return
    why = targets.illegal(game, part.target, source=game.objects[pending.source], controller=pending.controller)
    if why is not None:  # issue 40: what makes it illegal (targets.py)
        raise Unsupported(f"{pending.name} is put on the stack, but {part.target} is not a legal target ({why}): "
                          "its controller would choose another, or it would be removed from the stack (603.3d), "
                          "which the case does not say; not modelled by the reference engine")
    if part.target in game.objects:
        pending.target_ref = game.objects[part.target].ref


def stack_before(game: GameState, next_step: s.Step | None) -> None:
    """After a step and its state-based actions, a player would receive priority (117.5): the
    waiting abilities go on the stack, unless the next step orders them itself."""
    if waiting(game) and not isinstance(next_step, s.ResolveTriggers):
        put_on_stack(game, None)
