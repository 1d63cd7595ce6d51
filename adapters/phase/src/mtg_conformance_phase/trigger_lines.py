"""The Oracle lines of the suite's triggered abilities on events (CR 603.1: "When/Whenever
[event], [effect]."), each with what phase's parser must read it as (its ``triggers`` entry: mode,
the objects or players it looks at, the zones of a zone change, and the effect). Performed by
:mod:`.triggers`.

Trigger events: ``enters`` ("When this creature enters", "Whenever another creature enters",
603.6a), ``dies`` ("When this creature dies", "Whenever a creature dies", 700.4, 603.10a),
``dealt_damage`` ("Whenever this creature is dealt damage", "Whenever a creature is dealt damage",
120.3), ``gains_life`` ("Whenever you gain life", "... an opponent gains life", "... a player gains
life", 119.9), ``loses_life`` ("Whenever you lose life", "... an opponent loses life", "... a
player loses life", 119.3), ``counters_put`` of one kind on itself or a creature ("Whenever one or
more +1/+1 counters are put on this creature" / "... on a creature", 122.1). Effects: ``gain_life``
("you gain 3 life", "you gain that much life"), ``lose_life`` of each opponent, of its controller
or of the event's player ("each opponent loses that much life", "you lose 2 life", "that player
loses 1 life"), ``put_counters`` on itself or on the event's creature ("put two +1/+1 counters on
this creature", "... on that creature"), ``damage`` by its permanent to the event's creature, to
its controller or to itself, a creature ("this creature deals 2 damage to that creature", "... to
you", "... to this creature" / "... to this enchantment"), ``modify_pt`` of itself ("this creature gets +2/+2 until end of
turn", after damage dealt "... +X/+1 until end of turn, where X is the damage dealt", after its
controller's life change "... +1/+0 until end of turn for each 1 life you lost. This creature gets
+0/+1 until end of turn.", after another player's "... +X/+1 until end of turn, where X is that
much", after counters put "... where X is that many"). ``that_many`` is "that many" / "that much": the triggering event's amount as it happened,
after replacement and prevention effects (614.6). Anything else is refused, "that creature" after
"a creature is dealt damage" too (phase's reading of it is not the creature dealt damage).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtg_conformance_phase.bindings import COUNTERS
from mtg_conformance_phase.counters import number_word, phase_kind
from conformance.errors import Unsupported

THAT_MANY = {"type": "Ref", "qty": {"type": "EventContextAmount"}}
CREATURE = {"type": "Typed", "type_filters": ["Creature"], "controller": None}


def has_event_triggers(case: Mapping[str, Any]) -> bool:
    return any("triggered" in a for spec in case["objects"].values() for a in spec["card"].get("abilities", ()))


def _plain(f: Mapping[str, Any]) -> dict[str, Any]:
    """A filter's conditions that are given (the loaded form writes every default out)."""
    return {k: v for k, v in f.items() if v not in (None, False, [], ()) and not (k == "zone" and v == "battlefield")}


def _creature_filter(oid: str, f: Mapping[str, Any], this: str) -> tuple[str, dict[str, Any]]:
    """"this creature", "another creature" / "a creature" (any controller, on the battlefield)."""
    f = _plain(f)
    if f.get("itself"):
        if set(f) != {"itself"}:
            raise Unsupported(f"object {oid!r}: a trigger filter {dict(f)!r} has no wording here")
        return this, {"type": "SelfRef"}
    if set(f) - {"types", "other"} or list(f.get("types") or ()) != ["creature"]:
        raise Unsupported(f"object {oid!r}: a trigger filter {dict(f)!r} has no wording here")
    other = bool(f.get("other"))
    return ("another creature" if other else "a creature",
            {**CREATURE, "properties": [{"type": "Another"}] if other else []})


PLAYERS_EVENT = {"you": ("you", {"type": "Controller"}),
                 "opponent": ("an opponent", {"type": "Typed", "type_filters": [], "controller": "Opponent",
                                              "properties": []}),
                 "each": ("a player", {"type": "Player"})}
"""The players a life event looks at: the words and phase's ``valid_target`` (CR 119.9, 119.3)."""


