"""Answers the targeted cases with the right snapshots, except that the value of one compared
field (the first object's power at the first checkpoint) is the JSON text VALUE, written as it is
(``1e400``, ``-0``, an integer of 5,000 digits). Usage: raw_value.py VALUE [CASE_ID ...]."""

import sys

import _fake

VALUE = sys.argv[1]
_fake.TARGETS = set(sys.argv[2:])


def misbehave(number, seq, case):
    if not _fake.targeted(case):
        return False
    _fake.answer_with_power(seq, case, VALUE)
    return True


_fake.serve(misbehave)
