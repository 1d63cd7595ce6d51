"""Hypothesis settings profiles for the property suite, chosen with ``--profile NAME``.

- ``ci``: deterministic (derandomized, no example database), prints the reproduction blob;
  for gating. 100 examples a property. It writes nothing in the working directory: Hypothesis's
  storage (its cache of the constants in the code under test) goes to a temporary directory,
  removed at exit, unless ``HYPOTHESIS_STORAGE_DIRECTORY`` names one.
- ``dev``: random, with the example database in ``.hypothesis/`` so failures replay first.
- ``thorough``: 2,000 examples a property, for scheduled exploration.

Each profile also bounds the time spent shrinking one property's counterexample
(:data:`SHRINK_SECONDS`; ``--mtg-shrink-seconds`` / ``mtg-conformance run --shrink-seconds``
override it): past the bound the property reports the smallest counterexample found so far, which
really fails (conformance/laws/shrinking.py), and says that it may not be the smallest.
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


SHRINK_SECONDS: dict[str, float | None] = {"ci": 10.0, "dev": 10.0, "thorough": 60.0}
"""Per profile, the most seconds spent shrinking one property's counterexample. A failing property
used to spend 20-30 s shrinking (issue 22); the counterexamples the ``ci`` profile finds on the
mutants shrink to their smallest in well under 10 s on an idle machine."""


def parse_shrink_seconds(text: str) -> float | None:
    """``--shrink-seconds`` value: seconds (a number >= 0), or ``none`` for no bound of ours
    (Hypothesis's own, 300 s)."""
    import argparse

    if text.strip().lower() in ("none", "off"):
        return None
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds or 'none', not {text!r}") from None
    if not seconds >= 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds >= 0 or 'none', not {text!r}")
    return seconds


UNSET = object()


def shrink_seconds(name: str, override=UNSET) -> float | None:
    """The shrink bound of the named profile, unless ``override`` (an option's value) is given."""
    return SHRINK_SECONDS.get(name, 10.0) if override is UNSET else override


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
