"""Mutant engines about the trigger events and effects of issue 41: the reference engine with one
realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

from conformance.format import model as s
from reference_engine import Game, trigger_events, triggers
from reference_engine.range_of_influence import controller_of


class AttackTriggersOnBlockersGame(Game):
    """"Whenever this creature attacks" also triggers when it is declared as a blocker: the engine
    fires its "declared in combat" event for both (508.3a)."""

    def declared_in_combat(self, creatures, *, attacking):
        trigger_events.attacked(self, creatures)


class CombatDamageToAnyRecipientGame(Game):
    """"Deals combat damage to a player" also triggers on combat damage to a creature or a
    planeswalker, "that player" being its controller (510.3a)."""

    def combat_damage_dealt(self, source, recipient, amount):
        player = recipient if recipient in self.player_states else controller_of(self, self.objects[recipient])
        trigger_events.combat_damage_to_player(self, source, player, amount)


class StepTriggersOnEveryPlayersStepGame(Game):
    """"At the beginning of your upkeep (end step)" triggers at the beginning of every player's: whose
    step it is is ignored (503.1a, 513.1a)."""

    def perform(self, step):
        if isinstance(step, s.BeginningOfStepStep):
            for source, ability, you, _ in triggers.listeners(self, "beginning_of_step"):
                if ability.event.beginning_of_step.step == step.step:
                    triggers._wait(self, [triggers._trigger(self, source, ability, you, that=step.player, that_ref=None)])
            return
        super().perform(step)


class FaceUpTriggersEntersGame(Game):
    """Turning a permanent face up is treated as it entering the battlefield: its "when this enters"
    abilities (and others') trigger too (708.8)."""

    def perform_characteristic_step(self, step):
        was_face_down = isinstance(step, s.TurnFaceUp) and self.status_of(self.objects[step.object]).face_down
        super().perform_characteristic_step(step)
        if was_face_down and not self.status_of(self.objects[step.object]).face_down:
            triggers.entered(self, self.objects[step.object])


class CountersRemovedAsAskedGame(Game):
    """"That many" counters removed is the number the effect asked to remove, not those there were
    to remove (122.1)."""

    def counters_removed_amount(self, asked, removed):
        return asked


class DiesReturnLosesTheCardGame(Game):
    """A "dies" ability can't find the card in the graveyard: the engine applies 400.7 without its
    exception, so "return it to its owner's hand" does nothing (400.7d)."""

    def finds_in_graveyard(self, pending):
        return False


class ItsPowerPrintedGame(Game):
    """"Damage (life, counters) equal to its power" reads the printed power, not the power as the
    ability resolves: counters and effects are ignored (608.2h)."""

    def trigger_power(self, obj):
        return max(0, obj.card.power if isinstance(obj.card.power, int) else 0)


class PlaneswalkerTargetHitsItsControllerGame(Game):
    """A triggered ability's damage aimed at a planeswalker is dealt to its controller instead: the
    engine keeps the redirection rule the CR dropped (115.4: a planeswalker is itself "any target")."""

    def trigger_target_recipient(self, pending, name):
        to = super().trigger_target_recipient(pending, name)
        if to in self.objects and "planeswalker" in self.objects[to].card.types:
            return controller_of(self, self.objects[to])
        return to


class PreventedTriggerCountsTheDamageGame(Game):
    """"That much" of a "damage is prevented" ability is the damage the source would have dealt, not
    the damage prevented (615.5): the engine hands the trigger the event it saw."""

    def damage_was_prevented(self, event, prevented, *, again):
        super().damage_was_prevented(event, event.amount if prevented > 0 else 0, again=again)


class TriggerTokensToTheEventsPlayerGame(Game):
    """The tokens a triggered ability creates go to the player whose event triggered it ("whenever an
    opponent gains life, create a token": the opponent gets it), not to the ability's controller (111.2)."""

    def trigger_token_controller(self, pending):
        return pending.that if pending.that in self.player_states else pending.controller
