"""Creating tokens (CR 111): copies of an object (111.1, 707.2) or with the characteristics the
effect gives (111.4), as many as the token replacement effects make (614.1a, 614.16, 616.1).

- 111.1  an effect creates a token; it enters the battlefield under the effect's controller's
         control (here the step's ``controller``);
- 111.4  a token's characteristics are those the effect that created it gives: the ``card``;
         they are its copiable values (707.2); with no name given, its subtypes and "Token";
- 614.1a "creates twice that many of those tokens instead": every token is as the effect says,
         the extra ones too (the Doubling Season ruling: "everything specified ... also true");
- 122.6  each token entering with counters (a copy exception's, 707.9e, or its own "enters with"
         abilities, 614.1c) gets them replaced as counters are;
- 111.7, 111.8, 704.5d: a token that left the battlefield ceases to exist
         (state_based_actions.py; game.move keeps it from coming back);
- 707.8a a token copy of a double-faced permanent or card is a double-faced token: both faces,
         the same face up as its original's (face_steps.token_card; issue 40).

A name the step gives that no token gets (fewer were created) names no object: it is observed as
one that does not exist (``zone: null``), like a token that has ceased to exist.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.format import model as s
from reference_engine import counter_replacement, entering, entering_choices, face_steps, layers, log
from reference_engine.characteristics import EMPTY
from reference_engine.copy import CopyEffect, counters_as_it_enters
from reference_engine.damage import LOYALTY
from reference_engine.objects import GameObject, no_counters


class TooFewNames(ValueError):
    """A case names fewer tokens than an effect creates (the case is wrong: give ``tokens``)."""


def create(game: Any, step: s.CreateToken) -> None:
    """``step``'s effect creates its tokens (111.1), as many as the replacement effects make."""
    count = game.replaced_token_count(step.controller, step.count, step.order)  # 614.1a, 616.1
    if log.logging(game):
        log.tokens(game, step, count, counter_replacement.token_replacements(game, step.controller))
    names = step.names
    if count > len(names):
        raise TooFewNames(f"the effect creates {count} tokens and the step names {len(names)}: "
                          f"give tokens: a name for each (CR 111.1, 614.1a)")
    copied = layers.board(game).chars[step.copy_of].copiable if step.copy_of is not None else None
    # 707.8a: a token copy of a double-faced object has its faces (issue 40)
    faces = face_steps.token_card(game, game.objects[step.copy_of], step.exceptions) if step.copy_of is not None else None
    for name in names[:count]:
        _create_one(game, step, name, copied, faces)
    for name in names[count:]:  # no such token: an object that does not exist
        game.objects[name] = GameObject(id=name, card=s.Card(types=()), owner=step.controller, controller=None,
                                        zone=None, timestamp=game.tick(), counters=no_counters(), token=True)


def named_as_111_4(card: s.Card) -> s.Card:
    """111.4: an effect that gives a token no name names it by its subtypes and the word "Token"
    (a 1/1 white Soldier creature token is named "Soldier Token"); the name is one of the values
    the effect gives, so a copiable value (707.2). With no subtype either, the name is "Token"."""
    if card.name is not None:
        return card
    return dataclasses.replace(card, name=" ".join((*card.subtypes, "Token")))


def _create_one(game: Any, step: s.CreateToken, name: str, copied: Any, faces: tuple[s.Card, bool] | None = None) -> None:
    card = faces[0] if faces is not None else named_as_111_4(step.card) if step.card is not None else s.Card(types=())
    token = GameObject(id=name, card=card, owner=step.controller,
                       controller=step.controller, zone="battlefield", timestamp=game.tick(),
                       counters=no_counters(), token=True, token_card=step.card is not None or faces is not None)
    game.objects[name] = token
    layers.invalidate(game)
    pending: dict[str, int] = {}
    if faces is not None:  # 707.8a: both faces, the face up its original has up; its "as enters" abilities apply
        face_steps.set_up(game, token, transformed=faces[1], flipped_=False)
        entering.as_it_enters(game, token, step.choices or s.Choices(), pending)
    elif copied is not None:  # 707.2: a copy; the copy effect gives it its values (613.1)
        effect = entering.add_copy_effect(game, CopyEffect(frozenset({token.ref}), token.timestamp, copied,
                                                           exceptions=step.exceptions))
        if not entering.as_it_enters(game, token, step.choices or s.Choices(), pending):
            # 707.9e: the additional counters of the exceptions, unless a later copy effect applied;
            # 707.9f, 614.12: a conditional part's if the token would be a creature as it entered
            for kind, count in counters_as_it_enters(copied, EMPTY, step.exceptions, effect.conditions(token.ref)).items():
                pending[kind] = pending.get(kind, 0) + count
    else:  # 111.4: its own characteristics; its "as enters" abilities apply (614.12)
        entering.as_it_enters(game, token, step.choices or s.Choices(), pending)
    enter_with(game, token, pending, step.order)


def enter_with(game: Any, obj: GameObject, pending: dict[str, int], order: tuple[str, ...]) -> None:
    """``obj`` has entered the battlefield: with the counters its copy exceptions gave (``pending``),
    its loyalty (306.5b) and its "enters with" abilities (614.1c), all put as it enters (122.6)."""
    counters = dict(pending)
    for kind, count in counter_replacement.entering_counters(game, obj).items():
        counters[kind] = counters.get(kind, 0) + count
    loyalty = counter_replacement.loyalty_as_it_enters(game, obj)
    if loyalty:
        counters[LOYALTY] = counters.get(LOYALTY, 0) + loyalty
    counter_replacement.put_entering(game, obj, counters, order)
    entering_choices.entering(game, obj)  # 614.1c, 614.1d: it enters tapped (issue 40)
