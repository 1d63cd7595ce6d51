"""Combat (CR 506-511): declaring attackers and blockers, and the combat damage step(s).

- 302.6  a creature can't attack unless it has been under its controller's control continuously
         since their most recent turn began. Our reading: a creature on the battlefield as the case
         starts has, under the controller it is declared with; one that entered the battlefield
         during the case (a ``move``, a token), or is controlled by another player now, has not, so
         it attacks only with haste (702.10b).
- 506.4  a permanent that leaves the battlefield, or stops being a creature, is removed from
         combat: it deals and is dealt no combat damage; a blocked creature stays blocked (509.1h).
- 508.1a the active player declares attackers: untapped creatures they control (a case may
         declare a permanent tapped, 110.5); 508.1b each attacks an opponent or a planeswalker
         an opponent controls (battles are not modelled, 310); 702.3b defender can't attack.
- 508.1f the attacking creatures become tapped, except those with vigilance (702.20b); a tapped
         attacking or blocking creature still deals combat damage (510.1: nothing in 510 asks that
         it be untapped).
- 509.1a the defending player declares blockers: untapped creatures they control, each blocking
         one attacking creature that attacks them or a planeswalker they control, or more with an
         ability saying it can block additional creatures (``block_additional``); 509.1b
         restrictions: 702.9b flying (only creatures with flying or reach block it), 702.17b reach,
         702.111b menace (two or more creatures, or none), 702.16f protection (a creature with the
         quality can't block the protected creature; 702.16j from everything: no creature can).
         The restrictions are checked as blockers are declared: a creature blocked stays blocked
         (509.1h) whatever changes later, and a protected creature may block a creature with the
         quality (its damage is then prevented, 702.16e).
- 510.1a each attacking and blocking creature assigns combat damage equal to its power (none if 0
         or less); 510.1b an unblocked one to what it attacks; 510.1c a blocked one to its
         blockers, divided as its controller chooses if there are two or more (the damage
         assignment order is gone from the rules since Foundations, 2024), none if no blocker is
         left; 510.1d a blocking one to the attacker it blocks, or divided as its controller
         chooses among the attackers it blocks, if several are still in combat.
- 702.19b trample: the excess over lethal damage to every blocker may go to what it attacks;
         lethal counts damage already marked (702.19b), and any nonzero damage from a source with
         deathtouch is lethal (702.2c); 702.19e a trampler whose blockers are all gone assigns all
         its damage to what it attacks.
- 510.2  all combat damage of one combat damage step is dealt at once, one event: every
         replacement and prevention effect sees it before any of its results (120.3) happen.
- 510.4  if a creature has first strike (702.7b) or double strike (702.4b) as the combat damage
         step begins, only those creatures deal combat damage in a first combat damage step;
         state-based actions are checked (704.3); then a second step, where the creatures that
         didn't deal damage in the first, and those with double strike, deal theirs (702.7c: a
         creature given first strike after the first step still deals its damage in the second;
         702.4d: one given double strike after dealing first-strike damage deals it again).
- 510.3a the active player gets priority in each combat damage step: the abilities that triggered
         on its damage, or on the state-based actions after it, go on the stack first (603.3, in
         the order the step's ``first_strike_triggers`` gives, 603.3b), and the step ends only
         once the stack is empty (117.4, 500.2), so those of the first-strike step resolve before
         the regular step's damage; those of the last step wait past the combat, as after any step.

A declaration or a division the rules don't allow is refused (:class:`IllegalCombat`), as the
case is then impossible: it is reported unsupported, never judged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from conformance.errors import Unsupported
from conformance.format import model as s
from reference_engine import layers, log, mana, simultaneous, trigger_resolution, triggers
from reference_engine.chosen import resolved_protection
from reference_engine.damage import DEATHTOUCH, INFECT, LIFELINK, WITHER, DamageEvent, can_be_dealt_damage, is_creature, is_planeswalker, marked, result
from reference_engine.range_of_influence import (abilities_now, as_source, controller_of, current, in_range,
                                                 source_controller, source_matches)

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState

FIRST_STRIKE, DOUBLE_STRIKE, TRAMPLE = "first strike", "double strike", "trample"
FLYING, REACH, MENACE, DEFENDER, HASTE, VIGILANCE = "flying", "reach", "menace", "defender", "haste", "vigilance"


class IllegalCombat(Unsupported):
    """A combat step declares or divides what the rules don't allow (508, 509, 510.1, 702.19b)."""


