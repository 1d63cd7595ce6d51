"""What the schema cannot say about Auras and Equipment (issue 40; :mod:`conformance.format.attachments`).

- an object's ``attached_to`` (301.5, 303.4): only on an Aura or Equipment card on the battlefield,
  naming another object declared on the battlefield;
- an Aura card has an enchant ability (702.5a: it says what the Aura can enchant), and only an Aura
  card has one;
- ``choices.attach_to`` (303.4f) only on a ``move`` onto the battlefield, of an Aura card; and an
  Aura card moved onto the battlefield says what it enchants (the format scripts the choice);
- an ``attach`` or ``unattach`` step names an Aura or Equipment card, or an object that may become
  one (a copy, an object a step changes) (701.3a, 701.3d);
- a filter's ``attached`` is for an ability of an Aura or Equipment: a resolving effect's filter
  (``to_each``, ``by``) and an emblem's ability have nothing they are attached to;
- an Aura spell targets (303.4a) and an Aura token needs an object to enchant as it is created:
  casting an Aura card and an Aura token card are refused (targeting is not modelled here).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.attachments import AURA, EQUIPMENT
from conformance.format.counter_checks import flat_steps

Problem = tuple[tuple[Any, ...], str]


def _subtypes(spec: Mapping[str, Any] | None) -> tuple[str, ...]:
    return tuple(((spec or {}).get("card") or {}).get("subtypes") or ())


def _attachable(spec: Mapping[str, Any] | None) -> bool:
    """Whether an object's card is an Aura or an Equipment (205.3g, 205.3h)."""
    return bool({AURA, EQUIPMENT} & set(_subtypes(spec)))


def problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """Every problem of a schema-valid case about attaching."""
    objects = raw["objects"]
    for object_id, spec in objects.items():
        at = ("objects", object_id)
        yield from _enchant_problems(spec["card"], at + ("card",))
        if "attached_to" in spec:
            yield from _attached_problems(object_id, spec, objects, at + ("attached_to",))
        elif AURA in _subtypes(spec) and spec.get("zone", "battlefield") == "battlefield" and not spec.get("face_down"):
            yield (at, "an Aura on the battlefield is attached to what it enchants (CR 303.4): give attached_to")
        if "attach_to" in (spec.get("choices") or {}):
            yield (at + ("choices", "attach_to"), "an object declared on the battlefield says what it is attached to "
                                                  "with attached_to (choices.attach_to is for an Aura entering, CR 303.4f)")
    changed = {body.get("to") for _, kind, body in flat_steps(raw["steps"], ("steps",))
               if kind in ("become", "become_copy") and isinstance(body, Mapping)}
    for at, kind, body in flat_steps(raw["steps"], ("steps",)):
        yield from _step_problems(kind, body, at, objects, changed)
        yield from _misplaced_attached(kind, body, at)


def _enchant_problems(card: Mapping[str, Any], at: tuple[Any, ...]) -> Iterator[Problem]:
    enchants = [i for i, a in enumerate(card.get("abilities") or ()) if "enchant" in a]
    aura = AURA in (card.get("subtypes") or ())
    if aura and not enchants:
        yield (at + ("abilities",), "an Aura card needs an enchant ability saying what it can enchant (CR 702.5a, "
                                    "303.4): enchant: {types: [creature]} is \"Enchant creature\"")
    if enchants and not aura:
        yield (at + ("abilities", enchants[0], "enchant"), "only an Aura card has an enchant ability (CR 702.5a)")


def _attached_problems(object_id: str, spec: Mapping[str, Any], objects: Mapping[str, Any],
                       at: tuple[Any, ...]) -> Iterator[Problem]:
    target = spec["attached_to"]
    if spec.get("zone", "battlefield") != "battlefield":
        yield (at, "only a permanent is attached to something (CR 301.5, 303.4): battlefield only")
    elif not _attachable(spec):
        yield (at, f"{object_id!r} is neither an Aura nor an Equipment card: only those are attached here (CR 301.5, "
                   "303.4; Fortifications are not modelled)")
    elif target == object_id:
        yield (at, "an Aura or Equipment can't be attached to itself (CR 303.4d, 301.5c)")
    elif target not in objects:
        yield (at, f"undeclared object {target!r}")
    elif objects[target].get("zone", "battlefield") != "battlefield":
        yield (at, f"{target!r} is not on the battlefield: the format attaches to permanents only (CR 301.5, 303.4)")


