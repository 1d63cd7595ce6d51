"""Crashes leaving a daemon behind: on its first case (or the cases named), double-forks a sleeper
that starts its own session and keeps the engine's standard output and error open, writes the
sleeper's pid to PIDFILE, then exits with status 3 without answering. The harness must see the
engine's own exit at once (a crash, status 3), not wait for the end of output the sleeper holds.
Usage: daemon_then_crash.py PIDFILE [CASE_ID ...]."""

import os
import sys
import time

import _fake

PIDFILE = sys.argv[1]
_fake.TARGETS = set(sys.argv[2:])


def misbehave(number, seq, case):
    if not _fake.targeted(case):
        return False
    if os.fork() == 0:  # the child: forks the sleeper and exits, so the sleeper is orphaned
        if os.fork() == 0:
            os.setsid()  # its own session and process group: killing the engine's group misses it
            with open(PIDFILE, "a") as f:
                f.write(f"{os.getpid()}\n")
            time.sleep(600)  # holding the engine's stdout and stderr open all along
        os._exit(0)
    os.wait()
    deadline = time.monotonic() + 5
    while not (os.path.exists(PIDFILE) and open(PIDFILE).read().strip()) and time.monotonic() < deadline:
        time.sleep(0.01)
    print(f"fatal: giving up on case {case['id']}", file=sys.stderr, flush=True)
    sys.exit(3)


_fake.serve(misbehave)
