"""jsonschema's errors, worded without quoting more than a few characters of a value.

jsonschema's own message quotes the value that failed in full (``'...' is not of type
'object'``, ``{...} is not valid under any of the given schemas``): a whole file, when the file
read is not what it was taken for. Every schema error of a case file, an expectations file and a
results file is worded by :func:`message`, the value shown by :func:`conformance.errors.shown`
(at most :data:`~conformance.errors.SHOWN_CHARS` characters of it; docs/ci.md, "What CI can trust").
"""

from __future__ import annotations

import re
from typing import Any

from jsonschema.exceptions import ValidationError

from conformance.errors import shown


def message(error: ValidationError) -> str:
    """``error`` in one line, quoting at most a few characters of the value that failed."""
    kind, instance, value = error.validator, error.instance, error.validator_value
    if kind == "type":
        expected = " or ".join(value) if isinstance(value, list) else value
        return f"expected {expected}, got {shown(instance, 'json')}"
    if kind == "required":  # one error for each key missing, naming it (from the schema, not the file)
        named = re.match(r"^'(.+)' is a required property$", error.message)
        return f"missing required key {named[1]!r}" if named else "a required key is missing"
    if kind == "not" and isinstance(error.schema, dict) and "x-hint" in error.schema:  # one_line: ids and names
        return f"{shown(instance)} is not {error.schema['x-hint']}"
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(error.schema.get("properties", {})) if isinstance(error.schema, dict) else []
        extra = sorted(set(instance) - set(allowed))
        if extra:
            return f"unknown key {shown(extra[0])} (expected one of: {', '.join(allowed)})"
    return _without_value(error.message, instance)


def _without_value(text: str, instance: Any) -> str:
    """jsonschema's ``text`` with each quotation of ``instance`` (it writes ``{instance!r}``) cut."""
    try:
        whole = repr(instance)
    except (ValueError, RecursionError):  # an integer too long for str(), a value nested too deep
        return "the value is not valid here"
    return text.replace(whole, shown(instance)) if whole != shown(instance) else text
