"""CR 604.3: a characteristic-defining ability functions in every zone (phase-python 0.103.0).

A */* creature card, "This creature's power and toughness are each equal to the number of
creatures you control.", beside one 2/2 creature its owner controls: in the hand it is 1/1 by
CR 604.3 and 208.2a, on the battlefield 2/2 (itself too), and after it dies 1/1 again in the
graveyard. phase reports 0/0 off the battlefield. Only real game actions are used (spells cast and
resolved, a creature dying to a state-based action): no debug action, no edited state.

    python adapters/phase/reproducers/cr604_3_cda_off_battlefield.py

Prints each zone, what phase says and what the CR says; checked by adapters/phase/tests/test_phase_adapter.py.
"""
import json

import phase


def card(name, text="", power=None, toughness=None, types=("Creature",)):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    if power is not None:
        mtgjson.update(power=power, toughness=toughness)
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "swarm": card("Swarm", "This creature's power and toughness are each equal to the number of creatures "
                           "you control.", "*", "*"),
    "bear": card("Bear", power="2", toughness="2"),
    "wither": card("Wither", "Target creature gets -3/-3 until end of turn.", types=("Instant",)),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Swarm", "Bear", "Wither"], ["Bear"], seed=1, first_player=0)
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


def show(expected):
    swarm = game.object(card_id["Swarm"])
    print(f"{swarm['zone'].lower()} {swarm['power']}/{swarm['toughness']} (CR 604.3: {expected})")


cast("Bear")            # Alex controls one creature
show("1/1")             # the */* card in the hand counts it
cast("Swarm")
show("2/2")             # on the battlefield it counts itself too
cast("Wither", "Swarm")  # 2/2 gets -3/-3: dies (704.5f), to the graveyard
show("1/1")             # in the graveyard it counts the bear again
