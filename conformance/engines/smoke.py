"""``mtg-conformance smoke``: is this adapter wired correctly? An answer in seconds.

Like Bowtie's ``smoke`` (/work/shared/reference/peers.md, section 1): failing it means the
adapter is broken, not that the engine gets a rule wrong. It checks, in order, and reports every
problem it finds, precisely:

1. the engine loads (for ``exec:``, it starts and answers ``start`` with protocol v1);
2. its description is valid (docs/engines.md, describe()) and names known observables;
3. a 2/2 creature, checked as it is (CR 208.1): every engine must run this;
4. the same creature with +1/+1 until end of turn (CR 613.4c): 3/3;
5. every value the engine declares in ``observables`` (objects and players), on a board as
   printed (every engine runs it), with a counter and damage, and a spell on the stack: each declared value is
   checked at every checkpoint, so an adapter declaring ``types`` and reporting none fails,
   naming ``types``;
6. for ``exec:`` engines, it exits after ``stop``.

Works for in-process specs too (then 1 imports and 6 is skipped).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from conformance.format import loader
from conformance.results import compare
from conformance.format.model import Case
from conformance.engines.interface import EngineInfo, describe, load_engine
from conformance.errors import EngineSpecError

OBJECT_VALUES = ("zone", "controller", "power", "toughness", "counters", "damage",
                 "name", "mana_cost", "colors", "types", "subtypes", "supertypes", "abilities", "face_down",
                 "tapped")
"""The object values a snapshot may report (docs/engines.md, "describe()")."""

PLAYER_VALUES = ("life", "mana", "counters", "lost")
"""The player values a snapshot may report (docs/engines.md, "describe()")."""

CASES = """\
format: 1
cr: 2025-09-19
cases:
  - id: 208.1/smoke-bear
    rules: [208.1]
    source: {rule: 208.1}
    summary: A 2/2 creature on the battlefield is a 2/2, with no counters.
    players: [Alex]
    objects:
      bear: {card: {types: [creature], power: 2, toughness: 2}}
    steps:
      - expect: {label: as printed, objects: {bear: {zone: battlefield, power: 2, toughness: 2}}}
  - id: 613.4c/smoke-pump
    rules: [613.4c]
    source: {rule: 613.4c}
    summary: A 2/2 creature gets +1/+1 until end of turn; 2 + 1 = 3, so it is a 3/3.
    players: [Alex]
    objects:
      bear: {card: {types: [creature], power: 2, toughness: 2}}
    steps:
      - modify_pt: {to: bear, power: 1, toughness: 1}
      - expect: {label: pumped, objects: {bear: {power: 3, toughness: 3}}}
