"""Steps an engine realises as a spell or an ability resolving, in Oracle text (CR 608.2): one
public function a step kind, each taking the step's plain body and the words for what it names
(``who``: "target creature", "it", ...; ``player``: "target player"; ``source``: the damage
source's name, as a spell's own text names it, "Shock deals 2 damage ..."), returning the spell's
text. :func:`effect_text` dispatches on the step's key (:data:`EFFECT_KINDS`) and finds those
words in a case; steps that are not effects (:data:`NOT_EFFECTS`) raise :class:`NoOracleWording`.

A ``to_each`` filter is worded relative to the effect's controller (CR 109.5): pass it through
:func:`.objects.relative` first, or give :func:`effect_text` the case.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from conformance.oracle.changes import clauses
from conformance.oracle import prevention
from conformance.oracle.copies import copy_exceptions
from conformance.oracle import attachments
from conformance.oracle.errors import NoOracleWording
from conformance.oracle.objects import Objects, describe, relative
from conformance.oracle.tokens import create_token
from conformance.oracle.triggers import duration
from conformance.oracle.words import capital, colors, counters, mana, pt_change, sentence

NOT_EFFECTS = ("move", "end_turn", "expect", "combat", "activate", "trigger", "resolve_triggers", "activate_mana",
               "turn_face_up", "turn_face_down", "end_effect", "together", "cast", "beginning_of_step",
               "leave_game", "begin_turn")
"""Step kinds that are not a spell's or ability's effect: zone changes, turns, checkpoints,
combat, activations (the ability is worded, :mod:`.abilities`), special actions (702.37e),
casting a spell (its ``spell`` ability is worded, 601.2), a player conceding (104.3a) and a turn
beginning (issue 40)."""


def _each(body: Mapping[str, Any]) -> Objects | None:
    return describe(body["to_each"]) if body.get("to_each") is not None else None


def modify_pt(body: Mapping[str, Any], who: str = "target creature") -> str:
    """"Target creature gets +3/+3 until end of turn." (CR 613.4c); ``to_each``: "Creatures you
    control get +1/+1 until end of turn." (Glorious Anthem's effect on a locked set, 611.2c)."""
    p, t = body.get("power", 0) or 0, body.get("toughness", 0) or 0
    each = _each(body)
    if each is not None:
        return f"{each.all} get {pt_change(p, t)}{duration(body.get('until', 'end_of_turn'))}."
    return f"{capital(who)} gets {pt_change(p, t)}{duration(body.get('until', 'end_of_turn'))}."


def set_pt(body: Mapping[str, Any], who: str = "target creature") -> str:
    """"Target creature has base power and toughness 0/1 until end of turn." (CR 613.4b)."""
    (clause,) = clauses({"power": body.get("power"), "toughness": body.get("toughness")})
    each = _each(body)
    if each is not None:
        return f"{each.all} {clause.many}{duration(body.get('until', 'end_of_turn'))}."
    return f"{capital(who)} {clause.one}{duration(body.get('until', 'end_of_turn'))}."


def switch_pt(body: Mapping[str, Any], who: str = "target creature") -> str:
    """"Switch target creature's power and toughness until end of turn." (CR 613.4d, 701.x)."""
    each = _each(body)
    whose = f"the power and toughness of {each.each}" if each else f"{who}'s power and toughness"
    return f"Switch {whose}{duration(body.get('until', 'end_of_turn'))}."


def double_pt(body: Mapping[str, Any], who: str = "target creature", *, verb: str = "Double") -> str:
    """"Double target creature's power until end of turn." (CR 701.10b-c); triple_pt: "Triple
    ..." (701.11)."""
    words = {"power": "power", "toughness": "toughness", "both": "power and toughness"}[body["which"]]
    each = _each(body)
    what = f"the {words} of {each.each}" if each else f"{who}'s {words}"
    return f"{verb} {what}{duration(body.get('until', 'end_of_turn'))}."


def triple_pt(body: Mapping[str, Any], who: str = "target creature") -> str:
    """"Triple target creature's power until end of turn." (CR 701.11)."""
    return double_pt(body, who, verb="Triple")


def put_counters(body: Mapping[str, Any], who: str = "target permanent") -> str:
    """"Put three +1/+1 counters on target permanent." (CR 122.1)."""
    return f"Put {counters(body['kind'], body['count'])} on {who}."


