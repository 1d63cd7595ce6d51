"""Crashes mid-run: exits (status 3, after a word on stderr) on the 2nd case each process gets."""

import sys

from _fake import serve


def misbehave(number, seq, case):
    if number == 2:
        print(f"fatal: segfault-like failure in case {case['id']}", file=sys.stderr, flush=True)
        sys.exit(3)
    return False


serve(misbehave)
