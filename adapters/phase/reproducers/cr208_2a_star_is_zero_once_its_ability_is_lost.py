"""CR 208.2a, 613.1f: a 1+* creature that loses its characteristic-defining ability keeps the
printed number; only the star counts as 0 (phase-python 0.103.0).

Lhurgoyf-like: a */1+* creature, "This creature's power is equal to the number of creature cards
in your graveyard. This creature's toughness is equal to 1 plus the number of creature cards in
your graveyard." With one creature card in
its owner's graveyard it is 1/2. A real spell says "Target permanent loses all abilities until end
of turn." (layer 6): with no ability defining them in layer 7a, the printed values remain and the
star is 0 (208.2a: a number that can't be determined is 0), so it is 0/1 and stays on the
battlefield. phase reads the printed "1+*" as a base toughness of 0 and the 1 as part of the
ability: it is 0/0 and dies (704.5f). Only real game actions are used (spells cast and resolved,
a creature dying to a state-based action): no debug action, no edited state.

    python adapters/phase/reproducers/cr208_2a_star_is_zero_once_its_ability_is_lost.py

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
        mtgjson.update(power=power, toughness=toughness)
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "goyf": card("Goyf", "This creature's power is equal to the number of creature cards in your graveyard. "
                         "This creature's toughness is equal to 1 plus the number of creature cards in your "
                         "graveyard.",
                 types=("Creature",), power="*", toughness="1+*"),
    "bear": card("Bear", types=("Creature",), power="2", toughness="2"),
    "wither": card("Wither", "Target creature gets -2/-2 until end of turn."),
    "blank": card("Blank", "Target permanent loses all abilities until end of turn."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Goyf", "Bear", "Wither", "Blank"], ["Bear"], seed=1, first_player=0)
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


def reading():
    goyf = game.object(card_id["Goyf"])
    return f"{goyf['zone'].lower()}:{goyf['power']}/{goyf['toughness']}"


cast("Bear")
cast("Wither", "Bear")   # the Bear dies (704.5f): one creature card in the graveyard
cast("Goyf")
before = reading()
cast("Blank", "Goyf")    # layer 6: it loses its characteristic-defining ability
after = reading()
print(f"before {before} (CR 208.2a: battlefield:1/2)")
print(f"after {after} (CR 208.2a: battlefield:0/1)")
sys.exit(1 if after != "battlefield:0/1" else 0)
