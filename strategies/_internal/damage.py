"""Strategies for whole damage scenarios (a public one, :func:`damage_scenarios`): players, damage,
replacement and prevention effects, and the limited range of influence option (CR 120, 614-616,
701.10g, 801), on boards of creatures, spells and damage-dealing permanents.

As in :mod:`.players`, every scenario is valid, and every choice a damage event needs is scripted in
its ``order`` (616.1, :mod:`conformance.format.choices`). The scenarios are also defined all the way: their
steps are played on the reference engine as they are drawn (:class:`_Realizer`), so that each is
aimed at what is on the battlefield (or, for a source, on the stack) when it happens (113.7a, 400.7).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance import CR_VERSION
from conformance.format.choices import damage_choices
from conformance.format.model import MANA_TYPES, Case, step_from
from strategies._internal import damage_modifiers
from strategies._internal import events
from strategies._internal import meetings
from strategies._internal import cant
from strategies._internal.core import _explicit, _named, _rules
from strategies._internal.players import _STEP_FEATURES, PLAYER_COUNTER_KINDS, PLAYER_NAMES, _in_range, _player_states, _seatings
from strategies._internal.drawing import Chooser, inlinable, label
from strategies._internal.validation import check_checkpoints, check_features, check_interval, check_size, observe_here


def damage_scenarios(*, features: Iterable[str] | None = None, min_players: int = 2, max_players: int = 5,
                     min_steps: int = 1, max_steps: int = 8, checkpoints: str = "each",
                     extras: bool = True) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates valid scenarios about players and damage: a seating
    (sometimes with ranges of influence), player states, creatures (some doubling damage, of
    various colours, some with lifelink, deathtouch, indestructible or a keyword no step acts on),
    spells on the stack (instants and sorceries of various colours), a noncreature permanent that
    deals damage (an artifact, an enchantment or a land), a planeswalker (306.5b, 120.3c, 704.5i),
    static doublers, preventers (by kind or colour of source) and "can't lose" permanents, then
    ``min_steps`` to ``max_steps`` steps: damage events (some ``together``, 704.3), prevention and
    redirection effects, life, counter (poison, energy, experience) and mana steps and their
    doublings, P/T changes and counters on permanents (613.4b-c, 704.5f-g), permanents leaving and
    re-entering the battlefield (400.7), the cleanup step removing damage (514.2) and effects
    ending; with their features, triggered abilities on events, life-gain doublers and mana
    abilities (:mod:`.events`: 603, 614.1a, 605); then meetings, damage events where the
    format's elements meet (:mod:`.meetings`, issue 39), and "can't" and floors (:mod:`.cant`). Each is followed by a checkpoint observing every object and player
    (``checkpoints="each"``), or after a random subset of steps and at the end (``"sparse"``), or
    one checkpoint at the end (``"end"``). Every choice of order a damage event needs is scripted
    (616.1).

    The scenario is defined all the way: as its steps are drawn they are played on the reference
    engine, so each step is aimed at what is there when it happens. A source of damage is a
    permanent on the battlefield or a spell on the stack, never one that has left (113.7a); damage,
    P/T effects, counters, prevention and redirection are aimed at players and permanents on the
    battlefield, never at a card in a graveyard or another zone (400.7); only a ``move`` brings a
    card that left back onto the battlefield.

    Only what ``features`` allows is generated (default: every feature). Examples shrink towards
    two players, fewer objects (creatures keep their slot, ``c1`` to ``c4``; the other objects go),
    fewer steps (each step is an independent intent that shrinks to nothing), no keyword and no
    colour, and smaller numbers.

    ``extras=False`` leaves out the keywords no step acts on (the properties draw both kinds, so an
    engine refusing such data is still checked on the rest)."""
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
                "checkpoints": "each", "extras": True}
    if not isinstance(extras, bool):
        raise InvalidArgument(f"Expected bool but got extras={extras!r} (type={type(extras).__name__})")
    return _damage_scenarios(**_explicit(defaults, features=features, min_players=min_players,
                                         max_players=max_players, min_steps=min_steps, max_steps=max_steps,
                                         checkpoints=checkpoints, extras=extras))


