"""Answers each targeted case twice (the same reply, two lines)."""

from _fake import ENGINE, reply, serve, targeted


def misbehave(number, seq, case):
    if not targeted(case):
        return False
    message = {"seq": seq, "snapshots": ENGINE.run(case)}
    reply(message)
    reply(message)
    return True


serve(misbehave)
