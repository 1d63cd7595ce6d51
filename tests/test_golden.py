"""Every golden case holds on the reference engine, one test per case.

The golden cases' expected values are worked by hand from the CR; the reference engine is written
from the rules. When one of these tests fails, one of the two is wrong: find out which. (This file
is also the quick check the mutation run of ``reference_engine/`` uses, docs/mutation.md.)
"""

from __future__ import annotations

import pytest

from conformance.format import loader
from conformance.results import compare
from conformance.engines.interface import describe
from reference_engine import ReferenceEngine

GOLDEN_CASES = loader.load_suite([loader.golden_dir()])
ENGINE = ReferenceEngine()
INFO = describe(ENGINE)


@pytest.mark.parametrize("case", GOLDEN_CASES, ids=lambda case: case.id)
def test_golden_case_holds_on_the_reference_engine(case):
    outcome = compare.judge(ENGINE, INFO, case)
    assert outcome.status == "passed", f"{case.id} ({case.file}:{case.line}): {outcome}"
