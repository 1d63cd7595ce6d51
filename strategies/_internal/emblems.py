"""Scenarios about emblems (CR 114) and the "if it's a planeswalker" copy exception (707.9f), for
the property ``114.1/emblems-agree-with-reference`` (issue 41): a small board (a creature of
each player, now and then a creature card in Alex's hand and a planeswalker with a loyalty ability
making emblems), then steps: players getting emblems (after the planeswalker's activation, or from
another effect), with abilities of every kind an emblem may have; effects on creatures before and
after (7b and 7c, one object or a locked set), each permanent made an artifact or stripped of its
abilities, a creature entering later, life gained and lost, damage to players, the cleanup step,
an effect on every creature followed by an emblem doing the same kind of thing (timestamps), an
emblem followed by an effect on each permanent (which leaves it alone), and token copies of the planeswalker or a creature with exceptions that apply only to a
planeswalker or a creature. One checkpoint at the end sees every object, emblems included, and the
players.

Each step is drawn only as the engine's features allow (:data:`STEP_FEATURES`, the emblem
abilities' :data:`ABILITY_FEATURES`). A life floor and a "lose twice that much" ability are never
drawn together (the reference engine refuses them beside each other, CR 616.1). A module of its
own, drawn by its own property only: no other strategy's draws change. Shrinks towards fewer
steps, no planeswalker and smaller numbers.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from conformance.format.model import Case
from strategies._internal.core import PLAYERS, build_case
from strategies._internal.damage_modifiers import can
from strategies._internal.drawing import Chooser

ALEX, BLAIR = PLAYERS[0], PLAYERS[1]

EMBLEM_FEATURES = frozenset({"emblems", "planeswalker-copy-exception"})
"""The features this module is about: an engine with neither gets no scenario of it."""

ABILITY_FEATURES: dict[str, frozenset[str]] = {
    "anthem": frozenset({"static-abilities", "layer-7c"}),
    "setter": frozenset({"static-abilities", "layer-7b"}),
    "wings": frozenset({"static-abilities", "ability-changing"}),
    "cant_gain_life": frozenset({"cant-gain-life"}),
    "cant_lose_life": frozenset({"cant-lose-life"}),
    "life_floor": frozenset({"life-floor"}),
    "double_life_gain": frozenset({"life-gain-replacement"}),
    "double_life_loss": frozenset({"life-loss-replacement"}),
    "text": frozenset(),
}
"""The abilities an emblem may get here, by kind, with the features each needs."""

STEP_FEATURES: dict[str, frozenset[str]] = {
    "emblem": frozenset({"emblems"}),
    "loyalty": frozenset({"emblems", "planeswalkers", "activated-abilities", "loyalty-abilities", "counters"}),
    "modify": frozenset({"layer-7c"}),
    "set": frozenset({"layer-7b"}),
    "each": frozenset({"layer-7c", "locked-sets"}),
    "artifacts": frozenset({"type-changing", "locked-sets"}),
    "strip": frozenset({"ability-changing"}),
    "arrive": frozenset({"zone-changes"}),
    "gain": frozenset({"life"}),
    "lose": frozenset({"life"}),
    "damage": frozenset({"damage", "life"}),
    "end_turn": frozenset({"durations"}),
    "token": frozenset({"planeswalker-copy-exception", "copy-effects", "token-copies", "planeswalkers", "counters"}),
    "later": frozenset({"emblems", "static-abilities", "locked-sets"}),
}
"""The kinds of steps, with the features each needs (conformance/format/features.py derives them)."""

_PLAYERS_RELATION = ("you", "opponent", "each")
_TEXTS = ("Whenever you cast a spell, draw a card.", "At the beginning of your upkeep, scry 1.")


def _allowed(needs: frozenset[str], allowed: frozenset[str]) -> bool:
    return all(can(feature, allowed) for feature in needs)


def usable(features: frozenset[str]) -> bool:
    """Whether emblem scenarios can be generated for an engine with ``features``: emblems (with a
    step to see them by), or the planeswalker copy exception with what its tokens need."""
    return _allowed(STEP_FEATURES["emblem"], features) or _allowed(STEP_FEATURES["token"], features)


def _ability(draw: Chooser, kinds: list[str]) -> dict[str, Any]:
    kind = draw.sample(kinds)
    if kind == "anthem":  # "creatures you control get +1/+1" (613.4c)
        amount = draw.integer(1, 2)
        return {"static_pt": {"effect": "modify_pt", "affects": {"types": ["creature"], "controller": draw.sample(
            ("you", "opponent"))}, "power": amount, "toughness": amount}}
    if kind == "setter":  # "creatures you control are 4/4" (613.4b)
        return {"static_pt": {"effect": "set_pt", "affects": {"types": ["creature"], "controller": "you"},
                              "power": draw.integer(1, 5), "toughness": draw.integer(1, 5)}}
    if kind == "wings":  # "creatures you control have flying" (613.1f)
        return {"static": {"affects": {"types": ["creature"], "controller": "you"},
                           "becomes": {"gains": [{"keyword": "flying"}]}}}
    if kind in ("cant_gain_life", "cant_lose_life", "double_life_loss"):
        return {kind: {"player": draw.sample(_PLAYERS_RELATION)}}
    if kind == "text":
        return {"text": draw.sample(_TEXTS)}
    return {kind: {}}


class _Board:
    """What the drawn steps have done so far, as far as drawing the next needs it."""

    def __init__(self, walker: int | None) -> None:
        self.loyalty = walker  # the planeswalker's loyalty counters, None: none or gone
        self.activated = False  # its loyalty ability this turn (606.3)
        self.silenced = False  # its abilities taken until end of turn
        self.arrived = False  # the creature card in hand has entered
        self.emblems = 0
        self.tokens = 0
        self.drawn: set[str] = set()  # the emblem ability kinds drawn


@st.composite
def emblem_scenarios(draw: Any, *, features: frozenset[str], max_steps: int = 6) -> Case:
    """A scenario about emblems and the planeswalker copy exception, within ``features``."""
    draw = Chooser.of(draw)
    allowed = frozenset(features)
    objects: dict[str, Any] = {
        "a1": {"card": {"types": ["creature"], "power": draw.integer(1, 4), "toughness": draw.integer(1, 4)}},
        "b1": {"card": {"types": ["creature"], "power": draw.integer(1, 4), "toughness": draw.integer(1, 4)},
               "owner": BLAIR},
    }
    if _allowed(STEP_FEATURES["arrive"], allowed) and draw.boolean():
        objects["h1"] = {"card": {"types": ["creature"], "power": 2, "toughness": 2}, "zone": "hand"}
    walker = None
    if (_allowed(STEP_FEATURES["loyalty"], allowed) or _allowed(STEP_FEATURES["token"], allowed)) and draw.boolean():
        walker = draw.integer(1, 4)
        objects["walker"] = {"card": {"name": "Walker", "types": ["planeswalker"], "loyalty": walker},
                             "owner": draw.sample(PLAYERS[:2]), "counters": {"loyalty": walker}}
        if _allowed(STEP_FEATURES["loyalty"], allowed):  # its loyalty ability makes emblems (114.1)
            objects["walker"]["card"]["abilities"] = [{"loyalty_ability": {"name": "emblem",
                                                                           "cost": draw.sample((0, -1, 1))}}]
        else:
            walker = None  # no ability to activate
    board = _Board(walker)
    steps: list[dict[str, Any]] = []
    for _ in draw.sizes(1, max_steps):  # each step in its own span: the shrinker deletes it whole
        steps.extend(_step(draw, objects, board, allowed))
    seen = [*objects, *(f"e{i}" for i in range(1, board.emblems + 1)), *(f"t{i}" for i in range(1, board.tokens + 1))]
    steps.append({"expect": {"objects": dict.fromkeys(seen, {}),
                             "players": {ALEX: {}, BLAIR: {}} if "life" in allowed else {}}})
    if "life" not in allowed:
        del steps[-1]["expect"]["players"]
    return build_case(objects, steps, summary="Emblems and the planeswalker copy exception, generated.",
                      case_id="114.1/generated")


_WEIGHTS = {"emblem": 3, "later": 3, "loyalty": 2, "token": 2}
"""How often each kind of step is drawn, against 1 for the others: what the property is about."""


def _kinds(allowed: frozenset[str]) -> list[str]:
    """The kinds of steps ``allowed`` permits, each as many times as its weight: the same list
    whatever the board, so that a step's kind stays what it was while the shrinker takes the board
    apart (one that can't happen on the board as it is, such as a creature entering that is not in
    the hand, is left out)."""
    return [kind for kind, needs in STEP_FEATURES.items() if _allowed(needs, allowed)
            for _ in range(_WEIGHTS.get(kind, 1))]


def _step(draw: Chooser, objects: dict[str, Any], board: _Board, allowed: frozenset[str]) -> list[dict[str, Any]]:
    kinds = _kinds(allowed)
    if not kinds:
        return []
    kind = draw.sample(kinds)
    if kind == "loyalty" and (board.loyalty is None or board.activated or board.silenced):
        return []  # no planeswalker with its ability, or activated this turn already (606.3)
    if kind == "arrive" and (board.arrived or "h1" not in objects):
        return []
    creatures = ["a1", "b1", *(["h1"] if board.arrived else [])]
    if kind in ("emblem", "loyalty"):
        return _emblem(draw, objects, board, allowed, loyalty=kind == "loyalty")
    if kind == "later":
        return _later(draw, board, allowed)
    if kind in ("modify", "set"):
        amount = draw.integer(-1, 3) if kind == "modify" else draw.integer(1, 4)
        return [{f"{kind}_pt": {"to": draw.sample(creatures), "power": amount, "toughness": max(amount, 1)}}]
    if kind == "each":  # a locked set (611.2c): creatures the effect's controller controls now
        return [{"modify_pt": {"to_each": {"types": ["creature"], "controller": "you"}, "power": 1, "toughness": 1,
                               "controller": draw.sample(PLAYERS[:2])}}]
    if kind == "artifacts":  # each permanent, not an emblem (114.5)
        change: dict[str, Any] = {"add_types": ["artifact"]}
        if _allowed(STEP_FEATURES["strip"], allowed) and draw.boolean():
            change["loses_all_abilities"] = True
            board.silenced = True
        return [{"become": {"to_each": {}, **change}}]
    if kind == "strip":
        return [{"become": {"to": draw.sample(creatures), "loses_all_abilities": True}}]
    if kind == "arrive":
        board.arrived = True
        return [{"move": {"object": "h1", "to": "battlefield"}}]
    if kind in ("gain", "lose"):
        return [{f"{kind}_life": {"player": draw.sample(PLAYERS[:2]), "amount": draw.integer(1, 5)}}]
    if kind == "damage":
        source = draw.sample(("a1", "b1"))
        return [{"damage": {"source": source, "to": draw.sample(PLAYERS[:2]), "amount": draw.integer(1, 6)}}]
    if kind == "end_turn":
        board.activated = board.silenced = False
        return [{"end_turn": {}}]
    return _token(draw, objects, board)


def _emblem(draw: Chooser, objects: dict[str, Any], board: _Board, allowed: frozenset[str], *,
            loyalty: bool) -> list[dict[str, Any]]:
    """A player gets an emblem (114.2): after the planeswalker's loyalty ability is activated (its
    controller gets it), or from some other effect (either player)."""
    steps: list[dict[str, Any]] = []
    if loyalty:
        walker = objects["walker"]
        cost = walker["card"]["abilities"][0]["loyalty_ability"]["cost"]
        if board.loyalty is None or board.loyalty + cost < 0:  # 606.5: the cost can't be paid
            return []
        steps.append({"activate": {"object": "walker", "ability": "emblem"}})
        board.loyalty += cost
        board.activated = True
        if board.loyalty == 0:  # 704.5i: it goes to the graveyard before the ability resolves
            board.loyalty = None
        controller = walker.get("controller", walker["owner"])
    else:
        controller = draw.sample(PLAYERS[:2])
    kinds = [k for k, needs in ABILITY_FEATURES.items() if _allowed(needs, allowed)]
    if "life_floor" in board.drawn or "double_life_loss" in board.drawn:  # refused beside each other (616.1)
        kinds = [k for k in kinds if k not in ("life_floor", "double_life_loss")]
    abilities = []
    for _ in draw.sizes(1, 2):
        ability = _ability(draw, kinds)
        abilities.append(ability)
        (key, body), = ability.items()
        board.drawn.add(key if key not in ("static_pt", "static") else "static")
        if key in ("life_floor", "double_life_loss"):
            kinds = [k for k in kinds if k not in ("life_floor", "double_life_loss")]
    board.emblems += 1
    emblem: dict[str, Any] = {"emblem": f"e{board.emblems}", "abilities": abilities}
    if controller != ALEX:
        emblem["controller"] = controller
    return [*steps, {"create_emblem": emblem}]


def _later(draw: Chooser, board: _Board, allowed: frozenset[str]) -> list[dict[str, Any]]:
    """An effect on every creature, then an emblem whose static ability does the same kind of thing
    to the creatures its controller controls: the emblem's is the later timestamp (613.7a, 613.7d),
    so it wins in layer 7b (a setting) or layer 6 (flying after all abilities are taken). Or an
    anthem emblem, then an effect on each permanent, which is no effect on the emblem (114.5)."""
    options = [kind for kind, needs in (("set", {"layer-7b"}), ("strip", {"ability-changing"}),
                                        ("permanents", {"type-changing", "layer-7c"}))
               if _allowed(frozenset(needs), allowed)]
    if not options:
        return []
    board.emblems += 1
    emblem: dict[str, Any] = {"emblem": f"e{board.emblems}"}
    option = draw.sample(options)
    if option == "permanents":  # an emblem, then an effect on each permanent: not on it (114.5)
        emblem["abilities"] = [_ability(draw, ["anthem"])]
        change: dict[str, Any] = {"add_types": ["artifact"]}
        if _allowed(STEP_FEATURES["strip"], allowed) and draw.boolean():
            change["loses_all_abilities"] = True
            board.silenced = True
        return [{"create_emblem": emblem}, {"become": {"to_each": {}, **change}}]
    if option == "set":
        first: dict[str, Any] = {"set_pt": {"to_each": {"types": ["creature"]}, "power": draw.integer(1, 3),
                                            "toughness": draw.integer(1, 3)}}
        emblem["abilities"] = [_ability(draw, ["setter"])]
    else:
        first = {"become": {"to_each": {"types": ["creature"]}, "loses_all_abilities": True}}
        emblem["abilities"] = [_ability(draw, ["wings"])]
    controller = draw.sample(PLAYERS[:2])
    if controller != ALEX:
        emblem["controller"] = controller
    return [first, {"create_emblem": emblem}]


def _token(draw: Chooser, objects: dict[str, Any], board: _Board) -> list[dict[str, Any]]:
    """A token copy of the planeswalker (or a creature) with exceptions that apply only if it would
    be a planeswalker or a creature (707.9f); now and then "except it's a creature" first, so the
    planeswalker's copy is none."""
    original = "walker" if "walker" in objects and draw.boolean() else draw.sample(("a1", "b1"))
    exceptions: dict[str, Any] = {}
    if draw.integer(0, 3) == 3:  # "except it's a 4/4 creature": the copy is no planeswalker
        exceptions.update(types=["creature"], power=4, toughness=4)
    exceptions["if_planeswalker"] = draw.sample(({"enters_with_counters": {"loyalty": draw.integer(1, 2)}},
                                                 {"name": "Echo"}))
    if draw.boolean():
        exceptions["if_creature"] = {"enters_with_counters": {"+1/+1": 1}}
    board.tokens += 1
    return [{"create_token": {"token": f"t{board.tokens}", "copy_of": original, "exceptions": exceptions}}]
