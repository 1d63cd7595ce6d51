"""Scenarios about the trigger events and effects of issue 41 (CR 508.3a, 510.3a, 503.1a, 513.1a,
603.6a, 708.8, 122.1, 400.7d, 608.2h): :func:`trigger_event_scenarios`, reached only through the
property ``603.2/trigger-events-agree-with-reference`` (conformance/laws/trigger_events.py), so that
no other property's examples change.

A board of two players: Alex's creatures (some with first strike, double strike or counters), a
face-down creature with morph, an artifact with charge counters, a land in her hand, Blair's
blockers and a planeswalker; one to three triggered abilities among them, each waiting for one of
the events (attacks, combat damage to a player, the beginning of an upkeep or end step, a land
entering, turned face up, counters removed, a creature dying) with one of the effects (gain or lose
life, put or remove counters, +N/+M, damage, return the card), amounts that may be ``that_many`` or
``its_power``. Then two to five steps: a combat, the beginning of a step, turning the face-down
creature face up, removing or putting counters, a land or a creature moving, damage, a cleanup.

The realizer plays every step on the reference engine as it is drawn: where triggered abilities
wait, it draws their order (a ``resolve_triggers`` step after the step, a combat's
``attack_triggers`` or ``first_strike_triggers``, 603.3b); a step the reference engine refuses
(an illegal attack, two abilities triggering at once while the stack resolves) is left out.
Everything is drawn only as the engine's features allow.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from conformance import CR_VERSION
from conformance.errors import Unsupported
from conformance.format.features import RULES
from conformance.format.model import Case
from conformance.reports.text import rule_key

TRIGGER_EVENT_FEATURES = frozenset({"attack-triggers", "combat-damage-triggers", "step-triggers", "face-up-triggers",
                                    "counters-removed-triggers", "trigger-counter-removal", "trigger-returns",
                                    "trigger-power-amounts"})
"""The features of issue 41's trigger events and effects: a scenario needs at least one."""

PLAYERS = ["Alex", "Blair"]


def _events(allowed: frozenset[str]) -> list[list[tuple[str, Any]]]:
    """The trigger events the engine's features allow, by kind (each kind is drawn as often)."""
    events: list[tuple[str, Any]] = []
    if "attack-triggers" in allowed:
        events += [("attacks", {"itself": True}), ("attacks", {"types": ["creature"], "controller": "you"}),
                   ("attacks", {"types": ["creature"]})]
    if "combat-damage-triggers" in allowed:
        events += [("combat_damage_to_player", {"itself": True}), ("combat_damage_to_player", {"controller": "you"})]
    if "step-triggers" in allowed:
        events += [("beginning_of_step", {"step": step, "player": who})
                   for step, who in (("upkeep", "you"), ("upkeep", "opponent"), ("end", "you"), ("end", "opponent"),
                                     ("end", "each"))]
    if "face-up-triggers" in allowed:
        events += [("turned_face_up", {"itself": True}), ("turned_face_up", {"controller": "you"})]
    if "counters-removed-triggers" in allowed:
        events += [("counters_removed", {"kind": "charge", "on": {"types": ["artifact"]}}),
                   ("counters_removed", {"kind": "+1/+1", "on": {"itself": True}}),
                   ("counters_removed", {"kind": "+1/+1", "on": {"types": ["creature"]}}),
                   ("counters_removed", {"kind": "loyalty", "on": {"types": ["planeswalker"]}})]
    if "event-triggers" in allowed:
        events += [("enters", {"types": ["land"], "controller": "you"}),  # landfall (603.6a)
                   ("enters", {"types": ["creature"], "controller": "you"})]
        if "zone-changes" in allowed:
            events += [("dies", {"itself": True}), ("dies", {"types": ["creature"], "controller": "you"})]
    kinds: dict[str, list[tuple[str, Any]]] = {}
    for kind, body in events:
        kinds.setdefault(kind, []).append((kind, body))
    return list(kinds.values())


_AMOUNT_EVENTS = ("combat_damage_to_player", "counters_removed")
_PLAYER_EVENTS = ("combat_damage_to_player", "beginning_of_step")


