"""A loop of mandatory actions (CR 104.4b: the game is a draw) is refused by the reference engine,
never resolved forever: a creature whose damage prevention puts +1/+1 counters on it, and whose
ability deals damage to it whenever +1/+1 counters are put on it, would trigger itself again on
every resolution."""

from __future__ import annotations

import pytest

from conformance.errors import Unsupported
from conformance.format import loader
from reference_engine import ReferenceEngine, trigger_resolution

LOOP = """format: 1
cr: "2025-09-19"
cases:
  - id: 104.4b/prevention-that-grows-a-self-burning-creature
    rules: ["104.4b", "615.1", "603.2"]
    source: {rule: "104.4b"}
    summary: damage to the creature is prevented and grows it, and growing it deals damage to it
    players: [Alex, Blair]
    objects:
      phantom:
        card:
          types: [creature]
          power: 1
          toughness: 1
          abilities:
            - prevent_damage: {to: {itself: true}, then: {put_counters: "+1/+1", for_each: prevented}}
            - triggered:
                name: t
                when: whenever +1/+1 counters are put on it
                event: {counters_put: {kind: "+1/+1", on: {itself: true}}}
                effect: {damage: {amount: 1, to: that}}
    steps:
      - damage: {source: phantom, to: phantom, amount: 1}
      - resolve_triggers: {}
      - expect: {objects: {phantom: {power: 2}}}
"""


def test_a_loop_of_mandatory_triggers_is_refused_not_resolved_forever():
    (case,) = loader.load_text(LOOP, "loop.yaml")
    with pytest.raises(Unsupported, match=r"104\.4b") as refused:
        ReferenceEngine().run(case.to_dict())
    assert str(trigger_resolution.LOOP_BOUND) in str(refused.value)
