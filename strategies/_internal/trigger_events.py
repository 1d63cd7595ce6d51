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

_LATER = ("trigger-damage-any-target", "trigger-tokens", "prevented-triggers")  # issue 41's later pieces (_extra)
TRIGGER_EVENT_FEATURES = frozenset({"attack-triggers", "combat-damage-triggers", "step-triggers", "face-up-triggers",
                                    "counters-removed-triggers", "trigger-counter-removal", "trigger-returns",
                                    "trigger-power-amounts", *_LATER})
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
        if "counters" in allowed and draw(st.integers(0, 2)):
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


def _abilities(draw, objects: dict[str, Any], allowed: frozenset[str]) -> list[tuple[str, str, Any]]:
    """One to four triggered abilities, most on Alex's permanents (an enchantment of hers made for
    one), some on Blair's blockers; for each, in the order drawn, the step kind making its event
    happen, its host and its event."""
    events = _events(allowed)
    causes: list[tuple[str, str, Any]] = []
    if not events:
        return causes
    hosts = ("c1", "relic", "c2", "c3", "battery")  # Alex's permanents that may host one, by slot
    theme = draw(st.sampled_from(events))  # most abilities of a board wait for one kind of event
    for index in range(draw(st.integers(1, 4))):
        kind, body = draw(st.sampled_from(theme if index == 0 or not draw(st.integers(0, 2)) else draw(st.sampled_from(events))))
        if kind == "turned_face_up" and body == {"itself": True}:
            host = "hidden"  # 708.2a: a face-down permanent has no abilities, until turned face up
        elif kind == "attacks" and draw(st.booleans()):
            body = {"itself": True}  # a blocker's own "whenever this creature attacks" (508.3a: it never triggers)
            objects.setdefault("guard1", {"card": {"types": ["creature"], "power": 1, "toughness": 4}, "owner": "Blair"})
            host = _slot(draw, ("guard1", "guard2"), objects, "guard1")
        else:
            host = _slot(draw, hosts, {*objects, "relic"}, "c1")
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
        if kind == "combat_damage_to_player" and "combat" in allowed and draw(st.booleans()):
            objects.setdefault("guard1", {"card": {"types": ["creature"], "power": 1, "toughness": 4}, "owner": "Blair"})
        if (kind == "combat_damage_to_player" and creature and "first-strike" in allowed
                and not spec["card"].get("abilities") and draw(st.integers(0, 2)) == 2):
            spec["card"]["abilities"] = [{"keyword": "first strike"}]  # 510.4: it triggers in the first step
        if kind == "counters_removed" and body["kind"] == "charge" and "battery" not in objects:
            objects["battery"] = {"card": {"types": ["artifact"]}, "counters": {"charge": draw(st.integers(1, 3))}}
        effect = _effect(draw, kind, allowed, creature)
        if effect is None:
            continue
        ability = {"triggered": {"name": f"t{index + 1}", "when": f"a {kind} event", "event": {kind: body},
                                 "effect": effect}}
        spec["card"]["abilities"] = [*spec["card"].get("abilities", []), ability]
        causes.append((_STEPS_FOR[kind], host, body))
        if kind == "turned_face_up" and "life" in allowed and draw(st.booleans()):  # 708.8: it does not enter
            objects.setdefault("relic", {"card": {"types": ["enchantment"]}})
            objects["relic"]["card"]["abilities"] = [*objects["relic"]["card"].get("abilities", []), {"triggered": {
                "name": f"e{index + 1}", "when": "a creature you control enters",
                "event": {"enters": {"types": ["creature"], "controller": "you"}}, "effect": {"gain_life": {"amount": 1}}}}]
    return causes


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


MINE = ("c1", "c2", "c3", "hidden")
"""Alex's creatures, by slot: drawn by name, so that a creature shrunk away shifts no other choice."""

HOLDERS = ("c1", "battery", "walker", "c2", "c3", "guard1", "guard2", "hidden", "relic")
"""The permanents counters are put on or removed from, by slot."""

STEP_KINDS = ("beginning_of_step", "combat", "remove_counters", "put_counters", "move", "turn_face_up", "damage",
              "end_turn")
"""The steps drawn besides an ability's cause, by slot (the first is the simplest)."""

_STEP_FEATURES = {"beginning_of_step": "step-triggers", "combat": "combat", "remove_counters": "counters",
                  "put_counters": "counters", "move": "zone-changes", "turn_face_up": "face-down", "damage": "damage",
                  "end_turn": "durations"}


