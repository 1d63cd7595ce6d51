"""Mutant engines about "can't" abilities and life floors (issue 41): the reference engine with one
realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

from conformance.format import model as s
from reference_engine import Game
from reference_engine.range_of_influence import abilities_now, controller_of


class CantGainLifeOnlyItsControllerGame(Game):
    """"[Your opponents | Players] can't gain life" is read as "You can't gain life": whom the
    ability names is ignored, only its controller is stopped (119.7)."""

    def can_gain_life(self, player):
        return not any(obj.zone == "battlefield" and controller_of(self, obj) == player
                       and abilities_now(self, obj, s.CantGainLife) for obj in self.objects.values())


class CantLoseLifeAsPreventionGame(Game):
    """"Can't lose life" is applied as preventing the damage dealt to the player: no damage is dealt,
    so lifelink gains nothing and infect puts no poison counters (119.8, 120.3a)."""

    def modified(self, event, order):
        dealt = super().modified(event, order)
        return [e for e in dealt if e.recipient not in self.player_states or self.can_lose_life(e.recipient)]


class LifeFloorAsPreventionGame(Game):
    """A life floor ("reduces it to 1 instead") is applied to the damage, not to the life loss: the
    damage is cut to the player's life total minus 1, so lifelink gains only that much (614.1a,
    120.3a, 702.15b)."""

    def modified(self, event, order):
        dealt = super().modified(event, order)
        out = []
        for e in dealt:
            if e.recipient in self.player_states and self.life_floored(e.recipient):
                e = e.with_amount(min(e.amount, max(self.player_states[e.recipient].life - 1, 0)))
            out.append(e)
        return out


class CantHaveCountersOfAnyKindGame(Game):
    """"Can't have -1/-1 counters put on it" stops counters of every kind: the kind it names is
    ignored (122.1)."""

    def can_have_counters(self, obj, kind):
        return not abilities_now(self, obj, s.CantHaveCounters)
