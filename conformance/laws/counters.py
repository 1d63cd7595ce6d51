"""Metamorphic laws about counter and token replacements (CR 614.1a, 614.5, 616.1), and a
differential check on the scenarios of :func:`strategies.counter_scenarios` (the entries are in
:data:`conformance.laws.catalogue.PROPERTIES`).

- with N doublers that all apply, an effect putting n counters puts n×2^N, whatever the order the
  affected controller picks (each doubler applies once, 614.5; doubling commutes);
- a "that many plus a" and a "twice that many" on n counters: plus first gives (n+a)×2, double first
  2n+a (616.1): the two orders differ by exactly a, and neither is n;
- with N token doublers, an effect creating c tokens creates c×2^N.

Each needs no oracle: it reads the engine's own answers on related scenarios.
"""

from __future__ import annotations

from typing import Any

from hypothesis import event
from hypothesis import strategies as st

import strategies as mtg
from strategies import build_case
from conformance.laws.property import Subject, agrees_with_reference


DOUBLERS = [  # every one applies to an effect of Alex's putting +1/+1 counters on her creature
    {"counter_replacement": {"on": {"controller": "you"}}},                           # Doubling Season
    {"counter_replacement": {"kind": "+1/+1", "on": {"controller": "you", "types": ["creature"]}}},  # Corpsejack
    {"counter_replacement": {"by_you": True, "effects_only": False}},                 # Vorinclex
]


def usable(check: Any, features: frozenset[str]) -> bool:
    """The laws need counter (or token) replacements, and counters on objects."""
    if check is counters_agree_with_reference:
        return "counter-replacements" in features or "token-replacements" in features
    if check is token_doublers_multiply:
        return {"token-replacements", "token-creation"} <= features
    needs = {"counter-replacements", "counters"} | ({"replacement-order"} if check is plus_and_double_orders else set())
    return needs <= features


def _counters(subject: Subject, case: Any, oid: str, kind: str = "+1/+1") -> int:
    values = subject.run(case)[-1]["objects"].get(oid, {})
    counters = values.get("counters") or {}
    if not isinstance(counters, dict):
        subject.fail(f"{oid}: counters {counters!r} is not a mapping")
    return counters.get(kind, 0)


def _board(abilities: list[dict[str, Any]]) -> dict[str, Any]:
    objects: dict[str, Any] = {"bear": {"card": {"types": ["creature"], "power": 2, "toughness": 2}}}
    for index, ability in enumerate(abilities):
        objects[f"r{index + 1}"] = {"card": {"types": ["enchantment"], "abilities": [ability]}}
    return objects


def counter_doublers_multiply(subject: Subject, data, features: frozenset[str]) -> None:
    doublers = data.draw(st.lists(st.sampled_from(DOUBLERS), max_size=3), label="doublers")
    n = data.draw(st.integers(1, 4), label="counters put")
    objects = _board(doublers)
    names = [f"r{i + 1}" for i in range(len(doublers))]
    orders = [data.draw(st.permutations(names), label="one order"), data.draw(st.permutations(names), label="another")]
    event(f"{len(doublers)} doublers")
    for order in orders:
        step = {"put_counters": {"object": "bear", "kind": "+1/+1", "count": n, "controller": "Alex", "order": list(order)}}
        case = build_case(objects, [step, {"expect": {"objects": {"bear": {}}}}],
                          summary="Counter doublers, generated.", case_id="614.5/generated")
        got = _counters(subject, case, "bear")
        if got != n * 2 ** len(doublers):
            subject.fail(f"{n} +1/+1 counters under {len(doublers)} doublers, applied in the order {list(order)}: "
                         f"{got}, not {n}×2^{len(doublers)} = {n * 2 ** len(doublers)} (CR 614.5, 616.1)")


def plus_and_double_orders(subject: Subject, data, features: frozenset[str]) -> None:
    n = data.draw(st.integers(1, 4), label="counters put")
    amount = data.draw(st.integers(1, 3), label="plus")
    plus = {"counter_replacement": {"mode": "plus", "amount": amount, "kind": "+1/+1",
                                    "on": {"controller": "you", "types": ["creature"]}}}
    objects = _board([plus, data.draw(st.sampled_from(DOUBLERS), label="doubler")])
    objects["bear"]["card"]["power"] = data.draw(st.integers(0, 4), label="power")
    objects["bear"]["card"]["toughness"] = data.draw(st.integers(1, 4), label="toughness")
    for index in range(data.draw(st.integers(0, 2), label="Blair's doublers")):  # his permanents only: none applies
        objects[f"his{index + 1}"] = {"card": {"types": ["enchantment"], "abilities": [DOUBLERS[0]]}, "owner": "Blair"}
    results = []
    for order in (["r1", "r2"], ["r2", "r1"]):
        step = {"put_counters": {"object": "bear", "kind": "+1/+1", "count": n, "order": order}}
        case = build_case(objects, [step, {"expect": {"objects": {"bear": {}}}}],
                          summary="Plus and double in both orders, generated.", case_id="616.1/generated")
        results.append(_counters(subject, case, "bear"))
    plus_first, double_first = results
    if plus_first - double_first != amount or plus_first != 2 * (n + amount):
        subject.fail(f"{n} counters, plus {amount} and twice: plus first gave {plus_first} (should be "
                     f"(n+{amount})×2 = {2 * (n + amount)}), twice first gave {double_first} (should be "
                     f"2n+{amount} = {2 * n + amount}) (CR 616.1, 614.5)")


def token_doublers_multiply(subject: Subject, data, features: frozenset[str]) -> None:
    kinds = data.draw(st.lists(st.sampled_from(["mine", "his, any player's", "his, his own"]), max_size=4),
                      label="token replacements")
    count = data.draw(st.integers(1, 2), label="tokens")
    objects: dict[str, Any] = {"relic": {"card": {"types": ["artifact"]}}}
    for index, kind in enumerate(kinds):  # Blair's "under your control" one does not apply to Alex's tokens
        objects[f"r{index + 1}"] = {"card": {"types": ["enchantment"], "abilities": [
            {"token_replacement": {"under": "any"} if kind == "his, any player's" else {}}]},
            **({} if kind == "mine" else {"owner": "Blair"})}
    doublers = sum(kind != "his, his own" for kind in kinds)
    event(f"{doublers} token doublers apply")
    names = [f"t{i + 1}" for i in range(count * 2 ** doublers + 1)]
    card = {"types": ["creature"], "power": data.draw(st.integers(1, 4), label="power"),
            "toughness": data.draw(st.integers(1, 4), label="toughness")}
    step = {"create_token": {"tokens": names, "count": count, "card": card}}
    case = build_case(objects, [step, {"expect": {"objects": dict.fromkeys(names, {})}}],
                      summary="Token doublers, generated.", case_id="614.5/generated")
    seen = subject.run(case)[-1]["objects"]
    made = sum(1 for name in names if (seen.get(name) or {}).get("zone") == "battlefield")
    if made != count * 2 ** doublers:
        subject.fail(f"{count} tokens under {doublers} token doublers that apply: {made} created, not "
                     f"{count * 2 ** doublers} (CR 614.1a, 614.5)")


def counters_agree_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    case = data.draw(mtg.counter_scenarios(), label="scenario")
    agrees_with_reference(subject, case, ("objects",))
