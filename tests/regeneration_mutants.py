"""Mutant engines about destruction, regeneration, drawing and an activated ability of a copy
(issue 40): the reference engine with one realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

from conformance.format import model as s
from reference_engine import Game, layers
from reference_engine import mana
from reference_engine.damage import INDESTRUCTIBLE, has_keyword


class RegenerationLeavesItUntappedGame(Game):
    """A regeneration shield removes the damage but forgets that its controller taps the permanent
    (701.19a: "remove all damage marked on it and its controller taps it")."""

    def regenerate_instead(self, obj):
        tapped = obj.ref in mana.tapped(self)
        super().regenerate_instead(obj)
        if not tapped:
            mana.tapped(self).discard(obj.ref)
            layers.invalidate(self)


class LateShieldSavesGame(Game):
    """A regeneration shield created after the destruction still saves the creature: regenerating
    a creature card that was destroyed this turn puts it back onto the battlefield, tapped (614.4:
    a replacement effect can't go back in time; 400.7: the card in the graveyard is a new object)."""

    def perform(self, step):
        if isinstance(step, s.Regenerate):
            obj = self.objects[step.object]
            if obj.zone == "graveyard" and obj.id in self.last_known:
                super().perform(s.Move(object=obj.id, to="battlefield"))
                mana.tapped(self).add(obj.ref)
                layers.invalidate(self)
                return
        super().perform(step)


class DestroyIgnoresIndestructibleGame(Game):
    """A destroy effect puts even an indestructible permanent into the graveyard (702.12b: it can't be
    destroyed): only lethal damage checks the keyword."""

    def perform(self, step):
        if isinstance(step, s.Destroy):
            obj = self.objects[step.object]
            if obj.zone == "battlefield" and has_keyword(self, obj, INDESTRUCTIBLE):
                self.move(obj, "graveyard")
                layers.invalidate(self)
                return
        super().perform(step)


class DrawsTheBottomCardGame(Game):
    """A draw takes the card at the bottom of the library, the last in its order, not the top
    (121.1, 401.2)."""

    def top_card(self, player):
        positions = {spec.id: spec.library_position or 0 for spec in self.case.objects}
        library = [o for o in self.objects.values() if o.zone == "library" and o.owner == player]
        super().top_card(player)  # the same refusals
        return max(library, key=lambda o: positions[o.id], default=None)


class CountersOnTheNamedCardGame(Game):
    """An activated ability's "put a +1/+1 counter on Olivia Voldaren" is resolved by name: when a
    copy activates it, the counters go on the permanent whose own card bears that name, not on the
    copy that has the ability (707.11, 201.5)."""

    def perform(self, step):
        before = None
        if isinstance(step, s.Activate):
            obj = self.objects[step.object]
            before = dict(obj.counters)
        super().perform(step)
        if before is None:
            return
        obj = self.objects[step.object]
        name = layers.characteristics(self, obj).values.name if obj.zone == "battlefield" else None
        named = next((o for o in self.objects.values() if o is not obj and o.zone == "battlefield"
                      and o.card.name == name and obj.card.name != name), None)
        if named is None:
            return
        for kind, count in list(obj.counters.items()):
            gained = count - before.get(kind, 0)
            if gained > 0:
                obj.counters[kind] -= gained
                named.counters[kind] += gained
        layers.invalidate(self)
