"""The part of a :class:`~reference_engine.game.Game` about players and damage: the players in
their seats, the steps that change life totals, counters on players and mana pools, doubling them
(701.10d-f), damage events with their replacement and prevention effects (614-616, 701.10g), and
the limited range of influence option (801).

:class:`Table` is a mixin of ``Game``; its hook methods (:meth:`Table.may_apply_again`,
:meth:`Table.redirection_reaches`, :meth:`Table.prevention_reaches`) are where a deliberately
wrong variant changes one rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from conformance.format import model as s
from conformance.errors import Unsupported
from reference_engine import (
    counter_replacement, damage, doubling, life, log, players, prevention, prevention_variants, replacement, trigger_events,
)
from reference_engine import infect as infect_rules
from reference_engine.damage import DamageEvent
from reference_engine.range_of_influence import controller_of, in_range, source_controller
from reference_engine.objects import no_counters


class Table:
    """Players, damage, replacement and prevention, for ``Game``."""

    case: s.Case
    objects: dict

    def seat_players(self) -> None:
        """Seat the players as the case starts; no damage marked, no damage effects yet."""
        self.player_states: dict[str, players.Player] = players.seat(self.case)
        self.damage_effects: list = []  # prevention shields and redirections of resolved spells
        self.damage_marked: Counter[tuple[str, int]] = no_counters()
        # 704.5h: permanents dealt damage by a source with deathtouch since state-based actions
        # were last checked (by their id and incarnation, 400.7)
        self.deathtouched: set[tuple[str, int]] = set()
        self.prevention_extras: list = []  # 615.5: additional effects waiting for the prevention to end
        self.extra_damage_dealing = False  # 615.5: an additional effect's damage is being dealt

    # --- steps ---------------------------------------------------------------------------------

    def perform_table_step(self, step: s.Step) -> None:
        """Perform a step about players or damage (one of ``TABLE_STEPS``)."""
        TABLE_STEPS[type(step)](self, step)

    def double_life(self, step: s.DoubleLife) -> None:
        """701.10d: the player gains or loses life so that their life total becomes twice what it
        was: the change is the current total itself, negative included (107.1b)."""
        player = self.player_states[step.player]
        change = doubling.bonus(player.life, 2)
        if change > 0:  # gaining life: life-gain replacement effects apply (life.py)
            life.gain(self, step.player, change)  # type: ignore[arg-type]
        elif change < 0:
            life.lose(self, step.player, -change)  # type: ignore[arg-type]

    def double_counters(self, step: s.DoubleCounters) -> None:
        """701.10e: the player or permanent is given as many more counters of that kind as it has:
        that many counters are put on it. On a permanent, its controller puts them (as for an effect
        putting counters, 122.6a) and counter replacements modify them (614.1a, 614.16) in the
        step's order (616.1); "counters put" abilities trigger (603.2). On a player, no modelled
        replacement applies but Vorinclex's, which is refused (counters on players are not replaced
        here)."""
        if step.player is not None:
            counter_replacement.refuse_counters_on_a_player(self, step.player)  # 701.10e puts counters
            counters = self.player_states[step.player].counters
            counters[step.kind] += doubling.bonus(counters[step.kind], 2)
        else:
            obj = self.objects[step.object]
            more = doubling.bonus(obj.counters[step.kind], 2)
            event = counter_replacement.CounterEvent(obj.id, step.kind, more, controller_of(self, obj))
            counter_replacement.put(self, event, step.order)  # 613.7c: with a timestamp

    def double_mana(self, step: s.DoubleMana) -> None:
        """701.10f: the player adds as much mana of that type as they already have."""
        player = self.player_states[step.player]
        player.add_mana({step.type: doubling.bonus(player.mana[step.type], 2)})

    def end_table_effects(self, *, effect_id: str | None = None, end_of_turn: bool = False) -> None:
        """Damage effects end: the one named ``effect_id``, or, in the cleanup step, those lasting
        until end of turn, while marked damage is removed (514.2) and mana pools empty (500.4)."""
        if effect_id is not None:
            self.damage_effects = [e for e in self.damage_effects if e.ref != effect_id]
        if end_of_turn:
            self.damage_effects = [e for e in self.damage_effects if e.until != "end_of_turn"]
            damage.remove_damage(self)
            players.empty_mana_pools(self)

    # --- hooks (a variant overrides one to break one rule) -----------------------------------------

    def modified(self, event: DamageEvent, order: Mapping[str, tuple[str, ...]]) -> list[DamageEvent]:
        """The damage dealt instead of ``event`` once replacement and prevention effects applied;
        damage a static ability says can't be prevented is so from the start (615.12)."""
        return replacement.modify(self, self.unpreventable(event), order)

    def unpreventable(self, event: DamageEvent) -> DamageEvent:
        """615.12: ``event`` as damage that can't be prevented, if a static ability says so."""
        return prevention_variants.unpreventable(self, event)

    def redirects(self, effect: Any, event: DamageEvent) -> bool:
        """614.9: whether a redirection effect applies to ``event`` (never to damage that can't be
        redirected; a redirection of the next N damage meeting such damage is refused)."""
        return effect.applies(self, event) and prevention_variants.may_redirect(effect, event)

    def deal_extra_damage(self, step: s.Damage) -> None:
        """615.5: the damage of a prevention effect's additional effect, a damage event of its own;
        refused when effects on it would need an order, which no case can script (616.1)."""
        try:
            damage.deal(self, step)
        except replacement.ChoiceMissing as error:
            raise Unsupported(f"the damage a prevention effect's additional effect deals (615.5) needs the affected "
                              f"player's order, which a case can't script: {error}") from error

    def may_apply_again(self, effect: Any, history: tuple[object, ...]) -> bool:
        """614.5: an effect that already applied to an event (or to an event it replaced) does not
        apply to it again."""
        return effect.key not in history

    def redirection_reaches(self, moved: DamageEvent) -> bool:
        """801.13a: damage redirected to a player or object outside the range of influence of the
        controller of the spell or ability dealing it (the source's controller) is not dealt."""
        return in_range(self, source_controller(self, self.objects[moved.source]), moved.recipient)

    def prevention_reaches(self, effect: Any, event: DamageEvent) -> bool:
        """801.13b: whether a prevention effect reaches this damage, given its controller's range."""
        return prevention.within_reach(self, effect, event)

    # --- hooks for damage modifiers, 615.5, 615.12, infect and wither (issue 19) -----------------

    def modified_damage_amount(self, ability: s.ModifyDamage, amount: int) -> int:
        """614.1a, 701.10g, 701.11: the damage a ``modify_damage`` effect deals instead."""
        return ability.modified(amount)

    def prevented_amount(self, effect: Any, amount: int) -> int:
        """615.7, 615.10: how much of ``amount`` the prevention effect would prevent (615.12 aside)."""
        return effect.prevented(amount)

    def extra_count(self, then: s.PreventionExtra, *, prevented: int, amount: int) -> int:
        """615.5: how many counters an additional effect puts or removes: one for each 1 damage
        prevented this way, or "that many", the damage the effect was applied to."""
        return prevented if then.for_each == "prevented" else amount

    def additional_prevention_effects(self, order: Mapping[str, tuple[str, ...]]) -> None:
        """615.5: the additional effects of the prevention effects that applied, right after, their
        counters modified by counter replacements in the step's ``order`` (614.16, 616.1)."""
        with log.context(self, cause="prevention"):
            prevention.additional_effects(self, order)

    def damage_as_counters(self, infect: bool, wither: bool, *, to_player: bool) -> str | None:
        """120.3b, 120.3d: the counters damage from a source with infect or wither gives instead."""
        return infect_rules.counters_instead(infect, wither, to_player=to_player)

    def loyalty_damage(self, obj: Any, amount: int, *, infect: bool, wither: bool) -> None:
        """120.3c: damage dealt to a planeswalker removes that many loyalty counters from it, as many
        as it has at most (122.1: no negative counters), infect and wither or not (they change
        what damage does to players and creatures only, 120.3b, 120.3d)."""
        trigger_events.remove_counters(self, obj, damage.LOYALTY, amount)  # 603.2c: "counters removed" triggers

    # --- observing ------------------------------------------------------------------------------

    def observe_players(self) -> dict[str, dict[str, Any]]:
        """Every player's observable values."""
        return {name: player.observe() for name, player in self.player_states.items()}


