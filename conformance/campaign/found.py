"""A campaign's counterexamples as golden-style case files, each named by a hash of its content.

The case file is the durable record of what a campaign found: a stored choice sequence becomes
another scenario when a strategy or Hypothesis changes, a case file does not. It is what
``run --save-failures`` writes (conformance.laws.counterexamples: the shrunk scenarios, expected
values from the reference engine, citing the rules the counterexample shows broken), named by a
hash of its scenarios, expected values and rules (not of its summary's prose), so two workers or two
machines that find the same counterexample write one file: a file already there is kept as it is.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from conformance.laws import counterexamples

DIGEST_CHARACTERS = 16
"""Hex characters of the content's SHA-256 in a file's name (64 bits: no two counterexamples meet)."""


def digest(property_id: str, documents: list[dict[str, Any]]) -> str:
    """The SHA-256 of a counterexample's content: the property's id and its cases without their
    ids and summaries (which name it and say it in words)."""
    content = [{k: v for k, v in document.items() if k not in ("id", "summary")} for document in documents]
    text = json.dumps({"property": property_id, "cases": content}, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def save(directory: str | Path, prop, run, engine, info, reference, reference_info) -> tuple[Path, bool]:
    """Write the shrunk counterexample of the failed property run ``run`` to ``directory``, as
    ``PROPERTY-DIGEST.yaml``; return its path and whether it is new (raises ``OSError``)."""
    documents = counterexamples.property_documents(prop, run, engine, info, reference, reference_info)
    hashed = digest(prop.id, documents)[:DIGEST_CHARACTERS]
    tail = counterexamples.slug(prop.id.split("/", 1)[-1])
    for number, document in enumerate(documents, 1):  # unique ids in a directory of them
        document["id"] = f"{run.rules[0]}/counterexample-{tail}-{hashed}-{number}"
    target = Path(directory) / f"{counterexamples.slug(prop.id)}-{hashed}.yaml"
    if target.exists():
        return target, False
    return counterexamples.write(target, documents), True
