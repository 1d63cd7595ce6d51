"""What the schema cannot say about characteristics, copies and face-down permanents: references
to undeclared objects, players and abilities, tokens named twice, face-down objects off the
battlefield, X outside an activated ability, and the choices an object entering the battlefield
must script (CR 614.12, 707.5, 208.2b).

Each check yields ``(path, message)``, the path relative to the case, like the loader's own. The
loader calls :func:`object_problems` for each object, :func:`step_problems` for each step of a kind
in :data:`STEP_KINDS` (and each ``move``), and :func:`ability_filters` for each ability of a kind in
:data:`ABILITY_KEYS`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.expressions import plain_filters, plain_operands, plain_terms

Problem = tuple[tuple[Any, ...], str]
Filters = Iterator[tuple[tuple[Any, ...], dict[str, Any]]]

STEP_KINDS = frozenset({"become", "become_copy", "create_token", "turn_face_up", "turn_face_down", "activate",
                        "trigger"})
"""Step kinds whose references these checks own."""

ABILITY_KEYS = frozenset({"keyword", "morph", "text", "cda_colors", "static", "activated", "triggered",
                          "enters_as_copy", "as_enters_choose", "as_enters_pt", "static_copy"})
"""Ability kinds whose filters these checks find."""

TEMPLATE_KINDS = {"activated": "activate", "triggered": "trigger"}


# --- walking abilities ------------------------------------------------------------------------------


def card_abilities(raw: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Every ability of the case's objects' cards, those inside them included, with paths."""
    for object_id, spec in raw["objects"].items():
        for index, ability in enumerate(spec["card"].get("abilities", [])):
            yield from nested_abilities(ability, ("objects", object_id, "card", "abilities", index))


def nested_abilities(ability: Mapping[str, Any], at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """``ability`` and every ability inside it (gained by an effect or an exception), with paths."""
    yield at, ability
    (key, body), = ability.items()
    if not isinstance(body, Mapping):
        return
    for path, part in _parts(key, body):
        for name in ("gains", "loses"):
            for index, inner in enumerate(part.get(name, [])):
                yield from nested_abilities(inner, at + (key, *path, name, index))
        for condition in ("if_creature", "if_planeswalker"):  # 707.9f
            for index, inner in enumerate(part.get(condition, {}).get("gains", [])):
                yield from nested_abilities(inner, at + (key, *path, condition, "gains", index))


def _parts(key: str, body: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], Mapping[str, Any]]]:
    """The change and exception maps inside an ability's body."""
    if key == "static":
        yield ("becomes",), body["becomes"]
    elif key in ("activated", "triggered"):
        (kind, template), = body["effect"].items()
        if not isinstance(template, Mapping):  # a list of parts (damage_targets, issue 40): no change in it
            return
        yield ("effect", kind), template
        if "exceptions" in template:
            yield ("effect", kind, "exceptions"), template["exceptions"]
    elif key == "enters_as_copy" and "exceptions" in body:
        yield ("exceptions",), body["exceptions"]


def ability_filters(ability: Mapping[str, Any]) -> Filters:
    """The filters in an ability of a kind in :data:`ABILITY_KEYS`, with their paths under it."""
    (key, body), = ability.items()
    if key in ("static", "static_copy"):
        yield (key, "affects"), body["affects"]
    if key == "enters_as_copy":
        yield (key, "of"), body["of"]
    if key == "as_enters_choose" and "object" in body:
        yield (key, "object"), body["object"]
    if key == "static":
        for stat in ("power", "toughness"):
            if stat in body["becomes"]:
                yield from expression_filters(body["becomes"][stat], (key, "becomes", stat))
    if key in ("activated", "triggered") and "become" in body["effect"]:  # what its effect counts (107.1)
        for stat in ("power", "toughness"):
            if stat in body["effect"]["become"]:
                yield from expression_filters(body["effect"]["become"][stat], (key, "effect", "become", stat))


def expression_filters(expr: Any, at: tuple[Any, ...]) -> Filters:
    """The filters inside an expression."""
    for inner, f in plain_filters(expr):
        yield at + inner, f


