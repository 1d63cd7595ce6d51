"""Metamorphic laws about copies and */* abilities, and a differential check on copy scenarios
(the entries are in :data:`conformance.laws.catalogue.PROPERTIES`).

- a copy's copiable values ignore counters, pumps, switches and type, colour and ability changes
  on the original, and later changes to it (707.2, 707.2b): a Clone entering as a copy of a changed
  creature, which is changed again afterwards, is what it would be copying the unchanged creature;
- a */* card off the battlefield takes the value its ability gives on the board the engine itself
  reports, any number that can't be determined (about the chosen player, whom nobody chose off
  the battlefield) counting as 0 (208.2a, 604.3); one whose P/T is chosen as it enters is 0/0
  (208.2b);
- on scenarios from :func:`strategies.copy_scenarios`, the engine reports what the reference
  engine reports (copies of copies, face-down permanents, token copies).

The two laws need no oracle: the first compares the engine's answers on two scenarios, the second
its answer with the board it reports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import assume, event
from hypothesis import strategies as st

import strategies as mtg
from conformance.laws.property import Subject, agrees_with_reference
from conformance.results.compare import same
from strategies._internal.copies import _STAR_TERMS
from strategies._internal.copies import CLONE as CLONE_CARD


CHANGE_FEATURES = {
    "modify_pt": "layer-7c", "put_counters": "counters", "switch_pt": "layer-7d", "set_pt": "layer-7b",
    "double_pt": "double-pt", "add_type": "type-changing", "color": "color-changing", "flying": "ability-changing",
}
"""The changes made to an original, and the feature each needs."""


def usable(check: Any, features: frozenset[str]) -> bool:
    """Whether a law of this module means anything for an engine with ``features``."""
    if check is copy_ignores_changes_to_the_original:
        return "copy-effects" in features and any(f in features for f in CHANGE_FEATURES.values())
    if check is star_cards_take_their_value:
        return {"layer-7a", "zone-changes"} <= features
    return "copy-effects" in features


CLONE = {"zone": "hand", "card": {**CLONE_CARD, "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}}
"""A plain Clone in its owner's hand."""


def _changes(data, features: frozenset[str], label: str) -> list[dict[str, Any]]:
    """Changes to ``x`` that a copy does not copy, none of which can make ``x`` die."""
    kinds = [kind for kind, needs in CHANGE_FEATURES.items() if needs in features]
    steps = []
    for kind in data.draw(st.lists(st.sampled_from(kinds), max_size=4), label=label):
        if kind == "modify_pt":
            steps.append({"modify_pt": {"to": "x", "power": data.draw(st.integers(0, 3)), "toughness": data.draw(st.integers(0, 3))}})
        elif kind == "put_counters":
            steps.append({"put_counters": {"object": "x", "kind": data.draw(st.sampled_from(["+1/+1", "+1/+0"])),
                                           "count": data.draw(st.integers(1, 2))}})
        elif kind == "switch_pt":
            steps.append({"switch_pt": {"to": "x"}})
        elif kind == "set_pt":
            steps.append({"set_pt": {"to": "x", "power": data.draw(st.integers(1, 5)), "toughness": data.draw(st.integers(1, 5))}})
        elif kind == "double_pt":
            steps.append({"double_pt": {"to": "x", "which": data.draw(st.sampled_from(["power", "toughness", "both"]))}})
        elif kind == "add_type":
            steps.append({"become": {"to": "x", "add_types": ["artifact"], "add_subtypes": ["Golem"]}})
        elif kind == "color":
            steps.append({"become": {"to": "x", "colors": [data.draw(st.sampled_from("WUBRG"))]}})
        else:
            steps.append({"become": {"to": "x", "gains": [{"keyword": "flying"}]}})
    return steps


