"""A zoo of mutant engines: the reference engine with one realistic bug each.

Each mutant is a small subclass of :class:`reference_engine.Game` overriding one hook, and names
the rule it breaks. The kill matrix (tests/test_kill_matrix.py) asserts that the suite catches
every one; ``python -m benchmarks.kill_matrix`` measures how (docs/mutants.md).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from conformance.format import model as s
from reference_engine import (
    Game,
    ReferenceEngine,
    counter_replacement,
    damage_modifiers,
    layers,
    replacement,
    state_based_actions,
)
from reference_engine.protection import ProtectionPrevention
from reference_engine.copy import ChosenPT, CopyEffect
from reference_engine.objects import PTEffect, Sublayer, counter_pt
from reference_engine.prevention import PreventionShield
from reference_engine.range_of_influence import controller_of, in_range
from tests import (
    arithmetic_mutants, cant_mutants, casting_mutants, counter_mutants, emblem_mutants, interaction_mutants as im,
    life_mutants,
)
from tests import prevention_variant_mutants as pvm, trigger_event_mutants as tm
from tests import leaving_mutants  # issue 40
from tests import attachment_mutants as am
from tests import spell_copy_mutants as scm  # issue 40
from tests import entering_mutants as em  # issue 40
from tests import regeneration_mutants as rgm  # issue 40
from tests import face_mutants as fm  # issue 40
from tests import target_mutants as tgm
from tests.combat_mutants import (
    AttackingDoesNotTapGame, BlockerDamageToFirstAttackerGame, FirstStrikeNotFirstGame, ProtectionStopsItsOwnBlocksGame,
    SeparateCombatDamageGame, TrampleWithoutLethalGame, VigilanceIgnoredGame,
)
from tests.wrong_engines import (
    ClampingGame,
    CounterCopyingGame,
    LifeClampingGame,
    OneSwitchGame,
    RangeBlindPreventionGame,
    RangeBlindRedirectionGame,
    ReplacementLoopGame,
)


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
        self.live = getattr(self, "live", {})  # by identity: other effects (copies) may not be hashable
        multiplier = 2 if step.KEY == "double_pt" else 3
        for effect in created:
            self.live[id(effect)] = (effect, step.which, multiplier)

    def power_toughness(self, obj):
        live = getattr(self, "live", {})
        mine = [e for e in self.effects if id(e) in live and live[id(e)][0] is e and obj.ref in e.affected]
        if not mine:
            return super().power_toughness(obj)
        kept = self.effects
        self.effects = [e for e in kept if e not in mine]
        try:
            base = super().power_toughness(obj)
            for effect in mine:
                _, which, multiplier = live[id(effect)]
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


def _sets_in_order(game, obj, pt, order):
    """``pt`` (what layer 7 gives ``obj``) with its 7b set effects applied in ``order(sets)``
    instead of timestamp order (613.4b, 613.7); 7a, 7c and 7d as they were."""
    if pt.power is None:
        return pt
    trace = _trace(pt)
    power, toughness = trace["7a"]
    for effect in order(_effects(game, obj, Sublayer.SET)):
        power = power if effect.power is None else effect.power
        toughness = toughness if effect.toughness is None else effect.toughness
    power += trace["7c"][0] - trace["7b"][0]
    toughness += trace["7c"][1] - trace["7b"][1]
    if len(_effects(game, obj, Sublayer.SWITCH)) % 2:
        power, toughness = toughness, power
    return layers.PowerToughness(power, toughness, pt.sublayers)


class SetBySourceGame(Game):
    """7b effects are ordered by their source (static abilities first, then resolved spells)
    instead of by timestamp (613.4b, 613.7)."""

    def power_toughness(self, obj):
        def statics_first(sets):
            statics = [e for e in sets if e.until == "source-leaves"]
            return statics + [e for e in sets if e not in statics]
        return _sets_in_order(self, obj, super().power_toughness(obj), statics_first)


class SetsInReverseTimestampOrderGame(Game):
    """7b set effects apply in reverse timestamp order, so the earliest one wins instead of the
    latest (613.4b, 613.7): an engine that pushes each new set effect to the front of its list."""

    def power_toughness(self, obj):
        return _sets_in_order(self, obj, super().power_toughness(obj), lambda sets: sets[::-1])


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


class ChecksOnlyAtCheckpointsGame(Game):
    """State-based actions are checked only when a snapshot is asked for, at each checkpoint, not
    after every event (704.3): a later step before the checkpoint can undo one that must already
    have happened (a creature at toughness 0 pumped back, a player at 0 life gaining life)."""

    def check_state_based_actions(self):
        pass  # the check after each event (and before the first) is skipped

    def snapshot(self):
        super().check_state_based_actions()  # only when the engine is asked what it sees
        return super().snapshot()


# --- copies (707, 708) -------------------------------------------------------------------------


def _originals(step) -> list[str]:
    """The objects a step copies, in the order it creates their copy effects."""
    if isinstance(step, s.Move) and step.to == "battlefield" and step.choices is not None:
        return list(step.choices.copy or ())
    if isinstance(step, s.CreateToken):
        return [step.copy_of, *((step.choices and step.choices.copy) or ())]
    if isinstance(step, s.BecomeCopy):
        return [step.of]
    if isinstance(step, (s.Activate, s.Trigger)) and step.target is not None:
        return [step.target]
    return []


def _copy_effects_since(game, first: int) -> list[int]:
    """Where in ``game.effects`` the copy effects created from index ``first`` on are."""
    return [i for i in range(first, len(game.effects)) if isinstance(game.effects[i], CopyEffect)]


class _CopiesWrongValuesGame(Game):
    """A copy effect copies :meth:`copied_values` of the original instead of its copiable values
    (the subclasses say which wrong values)."""

    def copied_values(self, original):  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def perform(self, step):
        wrong = [self.copied_values(self.objects[o]) for o in _originals(step) if o in self.objects]
        first = len(self.effects)
        super().perform(step)
        for index, values in zip(_copy_effects_since(self, first), wrong):
            self.effects[index] = dataclasses.replace(self.effects[index], copied=values)
        layers.invalidate(self)


class CopyKeepsTypeChangesGame(_CopiesWrongValuesGame):
    """A copy takes the original's characteristics after every effect of layers 2-6, so type,
    colour and ability changes on it are copied (707.2 and 613.2c: only layer 1 is copiable)."""

    def copied_values(self, original):
        return layers.board(self).chars[original.id].values


class CopyKeepsPTEffectsGame(_CopiesWrongValuesGame):
    """A copy takes the original's current power and toughness (pumps, counters, switches, set
    effects) as its own (707.2: only the copiable values are copied, not layer 7)."""

    def copied_values(self, original):
        pt = self.power_toughness(original)
        values = layers.board(self).chars[original.id].copiable
        return values if pt.power is None else values.with_(power=pt.power, toughness=pt.toughness)


class FaceDownCopiedFaceUpGame(_CopiesWrongValuesGame):
    """A copy of a face-down permanent gets the card's face-up values instead of the nameless 2/2
    (708.2, 613.2b, 707.2: the face-down characteristics are its copiable values)."""

    def copied_values(self, original):
        return layers.board(self).face_up[original.id]


class LiveCopyGame(Game):
    """A copy effect reads the original's copiable values anew after every step instead of fixing
    them as it is created, so later changes to the original reach the copy (707.2b)."""

    def perform(self, step):
        originals = [o for o in _originals(step) if o in self.objects]
        first = len(self.effects)
        super().perform(step)
        live = self.__dict__.setdefault("live", [])
        live += [[self.effects[i], o] for i, o in zip(_copy_effects_since(self, first), originals)]
        for pair in live:
            at = next((i for i, e in enumerate(self.effects) if e is pair[0]), None)
            if at is not None:
                layers.invalidate(self)
                pair[0] = self.effects[at] = dataclasses.replace(pair[0], copied=layers.board(self).chars[pair[1]].copiable)
        layers.invalidate(self)


class ChosenPTIn7bGame(Game):
    """An "as enters" (or "as turned face up") choice of power and toughness is a 7b set effect,
    not a copiable effect of layer 1a, so a copy does not get it (613.2a, 707.2, 208.2b)."""

    def _demote(self):
        self.effects = [dataclasses.replace(e, sublayer=Sublayer.SET, layer="7b") if isinstance(e, ChosenPT) else e
                        for e in self.effects]

    def set_up_characteristics(self):
        super().set_up_characteristics()
        self._demote()

    def perform(self, step):
        super().perform(step)
        self._demote()


# --- players, damage and ranges of influence (701.10d-g, 614-616, 704.5g, 801.13) ----------------


class LifeDoublingGainsGame(Game):
    """Doubling a life total gains as much life as its absolute value, so a negative total goes up:
    -3 becomes 0, not -6 (701.10d, 107.1b)."""

    def double_life(self, step):
        player = self.player_states[step.player]
        player.gain_life(abs(player.life))


class CounterDoublingAddsOneGame(Game):
    """Doubling the counters of a kind adds one counter of that kind, as proliferate does, instead
    of as many as there are (701.10e)."""

    def double_counters(self, step):
        if step.player is not None:
            counters = self.player_states[step.player].counters
            counters[step.kind] += 1 if counters[step.kind] > 0 else 0
            return
        obj = self.objects[step.object]
        if obj.counters[step.kind] > 0:  # the one counter it puts, as the reference engine puts counters
            event = counter_replacement.CounterEvent(obj.id, step.kind, 1, controller_of(self, obj))
            counter_replacement.put(self, event, step.order)


class ManaDoublingEveryTypeGame(Game):
    """Doubling one type of mana doubles every type in the pool, as Doubling Cube does (701.10f)."""

    def double_mana(self, step):
        player = self.player_states[step.player]
        player.add_mana(dict(player.mana))


class ShieldsNeverUsedUpGame(Game):
    """A "prevent the next N damage" shield prevents up to N of each damage event, as a static
    615.10 effect would, instead of N in all (615.7)."""

    def modified(self, event, order):
        shields = [(e, e.remaining) for e in self.damage_effects if isinstance(e, PreventionShield)]
        try:
            return super().modified(event, order)
        finally:
            for shield, remaining in shields:
                shield.remaining = remaining


class DoublingBeforePreventionGame(Game):
    """Damage doublers always apply before prevention effects, whatever order the affected player
    chose (616.1, 616.1e)."""

    def modified(self, event, order):
        doublers = {d.ref for d in replacement.doublings(self)}
        order = {who: tuple(sorted(refs, key=lambda ref: ref not in doublers)) for who, refs in order.items()}
        return super().modified(event, order)


class RedirectorsRangeGame(Game):
    """A redirection is checked against the range of influence of the player who controls the
    redirection effect, not of the controller of the spell dealing the damage (801.13a)."""

    def redirection_reaches(self, moved):
        redirectors = [e.controller for e in self.damage_effects
                       if isinstance(e, replacement.Redirection) and e.instead_to == moved.recipient]
        if not redirectors:
            return super().redirection_reaches(moved)
        return in_range(self, redirectors[0], moved.recipient)


class PreventionNeedsBothInRangeGame(Game):
    """A prevention effect applies only when both the source and the recipient are in its
    controller's range, even one that names only its recipient or only its sources (801.13b)."""

    def prevention_reaches(self, effect, event):
        return in_range(self, effect.controller, event.source) and in_range(self, effect.controller, event.recipient)