def _event(oid: str, event: Mapping[str, Any], this: str) -> tuple[str, dict[str, Any], str | None]:
    """The trigger condition's words, phase's expected reading, and what "that" names: the event's
    permanent ("creature", or "itself" when the event is its own), the event's player ("player", or
    "you" when it is the controller), or nothing."""
    (kind, value), = event.items()
    if kind in ("enters", "dies"):
        words, valid = _creature_filter(oid, value, this)
        when = "When" if valid["type"] == "SelfRef" else "Whenever"
        verb = "enters" if kind == "enters" else "dies"
        zones = {"origin": None, "destination": "Battlefield"} if kind == "enters" else \
            {"origin": "Battlefield", "destination": "Graveyard"}
        return f"{when} {words} {verb}", {"mode": "ChangesZone", "valid_card": valid, **zones}, \
            "itself" if valid["type"] == "SelfRef" else "creature"
    if kind == "dealt_damage" and _plain(value) in ({"itself": True}, {"types": ["creature"]}):
        # CR 120.3. "That creature" is not offered: phase reads it as its TriggeringSource, which after a creature
        # is dealt damage is the damage's source (seen: "put a +1/+1 counter on that creature" put it on the creature
        # dealing the damage, or on nothing for a spell's damage), not the creature dealt it: the CR 603.2 disagreement
        # of adapters/phase/README.md (reproducers/cr603_2_that_creature_after_a_creature_is_dealt_damage.py)
        words, valid = _creature_filter(oid, value, this)
        return f"Whenever {words} is dealt damage", {"mode": "DamageReceived", "valid_card": valid}, \
            "itself" if valid["type"] == "SelfRef" else None
    if kind in ("gains_life", "loses_life") and value in PLAYERS_EVENT:  # CR 119.9, 119.3
        words, valid = PLAYERS_EVENT[value]
        verb = {"gains_life": ("gain", "gains"), "loses_life": ("lose", "loses")}[kind][value != "you"]
        return f"Whenever {words} {verb} life", {
            "mode": "LifeGained" if kind == "gains_life" else "LifeLost", "valid_card": None, "valid_target": valid}, \
            "you" if value == "you" else "player"
    on = _plain(value.get("on") or {}) if kind == "counters_put" else None
    if kind == "counters_put" and on in ({"itself": True}, {"types": ["creature"]}) and value.get("kind") in COUNTERS:
        words, valid = _creature_filter(oid, on, this)  # CR 122.1: counters put on a creature
        return (f"Whenever one or more {value['kind']} counters are put on {words}",
                {"mode": "CounterAdded", "valid_card": valid, "counter_filter": {"counter_type": COUNTERS[value["kind"]]}},
                "itself" if valid["type"] == "SelfRef" else "creature")
    raise Unsupported(f"object {oid!r}: the trigger event {dict(event)!r} has no wording here")


def _amount(n: Any, noun: str) -> tuple[str, dict[str, Any]]:
    if n == "that_many":
        return ("that much" if noun in ("life", "damage") else "that many"), THAT_MANY
    if not isinstance(n, int) or n < 0:
        raise Unsupported(f"an amount {n!r}")
    return str(n), {"type": "Fixed", "value": n}


