"""Issue 39: damage scenarios whose elements meet on one event (strategies/_internal/meetings.py and
the triggered-ability part of strategies/_internal/events.py): what they generate, that they stay
within the features, that their triggered abilities never cause each other's events in a loop,
and the plain choices and intent groups they are drawn with."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import strategies as mtg
from conformance.format.choices import choice_problems
from reference_engine import ReferenceEngine
from strategies._internal import events, meetings

FAST = settings(max_examples=60, database=None, deadline=None, suppress_health_check=list(HealthCheck))
DAMAGE_KEYWORDS = ("lifelink", "deathtouch", "infect", "wither")
QUALITY_OF = {v: k for k, v in meetings.QUALITIES.items()}


@pytest.fixture(scope="module")
def sample() -> list[dict[str, Any]]:
    """A fixed sample (derandomized) of damage scenarios, every feature allowed, as plain data."""
    cases = []

    @settings(max_examples=300, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(mtg.damage_scenarios())
    def collect(case):
        cases.append(case.to_dict())
    collect()
    return cases


def _parts(raw: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each action of a case (a ``together``'s parts included) as (kind, body)."""
    found = []
    for step in raw["steps"]:
        (kind, body), = step.items()
        found += [next(iter(p.items())) for p in body] if kind == "together" else [(kind, body)]
    return found


def _keywords(raw, oid) -> set[str]:
    return {a["keyword"] for a in raw["objects"][oid]["card"].get("abilities", []) if "keyword" in a}


def _damage(raw) -> list[dict[str, Any]]:
    return [body for kind, body in _parts(raw) if kind == "damage"]


def _protected_from_its_source(raw) -> bool:
    for body in _damage(raw):
        to, card = body.get("to"), raw["objects"][body["source"]]["card"]
        if to in raw["objects"]:
            for ability in raw["objects"][to]["card"].get("abilities", []):
                if "protection" in ability and QUALITY_OF.get(ability["protection"]) in (*card["colors"], *card["types"]):
                    return True
    return False


def _becomes(raw, test) -> bool:
    return any(kind == "become" and test(body) for kind, body in _parts(raw))


def _changed(key: str, keywords: tuple[str, ...]):
    return lambda body: any(a.get("keyword") in keywords for a in body.get(key, []))


def _flickered(raw) -> bool:
    for step in raw["steps"]:
        parts = step.get("together", [])
        moves = [p["move"] for p in parts if "move" in p]
        if len(moves) == 2 and moves[0]["object"] == moves[1]["object"] and moves[1]["to"] == "battlefield":
            return True
    return False


def _triggered(raw) -> list[tuple[str, dict[str, Any]]]:
    return [(oid, a["triggered"]) for oid, spec in raw["objects"].items() for a in spec["card"].get("abilities", [])
            if "triggered" in a and "event" in a["triggered"]]


@pytest.mark.parametrize("name,predicate", [
    ("a source with two or more damage keywords dealing damage",
     lambda c: any(len(_keywords(c, d["source"]) & set(DAMAGE_KEYWORDS)) >= 2 for d in _damage(c))),
    ("damage to a creature with protection from one of its source's qualities", _protected_from_its_source),
    ("damage that can't be prevented to a protected creature", lambda c: _protected_from_its_source(c) and any(
        d.get("cant_be_prevented") for d in _damage(c))),
    ("a source's colour changed by an effect", lambda c: _becomes(c, lambda b: b.get("colors") is not None)),
    ("a damage keyword gained by an effect", lambda c: _becomes(c, _changed("gains", DAMAGE_KEYWORDS))),
    ("a damage keyword lost by an effect", lambda c: _becomes(c, _changed("loses", DAMAGE_KEYWORDS))),
    ("indestructible gained by an effect", lambda c: _becomes(c, _changed("gains", ("indestructible",)))),
    ("indestructible lost by an effect", lambda c: _becomes(c, _changed("loses", ("indestructible",)))),
    ("control gained by an effect", lambda c: _becomes(c, lambda b: b.get("gain_control"))),
    ("a planeswalker made a creature", lambda c: _becomes(c, lambda b: "creature" in b.get("add_types", [])
                                                          and "planeswalker" in c["objects"][b["to"]]["card"]["types"])),
    ("a permanent controlled by a player other than its owner",
     lambda c: any(spec.get("controller", spec["owner"]) != spec["owner"] for spec in c["objects"].values())),
    ("a triggered ability's permanent controlled by a player other than its owner",
     lambda c: any(c["objects"][oid].get("controller", c["objects"][oid]["owner"]) != c["objects"][oid]["owner"]
                   for oid, _ in _triggered(c))),
    ("a permanent exiled and returned in one event", _flickered),
    ("two triggered abilities on one permanent", lambda c: len({oid for oid, t in _triggered(c) if t["name"] == "t2"}) > 0),
    ("a triggered ability watching a meeting", lambda c: any(t["name"] == "watch" for _, t in _triggered(c))),
    ("a redirection onto a creature", lambda c: any(kind == "redirect_damage" and body["instead_to"] in c["objects"]
                                                     for kind, body in _parts(c))),
    ("+1/+1 counters put at once with damage", lambda c: any(
        {"put_counters", "damage"} <= {next(iter(p)) for p in s.get("together", [])} for s in c["steps"])),
    ("a source of the meeting's own (q1 ...)", lambda c: any(oid.startswith("q") for oid in c["objects"])),
])
def test_damage_scenarios_reach_the_meetings(name, predicate, sample):
    assert any(predicate(case) for case in sample), f"none of {len(sample)} generated scenarios has {name}"