def _slot(draw, names: tuple[str, ...], present: Any, default: str | None = None) -> str | None:
    """A name drawn from ``names`` if ``present`` has it, else ``default``."""
    name = draw(st.sampled_from(names))
    return name if name in present else default


def _step(draw, raw: dict[str, Any], allowed: frozenset[str], cause: tuple[str, str, Any] | None = None
          ) -> dict[str, Any] | None:
    """A step, drawn among those the features allow; with ``cause``, the one making that ability's
    event happen, if allowed (its host attacking, its step beginning, ...)."""
    objects = raw["objects"]
    kind = cause[0] if cause is not None else draw(st.sampled_from(STEP_KINDS))
    if _STEP_FEATURES[kind] not in allowed or (kind == "turn_face_up" and "hidden" not in objects):
        return None
    mine = [o for o in MINE if o in objects]
    if kind == "beginning_of_step":
        steps = [cause[2]["step"]] * 3 + ["upkeep", "end"] if cause and "step" in cause[2] else ["upkeep", "end"]
        return {kind: {"step": draw(st.sampled_from(steps)), "player": draw(st.sampled_from(PLAYERS))}}
    if kind == "combat":
        attackers = [a for a in draw(st.lists(st.sampled_from(MINE), min_size=1, max_size=4, unique=True)) if a in mine]
        if cause is not None and cause[1] in mine and cause[1] not in attackers and draw(st.integers(0, 3)):
            attackers.append(cause[1])
        attackers = attackers or mine[:1]
        targets = ["Blair"] + (["walker"] if objects.get("walker", {}).get("owner") == "Blair" else [])
        body: dict[str, Any] = {"attackers": {a: draw(st.sampled_from(targets)) for a in attackers}}
        blockers, free = {}, list(attackers)
        for blocker in (o for o in ("guard1", "guard2") if o in objects):
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
        holder = cause[1] if cause is not None and cause[2]["on"].get("itself") and draw(st.integers(0, 3)) else None
        if holder is None and cause is not None:  # what the ability waits for: a permanent of those types
            wanted = set(cause[2]["on"].get("types", ()))
            holder = next((o for o in HOLDERS if o in objects and wanted <= set(objects[o]["card"]["types"])), None)
        holder = holder or _slot(draw, HOLDERS, objects, "c1")
        if "creature" in objects[holder]["card"]["types"]:
            counter = draw(st.sampled_from(["+1/+1", "-1/-1"] if kind == "put_counters" else ["+1/+1"]))
        else:
            counter = {"walker": "loyalty"}.get(holder, "charge")
        present = objects[holder].get("counters", {}).get(counter, 0)
        if holder == "walker":
            present = objects[holder]["card"]["loyalty"]
        counts = [*range(1, present + 1), present + 1, present + 1, present + 2]  # more than there are, often
        if cause is not None and kind == "remove_counters":  # "that many" is those removed (122.1)
            counts = [present + 1, present + 2, *counts]
        return {kind: {"object": holder, "kind": counter, "count": draw(st.sampled_from(counts))}}
    if kind == "move":
        dying = cause is not None and ("types" not in cause[2] or cause[2]["types"] == ["creature"])
        if "land" in objects and not dying and draw(st.booleans()):
            return {"move": {"object": "land", "to": "battlefield"}}
        if dying and cause[1] in mine and draw(st.integers(0, 2)):  # a "dies" ability's creature
            return {"move": {"object": cause[1], "to": "graveyard"}}
        mover = _slot(draw, MINE, objects, "c1")
        if cause is None and any("triggered" in a for a in objects[mover]["card"].get("abilities", [])):
            return None  # an ability's host leaves only to cause its own event: the others keep theirs watching
        return {"move": {"object": mover, "to": draw(st.sampled_from(["graveyard", "exile"]))}}
    if kind == "damage":
        source = _slot(draw, ("guard1", "guard2", "c1"), objects, "c1")
        to = draw(st.sampled_from(("Blair", "Alex", *MINE, "walker")))
        return {"damage": {"source": source, "to": to if to in objects or to in PLAYERS else "Blair",
                           "amount": draw(st.integers(1, 4))}}
    return {"end_turn": {}}


