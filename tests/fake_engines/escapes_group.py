"""Starts a grandchild that leaves the engine's process group (``setsid``) and sleeps, then
serves normally. The grandchild's pid is written to the file PIDFILE.
Usage: escapes_group.py PIDFILE."""

import os
import subprocess
import sys

import _fake

PIDFILE = sys.argv[1]
_fake.TARGETS = set()
script = ("import os, sys, time\n"
          "if os.fork(): sys.exit(0)\n"      # the child forks the grandchild and exits: it is orphaned
          "os.setsid()\n"
          f"open({PIDFILE!r}, 'a').write(str(os.getpid()) + '\\n')\n"
          "time.sleep(600)\n")
subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                 stderr=subprocess.DEVNULL).wait()
_fake.serve()
