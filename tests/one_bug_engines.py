"""Engines for the tests of what a property run reports (tests/test_property_verdicts.py), usable as
``--engine tests.one_bug_engines:NAME``: one with a single rules bug, one that refuses almost
everything."""

from __future__ import annotations

import json
import zlib

from conformance.errors import Unsupported
from reference_engine import ReferenceEngine


def tripling_as_doubling() -> ReferenceEngine:
    """The reference engine with one bug: tripling adds the value once, as doubling does (701.11b)."""
    from tests.mutants import MUTANTS

    return next(m for m in MUTANTS if m.name == "tripling-as-doubling").engine()


class RefusesMostEngine(ReferenceEngine):
    """The reference engine, refusing 99 in 100 scenarios (by a hash of the scenario, so the same
    scenario is always refused or always run) as an engine that lacks what they need would."""

    def describe(self):
        return {**super().describe(), "name": "refuses-most"}

    def run(self, case):
        if zlib.crc32(json.dumps(case, sort_keys=True).encode()) % 100:
            raise Unsupported("this engine does not model what this scenario needs")
        return super().run(case)
