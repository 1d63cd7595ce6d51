"""Scenarios about casting a spell, X and cast triggers (issue 41; CR 601.2, 107.3a, 601.2i,
608.2, 608.3): ``cast_scenarios()``.

Some creatures to aim at (two of Alex's, one of Blair's), maybe permanents with "whenever you
cast" triggered abilities, both players' mana pools, then each card's owner casts it from their
hand, one by one: a sorcery dealing X damage, an instant dealing 2, a sorcery putting X +1/+1
counters, one gaining X life, a creature card. Each cast names the payment it makes (``pay``), drawn as a split of its
total cost; each pool holds what its player's casts pay and maybe more, or one mana less (a cast
that can't be paid is undone, 601.2); a lone cast from a pool of one type may leave the payment to
it (601.2h). Only enchantments carry cast triggers when two or more might trigger at once
(they never leave the battlefield, so the order each cast names lists exactly the abilities that
trigger); a creature with one is the only trigger source. Shrinks towards fewer cards and triggers,
X = 0 and smaller pools.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance.format.model import Case
from strategies._internal.core import PLAYERS, build_case
from strategies._internal.validation import check_features, check_size

ALEX, BLAIR = PLAYERS[0], PLAYERS[1]

CASTING_FEATURES = frozenset({"casting", "mana", "zone-changes"})
"""What every cast scenario needs: the cast step, the mana pool it pays from, the card's zones."""

TRIGGER_FEATURES = frozenset({"cast-triggers", "event-triggers", "triggered-abilities"})
"""What its "whenever you cast" abilities need besides their effect's features."""

BOARD: dict[str, Any] = {
    "bear": {"card": {"types": ["creature"], "power": 2, "toughness": 2}},
    "wolf": {"card": {"types": ["creature"], "power": 3, "toughness": 3}},
    "rat": {"card": {"types": ["creature"], "power": 1, "toughness": 1}, "owner": BLAIR},
}
"""The creatures a spell may aim at (two of Alex's, one of Blair's), any of them drawn."""

SPELLS: dict[str, tuple[dict[str, Any], frozenset[str]]] = {
    "blaze": ({"types": ["sorcery"], "colors": ["R"], "mana_cost": "{X}{R}",
               "abilities": [{"spell": {"damage": {"amount": "X"}}}]}, frozenset({"cast-x", "damage"})),
    "shock": ({"types": ["instant"], "colors": ["R"], "mana_cost": "{R}",
               "abilities": [{"spell": {"damage": {"amount": 2}}}]}, frozenset({"damage"})),
    "growth": ({"types": ["sorcery"], "colors": ["G"], "mana_cost": "{X}{G}",
                "abilities": [{"spell": {"put_counters": {"kind": "+1/+1", "count": "X"}}}]},
               frozenset({"cast-x", "counters"})),
    "balm": ({"types": ["sorcery"], "colors": ["W"], "mana_cost": "{X}{W}",
              "abilities": [{"spell": {"gain_life": {"amount": "X"}}}]}, frozenset({"cast-x", "life"})),
    "cub": ({"types": ["creature"], "colors": ["G"], "mana_cost": "{1}{G}", "power": 2, "toughness": 2},
            frozenset()),
}
"""The cards Alex may hold, with the features casting each needs."""

MANA = ("R", "G", "W")
"""The types of mana the pools hold."""

ENCHANTMENT_TRIGGERS: list[tuple[dict[str, Any], dict[str, Any], frozenset[str]]] = [
    ({"controller": "you"}, {"gain_life": {"amount": 1}}, frozenset({"life"})),
    ({"controller": "you"}, {"gain_life": {"amount": "that_many"}}, frozenset({"life"})),
    ({"controller": "you", "types": ["creature"]}, {"gain_life": {"amount": 2}}, frozenset({"life"})),
    ({"controller": "you"}, {"lose_life": {"amount": "that_many", "player": "each_opponent"}}, frozenset({"life"})),
]
"""An enchantment's cast trigger: its filter, its effect, the features the effect needs."""

CREATURE_TRIGGERS: list[tuple[dict[str, Any], frozenset[str]]] = [
    ({"modify_pt": {"toughness": 2}}, frozenset({"layer-7c"})),
    ({"put_counters": {"kind": "+1/+1", "count": 1}}, frozenset({"counters"})),
    ({"damage": {"amount": 1, "to": "itself"}}, frozenset({"damage"})),
]
"""A creature's "whenever you cast a spell" effect on itself, and the features it needs."""


