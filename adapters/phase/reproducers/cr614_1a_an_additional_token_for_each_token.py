"""CR 614.1a: "those tokens plus an additional Treasure token" adds one token to the event, however
many it creates (phase-python 0.103.0).

Alex controls an enchantment with Xorn's "If you would create one or more Treasure tokens, instead
create those tokens plus an additional Treasure token.", then casts "Create a colorless Treasure
artifact token." and then "Create two colorless Treasure artifact tokens.". The replacement effect
replaces each creation event with that event plus one more Treasure (614.1a): 1 + 1 = 2, then
2 + 1 = 3. phase adds as many Treasures as the event creates: 2, then 4. Only real game actions are
used (three spells cast and resolved): no debug action, no edited state.

    python adapters/phase/reproducers/cr614_1a_an_additional_token_for_each_token.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, types):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    return phase.build_oracle_face(mtgjson, None)


cards = {"hoarder": card("Hoarder", "If you would create one or more Treasure tokens, instead create those tokens plus "
                                    "an additional Treasure token.", ("Enchantment",)),
         "hoard": card("Hoard", "Create a colorless Treasure artifact token.", ("Instant",)),
         "big hoard": card("Big Hoard", "Create two colorless Treasure artifact tokens.", ("Instant",))}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Hoarder", "Hoard", "Big Hoard"], ["Hoard"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(seat, name):
    """Cast the card from the hand and let it resolve."""
    oid = next(o["id"] for o in game.hand(seat) if o["name"] == name)
    game.apply(seat, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == oid))
    while game.stack():
        game.apply(game.priority_player(), {"type": "PassPriority"})


def treasures():
    return sum("Treasure" in json.dumps(o.get("card_types") or o.get("subtypes") or "") for o in game.battlefield())


cast(0, "Hoarder")
cast(0, "Hoard")
one = treasures()
cast(0, "Big Hoard")
two = treasures() - one
print(f"one {one} (CR 614.1a: 2)")
print(f"two {two} (CR 614.1a: 3)")
sys.exit(1 if (one, two) != (2, 3) else 0)
