"""The part of a :class:`~reference_engine.game.Game` about triggered abilities on events, life
gain and mana abilities (CR 603, 614.1a, 605): the steps ``resolve_triggers`` and
``activate_mana``, putting counters on a permanent, the ``tapped`` observable, and the hooks a
deliberately wrong variant overrides (tests/mutants.py). The rules are in :mod:`triggers`,
:mod:`trigger_resolution`, :mod:`life` and :mod:`mana`."""

from __future__ import annotations

from typing import Any

from conformance.format import model as s
from reference_engine import cant, life, mana, simultaneous, trigger_events, trigger_resolution, triggers


class EventSteps:
    """Triggered abilities on events, life gain, mana abilities, for ``Game``."""

    objects: dict

    def perform_event_step(self, step: s.Step) -> None:
        """``resolve_triggers`` or ``activate_mana``."""
        if isinstance(step, s.ResolveTriggers):
            trigger_resolution.resolve_all(self, step)  # type: ignore[arg-type]
        else:
            mana.activate(self, step)  # type: ignore[arg-type]

    def put_counters_on(self, obj: Any, kind: str, count: int) -> None:
        """122.1: ``count`` counters of ``kind`` are put on ``obj`` in one event, with a timestamp
        (613.7c); abilities waiting for it trigger (603.2)."""
        if count <= 0:
            return
        obj.counters[kind] += count
        self.tick()  # type: ignore[attr-defined]
        triggers.counters_put(self, obj, kind, count)  # type: ignore[arg-type]

    def dealt_damage(self, obj: Any, amount: int) -> None:
        """603.2, 603.2c: ``obj`` was dealt ``amount`` damage; its "is dealt damage" abilities
        trigger now, or once the event of several damage actions it is part of is over, for the
        total (:func:`simultaneous.dealt_damage`)."""
        simultaneous.dealt_damage(self, obj, amount)  # type: ignore[arg-type]

    def is_tapped(self, obj: Any) -> bool:
        """110.5: whether ``obj`` is a tapped permanent."""
        return obj.zone == "battlefield" and obj.ref in mana.tapped(self)  # type: ignore[arg-type]

    # --- hooks ------------------------------------------------------------------------------------

    def life_gain_doublers(self, player: str) -> int:
        """614.1a, 614.5: how many "gain twice that much" effects apply to ``player``'s gain."""
        return life.gain_doublers(self, player)  # type: ignore[arg-type]

    def life_loss_doublers(self, player: str) -> int:
        """614.1a, 614.5: how many "lose twice that much" effects apply to ``player``'s life loss."""
        return life.loss_doublers(self, player)  # type: ignore[arg-type]

    def can_gain_life(self, player: str) -> bool:
        """119.7: whether ``player`` may gain life (no "can't gain life" applies to them)."""
        return not cant.cant_gain_life(self, player)  # type: ignore[arg-type]

    def can_lose_life(self, player: str) -> bool:
        """119.8: whether ``player`` may lose life (no "can't lose life" applies to them)."""
        return not cant.cant_lose_life(self, player)  # type: ignore[arg-type]

    def life_floored(self, player: str) -> bool:
        """614.1a: whether damage can't reduce ``player``'s life total below 1 (Worship)."""
        return cant.has_life_floor(self, player)  # type: ignore[arg-type]

    def can_have_counters(self, obj: Any, kind: str) -> bool:
        """122.1, 614.17: whether counters of ``kind`` may be put on ``obj``."""
        return not cant.cant_have(self, obj, kind)  # type: ignore[arg-type]

    def lifelink_gain(self, source: str, player: str, amount: int) -> None:
        """702.15b, 120.3f: ``source``'s lifelink makes ``player`` gain ``amount`` life, a life-gain
        event of its own (119.10), replaced as life gains are (614.1a)."""
        simultaneous.lifelink_gain(self, source, player, amount)  # type: ignore[arg-type]

    def mana_factor(self, player: str) -> int:
        """106.6a: how many times as much mana a permanent ``player`` taps produces."""
        return mana.factor(self, player)  # type: ignore[arg-type]

    def stack_triggers(self, order: tuple[str, ...]) -> None:
        """603.3b: the waiting triggered abilities go on the stack in the case's order."""
        triggers.put_on_stack(self, order)  # type: ignore[arg-type]

    def declared_in_combat(self, creatures: list[Any], *, attacking: bool) -> None:
        """508.3a: ``creatures`` were declared as attackers (``attacking``) or as blockers; "whenever
        [a creature] attacks" abilities trigger for attackers only."""
        if attacking:
            trigger_events.attacked(self, creatures)  # type: ignore[arg-type]

    def combat_damage_dealt(self, source: Any, recipient: str, amount: int) -> None:
        """510.3a: ``source`` dealt ``amount`` combat damage to ``recipient`` in one combat damage
        step; "deals combat damage to a player" abilities trigger for a player only."""
        if recipient in self.player_states:  # type: ignore[attr-defined]
            trigger_events.combat_damage_to_player(self, source, recipient, amount)  # type: ignore[arg-type]

    def finds_in_graveyard(self, pending: Any) -> bool:
        """400.7d: whether ``pending``'s ability finds the card its object became in the graveyard:
        a "dies" ability does (it triggered on that very move)."""
        return pending.ability.event is not None and pending.ability.event.dies is not None

    def trigger_power(self, obj: Any) -> int:
        """608.2h, 107.1b: the power of a triggered ability's object as it resolves, 0 if negative."""
        return max(0, self.power_toughness(obj).power or 0)  # type: ignore[attr-defined]

    def trigger_target_recipient(self, pending: Any, name: str) -> str | None:
        """115.4, 608.2b: whom a triggered ability's damage to its target is dealt to as it resolves:
        the target, if still legal (issue 41); ``None``: the ability does nothing."""
        return name if trigger_events.target_still_legal(self, pending, name) else None  # type: ignore[arg-type]

    def trigger_token_controller(self, pending: Any) -> str:
        """111.2, 603.3a: the tokens a triggered ability creates are its controller's (issue 41)."""
        return pending.controller

    def damage_was_prevented(self, event: Any, prevented: int, *, again: bool) -> None:
        """615.5: a prevention effect prevented ``prevented`` of ``event``'s damage (``again``: not the
        first prevention effect applied to it): "damage is prevented" abilities trigger (issue 41)."""
        trigger_events.damage_prevented(self, event.recipient, prevented, again=again)  # type: ignore[arg-type]

    def counters_removed_amount(self, asked: int, removed: int) -> int:
        """122.1: "that many" counters removed is how many were, not how many an effect asked for."""
        return removed

    def look_back(self, leaving: list[Any]) -> None:
        """603.10a: the "dies" abilities that would trigger, judged immediately before ``leaving`` move."""
        triggers.leaving(self, leaving)  # type: ignore[arg-type]