def destroy(body: Mapping[str, Any], who: str = "target permanent") -> str:
    """"Destroy target creature." (CR 701.8a); "It can't be regenerated." (614.8, issue 40)."""
    return f"Destroy {who}." + (" It can't be regenerated." if body.get("cant_be_regenerated") else "")


def regenerate(body: Mapping[str, Any], who: str = "target permanent") -> str:
    """"Regenerate target creature." (CR 701.19a, issue 40)."""
    return f"Regenerate {who}."


def remove_counters(body: Mapping[str, Any], who: str = "target permanent") -> str:
    """"Remove a +1/+1 counter from target permanent." (CR 122.1)."""
    return f"Remove {counters(body['kind'], body['count'])} from {who}."


def double_counters(body: Mapping[str, Any], who: str = "target permanent", player: str = "target player") -> str:
    """"Double the number of +1/+1 counters on target permanent." (CR 701.10e); on a player:
    "Double the number of poison counters target player has."."""
    if body.get("player") is not None:
        return f"Double the number of {body['kind']} counters {player} has."
    return f"Double the number of {body['kind']} counters on {who}."


def damage(body: Mapping[str, Any], who: str = "target creature", source: str = "this spell",
           player: str = "target player") -> str:
    """"Shock deals 2 damage to target creature." (CR 120.3); ``to_each``: "... to each creature
    you control."; ``to_each_player``: "... to each player."; ``cant_be_prevented``: "This damage
    can't be prevented." (615.12). Combat damage (510) is no spell's."""
    if body.get("combat"):
        raise NoOracleWording("combat damage", "it is dealt in the combat damage step, not by a spell")
    each = _each(body)
    if each is not None:
        to = each.each
    elif body.get("to_each_player"):
        to = "each player"
    else:
        to = who
    if body.get("cant_be_redirected"):
        raise NoOracleWording("damage that can't be redirected", "no card says it")
    text = f"{capital(source)} deals {body['amount']} damage to {to}."
    return text + " This damage can't be prevented." if body.get("cant_be_prevented") else text


def gain_life(body: Mapping[str, Any], player: str = "target player") -> str:
    """"Target player gains 3 life." / "You gain 3 life." (CR 119.3)."""
    return f"{capital(player)} {'gain' if player == 'you' else 'gains'} {body['amount']} life."


def lose_life(body: Mapping[str, Any], player: str = "target player") -> str:
    """"Target player loses 2 life." (CR 119.3)."""
    return f"{capital(player)} {'lose' if player == 'you' else 'loses'} {body['amount']} life."


def double_life(body: Mapping[str, Any], player: str = "target player") -> str:
    """"Double target player's life total." (CR 701.10d; Beacon of Immortality)."""
    whose = "your" if player == "you" else f"{player}'s"
    return f"Double {whose} life total."


def add_mana(body: Mapping[str, Any]) -> str:
    """"Add {G}{G}." (CR 106.1, 605.1a)."""
    return f"Add {mana(body['mana'])}."


def double_mana(body: Mapping[str, Any]) -> str:
    """"Double the amount of green mana you have." (CR 701.10f; of one type)."""
    kind = "colorless" if body["type"] == "C" else colors([body["type"]])
    return f"Double the amount of {kind} mana you have."


def put_player_counters(body: Mapping[str, Any], player: str = "target player") -> str:
    """"Target player gets two poison counters." (CR 122.1)."""
    return f"{capital(player)} {'get' if player == 'you' else 'gets'} {counters(body['kind'], body['count'])}."


def remove_player_counters(body: Mapping[str, Any], player: str = "target player") -> str:
    """"Remove two poison counters from target player." (CR 122.1)."""
    return f"Remove {counters(body['kind'], body['count'])} from {'yourself' if player == 'you' else player}."


