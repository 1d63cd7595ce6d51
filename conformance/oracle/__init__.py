"""Oracle text for the suite's abilities and effects: a shared, engine-agnostic rendering of the
format (:mod:`conformance.format`) into English Oracle wording, in the Comprehensive Rules' and
real cards' words, for adapters of text-driven engines (Forge, XMage, phase, a rules bot) that
build their cards from rules text. See docs/oracle-text.md.

Plain data in, str out: an ability or a step as a case file writes it::

    >>> from conformance import oracle
    >>> oracle.ability_text({"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"],
    ...     "controller": "you"}, "power": 0, "toughness": 2}})
    'Creatures you control get +0/+2.'
    >>> oracle.effect_text({"modify_pt": {"to": "bear", "power": 3, "toughness": 3}})
    'Target creature gets +3/+3 until end of turn.'

Modules: :mod:`.words` (numbers, signed P/T, colours, mana, counters, self-reference),
:mod:`.objects` (filters and amounts), :mod:`.changes` (what an object becomes, by layer),
:mod:`.copies` (copy exceptions), :mod:`.abilities` (each ability kind), :mod:`.triggers`
(activated, loyalty and triggered abilities), :mod:`.effects` (each step kind done by a spell).
Whatever has no faithful wording here raises :class:`NoOracleWording`, never a guess.
"""

from __future__ import annotations

from conformance.oracle.abilities import ABILITY_KINDS, ability_text
from conformance.oracle.effects import EFFECT_KINDS, NOT_EFFECTS, effect_text
from conformance.oracle.errors import NoOracleWording
from conformance.oracle.objects import Objects, describe, quantity, relative
from conformance.oracle.words import self_reference

__all__ = ["ABILITY_KINDS", "EFFECT_KINDS", "NOT_EFFECTS", "NoOracleWording", "Objects", "ability_text", "describe",
           "effect_text", "quantity", "relative", "self_reference"]
