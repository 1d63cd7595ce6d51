"""CR 704.5i: a planeswalker with loyalty 0 is put into its owner's graveyard (phase-python 0.103.0).

A real spell says "Target permanent becomes a copy of target permanent." It makes a 2/2 creature
a copy of a planeswalker with printed loyalty 4. The creature did not enter the battlefield, so
it has no loyalty counters: its loyalty is 0 (306.5b: a planeswalker's loyalty on the battlefield
is the number of loyalty counters on it), and the state-based action of 704.5i puts it into its
owner's graveyard. phase keeps it on the battlefield, a planeswalker with no loyalty counters
(phase reports its `loyalty` as 4, the printed value copied). Only real game actions are used
(spells cast and resolved): no debug action, no edited state.

    python adapters/phase/reproducers/cr704_5i_copy_of_a_planeswalker_with_no_loyalty.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Instant",), **facts):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text, **facts}
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "sage": card("Sage", types=("Planeswalker",), loyalty="4"),
    "bear": card("Bear", types=("Creature",), power="2", toughness="2"),
    "shift": card("Shift", "Target permanent becomes a copy of target permanent."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Sage", "Bear", "Shift"], ["Bear"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(name, targets=()):
    """Cast the card from the hand, choose its targets in order, and let it resolve."""
    oid = next(o["id"] for o in game.hand(0) if o["name"] == name)
    game.apply(0, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == oid))
    for target in targets:
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": target}}})
    while game.stack():  # both players pass: it resolves (state-based actions before each priority)
        game.apply(game.priority_player(), {"type": "PassPriority"})
    return oid


sage, bear = cast("Sage"), cast("Bear")
cast("Shift", [bear, sage])
copy = game.object(bear)
print(f"types {json.dumps(copy['card_types']['core_types'])} (CR 707.2: [\"Planeswalker\"])")
print(f"loyalty_counters {(copy.get('counters') or {}).get('loyalty', 0)} (CR 306.5b: 0)")
print(f"zone {copy['zone']} (CR 704.5i: Graveyard)")
sys.exit(1 if copy["zone"] == "Battlefield" else 0)
