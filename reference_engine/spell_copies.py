"""Copies of spells on the stack (CR 707.10), modal spells (700.2) and additional costs (601.2h):
a ``cast`` step's ``copies``, ``mode`` and ``sacrifice`` (issue 40).

- 601.2b, 601.2h an additional cost "sacrifice a [type]": the caster sacrifices a permanent of that
         type they control as the costs are paid (a cast that can't pay it is illegal, and undone:
         nothing happens, 601.2); an effect reading "the sacrificed creature's power" reads its
         power as it last existed on the battlefield (608.2h, 113.7a), 0 if negative (107.1b);
- 601.2h the mana spent to cast a spell is remembered for effects that read it (Dawnglow
         Infusion: N life for each listed colour spent);
- 700.2  a modal spell does what the mode chosen as it was cast says; an opponent may make that
         choice (801.5b: under the limited range of influence option, whatever the mode refers to);
- 707.10 after the spell's cast triggers resolve, each copying effect (a Fork, a Frontline Heroism
         trigger) resolves in turn: it puts a copy on the stack above the spell, under its
         controller's control (the copy's owner too), with the spell's characteristics (but for
         the colours the copy effect gives), its mode, X, the objects paid for its costs, and its
         target, or a new one (707.10c). The copy is not cast: nothing triggers on it being cast.
         No mana was spent to cast it (707.10's Dawnglow Infusion example). It resolves (608.1),
         then ceases to exist (707.10a); what triggered meanwhile resolves before the spell;
- 707.10e a copying effect that creates tokens first (the case names them; token replacement
         effects apply, 614.1a) aims the copy at the one of them the case names.

Refused (Unsupported): a copy of a spell no longer on the stack (the effect copying it had lost its
target; not scripted), a copy aimed at a token the effect did not create, an order-dependent pair of
token replacement effects on the copying effect's tokens (616.1: it has no order to script).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.errors import Unsupported
from conformance.format import model as s
from conformance.format.values import thaw
from reference_engine import casting, counter_replacement, layers, trigger_resolution, triggers
from reference_engine.objects import GameObject, no_counters


def reserve_tokens(game: Any) -> None:
    """The ids of the tokens copying effects may create (707.10e) name no object until they are
    created (observed as ``zone: null``)."""
    for step in game.case.steps:
        for copy in step.spell_copies if isinstance(step, s.Cast) else ():
            for name in copy.create_token.tokens if copy.create_token is not None else ():
                game.objects.setdefault(name, GameObject(id=name, card=s.Card(types=()), owner=game.players[0],
                                                         controller=None, zone=None, timestamp=0,
                                                         counters=no_counters(), token=True))


class SpellCopySteps:
    """The hooks of casting for modes, additional costs and copies, for ``Game`` (before
    :class:`casting.CastingSteps` in its bases)."""

    objects: dict

    def cast(self, step: s.Cast) -> None:
        """601.2h: a sacrifice that can't be made makes the cast illegal, undone (601.2); casting
        then goes on as usual (casting.py)."""
        if step.sacrifice is not None and not self._can_sacrifice(step):
            return
        super().cast(step)  # type: ignore[misc]

    def _can_sacrifice(self, step: s.Cast) -> bool:
        """701.21a: the caster sacrifices a permanent they control, of the type the cost says."""
        game: Any = self
        spell = next((a for a in game.objects[step.object].card.abilities if isinstance(a, s.Spell)), None)
        victim = game.objects[step.sacrifice]
        if spell is None or victim.zone != "battlefield":
            return False
        chars = layers.board(game).chars[victim.id]
        return chars.controller == game.objects[step.object].owner and spell.sacrifice in chars.values.types

    def pay_additional_costs(self, obj: Any, step: s.Cast, payment: dict[str, int]) -> None:
        """601.2h: the sacrifice (its power as it last existed kept for the effect, 608.2h) and the
        mana spent, remembered for the spell ``obj``."""
        game: Any = self
        facts = game.__dict__.setdefault("_spell_costs", {})
        power = None
        if step.sacrifice is not None:
            victim = game.objects[step.sacrifice]
            power = max(0, game.power_toughness(victim).power or 0)  # 608.2h, 107.1b
            game.move(victim, "graveyard")  # 701.21a: to its owner's graveyard (its last known information kept)
        facts[obj.ref] = {"spent": dict(payment), "sacrificed_power": power}

    def costs_of(self, obj: Any) -> dict[str, Any]:
        """What was paid to cast the spell ``obj`` (a copy's: the original's objects, no mana, 707.10)."""
        return self.__dict__.get("_spell_costs", {}).get(obj.ref, {"spent": {}, "sacrificed_power": None})

    def chosen_mode(self, obj: Any, step: s.Cast, spell: Any) -> Any:
        """700.2: what the spell does: its chosen mode, whoever chose it (801.5b)."""
        return s.chosen_mode(spell, step.mode)

    def spell_amount(self, obj: Any, spell: Any, x: int) -> int:
        """An amount of the spell ``obj``'s effect: a number, X (107.3a), the sacrificed permanent's
        power (608.2h); with ``if_spent``, that much for each listed colour spent to cast it."""
        quantity = spell.quantity
        if quantity == s.X:
            amount = x
        elif quantity == s.SACRIFICED_POWER:
            amount = self.costs_of(obj)["sacrificed_power"] or 0
        else:
            amount = int(quantity)
        if spell.gain_life is not None and spell.gain_life.if_spent:
            spent = self.costs_of(obj)["spent"]
            amount *= sum(1 for color in spell.gain_life.if_spent if spent.get(color, 0) > 0)
        return amount

    def resolve_cast(self, obj: Any, step: s.Cast, target_ref: Any, below: int) -> None:
        """608.1: the cast triggers resolve, then each copying effect in turn with its copy, then the
        spell (casting.py)."""
        trigger_resolution.resolve_stack(self, down_to=below)  # type: ignore[arg-type]
        for number, copy in enumerate(step.spell_copies, 1):
            self.copy_spell(obj, step, target_ref, copy, number)
        super().resolve_cast(obj, step, target_ref, below)  # type: ignore[misc]

    def copy_step(self, step: s.Cast, copy: s.SpellCopy) -> s.Cast:
        """707.10: the choices the copy has: the spell's (mode, X), its target unless a new one is
        chosen (707.10c, 707.10e)."""
        return dataclasses.replace(step, target=copy.target or step.target, copies=None)

    def copy_object(self, obj: Any, copy: s.SpellCopy, number: int) -> GameObject:
        """707.10: the copy on the stack, owned and controlled by the player who put it there, with
        the spell's copiable values but for the colours the copy effect gives (707.9b)."""
        game: Any = self
        player = copy.controller or obj.controller or obj.owner
        card = obj.card if copy.colors is None else dataclasses.replace(obj.card, colors=copy.colors)
        copied = GameObject(id=f"{obj.id}~copy{number}", card=card, owner=player, controller=player, zone="stack",
                            timestamp=game.tick(), counters=no_counters(), token=True, token_card=True)
        game.__dict__.setdefault("_spell_costs", {})[copied.ref] = {
            "spent": {}, "sacrificed_power": self.costs_of(obj)["sacrificed_power"]}  # 707.10: no mana spent
        return copied

    def copy_spell(self, obj: Any, step: s.Cast, target_ref: Any, copy: s.SpellCopy, number: int) -> None:
        """One copying effect resolves: its tokens (707.10e), the copy on the stack (707.10), what
        triggered meanwhile, then the copy resolves and ceases to exist (707.10a)."""
        game: Any = self
        if obj.zone != "stack":
            raise Unsupported(f"{obj.id} is no longer on the stack to be copied (CR 707.10): not modelled")
        player = copy.controller or obj.controller or obj.owner
        if copy.create_token is not None:
            self._create_tokens(copy, player)
        copy_step = self.copy_step(step, copy)
        if copy.create_token is not None and game.objects[copy.target].zone != "battlefield":
            raise Unsupported(f"the copy targets {copy.target}, a token its effect did not create (CR 707.10e)")
        copied = self.copy_object(obj, copy, number)
        game.objects[copied.id] = copied
        layers.invalidate(game)
        # 707.10c: a new target is chosen for the copy as it is (its controller, its colours: 115, 702.16b)
        copy_ref = target_ref if copy.target is None else casting._target_ref(game, copied, copy.target)
        if copy_ref is casting._ILLEGAL:
            raise Unsupported(f"{copy.target} can't be the copy's new target (CR 707.10c, 115.1): a case names a "
                              "legal one")
        under = len(triggers.stack(game))
        triggers.put_on_stack(game, None, resolving=True)  # 603.3: what its effect triggered, above it
        trigger_resolution.resolve_stack(game, down_to=under)
        casting.resolve_spell(game, copied, copy_step, copy_ref)  # 608.2
        del game.objects[copied.id]  # 707.10a: a copy of a spell off the stack ceases to exist
        layers.invalidate(game)
        game.check_state_based_actions()
        triggers.put_on_stack(game, None, resolving=True)  # 117.5: above the spell, resolving first

    def _create_tokens(self, copy: s.SpellCopy, player: str) -> None:
        """707.10e, 111.1: the copying effect's tokens, token replacement effects applying (614.1a)."""
        game: Any = self
        part = copy.create_token
        step = s.CreateToken(controller=player, card=s.Card.from_dict(thaw(part.card)), count=part.count,
                             tokens=part.tokens)
        try:
            game.perform(step)
        except counter_replacement.OrderMissing as missing:  # 616.1: no order an effect can give
            raise Unsupported(f"the copying effect's tokens: {missing} (an effect has no order: not modelled)") from None
