"""The part of :func:`strategies.damage_scenarios` about triggered abilities on events, life-gain
replacements and mana abilities (CR 603, 614.1a, 605, 106.6a): permanents with them, the
``activate_mana`` and ``resolve_triggers`` steps, and the orders the waiting triggers need.

Everything here is drawn only when the features allow it (``event-triggers``,
``life-gain-replacement``, ``life-loss-replacement``, ``mana-abilities``, ``mana-replacement``), and after every draw of the
scenarios without them, so those keep their examples. A board has at most one triggered ability,
and its effect never causes the event it waits for (a loop, or two triggering at once while the
stack resolves, which the format cannot order: 603.3b); the realizer plays every step on the
reference engine, so it knows which abilities wait (603.3) and scripts a ``resolve_triggers``
with a drawn order whenever two or more do.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from strategies._internal import cant, meetings
from strategies._internal.damage_modifiers import can  # a feature and what it implies (life, mana)
from strategies._internal.drawing import Chooser

EVENT_FEATURES = frozenset({"event-triggers", "life-gain-replacement", "life-loss-replacement", "mana-abilities",
                            "mana-replacement"})
"""The features of this part: without any of them, nothing here draws."""

_EVENTS: dict[str, tuple[frozenset[str], tuple[dict[str, Any], ...]]] = {
    # event: (features it needs beside event-triggers, the trigger events drawn: "this", then others)
    "enters": (frozenset(), ({"itself": True}, {"types": ["creature"]}, {"types": ["creature"], "other": True})),
    "dies": (frozenset({"zone-changes"}), ({"itself": True}, {"types": ["creature"]})),
    "dealt_damage": (frozenset({"damage"}), ({"itself": True}, {"types": ["creature"]})),
    "gains_life": (frozenset({"life"}), ("you", "opponent", "each")),
    "loses_life": (frozenset({"life"}), ("you", "opponent", "each")),
    "counters_put": (frozenset({"counters"}), ({"kind": "+1/+1", "on": {"types": ["creature"]}},
                                               {"kind": "+1/+1", "on": {"itself": True}})),
}
"""The trigger events (603.2, 603.6a, 603.10a), the features each needs, and the ones drawn."""

_EFFECTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # effect: (features it needs, the events it may be the effect of: never one it causes itself)
    "put_counters": (frozenset({"counters"}), frozenset({"enters", "dies", "dealt_damage", "gains_life", "loses_life"})),
    "damage": (frozenset({"damage"}), frozenset({"enters", "dies", "counters_put"})),
    "gain_life": (frozenset({"life"}), frozenset({"enters", "dies", "dealt_damage", "loses_life", "counters_put"})),
    "lose_life": (frozenset({"life"}), frozenset({"enters", "dies", "dealt_damage", "gains_life", "counters_put"})),
    "modify_pt": (frozenset({"layer-7c"}), frozenset(_EVENTS)),
}
"""The effects drawn (608.2), the features each needs, and the events each may follow. Damage
never follows a player's life change (a lifelink source's damage would gain life again)."""

_WITH_AMOUNT = frozenset({"dealt_damage", "gains_life", "loses_life", "counters_put"})
"""Events with an amount (``that_many``, 614.6)."""

_PERMANENT_EVENTS = frozenset({"enters", "dies", "dealt_damage", "counters_put"})
"""Events whose ``that`` is a permanent; for the others it is a player."""


def _amount(draw, event: str, high: int = 3) -> int | str:
    """A number, or (for an event with an amount, one time in three) ``that_many``."""
    draw = Chooser.of(draw)
    if event in _WITH_AMOUNT and draw.integer(0, 2) == 2:
        return "that_many"
    return draw.integer(1, high)


def _effect(draw, kind: str, event: str) -> dict[str, Any]:
    draw = Chooser.of(draw)
    that = event in _PERMANENT_EVENTS
    if kind == "put_counters":
        to = draw.sample(["itself", "that"] if that else ["itself"])
        return {"kind": draw.sample(["+1/+1", "charge", "-1/-1"]), "count": _amount(draw, event), "to": to}
    if kind == "damage":
        return {"amount": _amount(draw, event), "to": draw.sample(["that", "you", "itself"])}
    if kind == "gain_life":
        return {"amount": _amount(draw, event)}
    if kind == "lose_life":
        players = ["each_opponent", "you", *(["that"] if not that else [])]
        return {"amount": _amount(draw, event), "player": draw.sample(players)}
    to = draw.sample(["itself", "that"] if that else ["itself"])
    return {"power": _amount(draw, event), "toughness": _amount(draw, event), "to": to}


def triggered_ability(draw, allowed: frozenset[str]) -> dict[str, Any] | None:
    """A triggered ability on an event with a fitting effect, as ``allowed`` says, or none."""
    draw = Chooser.of(draw)
    events = [e for e, (needs, _) in _EVENTS.items() if needs <= allowed]
    if not events:
        return None
    event = draw.sample(events)
    effects = [k for k, (needs, after) in _EFFECTS.items() if needs <= allowed and event in after]
    if not effects:
        return None
    kind = draw.sample(effects)
    trigger = draw.sample(_EVENTS[event][1])
    return {"triggered": {"name": "t", "when": f"whenever {event.replace('_', ' ')}",
                          "event": {event: trigger}, "effect": {kind: _effect(draw, kind, event)}}}


def decorate(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str]) -> bool:
    """Add, as ``allowed`` says, a triggered ability (on a creature, or an enchantment ``t1``), one
    or two "gain twice that much life" enchantments (``g1``, ``g2``), one or two "lose twice that
    much life" enchantments (``l1``, ``l2``), a land with a mana ability
    (``m1``) and one or two mana multipliers (``x1``, ``x2``). Returns whether anything was added (nothing is drawn
    without the features)."""
    draw = Chooser.of(draw)
    if not allowed & EVENT_FEATURES:
        return False
    owner = players
    added = False
    if {"event-triggers", "triggered-abilities"} <= allowed and draw.integer(0, 2):
        ability = triggered_ability(draw, allowed)
        if ability is not None:
            creatures = [oid for oid, spec in objects.items() if "creature" in spec["card"]["types"]]
            host = draw.sample([None, *creatures])
            if host is None:
                objects["t1"] = {"card": {"types": ["enchantment"], "abilities": [ability]}, "owner": draw.sample(owner)}
            else:
                card = objects[host]["card"]
                card["abilities"] = [*card.get("abilities", []), ability]
            added = True
    if can("life-gain-replacement", allowed) and draw.integer(0, 2) == 2:  # 614.1a, several: 616.1
        for index in range(1, draw.integer(1, 2) + 1):
            objects[f"g{index}"] = {"card": {"types": ["enchantment"], "abilities": [{"double_life_gain": {}}]},
                                    "owner": draw.sample(owner)}
        added = True
    if can("mana-abilities", allowed) and draw.integer(0, 2) == 2:  # 605.1a: "{T}: Add ..."
        mana = draw.sample(["G", "R", "C"])
        objects["m1"] = {"card": {"types": ["land"], "abilities": [
            {"mana_ability": {"name": "tap", "add": {mana: draw.integer(1, 2)}}}]}, "owner": draw.sample(owner)}
        if can("mana-replacement", allowed) and draw.boolean():  # 106.6a; several: each once (614.5)
            for index in range(1, draw.integer(1, 2) + 1):
                objects[f"x{index}"] = {"card": {"types": ["artifact"], "abilities": [
                    {"multiply_mana": {"factor": draw.sample([2, 3])}}]}, "owner": objects["m1"]["owner"]}
        added = True
    if can("life-loss-replacement", allowed) and draw.integer(0, 3) == 3:  # 614.1a, several: 614.5
        for index in range(1, draw.integer(1, 2) + 1):  # "they lose twice that much life instead"
            whose = draw.sample(["opponent", "you", "each"])
            objects[f"l{index}"] = {"card": {"types": ["enchantment"], "abilities": [
                {"double_life_loss": {"player": whose}}]}, "owner": draw.sample(owner)}
        added = True
    return added


def extra_intents(draw, objects: dict[str, Any], intents: list, max_steps: int) -> list:
    """``intents`` with, where the board has a triggered ability or a mana ability, some
    ``resolve_triggers`` and ``activate_mana`` intents put in (at most ``max_steps`` in all)."""
    draw = Chooser.of(draw)
    kinds = [*(["resolve_triggers"] * 2 if _has(objects, "triggered") else []),
             *(["activate_mana"] if "m1" in objects else [])]
    if not kinds:
        return intents
    extra = [(draw.integer(0, max_steps), draw.sample(kinds)) for _ in draw.sizes(0, 3)]
    intents = list(intents)
    for position, kind in extra:
        if len(intents) < max_steps:  # the scenario's own intents are all kept
            intents.insert(min(position, len(intents)), (kind, 0, 0, 0, 0))
    return intents


_CAUSES = {"put_counters": frozenset({"counters_put"}), "gain_life": frozenset({"gains_life"}),
           "lose_life": frozenset({"loses_life"}), "modify_pt": frozenset(),
           "damage": frozenset({"dealt_damage", "loses_life", "gains_life"})}
"""The events each effect may cause (603.2; damage: a permanent dealt damage, a player's life lost,
its source's controller's gained by lifelink). Creatures dying are left out: each death leaves
one creature fewer, so abilities causing each other's deaths come to an end."""


