"""Face-down permanents (CR 708) and morph (702.37): phase's own face-down status (what the plan
checks here; the game actions: :mod:`.face_down_steps`).

A permanent declared face down on the battlefield, or moved there face down by a ``move`` step,
is put there with phase's ``PlayFaceDown`` (its way of putting a card from the hand onto the
battlefield face down, with no cost and no stack, as an effect does): phase keeps the card's own
characteristics aside and makes it the 2/2 of 708.2a. The declared object entered so before the
case began (the format's reading). ``turn_face_up`` by morph is phase's ``TurnFaceUp`` special
action (702.37e, 116.2b), its morph cost paid from mana given to the controller for it: a
permanent phase says is not face down is left alone, as the special action cannot be taken.

``turn_face_down`` and ``turn_face_up`` by an effect are spells the first player casts, "Turn
target creature face down." and "Turn target face-down creature face up." (phase's
``TurnFaceDown`` and ``TurnFaceUp`` effects, checked): 708.2a, 708.2b, 708.8. ``turn_face_up`` by
morph of a permanent whose card has neither morph nor a mana cost is phase's special action
attempted, which phase refuses ("no morph cost"): nothing happens (702.37e).

Not realised (unsupported, with the reason): choices made as it is turned face up (708.11),
turning up by morph a permanent whose card has no morph but a mana cost (phase then turns it up
as a manifested creature card, 701.40), or one a copy effect has changed (whether it would have
morph face up, 702.37e, is the copy's), but for a lasting copy of a declared card with morph (its
morph cost face up is the copy's: that cost is paid), a target that is not a creature (or not face down) for
the spells, and cases observing mana pools with a morph cost paid.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.wording import Sentence
from conformance.errors import Unsupported

SYMBOLS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}


def morph_cost(card: Mapping[str, Any]) -> str | None:
    """The morph cost printed on a card (702.37a), or None."""
    return next((a["morph"] for a in card.get("abilities", ()) if "morph" in a), None)


def mana_paying(cost: str) -> list[str]:
    """The mana, in phase's colour names, that pays exactly ``cost`` ("{2}{B}{B}")."""
    symbols = re.findall(r"\{([^}]*)\}", cost)
    if "".join(f"{{{s}}}" for s in symbols) != cost or not symbols:
        raise Unsupported(f"the morph cost {cost!r} has symbols this adapter does not pay")
    out: list[str] = []
    for symbol in symbols:
        if symbol.isdigit():
            out += ["Colorless"] * int(symbol)
        elif symbol in SYMBOLS:
            out.append(SYMBOLS[symbol])
        else:
            raise Unsupported(f"the morph cost {cost!r} has symbols this adapter does not pay")
    return out


CREATURE = {"type": "Typed", "type_filters": ["Creature"], "controller": None, "properties": []}
TURN_FACE_DOWN = Sentence("Turn target creature face down.", {"type": "TurnFaceDown", "target": CREATURE})
"""A resolving effect turning a permanent face down (CR 708.2a, 708.2b), phase's ``TurnFaceDown``:
it makes the permanent the nameless 2/2 of 708.2a (an effect listing no characteristics; phase's
"manifest" profile), keeps its counters, and leaves a face-down one as it is."""
TURN_FACE_UP = Sentence("Turn target face-down creature face up.", {"type": "TurnFaceUp", "target": {
    **CREATURE, "properties": [{"type": "FaceDown"}]}})
"""A resolving effect turning a face-down permanent face up (CR 708.8), phase's ``TurnFaceUp``; phase
records no target for it and turns every face-down creature up, so it is cast only where its
target is the one face-down permanent (:func:`.face_down_steps.check_only_face_down`)."""


def check_turn_face_up(case: Mapping[str, Any], body: Mapping[str, Any]) -> Mapping[str, Any]:
    """What the plan allows of a ``turn_face_up`` step (see the module docstring)."""
    if any(v for v in (body.get("choices") or {}).values()):
        raise Unsupported("choices made as a permanent is turned face up (CR 708.11) are not realised by this adapter")
    if body.get("by", "effect") != "morph":
        return body  # CR 708.8: by an effect, TURN_FACE_UP (.plan)
    oid = body["object"]
    if any(kind == "become_copy" and step[kind].get("to") == oid for step in case["steps"] for kind in step):
        body = {**body, "morph_of": _copied_morph(case, body)}
    if any(kind == "expect" and any("mana" in values for values in (step[kind].get("players") or {}).values())
           for step in case["steps"] for kind in step):
        raise Unsupported("a morph cost paid in a case observing mana pools (the mana is given here to pay it)")
    return body


def _copied_morph(case: Mapping[str, Any], body: Mapping[str, Any]) -> str:
    """CR 702.37e, 707.2, 708.10: a face-down permanent that became a copy of X would be X face up,
    so the morph cost to pay is X's: X must be a declared object whose copiable values are its
    card's (no copy effect of its own), with morph, the copy effect lasting (until ended, not ended)
    up to this step, and only checkpoints after it (the mana given for it stays in the pool when
    phase does not take the action, .face_down_steps)."""
    oid, steps = body["object"], case["steps"]
    here = next(i for i, step in enumerate(steps) if step.get("turn_face_up") is body)
    copies = [(i, step["become_copy"]) for i, step in enumerate(steps[:here])
              if "become_copy" in step and step["become_copy"].get("to") == oid]
    if not copies or any(("become_copy" in step and step["become_copy"].get("to") == oid) for step in steps[here:]):
        raise Unsupported(f"turning {oid!r} face up by morph before it becomes a copy")
    at, copy = copies[-1]
    copied = case["objects"].get(copy.get("of"))
    between = steps[at + 1:here]
    if copied is None or copy.get("until") != "ended" or copy.get("exceptions") or copied.get("face_down") \
            or any(set(step) & {"end_effect", "end_turn", "together", "turn_face_down"} for step in between) \
            or any("enters_as_copy" in a or "static_copy" in a for a in copied["card"].get("abilities", ())) \
            or any("become_copy" in step and step["become_copy"].get("to") == copy["of"] for step in steps) \
            or morph_cost(copied["card"]) is None or any(set(step) != {"expect"} for step in steps[here + 1:]):
        raise Unsupported(f"turning {oid!r} face up by morph after it became a copy: its morph face up (CR 702.37e) "
                          "is the copy's, realised only for a lasting copy of a declared card with morph, with only "
                          "checkpoints after it")
    return copy["of"]


def check_face_down(oid: str, spec: Mapping[str, Any]) -> None:
    """A declared face-down object: on the battlefield (put there by its owner; another controller
    is then given as for any declared permanent, .board)."""
    if spec["zone"] != "battlefield":
        raise Unsupported(f"object {oid!r}: face down in the {spec['zone']} (only face-down permanents are realised)")
    if spec.get("choices"):
        raise Unsupported(f"object {oid!r}: face down with choices made as it entered")


def morph_keyword(oid: str, cost: str) -> dict[str, Any]:
    """How phase must read "Morph {2}{B}{B}" (CR 702.37a): its ``Morph`` keyword with that cost."""
    mana = mana_paying(cost)
    if "C" in re.findall(r"\{([^}]*)\}", cost):
        raise Unsupported(f"object {oid!r}: a morph cost with {{C}}")
    return {"Morph": {"type": "Cost", "shards": [m for m in mana if m != "Colorless"],
                      "generic": mana.count("Colorless")}}
