"""Scenarios about arithmetic in expressions (issue 41, item 4; CR 107.1, 107.1a, 107.1b, 608.2h,
604.3): :func:`arithmetic_scenarios`.

A board of creatures (printed 0-5 power, some with counters, some in the hand to enter later) and
artifacts with mana costs, and one place where an expression of this part appears: a ``become``
step (resolved: read once, 608.2h; the greatest power or toughness may appear here only), a
creature's characteristic-defining ability (604.3, 613.4a), or a static ability that modifies
(613.4c: a calculated amount below 0 gives 0, 107.1b) or sets (613.4b) the P/T of the creatures a
filter matches. Steps before and after it change what the expression reads: +N/+N or -N/-0, +1/+1
and -1/-1 counters, creatures entering or leaving, life gained or lost.

A module of its own, reached only through its own property
(``107.1/arithmetic-agrees-with-reference``): no other strategy's draws change. Half's operand is
drawn from expressions that cannot be negative and odd (the reference engine refuses half of a
negative odd number, 107.1a). Each step is aimed at what is on the battlefield when it happens: the
case so far is played on the reference engine (as :mod:`.damage` does). Examples shrink towards a
number, one creature and no step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from conformance.errors import Unsupported
from conformance.format.expressions import plain_terms
from conformance.format.model import ROUNDING, Case
from strategies._internal.core import _explicit, _named, build_case
from strategies._internal.drawing import Chooser
from strategies._internal.validation import check_checkpoints, check_features, check_size, observe_here

ARITHMETIC_FEATURES = frozenset({"greatest-among", "half-rounded", "expression-arithmetic"})
"""The features of this part: a scenario needs one of them."""

PLACES: dict[str, frozenset[str]] = {
    "become": frozenset({"layer-7b"}),
    "cda": frozenset({"layer-7a"}),
    "modify": frozenset({"static-abilities", "layer-7c"}),
    "set": frozenset({"static-abilities", "layer-7b"}),
}
"""Where the expression is, and the features each place needs."""

FILTERS = ({"types": ["creature"], "controller": "you"}, {"types": ["creature"], "controller": "opponent"},
           {"types": ["creature"]}, {"types": ["artifact"], "controller": "you"})
"""What an expression counts or compares, read by the controller of its ability or effect."""

MANA_COSTS = ("{1}", "{2}{B}", "{3}{U}{U}", "{X}{R}")
PLAYERS = ("Alex", "Blair")


def usable(features: frozenset[str]) -> bool:
    """Arithmetic scenarios can be generated for an engine with a feature of this part and a place."""
    return bool(features & ARITHMETIC_FEATURES) and any(needs <= features for needs in PLACES.values())


def arithmetic_scenarios(*, features: Iterable[str] | None = None, max_steps: int = 4,
                         checkpoints: str = "each") -> st.SearchStrategy[Case]:
    """Returns a strategy which generates valid scenarios about arithmetic in expressions (the
    module's docstring): ``max_steps`` steps at most besides the one the expression is in, each
    followed by a checkpoint (``checkpoints="each"``), after a random subset (``"sparse"``), or one
    at the end (``"end"``). Only what ``features`` allows is generated (default: every feature)."""
    allowed = check_features(features)
    check_size(max_steps, "max_steps")
    check_checkpoints(checkpoints)
    if not usable(allowed):
        raise InvalidArgument(f"features={sorted(allowed)} allow no arithmetic scenario: include greatest-among, "
                              "half-rounded or expression-arithmetic, and layer-7a, layer-7b or static-abilities "
                              "with layer-7c")
    defaults = {"features": None, "max_steps": 4, "checkpoints": "each"}
    return _arithmetic_scenarios(**_explicit(defaults, features=features, max_steps=max_steps, checkpoints=checkpoints))


@_named("arithmetic_scenarios")
def _arithmetic_scenarios(draw, *, features=None, max_steps: int = 4, checkpoints: str = "each") -> Case:
    c = Chooser.of(draw)
    allowed = check_features(features)
    objects: dict[str, Any] = {}
    for number, _ in enumerate(c.sizes(1, 4), start=1):
        objects[f"c{number}"] = _creature(c, allowed)
    if "greatest-among" in allowed:
        for number, _ in enumerate(c.sizes(0, 2), start=1):
            objects[f"a{number}"] = {"card": {"types": ["artifact"], "mana_cost": c.sample(MANA_COSTS)},
                                     "owner": c.sample(PLAYERS)}
    place = c.sample([p for p, needs in PLACES.items() if needs <= allowed])
    expressions = {"power": _expression(c, allowed, resolves=place == "become", depth=2, top=True)}
    if place == "modify" and "expression-arithmetic" in allowed and c.boolean():
        # 107.1b: "+X/+0" or "-X/-0" with X a difference, which may be negative (then 0)
        difference = {"difference": [_expression(c, allowed, resolves=False, depth=0) for _ in range(2)]}
        expressions["power"] = {"negative": difference} if c.boolean() else difference
    if c.boolean():  # else a number: "X/3", so that the creatures it sets mostly live on
        expressions["toughness"] = _expression(c, allowed, resolves=place == "become", depth=2, top=True)
    else:
        expressions["toughness"] = c.integer(0, 3) if place == "modify" else c.integer(1, 5)
    if place == "cda":
        card = objects["c1"]["card"]
        card["abilities"] = [{"cda_pt": expressions}]
    elif place in ("modify", "set"):
        objects["e"] = {"card": {"types": ["enchantment"], "abilities": [{"static_pt": {
            "effect": f"{place}_pt", "affects": c.sample(FILTERS[:3]), **expressions}}]}, "owner": c.sample(PLAYERS)}
    uses_life = any(isinstance(t, dict) and "life" in t for e in expressions.values() for t in plain_terms(e))
    steps: list[dict[str, Any]] = []
    before = c.integer(0, max_steps) if place == "become" else 0
    for number, _ in enumerate(c.sizes(0, max_steps)):
        if number == before and place == "become":
            steps += _observed(c, [_become(c, allowed, objects, steps, expressions)], objects, checkpoints)
        step = _step(c, allowed, objects, steps, uses_life)
        if step is not None:
            steps += _observed(c, [step], objects, checkpoints)
    if place == "become" and not any("become" in s for s in steps):
        steps.append(_become(c, allowed, objects, steps, expressions))
    if not steps or "expect" not in steps[-1]:
        steps.append(_checkpoint(objects))
    return build_case(objects, steps, summary="Generated arithmetic in expressions (107.1).",
                      case_id="107.1/generated", players=PLAYERS)


def _become(c: Chooser, allowed: frozenset[str], objects: dict[str, Any], steps: list[dict[str, Any]],
            expressions: dict[str, Any]) -> dict[str, Any]:
    """The resolving effect: a creature on the battlefield (or, a locked set, those a filter matches,
    611.2c) gets base P/T the expressions give, read once (608.2h)."""
    here = _on_battlefield(objects, steps)
    if not here or ("locked-sets" in allowed and c.integer(0, 3) == 3):
        return {"become": {"to_each": dict(c.sample(FILTERS[:3])), **expressions}}
    return {"become": {"to": c.sample(here), **expressions}}


def _creature(c: Chooser, allowed: frozenset[str]) -> dict[str, Any]:
    """A creature of the board, perhaps with a mana cost, counters, or in the hand."""
    toughness = c.integer(1, 5)
    spec: dict[str, Any] = {"card": {"types": ["creature"], "power": c.integer(0, 5), "toughness": toughness},
                            "owner": c.sample(PLAYERS)}
    if "greatest-among" in allowed and c.boolean():
        spec["card"]["mana_cost"] = c.sample(MANA_COSTS)
    if "counters" in allowed and c.boolean():  # 122.1a: the greatest power is the power it has now
        kind = c.sample(("+1/+1", "-1/-1"))
        spec["counters"] = {kind: c.integer(1, 3 if kind == "+1/+1" else toughness - 1 or 1)}
        if kind == "-1/-1" and toughness == 1:
            spec["counters"] = {"+1/+1": 1}
    if "zone-changes" in allowed and c.integer(0, 4) == 4:
        spec["zone"] = "hand"
    return spec


def _expression(c: Chooser, allowed: frozenset[str], *, resolves: bool, depth: int, nonnegative: bool = False,
                top: bool = False) -> Any:
    """An expression of this part at the ``top`` (the greatest value among objects, half, twice,
    minus, a difference); below it also a number, a count or a life total; never negative if
    ``nonnegative``; no operation once ``depth`` is spent."""
    kinds = [] if top else ["number", "count"]
    if "characteristic-expressions" in allowed and "life" in allowed and not nonnegative and not top:
        kinds.append("life")
    if "greatest-among" in allowed:
        kinds += ["greatest_mana_value"] + (["greatest_power", "greatest_toughness"] if resolves and not nonnegative
                                            else [])
    if depth:
        kinds += ["half"] * ("half-rounded" in allowed) + ["twice"] * ("expression-arithmetic" in allowed)
        kinds += ["negative", "difference"] * ("expression-arithmetic" in allowed and not nonnegative)
    if top:  # a capability of this part first, then one of its operations: each as likely as the others
        groups = [g for g in (["greatest_mana_value", "greatest_power", "greatest_toughness"], ["half"],
                              ["twice", "negative", "difference"]) if set(g) & set(kinds)]
        kinds = [k for k in c.sample(groups) if k in kinds]
    kind = c.sample(kinds)
    inner = dict(allowed=allowed, resolves=resolves, depth=depth - 1)
    if kind == "number":
        return c.integer(0 if nonnegative else -3, 6)
    if kind == "count":
        return {"count": dict(c.sample(FILTERS))}
    if kind == "life":
        return {"life": c.sample(("you", *PLAYERS))}
    if kind.startswith("greatest_"):  # power and toughness among creatures (208.3), mana values among any
        return {kind: dict(c.sample(FILTERS if kind == "greatest_mana_value" else FILTERS[:3]))}
    if kind == "half":  # 107.1a; its operand never negative and odd (refused)
        return {"half": _expression(c, nonnegative=True, **inner), "round": c.sample(ROUNDING)}
    if kind == "twice":
        return {"twice": _expression(c, nonnegative=nonnegative, **inner)}
    if kind == "negative":
        return {"negative": _expression(c, **inner)}
    return {"difference": [_expression(c, **inner), _expression(c, **inner)]}


def _step(c: Chooser, allowed: frozenset[str], objects: dict[str, Any], steps: list[dict[str, Any]],
          uses_life: bool) -> dict[str, Any] | None:
    """A step changing what an expression reads, aimed at what is there now; ``None`` when the
    features allow none."""
    kinds = [k for k, needs in (("modify_pt", "layer-7c"), ("put_counters", "counters"), ("move", "zone-changes"),
                                ("life", "life")) if needs in allowed and (k != "life" or uses_life)]
    if not kinds:
        return None
    kind = c.sample(kinds)
    if kind == "life":
        return {c.sample(("gain_life", "lose_life")): {"player": c.sample(PLAYERS), "amount": c.integer(1, 3)}}
    here = _on_battlefield(objects, steps)
    if kind == "move":
        elsewhere = [oid for oid in objects if oid.startswith("c") and oid not in here]
        if elsewhere and c.boolean():
            return {"move": {"object": c.sample(elsewhere), "to": "battlefield"}}
        return {"move": {"object": c.sample(here), "to": "graveyard"}} if here else None
    if not here:
        return None
    if kind == "put_counters":
        return {"put_counters": {"object": c.sample(here), "kind": c.sample(("+1/+1", "-1/-1")), "count": 1}}
    return {"modify_pt": {"to": c.sample(here), "power": c.integer(-3, 3), "toughness": c.integer(0, 2)}}


def _on_battlefield(objects: dict[str, Any], steps: list[dict[str, Any]]) -> list[str]:
    """The creatures on the battlefield after ``steps``, played on the reference engine."""
    from reference_engine import ReferenceEngine

    case = build_case(objects, [*steps, _checkpoint(objects)], summary="The scenario so far (107.1).",
                      case_id="107.1/generated", players=PLAYERS)
    try:
        final = ReferenceEngine().run_case(case)[-1]["objects"]
    except Unsupported:  # something the reference engine does not judge: not an example
        reject()
    return [oid for oid, values in final.items() if oid.startswith("c") and values["zone"] == "battlefield"]


def _checkpoint(objects: dict[str, Any]) -> dict[str, Any]:
    return {"expect": {"objects": {oid: {} for oid in objects}, "players": {p: {} for p in PLAYERS}}}


def _observed(c: Chooser, steps: list[dict[str, Any]], objects: dict[str, Any], checkpoints: str) -> list[dict[str, Any]]:
    return [*steps, _checkpoint(objects)] if observe_here(c, checkpoints) else steps
