"""An effect aimed at an object that has left (CR 608.2b, 400.7), and damage from a source that
has left (113.7a, 608.2h), realised as the real game has them: the spell (or ability) is put on
phase's stack while its target (or source) is still there, and waits while the step that removes
the object resolves on top of it; it resolves at its own step.

A step's effect on an object that is no longer a permanent (or creature) on the battlefield cannot
be cast then: no "target creature" spell can name the card in the graveyard, and a permanent's
ability cannot be activated once it has left. The real-game form of the case is the earlier one:
the spell cast while its target was legal, a spell (or ability) cast on top of it resolving first
(608.1), state-based actions when a player would receive priority removing the object (704.3,
117.5), and the first spell then resolving with its only target illegal, so it does nothing
(608.2b); an ability whose source has left uses the source as it last existed (113.7a). The
adapter finds that form by playing the case once: when a step's target has left
(:class:`TargetLeft`), the case is played again up to that step to find the step after which the
object left (:func:`leaving_step`), then played with the spell put on the stack just before that
step (:class:`Waiting`).

Refused (the earlier form would differ from the case): the step removing the object, or a step
between, is not a spell or ability resolving on top (a debug action, injected parts of one event,
combat, a turn ending: they cannot happen, or are not the case's events, while a spell waits);
the object never was a legal target (a card in a hand: no spell could have been aimed at it);
triggered abilities or characteristic expressions in the case (casting the spell early is an
event, and the spell card leaves the hand early); a spell with more than its one target.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtg_conformance_phase.board import Board, _is_creature_on_battlefield
from mtg_conformance_phase.casts import EFFECT_STEPS, Cast
from mtg_conformance_phase.damage_sources import Activation
from mtg_conformance_phase.bindings import AdapterFault
from conformance.errors import Unsupported


class TargetLeft(Unsupported):
    """A step's spell or ability whose target (or source) ``name`` has left the battlefield; ``step``:
    the index of that step in the plan."""

    def __init__(self, message: str, name: str):
        super().__init__(message)
        self.name = name
        self.step: int | None = None


@dataclass(frozen=True)
class Waiting:
    """The step whose spell is put on the stack just before step ``cast_at`` and resolves at
    ``resolves_at`` (CR 608.2b)."""

    cast_at: int
    resolves_at: int


LATE_STEPS = (*EFFECT_STEPS, "damage")
"""The steps whose effect on an object that has left is nothing, as a spell whose target has left does nothing
(CR 608.2b): changes of power, toughness, types and abilities on a permanent, damage to it (120.1) or by a source
that left (113.7a). Not counters (an effect may put counters on a card elsewhere, 122.1)."""

ON_TOP = (Cast, Activation)
"""What may resolve on top of a waiting spell: a spell or an ability (CR 608.1)."""


def check_waiting(plan: Any, case: Any, waiting: Waiting) -> None:
    """The steps from ``cast_at`` to ``resolves_at`` can happen with the spell waiting under them:
    spells and abilities resolving on top, checkpoints between; and nothing in the case sees the
    spell leave the hand early or its casting."""
    first = plan.steps[waiting.cast_at]
    if not isinstance(first[1], ON_TOP):
        raise Unsupported(f"an effect aimed at an object that left at a {first[0]!r} step, not a spell or an ability "
                          "resolving: no spell can wait on the stack through it (CR 608.2b)")
    for kind, realisation in plan.steps[waiting.cast_at + 1:waiting.resolves_at]:
        if kind != "expect" and not isinstance(realisation, ON_TOP):
            raise Unsupported(f"a {kind!r} step while a spell aimed at an object that left waits on the stack: not "
                              "realised by this adapter (CR 608.2b)")
    late = plan.steps[waiting.resolves_at][1]
    if isinstance(late, Cast) and (late.target is None or late.target_player or late.copied or late.only
                                   or late.damage_source or late.tokens or late.target_zone != "Battlefield"):
        raise Unsupported("a spell aimed at an object that left, with other targets or recipients: not realised by "
                          "this adapter (CR 608.2b)")
    if plan.triggers or "cda_" in str(case["objects"]) or "'count'" in str(case["objects"]) or any(
            spec["zone"] == "stack" for spec in case["objects"].values()):
        raise Unsupported("a spell cast early to wait on the stack, in a case with triggered abilities, "
                          "characteristic expressions or spells on the stack (its casting and its card leaving the "
                          "hand could be seen)")


class LateTargets(Board):
    """A spell or ability waiting on phase's stack for its step (CR 608.2b, 113.7a)."""

    waiting_spell: tuple[Any, Any] | None = None  # the realisation waiting, and its spell's id (a Cast) or the
    # player or object its ability affects (an Activation)

    def still_there(self, realisation: Any) -> bool:
        """Whether the step's spell could be cast (its target a creature or permanent on the
        battlefield), or its ability activated (its source on the battlefield), now."""
        if isinstance(realisation, Activation):
            return self.obj(realisation.source).get("zone") == "Battlefield"
        obj = self.obj(realisation.target)
        return _is_creature_on_battlefield(obj) if realisation.needs_creature else obj.get("zone") == "Battlefield"

    def under(self) -> int:
        """How many entries of phase's stack wait under a step's spell: the waiting one, if any."""
        return 0 if self.waiting_spell is None else 1

    def resolve_waiting_spell(self, realisation: Any) -> None:
        """The waiting spell or ability resolves (CR 608.2b, 608.2h); state-based actions follow as
        a player would receive priority (117.5)."""
        if self.waiting_spell is None or self.waiting_spell[0] is not realisation:
            raise AdapterFault("no spell waits on phase's stack for this step")
        stack = self.game.stack()
        if len(stack) != 1:
            raise AdapterFault(f"phase's stack holds {len(stack)} entries where one spell waits")
        if self.still_there(realisation):
            raise AdapterFault("the object a waiting spell is aimed at has not left, where it had when first played")
        _, held = self.waiting_spell
        self.waiting_spell = None
        if isinstance(realisation, Activation):
            self.resolve_activation(realisation, held)
        else:  # its target has left: nothing of it to track, no token made
            self.resolve_cast(realisation, held, None, set())
        if self.game.stack() and self.waiting()["type"] != "GameOver":
            raise AdapterFault("the waiting spell did not leave phase's stack")

    def put_early(self, realisation: Any) -> None:
        """The step's spell cast (or ability activated) now, left waiting on the stack."""
        if isinstance(realisation, Activation):
            self.activate(realisation, wait=True)
        else:
            self.cast(realisation, wait=True)

    def activate(self, act: Activation, wait: bool = False) -> None:  # pragma: no cover - .activation
        raise NotImplementedError

    def cast(self, cast: Cast, wait: bool = False) -> None:  # pragma: no cover - .steps
        raise NotImplementedError

    def resolve_activation(self, act: Activation, affected: Any) -> None:  # pragma: no cover - .activation
        raise NotImplementedError

    def resolve_cast(self, cast: Cast, spell: int, target: int | None, before: set[int]) -> None:  # pragma: no cover
        raise NotImplementedError  # .steps


