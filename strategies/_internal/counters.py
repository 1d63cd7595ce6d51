"""Scenarios about counter and token replacements, "enters with" counters, loyalty abilities and
tokens with given characteristics (CR 614.1a, 614.16, 616.1, 122.6, 606, 111.4): a board of
replacement permanents on either side, then effects putting counters, permanents entering with
counters, tokens created, loyalty abilities activated and counters doubled (701.10e), every order
scripted (a random permutation of every replacement permanent, those that do not apply being
skipped, 616.1); then, after those draws, where the rules meet on one event (:mod:`.counter_meetings`).
Shrinks towards fewer replacements, fewer steps, none of the meetings and smaller numbers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance.format.model import Case
from strategies._internal.core import PLAYERS, _explicit, build_case
from strategies._internal.counter_meetings import Meetings
from strategies._internal.validation import check_features, check_size

COUNTER_FEATURES = frozenset({"counter-replacements", "counter-halving", "token-replacements", "enters-with-counters",
                              "loyalty-abilities", "token-creation"})
"""The features these scenarios use (with counters, planeswalkers and replacement-order)."""
BOARD_FEATURES = frozenset({"counters", "planeswalkers", "loyalty-abilities", "zone-changes", "enters-with-counters",
                            "replacement-order"})
"""What every scenario needs: a planeswalker with loyalty counters and loyalty abilities, a creature
card in hand that enters with counters, every order of replacements scripted (616.1). ``features``
must allow them (and counter or token replacements); the rest is drawn only as ``features`` allow."""
STEP_FEATURES = {"put": frozenset({"counters"}), "enter": frozenset({"zone-changes"}),
                 "token": frozenset({"token-creation", "copy-effects", "token-copies"}),
                 "activate": frozenset({"activated-abilities", "loyalty-abilities"}), "end_turn": frozenset({"durations"})}
"""The features each kind of step needs (conformance/format/features.py derives them)."""

ALEX, BLAIR = PLAYERS[0], PLAYERS[1]


def counter_replacement(draw: Any, allowed: frozenset[str] = frozenset({"counter-halving"})) -> dict[str, Any]:
    """One counter replacement ability, any of its forms (a halving of an opponent's counters,
    Vorinclex's, now and then, where ``allowed`` has counter-halving)."""
    body: dict[str, Any] = {}
    if draw(st.booleans(), label="plus"):
        body["mode"] = "plus"
        if draw(st.booleans(), label="amount"):
            body["amount"] = draw(st.integers(1, 3), label="how many more")
    kind = draw(st.sampled_from([None, "+1/+1", "loyalty"]), label="kind")
    if kind is not None:
        body["kind"] = kind
    on = draw(st.sampled_from([None, "you", "your creatures"]), label="on")
    if on is not None:
        body["on"] = {"controller": "you"} if on == "you" else {"controller": "you", "types": ["creature"]}
    if draw(st.booleans(), label="costs too"):
        body["effects_only"] = False
    if draw(st.booleans(), label="by you"):
        body["by_you"] = True
    elif "counter-halving" in allowed and draw(st.integers(0, 3), label="Vorinclex's halving") == 3:  # half (614.1a)
        body.pop("amount", None)
        body.update(mode="half", by_opponent=True)
    return {"counter_replacement": body}


def token_replacement(draw: Any) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if draw(st.booleans(), label="plus"):
        body["mode"] = "plus"
        if draw(st.booleans(), label="amount"):
            body["amount"] = draw(st.integers(1, 2), label="how many more")
    if draw(st.booleans(), label="any player's"):
        body["under"] = "any"
    return {"token_replacement": body}


WALKER_ABILITIES = [{"loyalty_ability": {"name": "up", "cost": 1}},
                    {"loyalty_ability": {"name": "down", "cost": -1, "effect": {"become": {
                        "add_types": ["creature"], "power": 3, "toughness": 3, "until": "end_of_turn"}}}},
                    {"loyalty_ability": {"name": "zero", "cost": 0}}]


def counter_scenarios(*, features: Iterable[str] | None = None, max_replacements: int = 3,
                      max_steps: int = 5) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates scenarios about counter and token replacements: a board of
    them, a creature, a planeswalker and a card in hand that enters with counters; then steps
    putting counters, entering, creating tokens, activating loyalty abilities, doubling the
    creature's +1/+1 counters (701.10e). After those, as
    ``features`` allow (default: every feature), where they meet (:mod:`.counter_meetings`): real
    cards with all their abilities, permanents controlled by another player than their owner,
    counters put by costs, opponents, triggered abilities, prevention effects and doubling, token
    copies, -1/-1 counters on tokens, a mana ability. Shrinks towards fewer replacements, fewer
    steps, nothing of those, and smaller numbers."""
    allowed = check_features(features)
    lacking = sorted(BOARD_FEATURES - allowed) or (
        [] if allowed & {"counter-replacements", "token-replacements"} else ["counter-replacements or token-replacements"])
    if lacking:
        raise InvalidArgument(f"counter_scenarios needs the features {', '.join(lacking)} (a planeswalker with loyalty "
                              f"abilities and counters, a creature card in hand that enters with counters, counter or "
                              f"token replacements in a scripted order); features={sorted(allowed)} lacks them")
    check_size(max_replacements, "max_replacements")
    check_size(max_steps, "max_steps", minimum=1)
    defaults = {"features": None, "max_replacements": 3, "max_steps": 5}
    return _counter_scenarios(**_explicit(defaults, features=features, max_replacements=max_replacements,
                                          max_steps=max_steps))


@st.composite
def _counter_scenarios(draw: Any, *, features: Iterable[str] | None = None, max_replacements: int = 3,
                       max_steps: int = 5) -> Case:
    allowed = check_features(features)
    objects: dict[str, Any] = {
        "bear": {"card": {"types": ["creature"], "power": 2, "toughness": 2}},
        "walker": {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": WALKER_ABILITIES},
                   "counters": {"loyalty": 3}},
        "hydra": {"card": {"types": ["creature"], "power": 0, "toughness": 0,
                           "abilities": [{"enters_with_counters": {"+1/+1": draw(st.integers(1, 3), label="hydra")}}]},
                  "zone": "hand"},
    }
    replacers = []
    kinds = [kind for kind in ("counter-replacements", "token-replacements") if kind in allowed]
    for index in range(draw(st.integers(0, max_replacements), label="replacements")):
        name = f"r{index + 1}"
        counters = draw(st.booleans(), label="counters or tokens") if len(kinds) == 2 else kinds == ["counter-replacements"]
        abilities = [counter_replacement(draw, allowed) if counters else token_replacement(draw)]
        objects[name] = {"card": {"types": ["enchantment"], "abilities": abilities}}
        if draw(st.booleans(), label="Blair's"):
            objects[name]["owner"] = BLAIR
        replacers.append(name)

    def order() -> list[str]:
        return list(draw(st.permutations(replacers), label="order")) if replacers else []

    steps: list[dict[str, Any]] = []
    tokens = 0
    activated = False
    step_kinds = [kind for kind, needs in STEP_FEATURES.items() if needs <= allowed]  # each as features allow
    for _ in range(draw(st.integers(1, max_steps), label="steps")):
        kind = draw(st.sampled_from(step_kinds), label="step")
        if kind == "put" and "double-counters" in allowed and draw(st.integers(0, 3), label="a doubling") == 3:
            kind = "double"  # (drawn within a put, so that the simplest put shrinks past it)
        if kind == "put":
            body: dict[str, Any] = {"object": "bear", "kind": draw(st.sampled_from(["+1/+1", "charge"])),
                                    "count": draw(st.integers(1, 3), label="count")}
            if "counter-replacements" in allowed and draw(st.booleans(), label="whose effect"):  # 122.6a
                body["controller"] = draw(st.sampled_from([ALEX, BLAIR]))
            steps.append({"put_counters": {**body, "order": order()}})
        elif kind == "enter":
            steps += [{"move": {"object": "hydra", "to": "hand"}},
                      {"move": {"object": "hydra", "to": "battlefield", "order": order()}}]
        elif kind == "token":
            count = draw(st.integers(1, 2), label="tokens")
            names = [f"t{tokens + i + 1}" for i in range(count * 12)]  # room for any replacements
            tokens += len(names)
            steps.append({"create_token": {"tokens": names, "count": count, "order": order(), "card": {
                "types": ["creature"], "subtypes": ["Soldier"], "colors": ["W"], "power": 1, "toughness": 1,
                "abilities": [{"enters_with_counters": {"+1/+1": 1}}] if draw(st.booleans(), label="with a counter") else []}}})
        elif kind == "double":  # 701.10e: as many more as it has, put through the replacements (616.1)
            steps.append({"double_counters": {"object": "bear", "kind": "+1/+1", "order": order()}})
        elif kind == "activate" and not activated:
            steps.append({"activate": {"object": "walker", "ability": draw(st.sampled_from(["up", "down", "zero"])),
                                       "order": order()}})
            activated = True
        elif "durations" in allowed:  # the end_turn step, or a second activation: a new turn first (606.3)
            steps.append({"end_turn": {}})
            activated = False
        steps.append({"expect": {}})
    Meetings(draw, objects, steps, replacers, allowed, {"activated": activated, "tokens": tokens}).add()
    for step in steps:  # every object and player observed
        if "expect" in step:
            step["expect"] = {"objects": {oid: {} for oid in objects}, "players": {p: {} for p in PLAYERS}}
    return build_case(objects, steps, summary="Counter and token replacements, generated.")
