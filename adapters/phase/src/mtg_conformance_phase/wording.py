"""Oracle text: the sentences the adapter writes for the suite's abilities and effects, and the
check that phase's Oracle parser reads each as it is meant.

Every :class:`Sentence` pairs the text ("Target creature gets +1/+0 until end of turn.",
"Creatures you control get +0/+2.", "This creature's power and toughness are each equal to the
number of creatures you control.") with the effect phase must parse it into. :func:`group` words
a ``to_each`` filter or a static ability's ``affects`` relative to "you" (CR 109.5);
:func:`static_sentence` words a static ability (604.2), :func:`cda_sentences` a
characteristic-defining ability (604.3, 208.2a). :func:`check_parse` compares a parsed face with
the sentences: text phase reads otherwise is unsupported, never run. The shared words (signed
P/T changes, colours, the phrases of a filter) are :mod:`conformance.oracle`'s; the templates
phase reads and the checks of its parse stay here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from conformance.errors import EngineGap, Unsupported
from conformance.results.compare import same_multiset
from conformance.oracle.objects import describe
from conformance.oracle import abilities as oracle_abilities, words as oracle_words

# --- Oracle text ------------------------------------------------------------------------------


signed = oracle_words.signed
"""One half of a +X/+Y: "+3", "-2", "-0" (:func:`conformance.oracle.words.signed`)."""
pt_change = oracle_words.pt_change
"""A +X/+Y as printed, "-0/-4" (:func:`conformance.oracle.words.pt_change`)."""


TARGET = {"type": "Typed", "type_filters": ["Creature"], "controller": None, "properties": []}
PARENT = {"type": "ParentTarget"}


COLOR_WORDS = oracle_words.COLOR_WORDS
"""The colours' words in Oracle text (CR 105.1, :mod:`conformance.oracle.words`); phase names them with a capital."""
NOUNS = {"creature": ("creature", "creatures"), "artifact": ("artifact", "artifacts"),
         "enchantment": ("enchantment", "enchantments"), "land": ("land", "lands"),
         "planeswalker": ("planeswalker", "planeswalkers"), "permanent": ("permanent", "permanents")}


@dataclass(frozen=True)
class Group:
    """The objects a ``to_each`` filter or a static ability's ``affects`` names, in Oracle words."""

    noun: str                   # "Creatures you control", "All creatures", "All noncreature artifacts", ...
    each: str                   # "each creature you control", "each creature", ...
    controller: str | None      # phase's reading: "You", "Opponent" or None
    other: bool = False
    kind: str = "creature"      # the card type named (CR 205.2a)
    non: str | None = None      # a card type excluded ("noncreature")
    color: str | None = None    # a colour required (CR 105.2)
    itself: bool = False        # the object with the ability alone ("This creature gets +1/+0.", 604.2)
    zone: str = "battlefield"   # or "graveyard": cards in every graveyard (a resolving effect's, CR 611.2c)
    subtype: str | None = None  # a creature type required ("each Wall creature", CR 205.3m)

    @property
    def filter(self) -> dict[str, Any]:
        if self.itself:
            return {"type": "SelfRef"}
        types: list[Any] = [self.kind.capitalize()]
        if self.subtype is not None:
            types.append({"Subtype": self.subtype})
        if self.non is not None:
            types.append({"Non": self.non.capitalize()})
        properties: list[dict[str, Any]] = []
        if self.zone != "battlefield":
            properties.append({"type": "InZone", "zone": self.zone.capitalize()})
        if self.color is not None:
            properties.append({"type": "HasColor", "color": COLOR_WORDS[self.color].capitalize()})
        if self.other:
            properties.append({"type": "Another"})
        return {"type": "Typed", "type_filters": types, "controller": self.controller, "properties": properties}


