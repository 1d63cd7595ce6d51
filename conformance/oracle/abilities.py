"""Abilities (CR 113) in Oracle text: one public function a kind, each taking the ability's plain
body (as a case file writes it) and ``me``, the words the object's own text names it by (CR
201.5: "this creature", or a legendary card's name, :func:`.words.self_reference`), and
returning its text. :func:`ability_text` dispatches on the ability's key (:data:`ABILITY_KINDS`).

Filters are read relative to the ability's controller, "you" (CR 109.5). Real cards' wordings
where the golden cases model real cards: Doubling Season, Hardened Scales, Corpsejack Menace,
Vorinclex, Parallel Lives, Primal Vigor, Furnace of Rath, Fiery Emancipation, Torbran, Boon
Reflection, Bloodletter of Aclazotz, Mana Reflection, Nyxbloom Ancient, Platinum Angel, Clone,
Urza's Armor, Phyrexian Hydra, Protean Hydra, Aquamorph Entity, Elvish Archdruid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from conformance.oracle.changes import clauses, predicates
from conformance.oracle import attachments, prevention, spell_copies
from conformance.oracle import targets as target_words
from conformance.oracle.copies import copy_exceptions
from conformance.oracle.errors import NoOracleWording
from conformance.oracle.objects import Objects, describe, quantity
from conformance.oracle.words import capital, colors, counters, keyword as keyword_word, mana, number_word, pt_change
from conformance.oracle.words import sentence

# --- characteristics: P/T, keywords, colours (604.3, 613.4, 702) ---------------------------------


def affected(flt: Mapping[str, Any], me: str) -> Objects:
    """The objects a static ability's ``affects`` names; ``itself`` is the object (``me``)."""
    flt = dict(flt)
    if flt.get("attached"):  # "enchanted creature", "equipped creature" (issue 40)
        return attachments.attached_objects(flt, me)
    if flt.pop("itself", False):
        if any(v not in (None, False, [], ()) for k, v in flt.items() if k != "zone"):
            raise NoOracleWording("a filter of the object itself with other conditions")
        return Objects(me, me, controlled=True)
    return describe(flt)


def keyword(body: str, me: str = "this creature") -> str:
    """A keyword ability (CR 702): "Flying", "First strike", "Changeling" (702.73a)."""
    return keyword_word(body)


def protection(body: str, me: str = "this creature") -> str:
    """"Protection from red", "Protection from creatures", "Protection from everything" (702.16a, 702.16j),
    Voice of All's "protection from the chosen color" (614.12)."""
    return "Protection from the chosen color" if body == "chosen_color" else f"Protection from {body}"


def morph(body: str, me: str = "this creature") -> str:
    """"Morph {2}{U}" (CR 702.37a)."""
    return f"Morph {body}"


def text(body: str, me: str = "this creature") -> str:
    """An ability given as its rules text: that text."""
    return body


def static_pt(body: Mapping[str, Any], me: str = "this creature") -> str:
    """A static ability on P/T (CR 604.2, 613.4b-d): "Creatures you control get +0/+2.", "Other
    Elf creatures you control get +1/+1." (Elvish Archdruid), "All creatures have base power and
    toughness 1/1.", "Creatures you control have their power and toughness switched."."""
    who = affected(body["affects"], me)
    verb_s = who.one == me or who.one == who.many  # one object ("this creature", "equipped creature"): "gets", "has"
    subject = capital(who.one) if verb_s else capital(who.all)
    p, t = body.get("power"), body.get("toughness")
    effect = body["effect"]
    if effect == "modify_pt":
        if all(isinstance(v, int) or v is None for v in (p, t)):
            return f"{subject} {'gets' if verb_s else 'get'} {pt_change(p or 0, t or 0)}."
        if p == t and isinstance(p, Mapping) and "negative" in p:  # the printed minus (107.1b)
            return f"{subject} {'gets' if verb_s else 'get'} -X/-X, where X is {quantity(p['negative'], self_name=me)}."
        if p == t:
            return f"{subject} {'gets' if verb_s else 'get'} +X/+X, where X is {quantity(p, self_name=me)}."
        raise NoOracleWording("a static P/T change by two different expressions")
    if effect == "set_pt":
        (clause,) = clauses({"power": p, "toughness": t})
        return f"{subject} {clause.one if verb_s else clause.static}."
    if effect == "switch_pt":
        return f"{subject} {'has its' if verb_s else 'have their'} power and toughness switched."
    raise NoOracleWording(f"a static P/T ability {effect!r}")


