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
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Union

ZONES = ("battlefield", "hand", "graveyard", "library", "exile")


def freeze(value: Any) -> Any:
    """Deep-freeze plain data: mappings become read-only, lists become tuples."""
    if isinstance(value, Mapping):
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


@dataclass(frozen=True)
class Filter:
    """Objects matching every given condition (absent conditions match anything).

    ``controller``/``owner`` are ``you``, ``opponent`` (relative to whoever controls the ability
    or effect) or a player's name. ``other`` excludes the object the ability is on.
    """

    zone: str = "battlefield"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    controller: str | None = None
    owner: str | None = None
    other: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Filter:
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


@dataclass(frozen=True)
class Count:
    """The number of objects matching ``filter``."""

    filter: Filter


@dataclass(frozen=True)
class Sum:
    """The sum of its terms."""

    terms: tuple[Expression, ...]


Expression = Union[int, Count, Sum]


def expression_from(data: Any) -> Expression:
    if isinstance(data, Mapping):
        if "count" in data:
            return Count(Filter.from_dict(data["count"]))
        return Sum(tuple(expression_from(t) for t in data["sum"]))
    return int(data)


# --- cards and objects ----------------------------------------------------------------------


@dataclass(frozen=True)
class CdaPT:
    """A characteristic-defining ability defining power and/or toughness (CR 604.3, 613.4a).

    It functions in every zone (604.3); ``None`` leaves that characteristic to the printed value.
    """

    KEY: ClassVar[str] = "cda_pt"
    power: Expression | None = None
    toughness: Expression | None = None


@dataclass(frozen=True)
class StaticPT:
    """A static ability setting (7b), modifying (7c) or switching (7d) the power/toughness of
    every object ``affects`` matches, re-evaluated continuously (CR 604.2, 613.5)."""

    KEY: ClassVar[str] = "static_pt"
    effect: str
    affects: Filter
    power: int | None = None
    toughness: int | None = None


Ability = Union[CdaPT, StaticPT]


def ability_from(data: Mapping[str, Any]) -> Ability:
    (key, body), = data.items()
    if key == CdaPT.KEY:
        return CdaPT(**{k: expression_from(v) for k, v in body.items()})
    return StaticPT(
        effect=body["effect"],
        affects=Filter.from_dict(body["affects"]),
        power=body.get("power"),
        toughness=body.get("toughness"),
    )


