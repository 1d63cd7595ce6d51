"""The limits on a case file, in one place (docs/format.md, "Limits").

A case file is data from anyone who can open a pull request, so the loader bounds what it reads
before and while it parses: the size of the file, how deep its values nest, how far its YAML
aliases expand, how many cases, objects and steps it holds, and how large an integer is. Each
limit is far above what a hand-written or generated case needs (the largest golden file is under
20 KB, the deepest nesting under 15, the largest case 12 objects and 12 steps), and low enough
that the largest case they allow loads in about a second and runs on the reference engine in a
few seconds (docs/benchmarks.md, "The largest cases the limits allow", ``benchmarks.worst_case``).
Going over one is an ordinary case-file error: one line naming the file, the line, the case and
the field, exit status 2.

What bounds the reference engine's time is a case's objects and steps together: it works out
the board anew after every step, and the continuous effects of earlier steps are part of it, so
its work grows with objects times steps times the effects that pile up (a "becomes" to each
creature, step after step), or with objects times objects for abilities of every object that
look at every other ("other creatures get ..."). :data:`MAX_STEPS`, :data:`MAX_OBJECTS` and
:data:`MAX_OBJECT_STEPS` are set so that the slowest of the shapes measured takes a few seconds.
"""

from __future__ import annotations

MAX_FILE_BYTES = 1_000_000
"""Bytes in one case file (checked on the file's size before it is read, then on the text): 50
times the largest golden file. Loading is linear but not quick (about 25 KB a second here, most of
it the JSON Schema), so a full file still loads in under a minute; it holds many cases, and runs
as long as they do together."""

MAX_DEPTH = 64
"""Mappings and lists nested in one another (the golden files need under 15; PyYAML itself
recurses about three frames a level, so 900 levels overflow Python's stack)."""

MAX_ALIASES = 10_000
"""YAML aliases (``*name``) in one file."""

MAX_VALUES = 1_000_000
"""Values (scalars, mappings, lists) in one file, counting each alias as the values it stands
for: what bounds "billion laughs" (nested aliases that expand exponentially)."""

MAX_CASES = 1_000
"""Cases in one file (the golden files hold up to 20)."""

MAX_OBJECTS = 100
"""Objects declared by one case (the golden cases declare up to 12)."""

MAX_STEPS = 250
"""Steps of one case, counting each part of a ``together`` step (the golden cases have up to 12)."""

MAX_OBJECT_STEPS = 10_000
"""A case's objects times its steps (the golden cases: up to 144): 40 objects and 250 steps, or
100 objects and 100 steps."""

MAX_INTEGER = 2**53 - 1
"""The magnitude of an integer (9,007,199,254,740,991: the largest an IEEE double, and so every
JSON reader, holds exactly)."""

MAX_INTEGER_DIGITS = len(str(MAX_INTEGER))
"""Digits an integer may be written with; a longer one is refused before it is converted."""

MAX_RESULTS_BYTES = 1_000_000_000
"""Bytes in one results file read by ``mtg-conformance report`` (a run of the whole suite with its
properties writes a few MB; the limit only keeps a stray huge file from filling the memory)."""

MAX_DIRECTORY_ENTRIES = 100_000
"""Directory entries looked at while searching ``--cases`` directories for case files."""