def group(flt: Mapping[str, Any], *, you: str, players: tuple[str, ...], static: bool) -> Group:
    """The Oracle words for a filter read relative to ``you`` (CR 109.5); raise Unsupported for a
    filter no template here expresses (one card type of permanents on the battlefield, perhaps
    "non-" one other card type and one colour, or creatures of one creature type, by controller; or, for a resolving effect, the
    cards of one card type in all graveyards: "All creature cards in all graveyards", fixed as it
    resolves, 611.2c, each a new object once it leaves, 400.7)."""
    extra = {k: v for k, v in flt.items() if v not in (None, False, [], ())}
    if static and extra.get("itself") and {**extra, "zone": "battlefield"} == {"zone": "battlefield", "itself": True}:
        # CR 604.2: a static ability of a creature on itself
        return Group("This creature", "this creature", None, itself=True)
    zone = extra.pop("zone", "battlefield")
    if zone == "graveyard" and not static and set(extra) == {"types"} and len(extra["types"]) == 1:
        kind = extra["types"][0]
        if kind in NOUNS and kind != "permanent":
            words = describe({"zone": "graveyard", "types": [kind]})
            return Group(words.all, words.each, None, kind=kind, zone="graveyard")
    types = list(extra.pop("types", [])) or ["permanent"]  # CR 110.1: no card type named, every permanent
    nots = list(extra.pop("not_types", []))
    colors = list(extra.pop("colors", []))
    controller = extra.pop("controller", None)
    other = extra.pop("other", False)
    subtypes = list(extra.pop("subtypes", []))
    if (zone != "battlefield" or len(types) != 1 or types[0] not in NOUNS or len(nots) > 1 or len(colors) > 1
            or (nots and (nots[0] not in NOUNS or nots[0] == types[0])) or extra
            or len(subtypes) > 1 or (subtypes and (types != ["creature"] or nots or colors))):
        raise Unsupported(f"no Oracle template here for the filter {dict(flt)} (only permanents on the battlefield of "
                          "one card type, perhaps not of another and of one colour, or creatures of one creature type, "
                          "by controller, are written)")
    if other and not static:
        raise Unsupported("'other' in a resolving effect's filter: a spell is not one of the objects")
    if controller is not None and controller not in ("you", "opponent"):
        if controller == you:
            controller = "you"
        elif len(players) == 2 and controller in players:
            controller = "opponent"
        else:
            raise Unsupported(f"a filter naming the player {controller!r} has no Oracle wording in a game of "
                              f"{len(players)} players")
    words = describe({"types": [t for t in types if t != "permanent"], "not_types": nots, "colors": colors,
                      "subtypes": subtypes, "controller": controller, "other": other})  # the words: conformance.oracle
    noun, each = words.all, words.each
    return Group(noun, each, {"you": "You", "opponent": "Opponent"}.get(controller), other, types[0],
                 nots[0] if nots else None, colors[0] if colors else None, subtype=subtypes[0] if subtypes else None)


@dataclass(frozen=True)
class Sentence:
    """One sentence of a spell's Oracle text and the effect phase must parse it into."""

    text: str
    expect: dict[str, Any]


ON_ANY_PERMANENT = ("modify_pt", "set_pt")
"""Effects written "Target permanent ..." when their object is no creature as the case declares it
(a Vehicle, CR 208.3a): they change its power and toughness once it is a creature (611.2c: the
object is fixed as the spell resolves); a doubling or a switch reads values it has not."""


