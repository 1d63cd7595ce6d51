"""Mutant engines about arithmetic in expressions (issue 41, item 4): the reference engine with one
realistic bug each in the operations of 107.1 (see tests/mutants.py)."""

from __future__ import annotations

from reference_engine import Game
from reference_engine.arithmetic import Arithmetic


class _HalfAlwaysDown(Arithmetic):
    @staticmethod
    def half(value, rounding):
        return value // 2


class HalfAlwaysRoundedDownGame(Game):
    """Half of a number is always rounded down, as integer division does: "rounded up" is ignored
    (107.1a)."""

    arithmetic = _HalfAlwaysDown


class _PrintedPower(Arithmetic):
    @staticmethod
    def compared(of, obj, power_toughness):
        return getattr(obj.card, of) if getattr(power_toughness(obj), of) is not None else None


class GreatestAmongPrintedGame(Game):
    """"The greatest power (toughness) among" compares the printed values, not those the creatures
    have now: counters and effects are ignored (107.1b, 613.4)."""

    arithmetic = _PrintedPower


class _DistanceDifference(Arithmetic):
    @staticmethod
    def difference(minuend, subtrahend):
        return abs(minuend - subtrahend)


class DifferenceNeverNegativeGame(Game):
    """"The difference" of two numbers is never negative: the distance between them is taken, so
    "A minus B" with B greater gives B minus A (107.1b)."""

    arithmetic = _DistanceDifference


class _UnclampedModification(Arithmetic):
    @staticmethod
    def modification(value, *, calculated, negated):
        return -value if negated else value


class NegativeModificationKeptGame(Game):
    """A calculated "+X/+X" or "-X/-X" whose X is negative is applied as it is (-X/-X with X = -3
    gives +3/+3), not as 0 (107.1b)."""

    arithmetic = _UnclampedModification
