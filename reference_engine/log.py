"""The game's log: each event the engine performs, as plain data, for readers outside the rules.

Nothing in the rules reads the log back, and a game keeps none unless one is attached
(:func:`attach`): noting an event then costs one dictionary look-up. ``ReferenceEngine.run_logged``
attaches one; ``conformance.laws.interactions`` reads it to tell which elements of the format met on
one event or one object (a two-coloured source dealing damage to a creature with protection from
one of its colours, wither damage meeting a prevention shield, ...).

Each entry is a dict: ``event`` (its kind: ``damage``, ``counters``, ``tokens``, ``trigger``,
``life``, ``state-based action``, ``layer 7``, ``ability``), the facts the engine knew as it
happened, and the context it happened in (:func:`context`: the step's kind, ``together``, the
combat damage step, a resolving triggered ability). Objects are described by :func:`facts`: their
characteristics then (after layers 1-6, 613.1), their copiable values' keywords (what is printed or
copied, 707.2) beside what they have now (gained and lost in layer 6, 613.1f), their controller
and owner.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from conformance.format import model as s
from reference_engine import layers

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState

_LOG, _CONTEXT = "_log", "_log_context"


def attach(game: Any) -> list[dict[str, Any]]:
    """Give ``game`` a log (an empty list, filled as it runs) and return it."""
    entries: list[dict[str, Any]] = []
    game.__dict__[_LOG] = entries
    game.__dict__[_CONTEXT] = {"ranges": True} if game.case.range_of_influence is not None else {}
    return entries


def logging(game: Any) -> bool:
    """Whether ``game`` keeps a log: callers that would work to describe an event ask first."""
    return _LOG in game.__dict__


def note(game: Any, event: str, **facts: Any) -> None:
    """Log one event of kind ``event`` with ``facts``, in the context it happens in."""
    entries = game.__dict__.get(_LOG)
    if entries is not None:
        entries.append({"event": event, **game.__dict__[_CONTEXT], **facts})


@contextmanager
def context(game: Any, **facts: Any) -> Iterator[None]:
    """Events logged inside carry ``facts`` too (an inner context adds to an outer one)."""
    if _LOG not in game.__dict__:
        yield
        return
    outer = game.__dict__[_CONTEXT]
    game.__dict__[_CONTEXT] = {**outer, **facts}
    try:
        yield
    finally:
        game.__dict__[_CONTEXT] = outer


def keywords(values: Any) -> list[str]:
    """The keyword abilities among ``values``' abilities (702), sorted, each once."""
    return sorted({a.keyword for a, _ in values.abilities if isinstance(a, s.Keyword)})


def ability_kinds(values: Any) -> list[str]:
    """The kinds of the abilities among ``values``' (their format keys), sorted, each once."""
    return sorted({getattr(a, "KEY", type(a).__name__) for a, _ in values.abilities})


def facts(game: GameState, obj: GameObject, chars: Any = None) -> dict[str, Any]:
    """An object as an event finds it: its characteristics ``chars`` (default: now, after layers 1-6,
    613.1), its keywords and those of its copiable values (707.2: printed, or copied), its
    controller (613.1b) and owner, whether it is a token."""
    if chars is None:
        chars = layers.characteristics(game, obj)
    values, copiable = chars.values, chars.copiable
    return {"id": obj.id, "zone": obj.zone, "types": sorted(values.types), "colors": sorted(values.colors),
            "copiable_colors": sorted(copiable.colors), "keywords": keywords(values),
            "copiable_keywords": keywords(copiable), "abilities": ability_kinds(values),
            "controller": chars.controller or obj.owner, "owner": obj.owner, "token": obj.token}


def effect_kind(effect: Any) -> str:
    """What kind of replacement or prevention effect ``effect`` is, in the words of the rules:
    ``double``, ``triple``, ``plus`` (701.10g, 701.11, 614.1a), ``redirection`` (614.9; ``static redirection`` for a static ability's), ``shield``
    (615.7), ``prevent all`` (a resolved effect with no amount, 615.1), ``static prevention``
    (615.10), ``partial prevention`` (half, all but N), ``protection`` (702.16e)."""
    ability = getattr(effect, "ability", None)
    if isinstance(ability, s.DoubleDamage):
        return "double"
    if isinstance(ability, s.ModifyDamage):
        return "plus" if ability.plus is not None else ("triple" if ability.times == 3 else "double")
    if isinstance(ability, s.Protection):
        return "protection"
    if isinstance(ability, s.PreventDamageAbility):
        return "partial prevention" if ability.half is not None or ability.all_but is not None else "static prevention"
    if hasattr(effect, "instead_to"):  # a static redirection (614.9, Palisade Giant-like) or a resolved one
        return "static redirection" if type(effect).__name__ == "StaticRedirect" else "redirection"
    return "prevent all" if getattr(effect, "remaining", None) is None else "shield"


