"""Scenarios about copies of spells on the stack, modal spells and additional costs (issue 40; CR
707.10, 707.10c, 707.10e, 700.2, 601.2h): ``spell_copy_scenarios()``.

Some of Alex's creatures (a 2/2 and a 3/3) and Blair's 1/1, maybe Blair's enchantment doubling damage
from red spells (so a copy's colours show), maybe Alex's token doubler, maybe Alex's creature growing whenever he
casts an instant (a copy, not cast, never grows it). Alex casts one spell, paying exactly its
cost from his pool (plus maybe one spare mana): a three-mode charm (life, damage or counters; chosen by
him, or by Blair as "an opponent chooses"), a Fling (sacrificing one of the creatures: Blair's can't be,
and the cast is undone), a Dawnglow Infusion with X (paid with a split of green, white and red), a
sorcery dealing X damage, or an instant putting a counter. Then up to two copies of it: by Alex or
Blair, maybe red or green, maybe with a new target, maybe after creating tokens the copy targets (as
many names as the doubler makes, maybe one more). A charm whose mode an opponent chooses and that has
no target may be cast at a table of four with ranges of influence, the chooser maybe out of range of
Alex (801.5b). Shrinks towards no copies, the first spell and mode, X = 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance.format.model import Case
from strategies._internal.casting import _payment
from conformance import CR_VERSION
from strategies._internal.core import PLAYERS, _rules
from strategies._internal.validation import check_features

ALEX, BLAIR = PLAYERS[0], PLAYERS[1]

SPELL_COPY_FEATURES = frozenset({"casting", "mana", "zone-changes"})
"""What every scenario needs: the cast step, the mana pool it pays from, the card's zones."""

CAPABILITIES = frozenset({"spell-copies", "modal-spells", "cast-additional-costs", "cast-mana-spent"})
"""The features of issue 40's casting: a scenario uses at least one."""

BOARD: dict[str, Any] = {
    "bear": {"card": {"types": ["creature"], "power": 2, "toughness": 2}},
    "wolf": {"card": {"types": ["creature"], "power": 3, "toughness": 3}},
    "rat": {"card": {"types": ["creature"], "power": 1, "toughness": 1}, "owner": BLAIR},
}

MODES = [{"gain_life": {"amount": 3}}, {"damage": {"amount": 2}}, {"put_counters": {"kind": "+1/+1", "count": 2}}]

SPELLS: dict[str, tuple[dict[str, Any], frozenset[str]]] = {
    "charm": ({"types": ["instant"], "colors": ["G"], "mana_cost": "{G}", "abilities": [{"spell": {"modes": MODES}}]},
              frozenset({"modal-spells", "damage", "life", "counters"})),
    "fling": ({"types": ["instant"], "colors": ["R"], "mana_cost": "{1}{R}", "abilities": [
        {"spell": {"sacrifice": "creature", "damage": {"amount": "sacrificed_power"}}}]},
        frozenset({"cast-additional-costs", "damage", "life"})),
    "dawnglow": ({"types": ["sorcery"], "colors": ["G"], "mana_cost": "{X}{G}", "abilities": [
        {"spell": {"gain_life": {"amount": "X", "if_spent": ["G", "W"]}}}]}, frozenset({"cast-mana-spent", "cast-x", "life"})),
    "blaze": ({"types": ["sorcery"], "colors": ["R"], "mana_cost": "{X}{R}", "abilities": [
        {"spell": {"damage": {"amount": "X"}}}]}, frozenset({"spell-copies", "cast-x", "damage", "life"})),
    "triumph": ({"types": ["instant"], "colors": ["W"], "mana_cost": "{W}", "abilities": [
        {"spell": {"put_counters": {"kind": "+1/+1", "count": 1}}}]}, frozenset({"spell-copies", "counters"})),
}
"""Alex's spells, with the features casting each needs."""

SOLDIER = {"types": ["creature"], "subtypes": ["Soldier"], "colors": ["R"], "power": 1, "toughness": 1}


