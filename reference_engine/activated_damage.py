"""An activated ability dealing damage to a target creature and putting counters on its own
object (issue 40, Olivia Voldaren's): the ``damage_target`` effect.

- 602.2b, 601.2c the target is chosen as the ability is activated: a creature on the battlefield
         (115.1), another than the ability's object with ``other``; a target not legal then can't
         be chosen, and the reference engine refuses the case (Unsupported) rather than guess
         what activating it would do; so it does a target with protection (702.16b, not modelled);
- 608.2  as the ability resolves (the ``activate`` step activates and resolves it at once): its
         object deals the damage (120; the source is the object that has the ability, a copy
         included: 707.11, 201.5), then the target becomes what ``target_becomes`` says, an
         effect with no duration (611.2a), then the counters are put on the ability's object,
         by its controller (122.1; counter replacement effects apply, 614.1a);
- 707.11 the ability of a copy refers to the copy, even if it stops being a copy meanwhile: the
         counters go on the object that activated it, never on the card it copies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import counter_replacement, damage, layers
from reference_engine.abilities import ability_now, create_change

if TYPE_CHECKING:
    from conformance.format.activated_damage import EffectDamageTarget
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


def activate(game: GameState, step: s.Activate) -> bool:
    """The ``activate`` step of a ``damage_target`` ability: it is activated and resolves (if its
    object has it now, 602.2); whether the step named such an ability."""
    obj = game.objects[step.object]
    found = ability_now(game, obj, s.Activated, step.ability)
    if found is None or found[0].effect.damage_target is None:
        return False
    resolve(game, obj, found[0].effect.damage_target, found[1], step.target)
    return True


def resolve(game: GameState, obj: GameObject, effect: EffectDamageTarget, controller: str, target: str | None) -> None:
    """``obj``'s ability with ``effect`` is activated targeting ``target`` and resolves."""
    victim = legal_target(game, obj, effect, target)
    damage.deal(game, s.Damage(source=obj.id, amount=effect.amount, to=victim.id))  # 120
    if effect.target_becomes is not None:  # 611.2a: for as long as it stays that object
        change = s.Change(add_subtypes=tuple(effect.target_becomes["add_subtypes"]))
        create_change(game, [victim], change, controller=controller, until="ended", effect_id=None, source=obj)
    if effect.put_counters is not None and obj.zone == "battlefield":  # 122.1: on the ability's own object
        counter_replacement.put(game, counter_replacement.CounterEvent(
            obj.id, effect.put_counters["kind"], effect.put_counters["count"], controller), ())


def legal_target(game: GameState, obj: GameObject, effect: EffectDamageTarget, target: str | None) -> GameObject:
    """The target creature, legal as the ability is activated (115.1, 602.2b), else Unsupported."""
    victim = game.objects.get(target) if target is not None else None
    if victim is None or victim.zone != "battlefield":
        raise Unsupported(f"{obj.id}'s ability targets {target!r}, not a creature on the battlefield: it can't be "
                          "activated with that target (CR 602.2b, 115.1), which the format does not model")
    values = layers.board(game).chars[victim.id].values
    if "creature" not in values.types or (effect.other and victim.id == obj.id):
        raise Unsupported(f"{obj.id}'s ability targets {victim.id}, not another creature: it can't be activated with "
                          "that target (CR 602.2b, 115.1), which the format does not model")
    if values.has_ability(s.Protection):
        raise Unsupported(f"{obj.id}'s ability targets {victim.id}, which has protection: whether it can be targeted "
                          "(CR 702.16b) is not modelled by the reference engine")
    return victim
