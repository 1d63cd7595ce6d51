"""Prevention effects of a permanent's static ability with an additional effect on the permanent
itself (CR 615.5, 615.1): the Hydras, written as their true Oracle sentences and realised by phase's
own prevention shields (a ``DamageDone`` replacement with ``shield_kind`` Prevention of all the
damage, on ``SelfRef``) and the additional effect phase executes right after it (its
``execute``, counting the event's amount):

- Phyrexian Hydra, ``prevent_damage: {to: {itself: true}, then: {put_counters: "-1/-1"}}``: "If
  damage would be dealt to NAME, prevent that damage. Put a -1/-1 counter on NAME for each 1
  damage prevented this way.";
- Protean Hydra, ``then: {remove_counters: "+1/+1", for_each: damage}``: "If damage would be dealt
  to NAME, prevent that damage and remove that many +1/+1 counters from it.".

phase counts both with the event's amount: all of it is prevented here, as long as damage that
can't be prevented (615.12, ``cant-be-prevented``) is not declared, so "each 1 damage prevented"
and "that many" are the same number. Any other static prevention ability is unsupported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.engines.adapters.phase.counters import phase_kind
from conformance.engines.adapters.phase.wording import Sentence
from conformance.errors import Unsupported


def prevention_extra_sentence(oid: str, name: str, body: Mapping[str, Any]) -> Sentence:
    """CR 615.5: a Hydra's prevention and additional effect, and phase's expected reading."""
    then = dict(body.get("then") or {})
    to = {k: v for k, v in (body.get("to") or {}).items() if v not in (None, False, [], ())}
    if to.get("zone") == "battlefield":  # the format's default zone
        to.pop("zone")
    rest = {k: v for k, v in body.items() if k not in ("to", "then") and v not in (None, False, [], ())}
    if not then or to != {"itself": True} or rest:
        raise Unsupported(f"object {oid!r}: a static prevention ability {dict(body)} is not realised by this adapter "
                          "(only a Hydra's \"if damage would be dealt to it, prevent that damage\" with an additional "
                          "effect on itself)")
    put, remove, for_each = then.get("put_counters"), then.get("remove_counters"), then.get("for_each", "prevented")
    text = f"If damage would be dealt to {name}, prevent that damage."
    count = {"type": "Ref", "qty": {"type": "EventContextAmount"}}
    if put is not None and remove is None and for_each == "prevented":  # Phyrexian Hydra
        text += f" Put a {put} counter on {name} for each 1 damage prevented this way."
        effect = {"type": "PutCounter", "counter_type": phase_kind(put), "count": count, "target": {"type": "SelfRef"}}
    elif remove is not None and put is None and for_each == "damage":  # Protean Hydra
        text = text[:-1] + f" and remove that many {remove} counters from it."
        effect = {"type": "RemoveCounter", "counter_type": phase_kind(remove), "count": count,
                  "target": {"type": "SelfRef"}}
    else:
        raise Unsupported(f"object {oid!r}: the additional effect {then} of a prevention ability has no Oracle wording "
                          "here (Phyrexian Hydra's counters for each damage prevented, Protean Hydra's that many removed)")
    return Sentence(text, {"event": "DamageDone", "mode": {"type": "Mandatory"}, "valid_card": {"type": "SelfRef"},
                           "condition": None, "shield_kind": {"Prevention": {"amount": "All"}},
                           "execute": {"kind": "Spell", "effect": effect, "sub_ability": None, "condition": None}})
