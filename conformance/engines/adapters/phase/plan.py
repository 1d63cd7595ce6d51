"""An adapter for phase.rs (https://github.com/phase-rs/phase), through its Python bindings.

``mtg-conformance run --engine phase`` runs the suite against it; it needs the optional extra
``phase`` (``pip install -e ".[phase]"``, which installs ``phase-python`` from PyPI). What it
does, and why each choice is faithful, is in docs/engines/phase.md; in short:

- **Cards** are built per scenario, with no download: each object gets an MTGJSON-shaped card
  whose Oracle text is synthesized from its abilities ("Creatures you control get +0/+2.",
  "This creature's power and toughness are each equal to the number of creatures you
  control."), turned into a card face by ``phase.build_oracle_face``, phase's own Oracle parser.
  Real cards the golden cases name keep their true Oracle facts (:data:`REAL_CARDS`, checked).
  Every parsed face is compared with what its text means (:func:`check_parse`): text phase
  reads otherwise is reported as unsupported, never run.
- **Boards** are set up with phase's debug actions (cards moved to their zones in declaration
  order, so timestamps follow it; counters; control), then state-based actions are performed.
- **Effects** (``set_pt``, ``modify_pt``, ``switch_pt``, ``double_pt``, ``triple_pt``) are
  synthesized instants ("Target creature gets +1/+0 until end of turn.", "Double target
  creature's power until end of turn.") cast by the effect's controller and resolved by passing
  priority: phase creates the effect, fixes doubling amounts and locks ``to_each`` sets itself.
  An effect lasting ``until: ended`` is cast the same way, then its duration is changed from
  "until end of turn" to permanent in phase's state; ``end_effect`` removes it from the state.
- **Counters** and **zone changes** are phase's debug actions ``ModifyCounters`` and
  ``MoveToZone``; **state-based actions** follow every step (phase performs them itself after
  a spell resolves, and on ``RunStateBasedActions`` after a debug action). ``end_turn`` moves to
  the end step and passes priority through the cleanup step into the next turn.
- A ``together`` step (one event) either injects its modify/set/switch effects on single
  objects straight into phase's continuous effects (the very entries phase's own spells create)
  and applies its counters, moves and ends of effects, or, when a part needs a resolving spell
  (a doubling, a tripling, a ``to_each`` effect), is one spell with a sentence per part ("It gets
  +0/+7 until end of turn."): either way state-based actions are checked once, after the event.
- ``double_counters`` on a permanent is phase's own "Double the number of +1/+1 counters on
  target permanent.".
- **Damage** (noncombat) is dealt by a synthesized instant standing in for the scenario's source
  ("Cfx Spell 4 deals 3 damage to target creature.", "... to target player.", "... to each
  creature you control."), cast by the source's controller: nothing realised here depends on the
  source beyond that. **Life** changes and **prevention shields** are spells too ("Target player
  loses 2 life.", "Double target player's life total.", "Prevent the next 3 damage that would be
  dealt to target player this turn."). A player who loses leaves phase's game (CR 104.2a,
  800.4a): what the scenario does after that is unsupported.
- **Snapshots** read ``game.object(id)``: counters ``P1P1``/``M1M1`` become ``+1/+1``/``-1/-1``,
  zones are lower-cased, a controller and damage marked are reported only on the battlefield
  (damage is 0 elsewhere); ``game.player(seat)`` gives life and whether the player lost.

A game is prepared once per board and forked (``state()`` / ``load_game``) for every case that
starts from the same cards and board.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from conformance.errors import Unsupported

DISTRIBUTION = "phase-python"
INSTALL_HINT = ("the phase engine needs the optional extra 'phase' (phase-python is not installed): "
                "python -m pip install -e \".[phase]\"")

FEATURES = (
    "layer-7a", "layer-7b", "layer-7c", "layer-7d", "counters", "static-abilities", "double-pt", "triple-pt",
    "durations", "zone-changes", "locked-sets", "simultaneous-actions", "double-counters", "damage",
    "life", "double-life", "prevention",
)
"""The features this adapter realises; a feature added to the vocabulary later is unsupported
until it is realised here."""

OBSERVABLES = {"objects": ["zone", "controller", "power", "toughness", "counters", "damage"], "players": ["life", "lost"]}
PLAYER_VALUES = frozenset(OBSERVABLES["players"])

ZONES = {"battlefield": "Battlefield", "graveyard": "Graveyard", "exile": "Exile", "hand": "Hand",
         "library": "Library"}
COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
COUNTERS_BACK = {v: k for k, v in COUNTERS.items()}
CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
              "instant": "Instant", "sorcery": "Sorcery"}
SUPERTYPES = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow", "world": "World"}
PT_COUNTER = re.compile(r"^[+-][0-9]+/[+-][0-9]+$")

REAL_CARDS: dict[str, dict[str, Any]] = {
    # Gray Ogre: {2}{R}, Creature — Ogre, 2/2, red, no rules text (Gatherer multiverse id 204).
    # Checked against three independent public sources (card implementations in the
    # Stormmworld/GameRoom and managym repositories, and a card article), not typed from memory.
    "Gray Ogre": {"manaCost": "{2}{R}", "manaValue": 3, "types": ["Creature"], "subtypes": ["Ogre"],
                  "colors": ["R"], "power": "2", "toughness": "2", "text": ""},
}
"""True Oracle facts of the real cards golden cases name, each checked against public sources.
A case naming one of them gets its mana cost too, when the case's printed characteristics
agree with these facts; otherwise the case's own characteristics are all that is used."""

FILLER = "Cfx Filler"
HAND_SIZE = 7  # CR 402.2: the cleanup step discards down to it (514.1)
SEED = 1
MAX_PASSES = 200
MAX_SEATS = 6  # phase's FreeForAll format seats 2 to 6 players
FORK_CACHE_SIZE = 256
ENGINE_CACHE_SIZE = 64


class AdapterFault(RuntimeError):
    """phase answered something this adapter does not expect, or panicked: a bug to fix in the
    adapter or in phase, reported as an errored case (never as a pass, a failure or unsupported)."""


def _phase():
    try:
        import phase
    except ImportError as exc:  # the optional extra is not installed
        raise RuntimeError(INSTALL_HINT) from exc
    return phase


@lru_cache(maxsize=1)
def engine_version() -> tuple[str, str | None]:
    """phase-python's version, and the phase-rs commit it was built from (the wheel's SBOM)."""
    from importlib import metadata

    version = metadata.version(DISTRIBUTION)
    commit = None
    try:
        for file in metadata.distribution(DISTRIBUTION).files or ():
            if str(file).endswith(".cyclonedx.json"):
                match = re.search(r"phase-rs/phase%40([0-9a-f]{40})", file.read_text())
                if match:
                    commit = match[1]
                    break
    except (OSError, ValueError):  # no SBOM: the version alone identifies the build
        pass
    return version, commit


# --- Oracle text ------------------------------------------------------------------------------


