"""Entering tapped, fading, and the colour or creature type chosen as a permanent enters (issue 40;
CR 614.1c, 614.1d, 614.12, 702.32a, 707.5, 707.6).

- ``enters_tapped: {}``: "This enters tapped", a replacement effect of the permanent itself on how
  it enters (614.1c, 614.12: it comes from the permanent, so it applies to it as it enters);
- ``permanents_enter_tapped: {affects: FILTER}``: "[Permanents] enter tapped" (Orb of Dreams:
  ``{affects: {}}``), a replacement effect of a static ability of a permanent on the battlefield
  (614.1d), applying to the other permanents that enter while it is there, judged as they would
  exist on the battlefield (614.12); never to its own permanent entering (it is not on the
  battlefield yet, 614.12's example);
- ``fading: N``: "Fading N": it enters with N fade counters (702.32a, 614.1c); its upkeep trigger is
  not modelled (the loader refuses a case with fading and a beginning of upkeep);
- ``as_enters_choose: {color: true}`` / ``{creature_type: true}`` (abilities.py): "As this enters,
  choose a color / a creature type" (614.12), scripted as ``choices: {color: R}`` / ``{creature_type:
  Goblin}``; never copied (707.6). What refers to it: ``protection: chosen_color`` ("protection from
  the chosen color", 702.16a) and the filter key ``chosen_type: true`` ("of the chosen type") in a
  ``static_pt``'s ``affects``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from conformance.format.expressions import Filter
from conformance.format.frozen import frozen

CHOSEN_COLOR = "chosen_color"
"""The protection quality "the chosen color" (702.16a, 614.12)."""

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
"""A chosen colour (its letter, as ``colors`` write it) as a protection quality's word (105.1)."""


@frozen
class EntersTapped:
    """"This enters tapped" (CR 614.1c): its own replacement effect on how it enters (614.12)."""

    KEY: ClassVar[str] = "enters_tapped"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EntersTapped:
        return cls()


@frozen
class PermanentsEnterTapped:
    """"[Permanents matching ``affects``] enter tapped" (CR 614.1d): a replacement effect of a static
    ability, for the other permanents entering while its own is on the battlefield (614.12)."""

    KEY: ClassVar[str] = "permanents_enter_tapped"
    affects: Filter

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PermanentsEnterTapped:
        return cls(affects=Filter.from_dict(data["affects"]))


@frozen
class Fading:
    """"Fading N" (CR 702.32a): the permanent enters with N fade counters (614.1c, 122.6)."""

    KEY: ClassVar[str] = "fading"
    count: int

    @classmethod
    def from_dict(cls, data: int) -> Fading:
        return cls(data)

    def to_plain(self) -> int:
        return self.count


ENTERING_ABILITIES: dict[str, type] = {cls.KEY: cls for cls in (EntersTapped, PermanentsEnterTapped, Fading)}
"""The abilities of this part, by key."""


# --- the loader's checks ----------------------------------------------------------------------------

Problem = tuple[tuple[Any, ...], str]


def _abilities(data: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
    """Every ability (``{KEY: body}``) anywhere in ``data``, nested ones included, with its path."""
    if isinstance(data, Mapping):
        if len(data) == 1:
            (key, body), = data.items()
            yield at, key, body
        for key, value in data.items():
            yield from _abilities(value, at + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _abilities(value, at + (index,))


def problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """This part's problems in the plain case ``raw``, each a path and a one-line message."""
    from conformance.format.subtypes import CREATURE_TYPES

    everything = {"objects": raw.get("objects", {}), "steps": raw.get("steps", [])}
    found = list(_abilities(everything, ()))
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
