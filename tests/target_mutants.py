"""Mutant engines about targets (issue 40): the reference engine with one realistic bug each (see
tests/mutants.py), one per capability."""

from __future__ import annotations

from reference_engine import Game
from reference_engine import layers
from conformance.format.targets import CantBeTargeted
from reference_engine.range_of_influence import controller_of, matches_now


class _Dropping(Game):
    """The reference engine with one reason a permanent can't be a target forgotten (``DROPS``)."""

    DROPS = ""

    def untargetable(self, obj, *, source, controller):
        why = super().untargetable(obj, source=source, controller=controller)
        return None if why is not None and self.DROPS in why else why


class HexproofTargetableGame(_Dropping):
    """An opponent's spells and abilities may target a permanent with hexproof (702.11b)."""

    DROPS = "hexproof"


class ShroudAsHexproofGame(Game):
    """Shroud stops only the opponents of the permanent's controller, as hexproof does: its
    controller's own spells and abilities target it (702.18a)."""

    def untargetable(self, obj, *, source, controller):
        why = super().untargetable(obj, source=source, controller=controller)
        if why is not None and "shroud" in why and controller == controller_of(self, obj):
            values = layers.board(self).chars[obj.id].values
            return None if not values.has_keyword("hexproof") else why
        return why


class ProtectionDoesNotStopTargetingGame(_Dropping):
    """Protection prevents damage and stops blockers, but spells and abilities with its quality may
    target the permanent (702.16b)."""

    DROPS = "protection"


class CantBeTargetedByItsControllerTooGame(Game):
    """"Can't be the target of spells or abilities your opponents control" also stops its
    controller's own (115.1: the ``by: opponent`` restriction read as anyone's)."""

    def untargetable(self, obj, *, source, controller):
        why = super().untargetable(obj, source=source, controller=controller)
        for permanent in [p for p in self.objects.values() if p.zone == "battlefield"] if why is None else ():
            you = controller_of(self, permanent)
            for ability in layers.board(self).chars[permanent.id].values.has_ability(CantBeTargeted):
                if matches_now(self, ability.affects, obj, you=you, source=permanent):
                    return f"{obj.id} can't be the target of spells or abilities ({permanent.id})"
        return why


class TargetNotCheckedOnResolutionGame(Game):
    """A target legal as it was chosen stays legal: it is not checked again as the spell or ability
    resolves (608.2b), so one that gained hexproof is still affected."""

    def illegal_on_resolution(self, name, **kwargs):
        if name in self.objects and self.objects[name].zone == "battlefield":
            return None
        return super().illegal_on_resolution(name, **kwargs)


class ChooserRangeIgnoredGame(Game):
    """A target "of an opponent's choice" need only be within the ability's controller's range,
    not within the choosing opponent's (801.5a)."""

    def reaches(self, player, name, *, choosing):
        return True if choosing else super().reaches(player, name, choosing=choosing)


class TargetsOutsideTheRangeGame(Game):
    """Objects controlled by players outside the controller's range of influence may be targets
    (801.4: only players outside it are ruled out)."""

    def reaches(self, player, name, *, choosing):
        return True if name in self.objects else super().reaches(player, name, choosing=choosing)
