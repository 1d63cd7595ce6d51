"""The JSON an engine receives, step by step and ability by ability, generated from the schema.

``docs/engines-json.md`` is this module's output, so it cannot drift from the format: for each
step kind and each ability kind of ``conformance/schema/scenario.schema.json`` it lists the keys,
which are required, and what an engine receives for a key the case file leaves out, read off
the model itself: a minimal example of each kind is loaded (:func:`conformance.format.loader.load_text`)
and turned into the plain form ``run(case)`` receives (:meth:`Case.to_dict`), and the keys that
form has and the example had not are the defaults. A test (tests/test_schema_docs.py) fails when
the committed page differs from what this module writes now. Regenerate it with::

    python -m conformance.format.schema_docs > docs/engines-json.md
"""

from __future__ import annotations

import json
import sys
from typing import Any

from conformance.format import loader

BOARD: dict[str, Any] = {
    "bear": {"card": {"types": ["creature"], "power": 2, "toughness": 2}},
    "elf": {"card": {"name": "Llanowar Elves", "types": ["creature"], "subtypes": ["Elf", "Druid"], "colors": ["G"],
                     "power": 1, "toughness": 1}, "owner": "Rob"},
    "statue": {"card": {"types": ["artifact"], "abilities": [
        {"activated": {"name": "animate", "cost": "{1}", "effect": {"become": {"add_types": ["creature"], "power": 3,
                                                                             "toughness": 3, "until": "end_of_turn"}}}},
        {"triggered": {"name": "upkeep", "when": "At the beginning of your upkeep",
                       "effect": {"become": {"add_subtypes": ["Golem"], "until": "end_of_turn"}}}}]}},
    "hidden": {"card": {"types": ["creature"], "power": 5, "toughness": 5, "abilities": [{"morph": "{4}{G}"}]},
               "face_down": True},
    "clone": {"card": {"name": "Clone", "types": ["creature"], "power": 0, "toughness": 0,
                       "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}, "zone": "hand"},
    "totem": {"card": {"types": ["artifact"], "abilities": [{"as_enters_choose": {"player": "opponent"}}]}, "zone": "hand"},
    # casting (casting.py, issue 41): a sorcery with X, a creature card
    "blaze": {"card": {"types": ["sorcery"], "mana_cost": "{X}{R}", "abilities": [{"spell": {"damage": {"amount": "X"}}}]},
              "zone": "hand"},
    "cub": {"card": {"types": ["creature"], "mana_cost": "{1}{G}", "power": 2, "toughness": 2}, "zone": "hand"},
    # Auras and Equipment (attachments.py, issue 40): an Equipment attached to nothing
    "sword": {"card": {"types": ["artifact"], "subtypes": ["Equipment"], "abilities": [
        {"static_pt": {"effect": "modify_pt", "affects": {"attached": True}, "power": 1, "toughness": 1}}]}},
}
"""The board every example runs on: players Alex and Rob."""

STEPS: dict[str, list[Any]] = {
    "set_pt": [{"to": "bear", "power": 0}, {"id": "base", "to_each": {"types": ["creature"]}, "toughness": 1}],
    "modify_pt": [{"to": "bear", "power": 1}, {"to_each": {"types": ["creature"]}, "toughness": 1}],
    "switch_pt": [{"to": "bear"}, {"to_each": {"types": ["creature"]}}],
    "double_pt": [{"to": "bear", "which": "power"}, {"to_each": {"types": ["creature"]}, "which": "both"}],
    "triple_pt": [{"to": "bear", "which": "both"}, {"to_each": {"types": ["creature"]}, "which": "power"}],
    "put_counters": [{"object": "bear", "kind": "+1/+1", "count": 1},
                     {"object": "bear", "kind": "+1/+1", "count": 1, "order": ["elf", "statue"]}],
    "remove_counters": [{"object": "bear", "kind": "+1/+1", "count": 1}],
    "end_effect": ["pump"],
    "end_turn": [{}],
    "move": [{"object": "bear", "to": "graveyard"}, {"object": "clone", "to": "battlefield", "choices": {"copy": "elf"}},
             {"object": "totem", "to": "battlefield", "choices": {"player": "Rob"}}],
    "become": [{"to": "bear", "add_types": ["artifact"]}, {"to_each": {"types": ["creature"]}, "power": 1}],
    "become_copy": [{"to": "bear", "of": "elf"}, {"to_each": {"types": ["artifact"]}, "of": "elf",
                                                  "exceptions": {"name": "Nyxathid"}}],
    "create_token": [{"token": "elf_copy", "copy_of": "elf"},
                     {"token": "elf_copy", "copy_of": "elf", "controller": "Rob", "exceptions": {"retain": ["colors"]}},
                     {"tokens": ["soldier_a", "soldier_b"], "count": 2,
                      "card": {"types": ["creature"], "subtypes": ["Soldier"], "colors": ["W"], "power": 1, "toughness": 1}}],
    "turn_face_up": [{"object": "hidden"}],
    "turn_face_down": [{"object": "bear"}],
    "activate": [{"object": "statue", "ability": "animate"}],
    "trigger": [{"object": "statue", "ability": "upkeep"}],
    "gain_life": [{"player": "Alex", "amount": 3}],
    "lose_life": [{"player": "Alex", "amount": 3}],
    "add_mana": [{"player": "Alex", "mana": {"G": 1}}],
    "put_player_counters": [{"player": "Rob", "kind": "poison", "count": 1}],
    "remove_player_counters": [{"player": "Rob", "kind": "poison", "count": 1}],
    "double_life": [{"player": "Alex"}],
    "double_counters": [{"kind": "+1/+1", "object": "bear"}, {"kind": "poison", "player": "Rob"}],
    "double_mana": [{"player": "Alex", "type": "G"}],
    "damage": [{"source": "elf", "amount": 2, "to": "bear"}, {"source": "elf", "amount": 1, "to_each_player": True}],
    "prevent_damage": [{"to": "bear"}, {"to_each": {"types": ["creature"]}, "by": {"colors": ["G"]}, "amount": 2}],
    "redirect_damage": [{"to": "Alex", "instead_to": "bear"}],
    "together": [[{"modify_pt": {"to": "bear", "power": 1}}, {"switch_pt": {"to": "bear"}}]],
    "combat": [{"attackers": {"bear": "Rob"}}],
    "expect": [{"objects": {"bear": {"power": 2}}}, {"players": {"Alex": {"life": 20}}}],
    "resolve_triggers": [{"order": []}, {}],  # triggered abilities on events, mana abilities (events.py)
    "activate_mana": [{"object": "bear", "ability": "tap"}],
    "create_emblem": [{"emblem": "mark", "abilities": [{"cant_gain_life": {"player": "opponent"}}]},  # emblems (issue 41)
                      {"emblem": "mark2", "controller": "Rob", "abilities": [{"life_floor": {}}]}],
    "cast": [{"object": "blaze", "x": 2, "target": "bear", "pay": {"R": 3}, "order": []}, {"object": "cub"}],  # issue 41
    "destroy": [{"object": "bear", "cant_be_regenerated": True}, {"object": "bear"}],  # issue 40
    "regenerate": [{"object": "bear"}],  # issue 40
    "beginning_of_step": [{"step": "upkeep", "player": "Alex"}],  # issue 41 (trigger_events.py)
    "leave_game": [{"player": "Rob"}],  # leaving the game, turns beginning (issue 40: leaving.py)
    "begin_turn": [{}],
    "attach": [{"object": "sword", "to": "bear"}],  # issue 40 (attachments.py)
    "unattach": [{"object": "sword"}],
    "transform": [{"object": "bear"}], "flip": [{"object": "bear"}],  # issue 40 (faces.py)
}
"""Minimal examples of each step kind, the first shown: between them, each key a step may leave
out is left out by one, so the page can say what an engine receives then."""

SETUP = {"end_effect": [{"modify_pt": {"id": "pump", "to": "bear", "power": 1, "until": "ended"}}],
         "begin_turn": [{"end_turn": {}}]}  # issue 40: a turn begins after the cleanup step
"""Steps an example needs before it (an effect to end, a turn ended)."""

PLAYERS = {"leave_game": ["Alex", "Rob", "Carissa"]}  # issue 40: a player leaves a game of three or more (800.4)
"""The players of an example, where the usual two will not do."""

ABILITIES: dict[str, list[Any]] = {
    "cda_pt": [{"power": {"count": {"types": ["creature"]}}}, {"toughness": 1}],
    "static_pt": [{"effect": "modify_pt", "affects": {"types": ["creature"]}, "power": 1},
                  {"effect": "switch_pt", "affects": {"itself": True}}],
    "double_damage": [{}],
    "prevent_damage": [{}],
    "cant_lose": [{}],
    "modify_damage": [{"plus": 2}, {"times": 3}],
    "protection": ["red"],
    "block_additional": [1],
    "keyword": ["flying"],
    "morph": ["{2}{U}"],
    "text": ["{T}: Add {G}."],
    "cda_colors": [["W", "U"]],
    "static": [{"affects": {"types": ["creature"]}, "becomes": {"add_types": ["artifact"]}},
               {"affects": {"types": ["artifact"]}, "becomes": {"types": ["creature"]}}],
    "activated": [{"name": "animate", "cost": "{1}", "effect": {"become": {"power": 3, "until": "end_of_turn"}}}],
    "triggered": [{"name": "upkeep", "when": "At the beginning of your upkeep",
                   "effect": {"become": {"add_subtypes": ["Elf"], "until": "end_of_turn"}}},
                  {"name": "upkeep_copy", "when": "At the beginning of your upkeep",
                   "effect": {"become_copy": {"until": "ended"}}}],
    "enters_as_copy": [{"of": {"types": ["creature"]}}],
    "as_enters_choose": [{"player": "opponent"}, {"object": {"types": ["creature"]}}],
    "as_enters_pt": [{"options": ["5/1", "1/5"]}],
    "static_copy": [{"affects": {"types": ["creature"]}}],
    "double_life_gain": [{}],  # life-gain and mana replacements, mana abilities (events.py)
    "double_life_loss": [{}, {"player": "you"}],
    "mana_ability": [{"name": "tap", "add": {"G": 1}}],
    "multiply_mana": [{"factor": 2}],
    "cant_gain_life": [{}, {"player": "opponent"}],  # "can't" and floors (cant.py, issue 41)
    "cant_lose_life": [{}, {"player": "each"}],
    "life_floor": [{}],
    "cant_have_counters": [{}, {"kind": "-1/-1"}],
    "damage_cant_be_prevented": [{}],  # prevention variants (prevention_variants.py, issue 41)
    "redirect_damage": [{"to_player": "you"}, {"to": {"controller": "you"}}],
    # counters, tokens and loyalty (issue 18)
    "counter_replacement": [{"on": {"controller": "you"}}, {"by_you": True, "effects_only": False},
                            {"mode": "half", "by_opponent": True, "effects_only": False}, {"mode": "plus", "kind": "+1/+1",
                                                            "on": {"controller": "you", "types": ["creature"]}}],
    "token_replacement": [{}, {"mode": "plus", "amount": 2, "under": "any"}],
    "enters_with_counters": [{"+1/+1": 3}],
    "loyalty_ability": [{"name": "up", "cost": 1}],
    "spell": [{"damage": {"amount": "X"}}, {"gain_life": {"amount": 3}}],  # casting (issue 41)
    "enchant": [{"types": ["creature"]}, {}],  # Auras (attachments.py, issue 40)
    # entering tapped, fading (issue 40)
    "enters_tapped": [{}],
    "permanents_enter_tapped": [{"affects": {}}, {"affects": {"types": ["creature"], "controller": "opponent"}}],
    "fading": [2],
    "cant_be_targeted": [{"affects": {"controller": "you"}, "by": "opponent"}, {"affects": {"itself": True}}],  # issue 40
}
"""Minimal examples of each ability kind (on a card in a hand), the first shown."""

SHARED: dict[str, list[tuple[str, str, int, str]]] = {
    "filter": [("step", "set_pt", 1, "to_each"), ("ability", "static_pt", 1, "affects")],
    "change": [("ability", "static", 0, "becomes"), ("ability", "static", 1, "becomes")],
    "copy_exceptions": [("step", "become_copy", 1, "exceptions"), ("step", "create_token", 1, "exceptions")],
    "choices": [("step", "move", 1, "choices"), ("step", "move", 2, "choices")],
    "ability_effect": [("ability", "activated", 0, "effect"), ("ability", "triggered", 1, "effect")],
}
"""Shared definitions with their examples: (steps or abilities, kind, example, key)."""

LINKED = ("filter", "change", "choices", "copy_exceptions", "expression", "ability_effect", "ability", "action")
"""Definitions with their own section, linked from a key's type."""


def _defs() -> dict[str, Any]:
    return loader.schema()["$defs"]


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        node = {**_defs()[name], **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _anchor(name: str) -> str:
    """The anchor of the heading ``### name`` (GitHub keeps underscores)."""
    return name


def type_of(node: dict[str, Any], enums: set[str]) -> str:
    """A key's type in words (``integer``, ``name``, ``list of [filter](#filter)``); the named
    enumerations it uses are added to ``enums``."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        if name in LINKED:
            return f"[{name}](#{_anchor(name)})"
        target = _defs()[name]
        if "$ref" in target:
            return type_of(target, enums)
        if "enum" in target:
            enums.add(name)
            return f"[{name}](#{_anchor(name)})"
        return name
    if "enum" in node:
        return "one of " + ", ".join(f"`{v}`" for v in node["enum"])
    if "oneOf" in node or "anyOf" in node:
        return " or ".join(type_of(b, enums) for b in node.get("oneOf") or node["anyOf"])
    kind = node.get("type")
    if kind == "array":
        return f"list of {type_of(node['items'], enums)}" if node.get("items") else "list"
    if kind == "object" and isinstance(node.get("additionalProperties"), dict):
        return f"map to {type_of(node['additionalProperties'], enums)}"
    if isinstance(kind, list):
        return " or ".join(kind)
    return kind or "any"


def requirements(node: dict[str, Any]) -> tuple[set[str], list[tuple[str, list[str]]]]:
    """The keys always required, and each set of alternatives: ("exactly one", keys) for a
    oneOf, ("at least one", keys) for an anyOf."""
    node = _resolve(node)
    required = set(node.get("required", ()))
    alternatives = []
    for branch in [node] + [_resolve(b) for b in node.get("allOf", ())]:
        for combinator, words in (("oneOf", "exactly one"), ("anyOf", "at least one")):
            options = branch.get(combinator, ())
            if options and all(set(o) <= {"required", "not"} and len(o.get("required", ())) == 1 for o in options):
                alternatives.append((words, [o["required"][0] for o in options]))
    if node.get("minProperties") == 1 and node.get("properties") and not alternatives:
        alternatives.append(("exactly one" if node.get("maxProperties") == 1 else "at least one", list(node["properties"])))
    return required, alternatives


def _case(steps: list[Any], objects: dict[str, Any] | None = None, players: list[str] | None = None) -> dict[str, Any]:
    document = {"format": 1, "cr": "2025-09-19", "cases": [{
        "id": "613/schema-docs-example", "rules": ["613"], "source": {"rule": "613"},
        "summary": "An example of one step or ability, for docs/engines-json.md.",
        "players": players or ["Alex", "Rob"], "objects": objects or BOARD, "steps": steps}]}
    (case,) = loader.load_text(json.dumps(document), name=f"<schema_docs example {json.dumps(steps)[-80:]}>")
    return case.to_dict()


def normalised_step(kind: str, body: Any) -> Any:
    """What ``run(case)`` receives for the step ``{kind: body}``."""
    steps = [*SETUP.get(kind, []), {kind: body}]
    if kind == "expect":
        return _case(steps)["steps"][-1][kind]
    return _case(steps + [{"expect": {"objects": {"bear": {}}}}], players=PLAYERS.get(kind))["steps"][-2][kind]


def normalised_ability(kind: str, body: Any) -> Any:
    """What ``run(case)`` receives for the ability ``{kind: body}`` in a card's abilities."""
    carrier = {"card": {"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{kind: body}]}, "zone": "hand"}
    if kind == "spell":  # an instant's or sorcery's (608.2)
        carrier = {"card": {"types": ["sorcery"], "abilities": [{kind: body}]}, "zone": "hand"}
    if kind == "enchant":  # an Aura's (702.5a)
        carrier = {"card": {"types": ["enchantment"], "subtypes": ["Aura"], "abilities": [{kind: body}]}, "zone": "hand"}
    plain = _case([{"expect": {"objects": {"carrier": {}}}}], {**BOARD, "carrier": carrier})
    return plain["objects"]["carrier"]["card"]["abilities"][0][kind]


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def keys_table(name: str, definition: dict[str, Any], pairs: list[tuple[Any, Any]], enums: set[str]) -> list[str]:
    """The keys of ``definition``: type, required, what an engine receives when a case leaves the
    key out (read off ``pairs``, each an example and its normalised form), and what each means."""
    node = _resolve(definition)
    properties = node.get("properties", {})
    if not properties:
        return []
    required, alternatives = requirements(definition)
    lines = ["| key | type | required | left out, the engine receives |", "|---|---|---|---|"]
    notes = []
    for key, sub in properties.items():
        groups = [n for n, (_, keys) in enumerate(alternatives, 1) if key in keys]
        needed = "yes" if key in required else ", ".join(f"({chr(96 + n)})" for n in groups) if groups else "no"
        if key in required:
            default = ""
        else:
            lacking = [received for given, received in pairs if not (isinstance(given, dict) and key in given)]
            if not lacking:
                raise ValueError(f"conformance/format/schema_docs.py: every example of {name} gives {key!r}: "
                                 f"add one that leaves it out")
            received = lacking[0]
            if isinstance(received, dict) and key in received:
                value = received[key]
                default = (f"the first player (`{_json(value)}` in the examples)"
                           if key == "controller" and value == "Alex" else f"`{_json(value)}`")
            else:
                default = "nothing: the key is absent"
        lines.append(f"| `{key}` | {type_of(sub, enums)} | {needed} | {default} |")
        description = " ".join((sub.get("description") or "").split())
        if description:
            notes.append(f"- `{key}`: {description}")
    lines.append("")
    if alternatives:
        lines += ["Required: " + "; ".join(f"({chr(96 + n)}) {words} of {', '.join(f'`{k}`' for k in keys)}"
                                           for n, (words, keys) in enumerate(alternatives, 1)) + ".", ""]
    if notes:
        lines += notes + [""]
    return lines


def _description(node: dict[str, Any]) -> str:
    return " ".join((node.get("description") or _resolve(node).get("description") or "").split())


def section(kind: str, definition: dict[str, Any], pairs: list[tuple[Any, Any]], where: str, enums: set[str]) -> list[str]:
    lines = [f"### `{kind}`", ""]
    if _description(definition):
        lines += [_description(definition), ""]
    lines += keys_table(kind, definition, pairs, enums)
    lines += [f"{where}, then as `run(case)` receives it{' (each example)' if len(pairs) > 1 else ''}:", "", "```json"]
    for number, (given, received) in enumerate(pairs):
        lines += [""] * bool(number) + [_json({kind: given}), _json({kind: received})]
    return lines + ["```", ""]


def generate() -> str:
    """The whole page, docs/engines-json.md."""
    defs = _defs()
    steps = defs["step"]["properties"]
    abilities = defs["ability"]["properties"]
    missing = sorted(set(steps) - STEPS.keys()) + sorted(set(abilities) - ABILITIES.keys())
    if missing:
        raise KeyError(f"conformance/format/schema_docs.py has no example for {', '.join(missing)}: add one")
    enums: set[str] = set()
    step_pairs = {kind: [(body, normalised_step(kind, body)) for body in STEPS[kind]] for kind in steps}
    ability_pairs = {kind: [(body, normalised_ability(kind, body)) for body in ABILITIES[kind]] for kind in abilities}
    lines = [
        "# The JSON of every step and ability",
        "",
        "<!-- Generated by `python -m conformance.format.schema_docs > docs/engines-json.md` from",
        "     conformance/schema/scenario.schema.json and the model; do not edit by hand. -->",
        "",
        "What `run(case)` receives ([engines.md](engines.md#runcase)) is `Case.to_dict()`: the case file's",
        "keys with every default explicit. For each step kind and each ability kind of the schema, this",
        "page lists its keys, which are required, and what an engine receives for a key a case leaves",
        "out (read off `Case.from_dict(...).to_dict()` of the examples, not written by hand); then a",
        "minimal example as a case file gives it and as the engine receives it. What each one means is",
        "in [format.md](format.md). The examples run on one board: players `Alex` and `Rob`, creatures",
        "`bear` (Alex's) and `elf` (Rob's), an artifact `statue` with an activated ability `animate` and",
        "a triggered ability `upkeep`, a face-down `hidden`, a `clone` and a `totem` in Alex's hand.",
        "",
        "A key left out and given no default is absent from what the engine receives too: no `null`",
        "stands for it.",
        "",
        "Every id and name (a `name`, a card's `name`, a subtype, a counter kind, a label) is text on one",
        "line: " + _defs()["one_line"]["x-hint"].removeprefix("one line (").removesuffix(")") + ".",
        "",
        "## Steps",
        "",
    ]
    for kind, definition in steps.items():
        where = ("In a case file, after " + ", ".join(_json(s) for s in SETUP[kind])) if kind in SETUP else "In a case file"
        lines += section(kind, definition, step_pairs[kind], where, enums)
    lines += ["## Abilities", "",
              "An ability is a one-key object in a card's `abilities` (and in a change's `gains` and `loses`);",
              "a snapshot's `abilities` reports each in the same form, defaults explicit.", ""]
    for kind, definition in abilities.items():
        lines += section(kind, definition, ability_pairs[kind], "In a card's `abilities`", enums)
    lines += ["## Shared parts", ""]
    for name in LINKED:
        node = defs[name]
        lines += [f"### {name}", ""]
        if _description(node):
            lines += [_description(node), ""]
        if name in ("ability", "action"):
            lines += [f"One of the {'abilities' if name == 'ability' else 'steps'} above, as a one-key object"
                      + (" (not `together` or `expect`)." if name == "action" else "."), ""]
            continue
        pairs = []
        for group, kind, number, key in SHARED.get(name, ()):
            source = step_pairs if group == "step" else ability_pairs
            given, received = source[kind][number]
            pairs.append((given[key], received[key]))
        if node.get("properties") and not pairs:
            raise KeyError(f"conformance/format/schema_docs.py: no example shows {name}: add one to SHARED")
        lines += keys_table(name, node, pairs, enums)
        if pairs:
            lines += ["In the examples above (" + ", ".join(f"`{kind}`'s `{key}`" for _, kind, _, key in SHARED[name])
                      + "), as a case file gives it, then as `run(case)` receives it:", "", "```json"]
            for number, (given, received) in enumerate(pairs):
                lines += [""] * bool(number) + [_json(given), _json(received)]
            lines += ["```", ""]
        elif not node.get("properties"):
            lines += ["One of: " + "; ".join(_branch(b, enums) for b in node.get("oneOf", ())) + ".", ""]
    lines += ["## Values", ""]
    for name in sorted(enums):
        lines += [f"### {name}", ""] + ([_description(defs[name]), ""] if _description(defs[name]) else []) + [
            ", ".join(f"`{v}`" for v in defs[name]["enum"]), ""]
    lines += ["## Players, objects, checkpoints", "",
              "An object arrives with `zone`, `owner`, `counters` and `face_down` always, `controller` on the",
              "battlefield and the stack only, `choices` when given; a card with `subtypes`, `supertypes`,",
              "`colors` and `abilities` always (`[]` for none), `name`, `mana_cost`, `power`, `toughness`,",
              "`loyalty` only when given. `player_states` gives every player's `life`, `counters` and `mana`.",
              "A checkpoint (`expect`) arrives as the case file gives it, with `abilities` in the plain form",
              "above; an engine need not read it (it is the expected values). From the examples' board:", "",
              "```json"]
    plain = _case([{"expect": {"objects": {"bear": {}}}}])
    for oid in ("bear", "totem"):
        lines += [_json({oid: BOARD[oid]}), _json({oid: plain["objects"][oid]}), ""]
    lines += [_json({"player_states": plain["player_states"]}), "```", ""]
    return "\n".join(lines).rstrip() + "\n"


def _branch(node: dict[str, Any], enums: set[str]) -> str:
    """A branch of a oneOf in words: its type, or its keys (a one-key object once per key)."""
    node = _resolve(node) if "properties" in _resolve(node) else node
    if "properties" not in node:
        return type_of(node, enums)
    keys = [f"`{k}`: {type_of(v, enums)}" for k, v in node["properties"].items()]
    return "; ".join("{" + key + "}" for key in keys) if node.get("maxProperties") == 1 else "{" + ", ".join(keys) + "}"


def main() -> int:
    sys.stdout.write(generate())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
