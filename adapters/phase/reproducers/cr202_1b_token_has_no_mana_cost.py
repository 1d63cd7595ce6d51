"""CR 202.1b: a token whose effect gives it no mana cost has no mana cost (phase-python 0.103.0).

A real spell says "Create a 1/1 white Soldier creature token." It gives the token no mana cost,
so by CR 202.1b the token has none (as a land card has none); phase gives it a mana cost of {0}
(its `mana_cost` is a `Cost` with generic 0 and no symbols, where a land card's is `NoCost`).
Only real game actions are used (a spell cast and resolved): no debug action, no edited state.

    python adapters/phase/reproducers/cr202_1b_token_has_no_mana_cost.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
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
cost = token.get("mana_cost") or {}
has_cost = cost.get("type") == "Cost"
print(f"mana_cost {'Cost' if has_cost else 'none'} (CR 202.1b: none)")
sys.exit(1 if has_cost else 0)
