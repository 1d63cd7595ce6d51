"""Meetings (issue 39): damage events of :func:`strategies.damage_scenarios` in which elements of the
format meet on one event, as the interaction table declares them (``conformance/data/interactions.yaml``).

Engines break where two rules meet: a two-coloured source dealing damage to a creature with
protection from one of its colours, wither damage meeting a prevention shield, lifelink damage
redirected to a planeswalker. Each meeting is one damage event whose source and recipient were
given qualities, as real cards carry several at once:

- the source (one on the board, or one of its own: a creature, an instant or sorcery on the stack,
  an artifact, enchantment or land, of one or two colours) gets more keywords that change what its
  damage does (lifelink, deathtouch, infect, wither: 702.15b, 702.2b, 702.90, 702.80), and maybe a
  change by an effect before the damage: it gains such a keyword or loses one it has (613.1f), its
  colour changes (613.1e), another player gains control of it (613.1b), or it is declared
  controlled by a player other than its owner (108.4);
- the recipient is a creature, a planeswalker or a player; a creature may have protection from one
  of the source's qualities (702.16e, not under the limited range of influence option, which the
  reference engine does not model there) and be indestructible: printed, gained or lost (702.12b);
  a planeswalker may become a creature (306.5c: Gideon);
- before the damage, the recipient may be exiled and returned at once (400.7, 603.6a), get a
  prevention shield (615.7), or have the damage dealt to its controller redirected onto it
  (614.9); the damage is exactly lethal, one short of it, or some amount (704.5g, 704.5h, 120.3c),
  may be unpreventable (615.12) and dealt in one event with +1/+1 counters (704.3, 704.5q);
- a triggered ability may watch it (the recipient dealt damage or dying, the source's controller
  gaining life by lifelink, another creature entering: 603.2, 603.10a, 119.10), with an effect that
  never loops with another ability's, resolved right after (608.1); the source's controller may
  have a "plus N" damage modifier (614.1a).

Beside the meetings, a permanent with an ability of its own (a damage doubler, a preventer, a
triggered ability's host ...) may be declared controlled by a player other than its owner (613.1b:
its "you" is its controller).

Everything here is drawn after every other draw of a scenario, only as ``allowed`` says, and
shrinks to nothing: no meeting, no quality, no change. Each meeting is a few intents
(:data:`STEP_KINDS`) put among the scenario's; :func:`realize` turns each into a step aimed at what
is on the battlefield when it happens, or none.
"""

from __future__ import annotations

import copy
from typing import Any

from strategies._internal import damage_modifiers
from strategies._internal.drawing import Chooser, label

STEP_KINDS = ("meet",)
"""The intents of this part."""


class Wide(Chooser):
    """The choices of this part's late draws: each an integer of 0 to 63 reduced to the range
    wanted (0 stays 0, the simplest choice). Hypothesis makes most examples by changing earlier
    ones, and a choice drawn where the earlier example had another kind of choice, or a value
    out of range, is drawn as its simplest: draws made after everything else of a scenario would
    mostly be 0 (no decoration), and a boolean or a list's "one more?" mostly false. A wide
    integer takes the earlier example's value instead (the scenario's intents are drawn as such)."""

    __slots__ = ()

    def integer(self, low: int, high: int) -> int:
        return low + super().integer(0, 63) % (high - low + 1)

    def sample(self, elements):
        return elements[self.integer(0, len(elements) - 1)]

    def boolean(self) -> bool:
        return self.integer(0, 1) == 1


_MEETING = label("damage meeting")  # a span (drawing.Chooser)

_KEYWORD_FEATURES = {"lifelink": "lifelink", "deathtouch": "deathtouch"}

QUALITIES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "creature": "creatures",
             "instant": "instants", "sorcery": "sorceries", "artifact": "artifacts", "enchantment": "enchantments",
             "land": "lands", "planeswalker": "planeswalkers"}
"""The protection (702.16a) from each colour and card type a source may have."""

_COLORS = ([], ["R"], ["R", "W"], ["B", "G"], ["U"], ["W"], ["U", "B"])
"""Colours of a meeting's own source: colourless first, two colours often (105.2)."""

