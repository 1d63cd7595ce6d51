"""CR 615.12, 702.16e: protection's prevention cannot prevent damage that can't be prevented
(phase-python 0.103.0).

Alex's white 2/2 has "Protection from red". Blair's red instant says Skullcrack's sentence
"Damage can't be prevented this turn." and then deals 2 damage to each creature Alex controls
(the knight, named without targeting it: protection would forbid the target, 702.16b). By CR
615.12 protection's prevention (702.16e) still applies but prevents nothing: 2 damage is marked
and the 2/2 is destroyed (704.5g). phase prevents the damage anyway: the knight stays on the
battlefield with no damage. Only real game actions are used (two spells cast and resolved): no
debug action, no edited state.

    python adapters/phase/reproducers/cr615_12_protection_prevents_unpreventable_damage.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, types=("Instant",), pt=None, colors=()):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": list(colors),
               "colorIdentity": list(colors), "manaValue": 0, "manaCost": "{0}", "type": " ".join(types),
               "types": list(types), "subtypes": [], "supertypes": [], "text": text}
    if pt is not None:
        mtgjson["power"], mtgjson["toughness"] = pt
        mtgjson["keywords"] = ["Protection"]
    return phase.build_oracle_face(mtgjson, None)


cards = {"knight": card("Knight", "Protection from red", ("Creature",), ("2", "2"), ("W",)),
         "blast": card("Blast", "Damage can't be prevented this turn. Blast deals 2 damage to each creature your "
                                "opponents control.", colors=("R",))}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Knight"], ["Blast"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(seat, name):
    """Cast the card from the hand and let it resolve."""
    while game.priority_player() != seat:
        game.apply(game.priority_player(), {"type": "PassPriority"})
    oid = next(o["id"] for o in game.hand(seat) if o["name"] == name)
    game.apply(seat, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == oid))
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


cast(0, "Knight")
knight = next(o for o in game.battlefield() if o["name"] == "Knight")
protection = next(k["Protection"]["Color"] for k in knight["keywords"] if isinstance(k, dict) and "Protection" in k)
print(f"protection {protection} (CR 702.16a: Red)")
game.apply(0, {"type": "PassPriority"})
cast(1, "Blast")
after = game.object(knight["id"])
zone = str(after["zone"]).lower()
state = zone if zone != "battlefield" else f"{zone}:damage:{after.get('damage_marked', 0)}"
print(f"knight {state} (CR 615.12: graveyard)")  # 2 damage marked on a 2/2 (704.5g)
sys.exit(1 if zone != "graveyard" else 0)
