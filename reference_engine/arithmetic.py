"""Arithmetic in expressions (CR 107.1): half rounded as the card says (107.1a), twice, a
difference, the greatest value among objects, and what a calculation that would be negative gives
(107.1b). :class:`Arithmetic` is what a game applies (``Game.arithmetic``), read by
:func:`reference_engine.filters.evaluate`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from conformance.errors import Unsupported


class Arithmetic:
    """The operations of 107.1 on the numbers expressions give."""

    @staticmethod
    def half(value: int, rounding: str) -> int:
        """Half of ``value``, rounded ``up`` or ``down`` (107.1a: the game uses only integers, and a
        card that can make a fraction says which way to round).

        >>> Arithmetic.half(5, "up"), Arithmetic.half(5, "down"), Arithmetic.half(4, "up"), Arithmetic.half(-4, "down")
        (3, 2, 2, -2)

        Half of a negative odd number is refused: whether "rounded down" of -2.5 is -3 or -2 (toward
        zero, as many languages divide) is not something the rules settle."""
        if value % 2 and value < 0:
            raise Unsupported(f"half of the negative odd number {value}: which way it rounds is not settled (CR 107.1a)")
        return value // 2 if rounding == "down" else -(-value // 2)

    @staticmethod
    def twice(value: int) -> int:
        return 2 * value  # 107.1b: a calculation uses a negative value as it is

    @staticmethod
    def difference(minuend: int, subtrahend: int) -> int:
        """The first minus the second: negative when the second is greater (107.1b)."""
        return minuend - subtrahend

    @staticmethod
    def compared(of: str, obj: Any, power_toughness: Callable[[Any], Any]) -> int | None:
        """The power or toughness of ``obj`` that "the greatest ... among" compares: the one it has
        now, after layer 7 (613.4); ``None`` if it has none (208.3)."""
        return getattr(power_toughness(obj), of)

    @staticmethod
    def greatest(values: Iterable[int | None]) -> int:
        """The greatest of ``values`` (107.1b: negative values compare as they are); of none, 0 (a
        number that can't be determined, 208.2a; the Spell Rupture ruling of 2013-01-24)."""
        return max((v for v in values if v is not None), default=0)

    @staticmethod
    def modification(value: int, *, calculated: bool, negated: bool) -> int:
        """The amount a P/T modification ("gets +X/+Y", 613.4c) gives, from ``value``: what its
        expression yields (its own value, or, ``negated``, that of the operand of its leading minus,
        the printed sign of "-X/-X"). 107.1b: a calculation that would determine the result of an
        effect and yields a negative number gives 0, since the effect neither sets nor doubles a
        power or toughness (a -2/4 creature given "+X/+X, where X is its power" stays -2/4); a
        number written as it is (``calculated`` false) is no calculation: "-2/-0" is -2.

        >>> Arithmetic.modification(-3, calculated=True, negated=False), Arithmetic.modification(3, calculated=True, negated=True)
        (0, -3)
        >>> Arithmetic.modification(-3, calculated=True, negated=True), Arithmetic.modification(-2, calculated=False, negated=False)
        (0, -2)
        """
        if not calculated:
            return -value if negated else value
        return -max(0, value) if negated else max(0, value)