def spell_copy_scenarios(*, features: Iterable[str] | None = None) -> st.SearchStrategy[Case]:
    """Returns a strategy which generates scenarios where Alex casts a modal spell, a spell with an
    additional sacrifice or one reading the mana spent, and copies of it are put on the stack (707.10).
    Only what ``features`` allows (default: every feature) is drawn; it must allow casting and one of
    ``spell-copies``, ``modal-spells``, ``cast-additional-costs``, ``cast-mana-spent``."""
    allowed = check_features(features)
    lacking = sorted(SPELL_COPY_FEATURES - allowed)
    spells = [name for name, (_, needs) in SPELLS.items() if needs <= allowed]
    if lacking or not spells:
        raise InvalidArgument(f"spell_copy_scenarios needs the features {', '.join(sorted(SPELL_COPY_FEATURES))} and "
                              f"what one of its spells needs; features={sorted(allowed)} lacks them")
    return _scenarios(allowed, tuple(spells))


def _targets(part: dict[str, Any], objects: dict[str, Any]) -> list[str]:
    """What a mode may be aimed at: creatures for counters, creatures and players for damage."""
    creatures = [oid for oid in objects if oid in BOARD or oid == "adept"]
    return creatures if "put_counters" in part else [*creatures, ALEX, BLAIR] if "damage" in part else []


@st.composite
def _scenarios(draw: Any, allowed: frozenset[str], spells: tuple[str, ...]) -> Case:
    needy = all(name in ("fling", "triumph") for name in spells)  # every spell allowed needs a creature
    board = draw(st.lists(st.sampled_from(list(BOARD)), min_size=int(needy), unique=True, max_size=len(BOARD)),
                 label="creatures")
    objects: dict[str, Any] = {oid: BOARD[oid] for oid in sorted(board, key=list(BOARD).index)}
    if {"double-damage", "damage"} <= allowed and draw(st.booleans(), label="a doubler of red spells' damage"):
        objects["furnace"] = {"owner": BLAIR, "card": {"types": ["enchantment"], "abilities": [
            {"double_damage": {"by": {"zone": "stack", "colors": ["R"]}}}]}}
    tokens = {"spell-copy-tokens", "token-creation"} <= allowed
    procession = tokens and "token-replacements" in allowed and draw(st.booleans(), label="a token doubler")
    if procession:
        objects["procession"] = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {}}]}}
    if {"cast-triggers", "event-triggers", "triggered-abilities", "counters"} <= allowed and draw(
            st.booleans(), label="a cast trigger"):
        objects["adept"] = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"triggered": {
            "name": "grow", "when": "Whenever you cast an instant spell",
            "event": {"cast": {"controller": "you", "types": ["instant"]}},
            "effect": {"put_counters": {"kind": "+1/+1", "count": 1, "to": "itself"}}}}]}}
    aimable = bool(board) or "adept" in objects  # counters go on a creature, one is sacrificed (122.1, 601.2h)
    name = draw(st.sampled_from([n for n in spells if aimable or n not in ("fling", "triumph")]), label="the spell")
    card, _ = SPELLS[name]
    objects[name] = {"card": card, "zone": "hand"}
    spell = card["abilities"][0]["spell"]
    body: dict[str, Any] = {"object": name}
    part = spell
    table = "modes" in spell and "range-of-influence" in allowed and draw(st.booleans(), label="a table of four")
    if table:  # 801.5b: an opponent, maybe out of Alex's range, chooses a mode with no target (801.4 for casts
        body["mode"], part, chooser = 1, MODES[0], "opponent"  # is not modelled)
    elif "modes" in spell:
        body["mode"] = draw(st.integers(1, len(MODES) if aimable else 2), label="the mode")
        part = MODES[body["mode"] - 1]
        chooser = draw(st.sampled_from(["default", "you", "opponent"]), label="who chooses the mode")
    if "modes" in spell:
        if chooser != "default":
            objects[name] = {"card": {**card, "abilities": [{"spell": {**spell, "chooser": chooser}}]}, "zone": "hand"}
        if chooser == "opponent":
            body["mode_chooser"] = BLAIR
    x = draw(st.integers(0, 3), label="X") if "{X}" in card["mana_cost"] else None
    if x is not None:
        body["x"] = x
    if "sacrifice" in spell:
        victims = [oid for oid in objects if oid in BOARD or oid == "adept"]
        body["sacrifice"] = draw(st.sampled_from(victims), label="the creature sacrificed")
    targets = _targets(part, objects)
    if targets:
        body["target"] = draw(st.sampled_from(targets), label="the target")
    body["pay"] = _payment(draw, card["mana_cost"], x or 0, ["G", "W", "R"])
    if "spell-copies" in allowed:
        copies = [_copy(draw, n, part, objects, procession and tokens, tokens, body.get("sacrifice"))
                  for n in range(draw(st.integers(0, 2), label="copies"))]
        if copies:
            body["copies"] = copies
    pool = dict(body["pay"])
    spare = draw(st.sampled_from([None, "G", "W", "R"]), label="a spare mana")
    if spare is not None:
        pool[spare] = pool.get(spare, 0) + 1
    if not any(pool.values()):
        pool = {"R": 1}
    made = [token for copy in body.get("copies", ()) for token in copy.get("create_token", {}).get("tokens", ())]
    seen = {oid: {} for oid in [*objects, *made]}
    players, extra = PLAYERS, {}
    if table:
        players, extra = TABLE, {"range_of_influence": {ALEX: 2, BLAIR: 1, "Carissa": 1, "Dana": 1}}
        body["mode_chooser"] = draw(st.sampled_from(["Carissa", BLAIR, "Dana"]), label="the opponent who chooses")
    steps = [{"add_mana": {"player": ALEX, "mana": {k: v for k, v in pool.items() if v}}}, {"cast": body},
             {"expect": {"objects": seen, "players": {p: {} for p in players}}}]
    raw = {"id": "707.10/generated", "rules": ["707.10"], "source": {"rule": "707.10"}, "summary": SUMMARY,
           "players": list(players), "objects": objects, "steps": steps, **extra}
    case = Case.from_dict(raw, cr=CR_VERSION)
    return case.relabelled(rules=_rules(case.features, "707.10"))


