"""Entering tapped and the colour or creature type chosen as a permanent enters (issue 40).

- 614.1c "this enters tapped" is a replacement effect of the permanent itself: it applies as it
         enters if the permanent, as it would exist on the battlefield, has it (614.12): a copy
         has its original's (707.5: Clone copying Skyshroud Behemoth), a card whose abilities
         other effects took away in the zone it leaves still has it (Yixlid Jailer);
- 614.1d "[permanents] enter tapped" is a replacement effect of a static ability: only a
         permanent already on the battlefield generates it (604.2, 614.12: Orb of Dreams does
         not affect itself), so not one entering in the same event; whether the entering
         permanent is one it names is judged as that permanent would exist on the battlefield
         (614.12), by the filter, relative to the ability's controller;
- 702.32a fading N: it enters with N fade counters (:meth:`EnteringRules.fade_counters`, put with the others
         as it enters, 122.6);
- 614.12 a colour or creature type chosen as it enters is part of its status, never copied
         (707.6); "protection from the chosen color" and "of the chosen type" read it: with none
         chosen, there is no such protection and the filter matches nothing.

Objects declared on the battlefield as the case starts are as declared (``tapped``): they entered
before the case began.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import mana
from reference_engine.filters import matches
from reference_engine.range_of_influence import abilities_now, controller_of, current

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState

_EVENT = "_entering_event"
"""The game's current event (a step, or a ``together``/``create_token`` as one) and what entered in it."""


def begin_event(game: GameState, step: s.Step) -> None:
    """A new step begins: permanents entering from now on enter in a new event, or, for a
    ``together`` or a ``create_token`` of several tokens, all in this one (614.12)."""
    game.__dict__[_EVENT] = (step, set())


def entering(game: Any, obj: GameObject) -> None:
    """``obj`` has just entered the battlefield face up or down, its "as enters" effects applied:
    it enters tapped if a replacement effect says so (614.1c, 614.1d, 614.12)."""
    step, entered = game.__dict__.setdefault(_EVENT, (None, set()))
    if game.own_enters_tapped(obj) or enters_tapped_by_others(game, obj, entered, step):
        mana.tapped(game).add(obj.ref)
    entered.add(obj.ref)


class EnteringRules:
    """Hooks of ``Game`` about entering tapped and fading (a deliberately wrong variant overrides one
    to break one rule)."""

    def own_enters_tapped(self, obj: GameObject) -> bool:
        """614.1c, 614.12: whether ``obj`` has "this enters tapped" as it now exists on the
        battlefield (a copy has its original's, 707.5)."""
        return bool(abilities_now(self, obj, s.EntersTapped))  # type: ignore[arg-type]

    def enter_tapped_sources(self, obj: GameObject) -> list[GameObject]:
        """614.12: the permanents whose "[permanents] enter tapped" may apply to ``obj``: those on
        the battlefield but ``obj`` itself (it was not there yet as it entered)."""
        return [o for o in self.objects.values() if o.zone == "battlefield" and o.ref != obj.ref]  # type: ignore[attr-defined]

    def fade_counters(self, obj: GameObject) -> int:
        """702.32a: the fade counters ``obj`` enters with, by its fading abilities as it would exist
        on the battlefield (614.12: a copy's are copied, 707.5)."""
        return sum(a.count for a in abilities_now(self, obj, s.Fading))  # type: ignore[arg-type]


def enters_tapped_by_others(game: Any, obj: GameObject, entered: set[tuple[str, int]], step: Any) -> bool:
    """614.1d: whether a "[permanents] enter tapped" effect applies to ``obj`` as it now exists on
    the battlefield (614.12)."""
    chars = current(game, obj)
    for source in game.enter_tapped_sources(obj):
        found = abilities_now(game, source, s.PermanentsEnterTapped)
        if not found:
            continue
        if source.ref in entered:
            if isinstance(step, (s.Together, s.CreateToken)):
                continue  # 614.12: it entered in the same event, so was not yet on the battlefield
            raise Unsupported(f"{source.id} entered in the same step as {obj.id}: whether that was the same event, "
                              "so whether its \"enter tapped\" effect applies (CR 614.12), is not modelled")
        you = controller_of(game, source)
        if any(matches(a.affects, obj, you=you, source=source, chars=chars) for a in found):
            return True  # 614.1d
    return False
