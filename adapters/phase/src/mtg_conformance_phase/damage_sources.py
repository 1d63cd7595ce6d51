"""Damage doublers (CR 701.10g, 614.1a) and damage dealt by the scenario's own source (120.3).

A ``double_damage`` ability is written as the Oracle sentence of the real cards it models
(Furnace of Rath's "If a source would deal damage to a permanent or player, it deals double that
damage to that permanent or player instead."; "a source you control", "a creature you control",
"an instant spell you control" for its ``by`` filter), checked against phase's parse (a
``DamageDone`` replacement doubling, with that ``damage_source_filter``).

In a case with a doubler, whose effect depends on the damage's source, the damage must come from
the scenario's source itself, not from a spell standing in for it: a permanent source deals it
with an activated ability printed on its card for the purpose, "{0}: NAME deals 3 damage to
target creature." (CR 113.7: the source of an ability's damage is the object with the ability;
{0}, no tap, so nothing else about the permanent changes), activated by its controller and
resolved in phase's game; a spell on the stack is still the synthesized instant cast by its
controller, which is exactly "an instant spell you control" (so only instant sources, with no
colour in any filter). The added ability changes nothing the case observes (abilities are not
reported, and cases copying a damage source are refused).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtg_conformance_phase.damage_modifiers import modify_damage_sentence
from mtg_conformance_phase.protected_recipients import each_filter, each_recipient, is_protected
from mtg_conformance_phase.redirection import has_redirection
from mtg_conformance_phase.static_prevention import static_prevention_sentence
from mtg_conformance_phase.unpreventable import RESTRICTION, unpreventable_sentences
from mtg_conformance_phase.wording import TARGET, Sentence, group
from conformance.errors import EngineGap, Unsupported

DOUBLE = {"event": "DamageDone", "mode": {"type": "Mandatory"}, "valid_card": None, "condition": None,
          "damage_modification": {"type": "Double"}}


def _zones(value: Any) -> frozenset[str]:
    return frozenset([value] if isinstance(value, str) else value or ("battlefield",))


def _source_words(oid: str, by: Mapping[str, Any] | None) -> tuple[str, dict[str, Any] | None]:
    """The sources a doubler covers in Oracle words, and phase's ``damage_source_filter``."""
    if by is None:
        return "a source", None
    flt = {k: v for k, v in by.items() if v not in (None, False, [], ())}
    zones = _zones(flt.pop("zone", "battlefield"))
    types = list(flt.pop("types", []))
    if flt.pop("controller", None) != "you" or flt:
        raise Unsupported(f"object {oid!r}: a damage doubler for the sources {dict(by)} has no Oracle wording here")
    if zones == {"battlefield", "stack"} and not types:
        return "a source you control", {"type": "Typed", "type_filters": [], "controller": "You", "properties": []}
    if zones == {"battlefield"} and types in ([], ["creature"]):
        noun = "a creature" if types else "a permanent"
        return f"{noun} you control", {"type": "Typed", "type_filters": ["Creature" if types else "Permanent"],
                                       "controller": "You", "properties": []}
    if zones == {"stack"} and types == ["instant"]:
        return "an instant spell you control", {"type": "Typed", "type_filters": ["Instant"], "controller": "You",
                                                "properties": []}
    raise Unsupported(f"object {oid!r}: a damage doubler for the sources {dict(by)} has no Oracle wording here")


def double_damage_sentence(oid: str, body: Mapping[str, Any]) -> Sentence:
    words, source_filter = _source_words(oid, body.get("by"))
    text = (f"If {words} would deal damage to a permanent or player, it deals double that damage to that "
            "permanent or player instead.")
    expect = dict(DOUBLE)
    if source_filter is not None:
        expect["damage_source_filter"] = source_filter
    return Sentence(text, expect)


def check_damage_replacements(face: Mapping[str, Any], sentences: list[Sentence]) -> None:
    """A doubler for every source has no ``damage_source_filter`` in phase's reading."""
    for sentence, parsed in zip(sentences, face.get("replacements") or ()):
        if sentence.expect.get("event") == "DamageDone" and "damage_source_filter" not in sentence.expect \
                and parsed.get("damage_source_filter") is not None:
            raise EngineGap(f"phase's Oracle parser reads {sentence.text!r} with a source filter")


