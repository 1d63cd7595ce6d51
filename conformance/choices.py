"""Which replacement and prevention effects may apply to a damage event, so which choices a case
must script (CR 616.1).

When two or more replacement and/or prevention effects would modify how an event affects a
player or an object, the affected player (or the affected object's controller) chooses one to
apply, then chooses again among those still applicable, until none is left (616.1, 616.1e-f).
A case has no player to ask, so a damage step scripts the choice in ``order``: per recipient,
the effects in the order they are applied. A case that may need a choice and does not script it
is ambiguous, and the loader rejects it.

Whether an effect really applies depends on the game (a shield may be used up, a filter may not
match, a creature may have left), which only an engine knows. So this module works from the
case's text and is conservative: an effect *may apply* to a recipient unless the case's text rules
it out (a shield on another recipient, combat-only prevention on noncombat damage, a static that
only covers objects when a player is dealt damage). Every effect that may apply must then be in
the order; an effect listed in the order that turns out not to apply is simply skipped.

Effects are named by the ``id`` of the step that created them, or by the id of the object whose
static ability generates them (``double_damage``, ``prevent_damage``). Both the loader and the
strategies (which must script every choice they make necessary) use :func:`damage_choices`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

STATIC_DAMAGE_ABILITIES = ("double_damage", "prevent_damage")
"""Abilities whose static effects replace or prevent damage (CR 701.10g, 615.10)."""

EFFECT_STEPS = ("prevent_damage", "redirect_damage")
"""Steps creating replacement or prevention effects from a resolving spell or ability."""


@dataclass
class DamageChoices:
    """For one damage step (at ``path``, a tuple of keys into the case): the recipients it may
    deal damage to, directly or after a redirection, and for each the effects that may apply."""

    path: tuple[Any, ...]
    body: Mapping[str, Any]
    may_apply: dict[str, list[str]] = field(default_factory=dict)
    unnamed: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)

    def needing_choice(self) -> dict[str, list[str]]:
        """The recipients on which two or more effects may apply, so an order is needed."""
        return {r: refs for r, refs in self.may_apply.items() if len(refs) + len(self.unnamed.get(r, ())) >= 2}


@dataclass
class _Effect:
    ref: str | None          # the step's id, or None when it has none
    kind: str
    body: Mapping[str, Any]
    path: tuple[Any, ...]


def damage_choices(raw: Mapping[str, Any]) -> Iterator[DamageChoices]:
    """Every damage step of the (schema-valid, plain) case ``raw``, with the effects that may apply
    to each recipient, in the case's step order."""
    players = list(raw["players"])
    objects = raw["objects"]
    zones = {oid: spec.get("zone", "battlefield") for oid, spec in objects.items()}
    active: list[_Effect] = []
    for path, kind, body in _walk(raw["steps"], ("steps",)):
        if kind in EFFECT_STEPS:
            active.append(_Effect(body.get("id"), kind, body, path))
        elif kind == "end_effect":
            active = [e for e in active if e.ref != body]
        elif kind == "end_turn":  # 514.2: effects lasting until end of turn end
            active = [e for e in active if e.body.get("until", "end_of_turn") != "end_of_turn"]
        elif kind == "move" and body["object"] in zones:
            zones[body["object"]] = body["to"]
        elif kind == "damage":
            yield _choices_for(path, body, players, objects, zones, active)


def _walk(steps, at) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
    for index, step in enumerate(steps):
        (kind, body), = step.items()
        if kind == "together":
            yield from _walk(body, at + (index, kind))
        else:
            yield at + (index, kind), kind, body


def _statics(objects, zones) -> Iterator[tuple[str, str, Mapping[str, Any]]]:
    """(object id, ability key, ability body) of every static damage ability on the battlefield."""
    for oid, spec in objects.items():
        if zones.get(oid) != "battlefield":
            continue
        for ability in spec["card"].get("abilities", []):
            (key, body), = ability.items()
            if key in STATIC_DAMAGE_ABILITIES:
                yield oid, key, body


