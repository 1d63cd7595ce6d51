"""The part of a :class:`~reference_engine.game.Game` about characteristics: objects' status
(face down, choices made as they entered), entering the battlefield, the steps about copies,
face-down permanents and abilities, and the characteristic observables of a snapshot.

:class:`CharacteristicSteps` is a mixin of ``Game``; the rules live in :mod:`layers`,
:mod:`copy`, :mod:`face_down`, :mod:`entering` and :mod:`abilities`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conformance.format import model as s
from reference_engine import (
    abilities, activated_damage, counter_replacement, damage, entering, face_down, face_steps, layers, loyalty,
    targeted_damage, tokens, trigger_events,
)
from reference_engine.characteristics import observe
from reference_engine.entering import Status

NO_STATUS = Status()
from reference_engine.objects import GameObject, no_counters


class CharacteristicSteps:
    """Copies, face-down permanents and abilities as data, for ``Game``."""

    case: s.Case
    objects: dict[str, GameObject]
    effects: list[Any]

    def status_of(self, obj: GameObject) -> Status:
        """``obj``'s status in its current zone (a new object has a new one, CR 400.7)."""
        statuses = self.__dict__.setdefault("_statuses", {})
        status = statuses.get(obj.ref)
        if status is None:
            status = statuses[obj.ref] = Status()
        return status

    def peek_status(self, obj: GameObject) -> Status:
        """``obj``'s status, to read only (the default status if it has none yet)."""
        statuses = self.__dict__.get("_statuses")
        return NO_STATUS if statuses is None else statuses.get(obj.ref, NO_STATUS)

    def characteristics_changed(self) -> None:
        """A status changed (face down, a choice): the characteristics must be computed anew."""
        layers.invalidate(self)

    def current_controller(self, obj: GameObject) -> str:
        """Who controls ``obj`` now (after layer 2, 613.1b), or its owner if it is not a permanent."""
        return layers.board(self).chars[obj.id].controller or obj.owner

    def set_up_characteristics(self) -> None:
        """As the case starts, each permanent is as it entered: face down, or with the choices made
        as it entered (614.12, 707.5), in the order the objects are declared."""
        for spec in self.case.objects:
            if spec.zone == "battlefield":
                # 712.8e, 710.1b: its back face up, or flipped, as declared (issue 40)
                face_steps.set_up(self, self.objects[spec.id], transformed=bool(spec.transformed),
                                    flipped_=bool(spec.flipped))
                entering.enter_battlefield(self, self.objects[spec.id], spec.choices, face_down=spec.face_down)
                if damage.LOYALTY not in spec.counters:  # its counters as given, or as it entered (306.5b)
                    damage.enters_with_loyalty(self, self.objects[spec.id])
                obj = self.objects[spec.id]  # 614.1c: likewise the counters its abilities give it
                for kind, count in counter_replacement.entering_counters(self, obj).items():
                    if kind not in spec.counters:
                        obj.counters[kind] += count

    def entered(self, obj: GameObject, step: s.Move) -> None:
        """``obj`` has just entered the battlefield by ``step``: with its loyalty counters if it is
        a planeswalker (306.5b) and the counters its abilities and copy exceptions give it (614.1c,
        707.9e), counter replacements applying to them (122.6, 614.12)."""
        pending: dict[str, int] = {}
        entering.enter_battlefield(self, obj, step.choices, face_down=step.face_down, pending=pending)
        tokens.enter_with(self, obj, pending, step.order)

    # --- steps -------------------------------------------------------------------------------

    def perform_characteristic_step(self, step: s.Step) -> None:
        """Perform a step about characteristics (one of :data:`CHARACTERISTIC_STEPS`)."""
        CHARACTERISTIC_STEPS[type(step)](self, step)

    def create_token(self, step: s.CreateToken) -> None:
        """111.1: an effect creates tokens, copies (707.2) or with given characteristics (111.4),
        as many as the token replacement effects make (614.1a): see :mod:`tokens`."""
        tokens.create(self, step)

    def turn_face_up(self, step: s.TurnFaceUp) -> None:
        """708.8: turned face up, it has its copiable values without layer 1b; effects and counters
        on it stay; its "as turned face up" choice applies as it turns (708.11, 208.2b)."""
        obj = self.objects[step.object]
        face_up = layers.board(self).face_up[obj.id]
        if face_down.turn_face_up(self, obj, by=step.by, face_up_values=face_up):
            entering.choose_pt(self, obj, face_up, step.choices or s.Choices(), turned_face_up=True)
            trigger_events.turned_face_up(self, obj)  # 708.8, 603.2

    def turn_face_down(self, step: s.TurnFaceDown) -> None:
        face_down.turn_face_down(self, self.objects[step.object])

    # --- observing ---------------------------------------------------------------------------

    def observe_characteristics(self, obj: GameObject, the_board: layers.Board | None = None) -> dict[str, Any]:
        """The characteristic observables of ``obj``, and its controller after layer 2 (read once
        per board: they depend on it alone), in the order of a snapshot's, with room for the rest
        (zone, power, toughness, counters, damage: ``None``). ``the_board``: the current board, if
        known. The dict is the board's own: copy it to change it."""
        the_board = the_board or layers.board(self)
        observed = the_board.memo.get(("observed", obj.id))
        if observed is None:
            chars = the_board.chars[obj.id]
            observed = the_board.memo[("observed", obj.id)] = {
                "zone": None, "controller": chars.controller, "power": None, "toughness": None, "counters": None,
                "damage": None, **observe(chars)}
        return observed


def _activate(game: Any, step: s.Activate) -> None:
    if loyalty.activate(game, step):  # a loyalty ability (606)
        return
    if activated_damage.activate(game, step):  # damage to a target, counters on itself (issue 40, 707.11)
        return
    if targeted_damage.activate(game, step):  # damage to targets (issue 40: 115.4, 602.2b, 608.2b)
        return
    abilities.resolve(game, game.objects[step.object], s.Activated, step.ability, x=step.x, target=step.target)


def _trigger(game: Any, step: s.Trigger) -> None:
    abilities.resolve(game, game.objects[step.object], s.Triggered, step.ability, x=None, target=step.target)


def _transform(game: Any, step: s.Transform) -> None:
    face_steps.transform(game, game.objects[step.object])


def _flip(game: Any, step: s.Flip) -> None:
    face_steps.flip(game, game.objects[step.object])


CHARACTERISTIC_STEPS: dict[type, Callable[[Any, Any], None]] = {
    s.Become: abilities.become,
    s.BecomeCopy: abilities.become_copy,
    s.CreateToken: CharacteristicSteps.create_token,
    s.TurnFaceUp: CharacteristicSteps.turn_face_up,
    s.TurnFaceDown: CharacteristicSteps.turn_face_down,
    s.Transform: _transform,  # 701.27a (issue 40)
    s.Flip: _flip,  # 710.1a (issue 40)
    s.Activate: _activate,
    s.Trigger: _trigger,
}
"""The steps :class:`CharacteristicSteps` performs, by class."""
