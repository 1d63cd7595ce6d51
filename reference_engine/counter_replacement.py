"""Replacement effects on counters put on a permanent and on tokens created (CR 614.1a, 614.16),
several of them in the affected player's order (616.1), each once per event (614.5).

- 614.1a "twice that many" / "that many plus N ... instead" replace the event with a modified one;
- 614.16 "if an effect would put one or more counters" covers counters an effect puts, those a
         permanent enters with (122.6), and those another replacement or a prevention effect puts
         (a prevention effect's additional effect, 615.5); not those put as a cost (a loyalty
         ability's cost is no effect, 606.4: the Doubling Season ruling, 2024-11-08), until a
         replacement that applies to costs has modified the event: then a replacement effect puts
         them, and those effects apply to the modified event too; an ability that says "if you
         would put" or "would be put" has no such limit (``effects_only: false``);
- 122.6  counters "put" on an object include those it enters the battlefield with; 122.6a: its
         controller puts them, unless the effect says who;
- 614.12 the replacement effects that apply to a permanent entering are found on it as it would
         exist on the battlefield; an effect of the permanent itself applies to it only if it
         affects only that permanent (``on: {itself: true}``), not a general set it is part of;
- 614.5  each effect gets one opportunity at an event: two doublers make 1 counter 4, not 8;
- 616.1  with several, the affected object's controller (for tokens: the player who would get
         them) chooses the order, scripted in the step's ``order``; when every order gives the
         same number (doublers only, or plus-N only) there is nothing to choose.

- 614.1a "half that many ... instead, rounded down" (Vorinclex, Monstrous Raider, on counters an
         opponent puts: ``by_opponent``) against doublers and plus-N effects: the affected
         object's controller orders them (616.1), 2n halved is n but n halved then doubled is
         2 x floor(n/2); once an effect leaves no counter to put, the others no longer apply
         ("one or more counters would be put" is false: 616.1e considers only effects still
         applicable), so 1 halved is 0 and Hardened Scales adds nothing after it.

Counters on players are not replaced here, nor are counters removed. Counters are put through
:func:`put` by every way the format puts them on a permanent: an effect (``put_counters``, a
triggered ability), entering (122.6), a loyalty cost (606.4), a prevention effect's additional
effect (615.5) and doubling (701.10e).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format import model as s
from conformance.format.frozen import frozen
from reference_engine import layers, log
from reference_engine.range_of_influence import abilities_now, controller_of, current, matches_now

FADE = "fade"
"""Fading's counter kind (702.32a)."""

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


class OrderMissing(ValueError):
    """Several counter or token replacements apply, their order changes the result, and the case
    scripts none (616.1)."""


@frozen
class CounterEvent:
    """``count`` counters of ``kind`` would be put on ``object`` (an id) by ``putter``;
    ``by_effect``: an effect puts them (not a cost, 614.16)."""

    object: str
    kind: str
    count: int
    putter: str
    by_effect: bool = True


@dataclass(frozen=True)
class Replacement:
    """The effect of one static counter or token replacement ability: ``ref`` the id of its
    permanent, ``index`` which ability of that kind (from 0), ``names`` how an order may name it."""

    ref: str
    index: int
    ability: Any  # s.CounterReplacement | s.TokenReplacement
    names: frozenset[str]

    @property
    def key(self) -> object:
        """Its identity for 614.5: this ability of this permanent."""
        return (self.ability.KEY, self.ref, self.index)

    def apply(self, count: int) -> int:
        """614.1a: twice that many, that many plus N, or half that many rounded down."""
        mode = self.ability.mode
        if mode == "half":
            return count // 2
        return 2 * count if mode == "double" else count + self.ability.amount


def names_of(obj: GameObject, key: str, index: int, of_kind: int) -> frozenset[str]:
    """``OBJ.KEY.N`` always (N from 1); ``OBJ.KEY`` and the plain ``OBJ`` if it is the object's
    only ability of that kind (616.1)."""
    names = {f"{obj.id}.{key}.{index + 1}"}
    if of_kind == 1:
        names |= {f"{obj.id}.{key}", obj.id}
    return frozenset(names)


def _statics(game: GameState, kind: type) -> Iterable[tuple[GameObject, int, Any, int]]:
    for obj in game.objects.values():
        if obj.zone == "battlefield":
            found = abilities_now(game, obj, kind)  # after layer 6 (613.1f): a copy has them (707.2a)
            for index, ability in enumerate(found):
                yield obj, index, ability, len(found)


def any_counter_replacement(game: GameState) -> bool:
    """Whether a permanent on the battlefield has a counter replacement ability now (614.1a)."""
    return next(_statics(game, s.CounterReplacement), None) is not None


