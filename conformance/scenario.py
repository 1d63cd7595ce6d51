"""The scenario model: immutable objects built from a validated case (see docs/format.md).

A case is players, objects with printed characteristics, and ordered steps; some steps are
checkpoints (:class:`Expect`). Step order is timestamp order (CR 613.7). Everything here is a
frozen dataclass; :meth:`Case.to_dict` gives the plain JSON form engines receive, with every
default made explicit, and :meth:`Case.from_dict` reads it back.

The field names of each class are the keys of the matching definition in
``schema/scenario.schema.json``; a test keeps the two in step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any, ClassVar, Union

from conformance.frozen import frozen

ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "stack")


def is_mapping(value: Any) -> bool:
    """``isinstance(value, Mapping)``, quick for the plain types a case is made of."""
    kind = type(value)
    return kind is dict or (kind not in _NOT_MAPPINGS and isinstance(value, Mapping))


_NOT_MAPPINGS = frozenset({int, str, bool, list, tuple, float, type(None)})


_FROZEN_EMPTY: Mapping[str, Any] = MappingProxyType({})


def frozen_counts(counts: Mapping[str, int] | None) -> Mapping[str, int]:
    """A read-only copy of counts by kind (counters, mana), the shared empty one for none."""
    return MappingProxyType(dict(counts)) if counts else _FROZEN_EMPTY


def freeze(value: Any) -> Any:
    """Deep-freeze plain data: mappings become read-only, lists become tuples."""
    if type(value) is dict and not value:
        return _FROZEN_EMPTY  # read-only, so one serves every empty mapping
    if is_mapping(value):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`: plain dicts and lists, ready for JSON."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


# --- filters and expressions ---------------------------------------------------------------


@frozen
class Filter:
    """Objects matching every given condition (absent conditions match anything).

    ``controller``/``owner`` are ``you``, ``opponent`` (relative to whoever controls the ability
    or effect) or a player's name. ``other`` excludes the object the ability is on.
    ``controller: chosen`` is the player chosen as the ability's object entered (CR 208.2a);
    ``not_types`` excludes objects with any of those card types ("noncreature", 205.4);
    ``itself`` matches only the object the ability is on ("this creature"). ``zone`` is one zone
    or several (a tuple): "a source you control" is a permanent or a spell you control,
    ``zone: [battlefield, stack]`` (a spell has a controller, CR 108.4, 112.1).
    """

    zone: str | tuple[str, ...] = "battlefield"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    controller: str | None = None
    owner: str | None = None
    other: bool = False
    not_types: tuple[str, ...] = ()
    itself: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Filter:
        return cls(**{k: tuple(v) if type(v) is list else v for k, v in data.items()})


@frozen
class Count:
    """The number of objects matching ``filter``."""

    filter: Filter


@frozen
class Sum:
    """The sum of its terms."""

    terms: tuple[Expression, ...]


@frozen
class CardTypes:
    """The number of card types among the objects matching ``filter`` ("card types among cards
    in all graveyards", CR 205.2a)."""

    filter: Filter


@frozen
class Life:
    """A player's life total (CR 119): ``you``, ``chosen`` (CR 208.2a) or a player's name."""

    player: str


X = "X"
"""The value of X chosen as an activated ability is activated (CR 107.3), in its effect."""
MANA_VALUE = "mana_value"
"""The mana value of the object whose characteristic is being determined (CR 202.3)."""

Expression = Union[int, str, Count, Sum, CardTypes, Life]


def expression_from(data: Any) -> Expression:
    if is_mapping(data):
        if "count" in data:
            return Count(Filter.from_dict(data["count"]))
        if "card_types" in data:
            return CardTypes(Filter.from_dict(data["card_types"]))
        if "life" in data:
            return Life(data["life"])
        return Sum(tuple(expression_from(t) for t in data["sum"]))
    if data in (X, MANA_VALUE):
        return data
    return int(data)


# --- cards and objects ----------------------------------------------------------------------


@frozen
class CdaPT:
    """A characteristic-defining ability defining power and/or toughness (CR 604.3, 613.4a).

    It functions in every zone (604.3); ``None`` leaves that characteristic to the printed value.
    """

    KEY: ClassVar[str] = "cda_pt"
    power: Expression | None = None
    toughness: Expression | None = None


@frozen
class StaticPT:
    """A static ability setting (7b), modifying (7c) or switching (7d) the power/toughness of
    every object ``affects`` matches, re-evaluated continuously (CR 604.2, 613.5)."""

    KEY: ClassVar[str] = "static_pt"
    effect: str
    affects: Filter
    power: Expression | None = None
    toughness: Expression | None = None


@frozen
class DoubleDamage:
    """A static ability whose replacement effect doubles damage: "If a source [``by``] would deal
    damage, it deals double that damage instead" (CR 701.10g, 614.1a). ``by`` is read relative to
    the ability's controller; ``None`` means every source, in any zone."""

    KEY: ClassVar[str] = "double_damage"
    by: Filter | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DoubleDamage:
        return cls(by=Filter.from_dict(data["by"]) if "by" in data else None)


@frozen
class PreventDamageAbility:
    """A static ability whose prevention effect prevents ``amount`` (``None``: all) of the damage
    that sources matching ``by`` would deal to objects matching ``to`` (each ``None``: any),
    combat damage only if ``combat``; the amount applies to each damage event anew (CR 615.10)."""

    KEY: ClassVar[str] = "prevent_damage"
    by: Filter | None = None
    to: Filter | None = None
    amount: int | None = None
    combat: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PreventDamageAbility:
        values = dict(data)
        for key in ("by", "to"):
            if key in values:
                values[key] = Filter.from_dict(values[key])
        return cls(**values)


@frozen
class CantLose:
    """A static ability: "You can't lose the game", for its controller (CR 104.3b, 614.17, 704.5a)."""

    KEY: ClassVar[str] = "cant_lose"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CantLose:
        return cls()


PLAYER_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (DoubleDamage, PreventDamageAbility, CantLose)}
"""Abilities about damage and players (CR 614-616, 701.10g, 104.3b), by key."""