def is_tapped(game: GameState, obj: GameObject) -> bool:
    """110.5: whether the permanent is tapped (declared so, or tapped since: a new object is not)."""
    return obj.zone == "battlefield" and obj.ref in mana.tapped(game)


def keyword(game: GameState, obj: GameObject, name: str) -> bool:
    """Whether ``obj`` has the keyword ability now, after layer 6 (613.1f)."""
    return current(game, obj).values.has_keyword(name)


class Combat:
    """One combat phase: who attacks what, who blocks whom, and the creatures as they were
    declared (by id and incarnation, 400.7: a creature that left the battlefield is removed from
    combat, 506.4)."""

    def __init__(self, game: GameState, step: s.Combat):
        self.game, self.step = game, step
        self.refs: dict[str, tuple[str, int]] = {}
        self.attacked: dict[str, tuple[str, int] | str] = {}
        self.blocked_by: dict[str, list[str]] = {a: [] for a in step.attackers}

    # --- declarations --------------------------------------------------------------------------

    def declare_attackers(self) -> None:
        """508.1: the active player (the attackers' controller) declares attackers."""
        game = self.game
        active = {controller_of(game, game.objects[a]) for a in self.step.attackers}
        if len(active) != 1:
            raise IllegalCombat(f"the attacking creatures have different controllers ({', '.join(sorted(active))}): "
                                "only the active player attacks (CR 508.1a)")
        self.active, = active
        for attacker, target in self.step.attackers.items():
            obj = game.objects[attacker]
            if not is_creature(game, obj):
                raise IllegalCombat(f"{attacker} is not a creature on the battlefield: it can't attack (CR 508.1a)")
            if is_tapped(game, obj):
                raise IllegalCombat(f"{attacker} is tapped: only untapped creatures attack (CR 508.1a)")
            if keyword(game, obj, DEFENDER):
                raise IllegalCombat(f"{attacker} has defender: it can't attack (CR 702.3b)")
            if not self.controlled_since_turn_began(obj) and not keyword(game, obj, HASTE):
                raise IllegalCombat(f"{attacker} has not been under {self.active}'s control continuously since the "
                                    "turn began and has no haste: it can't attack (CR 302.6, 702.10b)")
            if target in game.player_states:
                if target == self.active:
                    raise IllegalCombat(f"{attacker} attacks its own controller: it attacks an opponent (CR 508.1b)")
                self.attacked[attacker] = target
            else:
                walker = game.objects[target]
                if not is_planeswalker(game, walker) or controller_of(game, walker) == self.active:
                    raise IllegalCombat(f"{attacker} attacks {target}, which is not a planeswalker an opponent "
                                        "controls (CR 508.1b; battles are not modelled)")
                self.attacked[attacker] = walker.ref
            self.refs[attacker] = obj.ref
        for attacker in self.step.attackers:  # 508.1f: declared, they become tapped (702.20b: vigilance)
            obj = game.objects[attacker]
            if not keyword(game, obj, VIGILANCE):
                mana.tapped(game).add(obj.ref)

    def controlled_since_turn_began(self, obj: GameObject) -> bool:
        """302.6, our reading (mana.controlled_since_turn_began), as for a {T} ability."""
        return mana.controlled_since_turn_began(self.game, obj)

    def defending_player(self, attacker: str) -> str:
        target = self.step.attackers[attacker]
        return target if target in self.game.player_states else controller_of(self.game, self.game.objects[target])

    def declare_blockers(self) -> None:
        """509.1: each defending player declares blockers; then the restrictions are checked (509.1b-c)."""
        game = self.game
        for blocker in self.step.blockers:
            obj = game.objects[blocker]
            if is_creature(game, obj) and is_tapped(game, obj):
                raise IllegalCombat(f"{blocker} is tapped: only untapped creatures block (CR 509.1a)")
            most = 1 + sum(a.count for a in abilities_now(game, obj, s.BlockAdditional))
            if len(self.step.blocked(blocker)) > most:
                raise IllegalCombat(f"{blocker} blocks {len(self.step.blocked(blocker))} creatures: it can block "
                                    f"{most} at most (CR 509.1a: one, unless an ability says more)")
        for blocker, attacker in self.step.blocks():
            obj = game.objects[blocker]
            if not is_creature(game, obj):
                raise IllegalCombat(f"{blocker} is not a creature on the battlefield: it can't block (CR 509.1a)")
            if controller_of(game, obj) != self.defending_player(attacker):
                raise IllegalCombat(f"{blocker} is not controlled by the player {attacker} attacks (or whose "
                                    "planeswalker it attacks): it can't block it (CR 509.1a)")
            attacking = game.objects[attacker]
            if keyword(game, attacking, FLYING) and not (keyword(game, obj, FLYING) or keyword(game, obj, REACH)):
                raise IllegalCombat(f"{attacker} has flying and {blocker} has neither flying nor reach: it can't "
                                    "block it (CR 702.9b, 702.17b)")
            for printed in abilities_now(game, attacking, s.Protection):
                protection = resolved_protection(game, attacking, printed)  # 614.12: the chosen colour
                if protection is not None and source_matches(game, protection.source_filter, obj, you=controller_of(game, attacking)):
                    raise IllegalCombat(f"{attacker} has protection from {protection.quality}: {blocker} can't "
                                        "block it (CR 702.16f)")
            self.blocked_by[attacker].append(blocker)
            self.refs[blocker] = obj.ref
        for attacker, blockers in self.blocked_by.items():
            if len(blockers) == 1 and keyword(game, game.objects[attacker], MENACE):
                raise IllegalCombat(f"{attacker} has menace and only {blockers[0]} blocks it: it can't be blocked "
                                    "except by two or more creatures (CR 702.111b)")

    # --- combat damage -------------------------------------------------------------------------

    def in_combat(self, creature: str) -> bool:
        """506.4: still the creature declared, on the battlefield, and a creature."""
        obj = self.game.objects[creature]
        return obj.ref == self.refs[creature] and is_creature(self.game, obj)

    def strikers(self) -> list[str]:
        """The attacking and blocking creatures still in combat, attackers first (510.1: the active
        player assigns first)."""
        return [c for c in (*self.step.attackers, *self.step.blockers) if self.in_combat(c)]

    def assignment(self, creature: str, first_strike: bool) -> dict[str, int]:
        """What ``creature`` assigns to each recipient (510.1), checked against the rules."""
        game, obj = self.game, self.game.objects[creature]
        power = game.power_toughness(obj).power or 0
        scripted = self.step.assignment(first_strike).get(creature)
        if power <= 0:  # 510.1a
            return self.forced(creature, {}, scripted)
        if creature in self.step.blockers:  # 510.1d
            attackers = [a for a in self.step.blocked(creature) if self.in_combat(a)]
            if len(attackers) <= 1:
                return self.forced(creature, {attackers[0]: power} if attackers else {}, scripted)
            return self.divided(creature, power, attackers, scripted, first_strike)
        target = self.target(creature)
        blockers = [b for b in self.blocked_by[creature] if self.in_combat(b)]
        trample = keyword(game, obj, TRAMPLE)
        if not self.blocked_by[creature]:  # 510.1b
            return self.forced(creature, {target: power} if target else {}, scripted)
        if not blockers:  # 510.1c; 702.19e
            return self.forced(creature, {target: power} if trample and target else {}, scripted)
        if len(blockers) == 1 and not trample:
            return self.forced(creature, {blockers[0]: power}, scripted)
        if scripted is None:
            raise IllegalCombat(f"{creature}'s {power} combat damage is divided as its controller chooses among "
                                f"{', '.join(blockers + ([target] if trample and target else []))} (CR 510.1c, 702.19b): "
                                f"script it in {'first_strike_assign' if first_strike else 'assign'}")
        allowed = set(blockers) | ({target} if trample and target else set())
        wrong = sorted(set(scripted) - allowed)
        if wrong or sum(scripted.values()) != power:
            raise IllegalCombat(f"{creature} assigns {dict(scripted)}: it assigns exactly its power, {power}, among "
                                f"{', '.join(sorted(allowed))} (CR 510.1a, 510.1c, 702.19b)")
        past = scripted.get(target, 0) if trample and target else 0
        if past:
            deathtouch = keyword(game, obj, DEATHTOUCH)
            for blocker in blockers:
                if len(self.step.blocked(blocker)) > 1:
                    raise Unsupported(f"{creature} tramples past {blocker}, which blocks several attackers: lethal "
                                      "damage would count the damage the others assign it in the same step "
                                      "(CR 702.19b), which is not modelled")
                need = self.lethal(blocker, deathtouch)
                if scripted.get(blocker, 0) < need:
                    raise IllegalCombat(f"{creature} assigns {past} to {target} but only {scripted.get(blocker, 0)} "
                                        f"to {blocker}, which needs {need} for lethal damage: trample assigns past "
                                        "the blockers only once each is assigned lethal damage (CR 702.19b, 702.2c)")
        return {r: n for r, n in scripted.items() if n}

    def divided(self, creature: str, power: int, attackers: list[str], scripted: Mapping[str, int] | None,
                first_strike: bool) -> dict[str, int]:
        """510.1d: a creature blocking several attackers divides its damage among those still in
        combat as its controller chooses (no lethal damage needed first)."""
        if scripted is None:
            raise IllegalCombat(f"{creature}'s {power} combat damage is divided as its controller chooses among "
                                f"{', '.join(attackers)} (CR 510.1d): script it in "
                                f"{'first_strike_assign' if first_strike else 'assign'}")
        if set(scripted) - set(attackers) or sum(scripted.values()) != power:
            raise IllegalCombat(f"{creature} assigns {dict(scripted)}: it assigns exactly its power, {power}, among "
                                f"{', '.join(sorted(attackers))} (CR 510.1a, 510.1d)")
        return {r: n for r, n in scripted.items() if n}

    def lethal(self, blocker: str, deathtouch: bool) -> int:
        """702.19b: lethal damage counts the damage already marked (only the creature it blocks
        assigns damage to a blocker here); 702.2c: with deathtouch, 1 is lethal."""
        obj = self.game.objects[blocker]
        need = max(0, (self.game.power_toughness(obj).toughness or 0) - marked(self.game, obj))
        return min(need, 1) if deathtouch else need

    def target(self, attacker: str) -> str | None:
        """What ``attacker`` attacks, if it can still be dealt its damage: the player, or the
        planeswalker if still the one attacked (506.4: one that left is removed from combat)."""
        target = self.attacked[attacker]
        if isinstance(target, str):
            return target
        walker = self.game.objects[target[0]]
        return walker.id if walker.ref == target and is_planeswalker(self.game, walker) else None

    def forced(self, creature: str, assignment: dict[str, int], scripted: Mapping[str, int] | None) -> dict[str, int]:
        """An assignment with no choice in it: a scripted one must be that one."""
        if scripted is not None and {r: n for r, n in scripted.items() if n} != assignment:
            raise IllegalCombat(f"{creature} assigns {dict(scripted)}, but it has no choice: it assigns "
                                f"{assignment or 'no damage'} (CR 510.1a-d)")
        return assignment

    def damage_step(self, first_strike: bool, creatures: list[str]) -> None:
        """One combat damage step (510.1-510.2): each creature assigns, then all of it is dealt at
        once, one event."""
        assigned = [(c, self.assignment(c, first_strike)) for c in creatures]
        deal_at_once(self.game, [(c, r, n) for c, division in assigned for r, n in division.items()],
                     self.step.order)


