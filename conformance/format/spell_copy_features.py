"""The features of copies of spells, modal spells and additional costs (spell_copies.py; CR 707.10,
700.2, 601.2h, 801.5): their names and how a case's content needs them. Part of
:mod:`conformance.format.features`, which merges them into its vocabulary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format.casting import Cast, Spell
from conformance.format.spell_copies import SACRIFICED_POWER

FEATURES: dict[str, str] = {
    "spell-copies": "copies of a spell put on the stack while it is there (a cast step's copies): each has the "
                    "spell's characteristics but for the colours the copy effect gives, its mode, X, the objects paid "
                    "for its costs and its target unless a new one is chosen; a copy is not cast (no cast triggers), "
                    "no mana was spent to cast it, its controller is the player who put it on the stack, it resolves "
                    "before the spell and then ceases to exist (CR 707.10, 707.10a, 707.10c, 608.1)",
    "spell-copy-tokens": "an effect that creates tokens, then copies a spell, the copy targeting a token it created: "
                         "token replacement effects apply to those tokens, and the copy targets one of them (CR 707.10e, "
                         "614.1a)",
    "modal-spells": "modal spells: one mode chosen as the spell is cast, by its caster or by the opponent the caster "
                    "picks (within the caster's range of influence, though the mode may refer to players outside the "
                    "chooser's); the spell does what that mode says (CR 700.2, 601.2b, 801.5a, 801.5b)",
    "cast-additional-costs": "an additional cost to cast a spell: sacrificing a permanent of a card type, and an "
                             "effect reading that permanent's power as it last existed on the battlefield (CR 601.2b, "
                             "601.2h, 608.2h)",
    "cast-mana-spent": "an effect that reads which colours of mana were spent to cast its spell (Dawnglow Infusion; "
                       "none for a copy, CR 707.10, 601.2h)",
}
"""The features of this part, with what an engine that declares one must handle."""

RULES: dict[str, tuple[str, ...]] = {
    "spell-copies": ("707.10", "707.10c"),
    "spell-copy-tokens": ("707.10e",),
    "modal-spells": ("700.2", "801.5b"),
    "cast-additional-costs": ("601.2h", "608.2h"),
    "cast-mana-spent": ("601.2h", "707.10"),
}

IMPLIED: dict[str, tuple[str, ...]] = {
    "spell-copies": ("casting",),
    "spell-copy-tokens": ("spell-copies", "token-creation"),
    "modal-spells": ("casting",),
    "cast-additional-costs": ("casting",),
    "cast-mana-spent": ("casting",),
}


def ability_features(ability: Any) -> Iterator[str]:
    """The features a ``spell`` ability needs beyond casting (its modes' own effects included)."""
    if not isinstance(ability, Spell):
        return
    if ability.modes:
        yield "modal-spells"
    if ability.sacrifice is not None:
        yield "cast-additional-costs"
    for part in (ability, *ability.mode_spells):
        if part.gain_life is not None and part.gain_life.if_spent:
            yield "cast-mana-spent"
        if part.part is not None and SACRIFICED_POWER == getattr(part.part, "amount", None):
            yield "cast-additional-costs"


def features(case: Any) -> Iterator[str]:
    """What a case needs of its cast steps' copies, modes and additional costs."""
    for step in case.steps:
        if not isinstance(step, Cast):
            continue
        if step.mode is not None:
            yield "modal-spells"
        if step.sacrifice is not None:
            yield "cast-additional-costs"
        for copy in step.spell_copies:
            yield "spell-copies"
            if copy.create_token is not None:
                yield "spell-copy-tokens"
