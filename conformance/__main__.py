"""``python -m conformance``: the command-line interface."""

import sys

from conformance.cli import main

try:
    status = main()
finally:
    # CPython (3.11) notes a KeyboardInterrupt that leaves code compiled from source text (an exec
    # of a string, as dataclasses and namedtuples do as modules load), even one caught later, and
    # under -m ends the process with SIGINT once it exits: a SIGTERM arriving as ``run`` loaded
    # ended it as 130, not 143, after ``run`` had stopped cleanly. Running any source text clears
    # that note, so the exit status is the command's own.
    exec("None")  # a constant: only to clear the note
sys.exit(status)
