"""Answers start, then never reads its input again: it ignores stop and the end of its input,
so only killing its process group ends it."""

import time

from _fake import ENGINE, reply

reply({"version": 1, "engine": ENGINE.describe()})
time.sleep(600)
