"""The features of entering tapped, fading and the colour or creature type chosen as a permanent
enters (entering_choices.py; issue 40; CR 614.1c, 614.1d, 614.12, 702.32a, 707.6): their names and
how a case's content needs them. Part of :mod:`conformance.format.features`, which merges them
into its vocabulary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.abilities import AsEntersChoose, Protection, StaticPT
from conformance.format.entering_choices import CHOSEN_COLOR, EntersTapped, Fading, PermanentsEnterTapped

FEATURES: dict[str, str] = {
    "enters-tapped": "\"this enters tapped\" and \"[permanents] enter tapped\": replacement effects on how a permanent "
                     "enters, judged on it as it would exist on the battlefield (its own abilities, copied ones "
                     "included, and the effects that would apply to it there), never from a permanent entering "
                     "itself or at the same time (CR 614.1c, 614.1d, 614.12, 707.5)",
    "fading": "fading N: the permanent enters with N fade counters, a copy of it too (CR 702.32a, 614.1c, 707.5)",
    "chosen-color-and-type": "\"as this enters, choose a color / a creature type\", made anew by a copy (never copied), "
                             "and what refers to it: protection from the chosen color, \"creatures of the chosen "
                             "type get +N/+M\" (CR 614.12, 707.6, 702.16a)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "enters-tapped": ("614.1c", "614.1d", "614.12"),
    "fading": ("702.32a",),
    "chosen-color-and-type": ("614.12", "707.6"),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "enters-tapped": ("tapping",),
    "fading": ("counters",),
    "chosen-color-and-type": ("enters-choices",),
}


def ability_features(ability: Any) -> Iterator[str]:
    """The features an ability of this part needs, wherever a case has it."""
    if isinstance(ability, (EntersTapped, PermanentsEnterTapped)):
        yield "enters-tapped"
    elif isinstance(ability, Fading):
        yield "fading"
    elif isinstance(ability, AsEntersChoose) and (ability.color or ability.creature_type):
        yield "chosen-color-and-type"
    elif isinstance(ability, Protection) and ability.quality == CHOSEN_COLOR:
        yield "chosen-color-and-type"
    elif isinstance(ability, StaticPT) and ability.affects.chosen_type:
        yield "chosen-color-and-type"


def choice_features(choices: Any) -> Iterator[str]:
    """The features a ``choices`` map needs."""
    if choices is not None and (choices.color is not None or choices.creature_type is not None):
        yield "chosen-color-and-type"
