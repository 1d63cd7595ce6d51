"""The frozen corpus (issue 42): scenarios drawn once from the property suite's strategies, each with
the reference engine's snapshots as its expected values, replayed against an engine with neither
Hypothesis nor the reference engine at run time.

By idea: ``store.py`` (the file: compressed JSON lines, read with one-line errors), ``build.py``
(drawing it: ``mtg-conformance corpus build``), ``judge.py`` (one scenario on an engine),
``replay.py`` (``mtg-conformance run --corpus``), ``reduce.py`` (``mtg-conformance reduce``: any
failing case made small).
"""