def signed(value: int, other: int) -> str:
    """One half of a +X/+Y: "+3", "-2"; a zero takes the other half's sign, as printed ("-0/-4")."""
    if value < 0:
        return f"-{-value}"
    return "-0" if value == 0 and other < 0 else f"+{value}"


def pt_change(power: int, toughness: int) -> str:
    return f"{signed(power, toughness)}/{signed(toughness, power)}"


TARGET = {"type": "Typed", "type_filters": ["Creature"], "controller": None, "properties": []}
PARENT = {"type": "ParentTarget"}


@dataclass(frozen=True)
class Group:
    """The creatures a ``to_each`` filter or a static ability's ``affects`` names, in Oracle words."""

    noun: str                   # "Creatures you control", "All creatures", ...
    each: str                   # "each creature you control", "each creature", ...
    controller: str | None      # phase's reading: "You", "Opponent" or None
    other: bool = False

    @property
    def filter(self) -> dict[str, Any]:
        return {"type": "Typed", "type_filters": ["Creature"], "controller": self.controller,
                "properties": [{"type": "Another"}] if self.other else []}


def group(flt: Mapping[str, Any], *, you: str, players: tuple[str, ...], static: bool) -> Group:
    """The Oracle words for a filter read relative to ``you`` (CR 109.5); raise Unsupported for a
    filter no template here expresses."""
    extra = {k: v for k, v in flt.items() if v not in (None, False, [], ())}
    zone = extra.pop("zone", "battlefield")
    types = extra.pop("types", [])
    controller = extra.pop("controller", None)
    other = extra.pop("other", False)
    if zone != "battlefield" or list(types) != ["creature"] or extra:
        raise Unsupported(f"no Oracle template here for the filter {dict(flt)} (only creatures on the battlefield, "
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
    prefix = "Other c" if other else "C"
    if controller == "you":
        return Group(f"{prefix}reatures you control", "each creature you control", "You", other)
    if controller == "opponent":
        return Group(f"{prefix}reatures your opponents control", "each creature your opponents control", "Opponent", other)
    return Group("Other creatures" if other else "All creatures", "each other creature" if other else "each creature",
                 None, other)


@dataclass(frozen=True)
class Sentence:
    """One sentence of a spell's Oracle text and the effect phase must parse it into."""

    text: str
    expect: dict[str, Any]


def effect_sentence(kind: str, body: Mapping[str, Any], subject: str, grp: Group | None) -> Sentence:
    """The sentence of a resolving effect: ``subject`` is ``target`` (its first mention of the
    target), ``it`` (a later one) or ``each`` (a ``to_each`` set, ``grp``)."""
    target = TARGET if subject == "target" else PARENT
    if kind == "modify_pt":
        p, t = body.get("power", 0) or 0, body.get("toughness", 0) or 0
        amounts = {"power": {"type": "Fixed", "value": p}, "toughness": {"type": "Fixed", "value": t}}
        if subject == "each":
            return Sentence(f"{grp.noun} get {pt_change(p, t)} until end of turn.",
                            {"type": "PumpAll", **amounts, "target": grp.filter})
        who = "Target creature" if subject == "target" else "It"
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
            return Sentence(f"Target creature has {what} until end of turn.", {**expect, "target": TARGET})
        # phase reads a later "It has ..." with no target of its own, affecting the parent's
        return Sentence(f"It has {what} until end of turn.", expect)
    if kind == "switch_pt":
        if subject == "each":
            raise Unsupported("phase's Oracle parser reads \"Switch the power and toughness of each creature ... until "
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
    if effect == "modify_pt":
        p, t = p or 0, t or 0
        text = f"{grp.noun} get {pt_change(p, t)}."
        mods = [_mod("AddPower", p), _mod("AddToughness", t)]
    elif effect == "set_pt":
        if p is not None and t is not None:
            text, mods = f"{grp.noun} have base power and toughness {p}/{t}.", [_mod("SetPower", p), _mod("SetToughness", t)]
        elif p is not None:
            text, mods = f"{grp.noun} have base power {p}.", [_mod("SetPower", p)]
        elif t is not None:
            text, mods = f"{grp.noun} have base toughness {t}.", [_mod("SetToughness", t)]
        else:
            raise Unsupported("a static set_pt ability setting neither value has no Oracle wording")
    else:
        raise Unsupported("phase's Oracle parser reads no static ability switching power and toughness "
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
        if types == ["creature"] and zone == "graveyard" and flt == {"owner": "you"}:
            return "the number of creature cards in your graveyard", {"type": "Ref", "qty": {
                "type": "ZoneCardCount", "zone": "Graveyard", "card_types": ["Creature"], "scope": "Controller"}}
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


def matches(expected: Any, actual: Any) -> bool:
    """``actual`` has everything ``expected`` gives (dicts: a subset of keys; lists: same length)."""
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
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
                unimplemented: bool = False) -> None:
    """Raise Unsupported unless phase's parser read ``text`` as the sentences mean."""
    if unimplemented:
        raise Unsupported(f"phase's Oracle parser leaves part of {text!r} unimplemented")
    if spell:
        effects = spell_effects(face)
        expected = [s.expect for s in spell]
        if len(effects) != len(expected) or not all(matches(e, a) for e, a in zip(expected, effects)):
            raise Unsupported(f"phase's Oracle parser does not read {text!r} as written: it reads "
                              f"{[e.get('type') if isinstance(e, Mapping) else e for e in effects]}")
    parsed = face.get("static_abilities") or []
    if len(parsed) != len(statics) or not all(matches(s.expect, a) for s, a in zip(statics, parsed)):
        raise Unsupported(f"phase's Oracle parser does not read {text!r} as written: it reads "
                          f"{json.dumps(parsed)[:300]}")
    if not spell and (face.get("abilities") or face.get("triggers") or face.get("replacements")):
        raise Unsupported(f"phase's Oracle parser reads more into {text!r} than it says")


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

    @classmethod
    def build(cls, card: Mapping[str, Any], text: str, *, spell: list[Sentence] = (),
              statics: list[Sentence] = ()) -> CardPlan:
        source = json.dumps(card, sort_keys=True)
        face, unimplemented = _build_face(source)
        check_parse(face, text, spell=spell, statics=statics, unimplemented=unimplemented)
        return cls(card["name"], source, face)


def object_card(oid: str, spec: Mapping[str, Any], index: int, *, you: str, players: tuple[str, ...]) -> CardPlan:
    """The card of a scenario object: printed characteristics and synthesized Oracle text."""
    card = spec["card"]
    for key in ("face_down", "choices"):
        if spec.get(key):
            raise Unsupported(f"object {oid!r}: {key} is not realised by this adapter")
    unknown = {k for k, v in card.items() if v not in (None, [], ())} - {
        "name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "abilities", "mana_cost"}
    if unknown:
        raise Unsupported(f"object {oid!r}: card characteristics {sorted(unknown)} are not realised by this adapter")
    types = list(card.get("types", []))
    if not types or any(t not in CARD_TYPES for t in types):
        raise Unsupported(f"object {oid!r}: card types {types} (this adapter makes {sorted(CARD_TYPES)})")
    if any(s not in SUPERTYPES for s in card.get("supertypes", [])):
        raise Unsupported(f"object {oid!r}: supertypes {card.get('supertypes')}")
    statics: list[Sentence] = []
    for ability in card.get("abilities", []):
        (key, body), = ability.items()
        if key == "cda_pt":
            if "creature" not in types:
                raise Unsupported(f"object {oid!r}: a characteristic-defining P/T ability on a noncreature card")
            statics.extend(cda_sentences(body))
        elif key == "static_pt":
            statics.append(static_sentence(body, group(body["affects"], you=you, players=players, static=True)))
        else:
            raise Unsupported(f"object {oid!r}: the ability {key!r} is not realised by this adapter")
    text = " ".join(s.text for s in statics)
    power, toughness = card.get("power"), card.get("toughness")
    if "creature" in types and (power is None or toughness is None):
        raise Unsupported(f"object {oid!r}: a creature card without printed power and toughness")
    name = card.get("name") or f"Cfx Object {index}"
    facts = mtgjson(name, types=[CARD_TYPES[t] for t in types], text=text, subtypes=tuple(card.get("subtypes", [])),
                    supertypes=tuple(SUPERTYPES[s] for s in card.get("supertypes", [])),
                    colors=tuple(card.get("colors", [])), power=power, toughness=toughness,
                    mana_cost=card.get("mana_cost"))
    real = REAL_CARDS.get(name)
    if real is not None and all(facts.get(k) == v for k, v in real.items() if k not in ("manaCost", "manaValue")):
        if facts.get("manaCost") not in (None, real["manaCost"]):
            raise Unsupported(f"object {oid!r}: a mana cost that is not {name}'s")
        facts.update(manaCost=real["manaCost"], manaValue=real["manaValue"])
    elif facts.get("manaCost") is not None:
        raise Unsupported(f"object {oid!r}: a mana cost, whose mana value this adapter does not compute")
    return CardPlan.build(facts, text, statics=statics)


def spell_card(name: str, sentences: list[Sentence]) -> CardPlan:
    """A synthesized instant costing {0} (a card with no mana cost cannot be cast, CR 118.6) that
    does ``sentences`` as it resolves."""
    text = " ".join(s.text for s in sentences)
    return CardPlan.build(mtgjson(name, types=["Instant"], text=text), text, spell=sentences)


FILLER_CARD = {"name": FILLER, "types": ["Instant"]}


# --- the plan of a case -------------------------------------------------------------------------

EFFECT_STEPS = ("set_pt", "modify_pt", "switch_pt", "double_pt", "triple_pt")
SPELL_ONLY = ("double_pt", "triple_pt")  # amounts phase fixes as the spell resolves: never injected


@dataclass
class Cast:
    """Casting one synthesized spell: its name, its caster, the object it targets (if any), and
    the scenario effects (step bodies) it creates, in order."""

    spell: str
    caster: str
    target: str | None
    parts: list[Mapping[str, Any]]
    needs_creature: bool = True  # "target creature" (else "target permanent")
    damage_source: str | None = None  # a damage event's source whose controller a filter is read from
    target_player: str | None = None  # the player it targets ("target player")

    @property
    def tracked(self) -> bool:
        """Whether some effect of it must be found again (to end it, or to make it last)."""
        return any(p.get("id") or p.get("until") == "ended" for p in self.parts)


@dataclass
class Inject:
    """A modify/set/switch effect on one object injected into phase's continuous effects (only
    inside a ``together`` step): the entry phase's own spell ``source`` would create."""

    body: Mapping[str, Any]
    kind: str
    source: str


@dataclass
class Plan:
    players: tuple[str, ...]
    seats: int
    cards: dict[str, CardPlan] = field(default_factory=dict)
    objects: dict[str, str] = field(default_factory=dict)            # object id -> card name
    spells: dict[str, str] = field(default_factory=dict)             # spell name -> caster
    steps: list[tuple[str, Any]] = field(default_factory=list)       # (kind, realisation)

    def deck(self, seat: int, case: Mapping[str, Any]) -> list[str]:
        """A seat's cards: its objects and the spells it casts. No card is ever drawn (the adapter
        never reaches a draw step), so nothing else is needed, but a deck may not be empty."""
        player = self.players[seat] if seat < len(self.players) else None
        names = [self.objects[oid] for oid, spec in case["objects"].items()
                 if spec["owner"] == player and oid in self.objects]
        names += [name for name, caster in self.spells.items() if caster == player]
        return names or [FILLER]

    @property
    def key(self) -> str:
        """What identifies this case's card database."""
        return "\n".join(f"{name}\t{card.source}" for name, card in sorted(self.cards.items()))


def plan_case(case: Mapping[str, Any]) -> Plan:
    """Everything that can be decided before the game starts: cards, spells, and how each step is
    realised. Raises Unsupported for what the adapter cannot express."""
    players = tuple(case["players"])
    if not 1 <= len(players) <= MAX_SEATS:
        raise Unsupported(f"{len(players)} players (phase seats 2 to {MAX_SEATS}; this adapter adds a second seat "
                          "to a game of one)")
    if case.get("range_of_influence") is not None:
        raise Unsupported("the limited range of influence option is not realised by this adapter")
    for name, state in (case.get("player_states") or {}).items():
        if state.get("counters") or state.get("mana"):
            raise Unsupported(f"player {name}: counters and mana are not realised by this adapter")
    plan = Plan(players=players, seats=max(2, len(players)))
    for index, (oid, spec) in enumerate(case["objects"].items(), 1):
        if spec["zone"] == "stack" and _only_a_damage_source(case, oid):
            continue  # its damage is dealt by the spell standing in for it (_plan_damage); no card is needed
        if spec["zone"] not in ZONES:
            raise Unsupported(f"object {oid!r} starts in the {spec['zone']} zone (this adapter places cards in "
                              f"{sorted(ZONES)})")
        if spec["zone"] == "battlefield" and set(spec["card"]["types"]) & {"instant", "sorcery"}:
            raise Unsupported(f"object {oid!r}: an instant or sorcery on the battlefield")
        card = object_card(oid, spec, index, you=spec.get("controller") or spec["owner"], players=players)
        if card.name in plan.cards and plan.cards[card.name].source != card.source:
            raise Unsupported(f"two different cards named {card.name!r}")
        plan.cards[card.name] = card
        plan.objects[oid] = card.name
        for kind, count in spec.get("counters", {}).items():
            counter_kind(kind)
            if count and spec["zone"] != "battlefield":
                raise Unsupported(f"object {oid!r} starts with counters in the {spec['zone']}: this adapter puts "
                                  "counters only on permanents")
    counter = iter(range(1, 1_000_000))
    for step in case["steps"]:
        (kind, body), = step.items()
        plan.steps.append((kind, _plan_step(plan, case, kind, body, counter)))
    if any(plan.deck(seat, case) == [FILLER] for seat in range(plan.seats)):
        plan.cards[FILLER] = CardPlan.build(mtgjson(FILLER, types=["Instant"]), "")
    return plan


def _only_a_damage_source(case: Mapping[str, Any], oid: str) -> bool:
    """Whether a spell on the stack is in the case only as the source of damage events: no step
    but ``damage`` names it, no checkpoint observes it, no ability of another card mentions it."""
    spec = case["objects"][oid]
    if not set(spec["card"].get("types", [])) & {"instant", "sorcery"} or spec["card"].get("abilities"):
        return False

    def names(value: Any) -> bool:
        if isinstance(value, Mapping):
            return any(names(k) or names(v) for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return any(names(v) for v in value)
        return value == oid

    for step in case["steps"]:
        (kind, body), = step.items()
        if kind == "damage" and body.get("source") == oid:
            body = {k: v for k, v in body.items() if k != "source"}
        if names(body):
            return False
    return not any(names(other) for key, other in case["objects"].items() if key != oid)


def counter_kind(kind: str) -> str:
    """phase's name for a counter kind: P1P1 and M1M1 for +1/+1 and -1/-1; other kinds as written
    (phase reads "+1/+0" as a power/toughness counter and keeps other names, lower-cased)."""
    if kind in COUNTERS:
        return COUNTERS[kind]
    if PT_COUNTER.match(kind) or re.fullmatch(r"[a-z][a-z -]*", kind):
        return kind
    raise Unsupported(f"the counter kind {kind!r} has no name in phase here")


def _plan_step(plan: Plan, case: Mapping[str, Any], kind: str, body: Any, counter: Iterator[int]) -> Any:
    if kind == "expect":
        asked = {key for values in (body.get("players") or {}).values() for key in values}
        if asked - PLAYER_VALUES:
            raise Unsupported(f"checkpoints on players' {sorted(asked - PLAYER_VALUES)} are not realised by this adapter")
        return body
    if kind in ("lose_life", "gain_life", "double_life"):
        return _plan_life(plan, kind, body, counter)
    if kind == "prevent_damage":
        return _plan_prevention(plan, case, body, counter)
    if kind in EFFECT_STEPS:
        return _plan_spell(plan, [(kind, body)], counter)
    if kind in ("put_counters", "remove_counters"):
        counter_kind(body["kind"])
        return body
    if kind == "move":
        if body.get("face_down") or body.get("choices"):
            raise Unsupported("a move face down or with choices is not realised by this adapter")
        if body["to"] not in ZONES:
            raise Unsupported(f"a move to the {body['to']} zone")
        return body
    if kind in ("end_effect", "end_turn"):
        return body
    if kind == "double_counters":
        return _plan_counter_doubling(plan, body, counter)
    if kind == "damage":
        return _plan_damage(plan, case, body, counter)
    if kind == "together":
        return _plan_together(plan, case, body, counter)
    raise Unsupported(f"the step {kind!r} is not realised by this adapter")


def _plan_spell(plan: Plan, parts: list[tuple[str, Mapping[str, Any]]], counter: Iterator[int]) -> Cast:
    """One synthesized spell doing ``parts`` in order, all by one caster and on one target (or on
    ``to_each`` sets)."""
    caster = parts[0][1]["controller"]
    target = None
    sentences = []
    for kind, body in parts:
        if body["controller"] != caster:
            raise Unsupported("effects of different controllers in one event: no single spell does that")
        if body.get("until", "end_of_turn") not in ("end_of_turn", "ended"):
            raise Unsupported(f"the duration {body.get('until')!r}")
        if body.get("to_each") is not None:
            grp = group(body["to_each"], you=caster, players=plan.players, static=False)
            sentences.append(effect_sentence(kind, body, "each", grp))
        else:
            if target is not None and body["to"] != target:
                raise Unsupported("effects on different objects in one event: a spell here targets one creature")
            sentences.append(effect_sentence(kind, body, "target" if target is None else "it", None))
            target = body["to"]
    name = f"Cfx Spell {next(counter)}"
    plan.cards[name] = spell_card(name, sentences)
    plan.spells[name] = caster
    return Cast(spell=name, caster=caster, target=target, parts=[body for _, body in parts])


def _plan_counter_doubling(plan: Plan, body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """Doubling the counters of one kind on a permanent (CR 701.10e): "Double the number of +1/+1
    counters on target permanent." (who casts it does not matter: the first player does)."""
    if body.get("player") is not None:
        raise Unsupported("doubling a player's counters: counters on players are not realised by this adapter")
    kind = body["kind"]
    sentence = Sentence(f"Double the number of {kind} counters on target permanent.",
                        {"type": "MultiplyCounter", "counter_type": counter_kind(kind), "multiplier": 2,
                         "target": {"type": "Typed", "type_filters": ["Permanent"], "controller": None,
                                    "properties": []}})
    name = f"Cfx Spell {next(counter)}"
    plan.cards[name] = spell_card(name, [sentence])
    plan.spells[name] = plan.players[0]
    return Cast(spell=name, caster=plan.players[0], target=body["object"], parts=[], needs_creature=False)


def _plan_damage(plan: Plan, case: Mapping[str, Any], body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """A noncombat damage event (CR 120.3): a synthesized instant "Cfx Spell N deals 3 damage to
    target creature." ("... to target player.", "... to each creature you control.", "... to each
    player."), cast by the source's controller. The spell stands in for the scenario's source (a
    permanent, or a spell on the stack): faithful only because nothing the adapter realises
    depends on the source beyond its controller (a card with keywords is unsupported, damage
    doublers and redirection are not declared, and prevention shields here name only their
    recipient)."""
    if body.get("combat"):
        raise Unsupported("combat damage (CR 510.2) is not realised by this adapter: no combat is played")
    if body.get("order"):
        raise Unsupported("a scripted order of replacement and prevention effects (CR 616.1)")
    if sum((body.get("to") is not None, body.get("to_each") is not None, bool(body.get("to_each_player")))) != 1:
        raise Unsupported("a damage event to several kinds of recipients (an object or player, each object a filter "
                          "matches, each player) has no wording here")
    source = case["objects"][body["source"]]
    if source["zone"] == "stack" and body["source"] in plan.objects:  # pragma: no cover - plan_case refuses it
        raise Unsupported("a spell on the stack as a damage source (this adapter places no card on the stack)")
    caster = source.get("controller") or source["owner"]
    amount = body["amount"]
    name = f"Cfx Spell {next(counter)}"
    amount_q = {"type": "Fixed", "value": amount}
    if body.get("to_each") is not None:
        grp = group(body["to_each"], you=caster, players=plan.players, static=False)
        sentence = Sentence(f"{name} deals {amount} damage to {grp.each}.",
                            {"type": "DamageAll", "amount": amount_q, "target": grp.filter})
    elif body.get("to_each_player"):
        sentence = Sentence(f"{name} deals {amount} damage to each player.",
                            {"type": "DamageEachPlayer", "amount": amount_q, "player_filter": {"type": "All"}})
    elif body["to"] in plan.players:  # CR 120.3a: life lost
        sentence = Sentence(f"{name} deals {amount} damage to target player.",
                            {"type": "DealDamage", "amount": amount_q, "target": {"type": "Player"}})
        plan.cards[name] = spell_card(name, [sentence])
        plan.spells[name] = caster
        return Cast(spell=name, caster=caster, target=None, parts=[], target_player=body["to"])
    else:
        sentence = Sentence(f"{name} deals {amount} damage to target creature.",
                            {"type": "DealDamage", "amount": amount_q, "target": TARGET})
    plan.cards[name] = spell_card(name, [sentence])
    plan.spells[name] = caster
    relative = (body.get("to_each") is not None and body["to_each"].get("controller") not in (None, "")
                and body["source"] in plan.objects)
    return Cast(spell=name, caster=caster, target=body.get("to"), parts=[],
                damage_source=body["source"] if relative else None)


def _plan_life(plan: Plan, kind: str, body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """A player loses or gains life (CR 119.3): "Target player loses 2 life." cast by that player
    (who casts it changes nothing: no ability here cares)."""
    name = f"Cfx Spell {next(counter)}"
    amount = {"type": "Fixed", "value": body.get("amount")}
    if kind == "double_life":  # CR 701.10d
        sentence = Sentence("Double target player's life total.",
                            {"type": "Double", "target_kind": {"type": "LifeTotal"}, "target": {"type": "Player"}})
    elif kind == "lose_life":
        sentence = Sentence(f"Target player loses {body['amount']} life.",
                            {"type": "LoseLife", "amount": amount, "target": {"type": "Player"}})
    else:
        sentence = Sentence(f"Target player gains {body['amount']} life.",
                            {"type": "GainLife", "amount": amount, "player": {"type": "Player"}})
    plan.cards[name] = spell_card(name, [sentence])
    plan.spells[name] = body["player"]
    return Cast(spell=name, caster=body["player"], target=None, parts=[], target_player=body["player"])


def _plan_prevention(plan: Plan, case: Mapping[str, Any], body: Mapping[str, Any], counter: Iterator[int]) -> Cast:
    """A prevention shield from a resolving spell (CR 615.1, 615.7): "Prevent the next 3 damage
    that would be dealt to target creature this turn." (or "all damage", or "target player"),
    cast by the effect's controller. Only shields that do not depend on the damage's source: the
    adapter's damage comes from spells standing in for the scenario's sources."""
    if body.get("by") is not None or body.get("combat"):
        raise Unsupported("a prevention effect limited to some sources or to combat damage: this adapter's damage "
                          "comes from spells standing in for the scenario's sources")
    if body.get("to_each") is not None or body.get("to") is None:
        raise Unsupported("a prevention effect giving a shield to each object a filter matches has no wording here")
    if body.get("until", "end_of_turn") != "end_of_turn":
        raise Unsupported(f"a prevention effect lasting {body.get('until')!r} (phase's shields last this turn)")
    if body.get("id") and any("end_effect" in step and step["end_effect"] == body["id"] for step in case["steps"]):
        raise Unsupported("ending a prevention effect: phase keeps its shields outside its continuous effects")
    amount = body.get("amount")
    how_much, parsed = ("all damage", "All") if amount is None else (f"the next {amount} damage", {"Next": amount})
    to_player = body["to"] in plan.players
    whom = "target player" if to_player else "target creature"
    sentence = Sentence(f"Prevent {how_much} that would be dealt to {whom} this turn.",
                        {"type": "PreventDamage", "amount": parsed,
                         "target": {"type": "Player"} if to_player else TARGET, "scope": "AllDamage"})
    name = f"Cfx Spell {next(counter)}"
    plan.cards[name] = spell_card(name, [sentence])
    plan.spells[name] = body["controller"]
    return Cast(spell=name, caster=body["controller"], target=None if to_player else body["to"], parts=[],
                target_player=body["to"] if to_player else None)


def _plan_together(plan: Plan, case: Mapping[str, Any], parts: list[Mapping[str, Any]], counter: Iterator[int]) -> list:
    """A together step, one event with no state-based action check inside it (CR 704.3). Either
    every part is performed without phase checking state-based actions (modify/set/switch effects
    on single objects injected into its continuous effects, counters, moves, ends of effects), or,
    when a part needs phase to resolve a spell (a doubling or tripling, whose amount phase fixes,
    or a ``to_each`` effect, whose set phase locks), every part is one sentence of a single spell:
    phase checks state-based actions whenever a player would receive priority, so nothing can
    come before or after that spell within the event."""
    flat = [next(iter(p.items())) for p in parts]
    if any(kind in ("end_turn", "together") for kind, _ in flat):
        raise Unsupported("an end_turn or together step inside a together step: the cleanup step cannot be part of "
                          "one event here")
    if any(kind in ("damage", "lose_life", "gain_life", "double_life", "prevent_damage") for kind, _ in flat):
        raise Unsupported("a damage event inside a together step: phase deals damage only as a spell resolves")
    if any(kind == "double_counters" for kind, _ in flat):
        raise Unsupported("a counter doubling inside a together step: phase performs it only as a spell resolves")
    needs_spell = any(kind in SPELL_ONLY or (kind in EFFECT_STEPS and body.get("to_each") is not None)
                      for kind, body in flat)
    if needs_spell:
        if not all(kind in EFFECT_STEPS for kind, _ in flat):
            raise Unsupported("a together step joining a doubling, tripling or to_each effect with counters, moves or "
                              "ends of effects: phase fixes such an effect only by resolving a spell, and checks "
                              "state-based actions as soon as that spell is cast")
        return [("cast", _plan_spell(plan, flat, counter))]
    out: list = []
    for kind, body in flat:
        if kind in EFFECT_STEPS:
            name = f"Cfx Spell {next(counter)}"
            plan.cards[name] = spell_card(name, [effect_sentence(kind, body, "target", None)])
            plan.spells[name] = body["controller"]
            out.append(("inject", Inject(body=body, kind=kind, source=name)))
        else:
            out.append((kind, _plan_step(plan, case, kind, body, counter)))
    return out


# --- driving the game ---------------------------------------------------------------------------


def _action(data: Mapping[str, Any]):
    return _phase().GameAction.from_dict(data)


PASS = {"type": "PassPriority"}
KEEP = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}


def _is_creature_on_battlefield(obj: Mapping[str, Any]) -> bool:
    return obj.get("zone") == "Battlefield" and "Creature" in ((obj.get("card_types") or {}).get("core_types") or ())


def _targets(ability: Mapping[str, Any] | None) -> list:
    """Every target chosen for a spell on the stack, along its chain of sub-abilities."""
    out = []
    while ability:
        out.extend(ability.get("targets") or ())
        ability = ability.get("sub_ability")
    return out


class Session:
    """One case played in phase."""

    def __init__(self, adapter: PhaseEngine, case: Mapping[str, Any], plan: Plan):
        self.adapter = adapter
        self.case = case
        self.plan = plan
        self.seat = {name: i for i, name in enumerate(plan.players)}
        self.engine = adapter.engine_for(plan)
        self.game: Any = None
        self.ids: dict[str, int] = {}            # object id or spell name -> phase object id
        self.zones: dict[str, str] = {}          # spell name -> phase zone, until it is cast
        self.active = 0                          # the active player's seat
        self.effects: dict[str, list[int]] = {}  # scenario effect id -> phase continuous effect ids
        self.lazy: dict[str, int] = {}           # scenario effect id -> spell (phase id) that made it alone
        self.lasting: list[int] = []             # spells whose effects last until ended, not yet made to

    # setup

    def start(self) -> None:
        """The board as the case starts. The dealt game (cards in hand, every mulligan kept, debug
        mode on) is prepared once per card database and decks and forked for every later case
        that deals the same (``load_game``); the case's board is then set up in it."""
        decks = [self.plan.deck(seat, self.case) for seat in range(self.plan.seats)]
        key = json.dumps([self.plan.key, decks])
        prepared = self.adapter.forks.get(key)
        if prepared is None:
            fmt = "Standard" if self.plan.seats == 2 else "FreeForAll"
            self.game = self.engine.new_game(decks[0], decks[1], extra_players=decks[2:] or None, seed=SEED,
                                             format=fmt, first_player=0)
            for _ in range(MAX_PASSES):
                waiting = self.waiting()
                if waiting["type"] != "MulliganDecision":
                    break
                self.game.apply(waiting["data"]["pending"][0]["player"], _action(KEEP))
            state = self.game.state()
            state["state"]["debug_mode"] = True  # debug actions set the board up
            cards = sorted((o["id"], o["name"], o["owner"], o["zone"]) for o in state["state"]["objects"].values())
            prepared = (json.dumps(state), cards)
            self.adapter.remember(key, prepared)
        else:
            self.adapter.forks.move_to_end(key)
        state_json, cards = prepared
        self.game = self.engine.load_game(state_json)
        zones = self._map_ids(cards)
        for oid, spec in self.case["objects"].items():  # declaration order: timestamps follow it (613.7d)
            if oid not in self.plan.objects:  # a spell on the stack standing only as a damage source
                continue
            if zones[self.ids[oid]] != ZONES[spec["zone"]]:
                self.debug("MoveToZone", {"object_id": self.ids[oid], "to_zone": ZONES[spec["zone"]], "simulate": False})
            if spec["zone"] == "battlefield" and spec.get("controller") not in (None, spec["owner"]):
                self.debug("SetController", {"object_id": self.ids[oid], "controller": self.seat[spec["controller"]]})
            for kind, count in spec.get("counters", {}).items():
                if count:
                    self.debug("ModifyCounters", {"object_id": self.ids[oid], "counter_type": counter_kind(kind),
                                                  "delta": count})
        self.zones = {name: zones[self.ids[name]] for name in self.plan.spells}
        for name, state in (self.case.get("player_states") or {}).items():
            if state.get("life", 20) != 20:  # CR 119.1: 20 unless the case says otherwise
                self.debug("SetLife", {"player_id": self.seat[name], "life": state["life"]})
        self.state_based_actions()

    def _map_ids(self, cards: list[tuple[int, str, int, str]]) -> dict[int, str]:
        """Which of phase's cards (id, name, owner, zone) is each object and spell; their zones."""
        by_card: dict[tuple[str, int], list[int]] = {}
        for card_id, name, owner, _ in cards:
            by_card.setdefault((name, owner), []).append(card_id)
        wanted = [(oid, self.plan.objects[oid], self.seat[spec["owner"]]) for oid, spec in self.case["objects"].items()
                  if oid in self.plan.objects]
        wanted += [(name, name, self.seat[caster]) for name, caster in self.plan.spells.items()]
        for key, name, owner in wanted:
            pool = by_card.get((name, owner))
            if not pool:
                raise AdapterFault(f"phase dealt no card {name!r} to seat {owner}")
            self.ids[key] = pool.pop(0)
        return {card_id: zone for card_id, _, _, zone in cards}

    # primitives

    def waiting(self) -> dict[str, Any]:
        return self.game.waiting_for()

    def actor(self) -> int:
        data = self.waiting().get("data")
        return data.get("player", self.active) if isinstance(data, Mapping) else self.active

    def debug(self, kind: str, data: Mapping[str, Any] | None = None) -> None:
        inner = {"type": kind} if data is None else {"type": kind, "data": dict(data)}
        self.game.apply(self.actor(), _action({"type": "Debug", "data": inner}))

    def state_based_actions(self) -> None:
        if self.waiting()["type"] != "GameOver":  # a game that is over has no more state-based actions
            self.debug("RunStateBasedActions")

    def obj(self, oid: str) -> dict[str, Any]:
        return self.game.object(self.ids[oid])

    def reload(self, state: Mapping[str, Any]) -> None:
        self.game = self.engine.load_game(state)

    def pass_priority(self) -> None:
        self.game.apply(self.actor(), _action(PASS))

    def resolve_stack(self) -> None:
        for _ in range(MAX_PASSES):
            waiting = self.waiting()
            if waiting["type"] == "GameOver":  # the spell made a player lose, ending a game of two (CR 104.2a)
                return
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} while its stack resolves: {json.dumps(waiting)[:300]}")
            if not self.game.stack():
                return
            self.pass_priority()
        raise AdapterFault("phase's stack did not resolve")

    def give_priority(self, seat: int) -> None:
        """Priority to ``seat`` with an empty stack: the players before it pass (CR 117.3d)."""
        for _ in range(self.plan.seats + 1):
            waiting = self.waiting()
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} where priority was expected")
            if waiting["data"]["player"] == seat:
                return
            self.pass_priority()
        raise AdapterFault(f"priority did not come to seat {seat}")

    # steps

    def cast(self, cast: Cast) -> None:
        """Cast the spell, choose its target, and pass priority until it has resolved; phase
        performs state-based actions before any player receives priority (CR 117.5, 704.3)."""
        seat = self.seat[cast.caster]
        target = None
        if cast.target is not None:
            target = self.ids[cast.target]
            obj = self.game.object(target)
            if obj.get("zone") != "Battlefield" or (cast.needs_creature and not _is_creature_on_battlefield(obj)):
                what = "creature" if cast.needs_creature else "permanent"
                raise Unsupported(f"an effect on {cast.target!r}, which is not a {what} on the battlefield now "
                                  f"({str(obj['zone']).lower()}): a 'target {what}' spell cannot target it")
        if cast.damage_source is not None:  # "each creature you control": the source's controller (CR 109.5)
            source = self.obj(cast.damage_source)
            if source.get("zone") != "Battlefield" or source.get("controller") != seat:
                raise Unsupported(f"damage by {cast.damage_source!r} to creatures a filter names relative to its "
                                  "controller, now that it is not on the battlefield under its first controller")
        self.give_priority(seat)
        spell = self.ids[cast.spell]
        if self.zones.pop(cast.spell, "Hand") != "Hand":
            self.debug("MoveToZone", {"object_id": spell, "to_zone": "Hand", "simulate": False})
        action = next((a for a in self.game.actions() if a.kind == "CastSpell" and a.data["object_id"] == spell), None)
        if action is None:
            raise AdapterFault(f"phase does not offer to cast {cast.spell}")
        self.game.apply(seat, action)
        chosen_target = None if target is None else {"Object": target}
        if cast.target_player is not None:
            chosen_target = {"Player": self.seat[cast.target_player]}
            if self.game.player(self.seat[cast.target_player]).get("is_eliminated"):
                raise Unsupported(f"a spell targeting {cast.target_player}, who has left the game (CR 800.4a)")
        for _ in range(4):
            waiting = self.waiting()
            if waiting["type"] != "TargetSelection":
                break
            legal = waiting["data"]["selection"]["current_legal_targets"]
            if chosen_target is None or chosen_target not in legal:
                raise Unsupported(f"phase does not let {cast.caster} target {cast.target!r} with "
                                  f"{self.plan.cards[cast.spell].face.get('oracle_text')!r}")
            self.game.apply(seat, _action({"type": "ChooseTarget", "data": {"target": chosen_target}}))
        stack = self.game.stack()
        if not stack or stack[-1].get("source_id") != spell:
            raise AdapterFault(f"{cast.spell} is not on phase's stack after casting it")
        chosen = _targets(stack[-1]["kind"]["data"].get("ability"))
        if chosen != ([] if chosen_target is None else [chosen_target]):
            raise AdapterFault(f"{cast.spell} targets {chosen} in phase, not {target}")
        self.resolve_stack()
        if cast.tracked:
            self.track(cast, spell)

    def track(self, cast: Cast, spell: int) -> None:
        """Remember which of phase's continuous effects are the cast's scenario effects. A spell
        with one effect is looked up when needed (phase's effects name their source); several
        effects of one spell are told apart now, in the order they were created."""
        if len(cast.parts) == 1:
            body = cast.parts[0]
            if body.get("id"):
                self.lazy[body["id"]] = spell
            if body.get("until") == "ended":
                self.lasting.append(spell)
            return
        state = self.game.state()
        created = sorted((e for e in state["state"]["transient_continuous_effects"] if e["source_id"] == spell),
                         key=lambda e: e["id"])
        if len(created) != len(cast.parts):
            raise Unsupported("one spell made several effects that must be ended or made to last, and which of "
                              "phase's continuous effects is which cannot be told")
        for body, entry in zip(cast.parts, created):
            if body.get("id"):
                self.effects.setdefault(body["id"], []).append(entry["id"])
            if body.get("until") == "ended":
                entry["duration"] = "Permanent"
        if any(body.get("until") == "ended" for body in cast.parts):
            self.reload(state)

    def make_lasting(self, state: dict[str, Any]) -> bool:
        """Effects lasting until ended become permanent in phase's ``state`` (before a cleanup step
        would end them); whether anything changed."""
        if not self.lasting:
            return False
        sources = set(self.lasting)
        self.lasting = []
        changed = False
        for entry in state["state"]["transient_continuous_effects"]:
            if entry["source_id"] in sources and entry["duration"] != "Permanent":
                entry["duration"] = "Permanent"
                changed = True
        return changed

    def inject(self, parts: list[Inject]) -> None:
        """Continuous effects on single objects, the entries phase's own spells make, with the
        next timestamps and no state-based action check (parts of a together step)."""
        state = self.game.state()
        inner = state["state"]
        for part in parts:
            body = part.body
            if not _is_creature_on_battlefield(self.obj(body["to"])):
                raise Unsupported(f"an effect on {body['to']!r}, which is not a creature on the battlefield now")
            if part.kind == "modify_pt":
                mods = [_mod("AddPower", body.get("power", 0) or 0), _mod("AddToughness", body.get("toughness", 0) or 0)]
            elif part.kind == "set_pt":
                mods = [_mod(k, body[key]) for k, key in (("SetPower", "power"), ("SetToughness", "toughness"))
                        if body.get(key) is not None]
            else:
                mods = [{"type": "SwitchPowerToughness"}]
            effect_id = inner["next_continuous_effect_id"]
            inner["next_continuous_effect_id"] = effect_id + 1
            timestamp = inner["next_timestamp"]
            inner["next_timestamp"] = timestamp + 1
            inner["transient_continuous_effects"].append({
                "id": effect_id, "source_id": self.ids[part.source], "source_name": part.source,
                "controller": self.seat[body["controller"]], "timestamp": timestamp,
                "duration": "Permanent" if body.get("until") == "ended" else "UntilEndOfTurn",
                "affected": {"type": "SpecificObject", "id": self.ids[body["to"]]}, "modifications": mods,
            })
            if body.get("id"):
                self.effects.setdefault(body["id"], []).append(effect_id)
        self.reload(state)

    def end_effect(self, effect: str) -> None:
        ids = set(self.effects.pop(effect, ()))
        spell = self.lazy.pop(effect, None)
        if not ids and spell is None:
            return
        state = self.game.state()
        effects = state["state"]["transient_continuous_effects"]
        kept = [e for e in effects if e["id"] not in ids and e["source_id"] != spell]
        if len(kept) != len(effects):
            state["state"]["transient_continuous_effects"] = kept
            self.reload(state)

    def end_turn(self) -> None:
        """The end step, then the cleanup step (CR 514), into the next turn's upkeep: "until end
        of turn" effects end in the cleanup step (514.2)."""
        if self.lasting:
            state = self.game.state()
            if self.make_lasting(state):
                self.reload(state)
        hand = [card["id"] for card in self.game.hand(self.active)]
        if len(hand) > HAND_SIZE:  # unplayed spells wait in the library, so none is discarded (514.1)
            spare = [self.ids[name] for name in self.zones if self.ids[name] in hand]
            if len(hand) - len(spare) > HAND_SIZE:
                raise Unsupported("more cards in hand than the maximum hand size: phase would discard in the cleanup "
                                  "step (CR 514.1)")
            for card in spare[:len(hand) - HAND_SIZE]:
                self.debug("MoveToZone", {"object_id": card, "to_zone": "Library", "simulate": False})
                self.zones.update({name: "Library" for name in self.zones if self.ids[name] == card})
        turn = self.game.turn
        self.debug("SetPhase", {"phase": "End", "active_player": self.active})
        for _ in range(MAX_PASSES):
            waiting = self.waiting()
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} as the turn ends: {json.dumps(waiting)[:300]}")
            if self.game.turn != turn:
                self.active = waiting["data"]["player"]  # the active player receives priority first (117.3a)
                return
            self.pass_priority()
        raise AdapterFault("the turn did not end")

    def move(self, body: Mapping[str, Any]) -> None:
        zone = ZONES[body["to"]]
        if self.obj(body["object"])["zone"] != zone:  # to the zone it is in: nothing happens
            self.debug("MoveToZone", {"object_id": self.ids[body["object"]], "to_zone": zone, "simulate": False})

    def counters(self, kind: str, body: Mapping[str, Any]) -> None:
        phase_kind = counter_kind(body["kind"])
        obj = self.obj(body["object"])
        if obj["zone"] != "Battlefield":
            raise Unsupported(f"counters on {body['object']!r} in the {str(obj['zone']).lower()}: this adapter puts "
                              "counters with phase's debug action, a stand-in for effects that put counters on "
                              "permanents")
        if kind == "put_counters":
            delta = body["count"]
        else:  # removes up to that many
            delta = -min(body["count"], (obj.get("counters") or {}).get(phase_kind, 0))
        if delta:
            self.debug("ModifyCounters", {"object_id": self.ids[body["object"]], "counter_type": phase_kind,
                                          "delta": delta})

    def perform(self, kind: str, realisation: Any) -> None:
        """One step, then state-based actions (CR 704.3)."""
        self.check_nobody_lost("the scenario goes on past that point")
        if kind in EFFECT_STEPS or kind in ("double_counters", "damage", "lose_life", "gain_life", "double_life",
                                            "prevent_damage"):
            self.cast(realisation)  # phase checks state-based actions as it gives priority
            return
        if kind != "together":
            self.action(kind, realisation)
            self.state_based_actions()
            return
        pending: list[Inject] = []
        for part_kind, part in realisation:
            if part_kind == "inject":
                pending.append(part)
                continue
            if pending:
                self.inject(pending)
                pending = []
            if part_kind == "cast":
                self.cast(part)  # the whole event: plan_case allows nothing else with it
                return
            self.action(part_kind, part)
        if pending:
            self.inject(pending)
        self.state_based_actions()

    def action(self, kind: str, body: Any) -> None:
        if kind in ("put_counters", "remove_counters"):
            self.counters(kind, body)
        elif kind == "move":
            self.move(body)
        elif kind == "end_effect":
            self.end_effect(body)
        elif kind == "end_turn":
            self.end_turn()
        else:  # pragma: no cover - plan_case admits no other step
            raise AdapterFault(f"no realisation for {kind}")

    # observing

    def snapshot(self) -> dict[str, Any]:
        owners = {self.case["objects"][oid]["owner"] for oid in self.plan.objects}
        if any(self.game.player(self.seat[name]).get("is_eliminated") for name in owners):
            self.check_nobody_lost("its objects are observed after that, where the scenario keeps them in play")
        objects = {}
        for oid in self.plan.objects:
            obj = self.obj(oid)
            zone = str(obj["zone"]).lower()
            controller = obj.get("controller")
            objects[oid] = {
                "zone": zone,
                "controller": self.plan.players[controller] if zone == "battlefield" and isinstance(controller, int)
                and controller < len(self.plan.players) else None,
                "power": obj.get("power"),
                "toughness": obj.get("toughness"),
                "counters": {COUNTERS_BACK.get(k, k): v for k, v in sorted((obj.get("counters") or {}).items()) if v},
                # damage is marked on permanents (CR 120.3e); a card that left the battlefield is a new
                # object with none (400.7). phase keeps the last value on such a card and clears it as
                # the card returns (tests/test_phase_adapter.py), so off the battlefield it is read as 0
                "damage": obj.get("damage_marked") if zone == "battlefield" else 0,
            }
        return {"objects": objects}

    def check_nobody_lost(self, why: str) -> None:
        """A player who lost leaves the game: in a game of two the game is over (CR 104.2a), in a
        multiplayer game every object they own leaves it too (800.4a), which phase does by exiling
        them. The suite's scenarios keep such a player's objects and go on playing: unsupported."""
        lost = [name for name, seat in self.seat.items() if self.game.player(seat).get("is_eliminated")]
        if lost:
            what = "ended it" if self.waiting()["type"] == "GameOver" else "removed them from it"
            raise Unsupported(f"{', '.join(lost)} lost the game, and phase {what} (CR 104.2a, 800.4a): {why}")

    def players(self) -> dict[str, dict[str, Any]]:
        """Life totals (CR 119.1) and whether each player has lost the game (104.3, 704.5a)."""
        out = {}
        for name, seat in self.seat.items():
            player = self.game.player(seat)
            out[name] = {"life": player["life"], "lost": bool(player.get("is_eliminated"))}
        return out

    def run(self) -> list[dict[str, Any]]:
        self.start()
        snapshots = []
        for kind, realisation in self.plan.steps:
            if kind == "expect":
                snapshot = self.snapshot()
                if realisation.get("players") is not None:
                    snapshot["players"] = self.players()
                snapshots.append(snapshot)
            else:
                self.perform(kind, realisation)
        return snapshots


class PhaseEngine:
    """phase.rs as an engine of the suite (``--engine phase``)."""

    fork_cache_size = FORK_CACHE_SIZE

    def __init__(self) -> None:
        self.phase = _phase()
        self.engines: OrderedDict[str, Any] = OrderedDict()
        self.forks: OrderedDict[str, tuple[str, list[tuple[int, str, int, str]]]] = OrderedDict()

    def describe(self) -> dict[str, Any]:
        from conformance.features import FEATURES as VOCABULARY

        version, commit = engine_version()
        return {
            "name": "phase.rs (phase-python)",
            "version": version + (f" (phase-rs {commit[:12]})" if commit else ""),
            "features": [f for f in FEATURES if f in VOCABULARY],
            "observables": OBSERVABLES,
        }

    def run(self, case: dict[str, Any]) -> list[dict[str, Any]]:
        plan = plan_case(case)
        try:
            return Session(self, case, plan).run()
        except Exception:
            raise
        except BaseException as exc:  # a Rust panic reaches Python as pyo3's PanicException, a BaseException
            if type(exc).__name__ != "PanicException":
                raise
            self.engines.clear()  # nothing that saw the panic is reused
            self.forks.clear()
            raise AdapterFault(f"phase panicked: {exc}") from exc

    # caches

    def engine_for(self, plan: Plan):
        """A phase card database holding exactly this case's cards (one per distinct set of cards)."""
        key = plan.key
        engine = self.engines.get(key)
        if engine is None:
            faces = {name.lower(): card.face for name, card in plan.cards.items()}
            engine = self.engines[key] = self.phase.Engine.from_json(json.dumps(faces))
            while len(self.engines) > ENGINE_CACHE_SIZE:
                self.engines.popitem(last=False)
        else:
            self.engines.move_to_end(key)
        return engine

    def remember(self, key: str, prepared: tuple[str, list[tuple[int, str, int, str]]]) -> None:
        if not self.fork_cache_size:
            return
        self.forks[key] = prepared
        while len(self.forks) > self.fork_cache_size:
            self.forks.popitem(last=False)