def cda_pt(body: Mapping[str, Any], me: str = "this creature") -> str:
    """A characteristic-defining ability (CR 604.3, 208.2a): "This creature's power and toughness
    are each equal to the number of creatures you control." (Tarmogoyf: "... power is equal to
    the number of card types among cards in all graveyards and its toughness is equal to that
    number plus 1.")."""
    p, t = body.get("power"), body.get("toughness")
    own = f"{capital(me)}'s"
    if p is not None and p == t:
        return f"{own} power and toughness are each equal to {quantity(p, self_name=me)}."
    parts = [f"{key} is equal to {quantity(v, self_name=me)}" for key, v in (("power", p), ("toughness", t))
             if v is not None]
    if not parts:
        raise NoOracleWording("a characteristic-defining ability defining nothing")
    return f"{own} " + " and its ".join(parts) + "."


def cda_colors(body: list[str], me: str = "this creature") -> str:
    """"This creature is all colors." (CR 604.3, 105.2; Transguild Courier), "... is blue."."""
    words = "all colors" if set(body) == set("WUBRG") else colors(body)
    return f"{capital(me)} is {words}."


def static(body: Mapping[str, Any], me: str = "this creature") -> str:
    """A static ability's "becomes" (CR 604.2, 613.1d-f): "All creatures are black.", "Creatures
    you control are Elves.", "Creatures you control have flying."; several parts are one sentence,
    one effect (613.6): "All creatures lose all abilities and have base power and toughness 1/1."."""
    change = body["becomes"]
    if change.get("gain_control"):
        raise NoOracleWording("a static ability changing control")
    who = affected(body["affects"], me)
    one = who.one == me or who.one == who.many  # one object: "is", "has"
    out = []
    granted_to = "this Equipment" if who.one.endswith("Equipment") else "this creature"  # Rune of Flight (issue 40)
    for clause in clauses(change, lambda a: ability_text(a, me=granted_to)):
        predicate = clause.one.replace("becomes", "is", 1) if one else clause.static
        if one and who.one != me and predicate.startswith("gains "):  # "Equipped creature has flying." (issue 40)
            predicate = "has " + predicate[len("gains "):]
        if predicate is None:
            raise NoOracleWording(f"'{clause.one}' said of several objects")
        out.append(predicate)
    return f"{capital(who.all) if not one else capital(who.one)} {predicates(out)}."


def block_additional(body: int, me: str = "this creature") -> str:
    """"This creature can block an additional creature each combat." (CR 509.1a)."""
    what = "an additional creature" if body == 1 else f"an additional {number_word(body)} creatures"
    return f"{capital(me)} can block {what} each combat."


# --- replacement and prevention effects (614, 615) ---------------------------------------------


def _permanents(on: Mapping[str, Any] | None) -> Objects:
    return describe(on) if on else Objects("permanent", "permanents")


def counter_replacement(body: Mapping[str, Any], me: str = "this creature") -> str:
    """A counter replacement (CR 614.1a, 614.16): Doubling Season ("If an effect would put one or
    more counters on a permanent you control, it puts twice that many of those counters on that
    permanent instead."), Hardened Scales, Corpsejack Menace, Winding Constrictor ("that many plus one
    of each of those kinds of counters"), Vorinclex, Monstrous Raider."""
    mode, amount, kind = body.get("mode", "double"), body.get("amount", 1), body.get("kind")
    effects_only = body.get("effects_only", True)
    if body.get("by_you") or body.get("by_opponent"):
        who, they = ("you", "put") if body.get("by_you") else ("an opponent", "they put")
        if body.get("on") is not None or kind is not None:
            raise NoOracleWording("an 'if you would put' counter replacement of some counters or permanents")
        how = {"double": "twice that many", "half": "half that many",
               "plus": f"that many plus {number_word(amount)}"}.get(mode)
        if how is None:
            raise NoOracleWording(f"a Vorinclex-like counter replacement {mode!r}")
        start = "put" if body.get("by_you") else "they put"
        del they
        rounded = ", rounded down" if mode == "half" else ""
        return (f"If {who} would put one or more counters on a permanent or player, {start} {how} of each of those "
                f"kinds of counters on that permanent or player instead{rounded}.")
    where = _permanents(body.get("on")).a
    if mode == "half":
        raise NoOracleWording("a counter replacement halving counters not put by an opponent")
    if kind is None:
        if mode == "plus":  # Winding Constrictor's, with "an effect" for effects only (614.16)
            more = f"that many plus {number_word(amount)} of each of those kinds of counters"
            if effects_only:
                return (f"If an effect would put one or more counters on {where}, it puts {more} on that permanent "
                        "instead.")
            return f"If one or more counters would be put on {where}, {more} are put on that permanent instead."
        if effects_only:
            return (f"If an effect would put one or more counters on {where}, it puts twice that many of those "
                    "counters on that permanent instead.")
        return (f"If one or more counters would be put on {where}, twice that many of each of those kinds of "
                "counters are put on it instead.")
    how = "twice that many" if mode == "double" else f"that many plus {number_word(amount)}"
    if effects_only:
        return (f"If an effect would put one or more {kind} counters on {where}, it puts {how} {kind} counters "
                "on that permanent instead.")
    return f"If one or more {kind} counters would be put on {where}, {how} {kind} counters are put on it instead."


