"""Cards: each scenario object becomes an MTGJSON-shaped card (its printed characteristics and the
Oracle text :mod:`.wording` writes for its abilities), turned into a card face by
``phase.build_oracle_face``, phase's own Oracle parser, and checked against what its text means;
each effect, damage event or life change is a synthesized instant costing {0} (a card with no
mana cost cannot be cast, CR 118.6). Real cards the golden cases name keep their true Oracle
facts (:data:`.bindings.REAL_CARDS`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
import dataclasses
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from mtg_conformance_phase import changeling
from mtg_conformance_phase.bindings import CARD_TYPES, FILLER, OBJECT_PREFIX, REAL_CARDS, SUPERTYPES, _phase
from mtg_conformance_phase.changes import KEYWORD_LINES, KEYWORDS, static_change_sentences
from mtg_conformance_phase.combat_plan import (COMBAT_KEYWORDS, block_additional_sentence, phase_keyword,
                                                              protection_keyword)
from mtg_conformance_phase.copies import enters_as_copy_sentence
from mtg_conformance_phase.counters import (check_counter_replacements, counter_replacement_sentence,
                                                         enters_with_sentence)
from mtg_conformance_phase.ability_lines import multiply_mana_sentence, printed_ability_lines
from mtg_conformance_phase.activated_lines import ActivatedAbility, activated_lines
from mtg_conformance_phase.enters_choices import choose_sentence, pt_choice_sentences
from mtg_conformance_phase.face_down import check_face_down, morph_keyword
from mtg_conformance_phase.inert import stand_in
from mtg_conformance_phase.damage_sources import (Recipient, activated_expectation, check_damage_replacements,
                                                               double_damage_sentence, source_ability_text)
from mtg_conformance_phase.trigger_lines import trigger_line
from mtg_conformance_phase.damage_modifiers import check_damage_modifiers, modify_damage_sentence
from mtg_conformance_phase.life_replacements import (cant_gain_life_sentence, cant_lose_sentence, check_life_replacements,
                                                                  double_life_gain_sentence, double_life_loss_sentences)
from mtg_conformance_phase.static_prevention import check_static_prevention, static_prevention_sentence
from mtg_conformance_phase.tokens import check_token_replacements, token_replacement_sentence
from mtg_conformance_phase.wording import (Sentence, cda_colors_sentence, cda_sentences, check_parse, group,
                                                      matches, static_sentence)
from conformance.errors import EngineGap, Unsupported
from conformance.oracle import abilities as oracle_abilities

# --- cards --------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _build_face(source: str) -> tuple[dict[str, Any], bool]:
    """phase's card face for an MTGJSON-shaped card given as JSON (shared: never modify it), and
    whether phase's parser left any of it unimplemented."""
    face = _phase().build_oracle_face(json.loads(source), None)
    return face, "Unimplemented" in json.dumps(face)


def mtgjson(name: str, *, types: list[str], text: str = "", subtypes: tuple = (), supertypes: tuple = (),
            colors: tuple = (), power: Any = None, toughness: Any = None, mana_cost: str | None = "{0}",
            mana_value: int = 0) -> dict[str, Any]:
    """An MTGJSON atomic card (the keys ``build_oracle_face`` reads)."""
    type_line = " ".join([*supertypes, *types])
    if subtypes:
        type_line += " — " + " ".join(subtypes)
    card: dict[str, Any] = {
        "name": name, "layout": "normal", "identifiers": {}, "colors": list(colors), "colorIdentity": list(colors),
        "manaValue": mana_value, "type": type_line, "types": list(types), "subtypes": list(subtypes),
        "supertypes": list(supertypes), "text": text,
    }
    if mana_cost is not None:
        card["manaCost"] = mana_cost
    if power is not None or toughness is not None:
        card["power"] = str(power if power is not None else 0)
        card["toughness"] = str(toughness if toughness is not None else 0)
    return card


@dataclass(frozen=True)
class CardPlan:
    """A card of the scenario: its MTGJSON source (as JSON) and its face as phase parsed it."""

    name: str
    source: str
    face: dict[str, Any]
    activated: Mapping[str, ActivatedAbility] = field(default_factory=dict)  # by name (.activated_lines)

    @classmethod
    def build(cls, card: Mapping[str, Any], text: str, *, spell: list[Sentence] = (),
              statics: list[Sentence] = (), activated: list[dict[str, Any]] = (),
              replacements: list[Sentence] = (), triggers: list[dict[str, Any]] = ()) -> CardPlan:
        source = json.dumps(card, sort_keys=True)
        face, unimplemented = _build_face(source)
        check_parse(face, text, spell=spell, statics=statics, unimplemented=unimplemented, activated=activated,
                    replacements=replacements, triggers=triggers)
        return cls(card["name"], source, face)


