"""Steps: what happens in a case, in order (order is timestamp order, CR 613.7). P/T effects
(613.4), counters, zone changes, "becomes" and copy effects, tokens, face-down permanents,
activating and triggering abilities, life, mana, player counters, doubling (701.10), damage,
prevention and redirection (119, 120, 614-616); ``together`` (one event, 704.3) and checkpoints."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any, ClassVar

from conformance.format.abilities import Ability, Change, CopyExceptions, ability_from
from conformance.format.expressions import Expression, Filter
from conformance.format.frozen import frozen
from conformance.format.prevention_variants import PreventionExtra
from conformance.format.objects import Card, Choices
from conformance.format.plain import plain_ability
from conformance.format.values import FROZEN_EMPTY, FrozenData, freeze, is_mapping
from conformance.format.step import Step  # noqa: E402 (the base, shared with combat.py)
from conformance.format.combat import Combat  # noqa: E402 (the combat step, CR 506-511)
from conformance.format.emblems import CreateEmblem  # noqa: E402 (emblems, CR 114.1)
from conformance.format.regeneration import REGENERATION_STEPS  # noqa: E402 (destroy, regenerate: issue 40)
from conformance.format.casting import Cast  # noqa: E402 (casting a spell, CR 601.2: issue 41)
from conformance.format.trigger_events import BeginningOfStepStep  # noqa: E402 (503.1a, 513.1a: issue 41)
from conformance.format.leaving import BeginTurn, LeaveGame  # noqa: E402 (800.4a, 801.2c: issue 40)
from conformance.format.attachments import ATTACHMENT_STEPS  # noqa: E402 (attach, unattach: issue 40)
from conformance.format.faces import FACE_STEPS  # noqa: E402 (transform, flip: issue 40)


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
    """An effect puts ``count`` counters of ``kind`` on an object (CR 122.1, 613.7c); ``controller``
    is the player whose effect puts them (``None``: the permanent's controller). Counter
    replacement effects modify the event (614.1a, 614.16), in ``order`` (616.1): the effects by
    name, as the affected permanent's controller applies them."""

    KEY: ClassVar[str] = "put_counters"
    object: str
    kind: str
    count: int
    controller: str | None = None
    order: tuple[str, ...] = ()

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> PutCounters:
        return cls(**{**body, "order": tuple(body.get("order", ()))})


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
    made as it enters (614.12, 707.5); an instant or sorcery card sent there face up stays where
    it is (400.4a)."""

    KEY: ClassVar[str] = "move"
    object: str
    to: str
    choices: Choices | None = None
    face_down: bool = False
    order: tuple[str, ...] = ()  # counter replacements on the counters it enters with (616.1, 122.6)

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> Move:
        values = dict(body)
        values["order"] = tuple(values.get("order", ()))
        if "choices" in values:
            values["choices"] = Choices.from_dict(values["choices"])
        return cls(**values)


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


def created_tokens(body: Mapping[str, Any]) -> list[str]:
    """The ids a ``create_token`` step's plain body names: its token, or its tokens (111.4)."""
    return [body["token"]] if "token" in body else list(body.get("tokens", ()))


@frozen(kw_only=True)
class CreateToken(Step):
    """An effect creates ``count`` tokens under ``controller`` (CR 111.1): each a copy of
    ``copy_of`` (707.2) with ``exceptions`` (707.9), or with the characteristics ``card`` gives
    (111.4); they enter the battlefield, with ``choices`` for the copied "as enters" abilities
    (707.5). ``token`` names the one token created; ``tokens`` names the tokens in the order they
    are created, as many as token replacement effects may make (614.1a: "twice that many"); a name
    no token gets names no object. ``order``: the replacement effects by name, in the order the
    affected player applies them (616.1), to the tokens created and to the counters they enter
    with (122.6)."""

    KEY: ClassVar[str] = "create_token"
    token: str | None = None
    tokens: tuple[str, ...] | None = None  # None, not (): a case names its token or its tokens
    copy_of: str | None = None
    card: Card | None = None
    count: int = 1
    controller: str
    exceptions: CopyExceptions | None = None
    choices: Choices | None = None
    order: tuple[str, ...] = ()

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> CreateToken:
        values = {"controller": default_controller, **body}
        if "exceptions" in values:
            values["exceptions"] = CopyExceptions.from_dict(values["exceptions"])
        if "choices" in values:
            values["choices"] = Choices.from_dict(values["choices"])
        if "card" in values:
            values["card"] = Card.from_dict(values["card"])
        values["order"] = tuple(values.get("order", ()))
        if "tokens" in values:
            values["tokens"] = tuple(values["tokens"])
        return cls(**values)

    @property
    def names(self) -> tuple[str, ...]:
        """The ids the tokens this step creates get, in order."""
        return (self.token,) if self.token is not None else (self.tokens or ())


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
    order: tuple[str, ...] = ()  # counter replacements on a loyalty cost's counters (616.1, 606.4)
    targets: tuple[str, ...] | None = None  # issue 40 (targets.py): a damage_targets ability's, 601.2c
    chooser: str | None = None  # the opponent choosing the targets "of an opponent's choice" (801.5a)

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> Activate:
        targets = tuple(body["targets"]) if "targets" in body else None
        return cls(**{**body, "order": tuple(body.get("order", ())), "targets": targets})


@frozen
class Trigger(Step):
    """The object's triggered ability named ``ability`` triggers and resolves (CR 603), ``target``
    being the object it refers to ("that creature"). An object without that ability: nothing happens."""

    KEY: ClassVar[str] = "trigger"
    object: str
    ability: str
    target: str | None = None


# --- triggered abilities on events and mana abilities (events.py, CR 603, 605) -----------------


@frozen
class ResolveTriggers(Step):
    """The triggered abilities waiting to be put on the stack are put there in ``order`` (CR
    603.3b: each named ``OBJ.ABILITY``, once per time it triggered, the first put first), then the
    stack resolves, top first (608.1); each ability that triggers meanwhile is put on top when a
    player would next receive priority (603.3, 117.5)."""

    KEY: ClassVar[str] = "resolve_triggers"
    order: tuple[str, ...] = ()

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> ResolveTriggers:
        return cls(order=tuple(body.get("order", ())))


@frozen
class ActivateMana(Step):
    """The object's controller activates its mana ability named ``ability`` (CR 605.3a): it taps
    the permanent (the cost, 602.2b) and adds the mana (106.4), as replacement effects modify it
    (106.6). An untapped permanent without that ability, or a tapped one: nothing happens."""

    KEY: ClassVar[str] = "activate_mana"
    object: str
    ability: str


CHARACTERISTIC_ACTIONS: tuple[type[Step], ...] = (
    Become, BecomeCopy, CreateToken, TurnFaceUp, TurnFaceDown, Activate, Trigger, ResolveTriggers, ActivateMana,
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
    objects: Mapping[str, Mapping[str, FrozenData]] = field(default_factory=lambda: MappingProxyType({}))
    label: str | None = None
    players: Mapping[str, Mapping[str, FrozenData]] | None = None


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
    (CR 701.10e). Exactly one of ``object`` and ``player``. On an object, those counters are put
    by its controller, modified by the counter replacement effects (614.1a, 614.16) in ``order``
    (616.1), as a ``put_counters`` step's."""

    KEY: ClassVar[str] = "double_counters"
    kind: str
    object: str | None = None
    player: str | None = None
    order: tuple[str, ...] = ()

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> DoubleCounters:
        return cls(**{**body, "order": tuple(body.get("order", ()))})


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
    affected object) applies the replacement and prevention effects that apply (CR 616.1).
    ``cant_be_prevented``: prevention effects still apply but prevent nothing (CR 615.12)."""

    KEY: ClassVar[str] = "damage"
    source: str
    amount: int
    to: str | None = None
    to_each: Filter | None = None
    to_each_player: bool = False
    combat: bool = False
    cant_be_prevented: bool = False
    cant_be_redirected: bool = False  # issue 41: no redirection effect applies to it (614.9, 101.2)
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
    source: str | None = None  # issue 41: the spell or ability's object; ``then`` acts through it (615.5)
    then: PreventionExtra | None = None

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> PreventDamage:
        values = {"controller": default_controller, **body}
        for key in ("to_each", "by"):
            if key in values:
                values[key] = Filter.from_dict(values[key])
        if "then" in values:
            values["then"] = PreventionExtra.from_dict(values["then"])
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


PLAYER_ACTIONS: tuple[type[Step], ...] = (
    GainLife, LoseLife, AddMana, PutPlayerCounters, RemovePlayerCounters, DoubleLife, DoubleCounters,
    DoubleMana, Damage, PreventDamage, RedirectDamage,
)
"""The steps about players, damage, replacement and prevention."""

ACTIONS: dict[str, type[Step]] = {cls.KEY: cls for cls in (
    SetPT, ModifyPT, SwitchPT, DoublePT, TriplePT, PutCounters, RemoveCounters, EndEffect, EndTurn, Move, *PLAYER_ACTIONS,
    *CHARACTERISTIC_ACTIONS, CreateEmblem,  # emblems (issue 41, CR 114.1)
    *ATTACHMENT_STEPS, *REGENERATION_STEPS, *FACE_STEPS)}  # issue 40: 701.3, 701.8, 701.19, 701.27a, 710.1a
"""Steps that change the game, by key."""

STEPS: dict[str, type[Step]] = {**ACTIONS, Together.KEY: Together, Expect.KEY: Expect, Combat.KEY: Combat,
                                Cast.KEY: Cast, BeginningOfStepStep.KEY: BeginningOfStepStep,
                                LeaveGame.KEY: LeaveGame, BeginTurn.KEY: BeginTurn}  # issue 40
"""Every step kind, by key."""


def step_from(data: Mapping[str, Any], default_controller: str) -> Step:
    """Build a step from its plain form ``{key: body}``."""
    (key, body), = data.items()
    cls = STEPS[key]
    if cls is Expect:  # the most frequent
        objects = body.get("objects") or FROZEN_EMPTY
        if any(objects.values()):
            objects = freeze(canonical_observations(objects))
        else:  # nothing but ids (each object's every observable)
            objects = MappingProxyType(dict.fromkeys(objects, FROZEN_EMPTY))
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