def effect_sentence(kind: str, body: Mapping[str, Any], subject: str, grp: Group | None, *,
                    noun: str = "creature") -> Sentence:
    """The sentence of a resolving effect: ``subject`` is ``target`` (its first mention of the
    target, "Target ``noun``"), ``it`` (a later one) or ``each`` (a ``to_each`` set, ``grp``)."""
    if noun != "creature" and kind not in ON_ANY_PERMANENT:
        raise Unsupported(f"a {kind} step on a noncreature permanent has no Oracle wording here")
    target = {**TARGET, "type_filters": [noun.capitalize()]} if subject == "target" else PARENT
    if kind == "modify_pt":
        p, t = body.get("power", 0) or 0, body.get("toughness", 0) or 0
        amounts = {"power": {"type": "Fixed", "value": p}, "toughness": {"type": "Fixed", "value": t}}
        if subject == "each":
            return Sentence(f"{grp.noun} get {pt_change(p, t)} until end of turn.",
                            {"type": "PumpAll", **amounts, "target": grp.filter})
        who = f"Target {noun}" if subject == "target" else "It"
        return Sentence(f"{who} gets {pt_change(p, t)} until end of turn.", {"type": "Pump", **amounts, "target": target})
    if kind == "set_pt":
        p, t = body.get("power"), body.get("toughness")
        if p is None and t is None:
            raise Unsupported("a set_pt effect setting neither power nor toughness has no Oracle wording")
        if p is not None and t is not None:
            what, mods = f"base power and toughness {p}/{t}", [_mod("SetPower", p), _mod("SetToughness", t)]
        elif p is not None:
            what, mods = f"base power {p}", [_mod("SetPower", p)]
        else:
            what, mods = f"base toughness {t}", [_mod("SetToughness", t)]
        if subject == "each":
            return Sentence(f"{grp.noun} have {what} until end of turn.",
                            {"type": "GenericEffect", "target": None,
                             "static_abilities": [{"mode": "Continuous", "affected": grp.filter, "modifications": mods}]})
        expect = {"type": "GenericEffect",
                  "static_abilities": [{"mode": "Continuous", "affected": PARENT, "modifications": mods}]}
        if subject == "target":
            return Sentence(f"Target {noun} has {what} until end of turn.", {**expect, "target": target})
        # phase reads a later "It has ..." with no target of its own, affecting the parent's
        return Sentence(f"It has {what} until end of turn.", expect)
    if kind == "switch_pt":
        if subject == "each":
            raise EngineGap("phase's Oracle parser reads \"Switch the power and toughness of each creature ... until "
                              "end of turn\" as a switch of one target creature: no wording switches a set of creatures")
        # "that creature's", not "its": phase reads "its" after some sentences as the spell itself
        text = ("Switch target creature's power and toughness until end of turn." if subject == "target"
                else "Switch that creature's power and toughness until end of turn.")
        return Sentence(text, {"type": "SwitchPT", "target": target})
    if kind in ("double_pt", "triple_pt"):
        verb, factor = ("Double", 2) if kind == "double_pt" else ("Triple", 3)
        which = body["which"]
        words = {"power": "power", "toughness": "toughness", "both": "power and toughness"}[which]
        mode = {"power": "Power", "toughness": "Toughness", "both": "PowerAndToughness"}[which]
        if subject == "each":
            return Sentence(f"{verb} the {words} of {grp.each} until end of turn.",
                            {"type": "DoublePTAll", "mode": mode, "factor": factor, "target": grp.filter})
        whose = "target creature's" if subject == "target" else "that creature's"
        return Sentence(f"{verb} {whose} {words} until end of turn.",
                        {"type": "DoublePT", "mode": mode, "factor": factor, "target": target})
    raise Unsupported(f"no Oracle wording here for a {kind} step")


def _mod(kind: str, value: int) -> dict[str, Any]:
    return {"type": kind, "value": value}


def static_sentence(body: Mapping[str, Any], grp: Group) -> Sentence:
    """A static ability of a permanent (CR 604.2): "Creatures you control get +0/+2."."""
    effect = body["effect"]
    p, t = body.get("power"), body.get("toughness")
    for value in (p, t):
        if value is not None and not isinstance(value, int):
            raise Unsupported("a static ability whose amount is an expression has no Oracle wording here")
    get, have = ("gets", "has") if grp.itself else ("get", "have")
    if effect == "modify_pt":
        p, t = p or 0, t or 0
        text = f"{grp.noun} {get} {pt_change(p, t)}."
        mods = [_mod("AddPower", p), _mod("AddToughness", t)]
    elif effect == "set_pt":
        if p is not None and t is not None:
            text, mods = f"{grp.noun} {have} base power and toughness {p}/{t}.", [_mod("SetPower", p), _mod("SetToughness", t)]
        elif p is not None:
            text, mods = f"{grp.noun} {have} base power {p}.", [_mod("SetPower", p)]
        elif t is not None:
            text, mods = f"{grp.noun} {have} base toughness {t}.", [_mod("SetToughness", t)]
        else:
            raise Unsupported("a static set_pt ability setting neither value has no Oracle wording")
    else:
        raise EngineGap("phase's Oracle parser reads no static ability switching power and toughness "
                          "(\"Creatures you control have their power and toughness switched.\" is left unimplemented)")
    return Sentence(text, {"mode": "Continuous", "affected": grp.filter, "modifications": mods,
                           "characteristic_defining": False})


