"""CR 205.1a: an effect that sets an object's creature type replaces only its creature types; its
other subtypes (a land type) stay (phase-python 0.103.0).

Dryad Arbor-like: a land creature whose subtypes are the land type Forest and the creature type
Dryad (205.3c, 205.3i, 205.3m). It is played as a land, then a real spell says "Target permanent
becomes a Frog until end of turn." Frog is a creature type, so by CR 205.1a it replaces Dryad
only: the permanent is a Forest Frog (205.1a's own example: a creature type set leaves the land
types alone). phase removes Forest too. Only real game actions are used (a land played, a spell
cast and resolved): no debug action, no edited state.

    python adapters/phase/reproducers/cr205_1a_creature_type_set_keeps_land_types.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Instant",), subtypes=(), power=None, toughness=None, cost="{0}"):
    type_line = " ".join(types) + (" — " + " ".join(subtypes) if subtypes else "")
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "type": type_line, "types": list(types), "subtypes": list(subtypes),
               "supertypes": [], "text": text}
    if cost is not None:
        mtgjson["manaCost"] = cost
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "arbor": card("Arbor", types=("Land", "Creature"), subtypes=("Forest", "Dryad"), power=1, toughness=1, cost=None),
    "froggify": card("Froggify", "Target permanent becomes a Frog until end of turn."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Arbor", "Froggify"], ["Froggify"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}

play = next(a for a in game.actions() if a.kind == "PlayLand" and a.data["object_id"] == card_id["Arbor"])
game.apply(0, play)                       # the land creature is played as a land
before = sorted(game.object(card_id["Arbor"])["card_types"]["subtypes"])
cast = next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id["Froggify"])
game.apply(0, cast)
if game.waiting_for()["type"] == "TargetSelection":
    game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": card_id["Arbor"]}}})
while game.stack():  # both players pass: it resolves
    game.apply(game.priority_player(), {"type": "PassPriority"})
after = sorted(game.object(card_id["Arbor"])["card_types"]["subtypes"])
print(f"before {json.dumps(before, separators=(',', ':'))} (CR 205.1a: [\"Dryad\",\"Forest\"])")
print(f"after {json.dumps(after, separators=(',', ':'))} (CR 205.1a: [\"Forest\",\"Frog\"])")
sys.exit(1 if after != ["Forest", "Frog"] else 0)
