"""Parts of :func:`strategies.damage_scenarios` for issue 19: damage modifiers (614.1a, 701.11:
Torbran, Fiery Emancipation), partial prevention (half, all but N: 615.1), prevention with an
additional effect on its own creature (615.5: Phyrexian and Protean Hydras), damage that can't be
prevented (615.12), infect and wither (702.90, 702.80), protection (702.16e); and the keyword an
object of the board may have (:func:`keyword`: one that changes what damage does, or one no step
acts on).

Each is drawn only when ``allowed`` holds its feature and the features it implies (an engine
handling Protean Hydra handles counters), and each shrinks to nothing: the object is left out, the
ability is not added, the flag is false.
"""

from __future__ import annotations

from typing import Any


from strategies._internal.drawing import Chooser, label

from conformance.format.features import IMPLIED

SOURCES = {"zone": ["battlefield", "stack"]}
"""A source is a permanent or a spell (a spell has a controller, 112.1)."""

MODIFIERS = (
    # Fiery Emancipation: triple the damage of any source you control (701.11)
    {"by": {**SOURCES, "controller": "you"}, "times": 3},
    # Torbran: a red source you control, to an opponent or a permanent an opponent controls, +2
    {"by": {**SOURCES, "colors": ["R"], "controller": "you"}, "to": {"controller": "opponent"},
     "to_player": "opponent", "plus": 2},
    # damage to creatures only, +1
    {"to": {"types": ["creature"]}, "plus": 1},
    # damage to you doubled (to_player only: players)
    {"to_player": "you", "times": 2},
    # any damage to any player doubled
    {"to_player": "any", "times": 2},
)

PARTIAL = ({"half": "up"}, {"half": "down"}, {"all_but": 1}, {"to": {"types": ["creature"]}, "half": "up"},
           {"all_but": 2, "by": {"types": ["creature"]}})

EXTRAS = ({"put_counters": "-1/-1"}, {"remove_counters": "+1/+1", "for_each": "damage"},
          {"put_counters": "+1/+1", "for_each": "prevented"}, {"remove_counters": "+1/+1"})

QUALITIES = ("red", "green", "white", "creatures", "instants", "artifacts", "sorceries", "black", "blue")


def can(feature: str, allowed: frozenset[str]) -> bool:
    """Whether a case needing ``feature`` (and what it implies) stays within ``allowed``."""
    return feature in allowed and set(IMPLIED.get(feature, ())) <= allowed


def keywords(allowed: frozenset[str]) -> list[str]:
    """Infect and wither, where allowed (702.90, 702.80)."""
    return [k for k in ("infect", "wither") if can(k, allowed)]


DAMAGE_KEYWORDS = {"lifelink": "lifelink", "deathtouch": "deathtouch", "indestructible": "indestructible"}
"""Keywords that change what damage does (702.15b, 702.2b, 702.12b), by the feature each needs."""

INERT_KEYWORDS = ("flying", "trample", "first strike", "double strike", "vigilance", "reach", "menace",
                  "haste", "defender")
"""Keywords no step acts on (data only, docs/format.md): objects just have them."""

_KEYWORD_SPAN = label("damage keyword")  # a span (drawing.Chooser)


def keyword(draw, allowed: frozenset[str], chance: int = 4, extras: bool = True) -> list[dict[str, Any]]:
    """No keyword (the simplest), or one time in ``chance`` a keyword: one that changes what damage
    does, as ``allowed`` says (twice as likely), or (with ``extras``) one no step acts on."""
    draw = Chooser.of(draw)
    damage = [k for k, feature in DAMAGE_KEYWORDS.items() if feature in allowed] + keywords(allowed)
    choices = [*damage, *damage, *(INERT_KEYWORDS if extras else ())]
    if draw.integer(1, chance) != chance or not choices:
        return []
    return [{"keyword": draw.sample_in_span(choices, _KEYWORD_SPAN)}]


def add_to_board(draw, objects: dict[str, Any], players: list[str], allowed: frozenset[str], *,
                 ranges: bool) -> None:
    """Add a damage modifier (``m1``), a partial preventer (``h1``), a Hydra's ability and a
    protection to creatures already there, each one time in three where allowed. Protection is
    left out under the limited range of influence option (the reference engine does not model it
    there: reference_engine.protection)."""
    draw = Chooser.of(draw)
    owner = players
    creatures = sorted(oid for oid, spec in objects.items() if "creature" in spec["card"]["types"]
                       and spec.get("zone", "battlefield") == "battlefield")
    if can("damage-modifiers", allowed) and draw.integer(0, 2) == 2:
        objects["m1"] = {"card": {"types": ["enchantment"], "colors": ["R"],
                                  "abilities": [{"modify_damage": draw.sample(MODIFIERS)}]},
                         "owner": draw.sample(owner)}
    if can("partial-prevention", allowed) and draw.integer(0, 2) == 2:
        objects["h1"] = {"card": {"types": ["enchantment"], "abilities": [{"prevent_damage": draw.sample(PARTIAL)}]},
                         "owner": draw.sample(owner)}
    if creatures and can("prevention-extras", allowed) and draw.integer(0, 2) == 2:
        hydra = objects[draw.sample(creatures)]
        then = draw.sample(EXTRAS)
        ability = {"prevent_damage": {"to": {"itself": True}, "then": then}}
        hydra["card"]["abilities"] = [*hydra["card"].get("abilities", []), ability]
        if "remove_counters" in then:  # Protean Hydra: its +1/+1 counters are what it loses
            hydra["counters"] = {"+1/+1": draw.integer(1, 4)}
    if creatures and not ranges and can("protection", allowed) and draw.integer(0, 2) == 2:
        protected = objects[draw.sample(creatures)]
        ability = {"protection": draw.sample(QUALITIES)}
        protected["card"]["abilities"] = [*protected["card"].get("abilities", []), ability]


def unpreventable(a: int, b: int, allowed: frozenset[str]) -> bool:
    """Whether a damage step drawn with these numbers can't be prevented (615.12): one time in
    five where allowed, false as the numbers shrink to 0."""
    return can("cant-be-prevented", allowed) and (a + b) % 5 == 4
