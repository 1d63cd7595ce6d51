"""Strategies for players and seatings, the steps that change life totals, counters on players and
mana pools, damage events, and whole damage scenarios: players, damage, replacement and
prevention effects, and the limited range of influence option (CR 119, 120, 614-616, 701.10d-g,
801).

Like the layer-7 strategies, everything is generated in plain case-file form and every scenario
is valid: references resolve, targets sit inside their controller's range of influence (801.4),
effects that may need ordering have ids, and every choice a damage event needs is scripted in its
``order`` (616.1, :mod:`conformance.choices`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance import CR_VERSION
from conformance.choices import damage_choices
from conformance.features import RULES
from conformance.report import rule_key
from conformance.scenario import MANA_TYPES, Case
from strategies._internal.core import _explicit, _named
from strategies._internal.validation import check_checkpoints, check_features, check_interval, check_size, check_type, observe_here

PLAYER_NAMES = ("Alex", "Blair", "Cal", "Dana", "Erin", "Fran", "Gale", "Hana")
"""The names of generated players, in seat order."""

PLAYER_FEATURES = frozenset({
    "life", "player-counters", "mana", "cant-lose", "damage", "double-life", "double-counters", "double-mana",
    "double-damage", "redirection", "prevention", "replacement-order", "range-of-influence",
})
"""The features about players and damage (the rest of the vocabulary is about layer 7)."""

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
    count = draw(st.integers(min_players, max_players))
    seating: dict[str, Any] = {"players": list(PLAYER_NAMES[:count])}
    if ranges and draw(st.booleans()):
        one_range = st.sampled_from([1, 2, 1, 3])  # mostly 1 (801.2a), so that some players are out of range
        if draw(st.booleans()):
            seating["range_of_influence"] = draw(one_range)
        else:
            seating["range_of_influence"] = {p: draw(one_range) for p in seating["players"]}
    return seating


def player_states(players: Iterable[str], *,
                  features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates ``player_states`` for the given players: life totals
    (low ones on purpose), poison counters, mana pools, as ``features`` allow (``life``,
    ``player-counters``, ``mana``). Examples shrink towards every player at the defaults (20 life,
    no counters, no mana), which leaves them out."""
    names = list(players)
    if not names:
        raise InvalidArgument("player_states() needs at least one player")
    check_features(features)
    return _player_states(names, **_explicit({"features": None}, features=features))


@_named("player_states")
def _player_states(draw, names: list[str], *, features: Iterable[str] | None = None) -> dict[str, Any]:
    allowed = check_features(features)
    states: dict[str, Any] = {}
    for name in names:
        state: dict[str, Any] = {}
        if "life" in allowed and draw(st.booleans()):
            state["life"] = draw(st.sampled_from([20, 1, 2, 3, 5, 10, 40]))
        if "player-counters" in allowed and draw(st.integers(0, 3)) == 3:
            state["counters"] = {"poison": draw(st.integers(1, 9))}
        if "mana" in allowed and draw(st.integers(0, 2)) == 2:
            state["mana"] = draw(st.dictionaries(st.sampled_from(MANA_TYPES), st.integers(1, 3),
                                                 min_size=1, max_size=3))
        if state:
            states[name] = state
    return states


# --- steps --------------------------------------------------------------------------------------