def refuse_counters_on_a_player(game: GameState, player: str) -> None:
    """Counters put on a player: "if you (an opponent) would put one or more counters on a
    permanent or player" (Vorinclex, ``by_you``/``by_opponent``) applies to them too (614.1a), and
    this engine models counter replacements on permanents only, so such a case is refused."""
    for obj, _, ability, _ in _statics(game, s.CounterReplacement):
        if ability.by_you or ability.by_opponent:
            raise Unsupported(f"counters put on player {player} while {obj.id}'s 'if a player would put counters' "
                              "replacement (614.1a) applies: counter replacements on players are not modelled "
                              "by the reference engine")


def counter_replacements(game: GameState, event: CounterEvent, *, entering: bool = False) -> list[Replacement]:
    """The counter replacement effects that would modify ``event`` now (614.1a, 614.16, 614.12)."""
    return [r for r in _matching(game, event, entering=entering)
            if event.by_effect or not r.ability.effects_only]  # 614.16, 606.4: a cost is not an effect


def replacements_once_modified(game: GameState, event: CounterEvent, *, entering: bool = False) -> list[Replacement]:
    """614.16: on counters put as a cost, the "if an effect would put" replacements, which apply
    only once another replacement effect has modified the event (it is then that effect which puts
    the counters): none on an event an effect performs, where they apply from the start."""
    if event.by_effect:
        return []
    return [r for r in _matching(game, event, entering=entering) if r.ability.effects_only]


def _matching(game: GameState, event: CounterEvent, *, entering: bool) -> list[Replacement]:
    """The counter replacement effects whose conditions ``event`` meets, costs aside."""
    target = game.objects[event.object]
    if target.zone != "battlefield":  # "on a permanent": a card elsewhere is not one
        return []
    found = []
    for obj, index, ability, of_kind in _statics(game, s.CounterReplacement):
        if ability.kind is not None and ability.kind != event.kind:
            continue
        you = controller_of(game, obj)
        if ability.by_you and event.putter != you:
            continue
        if ability.by_opponent and event.putter == you:
            continue  # "if an opponent would put": not its controller's counters
        if entering and obj.ref == target.ref and not (ability.on is not None and ability.on.itself):
            continue  # 614.12: its own effect on a general set does not apply as it enters
        if ability.on is not None and not matches_now(game, ability.on, target, you=you, source=obj):
            continue
        found.append(Replacement(obj.id, index, ability, names_of(obj, ability.KEY, index, of_kind)))
    return found


def token_replacements(game: GameState, controller: str) -> list[Replacement]:
    """The token replacement effects that would modify an effect creating tokens under
    ``controller``'s control (614.1a, 614.16)."""
    return [Replacement(obj.id, index, ability, names_of(obj, ability.KEY, index, of_kind))
            for obj, index, ability, of_kind in _statics(game, s.TokenReplacement)
            if ability.under == "any" or controller_of(game, obj) == controller]


def _outcomes(left: list[Replacement], later: list[Replacement], count: int) -> set[int]:
    """Every number an order of the effects ``left`` may give (each once, 614.5), ``later`` joining
    them once one has applied (614.16)."""
    if count <= 0 or not left:
        return {count}  # 616.1e: no counter left to put, no effect applies any more
    return {n for effect in left
            for n in _outcomes([e for e in left if e is not effect] + later, [], effect.apply(count))}


def apply_in_order(candidates: list[Replacement], count: int, order: tuple[str, ...], what: str,
                   may_apply_again: Any = None, *, later: list[Replacement] | None = None) -> int:
    """The number once each applicable effect has applied once (614.5), in the order scripted
    (616.1): the first effect the order names among those applicable now, again and again.
    ``later`` become applicable once one effect has modified the event (614.16: counters put as a
    cost, then by a replacement effect). Effects the order does not name apply last, in any order,
    which must not matter (else :class:`OrderMissing`)."""
    left, waiting = list(candidates), list(later or ())
    applied: list[object] = []
    while left and count > 0:  # 616.1e: once none would be put, no effect is applicable any more
        chosen = next((e for name in order for e in left if name in e.names), None)
        if chosen is None:
            outcomes = _outcomes(left, waiting, count)
            if len(outcomes) > 1:
                refs = ", ".join(sorted(min(e.names, key=len) for e in left + waiting))
                raise OrderMissing(f"{len(left + waiting)} replacement effects ({refs}) would modify {what}, in an "
                                   "order that changes the result, and the case scripts none (CR 616.1): give order")
            return outcomes.pop()
        left.remove(chosen)
        if may_apply_again is None or may_apply_again(chosen, applied):
            count = chosen.apply(count)
            applied.append(chosen.key)
            left, waiting = left + waiting, []  # 614.16: a replacement effect now puts them
    return count


