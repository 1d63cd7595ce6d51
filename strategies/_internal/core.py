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
from strategies._internal.validation import check_features, check_interval, check_size

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
    ability (CR 604.3) or a start in the graveyard. Examples shrink towards a 0/0 on the
    battlefield with nothing else."""
    check_features(features)
    return _creature_objects(**_explicit({"features": None}, features=features))


@_named("creature_objects")
def _creature_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    allowed = check_features(features)
    # Toughness 0 (dying at once unless something raises it) is an edge worth reaching, but
    # examples shrink towards a creature that survives: 0/1.
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


class _Tracker:
    """What turning intents into steps must remember to keep references valid: effect ids
    still open, and where each object is."""

    def __init__(self, objects: dict[str, dict[str, Any]]):
        self.object_ids = list(objects)
        self.zones = {oid: spec.get("zone", "battlefield") for oid, spec in objects.items()}
        self.open_effects: list[str] = []
        self.next_effect = 1


def action_kinds(features: Iterable[str] | None = None) -> list[str]:
    """The kinds of action step the given features allow."""
    allowed = check_features(features)
    return [kind for kind, needs in _STEP_FEATURES.items() if needs <= allowed]


@st.composite
def _intent(draw, allowed: frozenset[str], kinds: tuple[str, ...]) -> dict[str, Any]:
    """An action drawn without looking at the board: which object (by position), amounts,
    flags. Intents are independent of each other, so a list of them shrinks element by element;
    :func:`_realize` turns them into valid steps."""
    kind = draw(st.sampled_from(kinds))
    intent: dict[str, Any] = {"kind": kind, "target": draw(st.integers(0, 7))}
    if kind in ("put_counters", "remove_counters"):
        intent.update(counter=draw(st.sampled_from(["+1/+1", "-1/-1", "+1/+0"])), count=draw(st.integers(1, 3)))
    elif kind == "move":
        intent["away"] = draw(st.sampled_from(ZONES_AWAY))
    elif kind in _STEP_FEATURES and kind not in ("end_effect", "end_turn"):
        intent["each"] = "locked-sets" in allowed and draw(st.integers(0, 5)) == 5
        if kind == "modify_pt":
            intent.update(power=draw(pt_amounts()), toughness=draw(pt_amounts()))
        elif kind == "set_pt":
            intent.update(power=draw(pt_amounts(min_value=-2, max_value=5)),
                          toughness=draw(pt_amounts(min_value=-1, max_value=5)))
        elif kind in ("double_pt", "triple_pt"):
            intent["which"] = draw(st.sampled_from(["power", "toughness", "both"]))
            # Reach the edges on purpose: multiply a value just driven below 0 (701.10c), or a
            # switched creature (the bonus then shows on the other value).
            setups = [None] + [setup for setup, needs in (("negative", "layer-7c"), ("switched", "layer-7d"))
                               if needs in allowed]
            intent["setup"] = draw(st.sampled_from(setups))
            if intent["setup"] == "negative":
                intent["weaken"] = draw(st.integers(1, 6))
        intent["lasting"] = "durations" in allowed and draw(st.booleans())
    return intent


@st.composite
def _event(draw, allowed: frozenset[str], kinds: tuple[str, ...]) -> dict[str, Any] | list[dict[str, Any]]:
    """One intent or, sometimes, several performed as one event (``together``)."""
    first = draw(_intent(allowed, kinds))
    if "simultaneous-actions" not in allowed or draw(st.integers(0, 4)) < 4:
        return first
    return [first] + [draw(_intent(allowed, kinds)) for _ in range(draw(st.integers(1, 2)))]


def _realize(intent: dict[str, Any], tracker: _Tracker) -> list[dict[str, Any]]:
    """The valid steps an intent stands for on this board, at this point of the scenario."""
    target = tracker.object_ids[intent["target"] % len(tracker.object_ids)]
    setup = intent.get("setup")
    if setup == "negative":
        return [{"modify_pt": {"to": target, "power": -intent["weaken"], "toughness": 0}}, _realize_one(intent, tracker)]
    if setup == "switched":
        return [{"switch_pt": {"to": target}}, _realize_one(intent, tracker)]
    return [_realize_one(intent, tracker)]


def _realize_one(intent: dict[str, Any], tracker: _Tracker) -> dict[str, Any]:
    kind = intent["kind"]
    target = tracker.object_ids[intent["target"] % len(tracker.object_ids)]
    if kind == "end_effect" and tracker.open_effects:
        return {"end_effect": tracker.open_effects.pop(intent["target"] % len(tracker.open_effects))}
    if kind in ("end_effect", "end_turn"):
        return {"end_turn": {}}
    if kind in ("put_counters", "remove_counters"):
        return {kind: {"object": target, "kind": intent["counter"], "count": intent["count"]}}
    if kind == "move":
        zone = "battlefield" if tracker.zones[target] != "battlefield" else intent["away"]
        tracker.zones[target] = zone
        return {"move": {"object": target, "to": zone}}
    body: dict[str, Any] = {"to_each": {"types": ["creature"]}} if intent["each"] else {"to": target}
    body.update({k: intent[k] for k in ("power", "toughness", "which") if k in intent})
    if intent["lasting"]:
        effect_id = f"e{tracker.next_effect}"
        tracker.next_effect += 1
        body.update(id=effect_id, until="ended")
        tracker.open_effects.append(effect_id)
    return {kind: body}


def action_steps(object_ids: Iterable[str], *, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates one action step acting on the given objects (an effect,
    counters, a zone change, an end of effect). Examples shrink towards ``modify_pt``."""
    ids = list(object_ids)
    if not ids:
        raise InvalidArgument("action_steps() needs at least one object id")
    allowed = check_features(features)
    kinds = tuple(action_kinds(allowed))
    return _intent(allowed, kinds).map(lambda intent: _realize_one(intent, _Tracker({oid: {} for oid in ids})))


