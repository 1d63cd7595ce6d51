"""Metamorphic laws about players, damage, and the limited range of influence option, checked on
scenarios from :func:`strategies.damage_scenarios` (the entries are in
:data:`conformance.laws.catalogue.PROPERTIES`).

- doubling a life total, the counters of one kind, or one type of mana makes it twice what it was
  (701.10d-f), negative life totals included (107.1b), unless a player can't gain or lose life or a
  permanent can't have counters (119.7, 119.8, 122.1): such scenarios are not judged;
- a redirection never makes a spell deal damage to a player or object outside its controller's
  range of influence (801.13a, with 801.10): such players and objects end the same with or
  without the spell's damage;
- a prevention effect only touches damage whose source and/or recipient (as it names them) are
  inside its controller's range (801.13b): otherwise the game ends the same with or without it
  (a source that has left the battlefield is in range by its controller as it last existed there,
  113.7a, which no snapshot shows: an effect reaching it by its source is not judged).

Each law needs no oracle: it compares the engine's own answers on related scenarios. Beside them,
:func:`damage_agrees_with_reference` is a differential check on the same scenarios.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import assume, event, target
from hypothesis import strategies as st

import strategies as mtg
from conformance import CR_VERSION
from conformance.format.choices import damage_choices, script_orders
from conformance.format.features import derive_features
from conformance.laws.property import Subject, agrees_with_reference
from conformance.results.compare import same
from conformance.format.model import MANA_TYPES, Case
from strategies._internal.events import EVENT_FEATURES


DOUBLINGS = {
    "life": frozenset({"double-life", "life"}),
    "mana": frozenset({"double-mana", "mana"}),
    "player counters": frozenset({"double-counters", "player-counters"}),
    "counters": frozenset({"double-counters", "counters"}),
}
"""What the doubling law can double, and the features each needs (701.10d-f)."""

UNDOUBLED = {
    "life": frozenset({"cant-gain-life", "cant-lose-life"}),
    "counters": frozenset({"cant-have-counters"}),
}
"""What can keep a doubling from doubling, by what is doubled: doubling a life total is gaining or
losing life (701.10d), which a player who can't gain or can't lose life does not (119.7, 119.8);
doubling counters is putting more (701.10e), which a permanent that can't have them does not get
(122.1). The doubling law does not judge a scenario with such an ability."""


def usable_doubling(features: frozenset[str]) -> bool:
    """The doubling law means something for an engine that doubles life, mana or counters."""
    return any(needs <= features for needs in DOUBLINGS.values())


# --- building related scenarios -------------------------------------------------------------------


def _base(data, features: frozenset[str], **kwargs: Any) -> Case:
    # The laws add steps of their own to the scenario: a step that triggers two abilities at once
    # would need an order no law scripts (603.3b), and a life-gain doubler changes what doubling a
    # life total gains (701.10d, 614.1a): these laws' scenarios have no triggers on events, life
    # or mana replacements (the differential has them).
    features = features - EVENT_FEATURES
    case = data.draw(mtg.damage_scenarios(features=features, checkpoints="end",
                                          extras=data.draw(st.booleans(), label="extras"), **kwargs), label="base")
    for rule in case.rules:
        event(f"rule {rule}")
    return case


def _observe(raw: Mapping[str, Any]) -> dict[str, Any]:
    return {"expect": {"objects": {oid: {} for oid in raw["objects"]}, "players": {p: {} for p in raw["players"]}}}


def _case(raw: dict[str, Any], rules: tuple[str, ...], *steps: dict[str, Any],
          choose: Callable[[list[str]], list[str]] | None = None) -> Case:
    """``raw`` followed by ``steps`` and a checkpoint observing everything, every needed order scripted."""
    plain = {k: v for k, v in raw.items() if k not in ("features", "cr")}
    plain["steps"] = [*plain["steps"], *steps, _observe(plain)]  # script_orders copies them
    case = Case.from_dict(script_orders(plain, choose), cr=CR_VERSION)
    return case.relabelled(rules=tuple(dict.fromkeys([*rules, *case.rules])))


def _final(subject: Subject, case: Case) -> tuple[dict[str, Any], dict[str, Any]]:
    """The objects and players of the engine's last snapshot for ``case``."""
    snapshot = subject.run(case)[-1]
    players = snapshot.get("players")
    if not isinstance(players, Mapping):
        subject.fail("the engine reported no 'players' in its snapshot, though the case observes players")
    return dict(snapshot["objects"]), dict(players)


