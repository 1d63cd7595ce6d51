"""Targets (issue 40): whether a player or an object may be the target of a spell or ability, as
it is chosen (CR 601.2c, 602.2b, 603.3d) and again as it resolves (608.2b).

- 115.4   "any target" is a player, or a creature, planeswalker or battle on the battlefield;
          "target creature" a creature on the battlefield (115.1, 109.2);
- 801.4   a player outside the controller's range of influence, or an object a player outside it
          controls (801.2d), can't be a target of that controller's spells and abilities;
- 801.5a  a player choosing a target (Cuombajj Witches' "of an opponent's choice") chooses one within
          their own range too;
- 702.18a shroud: it can't be the target of spells or abilities;
- 702.11b hexproof: it can't be the target of spells or abilities its controller's opponents
          control;
- 702.16b protection from a quality: it can't be the target of spells with the quality, nor of
          abilities from a source with the quality (the spell, or the ability's source, as it is now,
          613.1; a source that left the battlefield as it last existed there, 113.7a);
- 115.1   a "can't be the target of" static ability of a permanent (``cant_be_targeted``):
          the permanents its filter matches now, against spells and abilities of the players it names.

What happens to an illegal choice is the caller's: a spell or an activated ability with one can't
be cast or activated, and the game goes back to before it was proposed (601.2e, 602.2b): nothing
happens; a triggered ability's is refused (603.3d: the case names a choice the player could not
make); as it resolves, an illegal target is not affected, and a spell or ability whose every target
is illegal does nothing (608.2b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from conformance.errors import Unsupported
from conformance.format import model as s
from conformance.format.abilities import PROTECTION_QUALITIES
from conformance.format.targets import CantBeTargeted, HEXPROOF, SHROUD
from reference_engine import layers
from reference_engine.range_of_influence import as_source, controller_of, in_range, matches_now

if TYPE_CHECKING:
    from reference_engine.objects import GameObject
    from reference_engine.state import GameState

ANY_TARGET = ("creature", "planeswalker", "battle")
"""The permanents "any target" may be, besides a player (CR 115.4)."""

CREATURE = ("creature",)
""""Target creature" (115.1)."""


def illegal(game: GameState, name: str, *, source: GameObject, controller: str, kinds: tuple[str, ...] = ANY_TARGET,
            players: bool = True, chooser: str | None = None) -> str | None:
    """Why ``name`` (a player or an object) can't now be a target of a spell (``source`` on the
    stack or being cast) or an ability of ``source``, controlled by ``controller``, chosen by
    ``chooser`` (default: the controller); ``None``: it can."""
    choosers = {controller, chooser or controller}
    if name in game.player_states:
        if not players:
            return f"{name} is a player, and the target must be a permanent (CR 115.1)"
        outside = next((p for p in sorted(choosers) if not game.reaches(p, name, choosing=p != controller)), None)
        return f"{name} is outside {outside}'s range of influence (CR 801.4, 801.5a)" if outside else None
    obj = game.objects.get(name)
    if obj is None or obj.zone != "battlefield":
        return f"{name} is not on the battlefield (CR 115.4)"
    values = layers.board(game).chars[obj.id].values
    if not any(kind in values.types for kind in kinds):
        return f"{name} is not a {' or '.join(kinds)} (CR 115.4)"
    outside = next((p for p in sorted(choosers) if not game.reaches(p, name, choosing=p != controller)), None)
    if outside:
        return f"{name} is controlled by a player outside {outside}'s range of influence (CR 801.4, 801.5a)"
    return game.untargetable(obj, source=source, controller=controller)


def untargetable(game: GameState, obj: GameObject, *, source: GameObject, controller: str) -> str | None:
    """Why the permanent ``obj`` can't be the target of a spell or ability of ``source`` that
    ``controller`` controls, whatever kind of target is asked for: shroud, hexproof, protection,
    a "can't be the target of" ability; ``None``: nothing stops it."""
    values = layers.board(game).chars[obj.id].values
    if values.has_keyword(SHROUD):  # 702.18a
        return f"{obj.id} has shroud (CR 702.18a)"
    if values.has_keyword(HEXPROOF) and controller != controller_of(game, obj):  # 702.11b
        return f"{obj.id} has hexproof and {controller} is an opponent of its controller (CR 702.11b)"
    for ability in values.has_ability(s.Protection):  # 702.16b
        if _has_quality(_source_values(game, source), ability.quality):
            return f"{obj.id} has protection from {ability.quality} (CR 702.16b)"
    for permanent in list(game.objects.values()):  # 115.1: "can't be the target of"
        if permanent.zone != "battlefield":
            continue
        for ability in layers.board(game).chars[permanent.id].values.has_ability(CantBeTargeted):
            you = controller_of(game, permanent)
            if (ability.by == "each" or controller != you) and matches_now(game, ability.affects, obj, you=you,
                                                                           source=permanent):
                return f"{obj.id} can't be the target of {controller}'s spells or abilities ({permanent.id}, CR 115.1)"
    return None


def _source_values(game: GameState, source: GameObject) -> Any:
    """The characteristics of a spell (being cast, or on the stack) or an ability's source now
    (613.1), or as it last existed on the battlefield (113.7a)."""
    if source.zone in ("battlefield", "stack", "hand"):
        return layers.board(game).chars[source.id].values
    return as_source(game, source).values


def _has_quality(values: Any, quality: str) -> bool:
    """Whether an object with ``values`` has protection's ``quality`` (702.16a, 702.16j)."""
    if quality == "everything":
        return True
    field_, value = PROTECTION_QUALITIES[quality]
    return value in getattr(values, field_)


def still_legal(game: GameState, name: str, ref: Any, **kwargs: Any) -> bool:
    """608.2b: whether the target ``name``, chosen as the object ``ref`` (a player: ``ref`` is the
    name), is still legal as the spell or ability resolves: the same object (400.7), and nothing
    that makes it illegal now (``kwargs``: as for :func:`illegal`)."""
    if name in game.objects and game.objects[name].ref != ref:
        return False
    return game.illegal_on_resolution(name, **kwargs) is None


def refuse_copy_target(game: GameState, target: str, source: GameObject, controller: str) -> None:
    """An ability making its object a copy of its ``target`` (707.4): the format lets that object be
    in any zone, so what may be targeted is not settled here; one that shroud, hexproof, protection
    or a "can't be the target of" ability could stop is refused (Unsupported)."""
    obj = game.objects.get(target)
    if obj is not None and obj.zone == "battlefield":
        why = untargetable(game, obj, source=source, controller=controller)
        if why is not None:
            raise Unsupported(f"{source.id}'s ability becomes a copy of {target}, and {why}: whether it may be that "
                              "ability's target is not modelled")


class TargetRules:
    """Targeting's hooks on the game (a mutant engine overrides one)."""

    def reaches(self, player: str, name: str, *, choosing: bool) -> bool:
        """801.4, 801.5a: whether the player or object ``name`` is within ``player``'s range, the
        controller's (``choosing``: the player choosing a target for another's ability)."""
        return in_range(self, player, name)  # type: ignore[arg-type]

    def untargetable(self, obj: GameObject, *, source: GameObject, controller: str) -> str | None:
        """702.18a, 702.11b, 702.16b, 115.1: :func:`untargetable`."""
        return untargetable(self, obj, source=source, controller=controller)  # type: ignore[arg-type]

    def illegal_on_resolution(self, name: str, **kwargs: Any) -> str | None:
        """608.2b: why a target is illegal as its spell or ability resolves (:func:`illegal`)."""
        return illegal(self, name, **kwargs)  # type: ignore[arg-type]
