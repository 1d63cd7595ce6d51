"""Oracle text of the prevention variants (issue 41, item 2): "damage that would be dealt to you"
(CR 615.1, Urza's Armor), the additional effects that gain life or deal damage (615.5, Reverse
Damage, Deflecting Palm), "can't be prevented" as a static ability (615.12, Leyline of
Punishment, Questing Beast) and a static redirection (614.9, Palisade Giant)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.oracle.errors import NoOracleWording
from conformance.oracle.objects import describe

_PLAYERS = {"you": "you", "opponent": "an opponent", "any": "a player"}
_ALL_PLAYERS = {"you": "you", "opponent": "your opponents", "any": "players"}


def whom(to: Mapping[str, Any] | None, to_player: str | None, *, many: bool) -> str:
    """The recipients a prevention covers: "you", "you and creatures you control", "a creature you
    control or you" (615.1)."""
    players = (_ALL_PLAYERS if many else _PLAYERS)[to_player] if to_player else None
    permanents = (describe(to).many if many else describe(to).a) if to else None
    return (" and " if many else " or ").join(w for w in (players, permanents) if w)


def extra(then: Mapping[str, Any], me: str) -> str | None:
    """The sentence of a life or damage additional effect (615.5), or None for counters."""
    if not (then.get("gain_life") or then.get("deal_damage")):
        return None
    if then.get("for_each", "prevented") != "prevented":
        raise NoOracleWording("life or damage equal to the damage the effect applied to",
                              "cards count the damage prevented this way")
    if then.get("gain_life"):
        return "You gain life equal to the damage prevented this way."
    if then["deal_damage"] != "source_controller":
        raise NoOracleWording(f"damage dealt to {then['deal_damage']!r} by a prevention's additional effect",
                              "cards deal it to that source's controller")
    return f"If damage is prevented this way, {me} deals that much damage to that source's controller."


def damage_cant_be_prevented(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Leyline of Punishment's "Damage can't be prevented.", Questing Beast's "Combat damage that
    would be dealt by creatures you control can't be prevented.", a creature's own "Combat damage
    that would be dealt by this creature can't be prevented." (615.12)."""
    kind = "Combat damage" if body.get("combat") else "Damage"
    by = body.get("by")
    if not by:
        return f"{kind} can't be prevented."
    sources = me if by.get("itself") else describe(by).many
    return f"{kind} that would be dealt by {sources} can't be prevented."


def redirect_damage(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Palisade Giant: "All damage that would be dealt to you and other permanents you control is
    dealt to this creature instead." (614.9)."""
    to = body.get("to")
    permanents = f"other {describe(to).many}" if to else None
    players = _ALL_PLAYERS[body["to_player"]] if body.get("to_player") else None
    recipients = " and ".join(w for w in (players, permanents) if w)
    return f"All damage that would be dealt to {recipients} is dealt to {me} instead."


def shield_extra(body: Mapping[str, Any], source: str) -> str:
    """The additional effect of a resolving prevention (615.5), through its ``source``: Reverse
    Damage's gain, Deflecting Palm's damage, or counters put on (removed from) the source."""
    then = body["then"]
    sentence = extra(then, source)
    if sentence is not None:
        return " " + sentence
    if then.get("for_each", "prevented") != "prevented":
        raise NoOracleWording("counters for the damage a prevention applied to, from a resolving spell")
    kind, verb, where = ((then["put_counters"], "Put", "on") if then.get("put_counters")
                         else (then["remove_counters"], "Remove", "from"))
    return f" {verb} a {kind} counter {where} {source} for each 1 damage prevented this way."


ABILITY_KINDS = {"damage_cant_be_prevented": damage_cant_be_prevented, "redirect_damage": redirect_damage}
"""The abilities of this part and their renderers (merged into abilities.ABILITY_KINDS)."""