def _effect(oid: str, effect: Mapping[str, Any], that: str | None, this: str,
            amount_of: str | None = None) -> tuple[str, dict[str, Any], str | None]:
    """The effect's words, phase's expected effect, and its duration (``that``: what "that" names;
    ``amount_of``: how the event's amount is named in a +X/+Y, :func:`amount_of`)."""
    (kind, body), = effect.items()
    if that == "itself" and isinstance(body, Mapping) and body.get("to") == "that":
        # the event is its own (it entered, died, was dealt damage, got counters: CR 603.6a, 603.10a): the object
        # the event names is this one, the same object as "itself" (400.7), so it is worded "this creature"
        body = {**body, "to": "itself"}
    names_that = that == "creature"
    if kind == "gain_life" and set(body) <= {"amount"}:
        words, amount = _amount(body["amount"], "life")
        return f"you gain {words} life", {"type": "GainLife", "amount": amount}, None
    if kind == "lose_life" and set(body) <= {"amount", "player"} and body.get("player") == "each_opponent":
        words, amount = _amount(body["amount"], "life")  # phase keeps "each opponent" on the execution
        return (f"each opponent loses {words} life",
                {"type": "LoseLife", "amount": amount, "player_scope": {"type": "Opponent"}}, None)
    if kind == "lose_life" and set(body) <= {"amount", "player"} and (body.get("player") == "you" or (
            body.get("player") == "that" and that in ("player", "you"))):
        words, amount = _amount(body["amount"], "life")  # CR 119.3: its controller, or the event's player
        if body["player"] == "you" or that == "you":  # the event's player is its controller: "you"
            return f"you lose {words} life", {"type": "LoseLife", "amount": amount, "target": {"type": "Controller"}}, None
        return (f"that player loses {words} life",
                {"type": "LoseLife", "amount": amount, "target": {"type": "TriggeringPlayer"}}, None)
    if kind == "put_counters" and set(body) <= {"kind", "count", "to"} and (
            body["kind"] in COUNTERS or re.fullmatch(r"[a-z]+", body["kind"])):
        counter_type = phase_kind(body["kind"])  # CR 122.1: +1/+1, -1/-1, or another kind by its name ("charge")
        to = body.get("to", "itself")
        if to not in ("itself", "that") or (to == "that" and not names_that):
            raise Unsupported(f"object {oid!r}: counters put on {to!r} by a trigger")
        n = body["count"]
        if n == "that_many":
            how = "that many"
        elif isinstance(n, int) and n > 0:
            how = "a" if n == 1 else number_word(n)
        else:
            raise Unsupported(f"object {oid!r}: {n!r} counters")
        _, count = _amount(n, "counters")
        noun = "counter" if n == 1 else "counters"
        whom = this if to == "itself" else "that creature"
        return (f"put {how} {body['kind']} {noun} on {whom}",
                {"type": "PutCounter", "counter_type": counter_type, "count": count,
                 "target": {"type": "SelfRef"} if to == "itself" else {"type": "TriggeringSource"}}, None)
    if kind == "damage" and set(body) <= {"amount", "to"} and (
            isinstance(body["amount"], int) or (body["amount"] == "that_many" and amount_of is not None)) and (
            (body.get("to") == "that" and names_that) or body.get("to") == "you"
            or body.get("to") == "itself"):
        # CR 120.3: its permanent deals the damage, to the event's creature, its controller or itself (to a
        # noncreature itself it deals none, 120.1: phase marks none either, seen for an enchantment); "that much
        # damage" is the event's amount (603.7c; phase: EventContextAmount), "itself" worded as "this creature"
        # (phase reads "... damage to itself" as a target's damage to itself)
        whom, target = {"that": ("that creature", "TriggeringSource"), "you": ("you", "Controller"),
                        "itself": (this, "SelfRef")}[body["to"]]
        words, amount = _amount(body["amount"], "damage")
        return (f"{this} deals {words} damage to {whom}",
                {"type": "DealDamage", "amount": amount, "target": {"type": target}}, None)
    if kind == "modify_pt" and set(body) <= {"power", "toughness", "to"} and body.get("to", "itself") == "itself":
        p, t = body.get("power", 0) or 0, body.get("toughness", 0) or 0
        if amount_of in ("lost", "gained") and "that_many" in (p, t) and all(
                isinstance(n, int) and n >= 0 or n == "that_many" for n in (p, t)):
            if this != "this creature":
                raise Unsupported(f"object {oid!r}: +N/+M on a noncreature card")
            return _pump_for_each_life(p, t, amount_of)
        if amount_of is not None and "that_many" in (p, t) and all(
                isinstance(n, int) and n >= 0 or n == "that_many" for n in (p, t)):
            # CR 614.6: +X where X is the event's amount, "where X is the damage dealt", or "where X is that much"
            # (another player's life) / "that many" (counters) (phase: EventContextAmount, seen per event in play)
            x = lambda n: "X" if n == "that_many" else str(n)  # noqa: E731
            q = lambda n: {"type": "Quantity", "value": THAT_MANY} if n == "that_many" else {"type": "Fixed", "value": n}  # noqa: E731
            if this != "this creature":
                raise Unsupported(f"object {oid!r}: +N/+M on a noncreature card")
            return (f"this creature gets +{x(p)}/+{x(t)} until end of turn, where X is {amount_of}",
                    {"type": "Pump", "power": q(p), "toughness": q(t), "target": {"type": "SelfRef"}}, "UntilEndOfTurn")
        if not isinstance(p, int) or not isinstance(t, int):
            raise Unsupported(f"object {oid!r}: a trigger's +{p}/+{t}")
        sign = lambda n: f"+{n}" if n >= 0 else f"-{-n}"  # noqa: E731
        if this != "this creature":
            raise Unsupported(f"object {oid!r}: +N/+M on a noncreature card")
        return (f"this creature gets {sign(p)}/{sign(t)} until end of turn",
                {"type": "Pump", "power": {"type": "Fixed", "value": p}, "toughness": {"type": "Fixed", "value": t},
                 "target": {"type": "SelfRef"}}, "UntilEndOfTurn")
    raise Unsupported(f"object {oid!r}: the triggered ability effect {dict(effect)!r} has no wording here")


