"""Answers the targeted cases with the right snapshots, except that the value of one compared
field (the first object's power at the first checkpoint) is a list of a list of ... DEPTH deep.
Usage: deep.py DEPTH [CASE_ID ...]."""

import json
import sys

import _fake
from _fake import ENGINE, write

DEPTH = int(sys.argv[1])
_fake.TARGETS = set(sys.argv[2:])


def misbehave(number, seq, case):
    if not _fake.targeted(case):
        return False
    snapshots = ENGINE.run(case)
    first = next(iter(snapshots[0]["objects"].values()))
    first["power"] = "@DEEP@"
    text = json.dumps({"seq": seq, "snapshots": snapshots})
    write(text.replace('"@DEEP@"', "[" * DEPTH + "]" * DEPTH) + "\n")
    return True


_fake.serve(misbehave)