TABLE = (ALEX, BLAIR, "Carissa", "Dana")
"""Four seats: Carissa is two seats from Alex (range 2), who is outside her range 1 (801.5b)."""

SUMMARY = "Copies of spells, modes and additional costs, generated."


def _copy(draw: Any, n: int, part: dict[str, Any], objects: dict[str, Any], doubled: bool, tokens: bool,
          sacrificed: str | None) -> dict[str, Any]:
    """One copy: who controls it, its colours, a new target or a token it targets (707.10e); never the
    creature sacrificed to cast the spell, no longer a legal target as the copy is made (707.10c, 115.4)."""
    copy: dict[str, Any] = {}
    controller = draw(st.sampled_from([None, ALEX, BLAIR]), label="the copy's controller")
    if controller is not None:
        copy["controller"] = controller
    colors = draw(st.sampled_from([None, ["R"], ["G"]]), label="the copy's colours")
    if colors is not None:
        copy["colors"] = colors
    targets = _targets(part, objects)
    if targets and tokens and draw(st.booleans(), label="tokens first"):
        count = draw(st.integers(1, 2), label="tokens")
        made = count * 2 if doubled and controller in (None, ALEX) else count
        names = [f"soldier{n + 1}_{k + 1}" for k in range(made + draw(st.integers(0, 1), label="a spare name"))]
        copy["create_token"] = {"card": SOLDIER, "tokens": names, **({"count": count} if count > 1 or draw(
            st.booleans(), label="count written") else {})}
        copy["target"] = draw(st.sampled_from(names[:made]), label="the token targeted")
    elif [t for t in targets if t != sacrificed] and draw(st.booleans(), label="a new target"):
        copy["target"] = draw(st.sampled_from([t for t in targets if t != sacrificed]), label="the copy's new target")
    return copy
