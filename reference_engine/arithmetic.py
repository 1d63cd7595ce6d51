"""Arithmetic in expressions (CR 107.1): half rounded as the card says (107.1a), and what a
calculation that would be negative gives (107.1b)."""

from __future__ import annotations

from conformance.errors import Unsupported


def half(value: int, rounding: str) -> int:
    """Half of ``value``, rounded ``up`` or ``down`` (107.1a: the game uses only integers, and a
    card that can make a fraction says which way to round).

    >>> half(5, "up"), half(5, "down"), half(4, "up"), half(-4, "down")
    (3, 2, 2, -2)

    Half of a negative odd number is refused: whether "rounded down" of -2.5 is -3 or -2 (toward
    zero, as many languages divide) is not something the rules settle."""
    if value % 2 and value < 0:
        raise Unsupported(f"half of the negative odd number {value}: which way it rounds is not settled (CR 107.1a)")
    return value // 2 if rounding == "down" else -(-value // 2)


def modification(value: int, *, calculated: bool, negated: bool) -> int:
    """The amount a P/T modification ("gets +X/+Y", 613.4c) gives, from ``value``: what its
    expression yields (its own value, or, ``negated``, that of the operand of its leading minus,
    the printed sign of "-X/-X"). 107.1b: a calculation that would determine the result of an
    effect and yields a negative number gives 0, since the effect neither sets nor doubles a
    power or toughness (a -2/4 creature given "+X/+X, where X is its power" stays -2/4); a
    number written as it is (``calculated`` false) is no calculation: "-2/-0" is -2.

    >>> modification(-3, calculated=True, negated=False), modification(3, calculated=True, negated=True)
    (0, -3)
    >>> modification(-3, calculated=True, negated=True), modification(-2, calculated=False, negated=False)
    (0, -2)
    """
    if not calculated:
        return -value if negated else value
    return -max(0, value) if negated else max(0, value)
