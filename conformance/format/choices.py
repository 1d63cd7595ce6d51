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

Effects and filters look at objects as the layers make them (613.1), not as printed: an object
that may become a copy (707.2a), gain abilities (613.1f) or change its types (613.1d) may have a
damage doubler or a prevention ability its card lacks, and may be "a creature" dealt damage by
"each creature". Such objects are counted as possible sources of those effects (when the case
holds any such ability to copy or gain) and as possible recipients.

Effects are named by the ``id`` of the step that created them, or by the id of the object whose
static ability generates them (``double_damage``, ``prevent_damage``, ``modify_damage``,
``protection``) when it may have only one
such ability; each static ability generates its own effect (614.5), so an object that may have
several is named ability by ability: ``OBJ.double_damage``, ``OBJ.prevent_damage``, and
``OBJ.prevent_damage.2`` for the second of one kind (the plain ``OBJ`` is then ambiguous, and
refused). Both the loader and the strategies (which must script every choice they make
necessary) use :func:`damage_choices`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from conformance.format.steps import created_tokens

STATIC_DAMAGE_ABILITIES = ("double_damage", "prevent_damage", "modify_damage", "protection", "redirect_damage")
"""Abilities whose static effects replace, prevent or redirect damage (CR 701.10g, 615.10, 614.1a, 702.16e,
614.9)."""

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
    aliases: dict[str, str] = field(default_factory=dict)       # other names of a static effect -> its name
    ambiguous: dict[str, list[str]] = field(default_factory=dict)  # a plain id -> the effects it may mean

    def canonical(self, ref: str) -> str:
        """The name :attr:`may_apply` uses for the effect an order calls ``ref``."""
        return self.aliases.get(ref, ref)

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
    changing = _changing(raw)
    active: list[_Effect] = []
    for path, kind, body in _walk(raw["steps"], ("steps",)):
        if kind == "create_token":  # 111.1: a token enters the battlefield
            for token in created_tokens(body):
                zones[token] = "battlefield"
        if kind in EFFECT_STEPS:
            active.append(_Effect(body.get("id"), kind, body, path))
        elif kind == "end_effect":
            active = [e for e in active if e.ref != body]
        elif kind == "end_turn":  # 514.2: effects lasting until end of turn end
            active = [e for e in active if e.body.get("until", "end_of_turn") != "end_of_turn"]
        elif kind == "move" and body["object"] in zones:
            zones[body["object"]] = body["to"]
        elif kind in ("damage", "combat"):  # 510.2: combat damage is damage, its order scripted alike
            yield _choices_for(path, body, players, objects, zones, active, changing)


def _walk(steps, at) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
    for index, step in enumerate(steps):
        (kind, body), = step.items()
        if kind == "together":
            yield from _walk(body, at + (index, kind))
        else:
            yield at + (index, kind), kind, body


KINDS_ORDER = STATIC_DAMAGE_ABILITIES


@dataclass
class _Slot:
    """One static damage ability an object may have: its name in an order, its kind, and the
    bodies it may have (``None``: not known, it may apply to anything)."""

    name: str
    kind: str
    bodies: list[Mapping[str, Any] | None]


@dataclass(frozen=True)
class _Changing:
    """Which objects may have characteristics other than their printed card's (613.1).

    ``abilities``: objects that may gain abilities or become a copy of an unknown object (every
    object with ``everyone``), which may then have a static damage ability if the case holds one
    anywhere (``donor``); ``copies``: for a copy whose originals the case names (choices made as it
    enters, a token's ``copy_of``), those originals (707.2a: it has their abilities); ``types``:
    objects whose card types may change (613.1d), so that "each creature" may include them."""

    abilities: frozenset[str]
    copies: Mapping[str, frozenset[str]]
    types: frozenset[str]
    everyone: bool
    donor: bool
    donor_kinds: frozenset[str] = frozenset()

    def may_be_retyped(self, oid: str) -> bool:
        return self.everyone or oid in self.types or oid in self.copies


CHANGING_ABILITIES = ("activated", "triggered", "morph")
"""Abilities that may change their own object in ways the case's text does not spell out: an
activated or triggered effect (becoming something or a copy), turning face up. (A copy as it
enters, 707.5, names what it copies in the choices it enters with.)"""


def _copied(choices: Mapping[str, Any] | None) -> list[str]:
    copy = (choices or {}).get("copy", [])
    return [copy] if isinstance(copy, str) else list(copy)


