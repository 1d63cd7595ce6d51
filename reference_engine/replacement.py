"""Replacement effects on damage, and how several replacement and prevention effects apply to one
event (CR 614, 616.1), with the limited range of influence option (801.13a).

- 614.1a an effect that says "instead" replaces an event with a modified one;
- 614.5  a replacement effect gets one opportunity to affect an event, or any modified event that
         replaced it: it never applies to it twice (two damage doublers turn 2 into 8, not 16);
         each static ability of a permanent generates its own effect, so one permanent that
         doubles damage and prevents 1 of it applies both, each once (``key``);
- 614.7a a source that would deal 0 damage deals none, so nothing is left to replace;
- 614.9  a redirection effect moves damage dealt to one recipient to another; if the new recipient
         is a permanent no longer on the battlefield, or no longer a creature, it does nothing;
- 616.1  when several replacement and/or prevention effects would modify how an event affects a
         player or an object, that player (or the object's controller) chooses one to apply, then
         chooses again among those still applicable (616.1e-f), an effect becoming applicable
         to the modified event included (616.2); a case scripts those choices in ``order``;
- 614.9  (issue 41) a static redirection, and damage that can't be redirected: prevention_variants.py;
- 701.10g doubling damage a source would deal is a replacement effect: it deals twice that much;
- 801.13a a replacement effect that would make a spell or ability affect a player or object
         outside its controller's range does nothing for that portion of the event.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from conformance.format import model as s
from conformance.format.frozen import frozen
from reference_engine import damage_modifiers, log, prevention, prevention_variants, protection
from reference_engine.damage import can_be_dealt_damage, static_names
from reference_engine.range_of_influence import (
    abilities_now,
    controller_of,
    source_matches,
)

if TYPE_CHECKING:
    from reference_engine.damage import DamageEvent
    from reference_engine.state import GameState
    from reference_engine.objects import GameObject


class ChoiceMissing(ValueError):
    """Several effects apply to an event and the case scripts no order among them (616.1)."""


@frozen
class DamageDoubling:
    """The replacement effect of a permanent's static ``double_damage`` ability (``ref``: the
    permanent's id): damage a matching source would deal is doubled (701.10g)."""

    ref: str
    source: GameObject = dataclasses.field(compare=False)
    index: int
    ability: s.DoubleDamage
    names: frozenset[str] = frozenset()  # how a case's order may name it (static_names)

    @property
    def key(self) -> object:
        """Its identity for 614.5: this ability of this object (the object's other static damage
        abilities, of either kind, are other effects)."""
        return (s.DoubleDamage.KEY, self.source.ref, self.index)

    def applies(self, game: GameState, event: DamageEvent) -> bool:
        """Whether the source matches ``by`` now, on its current characteristics (613.1), "you"
        being the doubler's controller now (613.1b)."""
        return self.ability.by is None or source_matches(game, self.ability.by, game.objects[event.source],
                                                         you=controller_of(game, self.source), source=self.source)

    def apply(self, game: GameState, event: DamageEvent) -> list[DamageEvent]:
        return [event.with_amount(2 * event.amount)]  # 701.10g


@dataclass(eq=False)
class Redirection:
    """A redirection effect from a resolving spell or ability (``ref``: its step's id): the next
    ``remaining`` damage (``None``: all) that would be dealt to ``to`` is dealt to ``instead_to``
    instead (614.9). Object recipients are bound to the objects as they were (400.7)."""

    ref: str | None
    controller: str
    until: str
    to: str
    instead_to: str
    to_ref: tuple[str, int] | None = None
    instead_ref: tuple[str, int] | None = None
    remaining: int | None = None

    @property
    def key(self) -> object:
        return self

    @property
    def names(self) -> frozenset[str]:
        return frozenset() if self.ref is None else frozenset({self.ref})

    def applies(self, game: GameState, event: DamageEvent) -> bool:
        if self.remaining == 0 or event.recipient != self.to:
            return False
        if self.to_ref is not None and game.objects[self.to].ref != self.to_ref:
            return False
        if self.instead_ref is not None and game.objects[self.instead_to].ref != self.instead_ref:
            return False  # 614.9: the new recipient left the battlefield
        return can_be_dealt_damage(game, self.instead_to)  # 614.9: ... or is no longer a creature

    def apply(self, game: GameState, event: DamageEvent) -> list[DamageEvent]:
        """The part kept by the original recipient, then the part redirected."""
        moved = event.amount if self.remaining is None else min(self.remaining, event.amount)
        if self.remaining is not None:
            self.remaining -= moved
        return [event.with_amount(event.amount - moved), event.redirected(self.instead_to, moved)]


