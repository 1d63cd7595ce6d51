"""Drawing cards (issue 40, CR 121): a triggered ability's ``draw`` effect, and the order of a
library (``library_position`` on a card declared in one).

A player draws a card by putting the top card of their library into their hand (121.1), one at a
time (121.2). A library's cards are in an order no one may change (401.2): a case gives each card
it declares in a library its ``library_position``, 1 being the top. A player who would draw from
an empty library draws nothing and loses the game the next time state-based actions are checked
(121.4, 704.5b). Wall of Omens's "When this creature enters, draw a card." is
``{triggered: {name: omens, when: "When this creature enters", event: {enters: {itself: true}},
effect: {draw: {count: 1}}}}``: the ability's controller draws (a Clone copying it has it, and its
controller draws, 707.5).
"""

from __future__ import annotations

from conformance.format.frozen import frozen


@frozen
class EffectDraw:
    """The ability's controller draws ``count`` cards, one at a time (CR 121.1, 121.2)."""

    count: int = 1
