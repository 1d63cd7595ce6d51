"""What a case file's ``combat`` step must say that the schema cannot (CR 508, 509, 510.1).

From the case's text: the creatures named are declared objects, an attacker attacks a player or
an object other than itself (508.1b), a blocker blocks a creature the step declares attacking and
is not attacking itself (509.1a), a creature declared tapped as the case starts (or tapped by
attacking in an earlier combat without vigilance, 508.1f) neither attacks nor blocks unless it
left and came back (508.1a, 509.1a, 110.5b), a blocker blocks one attacker unless it has
``block_additional`` (509.1a), a division (``assign``) is by a creature in combat, to
recipients that creature can assign to (510.1b-d, 702.19b), and a creature blocked by two or more
creatures has its division scripted (510.1c: its controller's choice), as has a blocker blocking two or more (510.1d). Where the printed card is
what the object will be (nothing in the case can change its types or abilities: no ``become``,
copy, static or gained ability, and it never re-enters), the printed restrictions are checked
too: defender (702.3b), flying and reach (702.9b, 702.17b), menace (702.111b), protection
(702.16f: a creature with the quality can't block; 702.16j from everything: none can), not a
creature (508.1a, 509.1a), how many attackers a creature may block (509.1a), and haste for a creature that enters during the case (302.6). What depends on
the game as it runs is checked by the reference engine (``reference_engine.combat``), which
refuses an illegal combat rather than judge it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

Problem = tuple[tuple[Any, ...], str]

_CHANGING_STEPS = ("become", "become_copy", "create_token", "turn_face_up", "turn_face_down", "activate", "trigger")


def _fixed(raw: Mapping[str, Any]) -> set[str]:
    """Objects whose printed card is what they are through the case (nothing could change their
    types or abilities, 613.1d, 613.1f, 707.2): used for the printed checks."""
    def walk(steps):
        for step in steps:
            (kind, body), = step.items()
            yield from walk(body) if kind == "together" else ((kind, body),)
    kinds = {kind for kind, _ in walk(raw["steps"])}
    if kinds & set(_CHANGING_STEPS):
        return set()
    for spec in raw["objects"].values():
        if any(key not in _INERT for a in spec["card"].get("abilities", []) for key in a):
            return set()
        if spec.get("face_down") or spec.get("choices"):
            return set()
    return set(raw["objects"])


_INERT = ("keyword", "text", "protection", "block_additional", "mana_ability")
"""Printed abilities that change no object's types or abilities (613.1d, 613.1f)."""

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _has_quality(spec: Mapping[str, Any], quality: str) -> bool:
    """Whether the printed card has the quality a ``protection`` names (702.16a, 702.16j)."""
    card = spec["card"]
    if quality == "everything":
        return True
    if quality in _COLOR_WORDS:
        return _COLOR_WORDS[quality] in card.get("colors", [])
    return ("sorcery" if quality == "sorceries" else quality[:-1]) in card["types"]


def _blocked(value: Any) -> list[str]:
    """The attackers a ``blockers`` entry names (one, or a list)."""
    return [value] if isinstance(value, str) else list(value)


def _additional(spec: Mapping[str, Any]) -> int:
    return sum(a["block_additional"] for a in spec["card"].get("abilities", []) if "block_additional" in a)


def _keywords(spec: Mapping[str, Any]) -> set[str]:
    return {a["keyword"] for a in spec["card"].get("abilities", []) if "keyword" in a}


def tap_ability_problems(body: Mapping[str, Any], at: tuple[Any, ...], raw: Mapping[str, Any],
                         entered: set[str]) -> Iterator[Problem]:
    """Problems of one ``activate_mana`` step (``at`` ends with ``activate_mana``): a creature's {T}
    ability can't be activated the turn it came under its controller's control, unless it has
    haste (302.6, 702.10c): the same reading as for attacking, checked where the printed card is
    what the object will be and ``entered`` the objects that entered since the last ``end_turn``
    (before one, whose turn came next is not said); the reference engine refuses the rest
    (reference_engine.mana)."""
    oid = body["object"]
    spec = raw["objects"].get(oid)
    if spec is not None and oid in entered and oid in _fixed(raw) and "creature" in spec["card"]["types"] \
            and "haste" not in _keywords(spec):
        yield (at + ("object",), f"{oid} is a creature that entered the battlefield during the case and has no haste: "
                                 "its {T} mana ability can't be activated this turn (CR 302.6, 702.10c)")


