"""The features of casting a spell, X and "whenever you cast" triggers (casting.py; CR 601.2,
107.3, 608.2, 608.3, 603.2): their names and how a case's content needs them. Part of
:mod:`conformance.format.features`, which merges them into its vocabulary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.casting import Cast, Spell
from conformance.format.expressions import X

FEATURES: dict[str, str] = {
    "casting": "casting a spell from its owner's hand as a step: it goes on the stack, its total cost (its mana "
               "cost) is paid from the caster's mana pool (the payment the case names, or the only one; a cost "
               "that can't be paid undoes the cast), then it resolves: an instant's or sorcery's effect (damage "
               "to its target, counters on it, life for its controller; an illegal target: nothing) and the card "
               "to the graveyard, a permanent spell onto the battlefield (CR 601.2, 601.2a, 601.2h, 608.2, 608.2b, "
               "608.3)",
    "cast-x": "X in a cast spell's mana cost: the value announced as it is cast, paid as that much generic mana, "
              "and what its effect reads as it resolves (CR 107.3a, 601.2b, 601.2f, 202.3e)",
    "cast-triggers": "\"whenever you (a player) cast a [...] spell\" triggered abilities: they trigger as the spell "
                     "becomes cast, go on the stack above it and resolve before it does, remembering its mana value "
                     "(CR 601.2i, 603.2, 603.3, 405.2, 608.1)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "casting": ("601.2", "601.2h", "608.2"),
    "cast-x": ("107.3a", "601.2b"),
    "cast-triggers": ("601.2i", "603.2", "608.1"),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "casting": ("mana", "zone-changes"),
    "cast-x": ("casting",),
    "cast-triggers": ("casting", "event-triggers"),
}

_SPELL_PARTS = {"damage": "damage", "put_counters": "counters", "gain_life": "life"}


def ability_features(ability: Any) -> Iterator[str]:
    """The features an ability of this part needs (a ``triggered`` one with a ``cast`` event included)."""
    if isinstance(ability, Spell):
        yield "casting"
        for part in ability.mode_spells or (ability,):  # a modal spell's modes (700.2)
            if part.part is None:
                continue
            yield next(feature for key, feature in _SPELL_PARTS.items() if getattr(part, key) is not None)
            if part.quantity == X:
                yield "cast-x"
    event = getattr(ability, "event", None)
    if event is not None and getattr(event, "cast", None) is not None:
        yield "cast-triggers"


def features(case: Any) -> Iterator[str]:
    """What a case needs of this part's steps (its abilities: :func:`ability_features`)."""
    for step in case.steps:
        if isinstance(step, Cast):
            yield "casting"
            if step.x is not None:
                yield "cast-x"
