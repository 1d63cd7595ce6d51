"""mtg-conformance: a property-based conformance suite for Magic: The Gathering rules engines.

Data flows one way, and the subpackages follow it (docs/layout.md):

- ``format``: case files are loaded (``format.loader``) into immutable cases (``format.model``);
- ``engines``: an engine (the interface, a JSON-lines subprocess, an engine by name) turns each into snapshots;
- ``laws``: the property suite generates cases and checks what engines answer;
- ``results``: ``results.compare`` judges the snapshots; records, the results stream, expectations;
- ``reports``: the per-rule table, Markdown and HTML;

and on top the pytest plugin (``pytest_plugin``, ``pytest_properties``) and the CLI (``cli``).
``errors`` holds the exceptions every part shares.
"""

__version__ = "1.0.0"
"""The suite's version (CHANGELOG.md, "Versions"): it says nothing of the CR, whose date is CR_VERSION."""
CR_VERSION = "2025-09-19"
"""Effective date of the Comprehensive Rules the shipped cases were checked against."""
