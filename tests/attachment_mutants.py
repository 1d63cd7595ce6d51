"""Mutant engines about Auras and Equipment (issue 40): the reference engine with one realistic bug
each (see tests/mutants.py)."""

from __future__ import annotations

import dataclasses

from conformance.format import model as s
from reference_engine import Game, attachments, layers


class EquipmentKeepsItsTimestampGame(Game):
    """An Aura or Equipment attached to another permanent keeps the timestamp it had: attaching is no
    new timestamp (613.7e, 701.3c), so an effect created after it first entered still applies after
    its abilities."""

    def perform(self, step):
        if not isinstance(step, s.Attach):
            return super().perform(step)
        obj = self.objects[step.object]
        before = obj.timestamp
        super().perform(step)
        obj.timestamp = before
        layers.invalidate(self)


class IllegalEquipmentToTheGraveyardGame(Game):
    """An Equipment attached to a permanent it can't equip is put into its owner's graveyard, as an
    Aura would be, instead of becoming unattached and staying on the battlefield (704.5n)."""

    def check_state_based_actions(self):
        while True:
            _, unattaching = attachments.illegal(self)
            equipment = [o for o in unattaching
                         if attachments.EQUIPMENT in layers.characteristics(self, o).values.has_subtypes]
            if not equipment:
                break
            self.remember_last_known(equipment)
            for obj in equipment:
                self.move(obj, "graveyard")
            layers.invalidate(self)
        super().check_state_based_actions()


class EnchantIgnoredGame(Game):
    """An Aura's enchant ability is never read: an Aura stays attached to any permanent, a noncreature
    one "enchant creature" forbids included, and is attached to it by an effect (702.5a, 704.5m,
    701.3b); only an Aura attached to nothing goes to the graveyard."""

    def __init__(self, case):
        def anything(ability):
            return dataclasses.replace(ability, what=s.Filter()) if isinstance(ability, s.Enchant) else ability

        def card(c):
            return dataclasses.replace(c, abilities=tuple(anything(a) for a in c.abilities))

        objects = tuple(dataclasses.replace(o, card=card(o.card)) for o in case.objects)
        super().__init__(dataclasses.replace(case, objects=objects))
