"""Redirection of damage (CR 614.9) from a resolving spell: "The next time a source of your choice
would deal damage to you this turn, that damage is dealt to target creature instead." (phase:
``CreateDamageReplacement`` of a ``ChosenDamageSource`` to its controller, redirected to the chosen
target), cast by the player the damage is redirected from, its source chosen in phase's
``DamageSourceChoice`` prompt as it resolves.

The format's step redirects all damage (or the next N) dealt to that player this turn; phase's
parser leaves every such wording unimplemented ("The next 3 damage that would be dealt to target
player this turn is dealt to target creature instead.", "All damage that would be dealt to you
this turn is dealt to target creature instead.", Captain's Maneuver's). The one wording it reads
redirects one event from one source, so it is used only where that is the same thing: after the
step the case deals damage to that player exactly once (no combat, no damage to each player, no
``together`` step with damage), from a permanent on the battlefield (dealt with its own ability,
.damage_sources, so it is the source phase offers), no more than the step's N; and the damage is
redirected to a creature, or to a planeswalker with "... to target creature or planeswalker instead."
(branch s31-dmgtail), and the damage dealt to a creature redirected to the effect's controller, "The
next time a source of your choice would deal damage to target creature this turn, that damage is
dealt to you instead."
(phase reads "... to target planeswalker instead." as no spell at all).

Whose effect it is (branch s32-redir): phase reads no wording redirecting to another player than
the effect's controller ("... that damage is dealt to target player instead." is no spell in its
reading), so the spell is cast by the player its "you" names, the player the damage is redirected
from or to, whoever controls the case's effect. Nothing else of the case looks at who controls a
redirection: it only chooses the source (614.9), here the case's (no range of influence, 801.13a).

A redirection that no later damage can meet (branch s32-redir): where nothing after the step may
deal damage to that player or object (no damage step to it or to each, no combat, no ``together``
step with damage, no ability printed or given in the case dealing damage, no later redirection
beside any later damage step), the case's "all damage" or "the next N" and phase's one event from
one source are the same (614.9: none is redirected), so the step is realised alike, its source
choice answered with any source phase offers (:data:`ANY_SOURCE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mtg_conformance_phase.wording import TARGET, Sentence
from conformance.errors import EngineGap, Unsupported

REDIRECT = Sentence("The next time a source of your choice would deal damage to you this turn, that damage is dealt to "
                    "target creature instead.",
                    {"type": "CreateDamageReplacement", "source_filter": {"type": "ChosenDamageSource"},
                     "target_filter": {"Player": {"player": {"type": "Controller"}}},
                     "redirect_to": {"type": "ChosenTarget"}, "redirect_object_filter": TARGET})


REDIRECT_WALKER = Sentence(REDIRECT.text.replace("target creature", "target creature or planeswalker"),
                          {**REDIRECT.expect, "redirect_object_filter": {"type": "Or", "filters": [
                              {**TARGET, "type_filters": ["Creature"]}, {**TARGET, "type_filters": ["Planeswalker"]}]}})
"""CR 120.3c, 614.9: the same redirection to a planeswalker ("... to target planeswalker instead." phase
reads as no spell at all)."""


REDIRECT_TO_YOU = Sentence("The next time a source of your choice would deal damage to target creature this turn, that "
                           "damage is dealt to you instead.",
                           {"type": "CreateDamageReplacement", "source_filter": {"type": "ChosenDamageSource"},
                            "redirect_to": {"type": "Controller"}, "recipient_object_filter": TARGET})
"""CR 614.9: the damage dealt to a creature redirected to the effect's controller (phase: the same
replacement with the creature as ``recipient_object_filter``'s target)."""


