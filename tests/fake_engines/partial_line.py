"""Writes the beginning of a reply, without its newline, then exits (status 0)."""

import sys

from _fake import serve, targeted, write


def misbehave(number, seq, case):
    if targeted(case):
        write('{"seq": %d, "snapsh' % seq)
        sys.exit(0)
    return False


serve(misbehave)
