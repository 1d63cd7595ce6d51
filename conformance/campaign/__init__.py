"""Exploration campaigns (``mtg-conformance campaign``, docs/campaigns.md): the property suite run
for a long time in worker processes, on one machine or several sharing an example database, each
counterexample shrunk and kept as a golden-style case file.

``command`` (the command and its process), ``worker`` (a worker process), ``schedule`` (what runs
next, and the tallies), ``progress`` (the live view and the summary), ``page`` (the HTML report),
``databases`` (the ``--database`` URLs), ``found`` (counterexamples as case files named by content).
"""
