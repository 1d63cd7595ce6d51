"""CR 113.7a: an ability's source that has left the battlefield deals its damage as it last
existed there, lifelink it had then included (phase-python 0.103.0).

Alex controls a 1/1 creature with "{0}: This creature deals 2 damage to target player." and casts
"Target creature gains lifelink until end of turn." on it. She activates the ability, targeting
Blair, and in response casts "Target creature gets -1/-1 until end of turn." on the creature: that
spell resolves first (608.1), and the creature dies (704.5f). The ability then resolves: its source
is gone, so the damage is dealt by the creature as it last existed on the battlefield (113.7a,
608.2h), which had lifelink, and Alex, its controller then, gains 2 life (702.15b). phase deals the
2 damage but gives no life: it looks at the card in the graveyard, which has no lifelink (with
lifelink printed on the card, phase does give the life). Only real game actions are used (spells
cast, the ability activated, targets chosen, priority passed): no debug action, no edited state.

    python adapters/phase/reproducers/cr113_7a_lifelink_as_the_source_last_existed.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, types=("Instant",), power=None, toughness=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "myr": card("Myr", "{0}: This creature deals 2 damage to target player.", ("Creature",), 1, 1),
    "link": card("Link", "Target creature gains lifelink until end of turn."),
    "wither": card("Wither", "Target creature gets -1/-1 until end of turn."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Myr", "Link", "Wither"], ["Myr"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}


def resolve_top():
    """Both players pass: the top of the stack resolves (608.1), the rest waits."""
    depth = len(game.stack())
    while len(game.stack()) >= depth:
        game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(name, target=None):
    action = next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name])
    game.apply(0, action)
    if game.waiting_for()["type"] == "TargetSelection":
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": card_id[target]}}})
    resolve_top()


cast("Myr")
cast("Link", "Myr")  # lifelink until end of turn
activate = next(a for a in game.actions() if a.kind == "ActivateAbility" and a.data["source_id"] == card_id["Myr"])
game.apply(0, activate)
game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Player": 1}}})  # 2 damage to Blair, waiting
cast("Wither", "Myr")  # resolves on top of the ability: the 1/1 dies
myr = str(game.object(card_id["Myr"])["zone"]).lower()
resolve_top()  # the ability: its source has left the battlefield
alex, blair = game.player(0)["life"], game.player(1)["life"]
print(f"myr {myr} (CR 704.5f: graveyard)")
print(f"blair {blair} (CR 120.3: 18)")
print(f"alex {alex} (CR 113.7a: 22)")
sys.exit(1 if (myr, blair, alex) != ("graveyard", 18, 22) else 0)
