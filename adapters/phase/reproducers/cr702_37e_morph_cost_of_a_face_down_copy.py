"""CR 702.37e, 707.2, 708.10: a face-down permanent that became a copy of a creature with morph is
turned face up for that creature's morph cost (phase-python 0.103.0).

A face-down Demon (its card: a 6/6 with morph {2}{B}{B}) becomes a copy of a face-up Lorian (a 4/1
with trample and morph {G}): face up it would be a Lorian, so the morph special action asks {G}
(the cost it would have face up), and turns it into a 4/1 Lorian. phase refuses the action with
{G} in its controller's pool ("Cannot pay mana cost"): it asks the face-down card's own morph cost.
Only real game actions are used (cards cast, the face-down card played with phase's PlayFaceDown,
a spell cast, a mana ability activated, the special action taken): no debug action, no edited state.

    python adapters/phase/reproducers/cr702_37e_morph_cost_of_a_face_down_copy.py

Prints what phase does and what the CR says; exits 1 while phase disagrees; checked by
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
    "lorian": card("Lorian", "Trample\nMorph {G}", ("Creature",), power="4", toughness="1",
                   keywords=["Trample", "Morph"]),
    "shift": card("Shift", "Target permanent becomes a copy of target permanent."),
    "mox": card("Mox", "{T}: Add {G}.", ("Artifact",)),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Demon", "Lorian", "Shift", "Mox"], ["Mox"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}


def cast(name, targets=()):
    """Cast the card from the hand, choose its targets in order, and let it resolve."""
    game.apply(0, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name]))
    for target in targets:
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": card_id[target]}}})
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


demon = card_id["Demon"]
game.apply(0, {"type": "PlayFaceDown", "data": {"object_id": demon, "card_id": demon}})
cast("Lorian")
cast("Mox")
cast("Shift", ["Demon", "Lorian"])
game.apply(0, {"type": "ActivateAbility", "data": {"source_id": card_id["Mox"], "ability_index": 0}})  # {G}
pool = len(game.player(0)["mana_pool"]["mana"])
print(f"face_down {str(game.object(demon)['face_down']).lower()} (CR 708.10: true)")
print(f"pool {pool} (CR 702.37e: 1)")
try:
    game.apply(0, {"type": "TurnFaceUp", "data": {"object_id": demon}})
except ValueError:
    pass  # phase does not allow the special action
obj = game.object(demon)
print(f"turned_up {str(not obj['face_down']).lower()} (CR 702.37e: true)")
print(f"name {obj['name'] or '-'} (CR 707.2: Lorian)")
sys.exit(1 if obj["face_down"] else 0)
