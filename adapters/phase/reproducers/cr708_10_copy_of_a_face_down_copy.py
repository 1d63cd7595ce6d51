"""CR 707.2, 708.10: a copy of a face-down permanent that became a copy of another permanent gets
the face-down values, not the other permanent's (phase-python 0.103.0).

A face-down Demon (its card: a 6/6 with morph {2}{B}{B}) becomes a copy of a face-up Lorian (a 4/1
with trample): its copiable values are Lorian's as modified by its face-down status (708.10), so it
stays a nameless 2/2. A Giant (a 3/3) then becomes a copy of the face-down Demon: it acquires those
copiable values (707.2; the Clone example there), a face-up nameless 2/2. phase makes the Giant a
Lorian 4/1: it copies what the face-down permanent copies, ignoring its face-down status. Only real
game actions are used (cards cast, the face-down card played with phase's PlayFaceDown, two spells
cast): no debug action, no edited state.

    python adapters/phase/reproducers/cr708_10_copy_of_a_face_down_copy.py

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
    "demon": card("Demon", "Morph {2}{B}{B}", ("Creature",), power="6", toughness="6", keywords=["Morph"]),
    "lorian": card("Lorian", "Trample", ("Creature",), power="4", toughness="1", keywords=["Trample"]),
    "giant": card("Giant", "", ("Creature",), power="3", toughness="3"),
    "shift": card("Shift", "Target permanent becomes a copy of target permanent."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Demon", "Lorian", "Giant", "Shift", "Shift"], ["Giant"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}
shifts = [o["id"] for o in game.hand(0) if o["name"] == "Shift"]


def cast(card, targets=()):
    """Cast the card from the hand, choose its targets in order, and let it resolve."""
    game.apply(0, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card))
    for target in targets:
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": card_id[target]}}})
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


def seen(name):
    obj = game.object(card_id[name])
    return f"{obj['name'] or '-'}:{obj['power']}/{obj['toughness']}"


demon = card_id["Demon"]
game.apply(0, {"type": "PlayFaceDown", "data": {"object_id": demon, "card_id": demon}})
cast(card_id["Lorian"])
cast(card_id["Giant"])
cast(shifts[0], ["Demon", "Lorian"])
print(f"face_down {str(game.object(demon)['face_down']).lower()} (CR 708.10: true)")
print(f"demon {seen('Demon')} (CR 708.10: -:2/2)")
cast(shifts[1], ["Giant", "Demon"])
print(f"giant {seen('Giant')} (CR 707.2: -:2/2)")
sys.exit(1 if seen("Giant") != "-:2/2" else 0)
