"""An activated ability that deals damage to a target and puts counters on its own object
(issue 40): the ``damage_target`` effect of an ``activated`` ability.

Olivia Voldaren's "{1}{R}: Olivia Voldaren deals 1 damage to another target creature. That
creature becomes a Vampire in addition to its other types. Put a +1/+1 counter on Olivia
Voldaren." is ``{activated: {name: bite, cost: "{1}{R}", effect: {damage_target: {amount: 1,
other: true, target_becomes: {add_subtypes: [Vampire]}, put_counters: {kind: "+1/+1", count:
1}}}}}``. The ``activate`` step's ``target`` is the creature (115.1, 601.2c via 602.2b). The
card's name in its text means the object that has the ability (201.5): a copy of Olivia that
activates it deals the damage and gets the counter itself, even if it has stopped being a copy
as the ability resolves (707.11, 113.7a). As it resolves (608.2), in order: the ability's object
deals the damage (120), the target becomes what ``target_becomes`` says (an effect with no
duration: it lasts as long as the creature does, 611.2a), then the counters are put on the
ability's object (122.1). A target no longer legal as it resolves (608.2b) makes the whole ability
do nothing, its counters included.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.format.frozen import frozen
from conformance.format.values import freeze


@frozen
class EffectDamageTarget:
    """The ability's object deals ``amount`` damage to the target creature (another one with
    ``other``); ``target_becomes`` (a change of layer 4: ``add_subtypes``, "in addition") applies
    to it, and ``put_counters`` ``{kind, count}`` go on the ability's object."""

    amount: int
    other: bool = False
    target_becomes: Mapping[str, Any] | None = None
    put_counters: Mapping[str, Any] | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EffectDamageTarget:
        return cls(amount=data["amount"], other=data.get("other", False),
                   target_becomes=freeze(dict(data["target_becomes"])) if "target_becomes" in data else None,
                   put_counters=freeze(dict(data["put_counters"])) if "put_counters" in data else None)
