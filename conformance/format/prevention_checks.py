"""What the schema cannot say about the prevention variants (issue 41, item 2): a resolving
prevention step whose additional effect acts through an object names it (``source``, CR 615.5), and
a ``deal_damage`` additional effect deals damage to a declared player or object, or to "that
source's controller" (``source_controller``).

Each check yields ``(path, message)``, the path relative to the case, like the loader's own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from conformance.format.prevention_variants import SOURCE_CONTROLLER

Problem = tuple[tuple[Any, ...], str]


def _prevention_bodies(data: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Mapping[str, Any], bool]]:
    """Every ``prevent_damage`` body (an ability's or a step's), its path, and whether it is a step's."""
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key == "prevent_damage" and isinstance(value, Mapping):
                yield at + (key,), value, at[:1] == ("steps",) and "card" not in at and "abilities" not in at \
                    and "gains" not in at
            yield from _prevention_bodies(value, at + (key,))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _prevention_bodies(item, at + (index,))


def problems(raw: Mapping[str, Any]) -> Iterator[Problem]:
    """The problems of every prevention effect's additional effect in the case."""
    players, objects = list(raw["players"]), raw["objects"]
    for where in ("objects", "steps"):
        for at, body, step in _prevention_bodies(raw[where], (where,)):
            then = body.get("then")
            if not isinstance(then, Mapping):
                continue
            target = then.get("deal_damage")
            if target is not None and target != SOURCE_CONTROLLER and target not in players and target not in objects:
                yield (at + ("then", "deal_damage"), f"undeclared player or object {target!r} (or use "
                                                     f"{SOURCE_CONTROLLER}: that source's controller)")
            if step and "source" not in body and ("deal_damage" in then or "put_counters" in then
                                                  or "remove_counters" in then):
                yield (at + ("then",), "an additional effect that puts counters or deals damage acts through the "
                                       "spell's or ability's object: give the step a source (CR 615.5)")
