"""More trigger events and trigger effects (issue 41; CR 603.2): seeing attacks, combat damage to
players, the beginning of an upkeep or end step, a permanent turned face up and counters removed,
and resolving the effects that remove counters or return a card.

- 508.3a "whenever [a creature] attacks" triggers only as the creature is declared as an attacker;
         the active player then gets priority in the declare attackers step (508.2), so those
         abilities resolve before blockers are declared (117.4: the step ends with the stack empty);
- 510.3a abilities that triggered on combat damage go on the stack before the active player gets
         priority in that combat damage step; "whenever [a creature] deals combat damage to a
         player" triggers once per creature and player it dealt combat damage to in the step (510.2:
         one event, 603.2c), "that much" the damage dealt, after replacement and prevention effects
         (614.6, 615); damage redirected to a planeswalker or a creature is not dealt to a player;
- 503.1a, 513.1a "at the beginning of the upkeep (end step)" abilities trigger as that step begins
         and go on the stack before the active player gets priority; "your" upkeep is the one of
         your turn, the ``beginning_of_step`` step's player; 500.4 the step before it ended, so
         mana pools are empty;
- 708.8  a permanent turned face up has its abilities; "when this is turned face up" triggers on
         the permanent as it is after the event (603.2), its enters abilities don't;
- 122.1, 603.2c "whenever one or more [kind] counters are removed from [a permanent]" triggers
         once per event, "that many" the number removed (never more than it had, 122.1);
- 615.5  (issue 41) "whenever damage that would be dealt to [a permanent] is prevented": once per
         prevention effect that prevented some of a damage event, "that much" the damage prevented;
         several prevention effects on one damage event, or one event of several damage actions or
         recipients, are refused (one trigger or several is not settled);
- 107.1b an amount that would be negative is 0 (``its_power`` of a creature with power -1);
- 608.2h ``its_power`` is the power of the ability's object as the ability resolves; once it has
         left the battlefield it would be its last known information, which the reference engine
         does not keep for layer 7: refused (Unsupported);
- 111.1, 111.2, 111.4 (issue 41) a ``create_token`` effect: its controller creates the tokens as
         a ``create_token`` step would, token replacement effects included (614.1a);
- 400.7, 400.7d an object that changed zones is a new object the ability can't find, except that a
         "dies" ability finds the card the creature became in the graveyard (if it is still there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import counter_replacement, damage, layers, log, players, triggers
from reference_engine.filters import matches, relation_holds
from conformance.format.values import thaw
from reference_engine.objects import GameObject, no_counters

if TYPE_CHECKING:
    from reference_engine.state import GameState
    from reference_engine.triggers import Pending


def _object_event(game: GameState, kind: str, obj: GameObject, filter_of: Any, amount: int = 0) -> None:
    """``obj`` took part in an event of ``kind``: the abilities whose filter (``filter_of(event)``,
    ``None``: not this event) matches it trigger."""
    chars = layers.board(game).chars[obj.id]
    for source, ability, you, _ in triggers.listeners(game, kind):
        wanted = filter_of(ability.event)
        if wanted is not None and matches(wanted, obj, you=you, source=source, chars=chars):
            triggers._wait(game, [triggers._trigger(game, source, ability, you, that=obj.id, that_ref=obj.ref,
                                                    amount=amount)])


def attacked(game: GameState, attackers: list[GameObject]) -> None:
    """508.3a: ``attackers`` were declared as attackers (in the order the step lists them)."""
    for obj in attackers:
        _object_event(game, "attacks", obj, lambda event: event.attacks)


def combat_damage_to_player(game: GameState, source: GameObject, player: str, amount: int) -> None:
    """510.3a: ``source`` dealt ``amount`` combat damage to ``player`` in one combat damage step."""
    if amount <= 0:
        return
    chars = layers.board(game).chars[source.id]
    for holder, ability, you, _ in triggers.listeners(game, "combat_damage_to_player"):
        if matches(ability.event.combat_damage_to_player, source, you=you, source=holder, chars=chars):
            triggers._wait(game, [triggers._trigger(game, holder, ability, you, that=player, that_ref=None,
                                                    amount=amount)])


def step_began(game: GameState, step: s.BeginningOfStepStep) -> None:
    """503.1a, 513.1a: ``step.player``'s upkeep or end step begins; the step before it has ended,
    so mana pools have emptied (500.4)."""
    players.empty_mana_pools(game)
    for source, ability, you, _ in triggers.listeners(game, "beginning_of_step"):
        event = ability.event.beginning_of_step
        if event.step == step.step and (event.player == "each" or relation_holds(event.player, step.player, you)):
            triggers._wait(game, [triggers._trigger(game, source, ability, you, that=step.player, that_ref=None)])


def turned_face_up(game: GameState, obj: GameObject) -> None:
    """708.8: ``obj`` was turned face up; judged on the permanent as it is now (603.2)."""
    _object_event(game, "turned_face_up", obj, lambda event: event.turned_face_up)


def remove_counters(game: GameState, obj: GameObject, kind: str, count: int) -> int:
    """122.1: remove up to ``count`` ``kind`` counters from ``obj`` (as many as it has at most), one
    event; "counters removed" abilities trigger (603.2c). How many were removed. Inside an event
    of several damage actions (a combat damage step, a ``together``) beside such an ability, whether
    that is one event or several is not modelled: refused."""
    removed = min(count, obj.counters[kind]) if count > 0 else 0
    if removed <= 0:
        return 0
    obj.counters[kind] -= removed
    layers.invalidate(game)
    if obj.zone == "battlefield" and any(ability.event.counters_removed.kind == kind
                                         for _, ability, _, _ in triggers.listeners(game, "counters_removed")):
        if triggers.SIMULTANEOUS_EVENT in game.__dict__:
            raise Unsupported(f"{kind} counters were removed from {obj.id} in an event of several damage actions beside "
                              "a \"counters removed\" triggered ability: one trigger or one per action is not modelled "
                              "by the reference engine (CR 603.2c)")
        _object_event(game, "counters_removed", obj,
                      lambda event: event.counters_removed.on if event.counters_removed.kind == kind else None,
                      amount=game.counters_removed_amount(count, removed))
    return removed


def damage_prevented(game: GameState, recipient: str, prevented: int, *, again: bool) -> None:
    """615.5: a prevention effect prevented ``prevented`` damage that would have been dealt to
    ``recipient``: "whenever damage that would be dealt to [a permanent] is prevented" abilities
    whose filter matches it trigger, ``that_many`` the damage prevented (603.2; 615.12: damage that
    can't be prevented is none). Whether several prevention effects on one damage event (``again``),
    or prevention inside an event of several damage actions or recipients, is one prevention event or
    several is not settled by the rules the reference engine models: refused."""
    obj = game.objects.get(recipient)
    if prevented <= 0 or obj is None or obj.zone != "battlefield":
        return
    chars = layers.board(game).chars[obj.id]
    if not any(matches(ability.event.damage_prevented, obj, you=you, source=source, chars=chars)
               for source, ability, you, _ in triggers.listeners(game, "damage_prevented")):
        return
    if again or triggers.SIMULTANEOUS_EVENT in game.__dict__ or game.__dict__.get(damage.RECIPIENTS, 1) > 1:
        raise Unsupported(f"damage to {recipient} was prevented beside a \"damage is prevented\" triggered ability, "
                          "by several prevention effects or in an event of several damage actions or recipients: one "
                          "trigger or several is not settled (CR 615.5, 603.2c), not modelled by the reference engine")
    _object_event(game, "damage_prevented", obj, lambda event: event.damage_prevented, amount=prevented)


# --- effects ----------------------------------------------------------------------------------


def amount(game: GameState, value: int | str, pending: Pending) -> int:
    """An effect's amount: a number, ``that_many`` (the event's, 614.6) or ``its_power`` (608.2h,
    107.1b: 0 if negative)."""
    if value == s.THAT_MANY:
        return pending.amount
    if value == s.ITS_POWER:
        obj = game.objects[pending.source_ref[0]]
        if obj.ref != pending.source_ref or obj.zone != "battlefield":
            raise Unsupported(f"{pending.name}'s amount is its object's power, but {obj.id} has left the battlefield: "
                              "its last known power (CR 608.2h, 113.7a) is not modelled by the reference engine")
        return game.trigger_power(obj)
    return int(value)


def found(game: GameState, which: str, pending: Pending) -> GameObject | None:
    """The object ``which`` (``itself``, ``that``) names, if the ability can find it: the same
    object on the battlefield (400.7), or, for a "dies" ability, the card in the graveyard (400.7d)."""
    ref = pending.source_ref if which == "itself" else pending.that_ref
    if ref is None:
        return None
    obj = game.objects[ref[0]]
    if obj.ref == ref and obj.zone == "battlefield":
        return obj
    if obj.zone == "graveyard" and obj.incarnation == ref[1] + 1 and game.finds_in_graveyard(pending):
        return obj  # 400.7d: it moved from the battlefield to the graveyard as the ability triggered
    return None


def target_still_legal(game: GameState, pending: Pending, name: str) -> bool:
    """608.2b: the ability's target as it resolves: a player, or the same permanent it targeted
    (400.7: one that left the battlefield is a new object) still a creature, planeswalker or battle
    (115.4). If not, the ability, its only target illegal, doesn't resolve: its damage is not dealt."""
    if name in game.player_states:
        return True
    obj = game.objects.get(name)
    return obj is not None and obj.ref == pending.target_ref and triggers.legal_target(game, pending, name)