def has_damage_doublers(case: Mapping[str, Any]) -> bool:
    """Whether the damage of the case must come from its own sources: a damage doubler or
    modifier, a static prevention of some sources' damage (615.1), a redirection of a chosen
    source's damage (614.9, .redirection), a protection (whose quality is the source's, 702.16e),
    or a keyword that changes what a source's damage does (lifelink, deathtouch, infect, wither:
    702.15b, 702.2b, 702.90b-c, 702.80a), on a card or given by an effect, or a prevention step of
    some sources' damage (615.1, .plain_spells), depends on the source."""
    return any("double_damage" in ability or "modify_damage" in ability or "protection" in ability
               or ability.get("keyword") in SOURCE_KEYWORDS
               or (ability.get("prevent_damage") or {}).get("by") is not None  # a source filter (.static_prevention)
               for spec in case["objects"].values() for ability in spec.get("card", {}).get("abilities", ())) or \
        any(kw in str(step) for step in case.get("steps", ()) for kw in (*SOURCE_KEYWORDS, "'protection'")) or \
        any((body or {}).get("by") is not None for body in _steps_of(case.get("steps", ()), "prevent_damage")) or \
        has_redirection(case)


SOURCE_KEYWORDS = ("lifelink", "deathtouch", "infect", "wither")

PERMANENT_KEYWORDS = frozenset({"flying", "reach", "vigilance", "haste", "indestructible", "first strike",
                                "double strike", "defender", "menace", "trample"})
"""Keywords that do nothing for an instant or sorcery dealing damage from the stack: they are about
attacking and blocking (702.9b flying, 702.17b reach, 702.20b vigilance, 702.10b haste, 702.3b
defender, 702.111b menace), combat damage (702.7b first strike, 702.4b double strike, 702.19b
trample) or a permanent's destruction (702.12b indestructible). A spell standing in for such a
source leaves them out."""


def card_kinds_read(case: Mapping[str, Any]) -> bool:
    """Whether an ability or a step of the case could tell an instant source from a sorcery (a
    protection from instants or sorceries, 702.16a; a filter naming those card types). Where none
    does, a sorcery on the stack dealing damage is stood in for by an instant of its colours and
    keywords, which its controller can cast whoever's turn it is (307.1: a sorcery only in its
    controller's main phase, with the stack empty)."""
    said = str([[a for a in spec["card"].get("abilities", ())] for spec in case["objects"].values()]) + str(case["steps"])
    return "instant" in said or "sorcer" in said


def damage_steps(steps: list[Mapping[str, Any]]):
    """The ``damage`` steps of ``steps``, those inside ``together`` steps too."""
    yield from _steps_of(steps, "damage")


def _steps_of(steps: list[Mapping[str, Any]], wanted: str):
    for step in steps:
        (kind, body), = step.items()
        if kind == "together":
            yield from _steps_of(body, wanted)
        elif kind == wanted:
            yield body


@dataclass(frozen=True)
class Recipient:
    """Who a permanent's own damage ability deals a step's damage to: its words in the ability's
    text, whether it targets, and phase's reading of the effect (amount aside, JSON)."""

    words: str
    targeted: bool
    effect: str


def _recipient(words: str, effect: Mapping[str, Any], *, targeted: bool = False) -> Recipient:
    return Recipient(words, targeted, json.dumps(effect, sort_keys=True))


def recipient_words(case: Mapping[str, Any], body: Mapping[str, Any]) -> Recipient:
    """"target player", "target creature", "target planeswalker", a protected creature's words
    (.protected_recipients), or several recipients (CR 120.3, one event): "each player", "each
    creature you control" (the filter read from the source's controller, 109.5), "each creature
    and each player" (Pestilence's words). Damage that can't be prevented (615.12) to any of
    them begins with the restriction's sentence (.unpreventable; phase's reading of both sentences
    is checked with the card's parse, :func:`activated_expectation`), but not to several
    recipients beside protection (.unpreventable)."""
    to, each, players = body.get("to"), body.get("to_each"), bool(body.get("to_each_player"))
    if to is not None and (each is not None or players):
        raise Unsupported("damage from a permanent's own ability to an object or player and to others too has no "
                          "wording here")
    if to in case["players"]:
        return _recipient("target player", {"type": "DealDamage", "target": {"type": "Player"}}, targeted=True)
    if to is not None:
        words = each_recipient(case, body)
        if words is not None:
            return _recipient(words, {"type": "DamageAll", "target": each_filter(words)})
        kind = recipient_kind(case, to)
        return _recipient(f"target {kind}", {"type": "DealDamage", "target": {**TARGET, "type_filters": [kind.capitalize()]}},
                          targeted=True)
    if each is None:
        return _recipient("each player", {"type": "DamageEachPlayer", "player_filter": {"type": "All"}})
    if any(is_protected(case, oid) for oid in case["objects"]):
        raise Unsupported("damage to each object a filter names in a case with protection: not told apart from the "
                          "protected creature's own wording here")
    source = case["objects"][body["source"]]
    grp = group(each, you=source.get("controller") or source["owner"], players=tuple(case["players"]), static=False)
    effect = {"type": "DamageAll", "target": grp.filter}
    if players:
        return _recipient(f"{grp.each} and each player", {**effect, "player_filter": {"type": "All"}})
    return _recipient(grp.each, effect)


