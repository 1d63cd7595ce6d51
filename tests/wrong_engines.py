"""Deliberately wrong engines: the reference engine with one realistic bug each.

The suite must report each as failing; tests/test_cli.py and tests/test_plugin.py check that.
"""

from __future__ import annotations

from reference_engine import Game, ReferenceEngine


class ClampingGame(Game):
    """Doubles (or triples) a negative power or toughness to 0, as if 107.1b turned the negative
    amount into 0: the bug CR 701.10c and 701.11c rule out."""

    def multiplication_bonus(self, power, toughness, which, multiplier):
        return super().multiplication_bonus(max(power, 0), max(toughness, 0), which, multiplier)


class ClampingEngine(ReferenceEngine):
    game_class = ClampingGame

    def describe(self):
        return {**super().describe(), "name": "clamping engine"}


class CrashingEngine(ReferenceEngine):
    """Raises on every case that doubles anything."""

    def run(self, case):
        if "double-pt" in case["features"]:
            raise RuntimeError("doubling is not implemented")
        return super().run(case)

    def describe(self):
        return {**super().describe(), "name": "crashing engine"}


class NoDoublingEngine(ReferenceEngine):
    """Declares that it cannot double or triple: those cases are unsupported."""

    def describe(self):
        description = super().describe()
        features = [f for f in description["features"] if f not in ("double-pt", "triple-pt")]
        return {**description, "name": "no-doubling engine", "features": features}


class OneSwitchGame(Game):
    """Treats any number of switches as one switch, so two switches do not cancel (613.4d)."""

    def power_toughness(self, obj):
        from reference_engine.layers import PowerToughness, applicable_effects
        from reference_engine.objects import Sublayer

        pt = super().power_toughness(obj)
        switches = sum(1 for e in applicable_effects(self, obj) if e.sublayer is Sublayer.SWITCH)
        if pt.power is None or switches < 2 or switches % 2:
            return pt
        return PowerToughness(pt.toughness, pt.power, pt.sublayers)


class OneSwitchEngine(ReferenceEngine):
    game_class = OneSwitchGame

    def describe(self):
        return {**super().describe(), "name": "one-switch engine"}