def _ranges(raw: Mapping[str, Any]) -> dict[str, int] | None:
    ranges = raw.get("range_of_influence")
    return None if ranges is None else dict(ranges)


def _in_range(raw: Mapping[str, Any], player: str, other: str) -> bool:
    """801.2: within ``player``'s range of influence, counting seats the short way round."""
    ranges = _ranges(raw)
    if ranges is None:
        return True
    players = list(raw["players"])
    gap = abs(players.index(player) - players.index(other))
    return min(gap, len(players) - gap) <= ranges[player]


def _controller(raw: Mapping[str, Any], oid: str, objects: Mapping[str, Any]) -> str:
    """Who controls an object at the end (801.2d), or its owner where it has no controller."""
    observed = objects.get(oid, {}).get("controller")
    return observed if isinstance(observed, str) else raw["objects"][oid]["owner"]


def _unchanged(subject: Subject, first: tuple[dict, dict], second: tuple[dict, dict], players: list[str],
               objects: list[str], why: str) -> None:
    """The given players' life, counters and loss, and the given objects' zone and damage, are the
    same at the end of both scenarios."""
    (objects_a, players_a), (objects_b, players_b) = first, second
    for name in players:
        for key in ("life", "lost", "counters"):
            if key in players_a.get(name, {}) and not same(players_a[name][key], players_b.get(name, {}).get(key)):
                subject.fail(f"{why}: player {name}.{key} is {players_a[name][key]!r} one way and "
                             f"{players_b.get(name, {}).get(key)!r} the other")
    for oid in objects:
        for key in ("zone", "damage"):
            if key in objects_a.get(oid, {}) and not same(objects_a[oid][key], objects_b.get(oid, {}).get(key)):
                subject.fail(f"{why}: {oid}.{key} is {objects_a[oid][key]!r} one way and "
                             f"{objects_b.get(oid, {}).get(key)!r} the other")


# --- 701.10d-f: doubling doubles ------------------------------------------------------------------


def doubling_doubles(subject: Subject, data, features: frozenset[str]) -> None:
    base = _base(data, features, max_steps=5)
    raw = base.to_dict()
    objects, players = _final(subject, base)
    options: list[tuple[str, ...]] = []
    if DOUBLINGS["life"] <= features:
        options += [("life", p) for p in players]
    if DOUBLINGS["mana"] <= features:
        options += [("mana", p, kind) for p in players for kind in MANA_TYPES]
    if DOUBLINGS["player counters"] <= features:
        options += [("player counters", p, "poison") for p in players]
    if DOUBLINGS["counters"] <= features:
        options += [("counters", oid, kind) for oid, values in sorted(objects.items())
                    if values.get("zone") == "battlefield" for kind in sorted(values.get("counters") or {})
                    if not kind.startswith("-")]
    assume(options)
    what = data.draw(st.sampled_from(sorted({o[0] for o in options})), label="what is doubled")
    what, who, *rest = data.draw(st.sampled_from([o for o in options if o[0] == what]), label="whose")
    kind = rest[0] if rest else None
    if derive_features(base) & UNDOUBLED.get(what, frozenset()):
        event(f"{what} doubled beside a 'can't' ability: not judged")
        assume(False)
    step = {"life": {"double_life": {"player": who}},
            "mana": {"double_mana": {"player": who, "type": kind}},
            "player counters": {"double_counters": {"player": who, "kind": kind}},
            "counters": {"double_counters": {"object": who, "kind": kind}}}[what]
    setup: list[dict[str, Any]] = []
    if what == "life" and data.draw(st.booleans(), label="drive the life total below 0 first"):
        # Reach the edge on purpose: a life total of 0 or less (a player who lost, or can't lose).
        start = players[who].get("life")
        assume(isinstance(start, int))
        below = data.draw(st.integers(1, 5), label="below 0")
        setup = [{"lose_life": {"player": who, "amount": max(start, 0) + below}}]
        players = _final(subject, _case(raw, base.rules, *setup))[1]
    after_objects, after_players = _final(subject, _case(raw, base.rules, *setup, step))
    if what == "life":
        before, after = players[who].get("life"), after_players[who].get("life")
        assume(isinstance(before, int))
        target(float(-before), label="negative life total when doubled")
        event("life doubled from 0 or less" if before <= 0 else "life doubled")
        if after != 2 * before:
            subject.fail(f"{who} was at {before} life; doubling it must make it {2 * before} (701.10d), got {after}")
    elif what == "mana":
        before, after = dict(players[who].get("mana", {})), dict(after_players[who].get("mana", {}))
        want = {**before, kind: 2 * before[kind]} if kind in before else before
        if after != want:
            subject.fail(f"{who}'s mana pool was {before}; doubling {kind} must make it {want} (701.10f), got {after}")
    else:
        source = (players if what == "player counters" else objects)[who]
        observed = (after_players if what == "player counters" else after_objects)[who]
        before = dict(source.get("counters") or {})
        want = {**before, kind: 2 * before[kind]} if kind in before else before
        if dict(observed.get("counters") or {}) != want:
            subject.fail(f"{who} had counters {before}; doubling its {kind} counters must make them {want} "
                         f"(701.10e), got {observed.get('counters')}")


