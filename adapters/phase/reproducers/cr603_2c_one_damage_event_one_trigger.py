"""CR 603.2c, 510.2: the combat damage of a step is one event, so "whenever this creature is dealt
damage" triggers once however many creatures deal it damage (phase-python 0.103.0).

Alex casts a 2/5 with "Whenever this creature is dealt damage, put that many +1/+1 counters on
it."; Blair casts a 1/1 and a 2/2. On Alex's next turn the 2/5 attacks Blair and both of her
creatures block it; Alex divides its 2 damage 1 and 1. All combat damage is dealt at once (510.2):
the 2/5 is dealt 3 damage in one event and its ability triggers once (603.2c), for 3. phase
triggers it once for each blocker (twice: for 1 and for 2); the counters come to 3 either way.
Only real game actions are used (the creatures cast, phase's own attack, block and damage
assignment prompts answered, priority passed): no debug action, no edited state.

    python adapters/phase/reproducers/cr603_2c_one_damage_event_one_trigger.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, power, toughness):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": "Creature", "types": ["Creature"], "subtypes": [],
               "supertypes": [], "text": text, "power": str(power), "toughness": str(toughness)}
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "hulk": card("Hulk", "Whenever this creature is dealt damage, put that many +1/+1 counters on it.", 2, 5),
    "squire": card("Squire", "", 1, 1),
    "bear": card("Bear", "", 2, 2),
}
engine = phase.Engine.from_json(json.dumps(cards))
# eight cards each: seven in the opening hand, one left to draw
game = engine.new_game(["Hulk"] * 8, ["Squire"] * 4 + ["Bear"] * 4, seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})


def main_phase(turn):
    while not (game.turn == turn and game.phase == "PreCombatMain" and game.waiting_for()["type"] == "Priority"):
        waiting = game.waiting_for()
        if waiting["type"] == "DeclareAttackers":  # Blair's turn: nothing attacks
            game.apply(waiting["data"]["player"], {"type": "DeclareAttackers", "data": {"attacks": []}})
        else:
            game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(seat, name):
    card_id = next(o["id"] for o in game.hand(seat) if o["name"] == name)
    game.apply(seat, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id))
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})
    return card_id


main_phase(1)
hulk = cast(0, "Hulk")
main_phase(2)
squire, bear = cast(1, "Squire"), cast(1, "Bear")
main_phase(3)
while game.waiting_for()["type"] != "DeclareAttackers":
    game.apply(game.priority_player(), {"type": "PassPriority"})
game.apply(0, {"type": "DeclareAttackers", "data": {"attacks": [[hulk, {"type": "Player", "data": 1}]]}})
while game.waiting_for()["type"] != "DeclareBlockers":
    game.apply(game.priority_player(), {"type": "PassPriority"})
game.apply(1, {"type": "DeclareBlockers", "data": {"assignments": [[squire, hulk], [bear, hulk]]}})
while game.waiting_for()["type"] != "AssignCombatDamage":
    game.apply(game.priority_player(), {"type": "PassPriority"})
game.apply(0, {"type": "AssignCombatDamage", "data": {"assignments": [[squire, 1], [bear, 1]], "trample_damage": 0,
                                                      "controller_damage": 0}})
while game.waiting_for()["type"] == "Priority" and not game.stack():
    game.apply(game.priority_player(), {"type": "PassPriority"})
waiting = game.waiting_for()
triggered = len(waiting["data"]["triggers"]) if waiting["type"] == "OrderTriggers" else len(game.stack())
if waiting["type"] == "OrderTriggers":
    game.apply(0, {"type": "OrderTriggers", "data": {"order": list(range(triggered))}})
while game.stack():
    game.apply(game.priority_player(), {"type": "PassPriority"})
counters = (game.object(hulk).get("counters") or {}).get("P1P1", 0)
print(f"triggers {triggered} (CR 603.2c: 1)")
print(f"counters {counters} (CR 603.2c: 3)")
sys.exit(1 if (triggered, counters) != (1, 3) else 0)
