"""The layer-7 strategies' steps and whole scenarios: the kinds of action (effects that set,
modify or switch power and toughness, doubling, counters, ending effects, zone changes, "becomes"
effects), step lists aimed at the objects of a board, and :func:`scenarios`.

Like the objects of :mod:`.core`, everything is generated in the plain case-file form, and every
scenario is valid: references resolve, an ended effect was created before, ids are unique.
``features=`` limits generation to what an engine supports.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance.format.model import Case
from strategies._internal.core import (
    _AWAY,
    _PLAIN_CREATURE,
    PLAYERS,
    _anthem,
    _change_parts,
    _changes,
    _creature,
    _entering_choices,
    _explicit,
    _finish,
    _named,
    _permanent,
    _spell,
    _static,
    _static_possible,
    _uses_x,
    build_case,
)
from strategies._internal.drawing import Chooser, label
from strategies._internal.meetings import Wide
from strategies._internal.validation import check_checkpoints, check_features, check_interval, check_size, observe_here


_STEP_FEATURES: dict[str, frozenset[str]] = {
    "modify_pt": frozenset({"layer-7c"}),
    "switch_pt": frozenset({"layer-7d"}),
    "set_pt": frozenset({"layer-7b"}),
    "double_pt": frozenset({"double-pt", "layer-7c"}),
    "triple_pt": frozenset({"triple-pt", "layer-7c"}),
    "put_counters": frozenset({"counters"}),
    "remove_counters": frozenset({"counters"}),
    "end_effect": frozenset({"durations"}),
    "end_turn": frozenset({"durations"}),
    "move": frozenset({"zone-changes"}),
}
"""The features each kind of action needs, simplest kinds first (examples shrink that way)."""

_CHANGING = ("become",)
"""Kinds of action that need some part of a change (:data:`_CHANGE_PARTS`) allowed; ``activate`` and
``trigger`` are held only by an object with such an ability."""
_PT_KINDS = ("modify_pt", "switch_pt", "set_pt", "double_pt", "triple_pt")

_NOTHING = "nothing"
"""The simplest intent of all, realized as no step: an intent the shrinker has emptied is one
choice long, and its place in the list is short enough to delete."""

_TIMES = 8
"""Intents carry a time from 0 to ``_TIMES - 1``; the board's steps are ordered by it."""

_SETUP_KINDS = {"negative": "modify_pt", "switched": "switch_pt", "set": "set_pt", "set-again": "set_pt",
                "counters": "put_counters"}
"""The kind of action each ``setup`` of :func:`_intent` is (the action nested in another, realized before it)."""

_SET_WHICH = ("both", "both", "both", "both", "both", "both", "power", "toughness")
"""What a set effect sets (613.4b): both values three times in four (an engine that can set only
both, python-mtg, refuses the others), else power only or toughness only."""


class _Tracker:
    """What turning intents into steps must remember to keep references valid: where each
    object is, and the effects still open, by the object (or ``None``, the board) whose intents
    created them."""

    def __init__(self, objects: dict[str, dict[str, Any]]):
        self.objects = objects
        self.zones = {oid: spec.get("zone", "battlefield") for oid, spec in objects.items()}
        self.counters = {oid: set(spec.get("counters", {})) for oid, spec in objects.items()}
        self.open_effects: dict[str | None, list[str]] = {}
        self.next_effect = 1


def action_kinds(features: Iterable[str] | None = None) -> list[str]:
    """The kinds of action step the given features allow."""
    allowed = check_features(features)
    return [kind for kind, needs in _STEP_FEATURES.items() if needs <= allowed] \
        + (["become"] if _change_parts(allowed, "step") else [])


