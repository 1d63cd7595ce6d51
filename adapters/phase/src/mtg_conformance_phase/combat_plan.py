"""The plan of a ``combat`` step (CR 506-511), decided before the game starts: which creatures
attack what (508.1b), which block what (509.1a), and the divisions of combat damage the case
scripts (510.1c, 702.19b), realised later in phase's own combat (:mod:`.combat`). What this
adapter cannot play in phase's combat exactly is refused here, before any game starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mtg_conformance_phase.wording import Sentence
from conformance.errors import Unsupported

COMBAT_KEYWORDS = frozenset({"first strike", "double strike", "trample", "menace", "defender"})
"""Keywords that matter only in a combat phase, printed on a card here (CR 702.7 first strike,
702.4 double strike, 702.19 trample, 702.111 menace, 702.3 defender): phase's own, as it reads them
from the card's Oracle text (its keyword names run the words together: ``FirstStrike``). Flying,
reach, vigilance, haste, lifelink and deathtouch are in :data:`.changes.KEYWORDS`."""


def phase_keyword(word: str) -> str:
    """phase's name of a keyword as it parses it from Oracle text ("First strike" -> "FirstStrike")."""
    return word.title().replace(" ", "")


PROTECTION_PARSES = {
    **{color: {"Protection": {"Color": color.capitalize()}} for color in ("white", "blue", "black", "red", "green")},
    **{kind: {"Protection": {"CardType": kind}} for kind in ("creatures", "artifacts", "instants", "sorceries")},
    "everything": {"Protection": "Everything"},
}
"""The protections written here, "Protection from red" (CR 702.16a, 702.16j), and how phase must
read each: any other reading is refused."""

NUMBER_WORDS = {1: "an additional creature", 2: "two additional creatures", 3: "three additional creatures"}


def block_additional_sentence(oid: str, count: int) -> Sentence:
    """CR 509.1a: "This creature can block an additional creature each combat." (phase's
    ``ExtraBlockers`` static ability of the creature itself)."""
    if count not in NUMBER_WORDS:
        raise Unsupported(f"object {oid!r}: blocking {count} additional creatures is not worded by this adapter")
    return Sentence(f"This creature can block {NUMBER_WORDS[count]} each combat.",
                    {"mode": {"ExtraBlockers": {"count": count}}, "affected": {"type": "SelfRef"}})


PROTECTION_STEPS = frozenset({"combat", "expect", "damage", "become", "end_turn", "resolve_triggers",
                              "move", "gain_life", "lose_life", "double_life", "add_mana", "double_mana",
                              "put_player_counters", "remove_player_counters", "double_counters", "put_counters",
                              "remove_counters", "modify_pt", "set_pt", "switch_pt", "double_pt", "triple_pt"})
"""The steps of a case with protection: each source of damage is the case's own (.damage_sources,
.protected_recipients, a triggered ability's permanent), become and end_turn change and end
qualities and protections in phase's layers; the others deal no damage and make no prevention
effect, and the synthesized spell of a P/T change is colourless and no creature, so it targets a
creature with protection from a colour or from creatures as the format's effect, which has no
source, reaches it (protection from everything: phase refuses the target, unsupported, 702.16b).
Refused: prevention shields and redirection beside a protection (their order with it, 616.1, is
phase's own) but those of a player or an unprotected object (:func:`_apart`), and together
steps."""


def protection_keyword(oid: str, quality: str) -> tuple[str, Any]:
    """The Oracle words of a protection and phase's reading of them (CR 702.16a)."""
    if quality not in PROTECTION_PARSES:
        raise Unsupported(f"object {oid!r}: protection from {quality} is not realised by this adapter")
    return f"Protection from {quality}", PROTECTION_PARSES[quality]


def check_protection(case: Mapping[str, Any]) -> None:
    """Protection (printed, or gained in a step) is realised where every damage dealt is dealt by
    the case's own sources, whose qualities phase knows (CR 702.16e-f, 702.16j): combat damage,
    and damage steps from the source's own ability or a spell of its kind and colours
    (.damage_sources, the protected creature named without targeting it: .protected_recipients);
    other steps are refused: the adapter's effects there are synthesized colourless spells
    standing in for a source, with which protection could not be judged."""
    if not (any("protection" in ability for spec in case["objects"].values()
                for ability in spec["card"].get("abilities", ()))
            or any("'protection'" in str(step) for step in case["steps"])):
        return
    others = sorted({kind for step in case["steps"] for kind in step} - PROTECTION_STEPS
                    - {kind for step in case["steps"] for kind, body in step.items() if _apart(case, kind, body)})
    if others:
        raise Unsupported(f"protection in a case with {', '.join(others)} steps: realised only in cases whose steps are "
                          f"{', '.join(sorted(PROTECTION_STEPS))} (CR 702.16)")