def copy_ignores_changes_to_the_original(subject: Subject, data, features: frozenset[str]) -> None:
    original = data.draw(mtg.original_objects(features=features - {"static-abilities"}), label="original")
    clone = data.draw(mtg.clone_objects(features=features), label="clone") if data.draw(st.booleans()) else CLONE
    before, after = _changes(data, features, "changes before"), _changes(data, features, "changes after")
    assume(before or after)
    enters = {"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "x"}}}
    observe = {"expect": {"objects": {"x": {}, "clone": {}}}}
    objects = {"x": original, "clone": clone}
    changed = mtg.build_case(objects, [*before, enters, *after, observe], summary="a copy of a changed creature",
                             case_id="707.2/generated")
    plain = mtg.build_case(objects, [enters, observe], summary="a copy of the unchanged creature", case_id="707.2/generated")
    for step in before + after:
        event(f"change {next(iter(step))}")
    a, b = subject.final(changed), subject.final(plain)
    assume(a["x"].get("zone") == "battlefield" and a["clone"].get("zone") == "battlefield")
    for key in sorted(set(a["clone"]) & set(b["clone"])):
        if not same(a["clone"][key], b["clone"][key]):
            subject.fail(f"a Clone copying a creature with {len(before)} changes before it entered and {len(after)} "
                         f"after reports clone.{key} = {a['clone'][key]!r}; copying the unchanged creature it reports "
                         f"{b['clone'][key]!r}; counters, effects and later changes are not copied (707.2, 707.2b)")


def star_cards_take_their_value(subject: Subject, data, features: frozenset[str]) -> None:
    board_features = features & {"layer-7a", "layer-7b", "layer-7c", "layer-7d", "counters", "zone-changes", "static-abilities"}
    if not board_features & {"layer-7b", "layer-7c", "layer-7d"}:
        board_features |= {"layer-7c"}
    objects = data.draw(mtg.boards(max_objects=5, features=board_features), label="board")
    star = data.draw(mtg.star_cards(features=features), label="star card")
    objects["s"] = star
    moves = data.draw(st.lists(st.tuples(st.sampled_from(sorted(set(objects) - {"s"})),
                                         st.sampled_from(["graveyard", "exile", "battlefield", "hand"])), max_size=3),
                      label="moves")
    steps = [{"move": {"object": oid, "to": zone}} for oid, zone in moves]
    case = mtg.build_case(objects, [*steps, {"expect": {"objects": {oid: {} for oid in objects}}}],
                          summary="a */* card off the battlefield", case_id="208.2a/generated")
    reported = subject.final(case)
    want = _star_value(star, objects, reported, case)
    event(f"*/* ability: {_kind(star)}")
    got = (reported["s"].get("power"), reported["s"].get("toughness"))
    if got != (want, want):
        subject.fail(f"the */* card s in the {star['zone']} ({_kind(star)}) must be {want}/{want} on the board the engine "
                     f"reports, a number that can't be determined counting as 0 (208.2a); the engine says {got[0]}/{got[1]}")


def _kind(star: Mapping[str, Any]) -> str:
    (key, body), = star["card"]["abilities"][0].items()
    if key == "as_enters_pt":
        return "P/T chosen as it enters"
    term = body["power"]["sum"][1] if "sum" in body["power"] else body["power"]
    return next(k for k, v in _STAR_TERMS.items() if v == term)


def _star_value(star: Mapping[str, Any], objects: Mapping[str, Any], reported: Mapping[str, Any], case: Any) -> int:
    """What the star card's ability gives on the board the engine reports (208.2a, 208.2b)."""
    (key, body), = star["card"]["abilities"][0].items()
    if key == "as_enters_pt":
        return 0  # 208.2b: off the battlefield
    expression = body["power"]
    base, term = (expression["sum"][0], expression["sum"][1]) if "sum" in expression else (0, expression)
    you = star.get("owner", case.players[0])

    def zone(oid: str) -> Any:
        return reported[oid].get("zone")

    def types(oid: str) -> list[str]:
        return objects[oid]["card"]["types"]  # no effect here changes a card type

    kind = _kind(star)
    if kind == "creatures you control":
        value = sum(1 for oid in objects if zone(oid) == "battlefield" and "creature" in types(oid)
                    and reported[oid].get("controller", objects[oid].get("owner", case.players[0])) == you)
    elif kind == "creatures the chosen player controls":
        value = 0  # off the battlefield, no player was chosen (208.2a)
    elif kind == "creature cards in your graveyard":
        value = sum(1 for oid in objects if zone(oid) == "graveyard" and "creature" in types(oid)
                    and objects[oid].get("owner", case.players[0]) == you)
    elif kind == "card types in graveyards":
        value = len({t for oid in objects if zone(oid) == "graveyard" for t in types(oid)})
    else:
        value = next(p.life for p in case.player_states if p.name == you)
    return base + value


def copies_agree_with_reference(subject: Subject, data, features: frozenset[str]) -> None:
    case = data.draw(mtg.copy_scenarios(features=features, checkpoints="sparse"), label="scenario")
    for rule in case.rules:
        event(f"rule {rule}")
    agrees_with_reference(subject, case, ("objects",))