def quantity(expr: Any) -> tuple[str, dict[str, Any]]:
    """A characteristic-defining ability's expression (CR 208.2a) in Oracle words, and phase's reading."""
    if isinstance(expr, Mapping) and "count" in expr:
        flt = {k: v for k, v in expr["count"].items() if v not in (None, False, [], ())}
        zone = flt.pop("zone", "battlefield")
        types = list(flt.pop("types", []))
        if types == ["creature"] and zone == "battlefield" and set(flt) <= {"controller"}:
            controller = flt.get("controller")
            if controller == "you":
                return "the number of creatures you control", {"type": "Ref", "qty": {"type": "ObjectCount", "filter": {
                    "type": "Typed", "type_filters": ["Creature"], "controller": "You", "properties": []}}}
            if controller == "opponent":
                return "the number of creatures your opponents control", {"type": "Ref", "qty": {
                    "type": "ObjectCount", "filter": {"type": "Typed", "type_filters": ["Creature"],
                                                      "controller": "Opponent", "properties": []}}}
            if controller == "chosen":  # CR 208.2a: the player chosen as it entered (0 while none: .enters_choices)
                return "the number of creatures the chosen player controls", {"type": "Ref", "qty": {
                    "type": "ObjectCount", "filter": {"type": "Typed", "type_filters": ["Creature"],
                                                      "controller": "SourceChosenPlayer", "properties": []}}}
        if types == ["creature"] and zone == "graveyard" and flt == {"owner": "you"}:
            return "the number of creature cards in your graveyard", {"type": "Ref", "qty": {
                "type": "ZoneCardCount", "zone": "Graveyard", "card_types": ["Creature"], "scope": "Controller"}}
    if isinstance(expr, Mapping) and "card_types" in expr:  # CR 208.2a, 205.2a: Tarmogoyf's, every graveyard
        flt = {k: v for k, v in expr["card_types"].items() if v not in (None, False, [], ())}
        if flt.get("zone") in ("graveyard", ["graveyard"]) and set(flt) == {"zone"}:
            return "the number of card types among cards in all graveyards", {"type": "Ref", "qty": {
                "type": "DistinctCardTypes", "source": {"type": "Zone", "zone": "Graveyard", "scope": "All"}}}
    if isinstance(expr, Mapping) and expr.get("life") == "you":  # CR 119.1, 109.5: Serra Avatar's
        return "your life total", {"type": "Ref", "qty": {"type": "LifeTotal", "player": {"type": "Controller"}}}
    if isinstance(expr, Mapping) and "sum" in expr:
        terms = list(expr["sum"])
        constants = [t for t in terms if isinstance(t, int)]
        counts = [t for t in terms if not isinstance(t, int)]
        if len(counts) == 1 and len(constants) == 1 and constants[0] > 0:
            words, parsed = quantity(counts[0])
            return f"{constants[0]} plus {words}", {"type": "Offset", "inner": parsed, "offset": constants[0]}
    raise Unsupported(f"no Oracle wording here for the characteristic-defining expression {expr}")


def cda_sentences(body: Mapping[str, Any]) -> list[Sentence]:
    """"This creature's power and toughness are each equal to ..." (CR 604.3)."""
    power, toughness = body.get("power"), body.get("toughness")
    if power is not None and power == toughness:
        words, parsed = quantity(power)
        return [Sentence(f"This creature's power and toughness are each equal to {words}.",
                         {"mode": "Continuous", "characteristic_defining": True, "affected": {"type": "SelfRef"},
                          "modifications": [{"type": "SetDynamicPower", "value": parsed},
                                            {"type": "SetDynamicToughness", "value": parsed}]})]
    out = []
    for key, mod in (("power", "SetDynamicPower"), ("toughness", "SetDynamicToughness")):
        if body.get(key) is not None:
            words, parsed = quantity(body[key])
            out.append(Sentence(f"This creature's {key} is equal to {words}.",
                                {"mode": "Continuous", "characteristic_defining": True, "affected": {"type": "SelfRef"},
                                 "modifications": [{"type": mod, "value": parsed}]}))
    return out


