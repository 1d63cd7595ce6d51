"""An activated ability dealing damage to targets (issue 40): Cuombajj Witches' "deals 1 damage to
any target and 1 damage to any target of an opponent's choice" (a ``damage_targets`` effect; CR
115.4, 601.2c, 602.2b, 608.2b, 801.5a). Which targets are legal: :mod:`reference_engine.targets`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import damage, layers, simultaneous
from reference_engine.targets import illegal, still_legal

if TYPE_CHECKING:
    from reference_engine.state import GameState


def activate(game: GameState, step: s.Activate) -> bool:
    """602.2b, 608.2b: ``step`` activates an ability with a ``damage_targets`` effect (``False``:
    it names another kind of ability, or none its object has now). Each target is chosen as it is
    activated (601.2c), the parts ``chosen_by: opponent`` by the step's ``chooser`` (801.5a); one
    illegal makes the activation illegal, undone: nothing happens (601.2e). As it resolves, its
    object deals each part's damage to that part's target still legal, all at once; none legal:
    nothing (608.2b)."""
    obj = game.objects[step.object]
    if obj.zone != "battlefield":
        return False
    chars = layers.board(game).chars[obj.id]
    ability = next((a for a in chars.values.has_ability(s.Activated) if a.name == step.ability), None)
    if ability is None or ability.effect.damage_targets is None:
        return False
    parts, names = ability.effect.damage_targets.parts, step.targets or ()
    controller = chars.controller or obj.owner
    if len(parts) != len(names):  # the loader checks the printed ability; a copy may have another (707.2)
        raise Unsupported(f"{obj.id}'s {step.ability} has {len(parts)} targets as it is activated and the step names "
                          f"{len(names)} (CR 601.2c)")
    if any(p.chosen_by for p in parts) and step.chooser in (None, controller):
        raise Unsupported(f"{obj.id}'s {step.ability} has a target of an opponent's choice, and the step's chooser "
                          f"{step.chooser} is not an opponent of its controller {controller} (CR 801.5a)")
    chosen = [dict(source=obj, controller=controller, chooser=step.chooser if p.chosen_by else None) for p in parts]
    if any(illegal(game, name, **how) is not None for name, how in zip(names, chosen)):
        return True  # 601.2c, 601.2e: an illegal target: the activation is undone
    refs = [game.objects[name].ref if name in game.objects else name for name in names]
    layers.invalidate(game)  # 608.2b: the targets as it resolves
    legal = [(part, name) for part, name, ref, how in zip(parts, names, refs, chosen)
             if still_legal(game, name, ref, **how)]
    with simultaneous.event(game):  # one resolution: its damage dealt at once (603.2c)
        for part, name in legal:
            damage.deal(game, s.Damage(source=obj.id, amount=part.amount, to=name))
    return True
