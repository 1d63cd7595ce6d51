"""A pytest plugin that sends its own process SIGTERM as the session starts and swallows the
``KeyboardInterrupt`` the run's handler raises, as library code guarding an import with a bare
``except`` once did at start-up (tests/test_run_lifecycle.py). Under pytest-xdist it does so in the
controller only (the process a CI runner signals)."""

import os
import signal
import time


def pytest_sessionstart(session):
    if hasattr(session.config, "workerinput"):
        return
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler runs here, raising KeyboardInterrupt
    except BaseException:  # noqa: BLE001 - the point: someone else's code swallows it
        pass
