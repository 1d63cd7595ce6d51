"""A game in progress: objects, continuous effects, timestamps, and the steps of a scenario."""

from __future__ import annotations

from typing import Any

from conformance.format import model as s
from reference_engine import (
    attachments, combat, counter_replacement, doubling, drawing, emblems, entering, leaving, log, loyalty, regeneration,
    simultaneous, state_based_actions,
)
from reference_engine.counter_replacement import CounterRules
from reference_engine.loyalty import LoyaltyRules
from reference_engine.arithmetic import Arithmetic
from reference_engine.filters import matches
from reference_engine import layers
from reference_engine.objects import CONTROLLED_ZONES, GameObject, PTEffect, Sublayer, counters_of, no_counters
from reference_engine.table import TABLE_STEPS, Table
from reference_engine.characteristic_steps import CHARACTERISTIC_STEPS, CharacteristicSteps
from reference_engine import trigger_events, triggers
from reference_engine import entering_choices  # issue 40
from reference_engine.entering_choices import EnteringRules
from reference_engine.event_steps import EventSteps
from reference_engine.casting import CastingSteps
from reference_engine.spell_copies import SpellCopySteps, reserve_tokens as reserve_copy_tokens
from reference_engine.targets import TargetRules

EFFECT_SUBLAYER = {s.SetPT: Sublayer.SET, s.ModifyPT: Sublayer.MODIFY, s.SwitchPT: Sublayer.SWITCH}


