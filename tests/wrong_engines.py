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


class RangeBlindRedirectionGame(Game):
    """Deals redirected damage wherever the redirection sends it, ignoring the limited range of
    influence: the bug CR 801.13a rules out (a redirection can't make a spell affect a player or
    object outside its controller's range)."""

    def redirection_reaches(self, moved):
        return True


class RangeBlindRedirectionEngine(ReferenceEngine):
    game_class = RangeBlindRedirectionGame

    def describe(self):
        return {**super().describe(), "name": "range-blind redirection engine"}


class ReplacementLoopGame(Game):
    """Treats an event modified by another effect as a new event, so a replacement effect gets
    another opportunity once a different effect has applied (what CR 614.5 rules out), stopped only
    by a loop guard of three applications per event: two damage doublers turn 2 into 16."""

    LOOP_GUARD = 3

    def may_apply_again(self, effect, history):
        if len(history) >= self.LOOP_GUARD:
            return False
        return not history or effect.key != history[-1]


class ReplacementLoopEngine(ReferenceEngine):
    game_class = ReplacementLoopGame

    def describe(self):
        return {**super().describe(), "name": "replacement-loop engine"}


class LifeClampingGame(Game):
    """Doubles a life total only when it is above 0, as if 107.1b turned a negative total into 0:
    the bug CR 701.10d and 107.1b rule out (-3 doubled is -6)."""

    def double_life(self, step):
        if self.player_states[step.player].life > 0:
            super().double_life(step)


class LifeClampingEngine(ReferenceEngine):
    game_class = LifeClampingGame

    def describe(self):
        return {**super().describe(), "name": "life-clamping engine"}


class CounterCopyingGame(Game):
    """A copy also gets the counters of the object it copies, as if counters were copiable values:
    the bug CR 707.2 rules out (counters are not copied)."""

    def perform(self, step):
        super().perform(step)
        if step.KEY == "move" and step.to == "battlefield" and step.choices is not None:
            pairs = [(step.object, original) for original in step.choices.copy or ()]
        elif step.KEY == "create_token":  # only token copies: a token with given characteristics copies nothing
            tokens = step.names
            originals = [o for o in (step.copy_of, *((step.choices and step.choices.copy) or ())) if o is not None]
            pairs = [(token, original) for token in tokens if token in self.objects for original in originals]
        elif step.KEY == "become_copy":
            pairs = [(obj.id, step.of) for obj in self.objects.values() if obj.zone == "battlefield"
                     and (obj.id == step.to or step.to is None)]
        else:
            return
        for copy, original in pairs:
            for kind, count in self.objects[original].counters.items():
                self.objects[copy].counters[kind] += count


class CounterCopyingEngine(ReferenceEngine):
    game_class = CounterCopyingGame

    def describe(self):
        return {**super().describe(), "name": "counter-copying engine"}


class StarsAsZeroGame(Game):
    """Off the battlefield, a card with a star in its printed power or toughness is 0/0: its
    characteristic-defining ability is not applied there, the bug CR 208.2a and 604.3 rule out
    (the ability works in every zone, and only what it cannot determine counts as 0)."""

    def power_toughness(self, obj):
        from reference_engine.layers import PowerToughness

        pt = super().power_toughness(obj)
        if obj.zone != "battlefield" and any(isinstance(v, str) for v in (obj.card.power, obj.card.toughness)):
            return PowerToughness(0, 0, pt.sublayers)
        return pt


class StarsAsZeroEngine(ReferenceEngine):
    game_class = StarsAsZeroGame

    def describe(self):
        return {**super().describe(), "name": "stars-as-zero engine"}


class RangeBlindPreventionGame(Game):
    """Applies prevention effects whatever their controller's range of influence: the bug CR
    801.13b rules out (Fog prevents damage between two players outside its controller's range)."""

    def prevention_reaches(self, effect, event):
        return True


class RangeBlindPreventionEngine(ReferenceEngine):
    game_class = RangeBlindPreventionGame

    def describe(self):
        return {**super().describe(), "name": "range-blind prevention engine"}


class NoRangeEngine(ReferenceEngine):
    """Declares no limited range of influence: cases and laws needing it are unsupported."""

    def describe(self):
        description = super().describe()
        features = [f for f in description["features"] if f != "range-of-influence"]
        return {**description, "name": "no-range engine", "features": features}


class PickyClampingEngine(ClampingEngine):
    """The clamping engine, refusing (Unsupported) every case that switches or triples power and
    toughness, naming the object: its properties' refusals have reasons."""

    def run(self, case):
        from conformance.errors import Unsupported

        for step in case["steps"]:
            for kind, what in (("switch_pt", "switching"), ("triple_pt", "tripling")):
                if kind in step:
                    raise Unsupported(f"{what} is not wired up yet (asked of {step[kind].get('to')!r})")
        return super().run(case)

    def describe(self):
        return {**super().describe(), "name": "picky clamping engine"}


class LayerSevenOnlyEngine(ReferenceEngine):
    """Declares layer 7 and what it needs only (issue 45's engine): most properties are locked
    behind features it does not declare."""

    FEATURES = ("layer-7a", "layer-7b", "layer-7c", "layer-7d", "counters", "double-pt", "triple-pt", "durations")

    def describe(self):
        return {**super().describe(), "name": "layer-7 engine", "features": list(self.FEATURES)}
