"""The reference engine: a minimal rules engine that implements the covered rules exactly.

It is the oracle the suite trusts: golden cases must pass on it, and other engines are compared
with it. Minimal means no turn structure, priority or card database beyond what the covered
rules need; it never means approximate. Every behaviour cites its CR rule beside its code:

- ``layers``: interaction of continuous effects, layer 7 (613.4, 613.7);
- ``doubling``: doubling and tripling power and toughness (701.10, 701.11);
- ``state_based_actions``: 704.5f and 704.5q, checked after every step (704.3);
- ``game``: objects, effects, timestamps and the steps of a scenario;
- ``filters``: filters and characteristic-defining expressions (208.2a, 604.3).

It knows nothing of pytest or reports: it takes a case as plain data and returns snapshots.
"""

from __future__ import annotations

from typing import Any

from conformance import __version__
from conformance.features import FEATURES
from conformance.scenario import Case
from reference_engine.game import Game

OBSERVABLES = {"objects": ["zone", "controller", "power", "toughness", "counters"], "players": []}


class ReferenceEngine:
    """The built-in engine, usable as ``--engine reference``.

    ``game_class`` is the :class:`Game` it plays; a variant engine (a test's deliberately wrong
    engine, say) subclasses :class:`Game` and overrides one rule's method.
    """

    game_class: type[Game] = Game

    def describe(self) -> dict[str, Any]:
        return {
            "name": "mtg-conformance reference engine",
            "version": __version__,
            "features": sorted(FEATURES),
            "observables": OBSERVABLES,
        }

    def run(self, case: dict[str, Any]) -> list[dict[str, Any]]:
        """Run a whole case (its plain form) and return one snapshot per checkpoint."""
        return self.game_class(Case.from_dict(case)).run()


__all__ = ["ReferenceEngine", "Game"]
