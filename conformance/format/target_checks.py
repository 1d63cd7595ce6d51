"""What a schema cannot say about targets (targets.py; issue 40, CR 115, 601.2c, 801.4, 801.5a):
the loader's checks, one problem per field. What depends on the game as it runs (who controls an
object, its abilities) is the reference engine's (reference_engine/targets.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format import characteristic_checks
from conformance.format.player_checks import seat_distance

Problem = tuple[tuple[Any, ...], str]


def _reach(raw: Mapping[str, Any], player: str) -> int | None:
    """``player``'s range of influence (801.2), ``None`` without the option."""
    ranges = raw.get("range_of_influence")
    return ranges if isinstance(ranges, int) or ranges is None else ranges.get(player)


def _outside(raw: Mapping[str, Any], player: str, target: str) -> bool:
    """Whether the player ``target`` sits outside ``player``'s range (801.2): seats never change."""
    players = list(raw["players"])
    reach = _reach(raw, player)
    return reach is not None and target in players and player in players \
        and seat_distance(players, player, target) > reach


def _ability_problems(ability: Mapping[str, Any], at: tuple[Any, ...]) -> Iterator[Problem]:
    (key, body), = ability.items()
    if key in ("triggered", "loyalty_ability") and "damage_targets" in (body.get("effect") or {}):
        yield (at + (key, "effect", "damage_targets"),
               "damage_targets is modelled only in an activated ability, whose activate step names the targets "
               "(CR 602.2b, 601.2c)")


def _activate_problems(body: Mapping[str, Any], at: tuple[Any, ...], raw: Mapping[str, Any],
                       declared: Mapping[str, Any]) -> Iterator[Problem]:
    ability = declared.get(body["ability"])
    parts = (ability or {}).get("effect", {}).get("damage_targets") if ability else None
    if parts is None:
        for key in ("targets", "chooser"):
            if key in body:
                yield (at + (key,), f"the ability {body['ability']!r} has no damage_targets effect: it has no "
                                    f"{key} (CR 601.2c)")
        return
    players, objects = set(raw["players"]), set(raw["objects"])
    if "target" in body:
        yield (at + ("target",), f"the ability {body['ability']!r} has {len(parts)} target(s): name them as "
                                 "targets, one per part in order (CR 601.2c)")
    names = body.get("targets")
    if names is None or len(names) != len(parts):
        yield (at + (("targets",) if names is not None else ()),
               f"the ability {body['ability']!r} deals damage to {len(parts)} target(s): give targets, "
               f"{len(parts)} player(s) or object(s) in order (CR 601.2c, 115.1)")
        return
    chosen_by_opponent = any(part.get("chosen_by") for part in parts)
    chooser = body.get("chooser")
    if chosen_by_opponent and chooser is None:
        yield (at, f"the ability {body['ability']!r} has a target of an opponent's choice: give chooser, the "
                   "opponent who chooses it (CR 801.5a)")
    elif chooser is not None and not chosen_by_opponent:
        yield (at + ("chooser",), f"the ability {body['ability']!r} has no target of an opponent's choice "
                                  "(CR 601.2c)")
    elif chooser is not None and chooser not in players:
        yield (at + ("chooser",), f"undeclared player {chooser!r}")
    for index, (part, name) in enumerate(zip(parts, names)):
        if name not in players and name not in objects:
            yield (at + ("targets", index), f"undeclared player or object {name!r} (CR 115.1)")
        elif part.get("chosen_by") and chooser in players and _outside(raw, chooser, name):
            yield (at + ("targets", index), f"{chooser} chooses this target and {name} is outside {chooser}'s range "
                                            "of influence (CR 801.5a)")


def _cast_problems(body: Mapping[str, Any], at: tuple[Any, ...], raw: Mapping[str, Any]) -> Iterator[Problem]:
    """801.4: a player target outside the caster's range (the card's owner casts it: a seat that
    never changes) can't be chosen."""
    spec = raw["objects"].get(body["object"])
    target = body.get("target")
    if spec is None or target is None:
        return
    caster = spec.get("owner", raw["players"][0])
    if _outside(raw, caster, target):
        yield (at + ("target",), f"{target} is outside {caster}'s range of influence, so can't be the target of "
                                 f"a spell {caster} casts (CR 801.4, 601.2c)")


def problems(raw: dict[str, Any]) -> Iterator[Problem]:
    """Every problem of a schema-valid case about targets."""
    for at, ability in characteristic_checks.card_abilities(raw):
        yield from _ability_problems(ability, at)
    declared = characteristic_checks.declared_abilities(raw)
    for index, step in enumerate(raw["steps"]):
        (kind, body), = step.items()
        parts = [(("steps", index, kind, n), part) for n, part in enumerate(body)] if kind == "together" \
            else [(("steps", index), step)]
        for at, part in parts:
            (part_kind, part_body), = part.items()
            if part_kind == "activate":
                yield from _activate_problems(part_body, at + (part_kind,), raw, declared)
            elif part_kind == "cast":
                yield from _cast_problems(part_body, at + (part_kind,), raw)