_KINDS = ("creature", "instant", "sorcery", "artifact", "enchantment", "land")
"""The card types of a meeting's own source (120.1: a creature, a spell, another permanent)."""


def keywords(allowed: frozenset[str]) -> list[str]:
    """The keywords that change what a source's damage does, as ``allowed`` says."""
    return [k for k, feature in _KEYWORD_FEATURES.items() if feature in allowed] + damage_modifiers.keywords(allowed)


def _abilities(spec: dict[str, Any]) -> list[dict[str, Any]]:
    return spec["card"].setdefault("abilities", [])


def _has(spec: dict[str, Any], keyword: str) -> bool:
    return {"keyword": keyword} in spec["card"].get("abilities", [])


def _give(spec: dict[str, Any], ability: dict[str, Any]) -> None:
    if ability not in spec["card"].get("abilities", []):
        _abilities(spec).append(ability)


def _sources(objects: dict[str, Any]) -> list[str]:
    """The board's sources of damage: its creatures, spells on the stack, and the noncreature
    permanent and planeswalker drawn to deal damage (``n1``, ``w1``)."""
    return [oid for oid, spec in objects.items() if oid in ("n1", "w1") or spec.get("zone") == "stack"
            or oid in _creatures(objects)]


def _creatures(objects: dict[str, Any]) -> list[str]:
    return [oid for oid, spec in objects.items() if "creature" in spec["card"]["types"]
            and spec.get("zone", "battlefield") == "battlefield"]


def add(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str], intents: list, max_steps: int,
        *, ranges: bool) -> list:
    """``intents`` with some meetings put among them (each a few intents in a row; with events'
    causes, at most ``max_steps`` more: :func:`put`), and the board given what they need; a
    permanent with an ability of its own maybe controlled by another player than its owner.
    Nothing is drawn without the ``damage`` feature."""
    draw = Wide(draw)
    if "damage" not in allowed:
        return intents
    intents = list(intents)
    for number in range(1, draw.integer(0, 3) + 1):  # a count, not a list: see Wide
        draw.start(_MEETING)
        planned = _meeting(draw, objects, players, allowed, ranges, number)
        position = draw.integer(0, len(intents))
        draw.stop()
        intents = put(intents, [("meet", step, 0, 0, 0) for step in planned], position, max_steps)
    _steal(draw, objects, players, allowed)
    return intents


def put(intents: list, added: list, position: int, room: int) -> list:
    """``intents`` with the intents ``added`` in a row at ``position``, as a group, if the groups
    put so far and this one take at most ``room`` intents; the scenario's own intents all stay (its
    examples keep what they had). A group is never cut: a meeting never loses its damage, a cause
    never the resolution after it."""
    put_so_far = sum(1 for intent in intents if isinstance(intent[4], tuple))
    if put_so_far + len(added) > room:
        return intents
    tag = ("group", len(intents), position, id(added))
    at = min(position, len(intents))
    return [*intents[:at], *[(*intent[:4], tag) for intent in added], *intents[at:]]


def _other(players: list[str], player: str) -> str:
    """The player after ``player`` in seat order: always within range of influence 1 (801.2)."""
    return players[(players.index(player) + 1) % len(players)]


def _steal(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str]) -> None:
    """Maybe declare a permanent with a non-keyword ability (its static, triggered or mana ability:
    "you" is its controller, 109.5, 603.3a) controlled by a player other than its owner (108.4)."""
    if "control-changing" not in allowed:
        return
    able = [oid for oid, spec in objects.items() if spec.get("zone", "battlefield") == "battlefield"
            and "controller" not in spec and any("keyword" not in a for a in spec["card"].get("abilities", []))]
    if able and draw.integer(0, 2) == 2:
        spec = objects[draw.sample(able)]
        spec["controller"] = _other(players, spec["owner"])


