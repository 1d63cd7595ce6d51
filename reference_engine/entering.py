"""What happens as a permanent enters the battlefield or is turned face up: its "as enters"
replacement effects (CR 614.1c, 614.12), copying included (707.5).

The abilities that apply are those the permanent has as it would exist on the battlefield
(614.12), so an object that enters as a copy of a Clone then has the Clone's own "enter as a
copy" ability, which applies in turn (707.9e). The choices are scripted (:class:`Choices`); none
given means none made: an optional copy copies nothing, no player is chosen (numbers that depend
on one are then 0, 208.2a), no power and toughness are chosen. Choices are never copied (707.6):
they belong to the object that made them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from conformance.format.abilities import CONDITIONAL_EXCEPTIONS
from conformance.format.model import AsEntersChoose, AsEntersPT, Choices, EntersAsCopy, StaticCopy
from conformance.errors import Unsupported
from reference_engine import face_steps, layers
from reference_engine.characteristics import SPELL_CARD_TYPES, Values
from reference_engine.copy import ChosenPT, CopyEffect, counters_as_it_enters
from reference_engine.filters import matches

if TYPE_CHECKING:
    from reference_engine.state import GameState
    from reference_engine.objects import GameObject


@dataclass
class Status:
    """What an object is, beyond its characteristics, until it leaves its zone (CR 400.7):
    face-down status (708), the player and object chosen as it entered (614.12), the values a
    static copy ability of it copies, fixed when that effect first applied (707.2c), and which face
    of a double-faced permanent is up (712.8d-e) and whether it is flipped (710.1b)."""

    face_down: bool = False
    chosen_player: str | None = None
    chosen_object: str | None = None
    static_copy_values: Values | None = None
    chosen_color: str | None = None  # "choose a color" (614.12, issue 40: chosen.py)
    chosen_type: str | None = None  # "choose a creature type"
    transformed: bool = False  # issue 40: its back face is up (712.8e)
    flipped: bool = False  # issue 40: flipped (710.1b)


NO_CHOICES = Choices()
"""The choices of a case that scripts none: none made."""


class IllegalChoice(ValueError):
    """A scripted choice the rules do not allow (the case is wrong)."""


def stays_in_its_zone(game: GameState, obj: GameObject, choices: Choices | None, *, face_down: bool) -> bool:
    """400.4a (304.4, 307.4): an instant or sorcery card that would enter the battlefield remains in
    its previous zone, the same object (it never moved: 400.7 does not apply). Put onto the
    battlefield face down, it is turned face down first (708.3): a 2/2 creature card then (708.2a),
    it enters, as a manifested one does (701.40a). Refused where the rules leave the answer open:
    effects in its zone that change whether it is an instant or sorcery card (judged now, or as the
    card it is once it has moved?), and a copy choice (is the card judged before or after it
    would enter as a copy, 614.12, 707.5?)."""
    if face_down or obj.zone == "battlefield" or obj.token:  # to its own zone: nothing happens anyway
        return False
    now = bool(SPELL_CARD_TYPES.intersection(layers.characteristics(game, obj).values.types))
    printed = bool(SPELL_CARD_TYPES.intersection(obj.card.types))
    if now != printed:
        raise Unsupported(f"{obj.id} would enter the battlefield and effects make it {'' if now else 'not '}an "
                          f"instant or sorcery card where its card is {'not ' if now else ''}one: whether it stays "
                          "in its zone (CR 400.4a) is not modelled by the reference engine")
    if now and choices is not None and choices.copy:
        raise Unsupported(f"{obj.id}, an instant or sorcery card, would enter the battlefield as a copy of "
                          f"{', '.join(choices.copy)}: whether it stays in its zone (CR 400.4a, 614.12, 707.5) "
                          "is not modelled by the reference engine")
    return now


def check_entered(game: GameState, obj: GameObject) -> None:
    """An object that entered the battlefield face up as an instant or sorcery (a copy of one, 707.5)
    is refused: whether 400.4a keeps it out is not modelled (the card was not an instant or sorcery
    card, the permanent would be one)."""
    if game.peek_status(obj).face_down:
        return
    values = layers.characteristics(game, obj).values
    if SPELL_CARD_TYPES.intersection(values.types):
        raise Unsupported(f"{obj.id} entered the battlefield as an instant or sorcery ({' '.join(values.types)}): "
                          "whether a card entering as one can (CR 400.4a, 614.12) is not modelled by the reference engine")


def enter_battlefield(game: GameState, obj: GameObject, choices: Choices | None, *, face_down: bool = False,
                      pending: dict[str, int] | None = None) -> None:
    """``obj`` has just entered the battlefield. Face down, its abilities do nothing as it enters
    (708.3); face up, its "as enters" replacement effects apply (614.12, 707.5). ``pending``: see
    :func:`as_it_enters`."""
    if face_down:
        game.status_of(obj).face_down = True
        layers.invalidate(game)
        return
    as_it_enters(game, obj, choices or NO_CHOICES, pending)


def as_it_enters(game: GameState, obj: GameObject, choices: Choices, pending: dict[str, int] | None = None) -> bool:
    """The "as enters" abilities of ``obj``, in the order the scenario chose them (616.1): each
    copy choice applies the "enter as a copy" ability it has at that point (707.5, 707.9e), then
    "choose" abilities (614.12) and a choice of power and toughness (208.2b). Whether it entered
    as a copy of something by one of its own copy abilities. The counters a copy exception gives
    go to ``pending`` if given (to be put as it enters, with the replacement effects that apply,
    122.6), else straight onto ``obj``."""
    last = None
    for chosen in choices.copy or ():
        values = layers.board(game).face_up[obj.id]
        abilities = values.has_ability(EntersAsCopy)
        if not abilities:
            raise IllegalChoice(f"{obj.id} has no 'enter as a copy' ability left to copy {chosen!r} with")
        last = (_enter_as_copy(game, obj, abilities[0], game.objects[chosen]), values)
    if last is not None:
        # 707.9e: only the last copy effect's additional effect happens (counters it enters with);
        # 707.9f: a conditional one only if the copy is a creature without it.
        effect, before = last
        for kind, count in counters_as_it_enters(effect.copied, before, effect.exceptions,
                                                 effect.conditions(obj.ref)).items():
            if pending is not None:
                pending[kind] = pending.get(kind, 0) + count
                continue
            obj.counters[kind] += count
            game.tick()  # 613.7c
    values = layers.board(game).face_up[obj.id]
    if not values.abilities:  # no "as enters" ability: nothing to choose
        return last is not None
    status = game.status_of(obj)
    before = (status.chosen_player, status.chosen_object, status.static_copy_values, status.chosen_color,
              status.chosen_type)
    for ability in values.has_ability(AsEntersChoose):
        if ability.color or ability.creature_type:  # 614.12, 707.6: its own choice, never copied
            if ability.color:
                status.chosen_color = choices.color
            else:
                status.chosen_type = choices.creature_type
        elif ability.player is not None:
            if choices.player is not None and ability.player == "opponent":
                controller = game.current_controller(obj)
                if controller != obj.controller:  # 614.12: who controlled it as it entered is not in the case
                    raise Unsupported(f"{obj.id} is controlled by {controller}, not {obj.controller}, through a "
                                      "control-changing effect as its opponent is chosen: whose opponent the choice "
                                      "names (614.12, 613.1b) is not modelled by the reference engine")
                if choices.player == controller:
                    raise IllegalChoice(f"{choices.player} is not an opponent of {obj.id}'s controller")
            status.chosen_player = choices.player
        else:
            status.chosen_object = choices.object
    if status.chosen_object is not None and values.has_ability(StaticCopy):
        # 707.2c: the values a static copy effect copies are fixed as it first applies.
        status.static_copy_values = layers.board(game).chars[status.chosen_object].copiable
    if (status.chosen_player, status.chosen_object, status.static_copy_values, status.chosen_color,
            status.chosen_type) != before:
        layers.invalidate(game)  # a choice is part of its status: neither a timestamp nor an effect
    choose_pt(game, obj, values, choices, turned_face_up=False)
    return last is not None


def choose_pt(game: GameState, obj: GameObject, values: Values, choices: Choices, *, turned_face_up: bool) -> None:
    """208.2b: "as this enters (or is turned face up), it becomes your choice of ..." sets power and
    toughness by a copiable effect (613.2a)."""
    for ability in values.has_ability(AsEntersPT):
        if turned_face_up and not ability.turned_face_up:
            continue
        if choices.pt is None:
            continue
        if choices.pt not in ability.options:
            raise IllegalChoice(f"{choices.pt} is not among {obj.id}'s options {', '.join(ability.options)}")
        power, toughness = (int(v) for v in choices.pt.split("/"))
        game.effects.append(ChosenPT(frozenset({obj.ref}), game.tick(), power, toughness))


def _enter_as_copy(game: GameState, obj: GameObject, ability: EntersAsCopy, original: GameObject) -> CopyEffect:
    """707.5: ``obj`` enters as a copy of ``original``, which must be a legal choice: another object
    on the battlefield that the ability's filter matches."""
    board = layers.board(game)
    you = game.current_controller(obj)
    if original.ref == obj.ref or not matches(ability.of, original, you=you, source=obj,
                                                chars=board.chars[original.id]):
        raise IllegalChoice(f"{obj.id} cannot enter as a copy of {original.id}: not a legal choice")
    return add_copy_effect(game, CopyEffect(affected=frozenset({obj.ref}), timestamp=game.tick(),
                                            copied=board.chars[original.id].copiable,
                                            exceptions=ability.exceptions, this_ability=ability))


