"""Strategies for players and seatings, the steps that change life totals, counters on players and
mana pools, and damage events (CR 119, 120, 122.1, 106.4, 701.10d-f, 801). Whole damage
scenarios are in :mod:`.damage`.

Like the layer-7 strategies, everything is generated in plain case-file form and is valid:
references resolve, targets sit inside their controller's range of influence (801.4), and effects
that may need ordering have ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance.format.model import MANA_TYPES
from strategies._internal.core import _explicit, _named
from strategies._internal.drawing import Chooser
from strategies._internal.validation import check_features, check_interval, check_size, check_type

PLAYER_NAMES = ("Alex", "Blair", "Cal", "Dana", "Erin", "Fran", "Gale", "Hana")
"""The names of generated players, in seat order."""

PLAYER_FEATURES = frozenset({
    "life", "player-counters", "mana", "cant-lose", "damage", "double-life", "double-counters", "double-mana",
    "double-damage", "redirection", "prevention", "replacement-order", "range-of-influence",
})
"""The features about players and damage (the rest of the vocabulary is about layer 7)."""

PLAYER_COUNTER_KINDS = ("poison", "energy", "experience")
"""Kinds of counters put on players (122.1); only poison has a rule of its own (704.5c)."""

_STEP_FEATURES: dict[str, frozenset[str]] = {
    "damage": frozenset({"damage"}),
    "gain_life": frozenset({"life"}),
    "lose_life": frozenset({"life"}),
    "add_mana": frozenset({"mana"}),
    "put_player_counters": frozenset({"player-counters"}),
    "remove_player_counters": frozenset({"player-counters"}),
    "double_life": frozenset({"life", "double-life"}),
    "double_mana": frozenset({"mana", "double-mana"}),
    "double_counters": frozenset({"double-counters"}),
    "prevent_damage": frozenset({"prevention"}),
    "redirect_damage": frozenset({"redirection"}),
}
"""The features each kind of step needs, simplest kinds first (examples shrink that way)."""


def _in_range(seating: dict[str, Any], player: str, other: str) -> bool:
    ranges = seating.get("range_of_influence")
    if ranges is None:
        return True
    players = seating["players"]
    reach = ranges if isinstance(ranges, int) else ranges[player]
    gap = abs(players.index(player) - players.index(other))
    return min(gap, len(players) - gap) <= reach


# --- players ------------------------------------------------------------------------------------


def seatings(*, min_players: int = 2, max_players: int = 6, ranges: bool = True) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates a seating: ``{"players": [...]}`` in seat order and, when
    ``ranges`` allows, sometimes a ``range_of_influence`` (801.2): one range for everyone or one
    each, mostly 1 or 2 (801.2a). Examples shrink towards ``min_players`` players and no range
    option."""
    check_interval(min_players, max_players, "min_players", "max_players")
    check_size(min_players, "min_players", minimum=2)
    if max_players > len(PLAYER_NAMES):
        raise InvalidArgument(f"Invalid argument max_players={max_players}: must be at most {len(PLAYER_NAMES)}")
    if not isinstance(ranges, bool):
        check_type(bool, ranges, "ranges")
    return _seatings(**_explicit({"min_players": 2, "max_players": 6, "ranges": True},
                                 min_players=min_players, max_players=max_players, ranges=ranges))


@_named("seatings")
def _seatings(draw, *, min_players: int = 2, max_players: int = 6, ranges: bool = True) -> dict[str, Any]:
    draw = Chooser.of(draw)
    count = draw.integer(min_players, max_players)
    seating: dict[str, Any] = {"players": list(PLAYER_NAMES[:count])}
    if ranges and draw.boolean():
        one_range = (1, 2, 1, 3)  # mostly 1 (801.2a), so that some players are out of range
        if draw.boolean():
            seating["range_of_influence"] = draw.sample(one_range)
        else:
            seating["range_of_influence"] = {p: draw.sample(one_range) for p in seating["players"]}
    return seating


