"""Static replacement effects that modify how much damage is dealt (CR 614.1a), beside doubling
(701.10g, replacement.py): tripling (701.11, Fiery Emancipation: "it deals triple that damage
instead"), "that much damage plus N" (Torbran), limited by the source and by the recipient ("to an
opponent or a permanent an opponent controls").

- 614.1a an effect that says "instead" replaces the damage event with a modified one;
- 614.5  each applies once to an event and to the events that replace it (replacement.modify);
- 616.1  with several, the affected player (or the affected object's controller) chooses the
         order, so "double, then plus 2" deals 2n+2 and "plus 2, then double" deals 2n+4;
- 109.5, 613.1b "you" and "an opponent" in the ability are relative to its controller now.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from conformance.format import model as s
from conformance.format.frozen import frozen
from reference_engine.damage import static_names
from reference_engine.range_of_influence import abilities_now, controller_of, matches_now, source_matches

if TYPE_CHECKING:
    from reference_engine.damage import DamageEvent
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


@frozen
class DamageModifier:
    """The replacement effect of a permanent's static ``modify_damage`` ability (``ref``: the
    permanent's id)."""

    ref: str
    source: GameObject = dataclasses.field(compare=False)
    index: int
    ability: s.ModifyDamage
    names: frozenset[str] = frozenset()  # how a case's order may name it (damage.static_names)

    @property
    def key(self) -> object:
        """Its identity for 614.5: this ability of this object."""
        return (s.ModifyDamage.KEY, self.source.ref, self.index)

    def applies(self, game: GameState, event: DamageEvent) -> bool:
        """Whether the source matches ``by`` and the recipient ``to`` / ``to_player`` now, on their
        current characteristics (613.1), relative to the ability's controller now (613.1b)."""
        you = controller_of(game, self.source)
        ability = self.ability
        if ability.by is not None and not source_matches(game, ability.by, game.objects[event.source],
                                                         you=you, source=self.source):
            return False
        return recipient_matches(game, ability, event.recipient, you=you, source=self.source)

    def apply(self, game: GameState, event: DamageEvent) -> list[DamageEvent]:
        """614.1a: the modified event, multiplied (701.10g, 701.11) or plus N."""
        return [event.with_amount(game.modified_damage_amount(self.ability, event.amount))]


def recipient_matches(game: GameState, ability: s.ModifyDamage, recipient: str, *, you: str,
                      source: GameObject) -> bool:
    """``to`` matches objects, ``to_player`` players (you, opponent, any); with neither every
    recipient matches, with one only recipients of that kind."""
    if ability.to is None and ability.to_player is None:
        return True
    if recipient in game.player_states:
        wanted = ability.to_player
        return wanted == "any" or (wanted == "you" and recipient == you) or (wanted == "opponent" and recipient != you)
    obj = game.objects.get(recipient)
    return ability.to is not None and obj is not None and matches_now(game, ability.to, obj, you=you, source=source)


def modifiers(game: GameState) -> list[DamageModifier]:
    """Replacement effects of the ``modify_damage`` abilities permanents on the battlefield have now,
    after the layers (613.1f: a copy has its original's, 707.2a; an ability lost is gone)."""
    return [
        DamageModifier(obj.id, obj, index, ability, static_names(game, obj, s.ModifyDamage.KEY, index))
        for obj in game.objects.values() if obj.zone == "battlefield"
        for index, ability in enumerate(abilities_now(game, obj, s.ModifyDamage))
    ]
