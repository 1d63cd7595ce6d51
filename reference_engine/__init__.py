"""The reference engine: a minimal rules engine that implements the covered rules exactly.

It is the oracle the suite trusts: golden cases must pass on it, and other engines are compared
with it. Minimal means no turn structure, priority or card database beyond what the covered
rules need; it never means approximate. Every behaviour cites its CR rule beside its code:

- ``layers``: interaction of continuous effects, layers 1-7 as a checklist (613.1-613.9), its
  entry points and cache; ``layers_1_to_6``: layers 1-6 (613.1a-f, 613.2, 613.3, 613.5-613.8);
  ``layer_7``: power and toughness in sublayers 7a-7d (613.4) and the layer 7 effects of static
  abilities (604.2, 613.5, 613.6); ``copy``: copy effects, copiable values and their exceptions (707); ``face_down``: face-down
  permanents (708, 702.37); ``becomes``: what "becomes" effects do in layers 2-6 (613.1b-f,
  205.1); ``characteristics``: an object's characteristics and their observables; ``entering``:
  "as enters" replacement effects and choices (614.12, 707.5, 208.2b); ``abilities``: activated
  and triggered abilities as data (602, 603); ``characteristic_steps``: those as the part of
  ``Game`` about characteristics;
- ``doubling``: doubling and tripling power and toughness (701.10, 701.11);
- ``state_based_actions``: 704.5a, 704.5c, 704.5f, 704.5g and 704.5q, checked after every step (704.3);
- ``game``: objects, effects, timestamps and the steps of a scenario: the top of the engine, the
  only module that imports the step handlers; ``state``: what a rules module may read and change
  of a game (``GameState``), so that no rules module imports ``game``;
- ``filters``: filters and characteristic-defining expressions (208.2a, 604.3);
- ``players``: life totals, counters on players, mana pools, losing the game (119, 122.1, 106.4,
  704.5a, 704.5c); ``damage``: damage events and what they do (120, 704.5g);
  ``replacement``: doubling and redirection, and the affected player's order (614, 616.1,
  701.10g); ``prevention``: prevention effects (615); ``range_of_influence``: the limited range
  of influence option (801); ``table``: those as the part of ``Game`` about players and damage;
  ``leaving``: a player leaving the game and a turn beginning (104.3a, 800.4a, 801.2c).

It knows nothing of pytest or reports: it takes a case as plain data and returns snapshots.
"""

from __future__ import annotations

from typing import Any

from conformance import __version__
from conformance.format.features import FEATURES
from conformance.format.model import Case
from reference_engine import log
from reference_engine.game import Game

OBSERVABLES = {"objects": ["zone", "controller", "power", "toughness", "counters", "damage",
                           "name", "mana_cost", "colors", "types", "subtypes", "supertypes", "abilities", "face_down", "tapped"],
               "players": ["life", "mana", "counters", "lost"]}


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
        return self.run_case(Case.from_dict(case, derive=False))

    def run_case(self, case: Case) -> list[dict[str, Any]]:
        """:meth:`run` on a case already built: the suite's own path when this engine is the
        oracle of a property (the case it generated needs no plain form parsed back)."""
        return self.game_class(case).run()

    def run_logged(self, case: Case) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """:meth:`run_case`, and the game's log: each event as plain data (``reference_engine.log``)."""
        game = self.game_class(case)
        entries = log.attach(game)
        return game.run(), entries


__all__ = ["ReferenceEngine", "Game"]