def _amount(draw, event: str, allowed: frozenset[str], high: int = 3) -> int | str:
    choices: list[int | str] = [0, *range(1, high + 1), *range(1, high + 1)]  # 0 seldom: it shows nothing
    if event in _AMOUNT_EVENTS:
        choices += ["that_many"] * (6 if event == "counters_removed" else 2)
    if "trigger-power-amounts" in allowed:
        choices += ["its_power"] * 3
    return draw(st.sampled_from(choices))


def _effect(draw, event: str, allowed: frozenset[str], host_is_creature: bool) -> dict[str, Any] | None:
    """An effect for a triggered ability waiting for ``event`` (never one that loops forever)."""
    kinds = []
    if "life" in allowed:
        kinds += ["gain_life", "lose_life"]
    if "counters" in allowed:
        kinds += ["put_counters"]
    if "trigger-counter-removal" in allowed:
        kinds += ["remove_counters"]
    if "layer-7c" in allowed and host_is_creature:
        kinds += ["modify_pt"]
    if "damage" in allowed and event in _PLAYER_EVENTS and host_is_creature:
        kinds += ["damage"]
    if "trigger-returns" in allowed and event == "dies":
        kinds += ["return_card"] * 8
    if "life" in allowed and event in _AMOUNT_EVENTS:
        kinds += ["gain_life"] * 2  # "you gain that much life": the amount shows
    if not kinds:
        return None
    kind = draw(st.sampled_from(kinds))
    if event == "counters_removed" and "life" in allowed and draw(st.booleans()):
        return {"gain_life": {"amount": "that_many"}}  # "you gain that much life": how many were removed
    amount = _amount(draw, event, allowed)
    if kind == "gain_life":
        return {"gain_life": {"amount": amount}}
    if kind == "lose_life":
        return {"lose_life": {"amount": amount, "player": draw(st.sampled_from(
            ["each_opponent", "you", "that"] if event in _PLAYER_EVENTS else ["each_opponent", "you"]))}}
    if kind == "put_counters":
        return {"put_counters": {"kind": "+1/+1", "count": amount}}
    if kind == "remove_counters":
        return {"remove_counters": {"kind": draw(st.sampled_from(["+1/+1", "charge"])), "count": amount}}
    if kind == "modify_pt":
        return {"modify_pt": {"power": amount, "toughness": _amount(draw, event, allowed)}}
    if kind == "damage":
        return {"damage": {"amount": amount, "to": "that"}}
    return {"return_card": {"to": draw(st.sampled_from(["hand", "battlefield"])),
                            "object": draw(st.sampled_from(["itself", "that"]))}}


def _board(draw, allowed: frozenset[str]) -> dict[str, Any]:
    objects: dict[str, Any] = {}
    keywords = [k for k, f in (("first strike", "first-strike"), ("double strike", "first-strike")) if f in allowed]
    for index in range(draw(st.integers(1, 3))):
        card: dict[str, Any] = {"types": ["creature"], "power": draw(st.integers(0, 4)), "toughness": draw(st.integers(1, 4))}
        if keywords and draw(st.integers(0, 3)) == 3:
            card["abilities"] = [{"keyword": draw(st.sampled_from(keywords))}]
        spec: dict[str, Any] = {"card": card}
        if "counters" in allowed and draw(st.booleans()):
            spec["counters"] = {"+1/+1": draw(st.integers(1, 2))}
        objects[f"c{index + 1}"] = spec
    if "combat" in allowed:
        for index in range(draw(st.integers(0, 2))):
            objects[f"guard{index + 1}"] = {"card": {"types": ["creature"], "power": draw(st.integers(0, 3)),
                                                 "toughness": draw(st.integers(1, 4))}, "owner": "Blair"}
    if "face-down" in allowed and draw(st.integers(0, 3)):
        objects["hidden"] = {"card": {"types": ["creature"], "power": draw(st.integers(1, 4)), "toughness": 3,
                                      "abilities": [{"morph": "{2}"}]}, "face_down": True}
    if "counters" in allowed and draw(st.booleans()):
        objects["battery"] = {"card": {"types": ["artifact"]}, "counters": {"charge": draw(st.integers(1, 3))}}
    if "counters" in allowed and "combat" in allowed:  # blockers with counters (a "counters removed" ability's)
        for guard in (o for o in objects if o.startswith("guard")):
            if draw(st.integers(0, 3)) == 3:
                objects[guard]["counters"] = {"+1/+1": draw(st.integers(1, 2))}
    if "zone-changes" in allowed and draw(st.booleans()):
        objects["land"] = {"card": {"types": ["land"]}, "zone": "hand"}
    if "planeswalkers" in allowed and draw(st.booleans()):
        objects["walker"] = {"card": {"types": ["planeswalker"], "loyalty": draw(st.integers(2, 5))},
                             "owner": draw(st.sampled_from(PLAYERS))}
    return objects


