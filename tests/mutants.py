"""A zoo of mutant engines: the reference engine with one realistic bug each.

Each mutant is a small subclass of :class:`reference_engine.Game` overriding one hook, and names
the rule it breaks. The kill matrix (tests/test_kill_matrix.py) asserts that the suite catches
every one; ``python -m benchmarks.kill_matrix`` measures how (docs/mutants.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from reference_engine import Game, ReferenceEngine, layers, state_based_actions
from reference_engine.objects import PTEffect, Sublayer, counter_pt
from tests.wrong_engines import ClampingGame, OneSwitchGame


def _counters(obj) -> tuple[int, int]:
    deltas = [counter_pt(kind) for kind in obj.counters]
    return (sum(d[0] * obj.counters[k] for d, k in zip(deltas, obj.counters) if d),
            sum(d[1] * obj.counters[k] for d, k in zip(deltas, obj.counters) if d))


def _trace(pt) -> dict[str, tuple[int, int]]:
    return {label: (p, t) for label, p, t in pt.sublayers}


def _effects(game, obj, sublayer) -> list[PTEffect]:
    return sorted((e for e in layers.applicable_effects(game, obj) if e.sublayer is sublayer), key=lambda e: e.timestamp)


class TriplingAsDoublingGame(Game):
    """Tripling gives +X like doubling instead of +2X (701.11b)."""

    def multiplication_bonus(self, power, toughness, which, multiplier):
        return super().multiplication_bonus(power, toughness, which, 2)


class DoublingAsSetGame(Game):
    """Doubling sets power to twice its value in layer 7b instead of a 7c bonus (701.10a)."""

    def multiply(self, step):
        multiplier = 2 if step.KEY == "double_pt" else 3
        for obj in self.affected_by(step):
            pt = self.power_toughness(obj)
            power = pt.power * multiplier if step.which in ("power", "both") else None
            toughness = pt.toughness * multiplier if step.which in ("toughness", "both") else None
            self.effects.append(PTEffect(Sublayer.SET, frozenset({obj.ref}), self.tick(), step.until, step.id,
                                         power, toughness))


class DoublingFromPrintedGame(Game):
    """Doubling adds the printed power, not the current one (701.10b)."""

    def multiply(self, step):
        multiplier = 2 if step.KEY == "double_pt" else 3
        timestamp = self.tick()
        for obj in self.affected_by(step):
            power, toughness = self.multiplication_bonus(layers.printed_value(obj.card.power),
                                                         layers.printed_value(obj.card.toughness), step.which, multiplier)
            self.create_effect(step, power=power, toughness=toughness, affected=[obj], timestamp=timestamp)


class RecomputedDoublingGame(Game):
    """The doubling bonus follows the creature's power instead of being fixed as it resolves
    (701.10b): it is recomputed from the power without it, every time."""

    def multiply(self, step):
        super().multiply(step)
        created = self.effects[-len(self.affected_by(step)):] if self.affected_by(step) else []
        self.live = getattr(self, "live", {})
        multiplier = 2 if step.KEY == "double_pt" else 3
        for effect in created:
            self.live[effect] = (step.which, multiplier)

    def power_toughness(self, obj):
        live = getattr(self, "live", {})
        mine = [e for e in self.effects if e in live and obj.ref in e.affected]
        if not mine:
            return super().power_toughness(obj)
        kept = self.effects
        self.effects = [e for e in kept if e not in mine]
        try:
            base = super().power_toughness(obj)
            for effect in mine:
                which, multiplier = live[effect]
                power, toughness = self.multiplication_bonus(base.power or 0, base.toughness or 0, which, multiplier)
                self.effects.append(PTEffect(Sublayer.MODIFY, effect.affected, effect.timestamp, effect.until,
                                             effect.id, power, toughness))
            return super().power_toughness(obj)
        finally:
            self.effects = kept


class CountersAfterSwitchesGame(Game):
    """Counters apply after switches, as in the sublayer order before the April 2020 CR (613.4c)."""

    def power_toughness(self, obj):
        pt = super().power_toughness(obj)
        if pt.power is None:
            return pt
        power, toughness = _trace(pt)["7c"]
        cp, ct = _counters(obj)
        power, toughness = power - cp, toughness - ct
        if len(_effects(self, obj, Sublayer.SWITCH)) % 2:
            power, toughness = toughness, power
        return layers.PowerToughness(power + cp, toughness + ct, pt.sublayers)


class SwitchAmong7cGame(Game):
    """Switches apply in timestamp order among the 7c effects instead of after them (613.4d)."""

    def power_toughness(self, obj):
        pt = super().power_toughness(obj)
        if pt.power is None:
            return pt
        power, toughness = _trace(pt)["7b"]
        cp, ct = _counters(obj)
        power, toughness = power + cp, toughness + ct
        for effect in sorted(_effects(self, obj, Sublayer.MODIFY) + _effects(self, obj, Sublayer.SWITCH),
                             key=lambda e: e.timestamp):
            if effect.sublayer is Sublayer.SWITCH:
                power, toughness = toughness, power
            else:
                power, toughness = power + (effect.power or 0), toughness + (effect.toughness or 0)
        return layers.PowerToughness(power, toughness, pt.sublayers)


class SetBySourceGame(Game):
    """7b effects are ordered by their source (static abilities first, then resolved spells)
    instead of by timestamp (613.4b, 613.7)."""

    def power_toughness(self, obj):
        pt = super().power_toughness(obj)
        if pt.power is None:
            return pt
        trace = _trace(pt)
        power, toughness = trace["7a"]
        sets = _effects(self, obj, Sublayer.SET)
        statics = [e for e in sets if e.until == "source-leaves"]
        for effect in statics + [e for e in sets if e not in statics]:
            power = power if effect.power is None else effect.power
            toughness = toughness if effect.toughness is None else effect.toughness
        power += trace["7c"][0] - trace["7b"][0]
        toughness += trace["7c"][1] - trace["7b"][1]
        if len(_effects(self, obj, Sublayer.SWITCH)) % 2:
            power, toughness = toughness, power
        return layers.PowerToughness(power, toughness, pt.sublayers)


class NoAnnihilationGame(Game):
    """+1/+1 and -1/-1 counters stay side by side (704.5q missing)."""

    def check_state_based_actions(self):
        saved = state_based_actions.PLUS
        state_based_actions.PLUS = "+1/+1 (never)"
        try:
            super().check_state_based_actions()
        finally:
            state_based_actions.PLUS = saved


class ZeroToughnessSurvivesGame(Game):
    """Only a negative toughness kills: toughness exactly 0 survives (704.5f off by one)."""

    def check_state_based_actions(self):
        original = self.power_toughness

        def shifted(obj):
            pt = original(obj)
            return pt if pt.toughness is None else layers.PowerToughness(pt.power, pt.toughness + 1, pt.sublayers)
        self.power_toughness = shifted
        try:
            super().check_state_based_actions()
        finally:
            del self.power_toughness


class LockedStaticsGame(Game):
    """A static ability's affected set is fixed when its object enters, not re-evaluated (613.5)."""

    def __init__(self, case):
        super().__init__(case)
        self.locked = {o.id: {x.ref for x in self.objects.values()} for o in self.objects.values()}

    def move(self, obj, zone):
        super().move(obj, zone)
        self.locked[obj.id] = {o.ref for o in self.objects.values()}

    def power_toughness(self, obj):
        pt = super().power_toughness(obj)
        sources = [o for o in self.objects.values() if o.zone == "battlefield"
                   and obj.ref not in self.locked[o.id] and o.id != obj.id]
        if not sources or pt.power is None:
            return pt
        power, toughness = pt.power, pt.toughness
        for source in sources:
            for effect in layers.static_effects([source, obj], only=obj):
                if effect.sublayer is Sublayer.MODIFY and obj.ref in effect.affected:
                    power -= effect.power or 0
                    toughness -= effect.toughness or 0
        return layers.PowerToughness(power, toughness, pt.sublayers)