def token_replacement(body: Mapping[str, Any], me: str = "this creature") -> str:
    """A token replacement (CR 614.1a): Parallel Lives ("If an effect would create one or more
    tokens under your control, it creates twice that many of those tokens instead."), Primal
    Vigor ("If one or more tokens would be created, twice that many of those tokens are created
    instead.")."""
    mode, amount, under = body.get("mode", "double"), body.get("amount", 1), body.get("under", "you")
    how = "twice that many" if mode == "double" else f"that many plus {number_word(amount)}"
    if under == "you":
        return f"If an effect would create one or more tokens under your control, it creates {how} of those tokens instead."
    if under == "any":
        return f"If one or more tokens would be created, {how} of those tokens are created instead."
    raise NoOracleWording(f"a token replacement under {under!r}")


def enters_with_counters(body: Mapping[str, int], me: str = "this creature") -> str:
    """"This creature enters with three +1/+1 counters on it." (CR 614.1c, 122.6)."""
    parts = [counters(kind, n) for kind, n in body.items() if n]
    if not parts:
        raise NoOracleWording("entering with no counters")
    return f"{capital(me)} enters with {' and '.join(parts)} on it."


def enters_as_copy(body: Mapping[str, Any], me: str = "this creature") -> str:
    """"You may have this creature enter as a copy of any creature on the battlefield." (Clone,
    CR 707.5, 614.1c), with its exceptions (707.9)."""
    of = describe(body["of"])
    what = f"any {of.one} on the battlefield" if not of.controlled else of.a
    exceptions = copy_exceptions(body.get("exceptions"), lambda a: ability_text(a, "this creature"))
    return sentence(f"You may have {me} enter as a copy of {what}{exceptions}")