def _triggered(objects: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The permanent with the board's first triggered ability, and that ability (603.2)."""
    found = _abilities(objects)
    return found[0] if found else None


def _abilities(objects: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each triggered ability on an event of the board, with its permanent."""
    return [(oid, ability["triggered"]) for oid, spec in objects.items() for ability in spec["card"].get("abilities", [])
            if "triggered" in ability and "event" in ability["triggered"]]


def more(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str], intents: list,
         max_steps: int) -> list:
    """Issue 39, drawn after every other draw of this part, where the board has a triggered ability
    or a life doubler: intents, put among ``intents`` (at most ``max_steps`` more, the scenario's own
    all kept: ``meetings.put``), that cause an event a triggered ability waits for (each followed by resolving
    what it triggered, 608.1) or double the life total of the player a life doubler serves (701.10d,
    614.1a); maybe a second triggered ability on the first one's permanent, often waiting for the
    event the first one's effect causes (so it triggers while that one resolves, 603.3, 117.5); that
    permanent controlled by a player other than its owner (603.3a: the ability's controller is its
    source's); lifelink for a permanent whose ability deals damage as it dies (its last known
    information, 113.7a); a "gain twice that much life" enchantment of the player who controls an
    ability that gains life (614.1a). Its choices are ``meetings.Wide``."""
    draw = meetings.Wide(draw)
    found = _triggered(objects)
    kinds = [*(["cause"] if found is not None else []),
             *(["served_life_doubled"] if {"double-life", "life"} <= allowed and {"g1", "l1"} & set(objects) else [])]
    # a count, not a list (meetings.Wide: a late "one more?" is mostly drawn as no)
    extra = [(draw.integer(0, max_steps), draw.sample(kinds), draw.integer(0, 7))
             for _ in range(draw.integer(0, 2) if kinds else 0)]
    if found is not None:
        host, first = found
        spec = objects[host]
        _second(draw, spec, first, allowed)
        if "control-changing" in allowed and draw.integer(0, 3):
            spec["controller"] = players[(players.index(spec["owner"]) + 1) % len(players)]
        mine = [a["triggered"] for a in spec["card"]["abilities"] if "triggered" in a]
        if any("damage" in a["effect"] and a["event"].get("dies", {}).get("itself") for a in mine) \
                and "lifelink" in allowed and draw.integer(0, 1):  # 113.7a, 702.15b: as it last existed
            spec["card"]["abilities"].append({"keyword": "lifelink"})
        gains = any("gain_life" in a["effect"] for a in mine)
        if gains and "life-gain-replacement" in allowed and draw.integer(0, 2):  # whose doubler: 614.1a
            doubler = objects.setdefault("g1", {"card": {"types": ["enchantment"],
                                                         "abilities": [{"double_life_gain": {}}]}})
            doubler["owner"] = spec.get("controller", spec["owner"])
    for position, kind, number in extra:  # 608.1: a cause, then the abilities it triggered resolve
        added = [(kind, number, 0, 0, 0), *([("resolve_triggers", 0, 0, 0, 0)] if kind == "cause" else [])]
        intents = meetings.put(intents, added, position, max_steps)
    return intents


def _second(draw, host: dict[str, Any], first: dict[str, Any], allowed: frozenset[str]) -> None:
    """Maybe a second triggered ability (``t2``) on the first one's permanent: most often on the
    event the first one's effect causes (so it triggers as that resolves), with an effect that
    causes neither its own event nor the first one's (no loop, 603.2)."""
    (kind, effect), = first["effect"].items()
    (first_event, _), = first["event"].items()
    caused = sorted(e for e in _CAUSES[kind] if _EVENTS[e][0] <= allowed and e != "gains_life")
    events = [e for e, (needs, _) in _EVENTS.items() if needs <= allowed]
    which = draw.integer(0, 4)
    if which == 0:
        return
    others = [e for e in events if e != first_event]
    event = caused[0] if caused and which < 3 else draw.sample(others or events)  # the caused one often
    effects = [k for k, (needs, after) in _EFFECTS.items() if needs <= allowed and event in after
               and first_event not in _CAUSES[k]]
    if not effects:
        return
    if event == "counters_put" and kind == "put_counters":
        trigger: Any = {"kind": effect["kind"], "on": {}}  # 122.1: the kind the first one puts
    else:
        trigger = draw.sample(_EVENTS[event][1])
    second = draw.sample(effects)
    host["card"]["abilities"].append({"triggered": {"name": "t2", "when": f"whenever {event.replace('_', ' ')}",
                                                    "event": {event: trigger},
                                                    "effect": {second: _effect(draw, second, event)}}})


def _has(objects: dict[str, Any], key: str) -> bool:
    return any(key in ability for spec in objects.values() for ability in spec["card"].get("abilities", []))


def settle_start(game: Any) -> None:
    """As the case begins, after its first state-based check (a creature declared 0/0 dies), the
    one ability that triggered goes on the stack as a player would receive priority (117.5, 603.3),
    as the reference engine does before the first step; so it is not scripted again with the
    abilities a later step triggers (two or more waiting are ordered by the case's first step:
    :func:`order_at_start`)."""
    from reference_engine import triggers
    if len(triggers.waiting(game)) == 1:
        triggers.put_on_stack(game, None)


def order_at_start(realizer: Any) -> None:
    """Two or more abilities waiting as the case begins (two creatures declared 0/0 beside one "whenever
    a creature dies"): the case's first step is a ``resolve_triggers`` ordering them (603.3b), as the
    reference engine asks before the first step (117.5, 603.3), in the order they wait (no choice
    is drawn, so no other example changes), played like any step; what that triggers is settled
    the same way."""
    from reference_engine import triggers

    for _ in range(8):
        names = [p.name for p in triggers.waiting(realizer.game)]
        if len(names) < 2:
            break
        realizer.play({"resolve_triggers": {"order": names}})
    settle_start(realizer.game)


STEP_KINDS = ("resolve_triggers", "activate_mana", "cause", "served_life_doubled")
"""The intents of this part."""


def realize(kind: str, realizer: Any, number: int) -> dict[str, Any] | None:
    """The step of an intent of this part: ``m1``'s mana ability (605.3a), resolving the triggered
    abilities on the stack (608.1; none there: no step), an event the board's triggered ability
    waits for (:func:`_cause`), or doubling the life total of the player a life doubler serves
    (701.10d: a gain or a loss, which the doubler then doubles, 614.1a)."""
    if kind == "activate_mana":
        return {"activate_mana": {"object": "m1", "ability": "tap"}}
    if kind == "cause":
        return _cause(realizer, number)
    if kind == "served_life_doubled":
        from reference_engine.range_of_influence import controller_of
        doubler = realizer.game.objects["g1" if "g1" in realizer.objects else "l1"]
        you = controller_of(realizer.game, doubler)
        player = you if "g1" in realizer.objects else realizer.players[(realizer.players.index(you) + 1)
                                                                        % len(realizer.players)]
        return {"double_life": {"player": player}}
    from reference_engine import triggers
    return {"resolve_triggers": {}} if triggers.stack(realizer.game) else None


def _cause(realizer: Any, number: int) -> dict[str, Any] | None:
    """One step causing the events the board's triggered abilities (this part's) wait for (603.2):
    for each, on its own permanent where it says "this", else on another creature on the
    battlefield (each part a creature of its own): it enters (flickered: exiled and returned,
    603.6a), it dies (lethal damage, 704.5g, 603.10a), it is dealt damage by two sources (603.2c),
    counters of its kind are put on it, a player gains (lifelink, 119.10) or loses life. Several
    at once, one event (a ``together``, 603.2c) where the features allow; else the first."""
    found = [(oid, a) for oid, a in _abilities(realizer.objects) if a["name"] in ("t", "t2")]  # this part's
    parts: list[dict[str, Any]] = []
    used: set[str] = set()
    for index in range(len(found)):
        host, ability = found[(number + index) % len(found)]
        parts += _cause_part(realizer, host, ability, number + index, used)
    if "simultaneous-actions" in realizer.allowed and len(parts) >= 2:
        return {"together": parts}
    return parts[0] if parts else None


def _cause_part(realizer: Any, host: str, ability: dict[str, Any], number: int,
                used: set[str]) -> list[dict[str, Any]]:
    """The actions causing ``ability``'s event (:func:`_cause`), none on a creature in ``used``."""
    from reference_engine.range_of_influence import controller_of

    (event, spec), = ability["event"].items()
    allowed = realizer.allowed
    if event == "loses_life" and "life" in allowed:
        return [{"lose_life": {"player": realizer.players[number % len(realizer.players)], "amount": 1}}]
    own = isinstance(spec, dict) and bool(spec.get("itself") or spec.get("on", {}).get("itself"))
    others = [c for c in realizer.permanents if c != host and c not in used and realizer.here(c)
              and realizer.is_creature(c)]
    target = host if own else (others[number % len(others)] if others else None)  # another: the host stays as it is
    if target is None or target in used or not realizer.here(target):
        return []
    if event in ("dies", "dealt_damage") and not realizer.is_creature(target):
        return []  # 120.1, 700.4: only a creature is dealt damage or dies here
    used.add(target)
    if event == "enters" and {"zone-changes", "simultaneous-actions"} <= allowed:
        return [{"move": {"object": target, "to": where}} for where in ("exile", "battlefield")]
    source = realizer.source(number // 2)
    if event == "dies" and source is not None and "damage" in allowed:
        return [{"damage": {"source": source, "to": target, "amount": realizer.lethal(target)}}]
    if event == "dealt_damage" and source is not None:
        other = realizer.source(number // 2 + 1) or source
        return [{"damage": {"source": s, "to": target, "amount": 1}} for s in (source, other)]
    if event == "gains_life" and "life" in allowed:  # 119.10: each lifelink source one gain
        you = controller_of(realizer.game, realizer.game.objects[host])
        gainers = [p for p in realizer.players if spec == "each" or (p == you) == (spec == "you")]
        linked = [oid for oid in realizer.objects if {"keyword": "lifelink"} in realizer.objects[oid]["card"].get(
            "abilities", []) and realizer.game.objects[oid].zone in ("battlefield", "stack")
            and controller_of(realizer.game, realizer.game.objects[oid]) in gainers]
        if "damage" in allowed and linked:
            return [{"damage": {"source": oid, "to": target, "amount": 1}} for oid in linked[:2]]
        return [{"gain_life": {"player": gainers[number % len(gainers)], "amount": 1}}]
    if event == "counters_put" and "counters" in allowed:
        return [{"put_counters": {"object": target, "kind": spec["kind"], "count": number % 3 + 1}}]
    return []


def save(realizer: Any) -> tuple | None:
    """What :func:`play` restores if a step cannot be played with the triggers it causes: only
    where the board has a triggered ability, or an ability the reference engine may refuse a step
    for (cant.py)."""
    if not _has(realizer.objects, "triggered") and not cant.may_refuse(realizer.objects):
        return None
    return len(realizer.actions), list(realizer.effects), realizer.count


def play(realizer: Any, draw, step: dict[str, Any], saved: tuple | None) -> list[dict[str, Any]]:
    """Play ``step`` on the reference engine, then, as a player would receive priority (603.3),
    put the one ability waiting on the stack, or (two or more waiting) a ``resolve_triggers``
    step ordering them (603.3b, a drawn permutation) and resolving the stack. The steps played;
    none if the reference engine cannot play them (a choice the format cannot script, 603.3b,
    616.1: the step is left out and the game is as it was)."""
    draw = Chooser.of(draw)
    if saved is None:
        realizer.play(step)
        return [step]
    from conformance.errors import Unsupported
    from reference_engine import triggers

    played = [step]
    try:
        realizer.play(step)
        for _ in range(8):
            names = [p.name for p in triggers.waiting(realizer.game)]
            if len(names) < 2:
                break
            forced = {"resolve_triggers": {"order": list(draw(st.permutations(names)))}}
            realizer.play(forced)
            played.append(forced)
        if len(triggers.waiting(realizer.game)) > 1:
            raise Unsupported("triggers keep waiting")
        triggers.put_on_stack(realizer.game, None)
    except (Unsupported, ValueError, RuntimeError):
        count, realizer.effects, realizer.count = saved
        kept = realizer.actions[:count]
        realizer.actions = []
        realizer.game = realizer.fresh()  # the game as it was: the steps kept, played again
        realizer.game.check_state_based_actions()
        settle_start(realizer.game)  # CR 603.3
        for action in kept:
            realizer.play(action)
            if len(triggers.waiting(realizer.game)) == 1:
                triggers.put_on_stack(realizer.game, None)
        return []
    return played
