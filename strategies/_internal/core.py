"""The strategies: objects, effect steps, step lists and whole scenarios.

Everything is generated in the plain case-file form (dicts, as in a YAML case), and
:func:`scenarios` builds a :class:`~conformance.scenario.Case` from it. Generation follows the
format's own rules, so every scenario is valid: references resolve, an ended effect was created
before, ids are unique. ``features=`` limits generation to what an engine supports.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance import CR_VERSION
from conformance.features import RULES
from conformance.report import rule_key
from conformance.scenario import Case
from strategies._internal.validation import check_checkpoints, check_features, check_interval, check_size, observe_here

PLAYERS = ("Alex", "Blair")
"""The seats of generated scenarios, in turn order."""

ZONES_AWAY = ("graveyard", "exile", "hand")

_CREATURES_YOU_CONTROL = {"types": ["creature"], "controller": "you"}
_CREATURE_CARDS_IN_YOUR_GRAVEYARD = {"types": ["creature"], "zone": "graveyard", "owner": "you"}


def _named(name: str):
    """``st.composite`` under a public name, so the strategy's repr reads as the public call."""
    def decorate(function):
        function.__name__ = function.__qualname__ = name
        return st.composite(function)
    return decorate


def _explicit(defaults: dict[str, Any], **given: Any) -> dict[str, Any]:
    """The arguments that differ from their defaults (what the repr should show)."""
    return {k: (sorted(v) if isinstance(v, frozenset) else v) for k, v in given.items() if v != defaults[k]}


# --- numbers --------------------------------------------------------------------------------------


def pt_amounts(*, min_value: int = -4, max_value: int = 4) -> st.SearchStrategy[int]:
    """Returns a strategy which generates the amounts of power/toughness effects, negative
    values included (CR 107.1b). Examples shrink towards 0."""
    check_interval(min_value, max_value, "min_value", "max_value")
    return st.integers(min_value, max_value)


def printed_values(*, max_value: int = 6) -> st.SearchStrategy[int]:
    """Returns a strategy which generates printed power or toughness, from 0 to ``max_value``.
    Examples shrink towards 0."""
    check_size(max_value, "max_value")
    return st.integers(0, max_value)


# --- objects --------------------------------------------------------------------------------------