_AS_ENTERS = (s.EntersAsCopy, s.AsEntersChoose, s.AsEntersPT)


def reserve_tokens(game: GameState) -> None:
    """The ids of the tokens the case's triggered abilities may create (111.1) name no object
    until they are created: observed as objects that do not exist (``zone: null``), as a name a
    ``create_token`` step gives no token is."""
    for obj in list(game.objects.values()):
        for ability in obj.card.abilities:
            part = getattr(getattr(ability, "effect", None), "create_token", None)
            for name in part.tokens if isinstance(ability, s.Triggered) and part is not None else ():
                game.objects.setdefault(name, GameObject(id=name, card=s.Card(types=()), owner=obj.owner, controller=None,
                                                         zone=None, timestamp=0, counters=no_counters(), token=True))


def create_tokens(game: GameState, pending: Pending) -> None:
    """111.1, 111.2, 111.4: the ability's controller creates its tokens, as a ``create_token`` step
    does (tokens.py), so token replacement effects apply (614.1a); the tokens enter the battlefield
    (603.6a). The case names them for one resolution: an ability resolving again is refused."""
    part = pending.ability.effect.create_token
    made = game.__dict__.setdefault("_trigger_tokens_made", set())
    again = [name for name in part.tokens if name in made or game.objects[name].zone is not None]
    made.update(part.tokens)
    if again:
        raise Unsupported(f"{pending.name} creates tokens again, but its token ids ({', '.join(again)}) are taken: "
                          "the case names the tokens of one resolution only (CR 111.1)")
    step = s.CreateToken(controller=game.trigger_token_controller(pending), card=s.Card.from_dict(thaw(part.card)), count=part.count,
                         tokens=part.tokens)
    try:
        with log.context(game, resolving=log.trigger_effect(pending.ability.effect)):
            game.perform(step)
    except counter_replacement.OrderMissing as missing:  # 616.1: no order an ability's effect can give
        raise Unsupported(f"{pending.name}'s tokens: {missing} (an ability's effect has no order: not modelled)") from None


def resolve(game: GameState, pending: Pending) -> bool:
    """The effects of this module (``remove_counters``, ``return_card``, ``create_token``); whether
    it was one."""
    effect = pending.ability.effect
    if effect.create_token is not None:
        create_tokens(game, pending)
        return True
    if effect.remove_counters is not None:
        part = effect.remove_counters
        obj = found(game, part.to, pending)
        if obj is not None and obj.zone == "battlefield":
            remove_counters(game, obj, part.kind, amount(game, part.count, pending))
        return True
    if effect.return_card is None:
        return False
    part = effect.return_card
    obj = found(game, part.object, pending)
    if obj is None or obj.zone == part.to:
        return True  # 400.7: gone; or already there
    if part.to == "battlefield" and any(a for a in obj.card.abilities if isinstance(a, _AS_ENTERS)):
        raise Unsupported(f"{obj.id} returns to the battlefield with an \"as enters\" choice no step scripts "
                          "(CR 614.12): not modelled by the reference engine")
    with log.context(game, returned=obj.id):
        game.perform(s.Move(object=obj.id, to=part.to))  # 400.7; onto the battlefield it enters (603.6a)
    return True