_BOARD_STEP_FEATURES: dict[str, frozenset[str]] = {
    "modify_pt": frozenset({"damage", "layer-7c"}),
    "set_pt": frozenset({"damage", "layer-7b"}),
    "put_counters": frozenset({"damage", "counters"}),
    "remove_counters": frozenset({"damage", "counters"}),
    "move": frozenset({"damage", "zone-changes"}),
    "end_turn": frozenset({"damage", "durations"}),
    "end_effect": frozenset({"damage", "durations"}),
    "together": frozenset({"damage", "simultaneous-actions"}),
}
"""Steps about the permanents damage is dealt to, and the features each needs: P/T changes and
counters (lethal damage against toughness, 704.5g), zone changes (400.7), the cleanup step
(514.2), ending effects, simultaneous damage (704.3)."""

_COLORS = ([], ["R"], ["G"], ["W"], ["U"], ["B"], ["B", "G"])
"""Colours of generated permanents, colourless (the simplest) first."""

_SPELL_COLORS = (["R"], ["U"], ["B"], [], ["R", "W"])
"""Colours of generated spells, red first."""


@_named("damage_scenarios")
def _damage_scenarios(draw, *, features=None, min_players=2, max_players=5, min_steps=1, max_steps=8,
                      checkpoints="each", extras=True) -> Case:
    draw = Chooser.of(draw)
    allowed = check_features(features)
    seating = draw.inline(_seatings, min_players=min_players, max_players=max_players, ranges="range-of-influence" in allowed)
    players = seating["players"]
    objects = draw.inline(_damage_boards, players, allowed, extras)
    kinds = tuple(k for k, needs in _STEP_FEATURES.items()
                  if needs <= allowed and (k != "double_counters" or allowed & {"player-counters", "counters"}))
    board_kinds = tuple(k for k, needs in _BOARD_STEP_FEATURES.items() if needs <= allowed)
    # Independent intents (a list), so that shrinking deletes whole steps; realized in order. The
    # simplest intent is none at all, so that one the shrinker has emptied leaves no step.
    # Damage events (what these scenarios are about) four times as often as any other step.
    # Moves, in their four zones, three times as often as the other steps about permanents.
    weighted = (_NOTHING, *kinds, *kinds, *[k for k in kinds if k == "damage"] * 6, *board_kinds, *board_kinds,
                *[k for k in board_kinds if k == "move"] * 4)
    intents = [i for i in [draw.inline(_damage_intents, weighted) for _ in draw.sizes(0, max_steps)] if i]
    while len(intents) < min_steps:
        intents.append(draw.inline(_damage_intents, kinds))
    states = draw.inline(_player_states, players, features=allowed)
    # issue 19: drawn last, so the rest of an example is drawn as before
    damage_modifiers.add_to_board(draw, objects, players, allowed, ranges="range_of_influence" in seating)
    if events.decorate(draw, objects, players, allowed):  # 603, 614.1a, 605: after every other draw
        intents = events.extra_intents(draw, objects, intents, max_steps)
        intents = events.more(draw, objects, players, allowed, intents, max_steps)  # issue 39
    # issue 39: damage events where the format's elements meet, drawn after everything else
    intents = meetings.add(draw, objects, players, allowed, intents, max_steps, ranges="range_of_influence" in seating)
    cant.decorate(draw, objects, players, allowed)  # issue 41: "can't" and floors, drawn last
    realize = _Realizer(seating, objects, states, allowed)
    observe = {"expect": {"objects": {oid: {} for oid in objects}, "players": {p: {} for p in players}}}
    steps: list[dict[str, Any]] = list(realize.actions)  # the order of abilities waiting as it begins (603.3b)
    for number, intent in enumerate(intents, 1):
        saved = events.save(realize)
        step = realize(*intent)
        if step is not None:
            step = realize.script_orders(draw, step)
        if step is not None:
            steps.extend(events.play(realize, draw, step, saved))  # with the triggers' order (603.3b)
        if steps and (number == len(intents) or observe_here(draw, checkpoints)):
            steps.append(observe)
    if not steps or steps[-1] is not observe:
        steps.append(observe)
    raw = {"id": "120.3/generated", "rules": ["120.3"], "source": {"rule": "120.3"},
           "summary": "a scenario generated by strategies.damage_scenarios()", "players": players,
           "objects": objects, **seating, "steps": steps}
    if states:
        raw["player_states"] = states
    return _build(raw)