def creature_objects(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates a creature object: printed power and toughness, its
    owner, and, as ``features`` allow, starting counters, a characteristic-defining */*
    ability (CR 604.3) or a start in the graveyard. Examples shrink towards a 0/1 on the
    battlefield with nothing else."""
    check_features(features)
    return _creature_objects(**_explicit({"features": None}, features=features))


_PLAIN_CREATURE = {"card": {"types": ["creature"], "power": 0, "toughness": 1}, "owner": PLAYERS[0]}
"""The simplest creature, which every creature shrinks towards."""


@_named("creature_objects")
def _creature_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    allowed = check_features(features)
    # First a choice whose simplest value is the plain 0/1, with no further choice: an object the
    # shrinker has emptied is then a few choices long, short enough for it to delete.
    if draw(st.integers(0, 9)) == 0:
        return {"card": dict(_PLAIN_CREATURE["card"]), "owner": _PLAIN_CREATURE["owner"]}
    # Toughness 0 (dying at once unless something raises it, 704.5f) is an edge worth reaching,
    # but examples shrink towards a creature that survives: 0/1.
    toughness = draw(st.integers(1, 6))
    if draw(st.integers(0, 9)) == 9:
        toughness = 0
    card: dict[str, Any] = {"types": ["creature"], "power": draw(printed_values()), "toughness": toughness}
    obj: dict[str, Any] = {"card": card, "owner": draw(st.sampled_from(PLAYERS))}
    if "layer-7a" in allowed and draw(st.booleans()):
        counted = draw(st.sampled_from([_CREATURES_YOU_CONTROL, _CREATURE_CARDS_IN_YOUR_GRAVEYARD]))
        base = card["power"]
        card["power"] = card["toughness"] = f"{base}+*" if base else "*"
        expression = {"sum": [base, {"count": counted}]} if base else {"count": counted}
        card["abilities"] = [{"cda_pt": {"power": expression, "toughness": expression}}]
    if "counters" in allowed and draw(st.booleans()):
        kind = draw(st.sampled_from(["+1/+1", "-1/-1", "+1/+0", "-0/-1"]))
        obj["counters"] = {kind: draw(st.integers(1, 3))}
    if "zone-changes" in allowed and draw(st.integers(0, 4)) == 4:  # rare; shrinks away
        obj["zone"] = "graveyard"
        obj.pop("counters", None)
    return obj


def anthem_objects(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates an enchantment with a static ability that sets,
    modifies or switches the power/toughness of the creatures its controller controls
    (CR 604.2, 613.5). Examples shrink towards a +0/+0 anthem."""
    allowed = check_features(features)
    if not allowed & {"layer-7b", "layer-7c", "layer-7d"}:
        raise InvalidArgument(f"features={sorted(allowed)}: an anthem needs layer-7b, layer-7c or layer-7d")
    return _anthem_objects(**_explicit({"features": None}, features=features))


@_named("anthem_objects")
def _anthem_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    allowed = check_features(features)
    effects = [e for e, f in (("modify_pt", "layer-7c"), ("set_pt", "layer-7b"), ("switch_pt", "layer-7d"))
               if f in allowed]
    effect = draw(st.sampled_from(effects))
    static: dict[str, Any] = {"effect": effect, "affects": {"types": ["creature"], "controller": "you"}}
    if effect == "modify_pt":
        static.update(power=draw(pt_amounts(min_value=-2, max_value=2)), toughness=draw(pt_amounts(min_value=-2, max_value=2)))
    elif effect == "set_pt":
        static.update(power=draw(printed_values(max_value=4)), toughness=draw(st.integers(1, 4)))
    return {"card": {"types": ["enchantment"], "abilities": [{"static_pt": static}]},
            "owner": draw(st.sampled_from(PLAYERS))}


def boards(*, min_objects: int = 1, max_objects: int = 6,
           features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, dict[str, Any]]]:
    """Returns a strategy which generates the objects of a scenario by id: creatures ``c1``,
    ``c2``, ... and, with static abilities allowed, anthems ``a1``, ... . Examples shrink
    towards fewer objects."""
    check_interval(min_objects, max_objects, "min_objects", "max_objects")
    check_size(min_objects, "min_objects", minimum=1)
    check_features(features)
    return _boards(**_explicit({"min_objects": 1, "max_objects": 6, "features": None},
                               min_objects=min_objects, max_objects=max_objects, features=features))


@_named("boards")
def _boards(draw, *, min_objects: int = 1, max_objects: int = 6,
            features: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
    allowed = check_features(features)
    anthems_possible = "static-abilities" in allowed and allowed & {"layer-7b", "layer-7c", "layer-7d"}
    kinds = ["creature", "creature", "creature", "anthem"] if anthems_possible else ["creature"]
    # A list, so that shrinking deletes whole objects.
    drawn = draw(st.lists(st.sampled_from(kinds).flatmap(
        lambda kind: st.tuples(st.just(kind), _creature_objects(features=allowed) if kind == "creature"
                               else _anthem_objects(features=allowed))),
        min_size=min_objects, max_size=max_objects))
    return {f"{'c' if kind == 'creature' else 'a'}{index}": spec for index, (kind, spec) in enumerate(drawn, 1)}


# --- steps ----------------------------------------------------------------------------------------

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

_PT_KINDS = ("modify_pt", "switch_pt", "set_pt", "double_pt", "triple_pt")

_NOTHING = "nothing"
"""The simplest intent of all, realized as no step: an intent the shrinker has emptied is one
choice long, and its place in the list is short enough to delete."""

_TIMES = 8
"""Intents carry a time from 0 to ``_TIMES - 1``; the board's steps are ordered by it."""


class _Tracker:
    """What turning intents into steps must remember to keep references valid: where each
    object is, and the effects still open, by the object (or ``None``, the board) whose intents
    created them."""

    def __init__(self, objects: dict[str, dict[str, Any]]):
        self.zones = {oid: spec.get("zone", "battlefield") for oid, spec in objects.items()}
        self.counters = {oid: set(spec.get("counters", {})) for oid, spec in objects.items()}
        self.open_effects: dict[str | None, list[str]] = {}
        self.next_effect = 1


def action_kinds(features: Iterable[str] | None = None) -> list[str]:
    """The kinds of action step the given features allow."""
    allowed = check_features(features)
    return [kind for kind, needs in _STEP_FEATURES.items() if needs <= allowed]


def _host_kinds(kinds: Iterable[str], allowed: frozenset[str], host: str) -> tuple[str, ...]:
    """The intents an object of kind ``host`` (creature, anthem) or the board itself may hold,
    :data:`_NOTHING` first. The board holds what acts on no object in particular: effects on every
    creature (locked sets, CR 611.2c) and the cleanup step (514.2); an anthem only changes zones."""
    if host == "creature":
        held = [k for k in kinds if k != "end_turn"]
    elif host == "anthem":
        held = [k for k in kinds if k == "move"]
    else:
        held = [k for k in kinds if k in ("end_effect", "end_turn")
                or (k in _PT_KINDS and "locked-sets" in allowed)]
    # Each kind twice, so that an intent is seldom generated empty; counters on a creature twice
    # as often again (both kinds on one permanent, 704.5q, is an edge to reach).
    more = [k for k in held if k == "put_counters"] * 2 if host == "creature" else []
    return (_NOTHING, *held, *held, *more) if held else ()


@st.composite
def _intent(draw, allowed: frozenset[str], kinds: tuple[str, ...], host: str = "object",
            setup: str | None = None) -> dict[str, Any] | None:
    """An action drawn without looking at the board: its kind, amounts, flags; for an intent held
    by an object or the board (``host``), its time and whether it joins the step before it in one
    event; for ``host="any"``, a target by position and sometimes every creature instead.
    :func:`_realize` turns it into valid steps.

    ``setup`` draws the action a doubling or tripling sets up with (``"negative"``: power driven
    below 0; ``"switched"``), nested in it and drawn exactly as the same action on its own would
    be (its kind's index in ``kinds`` first): the shrinker can then replace the multiplication by
    the action it nests, when that alone shows a failure."""
    if setup is None:
        kind = draw(st.sampled_from(kinds))
    else:
        index = kinds.index("modify_pt" if setup == "negative" else "switch_pt")
        kind = kinds[draw(st.integers(index, index))]
    if kind == _NOTHING:
        return None
    intent: dict[str, Any] = {"kind": kind}
    if host == "any":
        intent["target"] = draw(st.integers(0, 7))
    else:
        intent["time"] = draw(st.integers(0, _TIMES - 1))
        # Several actions in one event (no state-based action check between them, CR 704.3).
        intent["joined"] = "simultaneous-actions" in allowed and draw(st.integers(0, 4)) == 4
    if kind in ("put_counters", "remove_counters"):
        # "opposite": a -1/-1 counter where a +1/+1 counter may be, or the other way round, so that
        # both kinds meet on one permanent (the edge of 704.5q).
        intent.update(counter=draw(st.sampled_from(["+1/+1", "-1/-1", "+1/+0", "opposite"])), count=draw(st.integers(1, 3)))
    elif kind == "move":
        intent["away"] = draw(st.sampled_from(ZONES_AWAY))
    elif kind == "end_effect":
        intent["which"] = draw(st.integers(0, 3))
    elif kind in _PT_KINDS:
        if host == "any":
            intent["each"] = "locked-sets" in allowed and draw(st.integers(0, 5)) == 5
        else:
            intent["each"] = host == "board"
        if kind == "modify_pt" and setup == "negative":
            # Power driven below 0 (within the range of any modification, for the shrinker).
            intent.update(power=draw(st.integers(-4, -1)), toughness=draw(st.integers(0, 0)))
        elif kind == "modify_pt":
            intent.update(power=draw(pt_amounts()), toughness=draw(pt_amounts()))
        elif kind == "set_pt":
            intent.update(power=draw(pt_amounts(min_value=-2, max_value=5)),
                          toughness=draw(pt_amounts(min_value=-1, max_value=5)))
        elif kind in ("double_pt", "triple_pt"):
            intent["which"] = draw(st.sampled_from(["power", "toughness", "both"]))
            # Reach the edges on purpose: multiply a value just driven below 0 (701.10c), or a
            # switched creature (the bonus then shows on the other value).
            setups = [None] + [setup for setup, needs in (("negative", "layer-7c"), ("switched", "layer-7d"))
                               if needs in allowed and host == "object"]
            chosen = draw(st.sampled_from(setups))
            if chosen:
                intent["setup"] = draw(_intent(allowed, kinds, host, chosen))
        intent["lasting"] = "durations" in allowed and draw(st.booleans())
    return intent


def _realize(intent: dict[str, Any], host: str | None, tracker: _Tracker) -> list[dict[str, Any]]:
    """The valid steps an intent held by ``host`` (an object id, or ``None``: the board) stands
    for, at this point of the scenario: the action it sets up with, if any, then its own."""
    setup = intent.get("setup")
    return [*(_realize(setup, host, tracker) if setup else ()), _realize_one(intent, host, tracker)]


def _realize_one(intent: dict[str, Any], host: str | None, tracker: _Tracker) -> dict[str, Any]:
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
        if kind == "put_counters" and host in tracker.counters:
            tracker.counters[host].add(counter)
        return {kind: {"object": host, "kind": counter, "count": intent["count"]}}
    if kind == "move":
        zone = "battlefield" if tracker.zones[host] != "battlefield" else intent["away"]
        tracker.zones[host] = zone
        tracker.counters[host] = set()  # a new object, without counters (400.7, 122.2)
        return {"move": {"object": host, "to": zone}}
    body: dict[str, Any] = {"to_each": {"types": ["creature"]}} if intent["each"] else {"to": host}
    body.update({k: intent[k] for k in ("power", "toughness", "which") if k in intent})
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
        return _realize_one(intent, host, _Tracker({oid: {} for oid in ids}))
    return _intent(allowed, kinds, "any").map(realize)


@st.composite
def _held_intents(draw, allowed: frozenset[str], kinds: tuple[str, ...], budget: list[int], cap: int,
                  host: str = "object") -> list[dict[str, Any]]:
    """The intents one object (or the board) holds: at most ``cap``, and at most what is left of
    the scenario's ``budget`` (which this takes its share from)."""
    if not kinds or budget[0] <= 0:
        return []
    intents = [i for i in draw(st.lists(_intent(allowed, kinds, host), max_size=min(cap, budget[0]))) if i is not None]
    budget[0] -= len(intents)
    return intents


_ABSENT = "absent"
"""The simplest object slot of a scenario: no object at all. An object slot the shrinker has
emptied (every choice at its simplest) is gone, with the actions it held, in one step."""


@st.composite
def _held_objects(draw, allowed: frozenset[str], kinds: tuple[str, ...], budget: list[int],
                  cap: int) -> tuple[str, dict[str, Any], list[dict[str, Any]]] | None:
    """An object of a scenario with the intents it holds (the actions on it), or sometimes
    none (:data:`_ABSENT`)."""
    anthems_possible = "static-abilities" in allowed and allowed & {"layer-7b", "layer-7c", "layer-7d"}
    # Creatures three times as often as anthems; seldom nothing.
    kind = draw(st.sampled_from(_SLOTS if anthems_possible else _CREATURE_SLOTS))
    if kind == _ABSENT:
        return None
    spec = draw(_creature_objects(features=allowed) if kind == "creature" else _anthem_objects(features=allowed))
    return kind, spec, draw(_held_intents(allowed, _host_kinds(kinds, allowed, kind), budget, cap if kind == "creature" else 1))


_SLOTS = (_ABSENT, *["creature"] * 9, *["anthem"] * 3)
_CREATURE_SLOTS = (_ABSENT, *["creature"] * 9)


# --- scenarios ------------------------------------------------------------------------------------


def scenarios(*, features: Iterable[str] | None = None, min_objects: int = 1, max_objects: int = 6,
              min_steps: int = 1, max_steps: int = 10, checkpoints: str = "each") -> st.SearchStrategy[Case]:
    """Returns a strategy which generates valid scenarios: a board, then ``min_steps`` to
    ``max_steps`` actions, each step followed by a checkpoint observing every object
    (``checkpoints="each"``), after a random subset of them and at the end (``"sparse"``), or
    with one checkpoint at the end (``"end"``). Several actions
    sometimes form one event (``together``), where no state-based action check falls between.

    Only what ``features`` allows is generated (default: every feature). Examples shrink
    towards fewer objects, fewer steps and smaller numbers: each object is generated with the
    actions on it, so removing an object removes them and changes no other step.
    """
    allowed = check_features(features)
    check_interval(min_objects, max_objects, "min_objects", "max_objects")
    check_size(min_objects, "min_objects", minimum=1)
    check_interval(min_steps, max_steps, "min_steps", "max_steps")
    check_size(min_steps, "min_steps")
    check_checkpoints(checkpoints)
    if not allowed & {"layer-7b", "layer-7c", "layer-7d"}:
        raise InvalidArgument(f"features={sorted(allowed)} allow no power/toughness effect; "
                              "include layer-7b, layer-7c or layer-7d")
    defaults = {"features": None, "min_objects": 1, "max_objects": 6, "min_steps": 1, "max_steps": 10,
                "checkpoints": "each"}
    return _scenarios(**_explicit(defaults, features=features, min_objects=min_objects, max_objects=max_objects,
                                  min_steps=min_steps, max_steps=max_steps, checkpoints=checkpoints))


@_named("scenarios")
def _scenarios(draw, *, features=None, min_objects=1, max_objects=6, min_steps=1, max_steps=10,
               checkpoints="each") -> Case:
    allowed = check_features(features)
    kinds = tuple(action_kinds(allowed))
    # Each object is drawn with the intents it holds (the actions on it, each with a time), the
    # board's own intents (on every creature, the cleanup step) last. Deleting an object deletes
    # its actions and changes no other: no step refers to an object by its position.
    budget = [max_steps]
    cap = min(max_steps, max(4, -(-3 * max_steps // (max_objects + 1))))
    held = [h for h in draw(st.lists(_held_objects(allowed, kinds, budget, cap), min_size=min_objects,
                                     max_size=max_objects)) if h is not None]
    # Up to min_objects: plain creatures, which take no choice.
    held += [("creature", {"card": dict(_PLAIN_CREATURE["card"]), "owner": _PLAIN_CREATURE["owner"]}, [])
             for _ in range(min_objects - len(held))]
    objects: dict[str, dict[str, Any]] = {}
    hosts: list[tuple[str | None, list[dict[str, Any]]]] = []
    for index, (kind, spec, intents) in enumerate(held, 1):
        oid = f"{'c' if kind == 'creature' else 'a'}{index}"
        objects[oid] = spec
        hosts.append((oid, intents))
    hosts.append((None, draw(_held_intents(allowed, _host_kinds(kinds, allowed, "board"), budget, 2, "board"))))
    # Up to min_steps: actions after all the others, on an object chosen by position (only
    # here, where nothing comes after them).
    fill = tuple(k for k in kinds if k != "end_turn")
    extra: list[tuple[str | None, dict[str, Any]]] = []
    while sum(len(intents) for _, intents in hosts) + len(extra) < min_steps:
        oid = list(objects)[draw(st.integers(0, len(objects) - 1))]
        extra.append((oid, {**draw(_intent(allowed, fill)), "time": _TIMES}))
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
    for _, joined, members in groups:
        realized = [step for host, intent in members for step in _realize(intent, host, tracker)]
        if joined and events:
            events[-1] += realized
        elif len(members) > 1:
            events.append(realized)
        else:
            events += [[step] for step in realized]
    observe = {"expect": {"objects": {oid: {} for oid in objects}}}
    steps: list[dict[str, Any]] = []
    for number, parts in enumerate(events, 1):
        steps.append(parts[0] if len(parts) == 1 else {"together": parts})
        if number == len(events) or observe_here(draw, checkpoints):
            steps.append(observe)
    if not steps:
        steps.append(observe)
    return build_case(objects, steps, summary="a scenario generated by strategies.scenarios()")


def build_case(objects: dict[str, Any], steps: list[dict[str, Any]], *, summary: str,
               case_id: str = "613.4/generated", players: tuple[str, ...] = PLAYERS) -> Case:
    """A :class:`Case` from plain objects and steps; its ``rules`` are those its features
    exercise (:data:`conformance.features.RULES`)."""
    raw = {"id": case_id, "rules": ["613.4"], "source": {"rule": "613.4"}, "summary": summary,
           "players": list(players), "objects": objects, "steps": steps}
    case = Case.from_dict(raw, cr=CR_VERSION)
    rules = sorted({"613.4", *(rule for feature in case.features for rule in RULES[feature])}, key=rule_key)
    return dataclasses.replace(case, rules=tuple(rules))