def become(body: Mapping[str, Any], who: str = "target permanent",
           render: Callable[[Mapping[str, Any]], str] | None = None) -> str:
    """"Target permanent becomes red until end of turn." (CR 613.1d-f), a sentence a part, later
    ones "It ..."; ``to_each``: "All creatures become red until end of turn." (611.2c);
    ``gain_control``: "Gain control of target permanent until end of turn." (613.1b)."""
    until = duration(body.get("until", "end_of_turn"))
    change = {k: v for k, v in body.items() if k not in ("id", "to", "to_each", "controller", "until")}
    each = _each(body)
    out = []
    if change.get("gain_control"):
        if each is not None:
            raise NoOracleWording("gaining control of each object a filter matches")
        out.append(f"Gain control of {who}{until}.")
    for clause in clauses(change, render):
        if each is not None:
            if clause.many is None:
                raise NoOracleWording(f"'{clause.one}' said of several objects")
            out.append(f"{each.all} {clause.many}{until}.")
        else:
            out.append(f"{capital(who) if not out else 'It'} {clause.one}{until}.")
    return " ".join(out)


def become_copy(body: Mapping[str, Any], who: str = "target creature", of: str = "another target creature") -> str:
    """"Target creature becomes a copy of another target creature until end of turn[, except ...]."
    (CR 707.4, 707.9)."""
    until = duration(body.get("until", "end_of_turn"))
    return sentence(f"{capital(who)} becomes a copy of {of}{until}{copy_exceptions(body.get('exceptions'))}")


def prevent_damage(body: Mapping[str, Any], who: str = "target creature", source: str = "this spell") -> str:
    """A prevention shield (CR 615.7): "Prevent the next 3 damage that would be dealt to target
    creature this turn.", "Prevent all combat damage that would be dealt to each creature you
    control this turn." (615.11), by a source: "... that red sources would deal to ..."; with an
    additional effect through ``source`` (615.5, :func:`.prevention.shield_extra`)."""
    if body.get("then"):
        return _prevent_damage(body, who) + prevention.shield_extra(body, source)
    return _prevent_damage(body, who)


def _prevent_damage(body: Mapping[str, Any], who: str) -> str:
    each = _each(body)
    to = each.each if each else who
    amount = "all" if body.get("amount") is None else f"the next {body['amount']}"
    kind = "combat damage" if body.get("combat") else "damage"
    when = {"end_of_turn": " this turn", "ended": ""}.get(body.get("until", "end_of_turn"))
    if when is None:
        raise NoOracleWording(f"the duration {body.get('until')!r}")
    if body.get("by") is not None:
        return f"Prevent {amount} {kind} that {describe(body['by']).many} would deal to {to}{when}."
    return f"Prevent {amount} {kind} that would be dealt to {to}{when}."


def redirect_damage(body: Mapping[str, Any], who: str = "target player", instead: str = "target creature") -> str:
    """A redirection (CR 614.9): "The next 3 damage that would be dealt to you this turn is dealt
    to target creature instead."."""
    amount = "All damage" if body.get("amount") is None else f"The next {body['amount']} damage"
    when = {"end_of_turn": " this turn", "ended": ""}.get(body.get("until", "end_of_turn"))
    if when is None:
        raise NoOracleWording(f"the duration {body.get('until')!r}")
    return f"{amount} that would be dealt to {who}{when} is dealt to {instead} instead."


def create_emblem(body: Mapping[str, Any], render: Callable[[Mapping[str, Any]], str] | None = None) -> str:
    """'You get an emblem with "Creatures you control get +1/+1."' (CR 114.2): the player who gets
    it is the effect's controller; its abilities quoted as ``render`` words them."""
    if render is None:
        raise NoOracleWording("an emblem's abilities", "give a render for them")
    return "You get an emblem with " + " and ".join(f'"{render(a)}"' for a in body["abilities"])


def transform(body: Mapping[str, Any], who: str = "target creature") -> str:
    """"Transform target creature." (CR 701.27a; Moonmist's "Transform all Humans" is its each-form)."""
    return f"Transform {who}."


def flip(body: Mapping[str, Any], who: str = "target creature") -> str:
    """"Flip target creature." (CR 710.1a): a flip card's own ability says "flip [this creature]";
    the target words follow the other effects'."""
    return f"Flip {who}."


