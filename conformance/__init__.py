"""mtg-conformance: a property-based conformance suite for Magic: The Gathering rules engines.

Data flows one way: case files are loaded (``loader``) into immutable cases (``scenario``), an
engine (``engine``) turns each into snapshots, ``compare`` judges them, and the pytest plugin
(``pytest_plugin``) and the CLI (``cli``) report the results by rule.
"""

__version__ = "1.0.0"
"""The suite's version (CHANGELOG.md, "Versions"): it says nothing of the CR, whose date is CR_VERSION."""
CR_VERSION = "2025-09-19"
"""Effective date of the Comprehensive Rules the shipped cases were checked against."""
