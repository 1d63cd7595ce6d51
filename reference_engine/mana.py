"""Mana abilities and mana replacement effects (CR 605, 106, 110.5).

- 605.1a "{T}: Add [mana]" is a mana ability; 605.3a its permanent's controller activates it,
         605.3b it doesn't use the stack: it resolves at once;
- 602.2b, 701.26a its cost is tapping the permanent: only an untapped permanent can be tapped, so
         a tapped one can't pay it and the ability is not activated;
- 110.5  tapped or untapped is a permanent's status (a case may declare a permanent tapped as it
         starts; nothing untaps it, the untap step 502.3 is not modelled); 110.5b a permanent enters untapped, and a
         permanent that changes zones is a new object (400.7): untapped when it returns;
- 106.4  the mana goes into the controller's mana pool;
- 106.6a, 614.1a "if you tap a permanent for mana, it produces N times as much of that mana
         instead" (Mana Reflection 2, Nyxbloom Ancient 3) replaces the mana produced; each such
         effect applies once (614.5), in the order the player chooses (616.1), which cannot change
         the result: the product of their factors. Doubling the mana in a pool (701.10f, the
         ``double_mana`` step) is not tapping a permanent for mana: no such effect applies to it;
- 302.6  a creature's {T} ability needs it to have been under its controller's control since their
         most recent turn began, 702.10c unless it has haste; the format's reading, as for attacking
         (combat.py): a permanent declared on the battlefield as the case starts, as its first object and
         under its declared controller, has; one that entered during the case, or is controlled by
         another player now, has not, so a step activating its ability is refused (602.5: it can't be
         activated), as an illegal attack is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import layers
from reference_engine.range_of_influence import abilities_now, controller_of

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState


def tapped(game: GameState) -> set[tuple[str, int]]:
    """The tapped permanents, by id and incarnation (a new object is untapped, 110.5b, 400.7):
    first those the case declares tapped as it starts (110.5, their first incarnation), then those
    tapped since (a {T} cost, 602.2b; an attacker, 508.1f). Nothing untaps (502.3: no untap step)."""
    found = game.__dict__.get("_tapped")
    if found is None:
        found = game.__dict__["_tapped"] = {(spec.id, 0) for spec in game.case.objects
                                            if spec.tapped and spec.zone == "battlefield"}
    return found


def controlled_since_turn_began(game: GameState, obj: GameObject) -> bool:
    """302.6, the format's reading: on the battlefield as the case started (its first object, 400.7),
    under the controller it was declared with (a case is within one turn)."""
    spec = next((o for o in game.case.objects if o.id == obj.id), None)
    return (spec is not None and spec.zone == "battlefield" and obj.incarnation == 0
            and spec.controller == controller_of(game, obj))


def factor(game: GameState, player: str) -> int:
    """How many times as much mana a permanent ``player`` taps for mana produces: the product of
    the factors of the ``multiply_mana`` abilities of permanents they control (106.6a, 614.5)."""
    product = 1
    for obj in game.objects.values():
        if obj.zone == "battlefield" and controller_of(game, obj) == player:
            for ability in abilities_now(game, obj, s.MultiplyMana):
                product *= ability.factor
    return product


def activate(game: GameState, step: s.ActivateMana) -> None:
    """The ``activate_mana`` step (605.3a): if the permanent has that mana ability now (after
    layer 6) and is untapped, it is tapped (the cost) and its controller adds the mana, as
    replacement effects modify it (106.6a)."""
    obj = game.objects[step.object]
    if obj.zone != "battlefield" or obj.ref in tapped(game):
        return  # 701.26a: a tapped permanent can't be tapped to pay the cost
    chars = layers.board(game).chars[obj.id]
    ability = next((a for a in chars.values.has_ability(s.ManaAbility) if a.name == step.ability), None)
    if ability is None:
        return
    if ("creature" in chars.values.types and not controlled_since_turn_began(game, obj)
            and not chars.values.has_keyword("haste")):
        raise Unsupported(f"{obj.id} is a creature that has not been under its controller's control since the turn "
                          "began and has no haste: its {T} mana ability can't be activated (CR 302.6, 702.10c)")
    tapped(game).add(obj.ref)  # 602.2b: the cost is paid
    player = chars.controller or obj.owner
    multiplier = game.mana_factor(player)
    game.player_states[player].add_mana({kind: amount * multiplier for kind, amount in ability.add.items()})
