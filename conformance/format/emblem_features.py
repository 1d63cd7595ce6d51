"""The features of emblems (CR 114) and of the "if it's a planeswalker" copy exception (707.9f):
their names and how a case's content needs them. Part of :mod:`conformance.format.features`,
which merges them into its vocabulary (issue 41)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from conformance.format.emblems import CreateEmblem
from conformance.format.objects import Card, ObjectSpec
from conformance.format.steps import Step, Together

FEATURES: dict[str, str] = {
    "emblems": "emblems: an effect gives a player an emblem in the command zone, with abilities and no other "
               "characteristic; its static abilities function there, with its timestamp, and nothing that "
               "affects permanents affects it; a checkpoint sees it in the zone command (CR 114.1-114.5, 613.7a)",
    "planeswalker-copy-exception": "copy exceptions that apply only if the copy would be a planeswalker (\"it "
                                   "enters with an additional loyalty counter on it if it's a planeswalker\", "
                                   "CR 707.9f)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "emblems": ("114.1", "114.2", "114.4"),
    "planeswalker-copy-exception": ("707.9f",),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "planeswalker-copy-exception": ("copy-effects", "planeswalkers"),
}


@dataclasses.dataclass(frozen=True)
class _WithEmblems:
    """A case's content with each emblem it creates as one more object carrying its abilities, so
    that those abilities need the features they would need on a permanent."""

    players: tuple[str, ...]
    objects: tuple[ObjectSpec, ...]
    steps: tuple[Step, ...]
    player_states: tuple[Any, ...]
    range_of_influence: Mapping[str, int] | None


def emblems_in(steps: Iterable[Step]) -> Iterator[CreateEmblem]:
    """The ``create_emblem`` steps among ``steps`` (a ``together``'s parts included)."""
    for step in steps:
        if isinstance(step, Together):
            yield from emblems_in(step.parts)
        elif isinstance(step, CreateEmblem):
            yield step


def with_emblems(case: Any) -> Any:
    """``case`` itself if it creates no emblem; else its content with the emblems as objects."""
    made = list(emblems_in(case.steps))
    if not made:
        return case
    extra = tuple(ObjectSpec(id=step.emblem, card=Card(types=(), abilities=step.abilities), zone="battlefield",
                             owner=step.controller, controller=step.controller) for step in made)
    return _WithEmblems(case.players, case.objects + extra, case.steps, case.player_states, case.range_of_influence)


def case_features(case: Any) -> Iterator[str]:
    """``emblems`` if the case creates one."""
    if any(True for _ in emblems_in(case.steps)):
        yield "emblems"