def _host_kinds(kinds: Iterable[str], allowed: frozenset[str], host: str,
                spec: dict[str, Any] | None = None) -> tuple[str, ...]:
    """The intents an object of kind ``host`` (creature, anthem, permanent, spell) or the board itself
    may hold, :data:`_NOTHING` first. The board holds what acts on no object in particular: effects on
    every creature (locked sets, CR 611.2c) and the cleanup step (514.2); an anthem and a spell card
    only change zones; a noncreature permanent changes zones, becomes something and gets counters
    (loyalty on a planeswalker, 306.5c). An object with an activated or triggered ability also holds
    its activation or trigger (602, 603)."""
    if host == "creature":
        held = [k for k in kinds if k != "end_turn"]
    elif host in ("anthem", "spell"):
        held = [k for k in kinds if k == "move"]
    elif host == "permanent":
        held = [k for k in kinds if k in ("move", "become", "put_counters", "remove_counters")]
    else:
        held = [k for k in kinds if k in ("end_effect", "end_turn")
                or ((k in _PT_KINDS or k == "become") and "locked-sets" in allowed)]
    for ability in (spec or {}).get("card", {}).get("abilities", []):
        held += [step for key, step in (("activated", "activate"), ("triggered", "trigger")) if key in ability] * 3
    # Each kind twice, so that an intent is seldom generated empty; counters on a creature twice
    # as often again (both kinds on one permanent, 704.5q, is an edge to reach), and so are
    # doubling and tripling (their edges, negative and switched values, need a setup before them).
    more = [k for k in held if k in ("put_counters", "double_pt", "triple_pt")] * 2 if host == "creature" else []
    return (_NOTHING, *held, *held, *more) if held else ()


@st.composite
def _intents(draw, allowed: frozenset[str], kinds: tuple[str, ...], host: str = "object") -> dict[str, Any] | None:
    """:func:`_intent` as a strategy (for :func:`action_steps`)."""
    return _intent(Chooser(draw), allowed, kinds, host)


_INTENT = label("intent")


def _intent(c: Chooser, allowed: frozenset[str], kinds: tuple[str, ...], host: str = "object",
            setup: str | None = None) -> dict[str, Any] | None:
    """An action drawn without looking at the board: its kind, amounts, flags; for an intent held
    by an object or the board (``host``), its time and whether it joins the step before it in one
    event; for ``host="any"``, a target by position and sometimes every creature instead.
    :func:`_realize` turns it into valid steps.

    ``setup`` draws the action a doubling or tripling sets up with (``"negative"``: power driven
    below 0; ``"switched"``), nested in it and drawn exactly as the same action on its own would
    be (its kind's index in ``kinds`` first): the shrinker can then replace the multiplication by
    the action it nests, when that alone shows a failure. So does a set effect with an earlier one
    on the same object (``"set"``, and ``"set-again"`` for a third): a series of set effects in
    timestamp order, the later overriding the earlier (613.4b, 613.7). Each intent is a span of
    its own (one label for all), which is what lets the shrinker put the nested one in its place."""
    c.start(_INTENT)
    try:
        return _intent_choices(c, allowed, kinds, host, setup)
    finally:
        c.stop()