Ability = Union[CdaPT, StaticPT, DoubleDamage, PreventDamageAbility, CantLose]


def ability_from(data: Mapping[str, Any]) -> Ability:
    (key, body), = data.items()
    if key in PLAYER_ABILITIES:
        return PLAYER_ABILITIES[key].from_dict(body)
    if key in CHARACTERISTIC_ABILITIES:
        return CHARACTERISTIC_ABILITIES[key].from_dict(body)
    if key == CdaPT.KEY:
        return CdaPT(**{k: expression_from(v) for k, v in body.items()})
    return StaticPT(
        effect=body["effect"],
        affects=Filter.from_dict(body["affects"]),
        power=expression_from(body["power"]) if "power" in body else None,
        toughness=expression_from(body["toughness"]) if "toughness" in body else None,
    )


# --- abilities as data: keywords, "becomes" effects, activated, triggered, "as enters" and copy
# abilities (CR 113, 602, 603, 604, 613.1-613.6, 702, 707, 708). A copy acquires its original's
# abilities (707.2a), so every ability is data the copy can carry.

KEYWORDS = ("flying", "trample", "haste", "vigilance", "reach", "defender", "first strike", "double strike",
            "deathtouch", "lifelink", "menace", "hexproof", "indestructible", "changeling")
"""The keyword abilities a case may give (CR 702)."""

CHARACTERISTICS = ("name", "mana_cost", "colors", "types", "subtypes", "supertypes", "abilities",
                   "power", "toughness")
"""The copiable characteristics (CR 707.2), by the names the format uses."""


@frozen
class Keyword:
    """A keyword ability (CR 702): ``{keyword: flying}``. ``changeling`` is a characteristic-defining
    ability: the object is every creature type (CR 702.73a), applied first in layer 4 (613.3)."""

    KEY: ClassVar[str] = "keyword"
    keyword: str

    @classmethod
    def from_dict(cls, data: str) -> Keyword:
        return cls(data)

    def to_plain(self) -> str:
        return self.keyword


@frozen
class Morph:
    """Morph [cost] (CR 702.37a): the card may be cast face down as a 2/2 creature, and turned face
    up by paying ``cost`` (a special action, 702.37e)."""

    KEY: ClassVar[str] = "morph"
    cost: str

    @classmethod
    def from_dict(cls, data: str) -> Morph:
        return cls(data)

    def to_plain(self) -> str:
        return self.cost


@frozen
class Text:
    """An ability given by its rules text only ("{T}: Add {G}."): objects have it, copy it, gain and
    lose it, and report it, but no step performs it."""

    KEY: ClassVar[str] = "text"
    text: str

    @classmethod
    def from_dict(cls, data: str) -> Text:
        return cls(data)

    def to_plain(self) -> str:
        return self.text


@frozen
class CdaColors:
    """A characteristic-defining ability defining the object's colours ("is all colors"): it
    functions in every zone (CR 604.3) and applies first in layer 5 (613.3)."""

    KEY: ClassVar[str] = "cda_colors"
    colors: tuple[str, ...]

    @classmethod
    def from_dict(cls, data: list[str]) -> CdaColors:
        return cls(tuple(data))

    def to_plain(self) -> list[str]:
        return list(self.colors)


def _tuples(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}


@frozen(kw_only=True)
class Change:
    """What an effect makes an object become, each part applied in its own layer (CR 613.1, 613.6):
    ``gain_control`` (layer 2: the effect's controller gains control); ``types``, ``subtypes``,
    ``supertypes`` replace those of the object and ``add_types``, ``add_subtypes``,
    ``add_supertypes`` come "in addition to its other types" (layer 4, CR 205.1a-b); ``colors``
    (layer 5); ``gains``, ``loses``, ``loses_all_abilities`` (layer 6); ``power``/``toughness``
    set them (layer 7b). ``None`` and empty parts change nothing."""

    gain_control: bool = False
    types: tuple[str, ...] | None = None
    add_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] | None = None
    add_subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] | None = None
    add_supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    gains: tuple[Ability, ...] = ()
    loses: tuple[Ability, ...] = ()
    loses_all_abilities: bool = False
    power: Expression | None = None
    toughness: Expression | None = None

    @staticmethod
    def values_from(data: Mapping[str, Any]) -> dict[str, Any]:
        values = _tuples(data)
        for key in ("gains", "loses"):
            if key in values:
                values[key] = tuple(ability_from(a) for a in data[key])
        for key in ("power", "toughness"):
            if key in values:
                values[key] = expression_from(data[key])
        return values

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Change:
        return cls(**cls.values_from(data))


