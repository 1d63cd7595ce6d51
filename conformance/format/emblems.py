"""Emblems (issue 41): "[player] gets an emblem with [ability]" (CR 114.1, 114.2).

An effect puts an emblem into the command zone (114.1), owned and controlled by the player who
gets it (114.2). It has the abilities the effect gives and no other characteristic: no name, no
types, no mana cost, no colour (114.3). Its abilities function in the command zone (114.4). It is
neither a card nor a permanent (114.5), so nothing that affects permanents affects it; no step may
name it, a checkpoint aside. Its static abilities have its timestamp, that of the moment it was
put into the command zone (613.7a, 613.7d).

The abilities an emblem may have here (``EMBLEM_ABILITIES``) are static abilities the format
already has whose effect does not depend on their object being a permanent: an anthem
(``static_pt``: "creatures you control get +1/+1", 613.4c), a "becomes" static ability
(``static``: "creatures you control have flying", 613.1), "can't gain / lose life" (119.7, 119.8),
a life floor (614.1a), life-gain and life-loss doublers (614.1a), and ``text``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from conformance.format.abilities import Ability, ability_from
from conformance.format.frozen import frozen
from conformance.format.step import Step

EMBLEM_ABILITIES = ("static_pt", "static", "cant_gain_life", "cant_lose_life", "life_floor",
                    "double_life_gain", "double_life_loss", "text")
"""The abilities an emblem may have, by key (the schema's ``emblem_ability``)."""

COMMAND = "command"
"""The command zone (CR 408): where emblems are, as a checkpoint reports it."""


@frozen(kw_only=True)
class CreateEmblem(Step):
    """``controller`` gets an emblem with ``abilities`` (CR 114.2): it is put into the command zone
    as a new object named ``emblem`` (114.1), with a timestamp (613.7d)."""

    KEY: ClassVar[str] = "create_emblem"
    emblem: str
    controller: str
    abilities: tuple[Ability, ...]

    @classmethod
    def from_plain(cls, body: Mapping[str, Any], default_controller: str) -> CreateEmblem:
        return cls(emblem=body["emblem"], controller=body.get("controller", default_controller),
                   abilities=tuple(ability_from(a) for a in body["abilities"]))