def _cycle(first: dict[str, Any], second: dict[str, Any]) -> bool:
    """Whether two triggered abilities could cause each other's events (603.2) forever: deaths end."""
    def causes(ability):
        (kind, _), = ability["effect"].items()
        return events._CAUSES[kind]

    def event(ability):
        (kind, _), = ability["event"].items()
        return kind
    return event(first) in causes(second) and event(second) in causes(first)


def test_no_triggered_abilities_cause_their_own_or_each_others_events(sample):
    # 603.2: an ability whose effect causes its own event, or two causing each other's, would
    # trigger forever; a -1/-1 counter each time (the watching "put a -1/-1 counter on it") or a
    # death (each creature dies once) comes to an end, and so does a pair of which one ends so
    def ends(ability):
        (effect, body), = ability["effect"].items()
        return effect == "put_counters" and body.get("kind") == "-1/-1"
    for case in sample:
        abilities = [t for _, t in _triggered(case)]
        for a in abilities:
            assert ends(a) or not _cycle(a, a), (case["id"], a)
            for b in abilities:
                if a is not b and not ends(a) and not ends(b):
                    assert not _cycle(a, b), (case["id"], a, b)


@pytest.mark.parametrize("allowed", [
    ["damage", "life", "protection"],
    ["damage", "life", "protection", "color-changing", "cant-be-prevented"],
    ["damage", "indestructible", "ability-changing", "deathtouch"],
    ["damage", "life", "control-changing", "lifelink"],
    ["damage", "planeswalkers", "type-changing", "layer-7b", "infect", "wither"],
    ["damage", "life", "zone-changes", "simultaneous-actions", "counters", "redirection"],
    ["damage", "life", "event-triggers", "triggered-abilities", "layer-7c", "counters", "zone-changes",
     "simultaneous-actions", "lifelink", "life-gain-replacement", "control-changing"],
], ids="+".join)
def test_meetings_stay_within_the_features(allowed):
    @FAST
    @given(mtg.damage_scenarios(features=allowed))
    def check(case):
        assert case.features <= set(allowed)
        assert not list(choice_problems(case.to_dict()))
        assert len(ReferenceEngine().run(case.to_dict())) == len(case.checkpoints)
    check()


def test_nothing_is_met_or_drawn_without_damage():
    intents = [("gain_life", 1, 2, 3, 4)]
    assert meetings.add(None, {}, ["Alex", "Blair"], frozenset({"life"}), intents, 8, ranges=False) == intents


class _Data:
    """A choice sequence standing in for Hypothesis's: each integer drawn is the next value given."""

    def __init__(self, values):
        self.values = list(values)

    def draw_integer(self, low, high, **_):
        value = self.values.pop(0)
        assert low <= value <= high
        return value

    def draw_boolean(self, *_, **__):
        raise AssertionError("a late draw must not be a boolean (meetings.Wide)")

    def start_span(self, label):
        pass

    def stop_span(self, discard=False):
        pass

    def draw(self, strategy):
        raise AssertionError("no strategy is drawn")


def test_wide_choices_draw_0_to_63_and_keep_0_simplest():
    wide = meetings.Wide(_Data([0, 63, 5, 0, 7]).draw)
    assert wide.integer(2, 4) == 2  # the simplest choice is the lowest value
    assert wide.integer(0, 2) == 63 % 3
    assert wide.sample(["a", "b", "c"]) == "c"  # 5 % 3
    assert wide.boolean() is False and wide.boolean() is True


def test_a_group_is_put_whole_and_the_scenarios_own_intents_all_stay():
    own = [("damage", i, 0, 0, 0) for i in range(4)]
    first = meetings.put(own, [("meet", {"a": 1}, 0, 0, 0), ("meet", {"b": 2}, 0, 0, 0)], 1, 3)
    assert [i[:4] for i in first] == [own[0][:4], ("meet", {"a": 1}, 0, 0), ("meet", {"b": 2}, 0, 0), *[i[:4] for i in own[1:]]]
    assert first[1][4] == first[2][4] and isinstance(first[1][4], tuple)  # one group
    second = meetings.put(first, [("cause", 0, 0, 0, 0), ("resolve_triggers", 0, 0, 0, 0)], 9, 3)
    assert second == first  # no room for two more: 2 + 2 > 3; nothing of it put, nothing cut
    third = meetings.put(first, [("cause", 0, 0, 0, 0)], 99, 3)
    assert [i[0] for i in third] == ["damage", "meet", "meet", "damage", "damage", "damage", "cause"]