"""


THALIA = {"name": "Thalia, Guardian of Thraben", "mana_cost": "{1}{W}", "types": ["creature"],
          "subtypes": ["Human", "Soldier"], "supertypes": ["legendary"], "colors": ["W"], "power": 2, "toughness": 1,
          "abilities": [{"keyword": "first strike"}, {"text": "Noncreature spells cost {1} more to cast."}]}
AS_PRINTED = {"name": THALIA["name"], "mana_cost": "{1}{W}", "colors": ["W"], "types": ["creature"],
              "subtypes": ["Human", "Soldier"], "supertypes": ["legendary"], "abilities": THALIA["abilities"],
              "face_down": False, "tapped": False}
NOTHING_YET = {"life": 20, "mana": {}, "counters": {}, "lost": False}

OPTIONAL_CARD_VALUES = ("name", "mana_cost", "colors", "subtypes", "supertypes", "abilities")
"""Card characteristics a case may leave out, each also an object value of snapshots."""

EVERY_VALUE = [
    {"id": "109.3/smoke-every-value",
     "rules": ["109.3", "103.4", "108.4", "208.1"],
     "source": {"rule": "109.3"},
     "summary": "Thalia, owned by Rob and controlled by Alex, as printed: each characteristic is the card's (109.3), "
                "2/1, no counters or damage, face up; its controller is Alex (108.4). Both players have the "
                "starting 20 life (103.4), an empty mana pool, no counters, and have not lost.",
     "players": ["Alex", "Rob"],
     "objects": {"thalia": {"card": THALIA, "owner": "Rob", "controller": "Alex"}},
     "steps": [{"expect": {"label": "as printed", "objects": {"thalia": {
         "zone": "battlefield", "controller": "Alex", "power": 2, "toughness": 1, "counters": {}, "damage": 0,
         **AS_PRINTED}}, "players": {"Alex": NOTHING_YET, "Rob": NOTHING_YET}}}]},
    {"id": "120.3/smoke-counter-and-damage",
     "rules": ["120.3", "120.3a", "120.3e", "122.1", "613.4c", "704.5g"],
     "source": {"rule": "120.3"},
     "summary": "Thalia (2/1) has a +1/+1 counter: 3/2 (613.4c). Rob's Raging Goblin deals 1 damage to her: 1 "
                "damage marked (120.3e), less than her toughness 2, so she stays (704.5g); then 3 damage to Alex: "
                "20 - 3 = 17 life (120.3a). Rob keeps 20.",
     "players": ["Alex", "Rob"],
     "objects": {
         "thalia": {"card": THALIA, "counters": {"+1/+1": 1}},
         "goblin": {"card": {"name": "Raging Goblin", "mana_cost": "{R}", "types": ["creature"], "subtypes": ["Goblin", "Berserker"],
                             "colors": ["R"], "power": 1, "toughness": 1, "abilities": [{"keyword": "haste"}]}, "owner": "Rob"}},
     "steps": [
         {"damage": {"source": "goblin", "amount": 1, "to": "thalia"}},
         {"damage": {"source": "goblin", "amount": 3, "to": "Alex"}},
         {"expect": {"label": "after the damage", "objects": {
             "thalia": {"zone": "battlefield", "controller": "Alex", "power": 3, "toughness": 2, "counters": {"+1/+1": 1},
                        "damage": 1, **AS_PRINTED}},
             "players": {"Alex": {**NOTHING_YET, "life": 17}, "Rob": NOTHING_YET}}}]},
    {"id": "112.1/smoke-spell-on-the-stack",
     "rules": ["112.1", "110.2", "208.1", "120.3a"],
     "source": {"rule": "112.1"},
     "summary": "Rob's Lightning Bolt is on the stack: a spell, controlled by Rob, who cast it (112.1); an instant "
                "has no power or toughness (208.1), no counters or damage. It deals 3 damage to Alex: 20 - 3 = 17 "
                "(120.3a).",
     "players": ["Alex", "Rob"],
     "objects": {
         "bolt": {"card": {"name": "Lightning Bolt", "mana_cost": "{R}", "types": ["instant"], "colors": ["R"],
                           "abilities": [{"text": "Lightning Bolt deals 3 damage to any target."}]},
                  "zone": "stack", "owner": "Rob"}},
     "steps": [
         {"damage": {"source": "bolt", "amount": 3, "to": "Alex"}},
         {"expect": {"label": "after the damage", "objects": {
             "bolt": {"zone": "stack", "controller": "Rob", "power": None, "toughness": None, "counters": {}, "damage": 0,
                      "name": "Lightning Bolt", "mana_cost": "{R}", "colors": ["R"], "types": ["instant"], "subtypes": [],
                      "supertypes": [], "abilities": [{"text": "Lightning Bolt deals 3 damage to any target."}],
                      "face_down": False, "tapped": False}},
             "players": {"Alex": {**NOTHING_YET, "life": 17}, "Rob": NOTHING_YET}}}]},
]
"""Cases observing every value a snapshot may report, worked by hand. Smoke checks, in each, every
value the engine declares (and nothing else, so the case is supported); the first every engine
must run, the others are skipped for an engine lacking counters, damage or spells on the stack."""


def observing(template: dict[str, Any], objects: frozenset[str] | set[str], players: frozenset[str] | set[str]) -> dict[str, Any]:
    """``template`` with its checkpoints cut down to the object and player values named."""
    steps = []
    for step in template["steps"]:
        if "expect" in step:
            expect = step["expect"]
            cut = {"objects": {oid: {k: v for k, v in values.items() if k in objects}
                               for oid, values in expect["objects"].items()},
                   "players": {name: {k: v for k, v in values.items() if k in players}
                               for name, values in expect.get("players", {}).items()}}
            if not any(cut["players"].values()):
                del cut["players"]
            step = {"expect": {"label": expect["label"], **cut}}
        steps.append(step)
    return {**template, "steps": steps}


def _load(document: dict[str, Any]) -> Case:
    (case,) = loader.load_text(json.dumps({"format": 1, "cr": "2025-09-19", "cases": [document]}),
                               name="<smoke cases>")
    return case


def every_value_case(template: dict[str, Any], info: EngineInfo) -> tuple[Case | None, dict[str, list[str]]]:
    """The case of ``template`` observing every value ``info`` declares that it can run, and the
    declared values left unchecked, each with the features observing it needs that the engine
    lacks (observing players' life needs ``life``, an object's damage ``damage``, ...)."""
    expects = [s["expect"] for s in template["steps"] if "expect" in s]
    known_objects = {k for e in expects for values in e["objects"].values() for k in values}
    known_players = {k for e in expects for values in e.get("players", {}).values() for k in values}
    base = _load(observing(template, {"zone"}, set())).features
    unchecked: dict[str, list[str]] = {}
    objects, players = set(), set()
    for kind, declared, known, chosen in (("objects", info.observables["objects"], known_objects, objects),
                                          ("players", info.observables["players"], known_players, players)):
        for value in sorted(declared & known):
            probe = observing(template, {"zone", value} if kind == "objects" else {"zone"},
                              {value} if kind == "players" else set())
            lacking = sorted(_load(probe).features - base - info.features)
            if lacking:
                unchecked[f"{'player ' if kind == 'players' else ''}{value}"] = lacking
            else:
                chosen.add(value)
    if not objects and not players:
        return None, unchecked
    document = observing(template, objects, players)
    # A characteristic the engine does not report is left off the cards, so that an engine need not
    # model it (abilities do things, a mana cost has a mana value) to run the case.
    unreported = set(OPTIONAL_CARD_VALUES) - objects
    document["objects"] = {oid: {**spec, "card": {k: v for k, v in spec["card"].items() if k not in unreported}}
                           for oid, spec in document["objects"].items()}
    return _load(document), unchecked


def value_problems(mismatches: tuple[compare.Mismatch, ...]) -> str:
    """A failed every-value case, in words: the declared values not reported, then the wrong ones."""
    missing: dict[str, list[str]] = {}
    wrong = []
    for m in mismatches:
        if m.got is compare._MISSING:  # not reported at all (compare shows it as "nothing")
            field = f"'{m.field}'" if m.kind == "object" else f"player '{m.field}'"
            whos = missing.setdefault(field, [])
            if m.object not in whos:
                whos.append(m.object)
        else:
            wrong.append(str(m))
    parts = []
    if missing:
        parts.append("declared in describe() but not reported: " + ", ".join(
            f"{field} (of {', '.join(whos)})" for field, whos in missing.items()))
    if wrong:
        parts.append("reported wrong: " + "; ".join(wrong))
    return "; ".join(parts)

def smoke(spec: str, *, timeout: float | None = None, say: Callable[[str], None] = print) -> list[str]:
    """Check the engine ``spec`` names; report each check through ``say``; return the problems."""
    problems: list[str] = []

    def check(ok: bool, what: str, problem: str | None = None, note: str | None = None) -> None:
        if ok:
            say(f"  ok    {what}" + (f": {note}" if note else ""))
        else:
            problems.append(f"{what}: {problem}")
            say(f"  FAIL  {problems[-1]}")

    say(f"smoke test of --engine {spec}")
    started = time.perf_counter()
    try:
        engine = load_engine(spec, timeout=timeout)
    except EngineSpecError as exc:
        check(False, "load", str(exc))
        return problems
    check(True, "load", note=f"{_elapsed(started)}")
    try:
        try:
            info = describe(engine)
        except EngineSpecError as exc:
            check(False, "describe", str(exc))
            return problems
        unknown = sorted(info.observables["objects"] - set(OBJECT_VALUES))
        unknown_players = sorted(info.observables["players"] - set(PLAYER_VALUES))
        if unknown_players:
            check(False, "describe", f"unknown player values {unknown_players} in 'observables' "
                  f"(known: {', '.join(PLAYER_VALUES)})")
        check(not unknown, "describe", f"unknown object values {unknown} in 'observables' "
              f"(known: {', '.join(OBJECT_VALUES)})",
              note=f"{info}, {len(info.features)} features, reports {', '.join(sorted(info.observables['objects']))}"
              + (f"; of players {', '.join(sorted(info.observables['players']))}" if info.observables["players"] else ""))
        for number, case in enumerate(loader.load_text(CASES, name="<smoke cases>")):
            started = time.perf_counter()
            outcome = compare.judge(engine, info, case)
            what = f"case {case.id} ({case.summary})"
            if isinstance(outcome, compare.Passed):
                check(True, f"case {case.id}", note=_elapsed(started))
            elif isinstance(outcome, compare.Failed):
                check(False, what, "; ".join(str(m) for m in outcome.mismatches))
            elif isinstance(outcome, compare.Errored):
                detail = f"\n{outcome.detail.rstrip()}" if outcome.detail else ""
                check(False, what, f"errored ({outcome.kind}): {outcome.message}{detail}")
            elif number == 0:  # every engine must run the first case
                check(False, what, f"unsupported: {outcome.reason}")
            else:
                check(True, f"case {case.id}", note=f"skipped, unsupported: {outcome.reason}")
        for number, template in enumerate(EVERY_VALUE):
            started = time.perf_counter()
            what = f"case {template['id']} (every declared value)"
            case, unchecked = every_value_case(template, info)
            note = "; not checked, the engine lacking features they need: " + ", ".join(
                f"{value} ({', '.join(lacking)})" for value, lacking in unchecked.items()) if unchecked else ""
            if case is None:
                check(True, what, note="skipped, it declares none of the values this case observes" + note)
                continue
            outcome = compare.judge(engine, info, case)
            if isinstance(outcome, compare.Passed):
                check(True, what, note=_elapsed(started) + note)
            elif isinstance(outcome, compare.Failed):
                check(False, what, value_problems(outcome.mismatches))
            elif isinstance(outcome, compare.Errored):
                detail = f"\n{outcome.detail.rstrip()}" if outcome.detail else ""
                check(False, what, f"errored ({outcome.kind}): {outcome.message}{detail}")
            elif number == 0:  # a board as printed: every engine must run it
                check(False, what, f"unsupported: {outcome.reason}")
            else:
                check(True, what, note=f"skipped, unsupported: {outcome.reason}")
    finally:
        close = getattr(engine, "close", None)
        if callable(close):
            check(close(), "stop", "the engine did not exit after stop: its process group was killed",
                  note="the engine exited")
    return problems


def _elapsed(since: float) -> str:
    return f"{time.perf_counter() - since:.2f} s"
