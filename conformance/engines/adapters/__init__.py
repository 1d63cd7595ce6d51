"""Adapters that run the suite's scenarios in real rules engines.

Each adapter is an in-process engine (``describe()`` / ``run(case)``, docs/engines.md) that
realises a scenario in the engine it wraps: it builds the cards, sets up the board, performs
the steps the way that engine performs them (casting spells, its own actions), and reads the
engine's state back. What an engine refuses or an adapter cannot express faithfully is raised
as :class:`conformance.errors.Unsupported`, never turned into a pass or a failure.

- :mod:`conformance.engines.adapters.phase`: phase.rs, through its Python bindings ``phase-python``
  (the optional extra ``phase``; ``mtg-conformance run --engine phase``).
- :mod:`conformance.engines.adapters.python_mtg`: python-mtg, a Datalog rules engine driven
  in-process (the optional extra ``python-mtg``; ``mtg-conformance run --engine python-mtg``).
"""
