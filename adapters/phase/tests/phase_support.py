"""What the phase adapter's test files share: each imports it first, so that it is skipped whole,
with the reason, when the adapter's distribution is not installed (the README's quickstart installs
the core alone); whether phase-python is installed, and the mark skipping a test that needs it when
it is not."""

import pytest

pytest.importorskip("mtg_conformance_phase", reason="the phase adapter is not installed: python -m pip install -e "
                                                    "adapters/phase (adapters/phase/README.md)")

try:
    import phase  # noqa: F401
except ImportError:
    HAVE_PHASE = False
else:
    HAVE_PHASE = True
needs_phase = pytest.mark.skipif(not HAVE_PHASE, reason="phase-python is not installed")


@pytest.fixture(scope="module")
def engine():
    """One PhaseEngine for a test module (imported here, so a module loads without phase)."""
    from mtg_conformance_phase import PhaseEngine

    return PhaseEngine()


@pytest.fixture(scope="module")
def info(engine):
    from conformance.engines.interface import describe

    return describe(engine)


def outcome(engine, info, case):
    """The verdict on one case, as the suite judges it."""
    from conformance.results import compare

    return compare.judge(engine, info, case)
