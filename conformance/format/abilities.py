"""Abilities as data (CR 113): characteristic-defining and static P/T abilities, damage doublers and
prevention (614-616), keywords (702), "becomes" effects, activated (602) and triggered (603) abilities,
"as enters" choices and copy abilities (707, 708). A copy acquires its original's abilities (707.2a),
so every ability is data a copy can carry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any, ClassVar, Union

from conformance.format.attachments import ATTACHMENT_ABILITIES
from conformance.format.activated_damage import EffectDamageTarget
from conformance.format.cant import CANT_ABILITIES
from conformance.format.entering_choices import CHOSEN_COLOR, ENTERING_ABILITIES
from conformance.format.casting import CAST_ABILITIES
from conformance.format.prevention_variants import PREVENTION_VARIANT_ABILITIES, PreventionExtra
from conformance.format.targets import TARGET_ABILITIES, TARGET_EFFECTS
from conformance.format.events import EVENT_ABILITIES, EVENT_EFFECTS, TriggerEvent
from conformance.format.counters import CounterReplacement, EntersWithCounters, TokenReplacement
from conformance.format.expressions import Expression, Filter, expression_from
from conformance.format.frozen import frozen


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
    combat damage only if ``combat``; the amount applies to each damage event anew (CR 615.10).
    ``half`` (``up``/``down``) prevents half of the damage, rounded that way; ``all_but`` prevents
    all of it but that many; ``then`` is an additional effect (615.5). ``to_player`` (``you``,
    ``opponent``, ``any``) names the players it covers (615.1: "damage that would be dealt to
    you"); with ``to`` or ``to_player``, only recipients of the kinds given (issue 41)."""

    KEY: ClassVar[str] = "prevent_damage"
    by: Filter | None = None
    to: Filter | None = None
    amount: int | None = None
    combat: bool = False
    half: str | None = None
    all_but: int | None = None
    then: PreventionExtra | None = None
    to_player: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PreventDamageAbility:
        values = dict(data)
        for key in ("by", "to"):
            if key in values:
                values[key] = Filter.from_dict(values[key])
        if "then" in values:
            values["then"] = PreventionExtra.from_dict(values["then"])
        return cls(**values)


# --- damage modifiers and protection (issue 19) -----------------------------------------------------


@frozen
class ModifyDamage:
    """A static ability whose replacement effect modifies damage (CR 614.1a): "if a source
    [``by``] would deal damage [to ``to`` / ``to_player``], it deals ``times`` times that damage
    (triple: Fiery Emancipation, 701.11) / that much damage plus ``plus`` (Torbran) instead".
    ``to`` matches objects, ``to_player`` (``you``/``opponent``/``any``) players; with neither, any
    recipient; with only one, only recipients of that kind. Filters are read relative to the
    ability's controller."""

    KEY: ClassVar[str] = "modify_damage"
    by: Filter | None = None
    to: Filter | None = None
    to_player: str | None = None
    times: int | None = None
    plus: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModifyDamage:
        values = dict(data)
        for key in ("by", "to"):
            if key in values:
                values[key] = Filter.from_dict(values[key])
        return cls(**values)

    def modified(self, amount: int) -> int:
        """The damage dealt instead of ``amount``: multiplied (701.10g, 701.11), or plus N."""
        return amount * self.times if self.times is not None else amount + (self.plus or 0)


PROTECTION_QUALITIES: dict[str, tuple[str, str]] = {
    **{word: ("colors", letter) for word, letter in
       (("white", "W"), ("blue", "U"), ("black", "B"), ("red", "R"), ("green", "G"))},
    **{plural: ("types", "sorcery" if plural == "sorceries" else plural[:-1]) for plural in
       ("artifacts", "creatures", "enchantments", "instants", "sorceries", "planeswalkers", "lands")},
    "everything": ("everything", ""),  # 702.16j: from each object, whatever its characteristics
}
"""The qualities ``protection from ...`` may name (CR 702.16a): a colour, a card type, or
everything (702.16j). A player, "multicolored", battles (not modelled) or a name are not modelled
(the schema refuses them)."""


