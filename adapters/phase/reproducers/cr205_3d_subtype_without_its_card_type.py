"""CR 205.3d: an object can't have a subtype that doesn't correspond to one of its card types
(phase-python 0.103.0).

A noncreature artifact is the target of a real spell, "Target permanent becomes an Illusion in
addition to its other types until end of turn." Illusion is a creature type (205.3m), and the
artifact is not a creature (nor a kindred): by CR 205.3d it has no subtype. phase reports the
subtype Illusion on it. Only real game actions are used (spells cast and resolved): no debug
action, no edited state.

    python adapters/phase/reproducers/cr205_3d_subtype_without_its_card_type.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Instant",)):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "stone": card("Stone", types=("Artifact",)),
    "phantasm": card("Phantasm", "Target permanent becomes an Illusion in addition to its other types until end "
                                 "of turn."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Stone", "Phantasm"], ["Stone"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}


def cast(name, target=None):
    action = next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name])
    game.apply(0, action)
    if game.waiting_for()["type"] == "TargetSelection":
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": card_id[target]}}})
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


cast("Stone")               # a noncreature artifact on the battlefield
cast("Phantasm", "Stone")   # it becomes an Illusion in addition to its other types
stone = game.object(card_id["Stone"])
types, subtypes = stone["card_types"]["core_types"], stone["card_types"]["subtypes"]
print(f"types {json.dumps(types, separators=(',', ':'))} (CR 205.3d: [\"Artifact\"])")
print(f"subtypes {json.dumps(subtypes, separators=(',', ':'))} (CR 205.3d: [])")
sys.exit(1 if subtypes else 0)
