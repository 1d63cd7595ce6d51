"""Copying objects (CR 707): copy effects, copiable values and the exceptions to copying.

A copy effect applies in layer 1a (613.2a). It gives the copy the *copiable values* of the
original: the values printed on it, as modified by other copy effects, by its face-down status
and by "as enters" choices of power and toughness (707.2, 613.2c). Everything else, counters,
status and every other effect (type-changing, P/T-changing, switches), is not copied.

- 707.2a: the copy's colour and abilities come from those values, once: abilities are data, copied
  as they are, never read twice;
- 707.2b: the values are fixed as the effect is created: :class:`CopyEffect` holds them, so a later
  change to the original never reaches the copy;
- 707.2c: a static copy effect fixes its values when it first starts to apply (the game records them
  as its object enters, :mod:`reference_engine.entering`);
- 707.3: a copy's copiable values are what it copied, so a copy of a copy copies those;
- 707.9a-f: exceptions (:func:`apply_exceptions`) become part of the copiable values; whether a
  conditional one ("if it's a creature", "if it's a planeswalker") applies is judged once, as the effect begins, on the
  permanent it would make (707.9f, 614.12: :func:`reference_engine.entering.add_copy_effect`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.format.abilities import CONDITIONAL_EXCEPTIONS
from conformance.format.frozen import frozen
from conformance.format.model import CdaColors, CdaPT, CopyExceptions, Keyword
from conformance.format.subtypes import replace_subtypes, sets_creature_types
from reference_engine.characteristics import Values

LAYER_1A = "1a"


@frozen
class CopyEffect:
    """A copy effect on the objects ``affected`` (layer 1a, CR 613.2a): they become copies of an
    object whose copiable values were ``copied`` when the effect began (707.2b), with
    ``exceptions`` (707.9). ``this_ability`` is the ability that makes the copy, for "except it has
    this ability" (707.9a). ``judged``: for each card type of a conditional exception
    (``if_creature``, ``if_planeswalker``), the objects among ``affected`` that would have it with
    the effect applied without its conditional exceptions, judged as the effect began on the
    permanent as it would then be, continuous effects included (707.9f, 614.12:
    :func:`reference_engine.entering.add_copy_effect`); ``None``: judged on the copiable values the
    effect gives. ``sublayer`` is ``None``: it is not a layer 7 effect."""

    affected: frozenset[tuple[str, int]]
    timestamp: int
    copied: Values
    until: str = "ended"
    id: str | None = None
    exceptions: CopyExceptions | None = None
    this_ability: Any = None
    judged: tuple[tuple[str, frozenset[tuple[str, int]]], ...] | None = None
    sublayer: None = None
    layer: str = LAYER_1A

    def apply(self, before: Values, ref: tuple[str, int] | None = None) -> Values:
        """The values of an object (``ref``) that had ``before`` and becomes this copy (707.2, 707.9)."""
        return apply_exceptions(self.copied, before, self.exceptions, self.this_ability, self.conditions(ref))

    def conditions(self, ref: tuple[str, int] | None) -> dict[str, bool] | None:
        """Whether the object ``ref`` would have each card type a conditional exception names
        (707.9f: ``{"creature": True, "planeswalker": False}``), as judged when the effect began;
        ``None`` if it was not judged then."""
        return None if self.judged is None or ref is None else {kind: ref in refs for kind, refs in self.judged}


@frozen
class ChosenPT:
    """The power and toughness chosen as an object entered or was turned face up (CR 208.2b): a
    copiable effect of layer 1a (613.2a), so copies of the object copy it (707.2)."""

    affected: frozenset[tuple[str, int]]
    timestamp: int
    power: int
    toughness: int
    until: str = "ended"
    id: str | None = None
    sublayer: None = None
    layer: str = LAYER_1A

    def apply(self, before: Values, ref: tuple[str, int] | None = None) -> Values:
        return before.with_(power=self.power, toughness=self.toughness)


def apply_exceptions(copied: Values, before: Values, exceptions: CopyExceptions | None,
                     this_ability: Any = None, conditions: Mapping[str, bool] | None = None) -> Values:
    """The copiable values a copy effect gives: ``copied`` (the original's), as modified by the
    effect's ``exceptions`` (707.9); ``before`` are the copy's own values, for those it retains
    (707.9c). 707.9f: a conditional exception ("if it's a creature", "if it's a planeswalker")
    applies only if the resulting permanent would have that card type with the other exceptions
    applied: ``conditions``, as judged when the effect began (614.12: on the permanent as it would
    exist on the battlefield, with the continuous effects that would then apply to it); not judged
    (``None``), on the copiable values alone."""
    if exceptions is None:
        return copied
    values = _modify(copied, before, exceptions, this_ability)
    for part in _conditional_parts(values, exceptions, conditions):
        values = _modify(values, before, part, this_ability)
    return values


def _conditional_parts(values: Values, exceptions: CopyExceptions,
                       conditions: Mapping[str, bool] | None) -> list[CopyExceptions]:
    """The conditional exceptions that apply (707.9f): each whose card type the copy would have,
    as ``conditions`` says, or else as ``values`` (the copy without them) has it."""
    parts = []
    for key, kind in CONDITIONAL_EXCEPTIONS.items():
        part = getattr(exceptions, key)
        if part is not None and (conditions[kind] if conditions is not None and kind in conditions else kind in values.types):
            parts.append(part)
    return parts


def _modify(values: Values, before: Values, exceptions: CopyExceptions, this_ability: Any) -> Values:
    """707.9b-d: characteristics retained, given and added, then the characteristic-defining
    abilities of the original that define a characteristic the exceptions give or retain are
    dropped (707.9d); types given "in addition" keep them."""
    changes: dict[str, Any] = {}
    for name in exceptions.retain:  # 707.9c: the copy keeps its own value
        changes[name] = getattr(before, name)
        if name == "subtypes":
            changes["every_creature_type"] = before.every_creature_type
    for name in ("name", "colors", "types", "subtypes", "supertypes", "power", "toughness"):
        given = getattr(exceptions, name)
        if given is not None and name == "subtypes":
            # 205.1a: given subtypes replace those of their kinds only (of the values retained or copied)
            changes[name] = replace_subtypes(changes.get(name, values.subtypes), given)
            if sets_creature_types(given):
                changes["every_creature_type"] = False
        elif given is not None:
            changes[name] = given
    values = values.with_(**changes)
    values = values.with_(
        types=_added(values.types, exceptions.add_types),
        subtypes=_added(values.subtypes, exceptions.add_subtypes),
        supertypes=_added(values.supertypes, exceptions.add_supertypes),
    )
    given = set(changes)
    abilities = [(a, ts) for a, ts in values.abilities if not _defines(a, given)]  # 707.9d
    abilities += [(a, None) for a in exceptions.gains]  # 707.9a: part of the copiable values
    if exceptions.gains_this_ability and this_ability is not None:
        abilities.append((this_ability, None))
    return values.with_(abilities=tuple(abilities))


def _added(current: tuple[str, ...], extra: tuple[str, ...]) -> tuple[str, ...]:
    return current + tuple(x for x in extra if x not in current)


def _defines(ability: Any, characteristics: set[str]) -> bool:
    """Whether ``ability`` is a characteristic-defining ability for one of ``characteristics``
    (604.3): P/T (cda_pt), colours (cda_colors), subtypes (changeling, 702.73a). None defines card
    types (604.3a), so giving card types keeps changeling."""
    if isinstance(ability, CdaPT):
        return bool({"power", "toughness"} & characteristics)
    if isinstance(ability, CdaColors):
        return "colors" in characteristics
    if isinstance(ability, Keyword) and ability.keyword == "changeling":
        return "subtypes" in characteristics
    return False


def counters_as_it_enters(copied: Values, before: Values, exceptions: CopyExceptions | None,
                          conditions: Mapping[str, bool] | None = None) -> dict[str, int]:
    """The additional counters a copy effect's exceptions put on the copy as it enters (707.9e),
    those of a conditional part only if it applies (707.9f): ``conditions`` as judged when the
    effect began (:func:`apply_exceptions`)."""
    if exceptions is None:
        return {}
    counters = dict(exceptions.enters_with_counters)
    for part in _conditional_parts(_modify(copied, before, exceptions, None), exceptions, conditions):
        for kind, count in part.enters_with_counters.items():
            counters[kind] = counters.get(kind, 0) + count
    return counters