def _uses_x(expr: Any) -> bool:
    return any(term == "X" for term in plain_terms(expr))


def declared_abilities(raw: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Activated and triggered abilities declared anywhere in the case (on cards, gained by effects
    or exceptions), by name."""
    found: dict[str, dict[str, Any]] = {}

    def visit(ability: Mapping[str, Any]) -> None:
        for _, inner in nested_abilities(ability, ()):
            (key, body), = inner.items()
            if key in TEMPLATE_KINDS or key == "loyalty_ability":  # a loyalty ability is activated (606.2)
                found.setdefault(body["name"], {"kind": key, **body})

    for spec in raw["objects"].values():
        for ability in spec["card"].get("abilities", []):
            visit(ability)
    for step in _flat(raw["steps"]):
        (kind, body), = step.items()
        if isinstance(body, Mapping):
            for ability in body.get("gains", []):
                visit(ability)
            for ability in (body.get("exceptions") or {}).get("gains", []):
                visit(ability)
            for ability in (body.get("card") or {}).get("abilities", []) if kind == "create_token" else ():
                visit(ability)  # a token's own characteristics (111.4)
    return found


def _flat(steps: list[Any]) -> Iterator[dict[str, Any]]:
    for step in steps:
        if "together" in step:
            yield from _flat(step["together"])
        else:
            yield step


# --- objects ----------------------------------------------------------------------------------------


def object_problems(object_id: str, spec: Mapping[str, Any], raw: Mapping[str, Any]) -> Iterator[Problem]:
    """Problems of one declared object: face-down or choices off the battlefield, the choices its
    own "as enters" abilities need, X outside an activated ability."""
    at = ("objects", object_id)
    zone = spec.get("zone", "battlefield")
    if spec.get("face_down") and zone != "battlefield":
        yield (at + ("face_down",), "only a permanent is face down here (CR 708.2): put it on the battlefield")
    if spec.get("tapped") and zone != "battlefield":
        yield (at + ("tapped",), "only a permanent is tapped (CR 110.5): put it on the battlefield")
    if "choices" in spec and zone != "battlefield":
        yield (at + ("choices",), "choices are made as an object enters the battlefield (CR 614.12)")
    card = spec["card"]
    for index, ability in enumerate(card.get("abilities", [])):
        yield from _x_problems(ability, at + ("card", "abilities", index), list(raw["players"]))
    if zone == "battlefield" and not spec.get("face_down"):
        controller = spec.get("controller", spec.get("owner", raw["players"][0]))
        yield from entering_problems(card, spec.get("choices"), at, raw, controller, at + ("choices",))
    elif "choices" in spec:
        yield from choices_problems(spec["choices"], at + ("choices",), raw)


def _x_problems(ability: Mapping[str, Any], at: tuple[Any, ...], players: list[str]) -> Iterator[Problem]:
    """X outside an activated ability's effect, and undeclared players in ``life`` expressions."""
    for path, inner in nested_abilities(ability, at):
        (key, body), = inner.items()
        if not isinstance(body, Mapping):
            continue
        exprs = []
        if key in ("cda_pt", "static_pt"):
            exprs = [((key, stat), body[stat]) for stat in ("power", "toughness") if stat in body]
        elif key == "static":
            exprs = [((key, "becomes", stat), body["becomes"][stat]) for stat in ("power", "toughness")
                     if stat in body["becomes"]]
        elif key in ("activated", "triggered") and "become" in body["effect"]:
            become = body["effect"]["become"]
            exprs = [((key, "effect", "become", stat), become[stat]) for stat in ("power", "toughness")
                     if stat in become]
        for where, expr in exprs:
            # 107.3: X is the value chosen as an activated ability is activated; nowhere else
            yield from expression_problems(expr, path + where, players, x_allowed=key == "activated",
                                           resolves=key in ("activated", "triggered"))


def expression_problems(expr: Any, at: tuple[Any, ...], players: list[str], *, x_allowed: bool,
                        resolves: bool = True) -> Iterator[Problem]:
    """X where it is not defined (CR 107.3), undeclared players in ``life`` terms, and the greatest
    power or toughness among objects outside an effect that resolves (``resolves``): read once as
    it resolves (608.2h), it is fixed; a characteristic-defining or static ability, applied in
    layer 7 (613.4), would read the very values layer 7 is working out (not modelled)."""
    if expr == "X" and not x_allowed:
        yield (at, "X is only defined in the effect of an activated ability (CR 107.3)")
    yield from _greatest_problems(expr, at, resolves)
    if isinstance(expr, Mapping) and "life" in expr and expr["life"] not in ("you", "chosen", *players):
        yield (at + ("life",), f"undeclared player {expr['life']!r} (or use you / chosen)")
    for inner, term in plain_operands(expr):
        yield from expression_problems(term, at + inner, players, x_allowed=x_allowed, resolves=resolves)


def _greatest_problems(expr: Any, at: tuple[Any, ...], resolves: bool) -> Iterator[Problem]:
    for key in ("greatest_power", "greatest_toughness"):
        if not resolves and isinstance(expr, Mapping) and key in expr:
            yield (at + (key,), "the greatest power or toughness is read only as an effect resolves (become, "
                   "CR 608.2h), not in a characteristic-defining or static ability (layer 7 would read itself, 613.4)")


def entering_problems(card: Mapping[str, Any], choices: Mapping[str, Any] | None, at: tuple[Any, ...],
                      raw: Mapping[str, Any], controller: str, choices_at: tuple[Any, ...]) -> Iterator[Problem]:
    """The choices ``card``'s own "as enters" abilities need (CR 614.12, 707.5), and their references."""
    choices = choices or {}
    for ability in card.get("abilities", []):
        (key, body), = ability.items()
        if key == "enters_as_copy" and "copy" not in choices:
            yield (choices_at, "needs choices.copy: the object it enters as a copy of, or [] for none (CR 707.5)")
        elif key == "as_enters_choose":
            kind = next((k for k in ("player", "color", "creature_type") if k in body), "object")
            if kind not in choices:
                what = body.get("player", kind).replace("_", " ")
                yield (choices_at, f"needs choices.{kind}: the {what} chosen as it enters (CR 614.12)")
            elif kind == "player" and body["player"] == "opponent" and choices["player"] == controller:
                yield (choices_at + ("player",), f"{controller} is not an opponent of the object's controller")
        elif key == "as_enters_pt":
            if "pt" not in choices:
                yield (choices_at, f"needs choices.pt: one of {', '.join(body['options'])} (CR 208.2b)")
            elif choices["pt"] not in body["options"]:
                yield (choices_at + ("pt",), f"{choices['pt']!r} is not among the options {', '.join(body['options'])}")
    copies = choices.get("copy", [])
    if copies and not any("enters_as_copy" in a for a in card.get("abilities", [])) and not _grants_copy_ability(raw):
        # 707.5: only an "enter as a copy" ability makes an object enter as a copy; the first
        # choice needs one of the object's own (a later one may use the copied object's, 707.9e).
        yield (choices_at + (("copy",) if isinstance(copies, str) else ("copy", 0)),
               f"the object has no enters_as_copy ability to enter as a copy of {(copies if isinstance(copies, str) else copies[0])!r} "
               "with (CR 707.5): give the card one, or no copy choice")
    if choices:
        yield from choices_problems(choices, choices_at, raw)


def _grants_copy_ability(raw: Mapping[str, Any]) -> bool:
    """Whether anything in the case could give an object an "enter as a copy" ability besides its
    own card's abilities (an ability or exception granting one): then no copy choice is judged."""
    def mentions(value: Any) -> bool:
        if isinstance(value, Mapping):
            return "enters_as_copy" in value or any(mentions(v) for v in value.values())
        if isinstance(value, list):
            return any(mentions(v) for v in value)
        return False

    for spec in raw["objects"].values():
        for ability in spec["card"].get("abilities", []):
            (key, body), = ability.items()
            if mentions(body):  # nested: a granted ability, an exception's gains
                return True
    return mentions(raw["steps"])


def choices_problems(choices: Mapping[str, Any], at: tuple[Any, ...], raw: Mapping[str, Any],
                     known: Mapping[str, Any] | None = None) -> Iterator[Problem]:
    """References in a ``choices`` map."""
    objects = raw["objects"] if known is None else known
    copies = choices.get("copy", [])
    for index, chosen in enumerate([copies] if isinstance(copies, str) else copies):
        if chosen not in objects:
            where = at + ("copy",) if isinstance(copies, str) else at + ("copy", index)
            yield (where, f"undeclared object {chosen!r}")
    if "object" in choices and choices["object"] not in objects:
        yield (at + ("object",), f"undeclared object {choices['object']!r}")
    if "player" in choices and choices["player"] not in raw["players"]:
        yield (at + ("player",), f"undeclared player {choices['player']!r}")


# --- steps ------------------------------------------------------------------------------------------


def step_problems(kind: str, body: Mapping[str, Any], at: tuple[Any, ...], raw: Mapping[str, Any],
                  objects: dict[str, Any]) -> Iterator[Problem]:
    """Problems of one step of a kind in :data:`STEP_KINDS`, or a ``move`` (``at`` ends with the
    kind). ``objects`` are the objects known so far: a ``create_token`` step adds its token."""
    players = list(raw["players"])
    for key in ("of", "copy_of", "target"):
        if key in body and body[key] not in objects:
            yield (at + (key,), f"undeclared object {body[key]!r}")
    if kind == "create_token":
        for key, token in [("token", body["token"])] if "token" in body else \
                [(("tokens", i), t) for i, t in enumerate(body.get("tokens", []))]:
            if token in objects or token in players:
                yield (at + (key if isinstance(key, tuple) else (key,)),
                       f"{token!r} already names an object or a player: a token needs a new id")
            else:
                objects[token] = {"card": body.get("card", {"types": []}), "token": True}
        if "controller" in body and body["controller"] not in players:
            yield (at + ("controller",), f"undeclared player {body['controller']!r}")
    if kind in TEMPLATE_KINDS.values():
        declared = declared_abilities(raw)
        ability = declared.get(body["ability"])
        wanted = "activated" if kind == "activate" else "triggered"
        if ability is not None and ability["kind"] == "loyalty_ability" and kind == "activate":
            pass  # its cost and effect: conformance.format.counter_checks
        elif ability is None or ability["kind"] != wanted:
            names = sorted(n for n, a in declared.items() if a["kind"] == wanted)
            yield (at + ("ability",), f"undeclared {wanted} ability {body['ability']!r}"
                   + (f" (declared: {', '.join(names)})" if names else " (no card has one)"))
        else:
            (template_kind, template), = ability["effect"].items()
            if kind == "activate" and isinstance(template, Mapping) and \
                    any(_uses_x(template.get(s)) for s in ("power", "toughness")) and "x" not in body:
                yield (at, f"the ability {body['ability']!r} uses X: give x (CR 107.3)")
            if template_kind == "become_copy" and "target" not in body:
                yield (at, f"the ability {body['ability']!r} makes a copy of its target: give target")
    choices = body.get("choices")
    if kind == "move" and body.get("to") == "battlefield" and body.get("object") in raw["objects"] \
            and not body.get("face_down"):
        owner = raw["objects"][body["object"]].get("owner", players[0])
        yield from entering_problems(raw["objects"][body["object"]]["card"], choices, at, raw, owner, at + ("choices",))
    elif kind == "move" and choices is not None:
        where = "it enters face down (CR 708.3)" if body.get("face_down") else "it does not enter the battlefield"
        yield (at + ("choices",), f"no choices are made: {where}")
    elif choices is not None:
        yield from choices_problems(choices, at + ("choices",), raw, objects)
    if kind == "move" and body.get("face_down") and body.get("to") != "battlefield":
        yield (at + ("face_down",), "only a permanent is face down here: move it to the battlefield (CR 708.3)")
    for index, ability in enumerate(body.get("gains", [])):
        yield from _x_problems(ability, at + ("gains", index), players)
    for stat in ("power", "toughness"):
        if kind == "become" and stat in body:
            yield from expression_problems(body[stat], at + (stat,), players, x_allowed=False)