def amount_of(event: Mapping[str, Any]) -> str | None:
    """How an effect names the event's amount: "the damage dealt" (to a creature, CR 120.3), "lost"
    or "gained" (its controller's own life change, 119.3, 119.9: "for each 1 life you lost"), "that
    much" (another player's, where phase reads neither "for each 1 life that player lost" nor "the
    amount of life that player lost" as the event's), "that many" (counters put, 122.1)."""
    (kind, value), = event.items()
    if kind == "dealt_damage":
        return "the damage dealt"
    if kind in ("loses_life", "gains_life"):
        return ("lost" if kind == "loses_life" else "gained") if value == "you" else "that much"
    return "that many" if kind == "counters_put" else None


def _pump_for_each_life(p: int | str, t: int | str, verb: str) -> tuple[str, dict[str, Any], str]:
    """CR 613.4c: +X/+Y until end of turn where X (or Y, or both) is the life its controller just lost or
    gained (``that_many``), as Cradle of Vitality's "for each 1 life you gained": "this creature gets
    +1/+0 until end of turn for each 1 life you lost." (phase: the event's amount, EventContextAmount;
    "where X is the amount of life you lost" it reads as the turn's total, LifeLostThisTurn), and the
    fixed part as a second sentence, "This creature gets +0/+1 until end of turn." (two 7c effects
    from one resolution add up as one would)."""
    each = lambda n: {"type": "Quantity", "value": THAT_MANY} if n == "that_many" else {"type": "Fixed", "value": 0}  # noqa: E731
    fixed = [0 if n == "that_many" else n for n in (p, t)]
    words = (f"this creature gets +{int(p == 'that_many')}/+{int(t == 'that_many')} until end of turn "
             f"for each 1 life you {verb}")
    effect: dict[str, Any] = {"type": "Pump", "power": each(p), "toughness": each(t), "target": {"type": "SelfRef"}}
    if any(fixed):
        words += f". This creature gets +{fixed[0]}/+{fixed[1]} until end of turn"
        effect["sub_ability"] = {"kind": "Spell", "sub_ability": None, "duration": "UntilEndOfTurn", "effect": {
            "type": "Pump", "power": {"type": "Fixed", "value": fixed[0]}, "toughness": {"type": "Fixed", "value": fixed[1]},
            "target": {"type": "SelfRef"}}}
    return words, effect, "UntilEndOfTurn"


def trigger_line(oid: str, body: Mapping[str, Any], types: list[str], index: int = 0) -> tuple[str, dict[str, Any]]:
    """CR 603.1: the Oracle line of a triggered ability on an event (or made to trigger by a
    ``trigger`` step: :func:`shapeshifter_line`), and phase's expected reading; ``index``: how many
    triggered abilities the card has before it."""
    if body.get("event") is None:
        return shapeshifter_line(oid, body, types, index)
    main = next((t for t in ("creature", "planeswalker", "artifact", "enchantment", "land") if t in types), None)
    if main is None:
        raise Unsupported(f"object {oid!r}: a triggered ability of a card of types {types}")
    this = f"this {main}"
    when, expect, that = _event(oid, body["event"], this)
    words, effect, duration = _effect(oid, body["effect"], that, this, amount_of(body["event"]))
    scope = {"player_scope": effect.pop("player_scope")} if "player_scope" in effect else {}
    then = effect.pop("sub_ability", None)
    return f"{when}, {words}.", {**expect, "optional": False, "condition": None,
                                 "execute": {"kind": "Spell", "effect": effect, "sub_ability": then,
                                             "duration": duration, "condition": None, **scope}}


def order_of(case: Mapping[str, Any], names: Any, descriptions: Mapping[str, Mapping[str, str]]) -> list[tuple[str, str]]:
    """The ``resolve_triggers`` order as (object, phase's description of the ability) pairs."""
    out = []
    for name in names or ():
        oid, _, ability = name.partition(".")
        description = descriptions.get(oid, {}).get(ability)
        if description is None:
            raise Unsupported(f"the order names {name!r}, which is not a triggered ability printed on its card")
        out.append((oid, description))
    return out


SHAPESHIFTER_WHEN = "Whenever another creature enters"
"""The one trigger condition of an ability with no ``event`` realised here (Unstable Shapeshifter's):
a ``trigger`` step makes it trigger with the creature that just entered (:mod:`.triggers`)."""


