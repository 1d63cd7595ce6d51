"""Hypothesis settings profiles for the property suite, chosen with ``--profile NAME``.

- ``ci``: deterministic (derandomized, no example database), prints the reproduction blob;
  for gating. 100 examples a property.
- ``dev``: random, with the example database in ``.hypothesis/`` so failures replay first.
- ``thorough``: 2,000 examples a property, for scheduled exploration.
"""

from __future__ import annotations

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


def get(name: str) -> settings:
    """The settings of the named profile."""
    return PROFILES[name]
