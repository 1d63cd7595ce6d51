"""Packaging: everything is declared in pyproject.toml except the package list, built here.

Every package under conformance/, reference_engine/ and strategies/ is found (directories without
an ``__init__.py`` too, as Python imports them), so a new subpackage ships without being listed;
the golden cases (golden/ at the root of the repository) ship inside the package as
``conformance.golden``, which pyproject's ``package-dir`` maps to golden/ (a mapped package is
one that discovery cannot find, hence this file).
"""

from setuptools import find_namespace_packages, setup

setup(packages=[*find_namespace_packages(include=["conformance", "conformance.*", "reference_engine",
                                                  "reference_engine.*", "strategies", "strategies.*"],
                                         exclude=["*.__pycache__", "conformance.golden"]),
                "conformance.golden"])
