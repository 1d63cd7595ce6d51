"""What the fake engines share: a protocol v1 loop around the reference engine.

Each fake engine (one script per failure mode, run as ``exec:python tests/fake_engines/NAME.py``)
calls :func:`serve` with a ``misbehave(number, seq, case)`` hook that returns ``True`` when it
has done something wrong instead of answering (``number`` counts the run requests this process
got, from 1). Correct answers come from the reference engine, so every case a fake does not
sabotage passes. Case ids given as arguments restrict the sabotage to those cases.
"""

from __future__ import annotations

import json
import sys

from reference_engine import ReferenceEngine

ENGINE = ReferenceEngine()
TARGETS = set(sys.argv[1:])


def targeted(case: dict) -> bool:
    """Whether this case is one to sabotage (all of them when no id was given)."""
    return not TARGETS or case["id"] in TARGETS


def write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def reply(message: dict) -> None:
    write(json.dumps(message) + "\n")


def answer(seq: int, case: dict) -> None:
    reply({"seq": seq, "snapshots": ENGINE.run(case)})


def answer_with_power(seq: int, case: dict, text: str) -> None:
    """The right answer, but for the first object's power at the first checkpoint: the JSON text
    ``text``, written as it is."""
    snapshots = ENGINE.run(case)
    next(iter(snapshots[0]["objects"].values()))["power"] = "@VALUE@"
    write(json.dumps({"seq": seq, "snapshots": snapshots}).replace('"@VALUE@"', text) + "\n")


def serve(misbehave=lambda number, seq, case: False, version: int = 1) -> None:
    number = 0
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            reply({"version": version, "engine": ENGINE.describe()})
        elif request["cmd"] == "run":
            number += 1
            if not misbehave(number, request["seq"], request["case"]):
                answer(request["seq"], request["case"])
        elif request["cmd"] == "stop":
            return