def cda_colors_sentence(colors: list[str], types: list[str], name: str) -> Sentence:
    """"This creature is all colors." (Transguild Courier), "This creature is blue." (CR 604.3,
    105.2): phase's characteristic-defining ``SetColor`` on the object itself, in every zone."""
    me = oracle_words.self_reference(name, types)
    return Sentence(oracle_abilities.cda_colors(list(colors), me), {
        "mode": "Continuous", "characteristic_defining": True, "affected": {"type": "SelfRef"},
        "modifications": [{"type": "SetColor", "colors": [COLOR_WORDS[c].capitalize() for c in "WUBRG" if c in colors]}]})


def matches(expected: Any, actual: Any) -> bool:
    """``actual`` has everything ``expected`` gives (dicts: a subset of keys; lists: same length,
    in order, but one effect's ``modifications`` in any order: phase lists them in an order of its
    own, and each applies in its own layer, CR 613.1)."""
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and all(
            k in actual and (same_multiset(v, actual[k], matches) if k == "modifications" else matches(v, actual[k]))
            for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            matches(e, a) for e, a in zip(expected, actual))
    return expected == actual


def spell_effects(face: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The effects of a parsed spell face, in order (its ability and the chain of sub-abilities)."""
    abilities = face.get("abilities") or []
    if len(abilities) != 1:
        return []
    out, ability = [], abilities[0]
    while ability:
        if ability.get("kind") != "Spell":
            return []
        out.append(ability.get("effect"))
        ability = ability.get("sub_ability")
    return out


def check_parse(face: Mapping[str, Any], text: str, *, spell: list[Sentence] = (), statics: list[Sentence] = (),
                unimplemented: bool = False, activated: list[Mapping[str, Any]] = (),
                replacements: list[Sentence] = (), triggers: list[Mapping[str, Any]] = ()) -> None:
    """Raise Unsupported unless phase's parser read ``text`` as the sentences mean (and an
    object's abilities given as Oracle text as phase reads them alone, ``activated``)."""
    if unimplemented:
        raise EngineGap(f"phase's Oracle parser leaves part of {text!r} unimplemented")
    if spell:
        effects = spell_effects(face)
        expected = [s.expect for s in spell]
        if len(effects) != len(expected) or not all(matches(e, a) for e, a in zip(expected, effects)):
            raise EngineGap(f"phase's Oracle parser does not read {text!r} as written: it reads "
                              f"{[e.get('type') if isinstance(e, Mapping) else e for e in effects]}")
    parsed = face.get("static_abilities") or []
    if len(parsed) != len(statics) or not all(matches(s.expect, a) for s, a in zip(statics, parsed)):
        raise EngineGap(f"phase's Oracle parser does not read {text!r} as written: it reads "
                          f"{json.dumps(parsed)[:300]}")
    parsed = face.get("replacements") or []
    if len(parsed) != len(replacements) or not all(matches(s.expect, a) for s, a in zip(replacements, parsed)):
        raise EngineGap(f"phase's Oracle parser does not read {text!r} as written: it reads replacements "
                          f"{json.dumps(parsed)[:300]}")
    parsed = face.get("triggers") or []  # CR 603.1: triggered abilities (.trigger_lines)
    if len(parsed) != len(triggers) or not all(matches(e, a) for e, a in zip(triggers, parsed)):
        raise EngineGap(f"phase's Oracle parser does not read the triggered abilities of {text!r} as written: it "
                          f"reads {json.dumps(parsed)[:300]}")
    if not spell and (face.get("abilities") or []) != list(activated):
        raise EngineGap(f"phase's Oracle parser reads more into {text!r} than it says")
