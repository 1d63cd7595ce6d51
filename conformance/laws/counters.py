"""Metamorphic laws about counter and token replacements (CR 614.1a, 614.5, 616.1), and a
differential check on the scenarios of :func:`strategies.counter_scenarios` (the entries are in
:data:`conformance.laws.catalogue.PROPERTIES`).

- with N doublers that all apply, n counters put by an effect, by a triggered ability, as a
  permanent enters or as a planeswalker's loyalty become n×2^N, whatever the order the affected
  controller picks (each doubler applies once, 614.5; doubling commutes), a doubler or the
  creature controlled by another player than its owner or not (613.1b);
- a "that many plus a" and a "twice that many" on n counters (put by an effect, or as a loyalty
  cost under two that apply to costs too, 614.16): plus first gives (n+a)×2, double first 2n+a
  (616.1): the two orders differ by exactly a, and neither is n;
- with N token doublers that apply (their controller's tokens, whoever owns them), an effect
  creating c tokens, or c token copies (some with exceptions), creates c×2^N, each a copy;
- an opponent's "half that many" (Vorinclex) and a "twice that many" on n counters (on the
  opponent's creature or on the halving player's): double first gives n, halve first
  2×floor(n/2) (616.1), and a "plus a" after halving 1 adds nothing (616.1e).

Each needs no oracle: it reads the engine's own answers on related scenarios.
"""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import event
from hypothesis import strategies as st

import strategies as mtg
from strategies import build_case
from strategies._internal.copies import _exceptions
from conformance.laws.property import Subject, agrees_with_reference


DOUBLERS = [  # every one applies to an effect of Alex's putting +1/+1 counters on her creature
    {"counter_replacement": {"on": {"controller": "you"}}},                           # Doubling Season
    {"counter_replacement": {"kind": "+1/+1", "on": {"controller": "you", "types": ["creature"]}}},  # Corpsejack
    {"counter_replacement": {"by_you": True, "effects_only": False}},                 # Vorinclex
]


def agreement_needs() -> frozenset[str]:
    """What :func:`counters_agree_with_reference` needs of an engine: counter replacements (or token
    replacements) and what every counter scenario's board needs (strategies' BOARD_FEATURES)."""
    from strategies._internal.counters import BOARD_FEATURES

    return frozenset({"counter-replacements"}) | BOARD_FEATURES


def usable(check: Any, features: frozenset[str]) -> bool:
    """The laws need counter (or token) replacements, and counters on objects."""
    if check is counters_agree_with_reference:  # on strategies.counter_scenarios, which need BOARD_FEATURES
        from strategies._internal.counters import BOARD_FEATURES

        return bool({"counter-replacements", "token-replacements"} & features) and BOARD_FEATURES <= features
    if check is token_doublers_multiply:
        return {"token-replacements", "token-creation"} <= features
    if check is halving_and_doubling_orders:
        return {"counter-replacements", "counter-halving", "counters", "replacement-order"} <= features
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


WAYS: dict[str, tuple[str, ...]] = {
    # how the counters are put (each an effect, 614.16), and the features each needs beside the law's
    "by an effect": (),
    "by a triggered ability": ("event-triggers", "triggered-abilities", "zone-changes"),  # 603.2
    "as it enters": ("enters-with-counters", "zone-changes"),  # 614.1c, 122.6
    "as a planeswalker's loyalty": ("planeswalkers", "zone-changes"),  # 306.5b, 122.6
}


def _putting(way: str, n: int, order: list[str]) -> tuple[str, str, dict[str, Any], list[dict[str, Any]]]:
    """The permanent that gets the counters, their kind, the card it is (in hand, for those that
    enter) and the steps putting ``n`` counters ``way``."""
    if way == "by a triggered ability":  # "When this enters, put n +1/+1 counters on it"
        card = {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"triggered": {
            "name": "t", "when": "when this enters", "event": {"enters": {"itself": True}},
            "effect": {"put_counters": {"kind": "+1/+1", "count": n, "to": "itself"}}}}]}
        return "herald", "+1/+1", {"card": card, "zone": "hand"}, [
            {"move": {"object": "herald", "to": "battlefield"}}, {"resolve_triggers": {}}]
    if way in ("as it enters", "as a planeswalker's loyalty"):
        oid, kind = ("hydra", "+1/+1") if way == "as it enters" else ("walker", "loyalty")
        card = ({"types": ["creature"], "power": 0, "toughness": 0, "abilities": [{"enters_with_counters": {"+1/+1": n}}]}
                if oid == "hydra" else {"types": ["planeswalker"], "loyalty": n})
        return oid, kind, {"card": card, "zone": "hand"}, [{"move": {"object": oid, "to": "battlefield", "order": order}}]
    return "bear", "+1/+1", {}, [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": n, "controller": "Alex",
                                                   "order": order}}]


