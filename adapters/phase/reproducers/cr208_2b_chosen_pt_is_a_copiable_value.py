"""CR 208.2b, 707.2: the power and toughness chosen as a creature enters (Aquamorph Entity's "As
this creature enters, it becomes your choice of 5/1 or 1/5.") are part of its copiable values, so
a creature that becomes a copy of it has the chosen power and toughness (phase-python 0.103.0).

A */* creature card with that ability is cast and enters as a 5/1 (the choice answered in phase's
own prompt). A 2/2 creature then becomes a copy of it ("Target permanent becomes a copy of target
permanent until end of turn."): by the CR it is a 5/1 copy. phase reads the ability as a choice
kept on the permanent and two static abilities setting its power and toughness while a label is
chosen; the copy gets the abilities but no chosen label, so it is 0/0 and dies (704.5f). Only real
game actions are used (two creature spells and an instant, cast and resolved): no debug action,
no edited state.

    python adapters/phase/reproducers/cr208_2b_chosen_pt_is_a_copiable_value.py

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
    "shifter": card("Shifter", "As this creature enters, it becomes your choice of 5/1 or 1/5.", types=("Creature",),
                    power="*", toughness="*"),
    "bear": card("Bear", types=("Creature",), power=2, toughness=2),
    "mimic": card("Mimic", "Target permanent becomes a copy of target permanent until end of turn."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Shifter", "Bear", "Mimic"], ["Mimic"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}


def cast(name, targets=(), label=None):
    action = next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name])
    game.apply(0, action)
    for target in targets:
        if game.waiting_for()["type"] == "TargetSelection":
            game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": card_id[target]}}})
    while game.stack() or game.waiting_for()["type"] == "NamedChoice":  # both players pass: it resolves
        if game.waiting_for()["type"] == "NamedChoice":  # "your choice of 5/1 or 1/5", as it enters
            game.apply(0, {"type": "ChooseOption", "data": {"choice": label}})
        else:
            game.apply(game.priority_player(), {"type": "PassPriority"})


def looks(name):
    obj = game.object(card_id[name])
    return f"{obj['zone']}:{obj['name']}:{obj['power']}/{obj['toughness']}"


cast("Shifter", label="5/1")
cast("Bear")
entered = looks("Shifter")
cast("Mimic", ["Bear", "Shifter"])  # the Bear becomes a copy of the 5/1
copy = looks("Bear")
print(f"original {entered} (CR 208.2b: Battlefield:Shifter:5/1)")
print(f"copy {copy} (CR 707.2: Battlefield:Shifter:5/1)")
sys.exit(1 if (entered, copy) != ("Battlefield:Shifter:5/1", "Battlefield:Shifter:5/1") else 0)