def damage(game: GameState, event: Any, applied: tuple[Any, ...]) -> None:
    """Log the damage ``event`` (a ``damage.DamageEvent``) as the replacement and prevention
    effects ``applied`` (in order, 616.1) left it, about to be dealt (0: all prevented, 615.6)."""
    if not logging(game):
        return
    from reference_engine.range_of_influence import as_source

    source = game.objects[event.source]
    recipient = game.objects.get(event.recipient)
    note(game, "damage", source={**facts(game, source, as_source(game, source)), "zone": source.zone},
         recipient=facts(game, recipient) if recipient is not None else {"player": event.recipient},
         combat=event.combat, unpreventable=event.unpreventable, unredirectable=event.unredirectable,
         amount=event.amount,
         applied=[{"kind": effect_kind(e), "then": getattr(e, "then", None) is not None,
                   "then_deals_damage": getattr(getattr(e, "then", None), "deal_damage", None) is not None,
                   **_effect_source(game, e)} for e in applied])


def _effect_source(game: GameState, effect: Any) -> dict[str, Any]:
    """The controller and owner of the permanent whose static ability generated ``effect``."""
    obj = getattr(effect, "source", None)
    if obj is None:
        return {}
    chars = layers.characteristics(game, obj)
    return {"controller": chars.controller or obj.owner, "owner": obj.owner}


def _pt_effect(game: GameState, effect: Any) -> dict[str, Any]:
    """A layer 7 effect (an ``objects.PTEffect``): its sublayer (613.4), what made it, its timestamp
    (613.7), how long it lasts, which values it sets or changes, and the permanent of a static one
    with its controller now (after layer 2, 613.1b) and owner."""
    entry = {"sublayer": effect.sublayer.value, "kind": effect.kind, "timestamp": effect.timestamp,
             "until": effect.until, "power": effect.power is not None, "toughness": effect.toughness is not None}
    if effect.source is not None:
        entry["source"] = _effect_source(game, effect)
    return entry


def layer_seven(game: GameState) -> None:
    """At a checkpoint, log each creature on the battlefield with what layer 7 applies to it
    (613.4): its characteristic-defining ability (7a), the effects of resolved spells and abilities
    and of static abilities in 7b-7d, its +X/+Y counters (7c, 122.1a)."""
    if not logging(game):
        return
    from reference_engine.objects import counter_pt

    for obj in game.objects.values():
        if obj.zone != "battlefield" or game.power_toughness(obj).toughness is None:
            continue
        chars = layers.characteristics(game, obj)
        note(game, "layer 7", object=facts(game, obj, chars),
             cda=any(isinstance(a, s.CdaPT) for a, _ in chars.values.abilities),
             effects=[_pt_effect(game, e) for e in layers.applicable_effects(game, obj)],
             counters=sorted(kind for kind, n in obj.counters.items() if n > 0 and counter_pt(kind)))


def effects_ending(game: GameState, ending: list[Any]) -> None:
    """Log the layer 7 effects in ``ending`` about to end (an ``end_effect``, the cleanup step's
    "until end of turn", 514.2), each with the layer 7 effects that stay on the objects it affects."""
    if not logging(game):
        return
    ending_pt = [e for e in ending if getattr(e, "sublayer", None) is not None]
    for obj in game.objects.values():
        if obj.zone != "battlefield":
            continue
        on_it = [e for e in ending_pt if obj.ref in e.affected]
        if on_it:
            staying = [e for e in layers.applicable_effects(game, obj) if all(e is not x for x in on_it)]
            note(game, "effect ends", object=facts(game, obj), ending=[_pt_effect(game, e) for e in on_it],
                 staying=[_pt_effect(game, e) for e in staying])


