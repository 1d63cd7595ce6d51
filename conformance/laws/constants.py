"""The property suite draws no constants from the code that happens to be installed locally.

Hypothesis, as it generates, sometimes draws a constant found in the source of the "local" modules
imported in the process (not the standard library, not site-packages): before the first such draw
it parses every one of them (about 0.3 s a process for this suite's hundred modules, paid again in
every fresh process under the ``ci`` profile, whose storage is a new temporary directory). Which
modules are local depends on how the suite was installed (editable: all of it; from a wheel: none)
and on the engine's adapter, so the ``ci`` profile's examples could depend on them too. The
constants Hypothesis keeps from this suite's code are all outside the ranges its strategies draw
from (127, 128, 256, 1,024, 2**64 - 1: it skips small integers), so the examples are the same with
or without them (checked: every property's examples on the reference engine, 6,865 runs, identical;
tests/test_local_constants.py checks two properties); :func:`none_from_local_code` makes that so by
construction while a property runs, and saves the parsing. Its global constants are untouched.

This uses Hypothesis's internal ``providers._get_local_constants``; without it (a later
Hypothesis), nothing is changed: generation is then only slower, never different.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

try:
    from hypothesis.internal.conjecture import providers as _providers
    from hypothesis.internal.constants_ast import Constants as _Constants
except ImportError:  # pragma: no cover - a Hypothesis without them
    _providers = _Constants = None

AVAILABLE = _providers is not None and callable(getattr(_providers, "_get_local_constants", None))
"""Whether this Hypothesis has the hook :func:`none_from_local_code` replaces."""


@contextlib.contextmanager
def none_from_local_code() -> Iterator[None]:
    """While the block runs, Hypothesis finds no constants in local modules (its global ones stay)."""
    if not AVAILABLE:
        yield
        return
    real = _providers._get_local_constants
    empty = _Constants()
    _providers._get_local_constants = lambda: empty
    try:
        yield
    finally:
        _providers._get_local_constants = real