def _intent_choices(c: Chooser, allowed: frozenset[str], kinds: tuple[str, ...], host: str,
                    setup: str | None) -> dict[str, Any] | None:
    if setup is None:
        kind = c.sample(kinds)
    else:
        index = kinds.index(_SETUP_KINDS[setup])
        kind = kinds[c.integer(index, index)]
    if kind == _NOTHING:
        return None
    intent: dict[str, Any] = {"kind": kind}
    if host == "any":
        intent["target"] = c.integer(0, 7)
    else:
        intent["time"] = c.integer(0, _TIMES - 1)
        # Several actions in one event (no state-based action check between them, CR 704.3).
        intent["joined"] = "simultaneous-actions" in allowed and c.integer(0, 4) == 4
    if kind in ("put_counters", "remove_counters"):
        # "opposite": a -1/-1 counter where a +1/+1 counter may be, or the other way round, so that
        # both kinds meet on one permanent (the edge of 704.5q).
        intent.update(counter=c.sample(("+1/+1", "-1/-1", "+1/+0", "opposite")), count=c.integer(1, 3))
        # Half the "opposite" ones come after an earlier put on the same permanent, nested.
        if kind == "put_counters" and intent["counter"] == "opposite" and host == "object" and setup is None \
                and c.boolean():
            intent["setup"] = _intent(c, allowed, kinds, host, "counters")
    elif kind == "move":
        intent["away"] = c.sample(_AWAY)
    elif kind == "end_effect":
        intent["which"] = c.integer(0, 3)
    elif kind == "activate":
        intent["x"] = c.integer(0, 4)  # the value of X, if its cost has one (107.3)
    elif kind == "become":
        intent["each"] = host == "board" or (host == "any" and "locked-sets" in allowed and c.integer(0, 5) == 5)
        intent["change"] = _changes(c, allowed, "step")
        if "gain_control" in intent["change"]:
            intent["controller"] = c.sample(PLAYERS[::-1])  # who gains control (613.1b)
        intent["lasting"] = "durations" in allowed and c.boolean()
    elif kind in _PT_KINDS:
        if host == "any":
            intent["each"] = "locked-sets" in allowed and c.integer(0, 5) == 5
        else:
            intent["each"] = host == "board"
        if kind == "modify_pt" and setup == "negative":
            # Power driven below 0 (within the range of any modification, for the shrinker); as it
            # is realized, by that much more than the printed power (701.10c, 701.11c).
            intent.update(power=c.integer(-4, -1), toughness=c.integer(0, 0), below_printed=True)
        elif kind == "modify_pt":
            intent.update(power=c.integer(-4, 4), toughness=c.integer(-4, 4))
        elif kind == "set_pt":
            intent.update(power=c.integer(-2, 5), toughness=c.integer(-1, 5))
            # 613.4b: an effect may set power only, or toughness only (both, the simplest, most often).
            which = c.sample(_SET_WHICH)
            if which != "both":
                del intent["toughness" if which == "power" else "power"]
            # A series on one object: an earlier set effect (and before it, sometimes, a third), so
            # that their timestamp order decides what the object's values are (613.4b, 613.7).
            if host == "object" and setup in (None, "set"):
                chosen = c.sample((None, "set") if setup is None else (None, "set-again"))
                if chosen:
                    intent["setup"] = _intent(c, allowed, kinds, host, chosen)
        elif kind in ("double_pt", "triple_pt"):
            intent["which"] = c.sample(("power", "toughness", "both"))
            # Reach the edges on purpose: multiply a value just driven below 0 (701.10c), or a
            # switched creature (the bonus then shows on the other value).
            setups = [None] + [setup for setup, needs in (("negative", "layer-7c"), ("negative", "layer-7c"),
                                                          ("switched", "layer-7d"))
                               if needs in allowed and host == "object"]
            chosen = c.sample(setups)
            if chosen:
                intent["setup"] = _intent(c, allowed, kinds, host, chosen)
        intent["lasting"] = "durations" in allowed and c.boolean()
    return intent


def _realize(intent: dict[str, Any], host: str | None, tracker: _Tracker) -> list[dict[str, Any]]:
    """The valid steps an intent held by ``host`` (an object id, or ``None``: the board) stands
    for, at this point of the scenario: the action it sets up with, if any, then its own."""
    setup = intent.get("setup")
    return [*(_realize(setup, host, tracker) if setup else ()), *_realize_one(intent, host, tracker)]


def _realize_one(intent: dict[str, Any], host: str | None, tracker: _Tracker) -> list[dict[str, Any]]:
    """The steps of one intent: its own, after a move onto the battlefield when it acts on an object
    that is not a permanent now (an effect aimed at one is for a permanent, 109.2, 608.2b: none is
    ever aimed at a card in a hand, graveyard or library)."""
    if host is not None and intent["kind"] not in ("move", "end_effect", "end_turn") \
            and tracker.zones.get(host, "battlefield") != "battlefield" and not intent.get("each"):
        return [_realize_step({"kind": "move"}, host, tracker), _realize_step(intent, host, tracker)]
    return [_realize_step(intent, host, tracker)]