def _changing(raw: Mapping[str, Any]) -> _Changing:
    abilities: set[str] = set()
    types: set[str] = set()
    copies: dict[str, set[str]] = {}
    everyone = False
    changing_names = _changing_ability_names(raw)
    for oid, spec in raw["objects"].items():
        if spec.get("face_down"):
            types.add(oid)  # a face-down permanent is a 2/2 creature (708.2a)
        if _copied(spec.get("choices")):
            copies.setdefault(oid, set()).update(_copied(spec.get("choices")))
        for ability in spec["card"].get("abilities", []):
            (key, body), = ability.items()
            # (a triggered ability putting counters, dealing damage, ... changes no ability or type, events.py)
            if key in CHANGING_ABILITIES and (key == "morph" or {"become", "become_copy"} & set(body.get("effect", {}))):
                abilities.add(oid)
                types.add(oid)
            elif key in ("static", "static_copy"):  # 613.5: whatever it matches, at each moment
                everyone = True
    for _, kind, body in _walk(raw["steps"], ("steps",)):
        if kind == "become_copy" and "to" in body:
            copies.setdefault(body["to"], set()).add(body["of"])
        elif kind == "become":
            targets = [body["to"]] if "to" in body else None
            # a part left out and the same part listed empty (the plain form lists them) are one thing
            retypes = body.get("types") is not None or bool(body.get("add_types"))
            everyone = everyone or (targets is None and (retypes or bool(body.get("gains"))))
            if targets and _mentions({"gains": body.get("gains", [])}):  # the abilities gained are given: only these
                abilities.update(targets)
            if targets and retypes:
                types.update(targets)
        elif kind == "become_copy":
            everyone = True
        elif kind == "create_token":
            for token in created_tokens(body):
                copies.setdefault(token, set()).update([*([body["copy_of"]] if "copy_of" in body else []),
                                                        *_copied(body.get("choices"))])
        elif kind == "move" and (body.get("choices") or body.get("face_down")):
            copies.setdefault(body["object"], set()).update(_copied(body.get("choices")))
            types.add(body["object"])
        elif kind in ("turn_face_up", "turn_face_down") or (
                kind in ("activate", "trigger") and body["ability"] in changing_names):
            abilities.add(body["object"])
            types.add(body["object"])
            if body.get("target"):
                abilities.add(body["target"])
                types.add(body["target"])
    kinds = _mentions(raw["objects"]) | _mentions(raw["steps"])
    return _Changing(frozenset(abilities), {k: frozenset(v) for k, v in copies.items()}, frozenset(types),
                     everyone, bool(kinds), frozenset(kinds))


NAMED_ABILITIES = ("activated", "triggered", "loyalty_ability")
"""Abilities an ``activate`` or ``trigger`` step names (CR 602, 603, 606)."""


def _changing_ability_names(raw: Mapping[str, Any]) -> set[str]:
    """The names an ``activate`` or ``trigger`` step may mean an ability that changes its object's
    abilities or types by (a ``become`` or ``become_copy`` effect, 613.1d, 613.1f, 707.2a): every
    name some such ability has anywhere in the case (printed, gained, given by a copy exception),
    and every name no ability of the case has (an unknown ability may do anything). A step naming
    only abilities whose effects change no characteristic (a loyalty ability with no effect, one
    putting counters or dealing damage) changes neither its object nor its target."""
    named: dict[str, bool] = {}

    def visit(data: Any) -> None:
        if isinstance(data, Mapping):
            for key, value in data.items():
                if key in NAMED_ABILITIES and isinstance(value, Mapping) and isinstance(value.get("name"), str):
                    effect = value.get("effect") or {}
                    changes = not isinstance(effect, Mapping) or bool({"become", "become_copy"} & set(effect))
                    named[value["name"]] = named.get(value["name"], False) or changes
                visit(value)
        elif isinstance(data, list):
            for item in data:
                visit(item)

    visit([raw["objects"], raw["steps"]])
    stepped = {body["ability"] for _, kind, body in _walk(raw["steps"], ("steps",))
               if kind in ("activate", "trigger") and isinstance(body, Mapping) and "ability" in body}
    return {name for name, changes in named.items() if changes} | {name for name in stepped if name not in named}


