"""CR 208.3a: a noncreature permanent has no power or toughness, even a card printed with them (a
Vehicle); phase reports the printed numbers, and a +1/+1 effect added to them (phase-python
0.103.0).

An artifact Vehicle printed 3/2 with Crew 1 is cast and resolves: it is no creature (nothing crews
it), so by the CR it has no power and no toughness. phase's object reports power 3, toughness 2.
Then a real spell says "Target permanent gets +1/+1 until end of turn.": by the CR the Vehicle
gets the bonus once it is a creature (611.2c: the object is fixed as the spell resolves), and has
still no power now; phase reports 4/3. Only real game actions are used (spells cast and
resolved): no debug action, no edited state.

    python docs/engines/phase/reproducers/cr208_3a_noncreature_vehicle_has_no_power.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Instant",), subtypes=(), power=None, toughness=None):
    type_line = " ".join(types) + (" — " + " ".join(subtypes) if subtypes else "")
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": type_line, "types": list(types),
               "subtypes": list(subtypes), "supertypes": [], "text": text}
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "wagon": card("Wagon", "Crew 1", types=("Artifact",), subtypes=("Vehicle",), power=3, toughness=2),
    "boost": card("Boost", "Target permanent gets +1/+1 until end of turn."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Wagon", "Boost"], ["Boost"], seed=1, first_player=0)
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


def pt():
    wagon = game.object(card_id["Wagon"])
    assert "Creature" not in wagon["card_types"]["core_types"], wagon["card_types"]
    return "none" if wagon.get("power") is None else f"{wagon['power']}/{wagon['toughness']}"


cast("Wagon")
uncrewed = pt()
cast("Boost", card_id["Wagon"])
boosted = pt()
print(f"uncrewed {uncrewed} (CR 208.3a: none)")
print(f"boosted {boosted} (CR 208.3a: none)")
sys.exit(1 if (uncrewed, boosted) != ("none", "none") else 0)
