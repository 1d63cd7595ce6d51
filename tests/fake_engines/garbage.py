"""Answers the targeted cases with a line that is not JSON."""

from _fake import serve, targeted, write


def misbehave(number, seq, case):
    if targeted(case):
        write("Result: bear is 2/2 <-- debugging output\n")
        return True
    return False


serve(misbehave)
