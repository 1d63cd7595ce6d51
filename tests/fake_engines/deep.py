"""Answers the targeted cases with the right snapshots, except that the value of one compared
field (the first object's power at the first checkpoint) is a list of a list of ... DEPTH deep.
Usage: deep.py DEPTH [CASE_ID ...]."""

import sys

import _fake

DEPTH = int(sys.argv[1])
_fake.TARGETS = set(sys.argv[2:])


def misbehave(number, seq, case):
    if not _fake.targeted(case):
        return False
    _fake.answer_with_power(seq, case, "[" * DEPTH + "]" * DEPTH)
    return True


_fake.serve(misbehave)