def deal_at_once(game: GameState, assignments: list[tuple[str, str, int]], order: Mapping[str, tuple[str, ...]]) -> None:
    """510.2: every source's combat damage is dealt at once, one event: each is modified by the
    replacement and prevention effects (614-616) before any result (120.3) happens; each source
    with lifelink makes its controller gain the total it dealt (702.15b, 120.3f), one with
    deathtouch marks what it damaged (702.2b), one with infect or wither gives counters instead
    (702.90b-c, 702.80a, 120.3b, 120.3d), as its noncombat damage does. A recipient out of the
    source's controller's range is dealt nothing (801.10). The additional effects of the prevention
    effects that applied happen right after the step's damage (615.5), before state-based actions are
    checked, so between two combat damage steps too (510.4)."""
    sources = {}
    for source, _, _ in assignments:
        if source not in sources:
            obj = game.objects[source]
            values = as_source(game, obj).values
            sources[source] = (source_controller(game, obj), values.has_keyword(LIFELINK), values.has_keyword(DEATHTOUCH),
                               values.has_keyword(INFECT), values.has_keyword(WITHER))
    dealt = [(source, final)
             for source, recipient, amount in assignments
             if can_be_dealt_damage(game, recipient) and in_range(game, sources[source][0], recipient)
             for final in game.modified(DamageEvent(source, recipient, amount, combat=True), order)]
    totals: dict[str, int] = {}
    received: dict[tuple[str, str], int] = {}
    with simultaneous.event(game):  # 510.2, 603.2c: one event, its triggers once it is dealt
        for source, event in dealt:
            _, _, deathtouch, infect, wither = sources[source]
            amount = result(game, event, deathtouch=deathtouch, infect=infect, wither=wither)
            totals[source] = totals.get(source, 0) + amount
            received[source, event.recipient] = received.get((source, event.recipient), 0) + amount
        for source, total in totals.items():
            controller, lifelink, *_ = sources[source]
            if lifelink and total > 0:  # 702.15b, 119.10: a life-gain event per source, doubled as
                game.lifelink_gain(source, controller, total)  # replacements say (614.1a)
    layers.invalidate(game)  # loyalty counters removed (120.3c)
    for (source, recipient), amount in received.items():  # 510.3a: per source and recipient
        if amount > 0:
            game.combat_damage_dealt(game.objects[source], recipient, amount)
    game.additional_prevention_effects(order)  # 615.5: right after the combat damage event


