"""The strategies: objects, effect steps, step lists and whole scenarios.

Everything is generated in the plain case-file form (dicts, as in a YAML case), and
:func:`scenarios` builds a :class:`~conformance.format.model.Case` from it. Generation follows the
format's own rules, so every scenario is valid: references resolve, an ended effect was created
before, ids are unique. ``features=`` limits generation to what an engine supports.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance import CR_VERSION
from conformance.format.features import RULES
from conformance.reports.text import rule_key
from conformance.format.model import Case
from strategies._internal.validation import check_checkpoints, check_features, check_interval, check_size, observe_here

PLAYERS = ("Alex", "Blair")
"""The seats of generated scenarios, in turn order."""

ZONES_AWAY = ("graveyard", "exile", "hand")
_AWAY = (*ZONES_AWAY, "library")

_CREATURES_YOU_CONTROL = {"types": ["creature"], "controller": "you"}
_CREATURE_CARDS_IN_YOUR_GRAVEYARD = {"types": ["creature"], "zone": "graveyard", "owner": "you"}


def _named(name: str):
    """``st.composite`` under a public name, so the strategy's repr reads as the public call."""
    def decorate(function):
        function.__name__ = function.__qualname__ = name
        return st.composite(function)
    return decorate


def _explicit(defaults: dict[str, Any], **given: Any) -> dict[str, Any]:
    """The arguments that differ from their defaults (what the repr should show)."""
    return {k: (sorted(v) if isinstance(v, frozenset) else v) for k, v in given.items() if v != defaults[k]}


# --- numbers --------------------------------------------------------------------------------------


def pt_amounts(*, min_value: int = -4, max_value: int = 4) -> st.SearchStrategy[int]:
    """Returns a strategy which generates the amounts of power/toughness effects, negative
    values included (CR 107.1b). Examples shrink towards 0."""
    check_interval(min_value, max_value, "min_value", "max_value")
    return st.integers(min_value, max_value)


def printed_values(*, max_value: int = 6) -> st.SearchStrategy[int]:
    """Returns a strategy which generates printed power or toughness, from 0 to ``max_value``.
    Examples shrink towards 0."""
    check_size(max_value, "max_value")
    return st.integers(0, max_value)


# --- objects --------------------------------------------------------------------------------------