class DamageSurvivesZoneChangeGame(Game):
    """Damage marked on a creature stays on it when it changes zones, as if it were the same object
    (400.7, 120.6): a damaged creature that is blinked comes back damaged."""

    def move(self, obj, zone):
        damage = self.damage_marked.pop(obj.ref, 0)
        super().move(obj, zone)
        if damage:
            self.damage_marked[obj.ref] += damage


class LethalDamageMustExceedGame(Game):
    """Damage equal to a creature's toughness is not lethal: it must exceed it (704.5g off by one)."""

    def check_state_based_actions(self):
        marked = self.damage_marked
        self.damage_marked = Counter({ref: n - 1 for ref, n in marked.items()})
        try:
            super().check_state_based_actions()
        finally:
            self.damage_marked = marked


# --- triggered abilities on events, life-gain and mana replacements (issue 18, points 5-7) ----------


class TriggersFirstInFirstOutGame(Game):
    """Triggered abilities resolve in the order they were put on the stack, the first put first,
    instead of the last put (on top) first (603.3b, 608.1)."""

    def stack_triggers(self, order):
        super().stack_triggers(order)
        self.__dict__["_stack"].reverse()


class DiesWithoutLookingBackGame(Game):
    """A creature's "when this dies" ability is looked for after it has left the battlefield, so it
    never triggers: leaves-the-battlefield abilities don't look back in time (603.10a)."""

    def look_back(self, leaving):
        super().look_back(leaving)
        gone = {obj.id for obj in leaving}
        for incarnation_and_pending in self.__dict__.get("_dies_lookback", {}).values():
            incarnation_and_pending[1][:] = [p for p in incarnation_and_pending[1] if p.source not in gone]