# --- 801.13a: a redirection never takes a spell's damage out of range ---------------------------------


def redirection_stays_in_range(subject: Subject, data, features: frozenset[str]) -> None:
    base = _base(data, features, min_players=4, max_players=6, max_steps=4)
    raw = base.to_dict()
    assume(_ranges(raw) is not None)
    players = list(raw["players"])
    caster = data.draw(st.sampled_from(players), label="caster")
    controller = data.draw(st.sampled_from(players), label="redirecting player")
    # 801.4: the spell's target is in the caster's range; the redirection's targets in its controller's.
    targets = [p for p in players if _in_range(raw, caster, p) and _in_range(raw, controller, p)]
    assume(targets)
    recipient = data.draw(st.sampled_from(targets), label="recipient")
    elsewhere = [p for p in players if p != recipient and _in_range(raw, controller, p)]
    assume(elsewhere)
    new_recipient = data.draw(st.sampled_from(elsewhere), label="redirected to")
    event("redirected outside the caster's range" if not _in_range(raw, caster, new_recipient)
          else "redirected inside the caster's range")
    raw["objects"]["law_spell"] = {"card": {"types": ["sorcery"], "colors": ["R"]}, "zone": "stack",
                                   "owner": caster, "controller": caster, "counters": {}}
    redirect = {"redirect_damage": {"id": "law_redirect", "controller": controller, "to": recipient,
                                    "instead_to": new_recipient}}
    amount = data.draw(st.integers(1, 6), label="amount")
    if data.draw(st.booleans(), label="only the next N"):
        redirect["redirect_damage"]["amount"] = data.draw(st.integers(1, 6), label="N")
    damage = {"damage": {"source": "law_spell", "to": recipient, "amount": amount}}
    rules = ("801.13a", "614.9", "801.10")
    with_damage = _case(raw, rules, redirect, damage)
    if with_damage.features - features:
        assume(False)  # a choice of order the engine cannot take
    without = _case(raw, rules, redirect)
    first, second = _final(subject, without), _final(subject, with_damage)
    outside = [p for p in players if not _in_range(raw, caster, p)]
    out_objects = [oid for oid in raw["objects"] if _controller(raw, oid, first[0]) in outside]
    _unchanged(subject, first, second, outside, out_objects,
               f"{caster}'s spell dealt {amount} damage to {recipient}, redirected to {new_recipient}; "
               f"it must not affect anyone outside {caster}'s range of influence (801.13a) {outside}")


# --- 801.13b: prevention stays inside its controller's range --------------------------------------------


