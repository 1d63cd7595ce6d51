"""CR 616.1, 614.5: two replacement effects on one token creation, the affected player choosing
their order (phase-python 0.103.0).

Alex controls Parallel Lives ("If an effect would create one or more tokens under your control, it
creates twice that many of those tokens instead.") and an enchantment with Xorn's "If you would
create one or more Treasure tokens, instead create those tokens plus an additional Treasure
token.", then casts "Create a colorless Treasure artifact token.". Both effects apply to the
creation and Alex, who would control the tokens, chooses their order (616.1): Parallel Lives
first, 1 doubled to 2, plus one: 3 Treasures; or the additional Treasure first, 2 doubled: 4. phase
asks nobody and creates 4. Only real game actions are used (three spells cast and resolved; a
prompt asking Alex to order the effects would be answered Parallel Lives first): no debug action,
no edited state.

    python adapters/phase/reproducers/cr616_1_token_replacements_unordered.py

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


cards = {"lives": card("Lives", "If an effect would create one or more tokens under your control, it creates twice "
                                "that many of those tokens instead.", ("Enchantment",)),
         "hoarder": card("Hoarder", "If you would create one or more Treasure tokens, instead create those tokens plus "
                                    "an additional Treasure token.", ("Enchantment",)),
         "hoard": card("Hoard", "Create a colorless Treasure artifact token.", ("Instant",))}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Lives", "Hoarder", "Hoard"], ["Hoard"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
asked = []


def cast(seat, name):
    """Cast the card from the hand and let it resolve; an order prompt is answered Lives first."""
    oid = next(o["id"] for o in game.hand(seat) if o["name"] == name)
    game.apply(seat, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == oid))
    while game.stack() or game.waiting_for()["type"] == "ReplacementChoice":
        waiting = game.waiting_for()
        if waiting["type"] == "ReplacementChoice":
            asked.append(["Alex", "Blair"][waiting["data"]["player"]])
            names = [c["source_name"] for c in waiting["data"]["candidates"]]
            index = names.index("Lives") if "Lives" in names else 0
            game.apply(waiting["data"]["player"], {"type": "ChooseReplacement", "data": {"index": index}})
            continue
        game.apply(game.priority_player(), {"type": "PassPriority"})


for name in ("Lives", "Hoarder", "Hoard"):
    cast(0, name)
treasures = [o for o in game.battlefield() if "Treasure" in json.dumps(o.get("card_types") or o.get("subtypes") or "")]
print(f"asked {','.join(asked) or 'nobody'} (CR 616.1: Alex)")
print(f"treasures {len(treasures)} (CR 616.1: 3)")
sys.exit(1 if len(treasures) != 3 else 0)