@st.composite
def trigger_event_scenarios(draw, features: frozenset[str]) -> Case:
    """A scenario about issue 41's trigger events and effects, within ``features`` (module docstring)."""
    allowed = frozenset(features)
    objects = _board(draw, allowed)
    causes = _abilities(draw, objects, allowed)
    raw: dict[str, Any] = {"id": "603.2/generated", "rules": ["603.2"], "source": {"rule": "603.2"},
                           "summary": "a scenario generated by strategies.trigger_event_scenarios()",
                           "players": PLAYERS, "objects": objects, "steps": []}
    for number in range(draw(st.integers(2, 6))):
        cause = causes[number % len(causes)] if causes and (number == 0 or draw(st.integers(0, 3))) else None
        step = _step(draw, raw, allowed, cause)
        if step is not None:
            _play(draw, raw, step)
            if draw(st.integers(0, 3)) == 3:
                raw["steps"].append(_everything(raw))
    _extra(draw, raw, allowed)  # issue 41's later pieces: drawn after all the rest, so earlier examples keep their start
    raw["steps"].append({"resolve_triggers": {}})  # nothing waits: an engine seeing more triggers resolves them
    raw["steps"].append(_everything(raw))
    case = Case.from_dict(raw, cr=CR_VERSION)
    assume(case.features <= allowed)
    rules = sorted({"603.2", *(rule for feature in case.features for rule in RULES[feature])}, key=rule_key)
    return case.relabelled(rules=tuple(rules))


_SOLDIER = {"types": ["creature"], "subtypes": ["Soldier"], "colors": ["W"], "power": 1, "toughness": 1}
_EXTRAS = {"spark": "trigger-damage-any-target", "camp": "trigger-tokens", "ward": "prevented-triggers"}
"""A permanent in Alex's hand with one of the later trigger effects or events (issue 41), by name,
and the feature it needs; it is put onto the battlefield only after every other step."""


def _extra(draw, raw: dict[str, Any], allowed: frozenset[str]) -> None:
    """Maybe one more permanent, from Alex's hand: "when this enters, it deals N damage to [any
    target]" (115.4), "when this enters, create a 1/1 Soldier token" (111.1), or "whenever damage
    that would be dealt to a creature you control is prevented, ..." (615.5) with a shield and
    damage to one of her creatures."""
    options = [name for name, feature in _EXTRAS.items() if {feature, "zone-changes"} <= allowed]
    options += ["ward"] if "ward" in options else []  # its three steps are left out most often
    if not options or draw(st.integers(0, 2)) == 0:
        return
    objects, name = raw["objects"], draw(st.sampled_from(options))
    if name == "spark":
        target = draw(st.sampled_from(("Blair", "walker", "Alex", "c1", "walker", "c2", "guard1", "walker")))
        effect = {"damage": {"amount": draw(st.integers(1, 4)), "target": target if target in objects or target in PLAYERS else "Blair"}}
        event: dict[str, Any] = {"enters": {"itself": True}}
    elif name == "camp":
        effect = {"create_token": {"card": _SOLDIER, "count": draw(st.integers(1, 2)), "tokens": ["soldier1", "soldier2"]}}
        event = {"enters": {"itself": True}}
    else:
        effect = draw(st.sampled_from([{"gain_life": {"amount": "that_many"}},
                                       {"put_counters": {"kind": "+1/+1", "count": "that_many", "to": "that"}}]))
        event = {"damage_prevented": {"types": ["creature"], "controller": "you"}}
    ability = {"triggered": {"name": "x", "when": "an event", "event": event, "effect": effect}}
    objects[name] = {"card": {"types": ["enchantment"], "abilities": [ability]}, "zone": "hand"}
    before = len(raw["steps"])
    _play(draw, raw, {"move": {"object": name, "to": "battlefield"}})
    try:  # the orders drawn are played too: a target gone by then (603.3d) is refused, the steps left out
        _probe(raw)
    except (Unsupported, ValueError, RuntimeError, _Mismatch):
        del raw["steps"][before:]
        return
    if name == "ward" and "damage" in allowed:
        victim = _slot(draw, ("c1", "c2", "c3"), objects, "c1")
        _play(draw, raw, {"prevent_damage": {"id": "shield", "controller": "Alex", "to": victim,
                                             "amount": draw(st.integers(1, 3))}})
        _play(draw, raw, {"damage": {"source": _slot(draw, ("guard1", "guard2", "c1"), objects, "c1"), "to": victim,
                                     "amount": draw(st.integers(1, 4))}})


def _everything(raw: dict[str, Any]) -> dict[str, Any]:
    return {"expect": {"objects": {oid: {} for oid in raw["objects"]}, "players": {p: {} for p in raw["players"]}}}
