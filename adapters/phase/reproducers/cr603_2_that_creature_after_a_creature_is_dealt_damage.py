"""CR 603.2, 120.3: "Whenever a creature is dealt damage, put a +1/+1 counter on that creature."
triggers on a creature being dealt damage, and "that creature" is the creature the event names:
the one dealt damage (phase-python 0.103.0).

Alex casts the enchantment, a 0/6 wall and a 1/1 with "{T}: This creature deals 1 damage to
target creature.", then a Shock at the wall: the wall is dealt 2 damage and gets the counter. On
Alex's next turn the 1/1 deals 1 damage to the wall: the wall gets a second counter, the 1/1 none.
phase reads "that creature" as the trigger's source object (its ``TriggeringSource``), which for
damage dealt is the source of the damage: after the Shock nothing gets a counter, after the 1/1's
damage the 1/1 gets it. Only real game actions are used (spells cast, the ability activated,
targets chosen, priority passed): no debug action, no edited state.

    python adapters/phase/reproducers/cr603_2_that_creature_after_a_creature_is_dealt_damage.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, kind="Creature", power=None, toughness=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": kind, "types": [kind], "subtypes": [], "supertypes": [],
               "text": text}
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "watcher": card("Watcher", "Whenever a creature is dealt damage, put a +1/+1 counter on that creature.",
                    "Enchantment"),
    "wall": card("Wall", "", power=0, toughness=6),
    "pinger": card("Pinger", "{T}: This creature deals 1 damage to target creature.", power=1, toughness=1),
    "shock": card("Shock", "Shock deals 2 damage to target creature.", "Instant"),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Watcher", "Wall", "Pinger", "Shock"] * 2, ["Wall"] * 8, seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})


def main_phase(turn):
    while not (game.turn == turn and game.phase == "PreCombatMain" and game.waiting_for()["type"] == "Priority"):
        waiting = game.waiting_for()
        if waiting["type"] == "DeclareAttackers":  # nothing attacks
            game.apply(waiting["data"]["player"], {"type": "DeclareAttackers", "data": {"attacks": []}})
        else:
            game.apply(game.priority_player(), {"type": "PassPriority"})


def resolve():
    while game.stack():  # every player passes: the top resolves, what triggered goes on the stack
        game.apply(game.priority_player(), {"type": "PassPriority"})


def choose(seat, target):
    if game.waiting_for()["type"] == "TargetSelection":
        game.apply(seat, {"type": "ChooseTarget", "data": {"target": {"Object": target}}})


def cast(seat, name, target=None):
    card_id = next(o["id"] for o in game.hand(seat) if o["name"] == name)
    game.apply(seat, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id))
    choose(seat, target)
    resolve()
    return card_id


def p1p1(obj):
    return (game.object(obj).get("counters") or {}).get("P1P1", 0)


main_phase(1)
watcher, wall, pinger = cast(0, "Watcher"), cast(0, "Wall"), cast(0, "Pinger")
cast(0, "Shock", wall)  # 2 damage to the wall
shocked = p1p1(wall)
main_phase(2)
cast(1, "Wall")  # Blair keeps seven cards in hand
main_phase(3)
game.apply(0, {"type": "ActivateAbility", "data": {"source_id": pinger, "ability_index": 0}})
choose(0, wall)  # 1 damage to the wall, from the 1/1
resolve()
print(f"after_shock {shocked} (CR 603.2: 1)")
print(f"after_ping {p1p1(wall)} (CR 603.2: 2)")
print(f"pinger {p1p1(pinger)} (CR 603.2: 0)")
sys.exit(1 if (shocked, p1p1(wall), p1p1(pinger)) != (1, 2, 0) else 0)
