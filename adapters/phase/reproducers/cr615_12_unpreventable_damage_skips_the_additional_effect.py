"""CR 615.12: a prevention effect applied to damage that can't be prevented prevents nothing, but
its additional effect still happens (phase-python 0.103.0).

A 0/0 creature enters with four +1/+1 counters and says Protean Hydra's "If damage would be dealt
to Hydra, prevent that damage and remove that many +1/+1 counters from it." A spell with
Skullcrack's sentence "Damage can't be prevented this turn." then deals 2 damage to it. By CR
615.12 the Hydra's effect still applies: it prevents nothing, so 2 damage is marked, and its
additional effect removes 2 counters: a 2/2 with 2 damage, destroyed (704.5g). phase marks the 2
damage but skips the effect whole: the Hydra stays a 4/4 on the battlefield. Only real game
actions are used (two spells cast and resolved): no debug action, no edited state.

    python adapters/phase/reproducers/cr615_12_unpreventable_damage_skips_the_additional_effect.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, types=("Instant",), pt=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    if pt is not None:
        mtgjson["power"], mtgjson["toughness"] = pt
    return phase.build_oracle_face(mtgjson, None)


cards = {"hydra": card("Hydra", "Hydra enters with four +1/+1 counters on it.\nIf damage would be dealt to Hydra, "
                                "prevent that damage and remove that many +1/+1 counters from it.",
                       ("Creature",), ("0", "0")),
         "blast": card("Blast", "Damage can't be prevented this turn. Blast deals 2 damage to target creature.")}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Hydra"], ["Blast"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(seat, name):
    """Cast the card from the hand (its one legal target chosen by phase) and let it resolve."""
    while game.priority_player() != seat:
        game.apply(game.priority_player(), {"type": "PassPriority"})
    oid = next(o["id"] for o in game.hand(seat) if o["name"] == name)
    game.apply(seat, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == oid))
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


cast(0, "Hydra")
hydra = next(o for o in game.battlefield() if o["name"] == "Hydra")
print(f"before {hydra['power']}/{hydra['toughness']}:{hydra['counters'].get('P1P1', 0)} (CR 122.6: 4/4:4)")
game.apply(0, {"type": "PassPriority"})
cast(1, "Blast")
after = game.object(hydra["id"])
zone = str(after["zone"]).lower()
state = zone if zone != "battlefield" else f"{zone}:{after['power']}/{after['toughness']}:{after['counters'].get('P1P1', 0)}"
print(f"after {state} (CR 615.12: graveyard)")  # 2 counters removed: a 2/2 with 2 damage (704.5g)
sys.exit(1 if zone != "graveyard" else 0)
