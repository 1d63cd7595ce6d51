"""CR 611.2c, 613.4c: a resolving spell's effect on the creature cards in all graveyards changes
their power and toughness there, for the cards it found as it resolved; phase leaves them as
printed (phase-python 0.103.0).

A 2/2 creature card is cast and resolves, then dies to "Target creature gets -2/-2 until end of
turn." (704.5f): a 2/2 card in its owner's graveyard, a new object (400.7). Then a real spell says
"Creature cards in graveyards get +1/+1 until end of turn.": phase's parser reads it as its
`PumpAll` of creature cards in a graveyard. By the CR the card in the graveyard is 3/3 until end
of turn (the effect says where it applies: 611.2c fixes the affected set as it resolves, and the
card is in it); phase reports 2/2. Only real game actions are used (spells cast and resolved,
state-based actions): no debug action, no edited state.

    python adapters/phase/reproducers/cr611_2c_effect_on_creature_cards_in_graveyards.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Instant",), power=None, toughness=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types),
               "subtypes": [], "supertypes": [], "text": text}
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "bear": card("Bear", types=("Creature",), power=2, toughness=2),
    "wither": card("Wither", "Target creature gets -2/-2 until end of turn."),
    "rally": card("Rally", "Creature cards in graveyards get +1/+1 until end of turn."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Bear", "Wither", "Rally"], ["Rally"], seed=1, first_player=0)
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
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": target}}})
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


def bear():
    card_now = next(o for o in game.graveyard(0) if o["name"] == "Bear")
    return card_now["zone"].lower(), f"{card_now['power']}/{card_now['toughness']}"


cast("Bear")
cast("Wither", card_id["Bear"])  # it dies: a 2/2 card in the graveyard
zone, before = bear()
cast("Rally")
_, after = bear()
print(f"{zone} {before} (CR 704.5f: 2/2)")
print(f"pumped {after} (CR 611.2c: 3/3)")
sys.exit(1 if after != "3/3" else 0)