def _realize_step(intent: dict[str, Any], host: str | None, tracker: _Tracker) -> dict[str, Any]:
    kind = intent["kind"]
    open_effects = tracker.open_effects.setdefault(host, [])
    if kind == "end_effect" and open_effects:
        return {"end_effect": open_effects.pop(intent["which"] % len(open_effects))}
    if kind in ("end_effect", "end_turn"):  # nothing of its own to end: the cleanup step (514.2)
        return {"end_turn": {}}
    if kind in ("put_counters", "remove_counters"):
        counter = intent["counter"]
        if counter == "opposite":
            counter = "+1/+1" if "-1/-1" in tracker.counters.get(host, ()) else "-1/-1"
        spec = tracker.objects.get(host, {})
        if "planeswalker" in spec.get("card", {}).get("types", ()):
            counter = "loyalty"  # a planeswalker's loyalty is its loyalty counters (306.5c)
        if kind == "put_counters" and host in tracker.counters:
            tracker.counters[host].add(counter)
        return {kind: {"object": host, "kind": counter, "count": intent["count"]}}
    if kind == "move":
        spec = tracker.objects.get(host, {})
        away = intent.get("away", _AWAY[0])
        if tracker.zones[host] == away:
            away = _AWAY[(_AWAY.index(away) + 1) % len(_AWAY)]
        # A sorcery card never enters the battlefield (307.4): it moves between the other zones.
        spell = "sorcery" in spec.get("card", {}).get("types", ())
        zone = "battlefield" if tracker.zones[host] != "battlefield" and not spell else away
        tracker.zones[host] = zone
        tracker.counters[host] = set()  # a new object, without counters (400.7, 122.2)
        move: dict[str, Any] = {"object": host, "to": zone}
        if zone == "battlefield" and spec.get("card"):  # it enters under its owner's control (110.2)
            choices = _entering_choices(host, spec, spec.get("owner", PLAYERS[0]), tracker.objects, tracker.zones)
            if choices:
                move["choices"] = choices
        return {"move": move}
    if kind in ("activate", "trigger"):
        key = "activated" if kind == "activate" else "triggered"
        body = next(a[key] for a in tracker.objects[host]["card"]["abilities"] if key in a)
        step = {"object": host, "ability": body["name"]}
        if kind == "activate" and _uses_x(body["effect"]["become"]):
            step["x"] = intent["x"]
        return {kind: step}
    body: dict[str, Any] = {"to_each": {"types": ["creature"]}} if intent["each"] else {"to": host}
    body.update({k: intent[k] for k in ("power", "toughness", "which", "controller") if k in intent})
    printed = tracker.objects.get(host, {}).get("card", {}).get("power")
    if intent.get("below_printed") and isinstance(printed, int) and printed > 0:
        body["power"] = intent["power"] - printed  # below 0 whatever the card prints (before other effects)
    body.update(intent.get("change", {}))
    if intent["lasting"]:
        effect_id = f"e{tracker.next_effect}"
        tracker.next_effect += 1
        body.update(id=effect_id, until="ended")
        open_effects.append(effect_id)
    return {kind: body}