def _meeting(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str], ranges: bool,
             number: int) -> list[dict[str, Any]]:
    """One meeting's steps (templates :func:`realize` completes), its objects given their qualities.

    Its choices are :class:`Wide`, a count rather than a list; the choices that only the
    differential's examples can use (triggered abilities) come first."""
    watching = {"event-triggers", "triggered-abilities", "layer-7c"} <= allowed and draw.integer(0, 3) != 0
    at_once = {"counters", "simultaneous-actions"} <= allowed and draw.integer(0, 1) == 1
    source = _source(draw, objects, players, allowed, number)
    spec = objects[source]
    for keyword in keywords(allowed):  # several at once, as real cards have
        if draw.integer(0, 2) == 2:
            _give(spec, {"keyword": keyword})
    steps: list[dict[str, Any]] = []
    if spec.get("zone", "battlefield") == "battlefield":
        steps += _source_change(draw, source, spec, players, allowed)
    recipient, before = _recipient(draw, objects, players, allowed, ranges, source, number)
    permanent = recipient not in players
    flickered = permanent and {"zone-changes", "simultaneous-actions"} <= allowed and draw.integer(0, 1) == 1
    if flickered:
        steps.append({"flicker": {"object": recipient}})  # 400.7, 603.6a: exiled and returned at once, first
    steps += before
    watched = _watch(draw, objects, players, source, recipient, allowed, entering=flickered,
                     number=number) if watching else None
    # 0: exactly lethal, 1: one short of it (704.5g, 704.5h, 120.3c), else that much; to an
    # indestructible creature, one of the first two (702.12b: lethal, or deathtouch's, from a source
    # that often has it); lethal to a creature watching its death, one short to one that turns its
    # damage into -1/-1 counters (so they make it lethal as the ability resolves, 704.5g, 117.5)
    tough = permanent and (_has(objects[recipient], "indestructible") or bool(before))
    if tough and "deathtouch" in allowed and draw.integer(0, 1):
        _give(spec, {"keyword": "deathtouch"})
    amount = {"dies": 0, "fester": 1}.get(watched or "", draw.integer(0, 1 if tough else 6))
    damage: dict[str, Any] = {"source": source, "to": recipient, "amount": amount}
    way = draw.sample([None, *(["shield"] if "prevention" in allowed else []),
                       *(["redirect"] if {"redirection", "life"} <= allowed and permanent else [])])
    if way == "shield":  # 615.7: a shield of 1 to 3, the rest dealt
        steps.append({"prevent_damage": {"to": recipient, "amount": draw.integer(1, 3)}})
    elif way == "redirect":  # 614.9: the damage dealt to the recipient's controller, onto it
        steps.append({"redirect_damage": {"to": "controller", "instead_to": recipient}})
        damage["redirected"] = True
    if damage_modifiers.can("cant-be-prevented", allowed) and draw.integer(0, 2) == 2:
        damage["cant_be_prevented"] = True
    counted = recipient if permanent else source if "creature" in spec["card"]["types"] \
        and spec.get("zone", "battlefield") == "battlefield" else None
    # 704.3, 603.2c: +1/+1 counters put in the same event (most often when an ability watches it)
    if (at_once or watched in ("gains_life", "dealt_damage")) and counted is not None:
        damage["with_counters"] = {"object": counted, "count": draw.integer(1, 2)}
    steps.append({"damage": damage})
    if watched:
        steps.append({"resolve_triggers": {}})  # 608.1: what the damage triggered resolves
    if damage_modifiers.can("damage-modifiers", allowed) and draw.integer(0, 3) == 3:
        owner = spec.get("controller", spec["owner"])  # 614.1a: "a source you control ... plus N"
        objects[f"u{number}"] = {"card": {"types": ["enchantment"], "abilities": [{"modify_damage": {
            "by": {"zone": ["battlefield", "stack"], "controller": "you"}, "plus": draw.integer(1, 2)}}]},
            "owner": owner}
    return steps


_WATCHES = ({"dealt_damage": {"itself": True}}, {"dies": {"itself": True}}, {"gains_life": "you"},
            {"enters": {"types": ["creature"], "other": True}})
"""The events a meeting's own triggered ability waits for (603.2, 603.10a, 119.10, 603.6a): its
recipient dealt damage, its recipient dying, its source's controller gaining life by lifelink,
another creature (its flickered recipient) entering."""

_SHRUG = {"modify_pt": {"power": 1, "toughness": 0, "to": "itself"}}
"""A watching ability's effect: "this gets +1/+0 until end of turn", which causes no event."""

