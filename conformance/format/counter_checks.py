"""What the schema cannot say about counter and token replacements, "enters with" counters,
loyalty abilities and tokens with given characteristics (issue 18).

- a ``create_token`` step makes copies (``copy_of``) or tokens with given characteristics
  (``card``, 111.4), exactly one; ``token`` names one token, so ``count`` above 1 needs ``tokens``;
- a loyalty ability of one permanent is activated at most once a turn (606.3): a case activating a
  second one before an ``end_turn`` (with no zone change of that object in between, 400.7) is wrong;
- an ``order`` names objects of the case (616.1);
- a permanent on the battlefield as the case starts is as it was: if a counter replacement may
  apply, whether it applied to the counters it entered with is not said, so the case must give
  those counters (614.1c, 306.5b);
- ``amount`` is for ``mode: plus``; ``by_you`` and ``by_opponent`` exclude each other.

Each check yields ``(path, message)``, the path relative to the case, like the loader's own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.steps import created_tokens

Problem = tuple[tuple[Any, ...], str]
REPLACEMENT_KEYS = ("counter_replacement", "token_replacement")
DAMAGE_STATICS = ("double_damage", "prevent_damage")


def _abilities(value: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
    """Every ability (key, body) of this part inside ``value`` at any depth, with its path."""
    return abilities_in(value, at, (*REPLACEMENT_KEYS, "enters_with_counters", "loyalty_ability"))


def abilities_in(value: Any, at: tuple[Any, ...], keys: tuple[str, ...]) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
    """Every ability (key, body) with one of ``keys`` inside ``value`` at any depth, with its path."""
    if isinstance(value, Mapping):
        if len(value) == 1:
            (key, body), = value.items()
            if key in keys:
                yield at, key, body
        for key, item in value.items():
            yield from abilities_in(item, at + (key,), keys)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from abilities_in(item, at + (index,), keys)


def flat_steps(steps: list[Any], at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
    """Each step of a plain list (a ``together``'s parts in its place), with its path ending with
    its kind, the kind and the body."""
    for index, step in enumerate(steps):
        (kind, body), = step.items()
        if kind == "together":
            yield from flat_steps(body, at + (index, kind))
        else:
            yield at + (index, kind), kind, body


def case_problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """Problems of the case's counters, tokens and loyalty abilities."""
    objects = raw["objects"]
    for at, key, body in _abilities({"objects": objects, "steps": raw["steps"]}, ()):
        if key in REPLACEMENT_KEYS and body.get("amount", 1) != 1 and body.get("mode", "double") != "plus":
            yield (at + (key, "amount"), "amount is how many more with mode: plus (\"that many plus N\", CR 614.1a)")
        if key == "counter_replacement" and body.get("by_you") and body.get("by_opponent"):
            yield (at + (key, "by_opponent"), "by_you and by_opponent can't both hold: no one is both its controller "
                                              "and an opponent (give one, or neither for anyone's counters)")
    yield from _setup_problems(raw)
    names = set(objects)
    activated: dict[str, tuple[Any, ...]] = {}
    for at, kind, body in flat_steps(raw["steps"], ("steps",)):
        if kind == "create_token":
            yield from _token_problems(body, at)
            names.update(created_tokens(body))
        if kind == "end_turn":
            activated.clear()
        elif kind == "move":
            activated.pop(body["object"], None)  # 400.7: a new object
        elif kind == "activate" and _is_loyalty(raw, body["ability"]):
            if body["object"] in activated:
                yield (at, f"a loyalty ability of {body['object']} was already activated this turn "
                           f"(step {activated[body['object']][1] + 1}): once each turn (CR 606.3); end the turn first")
            activated[body["object"]] = at
        if isinstance(body, Mapping):
            for index, name in enumerate(body.get("order", []) if kind not in ("damage", "combat") else []):
                if name.split(".", 1)[0] not in names:
                    rule = "603.3b" if kind == "cast" else "616.1"  # a cast orders its cast triggers (issue 41)
                    yield (at + ("order", index), f"{name!r} names no object of the case (CR {rule})")
            for index, name in enumerate(body.get("first_strike_triggers", []) if kind == "combat" else []):
                if name.split(".", 1)[0] not in names:  # 603.3b: OBJ.ABILITY, as resolve_triggers names them
                    yield (at + ("first_strike_triggers", index), f"{name!r} names no object of the case (CR 603.3b)")
            if kind == "double_counters" and "player" in body and body.get("order"):
                yield (at + ("order",), "counter replacement effects on counters put on a player are not modelled: "
                                        "order is for doubling the counters on an object (CR 701.10e, 616.1)")


def _is_loyalty(raw: Mapping[str, Any], name: str) -> bool:
    return any(key == "loyalty_ability" and body.get("name") == name
               for _, key, body in _abilities({"objects": raw["objects"], "steps": raw["steps"]}, ()))


def _token_problems(body: Mapping[str, Any], at: tuple[Any, ...]) -> Iterator[Problem]:
    if ("copy_of" in body) == ("card" in body):
        yield (at, "a token is a copy of an object (copy_of) or has the characteristics a card gives (card, "
                   "CR 111.4): give exactly one")
    count = body.get("count", 1)
    if "token" in body and count > 1:
        yield (at + ("count",), f"{count} tokens need {count} names: give tokens: [...] (CR 111.1)")
    if "tokens" in body and count > len(body["tokens"]):
        yield (at + ("tokens",), f"the effect creates {count} tokens: name at least that many")
    for path, key in _damage_statics(body.get("card", {}), at + ("card",)):
        yield (path, f"a token with a {key} ability is not modelled (the damage order check cannot see it): "
                     "copy an object that has it instead")


def _damage_statics(value: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key in DAMAGE_STATICS:
                yield at + (key,), key
            yield from _damage_statics(item, at + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _damage_statics(item, at + (index,))


def _setup_problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    objects = raw["objects"]
    replacing = [oid for oid, spec in objects.items()
                 if any(key == "counter_replacement" for _, key, _ in _abilities(spec["card"], ()))]
    if not replacing:
        return
    for oid, spec in objects.items():
        if spec.get("zone", "battlefield") != "battlefield" or spec.get("face_down"):
            continue
        card, given = spec["card"], spec.get("counters", {})
        kinds = {kind for _, key, body in _abilities(card.get("abilities", []), ()) if key == "enters_with_counters"
                 for kind in body}
        if "planeswalker" in card.get("types", []) and card.get("loyalty"):
            kinds.add("loyalty")
        missing = sorted(kinds - set(given))
        if missing:
            yield (("objects", oid), f"{oid} is on the battlefield as the case starts with {replacing[0]}'s counter "
                                     f"replacement: whether it applied as {oid} entered is not said, so give its "
                                     f"{', '.join(missing)} counters (CR 614.1c, 122.6)")
