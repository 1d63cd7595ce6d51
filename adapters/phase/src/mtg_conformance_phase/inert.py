"""Abilities given as text only (the format's ``text``): the suite gives them no meaning ("no step
performs it", docs/format.md), yet objects have them, copy them, lose them and report them. phase
reads Oracle text and acts on it: a static ability ("Noncreature spells cost {1} more to cast."),
a trigger ("At the beginning of your upkeep, you lose 2 life.") or a rule ("Juggernaut attacks
each combat if able.") would do in phase what it does not do in the scenario. Such a text is
written for phase as an inert stand-in: an activated ability, "{T}: You gain N life.", that no
step of the suite activates, so it does nothing, while phase keeps it as the object's ability
(copied with it, 707.2; lost with its abilities, 613.1f). N is a number drawn from the text, so
that cards with different texts read differently; when two cards still read alike, the
``abilities`` observable refuses them (:mod:`.abilities`). Text phase reads as activated
abilities only is written as printed (:func:`.cards.text_abilities`).
"""

from __future__ import annotations

import zlib


def stand_in(text: str) -> str:
    """The inert activated ability standing in for ``text`` (same text, same stand-in)."""
    return f"{{T}}: You gain {1000 + zlib.crc32(text.encode('utf-8')) % 1_000_000} life."
