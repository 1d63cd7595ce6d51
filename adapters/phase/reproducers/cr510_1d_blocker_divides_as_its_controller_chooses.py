"""CR 510.1d: a creature blocking several attackers divides its combat damage among them as its
controller chooses (phase-python 0.103.0).

Alex casts a 3/3 and a 1/1; Blair casts a 4/4 with "This creature can block an additional creature
each combat." On Alex's next turn both of Alex's creatures attack Blair and her 4/4 blocks both.
Blair may divide its 4 damage as she likes between them (510.1d), here all 4 to the 3/3 and none to
the 1/1: the 3/3 is destroyed, the 1/1 lives. phase asks Blair nothing: it splits the damage evenly
(2 and 2), so the 1/1 dies and the 3/3 lives. Only real game actions are used (the creatures cast,
phase's own attack and block prompts answered, priority passed; a prompt asking Blair to divide
would be answered with her choice): no debug action, no edited state.

    python adapters/phase/reproducers/cr510_1d_blocker_divides_as_its_controller_chooses.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", power=None, toughness=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": "Creature", "types": ["Creature"], "subtypes": [],
               "supertypes": [], "text": text, "power": str(power), "toughness": str(toughness)}
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "ogre": card("Ogre", power=3, toughness=3),
    "squire": card("Squire", power=1, toughness=1),
    "guard": card("Guard", "This creature can block an additional creature each combat.", power=4, toughness=4),
}
engine = phase.Engine.from_json(json.dumps(cards))
# eight cards each: seven in the opening hand (at least three of each of Alex's), one left to draw
game = engine.new_game(["Ogre"] * 4 + ["Squire"] * 4, ["Guard"] * 8, seed=1, first_player=0)
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
ogre, squire = cast(0, "Ogre"), cast(0, "Squire")
main_phase(2)
guard = cast(1, "Guard")
main_phase(3)
while game.waiting_for()["type"] != "DeclareAttackers":
    game.apply(game.priority_player(), {"type": "PassPriority"})
player = {"type": "Player", "data": 1}
game.apply(0, {"type": "DeclareAttackers", "data": {"attacks": [[ogre, player], [squire, player]]}})
while game.waiting_for()["type"] != "DeclareBlockers":
    game.apply(game.priority_player(), {"type": "PassPriority"})
game.apply(1, {"type": "DeclareBlockers", "data": {"assignments": [[guard, ogre], [guard, squire]]}})
asked, dealt = "nobody", {ogre: 0, squire: 0}
while game.phase in ("DeclareBlockers", "CombatDamage"):
    waiting = game.waiting_for()
    if waiting["type"] == "AssignBlockerDamage":  # Blair's choice, if phase asks: all 4 to the 3/3
        asked = {0: "Alex", 1: "Blair"}[waiting["data"]["player"]]
        result = game.apply(waiting["data"]["player"], {"type": "AssignBlockerDamage",
                                                        "data": {"assignments": [[ogre, 4]]}})
    else:
        result = game.apply(game.priority_player(), {"type": "PassPriority"})
    for event in result.events:
        data = event.get("data") or {}
        if event["type"] == "DamageDealt" and data.get("source_id") == guard:
            dealt[data["target"]["Object"]] += data["amount"]
division = f"ogre:{dealt[ogre]},squire:{dealt[squire]}"
print(f"asked {asked} (CR 510.1d: Blair)")
print(f"divided {division} (CR 510.1d: ogre:4,squire:0)")
sys.exit(1 if (asked, division) != ("Blair", "ogre:4,squire:0") else 0)
