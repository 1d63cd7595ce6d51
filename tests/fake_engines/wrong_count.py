"""Answers the targeted cases with one snapshot too few (the last one dropped)."""

from _fake import ENGINE, reply, serve, targeted


def misbehave(number, seq, case):
    if targeted(case):
        reply({"seq": seq, "snapshots": ENGINE.run(case)[:-1]})
        return True
    return False


serve(misbehave)
