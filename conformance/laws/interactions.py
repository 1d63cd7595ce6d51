"""Interactions: elements of the format that meet on one event or one object (``coverage --pairs``).

Engines break where two rules meet: a two-coloured source dealing damage to a creature with
protection from one of its colours, wither damage meeting a prevention shield, a first striker with
lifelink when part of its damage is prevented. The element coverage counts each element; this
module counts their meetings.

The meetings worth checking are declared, from the rules, in one table
(``conformance/data/interactions.yaml``): each row names a kind of event, the *facets* that meet on
one such event, the rules that make their meeting matter, and why. A facet is a named test of one
entry of the reference engine's log (``reference_engine.log``: each damage event as replacement and
prevention effects left it, each counter event, each trigger, each state-based action, what layer 7
applies to each creature at a checkpoint, ...), declared here with the rule it stands for.
:func:`met` runs a case on the reference engine with its log and says which rows met.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from conformance.errors import Unsupported

Entry = Mapping[str, Any]

DAMAGE_KEYWORDS = ("lifelink", "deathtouch", "infect", "wither", "trample", "first strike", "double strike")
"""Keywords that change what a source's damage does or when it is dealt (702.15, 702.2, 702.90,
702.80, 702.19, 702.7, 702.4)."""

PREVENTION = ("shield", "prevent all", "static prevention", "partial prevention", "protection")
"""Kinds of prevention effect the log names (615, 702.16e)."""


@dataclass(frozen=True)
class Facet:
    """One thing an event may have (its ``event`` kind, its ``name``), the rules that say what it
    does, and the test of a log entry."""

    event: str
    name: str
    rules: tuple[str, ...]
    test: Callable[[Entry], bool]

    def __repr__(self) -> str:
        return f"Facet({self.event!r}, {self.name!r})"


FACETS: dict[str, dict[str, Facet]] = {}


def facet(event: str, name: str, *rules: str) -> Callable[[Callable[[Entry], bool]], Callable[[Entry], bool]]:
    """Declare the facet ``name`` of events of kind ``event``, citing ``rules``."""
    def declare(test: Callable[[Entry], bool]) -> Callable[[Entry], bool]:
        FACETS.setdefault(event, {})[name] = Facet(event, name, rules, test)
        return test
    return declare


def _declare(event: str, table: Mapping[str, tuple[tuple[str, ...], Callable[[Entry], bool]]]) -> None:
    for name, (rules, test) in table.items():
        facet(event, name, *rules)(test)


# --- damage: one source's damage to one recipient, as the effects left it (120, 614-616) ----------

def _src(e: Entry) -> Entry:
    return e["source"]


def _kinds(e: Entry) -> list[str]:
    return [a["kind"] for a in e["applied"]]


def _recipient_is(*kinds: str) -> Callable[[Entry], bool]:
    def test(e: Entry) -> bool:
        r = e["recipient"]
        if "player" in r:
            return "player" in kinds
        is_walker, is_creature = "planeswalker" in r["types"], "creature" in r["types"]
        kind = ("planeswalker creature" if is_creature else "planeswalker") if is_walker else "creature"
        return kind in kinds
    return test


def _has(keyword: str) -> Callable[[Entry], bool]:
    return lambda e: keyword in _src(e)["keywords"]


def _applied(*kinds: str) -> Callable[[Entry], bool]:
    return lambda e: any(k in kinds for k in _kinds(e))


def _damage_keywords(values: Entry) -> set[str]:
    return {k for k in values if k in DAMAGE_KEYWORDS}


def _after_actions_at_once(e: Entry) -> bool:
    """Whether ``e`` happened in an event of several actions (a ``together``, 704.3, 603.2c): in one
    of its parts, or once they were all done (what the event caused triggers then, 603.2c, 119.10;
    state-based actions are checked then, 704.3), or in a combat damage step (510.2)."""
    return bool(e.get("together")) or e.get("step") == "together" or "combat_step" in e


_declare("damage", {
    "source of two or more colours": (("105.2",), lambda e: len(_src(e)["colors"]) >= 2),
    "source whose colour changed": (("613.1e",), lambda e: _src(e)["colors"] != _src(e)["copiable_colors"]),
    "spell as source": (("120.1", "608.2h"), lambda e: _src(e)["zone"] == "stack"),
    "source that left the battlefield": (("113.7a",), lambda e: _src(e)["zone"] not in ("battlefield", "stack")),
    "noncreature permanent as source": (("120.1",), lambda e: _src(e)["zone"] == "battlefield"
                                        and "creature" not in _src(e)["types"]),
    "source controlled by another than its owner": (("108.4", "613.1b"),
                                                    lambda e: _src(e)["controller"] != _src(e)["owner"]),
    "lifelink": (("702.15b",), _has("lifelink")),
    "deathtouch": (("702.2b",), _has("deathtouch")),
    "infect": (("702.90b", "702.90c"), _has("infect")),
    "wither": (("702.80a",), _has("wither")),
    "trample": (("702.19b",), _has("trample")),
    "double strike": (("702.4b",), _has("double strike")),
    "source with two or more damage keywords": (("702.15b", "702.2b", "702.19b"),
                                                lambda e: len(_damage_keywords(_src(e)["keywords"])) >= 2),
    "damage keyword gained": (("613.1f",), lambda e: bool(_damage_keywords(_src(e)["keywords"])
                                                           - set(_src(e)["copiable_keywords"]))),
    "damage keyword lost": (("613.1f",), lambda e: bool(_damage_keywords(_src(e)["copiable_keywords"])
                                                         - set(_src(e)["keywords"]))),
    "combat damage": (("510.2",), lambda e: e["combat"]),
    "noncombat damage": (("120.2",), lambda e: not e["combat"]),
    "first combat damage step": (("510.4",), lambda e: e.get("combat_step") == "first strike"),
    "second combat damage step": (("510.4",), lambda e: e.get("combat_step") == "regular"),
    "damage dealt at once with other damage": (("510.2", "603.2c"),
                                               lambda e: bool(e.get("together")) or "combat_step" in e),
    "to a player": (("120.3a",), _recipient_is("player")),
    "to a creature": (("120.3e",), _recipient_is("creature")),
    "to a planeswalker": (("120.3c",), _recipient_is("planeswalker")),
    "to a planeswalker creature": (("120.3c", "120.3e"), _recipient_is("planeswalker creature")),
    "to an indestructible creature": (("702.12b",), lambda e: "player" not in e["recipient"]
                                      and "indestructible" in e["recipient"]["keywords"]),
    "to a creature with protection": (("702.16e",), lambda e: "player" not in e["recipient"]
                                      and "protection" in e["recipient"]["abilities"]),
    "protection prevents": (("702.16e",), _applied("protection")),
    "prevention shield": (("615.7",), _applied("shield")),
    "prevention of all damage": (("615.1",), _applied("prevent all")),
    "static prevention": (("615.10",), _applied("static prevention")),
    "partial prevention": (("615.1",), _applied("partial prevention")),
    "any prevention": (("615.1", "702.16e"), _applied(*PREVENTION)),
    "prevention with an additional effect": (("615.5",), lambda e: any(a["then"] for a in e["applied"])),
    "damage that can't be prevented": (("615.12",), lambda e: e["unpreventable"]),
    "partly prevented": (("615.6",), lambda e: _applied(*PREVENTION)(e) and e["amount"] > 0
                         and not e["unpreventable"]),  # 615.12: damage that can't be prevented loses none
    "doubled": (("701.10g",), _applied("double")),
    "tripled": (("701.11",), _applied("triple")),
    "plus N": (("614.1a",), _applied("plus")),
    "redirected": (("614.9",), _applied("redirection", "static redirection")),
    "redirected by a static ability": (("614.9", "604.2"), _applied("static redirection")),
    "damage that can't be redirected": (("614.9",), lambda e: bool(e.get("unredirectable"))),
    "prevention whose additional effect deals damage": (("615.5", "120.1"),
                                                        lambda e: any(a.get("then_deals_damage") for a in e["applied"])),
    "two or more effects in order": (("616.1",), lambda e: len(e["applied"]) >= 2),
    "limited range of influence": (("801.2",), lambda e: bool(e.get("ranges"))),
    "replacement of a permanent controlled by another than its owner": (
        ("613.1b", "614.1a"), lambda e: any(a.get("controller") != a.get("owner") for a in e["applied"] if "owner" in a)),
})

# --- counters: one event putting counters of one kind on a permanent (122.1, 614.1a, 614.16) -----


def _modes(e: Entry) -> list[str]:
    return [r["mode"] for r in e["replacements"]]


def _counter_way(e: Entry) -> str:
    if e["cost"]:
        return "cost"
    if e["entering"]:
        return "entering"
    return e.get("cause") or ("trigger" if e.get("resolving") else e.get("step", ""))


_declare("counters", {
    "put by an effect": (("122.1", "614.16"), lambda e: _counter_way(e) in ("put_counters",)),
    "put as a cost": (("606.4", "614.16"), lambda e: e["cost"]),
    "put as the permanent enters": (("122.6", "614.1c"), lambda e: e["entering"]),
    "put by a triggered ability": (("603.2", "614.16"), lambda e: _counter_way(e) == "trigger"),
    "put by a prevention effect's additional effect": (("615.5", "614.16"),
                                                        lambda e: _counter_way(e) == "prevention"),
    "put by doubling counters": (("701.10e",), lambda e: _counter_way(e) == "double_counters"),
    "twice that many": (("614.1a",), lambda e: "double" in _modes(e)),
    "that many plus N": (("614.1a",), lambda e: "plus" in _modes(e)),
    "half that many": (("614.1a",), lambda e: "half" in _modes(e)),
    "two or more counter replacements": (("616.1",), lambda e: len(e["replacements"]) >= 2),
    "replacement limited to a kind of counter": (("614.1a",), lambda e: any(r.get("kind") for r in e["replacements"])),
    "replacement limited to some permanents": (("614.1a",), lambda e: any(r.get("on") for r in e["replacements"])),
    "replacement limited by who puts the counters": (("614.1a",), lambda e: any(
        r.get("by_you") or r.get("by_opponent") for r in e["replacements"])),
    "replacement that applies to costs too": (("614.16",), lambda e: any(r.get("costs") for r in e["replacements"])),
    "twice that many, by a replacement for effects only": (("614.16", "614.1a"), lambda e: any(
        r["mode"] == "double" and not r.get("costs") for r in e["replacements"])),
    "counters an opponent puts": (("122.6a",), lambda e: not e["by_controller"]),
    "+1/+1 counters": (("122.1a",), lambda e: e["kind"] == "+1/+1"),
    "-1/-1 counters": (("122.1a",), lambda e: e["kind"] == "-1/-1"),
    "loyalty counters": (("306.5b", "606.4"), lambda e: e["kind"] == "loyalty"),
    "none left to put": (("616.1e",), lambda e: e["count"] > 0 and e["put"] == 0),
    "on a permanent controlled by another than its owner": (("108.4",), lambda e: e["object"]["controller"]
                                                            != e["object"]["owner"]),
    "replacement of a permanent controlled by another than its owner": (
        ("613.1b", "614.1a"), lambda e: any(r["controller"] != r["owner"] for r in e["replacements"])),
    "on a token": (("111.1",), lambda e: e["object"]["token"]),
})

# --- tokens: one effect creating tokens (111.1, 614.1a) --------------------------------------------

_declare("tokens", {
    "token copies": (("707.2", "111.1"), lambda e: e["copy"]),
    "copies with exceptions": (("707.9",), lambda e: e["copy"] and e["exceptions"]),
    "tokens with given characteristics": (("111.4",), lambda e: not e["copy"]),
    "twice that many tokens": (("614.1a",), lambda e: "double" in _modes(e)),
    "that many plus N tokens": (("614.1a",), lambda e: "plus" in _modes(e)),
    "two or more token replacements": (("616.1",), lambda e: len(e["replacements"]) >= 2),
    "replacement for anyone's tokens": (("614.1a",), lambda e: any(r.get("under") for r in e["replacements"])),
    "replacement of a permanent controlled by another than its owner": (
        ("613.1b", "614.1a"), lambda e: any(r["controller"] != r["owner"] for r in e["replacements"])),
})

# --- triggers: a triggered ability triggering (603.2) ----------------------------------------------

_TRIGGER_EVENTS = {"enters": "603.6a", "dies": "603.10a", "dealt_damage": "603.2c", "gains_life": "119.10",
                   "loses_life": "119.3", "counters_put": "122.1", "attacks": "508.3a",
                   "combat_damage_to_player": "510.3a", "turned_face_up": "708.8",
                   "counters_removed": "122.1", "damage_prevented": "615.5", "cast": "601.2i"}
"""The trigger events (a triggered ability's ``event``) some row of the table names, with the rule of each."""
_declare("trigger", {
    **{f"trigger on {kind.replace('_', ' ')}": ((rule,), (lambda kind: lambda e: e["trigger"] == kind)(kind))
       for kind, rule in _TRIGGER_EVENTS.items()},
    **{f"an effect that {name}": ((rule,), (lambda effect: lambda e: e["effect"] == effect)(effect))
       for effect, name, rule in (("create_token", "creates tokens", "111.1"),
                                  ("return_card", "returns a card", "400.7"))},
    "source controlled by another than its owner": (("603.3a",), lambda e: e["source"]["controller"]
                                                    != e["source"]["owner"]),
    "its own source": (("603.10a",), lambda e: e["that"].get("id") == e["source"]["id"]),
    "event of several actions at once": (("603.2c",), _after_actions_at_once),
    "first combat damage step": (("510.4", "603.3"), lambda e: e.get("combat_step") == "first strike"),
    "a state-based action's event": (("704.3", "603.10a"), lambda e: bool(e.get("state_based_action"))),
    "while triggered abilities resolve": (("603.3", "117.5"), lambda e: bool(e.get("resolving"))),
    "remembering an amount": (("614.6", "603.2"), lambda e: e["amount"] > 0),
})

# --- life: a player gaining or losing life (119.3) ------------------------------------------------

_declare("life", {
    "doubled by a replacement": (("614.1a", "614.5"), lambda e: e["changed"] > e["amount"]),
    "from lifelink": (("702.15b",), lambda e: "lifelink" in e),
    "from damage": (("120.3a",), lambda e: not e["gained"] and e.get("step") in ("damage", "combat", "together")
                    and "resolving" not in e),
    "by doubling a life total": (("701.10d",), lambda e: e.get("step") == "double_life"),
    "in combat": (("510.2",), lambda e: "combat_step" in e),
    "from a triggered ability": (("603.3",), lambda e: bool(e.get("resolving"))),
    "to 0 or less": (("104.3b", "704.5a"), lambda e: e["life"] <= 0),
    "in one event of several actions": (("119.10",), _after_actions_at_once),
})

# --- state-based actions (704) --------------------------------------------------------------------


def _sba_object(e: Entry) -> Entry:
    return e.get("object") or {"keywords": (), "copiable_keywords": (), "types": ()}


_declare("state-based action", {
    **{rule: ((rule,), (lambda rule: lambda e: e["rule"] == rule and not e.get("spared"))(rule))
       for rule in ("704.5c", "704.5f", "704.5i", "704.5q")},
    "704.5g": (("704.5g",), lambda e: e["rule"] == "704.5g"),
    "704.5h": (("704.5h",), lambda e: e["rule"] == "704.5h"),
    "indestructible printed or copied": (("702.12b",), lambda e: "indestructible" in _sba_object(e)["keywords"]
                                         and "indestructible" in _sba_object(e)["copiable_keywords"]),
    "indestructible gained": (("702.12b", "613.1f"), lambda e: "indestructible" in _sba_object(e)["keywords"]
                              and "indestructible" not in _sba_object(e)["copiable_keywords"]),
    "indestructible lost": (("702.12b", "613.1f"), lambda e: "indestructible" not in _sba_object(e)["keywords"]
                            and "indestructible" in _sba_object(e)["copiable_keywords"]),
    "after actions at once": (("704.3",), lambda e: e.get("step") == "together"),  # the check after it
    "between combat damage steps": (("510.4", "704.3"), lambda e: e.get("combat_step") == "first strike"),
    "after combat damage": (("510.2", "704.3"), lambda e: e.get("step") == "combat"
                            and e.get("combat_step") != "first strike"),
    # 117.5: checked after each ability resolves (not during it), while the step resolves the stack
    "while triggered abilities resolve": (("117.5", "704.3"), lambda e: e.get("step") == "resolve_triggers"),
    "a planeswalker creature": (("306.5c",), lambda e: {"planeswalker", "creature"} <= set(_sba_object(e)["types"])),
    "a token": (("111.7",), lambda e: bool(_sba_object(e).get("token"))),
})

# --- layer 7: what applies to one creature at a checkpoint (613.4, 613.7) -------------------------


def _effects(e: Entry, sublayer: str, kind: str | None = None) -> list[Entry]:
    return [x for x in e["effects"] if x["sublayer"] == sublayer and (kind is None or x["kind"] == kind)]


def _static_and_resolved_7b(e: Entry, static_later: bool) -> bool:
    sets = _effects(e, "7b")
    statics = [x["timestamp"] for x in sets if x["kind"] == "static"]
    resolved = [x["timestamp"] for x in sets if x["kind"] != "static"]
    if not statics or not resolved:
        return False
    return max(statics) > min(resolved) if static_later else max(resolved) > min(statics)


_declare("layer 7", {
    "characteristic-defining P/T": (("613.4a", "604.3"), lambda e: e["cda"]),
    "two or more set effects": (("613.4b", "613.7"), lambda e: len({x["timestamp"] for x in _effects(e, "7b")}) >= 2),
    "three or more set effects": (("613.4b", "613.7"), lambda e: len({x["timestamp"] for x in _effects(e, "7b")}) >= 3),
    "a set effect": (("613.4b",), lambda e: bool(_effects(e, "7b"))),
    "a static set effect later than a resolved one": (("613.7a", "613.7b"), lambda e: _static_and_resolved_7b(e, True)),
    "a resolved set effect later than a static one": (("613.7a", "613.7b"), lambda e: _static_and_resolved_7b(e, False)),
    "a set effect of one value": (("613.4b",), lambda e: any(x["power"] != x["toughness"] for x in _effects(e, "7b"))),
    "a become effect with P/T": (("613.4b", "613.6"), lambda e: bool(_effects(e, "7b", "become"))),
    "a modification": (("613.4c",), lambda e: bool(_effects(e, "7c"))),
    "a static modification": (("613.4c", "604.2"), lambda e: bool(_effects(e, "7c", "static"))),
    "P/T counters": (("613.4c", "122.1a"), lambda e: bool(e["counters"])),
    "doubling or tripling": (("701.10b", "701.11b"), lambda e: any(x["kind"] in ("double_pt", "triple_pt")
                                                                   for x in _effects(e, "7c"))),
    "a switch": (("613.4d",), lambda e: bool(_effects(e, "7d"))),
    "two or more switches": (("613.4d", "613.7"), lambda e: len(_effects(e, "7d")) >= 2),
    "a static switch": (("613.4d", "604.2"), lambda e: bool(_effects(e, "7d", "static"))),
    "effects of two durations": (("611.2", "514.2"), lambda e: len({x["until"] for x in e["effects"]
                                                                      if x["kind"] != "static"}) >= 2),
    "static effect of a permanent controlled by another than its owner": (
        ("613.1b", "604.2"), lambda e: any(x.get("source", {}).get("controller") != x.get("source", {}).get("owner")
                                           for x in e["effects"] if "source" in x)),
    "a creature controlled by another than its owner": (("108.4",), lambda e: e["object"]["controller"]
                                                        != e["object"]["owner"]),
})

_declare("effect ends", {
    "a set effect ends": (("613.4b", "611.2"), lambda e: any(x["sublayer"] == "7b" for x in e["ending"])),
    "a modification ends": (("613.4c", "611.2"), lambda e: any(x["sublayer"] == "7c" for x in e["ending"])),
    "a switch ends": (("613.4d", "611.2"), lambda e: any(x["sublayer"] == "7d" for x in e["ending"])),
    "a set effect stays": (("613.4b",), lambda e: any(x["sublayer"] == "7b" for x in e["staying"])),
    "a modification stays": (("613.4c",), lambda e: any(x["sublayer"] == "7c" for x in e["staying"])),
    "a switch stays": (("613.4d",), lambda e: any(x["sublayer"] == "7d" for x in e["staying"])),
    "a doubling stays": (("701.10b", "611.2"), lambda e: any(x["kind"] in ("double_pt", "triple_pt")
                                                             for x in e["staying"])),
    "at the cleanup step": (("514.2",), lambda e: e.get("step") == "end_turn"),
})

# --- abilities activated or made to trigger by a step (602, 603, 605, 606) -------------------------

_declare("ability", {
    "an activated ability": (("602.2",), lambda e: e["step"] == "activate" and "loyalty_ability" not in
                             e["object"]["abilities"]),
    "a loyalty ability": (("606.3",), lambda e: e["step"] == "activate" and "loyalty_ability" in e["object"]["abilities"]),
    "a mana ability": (("605.3b",), lambda e: e["step"] == "activate_mana"),
    "a triggered ability made to trigger": (("603.2",), lambda e: e["step"] == "trigger"),
    "a permanent controlled by another than its owner": (("602.2", "603.3a", "108.4"),
                                                         lambda e: e["object"]["controller"] != e["object"]["owner"]),
})

EVENTS = tuple(FACETS)
"""The kinds of log entry the table may name."""


# --- the table -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Interaction:
    """A row of the table: the ``facets`` that meet on one ``event``, the ``rules`` that make the
    meeting matter, and ``why``, in the project's own words."""

    id: str
    event: str
    facets: tuple[str, ...]
    rules: tuple[str, ...]
    why: str

    def holds(self, names: frozenset[str]) -> bool:
        return all(f in names for f in self.facets)


class TableError(ValueError):
    """The interaction table names an event or a facet that is not declared."""


@functools.cache
def table() -> tuple[Interaction, ...]:
    """The declared interactions (``conformance/data/interactions.yaml``), checked against the facets."""
    text = resources.files("conformance").joinpath("data/interactions.yaml").read_text("utf-8")
    return parse(yaml.safe_load(text), "conformance/data/interactions.yaml")


def parse(data: Any, where: str) -> tuple[Interaction, ...]:
    """The rows of a table read from ``where``; every problem is a :class:`TableError` naming the row."""
    rows, seen = [], set()
    for number, raw in enumerate(data.get("interactions", []) if isinstance(data, dict) else [], 1):
        if not isinstance(raw, dict):
            raise TableError(f"{where}: row {number}: expected a mapping")
        name = f"{where}: row {number} ({raw.get('id', '?')})"
        missing = {"id", "event", "meet", "rules", "why"} - set(raw)
        if missing:
            raise TableError(f"{name}: missing {', '.join(sorted(missing))}")
        if raw["id"] in seen:
            raise TableError(f"{name}: the id is used twice")
        seen.add(raw["id"])
        if raw["event"] not in FACETS:
            raise TableError(f"{name}: no event {raw['event']!r} (one of {', '.join(EVENTS)})")
        unknown = [f for f in raw["meet"] if f not in FACETS[raw["event"]]]
        if unknown or len(raw["meet"]) < 2:
            raise TableError(f"{name}: meet names two or more facets of {raw['event']} events"
                             + (f"; not facets: {', '.join(map(repr, unknown))}" if unknown else ""))
        rows.append(Interaction(str(raw["id"]), raw["event"], tuple(raw["meet"]), tuple(map(str, raw["rules"])),
                                str(raw["why"])))
    if not rows:
        raise TableError(f"{where}: no interactions")
    return tuple(rows)


def facets_of(entry: Entry) -> frozenset[str]:
    """The facets of one log entry."""
    return frozenset(name for name, f in FACETS.get(entry["event"], {}).items() if f.test(entry))


def met(entries: Iterable[Entry], rows: Iterable[Interaction] | None = None) -> set[str]:
    """The ids of the rows whose facets all hold for one of ``entries``."""
    rows = tuple(table() if rows is None else rows)
    found: set[str] = set()
    for entry in entries:
        names = facets_of(entry)
        found.update(row.id for row in rows if row.event == entry["event"] and row.holds(names))
    return found


def met_by(case: Any) -> set[str]:
    """The rows that meet when the reference engine runs ``case`` (a :class:`Case`): none for a case
    it refuses, or on which it fails (the property reports that itself)."""
    from reference_engine import ReferenceEngine

    try:
        _, entries = ReferenceEngine().run_logged(case)
    except (Unsupported, Exception):
        return set()
    return met(entries)