def counter_doublers_multiply(subject: Subject, data, features: frozenset[str]) -> None:
    """With N doublers that all apply, n counters put by an effect, by a triggered ability, as a
    permanent enters or as a planeswalker's loyalty become n×2^N, in any order (614.5, 616.1), also
    when a doubler or the creature is controlled by another player than its owner (613.1b: "you" is
    its controller)."""
    doublers = data.draw(st.lists(st.sampled_from(DOUBLERS), max_size=3), label="doublers")
    n = data.draw(st.integers(1, 4), label="counters put")
    objects = _board(doublers)
    names = [f"r{i + 1}" for i in range(len(doublers))]
    orders = [data.draw(st.permutations(names), label="one order"), data.draw(st.permutations(names), label="another")]
    # drawn last, so the rest of an example is drawn as before
    ways = [way for way, needs in WAYS.items() if set(needs) <= features
            and not (way == "as a planeswalker's loyalty" and DOUBLERS[1] in doublers)]  # Corpsejack's: +1/+1 only
    way = data.draw(st.sampled_from(ways), label="how they are put")
    stolen = data.draw(st.sampled_from(["none", *(["a doubler"] if doublers else []),
                                        *(["the creature"] if way == "by an effect" else [])]), label="control")
    if stolen != "none":  # Blair's, controlled by Alex (108.4)
        objects["r1" if stolen == "a doubler" else "bear"].update(owner="Blair", controller="Alex")
    event(f"{len(doublers)} doublers")
    for order in orders:
        oid, kind, card, steps = _putting(way, n, list(order))
        case = build_case({**objects, **({oid: card} if card else {})}, [*steps, {"expect": {"objects": {oid: {}}}}],
                          summary="Counter doublers, generated.", case_id="614.5/generated")
        got = _counters(subject, case, oid, kind)
        if got != n * 2 ** len(doublers):
            subject.fail(f"{n} {kind} counters put {way} under {len(doublers)} doublers"
                         f"{'' if stolen == 'none' else f' ({stolen} controlled by another than its owner)'}, "
                         f"applied in the order {list(order)}: {got}, not {n}×2^{len(doublers)} = "
                         f"{n * 2 ** len(doublers)} (CR 614.5, 616.1)")


def plus_and_double_orders(subject: Subject, data, features: frozenset[str]) -> None:
    """n counters under "that many plus a" and "twice that many", in both orders (616.1): put by
    an effect (Hardened Scales and a doubler), or as a +n loyalty cost (606.4) under two effects
    that apply to costs too (614.16: Pir's plus, Vorinclex's twice)."""
    n = data.draw(st.integers(1, 4), label="counters put")
    amount = data.draw(st.integers(1, 3), label="plus")
    plus = {"counter_replacement": {"mode": "plus", "amount": amount, "kind": "+1/+1",
                                    "on": {"controller": "you", "types": ["creature"]}}}
    objects = _board([plus, data.draw(st.sampled_from(DOUBLERS), label="doubler")])
    objects["bear"]["card"]["power"] = data.draw(st.integers(0, 4), label="power")
    objects["bear"]["card"]["toughness"] = data.draw(st.integers(1, 4), label="toughness")
    for index in range(data.draw(st.integers(0, 2), label="Blair's doublers")):  # his permanents only: none applies
        objects[f"his{index + 1}"] = {"card": {"types": ["enchantment"], "abilities": [DOUBLERS[0]]}, "owner": "Blair"}
    # drawn last, so the rest of an example is drawn as before
    cost = {"loyalty-abilities", "planeswalkers"} <= features and data.draw(st.booleans(), label="a loyalty cost")
    if cost:  # 614.16, 606.4: a +n loyalty cost, Pir's plus and Vorinclex's twice, both "costs too"
        objects["r1"]["card"]["abilities"] = [{"counter_replacement": {
            "mode": "plus", "amount": amount, "on": {"controller": "you"}, "effects_only": False}}]
        objects["r2"]["card"]["abilities"] = [DOUBLERS[2]]
        objects["walker"] = {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": [
            {"loyalty_ability": {"name": "up", "cost": n}}]}, "counters": {"loyalty": 3}}
    results = []
    for order in (["r1", "r2"], ["r2", "r1"]):
        step = ({"activate": {"object": "walker", "ability": "up", "order": order}} if cost else
                {"put_counters": {"object": "bear", "kind": "+1/+1", "count": n, "order": order}})
        oid = "walker" if cost else "bear"
        case = build_case(objects, [step, {"expect": {"objects": {oid: {}}}}],
                          summary="Plus and double in both orders, generated.", case_id="616.1/generated")
        results.append(_counters(subject, case, oid, "loyalty") - 3 if cost else _counters(subject, case, oid))
    plus_first, double_first = results
    if plus_first - double_first != amount or plus_first != 2 * (n + amount):
        subject.fail(f"{n} counters{' as a loyalty cost' if cost else ''}, plus {amount} and twice: plus first gave {plus_first} (should be "
                     f"(n+{amount})×2 = {2 * (n + amount)}), twice first gave {double_first} (should be "
                     f"2n+{amount} = {2 * n + amount}) (CR 616.1, 614.5)")


