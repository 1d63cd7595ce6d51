"""Copy effects (CR 707): a card that may enter as a copy ("You may have this creature enter as a
copy of any creature on the battlefield.", Clone's Oracle wording, CR 707.5, 614.1c), read by
phase's parser into its own "enters" replacement effect and checked, and the ``move`` step that
puts such a card onto the battlefield through phase's zone-change pipeline, the case's copy choice
made with phase's own prompts (its optional replacement, 614.12, then its copy-target choice).
What the copy is (its copiable values, 707.2; a copy of a copy, 707.3) is phase's own layer 1.

Not realised (unsupported, with the reason): exceptions (707.9), an ``of`` filter other than
"any creature on the battlefield", a chain of copy choices (copying a Clone that copies, 707.9e),
becoming a copy and token copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.engines.adapters.phase.wording import Sentence
from conformance.errors import Unsupported

CLONE_TEXT = "You may have this creature enter as a copy of any creature on the battlefield."
"""Clone's Oracle text (CR 707.5's example wording)."""


def enters_as_copy_sentence(oid: str, body: Mapping[str, Any], types: list[str]) -> Sentence:
    """The Oracle sentence of ``enters_as_copy`` and the replacement effect phase must read it as:
    an optional replacement of this object's move to the battlefield (614.1c, 614.12) making it
    a copy of a creature there (707.5)."""
    if body.get("exceptions"):
        raise Unsupported(f"object {oid!r}: a copy effect with exceptions (CR 707.9) is not realised by this adapter")
    flt = {k: v for k, v in (body.get("of") or {}).items() if v not in (None, False, [], ())}
    if flt not in ({"types": ["creature"]}, {"types": ["creature"], "zone": "battlefield"}):
        raise Unsupported(f"object {oid!r}: entering as a copy of {flt} (only 'any creature on the battlefield' "
                          "is worded here)")
    if "creature" not in types:
        raise Unsupported(f"object {oid!r}: 'this creature enter as a copy' on a noncreature card")
    return Sentence(CLONE_TEXT, {
        "event": "Moved", "destination_zone": "Battlefield", "valid_card": {"type": "SelfRef"},
        "mode": {"type": "Optional"},
        "execute": {"effect": {"type": "BecomeCopy", "target": {"type": "Typed", "type_filters": ["Creature"],
                                                                "controller": None, "properties": []}}},
    })


def copy_choice(case: Mapping[str, Any], body: Mapping[str, Any]) -> str | None:
    """The object a ``move`` step's ``choices`` says the moved object copies, or ``None`` for
    "copy nothing" (``copy: []``); raise Unsupported for any other choice."""
    choices = dict(body.get("choices") or {})
    copy = choices.pop("copy", None)
    if choices:
        raise Unsupported(f"a move with the choices {sorted(choices)} is not realised by this adapter")
    if body["to"] != "battlefield":
        raise Unsupported("a copy choice for a move to a zone other than the battlefield")
    card = case["objects"][body["object"]]["card"]
    if not any("enters_as_copy" in a for a in card.get("abilities", [])):
        raise Unsupported("a copy choice for an object without an enters_as_copy ability")
    if isinstance(copy, str):
        copy = [copy]
    copy = list(copy or [])
    if len(copy) > 1:
        raise Unsupported("a chain of copy choices (copying an object that may itself enter as a copy, CR 707.9e) is "
                          "not realised by this adapter")
    return copy[0] if copy else None
