"""Oracle text of what a spell says besides its one effect (issue 40; CR 700.2, 601.2b, 707.10):
its modes ("Choose one —", "An opponent chooses one —"), an additional cost ("As an additional cost
to cast this spell, sacrifice a creature."), damage equal to the sacrificed creature's power
(Fling), life for the colours of mana spent (Dawnglow Infusion)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

_NEW_KEYS = ("modes", "chooser", "sacrifice")


def extended(body: Mapping[str, Any]) -> bool:
    """Whether a ``spell`` ability says more than one plain effect (one of this module's wordings)."""
    gain = body.get("gain_life") or {}
    return any(key in body for key in _NEW_KEYS) or bool(gain.get("if_spent")) \
        or (body.get("damage") or {}).get("amount") == "sacrificed_power"


def _effect(part: Mapping[str, Any], sacrificed: str, plain: Callable[[Mapping[str, Any]], str]) -> str:
    """One effect: Fling's damage, Dawnglow Infusion's life, or the plain wording."""
    if (part.get("damage") or {}).get("amount") == "sacrificed_power":
        return f"This spell deals damage equal to the sacrificed {sacrificed}'s power to any target."
    gain = part.get("gain_life") or {}
    if gain.get("if_spent"):
        amount = gain["amount"]
        spent = [f"{amount} life if {{{color}}} was spent to cast {'this spell' if n == 0 else 'it'}"
                 for n, color in enumerate(gain["if_spent"])]
        return f"You gain {' and '.join(spent)}."
    return plain({key: value for key, value in part.items() if key not in _NEW_KEYS})


def spell(body: Mapping[str, Any], plain: Callable[[Mapping[str, Any]], str]) -> str:
    """A spell's text: its additional cost, then its modes (each a bullet) or its effect (700.2)."""
    sacrificed = body.get("sacrifice", "creature")
    lines = [f"As an additional cost to cast this spell, sacrifice a {sacrificed}."] if "sacrifice" in body else []
    if body.get("modes"):
        lines.append("An opponent chooses one —" if body.get("chooser") == "opponent" else "Choose one —")
        lines += [f"• {_effect(mode, sacrificed, plain)}" for mode in body["modes"]]
    else:
        lines.append(_effect(body, sacrificed, plain))
    return "\n".join(lines)