def _may_change(object_id: str, objects: Mapping[str, Any], changed: set[Any]) -> bool:
    """Whether the object may become an Aura or Equipment: a copy (707.2) or a step changes it."""
    abilities = (objects[object_id].get("card") or {}).get("abilities") or ()
    return object_id in changed or any("enters_as_copy" in a for a in abilities)


def _step_problems(kind: str, body: Any, at: tuple[Any, ...], objects: Mapping[str, Any],
                   changed: set[Any]) -> Iterator[Problem]:
    if (kind in ("attach", "unattach") and body["object"] in objects and not _attachable(objects[body["object"]])
            and not _may_change(body["object"], objects, changed)):
        yield (at + ("object",), f"{body['object']!r} is neither an Aura nor an Equipment card: only those are "
                                 f"attached (CR 701.3a)")
    if kind == "move":
        choices = body.get("choices") or {}
        aura = AURA in _subtypes(objects.get(body["object"]))
        if "attach_to" in choices:
            if body.get("to") != "battlefield" or not aura or body.get("face_down"):
                yield (at + ("choices", "attach_to"), "attach_to is the choice of an Aura card entering the battlefield "
                                                      "face up (CR 303.4f)")
            elif choices["attach_to"] not in objects:
                yield (at + ("choices", "attach_to"), f"undeclared object {choices['attach_to']!r}")
            elif choices["attach_to"] == body["object"]:
                yield (at + ("choices", "attach_to"), "an Aura can't enchant itself (CR 303.4d)")
        elif aura and body.get("to") == "battlefield" and not body.get("face_down"):
            yield (at + ("choices",), "an Aura entering the battlefield enchants what its controller chooses as it "
                                      "enters (CR 303.4f): script it as choices: {attach_to: OBJECT}")
    elif kind in ("create_token", "turn_face_up") and "attach_to" in (body.get("choices") or {}):
        yield (at + ("choices", "attach_to"), "attach_to is the choice of an Aura card entering by a move (CR 303.4f)")
    if kind == "create_token" and AURA in ((body.get("card") or {}).get("subtypes") or ()):
        yield (at + ("card", "subtypes"), "an Aura token is not modelled: what it enchants as it is created "
                                          "(CR 303.4f) is no choice a create_token step scripts")
    if kind == "cast" and AURA in _subtypes(objects.get(body["object"])):
        yield (at + ("object",), "casting an Aura spell is not modelled: it targets what it will enchant (CR 303.4a, "
                                 "601.2c); put it onto the battlefield with a move and choices: {attach_to: ...}")


def _misplaced_attached(kind: str, body: Any, at: tuple[Any, ...]) -> Iterator[Problem]:
    """``attached`` in a resolving effect's filter or an emblem's ability: nothing is attached there."""
    if not isinstance(body, Mapping):
        return
    for key in ("to_each", "by"):
        if isinstance(body.get(key), Mapping) and body[key].get("attached"):
            yield (at + (key, "attached"), "attached is \"enchanted\" or \"equipped\": it belongs in an ability of an "
                                           "Aura or Equipment, not in an effect's filter (CR 303.4b, 301.5a)")
    if kind == "create_emblem" and _says_attached(body["abilities"]):
        yield (at + ("abilities",), "an emblem is attached to nothing (CR 114.5): its abilities can't say attached")


def _says_attached(value: Any) -> bool:
    """Whether a filter somewhere in ``value`` says ``attached``."""
    if isinstance(value, Mapping):
        return value.get("attached") is True or any(_says_attached(v) for v in value.values())
    return isinstance(value, list) and any(_says_attached(v) for v in value)
