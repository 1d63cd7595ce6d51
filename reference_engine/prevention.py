"""Prevention effects (CR 615), as the limited range of influence option bounds them (801.13b).

- 615.1  a prevention effect watches for damage that would be dealt and prevents some or all of it;
- 615.7  "prevent the next N damage" is a shield: each 1 damage prevented reduces it by 1, across
         events, and once it is 0 the rest of the damage is dealt normally;
- 615.10 a static "prevent N of that damage" prevents N in each applicable event, anew each time;
- 615.11 "the next N damage to each of these creatures": a shield for each creature the effect
         covers as it resolves; creatures that match later get none;
- 615.5  an additional effect ("put a -1/-1 counter on it for each 1 damage prevented this way")
         happens immediately after the prevention (after the damage event, combat damage
         included), and only where the prevention applied; the counters it puts are put by the
         prevention effect, its controller putting them, so counter replacement effects modify
         them (614.16: "if an effect would put" ones too), in the order the step scripts under
         the permanent (616.1);
- 615.5  (issue 41) the additional effect of a resolving prevention step (``then``, through its
         ``source`` object), "you gain that much life" and "deals that much damage" ones
         (prevention_variants.py);
- 615.1  (issue 41) a static prevention of damage "that would be dealt to you" (``to_player``);
- 615.12 damage that can't be prevented: applicable prevention effects still apply, once each
         (615.12a), prevent nothing, use up no shield, and their additional effects happen;
- 801.13b an effect that prevents damage by sources reaches only sources inside its controller's
         range; one that prevents damage to recipients reaches only recipients inside it; one that
         names neither prevents only damage whose source and recipient are both inside it.

"All damage" effects (no amount) are never used up: they last for their duration.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from conformance.format import model as s
from conformance.format.frozen import frozen
from reference_engine import counter_replacement, layers, prevention_variants, trigger_events
from reference_engine.damage_modifiers import recipient_matches
from reference_engine.damage import static_names
from reference_engine.range_of_influence import (
    abilities_now,
    controller_of,
    in_range,
    matches_now,
    player_in_range,
    source_controller,
    source_matches,
)

if TYPE_CHECKING:
    from reference_engine.damage import DamageEvent
    from reference_engine.state import GameState
    from reference_engine.objects import GameObject


@dataclass(eq=False)
class PreventionShield:
    """A prevention effect from a resolving spell or ability (``ref``: its step's id).

    It covers damage to ``to`` (a player, or an object as it was when the effect was created:
    ``to_ref``), by sources ``by`` matches, combat damage only if ``combat``; ``remaining`` is
    what the shield still prevents (``None``: all damage, never used up)."""

    ref: str | None
    controller: str
    until: str
    to: str | None = None
    to_ref: tuple[str, int] | None = None
    by: s.Filter | None = None
    remaining: int | None = None
    combat: bool = False
    then: s.PreventionExtra | None = None  # 615.5
    source: GameObject | None = None  # the spell or ability's object, which ``then`` acts through

    @property
    def key(self) -> object:
        return self

    @property
    def names(self) -> frozenset[str]:
        """How a case's order names it (616.1): its step's id."""
        return frozenset() if self.ref is None else frozenset({self.ref})

    def names_recipient(self) -> bool:
        return self.to is not None

    def names_source(self) -> bool:
        return self.by is not None

    def covers(self, game: GameState, event: DamageEvent) -> bool:
        if self.remaining == 0:
            return False  # 615.7: used up
        if self.to is not None and (event.recipient != self.to or (
                self.to_ref is not None and game.objects[self.to].ref != self.to_ref)):
            return False
        # 615.9: the source's properties are checked as the damage would be dealt, on its current
        # characteristics (613.1)
        return self.by is None or source_matches(game, self.by, game.objects[event.source], you=self.controller)

    def prevented(self, amount: int) -> int:
        """615.7: as much as the shield has left (all: all of it)."""
        return amount if self.remaining is None else min(self.remaining, amount)

    def use(self, prevented: int) -> None:
        """615.7: each 1 damage prevented reduces the shield by 1."""
        if self.remaining is not None:
            self.remaining -= prevented


@frozen
class StaticPrevention:
    """The prevention effect of a permanent's static ability (``ref``: the permanent's id): it
    prevents ``amount`` (``None``: all) of each applicable damage event (615.10)."""

    ref: str
    source: GameObject = dataclasses.field(compare=False)
    index: int
    ability: s.PreventDamageAbility
    controller: str  # the controller of the permanent now (613.1b): "you" in its ability
    names: frozenset[str] = frozenset()  # how a case's order may name it (damage.static_names)

    @property
    def key(self) -> object:
        """Its identity for 614.5: this ability of this object, distinct from the object's other
        static damage abilities (a damage doubler on the same permanent included)."""
        return (s.PreventDamageAbility.KEY, self.source.ref, self.index)

    def names_recipient(self) -> bool:
        return self.ability.to is not None or self.ability.to_player is not None

    def names_source(self) -> bool:
        return self.ability.by is not None

    def covers(self, game: GameState, event: DamageEvent) -> bool:
        """Whether the source and the recipient match the ability's filters now, on their current
        characteristics (613.1): a copy of a Cleric is a Cleric (707.2), a creature that stopped
        being one is not a creature."""
        you = self.controller
        if self.ability.by is not None and not source_matches(game, self.ability.by, game.objects[event.source],
                                                              you=you, source=self.source):
            return False
        # 615.1: "to you" (``to_player``), to the permanents ``to`` matches: with either, only those
        return recipient_matches(game, self.ability, event.recipient, you=you, source=self.source)

    @property
    def combat(self) -> bool:
        return self.ability.combat

    @property
    def then(self) -> s.PreventionExtra | None:
        return self.ability.then

    def prevented(self, amount: int) -> int:
        """615.10: the indicated amount of this event (or all of it); half of it, rounded as the
        ability says; all of it but N."""
        ability = self.ability
        if ability.half is not None:
            return (amount + 1) // 2 if ability.half == "up" else amount // 2
        if ability.all_but is not None:
            return max(amount - ability.all_but, 0)
        return amount if ability.amount is None else min(ability.amount, amount)

    def use(self, prevented: int) -> None:
        """A static prevention effect is not used up (615.10)."""


Prevention = PreventionShield | StaticPrevention  # and protection.ProtectionPrevention (702.16e)


@frozen
class Extra:
    """An additional effect of a prevention effect waiting to happen (615.5): ``count`` counters of
    ``then``'s kind put on or removed from ``on`` by ``controller``, the prevention effect's."""

    on: GameObject | None
    ref: tuple[str, int] | None  # the object as it was (400.7)
    then: s.PreventionExtra
    count: int
    controller: str
    recipient: str | None = None  # whom a ``deal_damage`` effect deals damage to (prevention_variants)


def prevent(game: GameState, effect: Prevention, event: DamageEvent) -> DamageEvent:
    """Apply ``effect`` to ``event`` (615.1): the damage left. Damage that can't be prevented is
    not reduced, and no shield is used up by it, but the effect has still been applied and its
    additional effect happens (615.12); the additional effect waits until the prevention is over
    (615.5: immediately afterward, :func:`additional_effects`)."""
    wanted = game.prevented_amount(effect, event.amount)
    prevented = 0 if event.unpreventable else wanted  # 615.12
    effect.use(prevented)
    then = effect.then
    if then is not None:
        count = game.extra_count(then, prevented=prevented, amount=event.amount)
        if count > 0:
            prevention_variants.refuse_loop(game, then)
            on = effect.source
            game.prevention_extras.append(Extra(on, None if on is None else on.ref, then, count, effect.controller,
                                                prevention_variants.extra_recipient(game, then, event)))
    return event.with_amount(event.amount - prevented)


def additional_effects(game: GameState, order: Mapping[str, tuple[str, ...]]) -> None:
    """615.5: the rest of each prevention effect that applied, after the prevention: counters put
    on, or removed from (as many as it has at most, 122.1), the ability's object, if it is still
    the same object on the battlefield (400.7). The counters are put by the prevention effect, so
    counter replacement effects modify them (614.16), in the order ``order`` gives under that
    object (616.1); abilities waiting for counters being put trigger (603.2)."""
    extras, game.prevention_extras = game.prevention_extras, []
    for extra in prevention_variants.perform(game, extras):  # life and damage first (issue 41)
        obj = extra.on
        if obj is None or obj.zone != "battlefield" or obj.ref != extra.ref:
            continue
        if extra.then.put_counters is not None:  # 613.7c: with a timestamp (counter_replacement.put)
            event = counter_replacement.CounterEvent(obj.id, extra.then.put_counters, extra.count, extra.controller)
            counter_replacement.put(game, event, order.get(obj.id, ()))
        else:
            trigger_events.remove_counters(game, obj, extra.then.remove_counters, extra.count)  # 122.1, 603.2c
        layers.invalidate(game)


def create(game: GameState, step: s.PreventDamage) -> None:
    """The effect of a resolving spell or ability: one shield, or one for each object ``to_each``
    matches as it resolves, on its characteristics at that time (615.11, 613.1)."""
    common = dict(ref=step.id, controller=step.controller, until=step.until, by=step.by,
                  remaining=step.amount, combat=step.combat, then=step.then,
                  source=None if step.source is None else game.objects[step.source])
    if step.to_each is not None:
        for obj in game.objects.values():
            if matches_now(game, step.to_each, obj, you=step.controller):
                game.damage_effects.append(PreventionShield(to=obj.id, to_ref=obj.ref, **common))
        return
    to_ref = game.objects[step.to].ref if step.to in game.objects else None
    game.damage_effects.append(PreventionShield(to=step.to, to_ref=to_ref, **common))


def statics(game: GameState) -> list[StaticPrevention]:
    """Prevention effects of the static abilities permanents on the battlefield have now, after the
    layers (613.1f: a copy has its original's, 707.2a) (615.10)."""
    return [
        StaticPrevention(obj.id, obj, index, ability, controller_of(game, obj),
                         static_names(game, obj, s.PreventDamageAbility.KEY, index))
        for obj in game.objects.values() if obj.zone == "battlefield"
        for index, ability in enumerate(abilities_now(game, obj, s.PreventDamageAbility))
    ]


def applies(game: GameState, effect: Prevention, event: DamageEvent) -> bool:
    """Whether ``effect`` would prevent some of ``event``: it covers the event, and the damage is
    of the kind it watches for (combat, 615.1), within its controller's range (801.13b)."""
    if effect.combat and not event.combat:
        return False
    if not effect.covers(game, event):
        return False
    return game.prevention_reaches(effect, event)  # 801.13b: within_reach, a hook of the game


def within_reach(game: GameState, effect: Prevention, event: DamageEvent) -> bool:
    """801.13b: sources named → the source must be in range; recipients named → the recipient must
    be; neither named → both must be."""
    source_in = player_in_range(game, effect.controller, source_controller(game, game.objects[event.source]))
    recipient_in = in_range(game, effect.controller, event.recipient)
    if effect.names_source() or effect.names_recipient():
        return (source_in or not effect.names_source()) and (recipient_in or not effect.names_recipient())
    return source_in and recipient_in