@frozen
class Static:
    """A static ability of a permanent making every object ``affects`` matches become something,
    the set re-evaluated continuously (CR 604.2, 613.5) and kept through the effect's later layers
    (613.6): "Each noncreature artifact is an artifact creature with power and toughness each equal
    to its mana value". Its effects have its object's timestamp (613.7a)."""

    KEY: ClassVar[str] = "static"
    affects: Filter
    becomes: Change

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Static:
        return cls(affects=Filter.from_dict(data["affects"]), becomes=Change.from_dict(data["becomes"]))


@frozen(kw_only=True)
class CopyExceptions:
    """Exceptions to a copy effect (CR 707.9), part of the copy's copiable values (707.9a-b):
    ``retain`` keeps the copy's own value of those characteristics (707.9c); ``name``, ``colors``,
    ``types``, ``subtypes``, ``supertypes``, ``power``, ``toughness`` give values and ``add_types``,
    ``add_subtypes``, ``add_supertypes`` add "in addition to its other types" (707.9b); an exception
    that gives or retains a characteristic drops the original's characteristic-defining ability
    for it, except for types given "in addition" (707.9d); ``gains`` abilities and
    ``gains_this_ability`` (the ability making the copy, 707.9a). ``enters_with_counters`` is an
    additional effect of a copy as it enters, undone by a later copy effect (707.9e); ``if_creature``
    applies only if the result would be a creature (707.9f)."""

    retain: tuple[str, ...] = ()
    name: str | None = None
    colors: tuple[str, ...] | None = None
    types: tuple[str, ...] | None = None
    add_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] | None = None
    add_subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] | None = None
    add_supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    gains: tuple[Ability, ...] = ()
    gains_this_ability: bool = False
    enters_with_counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    if_creature: CopyExceptions | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CopyExceptions:
        values = _tuples(data)
        if "gains" in values:
            values["gains"] = tuple(ability_from(a) for a in data["gains"])
        if "enters_with_counters" in values:
            values["enters_with_counters"] = MappingProxyType(dict(data["enters_with_counters"]))
        if "if_creature" in values:
            values["if_creature"] = cls.from_dict(data["if_creature"])
        return cls(**values)


@frozen(kw_only=True)
class BecomeTemplate(Change):
    """The effect of an ability that makes its own object become something until ``until``."""

    until: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BecomeTemplate:
        return cls(**cls.values_from(data))


@frozen(kw_only=True)
class BecomeCopyTemplate:
    """The effect of an ability that makes its own object become a copy of the ability's target
    (CR 707.4), with ``exceptions``, until ``until``."""

    exceptions: CopyExceptions | None = None
    until: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BecomeCopyTemplate:
        exceptions = CopyExceptions.from_dict(data["exceptions"]) if "exceptions" in data else None
        return cls(exceptions=exceptions, until=data["until"])


@frozen
class AbilityEffect:
    """What an activated or triggered ability does as it resolves (one of the two): its object
    ``become``\\ s something, or ``become_copy`` of the target."""

    become: BecomeTemplate | None = None
    become_copy: BecomeCopyTemplate | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AbilityEffect:
        if "become" in data:
            return cls(become=BecomeTemplate.from_dict(data["become"]))
        return cls(become_copy=BecomeCopyTemplate.from_dict(data["become_copy"]))


@frozen
class Activated:
    """An activated ability (CR 602): ``cost`` (as printed, e.g. ``{X}``), and its ``effect``, a
    template whose ``X`` is the value chosen as it is activated (107.3). ``name`` lets an
    ``activate`` step name it."""

    KEY: ClassVar[str] = "activated"
    name: str
    cost: str
    effect: AbilityEffect

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Activated:
        return cls(name=data["name"], cost=data["cost"], effect=AbilityEffect.from_dict(data["effect"]))


@frozen
class Triggered:
    """A triggered ability (CR 603): ``when`` (its trigger condition, as text) and its ``effect``.
    A ``trigger`` step says when it triggers and resolves."""

    KEY: ClassVar[str] = "triggered"
    name: str
    when: str
    effect: AbilityEffect

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Triggered:
        return cls(name=data["name"], when=data["when"], effect=AbilityEffect.from_dict(data["effect"]))


@frozen
class EntersAsCopy:
    """"You may have this enter as a copy of [an object ``of`` matches][, except ...]": a
    replacement effect (CR 614.1c) applied as the object enters the battlefield (707.5), the copied
    object chosen then (a ``choices.copy``; none chosen: it enters as itself)."""

    KEY: ClassVar[str] = "enters_as_copy"
    of: Filter
    exceptions: CopyExceptions | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EntersAsCopy:
        exceptions = CopyExceptions.from_dict(data["exceptions"]) if "exceptions" in data else None
        return cls(of=Filter.from_dict(data["of"]), exceptions=exceptions)


