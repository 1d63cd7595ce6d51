"""The combat step: one combat phase, from declaring attackers to the last combat damage step
(CR 506-511).

A ``combat`` step is several events, as the combat phase is: attackers are declared (508.1),
then blockers (509.1), then one combat damage step, or two when an attacking or blocking creature
has first strike or double strike (510.4), with state-based actions checked after each (704.3,
510.4: a creature destroyed by first-strike damage deals no regular combat damage). So it is never
part of a ``together``.

Damage assignment order was removed from the rules (Magic: The Gathering Foundations, 2024): a
blocked creature's controller divides its combat damage among the creatures blocking it as they
choose (510.1c), a blocking creature's controller likewise among the attackers it blocks (510.1d);
only trample asks that every blocker be assigned lethal damage before any goes past them
(702.19b, with deathtouch 702.2c). A case scripts each division in ``assign``
(``first_strike_assign`` for the first-strike combat damage step).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any, ClassVar

from conformance.format.frozen import frozen
from conformance.format.step import Step
from conformance.format.values import freeze


def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


@frozen
class Combat(Step):
    """A combat phase. ``attackers``: each attacking creature and the player or planeswalker it
    attacks (508.1a-b); ``blockers``: each blocking creature and the attacker it blocks (509.1a),
    or the attackers it blocks, a list, for a creature able to block more than one;
    ``assign``: for a creature whose combat damage can be divided (several blockers, trample),
    how much it assigns to each recipient in the regular combat damage step (510.1c-d, 702.19b),
    ``first_strike_assign`` the same in the first-strike combat damage step (510.4); ``order``
    scripts, per recipient, the order of the replacement and prevention effects that apply to the
    combat damage dealt to it (616.1), as a ``damage`` step's does; ``first_strike_triggers`` the
    order in which the triggered abilities waiting after the first-strike combat damage step are
    put on the stack (603.3b), as a ``resolve_triggers`` step's, to resolve before the regular one
    (510.3a); ``attack_triggers`` the same for the abilities that triggered as attackers were
    declared (508.3a), which resolve before blockers are declared (508.2)."""

    KEY: ClassVar[str] = "combat"
    attackers: Mapping[str, str]
    blockers: Mapping[str, str | tuple[str, ...]] = field(default_factory=_empty)
    assign: Mapping[str, Mapping[str, int]] = field(default_factory=_empty)
    first_strike_assign: Mapping[str, Mapping[str, int]] = field(default_factory=_empty)
    order: Mapping[str, tuple[str, ...]] = field(default_factory=_empty)
    first_strike_triggers: tuple[str, ...] = ()
    attack_triggers: tuple[str, ...] = ()  # 508.3a: issue 41

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> Combat:
        return cls(**{key: tuple(value) if key in ("first_strike_triggers", "attack_triggers") else freeze(dict(value))
                      for key, value in body.items()})

    def blocked(self, blocker: str) -> tuple[str, ...]:
        """The attackers ``blocker`` blocks (509.1a: one, unless an ability lets it block more)."""
        attackers = self.blockers.get(blocker, ())
        return (attackers,) if isinstance(attackers, str) else attackers

    def blocks(self) -> tuple[tuple[str, str], ...]:
        """Every (blocker, attacker) pair the step declares, in its order."""
        return tuple((b, a) for b in self.blockers for a in self.blocked(b))

    def assignment(self, first_strike: bool) -> Mapping[str, Mapping[str, int]]:
        """The scripted divisions of the first-strike or of the regular combat damage step."""
        return self.first_strike_assign if first_strike else self.assign
