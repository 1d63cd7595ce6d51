"""Doubling and tripling power and toughness (CR 701.10a-c, 701.11a-c).

Both create a layer 7c effect (701.10a, 701.11a) whose amount is fixed as the spell or ability
resolves. Doubling gives +X where X is the current value (701.10b); when the value is below 0,
the creature instead gets -X where X is the distance from 0 (701.10c), which is the same
arithmetic: the bonus equals the current value, sign included. Tripling adds twice the value
(701.11b-c). Negative results are kept, not turned into 0 (107.1b).
"""

from __future__ import annotations

MULTIPLIERS = {"double": 2, "triple": 3}


def bonus(value: int, multiplier: int) -> int:
    """The 7c amount that multiplies ``value``: ``(multiplier - 1) * value``.

    >>> bonus(3, 2), bonus(-2, 2), bonus(-2, 3)
    (3, -2, -4)
    """
    return (multiplier - 1) * value


def pt_bonus(power: int, toughness: int, which: str, multiplier: int) -> tuple[int, int]:
    """The +X/+Y a doubling (multiplier 2) or tripling (3) of ``which`` gives a creature whose
    power and toughness are now ``power``/``toughness`` (701.10b-c, 701.11b-c)."""
    return (
        bonus(power, multiplier) if which in ("power", "both") else 0,
        bonus(toughness, multiplier) if which in ("toughness", "both") else 0,
    )
