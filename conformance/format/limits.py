"""The limits on a case file, in one place (docs/format.md, "Limits").

A case file is data from anyone who can open a pull request, so the loader bounds what it reads
before and while it parses: the size of the file, how deep its values nest, how far its YAML
aliases expand, how many cases, objects and steps it holds, and how large an integer is. Each
limit is far above what a hand-written or generated case needs (the largest golden file is under
20 KB, the deepest nesting under 15, the longest case under 30 steps), and low enough that the
largest input they allow loads and runs in seconds and a few hundred MB (docs/benchmarks.md,
"hostile input"). Going over one is an ordinary case-file error: one line naming the file, the
line, the case and the field, exit status 2.
"""

from __future__ import annotations

MAX_FILE_BYTES = 1_000_000
"""Bytes in one case file (checked on the file's size before it is read, then on the text): 50
times the largest golden file, room for a case of :data:`MAX_STEPS` steps (about 600 KB).
Loading is linear but not quick (about 25 KB a second here, most of it the JSON Schema), so a
full file still loads in under a minute."""

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

MAX_OBJECTS = 1_000
"""Objects declared by one case."""

MAX_STEPS = 10_000
"""Steps of one case, counting each part of a ``together`` step."""

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
