"""Decoding what an engine writes: each line must be UTF-8 JSON with no NaN or Infinity, nested at
most :data:`MAX_DEPTH` deep, with no lone surrogate in a string; anything else is a protocol
error of that case (docs/protocol.md, "Engine faults"). The checks never recurse, so no reply
can exhaust the stack."""

from __future__ import annotations

import json
from typing import Any

from conformance.errors import shown

MAX_DEPTH = 64
"""The deepest a message from an engine may nest (arrays and objects); deeper is a protocol error."""


def message_problem(message: Any, max_depth: int = MAX_DEPTH) -> str | None:
    """What makes decoded JSON unusable though it parsed: nesting deeper than ``max_depth``, or a
    string (or key) that is not valid Unicode (a lone surrogate such as ``"\\ud800"``). Iterative,
    so no depth can exhaust the stack."""
    stack: list[tuple[Any, int, str]] = [(message, 1, "")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return f"{where or 'the message'}: a string that is not valid Unicode (a lone surrogate): {shown(value)}"
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth > max_depth:
            return f"{where or 'the message'}: nested more than {max_depth} deep"
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                stack.append((key, depth, f"{where}/{shown(key)}"[:200] if where else shown(key)))
            stack.append((item, depth + 1, f"{where}/{key}"[:200] if where else str(key)[:200]))
    return None


def _no_constant(token: str) -> Any:
    raise ValueError(f"{token} is not JSON")


def decode_line(line: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """One line from an engine, as JSON; ``ValueError`` naming what is wrong: not UTF-8, not JSON,
    nested more than ``max_depth`` deep, a string that is not valid Unicode."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"a line that is not UTF-8 (byte {exc.start}): {excerpt(line)}") from None
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError(f"JSON nested more than {max_depth} deep: {excerpt(line)}") from None
    except ValueError:
        raise ValueError(f"a line that is not JSON: {excerpt(line)}") from None
    problem = message_problem(value, max_depth)
    if problem:
        raise ValueError(f"unusable JSON ({problem})")
    return value


def excerpt(data: bytes) -> str:
    text = data[:200].decode("utf-8", "replace")
    return repr(text) + ("..." if len(data) > 200 else "")