def prevention_stays_in_range(subject: Subject, data, features: frozenset[str]) -> None:
    base = _base(data, features, min_players=4, max_players=6, max_steps=4)
    raw = base.to_dict()
    assume(_ranges(raw) is not None)
    players = list(raw["players"])
    creatures = [oid for oid, spec in raw["objects"].items() if "creature" in spec["card"]["types"]]
    controller = data.draw(st.sampled_from(players), label="preventing player")
    kinds = ["each creature", "by creatures", "all combat damage", "all damage"]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    source_owner = data.draw(st.sampled_from(players), label="source's controller")
    source = data.draw(st.sampled_from(["law_source", *creatures]), label="source")
    if source == "law_source":
        raw["objects"]["law_source"] = {"card": {"types": ["creature"], "power": 3, "toughness": 9},
                                        "owner": source_owner, "controller": source_owner, "counters": {}}
    recipients = (players if "life" in features else []) + creatures
    assume(recipients)
    recipient = data.draw(st.sampled_from(recipients), label="recipient")
    prevention: dict[str, Any] = {"id": "law_prevention", "controller": controller}
    if kind == "each creature":
        prevention.update(to_each={"types": ["creature"]}, amount=data.draw(st.integers(1, 4), label="shield"))
    elif kind == "by creatures":
        prevention["by"] = {"types": ["creature"]}
    elif kind == "all combat damage":
        prevention["combat"] = True
    damage = {"damage": {"source": source, "to": recipient, "amount": data.draw(st.integers(1, 6), label="amount"),
                         "combat": kind == "all combat damage" or data.draw(st.booleans(), label="combat")}}
    rules = ("801.13b", "615.1")
    last = lambda refs: [r for r in refs if r != "law_prevention"] + [r for r in refs if r == "law_prevention"]  # noqa: E731
    with_prevention = _case(raw, rules, {"prevent_damage": prevention}, damage, choose=last)
    without = _case(raw, rules, damage)
    if (with_prevention.features | without.features) - features:
        assume(False)
    # Whether the effect may reach this damage at all (801.13b), judged from the state before it:
    # the recipient may be any the damage can be redirected to (614.9, 616.2), as well as the first.
    objects_before, _ = _final(subject, _case(raw, rules))
    source_controller = _controller(raw, source, objects_before) if source != "law_source" else source_owner
    source_in = _in_range(raw, controller, source_controller)
    *_, last = damage_choices(with_prevention.to_dict())
    in_range = [r for r in last.may_apply
                if _in_range(raw, controller, r if r in players else _controller(raw, r, objects_before))]
    left = source != "law_source" and objects_before.get(source, {}).get("zone") not in ("battlefield", "stack")
    if left and (kind == "by creatures" or kind != "each creature" and in_range):
        # A source that has left the battlefield deals its damage as it last existed there, with
        # its controller then (113.7a, 608.2h; docs/format.md): the snapshot shows no controller
        # for it (its owner is not that controller), so whether 801.13b lets an effect that names
        # sources (or neither, the recipient being in range) reach its damage is not known here.
        event(f"prevention ({kind}) of damage by a source that left the battlefield: not judged")
        return
    reaches = {"each creature": any(r not in players for r in in_range), "by creatures": source_in,
               "all combat damage": source_in and bool(in_range), "all damage": source_in and bool(in_range)}[kind]
    event(f"prevention ({kind}) {'within' if reaches else 'out of'} range")
    if reaches:
        return
    first, second = _final(subject, without), _final(subject, with_prevention)
    _unchanged(subject, first, second, players, list(raw["objects"]),
               f"{controller}'s prevention effect ({kind}) and {source} dealing damage to {recipient}, "
               f"outside the reach 801.13b gives the effect, changed the outcome")


# --- the differential, on scenarios about players and damage --------------------------------------------


def damage_agrees_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    """On generated scenarios about players and damage, the engine reports what the reference
    engine reports, for every object and player value both report."""
    case = data.draw(mtg.damage_scenarios(features=features, checkpoints="sparse"), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    agrees_with_reference(subject, case)


def usable_damage(features: frozenset[str]) -> bool:
    """Damage scenarios can be generated for an engine with damage and life, or mana, or counters
    on players."""
    return bool(features & {"damage", "life", "mana", "player-counters"})
