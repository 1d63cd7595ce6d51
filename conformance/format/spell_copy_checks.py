"""What a schema cannot say about copies of spells, modal spells and additional costs
(spell_copies.py; CR 707.10, 700.2, 601.2h, 801.5): the loader's checks, one problem per field."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.player_checks import seat_distance
from conformance.format.spell_copies import SACRIFICED_POWER
from conformance.format.trigger_event_checks import trigger_tokens

Problem = tuple[tuple[Any, ...], str]


def aimed_part(spell: Mapping[str, Any], body: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The effect a cast step's spell ability has (700.2: a modal spell's chosen mode), as plain
    data; ``None`` for a modal spell whose step chooses no valid mode (said elsewhere)."""
    modes = spell.get("modes")
    if not modes:
        return spell
    mode = body.get("mode")
    return modes[mode - 1] if isinstance(mode, int) and 1 <= mode <= len(modes) else None


def _amounts(part: Mapping[str, Any]) -> list[Any]:
    return [inner.get("amount", inner.get("count")) for key, inner in part.items()
            if key in ("damage", "put_counters", "gain_life")]


def copy_tokens(raw: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The tokens the copying effects of cast steps may create (707.10e), by id, as the loader
    knows objects: a checkpoint may name them (one not created does not exist)."""
    return {name: {"card": copy["create_token"]["card"], "token": True}
            for step in raw["steps"] if "cast" in step for copy in step["cast"].get("copies", ())
            if "create_token" in copy for name in copy["create_token"]["tokens"]}


def _spell_problems(spell: Mapping[str, Any], at: tuple[Any, ...]) -> Iterator[Problem]:
    for index, mode in enumerate(spell.get("modes", ())):
        if SACRIFICED_POWER in _amounts(mode) and "sacrifice" not in spell:
            yield (at + ("modes", index), "sacrificed_power needs an additional cost: give the spell sacrifice "
                                          "(CR 601.2b)")
    if SACRIFICED_POWER in _amounts(spell) and "sacrifice" not in spell:
        yield (at, "sacrificed_power needs an additional cost: give the spell sacrifice (CR 601.2b)")


def _mode_problems(spell: Mapping[str, Any], body: Mapping[str, Any], at: tuple[Any, ...],
                   raw: Mapping[str, Any], caster: str) -> Iterator[Problem]:
    modes = spell.get("modes", ())
    name = body["object"]
    if modes and "mode" not in body:
        yield (at, f"{name} is a modal spell: give mode, the one chosen as it is cast (CR 700.2, 601.2b)")
    elif "mode" in body and not modes:
        yield (at + ("mode",), f"{name}'s spell has no modes (CR 700.2)")
    elif "mode" in body and body["mode"] > len(modes):
        yield (at + ("mode",), f"{name}'s spell has {len(modes)} modes: there is no mode {body['mode']} (CR 700.2)")
    opponent = spell.get("chooser") == "opponent"
    chooser = body.get("mode_chooser")
    if opponent and chooser is None:
        yield (at, f"an opponent chooses {name}'s mode: give mode_chooser, the opponent its caster picks (CR 700.2)")
    elif chooser is not None and not opponent:
        yield (at + ("mode_chooser",), f"{name}'s caster chooses its mode: there is no mode_chooser (CR 700.2)")
    elif chooser is not None and chooser not in raw["players"]:
        yield (at + ("mode_chooser",), f"undeclared player {chooser!r}")
    elif chooser is not None and chooser == caster:
        yield (at + ("mode_chooser",), f"{chooser} casts {name}: an opponent chooses its mode (CR 700.2, 102.2)")
    elif chooser is not None:
        yield from _chooser_in_range(chooser, caster, at + ("mode_chooser",), raw)


def _chooser_in_range(chooser: str, caster: str, at: tuple[Any, ...], raw: Mapping[str, Any]) -> Iterator[Problem]:
    """801.5a: picking the opponent who chooses is choosing a player, within the caster's range
    (801.5b: the chooser's own range does not limit the modes)."""
    ranges = raw.get("range_of_influence")
    reach = ranges if isinstance(ranges, int) or ranges is None else ranges.get(caster)
    players = list(raw["players"])
    if reach is not None and seat_distance(players, caster, chooser) > reach:
        yield (at, f"{chooser} is outside {caster}'s range of influence ({reach}): {caster} can't choose them "
                   "(CR 801.5a)")


def _sacrifice_problems(spell: Mapping[str, Any], body: Mapping[str, Any], at: tuple[Any, ...],
                        raw: Mapping[str, Any]) -> Iterator[Problem]:
    name = body["object"]
    if "sacrifice" in spell and "sacrifice" not in body:
        yield (at, f"{name} has an additional cost: give sacrifice, the {spell['sacrifice']} sacrificed (CR 601.2h)")
    elif "sacrifice" in body and "sacrifice" not in spell:
        yield (at + ("sacrifice",), f"{name}'s spell has no additional cost to sacrifice a permanent (CR 601.2b)")
    elif "sacrifice" in body and body["sacrifice"] not in raw["objects"]:
        yield (at + ("sacrifice",), f"undeclared object {body['sacrifice']!r}")
    elif "sacrifice" in body and body["sacrifice"] == name:
        yield (at + ("sacrifice",), f"{name} can't be sacrificed to cast itself: it is a spell (CR 701.21a)")


def _copy_problems(copies: list[Any], aimed: Mapping[str, Any] | None, at: tuple[Any, ...],
                   raw: Mapping[str, Any], taken: set[str]) -> Iterator[Problem]:
    targets = aimed is not None and "gain_life" not in aimed
    for index, copy in enumerate(copies):
        here = at + ("copies", index)
        if "controller" in copy and copy["controller"] not in raw["players"]:
            yield (here + ("controller",), f"undeclared player {copy['controller']!r}")
        tokens = copy.get("create_token", {}).get("tokens", [])
        for n, token in enumerate(tokens):
            if token in taken:
                yield (here + ("create_token", "tokens", n), f"{token!r} already names an object, a player or another "
                                                             "token: a token needs a new id (CR 111.1)")
            taken.add(token)
        if copy.get("create_token", {}).get("card", {}).get("abilities"):
            yield (here + ("create_token", "card", "abilities"), "a token with abilities created by a copying effect "
                                                                 "is not modelled: give none")
        target = copy.get("target")
        if target is not None and aimed is not None and not targets:
            yield (here + ("target",), "the spell has no target: its copy has none to change (CR 707.10c)")
        elif "create_token" in copy and target not in tokens:
            yield (here + ("target",) if target else here, "the copy targets a token its copying effect created: name "
                                                           "one of its tokens as target (CR 707.10e)")
        elif "create_token" not in copy and target is not None and target not in raw["objects"] \
                and target not in raw["players"]:
            yield (here + ("target",), f"undeclared object or player {target!r}")
        elif target in raw["players"] and aimed is not None and "put_counters" in aimed:
            yield (here + ("target",), "counters are put on a permanent, not on a player (CR 122.1)")


def problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """Every problem of a schema-valid case about copies of spells, modes and additional costs."""
    for object_id, spec in raw["objects"].items():
        for index, ability in enumerate(spec["card"].get("abilities", [])):
            if "spell" in ability:
                yield from _spell_problems(ability["spell"], ("objects", object_id, "card", "abilities", index, "spell"))
    taken = set(raw["objects"]) | set(raw["players"]) | set(trigger_tokens(raw))
    for step in raw["steps"]:
        (kind, body), = step.items()
        if kind == "create_token":
            taken.update([body["token"]] if "token" in body else body.get("tokens", ()))
    for index, step in enumerate(raw["steps"]):
        (kind, body), = step.items()
        spec = raw["objects"].get(body.get("object")) if kind == "cast" else None
        if spec is None:
            continue
        at = ("steps", index, "cast")
        card = spec["card"]
        spell = next((a["spell"] for a in card.get("abilities", []) if "spell" in a), {})
        yield from _mode_problems(spell, body, at, raw, spec.get("owner", raw["players"][0]))
        yield from _sacrifice_problems(spell, body, at, raw)
        if body.get("copies") and not {"instant", "sorcery"} & set(card["types"]):
            yield (at + ("copies",), f"{body['object']} is a permanent spell: a copy of one becomes a token as it "
                                     "resolves (CR 707.10f), not modelled")
        elif body.get("copies"):
            yield from _copy_problems(body["copies"], aimed_part(spell, body) if spell else None, at, raw, taken)
