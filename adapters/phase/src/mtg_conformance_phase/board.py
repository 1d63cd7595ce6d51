"""Board set-up: one case's game in phase, dealt, forked and set up as the case starts, and the
primitives that drive it.

The dealt game (cards in hand, every mulligan kept, debug mode on) is prepared once per card
database and decks and forked (``state()`` / ``load_game``) for every case that deals the same;
the case's board is then set up with phase's debug actions: cards moved to their zones in
declaration order, so timestamps follow it (CR 613.7d), control, counters, life totals (119.1),
then state-based actions are performed. The primitives pass priority, resolve the stack and give
priority to a player (117.3d), and check that no player has lost (104.2a, 800.4a).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.bindings import MAX_PASSES, SEED, ZONES, AdapterFault, _phase
from mtg_conformance_phase.plan import Plan, counter_kind
from mtg_conformance_phase.player_counters import modify
from mtg_conformance_phase.same_name import give_names
from mtg_conformance_phase.redirection import ANY_SOURCE
from mtg_conformance_phase.unpreventable import end_restrictions
from conformance.errors import Unsupported

# --- driving the game ---------------------------------------------------------------------------


def _action(data: Mapping[str, Any]):
    return _phase().GameAction.from_dict(data)


PASS = {"type": "PassPriority"}
KEEP = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}


def _is_creature_on_battlefield(obj: Mapping[str, Any]) -> bool:
    return obj.get("zone") == "Battlefield" and "Creature" in ((obj.get("card_types") or {}).get("core_types") or ())


def _targets(ability: Mapping[str, Any] | None) -> list:
    """Every target chosen for a spell on the stack, along its chain of sub-abilities."""
    out = []
    while ability:
        out.extend(ability.get("targets") or ())
        ability = ability.get("sub_ability")
    return out


STACK = "Stack"
"""A spell the case declares on the stack and only observes (or takes as a damage source, whose
damage the spell standing in for it deals: .plan._plan_damage): put in phase's stack zone with debug
``MoveToZone``, the board set as declared, as for the other zones. It is no entry of phase's stack,
so nothing resolves it, as nothing in the case does (CR 405.1, 112.1: a spell, controlled by its
caster)."""


class Board:
    """One case's game in phase: its board set up, and the primitives that drive it. ``adapter``
    is the :class:`PhaseEngine` whose caches it uses (the package imports this module, not the
    other way round, so it is typed ``Any`` here)."""

    def __init__(self, adapter: Any, case: Mapping[str, Any], plan: Plan):
        self.adapter = adapter
        self.case = case
        self.plan = plan
        self.seat = {name: i for i, name in enumerate(plan.players)}
        self.engine = adapter.engine_for(plan)
        self.game: Any = None
        self.ids: dict[str, int] = {}            # object id or spell name -> phase object id
        self.zones: dict[str, str] = {}          # spell name -> phase zone, until it is cast
        self.active = 0                          # the active player's seat
        self.effects: dict[str, list[int]] = {}  # scenario effect id -> phase continuous effect ids
        self.lazy: dict[str, int] = {}           # scenario effect id -> spell (phase id) that made it alone
        self.lasting: list[int] = []             # spells whose effects last until ended, not yet made to

    # setup

    def start(self) -> None:
        """The board as the case starts. The dealt game (cards in hand, every mulligan kept, debug
        mode on) is prepared once per card database and decks and forked for every later case
        that deals the same (``load_game``); the case's board is then set up in it."""
        decks = [self.plan.deck(seat, self.case) for seat in range(self.plan.seats)]
        key = json.dumps([self.plan.key, decks, self.plan.names])
        prepared = self.adapter.forks.get(key)
        if prepared is None:
            fmt = "Standard" if self.plan.seats == 2 else "FreeForAll"
            self.game = self.engine.new_game(decks[0], decks[1], extra_players=decks[2:] or None, seed=SEED,
                                             format=fmt, first_player=0)
            for _ in range(MAX_PASSES):
                waiting = self.waiting()
                if waiting["type"] != "MulliganDecision":
                    break
                self.game.apply(waiting["data"]["pending"][0]["player"], _action(KEEP))
            state = self.game.state()
            state["state"]["debug_mode"] = True  # debug actions set the board up
            cards = sorted((o["id"], o["name"], o["owner"], o["zone"]) for o in state["state"]["objects"].values())
            give_names(state, self.plan.names)  # CR 201.2: a second card of one name (.same_name)
            prepared = (json.dumps(state), cards)
            self.adapter.remember(key, prepared)
        else:
            self.adapter.forks.move_to_end(key)
        state_json, cards = prepared
        self.game = self.engine.load_game(state_json)
        zones = self._map_ids(cards)
        # where each spell is before any is cast: a permanent declared with a P/T choice is cast by one as the
        # board is set up (.choosing), and with a large deck the spell may still be in the library
        self.zones = {name: zones[self.ids[name]] for name in self.plan.spells}
        for oid, spec in self.case["objects"].items():  # declaration order: timestamps follow it (613.7d)
            if oid not in self.plan.objects:  # a spell on the stack standing only as a damage source
                continue
            choice = self.plan.entering.get(oid)
            if choice is not None:  # CR 614.12, 707.5: it entered making its choice (.entering, .choosing)
                kind, chosen = choice
                if kind == "pt":  # CR 208.2b: cast from its owner's hand, the choice made in phase (.choosing)
                    self.enter_cast_choosing(oid, *chosen, setup=True)
                else:
                    self.enter_as_copy(oid, chosen) if kind == "copy" else self.enter_choosing(oid, chosen)
            elif spec.get("face_down"):  # CR 708.2a, 708.4: phase's own face-down permanent (.face_down)
                self.enter_face_down(oid, setup=True)
            elif zones[self.ids[oid]] != ZONES.get(spec["zone"], STACK):
                self.debug("MoveToZone", {"object_id": self.ids[oid], "to_zone": ZONES.get(spec["zone"], STACK),
                                          "simulate": False})
            if spec["zone"] in ("battlefield", "stack") and spec.get("controller") not in (None, spec["owner"]):
                self.debug("SetController", {"object_id": self.ids[oid], "controller": self.seat[spec["controller"]]})
            counters = dict(spec.get("counters", {}))
            if spec["zone"] == "battlefield" and spec["card"].get("loyalty") is not None:
                # CR 306.5b, the format's reading: a planeswalker declared on the battlefield with no loyalty
                # counters entered before the case began, with its printed loyalty
                counters.setdefault("loyalty", spec["card"]["loyalty"])
            for kind, count in counters.items():
                if count:
                    self.debug("ModifyCounters", {"object_id": self.ids[oid], "counter_type": counter_kind(kind),
                                                  "delta": count})
        for name, state in (self.case.get("player_states") or {}).items():
            if state.get("life", 20) != 20:  # CR 119.1: 20 unless the case says otherwise
                self.debug("SetLife", {"player_id": self.seat[name], "life": state["life"]})
            for kind, count in (state.get("counters") or {}).items():  # CR 122.1 (.player_counters)
                if count:
                    modify(self.debug, self.seat[name], kind, count)
        self.state_based_actions()

    def _map_ids(self, cards: list[tuple[int, str, int, str]]) -> dict[int, str]:
        """Which of phase's cards (id, name, owner, zone) is each object and spell; their zones."""
        by_card: dict[tuple[str, int], list[int]] = {}
        for card_id, name, owner, _ in cards:
            by_card.setdefault((name, owner), []).append(card_id)
        wanted = [(oid, self.plan.objects[oid], self.seat[spec["owner"]]) for oid, spec in self.case["objects"].items()
                  if oid in self.plan.objects]
        wanted += [(name, name, self.seat[caster]) for name, caster in self.plan.spells.items()]
        for key, name, owner in wanted:
            pool = by_card.get((name, owner))
            if not pool:
                raise AdapterFault(f"phase dealt no card {name!r} to seat {owner}")
            self.ids[key] = pool.pop(0)
        return {card_id: zone for card_id, _, _, zone in cards}

    # primitives

    def waiting(self) -> dict[str, Any]:
        return self.game.waiting_for()

    def actor(self) -> int:
        data = self.waiting().get("data")
        return data.get("player", self.active) if isinstance(data, Mapping) else self.active

    def debug(self, kind: str, data: Mapping[str, Any] | None = None) -> None:
        inner = {"type": kind} if data is None else {"type": kind, "data": dict(data)}
        self.game.apply(self.actor(), _action({"type": "Debug", "data": inner}))

    def state_based_actions(self) -> None:
        if self.waiting()["type"] != "GameOver":  # a game that is over has no more state-based actions
            self.debug("RunStateBasedActions")

    def obj(self, oid: str) -> dict[str, Any]:
        if oid in self.plan.tokens and self._token(oid) is None:
            raise Unsupported(f"a step on the token {oid!r}, which does not exist (none got that name, or it ceased to "
                              "exist, CR 111.7, 704.5d)")
        return self.game.object(self.ids[oid])

    def _token(self, name: str) -> dict[str, Any] | None:
        """A token of the case as phase has it, or None: no token got this name, or phase has removed
        it (it left the battlefield and ceased to exist, CR 111.7, 704.5d)."""
        if name not in self.ids:
            return None
        try:
            token = self.game.object(self.ids[name])
        except ValueError:  # phase has removed it: it ceased to exist
            return None
        return token or None  # in another zone it is phase's to remove (704.5d): reported where phase has it

    def reload(self, state: Mapping[str, Any]) -> None:
        self.game = self.engine.load_game(state)

    def pass_priority(self) -> None:
        self.game.apply(self.actor(), _action(PASS))

    def resolve_stack(self, until: int = 0) -> None:
        """Priority passed until phase's stack holds only ``until`` entries: those waiting under
        what was just put on it (.late_targets)."""
        for _ in range(MAX_PASSES):
            waiting = self.waiting()
            if waiting["type"] == "GameOver":  # the spell made a player lose, ending a game of two (CR 104.2a)
                return
            if self.plan.triggers and (waiting["type"] == "OrderTriggers" or (waiting["type"] == "Priority" and all(
                    item["kind"]["type"] == "TriggeredAbility" for item in self.game.stack()) and self.game.stack())):
                return  # CR 603.3: what triggered waits for the case's resolve_triggers step (.triggers)
            if self.answer_token_copy(waiting):  # CR 707.5: a token copy of a Clone entering as a copy (.entering)
                continue
            if waiting["type"] == "ReplacementChoice":  # CR 616.1: the affected object's controller orders them
                self.answer_replacement_choice(waiting)
                continue
            if waiting["type"] == "DamageSourceChoice":  # CR 614.9: a redirection's source, chosen as it resolves
                self.answer_damage_source_choice(waiting)
                continue
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} while its stack resolves: {json.dumps(waiting)[:300]}")
            if len(self.game.stack()) <= until:
                return
            self.pass_priority()
        raise AdapterFault("phase's stack did not resolve")

    def answer_token_copy(self, waiting: Mapping[str, Any]) -> bool:
        return False

    def answer_replacement_choice(self, waiting: Mapping[str, Any]) -> None:
        """Which replacement effect applies first (CR 616.1): only a kind of event the adapter knows
        is answered (``.counters``)."""
        raise AdapterFault(f"phase asks to order replacement effects: {json.dumps(waiting)[:300]}")

    chosen_source: int | str | None = None  # phase's id of the source a resolving redirection chooses, or ANY_SOURCE
    # where no later damage can meet it (.redirection)

    def end_unpreventable(self, before: list[Any] | None) -> None:
        """CR 615.12: once damage that can't be prevented is dealt, the restriction dealing it ends
        (``before``: phase's restrictions before; None: none was added, .unpreventable)."""
        if before is None or self.waiting()["type"] == "GameOver":
            return
        state = self.game.state()
        if end_restrictions(state, before):
            self.reload(state)

    def answer_damage_source_choice(self, waiting: Mapping[str, Any]) -> None:
        """The source of damage the resolving spell's controller chooses (CR 614.9): the case's."""
        options = waiting["data"].get("options") or []
        if self.chosen_source is None:
            raise AdapterFault(f"phase asks to choose a source of damage: {json.dumps(waiting)[:300]}")
        if self.chosen_source == ANY_SOURCE and options:  # CR 614.9: no later damage meets it, whichever is chosen
            self.chosen_source = options[0]
        if self.chosen_source not in options:
            raise Unsupported(f"phase does not offer the source of the redirected damage (its options: {options})")
        self.game.apply(waiting["data"]["player"], _action({"type": "ChooseDamageSource",
                                                            "data": {"source": self.chosen_source}}))

    def give_priority(self, seat: int) -> None:
        """Priority to ``seat``: the players before it pass (CR 117.3d); a spell waiting on the
        stack (.late_targets) does not resolve meanwhile, as ``seat`` has not passed."""
        depth = len(self.game.stack())
        for _ in range(self.plan.seats + 1):
            waiting = self.waiting()
            if waiting["type"] != "Priority":
                raise AdapterFault(f"phase asks {waiting['type']} where priority was expected")
            if len(self.game.stack()) != depth:
                raise AdapterFault(f"phase's stack resolved as priority was passed to seat {seat}")
            if waiting["data"]["player"] == seat:
                return
            self.pass_priority()
        raise AdapterFault(f"priority did not come to seat {seat}")

    def check_nobody_lost(self, why: str) -> None:
        """A player who lost leaves the game: in a game of two the game is over (CR 104.2a), in a
        multiplayer game every object they own leaves it too (800.4a), which phase does by exiling
        them. The suite's scenarios keep such a player's objects and go on playing: unsupported."""
        lost = [name for name, seat in self.seat.items() if self.game.player(seat).get("is_eliminated")]
        if lost:
            what = "ended it" if self.waiting()["type"] == "GameOver" else "removed them from it"
            raise Unsupported(f"{', '.join(lost)} lost the game, and phase {what} (CR 104.2a, 800.4a): {why}")
