"""Oracle text for what an object becomes (CR 613.1d-e, 205.1a-b): the sentences of a ``become``
step's spell and of a static ability's ``becomes``, each paired with the modifications phase's
parser must read from it (:class:`.wording.Sentence`, checked by :func:`.wording.check_parse`).

Written: card types, subtypes and supertypes "in addition to its other types" (205.1b); creature
types set ("becomes a Goblin": its creature types are replaced, its other subtypes stay, 205.1a);
colours set (105.2, "becomes white and blue", "becomes colorless"); base power and toughness
(layer 7b, as :func:`.wording.effect_sentence` writes them). Not written, so unsupported: card types
or supertypes set (phase reads "becomes an artifact creature" as types added, not as the card
types replaced that 205.1a says), subtypes set to non-creature types, control. Abilities (layer 6,
613.1f): "loses all abilities", and gaining or losing the keywords of :data:`KEYWORDS` and the
protections of :data:`.combat_plan.PROTECTION_PARSES` ("gains protection from red", 702.16a).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.engines.adapters.phase.combat_plan import protection_keyword
from conformance.engines.adapters.phase.wording import COLOR_WORDS, PARENT, Group, Sentence, _mod
from conformance.errors import Unsupported
from conformance.format.subtypes import kind_of

TYPE_ORDER = ("legendary", "basic", "snow", "world")
"""Supertypes in the order printed before card types (CR 205.4a)."""
CARD_TYPE_ORDER = ("artifact", "enchantment", "land", "creature")

UNWRITTEN = ("types", "supertypes")
CONTROL = Sentence("Gain control of target permanent until end of turn.", {
    "type": "GainControl", "target": {"type": "Typed", "type_filters": ["Permanent"], "controller": None, "properties": []}})
"""Layer 2 (CR 613.1b): the effect's controller, who casts the spell, gains control of its target
(Act of Treason's wording); only as a resolving effect on one target, the first sentence."""

KEYWORDS = {"flying": "Flying", "reach": "Reach", "vigilance": "Vigilance", "haste": "Haste",
            "lifelink": "Lifelink", "deathtouch": "Deathtouch", "indestructible": "Indestructible",
            "first strike": "FirstStrike", "double strike": "DoubleStrike", "defender": "Defender", "menace": "Menace",
            "trample": "Trample", "infect": "Infect", "wither": "Wither"}
"""Keywords a card may have and an effect may give or take away here (CR 702.9, 702.17, 702.20,
702.10, 702.7, 702.4, 702.3, 702.111, 702.19: no meaning in the scenarios this adapter runs, no combat
being played; 702.15b lifelink,
702.2b deathtouch, 702.12b indestructible, 702.90b-c infect, 702.80a wither: phase's own, with damage
dealt by the source itself, :mod:`.damage_sources`, or in phase's combat): an
``AddKeyword``/``RemoveKeyword`` modification in layer 6 (613.1f)."""


KEYWORD_LINES = {"first strike": "First strike", "double strike": "Double strike"}
"""A keyword's line on a card where it is not phase's name (CR 702.7, 702.4)."""


def ability_parts(change: Mapping[str, Any]) -> list[tuple[str, str, str, list[dict[str, Any]]]]:
    """The layer-6 parts of a change (CR 613.1f) as (predicate for one object, for several with a
    duration, for a static ability, phase's modifications): "loses all abilities", "gains flying",
    "loses flying"; raise Unsupported for other abilities."""
    parts = []
    if change.get("loses_all_abilities"):
        if change.get("gains"):
            raise Unsupported("losing all abilities and gaining some in one effect has no Oracle wording here")
        parts.append(("loses all abilities", "lose all abilities", "lose all abilities",
                      [{"type": "RemoveAllAbilities"}]))
    for key, (one, many, static, mod) in (("gains", ("gains", "gain", "have", "AddKeyword")),
                                          ("loses", ("loses", "lose", "lose", "RemoveKeyword"))):
        for ability in change.get(key) or ():
            if isinstance(ability, Mapping) and set(ability) == {"protection"}:  # CR 702.16a, phase's reading checked
                words, reading = protection_keyword("the effect", ability["protection"])
                parts.append((f"{one} {words.lower()}", f"{many} {words.lower()}", f"{static} {words.lower()}",
                              [{"type": mod, "keyword": reading}]))
                continue
            keyword = ability.get("keyword") if isinstance(ability, Mapping) and len(ability) == 1 else None
            if keyword not in KEYWORDS:
                raise Unsupported(f"an effect that {one} {ability}: only the keywords {sorted(KEYWORDS)} are written here")
            word = keyword.lower()
            parts.append((f"{one} {word}", f"{many} {word}", f"{static} {word}",
                          [{"type": mod, "keyword": KEYWORDS[keyword]}]))
    return parts


def _article(words: str) -> str:
    return ("an " if words[0].lower() in "aeiou" else "a ") + words


def _colors(colors: list[str]) -> tuple[str, list[str]]:
    """"red", "white and blue", "white, blue, and black", "colorless" and phase's colour names."""
    words = [COLOR_WORDS[c] for c in "WUBRG" if c in colors]
    if not words:
        text = "colorless"
    elif len(words) <= 2:
        text = " and ".join(words)
    else:
        text = ", ".join(words[:-1]) + ", and " + words[-1]
    return text, [w.capitalize() for w in words]


def change_parts(change: Mapping[str, Any], *, static: bool = False) -> list[tuple[str, str | None, list[dict[str, Any]]]]:
    """The parts of a change as (words after "becomes", words after "are"/"become" for several
    objects or None when there are none here, phase's modifications), in the order of their
    layers; raise Unsupported for a part with no wording here."""
    for key in (*UNWRITTEN, *(("gain_control",) if static else ())):
        if change.get(key) not in (None, False, [], ()):
            raise Unsupported(f"an effect changing {key!r} has no Oracle wording here that phase reads as the CR means "
                              "(205.1a, 613.1b, 613.1f)")
    parts: list[tuple[str, str | None, list[dict[str, Any]]]] = []
    subtypes = change.get("subtypes")
    if subtypes is not None:
        if not subtypes or any(kind_of(s) != "creature" for s in subtypes):
            raise Unsupported("subtypes set other than creature types have no Oracle wording here")
        parts.append((_article(" ".join(subtypes)), None, [{"type": "RemoveAllSubtypes", "set": "Creature"},
                                                           *({"type": "AddSubtype", "subtype": s} for s in subtypes)]))
    supers = [s for s in TYPE_ORDER if s in (change.get("add_supertypes") or ())]
    subs = list(change.get("add_subtypes") or ())
    types = [t for t in CARD_TYPE_ORDER if t in (change.get("add_types") or ())]
    unknown = (set(change.get("add_types") or ()) - set(CARD_TYPE_ORDER)) | (
        set(change.get("add_supertypes") or ()) - set(TYPE_ORDER))
    if unknown:
        raise Unsupported(f"adding the types {sorted(unknown)} has no Oracle wording here")
    if supers or subs or types:
        mods = [*({"type": "AddSupertype", "supertype": s.capitalize()} for s in supers),
                *({"type": "AddSubtype", "subtype": s} for s in subs),
                *({"type": "AddType", "core_type": t.capitalize()} for t in types)]
        nouns = [*subs, *types]
        one = " ".join([*supers, *nouns])
        if nouns:
            one = _article(one)
        many = None if subs else " ".join([*supers, *types]) + ("s" if types else "")
        parts.append((one + " in addition to its other types",
                      None if many is None else many + " in addition to their other types", mods))
    if change.get("colors") is not None:
        words, names = _colors(list(change["colors"]))
        parts.append((words, words, [{"type": "SetColor", "colors": names}]))
    for key in ("power", "toughness"):
        if change.get(key) is not None and not isinstance(change[key], int):
            raise Unsupported("a change setting power or toughness to an expression has no Oracle wording here")
    return parts


def _plural(many: str | None) -> str:
    if many is None:
        raise Unsupported("subtypes given to several objects at once have no Oracle wording here (plural creature "
                          "types)")
    return many


def become_sentences(change: Mapping[str, Any], subject: str, grp: Group | None) -> list[Sentence]:
    """A resolving effect's sentences: ``subject`` is ``target`` ("Target permanent becomes red
    until end of turn.", later parts "It becomes ...") or ``each`` (``grp``: "All creatures become
    red until end of turn.", one part only: each sentence would lock its own set, CR 611.2c)."""
    parts = change_parts(change)
    abilities = ability_parts(change)
    pt = [_mod("SetPower", change["power"])] if change.get("power") is not None else []
    pt += [_mod("SetToughness", change["toughness"])] if change.get("toughness") is not None else []
    if subject == "each" and len(parts) + len(abilities) + bool(pt) + bool(change.get("gain_control")) != 1:
        raise Unsupported("an effect on each object a filter matches changing several things has no single Oracle "
                          "sentence here (each sentence would fix its own set, CR 611.2c)")
    out = []
    if change.get("gain_control"):  # CR 613.1b: layer 2, "Gain control of target permanent" (CONTROL)
        if subject != "target":
            raise Unsupported("gaining control of each object a filter matches, or as a later part of one spell, has "
                              "no Oracle wording here")
        out.append(CONTROL)
    for words, many, mods in parts:
        if subject == "each":
            text = f"{grp.noun} become {_plural(many)} until end of turn."
            out.append(Sentence(text, {"type": "GenericEffect", "target": None, "static_abilities": [
                {"mode": "Continuous", "affected": grp.filter, "modifications": mods}]}))
            continue
        first = not out and subject == "target"
        who = "Target permanent" if first else "It"
        expect: dict[str, Any] = {"type": "GenericEffect", "static_abilities": [
            {"mode": "Continuous", "affected": PARENT, "modifications": mods}]}
        if first:
            expect["target"] = {"type": "Typed", "type_filters": ["Permanent"], "controller": None, "properties": []}
        out.append(Sentence(f"{who} becomes {words} until end of turn.", expect))
    for one, many, _, mods in abilities:  # CR 613.1f: layer 6
        if subject == "each":
            out.append(Sentence(f"{grp.noun} {many} until end of turn.", {"type": "GenericEffect", "target": None,
                                "static_abilities": [{"mode": "Continuous", "affected": grp.filter, "modifications": mods}]}))
            continue
        first = not out and subject == "target"
        expect = {"type": "GenericEffect", "static_abilities": [
            {"mode": "Continuous", "affected": PARENT, "modifications": mods}]}
        if first:
            expect["target"] = {"type": "Typed", "type_filters": ["Permanent"], "controller": None, "properties": []}
        out.append(Sentence(f"{'Target permanent' if first else 'It'} {one} until end of turn.", expect))
    if pt:
        p, t = change.get("power"), change.get("toughness")
        what = (f"base power and toughness {p}/{t}" if p is not None and t is not None
                else f"base power {p}" if p is not None else f"base toughness {t}")
        if subject == "each":
            out.append(Sentence(f"{grp.noun} have {what} until end of turn.", {"type": "GenericEffect", "target": None,
                       "static_abilities": [{"mode": "Continuous", "affected": grp.filter, "modifications": pt}]}))
        elif not out and subject == "target":
            out.append(Sentence(f"Target creature has {what} until end of turn.", {"type": "GenericEffect",
                       "target": {"type": "Typed", "type_filters": ["Creature"], "controller": None, "properties": []},
                       "static_abilities": [{"mode": "Continuous", "affected": PARENT, "modifications": pt}]}))
        else:
            out.append(Sentence(f"It has {what} until end of turn.", {"type": "GenericEffect", "static_abilities": [
                {"mode": "Continuous", "affected": PARENT, "modifications": pt}]}))
    if not out:
        raise Unsupported("a become step changing nothing has no Oracle wording")
    return out


def static_change_sentences(change: Mapping[str, Any], grp: Group) -> list[Sentence]:
    """A static ability's "becomes" (CR 604.2, 613.1d-e): "All creatures are black.", "Creatures
    you control are legendary in addition to their other types.", one sentence a part (control,
    613.1b: "You control all artifacts", phase leaves unimplemented: unsupported)."""
    parts = change_parts(change, static=True)
    abilities = ability_parts(change)
    if change.get("power") is not None or change.get("toughness") is not None:
        raise Unsupported("a static ability setting power and toughness with other changes has no wording here")
    if not parts and not abilities:
        raise Unsupported("a static ability changing nothing has no Oracle wording")
    return [*(Sentence(f"{grp.noun} are {_plural(many)}.",
                       {"mode": "Continuous", "affected": grp.filter, "modifications": mods,
                        "characteristic_defining": False}) for _, many, mods in parts),
            *(Sentence(f"{grp.noun} {static}.", {"mode": "Continuous", "affected": grp.filter, "modifications": mods,
                                                 "characteristic_defining": False}) for _, _, static, mods in abilities)]