def recipient_kind(case: Mapping[str, Any], oid: str) -> str:
    """The card type a damage spell's or ability's target is named by: "creature" (a creature, a
    planeswalker creature too) or "planeswalker" (CR 120.3c); as it starts (checked again when
    the damage is dealt)."""
    types = case["objects"][oid]["card"].get("types", ()) if oid in case["objects"] else ("creature",)
    return "planeswalker" if "planeswalker" in types and "creature" not in types else "creature"


def stand_in_sentence(case: Mapping[str, Any], players: tuple[str, ...], body: Mapping[str, Any], name: str,
                      caster: str) -> Sentence:
    """The sentence of the spell ``name`` standing in for a damage event's source (CR 120.3), cast
    by ``caster``: "NAME deals 3 damage to target creature." (or "target planeswalker", 120.3c),
    "... to target player." (120.3a), "... to each creature you control." (the filter read from
    the caster, 109.5), "... to each player."."""
    amount = {"type": "Fixed", "value": body["amount"]}
    if body.get("to_each") is not None:
        grp = group(body["to_each"], you=caster, players=players, static=False)
        if grp.zone != "battlefield" or grp.kind == "permanent":  # CR 120.1: not to cards, nor to any permanent
            raise Unsupported(f"damage to each object of the filter {dict(body['to_each'])} has no wording here")
        return Sentence(f"{name} deals {body['amount']} damage to {grp.each}.",
                        {"type": "DamageAll", "amount": amount, "target": grp.filter})
    if body.get("to_each_player"):
        return Sentence(f"{name} deals {body['amount']} damage to each player.",
                        {"type": "DamageEachPlayer", "amount": amount, "player_filter": {"type": "All"}})
    if body["to"] in players:
        return Sentence(f"{name} deals {body['amount']} damage to target player.",
                        {"type": "DealDamage", "amount": amount, "target": {"type": "Player"}})
    kind = recipient_kind(case, body["to"])
    return Sentence(f"{name} deals {body['amount']} damage to target {kind}.",
                    {"type": "DealDamage", "amount": amount, "target": {**TARGET, "type_filters": [kind.capitalize()]}})


def source_ability_text(name: str, amount: int, recipient: Recipient, unpreventable: bool = False) -> str:
    """"{0}: NAME deals 3 damage to target creature.", beginning with Skullcrack's sentence where
    the damage can't be prevented (CR 615.12, .unpreventable)."""
    first = RESTRICTION.text + " " if unpreventable else ""
    return f"{{0}}: {first}{name} deals {amount} damage to {recipient.words}."


def source_abilities(case: Mapping[str, Any]) -> dict[str, list[tuple[int, Recipient, bool]]]:
    """For each permanent source of a damage event in a case with a doubler, the (amount,
    recipient, can't be prevented) triples its printed damage abilities must cover, in a fixed
    order."""
    if not has_damage_doublers(case):
        return {}
    out: dict[str, list[tuple[int, Recipient, bool]]] = {}
    for body in damage_steps(case["steps"]):
        spec = case["objects"][body["source"]]
        if spec["zone"] == "stack":
            continue
        if any("enters_as_copy" in a for s in case["objects"].values() for a in s["card"].get("abilities", ())):
            raise Unsupported("a damage source's printed damage ability in a case with copy effects (a copy would get it)")
        triple = (body["amount"], recipient_words(case, body), bool(unpreventable_sentences(case, body)))  # CR 615.12
        if triple not in out.setdefault(body["source"], []):
            out[body["source"]].append(triple)
    return out


