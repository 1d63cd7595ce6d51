"""Activated (CR 602), loyalty (606) and triggered (603) abilities in Oracle text: "[cost]:
[effect]." and "When/Whenever [event], [effect].", the effect an ability's ``effect`` template
(:func:`ability_effect`): its object becomes something or a copy of a target, puts counters,
deals damage, makes players gain or lose life, or gets +N/+M.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Callable
from typing import Any

from conformance.oracle.changes import clauses
from conformance.oracle.copies import copy_exceptions
from conformance.oracle.errors import NoOracleWording
from conformance.oracle.objects import describe
from conformance.oracle.tokens import create_token
from conformance.oracle import targets as target_words
from conformance.oracle.words import COLOR_WORDS, capital, counters, number_word, pt_change, sentence

DURATIONS = {"end_of_turn": " until end of turn", "ended": ""}
"""A duration's words (CR 611.2a: an effect of a resolving ability with none stated lasts
indefinitely, here until an ``end_effect`` step)."""


def duration(until: str) -> str:
    """" until end of turn" or "" (no duration stated, CR 611.2a)."""
    if until not in DURATIONS:
        raise NoOracleWording(f"the duration {until!r}")
    return DURATIONS[until]


def _amount(amount: Any, what: str) -> str:
    if amount == "that_many":
        return {"damage": "that much damage", "life": "that much life", "counters": "that many"}[what]
    if amount == "its_power":  # 608.2h: "equal to its power", worded by the caller
        raise NoOracleWording("an amount equal to its power outside a damage or life effect")
    return str(amount)


def _whom(to: str | None, me: str, event_object: str) -> str:
    if to is None:  # 115.4: the case names the target; the card's text says "any target"
        return "any target"
    return {"itself": me, "that": event_object, "you": "you"}[to]


Render = Callable[[Mapping[str, Any]], str] | None


def ability_effect(effect: Mapping[str, Any], me: str, *, event_object: str = "that permanent",
                   render: Render = None) -> str:
    """The effect of an activated or triggered ability, as a clause without the final period:
    "this creature becomes a copy of target creature, except it has this ability" (707.4),
    "put a +1/+1 counter on this creature", "you gain 1 life", "this creature deals 1 damage
    to that creature", "each opponent loses 1 life", "this creature gets +1/+1 until end of
    turn"; ``event_object``: the event's object ("that creature"); ``render`` words an ability
    the object gains (:func:`.abilities.ability_text`)."""
    (key, body), = effect.items()
    if key == "damage_targets":  # issue 40 (targets.py): 115.4, 801.5a
        return target_words.damage_targets(body, me)
    body = dict(body)
    if key == "become":
        until = body.pop("until")
        parts = clauses(body, render)
        if body.get("gain_control"):
            raise NoOracleWording("an ability's object gaining control of itself")
        words = " and ".join(c.one for c in parts)
        return f"{me} {words}{duration(until)}"
    if key == "become_copy":
        return (f"{me} becomes a copy of target creature{duration(body['until'])}"
                f"{copy_exceptions(body.get('exceptions'), render)}")
    if key == "put_counters":
        where = _whom(body.get("to", "itself"), me, event_object)
        if body["count"] == "that_many":
            return f"put that many {body['kind']} counters on {where}"
        return f"put {counters(body['kind'], body['count'])} on {where}"
    if key == "damage" and body["amount"] == "its_power":  # 608.2h
        return f"{me} deals damage equal to its power to {_whom(body.get('to'), me, event_object)}"
    if key in ("gain_life", "lose_life") and body["amount"] == "its_power":
        who = "you gain" if key == "gain_life" else {"you": "you lose", "that": "that player loses",
                                                        "each_opponent": "each opponent loses"}[body.get("player", "each_opponent")]
        return f"{who} life equal to {me}'s power"
    if key == "remove_counters":  # 122.1 (issue 41)
        where = _whom(body.get("to", "itself"), me, event_object)
        if body["count"] == "that_many":
            return f"remove that many {body['kind']} counters from {where}"
        if body["count"] == "its_power":
            raise NoOracleWording("removing counters equal to its power")
        return f"remove {counters(body['kind'], body['count'])} from {where}"
    if key == "return_card":  # 400.7d (issue 41)
        what = "it" if body.get("object", "itself") == "itself" else event_object
        if body["to"] == "hand":
            return f"return {what} to its owner's hand"
        return f"return {what} to the battlefield under its owner's control"
    if key == "create_token":  # 111.4 (issue 41): "create a 1/1 white Soldier creature token"
        text = create_token({k: v for k, v in body.items() if k != "tokens"})
        return text[0].lower() + text[1:].removesuffix(".")
    if key == "draw":  # 121.1 (issue 40): "draw a card", "draw two cards"
        count = body.get("count", 1)
        return "draw a card" if count == 1 else f"draw {number_word(count)} cards"
    if key == "damage_target":  # 707.11, 201.5 (issue 40): Olivia Voldaren's
        return damage_target(body, me)
    if key == "damage":
        to = _whom(body.get("to"), me, event_object)
        return f"{me} deals {_amount(body['amount'], 'damage')} damage to {to}".replace(
            "that much damage damage", "that much damage")
    if key == "gain_life":
        return f"you gain {_amount(body['amount'], 'life')}" + ("" if body["amount"] == "that_many" else " life")
    if key == "lose_life":
        who = {"you": "you lose", "that": "that player loses", "each_opponent": "each opponent loses"}[
            body.get("player", "each_opponent")]
        return f"{who} {_amount(body['amount'], 'life')}" + ("" if body["amount"] == "that_many" else " life")
    if key == "modify_pt":
        p, t = body.get("power", 0), body.get("toughness", 0)
        if not (isinstance(p, int) and isinstance(t, int)):
            raise NoOracleWording("+N/+N by the event's amount")
        who = _whom(body.get("to", "itself"), me, event_object)
        return f"{who} gets {pt_change(p, t)} until end of turn"
    raise NoOracleWording(f"an ability's effect {key!r}")


def damage_target(body: Mapping[str, Any], me: str) -> str:
    """"this creature deals 1 damage to another target creature. That creature becomes a Vampire in
    addition to its other types. Put a +1/+1 counter on this creature" (issue 40, 707.11)."""
    text = f"{me} deals {body['amount']} damage to {'another ' if body.get('other') else ''}target creature"
    becomes = body.get("target_becomes")
    if becomes:
        kinds = list(becomes["add_subtypes"])
        article = "an" if kinds[0][0].lower() in "aeiou" else "a"
        text += f". That creature becomes {article} {' '.join(kinds)} in addition to its other types"
    if body.get("put_counters"):
        text += f". Put {counters(body['put_counters']['kind'], body['put_counters']['count'])} on {me}"
    return text