@frozen
class AsEntersChoose:
    """"As this enters, choose [a player | an opponent | an object]" (CR 614.12, 614.1c): ``player``
    is ``player`` or ``opponent``; ``object`` is a filter. The choice is not copied (707.6)."""

    KEY: ClassVar[str] = "as_enters_choose"
    player: str | None = None
    object: Filter | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AsEntersChoose:
        return cls(player=data.get("player"),
                   object=Filter.from_dict(data["object"]) if "object" in data else None)


@frozen
class AsEntersPT:
    """"As this enters [or is turned face up], it becomes your choice of 5/1 or 1/5" (CR 208.2b):
    the chosen power and toughness are a copiable effect (613.2a, 707.2); off the battlefield the
    card is 0/0 (208.2b)."""

    KEY: ClassVar[str] = "as_enters_pt"
    options: tuple[str, ...]
    turned_face_up: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AsEntersPT:
        return cls(options=tuple(data["options"]), turned_face_up=data.get("turned_face_up", False))


@frozen
class StaticCopy:
    """A static ability: the objects ``affects`` matches are copies of the object chosen as this
    entered (an ``as_enters_choose`` object). The values it copies are fixed when the effect first
    starts to apply (CR 707.2c); the set is re-evaluated continuously (613.5)."""

    KEY: ClassVar[str] = "static_copy"
    affects: Filter

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StaticCopy:
        return cls(affects=Filter.from_dict(data["affects"]))


CHARACTERISTIC_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (
    Keyword, Morph, Text, CdaColors, Static, Activated, Triggered, EntersAsCopy, AsEntersChoose, AsEntersPT,
    StaticCopy)}
"""Abilities about characteristics, copying and face-down permanents (CR 602-604, 613, 702, 707, 708), by key."""


@frozen
class Choices:
    """Choices made as an object enters the battlefield or is turned face up (CR 614.12, 707.5,
    707.6): ``copy``, the objects copied, in the order its copy replacement effects apply (707.9e;
    empty: it copies nothing); ``player`` and ``object`` for "as enters, choose" abilities; ``pt``
    for "becomes your choice of 5/1 or 1/5" (208.2b)."""

    copy: tuple[str, ...] | None = None
    player: str | None = None
    object: str | None = None
    pt: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Choices:
        values = dict(data)
        if "copy" in values:
            values["copy"] = (values["copy"],) if isinstance(values["copy"], str) else tuple(values["copy"])
        return cls(**values)


@frozen
class Card:
    """Printed characteristics (CR 613.1: where evaluation starts). ``power``/``toughness``
    are ``None`` when nothing is printed, an int, or a star string such as ``"*"`` or ``"1+*"``
    (CR 208.2) whose value a :class:`CdaPT` gives. ``loyalty`` is a planeswalker's printed
    loyalty (CR 209.1, 306.5b), ``None`` on any other card."""

    types: tuple[str, ...]
    name: str | None = None
    mana_cost: str | None = None
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | str | None = None
    toughness: int | str | None = None
    loyalty: int | None = None
    abilities: tuple[Ability, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Card:
        values = {k: tuple(v) if type(v) is list else v for k, v in data.items()}
        abilities = data.get("abilities")
        values["abilities"] = tuple([ability_from(a) for a in abilities]) if abilities else ()
        return cls(**values)


@frozen
class ObjectSpec:
    """An object as the case starts: its card, zone, owner, controller and counters; a permanent
    may be ``face_down`` (CR 708.2a) and have ``choices`` made as it entered (614.12, 707.5)."""

    id: str
    card: Card
    zone: str
    owner: str
    controller: str | None
    counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    face_down: bool = False
    choices: Choices | None = None


# --- steps ------------------------------------------------------------------------------------


class Step:
    """Base of every step. ``KEY`` is the step's key in a case file."""

    __slots__ = ()  # (steps are slotted dataclasses, conformance.frozen)
    KEY: ClassVar[str]


@frozen(kw_only=True)
class PTEffect(Step):
    """A continuous effect from a resolving spell or ability, with a timestamp (CR 613.7b).

    It affects ``to`` (one object) or ``to_each`` (every object matching the filter as it is
    created: that set is locked, CR 611.2c, 613.6).
    """

    id: str | None = None
    to: str | None = None
    to_each: Filter | None = None
    controller: str
    until: str = "end_of_turn"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PTEffect:
        values = dict(data)
        if "to_each" in values:
            values["to_each"] = Filter.from_dict(values["to_each"])
        return cls(**values)


@frozen(kw_only=True)
class SetPT(PTEffect):
    """Layer 7b: sets power and/or toughness, or base power and toughness (CR 613.4b)."""

    KEY: ClassVar[str] = "set_pt"
    power: int | None = None
    toughness: int | None = None


@frozen(kw_only=True)
class ModifyPT(PTEffect):
    """Layer 7c: gets +N/+M (CR 613.4c)."""

    KEY: ClassVar[str] = "modify_pt"
    power: int = 0
    toughness: int = 0


@frozen(kw_only=True)
class SwitchPT(PTEffect):
    """Layer 7d: switches power and toughness (CR 613.4d)."""

    KEY: ClassVar[str] = "switch_pt"


@frozen(kw_only=True)
class DoublePT(PTEffect):
    """Doubles power, toughness or both: a 7c bonus fixed as it is created (CR 701.10a-c)."""

    KEY: ClassVar[str] = "double_pt"
    which: str


@frozen(kw_only=True)
class TriplePT(PTEffect):
    """Triples power, toughness or both: a 7c bonus fixed as it is created (CR 701.11a-c)."""

    KEY: ClassVar[str] = "triple_pt"
    which: str


@frozen
class PutCounters(Step):
    """Puts ``count`` counters of ``kind`` on an object (CR 122.1, 613.7c)."""

    KEY: ClassVar[str] = "put_counters"
    object: str
    kind: str
    count: int


@frozen
class RemoveCounters(Step):
    """Removes up to ``count`` counters of ``kind`` from an object."""

    KEY: ClassVar[str] = "remove_counters"
    object: str
    kind: str
    count: int


@frozen
class EndEffect(Step):
    """The named effect ends (its stated duration is over)."""

    KEY: ClassVar[str] = "end_effect"
    effect: str


@frozen
class EndTurn(Step):
    """The cleanup step: effects lasting until end of turn end (CR 514.2)."""

    KEY: ClassVar[str] = "end_turn"


@frozen
class Move(Step):
    """An object moves to a zone and becomes a new object (CR 400.7, 613.7d). Onto the
    battlefield it may enter ``face_down`` (CR 708.3, 702.37c), and ``choices`` are the choices
    made as it enters (614.12, 707.5)."""

    KEY: ClassVar[str] = "move"
    object: str
    to: str
    choices: Choices | None = None
    face_down: bool = False

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> Move:
        values = dict(body)
        if "choices" in values:
            values["choices"] = Choices.from_dict(values["choices"])
        return cls(**values)


# --- steps about characteristics, copies and face-down permanents (CR 613, 707, 708) -------------


@frozen(kw_only=True)
class Become(PTEffect):
    """A resolved spell or ability makes ``to`` (or each object ``to_each`` matches, a set then
    locked, CR 611.2c, 613.6) become something, each part in its layer: see :class:`Change`. A P/T
    expression is evaluated as it resolves."""

    KEY: ClassVar[str] = "become"
    gain_control: bool = False
    types: tuple[str, ...] | None = None
    add_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] | None = None
    add_subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] | None = None
    add_supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    gains: tuple[Ability, ...] = ()
    loses: tuple[Ability, ...] = ()
    loses_all_abilities: bool = False
    power: Expression | None = None
    toughness: Expression | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Become:
        values = Change.values_from(data)
        if "to_each" in values:
            values["to_each"] = Filter.from_dict(data["to_each"])
        return cls(**values)

    @property
    def change(self) -> Change:
        """The change this effect makes."""
        return Change(**{f.name: getattr(self, f.name) for f in dataclasses.fields(Change)})