def fight(game: GameState, step: s.Combat, combat_class: type[Combat] = Combat) -> None:
    """The combat phase of ``step``: declare attackers (508), declare blockers (509), then the
    combat damage step, or two of them (510.4), state-based actions between them (704.3) and the
    first one's triggered abilities resolved before the second (510.3a)."""
    combat = combat_class(game, step)
    combat.declare_attackers()
    attack_step_priority(game, step, combat)
    combat.declare_blockers()
    game.declared_in_combat([game.objects[b] for b in step.blockers], attacking=False)
    game.check_state_based_actions()  # 704.3: players get priority in each step
    creatures = combat.strikers()
    first = [c for c in creatures if first_striker(game, c)]
    if first:  # 510.4
        if triggers.stack(game):
            raise Unsupported("triggered abilities are on the stack as a combat with a first-strike combat damage "
                              "step begins: they would resolve in it (117.4, 500.2: a step ends only with the stack "
                              "empty), which the format cannot say: not modelled")
        with log.context(game, combat_step="first strike"):
            combat.damage_step(True, first)
            game.check_state_based_actions()
            first_step_priority(game, step)
        regular = [c for c in combat.strikers()
                   if c not in first or keyword(game, game.objects[c], DOUBLE_STRIKE)]
        with log.context(game, combat_step="regular"):
            combat.damage_step(False, regular)
    else:
        if step.first_strike_triggers:
            raise triggers.TriggersNotAsScripted(
                f"first_strike_triggers orders {list(step.first_strike_triggers)}, but no creature in combat has "
                "first strike or double strike: there is no first-strike combat damage step (CR 510.4)")
        with log.context(game, combat_step="only"):
            combat.damage_step(False, creatures)