def double_damage(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Furnace of Rath (CR 701.10g, 614.1a): "If a source would deal damage to a permanent or
    player, it deals double that damage to that permanent or player instead."."""
    by = describe(body["by"]).a if body.get("by") else "a source"
    return f"If {by} would deal damage to a permanent or player, it deals double that damage to that permanent or player instead."


def _recipients(to: Mapping[str, Any] | None, to_player: str | None) -> str:
    players = {"you": "you", "opponent": "an opponent", "any": "a player", None: None}[to_player]
    permanent = describe(to).a if to else None
    if to is None and players is None:
        return "a permanent or player"
    return " or ".join(w for w in (players, permanent) if w)


def modify_damage(body: Mapping[str, Any], me: str = "this creature") -> str:
    """A damage modifier (CR 614.1a): Fiery Emancipation ("... it deals triple that damage to that
    permanent or player instead."), Torbran ("If a red source you control would deal damage to an
    opponent or a permanent an opponent controls, it deals that much damage plus 2 instead.")."""
    by = describe(body["by"]).a if body.get("by") else "a source"
    to = _recipients(body.get("to"), body.get("to_player"))
    if body.get("times") is not None:
        how = {2: "double", 3: "triple"}.get(body["times"])
        if how is None:
            raise NoOracleWording(f"damage multiplied by {body['times']}")
        return f"If {by} would deal damage to {to}, it deals {how} that damage instead."
    return f"If {by} would deal damage to {to}, it deals that much damage plus {body.get('plus', 0)} instead."


def prevent_damage(body: Mapping[str, Any], me: str = "this creature") -> str:
    """A prevention effect of a static ability (CR 615): "Prevent all damage that would be dealt to
    creatures you control.", Urza's Armor ("If a source would deal damage to you, prevent 1 of
    that damage."), Phyrexian Hydra's and Protean Hydra's additional effects (615.5)."""
    to = affected(body["to"], me) if body.get("to") else None
    by = describe(body["by"]).a if body.get("by") else "a source"
    kind = "combat damage" if body.get("combat") else "damage"
    then = body.get("then")
    to_player = body.get("to_player")  # 615.1: "to you" (issue 41, prevention.py)
    if body.get("amount") is None and body.get("half") is None and body.get("all_but") is None:
        whom = to.many if to else "permanents and players"
        if to_player:
            whom = prevention.whom(body.get("to"), to_player, many=True)
        if to is not None and to.one == me:
            head = f"If {kind} would be dealt to {me}, prevent that damage"
        elif body.get("by"):
            head = f"Prevent all {kind} that would be dealt to {whom} by {describe(body['by']).many}"
        else:
            head = f"Prevent all {kind} that would be dealt to {whom}"
    else:
        whom = (me if to.one == me else to.a) if to else "a permanent or player"
        if to_player:
            whom = prevention.whom(body.get("to"), to_player, many=False)
        if body.get("half") is not None:
            how = f"half that damage, rounded {body['half']}"
        elif body.get("all_but") is not None:
            how = f"all but {body['all_but']} of that damage"
        else:
            how = f"{body['amount']} of that damage"
        head = f"If {by} would deal {kind} to {whom}, prevent {how}"
    if then is None:
        return head + "."
    if prevention.extra(then, me) is not None:  # life or damage (615.5, issue 41)
        return f"{head}. {prevention.extra(then, me)}"
    if then.get("for_each", "prevented") == "prevented":
        kind_, verb = (then["put_counters"], "Put") if then.get("put_counters") else (then["remove_counters"], "Remove")
        where = "on" if verb == "Put" else "from"
        return f"{head}. {verb} a {kind_} counter {where} {me} for each 1 damage prevented this way."
    if then.get("remove_counters"):
        return f"{head} and remove that many {then['remove_counters']} counters from it."
    return f"{head} and put that many {then['put_counters']} counters on it."


def cant_lose(body: Any = None, me: str = "this creature") -> str:
    """"You can't lose the game." (CR 104.3b; Platinum Angel's first half)."""
    return "You can't lose the game."


def double_life_gain(body: Any = None, me: str = "this creature") -> str:
    """Boon Reflection (CR 614.1a): "If you would gain life, you gain twice that much life instead."."""
    return "If you would gain life, you gain twice that much life instead."


def double_life_loss(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Bloodletter of Aclazotz (CR 614.1a): "If an opponent would lose life during your turn, they
    lose twice that much life instead."."""
    who, they = {"opponent": ("an opponent", "they lose"), "you": ("you", "you lose"),
                 "any": ("a player", "they lose"), "each": ("a player", "they lose")}[body.get("player", "opponent")]
    when = " during your turn" if body.get("during_your_turn") else ""
    return f"If {who} would lose life{when}, {they} twice that much life instead."


_WHO_CANT = {"you": "You", "opponent": "Your opponents", "each": "Players"}


def cant_gain_life(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Sulfuric Vortex, Erebos (CR 119.7): "[You | Your opponents | Players] can't gain life."."""
    return f"{_WHO_CANT[body.get('player', 'you')]} can't gain life."


def cant_lose_life(body: Mapping[str, Any], me: str = "this creature") -> str:
    """(CR 119.8): "[You | Your opponents | Players] can't lose life."."""
    return f"{_WHO_CANT[body.get('player', 'you')]} can't lose life."


def life_floor(body: Any = None, me: str = "this creature") -> str:
    """Worship's effect, without its condition (CR 614.1a): "Damage that would reduce your life total
    to less than 1 reduces it to 1 instead."."""
    return "Damage that would reduce your life total to less than 1 reduces it to 1 instead."


def cant_have_counters(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Tatterkite, Melira (CR 122.1): "This creature can't have [-1/-1] counters put on it."."""
    kind = f"{body['kind']} " if body.get("kind") else ""
    return f"{capital(me)} can't have {kind}counters put on it."


def spell(body: Mapping[str, Any], me: str = "this spell") -> str:
    """An instant's or sorcery's effect (CR 608.2; casting, issue 41): "This spell deals X damage to
    any target.", "Put X +1/+1 counters on target creature.", "You gain X life."; modes, additional
    costs and mana spent (issue 40): :mod:`.spell_copies`."""
    if spell_copies.extended(body):
        return spell_copies.spell(body, spell)
    (key, part), = body.items()
    if key == "damage":
        return f"This spell deals {part['amount']} damage to any target."
    if key == "put_counters":
        many = f"X {part['kind']} counters" if part["count"] == "X" else counters(part["kind"], part["count"])
        return f"Put {many} on target creature."
    return f"You gain {part['amount']} life."


def mana_ability(body: Mapping[str, Any], me: str = "this creature") -> str:
    """"{T}: Add {G}." (CR 605.1a, 106.1)."""
    return f"{{T}}: Add {mana(body['add'])}."


def multiply_mana(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Mana Reflection, Nyxbloom Ancient (CR 106.6, 614.1a): "If you tap a permanent for mana, it
    produces twice as much of that mana instead."."""
    how = {2: "twice", 3: "three times"}.get(body["factor"])
    if how is None:
        raise NoOracleWording(f"mana multiplied by {body['factor']}")
    return f"If you tap a permanent for mana, it produces {how} as much of that mana instead."


def as_enters_choose(body: Mapping[str, Any], me: str = "this creature") -> str:
    """"As this creature enters, choose an opponent." (CR 614.12, 614.1c)."""
    if body.get("object") is not None:
        what = describe(body["object"]).a
    elif body.get("color") or body.get("creature_type"):  # Voice of All, Adaptive Automaton (issue 40)
        what = "a color" if body.get("color") else "a creature type"
    else:
        what = {"opponent": "an opponent", "player": "a player"}[body["player"]]
    return f"As {me} enters, choose {what}."


def as_enters_pt(body: Mapping[str, Any], me: str = "this creature") -> str:
    """Aquamorph Entity (CR 208.2b): "As this creature enters or is turned face up, it becomes
    your choice of 5/1 or 1/5."."""
    options = list(body["options"])
    when = "enters or is turned face up" if body.get("turned_face_up") else "enters"
    return f"As {me} {when}, it becomes your choice of {' or '.join(options) if len(options) <= 2 else ', '.join(options[:-1]) + ', or ' + options[-1]}."


def static_copy(body: Mapping[str, Any], me: str = "this creature") -> str:
    """"Creatures your opponents control are copies of the chosen creature." (CR 707.2c, 613.2)."""
    return f"{capital(describe(body['affects']).many)} are copies of the chosen creature."


# --- activated, loyalty and triggered abilities (602, 603, 606) ---------------------------------
from conformance.oracle import triggers  # noqa: E402
from conformance.oracle import entering  # noqa: E402


def activated(body: Mapping[str, Any], me: str = "this creature") -> str:
    """An activated ability (CR 602.1): \"{cost}: {effect}.\" (:func:`.triggers.activated`)."""
    return triggers.activated(body, me, render=ability_text)


def loyalty_ability(body: Mapping[str, Any], me: str = "this planeswalker") -> str:
    """A loyalty ability (CR 606.2): \"+1: ...\" (:func:`.triggers.loyalty_ability`)."""
    return triggers.loyalty_ability(body, me, render=ability_text)


def triggered(body: Mapping[str, Any], me: str = "this creature") -> str:
    """A triggered ability (CR 603.1): \"Whenever ..., ...\" (:func:`.triggers.triggered`)."""
    return triggers.triggered(body, me, render=ability_text)

ABILITY_KINDS: dict[str, Callable[..., str]] = {
    "keyword": keyword, "protection": protection, "morph": morph, "text": text, "static_pt": static_pt,
    "cda_pt": cda_pt, "cda_colors": cda_colors, "static": static, "block_additional": block_additional,
    "counter_replacement": counter_replacement, "token_replacement": token_replacement,
    "enters_with_counters": enters_with_counters, "enters_as_copy": enters_as_copy, "double_damage": double_damage,
    "modify_damage": modify_damage, "prevent_damage": prevent_damage, "cant_lose": cant_lose,
    "double_life_gain": double_life_gain, "double_life_loss": double_life_loss, "mana_ability": mana_ability,
    "multiply_mana": multiply_mana, "as_enters_choose": as_enters_choose, "as_enters_pt": as_enters_pt,
    "static_copy": static_copy, "activated": activated, "loyalty_ability": loyalty_ability, "triggered": triggered,
    "cant_gain_life": cant_gain_life, "cant_lose_life": cant_lose_life, "life_floor": life_floor,
    "cant_have_counters": cant_have_counters,
    "spell": spell,  # casting (issue 41)
    **entering.ABILITY_KINDS,  # entering tapped, fading (issue 40)
    **prevention.ABILITY_KINDS,  # issue 41
    **attachments.ABILITY_KINDS,  # issue 40
    **target_words.ABILITY_KINDS,  # issue 40
}
"""Every ability kind of the format (conformance/format/abilities.py's keys) and its renderer."""


def ability_text(ability: Mapping[str, Any], me: str = "this creature") -> str:
    """The Oracle text of one ability, given as the format writes it (``{keyword: flying}``)."""
    (key, body), = ability.items()
    if key not in ABILITY_KINDS:
        raise NoOracleWording(f"the ability kind {key!r}")
    return ABILITY_KINDS[key](body, me)
