"""Helpers of the reference engine's detail tests (tests/test_reference_engine_*details.py): run
a few objects and steps on the reference engine and read the last snapshot."""

from __future__ import annotations

from typing import Any

from tests.scenarios import snapshots


def run(objects: dict[str, Any], steps: list[dict[str, Any]], *, players=("Alex", "Blair"),
        **extra: Any) -> dict[str, Any]:
    """The reference engine's snapshot at the last step, which must be an ``expect``."""
    return snapshots(objects, steps, players=players, **extra)[-1]


def pt(objects, steps, name, **extra):
    """(power, toughness) of ``name`` after the steps."""
    final = run(objects, [*steps, {"expect": {"objects": {name: {"power": 0}}}}], **extra)["objects"][name]
    return final["power"], final["toughness"]


def life(objects, steps, *names, **extra):
    last = run(objects, [*steps, {"expect": {"players": {n: {"life": 0} for n in names}}}], **extra)["players"]
    return tuple(last[n]["life"] for n in names)


def creature(power, toughness, **spec):
    return {"card": {"types": ["creature"], "power": power, "toughness": toughness}, **spec}


def star(power_expr, toughness_expr=None, *, zone="battlefield", extra_abilities=(), **card):
    """A */* creature whose characteristic-defining ability sets its power and toughness (604.3)."""
    return {"zone": zone, "card": {"types": ["creature"], "power": "*", "toughness": "*", **card, "abilities": [
        *extra_abilities,
        {"cda_pt": {"power": power_expr, "toughness": toughness_expr if toughness_expr is not None else power_expr}}]}}


CHOOSE_OPPONENT = {"as_enters_choose": {"player": "opponent"}}
