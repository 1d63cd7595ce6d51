"""Exits before answering start, explaining why on stderr (a missing library, say)."""

import sys

print("error while loading shared libraries: libmtgrules.so.3: cannot open shared object file",
      file=sys.stderr, flush=True)
sys.exit(127)
