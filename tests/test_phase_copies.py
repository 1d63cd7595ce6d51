"""The phase adapter's copy scenarios beyond those of test_phase_adapter.py (branch s31-copytail):
two different cards of one name (CR 201.2), changeling's every creature type (702.73a, 205.3m),
and the copy exceptions realised here (707.9b)."""

from __future__ import annotations

from conformance.engines.interface import describe
from conformance.results import compare
from tests.phase_support import engine, needs_phase  # noqa: F401 (a fixture)
from tests.scenarios import creature, make_case

CLONE = {"card": {"name": "Clone", "types": ["creature"], "subtypes": ["Shapeshifter"], "colors": ["U"], "power": 0,
                  "toughness": 0, "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]},
         "zone": "hand"}


def _judge(engine, case):
    return compare.judge(engine, describe(engine), case)


@needs_phase
def test_two_different_cards_of_one_name_are_each_their_own(engine):
    """CR 201.2, 707.2: two different Runeclaw Bears (a 2/2, a 4/5 with flying) and two different
    Clones (one with an exception): each object has its own characteristics and the name declared,
    and a Clone copying the second bear copies that bear's name and values."""
    bear = {"name": "Runeclaw Bear", "subtypes": ["Bear"], "colors": ["G"]}
    other_clone = {**CLONE, "card": {**CLONE["card"], "abilities": [
        {"enters_as_copy": {"of": {"types": ["creature"]}, "exceptions": {"power": 7, "toughness": 7}}}]}}
    case = make_case({
        "small": creature(2, 2, **bear),
        "big": creature(4, 5, **bear, abilities=[{"keyword": "flying"}]),
        "clone": CLONE, "clone7": other_clone}, [
        {"move": {"object": "clone", "to": "battlefield", "choices": {"copy": "big"}}},
        {"move": {"object": "clone7", "to": "battlefield", "choices": {"copy": "small"}}},
        {"move": {"object": "big", "to": "graveyard"}},
        {"expect": {"objects": {
            "small": {"name": "Runeclaw Bear", "power": 2, "toughness": 2},
            "big": {"name": "Runeclaw Bear", "zone": "graveyard", "power": 4, "toughness": 5},
            "clone": {"name": "Runeclaw Bear", "power": 4, "toughness": 5, "abilities": [{"keyword": "flying"}]},
            "clone7": {"name": "Runeclaw Bear", "power": 7, "toughness": 7, "abilities": []}}}}],
        rules=("707.2", "201.2"))
    result = _judge(engine, case)
    assert result.status == "passed", result
