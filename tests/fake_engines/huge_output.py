"""Answers the targeted cases with one line of 17 MiB (a valid reply padded with spaces), over the
harness's 16 MiB limit."""

import json

from _fake import ENGINE, serve, targeted, write


def misbehave(number, seq, case):
    if targeted(case):
        body = json.dumps({"seq": seq, "snapshots": ENGINE.run(case)})
        write(body[:-1] + " " * (17 * 2**20) + "}\n")
        return True
    return False


serve(misbehave)