def object_card(oid: str, spec: Mapping[str, Any], index: int, *, you: str, players: tuple[str, ...],
                damage: list[tuple[int, str, bool]] = (), case: Mapping[str, Any] | None = None) -> CardPlan:
    """The card of a scenario object: printed characteristics and synthesized Oracle text (and,
    for a permanent that deals damage in a case with a damage doubler, its damage abilities
    ``damage``: (amount, recipient, can't be prevented) triples, :mod:`.damage_sources`)."""
    card = spec["card"]
    name = card.get("name") or f"{OBJECT_PREFIX}{index}"
    if spec.get("face_down"):  # CR 708.2a: put there face down as the case starts (.face_down)
        check_face_down(oid, spec)
    unknown = {k for k, v in card.items() if v not in (None, [], ())} - {
        "name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "abilities", "mana_cost", "loyalty"}
    if unknown:
        raise Unsupported(f"object {oid!r}: card characteristics {sorted(unknown)} are not realised by this adapter")
    types = list(card.get("types", []))
    if not types or any(t not in CARD_TYPES for t in types):
        raise Unsupported(f"object {oid!r}: card types {types} (this adapter makes {sorted(CARD_TYPES)})")
    if any(s not in SUPERTYPES for s in card.get("supertypes", [])):
        raise Unsupported(f"object {oid!r}: supertypes {card.get('supertypes')}")
    statics: list[Sentence] = []
    replacements: list[Sentence] = []
    keywords: list[str] = []  # as printed (First strike, Protection from red)
    parsed: list[Any] = []  # how phase must read each keyword
    printed: list[str] = []
    triggers: list[tuple[str, dict[str, Any]]] = []
    labelled: list[Sentence] = []  # the static abilities of a choice of power and toughness (208.2b)
    for ability in card.get("abilities", []):
        (key, body), = ability.items()
        if key == "text":  # real Oracle text, as printed: phase reads it (see text_abilities)
            printed.append(body)
        elif key == "cda_pt":
            if "creature" not in types:
                raise Unsupported(f"object {oid!r}: a characteristic-defining P/T ability on a noncreature card")
            statics.extend(cda_sentences(body))
        elif key == "cda_colors":  # CR 604.3, 105.2: Transguild Courier's "This creature is all colors."
            statics.append(cda_colors_sentence(body, types, name))
        elif key == "static":  # CR 604.2, 613.1d-e: "All creatures are black."
            statics.extend(static_change_sentences(body["becomes"], group(body["affects"], you=you, players=players,
                                                                          static=True)))
        elif key == "enters_as_copy":  # CR 707.5, 614.1c: Clone's wording (.copies)
            replacements.append(enters_as_copy_sentence(oid, body, types))
        elif key == "counter_replacement":  # CR 614.1a: Doubling Season, Hardened Scales (.counters)
            replacements.append(counter_replacement_sentence(oid, body))
        elif key == "enters_with_counters":  # CR 614.1c, 122.6 (.counters; the move: .entering)
            replacements.append(enters_with_sentence(oid, name, body))
        elif key == "token_replacement":  # CR 614.1a: Parallel Lives, Primal Vigor (.tokens)
            replacements.append(token_replacement_sentence(oid, body, case))
        elif key == "as_enters_choose":  # CR 614.12: "As this creature enters, choose an opponent." (.enters_choices)
            replacements.append(choose_sentence(oid, body, types))
        elif key == "as_enters_pt":  # CR 208.2b: Aquamorph Entity's choice of P/T (.enters_choices)
            replacement, chosen = pt_choice_sentences(oid, body, types, case)
            replacements.append(replacement)
            labelled.extend(chosen)  # phase lists them after the card's other static abilities
        elif key == "double_damage":  # CR 701.10g, 614.1a: Furnace of Rath (.damage_sources)
            replacements.append(double_damage_sentence(oid, body))
        elif key == "double_life_gain":  # CR 614.1a: Boon Reflection, Rhox Faithmender (.life_replacements)
            replacements.append(double_life_gain_sentence(oid, body))
        elif key == "double_life_loss":  # CR 614.1a, 120.3a: Bloodletter of Aclazotz (.life_replacements)
            replacements.extend(double_life_loss_sentences(oid, body))
        elif key == "cant_lose":  # CR 104.3b: Platinum Angel (.life_replacements)
            statics.append(cant_lose_sentence(oid, body))
        elif key == "cant_gain_life":  # CR 119.7: Sulfuric Vortex, Erebos (.life_replacements)
            statics.append(cant_gain_life_sentence(oid, body))
        elif key == "prevent_damage":  # CR 615.1, 615.5: partial prevention, the Hydras (.static_prevention)
            replacements.append(static_prevention_sentence(oid, name, body, case))
        elif key == "modify_damage":  # CR 614.1a, 701.11: Fiery Emancipation, Torbran (.damage_modifiers)
            replacements.append(modify_damage_sentence(oid, body))
        elif key == "keyword":  # CR 702: a keyword, phase's from the card's keywords (.changes.KEYWORDS)
            if body == "changeling":  # CR 702.73a: every creature type, the CR's list in phase's (.changeling)
                keywords.append(changeling.KEYWORD)
                parsed.append(changeling.KEYWORD)
                continue
            if body not in KEYWORDS and body not in COMBAT_KEYWORDS:
                raise Unsupported(f"object {oid!r}: the keyword {body!r} is not realised by this adapter")
            keywords.append(KEYWORD_LINES.get(body) or body.capitalize())
            parsed.append(phase_keyword(keywords[-1]))
        elif key == "morph":  # CR 702.37a: "Morph {2}{B}{B}", phase's keyword (.face_down)
            keywords.append(oracle_abilities.morph(body))
            parsed.append(morph_keyword(oid, body))
        elif key == "block_additional":  # CR 509.1a (.combat_plan)
            statics.append(block_additional_sentence(oid, body))
        elif key == "protection":  # CR 702.16: phase's own, in combat only (.combat_plan.check_protection)
            words, reading = protection_keyword(oid, body)
            keywords.append(words)
            parsed.append(reading)
        elif key == "static_pt":
            if (body.get("affects") or {}).get("itself") and "creature" not in types:
                raise Unsupported(f"object {oid!r}: a static ability on itself of a noncreature card has no wording here")
            statics.append(static_sentence(body, group(body["affects"], you=you, players=players, static=True)))
        elif key == "multiply_mana":  # CR 106.6a, 614.1a: Mana Reflection (.mana)
            replacements.append(multiply_mana_sentence(oid, body))
        elif key in ("mana_ability", "loyalty_ability", "activated"):  # CR 605.1a, 606 (.ability_lines), 602
            pass
        elif key == "triggered":  # CR 603.1: "Whenever another creature enters, ..." (.trigger_lines)
            triggers.append(trigger_line(oid, body, types, len(triggers)))
        else:
            raise Unsupported(f"object {oid!r}: the ability {key!r} is not realised by this adapter")
    printed = [text if _activated_only(text) else stand_in(text) for text in printed]  # no meaning here (.inert)
    statics.extend(labelled)
    activated = [*intrinsic_mana_abilities(oid, name, card), *text_abilities(oid, printed)]
    damage_texts = [source_ability_text(name, *triple) for triple in damage]
    activated = [*activated, *damage_abilities(oid, name, damage, damage_texts)]
    own_texts, own_abilities = printed_ability_lines(oid, name, card, activated, case,
                                                      build=_build_face, mtgjson=mtgjson)  # mana and loyalty abilities
    activated = [*activated, *own_abilities]
    ability_texts, abilities, activations = activated_lines(oid, name, card, len(activated), case, build=_build_face,
                                                            mtgjson=mtgjson)  # CR 602: "{X}: ..." (.activated_lines)
    activated = [*activated, *abilities]
    text = "\n".join([*keywords, " ".join(s.text for s in statics if s.text), *(s.text for s in replacements), *printed,
                      *damage_texts, *own_texts, *ability_texts, *(t for t, _ in triggers)]).strip("\n")
    power, toughness = card.get("power"), card.get("toughness")
    if "creature" in types and (power is None or toughness is None):
        raise Unsupported(f"object {oid!r}: a creature card without printed power and toughness")
    facts = mtgjson(name, types=[CARD_TYPES[t] for t in types], text=text, subtypes=tuple(card.get("subtypes", [])),
                    supertypes=tuple(SUPERTYPES[s] for s in card.get("supertypes", [])),
                    colors=tuple(card.get("colors", [])), power=power, toughness=toughness,
                    mana_cost=card.get("mana_cost"))
    if keywords:
        facts["keywords"] = [k.split(" from ")[0].split(" {")[0] for k in keywords]  # "Morph {2}{B}{B}": Morph
    if ("planeswalker" in types) != (card.get("loyalty") is not None):  # CR 209.1, 306.5b
        raise Unsupported(f"object {oid!r}: a printed loyalty on a card that is not a planeswalker, or a planeswalker "
                          "without one")
    if card.get("loyalty") is not None:
        if not isinstance(card["loyalty"], int):
            raise Unsupported(f"object {oid!r}: a loyalty of {card['loyalty']!r}")
        facts["loyalty"] = str(card["loyalty"])
        if card["loyalty"] > 0:  # CR 306.5b: its intrinsic "enters with" ability, in its own words (.counters)
            if any("enters_with_counters" in a for a in card.get("abilities", ())):
                raise Unsupported(f"object {oid!r}: a planeswalker entering with other counters too")
            loyalty = enters_with_sentence(oid, name, {"loyalty": card["loyalty"]})
            replacements.append(loyalty)
            text = "\n".join(t for t in (text, loyalty.text) if t)
            facts["text"] = text
    real = REAL_CARDS.get(name)
    if real is not None and all(facts.get(k) == v for k, v in real.items() if k not in ("manaCost", "manaValue")):
        if facts.get("manaCost") not in (None, real["manaCost"]):
            raise Unsupported(f"object {oid!r}: a mana cost that is not {name}'s")
        facts.update(manaCost=real["manaCost"], manaValue=real["manaValue"])
    elif facts.get("manaCost") is not None:
        facts["manaValue"] = mana_value(oid, facts["manaCost"])
    if changeling.KEYWORD in keywords:  # CR 604.3: phase's own characteristic-defining ability, after the text's
        statics = [*statics, changeling.CDA]
    built = CardPlan.build(facts, text, statics=statics, activated=activated, replacements=replacements,
                           triggers=[e for _, e in triggers])
    check_counter_replacements(built.face, replacements)
    check_damage_replacements(built.face, replacements)
    check_token_replacements(built.face, replacements)
    check_life_replacements(built.face, replacements)
    check_static_prevention(built.face, replacements)
    check_damage_modifiers(built.face, replacements)
    read = list(built.face.get("keywords") or ())
    if _multiset([k for k in read if not (printed and _keyword_name(k) in TEXT_KEYWORDS)]) != _multiset(parsed):
        # Crew from its text; in any order (phase puts a protection, read from the text, after the others)
        raise EngineGap(f"object {oid!r}: phase reads its keywords as {built.face.get('keywords')}, not {keywords}")
    return dataclasses.replace(built, activated=activations) if activations else built


MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")


def mana_value(oid: str, cost: str) -> int:
    """The mana value of a mana cost (CR 202.3): a generic symbol counts its number, a coloured or
    colourless symbol one, X zero (202.3e); other symbols are unsupported here."""
    symbols = MANA_SYMBOL.findall(cost)
    if "".join(f"{{{s}}}" for s in symbols) != cost:
        raise Unsupported(f"object {oid!r}: the mana cost {cost!r} is not a sequence of mana symbols")
    total = 0
    for symbol in symbols:
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in ("W", "U", "B", "R", "G", "C"):
            total += 1
        elif symbol != "X":
            raise Unsupported(f"object {oid!r}: the mana symbol {{{symbol}}} (hybrid, Phyrexian ...) is not valued here")
    return total


BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def intrinsic_mana_abilities(oid: str, name: str, card: Mapping[str, Any]) -> list[dict[str, Any]]:
    """phase's reading of the mana abilities a basic land type gives (CR 305.6: a Forest has
    "{T}: Add {G}."), which nothing in a scenario activates, so they change nothing it does."""
    basics = tuple(s for s in card.get("subtypes", ()) if s in BASIC_LAND_TYPES)
    if not basics or "land" not in card.get("types", ()):
        return []
    face, unimplemented = _build_face(json.dumps(mtgjson(name, types=["Land"], subtypes=basics, mana_cost=None),
                                                 sort_keys=True))
    abilities = face.get("abilities") or []
    if unimplemented or len(abilities) != len(basics) or not all(
            a.get("is_mana_ability") and a.get("cost") == {"type": "Tap"} and (a.get("effect") or {}).get("type") == "Mana"
            for a in abilities):
        raise Unsupported(f"object {oid!r}: phase reads its basic land types {basics} as more than their mana abilities")
    return abilities



def _multiset(keywords: list[Any]) -> list[str]:
    return sorted(json.dumps(k, sort_keys=True) for k in keywords)


def _keyword_name(keyword: Any) -> str:
    """phase's name of a parsed keyword: a word, or the key of one with a parameter (``{"Crew": 1}``)."""
    return keyword if isinstance(keyword, str) else next(iter(keyword))


TEXT_KEYWORDS = frozenset({"Crew"})
"""Keywords phase may read from an ability given as text: only those that change nothing the suite
models unless a player acts (Crew, CR 702.122: no crewing is played here)."""


def text_abilities(oid: str, printed: list[str]) -> list[dict[str, Any]]:
    """phase's reading of a card's abilities given as Oracle text (the format keeps them as text,
    with no meaning in the suite): accepted only when phase reads them as activated abilities or
    keywords of :data:`TEXT_KEYWORDS`, which nothing here activates, so they change nothing the
    scenario does; anything else (a static or triggered ability, a replacement, text phase leaves
    unimplemented) would act in phase and not in the scenario: unsupported."""
    if not printed:
        return []
    face, unimplemented = _build_face(json.dumps(mtgjson("Cfx Text", types=["Artifact"], text="\n".join(printed)),
                                                 sort_keys=True))
    abilities = face.get("abilities") or []
    keywords = [next(iter(k)) if isinstance(k, Mapping) else k for k in face.get("keywords") or ()]
    if (unimplemented or face.get("static_abilities") or face.get("triggers") or face.get("replacements")
            or any(a.get("kind") != "Activated" for a in abilities) or set(keywords) - TEXT_KEYWORDS):
        raise Unsupported(f"object {oid!r}: phase reads its text {printed!r} as more than activated abilities")
    return abilities


def _activated_only(text: str) -> bool:
    """Whether phase reads an ability given as text as activated abilities only (else .inert)."""
    try:
        text_abilities("text", [text])
    except Unsupported:
        return False
    return True


def damage_abilities(oid: str, name: str, damage: list[tuple[int, Recipient, bool]],
                     texts: list[str]) -> list[dict[str, Any]]:
    """phase's reading of a damage source's printed damage abilities ("{0}: NAME deals 3 damage to
    target creature.", its name read as itself), checked to be exactly those damage events."""
    if not damage:
        return []
    face, unimplemented = _build_face(json.dumps(mtgjson(name, types=["Artifact"], text="\n".join(texts)),
                                                 sort_keys=True))
    parsed = face.get("abilities") or []
    if unimplemented or len(parsed) != len(damage) or not all(
            matches(activated_expectation(amount, recipient, text, unpreventable), ability)
            for (amount, recipient, unpreventable), text, ability in zip(damage, texts, parsed)):
        raise EngineGap(f"object {oid!r}: phase does not read its damage abilities {texts!r} as written")
    return parsed


def spell_card(name: str, sentences: list[Sentence], *, types: tuple[str, ...] = ("Instant",),
               colors: tuple[str, ...] = (), keywords: tuple[str, ...] = ()) -> CardPlan:
    """A synthesized instant costing {0} (a card with no mana cost cannot be cast, CR 118.6) that
    does ``sentences`` as it resolves (a sorcery, or coloured, when it stands in for a damage
    source whose kind and colours a replacement effect looks at, .damage_modifiers; with the
    source's keywords of .damage_sources.SOURCE_KEYWORDS, "Lifelink", whose damage they change,
    702.15d: in any zone)."""
    lines = [word.capitalize() for word in keywords]
    text = "\n".join([*lines, " ".join(s.text for s in sentences)])
    facts = mtgjson(name, types=list(types), text=text, colors=colors)
    if lines:
        facts["keywords"] = lines
    built = CardPlan.build(facts, text, spell=sentences)
    if list(built.face.get("keywords") or ()) != lines:
        raise Unsupported(f"phase reads the keywords of the spell standing in for a damage source as "
                          f"{built.face.get('keywords')}, not {lines}")
    return built


FILLER_CARD = {"name": FILLER, "types": ["Instant"]}
