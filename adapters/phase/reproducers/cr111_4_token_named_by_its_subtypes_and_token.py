"""CR 111.4: a token whose effect gives it no name is named after its subtypes plus the word
"Token" (phase-python 0.103.0).

A real spell says "Create a 1/1 white Soldier creature token." It gives the token no name, so by
CR 111.4 the token is named "Soldier Token"; phase names it "Soldier", its subtype alone. Only
real game actions are used (a spell cast and resolved): no debug action, no edited state.

    python adapters/phase/reproducers/cr111_4_token_named_by_its_subtypes_and_token.py

Prints what phase says and what the CR says (a space in a name printed as "_"); exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": "Instant", "types": ["Instant"], "subtypes": [],
               "supertypes": [], "text": text}
    return phase.build_oracle_face(mtgjson, None)


cards = {"muster": card("Muster", "Create a 1/1 white Soldier creature token.")}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Muster"], ["Muster"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
muster = next(o["id"] for o in game.hand(0) if o["name"] == "Muster")
before = {o["id"] for o in game.battlefield()}
cast = next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == muster)
game.apply(0, cast)
while game.stack():  # both players pass: it resolves
    game.apply(game.priority_player(), {"type": "PassPriority"})
(token,) = [o for o in game.battlefield() if o["id"] not in before]
name = json.dumps(token["name"])
print(f"subtypes {json.dumps(token['card_types']['subtypes'], separators=(',', ':'))} (CR 111.4: [\"Soldier\"])")
print(f"name {name.replace(' ', '_')} (CR 111.4: \"Soldier_Token\")")
sys.exit(1 if token["name"] != "Soldier Token" else 0)