def state_based_actions(game: GameState, actions: dict[str, list[Any]], damaged: list[tuple[Any, str]],
                        losing: list[Any]) -> None:
    """Log the state-based actions about to be performed at once (704.3): ``actions`` by rule, the
    creatures with lethal damage or dealt damage by deathtouch (``damaged``, each with its rule:
    ``spared`` when indestructible, 702.12b), the players who lose (704.5a, 704.5c)."""
    if not logging(game):
        return
    for rule, found in actions.items():
        for obj in found:
            note(game, "state-based action", rule=rule, object=facts(game, obj))
    for obj, rule in damaged:
        entry = facts(game, obj)
        note(game, "state-based action", rule=rule, object=entry, spared="indestructible" in entry["keywords"])
    for player in losing:
        note(game, "state-based action", rule="704.5c" if player.counters.get("poison", 0) >= 10 else "704.5a",
             player=player.name)


def _replacement(game: GameState, effect: Any) -> dict[str, Any]:
    """A counter or token replacement effect (``counter_replacement.Replacement``): its mode (614.1a:
    twice, plus N, half), what it is limited to, and its permanent's controller and owner."""
    ability, obj = effect.ability, game.objects[effect.ref]
    entry = {"mode": ability.mode, **_effect_source(game, type("Static", (), {"source": obj})())}
    for limit in ("kind", "on", "by_you", "by_opponent"):
        if getattr(ability, limit, None) not in (None, False):
            entry[limit] = True
    if getattr(ability, "under", None) == "any":  # a token replacement for anyone's tokens
        entry["under"] = True
    if getattr(ability, "effects_only", True) is False:
        entry["costs"] = True
    return entry


def counters(game: GameState, event: Any, put: int, candidates: list[Any], *, entering: bool) -> None:
    """Log a counter event (``counter_replacement.CounterEvent``): ``put`` counters of its kind were
    put once the replacement effects ``candidates`` applied (614.1a; a cost's, 614.16; as the
    permanent entered, 122.6)."""
    if not logging(game):
        return
    obj = game.objects[event.object]
    note(game, "counters", object=facts(game, obj), kind=event.kind, count=event.count, put=put,
         cost=not event.by_effect, entering=entering, by_controller=event.putter == facts(game, obj)["controller"],
         replacements=[_replacement(game, e) for e in candidates])


def tokens(game: GameState, step: Any, created: int, candidates: list[Any]) -> None:
    """Log a ``create_token`` step's event: ``created`` tokens once the replacement effects
    ``candidates`` applied (614.1a), copies of an object or not (707.2, 111.4)."""
    if logging(game):
        note(game, "tokens", count=step.count, created=created, copy=step.copy_of is not None,
             exceptions=step.exceptions is not None, controller=step.controller,
             replacements=[_replacement(game, e) for e in candidates])


def trigger(game: GameState, pending: Any) -> None:
    """Log a triggered ability that triggered (603.2; ``triggers.Pending``): its trigger event, its
    source (603.3a: its controller controls it), the event's object or player and amount."""
    if not logging(game):
        return
    source = game.objects[pending.source]
    that = game.objects.get(pending.that) if pending.that_ref is not None else None
    note(game, "trigger", trigger=pending.ability.event.kind, effect=trigger_effect(pending.ability.effect),
         source={"controller": pending.controller, "owner": source.owner, "id": source.id},
         that={"id": that.id, "owner": that.owner} if that is not None else {"player": pending.that},
         amount=pending.amount)


def trigger_effect(effect: Any) -> str | None:
    """The kind of a triggered ability's effect: the key of the part it has."""
    return next((name for name in ("put_counters", "damage", "gain_life", "lose_life", "modify_pt", "become",
                                   "become_copy", "remove_counters", "return_card", "create_token")
                 if getattr(effect, name, None) is not None), None)


def life(game: GameState, player: str, amount: int, changed: int, *, gained: bool) -> None:
    """Log a life-gain or life-loss event (119.3): ``player`` would gain (lose) ``amount`` and
    gained (lost) ``changed`` once replacement effects applied (614.1a)."""
    if logging(game):
        state = game.player_states[player]
        note(game, "life", player=player, gained=gained, amount=amount, changed=changed, life=state.life)


def ability(game: GameState, step: Any) -> None:
    """Log a step that activates an ability of a permanent, or makes one trigger (602, 603, 605,
    606), with the permanent as it is then (its controller activates it, 602.2)."""
    if logging(game):
        obj = game.objects[step.object]
        if obj.zone == "battlefield":
            note(game, "ability", step=step.KEY, ability=step.ability, object=facts(game, obj))
