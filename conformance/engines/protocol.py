"""Protocol v1: the messages an engine in any language exchanges with the suite (docs/protocol.md).

One JSON object per line on the engine's standard input (requests) and standard output
(replies). Every message has a JSON Schema shipped in the package,
``conformance/schema/protocol/<name>.json``:

- ``start`` (harness → engine): ``{"cmd": "start", "version": 1}``;
- ``started`` (engine → harness): ``{"version": 1, "engine": {name, version, features, observables}}``;
- ``run`` (harness → engine): ``{"cmd": "run", "seq": N, "case": CASE}``;
- ``run-reply`` (engine → harness): ``{"seq": N, "snapshots": [...]}``, ``{"seq": N, "unsupported":
  REASON}`` or ``{"seq": N, "error": {"message": ..., "traceback": ...}}``;
- ``stop`` (harness → engine): ``{"cmd": "stop"}``; the engine exits, with no reply.

This module only knows the messages (building, encoding, validating); the subprocess side is
:mod:`conformance.engines.harness`, and :mod:`reference_engine.serve` is the engine side.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match

VERSION = 1
"""The protocol version this suite speaks."""

MESSAGES = ("start", "started", "run", "run-reply", "stop")
"""Every message of the protocol, by the name of its schema file."""

REPLY_KINDS = ("snapshots", "unsupported", "error")
"""The keys of a run reply, exactly one of which it carries."""


@functools.cache
def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of message ``name`` (one of :data:`MESSAGES`), as shipped in the package."""
    if name not in MESSAGES:
        raise KeyError(f"no protocol message {name!r} (known: {', '.join(MESSAGES)})")
    text = resources.files("conformance").joinpath(f"schema/protocol/{name}.json").read_text("utf-8")
    return json.loads(text)


@functools.cache
def _validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema(name))


def problem(name: str, message: Any) -> str | None:
    """What is wrong with ``message`` as a ``name`` message, in one line; ``None`` if it is valid."""
    error = best_match(_validator(name).iter_errors(message))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    if error.validator == "oneOf" and not where:
        present = [k for k in REPLY_KINDS if isinstance(message, dict) and k in message]
        text = (f"a run reply carries exactly one of {', '.join(map(repr, REPLY_KINDS))}; "
                f"got {', '.join(map(repr, present)) or 'none'}")
    elif error.validator == "additionalProperties":
        text = error.message.replace("Additional properties are not allowed", "unknown keys")
    else:
        text = error.message
    return f"{where}: {_short(text)}" if where else _short(text)


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def start() -> dict[str, Any]:
    """The ``start`` request."""
    return {"cmd": "start", "version": VERSION}


def run(seq: int, case: dict[str, Any]) -> dict[str, Any]:
    """The ``run`` request for a case's plain form (:meth:`conformance.format.model.Case.to_dict`)."""
    return {"cmd": "run", "seq": seq, "case": case}


def stop() -> dict[str, Any]:
    """The ``stop`` request."""
    return {"cmd": "stop"}


def encode(message: dict[str, Any]) -> bytes:
    """One message as one line: compact JSON, ASCII only (any other character escaped, so the
    engine's input encoding never matters), ending in a newline (JSON escapes a newline inside a
    string, so a message never spans lines)."""
    return json.dumps(message, separators=(",", ":")).encode("ascii") + b"\n"


def checkpoints(case: dict[str, Any]) -> int:
    """How many snapshots a run reply for ``case`` carries: one per ``expect`` step."""
    return sum(1 for step in case.get("steps", ()) if isinstance(step, dict) and "expect" in step)