def _abilities(draw, objects: dict[str, Any], allowed: frozenset[str]) -> None:
    """One to three triggered abilities on Alex's permanents (hosts drawn), and an enchantment."""
    events = _events(allowed)
    if not events:
        return
    hosts = [oid for oid, spec in objects.items() if spec.get("owner", "Alex") == "Alex"
             and spec.get("zone", "battlefield") == "battlefield" and oid not in ("walker", "hidden")] + ["relic"]
    theme = draw(st.sampled_from(events))  # most abilities of a board wait for one kind of event
    for index in range(draw(st.integers(1, 4))):
        kind, body = draw(st.sampled_from(theme if index == 0 or not draw(st.integers(0, 2)) else draw(st.sampled_from(events))))
        if kind == "turned_face_up" and body == {"itself": True}:
            host = "hidden"  # 708.2a: a face-down permanent has no abilities, until turned face up
        elif kind == "attacks" and any(o.startswith("guard") for o in objects) and draw(st.booleans()):
            body = {"itself": True}  # a blocker's own "whenever this creature attacks" (508.3a: it never triggers)
            host = draw(st.sampled_from([o for o in objects if o.startswith("guard")]))
        else:
            host = draw(st.sampled_from(hosts))
        if host == "relic" and host not in objects:  # an enchantment of Alex's, made when it hosts one
            objects["relic"] = {"card": {"types": ["enchantment"]}}
        if host not in objects:
            continue
        spec = objects[host]
        creature = "creature" in spec["card"]["types"]
        if body == {"itself": True} and kind in ("attacks", "combat_damage_to_player", "dies") and not creature:
            continue
        if kind == "counters_removed" and body["on"] == {"itself": True} and not creature:
            continue
        if kind == "counters_removed" and body["on"] == {"itself": True} and not spec.get("counters"):
            spec["counters"] = {"+1/+1": draw(st.integers(1, 2))}  # something to remove
        if kind == "counters_removed" and body["kind"] == "charge" and "battery" not in objects:
            objects["battery"] = {"card": {"types": ["artifact"]}, "counters": {"charge": draw(st.integers(1, 3))}}
        effect = _effect(draw, kind, allowed, creature)
        if effect is None:
            continue
        ability = {"triggered": {"name": f"t{index + 1}", "when": f"a {kind} event", "event": {kind: body},
                                 "effect": effect}}
        spec["card"]["abilities"] = [*spec["card"].get("abilities", []), ability]
        if kind == "turned_face_up" and "life" in allowed and draw(st.booleans()):  # 708.8: it does not enter
            objects.setdefault("relic", {"card": {"types": ["enchantment"]}})
            objects["relic"]["card"]["abilities"] = [*objects["relic"]["card"].get("abilities", []), {"triggered": {
                "name": f"e{index + 1}", "when": "a creature you control enters",
                "event": {"enters": {"types": ["creature"], "controller": "you"}}, "effect": {"gain_life": {"amount": 1}}}}]


class _Mismatch(Exception):
    """The probe met triggered abilities waiting whose order the case does not script yet."""

    def __init__(self, step: int, field: str, names: list[str]):
        super().__init__(step, field, names)
        self.step, self.field, self.names = step, field, names


def _probe(raw: dict[str, Any]) -> None:
    """Play ``raw`` on the reference engine; raise :class:`_Mismatch` where abilities wait that no
    order of the case names (603.3b), Unsupported where it refuses."""
    from reference_engine import triggers
    from reference_engine.game import Game
    from reference_engine.triggers import TriggersNotAsScripted

    class Probe(Game):
        where = (0, "order")

        def stack_triggers(self, order):
            names = [p.name for p in triggers.waiting(self)]
            if (order and Counter(order) != Counter(names)) or (not order and len(names) > 1):
                raise _Mismatch(*self.where, names)
            super().stack_triggers(order)

        def declared_in_combat(self, creatures, *, attacking):
            self.where = (self.where[0], "attack_triggers" if attacking else "first_strike_triggers")
            super().declared_in_combat(creatures, attacking=attacking)

        def perform_action(self, step):
            self.where = (next(i for i, s in enumerate(self.case.steps) if s is step), "order")
            try:
                super().perform_action(step)
            except TriggersNotAsScripted:  # a combat met two or more waiting with no order (508.3a, 510.3a)
                raise _Mismatch(*self.where, [p.name for p in triggers.waiting(self)]) from None

    case = Case.from_dict({**raw, "summary": "-"}, cr=CR_VERSION, derive=False)
    Probe(case).run()


