"""Look past the first counterexample: ``mtg-conformance explore``, an engine's differential
properties over several seeds.

A property run stops at its first counterexample, so against an engine with a known disagreement
it says nothing of the examples after it. This runs each differential property's generator
(``613/agrees-with-reference`` and each family's ``*-agree-with-reference``, with the engine's
declared features, as a property run draws them) for ``--examples`` random examples under each of
``--seeds``, judges every example, and counts:

- agreed: the engine reports what the reference engine reports;
- disagreed: it does not, counted by the value that differs first (``power``, ``zone``, a
  player's ``life``...), with one message of each;
- refused by the engine (Unsupported), counted by its reason (a generated object's id in it shown
  as ``'<id>'``, as :mod:`conformance.laws.refusals` groups a property run's), and apart those
  refused for what the engine itself lacks (its adapter raised :class:`conformance.errors.EngineGap`:
  no adapter could run them on that engine, so the share that can run is at most the rest); refused
  by the reference engine; set aside by the law itself; errored (the engine raised).

    mtg-conformance explore --engine phase                 # seeds 21, 33, 45; 200 examples each
    mtg-conformance explore --engine phase --seeds 7 --examples 50 --property 613/agrees-with-reference

No shrinking, no example database; ``--save DIR`` keeps the first case of each value disagreed
on, and the first that made the engine raise, to run again with ``mtg-conformance run --cases``.
Like the property runs, the generated examples depend on the Hypothesis version; the counts are
those of the run that printed them. (``python -m benchmarks.explore`` runs it too, as it did before
it was a command.)
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from hypothesis.errors import UnsatisfiedAssumption

from conformance.engines.interface import describe
from conformance.errors import EngineGap, Unsupported
from conformance.laws.catalogue import PROPERTIES, differential_property
from conformance.laws.property import EngineRunError, PropertyFailed, Subject
from conformance.laws.refusals import reason_of
from conformance.laws.runner import property_check, unsupported_reason

SEEDS = (21, 33, 45)
EXAMPLES = 200
_DIFFERENTIAL = re.compile(r"agrees?-with-reference$")
_FIRST_VALUE = re.compile(r"checkpoint \d+: (player )?\S+?\.(\w+):")


@dataclass
class Tally:
    """What one property's examples came to, over every seed."""

    agreed: int = 0
    disagreed: Counter = field(default_factory=Counter)
    messages: dict = field(default_factory=dict)
    cases: dict = field(default_factory=dict)  # the first case of each value disagreed on, and of an error
    refused: Counter = field(default_factory=Counter)
    gaps: int = 0  # of the refused, those for what the engine itself lacks (EngineGap)
    reference_refused: int = 0
    set_aside: int = 0
    errored: Counter = field(default_factory=Counter)

    @property
    def ran(self) -> int:
        return self.agreed + sum(self.disagreed.values())

    @property
    def examples(self) -> int:
        """Examples judged (not those Hypothesis itself rejected while drawing them)."""
        return (self.ran + sum(self.refused.values()) + self.reference_refused + self.set_aside
                + sum(self.errored.values()))


class _Recording:
    """The engine under test, remembering the reason of the last case it refused."""

    def __init__(self, engine):
        self.engine, self.reason, self.gap = engine, None, False

    def __getattr__(self, name):
        return getattr(self.engine, name)

    def run(self, case):
        try:
            return self.engine.run(case)
        except Unsupported as exc:
            self.reason, self.gap = str(exc), isinstance(exc, EngineGap)
            raise


def differential_properties() -> list:
    """The differential properties, the layer-7 one first."""
    return [differential_property(), *(p for p in PROPERTIES if _DIFFERENTIAL.search(p.id))]


def explore(prop, engine, *, seeds=SEEDS, examples=EXAMPLES) -> Tally | str:
    """Judge ``examples`` examples of ``prop`` under each seed; the reason instead when the engine
    cannot run the property at all."""
    from reference_engine import ReferenceEngine

    info = describe(engine)
    features, check = property_check(prop, info, ReferenceEngine())  # as run_property runs it
    if check is None:
        return unsupported_reason(prop, info, features)
    recording = _Recording(engine)
    subject = Subject(recording, info, features)
    tally = Tally()

    def judge(data) -> None:
        subject.start()
        recording.reason, recording.gap = None, False
        try:
            check(subject, data, features)
        except PropertyFailed as failed:
            message = str(failed).splitlines()[0]
            found = _FIRST_VALUE.search(message)
            value = (("player " if found.group(1) else "") + found.group(2)) if found else "other"
            tally.disagreed[value] += 1
            tally.messages.setdefault(value, message)
            if failed.cases:
                tally.cases.setdefault(value, failed.cases[-1])
        except UnsatisfiedAssumption:
            if subject.refused == "engine":
                tally.refused[reason_of(recording.reason or "(no reason given)")] += 1
                tally.gaps += recording.gap
            elif subject.refused == "reference":
                tally.reference_refused += 1
            else:
                tally.set_aside += 1
        except EngineRunError as error:
            message = str(error).splitlines()[0][:200]
            tally.errored[message] += 1
            if subject.ran:
                tally.messages.setdefault("error", message)
                tally.cases.setdefault("error", subject.ran[-1])
        else:
            tally.agreed += 1

    quiet = settings(max_examples=examples, database=None, deadline=None, phases=[Phase.generate],
                     suppress_health_check=list(HealthCheck))
    for number in seeds:
        seed(number)(quiet(given(st.data())(judge)))()
    return tally