def redirection(case: Mapping[str, Any], body: Mapping[str, Any]) -> tuple[Sentence, str, str]:
    """The sentence realising the ``redirect_damage`` step ``body`` of ``case``, the source to
    choose as it resolves and the object its spell targets (CR 614.9); Unsupported where that is
    not the step's redirection."""
    player, controller, instead = body["to"], body.get("controller"), body["instead_to"]
    if controller != caster(case, body) and case.get("range_of_influence") is not None:
        raise Unsupported("a redirection by another player than the one its wording names, under a limited range of "
                          "influence (CR 801.13a: the effect's controller's range)")
    if player not in case["players"] and instead in case["players"] and player in case["objects"] \
            and "creature" in case["objects"][player]["card"].get("types", ()):
        kinds = {"you"}  # the damage dealt to a creature, redirected to a player, who casts it
    elif player not in case["players"]:
        raise Unsupported("a redirection of the damage dealt to an object to another than a player, or dealt to a "
                          "noncreature, has no wording phase reads (CR 614.9)")
    else:
        spec = case["objects"].get(instead)
        kinds = set(spec["card"].get("types", ())) & {"creature", "planeswalker"} if spec is not None else set()
    if body.get("until", "end_of_turn") != "end_of_turn" or any(
            step.get("end_effect") == body.get("id") for step in case["steps"] if body.get("id")):
        raise Unsupported("a redirection lasting other than this turn, or ended early, has no wording here")
    if not kinds:
        raise EngineGap("a redirection to a player or a permanent that is neither a creature nor a planeswalker: "
                          "phase reads only 'that damage is dealt to target creature [or planeswalker] instead' (CR "
                          "614.9)")
    at = next((i for i, step in enumerate(case["steps"]) if step.get("redirect_damage") is body), None)
    if at is None:
        raise Unsupported("a redirection inside a together step is not realised here")
    events, redirections, dealt = [], 0, 0
    for step in case["steps"][at + 1:]:
        (kind, later), = step.items()
        redirections += kind == "redirect_damage"
        dealt += kind == "damage"
        if kind == "combat" or (kind == "together" and "damage" in str(later)):
            raise Unsupported(f"a redirection followed by a {kind} step: phase's wording redirects one event from one "
                              "source, which only one later damage event to that player is sure to be (CR 614.9)")
        each = later.get("to_each_player") if player in case["players"] else later.get("to_each") is not None
        if kind == "damage" and (later.get("to") == player or each):  # "each creature ..." may name the creature
            events.append(later)
    if redirections and (dealt or _deals_damage(case)):  # a later one may send damage dealt to another here
        raise Unsupported("a redirection followed by a redirect_damage step: phase's wording redirects one event from "
                          "one source, which only one later damage event to that player is sure to be (CR 614.9)")
    if not events and not _deals_damage(case):  # CR 614.9: none to redirect, whatever its wording
        return (REDIRECT_TO_YOU if kinds == {"you"} else REDIRECT if "creature" in kinds else REDIRECT_WALKER,
                ANY_SOURCE, player if kinds == {"you"} else instead)
    if len(events) != 1 or events[0].get("to") != player:
        raise Unsupported(f"a redirection followed by {len(events)} damage events to {player}: phase's wording "
                          "redirects one event from one source (CR 614.9)")
    (event,) = events
    source = case["objects"].get(event["source"])
    if source is None or source["zone"] != "battlefield" or event.get("combat"):
        raise Unsupported("a redirection of the damage of a source that is not a permanent: phase offers only "
                          "permanents as the source to choose (CR 614.9)")
    if body.get("amount") is not None and event["amount"] > body["amount"]:
        raise Unsupported(f"a redirection of the next {body['amount']} damage of an event of {event['amount']}: "
                          "phase's wording redirects the whole event (CR 614.9)")
    if kinds == {"you"}:
        return REDIRECT_TO_YOU, event["source"], player
    return (REDIRECT if "creature" in kinds else REDIRECT_WALKER), event["source"], instead


def has_redirection(case: Mapping[str, Any]) -> bool:
    """Whether a step redirects damage: the damage then comes from its own source, the one chosen."""
    return any("redirect_damage" in step for step in case.get("steps", ()))


ANY_SOURCE = "<any source>"
"""The source a redirection that no later damage meets chooses: any phase offers (CR 614.9)."""


def caster(case: Mapping[str, Any], body: Mapping[str, Any]) -> str:
    """Who casts the spell of the ``redirect_damage`` step ``body``: the player its wording's "you"
    names, the player the damage is redirected from (``to``) or else to (``instead_to``)."""
    return body["to"] if body["to"] in case["players"] else body["instead_to"]


def _deals_damage(case: Mapping[str, Any]) -> bool:
    """Whether an ability of an object of ``case``, or one a step gives (``become``), deals damage (a
    ``damage`` effect, triggered or activated): its damage could meet a redirection the damage steps
    do not show."""
    def walk(value: Any) -> bool:
        if isinstance(value, Mapping):
            return "damage" in value or any(walk(v) for v in value.values())
        return isinstance(value, list) and any(walk(v) for v in value)

    return any(walk(spec["card"].get("abilities") or []) for spec in case["objects"].values()) or any(
        walk(body) for step in case["steps"] for kind, body in step.items() if kind not in ("damage", "expect"))
