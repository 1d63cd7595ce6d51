"""Answers the targeted cases with correct snapshots but the wrong seq (one more)."""

from _fake import ENGINE, reply, serve, targeted


def misbehave(number, seq, case):
    if targeted(case):
        reply({"seq": seq + 1, "snapshots": ENGINE.run(case)})
        return True
    return False


serve(misbehave)