def attack_step_priority(game: GameState, step: s.Combat, combat: Combat) -> None:
    """508.3a, 508.2: the abilities that triggered as attackers were declared go on the stack in
    the order ``attack_triggers`` scripts (603.3b; one alone needs none) and resolve, top first,
    before the declare attackers step ends (117.4), so before blockers are declared. Refused: older
    abilities still on the stack (they would resolve in that step, which no step says), and an
    attacker removed from combat by them (what its blockers then do is not modelled)."""
    game.declared_in_combat([game.objects[a] for a in step.attackers], attacking=True)
    waiting = triggers.waiting(game)
    if not waiting:
        if step.attack_triggers:
            raise triggers.TriggersNotAsScripted(
                f"attack_triggers orders {list(step.attack_triggers)}, but nothing triggered as attackers were "
                "declared (CR 508.3a)")
        return
    if triggers.stack(game):
        raise Unsupported("triggered abilities are on the stack as attack triggers would resolve in the declare "
                          "attackers step (CR 508.2, 117.4): they would resolve there too, which the format cannot "
                          "say: not modelled")
    if len(waiting) > 1 and not step.attack_triggers:
        raise triggers.TriggersNotAsScripted(
            f"{len(waiting)} triggered abilities wait after attackers are declared "
            f"({', '.join(p.name for p in waiting)}): the combat step must order them in attack_triggers "
            "(CR 603.3b, 508.3a)")
    game.check_state_based_actions()  # 117.5
    game.stack_triggers(step.attack_triggers)  # 603.3
    trigger_resolution.resolve_stack(game)  # 608.1, 117.5
    gone = [a for a in step.attackers if not combat.in_combat(a)]
    if gone:
        raise Unsupported(f"{', '.join(gone)} left combat before blockers were declared (CR 506.4): blocking "
                          "then is not modelled by the reference engine")


def first_step_priority(game: GameState, step: s.Combat) -> None:
    """510.3a: after the first-strike combat damage step's damage and its state-based actions,
    the abilities that triggered go on the stack in the order ``first_strike_triggers`` scripts
    (603.3b; one alone needs none) and the stack resolves, top first, state-based actions checked
    after each (608.1, 117.5), before the step can end (117.4)."""
    waiting = triggers.waiting(game)
    if len(waiting) > 1 and not step.first_strike_triggers:
        raise triggers.TriggersNotAsScripted(
            f"{len(waiting)} triggered abilities wait after the first-strike combat damage step "
            f"({', '.join(p.name for p in waiting)}): the combat step must order them in first_strike_triggers "
            "(CR 603.3b, 510.3a)")
    game.stack_triggers(step.first_strike_triggers)  # 603.3
    trigger_resolution.resolve_stack(game)  # 608.1, 117.5


def first_striker(game: GameState, creature: str) -> bool:
    """702.7b, 702.4b: a creature with first strike or double strike deals combat damage in the
    first combat damage step."""
    obj = game.objects[creature]
    return keyword(game, obj, FIRST_STRIKE) or keyword(game, obj, DOUBLE_STRIKE)
