"""The largest cases the limits allow, on the reference engine (issue 38, item 4).

``python -m benchmarks.worst_case`` builds, for each shape below, the largest case of that shape
that conformance/format/limits.py allows, and prints how long it takes to load and to run on the
reference engine (CPU time of this process, best of ``--repeat``), with the file's size. The
shapes are the ones found slowest for their size: the reference engine works out the board anew
after every step, so its time grows with objects times steps times the continuous effects that
pile up ("steps" shapes: the most steps, ``MAX_OBJECT_STEPS // MAX_STEPS`` objects), or with
objects times objects for abilities of every object that look at every other ("objects" shapes:
the most objects, ``MAX_OBJECT_STEPS // MAX_OBJECTS`` steps). ``--objects N --steps M`` builds
every shape at that size instead (to measure other limits, or the old code: run it from a
checkout of that commit). docs/benchmarks.md, "The largest cases the limits allow", has the
figures and what the limits were set from.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from conformance.format import limits, loader

EACH = "{types: [creature]}"


def case_text(objects: str, steps: list[str]) -> str:
    """A case file of one case, its objects (YAML lines) and its steps, then a checkpoint."""
    return ("format: 1\ncr: 2025-09-19\ncases:\n  - id: 613.7/largest\n    rules: [613.7]\n"
            "    source: {rule: 613.7}\n    summary: As many objects and steps as the limits allow, for timing.\n"
            "    players: [Alex, Blair]\n    objects:\n" + objects + "    steps:\n" + "".join(steps)
            + "      - expect: {objects: {c0: {zone: battlefield}}}\n")


def creatures(count: int, card: str = "power: 1, toughness: 1") -> str:
    return "".join(f"      c{i}: {{card: {{types: [creature], {card}}}}}\n" for i in range(count))


def other_creatures_get(effect: str, amount: int) -> str:
    return ("power: 1, toughness: 1, abilities: [{static_pt: {effect: " + effect + ", affects: {types: [creature], "
            f"other: true}}, power: {amount}, toughness: {amount}}}}}]")


def _each(step: Callable[[int], str]) -> Callable[[int, int], str]:
    """A shape of ``objects`` creatures and ``steps`` steps, the last a checkpoint, made by ``step(i)``."""
    return lambda objects, steps: case_text(creatures(objects), [step(i) for i in range(steps - 1)])


def _ended(objects: int, steps: int, effect: Callable[[int], str]) -> str:
    """Half the steps create effects lasting until ended, the other half end them, first first."""
    ended = (steps - 1) // 2
    return case_text(creatures(objects), [effect(i) for i in range(steps - 1 - ended)] + [
        f"      - end_effect: e{i}\n" for i in range(ended)])


SHAPES: dict[str, tuple[str, str, Callable[[int, int], str]]] = {
    "pump-each": ("steps", "creatures get +1/+1, step after step (the issue's case)",
                  _each(lambda i: f"      - modify_pt: {{to_each: {EACH}, power: 1, toughness: 1}}\n")),
    "double-each": ("steps", "each creature's power doubled, step after step (an effect per creature)",
                    _each(lambda i: f"      - double_pt: {{to_each: {EACH}, which: power}}\n")),
    "pump-then-end": ("steps", "+1/+1 to each until ended, then each ended",
                      lambda n, s: _ended(n, s, lambda i: f"      - modify_pt: {{id: e{i}, to_each: {EACH}, power: 1, "
                                                           f"toughness: 1, until: ended}}\n")),
    "colour-each": ("steps", "creatures become red, then green, step after step (layer 5)",
                    _each(lambda i: f"      - become: {{to_each: {EACH}, colors: [{'RG'[i % 2]}]}}\n")),
    "gain-each": ("steps", "creatures gain flying, then reach, step after step (layer 6)",
                  _each(lambda i: f"      - become: {{to_each: {EACH}, gains: [{{keyword: {('flying', 'reach')[i % 2]}}}]}}\n")),
    "colour-then-end": ("steps", "creatures become red or green until ended, then each ended",
                        lambda n, s: _ended(n, s, lambda i: f"      - become: {{id: e{i}, to_each: {EACH}, "
                                                             f"colors: [{'RG'[i % 2]}], until: ended}}\n")),
    "copy-each": ("steps", "creatures become copies of a 4/4 flier, step after step (layer 1)",
                  lambda n, s: case_text(creatures(n - 1) + "      model: {card: {types: [creature], power: 4, "
                                         "toughness: 4, abilities: [{keyword: flying}]}}\n",
                                         [f"      - become_copy: {{to_each: {EACH}, of: model}}\n"] * (s - 1))),
    "other-pump": ("objects", "each creature: other creatures get +1/+1; life gained each step",
                   lambda n, s: case_text(creatures(n, other_creatures_get("modify_pt", 1)),
                                          ["      - gain_life: {player: Alex, amount: 1}\n"] * (s - 1))),
    "other-set": ("objects", "each creature: other creatures are 3/3; life gained each step",
                  lambda n, s: case_text(creatures(n, other_creatures_get("set_pt", 3)),
                                         ["      - gain_life: {player: Alex, amount: 1}\n"] * (s - 1))),
    "count-creatures": ("objects", "each creature */* = creatures its controller controls; life gained",
                        lambda n, s: case_text(creatures(n, "power: '*', toughness: '*', abilities: [{cda_pt: "
                                                           "{power: {count: {types: [creature], controller: you}}, "
                                                           "toughness: {count: {types: [creature], controller: you}}}}]"),
                                               ["      - gain_life: {player: Alex, amount: 1}\n"] * (s - 1))),
    "damage-each": ("objects", "1 damage to each creature, step after step",
                    lambda n, s: case_text(creatures(n, "power: 1, toughness: 100000"),
                                           [f"      - damage: {{source: c0, to_each: {EACH}, amount: 1}}\n"] * (s - 1))),
}
"""Each shape: what it grows with ("steps" or "objects"), what it is, and its case file for a
number of objects and of steps (the final checkpoint counted)."""


def largest(grows_with: str) -> tuple[int, int]:
    """The objects and steps of the largest case of a shape the limits allow."""
    if grows_with == "steps":
        steps = limits.MAX_STEPS
        return min(limits.MAX_OBJECTS, limits.MAX_OBJECT_STEPS // steps), steps
    objects = limits.MAX_OBJECTS
    return objects, min(limits.MAX_STEPS, limits.MAX_OBJECT_STEPS // objects)


def measure(text: str, repeat: int) -> tuple[float, float]:
    """Seconds to load ``text`` and CPU seconds to run its case on the reference engine, best of ``repeat``."""
    from reference_engine import ReferenceEngine

    loads, runs = [], []
    for _ in range(repeat):
        started = time.perf_counter()
        (case,) = loader.load_text(text, "largest.yaml")
        loads.append(time.perf_counter() - started)
        plain = case.to_dict()
        started = time.process_time()
        ReferenceEngine().run(plain)
        runs.append(time.process_time() - started)
    return min(loads), min(runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.worst_case", description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case (default 3)")
    parser.add_argument("--shape", action="append", choices=sorted(SHAPES), help="only these shapes")
    parser.add_argument("--objects", type=int, help="build every shape with this many objects (with --steps)")
    parser.add_argument("--steps", type=int, help="... and this many steps, the final checkpoint counted")
    args = parser.parse_args(argv)
    product = getattr(limits, "MAX_OBJECT_STEPS", None)  # (none before issue 38: measuring an older checkout)
    print(f"limits: {limits.MAX_OBJECTS} objects, {limits.MAX_STEPS} steps, "
          f"{'no limit on' if product is None else f'{product:,}'} objects times steps; best of {args.repeat}\n")
    print(f"{'shape':16} {'grows with':10} {'objects':>7} {'steps':>5} {'KB':>6} {'load s':>7} {'run s':>7}  what")
    worst = 0.0
    for name in args.shape or SHAPES:
        grows_with, what, make = SHAPES[name]
        objects, steps = (args.objects, args.steps) if args.objects and args.steps else largest(grows_with)
        text = make(objects, steps)
        load, run = measure(text, args.repeat)
        worst = max(worst, run)
        print(f"{name:16} {grows_with:10} {objects:7} {steps:5} {len(text) / 1000:6.1f} {load:7.2f} {run:7.2f}  {what}",
              flush=True)
    print(f"\nthe slowest run: {worst:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
