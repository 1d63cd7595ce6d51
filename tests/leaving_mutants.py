"""Mutant engines about a player leaving the game and ranges afterwards (issue 40, CR 800.4a,
801.2c): the reference engine with one realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

from reference_engine import Game, layers
from reference_engine.becomes import ChangeEffect


class DepartedKeepsStolenGame(Game):
    """The effects that gave the departed player control of objects do not end: a creature they
    had stolen stays under their control, on the battlefield (800.4a)."""

    def leave_game(self, player):
        kept = [e for e in self.effects if isinstance(e, ChangeEffect) and e.change.gain_control
                and e.controller == player]
        parts = {(e.id, e.timestamp) for e in kept}
        kept += [e for e in self.effects if not isinstance(e, ChangeEffect) and (e.id, e.timestamp) in parts]
        super().leave_game(player)
        self.effects += [e for e in kept if e not in self.effects]
        layers.invalidate(self)


class DepartedTokensStayGame(Game):
    """Only the cards a departed player owns leave the game: their tokens stay on the battlefield
    (800.4a: every object they own, tokens included)."""

    def leave_game(self, player):
        tokens = {o.id: (o.zone, o.incarnation, o.counters, o.controller, o.timestamp) for o in self.objects.values()
                  if o.token and o.owner == player and o.zone == "battlefield"}
        super().leave_game(player)
        for oid, (zone, incarnation, counters, controller, timestamp) in tokens.items():
            obj = self.objects[oid]
            obj.zone, obj.incarnation, obj.counters, obj.controller, obj.timestamp = (
                zone, incarnation, counters, controller, timestamp)
        layers.invalidate(self)


class OwnedObjectsExiledGame(Game):
    """The objects a departed player owns are exiled rather than leaving the game (800.4a: they
    leave it; only what they control and do not own is exiled)."""

    def leave_game(self, player):
        owned = [o for o in self.objects.values() if o.owner == player and o.zone is not None and not o.token]
        super().leave_game(player)
        for obj in owned:
            obj.zone = "exile"
        layers.invalidate(self)


class RangesAtOnceGame(Game):
    """The ranges of influence are determined again as soon as a player leaves, not as the next
    turn begins (801.2c and its example: Carissa enters Alex's range only at the next turn)."""

    def leave_game(self, player):
        super().leave_game(player)
        self.seats = self.players


class DepartedStillAPlayerGame(Game):
    """A departed player is still among "each player": damage to each player reaches them
    (800.4: the game goes on without them)."""

    def leave_game(self, player):
        players = self.players
        super().leave_game(player)
        self.players = players