def _choices_for(path, body, players, objects, zones, active) -> DamageChoices:
    choices = DamageChoices(path, body)
    combat = bool(body.get("combat", False))
    recipients = list(_recipients(body, players, objects, zones))
    seen = set()
    while recipients:
        recipient = recipients.pop(0)
        if recipient in seen:
            continue
        seen.add(recipient)
        is_player = recipient in players
        refs: list[str] = []
        for oid, key, ability in _statics(objects, zones):
            if key == "prevent_damage" and ((ability.get("combat") and not combat) or ("to" in ability and is_player)):
                continue  # combat-only prevention on noncombat damage; a static `to` filter matches objects only
            if oid not in refs:
                refs.append(oid)
        for effect in active:
            if not _may_apply(effect, recipient, is_player, combat):
                continue
            if effect.kind == "redirect_damage":
                recipients.append(effect.body["instead_to"])  # 616.2: effects on the new recipient
            if effect.ref is None:
                choices.unnamed.setdefault(recipient, []).append(effect.path)
            elif effect.ref not in refs:
                refs.append(effect.ref)
        choices.may_apply[recipient] = refs
    return choices


def _recipients(body, players, objects, zones) -> Iterator[str]:
    if "to" in body:
        yield body["to"]
    if "to_each" in body:
        wanted = set(body["to_each"].get("types", ()))
        for oid, spec in objects.items():
            if zones.get(oid) == "battlefield" and wanted <= set(spec["card"].get("types", ())):
                yield oid
    if body.get("to_each_player"):
        yield from players


def _may_apply(effect: _Effect, recipient: str, is_player: bool, combat: bool) -> bool:
    body = effect.body
    if effect.kind == "redirect_damage":
        return body["to"] == recipient
    if body.get("combat") and not combat:
        return False
    if "to" in body:
        return body["to"] == recipient
    if "to_each" in body:
        return not is_player
    return True


def choice_problems(raw: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """(path, message) for every damage step whose scripted order is missing, incomplete or
    names something that cannot apply (CR 616.1)."""
    players = set(raw["players"])
    static_owners = {oid for oid, spec in raw["objects"].items()
                     for a in spec["card"].get("abilities", []) if next(iter(a)) in STATIC_DAMAGE_ABILITIES}
    for choices in damage_choices(raw):
        order = choices.body.get("order", {})
        for recipient, refs in choices.needing_choice().items():
            who = "the affected player" if recipient in players else "the affected object's controller"
            unnamed = choices.unnamed.get(recipient, [])
            if unnamed:
                where = "/".join(map(str, unnamed[0]))
                yield (choices.path, f"the effect created at {where} may apply to {recipient} with other effects, "
                                     f"so the order must name it: give that step an id (CR 616.1)")
                continue
            listed = order.get(recipient)
            if listed is None:
                yield (choices.path, f"{len(refs)} replacement/prevention effects may apply to damage dealt to "
                                     f"{recipient} ({', '.join(refs)}): {who} chooses the order they apply in "
                                     f"(CR 616.1); script it as order: {{{recipient}: [{', '.join(refs)}]}}")
                continue
            missing = [r for r in refs if r not in listed]
            if missing:
                yield (choices.path + ("order", recipient),
                       f"the order for {recipient} lacks {', '.join(map(repr, missing))}, "
                       f"which may also apply (CR 616.1)")
        for recipient, listed in order.items():
            if recipient not in choices.may_apply:
                yield (choices.path + ("order", recipient), f"{recipient!r} is not dealt damage by this step")
                continue
            for index, ref in enumerate(listed):
                if ref not in choices.may_apply[recipient]:
                    what = "its static ability" if ref in static_owners else "no such effect is active"
                    yield (choices.path + ("order", recipient, index),
                           f"{ref!r} cannot apply to damage dealt to {recipient} at this step ({what}; the effects "
                           f"that may apply: {', '.join(choices.may_apply[recipient]) or 'none'})")


def script_orders(raw: Mapping[str, Any], choose: Callable[[list[str]], list[str]] | None = None) -> dict[str, Any]:
    """A copy of the plain case ``raw`` in which every damage step scripts the orders it needs:
    for each recipient on which two or more effects may apply and that has no order yet, the
    effects in the order ``choose`` puts them in (by default, as :func:`damage_choices` lists
    them). Every effect that may apply must have an id (see :func:`choice_problems`)."""
    plain = copy.deepcopy(dict(raw))
    for choices in list(damage_choices(plain)):
        body = plain
        for key in choices.path:
            body = body[key]
        for recipient, refs in choices.needing_choice().items():
            order = body.setdefault("order", {})
            if recipient not in order:
                order[recipient] = list(choose(list(refs)) if choose else refs)
    return plain