def report(prop, tally: Tally | str, *, top: int = 12) -> list[str]:
    """Lines for one property."""
    if isinstance(tally, str):
        return [f"{prop.id}: unsupported: {tally}"]
    share = tally.ran / (tally.ran + sum(tally.refused.values())) if tally.ran or tally.refused else 0
    lines = [f"{prop.id}: {tally.examples} examples; ran {tally.ran} ({share:.0%} of ran + refused): agreed "
             f"{tally.agreed}, disagreed {sum(tally.disagreed.values())}; refused by the engine "
             f"{sum(tally.refused.values())}, by the reference {tally.reference_refused}; set aside by the law "
             f"{tally.set_aside}; errored {sum(tally.errored.values())}"]
    if tally.gaps:
        ceiling = 1 - tally.gaps / (tally.ran + sum(tally.refused.values()))
        lines.append(f"  refused for what the engine itself lacks (EngineGap): {tally.gaps}, so at most {ceiling:.0%} "
                     "can run on this engine")
    for value, count in tally.disagreed.most_common():
        lines.append(f"  disagreed on {value}: {count}, e.g. {tally.messages[value]}")
    for reason, count in tally.refused.most_common(top):
        lines.append(f"  refused {count}: {reason[:240]}")
    if len(tally.refused) > top:
        rest = sum(count for _, count in tally.refused.most_common()[top:])
        lines.append(f"  refused {rest}: {len(tally.refused) - top} other reasons")
    for message, count in tally.errored.most_common():
        lines.append(f"  errored {count}: {message}")
    return lines


def save(prop, value: str, case, engine, message: str, directory: Path) -> Path:
    """A case file holding ``case``, each checkpoint filled with the reference engine's values (as
    ``--save-failures`` writes a counterexample): run it again with ``mtg-conformance run --cases``."""
    from reference_engine import ReferenceEngine

    from conformance.laws import counterexamples

    reference = ReferenceEngine()
    observables = describe(engine).observables["objects"] & describe(reference).observables["objects"]
    name = counterexamples.slug(f"{prop.id} {value}")
    document = counterexamples.golden_case(
        case, case_id=f"{prop.rules[0]}/explored-{name}", rules=prop.rules, reference=reference, observables=observables,
        summary=f"Found by mtg-conformance explore: {prop.id} on {describe(engine).name}: {message}. Expected values are the "
                f"reference engine's.")
    return counterexamples.write(directory / f"{name}.yaml", [document])


def add_parser(commands) -> None:
    """``mtg-conformance explore``'s options."""
    explore_cmd = commands.add_parser("explore", help="look past the first counterexample: judge every example of "
                                                      "the differential properties over several seeds, and count "
                                                      "agreements, disagreements by value and refusals by reason")
    explore_cmd.add_argument("--engine", default="reference", metavar="SPEC",
                             help="an engine spec, as run --engine (default: the reference engine)")
    explore_cmd.add_argument("--seeds", default=",".join(map(str, SEEDS)), metavar="N,N,...",
                             help="comma-separated Hypothesis seeds (default %(default)s)")
    explore_cmd.add_argument("--examples", type=int, default=EXAMPLES, metavar="N",
                             help="examples a seed (default %(default)s)")
    explore_cmd.add_argument("--property", action="append", metavar="ID",
                             help="only this differential property (repeatable)")
    explore_cmd.add_argument("--save", type=Path, metavar="DIR",
                             help="write the first case of each value disagreed on, and of an error, to DIR "
                                  "(a case file each)")


def command(args: argparse.Namespace) -> int:
    """``mtg-conformance explore``."""

    from conformance.engines.interface import load_engine

    try:
        seeds = tuple(int(s) for s in args.seeds.split(","))
    except ValueError:
        print(f"explore --seeds {args.seeds!r}: expected comma-separated integers", file=sys.stderr)
        return 2
    known = {prop.id for prop in differential_properties()}
    unknown = sorted(set(args.property or ()) - known)
    if unknown:
        print(f"explore --property {unknown[0]}: not a differential property (one of: {', '.join(sorted(known))})",
              file=sys.stderr)
        return 2
    engine = load_engine(args.engine)
    print(f"engine {describe(engine).name} {describe(engine).version}; seeds {', '.join(map(str, seeds))}; "
          f"{args.examples} examples a seed")
    try:
        for prop in differential_properties():
            if args.property and prop.id not in args.property:
                continue
            tally = explore(prop, engine, seeds=seeds, examples=args.examples)
            for line in report(prop, tally):
                print(line, flush=True)
            if args.save and not isinstance(tally, str):
                for value, case in tally.cases.items():
                    print(f"  saved {save(prop, value, case, engine, tally.messages[value], args.save)}")
    finally:
        getattr(engine, "close", lambda: None)()
    return 0