_NOTHING = "nothing"
"""The simplest intent, realized as no step (an intent the shrinker has emptied disappears)."""

_BOARD_OBJECT = label("damage board object")  # a span (drawing.Chooser)
_CREATURE_SLOTS = 4
"""At most this many creatures in a damage scenario, ``c1`` to ``c4`` by slot."""


@inlinable
def _damage_intents(draw, kinds: tuple[str, ...]) -> tuple[str, int, int, int, int] | None:
    """A kind and a few numbers (:class:`_Realizer` turns them into a step), or nothing. A damage
    amount of 0 deals 0, 1 exactly lethal damage (704.5g, 120.3c: second, where the ``ci``
    profile's simple and mutated examples often are), 2 to 7 deal 1 to 6."""
    draw = Chooser.of(draw)
    kind = draw.sample(kinds)
    if kind == _NOTHING:
        return None
    return (kind, draw.integer(0, 63), draw.integer(0, 63),
            draw.integer(0, 7 if kind in ("damage", "together") else 6), draw.integer(0, 5))


@inlinable
def _damage_creatures(draw, players: list[str], allowed: frozenset[str], extras: bool = True) -> dict[str, Any] | None:
    """A creature, or (the simplest choice, so that the shrinker can empty a creature it does
    not need, whole) none."""
    draw = Chooser.of(draw)
    if draw.integer(0, 9) == 0:
        return None
    card: dict[str, Any] = {"types": ["creature"], "power": draw.integer(0, 4), "toughness": draw.integer(1, 5)}
    colors = draw.sample(_COLORS)
    if colors:
        card["colors"] = colors
    keywords = damage_modifiers.keyword(draw, allowed, extras=extras)
    if keywords:
        card["abilities"] = keywords
    creature: dict[str, Any] = {"card": card, "owner": draw.sample(players)}
    if "counters" in allowed and draw.integer(0, 3) == 3:
        creature["counters"] = {draw.sample(["+1/+1", "charge", "-1/-1"]): draw.integer(1, 3)}
    return creature