_SOLACE = {"gain_life": {"amount": 1}}
"""A dying creature's: "you gain 1 life" (it dies once, so it triggers once)."""

_PARTING = {"damage": {"amount": 1, "to": "you"}}
"""Or, on a creature with lifelink: "it deals 1 damage to you", dealt as it last existed (113.7a)."""

_FESTER = {"put_counters": {"kind": "-1/-1", "count": 1, "to": "itself"}}
"""Or, for a creature dealt damage by a source without wither or infect: "put a -1/-1 counter on
it", so the damage it kept may become lethal while the ability resolves (704.5g, 117.5). Its
counters lower the creature's toughness each time, so abilities causing each other's events
through it come to an end."""


def _watch(draw, objects: dict[str, Any], players: list[str], source: str, recipient: str, allowed: frozenset[str],
           *, entering: bool, number: int) -> str | None:
    """A triggered ability waiting for what this meeting does, whose effect causes no event
    (:data:`_SHRUG`), or only ends (:data:`_FESTER`; a creature dying gains its controller 1 life
    or deals it 1 damage with lifelink, once, maybe doubled, 614.1a), so it never loops with
    another (603.2); its permanent maybe controlled by a player other than its owner (603.3a).
    Which event it waits for (``fester`` for :data:`_FESTER`), or none."""
    options = []
    on_battlefield = objects[source].get("zone", "battlefield") == "battlefield"
    if recipient in objects and not _dies_at_start(objects[recipient]):  # 603.3b: two players' waiting at once
        options += [(recipient, _WATCHES[0])] * 3
        if "zone-changes" in allowed and "creature" in objects[recipient]["card"]["types"]:
            options += [(recipient, _WATCHES[1])] * 2  # 603.10a: it dies, often (the damage is often lethal)
    if _has(objects[source], "lifelink") and "life" in allowed and on_battlefield:
        options += [(source, _WATCHES[2])] * 2  # 119.10: most often, as it is the rarest
    if entering and on_battlefield:
        options += [(source, _WATCHES[3])] * 3
    options = [(oid, event) for oid, event in options if not any(
        "triggered" in a and a["triggered"]["name"] == "watch" for a in objects[oid]["card"].get("abilities", []))]
    if not options:
        return None
    host, event = draw.sample(options)
    spec = objects[host]
    (kind, _), = event.items()
    plain = not {"wither", "infect"} & {a.get("keyword") for a in objects[source]["card"].get("abilities", [])}
    effect = _FESTER if kind == "dealt_damage" and plain and "counters" in allowed and draw.integer(0, 3) else _SHRUG
    if kind == "dies" and "life" in allowed:
        effect = _SOLACE
        if "lifelink" in allowed:  # 113.7a, 702.15b: its damage as it last existed, lifelink included
            effect = _PARTING
            _give(spec, {"keyword": "lifelink"})
        if "life-gain-replacement" in allowed and draw.integer(0, 1):  # 614.1a: its controller's gain doubled
            objects[f"v{number}"] = {"card": {"types": ["enchantment"], "abilities": [{"double_life_gain": {}}]},
                                     "owner": spec.get("controller", spec["owner"])}
    _give(spec, {"triggered": {"name": "watch", "when": f"whenever {kind.replace('_', ' ')}", "event": event,
                               "effect": copy.deepcopy(effect)}})
    if effect is _FESTER:  # 122.1, 603.2: and one for the counters it puts
        _give(spec, {"triggered": {"name": "watch2", "when": "whenever -1/-1 counters are put on this",
                                   "event": {"counters_put": {"kind": "-1/-1", "on": {"itself": True}}},
                                   "effect": copy.deepcopy(_SHRUG)}})
    if "control-changing" in allowed and "controller" not in spec and draw.integer(0, 2):
        spec["controller"] = _other(players, spec["owner"])
        if f"v{number}" in objects:
            objects[f"v{number}"]["owner"] = spec["controller"]
    return "fester" if effect is _FESTER else kind


def _dies_at_start(spec: dict[str, Any]) -> bool:
    """Whether a creature is put into its graveyard as the case begins (704.5f: its -1/-1 counters)."""
    toughness = spec["card"].get("toughness")
    return isinstance(toughness, int) and toughness - spec.get("counters", {}).get("-1/-1", 0) <= 0


