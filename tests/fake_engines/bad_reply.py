"""Answers the targeted cases with JSON that does not match run-reply.json: a snapshot whose
'objects' is a list."""

from _fake import reply, serve, targeted


def misbehave(number, seq, case):
    if targeted(case):
        reply({"seq": seq, "snapshots": [{"objects": []}]})
        return True
    return False


serve(misbehave)