@inlinable
def _damage_boards(draw, players: list[str], allowed: frozenset[str], extras: bool = True) -> dict[str, Any]:
    """Creatures (``c1``...; ``c1`` and ``c2`` may double damage), spells on the stack (``s1``...), a
    noncreature permanent dealing damage (``n1``), a planeswalker (``w1``) and static permanents
    (doublers ``d1``/``d2``, a preventer, a "can't lose" artifact)."""
    draw = Chooser.of(draw)
    owner = players
    objects: dict[str, Any] = {}
    # Creatures by slot: one the shrinker empties leaves its slot, so no other creature's id (nor
    # any step's choice of creature, :meth:`_Realizer.creature`) changes.
    slots = [draw.inline(_damage_creatures, players, allowed, extras) for _ in draw.sizes(1, _CREATURE_SLOTS)]
    for index, creature in enumerate(slots, 1):
        if creature:
            objects[f"c{index}"] = creature
    if not objects:
        objects["c1"] = {"card": {"types": ["creature"], "power": 0, "toughness": 1}, "owner": players[0]}
    if "damage" in allowed:
        for index in range(1, draw.integer(0, 2) + 1):
            draw.start(_BOARD_OBJECT)  # each spell a span: the shrinker deletes it with its count
            colors = draw.sample(_SPELL_COLORS)
            card = {"types": [draw.sample(["instant", "sorcery"])], "colors": colors,
                    "mana_cost": "{1}" + "".join(f"{{{c}}}" for c in colors)}  # 202.1, 105.2: its colours
            keywords = damage_modifiers.keyword(draw, allowed, chance=3, extras=extras)  # 702.15d, 702.2d: lifelink and deathtouch work from the stack
            if keywords:
                card["abilities"] = keywords
            objects[f"s{index}"] = {"card": card, "zone": "stack", "owner": draw.sample(owner)}
            draw.stop()
        if draw.integer(0, 2) == 2:  # a noncreature source (an artifact, an enchantment, a land)
            types = draw.sample([["artifact"], ["land"], ["enchantment"], ["artifact", "land"]])
            card = {"types": types, "colors": [] if types != ["enchantment"] else draw.sample(_COLORS)}
            keywords = damage_modifiers.keyword(draw, allowed, chance=2, extras=extras)
            if keywords:
                card["abilities"] = keywords
            objects["n1"] = {"card": card, "owner": draw.sample(owner)}
        if "planeswalkers" in allowed and draw.integer(0, 2) == 2:  # 306.5b: enters with its loyalty
            card = {"types": ["planeswalker"], "loyalty": draw.integer(1, 6), "colors": draw.sample(_COLORS)}
            keywords = damage_modifiers.keyword(draw, allowed, chance=3, extras=extras)
            if keywords:
                card["abilities"] = keywords
            objects["w1"] = {"card": card, "owner": draw.sample(owner)}
            if "counters" in allowed and draw.integer(0, 2) == 2:
                objects["w1"]["counters"] = {"loyalty": draw.integer(1, 6)}
    if "double-damage" in allowed:  # none, one, or two doublers (614.5)
        for index in range(1, draw.sample([0, 2, 1, 2]) + 1):
            draw.start(_BOARD_OBJECT)
            by = draw.sample([None, {"controller": "you"}, {"types": ["creature"], "controller": "you"}])
            ability = {"double_damage": {} if by is None else {"by": by}}
            doubler_owner = draw.sample(owner)
            # A doubler owned by the owner of the creature in its slot is that creature's static
            # ability (a creature that doubles damage, as Angrath's Marauders does, maybe the
            # very source it doubles); any other is an enchantment of its own. Owners shrink to
            # the first player, so a doubler the shrinker keeps moves onto a creature already
            # there and adds no object: two doublers and their source need only two objects.
            # Which it is draws no choice of its own, so an example without such a pair is as it
            # was. A creature carries at most one doubler (its slot's): a damage step's order
            # names an effect by its object's id (616.1, conformance.format.choices).
            carrier = objects.get(f"c{index}")
            if carrier is not None and carrier["owner"] == doubler_owner:
                carrier["card"]["abilities"] = [*carrier["card"].get("abilities", []), ability]
            else:
                objects[f"d{index}"] = {"card": {"types": ["enchantment"], "abilities": [ability]},
                                        "owner": doubler_owner}
            draw.stop()
    if "prevention" in allowed and draw.integer(0, 2) == 2:
        ability = draw.sample([{"by": {"types": ["creature"]}},
                                        {"to": {"types": ["creature"], "controller": "you"}, "amount": 1},
                                        {"combat": True},
                                        # "Prevent all damage that red sources would deal" (a permanent or a spell)
                                        {"by": {"zone": ["battlefield", "stack"], "colors": ["R"]}},
                                        {"by": {"not_types": ["creature"]}}])
        objects["p1"] = {"card": {"types": ["enchantment"], "abilities": [{"prevent_damage": ability}]},
                         "owner": draw.sample(owner)}
    if "cant-lose" in allowed and draw.integer(0, 3) == 3:
        objects["angel"] = {"card": {"types": ["artifact"], "abilities": [{"cant_lose": {}}]}, "owner": draw.sample(owner)}
    return objects