class LifeGainDoubledOnceGame(Game):
    """Several "gain twice that much life" effects double a gain once between them, as if one
    replacement effect applied (614.5: each gets its own opportunity)."""

    def life_gain_doublers(self, player):
        return min(1, super().life_gain_doublers(player))


class ManaReplacementLargestOnlyGame(Game):
    """Of several "produces N times as much mana" effects only the largest applies, instead of each
    once in turn (106.6a, 614.5, 616.1)."""

    def mana_factor(self, player):
        factors = [a.factor for o in self.objects.values() if o.zone == "battlefield"
                   and self.current_controller(o) == player
                   for a in layers.board(self).chars[o.id].values.has_ability(s.MultiplyMana)]
        return max(factors, default=1)
# --- damage modifiers, 615.5, 615.12, infect, wither, protection (issue 19) ----------------------------


class DamageTriplingAsDoublingGame(Game):
    """A damage tripler (Fiery Emancipation) doubles the damage instead (701.11, 614.1a)."""

    def modified_damage_amount(self, ability, amount):
        if ability.times == 3:
            return 2 * amount
        return super().modified_damage_amount(ability, amount)


class PlusAfterMultipliersGame(Game):
    """"Plus N" modifiers (Torbran) always apply after doublers and triplers, whatever order the
    affected player chose (616.1)."""

    def modified(self, event, order):
        adders = {m.ref for m in damage_modifiers.modifiers(self) if m.ability.plus is not None}
        order = {who: tuple(sorted(refs, key=lambda ref: ref in adders)) for who, refs in order.items()}
        return super().modified(event, order)