@frozen(kw_only=True)
class BecomeCopy(PTEffect):
    """A resolved spell or ability makes ``to`` become a copy of ``of`` (CR 707.1, 707.4), with
    ``exceptions`` (707.9): a layer 1a effect whose copied values are fixed as it resolves (707.2b)."""

    KEY: ClassVar[str] = "become_copy"
    of: str
    exceptions: CopyExceptions | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BecomeCopy:
        values = dict(data)
        if "exceptions" in values:
            values["exceptions"] = CopyExceptions.from_dict(values["exceptions"])
        if "to_each" in values:
            values["to_each"] = Filter.from_dict(values["to_each"])
        return cls(**values)


@frozen
class CreateToken(Step):
    """Creates ``token`` (a new object id), a token that's a copy of ``copy_of`` (CR 111.1, 707.2)
    under ``controller``, with ``exceptions`` (707.9); it enters the battlefield, with ``choices``
    for the copied "as enters" abilities (707.5)."""

    KEY: ClassVar[str] = "create_token"
    token: str
    copy_of: str
    controller: str
    exceptions: CopyExceptions | None = None
    choices: Choices | None = None

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> CreateToken:
        values = {"controller": default_controller, **body}
        if "exceptions" in values:
            values["exceptions"] = CopyExceptions.from_dict(values["exceptions"])
        if "choices" in values:
            values["choices"] = Choices.from_dict(values["choices"])
        return cls(**values)


@frozen
class TurnFaceUp(Step):
    """A face-down permanent is turned face up (CR 708.8): ``by: morph``, the special action of
    paying its morph cost, possible only if it would have morph face up (702.37e); ``by: effect``,
    by a spell or ability. ``choices`` for its "as turned face up" ability (208.2b, 708.11). It gets
    a new timestamp (613.7f)."""

    KEY: ClassVar[str] = "turn_face_up"
    object: str
    by: str = "effect"
    choices: Choices | None = None

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> TurnFaceUp:
        values = dict(body)
        if "choices" in values:
            values["choices"] = Choices.from_dict(values["choices"])
        return cls(**values)


@frozen
class TurnFaceDown(Step):
    """A face-up permanent is turned face down, becoming a 2/2 face-down creature (CR 708.2a), with a
    new timestamp (613.7f); a face-down one stays as it is (708.2b)."""

    KEY: ClassVar[str] = "turn_face_down"
    object: str


