"""``mtg-conformance smoke``: is this adapter wired correctly? An answer in seconds.

Like Bowtie's ``smoke`` (/work/shared/reference/peers.md, section 1): failing it means the
adapter is broken, not that the engine gets a rule wrong. It checks, in order, and reports every
problem it finds, precisely:

1. the engine loads (for ``exec:``, it starts and answers ``start`` with protocol v1);
2. its description is valid (docs/engines.md, describe()) and names known observables;
3. a 2/2 creature, checked as it is (CR 208.1): every engine must run this;
4. the same creature with +1/+1 until end of turn (CR 613.4c): 3/3;
5. for ``exec:`` engines, it exits after ``stop``.

Works for in-process specs too (then 1 imports and 5 is skipped).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from conformance import compare, loader
from conformance.engine import describe, load_engine
from conformance.errors import EngineSpecError

OBJECT_VALUES = ("zone", "controller", "power", "toughness", "counters", "damage",
                 "name", "mana_cost", "colors", "types", "subtypes", "supertypes", "abilities", "face_down")
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
              note=f"{info}, {len(info.features)} features, reports {', '.join(sorted(info.observables['objects']))}")
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
    finally:
        close = getattr(engine, "close", None)
        if callable(close):
            check(close(), "stop", "the engine did not exit after stop: its process group was killed",
                  note="the engine exited")
    return problems


def _elapsed(since: float) -> str:
    return f"{time.perf_counter() - since:.2f} s"