def player_steps(players: Iterable[str], *, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates one step changing a player: gaining or losing life
    (119.3), adding mana (106.4), putting or removing counters (122.1), doubling a life total,
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
        return st.builds(lambda p, n: {kind: {"player": p, "kind": "poison", "count": n}}, player, st.integers(1, 3))
    if kind == "double_life":
        return player.map(lambda p: {kind: {"player": p}})
    if kind == "double_mana":
        return st.builds(lambda p, t: {kind: {"player": p, "type": t}}, player, st.sampled_from(MANA_TYPES))
    return player.map(lambda p: {kind: {"player": p, "kind": "poison"}})  # double_counters


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


def damage_scenarios(*, features: Iterable[str] | None = None, min_players: int = 2, max_players: int = 5,
                     min_steps: int = 1, max_steps: int = 8, checkpoints: str = "each") -> st.SearchStrategy[Case]:
    """Returns a strategy which generates valid scenarios about players and damage: a seating
    (sometimes with ranges of influence), player states, creatures (some doubling damage), spells
    on the stack and static doublers, preventers and "can't lose" permanents, then ``min_steps``
    to ``max_steps`` steps: damage events, prevention and redirection effects, life, counter and
    mana steps and their doublings, each followed by a checkpoint observing every object and
    player (``checkpoints="each"``), after a random subset of steps and at the end (``"sparse"``),
    or one checkpoint at the end (``"end"``). Every choice of
    order a damage event needs is scripted (616.1).

    Only what ``features`` allows is generated (default: every feature). Examples shrink towards
    two players, fewer objects, fewer steps and smaller numbers."""
    allowed = check_features(features)
    check_interval(min_players, max_players, "min_players", "max_players")
    check_size(min_players, "min_players", minimum=2)
    if max_players > len(PLAYER_NAMES):
        raise InvalidArgument(f"Invalid argument max_players={max_players}: must be at most {len(PLAYER_NAMES)}")
    check_interval(min_steps, max_steps, "min_steps", "max_steps")
    check_size(min_steps, "min_steps")
    check_checkpoints(checkpoints)
    if not any(needs <= allowed for needs in _STEP_FEATURES.values()):
        raise InvalidArgument(f"features={sorted(allowed)} allow no player or damage step; include damage, life, "
                              "mana or player-counters")
    defaults = {"features": None, "min_players": 2, "max_players": 5, "min_steps": 1, "max_steps": 8,
                "checkpoints": "each"}
    return _damage_scenarios(**_explicit(defaults, features=features, min_players=min_players,
                                         max_players=max_players, min_steps=min_steps, max_steps=max_steps,
                                         checkpoints=checkpoints))


@_named("damage_scenarios")
def _damage_scenarios(draw, *, features=None, min_players=2, max_players=5, min_steps=1, max_steps=8,
                      checkpoints="each") -> Case:
    allowed = check_features(features)
    seating = draw(_seatings(min_players=min_players, max_players=max_players, ranges="range-of-influence" in allowed))
    players = seating["players"]
    objects = draw(_damage_boards(players, allowed))
    kinds = tuple(k for k, needs in _STEP_FEATURES.items()
                  if needs <= allowed and (k != "double_counters" or allowed & {"player-counters", "counters"}))
    # Independent intents (a list), so that shrinking deletes whole steps; realized in order. The
    # simplest intent is none at all, so that one the shrinker has emptied leaves no step.
    # Damage events (what these scenarios are about) three times as often as any other kind.
    weighted = (_NOTHING, *kinds, *kinds, *[k for k in kinds if k == "damage"] * 4)
    intents = [i for i in draw(st.lists(_damage_intents(weighted), max_size=max_steps)) if i]
    while len(intents) < min_steps:
        intents.append(draw(_damage_intents(kinds)))
    realize = _Realizer(seating, objects, allowed)
    observe = {"expect": {"objects": {oid: {} for oid in objects}, "players": {p: {} for p in players}}}
    steps: list[dict[str, Any]] = []
    for number, intent in enumerate(intents, 1):
        steps.append(realize(*intent))
        if number == len(intents) or observe_here(draw, checkpoints):
            steps.append(observe)
    if not steps:
        steps.append(observe)
    raw = {"id": "120.3/generated", "rules": ["120.3"], "source": {"rule": "120.3"},
           "summary": "a scenario generated by strategies.damage_scenarios()", "players": players,
           "objects": objects, **seating, "steps": steps}
    states = draw(_player_states(players, features=allowed))
    if states:
        raw["player_states"] = states
    _script_orders(draw, raw, allowed)
    return _build(raw)


_NOTHING = "nothing"
"""The simplest intent, realized as no step (an intent the shrinker has emptied disappears)."""

_CREATURE_SLOTS = 4
"""At most this many creatures in a damage scenario, ``c1`` to ``c4`` by slot."""


@st.composite
def _damage_intents(draw, kinds: tuple[str, ...]) -> tuple[str, int, int, int, int] | None:
    """A kind and a few numbers (:class:`_Realizer` turns them into a step), or nothing. A damage
    amount of 7 stands for exactly lethal damage (704.5g)."""
    kind = draw(st.sampled_from(kinds))
    if kind == _NOTHING:
        return None
    return (kind, draw(st.integers(0, 63)), draw(st.integers(0, 63)),
            draw(st.integers(0, 7 if kind == "damage" else 6)), draw(st.integers(0, 5)))


@st.composite
def _damage_creatures(draw, players: list[str], allowed: frozenset[str]) -> dict[str, Any] | None:
    """A creature, or (the simplest choice, so that the shrinker can empty a creature it does
    not need, whole) none."""
    if draw(st.integers(0, 9)) == 0:
        return None
    creature: dict[str, Any] = {"card": {"types": ["creature"], "power": draw(st.integers(0, 4)),
                                         "toughness": draw(st.integers(1, 5))}, "owner": draw(st.sampled_from(players))}
    if "counters" in allowed and draw(st.integers(0, 3)) == 3:
        creature["counters"] = {draw(st.sampled_from(["+1/+1", "charge"])): draw(st.integers(1, 3))}
    return creature


@st.composite
def _damage_boards(draw, players: list[str], allowed: frozenset[str]) -> dict[str, Any]:
    """Creatures (``c1``...; ``c1`` and ``c2`` may double damage), spells on the stack (``s1``...) and
    static permanents (doublers ``d1``/``d2``, a preventer, a "can't lose" artifact)."""
    owner = st.sampled_from(players)
    objects: dict[str, Any] = {}
    # Creatures by slot: one the shrinker empties leaves its slot, so no other creature's id (nor
    # any step's choice of creature, :meth:`_Realizer.creature`) changes.
    slots = draw(st.lists(_damage_creatures(players, allowed), min_size=1, max_size=_CREATURE_SLOTS))
    for index, creature in enumerate(slots, 1):
        if creature:
            objects[f"c{index}"] = creature
    if not objects:
        objects["c1"] = {"card": {"types": ["creature"], "power": 0, "toughness": 1}, "owner": players[0]}
    if "damage" in allowed:
        for index in range(1, draw(st.integers(0, 2)) + 1):
            objects[f"s{index}"] = {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack",
                                    "owner": draw(owner)}
    if "double-damage" in allowed:  # none, one, or two doublers (614.5)
        for index in range(1, draw(st.sampled_from([0, 0, 1, 2])) + 1):
            by = draw(st.sampled_from([None, {"controller": "you"}, {"types": ["creature"], "controller": "you"}]))
            ability = {"double_damage": {} if by is None else {"by": by}}
            doubler_owner = draw(owner)
            # A doubler owned by the owner of the creature in its slot is that creature's static
            # ability (a creature that doubles damage, as Angrath's Marauders does, maybe the
            # very source it doubles); any other is an enchantment of its own. Owners shrink to
            # the first player, so a doubler the shrinker keeps moves onto a creature already
            # there and adds no object: two doublers and their source need only two objects.
            # Which it is draws no choice of its own, so an example without such a pair is as it
            # was. A creature carries at most one doubler (its slot's): a damage step's order
            # names an effect by its object's id (616.1, conformance.choices).
            carrier = objects.get(f"c{index}")
            if carrier is not None and carrier["owner"] == doubler_owner:
                carrier["card"]["abilities"] = [ability]
            else:
                objects[f"d{index}"] = {"card": {"types": ["enchantment"], "abilities": [ability]},
                                        "owner": doubler_owner}
    if "prevention" in allowed and draw(st.integers(0, 2)) == 2:
        ability = draw(st.sampled_from([{"by": {"types": ["creature"]}},
                                        {"to": {"types": ["creature"], "controller": "you"}, "amount": 1},
                                        {"combat": True}]))
        objects["p1"] = {"card": {"types": ["enchantment"], "abilities": [{"prevent_damage": ability}]},
                         "owner": draw(owner)}
    if "cant-lose" in allowed and draw(st.integers(0, 3)) == 3:
        objects["angel"] = {"card": {"types": ["artifact"], "abilities": [{"cant_lose": {}}]}, "owner": draw(owner)}
    return objects


class _Realizer:
    """Turns intents (a kind and a few numbers) into valid steps on this board."""

    def __init__(self, seating: dict[str, Any], objects: dict[str, Any], allowed: frozenset[str]):
        self.seating, self.players, self.allowed = seating, seating["players"], allowed
        self.creatures = [oid for oid, spec in objects.items() if "creature" in spec["card"]["types"]]
        self.spells = [oid for oid, spec in objects.items() if spec.get("zone") == "stack"]
        self.counted = [oid for oid, spec in objects.items() if spec.get("counters")]
        self.toughness = {oid: objects[oid]["card"]["toughness"] + objects[oid].get("counters", {}).get("+1/+1", 0)
                          for oid in self.creatures}
        self.effects = 0

    def _pick(self, options: list[str], number: int) -> str:
        return options[number % len(options)]

    # Objects are chosen by slot, with a fixed modulus, not by position among those present: when
    # the shrinker empties a creature, every other step keeps its creature.

    def creature(self, number: int) -> str:
        """The creature in slot ``number`` (modulo the slots), or the first one if that slot is empty."""
        oid = f"c{number % _CREATURE_SLOTS + 1}"
        return oid if oid in self.creatures else self.creatures[0]

    def recipient(self, number: int, players: list[str], other_than: str | None = None) -> str:
        """A creature (even ``number``) or one of ``players`` (odd), never ``other_than`` if
        anything else will do."""
        pick = players[number // 2 % len(players)] if players and number % 2 else self.creature(number // 2)
        if pick == other_than:
            others = [r for r in [*players, *self.creatures] if r != other_than]
            pick = self._pick(others, number) if others else pick
        return pick

    def source(self, number: int) -> str:
        """A creature or (one time in three) a spell on the stack."""
        if self.spells and number % 3 == 2:
            return self.spells[number // 3 % len(self.spells)]
        return self.creature(number // 3)

    def _new_id(self) -> str:
        self.effects += 1
        return f"e{self.effects}"

    def __call__(self, kind: str, a: int, b: int, amount: int, variant: int) -> dict[str, Any]:
        player = self._pick(self.players, a)
        if kind in ("gain_life", "lose_life"):
            return {kind: {"player": player, "amount": amount + 1}}
        if kind == "add_mana":
            return {kind: {"player": player, "mana": {MANA_TYPES[b % 6]: amount % 3 + 1}}}
        if kind in ("put_player_counters", "remove_player_counters"):
            return {kind: {"player": player, "kind": "poison", "count": amount % 3 + 1}}
        if kind == "double_life":
            return {kind: {"player": player}}
        if kind == "double_mana":
            return {kind: {"player": player, "type": MANA_TYPES[b % 6]}}
        if kind == "double_counters":
            on_player = not self.counted or "counters" not in self.allowed or variant % 2
            if "player-counters" in self.allowed and on_player:
                return {kind: {"player": player, "kind": "poison"}}
            target = self._pick(self.counted, b) if self.counted else self.creature(b)
            return {kind: {"object": target, "kind": "+1/+1" if variant < 3 else "charge"}}
        if kind == "damage":
            return self._damage(a, b, amount, variant)
        controller = player
        # 801.4: the targets of prevention and redirection effects are in their controller's range.
        reachable = [p for p in self.players if _in_range(self.seating, controller, p)] if "life" in self.allowed else []
        if kind == "prevent_damage":
            body: dict[str, Any] = {"id": self._new_id(), "controller": controller}
            if variant == 1:
                body["to_each"] = {"types": ["creature"]}
            elif variant == 2:
                body["by"] = {"types": ["creature"]}
            elif variant == 3:
                body["combat"] = True
            else:
                body["to"] = self.recipient(b, reachable)
            if variant in (0, 1, 4) and amount:
                body["amount"] = amount
            return {kind: body}
        # redirect_damage: to and instead_to differ, both reachable targets (801.4)
        to = self.recipient(b, reachable)
        instead_to = self.recipient(variant + a, reachable, other_than=to)
        if instead_to == to:
            return {"prevent_damage": {"id": self._new_id(), "controller": controller, "to": to}} \
                if "prevention" in self.allowed else self._damage(a, b, amount, variant)
        body = {"id": self._new_id(), "controller": controller, "to": to, "instead_to": instead_to}
        if amount:
            body["amount"] = amount
        return {kind: body}

    def _damage(self, a: int, b: int, amount: int, variant: int) -> dict[str, Any]:
        source = self.source(a)
        body: dict[str, Any] = {"source": source, "amount": min(amount, 6)}
        if variant == 4:
            body["to_each"] = {"types": ["creature"]}
            lethal = min(self.toughness.values())
        elif variant == 5 and "life" in self.allowed:
            body["to_each_player"] = True
            lethal = 6
        else:
            body["to"] = self.recipient(b, self.players if "life" in self.allowed else [])
            lethal = self.toughness.get(body["to"], 6)
        if amount == 7:  # the edge: damage equal to the toughness the creature started with (704.5g)
            body["amount"] = lethal
        if source in self.creatures and variant % 2:
            body["combat"] = True
        return {"damage": body}


def _script_orders(draw, raw: dict[str, Any], allowed: frozenset[str]) -> None:
    """Script every order a damage step needs, each a drawn permutation (616.1); without
    ``replacement-order``, leave out the damage steps that would need one."""
    needing: set[int] = set()
    for choices in damage_choices(raw):
        index = choices.path[1]
        needed = choices.needing_choice()
        if needed and "replacement-order" not in allowed:
            needing.add(index)
            continue
        for recipient, refs in needed.items():
            raw["steps"][index]["damage"].setdefault("order", {})[recipient] = list(draw(st.permutations(refs)))
    raw["steps"] = [step for index, step in enumerate(raw["steps"]) if index not in needing]


def _build(raw: dict[str, Any]) -> Case:
    """A :class:`Case` from plain data; its ``rules`` are those its features exercise."""
    case = Case.from_dict(raw, cr=CR_VERSION)
    rules = sorted({"120.3", *(rule for feature in case.features for rule in RULES[feature])}, key=rule_key)
    return dataclasses.replace(case, rules=tuple(rules))
