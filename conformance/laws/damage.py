"""Metamorphic laws about damage modifiers and damage that can't be prevented (issue 19), on
scenarios from :func:`strategies.damage_scenarios` (the entries are in
:data:`conformance.laws.catalogue.PROPERTIES`).

- 616.1: a multiplier (×k: doubling, 701.10g, or tripling, 701.11) and "that much damage plus N"
  (614.1a) applied to one event in the two orders the affected player may choose give k·n + N and
  k·(n + N): they differ by exactly (k − 1)·N;
- 615.12: damage that can't be prevented is dealt whatever the prevention effects: adding shields
  and static prevention to a scenario changes nothing of what that damage does.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hypothesis import assume, event
from hypothesis import strategies as st

from conformance.laws.players import _base, _case, _final, _in_range, _unchanged

if TYPE_CHECKING:
    from conformance.laws.property import Subject

LAW = "law_"
"""The prefix of the objects and effects a law adds."""


def _players_only(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw``'s players (seats, ranges, life and counters) with no object and no step: nothing but
    the law's own effects modifies its damage."""
    plain = copy.deepcopy(raw)
    plain["objects"], plain["steps"] = {}, []
    return plain


def _dealt(objects: Mapping[str, Any], players: Mapping[str, Any], recipient: str, before: Mapping[str, Any]) -> int:
    """What the damage did to ``recipient``: life lost and poison counters given (120.3a-b), or
    damage marked and -1/-1 counters put (120.3d-e), counted from ``before``."""
    if recipient in players:
        now, was = players[recipient], before.get(recipient, {})
        return (was.get("life", 0) - now.get("life", 0)) + (
            (now.get("counters") or {}).get("poison", 0) - (was.get("counters") or {}).get("poison", 0))
    values = objects.get(recipient, {})
    return (values.get("damage") or 0) + (values.get("counters") or {}).get("-1/-1", 0)


def multiplier_and_plus_in_both_orders(subject: Subject, data, features: frozenset[str]) -> None:
    base = _base(data, features, max_steps=2)
    raw = _players_only(base.to_dict())
    players = list(raw["players"])
    caster = data.draw(st.sampled_from(players), label="caster")
    others = [p for p in players if p != caster and _in_range(raw, caster, p)]
    assume(others)
    opponent = data.draw(st.sampled_from(others), label="opponent")
    times = data.draw(st.sampled_from([2, 3] if "damage-modifiers" in features else [2]), label="multiplier")
    plus = data.draw(st.integers(1, 3), label="N")
    amount = data.draw(st.integers(1, 4), label="n")
    multiplier = {"double_damage": {"by": {"controller": "you"}}} if times == 2 and data.draw(
        st.booleans(), label="double_damage") else {"modify_damage": {"by": {"controller": "you"}, "times": times}}
    raw["objects"][LAW + "multiplier"] = {"card": {"types": ["enchantment"], "abilities": [multiplier]},
                                          "owner": caster, "controller": caster, "counters": {}}
    raw["objects"][LAW + "adder"] = {"card": {"types": ["enchantment"], "abilities": [
        {"modify_damage": {"by": {"controller": "you"}, "plus": plus}}]}, "owner": caster, "controller": caster,
        "counters": {}}
    keyword = data.draw(st.sampled_from([None, *[k for k in ("infect", "wither") if k in features]]), label="keyword")
    source: dict[str, Any] = {"types": ["creature"], "power": 1, "toughness": 9}
    if keyword:
        source["abilities"] = [{"keyword": keyword}]
    raw["objects"][LAW + "source"] = {"card": source, "owner": caster, "controller": caster, "counters": {}}
    to_player = "life" in features and data.draw(st.booleans(), label="to a player")
    if to_player:
        recipient = opponent
    else:
        recipient = LAW + "wall"
        raw["objects"][recipient] = {"card": {"types": ["creature"], "power": 0, "toughness": 99},
                                     "owner": opponent, "controller": opponent, "counters": {}}
    rules = ("616.1", "614.1a", "701.10g")
    names = [LAW + "multiplier", LAW + "adder"]
    damage = {"damage": {"source": LAW + "source", "to": recipient, "amount": amount}}
    first = _case(raw, rules, {"damage": {**damage["damage"], "order": {recipient: names}}})
    second = _case(raw, rules, {"damage": {**damage["damage"], "order": {recipient: names[::-1]}}})
    if (first.features | second.features) - features:
        assume(False)
    _, before = _final(subject, _case(raw, rules))
    multiplied_first = _dealt(*_final(subject, first), recipient, before)
    added_first = _dealt(*_final(subject, second), recipient, before)
    event(f"×{times} and +N to {'a player' if to_player else 'a creature'}{' with ' + keyword if keyword else ''}")
    want = (times * amount + plus, times * (amount + plus))
    if (multiplied_first, added_first) != want:
        subject.fail(f"{amount} damage to {recipient}, multiplied by {times} and plus {plus} (616.1: the affected "
                     f"player's order): multiplying first must deal {want[0]}, adding first {want[1]} (a difference "
                     f"of {(times - 1) * plus}); the engine dealt {multiplied_first} and {added_first}")


