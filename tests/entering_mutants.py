"""Mutant engines about entering tapped, fading and choices made as a permanent enters (issue 40):
the reference engine with one realistic bug each (see tests/mutants.py), one per capability."""

from __future__ import annotations

from conformance.format import model as s
from reference_engine import Game, layers


class OrbTapsItselfGame(Game):
    """"Permanents enter tapped" applies to its own permanent as it enters: Orb of Dreams enters
    tapped (614.12 says it is not on the battlefield yet)."""

    def enter_tapped_sources(self, obj):
        return [*super().enter_tapped_sources(obj), obj]


class CopyEntersUntappedGame(Game):
    """"This enters tapped" is read from the card's printed abilities, not from what it is as it
    enters: a Clone copying Skyshroud Behemoth enters untapped (614.12, 707.5)."""

    def own_enters_tapped(self, obj):
        return any(isinstance(a, s.EntersTapped) for a in obj.card.abilities)


class FadingNotCopiedGame(Game):
    """Fading's counters come from the printed card only: a Clone copying Skyshroud Behemoth enters
    without fade counters (702.32a, 707.5)."""

    def fade_counters(self, obj):
        return sum(a.count for a in obj.card.abilities if isinstance(a, s.Fading))


class ChoicesCopiedGame(Game):
    """A copy takes the colour and creature type its original chose as it entered, instead of its
    controller choosing anew (707.6): Voice of All's token copy keeps red, Adaptive Automaton's
    Clone keeps Elf."""

    def _take_choices(self, obj, original):
        if original is None or obj.zone != "battlefield":
            return
        theirs, mine = self.peek_status(original), self.status_of(obj)
        mine.chosen_color = theirs.chosen_color or mine.chosen_color
        mine.chosen_type = theirs.chosen_type or mine.chosen_type
        layers.invalidate(self)

    def entered(self, obj, step):
        super().entered(obj, step)
        if step.choices is not None and step.choices.copy:
            self._take_choices(obj, self.objects.get(step.choices.copy[-1]))

    def perform_characteristic_step(self, step):
        super().perform_characteristic_step(step)
        if isinstance(step, s.CreateToken) and step.copy_of is not None:
            for name in step.names:
                if name in self.objects:
                    self._take_choices(self.objects[name], self.objects[step.copy_of])