def _on_player(action: Callable[[players.Player, Any], None], value: str) -> Callable[[Table, Any], None]:
    return lambda game, step: action(game.player_states[step.player], getattr(step, value))


def _counters(sign: int) -> Callable[[Table, Any], None]:
    def change(game: Table, step: s.PutPlayerCounters | s.RemovePlayerCounters) -> None:
        if sign > 0:
            counter_replacement.refuse_counters_on_a_player(game, step.player)
        counters = game.player_states[step.player].counters
        counters[step.kind] += step.count if sign > 0 else -min(step.count, counters[step.kind])
    return change


TABLE_STEPS: dict[type, Callable[[Table, Any], None]] = {
    s.GainLife: lambda game, step: life.gain(game, step.player, step.amount),   # 119.3, 614.1a
    s.LoseLife: lambda game, step: life.lose(game, step.player, step.amount),   # 119.3
    s.AddMana: _on_player(players.Player.add_mana, "mana"),          # 106.4
    s.PutPlayerCounters: _counters(+1),                              # 122.1
    s.RemovePlayerCounters: _counters(-1),
    s.DoubleLife: lambda game, step: game.double_life(step),         # 701.10d
    s.DoubleCounters: lambda game, step: game.double_counters(step), # 701.10e
    s.DoubleMana: lambda game, step: game.double_mana(step),         # 701.10f
    s.Damage: damage.deal,                                           # 120
    s.PreventDamage: prevention.create,                              # 615
    s.RedirectDamage: replacement.create_redirection,                # 614.9
}
"""How the game performs each step about players and damage."""
