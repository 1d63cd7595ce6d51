"""The loader's checks of entering tapped, fading and the colour or creature type chosen as a
permanent enters (entering_choices.py; issue 40; CR 614.1c, 614.1d, 614.12, 702.32a): each problem
a path and a one-line message."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.counter_checks import abilities_in
from conformance.format.entering_choices import ENTERING_ABILITIES, EntersTapped, Fading, PermanentsEnterTapped
from conformance.format.subtypes import CREATURE_TYPES

Problem = tuple[tuple[Any, ...], str]


def problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """This part's problems in the plain case ``raw``, each a path and a one-line message."""
    everything = {"objects": raw.get("objects", {}), "steps": raw.get("steps", [])}
    found = list(abilities_in(everything, (), tuple(ENTERING_ABILITIES)))
    has_fading = any(key == Fading.KEY and isinstance(body, int) for _, key, body in found)
    yield from _chosen_type_problems(everything, ())
    for index, step in enumerate(raw.get("steps", [])):
        if has_fading and isinstance(step, Mapping) and isinstance(step.get("beginning_of_step"), Mapping) \
                and step["beginning_of_step"].get("step") == "upkeep":
            yield (("steps", index, "beginning_of_step"), "fading's upkeep trigger (remove a fade counter or "
                   "sacrifice it, CR 702.32a) is not modelled: a case with fading has no beginning of upkeep")
    taps = any(key in (EntersTapped.KEY, PermanentsEnterTapped.KEY) for _, key, _ in found)
    for index, step in enumerate(raw.get("steps", [])):
        if taps and isinstance(step, Mapping) and "combat" in step:
            yield (("steps", index, "combat"), "a combat in a case where permanents may enter tapped (CR 614.1c, "
                   "614.1d) is not modelled: which creatures are untapped to attack or block (508.1a) is not checked")
    for at, choices in _all_choices(everything, ()):
        kind = choices.get("creature_type")
        if isinstance(kind, str) and kind not in CREATURE_TYPES:
            yield (at + ("creature_type",), f"{kind!r} is not a creature type of the CR 2025-09-19 (205.3m)")


def _chosen_type_problems(data: Any, at: tuple[Any, ...], allowed: bool = False) -> Iterator[Problem]:
    """``chosen_type`` is read only by a ``static_pt``'s ``affects`` (the reference engine reads the
    chosen creature type there, 614.12); elsewhere it is refused."""
    if isinstance(data, Mapping):
        if data.get("chosen_type") is True and not allowed:
            yield (at + ("chosen_type",), "\"of the chosen type\" is modelled only in a static_pt's affects "
                   "(CR 614.12)")
        for key, value in data.items():
            inner = key == "static_pt" and isinstance(value, Mapping)
            if inner:
                for k, v in value.items():
                    yield from _chosen_type_problems(v, at + (key, k), allowed=k == "affects")
            else:
                yield from _chosen_type_problems(value, at + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _chosen_type_problems(value, at + (index,))


def _all_choices(data: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Mapping[str, Any]]]:
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key == "choices" and isinstance(value, Mapping):
                yield at + (key,), value
            else:
                yield from _all_choices(value, at + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _all_choices(value, at + (index,))
