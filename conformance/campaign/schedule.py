"""What a campaign runs next, and what it has done so far, per property.

First a ``replay`` round of every property (what the shared database holds for it: the
counterexamples found before, on any machine), then ``explore`` rounds, round-robin: a first cycle
of one round each, in the suite's order (the differential properties first), then cycle after cycle
of a deck dealt in a random order, holding each property as many times as its weight rounded
(:meth:`Schedule.weight`):

    1 + 2 if the property found a counterexample in this campaign + 2 x (its share of the rare rows)

where the rare rows are the quarter of the interaction rows reached so far (conformance/data/
interactions.yaml) that the fewest examples reached, and a property's share is how many of them it
reached over the most any property reached. So every property keeps running (weight 1 at least), a
property that found a bug gets more time to find others, and one whose examples reach rarely met
interactions gets more time to reach them again, and others beside them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

ROUND_SECONDS = (5.0, 30.0)
"""The shortest and longest explore round (seconds): a round lasts the campaign's worker-seconds
shared among its properties, within these bounds, so a short campaign still reaches every property
and a long one draws its next property at least every 30 s (:func:`round_seconds`)."""
ROUND_EXAMPLES = 5000
"""The most examples of one round (a bound rarely reached within :data:`ROUND_SECONDS`)."""
REPLAY_EXAMPLES = 1000
"""The most examples a replay round reads back from the database (its own bound)."""


@dataclass
class Tally:
    """One property over the campaign: rounds, examples (ran, refused by the engine, set aside),
    the counterexample files it wrote or found already there, those replayed from the database,
    interaction rows reached (examples per row), and what its rounds running now have done."""

    id: str
    rounds: int = 0
    examples: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    found: dict[str, dict[str, Any]] = field(default_factory=dict)  # path: what the worker said of it
    replayed: int = 0  # replay rounds that failed: a stored counterexample still fails
    interactions: Counter = field(default_factory=Counter)
    running: dict[int, dict[str, int]] = field(default_factory=dict)  # worker: its round's counts so far
    status: str = ""
    message: str = ""

    @property
    def ran(self) -> int:
        """Examples run to the end, those of the rounds under way included."""
        return self.examples["ran"] + sum(counts.get("ran", 0) for counts in self.running.values())

    @property
    def refused(self) -> int:
        return self.examples["refused"] + sum(counts.get("refused", 0) for counts in self.running.values())


def round_seconds(seconds: float, workers: int, properties: int) -> float:
    """How long an explore round of a campaign of ``seconds`` with ``workers`` lasts."""
    shortest, longest = ROUND_SECONDS
    return min(longest, max(shortest, seconds * workers / max(1, properties)))


class Schedule:
    """The campaign's properties, their tallies and the rounds still to give out."""

    def __init__(self, properties: list[str], *, seed: int | None = None, seconds: float = ROUND_SECONDS[1]) -> None:
        self.seconds = seconds  # an explore round's
        self.tallies = {prop: Tally(prop) for prop in properties}
        self.replays = list(properties)
        self.deck = list(reversed(properties))  # the explore rounds of this cycle, the next last
        self.random = random.Random(seed)
        self.rounds = 0
        self.notes: list[str] = []  # lines for the summary: properties left out, workers that failed
        self.interrupted = False  # a signal stopped the campaign

    def next(self, seconds_left: float) -> dict[str, Any]:
        """The next round, to last at most ``seconds_left``."""
        self.rounds += 1
        if self.replays:
            return {"property": self.replays.pop(0), "mode": "replay", "examples": REPLAY_EXAMPLES,
                    "seconds": max(1.0, seconds_left)}
        if not self.deck:
            self.deck = [t.id for t in self.tallies.values() for _ in range(round(self.weight(t)))]
            self.random.shuffle(self.deck)
        return {"property": self.deck.pop(), "mode": "explore", "examples": ROUND_EXAMPLES,
                "seconds": max(1.0, min(self.seconds, seconds_left))}

    def rare_rows(self) -> set[str]:
        """The quarter of the interaction rows reached so far that the fewest examples reached."""
        reached: Counter = Counter()
        for tally in self.tallies.values():
            reached.update(tally.interactions)
        ordered = sorted(reached, key=lambda row: (reached[row], row))
        return set(ordered[:max(1, len(ordered) // 4)]) if ordered else set()

    def weight(self, tally: Tally) -> float:
        """How likely ``tally``'s property is drawn for the next explore round (the module's rule)."""
        rare = self.rare_rows()
        reach = {t.id: len(rare & set(t.interactions)) for t in self.tallies.values()}
        most = max(reach.values(), default=0)
        return 1.0 + (2.0 if tally.found else 0.0) + (2.0 * reach[tally.id] / most if most else 0.0)

    def record(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Take in a worker's ``progress`` or ``round`` message; for a round that found a
        counterexample, return what it found (the campaign prints it)."""
        tally = self.tallies[message["property"]]
        if message["kind"] == "progress":
            tally.running[message["worker"]] = message["counts"]
            return None
        tally.running.pop(message["worker"], None)
        tally.rounds += 1
        tally.examples.update(message.get("counts") or {})
        tally.examples.pop("minimum", None)
        tally.seconds += message["seconds"]
        tally.interactions.update(message.get("interactions") or {})
        tally.status, tally.message = message.get("status", ""), message.get("message", "")
        found = message.get("found")
        if found is None:
            return None
        if message["mode"] == "replay":
            tally.replayed += 1
        if "path" in found:
            tally.found.setdefault(found["path"], found)
        elif found.get("error") not in self.notes:
            self.notes.append(found["error"])  # not saved (a full disk): the summary says so
        return {**found, "property": tally.id, "mode": message["mode"], "replayed": message.get("replayed", 0)}

    @property
    def examples(self) -> int:
        return sum(tally.ran for tally in self.tallies.values())

    @property
    def interactions(self) -> set[str]:
        return {row for tally in self.tallies.values() for row in tally.interactions}

    @property
    def files(self) -> dict[str, dict[str, Any]]:
        """Every counterexample file, by path, with what the worker said of it (its first finder's)."""
        files: dict[str, dict[str, Any]] = {}
        for tally in self.tallies.values():
            for path, found in tally.found.items():
                files.setdefault(path, {**found, "property": tally.id})
        return files
