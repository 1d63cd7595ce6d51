"""The closed vocabulary of features a case can need, and their derivation from its content.

Like test262's ``features.txt``: an engine declares the features it supports, and a case that
needs one it lacks is reported as unsupported (never run, never failed). Features are derived
from what a case contains, never written by hand, so they cannot drift from the case.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Protocol

from conformance.format.abilities import (
    Activated, AsEntersChoose, AsEntersPT, BlockAdditional, CantLose, CdaColors, CdaPT, Change, CopyExceptions,
    DoubleDamage, EntersAsCopy, Keyword, PreventDamageAbility, Protection, Static, StaticCopy, StaticPT,
    Triggered,
)
from conformance.format.combat import Combat
from conformance.format import event_features
from conformance.format import counter_features
from conformance.format import damage_modifier_features
from conformance.format import cant_features, prevention_variant_features
from conformance.format import emblem_features
from conformance.format import leaving_features
from conformance.format import cast_features
from conformance.format import attachment_features
from conformance.format import arithmetic_features
from conformance.format import spell_copy_features  # issue 40
from conformance.format import entering_features  # issue 40
from conformance.format import regeneration_features
from conformance.format import face_features
from conformance.format import target_features
from conformance.format.expressions import CardTypes, Count, Filter, Greatest, Life, MANA_VALUE, operands
from conformance.format.objects import Choices, ObjectSpec
from conformance.format.players import STARTING_LIFE, PlayerSpec
from conformance.format.steps import (
    Activate, AddMana, Become, BecomeCopy, CreateToken, Damage, DoubleCounters, DoubleLife,
    DoubleMana, DoublePT, EndEffect, EndTurn, Expect, GainLife, LoseLife, ModifyPT, Move, PTEffect,
    PreventDamage, PutCounters, PutPlayerCounters, RedirectDamage, RemoveCounters,
    RemovePlayerCounters, SetPT, Step, SwitchPT, Together, Trigger, TriplePT, TurnFaceDown,
    TurnFaceUp,
)


class CaseContent(Protocol):
    """What the derivation reads of a case: a :class:`conformance.format.case.Case`, or a board
    part-way through one (:mod:`conformance.results.exercised`)."""

    players: tuple[str, ...]
    objects: tuple[ObjectSpec, ...]
    steps: tuple[Step, ...]
    player_states: tuple[PlayerSpec, ...]
    range_of_influence: Mapping[str, int] | None


FEATURES: dict[str, str] = {
    "layer-7a": "power/toughness from characteristic-defining abilities (CR 604.3, 613.4a)",
    "layer-7b": "effects that set power/toughness or base power/toughness (CR 613.4b)",
    "layer-7c": "effects that modify power/toughness (CR 613.4c)",
    "layer-7d": "effects that switch power and toughness (CR 613.4d)",
    "counters": "counters on objects, +X/+Y counters in layer 7c (CR 122.1a, 613.4c, 704.5q)",
    "static-abilities": "static abilities of permanents affecting the objects a filter matches (CR 604.2, 613.5)",
    "double-pt": "doubling power and/or toughness (CR 701.10a-c)",
    "triple-pt": "tripling power and/or toughness (CR 701.11a-c)",
    "durations": "effects ending: by name, or in the cleanup step (CR 514.2)",
    "zone-changes": "objects outside the battlefield, or moving between zones (CR 400.7, 613.7d)",
    "locked-sets": "an effect that affects every object matching a filter as it is created (CR 611.2c, 613.6)",
    "simultaneous-actions": "several actions in one event, with no state-based action check between them (CR 704.3)",
    # players, damage, replacement and prevention (issue 4)
    "life": "life totals: starting life, gaining and losing life, a player at 0 or less life losing the game (CR 119.3, 704.5a)",
    "player-counters": "counters on players, such as poison; ten or more poison counters lose the game (CR 122.1, 704.5c)",
    "mana": "mana pools by type, W U B R G C (CR 106.4)",
    "cant-lose": "static abilities saying their controller can't lose the game, so a life total can stay at 0 or below (CR 104.3b, 614.17)",
    "damage": "damage events: a source (a permanent, or a spell on the stack) deals damage to players and creatures, "
              "combat or not; life lost, damage marked, lethal damage, damage removed in the cleanup step (CR 120.3, 120.6, 704.5g)",
    "double-life": "doubling a player's life total, negative totals included (CR 701.10d)",
    "double-counters": "doubling the counters of one kind on a player or a permanent (CR 701.10e)",
    "double-mana": "doubling one type of mana in a mana pool (CR 701.10f)",
    "double-damage": "static replacement effects doubling damage, each applying once to an event (CR 701.10g, 614.5)",
    "redirection": "effects redirecting the next N (or all) damage from one recipient to another (CR 614.9)",
    "prevention": "prevention effects: shields of N damage used up across events, all damage by a kind of source, all combat damage, "
                  "static prevention of N per event, a shield for each creature fixed at resolution (CR 615.7, 615.10, 615.11)",
    "replacement-order": "the affected player's scripted order among several replacement and prevention effects on one event (CR 616.1)",
    "range-of-influence": "the limited range of influence option: seats, ranges, and its limits on spells, abilities, replacement and "
                          "prevention effects (CR 801.2, 801.10, 801.13)",
    # keywords that change what damage does, and planeswalkers (issue 15)
    "lifelink": "lifelink: damage dealt by a source with lifelink (in any zone, as its abilities are when it deals it) also makes "
                "its controller gain that much life, the total of one event at once; damage not dealt gains nothing "
                "(CR 702.15b, 702.15d, 120.3f)",
    "deathtouch": "deathtouch: a creature dealt any nonzero damage by a source with deathtouch since the last check of "
                  "state-based actions is destroyed (CR 702.2b, 704.5h)",
    "indestructible": "indestructible: a permanent that can't be destroyed, by lethal damage (704.5g) or deathtouch (704.5h), "
                      "while toughness 0 or less still puts it into the graveyard (CR 702.12b, 704.5f)",
    "planeswalkers": "planeswalkers: printed loyalty (a copiable value), entering the battlefield with that many loyalty counters, "
                     "damage dealt to them removing loyalty counters (and marked too on a planeswalker creature), a "
                     "planeswalker with loyalty 0 put into its owner's graveyard (CR 209.1, 306.5b, 120.3c, 704.5i)",
    # combat (issue 19, point 1)
    "combat": "a combat phase: declaring attackers (players and planeswalkers) and blockers, each creature assigning "
              "combat damage equal to its power, divided as scripted among several blockers, all combat damage of a "
              "step dealt at once as one event, creatures removed from combat when they leave (CR 506.4, 508.1, "
              "509.1, 510.1, 510.2)",
    "first-strike": "first strike and double strike: a first combat damage step, state-based actions, then the regular "
                    "one (CR 702.7b, 702.4b, 510.4)",
    "trample": "trample: damage past lethal damage to every blocker assigned to what the creature attacks, lethal "
               "counting damage marked and deathtouch (CR 702.19b, 702.19e, 702.2c)",
    "blocking-restrictions": "keywords restricting attacks and blocks: flying, reach, menace, defender, haste "
                             "(CR 702.9b, 702.17b, 702.111b, 702.3b, 702.10b, 302.6)",
    "protection-blocking": "protection in combat: a creature with protection can't be blocked by creatures with the "
                           "quality (checked as blockers are declared, so a block stays), yet can block them, their "
                           "damage to it prevented (CR 702.16f, 702.16j, 509.1h, 702.16e)",
    "tapping": "tapped status: permanents declared tapped as the case starts, declaring an attacker tapping it "
               "unless it has vigilance, tapped creatures unable to attack or block, tapped creatures in combat "
               "still dealing combat damage, tapped status as an observable (CR 110.5, 508.1a, 508.1f, 509.1a, "
               "702.20b, 510.1)",
    "multiple-blocks": "a creature that can block additional creatures (\"can block an additional creature each "
                       "combat\") blocking several attackers and dividing its combat damage among them as its "
                       "controller chooses (CR 509.1a, 510.1d)",
    # characteristics, copies and face-down permanents (issue 3)
    "copy-effects": "copy effects and copiable values: entering as a copy, becoming a copy, exceptions, copies of copies, "
                    "static copy effects (CR 707.2-707.9, 613.2a, 613.2c)",
    "token-copies": "tokens created as copies of objects (CR 111.1, 707.2, 707.5)",
    "face-down": "face-down permanents, 2/2 with no name, types, colour, abilities or mana cost; turning them face up and "
                 "face down (CR 708, 702.37, 613.2b, 613.7f)",
    "control-changing": "effects that change control (layer 2, CR 613.1b)",
    "type-changing": "effects that change card types, subtypes and supertypes, \"in addition to its other types\", and "
                     "changeling (layer 4, CR 613.1d, 205.1, 702.73a), with dependency (613.8)",
    "color-changing": "effects and characteristic-defining abilities that change colours (layer 5, CR 613.1e, 613.3)",
    "ability-changing": "effects that add and remove abilities, keywords such as flying included; an object that loses a "
                        "characteristic-defining ability counts its printed * as 0 (layer 6, CR 613.1f, 613.9)",
    "activated-abilities": "activated abilities whose effect is data (becomes ..., becomes a copy ...), activated by a step "
                           "(CR 602, 107.3)",
    "triggered-abilities": "triggered abilities whose effect is data, triggered and resolved by a step (CR 603)",
    "enters-choices": "\"as this enters\" and \"as this is turned face up\" choices: a player, an object, a power/toughness "
                      "(CR 614.12, 208.2b, 707.6)",
    "characteristic-expressions": "numbers beyond counting objects: card types among cards, a player's life, mana value, counts "
                                  "about the chosen player; a number that can't be determined is 0 (CR 208.2a)",
}
FEATURES.update(event_features.FEATURES)  # triggers on events, life-gain and mana replacements (603, 614.1a, 605)
"""Every feature, with what an engine that declares it must handle."""
FEATURES.update(damage_modifier_features.FEATURES)  # issue 19

RULES: dict[str, tuple[str, ...]] = {
    "layer-7a": ("613.4a", "604.3"),
    "layer-7b": ("613.4b", "613.7"),
    "layer-7c": ("613.4c",),
    "layer-7d": ("613.4d",),
    "counters": ("122.1a", "704.5q"),
    "static-abilities": ("604.2", "613.5"),
    "double-pt": ("701.10a", "701.10b", "701.10c"),
    "triple-pt": ("701.11a", "701.11b", "701.11c"),
    "durations": ("514.2",),
    "zone-changes": ("400.7", "613.7d"),
    "locked-sets": ("611.2c",),
    "simultaneous-actions": ("704.3",),
    "life": ("119.3", "704.5a"),
    "player-counters": ("122.1", "704.5c"),
    "mana": ("106.4",),
    "cant-lose": ("104.3b",),
    "damage": ("120.3", "704.5g"),
    "double-life": ("701.10d",),
    "double-counters": ("701.10e",),
    "double-mana": ("701.10f",),
    "double-damage": ("701.10g", "614.5"),
    "redirection": ("614.9",),
    "prevention": ("615.7", "615.10"),
    "replacement-order": ("616.1",),
    "range-of-influence": ("801.2", "801.13a", "801.13b"),
    "lifelink": ("702.15b", "120.3f"),
    "deathtouch": ("702.2b", "704.5h"),
    "indestructible": ("702.12b",),
    "planeswalkers": ("306.5b", "120.3c", "704.5i"),
    "combat": ("508.1", "509.1", "510.1c", "510.2"),
    "first-strike": ("510.4", "702.7b", "702.4b"),
    "trample": ("702.19b",),
    "blocking-restrictions": ("702.9b", "702.111b", "702.3b"),
    "protection-blocking": ("702.16f",),
    "tapping": ("508.1f", "702.20b"),
    "multiple-blocks": ("509.1a", "510.1d"),
    "copy-effects": ("707.2", "707.2a", "707.2b", "707.3", "613.2a", "613.2c"),
    "token-copies": ("707.2", "707.5"),
    "face-down": ("708.2a", "708.8", "613.2b", "613.7f"),
    "control-changing": ("613.1b",),
    "type-changing": ("613.1d", "613.6"),
    "color-changing": ("613.1e", "613.5"),
    "ability-changing": ("613.1f", "613.9"),
    "activated-abilities": ("602.2",),
    "triggered-abilities": ("603.2",),
    "enters-choices": ("614.12", "208.2b"),
    "characteristic-expressions": ("208.2a", "604.3"),
}
RULES.update(event_features.RULES)
"""The rules a case exercises when it needs each feature (for statistics and generated cases)."""
RULES.update(damage_modifier_features.RULES)  # issue 19

# counters, tokens and loyalty (issue 18): their own module
FEATURES.update(counter_features.FEATURES)
RULES.update(counter_features.RULES)
FEATURES.update(cant_features.FEATURES)  # "can't" and floors: issue 41
RULES.update(cant_features.RULES)
FEATURES.update(emblem_features.FEATURES)  # emblems, "if it's a planeswalker": issue 41
RULES.update(emblem_features.RULES)
FEATURES.update(cast_features.FEATURES)  # casting and X: issue 41
RULES.update(cast_features.RULES)
FEATURES.update(arithmetic_features.FEATURES)  # arithmetic in expressions: issue 41
RULES.update(arithmetic_features.RULES)
FEATURES.update(prevention_variant_features.FEATURES)  # prevention variants: issue 41
RULES.update(prevention_variant_features.RULES)
FEATURES.update(attachment_features.FEATURES)  # Auras and Equipment: issue 40
RULES.update(attachment_features.RULES)
FEATURES.update(spell_copy_features.FEATURES)  # copies of spells, modes: issue 40
RULES.update(spell_copy_features.RULES)
FEATURES.update(entering_features.FEATURES)  # entering tapped, fading, chosen colour and type: issue 40
RULES.update(entering_features.RULES)
FEATURES.update(regeneration_features.FEATURES)  # destroy, regeneration, drawing, activated damage: issue 40
RULES.update(regeneration_features.RULES)
FEATURES.update(face_features.FEATURES)  # double-faced and flip cards: issue 40
RULES.update(face_features.RULES)
FEATURES.update(target_features.FEATURES)  # targets: issue 40
RULES.update(target_features.RULES)

_BY_STEP: dict[type, str] = {
    SetPT: "layer-7b",
    ModifyPT: "layer-7c",
    SwitchPT: "layer-7d",
    DoublePT: "double-pt",
    TriplePT: "triple-pt",
    PutCounters: "counters",
    RemoveCounters: "counters",
    EndEffect: "durations",
    EndTurn: "durations",
    Move: "zone-changes",
    Together: "simultaneous-actions",
}

_BY_STATIC_EFFECT = {"set_pt": "layer-7b", "modify_pt": "layer-7c", "switch_pt": "layer-7d"}


IMPLIED: dict[str, tuple[str, ...]] = {
    "double-pt": ("layer-7c",),  # a doubling is a 7c modification (701.10a)
    "triple-pt": ("layer-7c",),  # so is a tripling (701.11a)
    "double-life": ("life",),
    "double-mana": ("mana",),
    "combat": ("damage",),  # combat damage is damage (510.2, 120)
    "protection-blocking": ("protection", "combat"),
    "multiple-blocks": ("combat",),
}
IMPLIED.update(event_features.IMPLIED)
"""Features an engine needs alongside another, though a case using the first does not exercise
the rules of the second (a tripling is applied in layer 7c, but a case tripling a creature
exercises 701.11, not 613.4c's other modifications)."""
IMPLIED.update(damage_modifier_features.IMPLIED)  # issue 19
IMPLIED.update(cant_features.IMPLIED)  # issue 41
IMPLIED.update(emblem_features.IMPLIED)  # issue 41
IMPLIED.update(cast_features.IMPLIED)  # casting and X: issue 41
IMPLIED.update(prevention_variant_features.IMPLIED)  # issue 41
FEATURES.update(leaving_features.FEATURES)  # leaving the game, turns beginning: issue 40
RULES.update(leaving_features.RULES)
IMPLIED.update(attachment_features.IMPLIED)  # issue 40
IMPLIED.update(spell_copy_features.IMPLIED)  # issue 40
IMPLIED.update(entering_features.IMPLIED)  # issue 40
IMPLIED.update(regeneration_features.IMPLIED)  # issue 40
IMPLIED.update(face_features.IMPLIED)  # double-faced and flip cards: issue 40
IMPLIED.update(target_features.IMPLIED)  # targets: issue 40


def derive_features(case: CaseContent) -> frozenset[str]:
    """The features ``case`` needs, from its objects and steps (with those they imply)."""
    found = set(direct_features(case))
    found |= {implied for feature in found for implied in IMPLIED.get(feature, ())}
    return frozenset(found)


def direct_features(case: CaseContent) -> frozenset[str]:
    """The features ``case``'s content uses itself, without those they imply: the ones whose rules
    it exercises (:mod:`conformance.results.exercised`). Kept on a case once found (a case is
    immutable): a property asks it of each example's case twice (its rules, what it exercised)."""
    cached = getattr(case, "_direct_features", None)
    if cached is not None:
        return cached
    content = emblem_features.with_emblems(case)  # an emblem's abilities need what a permanent's do (issue 41)
    content = face_features.with_faces(content)  # so do a back face's and a flip side's (issue 40)
    found = set(_object_features(content)) | set(_step_features(case.steps)) | set(_player_features(content)) \
        | set(_characteristic_features(content)) | set(_combat_features(case)) | set(_event_features(content)) \
        | set(counter_features.features(case)) | set(emblem_features.case_features(case)) \
        | set(cast_features.features(case)) | set(leaving_features.case_features(case)) \
        | set(attachment_features.features(content)) | set(spell_copy_features.features(case)) \
        | set(regeneration_features.features(case, _instances_in)) | set(face_features.case_features(case)) \
        | set(target_features.features(case, set(_keywords_in((content.objects, case.steps))), _instances_in))
    unknown = found - FEATURES.keys()
    assert not unknown, f"derived features outside the vocabulary: {unknown}"
    direct = frozenset(found)
    if hasattr(type(case), "_direct_features"):  # a Case (its slot); never a board that may change
        object.__setattr__(case, "_direct_features", direct)
    return direct


def _event_features(case: CaseContent) -> Iterator[str]:
    """Triggers on events, life-gain and mana replacements (event_features.py)."""
    abilities = [a for spec in case.objects for a in spec.card.abilities]
    abilities += [a for step in _all_steps(case.steps) if isinstance(step, Become) for a in step.gains]
    yield from event_features.case_features(case, _all_steps(case.steps), abilities)


def _object_features(case: CaseContent) -> Iterator[str]:
    for spec in case.objects:
        if spec.counters:
            yield "counters"
        if spec.zone not in ("battlefield", "stack"):  # a spell on the stack is a damage source
            yield "zone-changes"
        for ability in spec.card.abilities:
            if isinstance(ability, CdaPT):
                yield "layer-7a"
            elif isinstance(ability, StaticPT):
                yield "static-abilities"
                yield _BY_STATIC_EFFECT[ability.effect]


def _step_features(steps: tuple[Step, ...]) -> Iterator[str]:
    for step in steps:
        if type(step) in _BY_STEP:
            yield _BY_STEP[type(step)]
        if isinstance(step, PTEffect) and step.to_each is not None:
            yield "locked-sets"
        if isinstance(step, Together):
            yield from _step_features(step.parts)


# --- players, damage, replacement and prevention ---------------------------------------------------

_PLAYER_ABILITY_FEATURES = {DoubleDamage: "double-damage", PreventDamageAbility: "prevention", CantLose: "cant-lose"}
_PLAYER_STEP_FEATURES: dict[type, tuple[str, ...]] = {
    GainLife: ("life",),
    LoseLife: ("life",),
    DoubleLife: ("double-life",),
    AddMana: ("mana",),
    DoubleMana: ("double-mana",),
    PutPlayerCounters: ("player-counters",),
    RemovePlayerCounters: ("player-counters",),
    Damage: ("damage",),
    PreventDamage: ("prevention",),
    RedirectDamage: ("redirection",),
}
_PLAYER_OBSERVABLE_FEATURES = {"life": "life", "lost": "life", "mana": "mana", "counters": "player-counters"}


def _player_features(case: CaseContent) -> Iterator[str]:
    """What players, damage, replacement and prevention a case needs (CR 119, 120, 614-616, 801)."""
    for player in case.player_states:
        if player.life != STARTING_LIFE:
            yield "life"
        if player.counters:
            yield "player-counters"
        if player.mana:
            yield "mana"
    if case.range_of_influence is not None:
        yield "range-of-influence"
    for spec in case.objects:
        if spec.zone == "stack":
            yield "damage"
        for ability in spec.card.abilities:
            if type(ability) in _PLAYER_ABILITY_FEATURES:
                yield _PLAYER_ABILITY_FEATURES[type(ability)]
    for step in _all_steps(case.steps):
        yield from _PLAYER_STEP_FEATURES.get(type(step), ())
        yield from damage_modifier_features.step_features(step)  # issue 19
        yield from prevention_variant_features.step_features(step)  # issue 41
        if isinstance(step, DoubleCounters):
            yield "double-counters"
            yield "player-counters" if step.player is not None else "counters"
        elif isinstance(step, Damage):
            if step.to_each_player or step.to in case.players:
                yield "life"
            if step.order:
                yield "replacement-order"
        elif isinstance(step, Expect):
            for values in (step.players or {}).values():
                yield from (_PLAYER_OBSERVABLE_FEATURES[key] for key in values)
            if any("damage" in values for values in step.objects.values()):
                yield "damage"


def _all_steps(steps: tuple[Step, ...]) -> Iterator[Step]:
    for step in steps:
        yield from _all_steps(step.parts) if isinstance(step, Together) else (step,)


# --- characteristics, copies and face-down permanents ------------------------------------------------

_CHANGE_FEATURES = {
    "gain_control": "control-changing", "types": "type-changing", "add_types": "type-changing",
    "subtypes": "type-changing", "add_subtypes": "type-changing", "supertypes": "type-changing",
    "add_supertypes": "type-changing", "colors": "color-changing", "gains": "ability-changing",
    "loses": "ability-changing", "loses_all_abilities": "ability-changing", "power": "layer-7b",
    "toughness": "layer-7b",
}
_CHARACTERISTIC_STEP_FEATURES: dict[type, tuple[str, ...]] = {
    BecomeCopy: ("copy-effects",),
    CreateToken: ("copy-effects", "token-copies"),
    TurnFaceUp: ("face-down",),
    TurnFaceDown: ("face-down",),
    Activate: ("activated-abilities",),
    Trigger: ("triggered-abilities",),
}


def _characteristic_features(case: CaseContent) -> Iterator[str]:
    """What layers 1-6, copies, face-down permanents and abilities as data a case needs (CR 613, 707, 708)."""
    for spec in case.objects:
        if spec.face_down:
            yield "face-down"
        if spec.card.loyalty is not None or PLANESWALKER in spec.card.types:
            yield "planeswalkers"
        yield from _choice_features(spec.choices)
        for ability in spec.card.abilities:
            yield from _ability_features(ability)
    for step in _all_steps(case.steps):
        yield from _CHARACTERISTIC_STEP_FEATURES.get(type(step), ())
        if isinstance(step, Become):
            yield from _change_features(step.change)
        if isinstance(step, (BecomeCopy, CreateToken)) and step.exceptions is not None:
            yield from _exception_features(step.exceptions)
        if isinstance(step, (Move, CreateToken, TurnFaceUp)):
            yield from _choice_features(step.choices)
        if isinstance(step, Move) and step.face_down:
            yield "face-down"


def _choice_features(choices: Choices | None) -> Iterator[str]:
    if choices is None:
        return
    yield from entering_features.choice_features(choices)  # issue 40
    if choices.copy:
        yield "copy-effects"
    if choices.player is not None or choices.object is not None or choices.pt is not None \
            or choices.color is not None or choices.creature_type is not None:
        yield "enters-choices"


_SET_KEYS = frozenset({"types", "subtypes", "supertypes", "colors"})
"""A change's keys that set a characteristic: given empty, they still change it (``colors: []``
makes colourless, a layer-5 effect; ``supertypes: []`` takes every supertype away, layer 4:
CR 613.1d, 613.1e); unset is ``None``."""


def _change_features(change: Change) -> Iterator[str]:
    for name, feature in _CHANGE_FEATURES.items():
        value = getattr(change, name)
        if value is not None and value is not False and (value != () or name in _SET_KEYS):
            yield feature
    if PLANESWALKER in (*(change.types or ()), *change.add_types):
        yield "planeswalkers"
    for ability in (*change.gains, *change.loses):
        yield from _ability_features(ability)
    for expr in (change.power, change.toughness):
        yield from _expression_features(expr)


def _exception_features(exceptions: CopyExceptions) -> Iterator[str]:
    for ability in exceptions.gains:
        yield from _ability_features(ability)
    if PLANESWALKER in (*(exceptions.types or ()), *exceptions.add_types):
        yield "planeswalkers"
    if exceptions.enters_with_counters:
        yield "counters"
    if exceptions.if_creature is not None:
        yield from _exception_features(exceptions.if_creature)
    if exceptions.if_planeswalker is not None:  # 707.9f (issue 41)
        yield "planeswalker-copy-exception"
        yield from _exception_features(exceptions.if_planeswalker)


PLANESWALKER = "planeswalker"
_KEYWORD_FEATURES = {"lifelink": "lifelink", "deathtouch": "deathtouch", "indestructible": "indestructible"}
"""Keywords the reference engine gives a meaning, by feature (CR 702.15b, 702.2b, 702.12b): an
object having, gaining or losing one needs it, whether or not it deals or is dealt damage."""


def _ability_features(ability: object) -> Iterator[str]:
    yield from damage_modifier_features.ability_features(ability)  # issue 19
    yield from cant_features.ability_features(ability)  # issue 41
    yield from cast_features.ability_features(ability)  # casting and X: issue 41
    yield from prevention_variant_features.ability_features(ability)  # issue 41
    yield from spell_copy_features.ability_features(ability)  # issue 40
    yield from entering_features.ability_features(ability)  # issue 40
    if isinstance(ability, Keyword) and ability.keyword in _KEYWORD_FEATURES:
        yield _KEYWORD_FEATURES[ability.keyword]
    if isinstance(ability, Keyword) and ability.keyword == "changeling":
        yield "type-changing"  # a characteristic-defining ability of layer 4 (CR 702.73a, 613.3)
    elif isinstance(ability, CdaColors):
        yield "color-changing"
    elif isinstance(ability, Static):
        yield "static-abilities"
        yield from _change_features(ability.becomes)
        yield from _filter_features(ability.affects)
    elif isinstance(ability, (Activated, Triggered)):
        yield "activated-abilities" if isinstance(ability, Activated) else "triggered-abilities"
        effect = ability.effect
        if effect.become is not None:
            yield from _change_features(effect.become)
        elif effect.become_copy is not None:
            yield "copy-effects"
            if effect.become_copy.exceptions is not None:
                yield from _exception_features(effect.become_copy.exceptions)
    elif isinstance(ability, EntersAsCopy):
        yield "copy-effects"
        if ability.exceptions is not None:
            yield from _exception_features(ability.exceptions)
    elif isinstance(ability, (AsEntersChoose, AsEntersPT)):
        yield "enters-choices"
    elif isinstance(ability, StaticCopy):
        yield "copy-effects"
        yield "static-abilities"
    elif isinstance(ability, (CdaPT, StaticPT)):
        for expr in (ability.power, ability.toughness):
            yield from _expression_features(expr)
        if isinstance(ability, StaticPT):
            yield from _filter_features(ability.affects)


def _expression_features(expr: object) -> Iterator[str]:
    yield from arithmetic_features.expression_features(expr)  # issue 41
    if isinstance(expr, (CardTypes, Life)) or expr == MANA_VALUE:
        yield "characteristic-expressions"
    if isinstance(expr, (Count, CardTypes, Greatest)):
        yield from _filter_features(expr.filter)
    for term in operands(expr):  # type: ignore[arg-type]
        yield from _expression_features(term)


def _filter_features(f: Filter) -> Iterator[str]:
    if f.controller == "chosen":
        yield "characteristic-expressions"


# --- combat (issue 19, point 1) -----------------------------------------------------------------------

_COMBAT_KEYWORDS = {
    "first strike": "first-strike", "double strike": "first-strike", "trample": "trample",
    "flying": "blocking-restrictions", "reach": "blocking-restrictions", "menace": "blocking-restrictions",
    "defender": "blocking-restrictions", "haste": "blocking-restrictions", "vigilance": "tapping",
}
"""Keywords that change combat (CR 702), by feature: in a case with a combat step, an object
having, gaining or losing one needs it."""


def _combat_features(case: CaseContent) -> Iterator[str]:
    """What combat a case needs (CR 506-511): the combat step, the keywords and abilities changing
    it; a permanent declared tapped (110.5) needs ``tapping`` with or without a combat."""
    if any(spec.tapped for spec in case.objects):
        yield "tapping"
    fights = [step for step in case.steps if isinstance(step, Combat)]
    if not fights:
        return
    yield "combat"
    if any(_instances_in((case.objects, case.steps), Protection)):  # 702.16f
        yield "protection-blocking"
    if any(_instances_in((case.objects, case.steps), BlockAdditional)) \
            or any(not isinstance(v, str) for fight in fights for v in fight.blockers.values()):  # 509.1a
        yield "multiple-blocks"
    if any(isinstance(step, Expect) and any("tapped" in values for values in step.objects.values())
           for step in _all_steps(case.steps)):  # 508.1f: what attacking did
        yield "tapping"
    for fight in fights:
        for target in fight.attackers.values():
            yield "life" if target in case.players else "planeswalkers"
    for keyword in _keywords_in((case.objects, case.steps)):
        if keyword in _COMBAT_KEYWORDS:
            yield _COMBAT_KEYWORDS[keyword]


def _instances_in(value: object, cls: type) -> Iterator[object]:
    """Every ``cls`` instance anywhere in ``value`` (cards, abilities gained, copy exceptions)."""
    if isinstance(value, cls):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _instances_in(item, cls)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _instances_in(getattr(value, f.name), cls)


def _keywords_in(value: object) -> Iterator[str]:
    """Every keyword named anywhere in ``value`` (cards, abilities gained or lost, copy exceptions)."""
    if isinstance(value, Keyword):
        yield value.keyword
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _keywords_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _keywords_in(getattr(value, f.name))
