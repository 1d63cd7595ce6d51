"""Mutant engines about counter and token replacements, entering with counters and loyalty
(issue 18): the reference engine with one realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

import dataclasses

from reference_engine import Game, layers, loyalty
from reference_engine.counter_replacement import counter_replacements


class CostsDoubledGame(Game):
    """Applies "if an effect would put counters" replacements to counters put as a cost too: Doubling
    Season doubles a loyalty ability's +1."""

    def replaced_counter_count(self, event, order, *, entering=False):
        return super().replaced_counter_count(dataclasses.replace(event, by_effect=True), order, entering=entering)


class FixedOrderGame(Game):
    """Ignores the affected controller's order among counter replacements: "twice" always before
    "plus N"."""

    def replaced_counter_count(self, event, order, *, entering=False):
        candidates = counter_replacements(self, event, entering=entering)
        count = event.count
        for effect in sorted(candidates, key=lambda e: e.ability.mode != "double"):
            count = effect.apply(count)
        return count


class EnteringCountersNotReplacedGame(Game):
    """Puts the counters a permanent enters with as they are: replacements apply only to counters put
    on a permanent already on the battlefield."""

    def replaced_counter_count(self, event, order, *, entering=False):
        return event.count if entering else super().replaced_counter_count(event, order)


class OwnReplacementAsItEntersGame(Game):
    """Applies a permanent's own "a creature you control" counter replacement to the counters it
    enters with."""

    def replaced_counter_count(self, event, order, *, entering=False):
        return super().replaced_counter_count(event, order, entering=False)


class TokenReplacementsIgnoredGame(Game):
    """Creates as many tokens as the effect says, whatever the token replacements."""

    def replaced_token_count(self, controller, count, order):
        return count


class LoyaltyOncePerIdGame(Game):
    """Remembers loyalty activations by the card, not the object: a planeswalker that left and came
    back this turn can't activate again."""

    def may_activate_loyalty(self, obj):
        activated = self.__dict__.setdefault("_loyalty_activated", set())
        return not any(ref[0] == obj.id for ref in activated)

    def perform(self, step):
        """The activation it wrongly thinks illegal is dropped without a word, as an engine that
        greys out the ability would: no cost paid, no effect (a wrong value, not a crash)."""
        try:
            super().perform(step)
        except loyalty.IllegalActivation as exc:
            if "already activated" not in str(exc):
                raise
            layers.invalidate(self)