@frozen
class Activate(Step):
    """The object's activated ability named ``ability`` is activated and resolves (CR 602), with
    ``x`` for X (107.3) and ``target``. An object without that ability now: nothing happens."""

    KEY: ClassVar[str] = "activate"
    object: str
    ability: str
    x: int | None = None
    target: str | None = None


@frozen
class Trigger(Step):
    """The object's triggered ability named ``ability`` triggers and resolves (CR 603), ``target``
    being the object it refers to ("that creature"). An object without that ability: nothing happens."""

    KEY: ClassVar[str] = "trigger"
    object: str
    ability: str
    target: str | None = None


CHARACTERISTIC_ACTIONS: tuple[type[Step], ...] = (
    Become, BecomeCopy, CreateToken, TurnFaceUp, TurnFaceDown, Activate, Trigger,
)
"""The steps about characteristics, copies and face-down permanents."""


@frozen
class Together(Step):
    """Several actions as one event: no state-based action check between them (CR 704.3)."""

    KEY: ClassVar[str] = "together"
    parts: tuple[Step, ...]


@frozen
class Expect(Step):
    """A checkpoint: for each named object (and each named player), the values the engine must
    report. ``players`` is ``None`` when the checkpoint observes no player."""

    KEY: ClassVar[str] = "expect"
    objects: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    label: str | None = None
    players: Mapping[str, Mapping[str, Any]] | None = None


# --- players, damage, replacement and prevention (CR 106.4, 119, 120, 122, 614-616, 701.10d-g) ---

MANA_TYPES = ("W", "U", "B", "R", "G", "C")
"""The types of mana a mana pool holds (CR 106.4): five colours and colorless."""


@frozen
class GainLife(Step):
    """The player gains ``amount`` life (CR 119.3)."""

    KEY: ClassVar[str] = "gain_life"
    player: str
    amount: int


@frozen
class LoseLife(Step):
    """The player loses ``amount`` life (CR 119.3)."""

    KEY: ClassVar[str] = "lose_life"
    player: str
    amount: int


@frozen
class AddMana(Step):
    """The player adds mana to their mana pool, by type (CR 106.4)."""

    KEY: ClassVar[str] = "add_mana"
    player: str
    mana: Mapping[str, int]

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> AddMana:
        return cls(player=body["player"], mana=freeze(dict(body["mana"])))


@frozen
class PutPlayerCounters(Step):
    """Puts ``count`` counters of ``kind`` (poison, energy, ...) on a player (CR 122.1)."""

    KEY: ClassVar[str] = "put_player_counters"
    player: str
    kind: str
    count: int


@frozen
class RemovePlayerCounters(Step):
    """Removes up to ``count`` counters of ``kind`` from a player."""

    KEY: ClassVar[str] = "remove_player_counters"
    player: str
    kind: str
    count: int


@frozen
class DoubleLife(Step):
    """Doubles a player's life total: they gain or lose life so that it becomes twice what it
    was, negative totals included (CR 701.10d, 107.1b)."""

    KEY: ClassVar[str] = "double_life"
    player: str


@frozen
class DoubleCounters(Step):
    """Doubles the counters of ``kind`` on an object or a player: it gets as many more as it has
    (CR 701.10e). Exactly one of ``object`` and ``player``."""

    KEY: ClassVar[str] = "double_counters"
    kind: str
    object: str | None = None
    player: str | None = None


@frozen
class DoubleMana(Step):
    """Doubles one type of mana in a player's mana pool: they add as much of it as they have
    (CR 701.10f)."""

    KEY: ClassVar[str] = "double_mana"
    player: str
    type: str


@frozen
class Damage(Step):
    """A damage event: ``source`` (an object) would deal ``amount`` damage to each recipient:
    ``to`` (a player or an object), every object ``to_each`` matches, every player if
    ``to_each_player`` (CR 120.1-120.3). ``combat`` marks combat damage (CR 510). ``order``
    scripts, per recipient, the order in which the affected player (or the controller of the
    affected object) applies the replacement and prevention effects that apply (CR 616.1)."""

    KEY: ClassVar[str] = "damage"
    source: str
    amount: int
    to: str | None = None
    to_each: Filter | None = None
    to_each_player: bool = False
    combat: bool = False
    order: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> Damage:
        values = dict(body)
        if "to_each" in values:
            values["to_each"] = Filter.from_dict(values["to_each"])
        values["order"] = freeze(dict(values.get("order", {})))
        return cls(**values)


@frozen(kw_only=True)
class PreventDamage(Step):
    """A prevention effect from a resolving spell or ability (CR 615): it prevents ``amount``
    damage (a shield used up across events, 615.7; ``None``: all damage) that would be dealt to
    ``to`` (a player or an object), or to each object ``to_each`` matches as it resolves (a
    shield each, 615.11), by sources ``by`` matches, combat damage only if ``combat``."""

    KEY: ClassVar[str] = "prevent_damage"
    id: str | None = None
    controller: str
    until: str = "end_of_turn"
    to: str | None = None
    to_each: Filter | None = None
    by: Filter | None = None
    amount: int | None = None
    combat: bool = False

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> PreventDamage:
        values = {"controller": default_controller, **body}
        for key in ("to_each", "by"):
            if key in values:
                values[key] = Filter.from_dict(values[key])
        return cls(**values)