def activated_expectation(amount: int, recipient: Recipient, text: str, unpreventable: bool = False) -> dict[str, Any]:
    """phase's reading of "{0}: NAME deals N damage to target creature." (NAME read as ``~``), the
    damage a sub-ability of the restriction where it can't be prevented."""
    damage = {**json.loads(recipient.effect), "amount": {"type": "Fixed", "value": amount}}
    cost = {"type": "Mana", "cost": {"type": "Cost", "shards": [], "generic": 0}}
    if unpreventable:
        return {"kind": "Activated", "effect": RESTRICTION.expect, "cost": cost,
                "sub_ability": {"kind": "Spell", "effect": damage, "sub_ability": None}}
    return {"kind": "Activated", "effect": damage, "cost": cost}


@dataclass
class Activation:
    """A permanent dealing damage with its own activated ability: its controller activates the
    ability (its text) targeting ``target`` (an object) or ``target_player``, or dealing it to
    ``only``, a protected creature its text names without targeting (.protected_recipients)."""

    source: str
    text: str
    target: str | None
    target_player: str | None
    order: tuple[str, ...] = ()
    orders: tuple[tuple[str, tuple[Any, ...]], ...] = ()  # (affected, its order) for several affected (616.1)
    unpreventable: bool = False  # the damage can't be prevented (615.12, .unpreventable)
    only: str | None = None  # the protected creature its words name without targeting (.protected_recipients)


ORDERED = ("double_damage", "modify_damage", "prevent_damage")
"""The abilities an order may name, one an object (.damage_modifiers, .static_prevention): phase offers each as
a replacement of its object, told apart by the object."""

SHIELD_NAME = "<shield>"  # the order's prevention shield (.counter_order.SHIELD in the game)
REDIRECTION_NAME = "<redirection>"  # the order's redirection, one at most here (.counter_order.REDIRECTION)


def damage_order(case: Mapping[str, Any], body: Mapping[str, Any], shields: Mapping[str, str]) -> tuple[str, ...]:
    """The affected player's scripted order (CR 616.1, 616.1e-f) of the doublers (objects with one
    ``double_damage`` ability each), prevention shields (``shields``: a ``prevent_damage`` step's
    id -> the spell that made it, phase's source of the shield) and the redirection (614.9, by its
    ``redirect_damage`` step's id); any other effect in the order is unsupported. An order for several affected objects or players is :func:`damage_orders`."""
    order = body.get("order") or {}
    if not order or len(order) != 1:
        return ()
    (_, names), = order.items()
    return _order_names(case, names, shields)


