"""Oracle text for what an object becomes (CR 613.1d-e, 205.1a-b): the sentences of a ``become``
step's spell and of a static ability's ``becomes``, each paired with the modifications phase's
parser must read from it (:class:`.wording.Sentence`, checked by :func:`.wording.check_parse`).

Written: card types, subtypes and supertypes "in addition to its other types" (205.1b); creature
types set ("becomes a Goblin": its creature types are replaced, its other subtypes stay, 205.1a);
colours set (105.2, "becomes white and blue", "becomes colorless"); one card type set on one
object ("loses all card types and becomes an artifact", 205.1a); base power and toughness (layer
7b, as :func:`.wording.effect_sentence` writes them; a static ability's each equal to its mana
value). Not written, so unsupported: several card types set, or on several objects (phase reads
"becomes an artifact creature" as types added, not as the card types replaced that 205.1a says),
supertypes set, subtypes set to non-creature types, control by a static ability. Abilities (layer
6, 613.1f): "loses all abilities", and gaining or losing the keywords of :data:`KEYWORDS` and the
protections of :data:`.combat_plan.PROTECTION_PARSES` ("gains protection from red", 702.16a). A
static ability's parts are one sentence, one effect (613.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.combat_plan import protection_keyword
from mtg_conformance_phase.wording import COLOR_WORDS, PARENT, Group, Sentence, _mod
from conformance.errors import Unsupported
from conformance.format.subtypes import kind_of
from conformance.oracle.changes import predicates, subtype_plural
from conformance.oracle.errors import NoOracleWording

TYPE_ORDER = ("legendary", "basic", "snow", "world")
"""Supertypes in the order printed before card types (CR 205.4a)."""
CARD_TYPE_ORDER = ("artifact", "enchantment", "land", "creature")

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
    """The parts of a change as (the predicate for one object, "becomes red", the words after
    "are"/"become" for several objects or None when there are none here, phase's modifications),
    in the order of their layers; raise Unsupported for a part with no wording here."""
    if change.get("supertypes") is not None or (static and change.get("gain_control")):
        key = "supertypes" if change.get("supertypes") is not None else "gain_control"
        raise Unsupported(f"an effect changing {key!r} has no Oracle wording here that phase reads as the CR means "
                          "(205.1a, 613.1b, 613.1f)")
    parts: list[tuple[str, str | None, list[dict[str, Any]]]] = []
    if change.get("types") is not None:
        parts.append(types_set_part(change))
    subtypes = change.get("subtypes")
    if subtypes is not None:
        if not subtypes or any(kind_of(s) != "creature" for s in subtypes):
            raise Unsupported("subtypes set other than creature types have no Oracle wording here")
        parts.append(("becomes " + _article(" ".join(subtypes)), None, [
            {"type": "RemoveAllSubtypes", "set": "Creature"}, *({"type": "AddSubtype", "subtype": s} for s in subtypes)]))
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
        many = _plural_types(supers, subs, types)
        parts.append(("becomes " + one + " in addition to its other types",
                      None if many is None else many + " in addition to their other types", mods))
    if change.get("colors") is not None:
        words, names = _colors(list(change["colors"]))
        parts.append(("becomes " + words, words, [{"type": "SetColor", "colors": names}]))
    return parts


def _plural_types(supers: list[str], subs: list[str], types: list[str]) -> str | None:
    """Types added to several objects (CR 205.1b): "artifacts", "legendary", "Elves", "Elf
    creatures"; None for a subtype with no plural here (:func:`conformance.oracle.changes.subtype_plural`)."""
    if types:
        return " ".join([*supers, *subs, *types]) + "s"
    if not subs:
        return " ".join(supers)
    try:
        return " ".join([*supers, *subs[:-1], subtype_plural(subs[-1])])
    except NoOracleWording:
        return None


def types_set_part(change: Mapping[str, Any]) -> tuple[str, None, list[dict[str, Any]]]:
    """Card types set (CR 205.1a: the new card type replaces the old ones) for one object: "loses
    all card types and becomes an artifact", phase's ``SetCardTypes``. phase reads "becomes an
    artifact creature" as types added (205.1b), and "... an artifact and a creature" as the first
    only: one card type only, alone in its change; for several objects (no wording phase reads)
    unsupported."""
    types = list(change["types"])
    if len(types) != 1 or types[0] not in CARD_TYPE_ORDER or change.get("add_types") or change.get("subtypes") is not None:
        raise Unsupported(f"an effect changing 'types' to {types} has no Oracle wording here that phase reads as the CR "
                          "means (205.1a: only one card type set, alone, is written)")
    return (f"loses all card types and becomes {_article(types[0])}", None,
            [{"type": "SetCardTypes", "core_types": [types[0].capitalize()]}])


MANA_VALUE = {"type": "Ref", "qty": {"type": "ObjectManaValue", "scope": {"type": "Recipient"}}}
"""phase's reading of "their mana value" said of each object a static ability affects (CR 202.3)."""


def static_pt_part(change: Mapping[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """Layer 7b of a static ability's change (CR 613.4b) as its predicate and phase's
    modifications: "have base power and toughness 1/1" (Humility), "... each equal to their mana
    value" (Opalescence, March of the Machines: each affected object's own, 202.3); other
    expressions raise Unsupported."""
    p, t = change.get("power"), change.get("toughness")
    if p is None and t is None:
        return [], []
    if isinstance(p, int) and isinstance(t, int):
        return [f"have base power and toughness {p}/{t}"], [_mod("SetPower", p), _mod("SetToughness", t)]
    if p == t == "mana_value":
        return (["have base power and toughness each equal to their mana value"],
                [{"type": "SetPowerDynamic", "value": MANA_VALUE}, {"type": "SetToughnessDynamic", "value": MANA_VALUE}])
    raise Unsupported("a change setting power or toughness to an expression other than each object's mana value, or "
                      "only one of them, has no Oracle wording here")


def _plural(one: str, many: str | None) -> str:
    if many is None:
        if one.startswith("loses all card types"):
            raise Unsupported("card types set on several objects at once have no Oracle wording here that phase reads "
                              "as the CR means (205.1a)")
        raise Unsupported("subtypes given to several objects at once have no Oracle wording here (plural creature "
                          "types)")
    return many


def become_sentences(change: Mapping[str, Any], subject: str, grp: Group | None) -> list[Sentence]:
    """A resolving effect's sentences: ``subject`` is ``target`` ("Target permanent becomes red
    until end of turn.", later parts "It becomes ...") or ``each`` (``grp``: "All creatures become
    red until end of turn.", one part only: each sentence would lock its own set, CR 611.2c)."""
    parts = change_parts(change)
    abilities = ability_parts(change)
    for key in ("power", "toughness"):
        if change.get(key) is not None and not isinstance(change[key], int):
            raise Unsupported("a change setting power or toughness to an expression has no Oracle wording here")
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
            text = f"{grp.noun} become {_plural(words, many)} until end of turn."
            out.append(Sentence(text, {"type": "GenericEffect", "target": None, "static_abilities": [
                {"mode": "Continuous", "affected": grp.filter, "modifications": mods}]}))
            continue
        first = not out and subject == "target"
        who = "Target permanent" if first else "It"
        expect: dict[str, Any] = {"type": "GenericEffect", "static_abilities": [
            {"mode": "Continuous", "affected": PARENT, "modifications": mods}]}
        if first:
            expect["target"] = {"type": "Typed", "type_filters": ["Permanent"], "controller": None, "properties": []}
        out.append(Sentence(f"{who} {words} until end of turn.", expect))
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
    """A static ability's "becomes" (CR 604.2, 613.1d-f, 613.4b) as one sentence, one effect
    (613.6: it keeps applying in later layers to the set it started with): "All creatures are
    black.", "Creatures you control are legendary in addition to their other types.", "All
    creatures lose all abilities and have base power and toughness 1/1." (Humility), "Other
    enchantments are creatures in addition to their other types and have base power and toughness
    each equal to their mana value." (Opalescence); control (613.1b: "You control all artifacts",
    phase leaves unimplemented) is unsupported."""
    if grp.itself:
        raise Unsupported("a static ability changing its own object's characteristics other than P/T has no wording here")
    if change.get("supertypes") is not None:
        return supertypes_set_sentences(change, grp)
    parts = change_parts(change, static=True)
    abilities = ability_parts(change)
    pt_words, pt_mods = static_pt_part(change)
    said = [*(f"are {_plural(one, many)}" for one, many, _ in parts), *(static for _, _, static, _ in abilities),
            *pt_words]
    if not said:
        raise Unsupported("a static ability changing nothing has no Oracle wording")
    mods = [*(m for _, _, ms in parts for m in ms), *(m for *_, ms in abilities for m in ms), *pt_mods]
    return [Sentence(f"{grp.noun} {predicates(said)}.", {"mode": "Continuous", "affected": grp.filter,
                                                        "modifications": mods, "characteristic_defining": False})]


TYPE_KEYS = ("types", "add_types")


def _changes_types(node: Any, skip: Mapping[str, Any]) -> bool:
    """Whether ``node`` (part of a case) holds a change of card types other than ``skip`` (a
    ``become``/``becomes`` with types set or added; ``skip``'s own step has only its items) or a
    copy (layer 1 gives copiable types)."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            if "copy" in str(key):
                return True
            if key in ("become", "becomes") and isinstance(value, Mapping) and any(
                    value.get(k) not in (None, [], ()) for k in TYPE_KEYS) and not all(
                    skip.get(k) == v for k, v in value.items()):
                return True
            if _changes_types(value, skip):
                return True
    elif isinstance(node, list):
        return any(_changes_types(v, skip) for v in node)
    return False


def types_set_on_each(change: Mapping[str, Any], flt: Mapping[str, Any], grp: Group,
                      case: Mapping[str, Any] | None) -> Sentence:
    """Card types set on each object of a filter (CR 205.1a, 611.2c), with base power and toughness
    (613.4b): the CR's own example, "All noncreature artifacts become 2/2 artifact creatures until
    end of turn." (613.6). phase reads it as the types added (205.1b), which is the same only when
    no object it can find has a card type beyond them: written only when nothing else in the case
    changes card types or copies, and every object of the case with the filter's card types (and
    none it excludes) is printed with no other card type; otherwise unsupported."""
    if case is None:
        raise Unsupported("card types set on several objects with no case to check them against (205.1a)")
    types = [t for t in CARD_TYPE_ORDER if t in change["types"]]
    p, t = change.get("power"), change.get("toughness")
    rest = {k for k in ("gain_control", "add_types", "add_subtypes", "add_supertypes", "gains", "loses",
                        "loses_all_abilities") if change.get(k) not in (None, False, [], ())}
    rest |= {k for k in ("subtypes", "supertypes", "colors") if change.get(k) is not None}  # [] sets them too
    if (len(types) != len(change["types"]) or not types or rest or (p is None) != (t is None)
            or not all(isinstance(v, int) or v is None for v in (p, t))):
        raise Unsupported("card types set on several objects at once, with other changes, have no Oracle wording here "
                          "that phase reads as the CR means (205.1a)")
    if _changes_types({"objects": case.get("objects"), "steps": case.get("steps")}, change):
        raise Unsupported("card types set on several objects in a case where something else changes card types or "
                          "copies: phase reads the wording as types added (205.1b), which could then differ (205.1a)")
    cards = [spec.get("card") or {} for spec in (case.get("objects") or {}).values()]
    cards += [dict(body["card"]) for step in case.get("steps") or () for kind, body in step.items()
              if kind == "create_token" and isinstance(body.get("card"), Mapping)]
    wanted, excluded = set(flt.get("types") or ()), set(flt.get("not_types") or ())
    for card in cards:
        printed = set(card.get("types") or ())
        if wanted <= printed and not printed & excluded and not printed <= set(types):
            raise Unsupported(f"card types set to {types} on each object of a filter that an object printed "
                              f"{sorted(printed)} may meet: phase reads the wording as types added (205.1b, 205.1a)")
    size = f"{p}/{t} " if p is not None else ""
    mods = [*({"type": "AddType", "core_type": k.capitalize()} for k in types),
            *([_mod("SetPower", p), _mod("SetToughness", t)] if p is not None else [])]
    return Sentence(f"{grp.noun} become {size}{' '.join(types)}s until end of turn.", {
        "type": "GenericEffect", "target": None,
        "static_abilities": [{"mode": "Continuous", "affected": grp.filter, "modifications": mods}]})


def supertypes_set_sentences(change: Mapping[str, Any], grp: Group) -> list[Sentence]:
    """Supertypes set by a static ability (CR 205.1a, 613.1d), alone in its change: "All creatures
    are snow." and "All creatures are no longer legendary." for every other supertype a card has
    here (:data:`TYPE_ORDER`, the supertypes this adapter prints), phase reading no sentence
    that says both. Several sentences are several effects with the source's one timestamp: the
    same as one, since each changes a supertype of its own and none changes which objects the
    filter (card types, subtypes, colours, controller: never supertypes) finds (613.6, 613.8)."""
    supers = list(change["supertypes"])
    rest = {k for k, v in change.items() if k not in ("supertypes", "subtypes", "colors") and v not in (None, False, [], ())}
    rest |= {k for k in ("subtypes", "colors") if change.get(k) is not None}  # [] sets them too
    if rest or set(supers) - set(TYPE_ORDER):
        raise Unsupported("an effect changing 'supertypes' with other changes has no Oracle wording here that phase "
                          "reads as the CR means (205.1a, 613.1d)")
    out = [Sentence(f"{grp.noun} are {s}.", {"mode": "Continuous", "affected": grp.filter, "characteristic_defining": False,
                                              "modifications": [{"type": "AddSupertype", "supertype": s.capitalize()}]})
           for s in TYPE_ORDER if s in supers]
    out += [Sentence(f"{grp.noun} are no longer {s}.", {
        "mode": "Continuous", "affected": grp.filter, "characteristic_defining": False,
        "modifications": [{"type": "RemoveSupertype", "supertype": s.capitalize()}]}) for s in TYPE_ORDER if s not in supers]
    return out
