"""Mutant engines about casting a spell, X and cast triggers (issue 41): the reference engine with
one realistic bug each (see tests/mutants.py)."""

from __future__ import annotations

from reference_engine import Game
from reference_engine.casting import resolve_spell
from reference_engine import trigger_resolution


class CastPaidFromTheFirstPlayersPoolGame(Game):
    """Every spell's cost is paid from the first player's mana pool, whoever casts it: the pool is
    looked up by seat, not by the caster (601.2h, 106.4)."""

    def paying_pool(self, caster):
        return self.player_states[self.players[0]].mana


class XReadAsZeroOnResolutionGame(Game):
    """X is paid as it is cast but forgotten once the spell is on the stack: its effect reads X as 0,
    as a card's X is off the stack (107.3a, 202.3e misapplied)."""

    def spell_x(self, step):
        return 0


class CastTriggerResolvesAfterTheSpellGame(Game):
    """"Whenever you cast" abilities are put on the stack below the spell (as if they triggered as it
    resolved), so the spell resolves first (601.2i, 405.2, 608.1)."""

    def resolve_cast(self, obj, step, target_ref, below):
        resolve_spell(self, obj, step, target_ref)
        self.check_state_based_actions()
        trigger_resolution.resolve_stack(self, down_to=below)
