"""What the phase adapter's test files share: whether the optional extra ``phase`` (phase-python)
is installed, and the mark skipping a test that needs it when it is not."""

import pytest

try:
    import phase  # noqa: F401
except ImportError:
    HAVE_PHASE = False
else:
    HAVE_PHASE = True
needs_phase = pytest.mark.skipif(not HAVE_PHASE, reason="the optional extra 'phase' (phase-python) is not installed")