def cast_scenarios(*, features: Iterable[str] | None = None, max_casts: int = 3) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates scenarios where players cast spells from their hands
    (601.2): X damage, 2 damage, X +1/+1 counters, X life, a creature card, each paying what it
    names from its caster's pool; with "whenever you cast" abilities (601.2i) when ``features`` has ``cast-triggers``.
    Only what ``features`` allows (default: every feature) is drawn."""
    allowed = check_features(features)
    lacking = sorted(CASTING_FEATURES - allowed)
    if lacking:
        raise InvalidArgument(f"cast_scenarios needs the features {', '.join(lacking)}; features={sorted(allowed)} "
                              "lacks them")
    check_size(max_casts, "max_casts", minimum=1)
    return _cast_scenarios(allowed, max_casts)


def _payment(draw: Any, cost: str, x: int, kinds: list[str]) -> dict[str, int]:
    """A payment of ``cost`` with X=``x``: each coloured symbol by its colour, the generic part split
    over ``kinds``."""
    symbols = cost.strip("{}").split("}{")
    paid: dict[str, int] = {}
    generic = 0
    for symbol in symbols:
        if symbol == "X":
            generic += x
        elif symbol.isdigit():
            generic += int(symbol)
        else:
            paid[symbol] = paid.get(symbol, 0) + 1
    for _ in range(generic):
        kind = draw(st.sampled_from(kinds), label="generic mana paid with")
        paid[kind] = paid.get(kind, 0) + 1
    return paid


@st.composite
def _cast_scenarios(draw: Any, allowed: frozenset[str], max_casts: int) -> Case:
    board = draw(st.lists(st.sampled_from(list(BOARD)), unique=True, max_size=len(BOARD)), label="creatures")
    objects: dict[str, Any] = {name: BOARD[name] for name in sorted(board, key=list(BOARD).index)}
    triggers = TRIGGER_FEATURES <= allowed
    sources: list[tuple[str, dict[str, Any], str]] = []  # trigger sources, their filters and controllers
    if triggers and draw(st.booleans(), label="a creature's cast trigger"):
        effects = [effect for effect, needs in CREATURE_TRIGGERS if needs <= allowed]
        if effects:
            effect = draw(st.sampled_from(effects), label="its effect")
            objects["wall"] = {"card": {"types": ["creature"], "power": 0, "toughness": 2, "abilities": [{"triggered": {
                "name": "cast", "when": "Whenever you cast a spell", "event": {"cast": {"controller": "you"}},
                "effect": effect}}]}}
            sources.append(("wall", {"controller": "you"}, ALEX))
    elif triggers:
        options = [(f, e) for f, e, needs in ENCHANTMENT_TRIGGERS if needs <= allowed]
        for index in range(draw(st.integers(0, 2), label="enchantments with cast triggers") if options else 0):
            cast_filter, effect = draw(st.sampled_from(options), label="its trigger")
            name = f"altar{index + 1}"
            objects[name] = {"card": {"types": ["enchantment"], "abilities": [{"triggered": {
                "name": "cast", "when": "Whenever you cast a spell", "event": {"cast": cast_filter}, "effect": effect}}]}}
            sources.append((name, cast_filter, ALEX))
    if triggers and "life" in allowed and draw(st.booleans(), label="Blair's cast trigger"):  # on her spells only
        objects["idol"] = {"owner": BLAIR, "card": {"types": ["enchantment"], "abilities": [{"triggered": {
            "name": "cast", "when": "Whenever you cast a spell", "event": {"cast": {"controller": "you"}},
            "effect": {"gain_life": {"amount": 1}}}}]}}
        sources.append(("idol", {"controller": "you"}, BLAIR))

    aimable = bool(board) or "wall" in objects  # counters go on a creature (122.1)
    castable = [name for name, (_, needs) in SPELLS.items() if needs <= allowed and (name != "growth" or aimable)]
    hand = draw(st.lists(st.sampled_from(castable), min_size=1, max_size=max_casts, unique=True), label="hand")
    casts: list[tuple[str, dict[str, Any]]] = []  # each cast's caster and body
    for name in hand:
        card, _ = SPELLS[name]
        caster = draw(st.sampled_from(PLAYERS), label="its owner, who casts it")
        objects[name] = {"card": card, "zone": "hand", **({"owner": caster} if caster != ALEX else {})}
        x = draw(st.integers(0, 3), label="X") if "{X}" in card["mana_cost"] else None
        body: dict[str, Any] = {"object": name}
        if x is not None:
            body["x"] = x
        spell = card.get("abilities", [{}])[0].get("spell", {})
        creatures = [oid for oid in ("wall", *BOARD) if oid in objects]  # the wall first: its
        if "damage" in spell:  # trigger may change what the spell does to it (608.1)
            body["target"] = draw(st.sampled_from([*creatures, ALEX, BLAIR]), label="target")
        elif "put_counters" in spell:
            body["target"] = draw(st.sampled_from(creatures), label="target")
        body["pay"] = _payment(draw, card["mana_cost"], x or 0, list(MANA))
        matching = [source for source, f, controller in sources
                    if controller == caster and all(t in card["types"] for t in f.get("types", []))]
        if len(matching) > 1:  # 603.3b: in the order the case names
            body["order"] = [f"{source}.cast" for source in draw(st.permutations(matching), label="order")]
        casts.append((caster, body))
    steps: list[dict[str, Any]] = []
    for player in PLAYERS:  # what the player's casts pay, and more; or one mana short (601.2: a cast undone)
        pool = {kind: sum(body["pay"].get(kind, 0) for caster, body in casts if caster == player) for kind in MANA}
        if any(pool.values()) and draw(st.integers(0, 4), label=f"{player} one mana short") == 4:
            short = draw(st.sampled_from([kind for kind in MANA if pool[kind]]), label="short of")
            pool[short] -= 1
        pool = {kind: n + draw(st.integers(0, 2), label=f"{player}'s extra {kind}") for kind, n in pool.items()}
        pool = {kind: n for kind, n in pool.items() if n}
        if pool:
            steps.append({"add_mana": {"player": player, "mana": pool}})
        mine = [body for caster, body in casts if caster == player]
        if len(mine) == 1 and len(pool) == 1 and draw(st.booleans(), label="the payment left to the pool"):
            del mine[0]["pay"]  # one type of mana: the only payment there is (601.2h)
    for _, body in casts:
        steps += [{"cast": body}, {"expect": {}}]
    for step in steps:  # every object and player observed
        if "expect" in step:
            step["expect"] = {"objects": {oid: {} for oid in objects}, "players": {p: {} for p in PLAYERS}}
    return build_case(objects, steps, summary="Casting spells with X and cast triggers, generated.",
                      case_id="601.2/generated")
