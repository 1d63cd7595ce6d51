"""Auras and Equipment in Oracle words (issue 40): "Enchant creature" (CR 702.5a), and the objects a
filter's ``attached`` names: "enchanted creature" on an Aura (303.4b), "equipped creature" on an
Equipment (301.5a). Whether the object is an Aura or an Equipment is read from ``me``, how its own
text names it ("this Aura", "this enchantment"; "this Equipment", "this artifact")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.oracle.errors import NoOracleWording
from conformance.oracle.objects import Objects, describe

_ENCHANTED = ("this Aura", "this enchantment")
_EQUIPPED = ("this Equipment", "this artifact")


def attached_objects(flt: Mapping[str, Any], me: str) -> Objects:
    """"enchanted creature", "enchanted Equipment", "enchanted permanent", "equipped creature": one
    object, named the same in the singular and the plural (a static ability's verb is singular)."""
    rest = {k: v for k, v in flt.items() if k not in ("attached", "zone") and v not in (None, False, [], ())}
    if me in _ENCHANTED:
        adjective = "enchanted"
    elif me in _EQUIPPED:
        adjective = "equipped"
    else:
        raise NoOracleWording(f"'enchanted' or 'equipped' on {me!r}", "an Aura or an Equipment")
    if adjective == "equipped" and rest:
        raise NoOracleWording(f"an equipped creature with conditions {rest}")
    noun = "creature" if adjective == "equipped" else _noun(rest)
    words = f"{adjective} {noun}"
    return Objects(words, words, controlled=True)


def _noun(rest: Mapping[str, Any]) -> str:
    if set(rest) == {"subtypes"} and len(rest["subtypes"]) == 1:
        return rest["subtypes"][0]  # "enchanted Equipment"
    return describe(rest).one if rest else "permanent"


def enchant(body: Mapping[str, Any], me: str = "this Aura") -> str:
    """"Enchant creature", "Enchant permanent", "Enchant Equipment", "Enchant creature you control" (702.5a)."""
    what = {k: v for k, v in body.items() if k != "zone" and v not in (None, False, [], ())}
    if body.get("zone", "battlefield") != "battlefield":
        raise NoOracleWording("an enchant ability off the battlefield")
    return f"Enchant {_noun(what)}"


ABILITY_KINDS = {"enchant": enchant}
"""The ability kinds of this part and their renderers."""


def _attachment_words(case: Mapping[str, Any], ref: str) -> str:
    """"target Equipment" or "target Aura": what an attach effect names (by the card's subtypes)."""
    subtypes = ((case.get("objects", {}).get(ref) or {}).get("card") or {}).get("subtypes") or ()
    for kind in ("Equipment", "Aura"):
        if kind in subtypes:
            return f"target {kind}"
    raise NoOracleWording(f"attaching {ref!r}, neither an Aura nor an Equipment card")


def attach(body: Mapping[str, Any], case: Mapping[str, Any], to: str | None) -> str:
    """"Attach target Equipment to target creature." (CR 701.3a; an equip ability's effect, 702.6a)."""
    return f"Attach {_attachment_words(case, body['object'])} to {to or 'target permanent'}."


def unattach(body: Mapping[str, Any], case: Mapping[str, Any], to: str | None = None) -> str:
    """"Unattach target Equipment." (CR 701.3d)."""
    return f"Unattach {_attachment_words(case, body['object'])}."


EFFECT_KINDS = {"attach": attach, "unattach": unattach}
"""The step kinds of this part and their renderers (given the case, and the words for ``to``)."""