REDIRECTIONS = (Redirection, prevention_variants.StaticRedirect)
"""Redirection effects (614.9): a resolved spell's or ability's, a static ability's (Palisade Giant)."""


def create_redirection(game: GameState, step: s.RedirectDamage) -> None:
    def ref(name: str) -> tuple[str, int] | None:
        return game.objects[name].ref if name in game.objects else None

    game.damage_effects.append(Redirection(step.id, step.controller, step.until, step.to, step.instead_to,
                                           ref(step.to), ref(step.instead_to), step.amount))


def doublings(game: GameState) -> list[DamageDoubling]:
    """Replacement effects of the static abilities permanents on the battlefield have now, after
    the layers (613.1f: a copy has its original's, 707.2a; an ability lost is gone) (701.10g)."""
    return [
        DamageDoubling(obj.id, obj, index, ability, static_names(game, obj, s.DoubleDamage.KEY, index))
        for obj in game.objects.values() if obj.zone == "battlefield"
        for index, ability in enumerate(abilities_now(game, obj, s.DoubleDamage))
    ]


def applicable(game: GameState, event: DamageEvent) -> list:
    """Every replacement and prevention effect that would modify ``event`` now: damage doublers
    and modifiers (701.10g, 614.1a), redirections (614.9), prevention effects (615), protection
    (702.16e)."""
    found: list = [d for d in [*doublings(game), *damage_modifiers.modifiers(game)] if d.applies(game, event)]
    for effect in [*game.damage_effects, *prevention_variants.static_redirections(game), *prevention.statics(game),
                   *protection.statics(game)]:
        if isinstance(effect, REDIRECTIONS):
            if game.redirects(effect, event):  # 614.9, and damage that can't be redirected
                found.append(effect)
        elif prevention.applies(game, effect, event):
            found.append(effect)
    return found


def choose(candidates: list, listed: tuple[str, ...], event: DamageEvent) -> object:
    """616.1: the affected player's choice, as scripted: the first effect in their order that
    applies now; with one effect applicable there is nothing to choose."""
    for ref in listed:
        for effect in candidates:
            if ref in effect.names:
                return effect
    if len(candidates) == 1:
        return candidates[0]
    refs = ", ".join(min(c.names, key=len, default=str(c.ref)) for c in candidates)
    raise ChoiceMissing(f"{len(candidates)} effects ({refs}) would modify the damage {event.source} deals to "
                        f"{event.recipient}, and the case scripts no order among them (CR 616.1)")


def modify(game: GameState, event: DamageEvent, order: Mapping[str, tuple[str, ...]],
           history: tuple[object, ...] = (), applied: tuple[object, ...] = ()) -> list[DamageEvent]:
    """The damage events that happen instead of ``event`` once every applicable replacement and
    prevention effect has applied, each at most once (614.5), in the affected player's order
    (616.1). ``history`` holds the effects that already applied to this event or the events it
    replaced (by their keys; ``applied``: the effects themselves, for the game's log)."""
    while event.amount > 0:  # 614.7a: 0 damage is no event (nor is damage all prevented, 615.6)
        candidates = [e for e in applicable(game, event) if game.may_apply_again(e, history)]
        if not candidates:
            log.damage(game, event, applied)
            return [event]
        chosen = choose(candidates, order.get(event.recipient, ()), event)
        history, applied = history + (chosen.key,), applied + (chosen,)
        if isinstance(chosen, REDIRECTIONS):
            kept, moved = chosen.apply(game, event)
            events = modify(game, kept, order, history, applied)
            if moved.amount > 0 and game.redirection_reaches(moved):  # 801.13a
                events += modify(game, moved, order, history, applied)
            return events
        if isinstance(chosen, (DamageDoubling, damage_modifiers.DamageModifier)):
            (event,) = chosen.apply(game, event)
        else:
            before, event = event, prevention.prevent(game, chosen, event)  # 615, 615.12
            earlier = [a for a in applied[:-1] if not isinstance(a, (*REDIRECTIONS, DamageDoubling, damage_modifiers.DamageModifier))]
            game.damage_was_prevented(before, before.amount - event.amount, again=bool(earlier))  # 615.5 (issue 41)
            if event.amount <= 0:  # all of it prevented: none is dealt (615.6)
                log.damage(game, event, applied)
    return []