# --- scenarios ------------------------------------------------------------------------------------


def scenarios(*, features: Iterable[str] | None = None, min_objects: int = 1, max_objects: int = 6,
              min_steps: int = 1, max_steps: int = 10, checkpoints: str = "each") -> st.SearchStrategy[Case]:
    """Returns a strategy which generates valid scenarios: a board, then ``min_steps`` to
    ``max_steps`` action steps, each followed by a checkpoint observing every object
    (``checkpoints="each"``) or with one checkpoint at the end (``"end"``). Several actions
    sometimes form one event (``together``), where no state-based action check falls between.

    Only what ``features`` allows is generated (default: every feature). Examples shrink
    towards fewer objects, fewer steps and smaller numbers.
    """
    allowed = check_features(features)
    check_interval(min_objects, max_objects, "min_objects", "max_objects")
    check_size(min_objects, "min_objects", minimum=1)
    check_interval(min_steps, max_steps, "min_steps", "max_steps")
    check_size(min_steps, "min_steps")
    if checkpoints not in ("each", "end"):
        raise InvalidArgument(f"checkpoints={checkpoints!r}: expected 'each' or 'end'")
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
    objects = draw(_boards(min_objects=min_objects, max_objects=max_objects, features=allowed))
    event = _event(allowed, kinds)
    # A list of independent intents, so that shrinking deletes whole steps.
    # (min_size=0 and filling up afterwards shrinks better: no element is forced to stay first.)
    intents = draw(st.lists(event, max_size=max_steps))
    while len(intents) < min_steps:
        intents.append(draw(event))
    tracker = _Tracker(objects)
    observe = {"expect": {"objects": {oid: {} for oid in objects}}}
    steps: list[dict[str, Any]] = []
    for drawn in intents:
        if isinstance(drawn, list):
            steps.append({"together": [step for intent in drawn for step in _realize(intent, tracker)]})
            if checkpoints == "each":
                steps.append(observe)
            continue
        for step in _realize(drawn, tracker):
            steps.append(step)
            if checkpoints == "each":
                steps.append(observe)
    if checkpoints == "end" or not steps:
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
