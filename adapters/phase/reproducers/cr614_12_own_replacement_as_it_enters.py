"""CR 614.12: a permanent's own replacement effect that covers a general set of permanents does not
modify how that permanent enters the battlefield (phase-python 0.103.0).

A 1/1 creature card says "This creature enters with two +1/+1 counters on it." and "If one or more
+1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put
on it instead." (Hardened Scales' wording). Its second ability applies to a general set of
permanents (creatures its controller controls), not only to itself, so by CR 614.12 it does not
apply to the counters it enters with (122.6: they are put on it as it enters): it enters with 2
counters, a 3/3, like Orb of Dreams, which does not make itself enter tapped (614.12's example).
Once it is on the battlefield the ability does apply: a spell putting two +1/+1 counters on it
puts 3. phase applies the ability as the creature enters too: 3 counters, a 4/4. Only real game
actions are used (the creature spell and an instant cast and resolved): no debug action, no
edited state.

    python adapters/phase/reproducers/cr614_12_own_replacement_as_it_enters.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Instant",), power=None, toughness=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "mentor": card("Mentor", "This creature enters with two +1/+1 counters on it.\nIf one or more +1/+1 counters "
                             "would be put on a creature you control, that many plus one +1/+1 counters are put on "
                             "it instead.", types=("Creature",), power=1, toughness=1),
    "growth": card("Growth", "Put two +1/+1 counters on target creature."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Mentor", "Growth"], ["Growth"], seed=1, first_player=0)
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


def counters():
    return (game.object(card_id["Mentor"]).get("counters") or {}).get("P1P1", 0)


cast("Mentor")                 # it enters with its counters
entered = counters()
cast("Growth", "Mentor")       # an effect puts two +1/+1 counters on it: its ability applies now
later = counters()
print(f"entered {entered} (CR 614.12: 2)")
print(f"later {later} (CR 614.12: 5)")
sys.exit(1 if (entered, later) != (2, 5) else 0)