def activated(body: Mapping[str, Any], me: str = "this creature", render: Render = None) -> str:
    """An activated ability (CR 602.1): "{3}{B}{G}: This land becomes ... until end of turn."."""
    return sentence(f"{body['cost']}: {capital(ability_effect(body['effect'], me, render=render))}")


def loyalty_ability(body: Mapping[str, Any], me: str = "this planeswalker", render: Render = None) -> str:
    """A loyalty ability (CR 606.2): "+1: ...", "−2: ..." (the minus sign), "0: ..."."""
    if body.get("effect") is None:
        raise NoOracleWording("a loyalty ability with no effect", "Oracle text has none")
    cost = body["cost"]
    sign = f"+{cost}" if cost > 0 else (f"\u2212{-cost}" if cost < 0 else "0")
    return sentence(f"{sign}: {capital(ability_effect(body['effect'], me, render=render))}")


PLAYERS = {"you": "you", "opponent": "an opponent", "each": "a player"}


def trigger_condition(event: Mapping[str, Any], me: str) -> tuple[str, str]:
    """A trigger event's words (CR 603.2, 603.6a, 603.10a) and the words for the event's object:
    "When this creature enters" / "Whenever another creature enters", "that creature"."""
    (kind, body), = event.items()
    if kind in ("enters", "dies", "dealt_damage"):
        flt = dict(body)
        verb = {"enters": "enters", "dies": "dies", "dealt_damage": "is dealt damage"}[kind]
        if flt.pop("itself", False):
            return f"When {me} {verb}" if kind != "dealt_damage" else f"Whenever {me} {verb}", me
        who = describe(flt)
        noun = (flt.get("types") or ["permanent"])[0]
        return f"Whenever {who.a} {verb}", f"that {noun}"
    if kind in ("gains_life", "loses_life"):
        who = PLAYERS[body]
        verb = ("gain" if who == "you" else "gains") if kind == "gains_life" else ("lose" if who == "you" else "loses")
        return f"Whenever {who} {verb} life", "that player"
    if kind == "counters_put":
        on = dict(body["on"])
        where = me if on.pop("itself", False) else describe(on).a
        return f"Whenever one or more {body['kind']} counters are put on {where}", "that permanent"
    if kind == "cast":  # casting (issue 41): "Whenever you cast a creature spell" (601.2i)
        return _cast_condition(body), "that spell"
    return _more_conditions(kind, body, me)


