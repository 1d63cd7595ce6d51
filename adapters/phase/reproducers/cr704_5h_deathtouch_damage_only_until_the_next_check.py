"""CR 704.5h, 702.12b: deathtouch destroys a creature dealt damage by a deathtouch source since
state-based actions were last checked; once they have been checked, that damage no longer counts
(phase-python 0.103.0).

Blair controls a 4/4 with indestructible. Alex's 1/1 with deathtouch and "{0}: this creature deals
1 damage to each creature your opponents control." deals it 1 damage: the check after the ability
resolves would destroy it (704.5h) but it is indestructible (702.12b), so it stays with 1 damage.
Alex then casts an instant: "Each creature your opponents control loses indestructible until end
of turn." At the check after that, no deathtouch damage has been dealt since the last check, and 1
damage on toughness 4 is not lethal (704.5g): the 4/4 stays on the battlefield. phase destroys it:
it remembers the deathtouch damage past the check that spared it. (Without deathtouch, the same
sequence leaves the 4/4 on the battlefield in phase too.) Only real game actions are used (the
creatures and the instant cast, the ability activated, priority passed): no debug action, no
edited state.

    python adapters/phase/reproducers/cr704_5h_deathtouch_damage_only_until_the_next_check.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, kind="Creature", power=None, toughness=None, keywords=()):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": kind, "types": [kind], "subtypes": [], "supertypes": [],
               "text": text, "keywords": list(keywords)}
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "viper": card("Viper", "Deathtouch\n{0}: Viper deals 1 damage to each creature your opponents control.",
                  power=1, toughness=1, keywords=("Deathtouch",)),
    "golem": card("Golem", "Indestructible", power=4, toughness=4, keywords=("Indestructible",)),
    "weaken": card("Weaken", "Each creature your opponents control loses indestructible until end of turn.",
                   "Instant"),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Viper", "Weaken"] * 4, ["Golem"] * 8, seed=1, first_player=0)
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
    while game.stack():  # every player passes: the top resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(seat, name):
    card_id = next(o["id"] for o in game.hand(seat) if o["name"] == name)
    game.apply(seat, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id))
    resolve()
    return card_id


def state(obj):
    now = game.object(obj)
    zone = str(now["zone"]).lower()
    return f"{zone}:damage:{now.get('damage_marked', 0)}" if zone == "battlefield" else zone


main_phase(1)
viper = cast(0, "Viper")
main_phase(2)
golem = cast(1, "Golem")
main_phase(3)
game.apply(0, {"type": "ActivateAbility", "data": {"source_id": viper, "ability_index": 0}})
resolve()  # 1 deathtouch damage to the golem; the check spares it (indestructible)
spared = state(golem)
cast(0, "Weaken")
print(f"spared {spared} (CR 702.12b: battlefield:damage:1)")
print(f"after {state(golem)} (CR 704.5h: battlefield:damage:1)")
sys.exit(1 if (spared, state(golem)) != ("battlefield:damage:1", "battlefield:damage:1") else 0)
