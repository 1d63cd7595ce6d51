"""Eager checks of strategy arguments: a bad call fails at once, naming the argument."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis.errors import InvalidArgument

from conformance.format.features import FEATURES


def check_type(expected: type | tuple[type, ...], value: Any, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, expected):
        kind = expected.__name__ if isinstance(expected, type) else " or ".join(t.__name__ for t in expected)
        raise InvalidArgument(f"Expected {kind} but got {name}={value!r} (type={type(value).__name__})")


def check_size(value: int, name: str, *, minimum: int = 0) -> None:
    check_type(int, value, name)
    if value < minimum:
        raise InvalidArgument(f"Invalid argument {name}={value}: must be at least {minimum}")


def check_interval(low: int, high: int, low_name: str, high_name: str) -> None:
    check_type(int, low, low_name)
    check_type(int, high, high_name)
    if low > high:
        raise InvalidArgument(f"Cannot have {high_name}={high} < {low_name}={low}")


CHECKPOINTS = ("each", "sparse", "end")
"""Where a generated scenario observes the board: after every event, after a random subset of
events and at the end, or only at the end. Sparse checkpoints leave events between two
observations, so an engine that checks state-based actions only when it is asked for a snapshot
is seen (CR 704.3: the check happens whenever a player would receive priority, observed or not)."""


def check_checkpoints(checkpoints: str) -> None:
    if checkpoints not in CHECKPOINTS:
        raise InvalidArgument(f"checkpoints={checkpoints!r}: expected one of {', '.join(map(repr, CHECKPOINTS))}")


def observe_here(draw, checkpoints: str) -> bool:
    """Whether a checkpoint follows an event that is not the last. Sparse: drawn, shrinking
    towards none (so a counterexample keeps only the checkpoints it needs)."""
    from hypothesis import strategies as st

    from strategies._internal.drawing import Chooser

    if checkpoints != "sparse":
        return checkpoints == "each"
    return draw.boolean() if isinstance(draw, Chooser) else draw(st.booleans())


def check_features(features: Iterable[str] | None) -> frozenset[str]:
    """``None`` means every feature; otherwise every name must be in the vocabulary."""
    if features is None:
        return frozenset(FEATURES)
    if isinstance(features, str):
        raise InvalidArgument(f"features={features!r} is a string; pass a collection, such as [{features!r}]")
    chosen = frozenset(features)
    unknown = sorted(chosen - FEATURES.keys())
    if unknown:
        raise InvalidArgument(f"Unknown features {unknown}; known: {', '.join(sorted(FEATURES))}")
    return chosen