def _mentions(data: Any) -> set[str]:
    """The kinds of static damage ability that occur in ``data`` as an ability: in an ``abilities``
    or ``gains`` list, at any depth (a card, an ability's effect, a copy exception, a ``become``)."""
    found: set[str] = set()
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key in ("abilities", "gains") and isinstance(value, list):
                found.update(k for a in value if isinstance(a, Mapping) for k in a if k in STATIC_DAMAGE_ABILITIES)
            found |= _mentions(value)
    elif isinstance(data, list):
        for item in data:
            found |= _mentions(item)
    return found


def _printed_slots(spec: Mapping[str, Any] | None) -> dict[str, list[list[Mapping[str, Any] | None]]]:
    out: dict[str, list[list[Mapping[str, Any] | None]]] = {}
    for ability in spec["card"].get("abilities", []) if spec else ():
        (key, body), = ability.items()
        if key in STATIC_DAMAGE_ABILITIES:
            out.setdefault(key, []).append([body])
    return out


def _possible_slots(oid: str, objects: Mapping[str, Any], changing: _Changing | None,
                    seen: frozenset[str] = frozenset()) -> dict[str, list[list[Mapping[str, Any] | None]]]:
    """By kind, the static damage abilities ``oid`` may have at once, each with the bodies it may
    have: its printed ones, or those of an original it may copy (707.2a: the longest list of each
    kind among them), plus one unknown ability of each kind the case holds if it may gain
    abilities or copy an unknown object (613.1f)."""
    slots = _printed_slots(objects.get(oid))
    if changing is None:
        return slots
    for original in changing.copies.get(oid, ()):
        if original in seen or original == oid:
            continue
        for kind, theirs in _possible_slots(original, objects, changing, seen | {oid}).items():
            mine = slots.setdefault(kind, [])
            for index, bodies in enumerate(theirs):
                if index < len(mine):
                    mine[index] = mine[index] + bodies
                else:
                    mine.append(list(bodies))
    if changing.donor and (changing.everyone or oid in changing.abilities):
        for kind in changing.donor_kinds:
            slots.setdefault(kind, []).append([None])
    return slots


def _slots(oid: str, objects: Mapping[str, Any], changing: _Changing | None) -> list[_Slot]:
    """The static damage abilities ``oid`` may have, each named as an order must name it (616.1):
    the plain id when it may have only one; otherwise ``OBJ.KIND``, or ``OBJ.KIND.N`` for the Nth
    (from 1) of a kind it may have several of."""
    possible = _possible_slots(oid, objects, changing)
    total = sum(len(v) for v in possible.values())
    out = []
    for kind in KINDS_ORDER:
        for index, bodies in enumerate(possible.get(kind, ())):
            if total == 1:
                name = oid
            elif len(possible[kind]) == 1:
                name = f"{oid}.{kind}"
            else:
                name = f"{oid}.{kind}.{index + 1}"
            out.append(_Slot(name, kind, bodies))
    return out


def _aliases(slot: _Slot, oid: str, count_of_kind: int) -> list[str]:
    """The other names the engine gives this effect (docs/format.md): ``OBJ.KIND.N`` always,
    ``OBJ.KIND`` for the only one of its kind."""
    names = [f"{oid}.{slot.kind}.1"] if count_of_kind == 1 else []
    if slot.name == oid:
        names.append(f"{oid}.{slot.kind}")
    return [n for n in names if n != slot.name]


def _statics(objects, zones, changing: _Changing | None = None) -> Iterator[tuple[str, _Slot]]:
    """(object id, slot) of every static damage ability that may be on the battlefield: printed
    ones, and those an object may have copied or gained (707.2a, 613.1f)."""
    for oid, zone in zones.items():
        if zone == "battlefield":
            for slot in _slots(oid, objects, changing):
                yield oid, slot