def action_steps(object_ids: Iterable[str], *, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates one action step acting on the given objects (an effect,
    counters, a zone change, an end of effect). Examples shrink towards ``modify_pt``."""
    ids = list(object_ids)
    if not ids:
        raise InvalidArgument("action_steps() needs at least one object id")
    allowed = check_features(features)
    kinds = tuple(action_kinds(allowed))

    def realize(intent: dict[str, Any]) -> dict[str, Any]:
        host = None if intent.get("each") else ids[intent["target"] % len(ids)]
        return _realize_step(intent, host, _Tracker({oid: {} for oid in ids}))
    return _intents(allowed, kinds, "any").map(realize)


def _held_intents(c: Chooser, allowed: frozenset[str], kinds: tuple[str, ...], budget: list[int], cap: int,
                  host: str = "object") -> list[dict[str, Any]]:
    """The intents one object (or the board) holds: at most ``cap``, and at most what is left of
    the scenario's ``budget`` (which this takes its share from). A span, as each intent is."""
    if not kinds or budget[0] <= 0:
        return []
    c.start(_HELD)
    drawn = [_intent(c, allowed, kinds, host) for _ in c.sizes(0, min(cap, budget[0]))]
    c.stop()
    intents = [i for i in drawn if i is not None]
    budget[0] -= len(intents)
    return intents


_HELD = label("held intents")


_ABSENT = "absent"
"""The simplest object slot of a scenario: no object at all. An object slot the shrinker has
emptied (every choice at its simplest) is gone, with the actions it held, in one step."""


def _held_objects(c: Chooser, allowed: frozenset[str], kinds: tuple[str, ...], budget: list[int],
                  cap: int, extras: bool = True) -> tuple[str, dict[str, Any], list[dict[str, Any]]] | None:
    """An object of a scenario with the intents it holds (the actions on it), or sometimes
    none (:data:`_ABSENT`). A span, and so is the object inside it."""
    anthems_possible = "static-abilities" in allowed and allowed & {"layer-7b", "layer-7c", "layer-7d"}
    # Creatures three times as often as anthems; seldom nothing; then, as features allow, enchantments
    # with static abilities, noncreature permanents and sorcery cards.
    slots = [*(_SLOTS if anthems_possible else _CREATURE_SLOTS)]
    if extras and _static_possible(allowed):
        slots += ["static"] * 2
    if extras:
        slots += ["permanent"] * 2
    if extras and "zone-changes" in allowed:
        slots.append("spell")
    kind = c.sample(slots)
    if kind == _ABSENT:
        return None
    c.start(_OBJECT)
    if kind == "creature":
        spec = _creature(c, allowed, extras)
    else:
        spec = {"anthem": _anthem, "static": _static, "permanent": _permanent, "spell": _spell}[kind](c, allowed)
    c.stop()
    host = "anthem" if kind == "static" else kind
    return host, spec, _held_intents(c, allowed, _host_kinds(kinds, allowed, host, spec), budget,
                                     cap if kind in ("creature", "permanent") else 1)


_OBJECT = label("object")
_HELD_OBJECT = label("held object")


_SLOTS = (_ABSENT, *["creature"] * 9, *["anthem"] * 3)
_CREATURE_SLOTS = (_ABSENT, *["creature"] * 9)
_PREFIXES = {"creature": "c", "anthem": "a", "permanent": "p", "spell": "s"}


# --- scenarios ------------------------------------------------------------------------------------


def scenarios(*, features: Iterable[str] | None = None, min_objects: int = 1, max_objects: int = 6,
              min_steps: int = 1, max_steps: int = 10, checkpoints: str = "each",
              extras: bool = True) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates valid scenarios: a board, then ``min_steps`` to
    ``max_steps`` actions, each step followed by a checkpoint observing every object
    (``checkpoints="each"``), after a random subset of them and at the end (``"sparse"``), or
    with one checkpoint at the end (``"end"``). Several actions
    sometimes form one event (``together``), where no state-based action check falls between.
    Half the set effects on an object come after one or two earlier set effects on it, in a row
    (613.4b, 613.7: the later wins), with a checkpoint right after the last unless only the end is
    observed; a quarter of set effects set power only or toughness only.

    Besides creatures and anthems, and as ``features`` allow: creatures with more characteristics
    (keywords, subtypes, a mana cost and its colours, names, supertypes, artifact and land
    creatures, colours defined by a characteristic-defining ability, activated and triggered
    abilities whose effect makes the object become something, "as enters" choices of a player, an
    object or a P/T, a controller other than the owner), enchantments with static abilities making
    what a filter matches become something (some kindred, at most one world), artifacts, lands and
    planeswalkers (with loyalty), sorcery cards off the battlefield, objects in libraries; ``become``
    steps (control, types, subtypes, supertypes, colours, abilities, P/T), ``activate`` (with X)
    and ``trigger`` steps. Names are distinct (the legend rule, 704.5j, never applies), no effect
    gives the world supertype, an effect is never aimed at a card off the battlefield (it is
    moved back first) and a sorcery card never enters the battlefield. Drawn after everything
    else (issue 39): sometimes a Humility-like enchantment entering after a set effect, its
    static effect then the later one (613.7a, 613.7d).

    Only what ``features`` allows is generated (default: every feature). Examples shrink
    towards fewer objects, fewer steps and smaller numbers: each object is generated with the
    actions on it, so removing an object removes them and changes no other step. The simplest
    example is one plain 0/1 creature on the battlefield with a single ``modify_pt`` +0/+0 on it
    (or none, with ``min_steps=0``); every extra characteristic is an optional draw that shrinks
    away, and an object's activation or trigger goes with it.

    ``extras=False`` leaves out everything beyond creatures and anthems with P/T effects (the
    characteristics above, the other objects, ``become``, ``activate`` and ``trigger`` steps): the
    properties draw both kinds, so an engine that refuses the extras (a name or a mana cost it
    cannot build) is still checked on the rest.
    """
    allowed = check_features(features)
    if not isinstance(extras, bool):
        raise InvalidArgument(f"Expected bool but got extras={extras!r} (type={type(extras).__name__})")
    check_interval(min_objects, max_objects, "min_objects", "max_objects")
    check_size(min_objects, "min_objects", minimum=1)
    check_interval(min_steps, max_steps, "min_steps", "max_steps")
    check_size(min_steps, "min_steps")
    check_checkpoints(checkpoints)
    if not allowed & {"layer-7b", "layer-7c", "layer-7d"}:
        raise InvalidArgument(f"features={sorted(allowed)} allow no power/toughness effect; "
                              "include layer-7b, layer-7c or layer-7d")
    defaults = {"features": None, "min_objects": 1, "max_objects": 6, "min_steps": 1, "max_steps": 10,
                "checkpoints": "each", "extras": True}
    return _scenarios(**_explicit(defaults, features=features, min_objects=min_objects, max_objects=max_objects,
                                  min_steps=min_steps, max_steps=max_steps, checkpoints=checkpoints, extras=extras))


_EXTRA_KINDS = ("become", "activate", "trigger")
_HELD_OBJECTS = label("held objects")


@functools.lru_cache(maxsize=256)
def _scenario_kinds(allowed: frozenset[str], extras: bool) -> tuple[str, ...]:
    """The kinds of action of a scenario (computed once per features)."""
    return tuple(k for k in action_kinds(allowed) if extras or k not in _EXTRA_KINDS)


@_named("scenarios")
def _scenarios(draw, *, features=None, min_objects=1, max_objects=6, min_steps=1, max_steps=10,
               checkpoints="each", extras=True) -> Case:
    allowed = check_features(features)
    kinds = _scenario_kinds(allowed, extras)
    c = Chooser(draw)
    # Each object is drawn with the intents it holds (the actions on it, each with a time), the
    # board's own intents (on every creature, the cleanup step) last. Deleting an object deletes
    # its actions and changes no other: no step refers to an object by its position.
    budget = [max_steps]
    cap = min(max_steps, max(4, -(-3 * max_steps // (max_objects + 1))))
    drawn = []
    c.start(_HELD_OBJECTS)
    for _ in c.sizes(min_objects, max_objects):
        c.start(_HELD_OBJECT)
        drawn.append(_held_objects(c, allowed, kinds, budget, cap, extras))
        c.stop()
    c.stop()
    held = [h for h in drawn if h is not None]
    # Up to min_objects: plain creatures, which take no choice.
    held += [("creature", {"card": dict(_PLAIN_CREATURE["card"]), "owner": _PLAIN_CREATURE["owner"]}, [])
             for _ in range(min_objects - len(held))]
    objects: dict[str, dict[str, Any]] = {}
    hosts: list[tuple[str | None, list[dict[str, Any]]]] = []
    for index, (kind, spec, intents) in enumerate(held, 1):
        oid = f"{_PREFIXES[kind]}{index}"
        objects[oid] = spec
        hosts.append((oid, intents))
    _finish(objects)
    hosts.append((None, _held_intents(c, allowed, _host_kinds(kinds, allowed, "board"), budget, 2, "board")))
    # Up to min_steps: actions after all the others, on an object chosen by position (only
    # here, where nothing comes after them).
    fill = tuple(k for k in kinds if k != "end_turn")
    extra: list[tuple[str | None, dict[str, Any]]] = []
    while sum(len(intents) for _, intents in hosts) + len(extra) < min_steps:
        oid = list(objects)[c.integer(0, len(objects) - 1)]
        # a sorcery card only moves (307.4), and only with zone-changes, which put it there
        extra.append((oid, {**_intent(c, allowed, ("move",) if oid.startswith("s") else fill), "time": _TIMES}))
    hosts += [(oid, [intent]) for oid, intent in extra]

    # One event per intent, at its time; an intent joined to the one before it on the same
    # object (or, the first on its object, to whatever comes before it) shares its event.
    groups: list[tuple[tuple[int, int, int], bool, list[tuple[str | None, dict[str, Any]]]]] = []
    for order, (host, intents) in enumerate(hosts):
        own: list[tuple[tuple[int, int, int], bool, list[tuple[str | None, dict[str, Any]]]]] = []
        for intent in intents:
            if intent["joined"] and own and host is not None:
                own[-1][2].append((host, intent))
            else:
                own.append(((intent["time"], order, len(own)), intent["joined"], [(host, intent)]))
        groups += own
    groups.sort(key=lambda group: group[0])

    tracker = _Tracker(objects)
    events: list[list[dict[str, Any]]] = []
    seen: set[int] = set()  # the events a checkpoint must follow: each that ends a series of set effects
    for _, joined, members in groups:
        realized = [step for host, intent in members for step in _realize(intent, host, tracker)]
        if joined and events:
            events[-1] += realized
        elif len(members) > 1:
            events.append(realized)
        else:
            events += [[step] for step in realized]
        if any(intent.get("setup", {}).get("kind") == "set_pt" for _, intent in members):
            seen.add(len(events))
    observe = {"expect": {"objects": {oid: {} for oid in objects}}}
    steps: list[dict[str, Any]] = []
    for number, parts in enumerate(events, 1):
        steps.append(parts[0] if len(parts) == 1 else {"together": parts})
        # A series of set effects is observed right after its last (before anything later hides
        # which one won), unless only the end is.
        if number == len(events) or observe_here(c, checkpoints) or (number in seen and checkpoints != "end"):
            steps.append(observe)
    if not steps:
        steps.append(observe)
    # issue 39: drawn last, so the rest of an example is drawn as before
    _enters_after_a_set(Wide(c), allowed, objects, steps, observe, checkpoints)
    return build_case(objects, steps, summary="a scenario generated by strategies.scenarios()")


def _enters_after_a_set(c: Chooser, allowed: frozenset[str], objects: dict[str, dict[str, Any]],
                        steps: list[dict[str, Any]], observe: dict[str, Any], checkpoints: str) -> None:
    """Maybe (one time in four) a permanent with a static ability setting the base P/T of every
    creature (Humility-like) enters the battlefield from its owner's hand after a set effect that
    leaves a creature a toughness above 0 (after the checkpoint that follows it, if one does; a
    checkpoint follows it unless only the end is observed): it has a timestamp later than that
    effect (613.7d), and so has its static ability's effect (613.7a), which then applies after
    it (613.4b, 613.7). Shrinks to no change."""
    if not {"static-abilities", "zone-changes", "layer-7b"} <= allowed:
        return
    sets = [i for i, step in enumerate(steps)
            if "to" in step.get("set_pt", {}) and step["set_pt"].get("toughness", 1) > 0]
    if not sets or c.integer(0, 3) != 3:
        return
    at = sets[c.integer(0, len(sets) - 1)] + 1  # a checkpoint ends the steps: at < len(steps)
    oid = f"{_PREFIXES['anthem']}{len(objects) + 1}"
    static = {"effect": "set_pt", "affects": {"types": ["creature"]}, "power": c.integer(0, 4),
              "toughness": c.integer(1, 4)}
    objects[oid] = {"card": {"types": ["enchantment"], "abilities": [{"static_pt": static}]}, "zone": "hand",
                    "owner": c.sample(PLAYERS)}
    observe["expect"]["objects"][oid] = {}
    enters = {"move": {"object": oid, "to": "battlefield"}}
    if checkpoints == "end":
        steps.insert(at, enters)
    else:
        at += "expect" in steps[at]
        steps[at:at] = [enters, observe]