STEP_WORDS = {"upkeep": "upkeep", "end": "end step"}
WHOSE = {"you": "your", "opponent": "each opponent's", "each": "each"}


def _more_conditions(kind: str, body: Any, me: str) -> tuple[str, str]:
    """The trigger events of issue 41: attacks (508.3a), combat damage to a player (510.3a), the
    beginning of a step (503.1a, 513.1a), turned face up (708.8), counters removed (122.1), damage
    prevented (615.5)."""
    if kind in ("attacks", "combat_damage_to_player", "turned_face_up"):
        flt = dict(body)
        verb = {"attacks": "attacks", "combat_damage_to_player": "deals combat damage to a player",
                "turned_face_up": "is turned face up"}[kind]
        that = "that player" if kind == "combat_damage_to_player" else None
        if flt.pop("itself", False):
            return f"{'When' if kind == 'turned_face_up' else 'Whenever'} {me} {verb}", that or me
        noun = (flt.get("types") or ["permanent"])[0]
        return f"Whenever {describe(flt).a} {verb}", that or f"that {noun}"
    if kind == "beginning_of_step":
        whose = WHOSE[body.get("player", "you")]
        return f"At the beginning of {whose} {STEP_WORDS[body['step']]}", "that player"
    if kind == "counters_removed":
        on = dict(body["on"])
        where = me if on.pop("itself", False) else describe(on).a
        return f"Whenever one or more {body['kind']} counters are removed from {where}", "that permanent"
    if kind == "damage_prevented":  # 615.5: "Whenever damage that would be dealt to ~ is prevented"
        flt = dict(body)
        if flt.pop("itself", False):
            return f"Whenever damage that would be dealt to {me} is prevented", me
        noun = (flt.get("types") or ["permanent"])[0]
        return f"Whenever damage that would be dealt to {describe(flt).a} is prevented", f"that {noun}"
    raise NoOracleWording(f"the trigger event {kind!r}")


_CASTERS = {"you": "you cast", "opponent": "an opponent casts", None: "a player casts"}


def _cast_condition(body: Mapping[str, Any]) -> str:
    """"Whenever you cast a [noncreature | red | creature] spell" (601.2i): one card type, non-types
    and one colour at most; the spell's controller is its caster."""
    flt = {k: v for k, v in body.items() if not (k == "zone" and v == "stack")}
    who = flt.pop("controller", None)
    types, nots, colors = flt.pop("types", []), flt.pop("not_types", []), flt.pop("colors", [])
    if flt or who not in _CASTERS or len(types) > 1 or len(colors) > 1:
        raise NoOracleWording(f"the cast filter {dict(body)}", "a caster (you, an opponent), one card type, one colour")
    words = [*(COLOR_WORDS[c] for c in colors), *(f"non{n}" for n in nots), *types, "spell"]
    return f"Whenever {_CASTERS[who]} {'an' if words[0][0] in 'aeiou' else 'a'} {' '.join(words)}"


_MANA_VALUE = {"you gain that much life": "you gain life equal to that spell's mana value",
               "loses that much life": "loses life equal to that spell's mana value",
               "deals that much damage to": "deals damage equal to that spell's mana value to"}
"""A cast trigger's ``that_many`` is the spell's mana value (202.3e): its words."""


def triggered(body: Mapping[str, Any], me: str = "this creature", render: Render = None) -> str:
    """A triggered ability (CR 603.1): "Whenever another creature enters, you gain 1 life.";
    without an event, its ``when`` as written ("At the beginning of your upkeep, ...")."""
    if body.get("event") is not None:
        condition, that = trigger_condition(body["event"], me)
    else:
        condition, that = capital(body["when"]), "that permanent"
    effect = ability_effect(body["effect"], me, event_object=that, render=render)
    if that == "that spell" and "that_many" in str(body["effect"]):  # 202.3e: the spell's mana value
        words = next((w for w in _MANA_VALUE if w in effect), None)
        if words is None:
            raise NoOracleWording("counters by a spell's mana value")
        effect = effect.replace(words, _MANA_VALUE[words])
    return sentence(f"{condition}, {effect}")