def _excluded(body: Mapping[str, Any] | str | None, kind: str, is_player: bool, combat: bool,
              *, mine: bool = False) -> bool:
    """Whether the case's text rules out that this ability applies: combat-only prevention on
    noncombat damage; a static ``to`` filter (it matches objects) when a player is dealt damage;
    a ``modify_damage`` recipient of the other kind (``to`` objects, ``to_player`` players); a
    ``to: {itself: true}`` filter on damage to another object; protection on damage dealt to anything but its own object (``mine``, 702.16e)."""
    if kind == "protection":
        return not mine
    if kind == "redirect_damage" and mine:
        return True  # 614.9: never to its own permanent (prevention_variants.StaticRedirection)
    if not isinstance(body, Mapping):
        return False
    to = body.get("to")
    if isinstance(to, Mapping) and to.get("itself") and not mine and not is_player:
        return True  # "this creature": only its own object
    if kind in ("modify_damage", "redirect_damage") or (kind == "prevent_damage" and "to_player" in body):
        if ("to" in body or "to_player" in body) and ("to_player" if is_player else "to") not in body:
            return True  # only recipients of the other kind (615.1: "to you")
        return kind == "prevent_damage" and bool(body.get("combat")) and not combat
    return kind == "prevent_damage" and (
        (body.get("combat") and not combat) or ("to" in body and is_player))


def _choices_for(path, body, players, objects, zones, active, changing=None) -> DamageChoices:
    choices = DamageChoices(path, body)
    combat = bool(body.get("combat", False)) or "attackers" in body  # a combat step deals combat damage (510.2)
    recipients = list(_recipients(body, players, objects, zones, changing))
    statics = list(_statics(objects, zones, changing))
    for oid, slot in statics:
        count = sum(1 for other, s in statics if other == oid and s.kind == slot.kind)
        for alias in _aliases(slot, oid, count):
            choices.aliases[alias] = slot.name
        if slot.name != oid:
            choices.ambiguous.setdefault(oid, []).append(slot.name)
    seen = set()
    while recipients:
        recipient = recipients.pop(0)
        if recipient in seen:
            continue
        seen.add(recipient)
        is_player = recipient in players
        refs: list[str] = []
        for oid, slot in statics:
            if slot.kind == "redirect_damage" and body.get("cant_be_redirected"):
                continue  # no redirection applies to it (prevention_variants.may_redirect)
            if all(_excluded(b, slot.kind, is_player, combat, mine=oid == recipient) for b in slot.bodies):
                continue
            if slot.name not in refs:
                refs.append(slot.name)
            if slot.kind == "redirect_damage":
                recipients.append(oid)  # 616.2: effects on its permanent, the new recipient
        for effect in active:
            if not _may_apply(effect, recipient, is_player, combat) or (
                    effect.kind == "redirect_damage" and body.get("cant_be_redirected") and "amount" not in effect.body):
                continue
            if effect.kind == "redirect_damage":
                recipients.append(effect.body["instead_to"])  # 616.2: effects on the new recipient
            if effect.ref is None:
                choices.unnamed.setdefault(recipient, []).append(effect.path)
            elif effect.ref not in refs:
                refs.append(effect.ref)
        choices.may_apply[recipient] = refs
    return choices


def _recipients(body, players, objects, zones, changing=None) -> Iterator[str]:
    if "attackers" in body:  # a combat step: what is attacked, the attackers, the blockers (510.1b-d)
        yield from body["attackers"].values()
        blocked = {a for value in body.get("blockers", {}).values() for a in ([value] if isinstance(value, str) else value)}
        yield from (a for a in body["attackers"] if a in blocked)  # 510.1a: only its blockers deal it damage
        yield from body.get("blockers", {})
    if "to" in body:
        yield body["to"]
    if "to_each" in body:  # by printed types, or any object whose types may have changed (613.1d)
        wanted = set(body["to_each"].get("types", ()))
        for oid, zone in zones.items():
            if zone != "battlefield":
                continue
            printed = set(objects[oid]["card"].get("types", ())) if oid in objects else set()
            if wanted <= printed or (changing is not None and changing.may_be_retyped(oid)):
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


def _has_ability(data: Any, wanted: Callable[[str, Any], bool]) -> bool:
    """Whether an ability ``wanted`` accepts occurs anywhere in ``data`` (printed, gained, given)."""
    if isinstance(data, Mapping):
        return any(wanted(key, value) or _has_ability(value, wanted) for key, value in data.items())
    return isinstance(data, list) and any(_has_ability(item, wanted) for item in data)