def step_problems(body: Mapping[str, Any], at: tuple[Any, ...], raw: Mapping[str, Any],
                  objects: Mapping[str, Any], entered: set[str], tapped: set[str] | None = None) -> Iterator[Problem]:
    """Problems of one combat step (``at`` ends with ``combat``); ``entered``: the objects that
    entered the battlefield in an earlier step (302.6); ``tapped``: the objects known tapped as the
    step starts (110.5), to which its attackers without vigilance are added (508.1f)."""
    tapped = set() if tapped is None else tapped
    players = list(raw["players"])
    attackers: Mapping[str, str] = body["attackers"]
    blockers: Mapping[str, str] = body.get("blockers", {})
    fixed = _fixed(raw)
    for attacker, target in attackers.items():
        if attacker not in objects:
            yield (at + ("attackers", attacker), f"undeclared object {attacker!r}")
            continue
        if target not in players and target not in objects:
            yield (at + ("attackers", attacker), f"undeclared player or object {target!r}")
        elif target == attacker:
            yield (at + ("attackers", attacker), f"{attacker} can't attack itself: it attacks a player or a planeswalker (CR 508.1b)")
        spec = raw["objects"].get(attacker)
        if attacker in tapped:
            yield (at + ("attackers", attacker), f"{attacker} is tapped (declared tapped, or it attacked earlier "
                                                  "without vigilance): only untapped creatures attack (CR 508.1a, 508.1f)")
        if spec is not None and attacker in fixed:
            if "creature" not in spec["card"]["types"]:
                yield (at + ("attackers", attacker), f"{attacker} is not a creature: it can't attack (CR 508.1a)")
            if "defender" in _keywords(spec):
                yield (at + ("attackers", attacker), f"{attacker} has defender: it can't attack (CR 702.3b)")
            if attacker in entered and "haste" not in _keywords(spec):
                yield (at + ("attackers", attacker), f"{attacker} entered the battlefield during the case and has no "
                                                      "haste: it can't attack this turn (CR 302.6, 702.10b)")
            if target in players and target == spec.get("controller", spec.get("owner", players[0])):
                yield (at + ("attackers", attacker), f"{attacker} attacks its own controller: it attacks an opponent (CR 508.1b)")
    counts: dict[str, int] = {}
    pairs = [(blocker, attacker) for blocker, value in blockers.items() for attacker in _blocked(value)]
    for blocker, value in blockers.items():
        where = at + ("blockers", blocker)
        if blocker in tapped:
            yield (where, f"{blocker} is tapped (declared tapped, or it attacked earlier without vigilance): only "
                          "untapped creatures block (CR 509.1a, 508.1f)")
        if blocker in fixed and len(_blocked(value)) > 1 + _additional(raw["objects"][blocker]):
            most = 1 + _additional(raw["objects"][blocker])
            yield (where, f"{blocker} blocks {len(_blocked(value))} attackers: a creature blocks one (CR 509.1a), "
                          f"this one at most {most} (give it block_additional: N to block N more)")
    for blocker, attacker in pairs:
        where = at + ("blockers", blocker)
        if blocker not in objects:
            yield (where, f"undeclared object {blocker!r}")
            continue
        if attacker not in attackers:
            yield (where, f"{blocker} blocks {attacker!r}, which this combat step doesn't declare attacking (CR 509.1a)")
            continue
        if blocker in attackers:
            yield (where, f"{blocker} is attacking: it can't block (CR 509.1a)")
        counts[attacker] = counts.get(attacker, 0) + 1
        if blocker in fixed and attacker in fixed:
            spec, attacking = raw["objects"][blocker], raw["objects"][attacker]
            if "creature" not in spec["card"]["types"]:
                yield (where, f"{blocker} is not a creature: it can't block (CR 509.1a)")
            if "flying" in _keywords(attacking) and not _keywords(spec) & {"flying", "reach"}:
                yield (where, f"{attacker} has flying and {blocker} has neither flying nor reach: it can't block it "
                              "(CR 702.9b, 702.17b)")
            for ability in attacking["card"].get("abilities", []):
                quality = ability.get("protection")
                if quality is not None and _has_quality(spec, quality):
                    yield (where, f"{attacker} has protection from {quality}: {blocker} can't block it (CR 702.16f"
                                  f"{', 702.16j' if quality == 'everything' else ''})")
    for attacker, count in counts.items():
        if count == 1 and attacker in fixed and "menace" in _keywords(raw["objects"][attacker]):
            yield (at + ("blockers",), f"{attacker} has menace and one creature blocks it: it can't be blocked except "
                                       "by two or more creatures (CR 702.111b)")
    for key in ("assign", "first_strike_assign"):
        for creature, division in body.get(key, {}).items():
            where = at + (key, creature)
            if creature in attackers:
                allowed = {b for b, a in pairs if a == creature} | {attackers[creature]}
            elif creature in blockers:
                allowed = set(_blocked(blockers[creature]))
            else:
                yield (where, f"{creature} is neither attacking nor blocking in this combat step")
                continue
            for recipient in division:
                if recipient not in allowed:
                    yield (where + (recipient,), f"{creature} can't assign combat damage to {recipient!r}: only to "
                                                 f"{', '.join(sorted(allowed))} (CR 510.1b-d, 702.19b)")
    scripted = set(body.get("assign", {})) | set(body.get("first_strike_assign", {}))
    for attacker, count in counts.items():
        if count >= 2 and attacker not in scripted:
            yield (at + ("assign",), f"{attacker} is blocked by {count} creatures: its controller divides its combat "
                                     f"damage among them as they choose (CR 510.1c); script it as assign: {{{attacker}: "
                                     "{BLOCKER: N, ...}}")
    for blocker, value in blockers.items():
        if len(_blocked(value)) >= 2 and blocker not in scripted:
            yield (at + ("assign",), f"{blocker} blocks {len(_blocked(value))} creatures: its controller divides its "
                                     f"combat damage among them as they choose (CR 510.1d); script it as assign: "
                                     f"{{{blocker}: {{ATTACKER: N, ...}}}}")
    for attacker in attackers:  # 508.1f: attacking taps it, unless it has vigilance (702.20b)
        spec = raw["objects"].get(attacker)
        if spec is not None and attacker in fixed and "vigilance" not in _keywords(spec):
            tapped.add(attacker)
