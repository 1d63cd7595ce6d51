"""What a schema cannot say about casting a spell, X and cast triggers (casting.py; CR 601.2,
107.3, 608.2): the loader's checks, one problem per field."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.format import characteristic_checks, spell_copy_checks
from conformance.format.casting import CAST_SYMBOLS, cost_symbols, pays, total_cost

Problem = tuple[tuple[Any, ...], str]

_AS_IT_ENTERS = ("enters_as_copy", "as_enters_choose", "as_enters_pt")
"""Abilities whose choices a permanent makes as it enters: a cast step makes none (614.12)."""


def _spell_ability(card: dict[str, Any]) -> dict[str, Any] | None:
    return next((a["spell"] for a in card.get("abilities", []) if "spell" in a), None)


def _cast_problems(body: dict[str, Any], at: tuple[Any, ...], raw: dict[str, Any]) -> Iterator[Problem]:
    spec = raw["objects"].get(body["object"])
    if spec is None:
        return  # undeclared: the loader says so
    card = spec["card"]
    if "land" in card["types"]:
        yield (at + ("object",), f"{body['object']} is a land: a land is played, never cast (CR 305.9, 116.2a)")
        return
    if not card.get("mana_cost"):
        yield (at + ("object",), f"{body['object']} has no mana cost: it can't be cast (CR 202.1b, 601.2f)")
        return
    symbols = cost_symbols(card["mana_cost"])
    odd = [s for s in symbols if not s.isdigit() and s not in CAST_SYMBOLS]
    if odd:
        yield (at + ("object",), f"{body['object']}'s mana cost has {{{odd[0]}}}: paying hybrid, Phyrexian or snow "
                                 "mana for a spell is not modelled (CR 107.4e, 107.4f, 107.4h)")
        return
    has_x = "X" in symbols
    if has_x and "x" not in body:
        yield (at, f"{body['object']}'s mana cost has {{X}}: give x, the value announced (CR 601.2b, 107.3a)")
    elif "x" in body and not has_x:
        yield (at + ("x",), f"{body['object']}'s mana cost has no {{X}}: there is no X to announce (CR 107.3a)")
    if "pay" in body and not pays(body["pay"], total_cost(card["mana_cost"], body.get("x"))):
        yield (at + ("pay",), f"{dict(body['pay'])} does not pay the total cost {card['mana_cost']}"
                              + (f" with X={body['x']}" if has_x and "x" in body else "")
                              + " exactly (CR 601.2f, 601.2h)")
    spell = _spell_ability(card)
    instant = bool({"instant", "sorcery"} & set(card["types"]))
    if instant and spell is None:
        yield (at + ("object",), f"{body['object']} is an instant or sorcery with no spell ability: give it one, "
                                 "what it does as it resolves (CR 608.2)")
    aimed = spell_copy_checks.aimed_part(spell, body) if spell is not None else None  # 700.2: its mode (issue 40)
    needs_target = instant and aimed is not None and "gain_life" not in aimed
    if needs_target and "target" not in body:
        yield (at, f"{body['object']}'s spell deals damage or puts counters: give its target (CR 601.2c)")
    elif "target" in body and not needs_target and (aimed is not None or spell is None):
        yield (at + ("target",), f"{body['object']}'s spell has no target (CR 601.2c)")
    elif "target" in body and body["target"] not in raw["objects"] and body["target"] not in raw["players"]:
        yield (at + ("target",), f"undeclared object or player {body['target']!r}")
    elif "target" in body and aimed is not None and "put_counters" in aimed and body["target"] not in raw["objects"]:
        yield (at + ("target",), "counters are put on a permanent, not on a player (CR 122.1)")
    entering = [a for a in card.get("abilities", []) if next(iter(a)) in _AS_IT_ENTERS]
    if not instant and entering:
        yield (at + ("object",), f"{body['object']} makes a choice as it enters ({next(iter(entering[0]))}): a cast "
                                 "step makes none; not modelled (CR 614.12)")


def _ability_problems(ability: dict[str, Any], at: tuple[Any, ...], card: dict[str, Any]) -> Iterator[Problem]:
    (key, body), = ability.items()
    if key == "spell" and not {"instant", "sorcery"} & set(card["types"]):
        yield (at + (key,), "a spell ability is what an instant or sorcery does as it resolves; a permanent spell "
                            "enters the battlefield instead (CR 608.2, 608.3)")
    event = body.get("event") if key == "triggered" else None
    if not event or "cast" not in event:
        return
    cast = event["cast"]
    if cast.get("zone", "stack") != "stack":
        yield (at + (key, "event", "cast", "zone"), "a spell being cast is on the stack: its zone is stack (CR 601.2a)")
    if cast.get("itself"):
        yield (at + (key, "event", "cast", "itself"),
               "\"when you cast this spell\" works from the stack, not from a permanent: not modelled (CR 601.2i)")
    (effect_key, part), = body["effect"].items()
    if isinstance(part, dict) and part.get("to") == "that":
        yield (at + (key, "effect", effect_key, "to"),
               "'that' is the spell, on the stack: not a permanent or a player (put counters or +N/+M on itself)")


def problems(raw: dict[str, Any]) -> Iterator[Problem]:
    """Every problem of a schema-valid case about casting, X and cast triggers."""
    for object_id, spec in raw["objects"].items():
        for index, ability in enumerate(spec["card"].get("abilities", [])):
            at = ("objects", object_id, "card", "abilities", index)
            for inner_at, inner in characteristic_checks.nested_abilities(ability, at):
                yield from _ability_problems(inner, inner_at, spec["card"])
    for index, step in enumerate(raw["steps"]):
        (kind, body), = step.items()
        if kind == "cast":  # never in a together (the schema's): a step of its own
            yield from _cast_problems(body, ("steps", index, "cast"), raw)