@frozen(kw_only=True)
class RedirectDamage(Step):
    """A redirection effect from a resolving spell or ability: the next ``amount`` damage
    (``None``: all damage) that would be dealt to ``to`` is dealt to ``instead_to`` instead
    (CR 614.9)."""

    KEY: ClassVar[str] = "redirect_damage"
    id: str | None = None
    controller: str
    until: str = "end_of_turn"
    to: str
    instead_to: str
    amount: int | None = None

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> RedirectDamage:
        return cls(**{"controller": default_controller, **body})


STARTING_LIFE = 20
"""A player's life total as a case starts, unless ``player_states`` says otherwise (CR 119.1)."""


@frozen
class PlayerSpec:
    """A player as the case starts: life total (CR 119.1), counters (122.1), mana pool (106.4)."""

    name: str
    life: int = STARTING_LIFE
    counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    mana: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_dict(cls, name: str, data: Mapping[str, Any]) -> PlayerSpec:
        return cls(name=name, life=data.get("life", STARTING_LIFE),
                   counters=frozen_counts(data.get("counters")), mana=frozen_counts(data.get("mana")))


def ranges_from(data: int | Mapping[str, int] | None, players: tuple[str, ...]) -> Mapping[str, int] | None:
    """Each player's range of influence (CR 801.2): one number for everyone, or one each;
    ``None`` when the limited range of influence option is not used."""
    if data is None:
        return None
    return MappingProxyType({p: data for p in players} if isinstance(data, int) else dict(data))


PLAYER_ACTIONS: tuple[type[Step], ...] = (
    GainLife, LoseLife, AddMana, PutPlayerCounters, RemovePlayerCounters, DoubleLife, DoubleCounters,
    DoubleMana, Damage, PreventDamage, RedirectDamage,
)
"""The steps about players, damage, replacement and prevention."""


ACTIONS: dict[str, type[Step]] = {
    cls.KEY: cls
    for cls in (SetPT, ModifyPT, SwitchPT, DoublePT, TriplePT, PutCounters, RemoveCounters,
                EndEffect, EndTurn, Move, *PLAYER_ACTIONS, *CHARACTERISTIC_ACTIONS)
}
"""Steps that change the game, by key."""

STEPS: dict[str, type[Step]] = {**ACTIONS, Together.KEY: Together, Expect.KEY: Expect}
"""Every step kind, by key."""


def step_from(data: Mapping[str, Any], default_controller: str) -> Step:
    """Build a step from its plain form ``{key: body}``."""
    (key, body), = data.items()
    cls = STEPS[key]
    if cls is Expect:  # the most frequent
        objects = body.get("objects") or _FROZEN_EMPTY
        if any(objects.values()):
            objects = freeze(canonical_observations(objects))
        else:  # nothing but ids (each object's every observable)
            objects = MappingProxyType(dict.fromkeys(objects, _FROZEN_EMPTY))
        return Expect(objects=objects, label=body.get("label"),
                      players=freeze(body["players"]) if "players" in body else None)
    if issubclass(cls, PTEffect):
        return cls.from_dict({"controller": default_controller, **body})
    if cls is EndEffect:
        return EndEffect(body)
    if cls is EndTurn:
        return EndTurn()
    if cls is Together:
        return Together(tuple([step_from(p, default_controller) for p in body]))
    if hasattr(cls, "from_plain"):
        return cls.from_plain(body, default_controller)
    return cls(**body)


# --- the case ---------------------------------------------------------------------------------


@frozen
class Source:
    """Where a case comes from: a CR rule, and which of its Example paragraphs (1-based), if
    any; no example means the case is worked from the rule's text."""

    rule: str
    example: int | None = None

    def __str__(self) -> str:
        return f"CR {self.rule}" + (f", example {self.example}" if self.example else " (rule text)")


