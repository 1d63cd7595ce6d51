"""Hypothesis settings profiles for the property suite, chosen with ``--profile NAME``.

- ``ci``: deterministic (derandomized, no example database), prints the reproduction blob;
  for gating. 100 examples a property. It writes nothing in the working directory: Hypothesis's
  storage (its cache of the constants in the code under test) goes to a temporary directory,
  removed at exit, unless ``HYPOTHESIS_STORAGE_DIRECTORY`` names one.
- ``dev``: random, with the example database in ``.hypothesis/`` so failures replay first.
- ``thorough``: 2,000 examples a property, for scheduled exploration.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

from hypothesis import HealthCheck, settings

COMMON = dict(
    deadline=None,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)

PROFILES = {
    "ci": settings(max_examples=100, derandomize=True, database=None, print_blob=True, **COMMON),
    "dev": settings(max_examples=100, **COMMON),
    "thorough": settings(max_examples=2000, **COMMON),
}
DEFAULT_PROFILE = "ci"

for _name, _profile in PROFILES.items():
    settings.register_profile(f"mtg-{_name}", _profile)


WRITES_NOTHING = frozenset({"ci"})
"""Profiles under which no ``.hypothesis/`` directory appears in the working directory."""

_storage: list[str] = []


def _storage_out_of_working_directory() -> None:
    """Point Hypothesis's storage at a temporary directory (once a process; removed at exit)."""
    from hypothesis.configuration import set_hypothesis_home_dir

    if _storage or os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        return
    _storage.append(tempfile.mkdtemp(prefix="mtg-conformance-hypothesis-"))
    set_hypothesis_home_dir(_storage[0])
    atexit.register(shutil.rmtree, _storage[0], ignore_errors=True)


def get(name: str) -> settings:
    """The settings of the named profile (under ``ci``, Hypothesis's storage moves out of the
    working directory first)."""
    if name in WRITES_NOTHING:
        _storage_out_of_working_directory()
    return PROFILES[name]
