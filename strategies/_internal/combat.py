"""Strategies for whole combat scenarios (a public one, :func:`combat_scenarios`): one combat phase
(CR 506-511) between Alex, the active player, and Blair, the defending player.

Every scenario is legal and defined: attackers and blocks are drawn within the restrictions
(defender 702.3b, haste 302.6, flying and reach 702.9b/702.17b, menace 702.111b, protection
702.16f, tapped creatures neither attacking nor blocking 508.1a/509.1a, one attacker per blocker
unless it can block an additional creature 509.1a), and every
division of combat damage a creature's controller chooses (510.1c, 702.19b with 702.2c) is drawn
from what the rules allow at that moment. For that the combat is played on the reference engine as
it is drawn (:mod:`reference_engine.combat`): which blockers are still in combat, and how much
damage is lethal to each, in the regular combat damage step depends on the first one (510.4).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance import CR_VERSION
from conformance.format.choices import choice_problems
from conformance.format.features import RULES
from conformance.format.model import Case, step_from
from conformance.reports.text import rule_key
from strategies._internal.combat_decorations import Decorator, script_orders, settle_trigger
from strategies._internal.core import _explicit, _named
from strategies._internal.validation import check_checkpoints, check_features, check_interval, check_size

ACTIVE, DEFENDING = "Alex", "Blair"
"""The attacking (active) player and the defending player (508.1, 509.1)."""

SHIELD, DOUBLER, WALKER = "shield", "d1", "w1"

_ATTACKER_KEYWORDS = {"first strike": "first-strike", "double strike": "first-strike", "trample": "trample",
                      "deathtouch": "deathtouch", "lifelink": "lifelink", "flying": "blocking-restrictions",
                      "menace": "blocking-restrictions", "haste": "blocking-restrictions"}
"""Keywords an attacking creature may have, by the feature each needs (defender is left out: a
creature with it can't attack, 702.3b; vigilance is drawn with the other later additions, in
:func:`_later`)."""

_BLOCKER_KEYWORDS = {"first strike": "first-strike", "double strike": "first-strike", "deathtouch": "deathtouch",
                     "lifelink": "lifelink", "flying": "blocking-restrictions", "reach": "blocking-restrictions",
                     "defender": "blocking-restrictions"}
"""Keywords a blocking creature may have (trample, menace and haste change nothing for a blocker
and are left out)."""


def combat_scenarios(*, features: Iterable[str] | None = None, min_attackers: int = 1, max_attackers: int = 3,
                     max_blockers: int = 3, checkpoints: str = "each") -> st.SearchStrategy[Case]:
    """Returns a strategy which generates valid, defined combat scenarios: Alex's ``min_attackers``
    to ``max_attackers`` creatures attack Blair or Blair's planeswalker ``w1`` (508.1b), up to
    ``max_blockers`` of Blair's creatures block them (509.1a), each creature of 1 to 5 toughness
    and 0 to 5 power (a trampler up to 8), some with first strike, double strike (510.4), trample (702.19b),
    deathtouch (702.2b-c), lifelink (702.15b), flying, reach, menace, defender or haste (the
    restrictions always kept: a flyer is blocked only by creatures with flying or reach, a creature
    with menace by two or more or none, defender never attacks, and an attacker that enters from
    Alex's hand before combat has haste, 302.6). Every division of combat damage the rules leave
    to a player (several blockers, trample, 510.1c-d) is scripted in ``assign`` or
    ``first_strike_assign``, drawn among the legal ones (a trampler goes past its blockers only
    once each is assigned lethal damage, counting first-strike damage already marked). Sometimes
    Alex controls a damage doubler (``d1``, 701.10g) and Blair has a shield preventing the next N
    damage to Blair (``shield``, 615.7); with both, Blair's ``order`` is scripted (616.1). Then
    come decorations real combats carry (:mod:`strategies._internal.combat_decorations`): more
    keywords, combat tricks, a Fog and other prevention, a creature's trigger, an attack on Blair's
    planeswalker (maybe made a creature before combat, 306.5c), poison and a low life total, with
    every order they make necessary (616.1). What triggers in the first-strike combat damage step
    resolves before the regular one, in the order ``first_strike_triggers`` scripts (510.3a, 603.3b).

    A checkpoint observing every object and player follows the combat (``checkpoints`` is
    accepted for symmetry with the other scenario strategies; with one combat step, "each",
    "sparse" and "end" all observe once, after it).

    Only what ``features`` allows is generated (it must include ``combat``, ``damage`` and
    ``life`` or ``planeswalkers``). Examples shrink towards the simplest combat: one attacker
    (``a1``, a 0/1 with no keyword) attacking Blair, no blocker, no planeswalker, doubler,
    shield or decoration, so no division and no order."""
    allowed = check_features(features)
    check_size(min_attackers, "min_attackers", minimum=1)
    check_interval(min_attackers, max_attackers, "min_attackers", "max_attackers")
    check_size(max_blockers, "max_blockers")
    check_checkpoints(checkpoints)
    if not {"combat", "damage"} <= allowed or not allowed & {"life", "planeswalkers"}:
        raise InvalidArgument(f"features={sorted(allowed)} allow no combat: include combat, damage, and life or "
                              "planeswalkers")
    defaults = {"features": None, "min_attackers": 1, "max_attackers": 3, "max_blockers": 3, "checkpoints": "each"}
    return _combat_scenarios(**_explicit(defaults, features=features, min_attackers=min_attackers,
                                         max_attackers=max_attackers, max_blockers=max_blockers,
                                         checkpoints=checkpoints))


def _keywords(draw, table: dict[str, str], allowed: frozenset[str]) -> list[str]:
    """No keyword (the simplest), or one or two that ``allowed`` permits."""
    options = [k for k, feature in table.items() if feature in allowed]
    options += [k for k in options if k == "trample"] * 2  # the division the rules constrain most (702.19b)
    if not options or not draw(st.booleans()):
        return []
    return sorted(set(draw(st.lists(st.sampled_from(options), min_size=1, max_size=2))), key=options.index)


PROTECTION_FEATURES = frozenset({"protection-blocking", "protection", "prevention"})
"""What a creature with protection in combat needs (702.16e-f)."""

COLORS = ("R", "G", "W")
"""The colours combat creatures may have once protection may be drawn (702.16a)."""

_LOOKS = ((None, None), *((c, None) for c in COLORS)) * 12 + tuple(
    (c, q) for c in (None, *COLORS) for q in ("red", "green", "white")) + ((None, "creatures"), ("W", "everything"))
"""A creature's colour and protection, in one draw (so that it shrinks to colourless, no protection,
in one step): protection 14 times in 62 (none beside Alex's damage doubler)."""


def _creature(draw, owner: str, keywords: list[str]) -> dict[str, Any]:
    """A creature of 0 to 5 power (a trampler up to 8, so that it often has damage past lethal,
    702.19b) and 1 to 5 toughness (none dies before combat, 704.5f); its colour, protection,
    vigilance, tapped status and additional blocks come later (:func:`_later`)."""
    power = draw(st.integers(0, 8 if "trample" in keywords else 5))
    card: dict[str, Any] = {"types": ["creature"], "power": power, "toughness": draw(st.integers(1, 5))}
    if keywords:
        card["abilities"] = [{"keyword": k} for k in keywords]
    return {"card": card, "owner": owner}


def _can_block(blocker: dict[str, Any], attacker: dict[str, Any]) -> bool:
    """702.9b, 702.17b flying and reach; 702.16f protection (702.16j everything)."""
    if "flying" in _has(attacker) and not _has(blocker) & {"flying", "reach"}:
        return False
    colors = {"red": "R", "green": "G", "white": "W"}
    for ability in attacker["card"].get("abilities", []):
        quality = ability.get("protection")
        if quality in ("creatures", "everything") or colors.get(quality) in blocker["card"].get("colors", []):
            return False
    return True


@st.composite
def _attacker(draw, allowed: frozenset[str], targets: list[str]) -> tuple[dict[str, Any], str, bool]:
    """An attacking creature, what it attacks, and whether it enters from the hand first (only
    with haste, 302.6)."""
    spec = _creature(draw, ACTIVE, _keywords(draw, _ATTACKER_KEYWORDS, allowed))
    target = draw(st.sampled_from(targets))
    from_hand = "haste" in _has(spec) and "zone-changes" in allowed and draw(st.booleans())
    return spec, target, from_hand


@st.composite
def _blocker(draw, allowed: frozenset[str]) -> tuple[dict[str, Any], int]:
    """A creature of the defending player, and which attacker it blocks: 0 none (the simplest),
    else the Nth of those it may block (modulo their number), three times in four."""
    spec = _creature(draw, DEFENDING, _keywords(draw, _BLOCKER_KEYWORDS, allowed))
    return spec, draw(st.integers(1, 3)) if draw(st.integers(0, 3)) else 0


_EXTRAS = ("none",) * 8 + ("tapped", "additional 0", "additional 1", "additional 2", "additional 1", "additional 2")
"""What else a blocker that blocks may be: tapped (one time in fourteen: it blocks nothing after
all, 509.1a) or able to block an additional creature (five times in fourteen; the digit picks its
second attacker, 0: none)."""


_ADDITION = st.tuples(st.sampled_from(_LOOKS), st.integers(0, 5), st.sampled_from(_EXTRAS))
"""The later additions to one creature (see :func:`_later`): its colour and protection, vigilance
(5: an attacker has it, 702.20b), and what else a blocker that blocks is."""


def _later(allowed: frozenset[str], objects: dict[str, Any], attackers: list[str], blockers: list[str],
           blocks: dict[str, list[str]], looks: dict[str, tuple], vigilant: set[str], extras: dict[str, str]) -> None:
    """What came to combat scenarios after the first shapes, applied once the blocks are drawn as
    before: each creature's colour and protection (702.16a), an attacker's vigilance (702.20b), a
    blocker that blocks being tapped (110.5) or able to block an additional creature (509.1a).
    Their draws are one list after the blocks, its Nth element for the Nth creature (attackers,
    then blockers; a creature past its end has none), of its own length, so that the earlier
    choices, and the shapes they make, are drawn as before, the doubler, shield and order after
    it too (a draw just after the order's permutation skewed it towards shield first), and
    deleting a creature shifts no later draw. ``blocks`` stays legal: an attacker's protection
    from a quality one of its blockers has is dropped (702.16f), a tapped creature blocks nothing
    (509.1a), a second attacker is blocked only within the restrictions."""
    if PROTECTION_FEATURES <= allowed:
        for oid in [*attackers, *blockers]:
            color, quality = looks.get(oid, (None, None))
            card = objects[oid]["card"]
            if color is not None:
                card["colors"] = [color]
            if quality is not None:
                card.setdefault("abilities", []).append({"protection": quality})
        for a in attackers:  # 702.16f: the blocks drawn stay legal
            card = objects[a]["card"]
            if any(not _can_block(objects[b], objects[a]) for b, blocked in blocks.items() if a in blocked):
                card["abilities"] = [x for x in card["abilities"] if "protection" not in x]
                if not card["abilities"]:
                    del card["abilities"]
    for a in attackers:
        if a in vigilant and "tapping" in allowed:  # 702.20b
            objects[a]["card"].setdefault("abilities", []).append({"keyword": "vigilance"})
    for oid in blockers:
        if oid not in blocks:
            continue
        extra = extras.get(oid, "none")
        if extra == "tapped" and "tapping" in allowed:  # 110.5, 509.1a: it can't block
            objects[oid]["tapped"] = True
            del blocks[oid]
        elif extra.startswith("additional") and "multiple-blocks" in allowed:
            objects[oid]["card"].setdefault("abilities", []).append({"block_additional": 1})
            rest = [a for a in attackers if a not in blocks[oid] and _can_block(objects[oid], objects[a])]
            if extra[-1] != "0" and rest:
                second = rest[(int(extra[-1]) - 1) % len(rest)]
                menace = "menace" in _has(objects[second]) and not any(second in x for x in blocks.values())
                trample = any("trample" in _has(objects[a]) for a in (blocks[oid][0], second))
                if not menace and not trample:  # 702.111b; 702.19b's lethal damage would count the other's
                    blocks[oid].append(second)
    for a in attackers:  # 702.111b again: a tapped creature's block is gone
        mine = [b for b, blocked in blocks.items() if a in blocked]
        if len(mine) == 1 and "menace" in _has(objects[a]):
            blocks[mine[0]].remove(a)
            if not blocks[mine[0]]:
                del blocks[mine[0]]


@_named("combat_scenarios")
def _combat_scenarios(draw, *, features=None, min_attackers=1, max_attackers=3, max_blockers=3,
                      checkpoints="each", fogs=True) -> Case:
    allowed = check_features(features)
    players = [ACTIVE, DEFENDING]
    objects: dict[str, Any] = {}
    steps: list[dict[str, Any]] = []
    # Drawn whether used or not, so that removing the planeswalker or the shield shifts no other choice.
    walker = "planeswalkers" in allowed and ("life" not in allowed or draw(st.integers(0, 3)) == 3)
    loyalty, amount = draw(st.integers(1, 6)), draw(st.integers(1, 4))
    targets = [t for t, ok in ((DEFENDING, "life" in allowed), (WALKER, walker)) if ok]
    # Each creature is one element of a list, so that the shrinker deletes whole creatures: a1 is
    # the one that stays.
    drawn = draw(st.lists(_attacker(allowed, targets), min_size=min_attackers, max_size=max_attackers))
    attackers = [f"a{n}" for n in range(1, len(drawn) + 1)]
    declared = {}
    for oid, (spec, target, from_hand) in zip(attackers, drawn):
        objects[oid], declared[oid] = spec, target
        if from_hand:  # 302.6: it enters from Alex's hand before combat (a new object, 400.7), with haste
            spec["zone"] = "hand"
            steps.append({"move": {"object": oid, "to": "battlefield"}})
    defenders = draw(st.lists(_blocker(allowed), max_size=max_blockers))
    blockers = [f"b{n}" for n in range(1, len(defenders) + 1)]
    picks = {}
    for oid, (spec, pick) in zip(blockers, defenders):
        objects[oid], picks[oid] = spec, pick
    if walker:  # 306.5b: it enters with its printed loyalty
        objects[WALKER] = {"card": {"types": ["planeswalker"], "loyalty": loyalty}, "owner": DEFENDING}
    # Blocks within the restrictions: flying (702.9b, 702.17b), then menace (702.111b); protection,
    # tapping and additional blocks come later (_later).
    blocks: dict[str, list[str]] = {}
    for oid in blockers:
        able = [a for a in attackers if _can_block(objects[oid], objects[a])]
        if able and picks[oid]:
            blocks[oid] = [able[(picks[oid] - 1) % len(able)]]
    for a in attackers:
        mine = [b for b, blocked in blocks.items() if a in blocked]
        if len(mine) == 1 and "menace" in _has(objects[a]):
            blocks[mine[0]].remove(a)
            if not blocks[mine[0]]:
                del blocks[mine[0]]
    additions = draw(st.lists(_ADDITION, max_size=max_attackers + max_blockers))
    looks = {oid: look for oid, (look, _, _) in zip([*attackers, *blockers], additions)}
    vigilant = {oid for oid, (_, vigil, _) in zip(attackers, additions) if vigil == 5}
    extras = {oid: extra for oid, (_, _, extra) in zip(blockers, additions[len(attackers):])}
    _later(allowed, objects, attackers, blockers, blocks, looks, vigilant, extras)
    # Effects on the combat damage: a doubler of Alex's sources' damage, a shield on Blair (616.1).
    doubler = "double-damage" in allowed and draw(st.integers(0, 2)) == 2
    shield = {"prevention", "life"} <= allowed and draw(st.integers(0, 2)) == 2
    if doubler and shield and "replacement-order" not in allowed:
        shield = False
    if doubler:  # the doubler and a protection would both apply to one damage: no order is drawn (616.1)
        for spec in objects.values():
            kept = [a for a in spec["card"].get("abilities", []) if "protection" not in a]
            if len(kept) < len(spec["card"].get("abilities", [])):
                spec["card"]["abilities"] = kept
                if not kept:
                    del spec["card"]["abilities"]
        objects[DOUBLER] = {"card": {"name": "Damage doubler", "types": ["enchantment"],
                                     "abilities": [{"double_damage": {"by": {"controller": "you"}}}]},
                            "owner": ACTIVE}
    if shield:
        steps.append({"prevent_damage": {"id": SHIELD, "controller": DEFENDING, "to": DEFENDING,
                                         "amount": amount}})
    body: dict[str, Any] = {"attackers": declared}
    if blocks:
        body["blockers"] = {b: blocked[0] if len(blocked) == 1 else blocked for b, blocked in blocks.items()}
    if doubler and shield:
        body["order"] = {DEFENDING: list(draw(st.permutations([SHIELD, DOUBLER])))}
    # What real combats carry besides (issue 39): more keywords, tricks, prevention, a trigger,
    # poison; drawn after all of the above, and before the divisions, which depend on them.
    states: dict[str, Any] = {}
    decorator = Decorator(draw, allowed, objects, steps, attackers, blockers, blocks, declared, states, fogs)
    decorator.apply(decorator.draw_decorations())
    raw = {"id": "510.2/generated", "rules": ["510.2"], "source": {"rule": "510.2"},
           "summary": "a scenario generated by strategies.combat_scenarios()", "players": players,
           **({"player_states": states} if states else {}), "objects": objects, "steps": steps}
    script_orders(draw, {**raw, "steps": [*steps, {"combat": body}]})  # 616.1
    waiting = _divide(draw, raw, body)
    steps.append({"combat": body})
    resolution = settle_trigger(decorator, body, *waiting)  # 603.3b
    if resolution is not None:
        steps.append(resolution)
    steps.append({"expect": {"objects": {oid: {} for oid in objects}, "players": {p: {} for p in players}}})
    for path, message in list(choice_problems(raw)):
        if message.endswith("is not dealt damage by this step"):
            del body["order"][path[-1]]  # no attacker's damage reaches it: there is nothing to order (616.1)
    if not body.get("order", True):
        del body["order"]
    case = Case.from_dict(raw, cr=CR_VERSION)
    rules = sorted({"510.2", *(rule for feature in case.features for rule in RULES[feature])}, key=rule_key)
    return case.relabelled(rules=tuple(rules))


def _has(spec: dict[str, Any]) -> set[str]:
    return {a["keyword"] for a in spec["card"].get("abilities", []) if "keyword" in a}


def _split(draw, amount: int, recipients: list[str]) -> dict[str, int]:
    """``amount`` divided among ``recipients``; shrinks towards all of it to the first."""
    division = {}
    left = amount
    for recipient in reversed(recipients[1:]):
        division[recipient] = n = draw(st.integers(0, left))
        left -= n
    division[recipients[0]] = left
    return {r: division[r] for r in recipients if division[r]} or {recipients[0]: 0}


def _divide(draw, raw: dict[str, Any], body: dict[str, Any]) -> tuple[int, int]:
    """Play the combat on the reference engine, drawing each division a player chooses as the
    combat damage step comes (510.1c-d, 702.19b, 510.4), into ``body``, after the steps of ``raw``.
    Returns how many triggered abilities waited after the first combat damage step (0 without one;
    put on the stack in the order drawn into ``first_strike_triggers`` and resolved before the
    regular step, 510.3a) and how many wait after the combat (603.3)."""
    from reference_engine import combat as rules
    from reference_engine import triggers
    from reference_engine.game import Game  # the oracle plays the combat as it is drawn

    players, objects = raw["players"], raw["objects"]
    game = Game(Case.from_dict({**raw, "summary": "-", "steps": []}, cr=CR_VERSION, derive=False))
    game.check_state_based_actions()
    for step in raw["steps"]:
        game.perform(step_from(step, players[0]))
        game.check_state_based_actions()
    fight = rules.Combat(game, step_from({"combat": body}, players[0]))
    fight.declare_attackers()
    fight.declare_blockers()
    game.check_state_based_actions()
    scripted: set[str] = set()
    forced: dict[str, dict[str, int]] = {}  # blocked first strikers' forced divisions, drawn at the end

    def damage_step(first_strike: bool, creatures: list[str]) -> None:
        key = "first_strike_assign" if first_strike else "assign"
        for creature in creatures:
            division = _choose(draw, game, fight, creature, scripted)
            if division is None and first_strike and fight.blocked_by.get(creature):
                forced[creature] = dict(fight.assignment(creature, True))
            if division is not None:
                body.setdefault(key, {})[creature] = division
                scripted.add(creature)
        fight.step = step_from({"combat": body}, players[0])
        fight.damage_step(first_strike, creatures)
        game.check_state_based_actions()

    creatures = fight.strikers()
    first = [c for c in creatures if rules.first_striker(game, c)]
    waiting_first = 0
    if first:  # 510.4
        damage_step(True, first)
        waiting = [p.name for p in triggers.waiting(game)]
        waiting_first = len(waiting)
        if len(waiting) > 1 or (waiting and draw(st.booleans())):  # 510.3a: their order (603.3b); one alone may be named
            body["first_strike_triggers"] = list(draw(st.permutations(waiting)))
        rules.first_step_priority(game, step_from({"combat": body}, players[0]))  # they resolve before the regular step
        damage_step(False, [c for c in fight.strikers()
                            if c not in first or rules.keyword(game, game.objects[c], rules.DOUBLE_STRIKE)])
    else:
        damage_step(False, creatures)
    # A creature blocked by two or more whose division never came (it left combat first): the
    # case still scripts it (the loader asks, 510.1c), as its controller would have divided it.
    pairs = step_from({"combat": body}, players[0]).blocks()
    for attacker in body["attackers"]:
        declared = [b for b, a in pairs if a == attacker]
        if len(declared) >= 2 and attacker not in scripted:
            power = max(0, objects[attacker]["card"]["power"])
            body.setdefault("assign", {})[attacker] = _split(draw, power, declared)
    for blocker, blocked in body.get("blockers", {}).items():  # 510.1d, likewise
        if not isinstance(blocked, str) and blocker not in scripted:
            power = max(0, objects[blocker]["card"]["power"])
            body.setdefault("assign", {})[blocker] = _split(draw, power, list(blocked))
    # A blocked first striker's only possible division is sometimes scripted too (the loader
    # allows it), drawn after every other choice so that it shifts none of them.
    for creature, division in forced.items():
        if division and creature not in body.get("first_strike_assign", {}) and draw(st.booleans()):
            body.setdefault("first_strike_assign", {})[creature] = division
    return waiting_first, len(triggers.waiting(game))


def _choose(draw, game, fight, creature: str, scripted: set[str]) -> dict[str, int] | None:
    """The division ``creature`` assigns now, drawn among the legal ones when its controller
    chooses; the forced one when there is no choice but the case must still script it (blocked
    by two or more, 510.1c); else none."""
    from reference_engine import combat as rules

    if creature in fight.step.blockers:  # 510.1d: a choice only among two or more attackers
        declared = list(fight.step.blocked(creature))
        if len(declared) < 2:
            return None
        power = max(0, game.power_toughness(game.objects[creature]).power or 0)
        alive = [a for a in declared if fight.in_combat(a)]
        if power > 0 and len(alive) >= 2:
            return _split(draw, power, alive)
        if creature in scripted:
            return None
        forced = fight.assignment(creature, False) if power > 0 else {}
        return dict(forced) or {declared[0]: 0}
    if creature not in fight.step.attackers or not fight.blocked_by[creature]:
        return None  # 510.1b: no choice
    obj = game.objects[creature]
    power = game.power_toughness(obj).power or 0
    alive = [b for b in fight.blocked_by[creature] if fight.in_combat(b)]
    trample = rules.keyword(game, obj, rules.TRAMPLE)
    target = fight.target(creature)
    declared_several = len(fight.blocked_by[creature]) >= 2 and creature not in scripted
    choice = power > 0 and alive and (len(alive) >= 2 or trample)
    if not choice:
        if not declared_several:
            return None
        forced = fight.assignment(creature, False) if power > 0 else {}
        return dict(forced) or {fight.blocked_by[creature][0]: 0}
    if trample and target is not None:
        deathtouch = rules.keyword(game, obj, rules.DEATHTOUCH)
        lethal = {b: fight.lethal(b, deathtouch) for b in alive}
        if power > sum(lethal.values()) and draw(st.integers(0, 3)):  # 702.19b: lethal to each, the rest free
            rest = _split(draw, power - sum(lethal.values()), [target, *alive])
            return {r: lethal.get(r, 0) + rest.get(r, 0) for r in [*alive, target]
                    if lethal.get(r, 0) + rest.get(r, 0)} or {alive[0]: 0}
    return _split(draw, power, alive)