def cant_be_prevented_is_dealt_whatever_the_shields(subject: Subject, data, features: frozenset[str]) -> None:
    base = _base(data, features, max_steps=4)
    raw = base.to_dict()
    players = list(raw["players"])
    caster = data.draw(st.sampled_from(players), label="caster")
    raw["objects"][LAW + "source"] = {"card": {"types": ["creature"], "power": 1, "toughness": 9},
                                      "owner": caster, "controller": caster, "counters": {}}
    reachable = [p for p in players if _in_range(raw, caster, p)] if "life" in features else []
    creatures = [oid for oid, spec in raw["objects"].items() if "creature" in spec["card"]["types"]
                 and not oid.startswith(LAW)]
    objects_before, _ = _final(subject, _case(raw, ()))
    here = [c for c in creatures if objects_before.get(c, {}).get("zone") == "battlefield"]
    assume(reachable or here)
    recipient = data.draw(st.sampled_from(reachable + here), label="recipient")
    controller = data.draw(st.sampled_from(players), label="preventing player")
    kinds = {"all": {}, "next N": {"amount": data.draw(st.integers(1, 6), label="N")},
             "by creatures": {"by": {"types": ["creature"]}}}
    kind = data.draw(st.sampled_from(sorted(kinds)), label="shield")
    shield = {"prevent_damage": {"id": LAW + "shield", "controller": controller, **kinds[kind]}}
    if kind != "by creatures":
        shield["prevent_damage"]["to"] = recipient
    amount = data.draw(st.integers(1, 6), label="amount")
    damage = {"damage": {"source": LAW + "source", "to": recipient, "amount": amount, "cant_be_prevented": True}}
    rules = ("615.12", "615.12a")
    last = lambda refs: [r for r in refs if not r.startswith(LAW)] + [r for r in refs if r.startswith(LAW)]  # noqa: E731
    with_shield = _case(raw, rules, shield, damage, choose=last)
    without = _case(raw, rules, damage, choose=last)
    if (with_shield.features | without.features) - features:
        assume(False)
    event(f"a {kind} shield against damage that can't be prevented")
    _unchanged(subject, _final(subject, without), _final(subject, with_shield), players, list(raw["objects"]),
               f"{amount} damage that can't be prevented dealt to {recipient} by {LAW}source, with and without "
               f"{controller}'s shield ({kind}): a prevention effect prevents none of it (615.12), yet the outcome "
               "differs")


def usable_modifier_orders(features: frozenset[str]) -> bool:
    """The law needs damage and a multiplier beside a plus-N modifier."""
    return {"damage", "damage-modifiers", "replacement-order"} <= features


def usable_cant_be_prevented(features: frozenset[str]) -> bool:
    return {"damage", "prevention", "cant-be-prevented"} <= features