class EffectsSurviveZoneChangeGame(Game):
    """An object that leaves and returns keeps the effects it had (400.7 ignored)."""

    def move(self, obj, zone):
        incarnation = obj.incarnation
        super().move(obj, zone)
        obj.incarnation = incarnation


class CountersSurviveZoneChangeGame(Game):
    """Counters stay on an object that changes zones (400.7, 122.2 ignored)."""

    def move(self, obj, zone):
        counters = obj.counters
        super().move(obj, zone)
        obj.counters = counters


class CleanupEndsEverythingGame(Game):
    """The cleanup step also ends effects that last until something else ends them (514.2)."""

    def perform(self, step):
        if step.KEY == "end_turn":
            self.effects = []
            return
        super().perform(step)


class CdaOnlyOnBattlefieldGame(Game):
    """*/* abilities work only on the battlefield: 0/0 elsewhere (208.2a, 604.3)."""

    def power_toughness(self, obj):
        pt = super().power_toughness(obj)
        if obj.zone != "battlefield" and any(a.KEY == "cda_pt" for a in obj.card.abilities):
            return layers.PowerToughness(0, 0, pt.sublayers)
        return pt


class ChecksInsideOneEventGame(Game):
    """State-based actions are checked between the parts of one event (704.3)."""

    def perform(self, step):
        super().perform(step)
        self.check_state_based_actions()


@dataclass(frozen=True)
class Mutant:
    name: str
    rule: str
    game: type[Game]

    @property
    def bug(self) -> str:
        return " ".join((self.game.__doc__ or "").split())

    def engine(self) -> ReferenceEngine:
        mutant = self

        class MutantEngine(ReferenceEngine):
            game_class = mutant.game

            def describe(self):
                return {**super().describe(), "name": f"mutant {mutant.name}"}
        return MutantEngine()


MUTANTS: tuple[Mutant, ...] = (
    Mutant("clamp-negative-before-doubling", "701.10c", ClampingGame),
    Mutant("tripling-as-doubling", "701.11b", TriplingAsDoublingGame),
    Mutant("doubling-as-7b-set", "701.10a", DoublingAsSetGame),
    Mutant("doubling-from-printed-power", "701.10b", DoublingFromPrintedGame),
    Mutant("doubling-recomputed-continuously", "701.10b", RecomputedDoublingGame),
    Mutant("counters-after-switches", "613.4c", CountersAfterSwitchesGame),
    Mutant("switches-among-7c-by-timestamp", "613.4d", SwitchAmong7cGame),
    Mutant("two-switches-as-one", "613.4d", OneSwitchGame),
    Mutant("7b-ordered-by-source", "613.7", SetBySourceGame),
    Mutant("no-counter-annihilation", "704.5q", NoAnnihilationGame),
    Mutant("zero-toughness-survives", "704.5f", ZeroToughnessSurvivesGame),
    Mutant("static-set-locked", "613.5", LockedStaticsGame),
    Mutant("effects-survive-zone-change", "400.7", EffectsSurviveZoneChangeGame),
    Mutant("counters-survive-zone-change", "400.7", CountersSurviveZoneChangeGame),
    Mutant("cleanup-ends-everything", "514.2", CleanupEndsEverythingGame),
    Mutant("cda-only-on-battlefield", "604.3", CdaOnlyOnBattlefieldGame),
    Mutant("checks-inside-one-event", "704.3", ChecksInsideOneEventGame),
)