def put(game: Any, event: CounterEvent, order: tuple[str, ...], *, entering: bool = False) -> int:
    """Put ``event``'s counters, as modified (614.1a); how many were put: 0 when they can't be put
    on the permanent (122.1, 614.17c: nothing replaces an event that can't happen)."""
    if not game.can_have_counters(game.objects[event.object], event.kind):
        return 0
    count = game.replaced_counter_count(event, order, entering=entering)
    if log.logging(game):  # the replacements that may apply: those of a cost joined by the effects' once one applies
        candidates = counter_replacements(game, event, entering=entering)
        later = replacements_once_modified(game, event, entering=entering) if candidates else []
        log.counters(game, event, count, candidates + later, entering=entering)
    if count > 0:  # 613.7c: they get a timestamp; abilities waiting for them trigger, seeing the
        # amount as modified (603.2, 122.6: also counters a permanent enters with)
        game.put_counters_on(game.objects[event.object], event.kind, count)
        layers.invalidate(game)  # +1/+1 counters count in layer 7c (613.4c)
    return count


def put_counters(game: Any, step: s.PutCounters) -> None:
    """An effect puts counters on an object (122.1): the object's controller (its owner off the
    battlefield) puts them unless the step says whose effect it is."""
    obj = game.objects[step.object]
    putter = step.controller or controller_of(game, obj)
    put(game, CounterEvent(step.object, step.kind, step.count, putter), step.order)


def put_entering(game: Any, obj: GameObject, counters: Mapping[str, int], order: tuple[str, ...]) -> None:
    """``obj`` enters with ``counters`` (614.1c, 122.6): its controller puts them (122.6a), each
    kind replaced as the effects say (614.16)."""
    putter = controller_of(game, obj)
    for kind, count in counters.items():
        if count > 0:
            put(game, CounterEvent(obj.id, kind, count, putter), order, entering=True)


def entering_counters(game: GameState, obj: GameObject) -> dict[str, int]:
    """The counters ``obj`` enters with by its own abilities as it would exist on the battlefield
    (614.12): its printed loyalty if it is a planeswalker (306.5b; a copy's is copied, 707.2) and its
    "enters with" abilities (614.1c)."""
    from_values = abilities_now(game, obj, s.EntersWithCounters)
    counters: dict[str, int] = {}
    for ability in from_values:
        for kind, count in ability.counters.items():
            counters[kind] = counters.get(kind, 0) + count
    fade = game.fade_counters(obj)  # type: ignore[attr-defined]  # 702.32a: fading N (entering_choices.py)
    if fade:
        counters[FADE] = counters.get(FADE, 0) + fade
    return counters


def loyalty_as_it_enters(game: GameState, obj: GameObject) -> int:
    """306.5b: a planeswalker enters with as many loyalty counters as its printed loyalty, as it
    would exist on the battlefield (614.12): a copy has the loyalty it copied (707.2), a face-down
    permanent none (708.2a)."""
    values = current(game, obj).values
    return values.loyalty or 0 if "planeswalker" in values.types else 0


class CounterRules:
    """Hooks of ``Game`` about counter and token replacements (a deliberately wrong variant
    overrides one to break one rule)."""

    def replaced_counter_count(self, event: CounterEvent, order: tuple[str, ...], *, entering: bool = False) -> int:
        """How many counters ``event`` puts once the counter replacements applied (614.1a, 616.1)."""
        candidates = counter_replacements(self, event, entering=entering)  # type: ignore[arg-type]
        if not candidates:  # nothing modifies a cost: the "if an effect would put" ones never apply (614.16)
            return event.count
        return apply_in_order(candidates, event.count, order, f"the {event.kind} counters put on {event.object}",
                              self.may_replace_again,
                              later=replacements_once_modified(self, event, entering=entering))  # type: ignore[arg-type]

    def replaced_token_count(self, controller: str, count: int, order: tuple[str, ...]) -> int:
        """How many tokens an effect creating ``count`` under ``controller`` creates (614.1a, 616.1)."""
        candidates = token_replacements(self, controller)  # type: ignore[arg-type]
        if not candidates:
            return count
        return apply_in_order(candidates, count, order, f"the tokens created under {controller}'s control",
                              self.may_replace_again)

    def may_replace_again(self, effect: Replacement, applied: list[object]) -> bool:
        """614.5: an effect applies to an event once."""
        return effect.key not in applied
