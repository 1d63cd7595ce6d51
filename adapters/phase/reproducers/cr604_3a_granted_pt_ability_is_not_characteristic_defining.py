"""CR 604.3a, 613.4b, 613.7a: a power/toughness ability that an effect grants is not a
characteristic-defining ability; its effect applies in layer 7b with the timestamp of the effect
that granted it (phase-python 0.103.0).

A land with Svogthos, the Restless Tomb's activated ability (its real Oracle wording, with a cost
of {0} so that no mana is needed): "Until end of turn, ~ becomes a black and green Plant Zombie
creature with "This creature's power and toughness are each equal to the number of creature cards
in your graveyard." It's still a land." One creature card is put into its controller's graveyard
(a creature cast, then destroyed by a spell). The land is played, a spell gives it base power and
toughness 3/3 until end of turn (layer 7b, while it is no creature yet), then the ability is
activated. The granted ability comes from an effect, so it is not characteristic-defining
(604.3a): it sets power and toughness in layer 7b with the activated ability's timestamp, later
than the 3/3, so the land creature is 1/1 (one creature card). phase reads the granted ability as
characteristic-defining and applies it first (layer 7a), the earlier 3/3 then wins: 3/3. Only
real game actions are used (a land played, spells cast, an ability activated): no debug action,
no edited state.

    python adapters/phase/reproducers/cr604_3a_granted_pt_ability_is_not_characteristic_defining.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Instant",), power=None, toughness=None, cost="{0}"):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "type": " ".join(types), "types": list(types), "subtypes": [], "supertypes": [],
               "text": text}
    if cost is not None:
        mtgjson["manaCost"] = cost
    if power is not None:
        mtgjson.update(power=str(power), toughness=str(toughness))
    return phase.build_oracle_face(mtgjson, None)


TOMB = ("{0}: Until end of turn, Tomb becomes a black and green Plant Zombie creature with \"This creature's power "
        "and toughness are each equal to the number of creature cards in your graveyard.\" It's still a land.")
cards = {
    "tomb": card("Tomb", TOMB, types=("Land",), cost=None),
    "bear": card("Bear", types=("Creature",), power=2, toughness=2),
    "slay": card("Slay", "Destroy target creature."),
    "shape": card("Shape", "Target permanent has base power and toughness 3/3 until end of turn."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Tomb", "Bear", "Slay", "Shape"], ["Slay"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}


def resolve():
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(name, target=None):
    game.apply(0, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name]))
    if game.waiting_for()["type"] == "TargetSelection":
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": card_id[target]}}})
    resolve()


cast("Bear")
cast("Slay", "Bear")                     # one creature card in the graveyard
game.apply(0, next(a for a in game.actions() if a.kind == "PlayLand" and a.data["object_id"] == card_id["Tomb"]))
cast("Shape", "Tomb")                    # layer 7b: base 3/3, earlier
game.apply(0, next(a for a in game.actions() if a.kind == "ActivateAbility" and a.data["source_id"] == card_id["Tomb"]))
resolve()
tomb = game.object(card_id["Tomb"])
graveyard = sum("Creature" in o["card_types"]["core_types"] for o in game.graveyard(0))
print(f"creature_cards_in_graveyard {graveyard} (CR 701.8a: 1)")
print(f"land_creature {tomb['power']}/{tomb['toughness']} (CR 604.3a: 1/1)")
sys.exit(1 if (tomb["power"], tomb["toughness"]) != (1, 1) else 0)