@dataclass(frozen=True)
class Card:
    """Printed characteristics (CR 613.1: where evaluation starts). ``power``/``toughness``
    are ``None`` when nothing is printed, an int, or a star string such as ``"*"`` or ``"1+*"``
    (CR 208.2) whose value a :class:`CdaPT` gives."""

    types: tuple[str, ...]
    name: str | None = None
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | str | None = None
    toughness: int | str | None = None
    abilities: tuple[Ability, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Card:
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        values["abilities"] = tuple(ability_from(a) for a in data.get("abilities", ()))
        return cls(**values)


@dataclass(frozen=True)
class ObjectSpec:
    """An object as the case starts: its card, zone, owner, controller and counters."""

    id: str
    card: Card
    zone: str
    owner: str
    controller: str | None
    counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


# --- steps ------------------------------------------------------------------------------------


class Step:
    """Base of every step. ``KEY`` is the step's key in a case file."""

    KEY: ClassVar[str]


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class SetPT(PTEffect):
    """Layer 7b: sets power and/or toughness, or base power and toughness (CR 613.4b)."""

    KEY: ClassVar[str] = "set_pt"
    power: int | None = None
    toughness: int | None = None


@dataclass(frozen=True, kw_only=True)
class ModifyPT(PTEffect):
    """Layer 7c: gets +N/+M (CR 613.4c)."""

    KEY: ClassVar[str] = "modify_pt"
    power: int = 0
    toughness: int = 0


@dataclass(frozen=True, kw_only=True)
class SwitchPT(PTEffect):
    """Layer 7d: switches power and toughness (CR 613.4d)."""

    KEY: ClassVar[str] = "switch_pt"


@dataclass(frozen=True, kw_only=True)
class DoublePT(PTEffect):
    """Doubles power, toughness or both: a 7c bonus fixed as it is created (CR 701.10a-c)."""

    KEY: ClassVar[str] = "double_pt"
    which: str


@dataclass(frozen=True, kw_only=True)
class TriplePT(PTEffect):
    """Triples power, toughness or both: a 7c bonus fixed as it is created (CR 701.11a-c)."""

    KEY: ClassVar[str] = "triple_pt"
    which: str


@dataclass(frozen=True)
class PutCounters(Step):
    """Puts ``count`` counters of ``kind`` on an object (CR 122.1, 613.7c)."""

    KEY: ClassVar[str] = "put_counters"
    object: str
    kind: str
    count: int


@dataclass(frozen=True)
class RemoveCounters(Step):
    """Removes up to ``count`` counters of ``kind`` from an object."""

    KEY: ClassVar[str] = "remove_counters"
    object: str
    kind: str
    count: int


@dataclass(frozen=True)
class EndEffect(Step):
    """The named effect ends (its stated duration is over)."""

    KEY: ClassVar[str] = "end_effect"
    effect: str


@dataclass(frozen=True)
class EndTurn(Step):
    """The cleanup step: effects lasting until end of turn end (CR 514.2)."""

    KEY: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Move(Step):
    """An object moves to a zone and becomes a new object (CR 400.7, 613.7d)."""

    KEY: ClassVar[str] = "move"
    object: str
    to: str


@dataclass(frozen=True)
class Together(Step):
    """Several actions as one event: no state-based action check between them (CR 704.3)."""

    KEY: ClassVar[str] = "together"
    parts: tuple[Step, ...]


@dataclass(frozen=True)
class Expect(Step):
    """A checkpoint: for each named object, the values the engine must report."""

    KEY: ClassVar[str] = "expect"
    objects: Mapping[str, Mapping[str, Any]]
    label: str | None = None


ACTIONS: dict[str, type[Step]] = {
    cls.KEY: cls
    for cls in (SetPT, ModifyPT, SwitchPT, DoublePT, TriplePT, PutCounters, RemoveCounters,
                EndEffect, EndTurn, Move)
}
"""Steps that change the game, by key."""

STEPS: dict[str, type[Step]] = {**ACTIONS, Together.KEY: Together, Expect.KEY: Expect}
"""Every step kind, by key."""


def step_from(data: Mapping[str, Any], default_controller: str) -> Step:
    """Build a step from its plain form ``{key: body}``."""
    (key, body), = data.items()
    cls = STEPS[key]
    if issubclass(cls, PTEffect):
        return cls.from_dict({"controller": default_controller, **body})
    if cls is EndEffect:
        return EndEffect(body)
    if cls is EndTurn:
        return EndTurn()
    if cls is Together:
        return Together(tuple(step_from(p, default_controller) for p in body))
    if cls is Expect:
        return Expect(objects=freeze(body["objects"]), label=body.get("label"))
    return cls(**body)


# --- the case ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """Where a case comes from: a CR rule, and which of its Example paragraphs (1-based), if
    any; no example means the case is worked from the rule's text."""

    rule: str
    example: int | None = None

    def __str__(self) -> str:
        return f"CR {self.rule}" + (f", example {self.example}" if self.example else " (rule text)")


@dataclass(frozen=True)
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
                  file: str | None = None, line: int | None = None) -> Case:
        """Build a case from its plain form (validated against the schema beforehand)."""
        from conformance.features import derive_features

        players = tuple(data["players"])
        first = players[0]
        objects = []
        for object_id, spec in data["objects"].items():
            owner = spec.get("owner", first)
            zone = spec.get("zone", "battlefield")
            controller = spec.get("controller", owner) if zone == "battlefield" else None
            objects.append(ObjectSpec(
                id=object_id,
                card=Card.from_dict(spec["card"]),
                zone=zone,
                owner=owner,
                controller=controller,
                counters=MappingProxyType(dict(spec.get("counters", {}))),
            ))
        case = cls(
            id=data["id"],
            rules=tuple(str(rule) for rule in data["rules"]),
            source=Source(str(data["source"]["rule"]), data["source"].get("example")),
            summary=" ".join(data["summary"].split()),
            players=players,
            objects=tuple(objects),
            steps=tuple(step_from(s, first) for s in data["steps"]),
            cr=cr if cr is not None else data["cr"],
            file=file,
            line=line,
        )
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
            "steps": [_plain_step(s) for s in self.steps],
        }


def _plain_step(step: Step) -> dict[str, Any]:
    if isinstance(step, EndEffect):
        body: Any = step.effect
    elif isinstance(step, Together):
        body = [_plain_step(p) for p in step.parts]
    else:
        body = _plain(step)
    return {step.KEY: body}


def _plain(value: Any, skip: tuple[str, ...] = ()) -> Any:
    """Plain JSON data for a model value; ``None`` fields are left out."""
    if isinstance(value, (Count, Sum)):
        return {"count": _plain(value.filter)} if isinstance(value, Count) else {
            "sum": [_plain(t) for t in value.terms]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.name in skip or item is None:
                continue
            if f.name == "abilities":
                out[f.name] = [{a.KEY: _plain(a)} for a in item]
            else:
                out[f.name] = _plain(item)
        return out
    return thaw(value)
