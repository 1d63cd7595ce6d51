"""Mutant engines about combat (CR 506-511), for tests/mutants.py: the reference engine with one
realistic combat bug each, as a :class:`reference_engine.Game` subclass performing the combat step
its own way."""

from __future__ import annotations

from conformance.format import model as s
from reference_engine import Game
from reference_engine import combat as rules


class _CombatGame(Game):
    """Performs a combat step with :meth:`fight`."""

    combat_class = rules.Combat

    def perform(self, step):
        if isinstance(step, s.Combat):
            self.fight(step)
        else:
            super().perform(step)

    def fight(self, step):
        fight = self.combat_class(self, step)
        fight.declare_attackers()
        fight.declare_blockers()
        self.check_state_based_actions()
        creatures = fight.strikers()
        first = [c for c in creatures if rules.first_striker(self, c)]
        if first:
            fight.damage_step(True, first)
            self.check_state_based_actions()
            fight.damage_step(False, [c for c in fight.strikers()
                                      if c not in first or rules.keyword(self, self.objects[c], rules.DOUBLE_STRIKE)])
        else:
            fight.damage_step(False, creatures)


class FirstStrikeNotFirstGame(_CombatGame):
    """First strike and double strike make no first combat damage step: every creature deals its
    combat damage in one step, a double striker once (510.4, 702.7b, 702.4b)."""

    def fight(self, step):
        fight = rules.Combat(self, step)
        fight.declare_attackers()
        fight.declare_blockers()
        self.check_state_based_actions()
        assigned = [(c, fight.assignment(c, rules.first_striker(self, c))) for c in fight.strikers()]
        rules.deal_at_once(self, [(c, r, n) for c, division in assigned for r, n in division.items()], step.order)


class _TrampleWithoutLethal(rules.Combat):
    def assignment(self, creature, first_strike):
        obj = self.game.objects[creature]
        power = self.game.power_toughness(obj).power or 0
        target = self.target(creature) if creature in self.step.attackers else None
        if power > 0 and target and self.blocked_by.get(creature) and rules.keyword(self.game, obj, rules.TRAMPLE):
            return {target: power}
        return super().assignment(creature, first_strike)


class TrampleWithoutLethalGame(_CombatGame):
    """A blocked creature with trample assigns all its combat damage to what it attacks, without
    assigning lethal damage to its blockers first (702.19b)."""

    combat_class = _TrampleWithoutLethal


class _SeparateEvents(rules.Combat):
    def damage_step(self, first_strike, creatures):
        for creature in creatures:
            if not self.in_combat(creature):  # destroyed by the damage dealt before its own
                continue
            division = self.assignment(creature, first_strike)
            rules.deal_at_once(self.game, [(creature, r, n) for r, n in division.items()], self.step.order)
            self.game.check_state_based_actions()


class SeparateCombatDamageGame(_CombatGame):
    """Each creature's combat damage is dealt as a separate event, with state-based actions
    checked between them, so a creature destroyed by an earlier one deals none (510.2, 704.3)."""

    combat_class = _SeparateEvents