def player_states(players: Iterable[str], *,
                  features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates ``player_states`` for the given players: life totals
    (low ones on purpose), counters (poison, energy, experience), mana pools, as ``features`` allow (``life``,
    ``player-counters``, ``mana``). Examples shrink towards every player at the defaults (20 life,
    no counters, no mana), which leaves them out."""
    names = list(players)
    if not names:
        raise InvalidArgument("player_states() needs at least one player")
    check_features(features)
    return _player_states(names, **_explicit({"features": None}, features=features))


@_named("player_states")
def _player_states(draw, names: list[str], *, features: Iterable[str] | None = None) -> dict[str, Any]:
    draw = Chooser.of(draw)
    allowed = check_features(features)
    states: dict[str, Any] = {}
    for name in names:
        state: dict[str, Any] = {}
        if "life" in allowed and draw.boolean():
            state["life"] = draw.sample([20, 1, 2, 3, 5, 10, 40])
        if "player-counters" in allowed and draw.integer(0, 3) == 3:
            state["counters"] = {draw.sample(PLAYER_COUNTER_KINDS): draw.integer(1, 9)}
        if "mana" in allowed and draw.integer(0, 2) == 2:
            state["mana"] = draw.mapping(MANA_TYPES, 1, 3, 1, 3)
        if state:
            states[name] = state
    return states


# --- steps --------------------------------------------------------------------------------------


def player_steps(players: Iterable[str], *, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates one step changing a player: gaining or losing life
    (119.3), adding mana (106.4), putting or removing counters (poison, energy, experience: 122.1), doubling a life total,
    counters or one type of mana (701.10d-f), as ``features`` allow. Examples shrink towards
    gaining 1 life."""
    names = list(players)
    if not names:
        raise InvalidArgument("player_steps() needs at least one player")
    allowed = check_features(features)
    kinds = [k for k in _STEP_FEATURES if k not in ("damage", "prevent_damage", "redirect_damage")
             and _STEP_FEATURES[k] <= allowed and (k != "double_counters" or "player-counters" in allowed)]
    if not kinds:
        raise InvalidArgument(f"features={sorted(allowed)} allow no player step; include life, mana or player-counters")
    return st.sampled_from(kinds).flatmap(lambda kind: _player_step(kind, names))


def _player_step(kind: str, names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    player = st.sampled_from(names)
    amount = st.integers(1, 6)
    if kind in ("gain_life", "lose_life"):
        return st.builds(lambda p, n: {kind: {"player": p, "amount": n}}, player, amount)
    if kind == "add_mana":
        mana = st.dictionaries(st.sampled_from(MANA_TYPES), st.integers(1, 3), min_size=1, max_size=3)
        return st.builds(lambda p, m: {kind: {"player": p, "mana": m}}, player, mana)
    if kind in ("put_player_counters", "remove_player_counters"):
        return st.builds(lambda p, k, n: {kind: {"player": p, "kind": k, "count": n}}, player,
                         st.sampled_from(PLAYER_COUNTER_KINDS), st.integers(1, 3))
    if kind == "double_life":
        return player.map(lambda p: {kind: {"player": p}})
    if kind == "double_mana":
        return st.builds(lambda p, t: {kind: {"player": p, "type": t}}, player, st.sampled_from(MANA_TYPES))
    return st.builds(lambda p, k: {kind: {"player": p, "kind": k}}, player,
                     st.sampled_from(PLAYER_COUNTER_KINDS))  # double_counters


def damage_steps(sources: Iterable[str], recipients: Iterable[str], *,
                 combat: bool | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates one damage step (CR 120): a source among ``sources``
    deals 0 to 6 damage to one of ``recipients`` (players' names or objects' ids), combat damage
    or not as ``combat`` says (``None``: either). It scripts no order: a case with replacement or
    prevention effects needs one (see ``damage_scenarios``). Examples shrink towards 0 noncombat
    damage from the first source to the first recipient."""
    source_ids, recipient_ids = list(sources), list(recipients)
    if not source_ids or not recipient_ids:
        raise InvalidArgument("damage_steps() needs at least one source and one recipient")
    if combat is not None and not isinstance(combat, bool):
        check_type(bool, combat, "combat")
    flags = st.booleans() if combat is None else st.just(combat)
    return st.builds(lambda s, r, n, c: {"damage": {"source": s, "to": r, "amount": n, "combat": c}},
                     st.sampled_from(source_ids), st.sampled_from(recipient_ids), st.integers(0, 6), flags)


# --- whole scenarios ----------------------------------------------------------------------------
