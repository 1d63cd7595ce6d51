"""The case: players, objects, steps and where they come from (a CR rule, an example); its plain
form, and its features derived from its content (features.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import field
from typing import Any

from conformance.format.features import derive_features
from conformance.format.frozen import frozen
from conformance.format.objects import Card, Choices, ObjectSpec
from conformance.format.plain import plain_value
from conformance.format.players import PlayerSpec, ranges_from
from conformance.format.steps import EndEffect, Expect, Step, Together, step_from
from conformance.format.values import frozen_counts


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
    # The features its content uses itself, once asked (features.direct_features): a case is
    # immutable, and ``dataclasses.replace`` makes a new one without it.
    _direct_features: frozenset[str] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def checkpoints(self) -> tuple[Expect, ...]:
        return tuple(s for s in self.steps if isinstance(s, Expect))

    def object(self, object_id: str) -> ObjectSpec:
        for spec in self.objects:
            if spec.id == object_id:
                return spec
        raise KeyError(object_id)

    _METADATA = frozenset({"id", "rules", "source", "summary", "cr", "features", "file", "line"})

    def relabelled(self, **metadata: Any) -> Case:
        """This case with other metadata (its id, rules, source, summary, CR version, features, file
        or line): its content is the same, so what was derived from it is kept with it."""
        if not metadata.keys() <= self._METADATA:
            raise TypeError(f"not metadata of a case: {sorted(metadata.keys() - self._METADATA)}")
        case = dataclasses.replace(self, **metadata)
        object.__setattr__(case, "_direct_features", self._direct_features)
        return case

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
                tapped=spec.get("tapped", False),
                attached_to=spec.get("attached_to"),
                library_position=spec.get("library_position"),  # issue 40 (drawing.py)
                transformed=spec.get("transformed"),  # issue 40: double-faced and flip cards
                flipped=spec.get("flipped"),
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
        return case.relabelled(features=derive_features(case))

    def to_dict(self) -> dict[str, Any]:
        """The plain JSON form engines receive: every default explicit, features derived."""
        return {
            "id": self.id,
            "cr": self.cr,
            "rules": list(self.rules),
            "source": plain_value(self.source),
            "summary": self.summary,
            "features": sorted(self.features),
            "players": list(self.players),
            "objects": {o.id: plain_value(o, skip=("id",)) for o in self.objects},
            "player_states": {p.name: plain_value(p, skip=("name",)) for p in self.player_states},
            **({} if self.range_of_influence is None else {"range_of_influence": dict(self.range_of_influence)}),
            "steps": [plain_step(s) for s in self.steps],
        }


def plain_step(step: Step, compact: bool = False) -> dict[str, Any]:
    """A step in its plain form ``{key: body}`` (``compact``: fields at their default left out)."""
    if isinstance(step, EndEffect):
        body: Any = step.effect
    elif isinstance(step, Together):
        body = [plain_step(p, compact) for p in step.parts]
    else:
        body = plain_value(step, compact=compact)
    return {step.KEY: body}


def written_steps(case: Case) -> list[dict[str, Any]]:
    """``case``'s steps as briefly as a case file may write them: every field left at its model
    default left out (so what remains is what the case says, for :mod:`conformance.format.elements`)."""
    return [plain_step(step, compact=True) for step in case.steps]


def written_objects(case: Case) -> dict[str, Any]:
    """``case``'s objects as briefly as a case file may write them (see :func:`written_steps`)."""
    return {o.id: plain_value(o, skip=("id",), compact=True) for o in case.objects}