class _Realizer:
    """Turns intents (a kind and a few numbers) into valid steps on this board, and plays them on
    the reference engine as they are realized, so that every step is aimed at what is there when it
    happens: which permanents are still on the battlefield depends on every replacement and
    prevention effect, lethal damage and toughness (704.5f-i), so the generator asks the oracle
    rather than guess. The steps are then the case's own: the engine under test runs them all."""

    def __init__(self, seating: dict[str, Any], objects: dict[str, Any], states: dict[str, Any],
                 allowed: frozenset[str]):
        from reference_engine.game import Game  # the oracle plays the steps as they are drawn

        self.seating, self.players, self.allowed, self.objects = seating, seating["players"], allowed, objects
        self.creatures = [oid for oid, spec in objects.items() if "creature" in spec["card"]["types"]]
        self.spells = [oid for oid, spec in objects.items() if spec.get("zone") == "stack"]
        self.permanents = [oid for oid in objects if oid not in self.spells]
        self.effects: list[tuple[str, str]] = []  # (id, until) of effects created and not ended
        self.count = 0
        self.actions: list[dict[str, Any]] = []
        plain = {"id": "120.3/generated", "rules": ["120.3"], "source": {"rule": "120.3"}, "summary": "-",
                 "players": self.players, "objects": objects, **seating, "player_states": states, "steps": []}
        self.fresh = lambda: Game(Case.from_dict(plain, cr=CR_VERSION, derive=False))  # events.play restarts it
        self.game = self.fresh()
        self.game.check_state_based_actions()
        events.settle_start(self.game)  # CR 117.5, 603.3: as the reference engine does before the first step
        events.order_at_start(self)  # CR 603.3b: two or more waiting are ordered by the case's first step

    # --- what is there now ---------------------------------------------------------------------

    def here(self, oid: str) -> bool:
        return self.game.objects[oid].zone == "battlefield"

    def is_creature(self, oid: str) -> bool:
        from reference_engine.damage import is_creature
        return is_creature(self.game, self.game.objects[oid])

    def planeswalkers(self) -> list[str]:
        from reference_engine.damage import is_planeswalker
        return [oid for oid in self.permanents if is_planeswalker(self.game, self.game.objects[oid])]

    def left(self) -> list[str]:
        """Permanents that have left the battlefield (by a move, or a state-based action)."""
        return [oid for oid in self.permanents if not self.here(oid)]

    def lethal(self, oid: str) -> int:
        """The damage that is exactly lethal for a creature (704.5g: its toughness less the damage
        marked on it) or a planeswalker (704.5i: its loyalty), at least 1."""
        from reference_engine.damage import marked
        obj = self.game.objects[oid]
        if self.is_creature(oid):
            return max(1, (self.game.power_toughness(obj).toughness or 0) - marked(self.game, obj))
        return max(1, obj.counters.get("loyalty", 0))

    def _pick(self, options: list[str], number: int) -> str:
        return options[number % len(options)]

    # Objects are chosen by slot, with a fixed modulus, not by position among those present: when
    # the shrinker empties a creature, every other step keeps its creature.

    def creature(self, number: int) -> str | None:
        """The creature in slot ``number`` (modulo the slots) if it is on the battlefield, or the
        first creature there, or none."""
        oid = f"c{number % _CREATURE_SLOTS + 1}"
        if oid in self.objects and self.is_creature(oid):
            return oid
        present = [c for c in self.permanents if self.is_creature(c)]
        return present[0] if present else None

    def damageable(self, number: int) -> str | None:
        """A creature or (when ``number`` says so) a planeswalker on the battlefield (120.1)."""
        walkers = self.planeswalkers()
        if walkers and number % 3 == 2:
            return self._pick(walkers, number // 3)
        return self.creature(number // 3) or (walkers[0] if walkers else None)

    def recipient(self, number: int, players: list[str], other_than: str | None = None) -> str | None:
        """A permanent that can be dealt damage (even ``number``) or one of ``players`` (odd), never
        ``other_than`` if anything else will do; none if there is nothing."""
        pick = players[number // 2 % len(players)] if players and number % 2 else self.damageable(number // 2)
        if pick is None and players:
            pick = players[number // 2 % len(players)]
        if pick == other_than:
            walkers = self.planeswalkers()
            others = [r for r in [*players, *[c for c in self.permanents if self.is_creature(c) or c in walkers]]
                      if r != other_than]
            pick = self._pick(others, number) if others else pick
        return pick

    def source(self, number: int) -> str | None:
        """A creature on the battlefield, or (one time in three) a spell on the stack, or (one
        time in five) another permanent there: never one that has left (113.7a)."""
        if self.spells and number % 3 == 2:
            return self.spells[number // 3 % len(self.spells)]
        # Only the noncreature permanents drawn to be sources (n1, w1): a doubler that deals damage
        # would tie it to its id, so the shrinker could no longer make it a creature's ability.
        others = [oid for oid in ("n1", "w1") if oid in self.objects and self.here(oid) and not self.is_creature(oid)]
        if others and number % 5 == 4:
            return self._pick(others, number // 5)
        found = self.creature(number // 3)
        if found is None:
            found = others[0] if others else (self.spells[0] if self.spells else None)
        return found

    def _new_id(self, until: str = "end_of_turn") -> str:
        self.count += 1
        self.effects.append((f"e{self.count}", until))
        return f"e{self.count}"

    # --- intents to steps ----------------------------------------------------------------------

    def __call__(self, kind: str, a: int, b: int, amount: int, variant: int) -> dict[str, Any] | None:
        if kind in events.STEP_KINDS:
            return events.realize(kind, self, a)
        if kind in meetings.STEP_KINDS:
            return meetings.realize(self, a)
        player = self._pick(self.players, a)
        if kind in ("gain_life", "lose_life"):
            return {kind: {"player": player, "amount": amount + 1}}
        if kind == "add_mana":
            return {kind: {"player": player, "mana": {MANA_TYPES[b % 6]: amount % 3 + 1}}}
        if kind in ("put_player_counters", "remove_player_counters"):
            return {kind: {"player": player, "kind": self._player_counter_kind(b), "count": amount % 3 + 1}}
        if kind == "double_life":
            return {kind: {"player": player}}
        if kind == "double_mana":
            return {kind: {"player": player, "type": MANA_TYPES[b % 6]}}
        if kind == "double_counters":
            counted = [oid for oid in self.permanents if self.here(oid) and any(self.game.objects[oid].counters.values())]
            on_player = not counted or "counters" not in self.allowed or variant % 2
            if "player-counters" in self.allowed and on_player:
                return {kind: {"player": player, "kind": self._player_counter_kind(b)}}
            if not counted:
                return None
            target = self._pick(counted, b)
            kinds = sorted(k for k, n in self.game.objects[target].counters.items() if n > 0)
            return {kind: {"object": target, "kind": self._pick(kinds, variant)}}
        if kind == "damage":
            return self._damage(a, b, amount, variant)
        if kind == "together":
            return self._together(a, b, amount, variant)
        if kind in _BOARD_STEP_FEATURES:
            return self._board_step(kind, a, b, amount, variant)
        controller = player
        # 801.4: the targets of prevention and redirection effects are in their controller's range.
        reachable = [p for p in self.players if _in_range(self.seating, controller, p)] if "life" in self.allowed else []
        if kind == "prevent_damage":
            body: dict[str, Any] = {"controller": controller}
            if variant == 1:
                body["to_each"] = {"types": ["creature"]}
            elif variant in (2, 5):  # by a kind or colour of source (a permanent, or a spell too)
                colour = [_COLORS[b % 6 + 1][0]]  # a colour of source, permanents and spells, or spells only
                body["by"] = [{"types": ["creature"]}, {"zone": ["battlefield", "stack"], "colors": colour},
                              {"not_types": ["creature"]}, {"zone": "stack", "colors": colour}][b % 4]
            elif variant == 3:
                body["combat"] = True
            else:
                to = self.recipient(b, reachable)
                if to is None:
                    return None
                body["to"] = to
            if variant in (0, 1, 4) and amount:
                body["amount"] = amount
            return {kind: {"id": self._new_id(), **body}}
        # redirect_damage: to and instead_to differ, both reachable targets (801.4)
        to = self.recipient(b, reachable)
        instead_to = self.recipient(variant + a, reachable, other_than=to)
        if to is None or instead_to is None:
            return None
        if instead_to == to:
            return {"prevent_damage": {"id": self._new_id(), "controller": controller, "to": to}} \
                if "prevention" in self.allowed else self._damage(a, b, amount, variant)
        body = {"id": self._new_id(), "controller": controller, "to": to, "instead_to": instead_to}
        if amount:
            body["amount"] = amount
        return {kind: body}

    def _player_counter_kind(self, number: int) -> str:
        """Poison (the simplest) most often, energy or experience otherwise (122.1)."""
        return PLAYER_COUNTER_KINDS[max(0, number % 6 - 3)]

    def _damage(self, a: int, b: int, amount: int, variant: int) -> dict[str, Any] | None:
        source = self.source(a)
        if source is None:
            return None
        body: dict[str, Any] = {"source": source}
        creatures = [c for c in self.permanents if self.is_creature(c)]
        walkers = self.planeswalkers()
        if variant == 4 and walkers and b % 3 == 2:  # each planeswalker (120.3c)
            body["to_each"] = {"types": ["planeswalker"]}
            lethal = min(self.lethal(w) for w in walkers)
        elif variant == 4 and creatures:
            body["to_each"] = {"types": ["creature"]}
            lethal = min(self.lethal(c) for c in creatures)
        elif variant == 5 and "life" in self.allowed:
            body["to_each_player"] = True
            lethal = 6
        else:
            to = self.recipient(b, self.players if "life" in self.allowed else [])
            if to is None:
                return None
            body["to"] = to
            lethal = self.lethal(to) if to in self.objects else 6
        body["amount"] = lethal if amount == 1 else max(0, amount - 1)  # _damage_intents; 704.5g, 704.5i
        if self.is_creature(source) and variant % 2:
            body["combat"] = True
        if damage_modifiers.unpreventable(a, b, self.allowed):  # 615.12
            body["cant_be_prevented"] = True
        return {"damage": body}

    def _together(self, a: int, b: int, amount: int, variant: int) -> dict[str, Any] | None:
        """Two damage events as one (combat damage dealt simultaneously, 510.2, 704.3): no
        state-based action between them, so nothing leaves in between."""
        parts = [p for p in (self._damage(a, b, amount, variant), self._damage(b, a + 1, (amount + 3) % 8, (variant + 1) % 6))
                 if p is not None]
        if len(parts) < 2:
            return parts[0] if parts else None
        if variant % 2 and all(self.is_creature(p["damage"]["source"]) for p in parts):
            for part in parts:
                part["damage"]["combat"] = True
        return {"together": parts}

    def _board_step(self, kind: str, a: int, b: int, amount: int, variant: int) -> dict[str, Any] | None:
        controller = self._pick(self.players, a)
        if kind == "end_turn":  # 514.2: damage removed, "until end of turn" effects end
            self.effects = [(e, until) for e, until in self.effects if until != "end_of_turn"]
            return {"end_turn": {}}
        if kind == "end_effect":
            if not self.effects:
                return None
            effect = self._pick([e for e, _ in self.effects], a)
            self.effects = [(e, until) for e, until in self.effects if e != effect]
            return {"end_effect": effect}
        if kind == "move":
            return self._move(a, b, variant)
        if kind in ("modify_pt", "set_pt"):
            body: dict[str, Any] = {"controller": controller}
            if variant == 4 and "locked-sets" in self.allowed:  # 611.2c: the creatures there now
                body["to_each"] = {"types": ["creature"]}
            else:
                to = self.creature(b)
                if to is None:
                    return None
                body["to"] = to
            if kind == "modify_pt":  # 613.4c: lethal damage and toughness meet (704.5g, 704.5f)
                body["power"], body["toughness"] = (0, 1, -1, 2, -2, 3)[a % 6], (0, 1, -1, 2, -2, 3, -3)[amount % 7]
            else:  # 613.4b
                body["power"], body["toughness"] = a % 5, amount % 6
            until = "ended" if variant in (3, 5) and "durations" in self.allowed else "end_of_turn"
            if until == "ended":
                body["until"] = until
            return {kind: {"id": self._new_id(until), **body}}
        if kind == "put_counters":
            walkers = self.planeswalkers()
            if variant == 5 and walkers:  # loyalty counters on a planeswalker (306.5c)
                return {kind: {"object": self._pick(walkers, b), "kind": "loyalty", "count": amount % 3 + 1}}
            target = self.creature(b)
            if target is None:
                return None
            return {kind: {"object": target, "kind": ("+1/+1", "-1/-1")[variant % 2], "count": amount % 3 + 1}}
        # remove_counters: from a permanent on the battlefield that has some
        counted = [oid for oid in self.permanents if self.here(oid) and any(self.game.objects[oid].counters.values())]
        if not counted:
            return None
        target = self._pick(counted, b)
        kinds = sorted(k for k, n in self.game.objects[target].counters.items() if n > 0)
        return {kind: {"object": target, "kind": self._pick(kinds, variant), "count": amount % 3 + 1}}

    def _move(self, a: int, b: int, variant: int) -> dict[str, Any] | None:
        """A permanent leaves the battlefield (400.7: it becomes a new object), or one that left
        (moved away, or put into a graveyard by a state-based action) returns to it."""
        gone = self.left()
        if gone and (variant % 2 or not any(self.here(oid) for oid in self.permanents)):
            return {"move": {"object": self._pick(gone, a), "to": "battlefield"}}
        there = [oid for oid in self.permanents if self.here(oid)]
        if not there:
            return None
        leaving = self.creature(a) if variant < 4 else None  # mostly a creature, sometimes any permanent
        return {"move": {"object": leaving or self._pick(there, a), "to": ("graveyard", "exile", "hand", "library")[b % 4]}}

    # --- orders and playing --------------------------------------------------------------------

    def script_orders(self, draw, step: dict[str, Any]) -> dict[str, Any] | None:
        """Script every order the step's damage needs, each a drawn permutation (616.1); without
        ``replacement-order``, none: a step that would need one is left out."""
        draw = Chooser.of(draw)
        if not any(key in step for key in ("damage", "together")):
            return step
        last = len(self.actions)
        for choices in damage_choices({"players": self.players, "objects": self.objects,
                                       "steps": [*self.actions, step]}):
            if choices.path[1] != last:
                continue
            needed = choices.needing_choice()
            if not needed:
                continue
            if "replacement-order" not in self.allowed:
                return None
            body: Any = {"steps": [*self.actions, step]}
            for key in choices.path:
                body = body[key]
            for recipient, refs in needed.items():
                body.setdefault("order", {})[recipient] = list(draw(st.permutations(refs)))
        return step

    def play(self, step: dict[str, Any]) -> None:
        """Perform the step on the reference engine, then state-based actions (704.3)."""
        self.actions.append(step)
        self.game.perform_action(step_from(step, self.players[0]))  # a together as one event (603.2c)
        self.game.check_state_based_actions()


def _build(raw: dict[str, Any]) -> Case:
    """A :class:`Case` from plain data; its ``rules`` are those its features exercise."""
    case = Case.from_dict(raw, cr=CR_VERSION)
    return case.relabelled(rules=_rules(case.features, "120.3"))
