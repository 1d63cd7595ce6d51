"""Oracle text of targeting (issue 40): an activated ability dealing damage to targets (Cuombajj
Witches: "deals 1 damage to any target and 1 damage to any target of an opponent's choice", CR
115.4, 801.5a) and "can't be the target of spells or abilities [your opponents control]" (115.1).
Hexproof and shroud are keywords (702.11, 702.18), worded as every keyword is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.oracle.errors import NoOracleWording
from conformance.oracle.objects import describe
from conformance.oracle.words import capital

_WHOSE = {"each": "spells or abilities", "opponent": "spells or abilities your opponents control"}


def damage_targets(parts: list[Mapping[str, Any]], me: str) -> str:
    """"this creature deals 1 damage to any target and 1 damage to any target of an opponent's
    choice" (a clause: the activated ability's sentence ends it)."""
    words = [f"{p['amount']} damage to any target" + (" of an opponent's choice" if p.get("chosen_by") else "")
             for p in parts]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + (" and " if len(words) == 2 else ", and ") + words[-1]
    return f"{me} deals {listed}"


def cant_be_targeted(body: Mapping[str, Any], me: str = "this creature") -> str:
    """"This creature can't be the target of spells or abilities your opponents control.",
    "Creatures you control can't be the target of spells or abilities." (115.1)."""
    flt = dict(body["affects"])
    if flt.pop("itself", False):
        if any(v not in (None, False, [], ()) for k, v in flt.items() if k != "zone"):
            raise NoOracleWording("a filter of the object itself with other conditions")
        who = capital(me)
    else:
        who = describe(flt).all
    return f"{who} can't be the target of {_WHOSE[body.get('by', 'each')]}."


ABILITY_KINDS = {"cant_be_targeted": cant_be_targeted}
"""The ability kinds of this module and their renderers."""