def add_copy_effect(game: GameState, effect: CopyEffect) -> CopyEffect:
    """``effect`` begins: it joins the game's effects, and is returned. If it has exceptions that
    apply only if the copy is a creature or a planeswalker, whether each object it affects would
    have that card type is judged now, once (707.9f: on the resulting permanent with the effect
    applied without that exception but with its others), on the permanent as it would then exist
    on the battlefield: its copiable values, the continuous effects of its own static abilities and
    those that already exist and would apply to it (614.12), such as another permanent's static
    ability; a resolved effect's set is locked (611.2c), so it reaches an entering permanent only
    if it already affected it (an object becoming a copy keeps the effects on it, 707.4). That
    judgement holds for as long as the effect lasts: a copy that becomes a creature later does not
    get the exception (707.9f, its example).

    With both conditions, each is judged without the other: exact only when neither conditional
    part changes card types; otherwise whether one applies depends on the other (707.9f), and the
    case is refused (unsupported)."""
    exceptions = effect.exceptions
    face_steps.check_copy(effect.copied, exceptions)  # issue 40: exceptions copying a flip card are refused
    keys = [key for key in CONDITIONAL_EXCEPTIONS if exceptions is not None and getattr(exceptions, key) is not None]
    if not keys:
        game.effects.append(effect)
        return effect
    assert exceptions is not None
    if len(keys) > 1 and any(_changes_card_types(getattr(exceptions, key)) for key in keys):
        raise Unsupported("a copy effect has both an \"if it's a creature\" and an \"if it's a planeswalker\" "
                          "exception, one of which changes card types: whether each applies depends on the other "
                          "(CR 707.9f), not modelled")
    game.effects.append(dataclasses.replace(effect, exceptions=dataclasses.replace(
        exceptions, **{key: None for key in keys})))
    layers.invalidate(game)
    chars = layers.board(game).chars
    judged = tuple((CONDITIONAL_EXCEPTIONS[key], frozenset(
        ref for ref in effect.affected if (obj := game.objects.get(ref[0])) is not None
        and obj.ref == ref and CONDITIONAL_EXCEPTIONS[key] in chars[obj.id].values.types)) for key in keys)
    result = game.effects[-1] = dataclasses.replace(effect, judged=judged)
    layers.invalidate(game)
    return result


def _changes_card_types(part: Any) -> bool:
    """Whether a conditional copy exception gives, adds or retains card types (707.9b-c)."""
    return part.types is not None or bool(part.add_types) or "types" in part.retain
