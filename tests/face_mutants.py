"""Mutant engines about double-faced cards and flip cards (issue 40): the reference engine with one
realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

import dataclasses

from conformance.format import model as s
from reference_engine import Game, layers
from reference_engine.copy import CopyEffect
from reference_engine.characteristics import Values


def _copying(step) -> bool:
    """Whether ``step`` makes a copy: a copy effect, a token copy, a permanent entering as a copy."""
    return isinstance(step, (s.BecomeCopy, s.CreateToken)) or (isinstance(step, s.Move) and bool(
        step.choices and step.choices.copy))


class CopiesTheFrontFaceGame(Game):
    """A copy of a double-faced permanent with its back face up copies the front face, the card's
    printed values, not the face that's up (707.8); a token copy enters front face up (707.8a)."""

    def perform(self, step):
        if not _copying(step):
            return super().perform(step)
        back_up = [o for o in self.objects.values() if o.zone == "battlefield" and self.peek_status(o).transformed]
        for obj in back_up:
            self.status_of(obj).transformed = False
        layers.invalidate(self)
        try:
            super().perform(step)
        finally:
            for obj in back_up:
                self.status_of(obj).transformed = True
            layers.invalidate(self)


class SingleFacedCopyTransformsGame(Game):
    """A permanent copying a face of a double-faced permanent transforms when told to, to the
    other face of the card it copied, though it is not represented by a double-faced card or token
    (712.9: nothing happens)."""

    def perform(self, step):
        obj = self.objects.get(getattr(step, "object", None)) if isinstance(step, s.Transform) else None
        if obj is None or obj.card.back_face is not None or obj.zone != "battlefield":
            return super().perform(step)
        for index, effect in reversed(list(enumerate(self.effects))):
            if isinstance(effect, CopyEffect) and obj.ref in effect.affected:
                for card in (o.card for o in self.objects.values() if o.card.back_face is not None):
                    front, back = Values.printed(card), Values.printed(card.back_face)
                    if effect.copied in (front, back):
                        other = back if effect.copied == front else front
                        self.effects[index] = dataclasses.replace(effect, copied=other)
                        obj.timestamp = self.tick()
                        layers.invalidate(self)
                        return None
                break
        return super().perform(step)


class CopiesTheFlippedSideGame(Game):
    """A copy of a flipped permanent copies its alternative characteristics as its own: a Clone
    copying a flipped Nezumi Shortfang is Stabwhisker the Odious, though flipped is a status a copy
    does not copy (707.2, 110.5) and the Clone is unflipped."""

    def perform(self, step):
        if not _copying(step):
            return super().perform(step)
        flipped = [o for o in self.objects.values() if o.zone == "battlefield" and o.card.flip is not None
                   and self.peek_status(o).flipped]
        cards = {o.id: o.card for o in flipped}
        for obj in flipped:
            side = obj.card.flip
            obj.card = dataclasses.replace(obj.card, name=side.name, types=side.types, subtypes=side.subtypes,
                                           supertypes=side.supertypes, power=side.power, toughness=side.toughness,
                                           abilities=side.abilities)
        layers.forget(self)  # (a card changed: no fingerprint of the layers sees it)
        try:
            super().perform(step)
        finally:
            for obj in flipped:
                obj.card = cards[obj.id]
            layers.forget(self)


class CopyUnflipsGame(Game):
    """A flipped permanent that becomes a copy of a flip card is unflipped by it: Tomoya the Revealer
    copying Nezumi Shortfang becomes Nezumi Shortfang, not Stabwhisker the Odious (707.3: the
    copied values as modified by the copy's status)."""

    def perform(self, step):
        super().perform(step)
        if isinstance(step, s.BecomeCopy):
            for obj in self.affected_objects(step):
                if self.peek_status(obj).flipped:
                    self.status_of(obj).flipped = False
            layers.invalidate(self)

    def affected_objects(self, step):
        return [self.objects[step.to]] if step.to is not None else [
            o for o in self.objects.values() if o.zone == "battlefield"]


class TransformKeepsTheTimestampGame(Game):
    """A permanent that transforms keeps its timestamp: its back face's static abilities apply
    before effects created after it entered (613.7g: it gets a new timestamp)."""

    def perform(self, step):
        obj = self.objects.get(step.object) if isinstance(step, s.Transform) else None
        stamp = obj.timestamp if obj is not None else None
        super().perform(step)
        if obj is not None and obj.timestamp != stamp:
            obj.timestamp = stamp
            layers.invalidate(self)


class TransformIsANewObjectGame(Game):
    """A permanent that transforms is treated as a new object: its counters and the effects on it
    are gone (712.18: it stays the same object)."""

    def perform(self, step):
        obj = self.objects.get(step.object) if isinstance(step, s.Transform) else None
        stamp = obj.timestamp if obj is not None else None
        super().perform(step)
        if obj is not None and obj.timestamp != stamp:  # it transformed
            obj.counters.clear()
            self.effects = [dataclasses.replace(e, affected=e.affected - {obj.ref})
                            if obj.ref in getattr(e, "affected", ()) else e for e in self.effects]
            layers.invalidate(self)
