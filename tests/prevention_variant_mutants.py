"""Mutant engines about the prevention variants (issue 41, item 2): the reference engine with one
realistic bug each (see tests/mutants.py), one per capability."""

from __future__ import annotations

import dataclasses

from conformance.format import model as s
from reference_engine import Game
from reference_engine import damage as damage_rules
from reference_engine.prevention import StaticPrevention
from reference_engine.prevention_variants import StaticRedirect
from reference_engine.range_of_influence import abilities_now, controller_of, source_matches


class ToYouAndYourCreaturesAsCreaturesGame(Game):
    """"Damage that would be dealt to you and creatures you control" is read as the creatures only:
    a prevention naming permanents ignores the players it also names (615.1)."""

    def prevention_reaches(self, effect, event):
        if isinstance(effect, StaticPrevention) and effect.ability.to is not None and event.recipient in self.player_states:
            return False
        return super().prevention_reaches(effect, event)


class GainsForTheDamageNotThePreventedGame(Game):
    """"You gain life equal to the damage prevented this way" gains the whole damage the effect
    applied to, prevented or not (615.5)."""

    def extra_count(self, then, *, prevented, amount):
        return amount if then.gain_life else super().extra_count(then, prevented=prevented, amount=amount)


class ReflectsTheDamageNotThePreventedGame(Game):
    """"Deals that much damage" deals the whole damage the prevention effect applied to, prevented
    or not: the additional effect is performed for damage not prevented too (615.5)."""

    def extra_count(self, then, *, prevented, amount):
        return amount if then.deal_damage is not None else super().extra_count(then, prevented=prevented, amount=amount)


class ResolvingPreventionExtrasIgnoredGame(Game):
    """A resolving spell's prevention shield loses its additional effect: only static abilities'
    additional effects happen (615.5)."""

    def perform_table_step(self, step):
        if isinstance(step, s.PreventDamage) and step.then is not None:
            step = dataclasses.replace(step, then=None)
        super().perform_table_step(step)


class CombatOnlyUnpreventableForAllDamageGame(Game):
    """"Combat damage that would be dealt by this creature can't be prevented" makes all its damage
    unpreventable: the combat-only restriction is ignored (615.12)."""

    def unpreventable(self, event):
        event = super().unpreventable(event)
        source = self.objects[event.source]
        for obj in self.objects.values():
            if obj.zone == "battlefield":
                for ability in abilities_now(self, obj, s.DamageCantBePrevented):
                    if ability.by is None or source_matches(self, ability.by, source, you=controller_of(self, obj),
                                                            source=obj):
                        return dataclasses.replace(event, unpreventable=True)
        return event


class RedirectionTakesEveryPermanentGame(Game):
    """Palisade Giant's "other permanents you control" is read as every other permanent: damage to
    an opponent's creature is redirected too (614.9)."""

    def redirects(self, effect, event):
        if isinstance(effect, StaticRedirect) and event.recipient in self.objects and event.recipient != effect.ref \
                and effect.ability.to is not None and damage_rules.can_be_dealt_damage(self, effect.ref):
            return not event.unredirectable
        return super().redirects(effect, event)


class CantBeRedirectedIgnoredGame(Game):
    """Damage that can't be redirected is redirected all the same (614.9)."""

    def redirects(self, effect, event):
        return super().redirects(effect, dataclasses.replace(event, unredirectable=False))