def _play(draw, raw: dict[str, Any], step: dict[str, Any]) -> None:
    """Add ``step`` to ``raw`` with the orders the abilities it makes wait need (603.3b); leave it
    out if the reference engine refuses it."""
    from reference_engine.triggers import TriggersNotAsScripted

    steps = raw["steps"]
    steps.append(step)
    for _ in range(4):
        try:
            _probe({**raw, "steps": [*steps, {"resolve_triggers": {"order": ["?"]}}]})
        except _Mismatch as found:
            if found.step == len(steps):  # what waits after the step: a resolve_triggers orders it
                if found.names:
                    steps.append({"resolve_triggers": {"order": list(draw(st.permutations(found.names)))}})
                return
            steps[found.step]["combat"][found.field] = list(draw(st.permutations(found.names)))
            continue
        except (Unsupported, ValueError, TriggersNotAsScripted):  # IllegalCombat is Unsupported
            break
        return
    steps.pop()


_STEPS_FOR = {"attacks": "combat", "combat_damage_to_player": "combat", "beginning_of_step": "beginning_of_step",
              "turned_face_up": "turn_face_up", "counters_removed": "remove_counters", "dies": "move", "enters": "move"}
"""The step that makes each event happen: drawn more often when an ability waits for that event."""


def _causes(objects: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """For each triggered ability of the board: the step kind making its event happen, its host and event."""
    return [(_STEPS_FOR[kind], host, body) for host, spec in objects.items()
            for a in spec["card"].get("abilities", []) if "triggered" in a
            for kind, body in a["triggered"]["event"].items()]


def _step(draw, raw: dict[str, Any], allowed: frozenset[str], cause: tuple[str, str, Any] | None = None
          ) -> dict[str, Any] | None:
    """A step, drawn among those the features allow; with ``cause``, the one making that ability's
    event happen, if allowed (its host attacking, its step beginning, ...)."""
    objects = raw["objects"]
    kinds = ["beginning_of_step"] if "step-triggers" in allowed else []
    if "combat" in allowed:
        kinds += ["combat", "combat"]
    if "hidden" in objects:
        kinds += ["turn_face_up"]
    if "counters" in allowed:
        kinds += ["remove_counters", "put_counters"]
    if "zone-changes" in allowed:
        kinds += ["move"]
    if "damage" in allowed:
        kinds += ["damage"]
    if "durations" in allowed:
        kinds += ["end_turn"]
    if not kinds:
        return None
    waited = [_STEPS_FOR[next(iter(a["triggered"]["event"]))] for spec in objects.values()
              for a in spec["card"].get("abilities", []) if "triggered" in a]
    kinds += [k for k in waited if k in kinds] * 2
    kind = cause[0] if cause is not None and cause[0] in kinds else draw(st.sampled_from(kinds))
    mine = [o for o, s in objects.items() if "creature" in s["card"]["types"] and s.get("owner", "Alex") == "Alex"]
    if kind == "beginning_of_step":
        steps = [cause[2]["step"]] * 3 + ["upkeep", "end"] if cause and "step" in cause[2] else ["upkeep", "end"]
        return {kind: {"step": draw(st.sampled_from(steps)), "player": draw(st.sampled_from(PLAYERS))}}
    if kind == "combat":
        attackers = draw(st.lists(st.sampled_from(mine), min_size=1, max_size=len(mine), unique=True))
        if cause is not None and cause[0] == "combat" and cause[1] in mine and cause[1] not in attackers \
                and draw(st.integers(0, 3)):
            attackers.append(cause[1])
        targets = ["Blair"] + (["walker"] if objects.get("walker", {}).get("owner") == "Blair" else [])
        body: dict[str, Any] = {"attackers": {a: draw(st.sampled_from(targets)) for a in attackers}}
        blockers, free = {}, list(attackers)
        for blocker in (o for o in objects if o.startswith("guard")):
            caused = cause is not None and cause[1] == blocker  # its own "attacks" ability: it blocks (508.3a)
            if free and (caused or draw(st.integers(0, 2))):  # one blocker each: no division to script (510.1c)
                blockers[blocker] = attacker = draw(st.sampled_from(free))
                free.remove(attacker)
        if blockers:
            body["blockers"] = blockers
        return {"combat": body}
    if kind == "turn_face_up":
        return {kind: {"object": "hidden", "by": "morph"}}
    if kind in ("remove_counters", "put_counters"):
        holders = [o for o, s in objects.items() if s.get("zone", "battlefield") == "battlefield"]
        holders += [o for o in holders if objects[o].get("counters") or o == "walker"] * 2
        if cause is not None and cause[0] == kind == "remove_counters":  # what the ability waits for
            on = cause[2]["on"]
            holders += [cause[1]] * 4 if on.get("itself") else [
                o for o in holders if set(on.get("types", ())) <= set(objects[o]["card"]["types"])] * 2
        holder = draw(st.sampled_from(holders))
        if "creature" in objects[holder]["card"]["types"]:
            counter = draw(st.sampled_from(["+1/+1", "-1/-1"] if kind == "put_counters" else ["+1/+1"]))
        else:
            counter = {"walker": "loyalty"}.get(holder, "charge")
        present = objects[holder].get("counters", {}).get(counter, 0)
        if holder == "walker":
            present = objects[holder]["card"]["loyalty"]
        counts = [*range(1, present + 1), present + 1, present + 1, present + 2]  # more than there are, often
        return {kind: {"object": holder, "kind": counter, "count": draw(st.sampled_from(counts))}}
    if kind == "move":
        dying = cause is not None and cause[0] == "move" and (  # a "dies" ability's: a creature moves
            "types" not in cause[2] or cause[2]["types"] == ["creature"])
        if "land" in objects and not dying and draw(st.booleans()):
            return {"move": {"object": "land", "to": "battlefield"}}
        if dying and cause[1] in mine and draw(st.integers(0, 2)):
            return {"move": {"object": cause[1], "to": "graveyard"}}
        return {"move": {"object": draw(st.sampled_from(mine)), "to": draw(st.sampled_from(["graveyard", "exile"]))}}
    if kind == "damage":
        sources = [o for o in objects if o.startswith("guard")] or mine
        recipients = [*mine, "Alex", "Blair", *(["walker"] if "walker" in objects else [])]
        return {"damage": {"source": draw(st.sampled_from(sources)), "to": draw(st.sampled_from(recipients)),
                           "amount": draw(st.integers(1, 4))}}
    return {"end_turn": {}}


@st.composite
def trigger_event_scenarios(draw, features: frozenset[str]) -> Case:
    """A scenario about issue 41's trigger events and effects, within ``features`` (module docstring)."""
    allowed = frozenset(features)
    objects = _board(draw, allowed)
    _abilities(draw, objects, allowed)
    raw: dict[str, Any] = {"id": "603.2/generated", "rules": ["603.2"], "source": {"rule": "603.2"},
                           "summary": "a scenario generated by strategies.trigger_event_scenarios()",
                           "players": PLAYERS, "objects": objects, "steps": []}
    causes = _causes(objects)
    for number in range(draw(st.integers(2, 6))):
        cause = causes[number % len(causes)] if causes and (number == 0 or draw(st.integers(0, 3))) else None
        step = _step(draw, raw, allowed, cause)
        if step is not None:
            _play(draw, raw, step)
            if draw(st.integers(0, 3)) == 3:
                raw["steps"].append(_everything(raw))
    raw["steps"].append(_everything(raw))
    case = Case.from_dict(raw, cr=CR_VERSION)
    assume(case.features <= allowed)
    rules = sorted({"603.2", *(rule for feature in case.features for rule in RULES[feature])}, key=rule_key)
    return case.relabelled(rules=tuple(rules))


def _everything(raw: dict[str, Any]) -> dict[str, Any]:
    return {"expect": {"objects": {oid: {} for oid in raw["objects"]}, "players": {p: {} for p in raw["players"]}}}