def _counter_choices(raw: Mapping[str, Any]) -> tuple[bool, frozenset[str]]:
    """Whether a prevention effect's additional effect may put counters on a permanent in this
    case (615.5), and the objects whose counter replacement effects (614.1a) an order may then
    name beside the damage effects (614.16: they modify those counters; 616.1: the permanent's
    controller orders them, in the damage step's ``order`` under that permanent)."""
    extras = _has_ability(raw, lambda key, body: key == "prevent_damage" and isinstance(body, Mapping)
                          and "put_counters" in (body.get("then") or {}))
    if not extras:
        return False, frozenset()
    objects = raw["objects"]
    printed = {oid for oid, spec in objects.items()
               if any("counter_replacement" in ability for ability in spec["card"].get("abilities", []))}
    others = [a for spec in objects.values() for a in spec["card"].get("abilities", []) if "counter_replacement" not in a]
    changing = _changing(raw)
    if changing.everyone or _has_ability([others, raw["steps"]], lambda key, _: key == "counter_replacement"):
        tokens = {t for _, kind, body in _walk(raw["steps"], ("steps",)) if kind == "create_token"
                  for t in created_tokens(body)}
        return True, frozenset(objects) | tokens  # granted, given or copied: any object may have one (613.1f)
    copies = changing.copies  # 707.2a: a copy of one has it
    return True, frozenset(printed | {oid for oid, originals in copies.items() if originals & printed})


def _names_counter_replacement(ref: str, owners: frozenset[str]) -> bool:
    oid, _, kind = ref.partition(".")
    return oid in owners and (not kind or kind.split(".")[0] == "counter_replacement")


def choice_problems(raw: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """(path, message) for every damage step whose scripted order is missing, incomplete or
    names something that cannot apply (CR 616.1)."""
    players = set(raw["players"])
    static_owners = {oid for oid, spec in raw["objects"].items()
                     for a in spec["card"].get("abilities", []) if next(iter(a)) in STATIC_DAMAGE_ABILITIES}
    extras, counter_owners = _counter_choices(raw)
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
            normal = [choices.canonical(r) for r in listed]
            meant = {name for r in listed for name in choices.ambiguous.get(r, ())}  # reported as ambiguous below
            missing = [r for r in refs if r not in normal and r not in meant]
            if missing:
                yield (choices.path + ("order", recipient),
                       f"the order for {recipient} lacks {', '.join(map(repr, missing))}, "
                       f"which may also apply (CR 616.1)")
        for recipient, listed in order.items():
            hosts_extras = extras and recipient not in players  # 615.5: its counters ordered here (614.16)
            if recipient not in choices.may_apply and not hosts_extras:
                yield (choices.path + ("order", recipient), f"{recipient!r} is not dealt damage by this step")
                continue
            for index, ref in enumerate(listed):
                if hosts_extras and _names_counter_replacement(ref, counter_owners):
                    continue  # a counter replacement on the counters of a prevention effect's additional effect
                if recipient not in choices.may_apply:
                    yield (choices.path + ("order", recipient, index),
                           f"{ref!r} is no counter replacement effect, and {recipient} is not dealt damage by this step")
                    continue
                if ref in choices.ambiguous and ref not in choices.may_apply[recipient]:
                    yield (choices.path + ("order", recipient, index),
                           f"{ref!r} is ambiguous: {ref} may have several static damage abilities, each its own "
                           f"effect (CR 614.5, 616.1); name each of them: {', '.join(choices.ambiguous[ref])}")
                    continue
                if choices.canonical(ref) not in choices.may_apply[recipient]:
                    what = "its static ability" if ref in static_owners else "no such effect is active"
                    yield (choices.path + ("order", recipient, index),
                           f"{ref!r} cannot apply to damage dealt to {recipient} at this step ({what}; the effects "
                           f"that may apply: {', '.join(choices.may_apply[recipient]) or 'none'})")


def script_orders(raw: Mapping[str, Any], choose: Callable[[list[str]], list[str]] | None = None) -> dict[str, Any]:
    """A copy of the plain case ``raw`` in which every damage step scripts the orders it needs:
    for each recipient on which two or more effects may apply and that has no order yet, the
    effects in the order ``choose`` puts them in (by default, as :func:`damage_choices` lists
    them). Every effect that may apply must have an id (see :func:`choice_problems`). Only the
    steps are copied (an order is written into a step): the rest is ``raw``'s own."""
    plain = dict(raw)
    plain["steps"] = copy.deepcopy(raw["steps"])
    for choices in list(damage_choices(plain)):
        body = plain
        for key in choices.path:
            body = body[key]
        for recipient, refs in choices.needing_choice().items():
            order = body.setdefault("order", {})
            if recipient not in order:
                order[recipient] = list(choose(list(refs)) if choose else refs)
    return plain