def shapeshifter_line(oid: str, body: Mapping[str, Any], types: list[str], index: int) -> tuple[str, dict[str, Any]]:
    """CR 603.1, 707.4, 707.9a: Unstable Shapeshifter's "Whenever another creature enters, this
    creature becomes a copy of that creature, except it has this ability." ("until end of turn", or
    without the exception), and phase's reading: a trigger on another creature entering the
    battlefield whose effect copies the creature that entered (phase's ``ParentTarget``), the
    ability kept by its index among the card's triggers (``RetainPrintedTriggerFromSource``)."""
    (kind, effect), = body["effect"].items()
    exceptions = {k: v for k, v in ((effect or {}).get("exceptions") or {}).items()
                  if v not in (None, False, [], (), {})}
    if str(body.get("when") or "").strip().rstrip(",") != SHAPESHIFTER_WHEN or kind != "become_copy" \
            or set(exceptions) - {"gains_this_ability"} or effect.get("until") not in ("end_of_turn", "ended") \
            or "creature" not in types:
        raise Unsupported(f"object {oid!r}: a triggered ability without an event (made to trigger by a 'trigger' "
                          f"step) other than '{SHAPESHIFTER_WHEN}, this creature becomes a copy of that creature' is "
                          "not realised by this adapter")
    until = effect["until"] == "end_of_turn"
    duration = "UntilEndOfTurn" if until else "Permanent"
    copy: dict[str, Any] = {"type": "BecomeCopy", "target": {"type": "ParentTarget"}, "duration": duration}
    if exceptions:
        copy["additional_modifications"] = [{"type": "RetainPrintedTriggerFromSource", "source_trigger_index": index}]
    text = (f"{SHAPESHIFTER_WHEN}, this creature becomes a copy of that creature{' until end of turn' if until else ''}"
            f"{', except it has this ability' if exceptions else ''}.")
    return text, {"mode": "ChangesZone", "valid_card": {**CREATURE, "properties": [{"type": "Another"}]},
                  "origin": None, "destination": "Battlefield", "optional": False, "condition": None,
                  "execute": {"kind": "Spell", "effect": copy, "sub_ability": None, "duration": duration,
                              "condition": None}}


@dataclass(frozen=True)
class TriggerStep:
    """A ``trigger`` step: the object, phase's description of its ability, and the creature whose
    entering made it trigger (its target)."""

    object: str
    description: str
    target: str


def plan_trigger(case: Mapping[str, Any], body: Mapping[str, Any], descriptions: Mapping[str, Mapping[str, str]]
                 ) -> TriggerStep:
    """CR 603.2, 603.6a: a ``trigger`` step is realised only as phase's own trigger of the ability
    on the event its words name: the step must come right after the step putting its target onto
    the battlefield (checkpoints between), where phase sees that creature enter."""
    found = {d[body["ability"]] for d in descriptions.values() if d.get(body["ability"])}
    bodies = [a["triggered"] for spec in case["objects"].values() for a in spec["card"].get("abilities", ())
              if "triggered" in a and a["triggered"]["name"] == body["ability"]]
    if len(found) != 1 or body.get("target") is None or any(b.get("event") is not None for b in bodies):
        raise Unsupported(f"a trigger step of {body['object']}.{body['ability']} is not realised by this adapter but for "
                          "one ability without an event printed here, with a target")
    index = next(i for i, step in enumerate(case["steps"]) if any(b is body for b in step.values()))
    before = [step for step in case["steps"][:index] if "expect" not in step and "trigger" not in step]
    entered = None
    if before:
        (kind, last), = before[-1].items()
        if kind == "move" and last.get("to") == "battlefield" and not last.get("face_down"):
            entered = last["object"]
        elif kind == "create_token":
            entered = last.get("token") or next(iter(last.get("tokens") or ()), None)
    if entered != body["target"]:
        raise Unsupported(f"a trigger step of {body['object']}.{body['ability']} aimed at {body['target']!r}, which is not "
                          "the creature the step before put onto the battlefield: no event of phase's game makes its "
                          f"'{SHAPESHIFTER_WHEN}' trigger with that object (CR 603.2)")
    found_description, = found
    if any(text == found_description and name != body["ability"] for d in descriptions.values() for name, text in d.items()):
        raise Unsupported(f"the triggered ability {body['ability']!r} has the same Oracle text as another the case names "
                          "otherwise: which of them an object has now is not told apart in phase")
    return TriggerStep(body["object"], found_description, body["target"])
