"""A correct engine that writes a lot on stderr: 200 KiB per case (more than a pipe holds), and
some at start. Nothing on stderr may block it or change an outcome."""

import sys

from _fake import serve

print("chatters: starting up\n" * 1000, file=sys.stderr, flush=True)


def misbehave(number, seq, case):
    sys.stderr.write(f"debug: running {case['id']}\n")
    sys.stderr.write(("x" * 1023 + "\n") * 200)
    sys.stderr.flush()
    return False


serve(misbehave)
