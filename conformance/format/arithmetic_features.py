"""The features of arithmetic in expressions (expressions.py; CR 107.1, 107.1a, 107.1b): their names
and how an expression needs them. Part of :mod:`conformance.format.features`, which merges them into
its vocabulary."""

from __future__ import annotations

from collections.abc import Iterator

from conformance.format.expressions import Difference, Greatest, Half, Negative, Twice

FEATURES: dict[str, str] = {
    "greatest-among": "\"the greatest power (toughness, mana value) among\" the objects a filter matches: negative "
                      "values compare as they are, none gives 0; power and toughness read as the effect resolves, "
                      "then fixed (CR 107.1b, 608.2h, 208.2a)",
    "half-rounded": "half a number, rounded up or down as the card says; half of a negative odd number is refused "
                    "(CR 107.1a)",
    "expression-arithmetic": "twice a number, its negative (\"-X/-X\"), the difference of two; a set P/T may be "
                             "negative, a calculated P/T modification that would be negative is 0 (CR 107.1, "
                             "107.1b)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "greatest-among": ("107.1b", "608.2h"),
    "half-rounded": ("107.1a",),
    "expression-arithmetic": ("107.1b",),
}

_EXPRESSIONS = {Greatest: "greatest-among", Half: "half-rounded", Twice: "expression-arithmetic",
                Negative: "expression-arithmetic", Difference: "expression-arithmetic"}


def expression_features(expr: object) -> Iterator[str]:
    """The feature an expression of this part needs (its operands apart)."""
    if type(expr) in _EXPRESSIONS:
        yield _EXPRESSIONS[type(expr)]
