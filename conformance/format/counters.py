"""Abilities about counters and tokens (issue 18): replacement effects that modify how many
counters are put on a permanent (CR 614.1a, 614.16) or how many tokens an effect creates, and
"this enters with N counters" (614.1c, 122.6). Loyalty abilities (606) live beside the other
activated abilities (:class:`conformance.format.abilities.LoyaltyAbility`), since their effect is
an :class:`~conformance.format.abilities.AbilityEffect`.

Each is a static ability of a permanent: its effect applies while the permanent is on the
battlefield and has the ability (after layer 6, 613.1f), "you" being its controller then."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from conformance.format.expressions import Filter
from conformance.format.frozen import frozen

COUNT_MODES = ("double", "plus")
"""How a counter or token replacement changes the number: ``double`` ("twice that many", 614.1a),
``plus`` ("that many plus N")."""


@frozen
class CounterReplacement:
    """A static ability whose replacement effect changes how many counters would be put on a
    permanent (CR 614.1a): "If [an effect would put] one or more [``kind``] counters [would be
    put] on [a permanent ``on`` matches], [twice | that many plus ``amount``] ... instead".

    ``kind``: only counters of that kind (``None``: any kind, each kind of the event changed);
    ``on``: the permanents it covers, relative to the ability's controller (``None``: any
    permanent); ``effects_only``: "if an effect would put" (Doubling Season), so never counters
    put as a cost, such as a loyalty ability's (614.16, 606.4: a cost is not an effect);
    ``by_you``: "if you would put" (Vorinclex): only counters its controller puts (122.6a: a
    permanent's controller puts the counters it enters with)."""

    KEY: ClassVar[str] = "counter_replacement"
    mode: str = "double"
    amount: int = 1
    kind: str | None = None
    on: Filter | None = None
    effects_only: bool = True
    by_you: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CounterReplacement:
        values = dict(data)
        if "on" in values:
            values["on"] = Filter.from_dict(values["on"])
        return cls(**values)


@frozen
class TokenReplacement:
    """A static ability whose replacement effect changes how many tokens an effect would create
    (CR 614.1a, 614.16): "If an effect would create one or more tokens under [your | any
    player's] control, it creates [twice | that many plus ``amount``] ... instead" (Doubling
    Season, Parallel Lives: ``under: you``; Primal Vigor: ``under: any``)."""

    KEY: ClassVar[str] = "token_replacement"
    mode: str = "double"
    amount: int = 1
    under: str = "you"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TokenReplacement:
        return cls(**data)


@frozen
class EntersWithCounters:
    """"This enters with N [additional] counters of each kind on it" (CR 614.1c, 122.6): a
    replacement effect on how the permanent enters the battlefield, its counters put on it by its
    controller as it enters (122.6a), so counter replacements apply to them (122.6, 614.12)."""

    KEY: ClassVar[str] = "enters_with_counters"
    counters: Mapping[str, int]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EntersWithCounters:
        return cls(MappingProxyType(dict(data)))

    def to_plain(self) -> dict[str, int]:
        return dict(self.counters)
