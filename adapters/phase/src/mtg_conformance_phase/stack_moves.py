"""A card moved from a hand to the stack by a ``move`` step (CR 405.1: it is then a spell, 112.1,
controlled by its owner): put in phase's stack zone with debug ``MoveToZone``, as a spell declared
on the stack is (.board.STACK). It is no entry of phase's stack, so nothing resolves it: only where
every later step is a checkpoint, and only an instant or sorcery card (a kindred one too)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.errors import Unsupported


def move_to_stack(case: Mapping[str, Any], body: Mapping[str, Any]) -> Mapping[str, Any]:
    """The plan of a ``move`` to the stack (the step as it is), or Unsupported (other zones too)."""
    if body["to"] != "stack":
        raise Unsupported(f"a move to the {body['to']} zone")
    spec = case["objects"].get(body["object"])
    later = case["steps"][next(i for i, s in enumerate(case["steps"]) if s.get("move") is body) + 1:]
    if spec is None or spec["zone"] != "hand" or not set(spec["card"]["types"]) & {"instant", "sorcery"} \
            or body.get("choices") or body.get("order") or any(set(s) != {"expect"} for s in later):
        raise Unsupported("a move to the stack other than an instant or sorcery card from a hand with only "
                          "checkpoints after it")
    return body
