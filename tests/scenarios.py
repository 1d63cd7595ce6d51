"""Helpers that build small cases for the tests, validated as any case file is."""

from __future__ import annotations

from typing import Any

import yaml

from conformance.format.loader import load_text
from conformance.format.model import Case


def creature(power: Any, toughness: Any, **card: Any) -> dict[str, Any]:
    """An object spec for a creature with the given printed power and toughness."""
    return {"card": {"types": ["creature"], "power": power, "toughness": toughness, **card}}


def loads_and_runs(case: Case) -> None:
    """A generated case passes the loader as a case file would, and the reference engine runs it
    (never refused)."""
    import json

    from reference_engine import ReferenceEngine

    plain = case.to_dict()
    document = {"format": 1, "cr": "2025-09-19", "cases": [{k: v for k, v in plain.items() if k not in ("cr", "features")}]}
    load_text(json.dumps(document), "generated.yaml")
    ReferenceEngine().run(plain)


def make_case(objects: dict[str, Any], steps: list[dict[str, Any]], *, players=("Alex", "Blair"),
              rules=("613.4",), case_id: str | None = None, **extra: Any) -> Case:
    """A validated case; an ``expect`` step is added at the end if the steps have none. ``extra``:
    more fields of the case (``player_states``, ``range_of_influence``)."""
    if not any("expect" in s for s in steps):
        steps = [*steps, {"expect": {"objects": {next(iter(objects)): {"zone": "battlefield"}}}}]
    document = {
        "format": 1,
        "cr": "2025-09-19",
        "cases": [{
            "id": case_id or f"{rules[0]}/test",
            "rules": list(rules),
            "source": {"rule": rules[0]},
            "summary": "a case built by a test",
            "players": list(players),
            "objects": objects,
            **extra,
            "steps": steps,
        }],
    }
    (case,) = load_text(yaml.safe_dump(document, sort_keys=False), "test.yaml")
    return case


def snapshots(objects: dict[str, Any], steps: list[dict[str, Any]], **kwargs: Any) -> list[dict[str, Any]]:
    """Run a case on the reference engine and return its snapshots."""
    from reference_engine import ReferenceEngine

    return ReferenceEngine().run(make_case(objects, steps, **kwargs).to_dict())


def observe(objects: dict[str, Any], steps: list[dict[str, Any]], *names: str, **kwargs: Any):
    """Run the steps, then report (power, toughness) of each named object at the end."""
    last = {"expect": {"objects": {name: {"power": 0} for name in names}}}
    final = snapshots(objects, [*steps, last], **kwargs)[-1]["objects"]
    values = [(final[n]["power"], final[n]["toughness"]) for n in names]
    return values[0] if len(values) == 1 else values
