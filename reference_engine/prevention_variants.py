"""Prevention and redirection variants (issue 41, item 2).

- 615.12 "damage [combat damage] that would be dealt by [sources] can't be prevented" as a static
         ability: the damage of a matching source, as it deals it (613.1), is damage that can't
         be prevented, whoever it goes to; a redirection keeps it so (614.9);
- 614.9, 614.1a a static redirection (Palisade Giant): damage that would be dealt to the players
         and other permanents its ability names is dealt to its permanent instead; it does nothing
         once that permanent is no longer a creature or planeswalker; the affected player orders
         it among the other effects (616.1), and effects on its permanent may then apply (616.2);
         damage it sends outside the range of the source's controller is not dealt (801.13a);
- "can't be redirected" (a damage step's ``cant_be_redirected``): the CR has no rule for it; we
         read it as any "can't" (101.2): no redirection effect applies to that damage. Whether a
         redirection of the next N damage is used up by it is not settled: refused (unsupported);
- 615.5  the additional effects beyond counters: "you gain that much life" (its controller, one
         life-gain event) and "[this] deals that much damage to [that source's controller]" (one
         damage event of its own, right after the prevention, which effects modify like any).
         Two or more damage-dealing additional effects at once (their order is not settled), or
         one met by another on its own damage (a loop), are refused.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from conformance.format.frozen import frozen
from reference_engine import life
from reference_engine.damage import can_be_dealt_damage, static_names
from reference_engine.damage_modifiers import recipient_matches
from reference_engine.range_of_influence import abilities_now, controller_of, source_matches, source_controller

if TYPE_CHECKING:
    from reference_engine.damage import DamageEvent
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


def unpreventable(game: GameState, event: DamageEvent) -> DamageEvent:
    """615.12: ``event`` as damage that can't be prevented if a ``damage_cant_be_prevented``
    ability on the battlefield covers its source now (combat damage only, if it says so)."""
    if event.unpreventable:
        return event
    source = game.objects[event.source]
    for obj in game.objects.values():
        if obj.zone != "battlefield":
            continue
        for ability in abilities_now(game, obj, s.DamageCantBePrevented):
            if ability.combat and not event.combat:
                continue
            if ability.by is None or source_matches(game, ability.by, source, you=controller_of(game, obj), source=obj):
                return dataclasses.replace(event, unpreventable=True)
    return event


@frozen
class StaticRedirect:
    """The redirection effect of a permanent's static ``redirect_damage`` ability (``ref``: the
    permanent's id, where the damage goes)."""

    ref: str
    source: GameObject = dataclasses.field(compare=False)
    index: int
    ability: s.StaticRedirection
    names: frozenset[str] = frozenset()

    @property
    def key(self) -> object:
        """614.5: this ability of this object."""
        return (s.StaticRedirection.KEY, self.source.ref, self.index)

    @property
    def instead_to(self) -> str:
        return self.ref

    def applies(self, game: GameState, event: DamageEvent) -> bool:
        """Damage to another recipient its ability names now ("you" being its controller now,
        613.1b), while its permanent can be dealt damage (614.9)."""
        if event.recipient == self.ref or not can_be_dealt_damage(game, self.ref):
            return False
        return recipient_matches(game, self.ability, event.recipient, you=controller_of(game, self.source),
                                 source=self.source)

    def apply(self, game: GameState, event: DamageEvent) -> list[DamageEvent]:
        """All of it is dealt to its permanent instead (614.9)."""
        return [event.with_amount(0), event.redirected(self.ref, event.amount)]


def static_redirections(game: GameState) -> list[StaticRedirect]:
    """The redirection effects of the static abilities permanents on the battlefield have now,
    after the layers (613.1f)."""
    return [
        StaticRedirect(obj.id, obj, index, ability, static_names(game, obj, s.StaticRedirection.KEY, index))
        for obj in game.objects.values() if obj.zone == "battlefield"
        for index, ability in enumerate(abilities_now(game, obj, s.StaticRedirection))
    ]


def may_redirect(effect: object, event: DamageEvent) -> bool:
    """Whether a redirection effect that covers ``event`` may redirect it: not damage that can't
    be redirected (101.2). A redirection of the next N damage meeting such damage is refused: the
    rules do not say whether it counts among "the next N"."""
    if not event.unredirectable:
        return True
    if getattr(effect, "remaining", None) is not None:
        raise Unsupported(f"damage that can't be redirected would be dealt to {event.recipient}, which a redirection "
                          f"of the next {effect.remaining} damage covers: the rules do not say whether it is used up")
    return False


def extra_recipient(game: GameState, then: s.PreventionExtra, event: DamageEvent) -> str | None:
    """Who a ``deal_damage`` additional effect deals damage to, fixed as the damage is prevented:
    "that source's controller" is the controller of the damage's source then (113.7a if it left)."""
    if then.deal_damage is None:
        return None
    if then.deal_damage == s.SOURCE_CONTROLLER:
        return source_controller(game, game.objects[event.source])
    return then.deal_damage


def refuse_loop(game: GameState, then: s.PreventionExtra) -> None:
    """A damage-dealing additional effect applied to the damage of another one: refused (a loop)."""
    if then.deal_damage is not None and game.extra_damage_dealing:
        raise Unsupported("a prevention effect that deals damage applied to damage an additional effect deals "
                          "(615.5): not judged (the effects may loop)")


def perform(game: GameState, extras: list) -> list:
    """615.5: perform the additional effects that gain life or deal damage, in the order the
    preventions applied; return those left (counters). Two or more that deal damage at once are
    refused (which happens first is not settled)."""
    dealing = [extra for extra in extras if extra.then.deal_damage is not None]
    if len(dealing) > 1:
        raise Unsupported(f"{len(dealing)} additional effects of prevention effects would deal damage at once "
                          f"(615.5): their order is not settled")
    left = []
    for extra in extras:
        if extra.then.gain_life:
            life.gain(game, extra.controller, extra.count)  # 119.3: one life-gain event
        elif extra.then.deal_damage is not None:
            deal(game, extra)
        else:
            left.append(extra)
    return left


def deal(game: GameState, extra) -> None:
    """The effect's object deals the damage (120.1), as the object it was (400.7): refused if it
    has since become a new object. Any order the effects on it need is not scriptable: refused."""
    if extra.on.ref != extra.ref:
        raise Unsupported(f"{extra.on.id} changed zones before its additional effect deals damage (615.5, 400.7): "
                          f"not judged")
    game.extra_damage_dealing = True
    try:
        game.deal_extra_damage(s.Damage(source=extra.on.id, amount=extra.count, to=extra.recipient))
    finally:
        game.extra_damage_dealing = False
