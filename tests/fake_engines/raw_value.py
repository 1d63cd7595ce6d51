"""Answers the targeted cases with the right snapshots, except that the value of one compared
field (the first object's power at the first checkpoint) is the JSON text VALUE, written as it is
(``1e400``, ``-0``, an integer of 5,000 digits). Usage: raw_value.py VALUE [CASE_ID ...]."""

import json
import sys

import _fake
from _fake import ENGINE, write

VALUE = sys.argv[1]
_fake.TARGETS = set(sys.argv[2:])


def misbehave(number, seq, case):
    if not _fake.targeted(case):
        return False
    snapshots = ENGINE.run(case)
    first = next(iter(snapshots[0]["objects"].values()))
    first["power"] = "@VALUE@"
    text = json.dumps({"seq": seq, "snapshots": snapshots})
    write(text.replace('"@VALUE@"', VALUE) + "\n")
    return True


_fake.serve(misbehave)
