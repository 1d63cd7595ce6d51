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


STEP_KINDS = ("resolve_triggers", "activate_mana")
"""The intents of this part."""


def realize(kind: str, game: Any) -> dict[str, Any] | None:
    """The step of an intent of this part: ``m1``'s mana ability (605.3a), or resolving the
    triggered abilities on the stack (608.1; none there: no step)."""
    if kind == "activate_mana":
        return {"activate_mana": {"object": "m1", "ability": "tap"}}
    from reference_engine import triggers
    return {"resolve_triggers": {}} if triggers.stack(game) else None


def save(realizer: Any) -> tuple | None:
    """What :func:`play` restores if a step cannot be played with the triggers it causes: only
    where the board has a triggered ability."""
    if not _has(realizer.objects, "triggered"):
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
