"""The strategies' foundation: objects (creatures, anthems, permanents with abilities, spells)
and boards, and :func:`build_case`; steps and whole scenarios are in :mod:`.scenarios`.

Everything is generated in the plain case-file form (dicts, as in a YAML case), and
:func:`build_case` builds a :class:`~conformance.format.model.Case` from it. Generation follows the
format's own rules, so every scenario is valid: references resolve, an ended effect was created
before, ids are unique. ``features=`` limits generation to what an engine supports.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance import CR_VERSION
from conformance.format.features import RULES
from conformance.reports.text import rule_key
from conformance.format.model import Case
from strategies._internal.drawing import Chooser, inlinable, label
from strategies._internal.validation import check_features, check_interval, check_size

PLAYERS = ("Alex", "Blair")
"""The seats of generated scenarios, in turn order."""

ZONES_AWAY = ("graveyard", "exile", "hand")
_AWAY = (*ZONES_AWAY, "library")

_CREATURES_YOU_CONTROL = {"types": ["creature"], "controller": "you"}
_CREATURE_CARDS_IN_YOUR_GRAVEYARD = {"types": ["creature"], "zone": "graveyard", "owner": "you"}
_COUNTED = (_CREATURES_YOU_CONTROL, _CREATURE_CARDS_IN_YOUR_GRAVEYARD)


def _named(name: str):
    """``st.composite`` under a public name, so the strategy's repr reads as the public call; its
    draw can be made inline by another strategy (:meth:`~strategies._internal.drawing.Chooser.inline`)."""
    def decorate(function):
        function.__name__ = function.__qualname__ = name
        return inlinable(function)
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
    return _creature(Chooser(draw), check_features(features), extras)


def _creature(c: Chooser, allowed: frozenset[str], extras: bool = True) -> dict[str, Any]:
    """A creature object (:func:`creature_objects`), its choices made by ``c``."""
    # First a choice whose simplest value is the plain 0/1, with no further choice: an object the
    # shrinker has emptied is then a few choices long, short enough for it to delete.
    if c.integer(0, 9) == 0:
        return {"card": dict(_PLAIN_CREATURE["card"]), "owner": _PLAIN_CREATURE["owner"]}
    # Toughness 0 (dying at once unless something raises it, 704.5f) is an edge worth reaching,
    # but examples shrink towards a creature that survives: 0/1.
    toughness = c.integer(1, 6)
    if c.integer(0, 9) == 9:
        toughness = 0
    card: dict[str, Any] = {"types": ["creature"], "power": c.integer(0, 6), "toughness": toughness}
    obj: dict[str, Any] = {"card": card, "owner": c.sample(PLAYERS)}
    if "layer-7a" in allowed and c.boolean():
        counted = c.sample(_COUNTED)
        base = card["power"]
        card["power"] = card["toughness"] = f"{base}+*" if base else "*"
        expression = {"sum": [base, {"count": counted}]} if base else {"count": counted}
        card["abilities"] = [{"cda_pt": {"power": expression, "toughness": expression}}]
    if "counters" in allowed and c.boolean():
        kind = c.sample(("+1/+1", "-1/-1", "+1/+0", "-0/-1"))
        obj["counters"] = {kind: c.integer(1, 3)}
    if "zone-changes" in allowed and c.integer(0, 4) == 4:  # rare; shrinks away
        obj["zone"] = c.sample(("graveyard", "library"))
        obj.pop("counters", None)
    if extras and c.integer(0, 2) == 2:  # a third of creatures have more characteristics; shrinks away
        _dress(c, obj, allowed, "creature")
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
_PRINTED_COLOR_SETS = _COLOR_SETS[:1] + _COLOR_SETS[2:]
_SOME_COLOR_SETS = tuple(colors for colors in _COLOR_SETS if colors)


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


def _changes(c: Chooser, allowed: frozenset[str], purpose: str) -> dict[str, Any]:
    """A ``CHANGE``: one to three parts. Supertypes never include world (704.5k is not modelled) and
    card types never instant or sorcery (those can't be permanents, 304.4, 307.4)."""
    c.start(_CHANGE)
    parts = c.unique_sample(_change_parts(allowed, purpose), 1, 3)
    change: dict[str, Any] = {}
    for part in parts:
        if part == "gain_control":
            change[part] = True
        elif part == "types":
            options = _TYPE_SETS + (_PLANESWALKER if "planeswalkers" in allowed else ())
            change[part] = list(c.sample(options))
        elif part == "add_types":
            change[part] = [c.sample(("creature", "artifact", "enchantment", "land"))]
        elif part == "subtypes":
            change[part] = [c.sample((*_CREATURE_TYPES, "Forest"))]
        elif part == "add_subtypes":
            change[part] = [c.sample(_CREATURE_TYPES)]
        elif part == "supertypes":
            # (never []: a saved counterexample drops empty lists, records.case_document)
            change[part] = list(c.sample((["legendary"], ["snow"], ["basic"])))
        elif part == "add_supertypes":
            change[part] = [c.sample(("legendary", "snow", "basic"))]
        elif part == "colors":
            change[part] = list(c.sample(_SOME_COLOR_SETS))
        elif part in ("gains", "loses"):
            change[part] = [{"keyword": c.sample(_keywords(allowed))}]
        elif part == "loses_all_abilities":
            change[part] = True
        else:  # power and toughness, 7b (613.4b): an EXPR each
            change["power"] = _expressions(c, allowed, purpose, minimum=0)
            change["toughness"] = _expressions(c, allowed, purpose, minimum=1)
    c.stop()
    return change


_CHANGE = label("changes")


_TYPE_SETS = (["creature"], ["artifact", "creature"], ["artifact"], ["enchantment", "creature"], ["land"])
_PLANESWALKER = (["planeswalker"],)


def _expressions(c: Chooser, allowed: frozenset[str], purpose: str, *, minimum: int) -> Any:
    """A P/T ``EXPR``: mostly a number; X in an activated ability's effect (107.3); the object's mana
    value (202.3) or a count of creatures with characteristic-expressions."""
    kinds = ["number", "number", "number", "count"]
    if purpose == "activated":
        kinds += ["X", "X"]
    if "characteristic-expressions" in allowed:
        kinds.append("mana_value")
    kind = c.sample(kinds)
    if kind == "number":
        return c.integer(minimum, 5)
    if kind == "count":
        return {"count": dict(_CREATURES_YOU_CONTROL)}
    return kind


def _uses_x(change: dict[str, Any]) -> bool:
    return "X" in (change.get("power"), change.get("toughness"))


def _ability_templates(c: Chooser, allowed: frozenset[str], kind: str, change: dict[str, Any] | None = None) -> dict[str, Any]:
    """An activated or triggered ability (602, 603) whose effect makes its own object become something;
    an activated one, half the times its change sets no P/T, also makes it an X/X (a manland's
    or Chimeric Staff's "becomes an X/X", X its cost, 107.3)."""
    if change is None:
        change = _changes(c, allowed, kind)
        if kind == "activated" and "power" not in change and "layer-7b" in allowed and c.integer(0, 2) == 2:
            change.update(power="X", toughness="X")
    effect = {"become": {**change, "until": c.sample(("end_of_turn", "ended"))}}
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


def _dress(c: Chooser, obj: dict[str, Any], allowed: frozenset[str], kind: str) -> None:
    """Give ``obj`` one to three more characteristics: a keyword (702), a subtype, a mana cost and its
    colours (202.2), printed colours, a name, a supertype (205.4), more card types, colours defined by a
    characteristic-defining ability (604.3), an activated or triggered ability, an "as enters" choice
    (614.12, 208.2b), or a controller other than its owner. Names are made distinct by
    :func:`_distinguish`: no two legendary permanents ever share one (704.5j is not modelled)."""
    card = obj["card"]
    for trait in c.unique_sample(_traits(allowed, kind, obj), 1, 3):
        abilities = card.setdefault("abilities", [])
        if trait == "keyword":
            abilities.append({"keyword": c.sample(_keywords(allowed))})
        elif trait == "mana_cost":
            card["mana_cost"], colors = c.sample(_MANA_COSTS)
            card["colors"] = list(colors)
        elif trait == "colors" and "mana_cost" not in card:
            card["colors"] = list(c.sample(_PRINTED_COLOR_SETS))
        elif trait == "named":
            card.setdefault("name", kind.capitalize())
        elif trait in ("legendary", "snow"):
            if trait not in card.setdefault("supertypes", []):
                card["supertypes"].append(trait)
            if trait == "legendary":
                card.setdefault("name", "Legend")
        elif trait == "subtype":
            card["subtypes"] = [*card.get("subtypes", []), c.sample(_CREATURE_TYPES)]
        elif trait in ("artifact", "land") and card["types"] == ["creature"]:
            # an artifact creature; a land creature, Dryad Arbor (205.3i)
            card["types"] = [trait, "creature"]
            if trait == "land":
                card["subtypes"] = ["Forest", "Dryad"]
        elif trait == "cda_colors":
            abilities.append({"cda_colors": list(c.sample((["W", "U", "B", "R", "G"], ["G"], ["U", "B"])))})
        elif trait in ("activated", "triggered"):
            abilities.append(_ability_templates(c, allowed, trait))
        elif trait == "as_enters_pt":
            # 208.2b: "as this enters, it becomes your choice of 5/1 or 1/5"; 0/0 elsewhere
            card["power"] = card["toughness"] = "*"
            options = c.unique_sample(("2/2", "4/1", "1/4", "3/3"), 2, 2)
            pt_ability: dict[str, Any] = {"options": options}
            if c.boolean():
                pt_ability["turned_face_up"] = True
            abilities.append({"as_enters_pt": pt_ability})
        elif trait == "choose":
            if obj.get("zone", "battlefield") != "battlefield" and c.boolean():
                abilities.append({"as_enters_choose": {"object": {"types": ["creature"]}}})  # chosen as it enters
            else:
                abilities.append({"as_enters_choose": {"player": c.sample(("opponent", "player"))}})
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
    return _static(Chooser(draw), check_features(features))


def _static(c: Chooser, allowed: frozenset[str]) -> dict[str, Any]:
    """An enchantment with a static ability making what its filter matches become something (604.2):
    Opalescence, Humility, "creatures you control are blue"; sometimes a kindred or world enchantment
    (only one world permanent per scenario, :func:`_finish`) with a name and a mana cost."""
    static = {"affects": dict(c.sample(_AFFECTS)), "becomes": _changes(c, allowed, "static")}
    card: dict[str, Any] = {"types": ["enchantment"], "abilities": [{"static": static}]}
    extra = c.integer(0, 4)
    if extra == 1:
        card.update(name="Shrine", supertypes=["world"], mana_cost="{2}{W}", colors=["W"])
    elif extra == 2:  # a kindred enchantment (308), with a creature type
        card.update(types=["kindred", "enchantment"], subtypes=["Goblin"], mana_cost="{1}{R}", colors=["R"])
    return {"card": card, "owner": c.sample(PLAYERS)}


def _static_possible(allowed: frozenset[str]) -> bool:
    return "static-abilities" in allowed and bool(_change_parts(allowed, "static"))


@_named("permanent_objects")
def _permanent_objects(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    return _permanent(Chooser(draw), check_features(features))


def _permanent(c: Chooser, allowed: frozenset[str]) -> dict[str, Any]:
    """A noncreature permanent: an artifact that can become a creature (Chimeric Staff, 602), a land
    (basic, snow; a manland when it has an activated ability) or a planeswalker with its printed
    loyalty (209.1, 306.5b), maybe with more characteristics (:func:`_dress`)."""
    kinds = ("artifact", "land", "planeswalker") if "planeswalkers" in allowed else ("artifact", "land")
    kind = c.sample(kinds)
    obj: dict[str, Any] = {"card": {"types": [kind]}, "owner": c.sample(PLAYERS)}
    card = obj["card"]
    if kind == "land":
        card["subtypes"] = [c.sample(("Forest", "Island"))]
        card["supertypes"] = list(c.sample((["basic"], [], ["basic", "snow"])))
    elif kind == "planeswalker":
        card.update(subtypes=[c.sample(("Jace", "Ajani"))], supertypes=["legendary"], name="Walker",
                    loyalty=c.integer(1, 5))
    animate = {"types": ["artifact", "creature"], "subtypes": ["Construct"], "power": "X", "toughness": "X"} \
        if kind == "artifact" else {"add_types": ["creature"], "add_subtypes": ["Elemental"], "power": 3, "toughness": 3}
    if {"type-changing", "layer-7b", "activated-abilities"} <= allowed and kind != "planeswalker" and c.boolean():
        card["abilities"] = [_ability_templates(c, allowed, "activated", animate)]
    if c.integer(0, 2) == 2:
        _dress(c, obj, allowed, kind)
    return obj


@_named("spell_cards")
def _spell_cards(draw, *, features: Iterable[str] | None = None) -> dict[str, Any]:
    return _spell(Chooser(draw), check_features(features))


def _spell(c: Chooser, allowed: frozenset[str]) -> dict[str, Any]:
    """A sorcery card off the battlefield, in a hand, graveyard or library (it can't be a permanent,
    307.4), sometimes a kindred sorcery with a creature type (205.3m, 308)."""
    card: dict[str, Any] = {"types": ["sorcery"], "mana_cost": c.sample(("{1}{R}", "{2}{B}"))}
    if c.boolean():
        card.update(types=["kindred", "sorcery"], subtypes=[c.sample(_CREATURE_TYPES)])
    return {"card": card, "zone": c.sample(("graveyard", "hand", "library")), "owner": c.sample(PLAYERS)}


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
    return _anthem(Chooser(draw), check_features(features))


def _anthem(c: Chooser, allowed: frozenset[str]) -> dict[str, Any]:
    effects = [e for e, f in (("modify_pt", "layer-7c"), ("set_pt", "layer-7b"), ("switch_pt", "layer-7d"))
               if f in allowed]
    effect = c.sample(effects)
    static: dict[str, Any] = {"effect": effect, "affects": {"types": ["creature"], "controller": "you"}}
    if effect == "modify_pt":
        static.update(power=c.integer(-2, 2), toughness=c.integer(-2, 2))
    elif effect == "set_pt":
        static.update(power=c.integer(0, 4), toughness=c.integer(1, 4))
    return {"card": {"types": ["enchantment"], "abilities": [{"static_pt": static}]}, "owner": c.sample(PLAYERS)}


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

def build_case(objects: dict[str, Any], steps: list[dict[str, Any]], *, summary: str,
               case_id: str = "613.4/generated", players: tuple[str, ...] = PLAYERS,
               extra: dict[str, Any] | None = None) -> Case:
    """A :class:`Case` from plain objects and steps (and ``extra`` case keys, such as
    ``range_of_influence``); its ``rules`` are those its features exercise
    (:data:`conformance.format.features.RULES`)."""
    raw = {"id": case_id, "rules": ["613.4"], "source": {"rule": "613.4"}, "summary": summary,
           "players": list(players), "objects": objects, "steps": steps, **(extra or {})}
    case = Case.from_dict(raw, cr=CR_VERSION)
    return case.relabelled(rules=_rules(case.features, "613.4"))


@functools.lru_cache(maxsize=1024)
def _rules(features: frozenset[str], rule: str) -> tuple[str, ...]:
    """``rule`` and the rules a case of these features exercises, in CR order (the same few sets of
    features come again and again)."""
    return tuple(sorted({rule, *(rule for feature in features for rule in RULES[feature])}, key=rule_key))
