"""Mutant engines about emblems and the "if it's a planeswalker" copy exception (issue 41): the
reference engine with one realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from conformance.format import model as s
from reference_engine import Game, layers
from reference_engine.filters import matches
from reference_engine.objects import PTEffect, Sublayer


class EmblemAnthemLockedGame(Game):
    """An emblem's "creatures you control get +N/+N" is applied as a resolved effect: to the
    creatures it matches as the emblem is created, a set locked then (611.2c), so creatures that
    arrive later don't get it (114.4, 613.5: a static ability applies to what matches at each moment)."""

    def perform(self, step):
        if not isinstance(step, s.CreateEmblem):
            return super().perform(step)
        anthems = [a for a in step.abilities if isinstance(a, s.StaticPT) and a.effect == "modify_pt"]
        super().perform(dataclasses.replace(step, abilities=tuple(a for a in step.abilities if a not in anthems)))
        for anthem in anthems:
            affected = frozenset(o.ref for o in self.objects.values()
                                 if matches(anthem.affects, o, you=step.controller, chars=layers.characteristics(self, o)))
            self.effects.append(PTEffect(sublayer=Sublayer.MODIFY, affected=affected, timestamp=self.tick(),
                                         until="ended", power=anthem.power, toughness=anthem.toughness))
        layers.invalidate(self)


class EmblemIsAPermanentGame(Game):
    """An emblem is kept among the permanents: an effect on "each permanent" (a filter of the
    battlefield that names no card type) affects it too, so it can lose its abilities (114.5)."""

    def affected_by(self, step):
        found = super().affected_by(step)
        if step.to_each is not None and step.to_each.zone == "battlefield" and not step.to_each.types:
            found += [o for o in self.objects.values() if o.zone == s.COMMAND]
        return found


class EmblemTimestampZeroGame(Game):
    """An emblem's static abilities get the earliest timestamp (as if it had been there since the game
    began), not the moment it was created: an earlier effect applies after it (613.7a, 613.7d)."""

    def perform(self, step):
        super().perform(step)
        if isinstance(step, s.CreateEmblem):
            self.objects[step.emblem].timestamp = 0
            layers.invalidate(self)


def _unconditional(exceptions):
    """``exceptions`` with their "if it's a planeswalker" part applied whatever the copy is."""
    if exceptions is None or exceptions.if_planeswalker is None:
        return exceptions
    part = exceptions.if_planeswalker
    changes = {f.name: getattr(part, f.name) for f in dataclasses.fields(part)
               if f.name not in ("if_creature", "if_planeswalker", "enters_with_counters", "gains")
               and getattr(part, f.name) != f.default}
    counters = dict(exceptions.enters_with_counters)
    for kind, count in part.enters_with_counters.items():
        counters[kind] = counters.get(kind, 0) + count
    return dataclasses.replace(exceptions, **changes, gains=exceptions.gains + part.gains,
                               enters_with_counters=MappingProxyType(counters), if_planeswalker=None)


class PlaneswalkerExceptionAlwaysGame(Game):
    """A copy exception that applies "if it's a planeswalker" is applied to every copy, creatures
    and artifacts included: the condition is ignored (707.9f)."""

    def __init__(self, case):
        def ability(a):
            if isinstance(a, s.EntersAsCopy):
                return dataclasses.replace(a, exceptions=_unconditional(a.exceptions))
            return a

        objects = tuple(dataclasses.replace(o, card=dataclasses.replace(o.card, abilities=tuple(
            ability(a) for a in o.card.abilities))) for o in case.objects)
        steps = tuple(dataclasses.replace(step, exceptions=_unconditional(step.exceptions))
                      if isinstance(step, (s.CreateToken, s.BecomeCopy)) else step for step in case.steps)
        super().__init__(dataclasses.replace(case, objects=objects, steps=steps))
