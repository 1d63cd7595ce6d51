"""CR 616.1, 615.7: a prevention shield and a damage doubler both applying to combat damage
(phase-python 0.103.0).

Alex controls an enchantment "If a source you control would deal damage to a permanent or player,
it deals double that damage to that permanent or player instead." and a 3/3 (Blair casts a 3/3 too,
which blocks nothing). On Alex's next turn Blair
casts "Prevent the next 1 damage that would be dealt to target player this turn." on herself, then
Alex's 3/3 attacks her unblocked. Both effects apply to its 3 combat damage and Blair, the affected
player, chooses their order (616.1): the shield first, 3 - 1 = 2 doubled to 4 (Blair at 16), or the
doubler first, 6 - 1 = 5 (Blair at 15). phase asks nothing and deals no damage at all: Blair stays
at 20. Only real game actions are used (the permanents and the instant cast, phase's attack prompt
answered, priority passed; a prompt asking Blair to order the effects would be answered shield
first): no debug action, no edited state.

    python adapters/phase/reproducers/cr616_1_combat_damage_shield_and_doubler.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, types, power=None, toughness=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "furnace": card("Furnace", "If a source you control would deal damage to a permanent or player, it deals double "
                    "that damage to that permanent or player instead.", ["Enchantment"]),
    "giant": card("Giant", "", ["Creature"], 3, 3),
    "shield": card("Shield", "Prevent the next 1 damage that would be dealt to target player this turn.", ["Instant"]),
}
engine = phase.Engine.from_json(json.dumps(cards))
# eight cards each: seven in the opening hand, one left to draw
game = engine.new_game(["Furnace"] * 4 + ["Giant"] * 4, ["Shield"] * 4 + ["Giant"] * 4, seed=1, first_player=0)
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


def cast(seat, name, target=None):
    card_id = next(o["id"] for o in game.hand(seat) if o["name"] == name)
    game.apply(seat, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id))
    if game.waiting_for()["type"] == "TargetSelection":
        game.apply(seat, {"type": "ChooseTarget", "data": {"target": target}})
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})
    return card_id


main_phase(1)
cast(0, "Furnace")
giant = cast(0, "Giant")
main_phase(2)
cast(1, "Giant")  # Blair keeps seven cards (no discard to hand size); it blocks nothing
main_phase(3)
game.apply(0, {"type": "PassPriority"})  # Alex passes: Blair has priority in Alex's main phase
cast(1, "Shield", {"Player": 1})
asked = "nobody"
while game.phase in ("PreCombatMain", "BeginCombat", "DeclareAttackers", "DeclareBlockers", "CombatDamage"):
    waiting = game.waiting_for()
    if waiting["type"] == "DeclareAttackers":
        game.apply(0, {"type": "DeclareAttackers", "data": {"attacks": [[giant, {"type": "Player", "data": 1}]]}})
    elif waiting["type"] == "DeclareBlockers":
        game.apply(1, {"type": "DeclareBlockers", "data": {"assignments": []}})
    elif waiting["type"] == "ReplacementChoice":  # Blair's order, if phase asks: the shield first
        asked = {0: "Alex", 1: "Blair"}[waiting["data"]["player"]]
        shield = next(i for i, c in enumerate(waiting["data"]["candidates"]) if not c.get("source_id"))
        game.apply(waiting["data"]["player"], {"type": "ChooseReplacement", "data": {"index": shield}})
    else:
        game.apply(game.priority_player(), {"type": "PassPriority"})
print(f"asked {asked} (CR 616.1: Blair)")
print(f"life {game.player(1)['life']} (CR 616.1: 16)")
sys.exit(1 if game.player(1)["life"] != 16 else 0)