@frozen
class Protection:
    """Protection from a quality (CR 702.16): ``{protection: red}``, ``{protection: creatures}``.
    As far as damage goes, damage that sources with that quality would deal to the object is
    prevented (702.16e); it can't be blocked by creatures with it (702.16f, combat's); protection
    from everything is from every object (702.16j)."""

    KEY: ClassVar[str] = "protection"
    quality: str

    @classmethod
    def from_dict(cls, data: str) -> Protection:
        return cls(data)

    def to_plain(self) -> str:
        return self.quality

    @property
    def source_filter(self) -> Filter:
        """The sources it protects from, as a filter on their current characteristics (702.16e);
        the same filter read on a would-be blocker says whether it can block (702.16f)."""
        if self.quality == CHOSEN_COLOR:  # resolved by the engine from the choice (614.12, issue 40)
            raise ValueError("protection from the chosen color has no filter until a colour is chosen")
        field_, value = PROTECTION_QUALITIES[self.quality]
        if self.quality == "everything":  # 702.16j: each object, regardless of its characteristics
            return Filter.from_dict({"zone": ["battlefield", "stack"]})
        return Filter.from_dict({field_: [value], "zone": ["battlefield", "stack"]})


@frozen
class CantLose:
    """A static ability: "You can't lose the game", for its controller (CR 104.3b, 614.17, 704.5a)."""

    KEY: ClassVar[str] = "cant_lose"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CantLose:
        return cls()


PLAYER_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (DoubleDamage, PreventDamageAbility, CantLose, ModifyDamage,
                                                               Protection)}
"""Abilities about damage and players (CR 614-616, 701.10g, 104.3b), by key."""


@frozen
class BlockAdditional:
    """A static ability: "this creature can block an additional ``count`` creatures each combat"
    (CR 509.1a: a creature blocks one attacking creature unless an ability says otherwise). It
    then divides its combat damage among the attackers it blocks as its controller chooses
    (510.1d). ``{block_additional: 1}``; "any number of creatures" is not modelled."""

    KEY: ClassVar[str] = "block_additional"
    count: int

    @classmethod
    def from_dict(cls, data: int) -> BlockAdditional:
        return cls(data)

    def to_plain(self) -> int:
        return self.count


COMBAT_ABILITIES: dict[str, type] = {BlockAdditional.KEY: BlockAdditional}
"""Static abilities changing what a creature may do in combat (CR 509.1a), by key."""


Ability = Union[CdaPT, StaticPT, DoubleDamage, PreventDamageAbility, CantLose, CounterReplacement,
                TokenReplacement, EntersWithCounters, ModifyDamage, Protection, BlockAdditional]


def ability_from(data: Mapping[str, Any]) -> Ability:
    (key, body), = data.items()
    for table in ABILITY_TABLES:  # (below: every kind's table, each module's)
        if key in table:
            return table[key].from_dict(body)
    if key == CdaPT.KEY:
        return CdaPT(**{k: expression_from(v) for k, v in body.items()})
    return StaticPT(
        effect=body["effect"],
        affects=Filter.from_dict(body["affects"]),
        power=expression_from(body["power"]) if "power" in body else None,
        toughness=expression_from(body["toughness"]) if "toughness" in body else None,
    )


KEYWORDS = ("flying", "trample", "haste", "vigilance", "reach", "defender", "first strike", "double strike",
            "deathtouch", "lifelink", "menace", "hexproof", "indestructible", "changeling",
            "infect", "wither", "shroud")  # shroud: issue 40 (targets.py, 702.18)
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


