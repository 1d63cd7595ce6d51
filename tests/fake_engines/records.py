"""A correct engine that appends every case it is sent, as one JSON line, to the file named by
its first argument, so a test can compare what the harness sends with Case.to_dict()."""

import json
import sys

log = sys.argv.pop(1)

from _fake import serve  # noqa: E402  (after taking the argument: the rest are case ids)


def misbehave(number, seq, case):
    with open(log, "a", encoding="utf-8") as f:
        f.write(json.dumps(case) + "\n")
    return False


serve(misbehave)