def _source(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str], number: int) -> str:
    """One of the board's sources, or (three times as often) one of the meeting's own, ``q1`` ..."""
    there = _sources(objects)
    if there and draw.integer(0, 3) == 0:
        return draw.sample(there)
    kind = draw.sample(_KINDS)
    colors = draw.sample(_COLORS)
    card: dict[str, Any] = {"types": [kind], "colors": colors}
    oid = f"q{number}"
    if kind == "creature":
        card["power"], card["toughness"] = draw.integer(1, 4), draw.integer(1, 4)
    objects[oid] = {"card": card, "owner": draw.sample(players)}
    if kind in ("instant", "sorcery"):
        card["mana_cost"] = "{1}" + "".join(f"{{{c}}}" for c in colors)  # 202.1, 105.2
        objects[oid]["zone"] = "stack"
    return oid


def _source_change(draw, source: str, spec: dict[str, Any], players: list[str],
                   allowed: frozenset[str]) -> list[dict[str, Any]]:
    """Maybe changes to a permanent source before its damage, each drawn on its own and made by
    one effect: a damage keyword gained or lost (613.1f), another colour (613.1e), another
    controller (613.1b); or its controller declared other than its owner (108.4)."""
    change: dict[str, Any] = {}
    if "ability-changing" in allowed:
        have = [k for k in keywords(allowed) if _has(spec, k)]
        lacking = [k for k in keywords(allowed) if not _has(spec, k)]
        how = draw.integer(0, 2)
        if how == 1 and lacking:
            change["gains"] = [{"keyword": draw.sample(lacking)}]
        elif how == 2 and have:
            change["loses"] = [{"keyword": draw.sample(have)}]
    if "color-changing" in allowed and draw.integer(0, 2) == 2:
        printed = spec["card"].get("colors", [])
        change["colors"] = draw.sample([c for c in _COLORS if c != printed])
    if "control-changing" in allowed:
        how = draw.integer(0, 3)
        if how == 2:
            change["gain_control"] = True
        elif how == 3 and "controller" not in spec:
            spec["controller"] = _other(players, spec["owner"])
    return [{"become": {"to": source, **change}}] if change else []


def _recipient(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str], ranges: bool,
               source: str, number: int) -> tuple[str, list[dict[str, Any]]]:
    """The recipient (a creature three times as often as a planeswalker or a player) with its qualities,
    and the steps that give it some before the damage."""
    kinds = ["creature"] * 3 + [*(["planeswalker"] if "planeswalkers" in allowed else []),
             *(["player"] if "life" in allowed else [])]
    kind = draw.sample(kinds)
    if kind == "player":
        return draw.sample(players), []
    if kind == "planeswalker":
        walkers = [oid for oid, spec in objects.items() if "planeswalker" in spec["card"]["types"]
                   and spec.get("zone", "battlefield") == "battlefield" and oid != source]
        walker = walkers[0] if walkers else f"r{number}"
        if not walkers:
            objects[walker] = {"card": {"types": ["planeswalker"], "loyalty": draw.integer(1, 6)},
                               "owner": draw.sample(players)}
        if "indestructible" in allowed and draw.integer(0, 2) == 2:  # 704.5i is no destruction (702.12b)
            _give(objects[walker], {"keyword": "indestructible"})
        if {"type-changing", "layer-7b"} <= allowed and draw.integer(0, 1):  # 306.5c: a planeswalker creature
            size = draw.integer(1, 5)
            return walker, [{"become": {"to": walker, "add_types": ["creature"], "power": size, "toughness": size}}]
        return walker, []
    # a creature there (the simplest: another, else the source itself), or (one time in three) one of its own
    there = [c for c in _creatures(objects) if c != source] or [c for c in _creatures(objects) if c == source]
    if there and draw.integer(0, 2) != 2:
        creature = draw.sample(there)
    else:
        creature = f"r{number}"
        objects[creature] = {"card": {"types": ["creature"], "power": draw.integer(0, 3),
                                      "toughness": draw.integer(1, 5)}, "owner": draw.sample(players)}
    spec, before = objects[creature], []
    qualities = _qualities(objects[source])
    # one of: protection from one of the source's qualities (702.16e, which prevents all of its
    # damage), or indestructible printed, gained or lost (702.12b, what its damage then does)
    twists = [None, *(["protection"] * 3 if qualities and damage_modifiers.can("protection", allowed) and not ranges
                      else []),
              *(["printed", *(["gained", "lost"] if "ability-changing" in allowed else [])]
                if "indestructible" in allowed else [])]
    how = draw.sample(twists)
    if how == "protection":
        _give(spec, {"protection": draw.sample(qualities)})
    if how in ("printed", "lost"):
        _give(spec, {"keyword": "indestructible"})
    if how in ("gained", "lost"):
        before.append({"become": {"to": creature, ("gains" if how == "gained" else "loses"): [
            {"keyword": "indestructible"}]}})
    return creature, before


