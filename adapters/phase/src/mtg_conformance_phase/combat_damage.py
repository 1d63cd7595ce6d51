"""Combat damage named by a ``damage`` step (CR 120.2a, 510.2), outside a ``combat`` step.

The format's ``damage`` step with ``combat: true`` is a bare event: a creature deals N combat
damage to a recipient (any amount, to any object or player, itself too), with no attack and no
block around it. phase's own combat (.combat) cannot play that: it deals a creature's power to
what it attacks or what blocks it, and its blockers deal damage back. And phase deals combat
damage only in its combat damage step.

So such a step is realised as the same damage from the same source (.damage_sources, the plan's
stand-in), dealt as the plan deals any damage. That is the event the case means as long as
nothing in the case tells combat damage from other damage: in the format, only a prevention
effect limited to combat damage does (615.1: a static "Prevent all combat damage ..." or a shield
``combat: true``). Damage is damage for everything else here (120.3: lifelink, deathtouch,
infect, wither, protection's prevention, doublers, modifiers, triggers on damage dealt or taken;
510.2's one event is one step either way). A case with such a prevention and combat damage
outside a combat step is refused: phase would see noncombat damage there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.damage_sources import damage_steps
from conformance.errors import Unsupported


def combat_only_prevention(case: Mapping[str, Any]) -> bool:
    """Whether a prevention effect of the case prevents combat damage only (CR 615.1): an object's
    static ability or a ``prevent_damage`` step."""
    static = any((ability.get("prevent_damage") or {}).get("combat") for spec in case["objects"].values()
                 for ability in spec["card"].get("abilities", ()))
    return static or any((step.get("prevent_damage") or {}).get("combat") for step in case["steps"])


def check_combat_damage(case: Mapping[str, Any]) -> None:
    """Refuse combat damage outside a ``combat`` step where the case tells it apart (CR 615.1)."""
    if combat_only_prevention(case) and any(body.get("combat") for body in damage_steps(case["steps"])):
        raise Unsupported("combat damage (CR 510.2) outside a combat step, in a case with a prevention effect of "
                          "combat damage only (615.1): phase deals combat damage only in its own combat")