@frozen
class Case:
    """One conformance case. ``features`` are derived from its content (see features.py)."""

    id: str
    rules: tuple[str, ...]
    source: Source
    summary: str
    players: tuple[str, ...]
    objects: tuple[ObjectSpec, ...]
    steps: tuple[Step, ...]
    cr: str
    features: frozenset[str] = frozenset()
    player_states: tuple[PlayerSpec, ...] = ()
    range_of_influence: Mapping[str, int] | None = None
    file: str | None = field(default=None, compare=False)
    line: int | None = field(default=None, compare=False)

    @property
    def checkpoints(self) -> tuple[Expect, ...]:
        return tuple(s for s in self.steps if isinstance(s, Expect))

    def object(self, object_id: str) -> ObjectSpec:
        for spec in self.objects:
            if spec.id == object_id:
                return spec
        raise KeyError(object_id)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, cr: str | None = None,
                  file: str | None = None, line: int | None = None, derive: bool = True) -> Case:
        """Build a case from its plain form (validated against the schema beforehand). With
        ``derive=False`` its ``features`` are left empty rather than derived from its content (an
        engine that never reads them, such as the reference engine, saves the work)."""
        players = tuple(data["players"])
        first = players[0]
        objects = []
        for object_id, spec in data["objects"].items():
            owner = spec.get("owner", first)
            zone = spec.get("zone", "battlefield")
            controller = spec.get("controller", owner) if zone in ("battlefield", "stack") else None
            objects.append(ObjectSpec(
                id=object_id,
                card=Card.from_dict(spec["card"]),
                zone=zone,
                owner=owner,
                controller=controller,
                counters=frozen_counts(spec.get("counters")),
                face_down=spec.get("face_down", False),
                choices=Choices.from_dict(spec["choices"]) if "choices" in spec else None,
            ))
        case = cls(
            id=data["id"],
            rules=tuple(map(str, data["rules"])),
            source=Source(str(data["source"]["rule"]), data["source"].get("example")),
            summary=" ".join(data["summary"].split()),
            players=players,
            objects=tuple(objects),
            steps=tuple([step_from(s, first) for s in data["steps"]]),
            cr=cr if cr is not None else data["cr"],
            player_states=tuple(PlayerSpec.from_dict(p, data.get("player_states", {}).get(p, {})) for p in players),
            range_of_influence=ranges_from(data.get("range_of_influence"), players),
            file=file,
            line=line,
        )
        if not derive:
            return case
        from conformance.features import derive_features
        return dataclasses.replace(case, features=derive_features(case))

    def to_dict(self) -> dict[str, Any]:
        """The plain JSON form engines receive: every default explicit, features derived."""
        return {
            "id": self.id,
            "cr": self.cr,
            "rules": list(self.rules),
            "source": _plain(self.source),
            "summary": self.summary,
            "features": sorted(self.features),
            "players": list(self.players),
            "objects": {o.id: _plain(o, skip=("id",)) for o in self.objects},
            "player_states": {p.name: _plain(p, skip=("name",)) for p in self.player_states},
            **({} if self.range_of_influence is None else {"range_of_influence": dict(self.range_of_influence)}),
            "steps": [_plain_step(s) for s in self.steps],
        }


def _plain_step(step: Step, compact: bool = False) -> dict[str, Any]:
    if isinstance(step, EndEffect):
        body: Any = step.effect
    elif isinstance(step, Together):
        body = [_plain_step(p, compact) for p in step.parts]
    else:
        body = _plain(step, compact=compact)
    return {step.KEY: body}


def written_steps(case: Case) -> list[dict[str, Any]]:
    """``case``'s steps as briefly as a case file may write them: every field left at its model
    default left out (so what remains is what the case says, for :mod:`conformance.format_elements`)."""
    return [_plain_step(step, compact=True) for step in case.steps]


def written_objects(case: Case) -> dict[str, Any]:
    """``case``'s objects as briefly as a case file may write them (see :func:`written_steps`)."""
    return {o.id: _plain(o, skip=("id",), compact=True) for o in case.objects}


def _is_default(f: dataclasses.Field, item: Any) -> bool:
    """Whether ``item`` is ``f``'s default and says nothing: false, or empty (a number or a word
    at its default stays: the format may require it, as ``modify_pt`` requires one of its amounts)."""
    if item is not False and not (isinstance(item, (tuple, list, dict, frozenset, set, Mapping)) and not item):
        return False
    if f.default is not dataclasses.MISSING:
        return item == f.default
    if f.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
        return item == f.default_factory()  # type: ignore[misc]
    return False


def _plain(value: Any, skip: tuple[str, ...] = (), compact: bool = False) -> Any:
    """Plain JSON data for a model value; ``None`` fields are left out (``compact``: so are fields
    at their default)."""
    if isinstance(value, (Count, Sum)):
        return {"count": _plain(value.filter, compact=compact)} if isinstance(value, Count) else {
            "sum": [_plain(t, compact=compact) for t in value.terms]}
    if isinstance(value, CardTypes):
        return {"card_types": _plain(value.filter, compact=compact)}
    if isinstance(value, Life):
        return {"life": value.player}
    if hasattr(value, "to_plain"):
        return value.to_plain()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.name in skip or item is None or (compact and _is_default(f, item)):
                continue
            if f.name in ABILITY_FIELDS:
                out[f.name] = [{a.KEY: _plain(a, compact=compact)} for a in item]
            else:
                out[f.name] = _plain(item, compact=compact)
        return out
    return thaw(value)


ABILITY_FIELDS = ("abilities", "gains", "loses")
"""Fields holding abilities, written ``{KEY: body}`` in plain form."""


def plain_ability(ability: Any) -> dict[str, Any]:
    """An ability in its plain form ``{key: body}``, every default explicit: what a case file
    gives, and what engines report in the ``abilities`` observable."""
    return {ability.KEY: _plain(ability)}


def canonical_observations(objects: Mapping[str, Any]) -> dict[str, Any]:
    """Checkpoint values with every ``abilities`` list in its canonical plain form (defaults
    explicit), so that a case file may write an ability as briefly as a card does."""
    if not any(objects.values()):  # nothing but ids: nothing to write out
        return dict(objects)
    out = {}
    for object_id, values in objects.items():
        if values and is_mapping(values) and isinstance(values.get("abilities"), list):
            values = {**values, "abilities": [plain_ability(ability_from(a)) for a in values["abilities"]]}
        out[object_id] = values
    return out
