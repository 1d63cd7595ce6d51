"""State-based actions covered so far (CR 704).

They are checked whenever a player would receive priority, which in a scenario is after every
step (704.3). All that apply are performed at once, then they are checked again, until none
applies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from reference_engine import attachments, damage, drawing, layers, log, players, regeneration, trigger_events

if TYPE_CHECKING:
    from reference_engine.state import GameState

PLUS, MINUS = "+1/+1", "-1/-1"


def check(game: GameState) -> None:
    """Perform state-based actions until none applies (CR 704.3), marking the game changed after
    each pass that performed any."""
    while True:
        dying, annihilating, ceasing = [], [], []
        for o in game.objects.values():
            if o.zone == "battlefield":
                # 704.5f: a creature with toughness 0 or less goes to its owner's graveyard (a
                # noncreature permanent has no toughness, 208.3: its type is the current one, 613.1d).
                toughness = game.power_toughness(o).toughness
                if toughness is not None and toughness <= 0:
                    dying.append(o)
                # 704.5q: +1/+1 and -1/-1 counters on one permanent are removed in pairs.
                if o.counters and o.counters.get(PLUS) and o.counters.get(MINUS):
                    annihilating.append(o)
            elif o.token and o.zone is not None:
                ceasing.append(o)  # 704.5d: a token that has left the battlefield ceases to exist (111.8).
        # 704.5g: a creature with toughness greater than 0 and lethal damage marked on it is destroyed;
        # 704.5h: so is one dealt damage by a source with deathtouch since the last check; neither
        # destroys an indestructible one (702.12b). 704.5i: a planeswalker with loyalty 0 goes to its
        # owner's graveyard (not destroyed).
        lethal = [o for o in damage.lethally_damaged(game) if o not in dying]
        lethal = regeneration.replace_destruction(game, lethal)  # 701.19a: a shield regenerates instead (issue 40)
        walkers = [o for o in damage.out_of_loyalty(game) if o not in dying and o not in lethal]
        destroyed = lethal + walkers
        # 704.5a, 704.5c: a player with 0 or less life, or ten or more poison counters, loses.
        losing = players.losers(game)
        # 704.5m: an Aura attached illegally or to nothing goes to its owner's graveyard; 704.5n,
        # 704.5p: an Equipment (or another permanent) attached illegally becomes unattached (issue 40).
        auras, unattaching = attachments.illegal(game)
        auras = [o for o in auras if o not in dying and o not in destroyed]
        losing += drawing.losers(game, losing)  # 704.5b: drew from an empty library (issue 40)
        if log.logging(game):  # the game's log (log.py): every action, and what indestructible spared
            log.state_based_actions(game, {"704.5f": dying, "704.5i": walkers, "704.5q": annihilating},
                                    [(o, rule) for o, rule in damage.lethal_damage_or_deathtouch(game) if o not in dying],
                                    losing)
        game.deathtouched.clear()  # 704.5h: "since the last time state-based actions were checked"
        if not dying and not annihilating and not destroyed and not losing and not ceasing and not auras \
                and not unattaching:
            return
        # All are performed as one event; having performed any, the check is repeated (704.3),
        # on the game as they left it: a token gone from a graveyard changes what is counted there.
        game.remember_last_known(dying + destroyed + auras)  # as they all were before this event (113.7a)
        for obj in ceasing:
            obj.zone = None
        for player in losing:
            player.lost = True
        for obj in annihilating:
            pairs = min(obj.counters[PLUS], obj.counters[MINUS])
            trigger_events.remove_counters(game, obj, PLUS, pairs)  # 603.2c: "counters removed" triggers
            trigger_events.remove_counters(game, obj, MINUS, pairs)
        with log.context(game, state_based_action=True):
            for obj in dying + destroyed + auras:  # 701.8: destroying puts it into its owner's graveyard
                game.move(obj, "graveyard")
            for obj in unattaching:  # 704.5n, 704.5p: it stays on the battlefield
                obj.attached_to = attachments.NOTHING
        layers.invalidate(game)  # (a token ceasing to exist and counters removed take no timestamp)


def refuse_unmodelled(game: GameState) -> None:
    """State-based actions the reference engine does not perform, met as the case runs: raise
    :class:`Unsupported` rather than go on without them, so no engine is judged on the board.

    - 704.5j, the legend rule: a player controlling two or more legendary permanents with the
      same name keeps one of their choice, which no step can script;
    - 704.5k, the world rule: of two or more world permanents, only the one that has had the
      supertype for the shortest time stays.
    """
    the_board = layers.board(game)
    legendary: dict[tuple[str | None, str], list[str]] = {}
    world = []
    for o in game.objects.values():
        if o.zone != "battlefield":
            continue
        chars = the_board.chars[o.id]
        supertypes = chars.values.supertypes
        if "legendary" in supertypes and chars.values.name is not None:  # 201.2: no name is no shared name
            legendary.setdefault((chars.controller, chars.values.name), []).append(o.id)
        if "world" in supertypes:
            world.append(o.id)
    for (controller, name), ids in legendary.items():
        if len(ids) > 1:
            raise Unsupported(f"the legend rule (CR 704.5j) would apply: {controller} controls {len(ids)} legendary "
                              f"permanents named {name!r} ({', '.join(ids)}); which one stays is a choice the format "
                              "cannot script")
    if len(world) > 1:
        raise Unsupported(f"the world rule (CR 704.5k) would apply to {', '.join(world)}: not modelled")
