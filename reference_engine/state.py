"""What a rules module may read and change of a game in progress: :class:`GameState`.

The game loop (:class:`reference_engine.game.Game`) is the top of the engine: it imports the
rules modules (layers, copy, face-down, entering, abilities, damage, replacement, prevention,
players, range of influence, state-based actions) and calls them. They act on the game through
this description alone, so none of them imports ``game.py`` back. It names what they use; it
implements nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from conformance.format import model as s
from reference_engine.objects import GameObject


class GameState(Protocol):
    """A game in progress, as the rules modules see it (implemented by ``Game``)."""

    case: s.Case
    players: tuple[str, ...]  # the case's players still in the game, in seat order (800.4)
    seats: tuple[str, ...]  # the players seated as the turn began: ranges of influence (801.2c)
    departed: frozenset[str]  # the players who left the game (800.4a)
    clock: int  # the last timestamp taken (613.7)
    objects: dict[str, GameObject]
    # Each object that left the battlefield, as it last existed there (113.7a), by id.
    last_known: dict[str, tuple[int, Any]]
    effects: list[Any]  # continuous effects of resolved spells and abilities (objects.PTEffect, ...)
    player_states: dict[str, Any]  # players.Player, by name
    damage_effects: list[Any]  # prevention shields and redirections of resolved spells
    damage_marked: Counter[tuple[str, int]]  # by object id and incarnation (400.7)
    deathtouched: set[tuple[str, int]]  # 704.5h
    prevention_extras: list[Any]  # 615.5
    arithmetic: Any  # the operations of 107.1 (arithmetic.Arithmetic)
    extra_damage_dealing: bool  # 615.5: an additional effect's damage is being dealt

    def tick(self) -> int:
        """The next timestamp (613.7)."""
        ...

    def power_toughness(self, obj: GameObject) -> Any:
        """``obj``'s power and toughness now (layer 7, 613.4): a ``layers.PowerToughness``."""
        ...

    def move(self, obj: GameObject, zone: str) -> None:
        """``obj`` changes zones and becomes a new object (400.7)."""
        ...

    def remember_last_known(self, leaving: list[GameObject]) -> None:
        """Keep the last known information of permanents about to leave the battlefield (113.7a)."""
        ...

    def affected_by(self, step: Any) -> list[GameObject]:
        """The objects an effect affects as it is created (611.2c)."""
        ...

    def status_of(self, obj: GameObject) -> Any:
        """``obj``'s status in its current zone (an ``entering.Status``), to change."""
        ...

    def peek_status(self, obj: GameObject) -> Any:
        """``obj``'s status, to read only."""
        ...

    def characteristics_changed(self) -> None:
        """A status changed: the characteristics must be computed anew."""
        ...

    def current_controller(self, obj: GameObject) -> str:
        """Who controls ``obj`` now (after layer 2, 613.1b)."""
        ...

    def check_state_based_actions(self) -> None:
        """State-based actions until none applies (704.3): between combat damage steps (510.4), before
        triggered abilities are put on the stack (117.5)."""
        ...

    def regenerate_instead(self, obj: GameObject) -> None:
        """701.19a: a regeneration shield used instead of destroying ``obj`` (issue 40)."""
        ...

    def top_card(self, player: str) -> GameObject | None:
        """121.1: the top card of ``player``'s library (issue 40)."""
        ...

    def modified(self, event: Any, order: Any) -> list[Any]:
        """The damage dealt instead of ``event`` once replacement and prevention effects applied."""
        ...

    def may_apply_again(self, effect: Any, history: tuple[object, ...]) -> bool:
        """614.5: whether an effect may apply to an event again."""
        ...

    # --- triggered abilities, life gain, mana abilities (event_steps.py) ---

    def put_counters_on(self, obj: GameObject, kind: str, count: int) -> None:
        """122.1: counters put on a permanent in one event; abilities waiting for it trigger."""
        ...

    def life_gain_doublers(self, player: str) -> int:
        """614.1a: how many "gain twice that much" effects apply to ``player``'s gain."""
        ...

    def life_loss_doublers(self, player: str) -> int:
        """614.1a: how many "lose twice that much" effects apply to ``player``'s life loss."""
        ...

    def can_gain_life(self, player: str) -> bool:
        """119.7: whether ``player`` may gain life."""
        ...

    def can_lose_life(self, player: str) -> bool:
        """119.8: whether ``player`` may lose life."""
        ...

    def life_floored(self, player: str) -> bool:
        """614.1a: whether damage can't reduce ``player``'s life total below 1."""
        ...

    def can_have_counters(self, obj: GameObject, kind: str) -> bool:
        """122.1, 614.17: whether counters of ``kind`` may be put on ``obj``."""
        ...

    def lifelink_gain(self, source: str, player: str, amount: int) -> None:
        """702.15b: lifelink makes ``player`` gain ``amount`` life, one life-gain event per source (119.10)."""
        ...

    def mana_factor(self, player: str) -> int:
        """106.6a: how many times as much mana a permanent ``player`` taps produces."""
        ...

    def stack_triggers(self, order: tuple[str, ...]) -> None:
        """603.3b: the waiting triggered abilities go on the stack in the case's order."""
        ...

    def look_back(self, leaving: list[GameObject]) -> None:
        """603.10a: "dies" abilities judged immediately before ``leaving`` move."""
        ...

    def redirection_reaches(self, moved: Any) -> bool:
        """801.13a: whether redirected damage is dealt."""
        ...

    def prevention_reaches(self, effect: Any, event: Any) -> bool:
        """801.13b: whether a prevention effect reaches this damage."""
        ...

    def modified_damage_amount(self, ability: Any, amount: int) -> int:
        """614.1a: the damage a damage modifier deals instead."""
        ...

    def prevented_amount(self, effect: Any, amount: int) -> int:
        """615.7, 615.10: how much a prevention effect would prevent."""
        ...

    def extra_count(self, then: Any, *, prevented: int, amount: int) -> int:
        """615.5: the count of an additional effect."""
        ...

    def additional_prevention_effects(self, order: Any) -> None:
        """615.5: perform the additional effects waiting."""
        ...

    def redirects(self, effect: Any, event: Any) -> bool:
        """614.9: whether a redirection effect applies to a damage event."""
        ...

    def deal_extra_damage(self, step: Any) -> None:
        """615.5: the damage an additional effect deals, as a damage event of its own."""
        ...

    def damage_as_counters(self, infect: bool, wither: bool, *, to_player: bool) -> str | None:
        """120.3b, 120.3d: counters instead of damage's usual result."""
        ...

    def loyalty_damage(self, obj: GameObject, amount: int, *, infect: bool, wither: bool) -> None:
        """120.3c: what damage dealt to a planeswalker does to its loyalty."""
        ...

    def dealt_damage(self, obj: GameObject, amount: int) -> None:
        """603.2, 603.2c: ``obj`` was dealt damage; its abilities waiting for it trigger."""
        ...
