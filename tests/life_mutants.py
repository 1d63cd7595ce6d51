"""Mutant engines about life-loss replacements, counter halving and damage dealt at once (issue 18,
its last gaps): the reference engine with one realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

from conformance.format import model as s
from reference_engine import Game
from reference_engine.counter_replacement import apply_in_order, counter_replacements
from reference_engine.range_of_influence import abilities_now


class LifeLossDoublerForEveryoneGame(Game):
    """"If an opponent would lose life, they lose twice that much" doubles every player's loss, its
    controller's too: the effect's "an opponent" is ignored (614.1a)."""

    def life_loss_doublers(self, player):
        return sum(len(abilities_now(self, obj, s.DoubleLifeLoss))
                   for obj in self.objects.values() if obj.zone == "battlefield")


class LifelinkNotALifeGainEventGame(Game):
    """Lifelink adds to its controller's life total directly, not as a life-gain event: no "gain
    twice that much" replacement applies and no "whenever you gain life" triggers (702.15b, 119.10)."""

    def lifelink_gain(self, source, player, amount):
        if amount > 0:
            self.player_states[player].gain_life(amount)


class HalvingAlwaysLastGame(Game):
    """"Half that many counters" (Vorinclex, on an opponent's counters) always applies after the
    doublers and plus-N effects, whatever order the affected object's controller chooses (616.1)."""

    def replaced_counter_count(self, event, order, *, entering=False):
        candidates = counter_replacements(self, event, entering=entering)
        others = [c for c in candidates if c.ability.mode != "half"]
        count = apply_in_order(others, event.count, order, "counters") if others else event.count
        for halving in (c for c in candidates if c.ability.mode == "half"):
            count = halving.apply(count)
        return count
