"""CR 119.10, 702.15b: damage a source with lifelink deals to several players at once is one
event, so its controller gains life once (phase-python 0.103.0).

Alex controls a 1/1 with lifelink and "{0}: this creature deals 1 damage to each player.", and a
2/2 with "Whenever you gain life, put a +1/+1 counter on this creature." (Ajani's Pridemate's
ability). She activates the damage ability: the 1/1 deals 1 damage to each player in one event,
and its lifelink makes Alex gain 2 life once (702.15b: that much life; 119.10: one source causing
one gain), so the 2/2's ability triggers once and it ends as a 3/3; Alex ends at 20 - 1 + 2 = 21.
phase makes Alex gain life once for each player dealt damage: the ability triggers twice and the
2/2 ends as a 4/4. Only real game actions are used (the creatures cast, the ability activated,
priority passed): no debug action, no edited state.

    python adapters/phase/reproducers/cr119_10_one_lifelink_event_one_gain.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, power, toughness, keywords=()):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": "Creature", "types": ["Creature"], "subtypes": [],
               "supertypes": [], "text": text, "power": str(power), "toughness": str(toughness),
               "keywords": list(keywords)}
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "leech": card("Leech", "Lifelink\n{0}: Leech deals 1 damage to each player.", 1, 1, keywords=("Lifelink",)),
    "pridemate": card("Pridemate", "Whenever you gain life, put a +1/+1 counter on this creature.", 2, 2),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Leech", "Pridemate"], ["Pridemate"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}


def resolve():
    while game.stack():  # both players pass until everything has resolved
        game.apply(game.priority_player(), {"type": "PassPriority"})


for name in ("Leech", "Pridemate"):
    game.apply(0, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name]))
    resolve()
game.apply(0, {"type": "ActivateAbility", "data": {"source_id": card_id["Leech"], "ability_index": 0}})
resolve()
pridemate = game.object(card_id["Pridemate"])
size = f"{pridemate['power']}/{pridemate['toughness']}"
print(f"life {game.player(0)['life']} (CR 119.10: 21)")
print(f"pridemate {size} (CR 119.10: 3/3)")
sys.exit(1 if (game.player(0)["life"], size) != (21, "3/3") else 0)