EFFECT_KINDS: dict[str, Callable[..., str]] = {
    "modify_pt": modify_pt, "set_pt": set_pt, "switch_pt": switch_pt, "double_pt": double_pt, "triple_pt": triple_pt,
    "put_counters": put_counters, "remove_counters": remove_counters, "double_counters": double_counters,
    "damage": damage, "gain_life": gain_life, "lose_life": lose_life, "double_life": double_life,
    "add_mana": add_mana, "double_mana": double_mana, "put_player_counters": put_player_counters,
    "remove_player_counters": remove_player_counters, "create_token": create_token, "become": become,
    "become_copy": become_copy, "prevent_damage": prevent_damage, "redirect_damage": redirect_damage,
    "create_emblem": create_emblem,  # 114.2 (issue 41)
    **attachments.EFFECT_KINDS,  # 701.3 (issue 40)
    "destroy": destroy, "regenerate": regenerate,  # 701.8a, 701.19a (issue 40)
    "transform": transform, "flip": flip,  # 701.27a, 710.1a (issue 40)
}
"""Every step kind an engine realises as a spell's or ability's effect, and its renderer."""

PLAYER_KEYS = {"gain_life", "lose_life", "double_life", "put_player_counters", "remove_player_counters"}


def target_words(case: Mapping[str, Any], ref: str, *, controller: str | None = None) -> str | None:
    """How a spell names ``ref``, a player or an object of ``case``: "you" (the spell's
    controller), "target player", "target creature", "target planeswalker", "target permanent"."""
    if ref in case.get("players", {}):
        return "you" if ref == controller else "target player"
    if ref not in case.get("objects", {}):
        return None
    card = case["objects"][ref].get("card") or {}
    types = card.get("types", ())
    for noun in ("creature", "planeswalker"):
        if noun in types:
            return f"target {noun}"
    return "target permanent"


def effect_text(step: Mapping[str, Any], case: Mapping[str, Any] | None = None, *,
                render: Callable[[Mapping[str, Any]], str] | None = None) -> str:
    """The Oracle text of a spell doing one step (``{modify_pt: {to: bear, power: 1}}``) of
    ``case`` (its plain mapping: players and objects name the targets and the damage source)."""
    (kind, body), = step.items()
    if kind in NOT_EFFECTS or kind not in EFFECT_KINDS:
        raise NoOracleWording(f"the step kind {kind!r}", "not a spell's or ability's effect")
    case = case or {}
    players = tuple(case.get("players", {}))
    controller = body.get("controller") or (players[0] if players else None)
    body = dict(body)
    if body.get("to_each") is not None:
        body["to_each"] = relative(body["to_each"], you=controller, players=players)
    if body.get("by") is not None and kind == "prevent_damage":
        body["by"] = relative(body["by"], you=controller, players=players)
    fn = EFFECT_KINDS[kind]
    if kind in PLAYER_KEYS or (kind == "double_counters" and body.get("player")):
        words = "you" if body["player"] == controller else "target player"
        return fn(body, player=words) if kind != "double_counters" else fn(body, player=words)
    if kind in ("add_mana", "double_mana"):
        return fn(body)
    if kind == "create_emblem":  # 114.2: the effect's controller gets it
        return fn(body, render=render)
    if kind in attachments.EFFECT_KINDS:  # 701.3 (issue 40)
        return fn(body, case, target_words(case, body["to"], controller=controller) if "to" in body else None)
    ref = body.get("to") or body.get("object") or body.get("copy_of")
    who = target_words(case, ref, controller=controller) if ref else None
    if kind in ("become", "create_token"):
        return fn(body, **({"who": who} if who else {}), render=render)
    if who is None:
        return fn(body)
    if kind == "damage":
        spec = case.get("objects", {}).get(body["source"]) or {}
        source = (spec.get("card") or {}).get("name") or "this spell"
        return fn(body, who=who, source=source)
    if kind == "become_copy":
        of = target_words(case, body["of"]) or "another target creature"
        return fn(body, who=who, of=of.replace("target", "another target") if of == who else of)
    if kind == "prevent_damage" and body.get("source"):  # 615.5: its additional effect's object (issue 41)
        spec = case.get("objects", {}).get(body["source"]) or {}
        name = (spec.get("card") or {}).get("name")
        return fn(body, who=who, source=name or ("this spell" if spec.get("zone") == "stack" else "this permanent"))
    if kind == "redirect_damage":
        instead = target_words(case, body["instead_to"], controller=controller) or "target creature"
        if instead == who:
            instead = instead.replace("target", "another target")
        return fn(body, who=who, instead=instead)
    return fn(body, who=who)