CONDITIONAL_EXCEPTIONS = {"if_creature": "creature", "if_planeswalker": "planeswalker"}
"""The exceptions of a copy effect that apply only if the copy would have a card type (707.9f),
by key, with that card type."""


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
    applies only if the result would be a creature, ``if_planeswalker`` only if it would be a
    planeswalker (707.9f)."""

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
    if_planeswalker: CopyExceptions | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CopyExceptions:
        values = _tuples(data)
        if "gains" in values:
            values["gains"] = tuple(ability_from(a) for a in data["gains"])
        if "enters_with_counters" in values:
            values["enters_with_counters"] = MappingProxyType(dict(data["enters_with_counters"]))
        for key in CONDITIONAL_EXCEPTIONS:  # 707.9f
            if key in values:
                values[key] = cls.from_dict(data[key])
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
    # A triggered ability with an event may instead do one of these (events.py, CR 603):
    put_counters: Any = None
    damage: Any = None
    gain_life: Any = None
    lose_life: Any = None
    modify_pt: Any = None
    remove_counters: Any = None  # issue 41 (trigger_events.py)
    return_card: Any = None
    create_token: Any = None  # issue 41 (trigger_events.py): 111.1, 111.4
    draw: Any = None  # issue 40 (drawing.py): 121.1
    damage_target: Any = None  # issue 40 (activated_damage.py): an activated ability's, 707.11
    damage_targets: Any = None  # issue 40 (targets.py): an activated ability's damage to targets, 115.4

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AbilityEffect:
        if "become" in data:
            return cls(become=BecomeTemplate.from_dict(data["become"]))
        (key, body), = data.items()
        if key == "damage_target":  # issue 40: an activated ability's (activated_damage.py)
            return cls(damage_target=EffectDamageTarget.from_dict(body))
        if key in TARGET_EFFECTS:  # issue 40 (targets.py)
            return cls(**{key: TARGET_EFFECTS[key].from_dict(body)})
        if key in EVENT_EFFECTS:
            make = getattr(EVENT_EFFECTS[key], "from_dict", None) or (lambda b: EVENT_EFFECTS[key](**b))
            return cls(**{key: make(body)})
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
    Without ``event``, a ``trigger`` step says when it triggers and resolves; with one, it
    triggers when that event happens and waits to be put on the stack (603.2, 603.3)."""

    KEY: ClassVar[str] = "triggered"
    name: str
    when: str
    effect: AbilityEffect
    event: TriggerEvent | None = None  # the event the engine detects (events.py); None: a `trigger` step

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Triggered:
        event = TriggerEvent.from_dict(data["event"]) if "event" in data else None
        return cls(name=data["name"], when=data["when"], effect=AbilityEffect.from_dict(data["effect"]), event=event)


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
    """"As this enters, choose [a player | an opponent | an object | a color | a creature type]" (CR
    614.12, 614.1c): ``player`` is ``player`` or ``opponent``; ``object`` is a filter; ``color`` and
    ``creature_type`` are true (issue 40). The choice is not copied (707.6)."""

    KEY: ClassVar[str] = "as_enters_choose"
    player: str | None = None
    object: Filter | None = None
    color: bool | None = None
    creature_type: bool | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AsEntersChoose:
        return cls(player=data.get("player"),
                   object=Filter.from_dict(data["object"]) if "object" in data else None,
                   color=data.get("color"), creature_type=data.get("creature_type"))


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


# --- counters, tokens and loyalty (issue 18) -----------------------------------------------------

@frozen
class LoyaltyAbility:
    """A loyalty ability (CR 606.2): an activated ability whose cost is to put ``cost`` loyalty
    counters on its permanent (``cost`` > 0), or to remove ``-cost`` of them (< 0), or neither (0)
    (606.4), with an optional ``effect``. A permanent's loyalty abilities may be activated once
    each turn in all (606.3), a negative cost only if it has that many loyalty counters (606.5)."""

    KEY: ClassVar[str] = "loyalty_ability"
    name: str
    cost: int
    effect: AbilityEffect | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LoyaltyAbility:
        effect = AbilityEffect.from_dict(data["effect"]) if "effect" in data else None
        return cls(name=data["name"], cost=data["cost"], effect=effect)


COUNTER_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (
    CounterReplacement, TokenReplacement, EntersWithCounters, LoyaltyAbility)}
"""Abilities about counters, tokens and loyalty (CR 614.1a, 614.1c, 614.16, 122.6, 606), by key."""


ABILITY_TABLES: tuple[Mapping[str, type], ...] = (  # each kind read by its class's from_dict (cda_pt, static_pt aside)
    PLAYER_ABILITIES, COMBAT_ABILITIES, EVENT_ABILITIES, CANT_ABILITIES, CAST_ABILITIES, PREVENTION_VARIANT_ABILITIES,
    COUNTER_ABILITIES, CHARACTERISTIC_ABILITIES, ENTERING_ABILITIES, ATTACHMENT_ABILITIES,  # (their modules: above)
    TARGET_ABILITIES,
)
