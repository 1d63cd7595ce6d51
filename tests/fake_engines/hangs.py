"""Hangs on a case (the targeted ones): first starts a child that sleeps too and tells its pid on
stderr, so a test can check that the whole process group was killed."""

import subprocess
import sys
import time

from _fake import serve, targeted


def misbehave(number, seq, case):
    if not targeted(case):
        return False
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    print(f"hanging on {case['id']}; child pid {child.pid}", file=sys.stderr, flush=True)
    time.sleep(600)
    return True


serve(misbehave)
