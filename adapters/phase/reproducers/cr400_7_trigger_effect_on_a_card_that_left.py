"""CR 400.7: a triggered ability's effect on "that creature" finds no object once the creature has
left the battlefield (phase-python 0.103.0).

Alex controls two enchantments: "Whenever another creature enters, this enchantment deals 2 damage
to that creature." and "Whenever another creature enters, put a +1/+1 counter on that creature."
She casts a 2/2 creature: both abilities trigger, and she puts the counter ability on the stack
first, the damage ability on top (603.3b). The damage resolves first: the 2/2 is dealt 2 damage and
dies (704.5g). The counter ability then resolves, but the creature it meant is gone: the card in the
graveyard is a new object with no relation to it (400.7), so no counter is put on anything. phase
puts the +1/+1 counter on the creature card in the graveyard. Only real game actions are used (the
creature spell cast, phase's own prompt to order the triggers answered, priority passed): no debug
action, no edited state.

    python adapters/phase/reproducers/cr400_7_trigger_effect_on_a_card_that_left.py

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
    "shocker": card("Shocker", "Whenever another creature enters, this enchantment deals 2 damage to that creature.",
                    types=("Enchantment",)),
    "blesser": card("Blesser", "Whenever another creature enters, put a +1/+1 counter on that creature.",
                    types=("Enchantment",)),
    "bear": card("Bear", types=("Creature",), power=2, toughness=2),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Shocker", "Blesser", "Bear"], ["Bear"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}


def cast(name):
    action = next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name])
    game.apply(0, action)
    while game.stack() and game.waiting_for()["type"] == "Priority":  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})
        if game.stack() and all(item["kind"]["type"] == "TriggeredAbility" for item in game.stack()):
            return


cast("Shocker")
cast("Blesser")
cast("Bear")  # both abilities trigger
waiting = game.waiting_for()
assert waiting["type"] == "OrderTriggers", waiting
names = [t["source_name"] for t in waiting["data"]["triggers"]]
order = [names.index("Blesser"), names.index("Shocker")]  # the counter ability first, the damage on top
game.apply(0, {"type": "OrderTriggers", "data": {"order": order}})
while game.stack():
    game.apply(game.priority_player(), {"type": "PassPriority"})
bear = game.object(card_id["Bear"])
counters = (bear.get("counters") or {}).get("P1P1", 0)
print(f"zone {str(bear['zone']).lower()} (CR 704.5g: graveyard)")
print(f"counters {counters} (CR 400.7: 0)")
sys.exit(1 if (str(bear["zone"]).lower(), counters) != ("graveyard", 0) else 0)
