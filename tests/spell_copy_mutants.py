"""Mutant engines about copies of spells on the stack, modal spells and additional costs (issue 40):
the reference engine with one realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

import dataclasses

from reference_engine import Game, triggers
from reference_engine.range_of_influence import in_range


class CopyRecountsXAsZeroGame(Game):
    """A copy's X is not copied: nothing was announced for it, so its effect reads X as 0 (707.10,
    107.3a)."""

    def copy_step(self, step, copy):
        return dataclasses.replace(super().copy_step(step, copy), x=None)


class CopyIsCastGame(Game):
    """A copy counts as cast: "whenever you cast" abilities trigger on it (707.10: a copy is put on
    the stack, not cast)."""

    def copy_object(self, obj, copy, number):
        copied = super().copy_object(obj, copy, number)
        self.objects[copied.id] = copied
        triggers.cast(self, copied, 0)
        return copied


class CopyControlledByTheCasterGame(Game):
    """A copy is controlled by the original spell's controller, not by the player who copied it
    (707.10)."""

    def copy_object(self, obj, copy, number):
        return super().copy_object(obj, dataclasses.replace(copy, controller=None), number)


class CopyChoosesTheFirstModeGame(Game):
    """A copy of a modal spell has its mode chosen anew, the first, rather than the original's (707.10,
    700.2)."""

    def copy_step(self, step, copy):
        copied = super().copy_step(step, copy)
        return dataclasses.replace(copied, mode=1) if copied.mode is not None else copied


class ModeOutsideTheChoosersRangeRefusedGame(Game):
    """An opponent choosing a mode must have the spell's controller within their range, as if the
    mode were a player chosen (801.5a applied to 801.5b's options): otherwise no mode is chosen and
    the spell does nothing."""

    def chosen_mode(self, obj, step, spell):
        caster = obj.controller or obj.owner
        if step.mode_chooser is not None and self.case.range_of_influence is not None \
                and not in_range(self, step.mode_chooser, caster):
            return None
        return super().chosen_mode(obj, step, spell)


class CopyHasNoSacrificedPowerGame(Game):
    """A copy of a spell with an additional cost reads what was paid for the copy, nothing: "the
    sacrificed creature's power" is 0 (707.10: it uses the objects paid for the original)."""

    def copy_object(self, obj, copy, number):
        copied = super().copy_object(obj, copy, number)
        self.__dict__["_spell_costs"][copied.ref]["sacrificed_power"] = None
        return copied


class CopyRemembersTheManaSpentGame(Game):
    """A copy counts the mana spent to cast the original as spent on it (707.10's Dawnglow Infusion
    example: mana is not an object, none was spent on the copy)."""

    def copy_object(self, obj, copy, number):
        copied = super().copy_object(obj, copy, number)
        self.__dict__["_spell_costs"][copied.ref]["spent"] = dict(self.costs_of(obj)["spent"])
        return copied


class CopyTokensEscapeTheDoublerGame(Game):
    """The tokens a copying effect creates are made outside the replacement effects: a token doubler
    does not apply to them (707.10e, 614.1a)."""

    def _create_tokens(self, copy, player):
        self.__dict__["_escaping"] = True
        try:
            super()._create_tokens(copy, player)
        finally:
            self.__dict__["_escaping"] = False

    def replaced_token_count(self, controller, count, order):
        return count if self.__dict__.get("_escaping") else super().replaced_token_count(controller, count, order)
