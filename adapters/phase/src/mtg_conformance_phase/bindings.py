"""phase-python itself, and what every part of the adapter shares: the bindings imported on first
use (with the hint for installing them), the version and phase-rs commit they were
built from, :class:`AdapterFault`, the features and observables the adapter declares, phase's
names for the suite's zones, counters, card types and supertypes, the real cards golden cases
name (:data:`REAL_CARDS`), and the adapter's limits (seats, passes, caches; the maximum hand size
of CR 402.2).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

DISTRIBUTION = "phase-python"
INSTALL_HINT = ("the phase engine needs phase-python, which the adapter's distribution depends on (phase-python is "
                "not installed): python -m pip install -e adapters/phase")

FEATURES = (
    "layer-7a", "layer-7b", "layer-7c", "layer-7d", "counters", "static-abilities", "double-pt", "triple-pt",
    "durations", "zone-changes", "locked-sets", "simultaneous-actions", "double-counters", "damage",
    "life", "double-life", "prevention", "type-changing", "color-changing", "copy-effects",
    "counter-replacements", "replacement-order", "double-damage",
    "enters-with-counters", "token-creation", "token-replacements", "token-copies",
    "planeswalkers", "ability-changing", "lifelink", "deathtouch", "indestructible", "infect", "wither",
    "combat", "first-strike", "trample", "tapping", "blocking-restrictions",  # phase's own combat (.combat)
    "protection", "protection-blocking", "multiple-blocks",  # in combat only (.combat_plan.check_protection)
    "mana", "mana-abilities", "mana-replacement", "double-mana",  # .mana, .ability_lines
    "activated-abilities", "loyalty-abilities",  # .loyalty: loyalty abilities only; other activated abilities refused
    "triggered-abilities", "event-triggers",  # .triggers: on events only; the trigger step refused
    "life-gain-replacement", "life-loss-replacement", "cant-lose", "cant-gain-life",
    "player-counters", "counter-halving", "prevention-extras",
    "partial-prevention", "damage-modifiers",
    "redirection",  # one event from a chosen permanent source only (.redirection)
    "cant-be-prevented",  # Skullcrack's order, its restriction ended once the damage is dealt (.unpreventable)
    "face-down",  # .face_down: phase's face-down permanents and morph; turning face down or up by effects refused
    "characteristic-expressions",  # card types among cards in all graveyards, your life total (wording.quantity)
    "control-changing",  # a resolving "Gain control of target permanent" (changes.CONTROL); static control refused
    "enters-choices",  # .enters_choices: a player (phase's prompt as it enters), a power and toughness (the card
    # cast from the hand, .choosing); object choices, and choices made elsewhere, refused
)
"""The features this adapter realises; a feature added to the vocabulary later is unsupported
until it is realised here."""

OBSERVABLES = {"objects": ["zone", "controller", "power", "toughness", "counters", "damage", "types", "subtypes",
                           "supertypes", "colors", "name", "mana_cost", "tapped", "abilities",
                           "face_down"],
               "players": ["life", "lost", "mana", "counters"]}
PLAYER_VALUES = frozenset(OBSERVABLES["players"])

ZONES = {"battlefield": "Battlefield", "graveyard": "Graveyard", "exile": "Exile", "hand": "Hand",
         "library": "Library"}
COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
COUNTERS_BACK = {v: k for k, v in COUNTERS.items()}
CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
              "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker", "kindred": "Kindred"}
SUPERTYPES = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow", "world": "World"}
PT_COUNTER = re.compile(r"^[+-][0-9]+/[+-][0-9]+$")

REAL_CARDS: dict[str, dict[str, Any]] = {
    # Gray Ogre: {2}{R}, Creature — Ogre, 2/2, red, no rules text (Gatherer multiverse id 204).
    # Checked against three independent public sources (card implementations in the
    # Stormmworld/GameRoom and managym repositories, and a card article), not typed from memory.
    "Gray Ogre": {"manaCost": "{2}{R}", "manaValue": 3, "types": ["Creature"], "subtypes": ["Ogre"],
                  "colors": ["R"], "power": "2", "toughness": "2", "text": ""},
}
"""True Oracle facts of the real cards golden cases name, each checked against public sources.
A case naming one of them gets its mana cost too, when the case's printed characteristics
agree with these facts; otherwise the case's own characteristics are all that is used."""

FILLER = "Cfx Filler"
OBJECT_PREFIX = "Cfx Object "  # the names of the suite's nameless objects (cards.object_card)
HAND_SIZE = 7  # CR 402.2: the cleanup step discards down to it (514.1)
SEED = 1
MAX_PASSES = 200
MAX_SEATS = 6  # phase's FreeForAll format seats 2 to 6 players
FORK_CACHE_SIZE = 256
ENGINE_CACHE_SIZE = 64


class AdapterFault(RuntimeError):
    """phase answered something this adapter does not expect, or panicked: a bug to fix in the
    adapter or in phase, reported as an errored case (never as a pass, a failure or unsupported)."""


def _phase():
    try:
        import phase
    except ImportError as exc:  # phase-python, a dependency of this distribution, is not installed
        raise RuntimeError(INSTALL_HINT) from exc
    return phase


@lru_cache(maxsize=1)
def engine_version() -> tuple[str, str | None]:
    """phase-python's version, and the phase-rs commit it was built from (the wheel's SBOM)."""
    from importlib import metadata

    version = metadata.version(DISTRIBUTION)
    commit = None
    try:
        for file in metadata.distribution(DISTRIBUTION).files or ():
            if str(file).endswith(".cyclonedx.json"):
                match = re.search(r"phase-rs/phase%40([0-9a-f]{40})", file.read_text())
                if match:
                    commit = match[1]
                    break
    except (OSError, ValueError):  # no SBOM: the version alone identifies the build
        pass
    return version, commit