def halving_and_doubling_orders(subject: Subject, data, features: frozenset[str]) -> None:
    """Blair puts n +1/+1 counters on her creature under her doubler and Alex's halving of an
    opponent's counters, in both orders (616.1): twice then half is n, half then twice 2×floor(n/2).
    Or on Alex's creature (or hers, which he controls) under his doubler: counters an opponent puts
    (122.6a), halved all the same."""
    n = data.draw(st.integers(1, 9), label="counters put")
    doubler = data.draw(st.sampled_from([DOUBLERS[0], DOUBLERS[1]]), label="doubler")  # not Vorinclex's "you"
    power, toughness = data.draw(st.integers(0, 4), label="power"), data.draw(st.integers(1, 4), label="toughness")
    objects: dict[str, Any] = {
        "bear": {"card": {"types": ["creature"], "power": power, "toughness": toughness}, "owner": "Blair"},
        "r1": {"card": {"types": ["enchantment"], "abilities": [doubler]}, "owner": "Blair"},
        "r2": {"card": {"types": ["creature"], "power": 6, "toughness": 6, "abilities": [
            {"counter_replacement": {"mode": "half", "by_opponent": True, "effects_only": False}}]}},
    }
    # drawn last, so the rest of an example is drawn as before: whose creature Blair puts them on
    whose = data.draw(st.sampled_from(["hers", "Alex's", "hers, controlled by Alex"]), label="whose creature")
    if whose != "hers":  # counters an opponent puts (122.6a): Alex's creature, his doubler applies (613.1b)
        objects["bear"] = {**objects["bear"], "owner": "Alex" if whose == "Alex's" else "Blair",
                           **({"controller": "Alex"} if whose != "Alex's" else {})}
        objects["r1"] = {**objects["r1"], "owner": "Alex"}
    results = []
    for order in (["r1", "r2"], ["r2", "r1"]):
        step = {"put_counters": {"object": "bear", "kind": "+1/+1", "count": n, "order": order,
                                 **({"controller": "Blair"} if whose != "hers" else {})}}
        case = build_case(objects, [step, {"expect": {"objects": {"bear": {}}}}],
                          summary="Halving and doubling in both orders, generated.", case_id="616.1/generated")
        results.append(_counters(subject, case, "bear"))
    double_first, half_first = results
    event("odd" if n % 2 else "even")
    if double_first != n or half_first != 2 * (n // 2):
        target = {"hers": "her creature", "Alex's": "Alex's creature", "hers, controlled by Alex": "her creature Alex "
                  "controls"}[whose]
        subject.fail(f"Blair puts {n} +1/+1 counters on {target} under {'her' if whose == 'hers' else 'his'} doubler "
                     "and Alex's halving: twice "
                     f"first gave {double_first} (should be {n}), half first {half_first} (should be 2×floor({n}/2) "
                     f"= {2 * (n // 2)}) (CR 616.1, 614.1a)")


def token_doublers_multiply(subject: Subject, data, features: frozenset[str]) -> None:
    """With N token doublers that apply, c tokens become c×2^N (614.1a, 614.5): tokens with given
    characteristics, or copies, some with exceptions (707.2, 707.9), every one of them a copy; a
    doubler applies to its controller's tokens, whoever owns it (613.1b)."""
    kinds = data.draw(st.lists(st.sampled_from(["mine", "his, any player's", "his, his own"]), max_size=4),
                      label="token replacements")
    count = data.draw(st.integers(1, 2), label="tokens")
    objects: dict[str, Any] = {"relic": {"card": {"types": ["artifact"]}}}
    for index, kind in enumerate(kinds):  # Blair's "under your control" one does not apply to Alex's tokens
        objects[f"r{index + 1}"] = {"card": {"types": ["enchantment"], "abilities": [
            {"token_replacement": {"under": "any"} if kind == "his, any player's" else {}}]},
            **({} if kind == "mine" else {"owner": "Blair"})}
    card = {"types": ["creature"], "power": data.draw(st.integers(1, 4), label="power"),
            "toughness": data.draw(st.integers(1, 4), label="toughness")}
    # drawn last, so the rest of an example is drawn as before
    which = data.draw(st.sampled_from(["given", *(["a copy"] if "token-copies" in features else []),
                                       *(["a copy with exceptions"] if {"token-copies", "copy-effects"} <= features
                                         else [])]), label="which tokens")
    if kinds and data.draw(st.booleans(), label="r1 controlled by the other player"):
        objects["r1"]["controller"] = "Alex" if objects["r1"].get("owner") == "Blair" else "Blair"
    doublers = sum(spec.get("controller", spec.get("owner", "Alex")) == "Alex"
                   or spec["card"]["abilities"][0]["token_replacement"].get("under") == "any"
                   for oid, spec in objects.items() if oid != "relic")
    event(f"{doublers} token doublers apply")
    names = [f"t{i + 1}" for i in range(count * 2 ** doublers + 1)]
    step: dict[str, Any] = {"tokens": names, "count": count, "card": card}
    expected_name = None
    if which != "given":  # copies of a creature: every token, the extra ones too (614.1a, 707.2)
        objects["original"] = {"card": {**card, "name": "Original"}}
        step = {"tokens": names, "count": count, "copy_of": "original"}
        if which == "a copy with exceptions":
            step["exceptions"] = data.draw(_copy_exceptions(features), label="exceptions")
        exceptions = step.get("exceptions", {})
        expected_name = (exceptions.get("if_creature") or {}).get("name", exceptions.get("name", "Original"))
    case = build_case(objects, [{"create_token": step}, {"expect": {"objects": dict.fromkeys(names, {})}}],
                      summary="Token doublers, generated.", case_id="614.5/generated")
    seen = subject.run(case)[-1]["objects"]
    made = [name for name in names if (seen.get(name) or {}).get("zone") == "battlefield"]
    if len(made) != count * 2 ** doublers:
        subject.fail(f"{count} tokens ({which}) under {doublers} token doublers that apply: {len(made)} created, not "
                     f"{count * 2 ** doublers} (CR 614.1a, 614.5)")
    for name in made:
        if expected_name is not None and seen[name].get("name", expected_name) != expected_name:
            subject.fail(f"{count} token copies under {doublers} token doublers: {name} is named "
                         f"{seen[name]['name']!r}, not {expected_name!r}: every token created is a copy "
                         "(CR 614.1a, 707.2)")


@st.composite
def _copy_exceptions(draw: Any, features: frozenset[str]) -> dict[str, Any]:
    """Exceptions of a token copy of a creature (707.9) that leave it a creature of at least 1/1."""
    return _exceptions(draw, features, entering=True)


def counters_agree_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """The engine reports what the reference engine reports, objects and players (a mana ability's
    mana goes to its controller's pool, 106.4, 605.3b), on a counter scenario within ``features``."""
    case = data.draw(_counter_scenarios(features), label="scenario")
    agrees_with_reference(subject, case, ("objects", "players"))


@functools.lru_cache(maxsize=16)
def _counter_scenarios(features: frozenset[str]):
    """``strategies.counter_scenarios(features=features)``, built once (an engine's features do not
    change from one example to the next)."""
    return mtg.counter_scenarios(features=features)
