"""Damage (CR 120): which players and objects a source would deal it to, and what it does once
replacement and prevention effects have modified it (614, 615, 616: see replacement.py).

- 120.1  damage can be dealt to players, creatures and planeswalkers (battles are not modelled);
- 120.3a damage dealt to a player makes that player lose that much life;
- 120.3c damage dealt to a planeswalker removes that many loyalty counters from it (306.8);
- 120.3e damage dealt to a creature is marked on it; a planeswalker that is also a creature gets
         both results (120.3: the results depend on what the recipient is);
- 120.3f, 702.15b damage dealt by a source with lifelink also makes the source's controller (its
         owner if it has none) gain that much life, as part of the same event: one source dealing
         damage to several recipients at once gains the total; damage prevented, or not dealt
         (801.10, 801.13a), is not dealt, so gains nothing (615.6);
- 702.2b a creature dealt damage by a source with deathtouch is destroyed by the next check of
         state-based actions (704.5h, state_based_actions.py): any nonzero amount;
- 702.15d, 702.2d lifelink and deathtouch work whatever zone the source deals damage from (a
         spell on the stack with lifelink gains life); the source's abilities are read as they are
         when the damage is dealt, after layer 6 (613.1f);
- 120.6  marked damage stays until the cleanup step, which removes it (514.2);
- 704.5g a creature with toughness greater than 0 and damage marked on it at least equal to its
         toughness has been dealt lethal damage and is destroyed (a state-based action), unless
         it is indestructible (702.12b);
- 614.7a a source that would deal 0 damage deals none: no event, nothing to replace or prevent;
- 616.1  the names a case's order gives the effects of a permanent's static damage abilities
         (doubling, prevention: ``static_names``, shared by replacement.py and prevention.py);
- 801.10 with the limited range of influence option, a source deals no damage to players and
         objects outside its controller's range: that part of its effect does nothing.

- 120.3b, 120.3d infect and wither: counters instead (infect.py);
- 615.5  the additional effects of the prevention effects that applied happen right after.

Battles are not modelled, nor toxic.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from conformance.format import model as s
from conformance.format.frozen import frozen
from reference_engine import infect as infection
from reference_engine import layers, life
from reference_engine.range_of_influence import abilities_now, as_source, current, in_range, matches_now, source_controller

if TYPE_CHECKING:
    from reference_engine.state import GameState
    from reference_engine.objects import GameObject


@frozen
class DamageEvent:
    """``source`` (an object id) would deal ``amount`` damage to ``recipient`` (a player's name or
    an object's id); ``combat`` for combat damage."""

    source: str
    recipient: str
    amount: int
    combat: bool = False
    unpreventable: bool = False  # 615.12: "can't be prevented", kept by a redirection (614.9)
    unredirectable: bool = False  # "can't be redirected" (prevention_variants.py)

    def with_amount(self, amount: int) -> DamageEvent:
        return dataclasses.replace(self, amount=amount)

    def redirected(self, recipient: str, amount: int) -> DamageEvent:
        return dataclasses.replace(self, recipient=recipient, amount=amount)


LOYALTY = "loyalty"
LIFELINK, DEATHTOUCH, INDESTRUCTIBLE = "lifelink", "deathtouch", "indestructible"
INFECT, WITHER = infection.INFECT, infection.WITHER


def is_creature(game: GameState, obj: GameObject) -> bool:
    """A creature on the battlefield: a permanent with power and toughness (208.3)."""
    return obj.zone == "battlefield" and game.power_toughness(obj).toughness is not None


def is_planeswalker(game: GameState, obj: GameObject) -> bool:
    """A planeswalker on the battlefield: its card types now, after layer 4 (613.1d)."""
    return obj.zone == "battlefield" and "planeswalker" in current(game, obj).values.types


def has_keyword(game: GameState, obj: GameObject, keyword: str) -> bool:
    """Whether ``obj`` has the keyword ability now, after layer 6 (613.1f): a creature that lost
    lifelink has none, one that gained it has it."""
    return current(game, obj).values.has_keyword(keyword)


def can_be_dealt_damage(game: GameState, recipient: str) -> bool:
    """Whether damage can be dealt to ``recipient`` now: a player, or a creature or planeswalker
    on the battlefield (120.1; battles are not modelled)."""
    if recipient in game.player_states:
        return True
    obj = game.objects[recipient]
    return is_creature(game, obj) or is_planeswalker(game, obj)


def recipients(game: GameState, step: s.Damage) -> list[str]:
    """Who ``step`` would deal damage to: ``to``, each object ``to_each`` matches now, on its
    current characteristics (613.1: "each creature" means each object that is a creature now),
    relative to the source's controller; each player; each once, in that order."""
    source = game.objects[step.source]
    you = source_controller(game, source)  # 113.7a: a source that left the battlefield, as it last existed
    found: list[str] = []
    if step.to is not None:
        found.append(step.to)
    if step.to_each is not None:
        found += [o.id for o in game.objects.values() if matches_now(game, step.to_each, o, you=you)]
    if step.to_each_player:
        found += list(game.players)
    return list(dict.fromkeys(found))


RECIPIENTS = "_damage_recipients"
"""How many recipients the damage event being modified has (trigger_events.damage_prevented)."""


def deal(game: GameState, step: s.Damage) -> None:
    """Perform a damage event: each recipient in range (801.10) is dealt the damage as replacement
    and prevention effects modify it (614-616), then the results happen (120.3), lifelink's
    included (120.3f): the source's controller gains the total dealt, once (702.15b)."""
    source = game.objects[step.source]
    controller = source_controller(game, source)  # 113.7a, 608.2h: last known information, if it left
    events = [
        DamageEvent(step.source, recipient, step.amount, step.combat, step.cant_be_prevented, step.cant_be_redirected)
        for recipient in recipients(game, step)
        if can_be_dealt_damage(game, recipient) and in_range(game, controller, recipient)
    ]
    game.__dict__[RECIPIENTS] = len(events)  # one damage event to several recipients (issue 41, 615.5)
    dealt = [final for event in events for final in game.modified(event, step.order)]
    game.__dict__.pop(RECIPIENTS)
    # 702.15b, 702.2b: the source's abilities as the damage is dealt, before its results change anything
    abilities = as_source(game, source).values
    lifelink, deathtouch = abilities.has_keyword(LIFELINK), abilities.has_keyword(DEATHTOUCH)
    infect, wither = abilities.has_keyword(INFECT), abilities.has_keyword(WITHER)  # 702.90b-e, 702.80a
    total = sum(result(game, event, deathtouch=deathtouch, infect=infect, wither=wither) for event in dealt)
    if lifelink and total > 0:
        # 702.15b: its controller, or owner; a life-gain event (614.1a), one per source (119.10)
        game.lifelink_gain(step.source, controller, total)
    game.additional_prevention_effects(step.order)  # 615.5: immediately after the prevention


def result(game: GameState, event: DamageEvent, *, deathtouch: bool = False, infect: bool = False,
           wither: bool = False) -> int:
    """What damage that is dealt does, and how much was dealt: life loss for a player (120.3a),
    poison counters instead from a source with infect (120.3b); loyalty counters removed from a
    planeswalker (120.3c) and damage marked on a creature (120.3e), -1/-1 counters instead from a
    source with wither or infect (120.3d), both for a planeswalker creature; a permanent dealt
    damage by a source with deathtouch is remembered until state-based actions are next checked
    (704.5h). 0 damage is no damage (614.7a)."""
    if event.amount <= 0 or not can_be_dealt_damage(game, event.recipient):
        return 0
    if event.recipient in game.player_states:
        if game.damage_as_counters(infect, wither, to_player=True) is not None:
            infection.poison(game, event.recipient, event.amount)  # 120.3b
        else:
            life.lose(game, event.recipient, event.amount, damage=True)  # 120.3a
        return event.amount
    obj = game.objects[event.recipient]
    if is_planeswalker(game, obj):  # 120.3c
        game.loyalty_damage(obj, event.amount, infect=infect, wither=wither)
    if is_creature(game, obj) and game.damage_as_counters(infect, wither, to_player=False) is not None:
        infection.shrink(game, obj, event.amount)  # 120.3d
    elif is_creature(game, obj):  # 120.3e
        game.damage_marked[obj.ref] += event.amount
    if deathtouch:  # 702.2b
        game.deathtouched.add(obj.ref)
    # 603.2: the damage as dealt, after replacement; once per event for all dealt at once (603.2c)
    game.dealt_damage(obj, event.amount)
    return event.amount


def marked(game: GameState, obj: GameObject) -> int:
    """Damage marked on ``obj`` (120.3e); a new object has none (400.7)."""
    return game.damage_marked.get(obj.ref, 0)


def lethally_damaged(game: GameState) -> list[GameObject]:
    """704.5g: creatures with toughness greater than 0 and damage marked on them at least equal to
    their toughness; 704.5h: creatures with toughness greater than 0 dealt damage by a source with
    deathtouch since the last check of state-based actions. Both destroy, so an indestructible
    one is neither (702.12b)."""
    return [obj for obj, _ in lethal_damage_or_deathtouch(game) if not has_keyword(game, obj, INDESTRUCTIBLE)]


def lethal_damage_or_deathtouch(game: GameState) -> list[tuple[GameObject, str]]:
    """The creatures 704.5g (lethal damage) or 704.5h (damage from a source with deathtouch)
    apply to, indestructible or not, each with the rule (704.5g where both do)."""
    found: list[tuple[GameObject, str]] = []
    if not game.damage_marked and not game.deathtouched:
        return found
    for obj in game.objects.values():
        if obj.zone != "battlefield" or not (marked(game, obj) or obj.ref in game.deathtouched):
            continue
        toughness = game.power_toughness(obj).toughness
        if toughness is None or toughness <= 0:
            continue  # not a creature (208.3), or one 704.5f puts into the graveyard
        if toughness <= marked(game, obj):
            found.append((obj, "704.5g"))
        elif obj.ref in game.deathtouched:
            found.append((obj, "704.5h"))
    return found


def out_of_loyalty(game: GameState) -> list[GameObject]:
    """704.5i: planeswalkers with loyalty 0: the loyalty of a planeswalker on the battlefield is
    the number of loyalty counters on it (306.5c). Not destruction: indestructible does not help."""
    return [obj for obj in game.objects.values()
            if obj.zone == "battlefield" and not obj.counters.get(LOYALTY) and is_planeswalker(game, obj)]


def enters_with_loyalty(game: GameState, obj: GameObject) -> None:
    """306.5b: a planeswalker enters the battlefield with as many loyalty counters as its printed
    loyalty, its loyalty as it would exist on the battlefield (614.12): a copy of a planeswalker
    has the loyalty it copied (707.2, a copiable value), a face-down permanent none (708.2a)."""
    values = current(game, obj).values
    if "planeswalker" in values.types and values.loyalty:
        obj.counters[LOYALTY] += values.loyalty
        layers.invalidate(game)


def remove_damage(game: GameState) -> None:
    """514.2: in the cleanup step, all damage marked on permanents is removed."""
    game.damage_marked.clear()


def static_names(game: GameState, obj: GameObject, kind: str, index: int) -> frozenset[str]:
    """The names a case's order may give the effect of ``obj``'s ``index``-th (from 0) static
    ability of ``kind`` (616.1): ``OBJ.KIND.N`` always (N from 1); ``OBJ.KIND`` if it is its only
    ability of that kind; the plain ``OBJ`` if it is its only static damage ability at all."""
    counts = {cls.KEY: len(abilities_now(game, obj, cls)) for cls in STATIC_DAMAGE_ABILITIES}
    names = {f"{obj.id}.{kind}.{index + 1}"}
    if counts[kind] == 1:
        names.add(f"{obj.id}.{kind}")
    if sum(counts.values()) == 1:
        names.add(obj.id)
    return frozenset(names)


STATIC_DAMAGE_ABILITIES = (s.DoubleDamage, s.PreventDamageAbility, s.ModifyDamage, s.Protection, s.StaticRedirection)
"""Static abilities whose effects replace or prevent damage (701.10g, 614.1a, 615.10, 702.16e, 614.9)."""
