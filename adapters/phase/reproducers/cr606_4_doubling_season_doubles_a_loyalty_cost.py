"""CR 606.4, 614.1a: a loyalty ability's cost is not an effect, so Doubling Season does not double
the loyalty counters it puts (phase-python 0.103.0).

A planeswalker with 3 loyalty and "+1: You gain 1 life." is cast, then Doubling Season, whose real
Oracle text says "If an effect would put one or more counters on a permanent you control, it puts
twice that many of those counters on that permanent instead." The +1 ability is activated: its
cost puts one loyalty counter, which no effect puts, so the planeswalker has 3+1 = 4. phase doubles
the cost's counter too: 5 (its parse of Doubling Season's sentence has no trace of "an effect").
Only real game actions are used (spells cast, an ability activated): no debug action, no edited
state.

    python adapters/phase/reproducers/cr606_4_doubling_season_doubles_a_loyalty_cost.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, types, **extra):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text, **extra}
    return phase.build_oracle_face(mtgjson, None)


SEASON = ("If an effect would create one or more tokens under your control, it creates twice that many of those "
          "tokens instead.\nIf an effect would put one or more counters on a permanent you control, it puts twice "
          "that many of those counters on that permanent instead.")
cards = {"walker": card("Walker", "+1: You gain 1 life.", ["Planeswalker"], loyalty="3"),
         "doubling season": card("Doubling Season", SEASON, ["Enchantment"])}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Walker", "Doubling Season"], ["Walker"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})


def resolve():
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(name):
    oid = next(o["id"] for o in game.hand(0) if o["name"] == name)
    game.apply(0, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == oid))
    resolve()


cast("Walker")
walker = next(o for o in game.battlefield() if o["name"] == "Walker")
before = walker["counters"].get("loyalty", 0)
cast("Doubling Season")
game.apply(0, next(a for a in game.actions() if a.kind == "ActivateAbility" and a.data["source_id"] == walker["id"]))
resolve()
after = game.object(walker["id"])["counters"].get("loyalty", 0)
print(f"before {before} (CR 306.5b: 3)")
print(f"after {after} (CR 606.4: 4)")
sys.exit(1 if after != 4 else 0)