class Game(Table, CharacteristicSteps, EventSteps, CounterRules, LoyaltyRules, SpellCopySteps, CastingSteps,
           EnteringRules, TargetRules):
    """The state a scenario acts on. Every event that needs a timestamp takes the next one
    from one clock, so order in the scenario is timestamp order (CR 613.7)."""

    def __init__(self, case: s.Case):
        self.case = case
        self.players = case.players  # those still in the game (800.4: leaving.py)
        self.seats = case.players  # the seats ranges are measured in, as the turn began (801.2c)
        self.departed: frozenset[str] = frozenset()  # players who left the game (800.4a)
        self.clock = 0
        self.objects: dict[str, GameObject] = {}
        # Each object that left the battlefield, as it last existed there (113.7a), by id: the
        # incarnation it became and its characteristics then (a source of damage after it left).
        self.last_known: dict[str, tuple[int, Any]] = {}
        self.effects: list[PTEffect] = []
        for spec in case.objects:  # 613.7d: objects are timestamped as they enter their zones
            self.objects[spec.id] = GameObject(
                id=spec.id, card=spec.card, owner=spec.owner, controller=spec.controller,
                zone=spec.zone, timestamp=self.tick(), counters=counters_of(spec.counters),
            )
        trigger_events.reserve_tokens(self)  # the tokens triggered abilities may create: none yet (issue 41)
        reserve_copy_tokens(self)  # and the tokens spell copying effects may create (707.10e, issue 40)
        self.seat_players()  # players, damage, replacement and prevention (table.py)
        self.set_up_characteristics()  # face-down permanents, choices made as they entered (characteristic_steps.py)
        attachments.set_up(self)  # Auras and Equipment attached as the case starts (issue 40)

    def tick(self) -> int:
        """The next timestamp."""
        self.clock += 1
        return self.clock

    # --- running a scenario -------------------------------------------------------------------

    def run(self) -> list[dict[str, Any]]:
        """Perform every step, checking state-based actions after each (CR 704.3), and return a
        snapshot at each checkpoint."""
        with log.context(self, step="start"):
            self.check_state_based_actions()
        snapshots = []
        actions = [step for step in self.case.steps if not isinstance(step, s.Expect)]
        triggers.stack_before(self, actions[0] if actions else None)
        for step in self.case.steps:
            if isinstance(step, s.Expect):
                log.layer_seven(self)
                snapshots.append(self.snapshot())
                continue
            with log.context(self, step=step.KEY):
                self.perform_action(step)
                self.check_state_based_actions()
            actions.pop(0)
            # 117.5, 603.3: triggered abilities go on the stack as a player would receive priority
            triggers.stack_before(self, actions[0] if actions else None)
        return snapshots

    def perform_action(self, step: s.Step) -> None:
        """One action step of a case; a ``together``'s parts as one event, what it causes
        triggering once it is over (603.2c, 119.10)."""
        entering_choices.begin_event(self, step)  # 614.12: what enters in this event (issue 40)
        if isinstance(step, s.Together):
            with simultaneous.event(self), log.context(self, together=True):
                for part in step.parts:
                    with log.context(self, step=part.KEY):
                        self.perform(part)
        else:
            self.perform(step)

    def perform(self, step: s.Step) -> None:
        """Perform one action. Characteristics are computed once per state of the game
        (:func:`layers.board`): the step is marked as a possible change before and after."""
        layers.invalidate(self)
        leaving.refuse_naming_departed(self, step)  # 800.4b and later: not modelled
        if isinstance(step, (s.Activate, s.Trigger, s.ActivateMana)):
            log.ability(self, step)  # the game's log (log.py)
        if type(step) in CHARACTERISTIC_STEPS:  # copies, face-down permanents, abilities as data
            self.perform_characteristic_step(step)
            if isinstance(step, s.CreateToken):  # 603.6a: each token created enters the battlefield
                for token in step.names:
                    if token in self.objects and self.objects[token].zone == "battlefield":
                        triggers.entered(self, self.objects[token])
        elif isinstance(step, (s.ResolveTriggers, s.ActivateMana)):  # 603.3, 605 (event_steps.py)
            self.perform_event_step(step)
        elif isinstance(step, (s.DoublePT, s.TriplePT)):
            self.multiply(step)
        elif isinstance(step, s.PTEffect):
            self.create_effect(step, power=getattr(step, "power", None),
                               toughness=getattr(step, "toughness", None))
        elif isinstance(step, s.PutCounters):  # 122.1, 614.1a: as the counter replacements modify it
            counter_replacement.put_counters(self, step)  # 613.7c, 603.2: put_counters_on (event_steps.py)
        elif isinstance(step, s.RemoveCounters):  # 122.1; 603.2c: "counters removed" abilities trigger
            trigger_events.remove_counters(self, self.objects[step.object], step.kind, step.count)
        elif isinstance(step, s.BeginningOfStepStep):  # 503.1a, 513.1a: "at the beginning of" abilities
            trigger_events.step_began(self, step)
        elif isinstance(step, s.EndEffect):
            log.effects_ending(self, [e for e in self.effects if e.id == step.effect])
            self.effects = [e for e in self.effects if e.id != step.effect]
            self.end_table_effects(effect_id=step.effect)
        elif isinstance(step, s.EndTurn):
            # 514.2: in the cleanup step, "until end of turn" effects end.
            log.effects_ending(self, [e for e in self.effects if e.until == "end_of_turn"])
            self.effects = [e for e in self.effects if e.until != "end_of_turn"]
            self.end_table_effects(end_of_turn=True)  # and damage is removed (514.2)
            loyalty.new_turn(self)  # 606.3: "that turn"
            regeneration.end_of_turn(self)  # 701.19a: shields last "this turn" (issue 40)
        elif type(step) in TABLE_STEPS:  # players, damage, replacement and prevention
            self.perform_table_step(step)
        elif isinstance(step, s.CreateEmblem):  # 114.2: an emblem in the command zone (emblems.py)
            emblems.create(self, step)
        elif isinstance(step, s.Combat):  # 506-511: declarations, combat damage step(s)
            with regeneration.in_combat(self):  # issue 40: no regeneration during combat (regeneration.py)
                combat.fight(self, step)
        elif isinstance(step, s.Destroy):  # 701.8a, 701.19a: destroyed, or regenerated (regeneration.py)
            regeneration.destroy(self, step)
        elif isinstance(step, s.Regenerate):  # 701.19a: a regeneration shield
            regeneration.regenerate(self, step)
        elif isinstance(step, s.Cast):  # 601.2, 608: casting a spell, then it resolves (casting.py)
            self.cast(step)
        elif isinstance(step, s.LeaveGame):  # 104.3a, 800.4a: a player leaves the game (leaving.py)
            self.leave_game(step.player)
        elif isinstance(step, s.BeginTurn):  # 801.2c: ranges determined again as a turn begins
            leaving.begin_turn(self)
        elif isinstance(step, s.Attach):  # 701.3a-c, 613.7e (attachments.py, issue 40)
            attachments.attach(self, self.objects[step.object], self.objects[step.to])
        elif isinstance(step, s.Unattach):  # 701.3d
            attachments.unattach(self, self.objects[step.object])
        elif isinstance(step, s.Move):
            obj = self.objects[step.object]
            was = obj.zone
            # 400.4a: an instant or sorcery card stays where it is, the same object (entering.py)
            if step.to != "battlefield" or not entering.stays_in_its_zone(self, obj, step.choices, face_down=step.face_down):
                self.move(obj, step.to)
            if was != "battlefield" and obj.zone == "battlefield":
                self.entered(obj, step)  # "as enters" abilities, face down (characteristic_steps.py)
                attachments.entered(self, obj, step.choices)  # 303.4f: an Aura enchants what was chosen
                entering.check_entered(self, obj)  # 400.4a: no instant or sorcery permanent
                triggers.entered(self, obj)  # 603.6a
        else:  # pragma: no cover - the loader admits no other step
            raise TypeError(f"unknown step {step!r}")
        layers.invalidate(self)

    def affected_by(self, step: s.PTEffect) -> list[GameObject]:
        """The objects an effect affects: its object, or every object its filter matches now,
        a set then locked for the effect's lifetime (CR 611.2c, 613.6).

        ``to`` names a permanent, as "target creature" does (109.2, 115.1): if the object is not
        on the battlefield as the effect is created, it affects nothing (a spell or ability with no
        legal target does nothing, 608.2b; a card that left the battlefield is a new object the
        effect cannot find, 400.7). A ``to_each`` filter says its zone, so an effect may affect
        cards in other zones that way (611.2c, 613.1)."""
        if step.to is not None:
            obj = self.objects[step.to]
            return [obj] if obj.zone == "battlefield" else []
        assert step.to_each is not None
        return [o for o in self.objects.values()
                if matches(step.to_each, o, you=step.controller, chars=layers.characteristics(self, o))]

    def create_effect(self, step: s.PTEffect, *, power: int | None, toughness: int | None,
                      affected: list[GameObject] | None = None, timestamp: int | None = None) -> None:
        """A continuous effect from a resolving spell or ability, timestamped now (613.7b)."""
        sublayer = Sublayer.MODIFY if isinstance(step, (s.DoublePT, s.TriplePT)) else EFFECT_SUBLAYER[type(step)]
        self.effects.append(PTEffect(
            sublayer=sublayer,
            affected=frozenset(o.ref for o in (affected if affected is not None else self.affected_by(step))),
            timestamp=timestamp if timestamp is not None else self.tick(),
            until=step.until,
            id=step.id,
            power=power,
            toughness=toughness,
            kind=step.KEY,
        ))

    def multiply(self, step: s.DoublePT | s.TriplePT) -> None:
        """Doubling or tripling: a 7c bonus per creature, its amount fixed from the creature's
        power and toughness as the effect is created (CR 701.10b-c, 701.11b-c)."""
        multiplier = 2 if isinstance(step, s.DoublePT) else 3
        affected = self.affected_by(step)
        bonuses = []
        for obj in affected:  # every amount is fixed before any bonus applies
            pt = self.power_toughness(obj)
            bonuses.append(self.multiplication_bonus(pt.power or 0, pt.toughness or 0, step.which, multiplier))
        timestamp = self.tick()  # one event: one timestamp for all it creates
        for obj, (power, toughness) in zip(affected, bonuses):
            self.create_effect(step, power=power, toughness=toughness, affected=[obj], timestamp=timestamp)

    def leave_game(self, player: str) -> None:
        """``player`` leaves the game (104.3a, 800.4a: :func:`leaving.leave`); a hook for variants."""
        leaving.leave(self, player)

    def check_state_based_actions(self) -> None:
        """State-based actions until none applies (CR 704.3); a hook for variants. Those the
        reference engine does not perform are refused as they would apply (704.5j, 704.5k)."""
        state_based_actions.refuse_unmodelled(self)
        state_based_actions.check(self)

    power_toughness = layers.power_toughness
    arithmetic = Arithmetic  # the operations of 107.1 its expressions use
    """``obj``'s power and toughness now (layer 7, CR 613.4): ``game.power_toughness(obj)`` is
    :func:`layers.power_toughness` itself (it is read tens of times a step, so without a call in
    between); a hook for variants."""

    def regenerate_instead(self, obj: GameObject) -> None:
        """701.19a: what a regeneration shield does instead of destroying ``obj`` (regeneration.py);
        a hook for variants."""
        regeneration.regenerated(self, obj)

    def top_card(self, player: str) -> GameObject | None:
        """121.1, 401.2: the card ``player`` draws next (drawing.py); a hook for variants."""
        return drawing.top_card(self, player)

    def multiplication_bonus(self, power: int, toughness: int, which: str, multiplier: int) -> tuple[int, int]:
        """The +X/+Y bonus of a doubling or tripling (701.10b-c, 701.11b-c); a hook for variants."""
        return doubling.pt_bonus(power, toughness, which, multiplier)

    def move(self, obj: GameObject, zone: str) -> None:
        """``obj`` changes zones: it becomes a new object with no counters, untouched by effects
        that affected the old one (CR 400.7), with a new timestamp (613.7d). Moving an object to
        the zone it is in does nothing."""
        if obj.zone == zone or (obj.token and obj.zone != "battlefield"):  # 111.8: a token can't return
            return
        was_on_battlefield = obj.zone == "battlefield"
        if was_on_battlefield:
            self.remember_last_known([obj])
        obj.zone = zone
        obj.incarnation += 1
        obj.counters = no_counters()
        # A permanent enters under its owner's control, a spell is cast by its owner (110.2, 112.1:
        # a `move` to the stack is its owner casting it); a card elsewhere has no controller (108.4a).
        obj.controller = obj.owner if zone in CONTROLLED_ZONES else None
        obj.timestamp = self.tick()
        obj.attached_to = None  # 400.7: a new object, attached to nothing (an Aura entering: attachments.entered)
        if was_on_battlefield:
            triggers.moved(self, obj, zone)  # 603.10a: "dies" abilities that looked back trigger

    def remember_last_known(self, leaving: list[GameObject]) -> None:
        """Keep the last known information of permanents about to leave the battlefield, as they
        are now (113.7a): those leaving in one event are all remembered before any of them moves.
        The game looks back in time for their "dies" abilities then too (603.10a)."""
        new = [obj for obj in leaving if self.last_known.get(obj.id, (None,))[0] != obj.incarnation + 1]
        if new:
            self.look_back(new)
        for obj in leaving:
            if self.last_known.get(obj.id, (None,))[0] != obj.incarnation + 1:
                self.last_known[obj.id] = (obj.incarnation + 1, layers.characteristics(self, obj))

    # --- observing ----------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Every observable value of every object, as plain data."""
        objects = {}
        the_board = layers.board(self)  # observing changes nothing
        for obj in self.objects.values():
            if obj.zone is None:  # a token that ceased to exist (111.8, 704.5d), an object that left the game (800.4a)
                objects[obj.id] = {"zone": None}
                continue
            pt = self.power_toughness(obj)
            # name, types, abilities, ...; controller after layer 2 (read once per board), then the rest
            objects[obj.id] = entry = self.observe_characteristics(obj, the_board).copy()
            entry["zone"] = obj.zone
            entry["power"], entry["toughness"] = pt.power, pt.toughness
            entry["counters"] = {kind: n for kind, n in sorted(obj.counters.items()) if n > 0} if obj.counters else {}
            entry["damage"] = self.damage_marked.get((obj.id, obj.incarnation), 0) if self.damage_marked else 0
            entry["tapped"] = self.is_tapped(obj)  # 110.5
        return {"objects": objects, "players": self.observe_players()}