class HalfRoundedDownGame(Game):
    """"Prevent half that damage, rounded up" rounds down (615.1)."""

    def prevented_amount(self, effect, amount):
        if getattr(getattr(effect, "ability", None), "half", None) == "up":
            return amount // 2
        return super().prevented_amount(effect, amount)


class UnpreventableDamagePreventedGame(Game):
    """Damage that can't be prevented is prevented like any other (615.12)."""

    def modified(self, event, order):
        return super().modified(dataclasses.replace(event, unpreventable=False), order)


class ExtraForDamageNotPreventedGame(Game):
    """A prevention effect's additional effect counts the damage it was applied to, not the damage it
    prevented ("for each 1 damage prevented this way", 615.5): Phyrexian Hydra gets -1/-1 counters for
    damage that can't be prevented."""

    def extra_count(self, then, *, prevented, amount):
        return amount


class InfectAsLifeLossGame(Game):
    """Damage from a source with infect makes a player lose life, as ordinary damage does, instead of
    giving poison counters (702.90b, 120.3b)."""

    def damage_as_counters(self, infect, wither, *, to_player):
        return None if to_player else super().damage_as_counters(infect, wither, to_player=to_player)


class WitherIgnoredGame(Game):
    """Wither does nothing: damage from a source with wither (and not infect) is marked on creatures
    (702.80a, 120.3d)."""

    def damage_as_counters(self, infect, wither, *, to_player):
        return super().damage_as_counters(infect, False, to_player=to_player)


class ProtectionOnlyInCombatGame(Game):
    """Protection prevents only combat damage: a red spell's damage to a creature with protection
    from red is dealt (702.16e)."""

    def prevention_reaches(self, effect, event):
        if isinstance(effect, ProtectionPrevention) and not event.combat:
            return False
        return super().prevention_reaches(effect, event)


LAYER_7 = ("layer-7a", "layer-7b", "layer-7c", "layer-7d")
"""The features of an engine that models layer 7 and nothing else (issue 39)."""