def _apart(case: Mapping[str, Any], kind: str, body: Any) -> bool:
    """Whether a step is kept apart from every protection of the case (CR 702.16): a mana ability
    activated (605.3b: no damage, no prevention), a prevention of all (combat) damage or of all
    damage some sources deal, to anything, or a prevention shield or a redirection whose
    object (the shield's recipient, what damage is redirected to) is a player or an object that
    has no protection printed, where no step gives one (so its order with a protection, 616.1,
    never comes up, and the colourless instant making it targets no protected creature, 702.16b)."""
    if kind == "activate_mana":
        return True
    if kind == "prevent_damage" and body.get("to") is None and body.get("to_each") is None and body.get(
            "amount") is None and (body.get("combat") or body.get("by") is not None):
        # CR 615.1, 616.1: all (combat) damage, or all damage some sources deal, to anything (.plain_spells): its
        # spell targets nothing, and beside a protection's prevention of all of a source's damage the order of the
        # two changes nothing
        return True
    whom = {"prevent_damage": "to", "redirect_damage": "instead_to"}.get(kind)
    if whom is None or body.get(whom) is None or "'protection'" in str(case["steps"]):
        return False
    spec = case["objects"].get(body[whom])
    return spec is None or not any("protection" in ability for ability in spec["card"].get("abilities", ()))


DIVISION_CHANGERS = ("double_damage", "modify_damage", "prevent_damage")
"""Abilities that change combat damage after it is divided (614.1a, 615.1), so that phase's damage
events no longer show the division itself."""


def check_blocker_division(case: Mapping[str, Any], body: Mapping[str, Any], blocker: str) -> None:
    """A creature blocking several attackers divides its combat damage among them as its
    controller chooses (CR 510.1d). phase asks nobody: it splits the damage evenly, the first
    attacker getting the remainder (its ``AssignBlockerDamage`` prompt is for banding only,
    702.22k). Such a combat is played as the case declares it, and where the case's division is
    not phase's split the checkpoints show phase's disagreement with 510.1d (adapters/phase/README.md).
    Refused where the division is not the case's alone to show: none scripted (nothing to compare),
    a double striker's two divisions, damage modified or prevented after it is divided (doublers,
    modifiers, static or one-shot prevention: a difference could come from them), infect or wither."""
    scripts = [blocker in (body.get(key) or {}) for key in ("assign", "first_strike_assign")]
    if scripts.count(True) != 1:
        raise Unsupported(f"{blocker} blocks several attackers and the case scripts {'no' if not any(scripts) else 'two'} "
                          "divisions of its combat damage (CR 510.1d, 510.4)")
    keys = {key for spec in case["objects"].values() for ability in spec["card"].get("abilities", ())
            for key, value in ability.items() if key in DIVISION_CHANGERS or value in ("infect", "wither")}
    steps = [kind for step in case["steps"] for kind in step if kind in ("prevent_damage", "redirect_damage")]
    if keys or steps or any(word in str(case["steps"]) for word in ("infect", "wither")):
        raise Unsupported(f"{blocker} blocks several attackers in a case with {sorted(keys) or steps or 'infect'}: the "
                          "division phase makes (CR 510.1d) is not read back from damage that is then changed")


@dataclass
class CombatPlan:
    """A combat phase: each attacker and what it attacks (a player or a planeswalker, by case id),
    each blocker and the attackers it blocks, and the scripted divisions (creature -> recipient
    -> amount) of the regular and the first-strike combat damage steps."""

    attackers: dict[str, str]
    blockers: dict[str, list[str]] = field(default_factory=dict)
    assign: dict[str, dict[str, int]] = field(default_factory=dict)
    first_strike_assign: dict[str, dict[str, int]] = field(default_factory=dict)
    affected: str | None = None  # the player or object whose scripted order of replacement effects (616.1) ...
    order: tuple[Any, ...] = ()  # ... applies to the combat damage it is dealt (.damage_sources.damage_order)

    def blocks(self) -> list[tuple[str, str]]:
        return [(blocker, attacker) for blocker, attackers in self.blockers.items() for attacker in attackers]

    def script(self, first_strike: bool) -> dict[str, dict[str, int]]:
        return self.first_strike_assign if first_strike else self.assign


def plan_combat(case: Mapping[str, Any], body: Mapping[str, Any]) -> CombatPlan:
    """A ``combat`` step as phase will play it; raise Unsupported for what is not realised. A
    scripted order of replacement effects (616.1) is added by the plan (.damage_sources.damage_order)."""
    blockers = {}
    for blocker, blocked in (body.get("blockers") or {}).items():
        blockers[blocker] = [blocked] if isinstance(blocked, str) else list(blocked)
        if len(blockers[blocker]) > 1:
            check_blocker_division(case, body, blocker)
    for oid in [*body["attackers"], *blockers]:
        spec = case["objects"].get(oid)
        if spec is None:
            raise Unsupported(f"{oid!r} in combat is not one of the case's objects (a token): not realised here")
    return CombatPlan(attackers=dict(body["attackers"]), blockers=blockers,
                      assign={k: dict(v) for k, v in (body.get("assign") or {}).items()},
                      first_strike_assign={k: dict(v) for k, v in (body.get("first_strike_assign") or {}).items()})