def _qualities(spec: dict[str, Any]) -> list[str]:
    """What a source's protection may be from: its printed colours and card types (702.16a)."""
    card = spec["card"]
    return [QUALITIES[q] for q in [*card.get("colors", []), *card["types"]] if q in QUALITIES]


# --- realizing: a template to a step on the board as it is ------------------------------------------


def realize(realizer: Any, template: dict[str, Any]) -> dict[str, Any] | None:
    """The step of a meeting's template, aimed at what is there now (400.7: a permanent that left is
    a new object, 113.7a: a source that left deals no damage here), or none."""
    (kind, body), = template.items()
    if kind == "become":
        if not realizer.here(body["to"]):
            return None
        owner = _controller(realizer, body["to"])
        controller = _other(realizer.players, owner) if body.get("gain_control") else owner
        return {kind: {"id": realizer._new_id(), "controller": controller, **body}}
    if kind == "prevent_damage":
        to = body["to"]
        if to not in realizer.players and not realizer.here(to):
            return None
        controller = to if to in realizer.players else _controller(realizer, to)
        return {kind: {"id": realizer._new_id(), "controller": controller, **body}}
    if kind == "redirect_damage":
        if not realizer.here(body["instead_to"]):
            return None
        controller = _controller(realizer, body["instead_to"])
        return {kind: {"id": realizer._new_id(), "controller": controller, "to": controller,
                       "instead_to": body["instead_to"]}}
    if kind == "flicker":  # 400.7: exiled and returned in one event
        oid = body["object"]
        moves = [{"move": {"object": oid, "to": "exile"}}, {"move": {"object": oid, "to": "battlefield"}}]
        return {"together": moves} if realizer.here(oid) else None
    if kind == "resolve_triggers":  # 608.1: what the damage triggered, if anything
        from reference_engine import triggers
        return {kind: {}} if triggers.stack(realizer.game) else None
    return _damage(realizer, body)


def _controller(realizer: Any, oid: str) -> str:
    from reference_engine.range_of_influence import controller_of
    return controller_of(realizer.game, realizer.game.objects[oid])


def _damage(realizer: Any, body: dict[str, Any]) -> dict[str, Any] | None:
    source, recipient = body["source"], body["to"]
    if realizer.game.objects[source].zone not in ("battlefield", "stack"):
        return None
    if recipient not in realizer.players and not (realizer.here(recipient) and (
            realizer.is_creature(recipient) or recipient in realizer.planeswalkers())):
        return None
    to = _controller(realizer, recipient) if body.get("redirected") else recipient
    counted = body.get("with_counters")
    if counted and not realizer.here(counted["object"]):
        counted = None
    amount = body["amount"]
    if amount < 2:  # lethal as the damage is dealt, with the +1/+1 counters put at once (704.5g)
        lethal = realizer.lethal(recipient) if recipient not in realizer.players else 6
        lethal += counted["count"] if counted and counted["object"] == recipient else 0
        amount = max(1, lethal - amount)
    damage = {"damage": {"source": source, "to": to, "amount": amount,
                         **({"cant_be_prevented": True} if body.get("cant_be_prevented") else {})}}
    if counted:
        counters = {"put_counters": {"object": counted["object"], "kind": "+1/+1", "count": counted["count"]}}
        return {"together": [counters, damage]}
    return damage