@dataclass(frozen=True)
class Mutant:
    """A mutant engine: its name, the rule it breaks, its game; ``features``, when given, the only
    features it declares (an engine modelling less than the reference engine), else all of them."""

    name: str
    rule: str
    game: type[Game]
    features: tuple[str, ...] | None = None

    @property
    def bug(self) -> str:
        return " ".join((self.game.__doc__ or "").split())

    def engine(self) -> ReferenceEngine:
        mutant = self

        class MutantEngine(ReferenceEngine):
            game_class = mutant.game

            def describe(self):
                described = {**super().describe(), "name": f"mutant {mutant.name}"}
                if mutant.features is not None:
                    described["features"] = sorted(mutant.features)
                return described
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
    Mutant("7b-reverse-timestamp-order", "613.7", SetsInReverseTimestampOrderGame, LAYER_7),
    Mutant("no-counter-annihilation", "704.5q", NoAnnihilationGame),
    Mutant("zero-toughness-survives", "704.5f", ZeroToughnessSurvivesGame),
    Mutant("static-set-locked", "613.5", LockedStaticsGame),
    Mutant("effects-survive-zone-change", "400.7", EffectsSurviveZoneChangeGame),
    Mutant("counters-survive-zone-change", "400.7", CountersSurviveZoneChangeGame),
    Mutant("cleanup-ends-everything", "514.2", CleanupEndsEverythingGame),
    Mutant("cda-only-on-battlefield", "604.3", CdaOnlyOnBattlefieldGame),
    Mutant("checks-inside-one-event", "704.3", ChecksInsideOneEventGame),
    Mutant("checks-only-at-checkpoints", "704.3", ChecksOnlyAtCheckpointsGame),
    Mutant("copy-keeps-counters", "707.2", CounterCopyingGame),
    Mutant("copy-keeps-type-changes", "613.2c", CopyKeepsTypeChangesGame),
    Mutant("copy-keeps-pt-effects", "707.2", CopyKeepsPTEffectsGame),
    Mutant("face-down-copied-face-up", "708.2", FaceDownCopiedFaceUpGame),
    Mutant("copy-follows-the-original", "707.2b", LiveCopyGame),
    Mutant("chosen-pt-not-copiable", "613.2a", ChosenPTIn7bGame),
    Mutant("range-blind-redirection", "801.13a", RangeBlindRedirectionGame),
    Mutant("redirection-in-redirectors-range", "801.13a", RedirectorsRangeGame),
    Mutant("range-blind-prevention", "801.13b", RangeBlindPreventionGame),
    Mutant("prevention-needs-both-in-range", "801.13b", PreventionNeedsBothInRangeGame),
    Mutant("replacement-applies-again", "614.5", ReplacementLoopGame),
    Mutant("doubling-before-prevention", "616.1", DoublingBeforePreventionGame),
    Mutant("shields-never-used-up", "615.7", ShieldsNeverUsedUpGame),
    Mutant("lethal-damage-must-exceed", "704.5g", LethalDamageMustExceedGame),
    Mutant("damage-survives-zone-change", "400.7", DamageSurvivesZoneChangeGame),
    Mutant("negative-life-doubled-up", "701.10d", LifeDoublingGainsGame),
    Mutant("negative-life-not-doubled", "107.1b", LifeClampingGame),
    Mutant("counter-doubling-adds-one", "701.10e", CounterDoublingAddsOneGame),
    Mutant("mana-doubling-every-type", "701.10f", ManaDoublingEveryTypeGame),
    Mutant("triggers-first-in-first-out", "603.3b", TriggersFirstInFirstOutGame),
    Mutant("dies-without-looking-back", "603.10a", DiesWithoutLookingBackGame),
    Mutant("life-gain-doubled-once", "614.5", LifeGainDoubledOnceGame),
    Mutant("mana-replacement-largest-only", "106.6a", ManaReplacementLargestOnlyGame),
    # counters, tokens and loyalty (issue 18: tests/counter_mutants.py)
    Mutant("counter-costs-doubled", "614.16", counter_mutants.CostsDoubledGame),
    Mutant("counter-replacements-fixed-order", "616.1", counter_mutants.FixedOrderGame),
    Mutant("entering-counters-not-replaced", "122.6", counter_mutants.EnteringCountersNotReplacedGame),
    Mutant("own-replacement-as-it-enters", "614.12", counter_mutants.OwnReplacementAsItEntersGame),
    Mutant("token-replacements-ignored", "614.1a", counter_mutants.TokenReplacementsIgnoredGame),
    Mutant("loyalty-once-per-card", "606.3", counter_mutants.LoyaltyOncePerIdGame),
    Mutant("first-strike-not-first", "510.4", FirstStrikeNotFirstGame),
    Mutant("trample-without-lethal", "702.19b", TrampleWithoutLethalGame),
    Mutant("combat-damage-separate-events", "510.2", SeparateCombatDamageGame),
    Mutant("damage-tripling-as-doubling", "701.11", DamageTriplingAsDoublingGame),
    Mutant("plus-n-after-multipliers", "616.1", PlusAfterMultipliersGame),
    Mutant("prevent-half-rounded-down", "615.1", HalfRoundedDownGame),
    Mutant("unpreventable-damage-prevented", "615.12", UnpreventableDamagePreventedGame),
    Mutant("extra-for-damage-not-prevented", "615.5", ExtraForDamageNotPreventedGame),
    Mutant("infect-as-life-loss", "702.90b", InfectAsLifeLossGame),
    Mutant("wither-ignored", "702.80a", WitherIgnoredGame),
    Mutant("protection-only-in-combat", "702.16e", ProtectionOnlyInCombatGame),
    # life-loss replacements, counter halving, damage dealt at once (issue 18: tests/life_mutants.py)
    Mutant("life-loss-doubler-for-everyone", "614.1a", life_mutants.LifeLossDoublerForEveryoneGame),
    Mutant("lifelink-not-a-life-gain-event", "119.10", life_mutants.LifelinkNotALifeGainEventGame),
    Mutant("counter-halving-always-last", "616.1", life_mutants.HalvingAlwaysLastGame),
    Mutant("protection-stops-its-own-blocks", "702.16f", ProtectionStopsItsOwnBlocksGame),
    Mutant("attacking-does-not-tap", "508.1f", AttackingDoesNotTapGame),
    Mutant("vigilance-ignored", "702.20b", VigilanceIgnoredGame),
    Mutant("blocker-damage-to-first-attacker", "510.1d", BlockerDamageToFirstAttackerGame),
    # where two rules meet on one event or object (issue 39: tests/interaction_mutants.py)
    Mutant("protection-first-colour-only", "702.16e", im.ProtectionFirstColourOnlyGame),
    Mutant("protection-printed-colour", "702.16e", im.ProtectionPrintedColourGame),
    Mutant("lifelink-before-prevention", "702.15b", im.LifelinkBeforePreventionGame),
    Mutant("deathtouch-through-prevention", "702.2b", im.DeathtouchThroughPreventionGame),
    Mutant("counters-before-prevention", "120.3d", im.CountersBeforePreventionGame),
    Mutant("shield-restored-between-steps", "615.7", im.ShieldRestoredBetweenStepsGame),
    Mutant("static-prevention-once-per-combat", "615.10", im.StaticPreventionOncePerCombatGame),
    Mutant("protection-prevents-unpreventable", "615.12", im.ProtectionPreventsUnpreventableGame),
    Mutant("redirected-damage-loses-lifelink", "614.9", im.RedirectionLosesLifelinkGame),
    Mutant("infect-to-planeswalker-as-counters", "120.3c", im.InfectToPlaneswalkerAsCountersGame),
    Mutant("stolen-lifelink-to-owner", "702.15b", im.StolenLifelinkToOwnerGame),
    Mutant("indestructible-from-copiable-values", "702.12b", im.IndestructibleFromCopiableValuesGame),
    Mutant("indestructible-survives-zero-toughness", "704.5f", im.IndestructibleSurvivesZeroToughnessGame),
    Mutant("prevention-extra-not-replaced", "615.5", im.PreventionExtraCountersNotReplacedGame),
    Mutant("doubled-counters-not-replaced", "701.10e", im.DoubledCountersNotReplacedGame),
    Mutant("kind-limited-replacement-for-every-kind", "614.1a", im.KindLimitedReplacementForEveryKindGame),
    Mutant("opponent-halving-reads-owner", "613.1b", im.OpponentHalvingReadsOwnerGame),
    Mutant("doubled-copies-not-copies", "707.2", im.DoubledCopiesNotCopiesGame),
    Mutant("doubled-copies-lose-exceptions", "707.9", im.DoubledCopiesLoseExceptionsGame),
    Mutant("stolen-trigger-owner-controls", "603.3a", im.StolenTriggerOwnerControlsGame),
    Mutant("dealt-damage-once-per-source", "603.2c", im.DealtDamageOncePerSourceGame),
    Mutant("doubled-life-not-replaced", "701.10d", im.DoubledLifeTotalNotReplacedGame),
    Mutant("anthem-reads-owner", "613.1b", im.AnthemReadsOwnerGame),
    # "can't" abilities and life floors (issue 41: tests/cant_mutants.py)
    Mutant("cant-gain-life-only-its-controller", "119.7", cant_mutants.CantGainLifeOnlyItsControllerGame),
    Mutant("cant-lose-life-as-prevention", "119.8", cant_mutants.CantLoseLifeAsPreventionGame),
    Mutant("life-floor-as-prevention", "614.1a", cant_mutants.LifeFloorAsPreventionGame),
    Mutant("cant-have-counters-of-any-kind", "122.1", cant_mutants.CantHaveCountersOfAnyKindGame),
    # emblems and the "if it's a planeswalker" copy exception (issue 41: tests/emblem_mutants.py)
    Mutant("emblem-anthem-locked", "114.4", emblem_mutants.EmblemAnthemLockedGame),
    Mutant("emblem-is-a-permanent", "114.5", emblem_mutants.EmblemIsAPermanentGame),
    Mutant("emblem-timestamp-zero", "613.7a", emblem_mutants.EmblemTimestampZeroGame),
    Mutant("planeswalker-exception-always", "707.9f", emblem_mutants.PlaneswalkerExceptionAlwaysGame),
    # casting a spell, X and cast triggers (issue 41: tests/casting_mutants.py)
    Mutant("cast-paid-from-the-first-players-pool", "601.2h", casting_mutants.CastPaidFromTheFirstPlayersPoolGame),
    Mutant("x-read-as-zero-on-resolution", "107.3a", casting_mutants.XReadAsZeroOnResolutionGame),
    Mutant("cast-trigger-resolves-after-the-spell", "601.2i", casting_mutants.CastTriggerResolvesAfterTheSpellGame),
    # arithmetic in expressions (issue 41, item 4: tests/arithmetic_mutants.py)
    Mutant("half-always-rounded-down", "107.1a", arithmetic_mutants.HalfAlwaysRoundedDownGame),
    Mutant("greatest-among-printed", "107.1b", arithmetic_mutants.GreatestAmongPrintedGame),
    Mutant("difference-never-negative", "107.1b", arithmetic_mutants.DifferenceNeverNegativeGame),
    Mutant("negative-modification-kept", "107.1b", arithmetic_mutants.NegativeModificationKeptGame),
    # trigger events and effects (issue 41, item 1: tests/trigger_event_mutants.py)
    Mutant("attack-triggers-on-blockers", "508.3a", tm.AttackTriggersOnBlockersGame),
    Mutant("combat-damage-to-any-recipient", "510.3a", tm.CombatDamageToAnyRecipientGame),
    Mutant("step-triggers-on-every-players-step", "503.1a", tm.StepTriggersOnEveryPlayersStepGame),
    Mutant("face-up-triggers-enters", "708.8", tm.FaceUpTriggersEntersGame),
    Mutant("counters-removed-as-asked", "122.1", tm.CountersRemovedAsAskedGame),
    Mutant("dies-return-loses-the-card", "400.7d", tm.DiesReturnLosesTheCardGame),
    Mutant("its-power-printed", "608.2h", tm.ItsPowerPrintedGame),
    Mutant("planeswalker-target-hits-its-controller", "115.4", tm.PlaneswalkerTargetHitsItsControllerGame),
    Mutant("prevented-trigger-counts-the-damage", "615.5", tm.PreventedTriggerCountsTheDamageGame),
    Mutant("trigger-tokens-to-the-events-player", "111.2", tm.TriggerTokensToTheEventsPlayerGame),
    # prevention variants (issue 41, item 2: tests/prevention_variant_mutants.py)
    Mutant("to-you-and-your-creatures-as-creatures", "615.1", pvm.ToYouAndYourCreaturesAsCreaturesGame),
    Mutant("gains-for-the-damage-not-the-prevented", "615.5", pvm.GainsForTheDamageNotThePreventedGame),
    Mutant("reflects-the-damage-not-the-prevented", "615.5", pvm.ReflectsTheDamageNotThePreventedGame),
    Mutant("resolving-prevention-extras-ignored", "615.5", pvm.ResolvingPreventionExtrasIgnoredGame),
    Mutant("combat-only-unpreventable-for-all-damage", "615.12", pvm.CombatOnlyUnpreventableForAllDamageGame),
    Mutant("redirection-takes-every-permanent", "614.9", pvm.RedirectionTakesEveryPermanentGame),
    Mutant("cant-be-redirected-ignored", "614.9", pvm.CantBeRedirectedIgnoredGame),
    # a player leaving the game, ranges afterwards (issue 40: tests/leaving_mutants.py)
    Mutant("departed-keeps-stolen", "800.4a", leaving_mutants.DepartedKeepsStolenGame),
    Mutant("departed-tokens-stay", "800.4a", leaving_mutants.DepartedTokensStayGame),
    Mutant("owned-objects-exiled", "800.4a", leaving_mutants.OwnedObjectsExiledGame),
    Mutant("ranges-at-once", "801.2c", leaving_mutants.RangesAtOnceGame),
    Mutant("departed-still-a-player", "800.4", leaving_mutants.DepartedStillAPlayerGame),
    # Auras and Equipment (issue 40: tests/attachment_mutants.py)
    Mutant("attached-keeps-its-timestamp", "613.7e", am.EquipmentKeepsItsTimestampGame),
    Mutant("illegal-equipment-to-the-graveyard", "704.5n", am.IllegalEquipmentToTheGraveyardGame),
    Mutant("enchant-ignored", "704.5m", am.EnchantIgnoredGame),
    # copies of spells, modal spells, additional costs (issue 40: tests/spell_copy_mutants.py)
    Mutant("copy-recounts-x-as-zero", "707.10", scm.CopyRecountsXAsZeroGame),
    Mutant("copy-is-cast", "707.10", scm.CopyIsCastGame),
    Mutant("copy-controlled-by-the-caster", "707.10", scm.CopyControlledByTheCasterGame),
    Mutant("copy-chooses-the-first-mode", "700.2", scm.CopyChoosesTheFirstModeGame),
    Mutant("mode-outside-the-choosers-range-refused", "801.5b", scm.ModeOutsideTheChoosersRangeRefusedGame),
    Mutant("copy-has-no-sacrificed-power", "707.10", scm.CopyHasNoSacrificedPowerGame),
    Mutant("copy-remembers-the-mana-spent", "707.10", scm.CopyRemembersTheManaSpentGame),
    Mutant("copy-tokens-escape-the-doubler", "707.10e", scm.CopyTokensEscapeTheDoublerGame),
    # entering tapped, fading, choices as a permanent enters (issue 40: tests/entering_mutants.py)
    Mutant("orb-taps-itself", "614.12", em.OrbTapsItselfGame),
    Mutant("copy-enters-untapped", "614.1c", em.CopyEntersUntappedGame),
    Mutant("fading-not-copied", "702.32a", em.FadingNotCopiedGame),
    Mutant("choices-copied", "707.6", em.ChoicesCopiedGame),
    # destruction, regeneration, drawing, an ability of a copy (issue 40: tests/regeneration_mutants.py)
    Mutant("regeneration-leaves-it-untapped", "701.19a", rgm.RegenerationLeavesItUntappedGame),
    Mutant("late-shield-saves", "614.4", rgm.LateShieldSavesGame),
    Mutant("destroy-ignores-indestructible", "702.12b", rgm.DestroyIgnoresIndestructibleGame),
    Mutant("draws-the-bottom-card", "121.1", rgm.DrawsTheBottomCardGame),
    Mutant("counters-on-the-named-card", "707.11", rgm.CountersOnTheNamedCardGame),
    # double-faced cards and flip cards (issue 40: tests/face_mutants.py)
    Mutant("copies-the-front-face", "707.8", fm.CopiesTheFrontFaceGame),
    Mutant("single-faced-copy-transforms", "712.9", fm.SingleFacedCopyTransformsGame),
    Mutant("transform-keeps-the-timestamp", "613.7g", fm.TransformKeepsTheTimestampGame),
    Mutant("transform-is-a-new-object", "712.18", fm.TransformIsANewObjectGame),
    Mutant("copies-the-flipped-side", "707.2", fm.CopiesTheFlippedSideGame),
    Mutant("copy-unflips", "707.3", fm.CopyUnflipsGame),
    # targets (issue 40: tests/target_mutants.py)
    Mutant("hexproof-targetable-by-opponents", "702.11b", tgm.HexproofTargetableGame),
    Mutant("shroud-as-hexproof", "702.18a", tgm.ShroudAsHexproofGame),
    Mutant("protection-does-not-stop-targeting", "702.16b", tgm.ProtectionDoesNotStopTargetingGame),
    Mutant("cant-be-targeted-by-its-controller-too", "115.1", tgm.CantBeTargetedByItsControllerTooGame),
    Mutant("target-not-checked-on-resolution", "608.2b", tgm.TargetNotCheckedOnResolutionGame),
    Mutant("chooser-range-ignored", "801.5a", tgm.ChooserRangeIgnoredGame),
    Mutant("targets-outside-the-range", "801.4", tgm.TargetsOutsideTheRangeGame),
)


class CountersAfterSwitchesEngine(ReferenceEngine):
    """The mutant counters-after-switches as an engine spec (``tests.mutants:CountersAfterSwitchesEngine``):
    a bug no law names, which only the differential property catches (613.4c)."""

    game_class = CountersAfterSwitchesGame

    def describe(self):
        return {**super().describe(), "name": "mutant counters-after-switches"}


def __getattr__(name: str):
    """``tests.mutants:mutant_NAME``, each mutant of :data:`MUTANTS` as an engine spec (its name's dashes as
    underscores): ``mtg-conformance campaign --engine tests.mutants:mutant_tripling_as_doubling``."""
    if name.startswith("mutant_"):
        for mutant in MUTANTS:
            if mutant.name.replace("-", "_") == name[len("mutant_"):]:
                return mutant.engine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
