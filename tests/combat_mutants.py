"""Mutant engines about combat (CR 506-511), for tests/mutants.py: the reference engine with one
realistic combat bug each, as a :class:`reference_engine.Game` subclass performing the combat step
its own way."""

from __future__ import annotations

import dataclasses

from conformance.format import model as s
from reference_engine import Game, mana
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
        rules.fight(self, step, self.combat_class)


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


class _BackwardsProtection(rules.Combat):
    def declare_blockers(self):
        """Reads 702.16f the wrong way round and drops the block rather than refusing it."""
        game, kept = self.game, {}
        for blocker, attackers in self.step.blockers.items():
            protections = rules.abilities_now(game, game.objects[blocker], s.Protection)
            left = [a for a in self.step.blocked(blocker)
                    if not any(rules.source_matches(game, p.source_filter, game.objects[a],
                                                    you=rules.controller_of(game, game.objects[blocker]))
                               for p in protections)]
            if left:
                kept[blocker] = left[0] if len(left) == 1 else tuple(left)
        self.step = dataclasses.replace(self.step, blockers=kept)
        super().declare_blockers()


class ProtectionStopsItsOwnBlocksGame(_CombatGame):
    """Protection read the wrong way round: a creature with protection from red can't block red
    creatures (its block is dropped, so the attacker is unblocked), where 702.16f only keeps
    creatures with the quality from blocking the protected creature."""

    combat_class = _BackwardsProtection


class _NoTapping(rules.Combat):
    def declare_attackers(self):
        tapped = set(mana.tapped(self.game))
        super().declare_attackers()
        mana.tapped(self.game).intersection_update(tapped)


class AttackingDoesNotTapGame(_CombatGame):
    """Declaring attackers doesn't tap them (508.1f): an attacker is untapped after combat."""

    combat_class = _NoTapping


class _VigilanceIgnored(rules.Combat):
    def declare_attackers(self):
        super().declare_attackers()
        for attacker in self.step.attackers:
            mana.tapped(self.game).add(self.game.objects[attacker].ref)


class VigilanceIgnoredGame(_CombatGame):
    """Vigilance does nothing: every attacker becomes tapped (702.20b)."""

    combat_class = _VigilanceIgnored


class _FirstAttackerOnly(rules.Combat):
    def assignment(self, creature, first_strike):
        if creature in self.step.blockers and len(self.step.blocked(creature)) > 1:
            alive = [a for a in self.step.blocked(creature) if self.in_combat(a)]
            power = self.game.power_toughness(self.game.objects[creature]).power or 0
            return {alive[0]: power} if alive and power > 0 else {}
        return super().assignment(creature, first_strike)


class BlockerDamageToFirstAttackerGame(_CombatGame):
    """A creature blocking several attackers assigns all its combat damage to the first of them,
    ignoring its controller's division (510.1d)."""

    combat_class = _FirstAttackerOnly