def damage_orders(case: Mapping[str, Any], body: Mapping[str, Any],
                  shields: Mapping[str, str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """CR 616.1: in one event dealing damage to several objects or players, each affected object's
    controller (or the affected player) orders the effects on it: (affected, its order) for an
    order naming several of them; () otherwise (:func:`damage_order`)."""
    order = body.get("order") or {}
    if len(order) < 2:
        return ()
    if any(name in shields for names in order.values() for name in names):
        raise Unsupported("orders of replacement effects for several affected objects or players naming a prevention "
                          "shield: phase's shields cannot be told apart in its prompt")
    return tuple((affected, _order_names(case, names, shields)) for affected, names in order.items())


def _order_names(case: Mapping[str, Any], names: Any, shields: Mapping[str, str]) -> tuple[Any, ...]:
    names = _without_protection(case, names, shields)
    out = []  # several shields are told apart only where phase offers one of them (.counter_order)
    redirections = {step["redirect_damage"].get("id") for step in case["steps"] if "redirect_damage" in step}
    for name in names:
        if name in shields:
            out.append(SHIELD_NAME)
            continue
        if name in redirections:  # CR 614.9, 616.1: the one redirection a case here has (.redirection)
            out.append(REDIRECTION_NAME)
            continue
        oid, _, ability = name.partition(".")
        spec = _copied(case, oid)
        own = [a for a in spec["card"].get("abilities", ()) if set(a) & set(ORDERED)] if spec else []
        # keywords about attacking, blocking or combat damage, and triggered abilities, make no replacement effect
        # phase offers (PERMANENT_KEYWORDS; CR 603.1)
        rest = [a for a in spec["card"].get("abilities", ()) if a.get("keyword") not in PERMANENT_KEYWORDS
                and "triggered" not in a] if spec else []
        if spec is not None and len(own) == len(rest) > 1:
            out.append((oid, ability_text(oid, spec, own, ability, name)))
            continue
        if len(own) != 1 or len(rest) != 1 or ability not in ("", *own[0]):
            raise Unsupported(f"the order names {name!r}: only objects with a damage doubler, modifier or static "
                              "prevention alone are ordered here")
        out.append(oid)
    return tuple(out)


def _copied(case: Mapping[str, Any], oid: str) -> Mapping[str, Any] | None:
    """The object whose abilities ``oid`` has: itself; for an object whose one ability is to enter
    as a copy and which the case makes enter as a copy of X, or for a token a step creates as a
    copy of X, X (CR 707.2: the copiable values, its abilities among them)."""
    spec = case["objects"].get(oid)
    if spec is None:  # a token copy of X a create_token step names (CR 111.1, 707.2)
        of = {step["create_token"].get("copy_of") for step in case["steps"] if "create_token" in step
              and oid in (step["create_token"].get("token"), *(step["create_token"].get("tokens") or ()))}
        return case["objects"].get(next(iter(of))) if len(of) == 1 and None not in of else None
    if [next(iter(a)) for a in spec["card"].get("abilities", ())] != ["enters_as_copy"]:
        return spec
    choices = [spec.get("choices") or {}] + [step["move"].get("choices") or {} for step in case["steps"]
                                             if "move" in step and step["move"]["object"] == oid]
    chosen = {copy if isinstance(copy, str) else tuple(copy) for c in choices if (copy := c.get("copy"))}
    (one,) = chosen if len(chosen) == 1 else (None,)
    one = one[0] if isinstance(one, tuple) and len(one) == 1 else one
    return case["objects"].get(one, spec) if isinstance(one, str) else spec


def _without_protection(case: Mapping[str, Any], names: list[str], shields: Mapping[str, str]) -> list[str]:
    """An order naming an object's protection (CR 616.1: its prevention, 702.16e, is one of the
    effects ordered) among doublers and modifiers only: protection prevents all the damage
    whether they apply before it or after it (nothing is left to modify, 614.7a), so the order
    among them and it changes nothing, and phase applies it its own way; it is left out of the
    order phase's prompt is answered with. Beside other prevention (a shield, a static
    prevention, whose amount prevented would depend on it) it is refused."""
    def only_protection(name: str) -> bool:
        oid, _, ability = name.partition(".")
        abilities = case["objects"].get(oid, {}).get("card", {}).get("abilities", ())
        return ability in ("", "protection") and [a for a in abilities if set(a) & {*ORDERED, "protection"}] == [
            a for a in abilities if "protection" in a] != []

    if not any(only_protection(name) for name in names):
        return list(names)
    rest = [name for name in names if not only_protection(name)]
    for name in rest:
        oid, _, _ = name.partition(".")
        kinds = {k for a in case["objects"].get(oid, {}).get("card", {}).get("abilities", ()) for k in a}
        if name in shields or "prevent_damage" in kinds or not kinds & {"double_damage", "modify_damage"}:
            raise Unsupported(f"an order naming a protection beside {name!r}: only beside damage doublers and "
                              "modifiers is the order without effect (CR 616.1, 702.16e)")
    return rest


def ability_text(oid: str, spec: Mapping[str, Any], own: list[Mapping[str, Any]], ability: str, name: str) -> str:
    """One of an object's several doublers, modifiers and static preventions (``OBJ.KEY``, or
    ``OBJ.KEY.N`` the Nth of that key, from 1), named in an order: its Oracle sentence, which is
    how phase's prompt tells the object's replacement effects apart (CR 616.1). Only sentences
    not naming the object (phase writes its name as ``~`` there)."""
    key, _, index = ability.partition(".")
    matching = [a[key] for a in own if key in a]
    if not matching or (not index and len(matching) != 1) or (index and not (
            index.isdigit() and 1 <= int(index) <= len(matching))):
        raise Unsupported(f"the order names {name!r}, which is not one of {oid!r}'s abilities told apart here")
    body = matching[int(index) - 1 if index else 0]
    card_name = spec["card"].get("name") or ""
    if key == "double_damage":
        text = double_damage_sentence(oid, body).text
    elif key == "modify_damage":
        text = modify_damage_sentence(oid, body).text
    else:
        text = static_prevention_sentence(oid, card_name or oid, body).text
    if len({str(a) for a in own}) != len(own) or (card_name and card_name in text) or oid in text:
        raise Unsupported(f"the order names {name!r}: phase's prompt cannot tell that ability of {oid!r} apart")
    return text
