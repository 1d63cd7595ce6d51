"""Answers the targeted cases 'unsupported', and the others with an error reply; a well-behaved
engine that cannot run anything."""

from _fake import reply, serve, targeted


def misbehave(number, seq, case):
    if targeted(case):
        reply({"seq": seq, "unsupported": "no layers yet"})
    else:
        reply({"seq": seq, "error": {"message": "NotImplementedError: layers", "traceback": "at Rules.apply (rules.rs:42)"}})
    return True


serve(misbehave)
