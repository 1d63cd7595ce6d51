"""Answers start, then exits with status 7 on every case (a missing library loaded lazily, say)."""

import sys

from _fake import serve


def misbehave(number, seq, case):
    print(f"fatal: cannot load librules for {case['id']}", file=sys.stderr, flush=True)
    sys.exit(7)


serve(misbehave)
