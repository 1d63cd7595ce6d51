"""Crashes on its first case, and cannot start again: the second start finds the marker file
(the first argument) the first one left, and exits at start."""

import os
import sys

marker = sys.argv.pop(1)

from _fake import serve  # noqa: E402  (after taking the argument: the rest are case ids)

if os.path.exists(marker):
    print("cannot start: lock file left by a crashed run", file=sys.stderr, flush=True)
    sys.exit(1)
open(marker, "w").close()


def misbehave(number, seq, case):
    sys.exit(5)


serve(misbehave)