def leaving_step(session: Any, left: TargetLeft) -> int | None:
    """Plays ``session`` (a new game of the same case and plan) up to the step whose target has
    left, looking before each step whether it was still there: the last step before which it was
    (the step that removed it), or None when it never was since the case began."""
    realisation = session.plan.steps[left.step][1]
    session.start()
    found = None
    for index, (kind, step) in enumerate(session.plan.steps[:left.step]):
        if kind == "expect":
            continue
        if session.still_there(realisation):
            found = index
        session.perform(kind, step)
    return found


def played_late(adapter: Any, case: Any, left: TargetLeft, session: Any, plan_case: Any) -> list[dict[str, Any]]:
    """The case played again with the spell of the step whose target had left put on the stack
    before the step that removed it (``session``: the class of a played case, ``plan_case`` the
    planner); unsupported when there is no such form."""
    plan = plan_case(case)
    if left.step is None or plan.steps[left.step][0] not in LATE_STEPS:
        raise Unsupported(str(left))
    cast_at = leaving_step(session(adapter, case, plan_case(case)), left)
    if cast_at is None:  # never there since the case began: no spell could be aimed at it
        raise Unsupported(f"{left}, nor could one earlier: it was never there since the case began (CR 115.1, "
                          "608.2b)")
    plan.waiting = Waiting(cast_at, left.step)
    try:
        check_waiting(plan, case, plan.waiting)
    except Unsupported as refused:
        raise Unsupported(f"{left}; nor could it be cast earlier to wait: {refused.reason}") from None
    return session(adapter, case, plan).run()