def creature_objects(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates a creature object: printed power and toughness, its
    owner, and, as ``features`` allow, starting counters, a characteristic-defining */*
    ability (CR 604.3) or a start in the graveyard. Examples shrink towards a 0/1 on the
    battlefield with nothing else."""
    check_features(features)
    return _creature_objects(**_explicit({"features": None}, features=features))


_PLAIN_CREATURE = {"card": {"types": ["creature"], "power": 0, "toughness": 1}, "owner": PLAYERS[0]}
"""The simplest creature, which every creature shrinks towards."""


@_named("creature_objects")
def _creature_objects(draw, *, features: Iterable[str] | None = None, extras: bool = True) -> dict[str, Any]:
    allowed = check_features(features)
    # First a choice whose simplest value is the plain 0/1, with no further choice: an object the
    # shrinker has emptied is then a few choices long, short enough for it to delete.
    if draw(st.integers(0, 9)) == 0:
        return {"card": dict(_PLAIN_CREATURE["card"]), "owner": _PLAIN_CREATURE["owner"]}
    # Toughness 0 (dying at once unless something raises it, 704.5f) is an edge worth reaching,
    # but examples shrink towards a creature that survives: 0/1.
    toughness = draw(st.integers(1, 6))
    if draw(st.integers(0, 9)) == 9:
        toughness = 0
    card: dict[str, Any] = {"types": ["creature"], "power": draw(printed_values()), "toughness": toughness}
    obj: dict[str, Any] = {"card": card, "owner": draw(st.sampled_from(PLAYERS))}
    if "layer-7a" in allowed and draw(st.booleans()):
        counted = draw(st.sampled_from([_CREATURES_YOU_CONTROL, _CREATURE_CARDS_IN_YOUR_GRAVEYARD]))
        base = card["power"]
        card["power"] = card["toughness"] = f"{base}+*" if base else "*"
        expression = {"sum": [base, {"count": counted}]} if base else {"count": counted}
        card["abilities"] = [{"cda_pt": {"power": expression, "toughness": expression}}]
    if "counters" in allowed and draw(st.booleans()):
        kind = draw(st.sampled_from(["+1/+1", "-1/-1", "+1/+0", "-0/-1"]))
        obj["counters"] = {kind: draw(st.integers(1, 3))}
    if "zone-changes" in allowed and draw(st.integers(0, 4)) == 4:  # rare; shrinks away
        obj["zone"] = draw(st.sampled_from(["graveyard", "library"]))
        obj.pop("counters", None)
    if extras and draw(st.integers(0, 2)) == 2:  # a third of creatures have more characteristics; shrinks away
        _dress(draw, obj, allowed, "creature")
    return obj


# --- characteristics: types, colours, abilities as data (CR 205, 613.1b-f, 702) ---------------------

_DATA_KEYWORDS = ("flying", "first strike", "trample", "vigilance", "reach", "haste", "menace", "defender",
                  "double strike")
"""Keywords that are data only in the format: objects have, gain and lose them (702)."""

_FEATURE_KEYWORDS = (("lifelink", "lifelink"), ("deathtouch", "deathtouch"), ("indestructible", "indestructible"),
                     ("changeling", "type-changing"))
"""Keywords with rules of their own (702.15b, 702.2b, 702.12b, 702.73a), by the feature each needs."""

_CREATURE_TYPES = ("Goblin", "Bear", "Elf", "Human", "Wizard", "Elemental")
_MANA_COSTS = (("{1}{G}", ["G"]), ("{G}", ["G"]), ("{2}{W}", ["W"]), ("{U}{B}", ["U", "B"]), ("{3}", []),
               ("{1}{R}{R}", ["R"]))
"""Mana costs and the colours they give the card (202.2)."""

_COLOR_SETS = (["G"], [], ["W"], ["U", "R"], ["B"])


def _keywords(allowed: frozenset[str]) -> list[str]:
    """The keywords ``allowed`` permits, those with rules of their own twice as often."""
    return [*_DATA_KEYWORDS, *[k for k, feature in _FEATURE_KEYWORDS if feature in allowed] * 2]


_CHANGE_PARTS = (("power", "layer-7b"), ("colors", "color-changing"), ("add_types", "type-changing"),
                 ("gains", "ability-changing"), ("add_subtypes", "type-changing"), ("gain_control", "control-changing"),
                 ("types", "type-changing"), ("subtypes", "type-changing"), ("loses", "ability-changing"),
                 ("loses_all_abilities", "ability-changing"), ("supertypes", "type-changing"),
                 ("add_supertypes", "type-changing"))
"""The parts of a ``CHANGE``, each in its layer (613.1b-f, 613.4b), by the feature it needs."""


def _change_parts(allowed: frozenset[str], purpose: str) -> list[str]:
    """The parts a change for ``purpose`` (``step``, ``static``, ``activated``, ``triggered``) may have:
    an ability's effect on its own object never gains control of it (its controller has it)."""
    return [part for part, feature in _CHANGE_PARTS if feature in allowed
            and not (part == "gain_control" and purpose in ("activated", "triggered"))]


@st.composite
def _changes(draw, allowed: frozenset[str], purpose: str) -> dict[str, Any]:
    """A ``CHANGE``: one to three parts. Supertypes never include world (704.5k is not modelled) and
    card types never instant or sorcery (those can't be permanents, 304.4, 307.4)."""
    parts = draw(st.lists(st.sampled_from(_change_parts(allowed, purpose)), min_size=1, max_size=3, unique=True))
    change: dict[str, Any] = {}
    for part in parts:
        if part == "gain_control":
            change[part] = True
        elif part == "types":
            options = [["creature"], ["artifact", "creature"], ["artifact"], ["enchantment", "creature"], ["land"]]
            change[part] = list(draw(st.sampled_from(options + ([["planeswalker"]] if "planeswalkers" in allowed else []))))
        elif part == "add_types":
            change[part] = [draw(st.sampled_from(["creature", "artifact", "enchantment", "land"]))]
        elif part == "subtypes":
            change[part] = [draw(st.sampled_from([*_CREATURE_TYPES, "Forest"]))]
        elif part == "add_subtypes":
            change[part] = [draw(st.sampled_from(_CREATURE_TYPES))]
        elif part == "supertypes":
            # (never []: a saved counterexample drops empty lists, records.case_document)
            change[part] = list(draw(st.sampled_from([["legendary"], ["snow"], ["basic"]])))
        elif part == "add_supertypes":
            change[part] = [draw(st.sampled_from(["legendary", "snow", "basic"]))]
        elif part == "colors":
            change[part] = list(draw(st.sampled_from([c for c in _COLOR_SETS if c])))
        elif part in ("gains", "loses"):
            change[part] = [{"keyword": draw(st.sampled_from(_keywords(allowed)))}]
        elif part == "loses_all_abilities":
            change[part] = True
        else:  # power and toughness, 7b (613.4b): an EXPR each
            change["power"] = draw(_expressions(allowed, purpose, minimum=0))
            change["toughness"] = draw(_expressions(allowed, purpose, minimum=1))
    return change


@st.composite
def _expressions(draw, allowed: frozenset[str], purpose: str, *, minimum: int) -> Any:
    """A P/T ``EXPR``: mostly a number; X in an activated ability's effect (107.3); the object's mana
    value (202.3) or a count of creatures with characteristic-expressions."""
    kinds = ["number", "number", "number", "count"]
    if purpose == "activated":
        kinds += ["X", "X"]
    if "characteristic-expressions" in allowed:
        kinds.append("mana_value")
    kind = draw(st.sampled_from(kinds))
    if kind == "number":
        return draw(st.integers(minimum, 5))
    if kind == "count":
        return {"count": dict(_CREATURES_YOU_CONTROL)}
    return kind


def _uses_x(change: dict[str, Any]) -> bool:
    return "X" in (change.get("power"), change.get("toughness"))


@st.composite
def _ability_templates(draw, allowed: frozenset[str], kind: str, change: dict[str, Any] | None = None) -> dict[str, Any]:
    """An activated or triggered ability (602, 603) whose effect makes its own object become something."""
    change = draw(_changes(allowed, kind)) if change is None else change
    effect = {"become": {**change, "until": draw(st.sampled_from(["end_of_turn", "ended"]))}}
    if kind == "activated":
        return {"activated": {"name": "animate", "cost": "{X}" if _uses_x(change) else "{2}", "effect": effect}}
    return {"triggered": {"name": "awaken", "when": "At the beginning of your upkeep", "effect": effect}}


def _traits(allowed: frozenset[str], kind: str, obj: dict[str, Any]) -> list[str]:
    """What :func:`_dress` may add to an object of ``kind`` (creature, artifact, land, planeswalker)."""
    card = obj["card"]
    traits = ["keyword", "mana_cost", "named", "legendary", "snow", "colors"]
    if kind == "creature":
        traits += ["subtype", "artifact", "land"]
        if "enters-choices" in allowed and not card.get("abilities"):
            traits.append("as_enters_pt")
    if "color-changing" in allowed:
        traits.append("cda_colors")
    for ability, feature in (("activated", "activated-abilities"), ("triggered", "triggered-abilities")):
        if feature in allowed and _change_parts(allowed, ability) \
                and not any(ability in a for a in card.get("abilities", ())):  # one of each: names stay unique
            traits.append(ability)
    if "enters-choices" in allowed:
        traits.append("choose")
    if "control-changing" in allowed and obj.get("zone", "battlefield") == "battlefield":
        traits.append("stolen")
    return traits


def _dress(draw, obj: dict[str, Any], allowed: frozenset[str], kind: str) -> None:
    """Give ``obj`` one to three more characteristics: a keyword (702), a subtype, a mana cost and its
    colours (202.2), printed colours, a name, a supertype (205.4), more card types, colours defined by a
    characteristic-defining ability (604.3), an activated or triggered ability, an "as enters" choice
    (614.12, 208.2b), or a controller other than its owner. Names are made distinct by
    :func:`_distinguish`: no two legendary permanents ever share one (704.5j is not modelled)."""
    card = obj["card"]
    for trait in draw(st.lists(st.sampled_from(_traits(allowed, kind, obj)), min_size=1, max_size=3, unique=True)):
        abilities = card.setdefault("abilities", [])
        if trait == "keyword":
            abilities.append({"keyword": draw(st.sampled_from(_keywords(allowed)))})
        elif trait == "mana_cost":
            card["mana_cost"], colors = draw(st.sampled_from(_MANA_COSTS))
            card["colors"] = list(colors)
        elif trait == "colors" and "mana_cost" not in card:
            card["colors"] = list(draw(st.sampled_from(_COLOR_SETS[:1] + _COLOR_SETS[2:])))
        elif trait == "named":
            card.setdefault("name", kind.capitalize())
        elif trait in ("legendary", "snow"):
            if trait not in card.setdefault("supertypes", []):
                card["supertypes"].append(trait)
            if trait == "legendary":
                card.setdefault("name", "Legend")
        elif trait == "subtype":
            card["subtypes"] = [*card.get("subtypes", []), draw(st.sampled_from(_CREATURE_TYPES))]
        elif trait in ("artifact", "land") and card["types"] == ["creature"]:
            # an artifact creature; a land creature, Dryad Arbor (205.3i)
            card["types"] = [trait, "creature"]
            if trait == "land":
                card["subtypes"] = ["Forest", "Dryad"]
        elif trait == "cda_colors":
            abilities.append({"cda_colors": list(draw(st.sampled_from([["W", "U", "B", "R", "G"], ["G"], ["U", "B"]])))})
        elif trait in ("activated", "triggered"):
            abilities.append(draw(_ability_templates(allowed, trait)))
        elif trait == "as_enters_pt":
            # 208.2b: "as this enters, it becomes your choice of 5/1 or 1/5"; 0/0 elsewhere
            card["power"] = card["toughness"] = "*"
            options = draw(st.lists(st.sampled_from(["2/2", "4/1", "1/4", "3/3"]), min_size=2, max_size=2, unique=True))
            pt_ability: dict[str, Any] = {"options": options}
            if draw(st.booleans()):
                pt_ability["turned_face_up"] = True
            abilities.append({"as_enters_pt": pt_ability})
        elif trait == "choose":
            if obj.get("zone", "battlefield") != "battlefield" and draw(st.booleans()):
                abilities.append({"as_enters_choose": {"object": {"types": ["creature"]}}})  # chosen as it enters
            else:
                abilities.append({"as_enters_choose": {"player": draw(st.sampled_from(["opponent", "player"]))}})
        elif trait == "stolen":
            obj["controller"] = _other(obj["owner"])
        if not abilities:
            del card["abilities"]
    if obj.get("zone", "battlefield") == "battlefield":
        choices = _entering_choices(None, obj, obj.get("controller", obj["owner"]), {}, {})
        if choices:
            obj["choices"] = choices


def _other(player: str) -> str:
    return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]


def _entering_choices(oid: str | None, spec: dict[str, Any], controller: str, objects: dict[str, Any],
                      zones: dict[str, str]) -> dict[str, Any] | None:
    """The choices ``spec``'s own "as enters" abilities need as it enters under ``controller``
    (614.12): an opponent (or themselves, for "choose a player"), another object (a creature on the
    battlefield if there is one), its first power/toughness option (208.2b)."""
    choices: dict[str, Any] = {}
    for ability in spec["card"].get("abilities", []):
        (key, body), = ability.items()
        if key == "as_enters_choose" and "player" in body:
            choices["player"] = _other(controller) if body["player"] == "opponent" else controller
        elif key == "as_enters_choose":
            others = [o for o in objects if o != oid]
            creatures = [o for o in others if zones.get(o) == "battlefield" and "creature" in objects[o]["card"]["types"]]
            choices["object"] = (creatures or others)[0]
        elif key == "as_enters_pt":
            choices["pt"] = body["options"][0]
    return choices or None


def _distinguish(oid: str, spec: dict[str, Any]) -> None:
    """Make the object's name and its abilities' names its own: two objects never share a name (so
    the legend rule, 704.5j, never applies), and a step naming an ability names that object's."""
    card = spec["card"]
    if "name" in card:
        card["name"] = f"{card['name']} {oid}"
    for ability in card.get("abilities", []):
        (key, body), = ability.items()
        if key in ("activated", "triggered"):
            body["name"] = f"{body['name']}_{oid}"


_AFFECTS = ({"types": ["creature"], "controller": "you"}, {"types": ["creature"]}, {"types": ["creature"], "other": True},
            {"types": ["creature"], "colors": ["G"]}, {"types": ["creature"], "subtypes": ["Goblin"]},
            {"types": ["artifact"], "not_types": ["creature"]}, {"types": ["land"]},
            {"types": ["creature"], "controller": "opponent"})
"""What a static ability's ``affects`` filter matches (613.5: anew at each moment)."""


@_named("static_objects")
def _static_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    """An enchantment with a static ability making what its filter matches become something (604.2):
    Opalescence, Humility, "creatures you control are blue"; sometimes a kindred or world enchantment
    (only one world permanent per scenario, :func:`_finish`) with a name and a mana cost."""
    allowed = check_features(features)
    static = {"affects": dict(draw(st.sampled_from(_AFFECTS))), "becomes": draw(_changes(allowed, "static"))}
    card: dict[str, Any] = {"types": ["enchantment"], "abilities": [{"static": static}]}
    extra = draw(st.integers(0, 4))
    if extra == 1:
        card.update(name="Shrine", supertypes=["world"], mana_cost="{2}{W}", colors=["W"])
    elif extra == 2:  # a kindred enchantment (308), with a creature type
        card.update(types=["kindred", "enchantment"], subtypes=["Goblin"], mana_cost="{1}{R}", colors=["R"])
    return {"card": card, "owner": draw(st.sampled_from(PLAYERS))}


def _static_possible(allowed: frozenset[str]) -> bool:
    return "static-abilities" in allowed and bool(_change_parts(allowed, "static"))


@_named("permanent_objects")
def _permanent_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    """A noncreature permanent: an artifact that can become a creature (Chimeric Staff, 602), a land
    (basic, snow; a manland when it has an activated ability) or a planeswalker with its printed
    loyalty (209.1, 306.5b), maybe with more characteristics (:func:`_dress`)."""
    allowed = check_features(features)
    kinds = ["artifact", "land"] + (["planeswalker"] if "planeswalkers" in allowed else [])
    kind = draw(st.sampled_from(kinds))
    obj: dict[str, Any] = {"card": {"types": [kind]}, "owner": draw(st.sampled_from(PLAYERS))}
    card = obj["card"]
    if kind == "land":
        card["subtypes"] = [draw(st.sampled_from(["Forest", "Island"]))]
        card["supertypes"] = list(draw(st.sampled_from([["basic"], [], ["basic", "snow"]])))
    elif kind == "planeswalker":
        card.update(subtypes=[draw(st.sampled_from(["Jace", "Ajani"]))], supertypes=["legendary"], name="Walker",
                    loyalty=draw(st.integers(1, 5)))
    animate = {"types": ["artifact", "creature"], "subtypes": ["Construct"], "power": "X", "toughness": "X"} \
        if kind == "artifact" else {"add_types": ["creature"], "add_subtypes": ["Elemental"], "power": 3, "toughness": 3}
    if {"type-changing", "layer-7b", "activated-abilities"} <= allowed and kind != "planeswalker" and draw(st.booleans()):
        card["abilities"] = [draw(_ability_templates(allowed, "activated", animate))]
    if draw(st.integers(0, 2)) == 2:
        _dress(draw, obj, allowed, kind)
    return obj


@_named("spell_cards")
def _spell_cards(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    """A sorcery card off the battlefield, in a hand, graveyard or library (it can't be a permanent,
    307.4), sometimes a kindred sorcery with a creature type (205.3m, 308)."""
    card: dict[str, Any] = {"types": ["sorcery"], "mana_cost": draw(st.sampled_from(["{1}{R}", "{2}{B}"]))}
    if draw(st.booleans()):
        card.update(types=["kindred", "sorcery"], subtypes=[draw(st.sampled_from(_CREATURE_TYPES))])
    return {"card": card, "zone": draw(st.sampled_from(["graveyard", "hand", "library"])),
            "owner": draw(st.sampled_from(PLAYERS))}


def _finish(objects: dict[str, dict[str, Any]]) -> None:
    """What needs the whole board: distinct names (:func:`_distinguish`), at most one world permanent
    (704.5k is not modelled), an object to choose as another enters (else it chooses an opponent),
    and the choices of objects declared on the battlefield (614.12)."""
    world = False
    zones = {oid: spec.get("zone", "battlefield") for oid, spec in objects.items()}
    for oid, spec in objects.items():
        _distinguish(oid, spec)
        card = spec["card"]
        if "world" in card.get("supertypes", ()):
            if world:
                card["supertypes"] = [t for t in card["supertypes"] if t != "world"]
            world = True
        if len(objects) == 1:
            card["abilities"] = [{"as_enters_choose": {"player": "opponent"}} if "as_enters_choose" in a else a
                                 for a in card.get("abilities", [])]
        if zones[oid] == "battlefield":
            choices = _entering_choices(oid, spec, spec.get("controller", spec["owner"]), objects, zones)
            if choices:
                spec["choices"] = choices


def anthem_objects(*, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates an enchantment with a static ability that sets,
    modifies or switches the power/toughness of the creatures its controller controls
    (CR 604.2, 613.5). Examples shrink towards a +0/+0 anthem."""
    allowed = check_features(features)
    if not allowed & {"layer-7b", "layer-7c", "layer-7d"}:
        raise InvalidArgument(f"features={sorted(allowed)}: an anthem needs layer-7b, layer-7c or layer-7d")
    return _anthem_objects(**_explicit({"features": None}, features=features))


@_named("anthem_objects")
def _anthem_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    allowed = check_features(features)
    effects = [e for e, f in (("modify_pt", "layer-7c"), ("set_pt", "layer-7b"), ("switch_pt", "layer-7d"))
               if f in allowed]
    effect = draw(st.sampled_from(effects))
    static: dict[str, Any] = {"effect": effect, "affects": {"types": ["creature"], "controller": "you"}}
    if effect == "modify_pt":
        static.update(power=draw(pt_amounts(min_value=-2, max_value=2)), toughness=draw(pt_amounts(min_value=-2, max_value=2)))
    elif effect == "set_pt":
        static.update(power=draw(printed_values(max_value=4)), toughness=draw(st.integers(1, 4)))
    return {"card": {"types": ["enchantment"], "abilities": [{"static_pt": static}]},
            "owner": draw(st.sampled_from(PLAYERS))}


def boards(*, min_objects: int = 1, max_objects: int = 6,
           features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, dict[str, Any]]]:
    """Returns a strategy which generates the objects of a scenario by id: creatures ``c1``,
    ``c2``, ... and, with static abilities allowed, anthems ``a1``, ... . Examples shrink
    towards fewer objects."""
    check_interval(min_objects, max_objects, "min_objects", "max_objects")
    check_size(min_objects, "min_objects", minimum=1)
    check_features(features)
    return _boards(**_explicit({"min_objects": 1, "max_objects": 6, "features": None},
                               min_objects=min_objects, max_objects=max_objects, features=features))


@_named("boards")
def _boards(draw, *, min_objects: int = 1, max_objects: int = 6,
            features: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
    allowed = check_features(features)
    anthems_possible = "static-abilities" in allowed and allowed & {"layer-7b", "layer-7c", "layer-7d"}
    kinds = ["creature", "creature", "creature", "anthem"] if anthems_possible else ["creature"]
    # A list, so that shrinking deletes whole objects.
    drawn = draw(st.lists(st.sampled_from(kinds).flatmap(
        lambda kind: st.tuples(st.just(kind), _creature_objects(features=allowed) if kind == "creature"
                               else _anthem_objects(features=allowed))),
        min_size=min_objects, max_size=max_objects))
    return {f"{'c' if kind == 'creature' else 'a'}{index}": spec for index, (kind, spec) in enumerate(drawn, 1)}


# --- steps ----------------------------------------------------------------------------------------

_STEP_FEATURES: dict[str, frozenset[str]] = {
    "modify_pt": frozenset({"layer-7c"}),
    "switch_pt": frozenset({"layer-7d"}),
    "set_pt": frozenset({"layer-7b"}),
    "double_pt": frozenset({"double-pt", "layer-7c"}),
    "triple_pt": frozenset({"triple-pt", "layer-7c"}),
    "put_counters": frozenset({"counters"}),
    "remove_counters": frozenset({"counters"}),
    "end_effect": frozenset({"durations"}),
    "end_turn": frozenset({"durations"}),
    "move": frozenset({"zone-changes"}),
}
"""The features each kind of action needs, simplest kinds first (examples shrink that way)."""

_CHANGING = ("become",)
"""Kinds of action that need some part of a change (:data:`_CHANGE_PARTS`) allowed; ``activate`` and
``trigger`` are held only by an object with such an ability."""
_PT_KINDS = ("modify_pt", "switch_pt", "set_pt", "double_pt", "triple_pt")

_NOTHING = "nothing"
"""The simplest intent of all, realized as no step: an intent the shrinker has emptied is one
choice long, and its place in the list is short enough to delete."""

_TIMES = 8
"""Intents carry a time from 0 to ``_TIMES - 1``; the board's steps are ordered by it."""


class _Tracker:
    """What turning intents into steps must remember to keep references valid: where each
    object is, and the effects still open, by the object (or ``None``, the board) whose intents
    created them."""

    def __init__(self, objects: dict[str, dict[str, Any]]):
        self.objects = objects
        self.zones = {oid: spec.get("zone", "battlefield") for oid, spec in objects.items()}
        self.counters = {oid: set(spec.get("counters", {})) for oid, spec in objects.items()}
        self.open_effects: dict[str | None, list[str]] = {}
        self.next_effect = 1


def action_kinds(features: Iterable[str] | None = None) -> list[str]:
    """The kinds of action step the given features allow."""
    allowed = check_features(features)
    return [kind for kind, needs in _STEP_FEATURES.items() if needs <= allowed] \
        + (["become"] if _change_parts(allowed, "step") else [])


def _host_kinds(kinds: Iterable[str], allowed: frozenset[str], host: str,
                spec: dict[str, Any] | None = None) -> tuple[str, ...]:
    """The intents an object of kind ``host`` (creature, anthem, permanent, spell) or the board itself
    may hold, :data:`_NOTHING` first. The board holds what acts on no object in particular: effects on
    every creature (locked sets, CR 611.2c) and the cleanup step (514.2); an anthem and a spell card
    only change zones; a noncreature permanent changes zones, becomes something and gets counters
    (loyalty on a planeswalker, 306.5c). An object with an activated or triggered ability also holds
    its activation or trigger (602, 603)."""
    if host == "creature":
        held = [k for k in kinds if k != "end_turn"]
    elif host in ("anthem", "spell"):
        held = [k for k in kinds if k == "move"]
    elif host == "permanent":
        held = [k for k in kinds if k in ("move", "become", "put_counters", "remove_counters")]
    else:
        held = [k for k in kinds if k in ("end_effect", "end_turn")
                or ((k in _PT_KINDS or k == "become") and "locked-sets" in allowed)]
    for ability in (spec or {}).get("card", {}).get("abilities", []):
        held += [step for key, step in (("activated", "activate"), ("triggered", "trigger")) if key in ability] * 3
    # Each kind twice, so that an intent is seldom generated empty; counters on a creature twice
    # as often again (both kinds on one permanent, 704.5q, is an edge to reach), and so are
    # doubling and tripling (their edges, negative and switched values, need a setup before them).
    more = [k for k in held if k in ("put_counters", "double_pt", "triple_pt")] * 2 if host == "creature" else []
    return (_NOTHING, *held, *held, *more) if held else ()


@st.composite
def _intent(draw, allowed: frozenset[str], kinds: tuple[str, ...], host: str = "object",
            setup: str | None = None) -> dict[str, Any] | None:
    """An action drawn without looking at the board: its kind, amounts, flags; for an intent held
    by an object or the board (``host``), its time and whether it joins the step before it in one
    event; for ``host="any"``, a target by position and sometimes every creature instead.
    :func:`_realize` turns it into valid steps.

    ``setup`` draws the action a doubling or tripling sets up with (``"negative"``: power driven
    below 0; ``"switched"``), nested in it and drawn exactly as the same action on its own would
    be (its kind's index in ``kinds`` first): the shrinker can then replace the multiplication by
    the action it nests, when that alone shows a failure."""
    if setup is None:
        kind = draw(st.sampled_from(kinds))
    else:
        index = kinds.index("modify_pt" if setup == "negative" else "switch_pt")
        kind = kinds[draw(st.integers(index, index))]
    if kind == _NOTHING:
        return None
    intent: dict[str, Any] = {"kind": kind}
    if host == "any":
        intent["target"] = draw(st.integers(0, 7))
    else:
        intent["time"] = draw(st.integers(0, _TIMES - 1))
        # Several actions in one event (no state-based action check between them, CR 704.3).
        intent["joined"] = "simultaneous-actions" in allowed and draw(st.integers(0, 4)) == 4
    if kind in ("put_counters", "remove_counters"):
        # "opposite": a -1/-1 counter where a +1/+1 counter may be, or the other way round, so that
        # both kinds meet on one permanent (the edge of 704.5q).
        intent.update(counter=draw(st.sampled_from(["+1/+1", "-1/-1", "+1/+0", "opposite"])), count=draw(st.integers(1, 3)))
    elif kind == "move":
        intent["away"] = draw(st.sampled_from(_AWAY))
    elif kind == "end_effect":
        intent["which"] = draw(st.integers(0, 3))
    elif kind == "activate":
        intent["x"] = draw(st.integers(0, 4))  # the value of X, if its cost has one (107.3)
    elif kind == "become":
        intent["each"] = host == "board" or (host == "any" and "locked-sets" in allowed and draw(st.integers(0, 5)) == 5)
        intent["change"] = draw(_changes(allowed, "step"))
        if "gain_control" in intent["change"]:
            intent["controller"] = draw(st.sampled_from(PLAYERS[::-1]))  # who gains control (613.1b)
        intent["lasting"] = "durations" in allowed and draw(st.booleans())
    elif kind in _PT_KINDS:
        if host == "any":
            intent["each"] = "locked-sets" in allowed and draw(st.integers(0, 5)) == 5
        else:
            intent["each"] = host == "board"
        if kind == "modify_pt" and setup == "negative":
            # Power driven below 0 (within the range of any modification, for the shrinker); as it
            # is realized, by that much more than the printed power (701.10c, 701.11c).
            intent.update(power=draw(st.integers(-4, -1)), toughness=draw(st.integers(0, 0)), below_printed=True)
        elif kind == "modify_pt":
            intent.update(power=draw(pt_amounts()), toughness=draw(pt_amounts()))
        elif kind == "set_pt":
            intent.update(power=draw(pt_amounts(min_value=-2, max_value=5)),
                          toughness=draw(pt_amounts(min_value=-1, max_value=5)))
        elif kind in ("double_pt", "triple_pt"):
            intent["which"] = draw(st.sampled_from(["power", "toughness", "both"]))
            # Reach the edges on purpose: multiply a value just driven below 0 (701.10c), or a
            # switched creature (the bonus then shows on the other value).
            setups = [None] + [setup for setup, needs in (("negative", "layer-7c"), ("negative", "layer-7c"),
                                                          ("switched", "layer-7d"))
                               if needs in allowed and host == "object"]
            chosen = draw(st.sampled_from(setups))
            if chosen:
                intent["setup"] = draw(_intent(allowed, kinds, host, chosen))
        intent["lasting"] = "durations" in allowed and draw(st.booleans())
    return intent


def _realize(intent: dict[str, Any], host: str | None, tracker: _Tracker) -> list[dict[str, Any]]:
    """The valid steps an intent held by ``host`` (an object id, or ``None``: the board) stands
    for, at this point of the scenario: the action it sets up with, if any, then its own."""
    setup = intent.get("setup")
    return [*(_realize(setup, host, tracker) if setup else ()), *_realize_one(intent, host, tracker)]


def _realize_one(intent: dict[str, Any], host: str | None, tracker: _Tracker) -> list[dict[str, Any]]:
    """The steps of one intent: its own, after a move onto the battlefield when it acts on an object
    that is not a permanent now (an effect aimed at one is for a permanent, 109.2, 608.2b: none is
    ever aimed at a card in a hand, graveyard or library)."""
    if host is not None and intent["kind"] not in ("move", "end_effect", "end_turn") \
            and tracker.zones.get(host, "battlefield") != "battlefield" and not intent.get("each"):
        return [_realize_step({"kind": "move"}, host, tracker), _realize_step(intent, host, tracker)]
    return [_realize_step(intent, host, tracker)]


def _realize_step(intent: dict[str, Any], host: str | None, tracker: _Tracker) -> dict[str, Any]:
    kind = intent["kind"]
    open_effects = tracker.open_effects.setdefault(host, [])
    if kind == "end_effect" and open_effects:
        return {"end_effect": open_effects.pop(intent["which"] % len(open_effects))}
    if kind in ("end_effect", "end_turn"):  # nothing of its own to end: the cleanup step (514.2)
        return {"end_turn": {}}
    if kind in ("put_counters", "remove_counters"):
        counter = intent["counter"]
        if counter == "opposite":
            counter = "+1/+1" if "-1/-1" in tracker.counters.get(host, ()) else "-1/-1"
        spec = tracker.objects.get(host, {})
        if "planeswalker" in spec.get("card", {}).get("types", ()):
            counter = "loyalty"  # a planeswalker's loyalty is its loyalty counters (306.5c)
        if kind == "put_counters" and host in tracker.counters:
            tracker.counters[host].add(counter)
        return {kind: {"object": host, "kind": counter, "count": intent["count"]}}
    if kind == "move":
        spec = tracker.objects.get(host, {})
        away = intent.get("away", _AWAY[0])
        if tracker.zones[host] == away:
            away = _AWAY[(_AWAY.index(away) + 1) % len(_AWAY)]
        # A sorcery card never enters the battlefield (307.4): it moves between the other zones.
        spell = "sorcery" in spec.get("card", {}).get("types", ())
        zone = "battlefield" if tracker.zones[host] != "battlefield" and not spell else away
        tracker.zones[host] = zone
        tracker.counters[host] = set()  # a new object, without counters (400.7, 122.2)
        move: dict[str, Any] = {"object": host, "to": zone}
        if zone == "battlefield" and spec.get("card"):  # it enters under its owner's control (110.2)
            choices = _entering_choices(host, spec, spec.get("owner", PLAYERS[0]), tracker.objects, tracker.zones)
            if choices:
                move["choices"] = choices
        return {"move": move}
    if kind in ("activate", "trigger"):
        key = "activated" if kind == "activate" else "triggered"
        body = next(a[key] for a in tracker.objects[host]["card"]["abilities"] if key in a)
        step = {"object": host, "ability": body["name"]}
        if kind == "activate" and _uses_x(body["effect"]["become"]):
            step["x"] = intent["x"]
        return {kind: step}
    body: dict[str, Any] = {"to_each": {"types": ["creature"]}} if intent["each"] else {"to": host}
    body.update({k: intent[k] for k in ("power", "toughness", "which", "controller") if k in intent})
    printed = tracker.objects.get(host, {}).get("card", {}).get("power")
    if intent.get("below_printed") and isinstance(printed, int) and printed > 0:
        body["power"] = intent["power"] - printed  # below 0 whatever the card prints (before other effects)
    body.update(intent.get("change", {}))
    if intent["lasting"]:
        effect_id = f"e{tracker.next_effect}"
        tracker.next_effect += 1
        body.update(id=effect_id, until="ended")
        open_effects.append(effect_id)
    return {kind: body}


def action_steps(object_ids: Iterable[str], *, features: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Returns a strategy which generates one action step acting on the given objects (an effect,
    counters, a zone change, an end of effect). Examples shrink towards ``modify_pt``."""
    ids = list(object_ids)
    if not ids:
        raise InvalidArgument("action_steps() needs at least one object id")
    allowed = check_features(features)
    kinds = tuple(action_kinds(allowed))

    def realize(intent: dict[str, Any]) -> dict[str, Any]:
        host = None if intent.get("each") else ids[intent["target"] % len(ids)]
        return _realize_step(intent, host, _Tracker({oid: {} for oid in ids}))
    return _intent(allowed, kinds, "any").map(realize)


@st.composite
def _held_intents(draw, allowed: frozenset[str], kinds: tuple[str, ...], budget: list[int], cap: int,
                  host: str = "object") -> list[dict[str, Any]]:
    """The intents one object (or the board) holds: at most ``cap``, and at most what is left of
    the scenario's ``budget`` (which this takes its share from)."""
    if not kinds or budget[0] <= 0:
        return []
    intents = [i for i in draw(st.lists(_intent(allowed, kinds, host), max_size=min(cap, budget[0]))) if i is not None]
    budget[0] -= len(intents)
    return intents


_ABSENT = "absent"
"""The simplest object slot of a scenario: no object at all. An object slot the shrinker has
emptied (every choice at its simplest) is gone, with the actions it held, in one step."""


@st.composite
def _held_objects(draw, allowed: frozenset[str], kinds: tuple[str, ...], budget: list[int],
                  cap: int, extras: bool = True) -> tuple[str, dict[str, Any], list[dict[str, Any]]] | None:
    """An object of a scenario with the intents it holds (the actions on it), or sometimes
    none (:data:`_ABSENT`)."""
    anthems_possible = "static-abilities" in allowed and allowed & {"layer-7b", "layer-7c", "layer-7d"}
    # Creatures three times as often as anthems; seldom nothing; then, as features allow, enchantments
    # with static abilities, noncreature permanents and sorcery cards.
    slots = [*(_SLOTS if anthems_possible else _CREATURE_SLOTS)]
    if extras and _static_possible(allowed):
        slots += ["static"] * 2
    if extras:
        slots += ["permanent"] * 2
    if extras and "zone-changes" in allowed:
        slots.append("spell")
    kind = draw(st.sampled_from(slots))
    if kind == _ABSENT:
        return None
    if kind == "creature":
        spec = draw(_creature_objects(features=allowed, extras=extras))
    else:
        spec = draw({"anthem": _anthem_objects, "static": _static_objects,
                     "permanent": _permanent_objects, "spell": _spell_cards}[kind](features=allowed))
    host = "anthem" if kind == "static" else kind
    return host, spec, draw(_held_intents(allowed, _host_kinds(kinds, allowed, host, spec), budget,
                                          cap if kind in ("creature", "permanent") else 1))


_SLOTS = (_ABSENT, *["creature"] * 9, *["anthem"] * 3)
_CREATURE_SLOTS = (_ABSENT, *["creature"] * 9)
_PREFIXES = {"creature": "c", "anthem": "a", "permanent": "p", "spell": "s"}


# --- scenarios ------------------------------------------------------------------------------------


def scenarios(*, features: Iterable[str] | None = None, min_objects: int = 1, max_objects: int = 6,
              min_steps: int = 1, max_steps: int = 10, checkpoints: str = "each",
              extras: bool = True) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates valid scenarios: a board, then ``min_steps`` to
    ``max_steps`` actions, each step followed by a checkpoint observing every object
    (``checkpoints="each"``), after a random subset of them and at the end (``"sparse"``), or
    with one checkpoint at the end (``"end"``). Several actions
    sometimes form one event (``together``), where no state-based action check falls between.

    Besides creatures and anthems, and as ``features`` allow: creatures with more characteristics
    (keywords, subtypes, a mana cost and its colours, names, supertypes, artifact and land
    creatures, colours defined by a characteristic-defining ability, activated and triggered
    abilities whose effect makes the object become something, "as enters" choices of a player, an
    object or a P/T, a controller other than the owner), enchantments with static abilities making
    what a filter matches become something (some kindred, at most one world), artifacts, lands and
    planeswalkers (with loyalty), sorcery cards off the battlefield, objects in libraries; ``become``
    steps (control, types, subtypes, supertypes, colours, abilities, P/T), ``activate`` (with X)
    and ``trigger`` steps. Names are distinct (the legend rule, 704.5j, never applies), no effect
    gives the world supertype, an effect is never aimed at a card off the battlefield (it is
    moved back first) and a sorcery card never enters the battlefield.

    Only what ``features`` allows is generated (default: every feature). Examples shrink
    towards fewer objects, fewer steps and smaller numbers: each object is generated with the
    actions on it, so removing an object removes them and changes no other step. The simplest
    example is one plain 0/1 creature on the battlefield with a single ``modify_pt`` +0/+0 on it
    (or none, with ``min_steps=0``); every extra characteristic is an optional draw that shrinks
    away, and an object's activation or trigger goes with it.

    ``extras=False`` leaves out everything beyond creatures and anthems with P/T effects (the
    characteristics above, the other objects, ``become``, ``activate`` and ``trigger`` steps): the
    properties draw both kinds, so an engine that refuses the extras (a name or a mana cost it
    cannot build) is still checked on the rest.
    """
    allowed = check_features(features)
    if not isinstance(extras, bool):
        raise InvalidArgument(f"Expected bool but got extras={extras!r} (type={type(extras).__name__})")
    check_interval(min_objects, max_objects, "min_objects", "max_objects")
    check_size(min_objects, "min_objects", minimum=1)
    check_interval(min_steps, max_steps, "min_steps", "max_steps")
    check_size(min_steps, "min_steps")
    check_checkpoints(checkpoints)
    if not allowed & {"layer-7b", "layer-7c", "layer-7d"}:
        raise InvalidArgument(f"features={sorted(allowed)} allow no power/toughness effect; "
                              "include layer-7b, layer-7c or layer-7d")
    defaults = {"features": None, "min_objects": 1, "max_objects": 6, "min_steps": 1, "max_steps": 10,
                "checkpoints": "each", "extras": True}
    return _scenarios(**_explicit(defaults, features=features, min_objects=min_objects, max_objects=max_objects,
                                  min_steps=min_steps, max_steps=max_steps, checkpoints=checkpoints, extras=extras))


_EXTRA_KINDS = ("become", "activate", "trigger")


@_named("scenarios")
def _scenarios(draw, *, features=None, min_objects=1, max_objects=6, min_steps=1, max_steps=10,
               checkpoints="each", extras=True) -> Case:
    allowed = check_features(features)
    kinds = tuple(k for k in action_kinds(allowed) if extras or k not in _EXTRA_KINDS)
    # Each object is drawn with the intents it holds (the actions on it, each with a time), the
    # board's own intents (on every creature, the cleanup step) last. Deleting an object deletes
    # its actions and changes no other: no step refers to an object by its position.
    budget = [max_steps]
    cap = min(max_steps, max(4, -(-3 * max_steps // (max_objects + 1))))
    held = [h for h in draw(st.lists(_held_objects(allowed, kinds, budget, cap, extras), min_size=min_objects,
                                     max_size=max_objects)) if h is not None]
    # Up to min_objects: plain creatures, which take no choice.
    held += [("creature", {"card": dict(_PLAIN_CREATURE["card"]), "owner": _PLAIN_CREATURE["owner"]}, [])
             for _ in range(min_objects - len(held))]
    objects: dict[str, dict[str, Any]] = {}
    hosts: list[tuple[str | None, list[dict[str, Any]]]] = []
    for index, (kind, spec, intents) in enumerate(held, 1):
        oid = f"{_PREFIXES[kind]}{index}"
        objects[oid] = spec
        hosts.append((oid, intents))
    _finish(objects)
    hosts.append((None, draw(_held_intents(allowed, _host_kinds(kinds, allowed, "board"), budget, 2, "board"))))
    # Up to min_steps: actions after all the others, on an object chosen by position (only
    # here, where nothing comes after them).
    fill = tuple(k for k in kinds if k != "end_turn")
    extra: list[tuple[str | None, dict[str, Any]]] = []
    while sum(len(intents) for _, intents in hosts) + len(extra) < min_steps:
        oid = list(objects)[draw(st.integers(0, len(objects) - 1))]
        # a sorcery card only moves (307.4), and only with zone-changes, which put it there
        extra.append((oid, {**draw(_intent(allowed, ("move",) if oid.startswith("s") else fill)), "time": _TIMES}))
    hosts += [(oid, [intent]) for oid, intent in extra]

    # One event per intent, at its time; an intent joined to the one before it on the same
    # object (or, the first on its object, to whatever comes before it) shares its event.
    groups: list[tuple[tuple[int, int, int], bool, list[tuple[str | None, dict[str, Any]]]]] = []
    for order, (host, intents) in enumerate(hosts):
        own: list[tuple[tuple[int, int, int], bool, list[tuple[str | None, dict[str, Any]]]]] = []
        for intent in intents:
            if intent["joined"] and own and host is not None:
                own[-1][2].append((host, intent))
            else:
                own.append(((intent["time"], order, len(own)), intent["joined"], [(host, intent)]))
        groups += own
    groups.sort(key=lambda group: group[0])

    tracker = _Tracker(objects)
    events: list[list[dict[str, Any]]] = []
    for _, joined, members in groups:
        realized = [step for host, intent in members for step in _realize(intent, host, tracker)]
        if joined and events:
            events[-1] += realized
        elif len(members) > 1:
            events.append(realized)
        else:
            events += [[step] for step in realized]
    observe = {"expect": {"objects": {oid: {} for oid in objects}}}
    steps: list[dict[str, Any]] = []
    for number, parts in enumerate(events, 1):
        steps.append(parts[0] if len(parts) == 1 else {"together": parts})
        if number == len(events) or observe_here(draw, checkpoints):
            steps.append(observe)
    if not steps:
        steps.append(observe)
    return build_case(objects, steps, summary="a scenario generated by strategies.scenarios()")


def build_case(objects: dict[str, Any], steps: list[dict[str, Any]], *, summary: str,
               case_id: str = "613.4/generated", players: tuple[str, ...] = PLAYERS) -> Case:
    """A :class:`Case` from plain objects and steps; its ``rules`` are those its features
    exercise (:data:`conformance.format.features.RULES`)."""
    raw = {"id": case_id, "rules": ["613.4"], "source": {"rule": "613.4"}, "summary": summary,
           "players": list(players), "objects": objects, "steps": steps}
    case = Case.from_dict(raw, cr=CR_VERSION)
    rules = sorted({"613.4", *(rule for feature in case.features for rule in RULES[feature])}, key=rule_key)
    return dataclasses.replace(case, rules=tuple(rules))
