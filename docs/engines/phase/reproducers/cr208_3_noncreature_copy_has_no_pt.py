"""CR 208.3: a noncreature permanent has no power or toughness (phase-python 0.103.0).

A real spell says "Target creature becomes a copy of target creature until end of turn, except
it's an enchantment." It makes a 1/1 a copy of a 3/3 whose card types are enchantment alone
(707.9b): the result is a noncreature permanent, which by CR 208.3 has no power or toughness.
phase reports it as an enchantment with power and toughness 3/3. Only real game actions are used
(spells cast and resolved): no debug action, no edited state.

    python docs/engines/phase/reproducers/cr208_3_noncreature_copy_has_no_pt.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Instant",), pt=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    if pt is not None:
        mtgjson["power"], mtgjson["toughness"] = pt
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "mite": card("Mite", types=("Creature",), pt=("1", "1")),
    "great elk": card("Great Elk", types=("Creature",), pt=("3", "3")),
    "mirrorweave": card("Mirrorweave", "Target creature becomes a copy of target creature until end of turn, "
                                       "except it's an enchantment."),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Mite", "Great Elk", "Mirrorweave"], ["Mite"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})


def cast(name, targets=()):
    """Cast the card from the hand, choose its targets in order, and let it resolve."""
    oid = next(o["id"] for o in game.hand(0) if o["name"] == name)
    game.apply(0, next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == oid))
    for target in targets:
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": target}}})
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})
    return oid


mite, elk = cast("Mite"), cast("Great Elk")
cast("Mirrorweave", [mite, elk])
copy = game.object(mite)
types = copy["card_types"]["core_types"]
pt = None if copy.get("power") is None and copy.get("toughness") is None else f"{copy['power']}/{copy['toughness']}"
print(f"types {json.dumps(types)} (CR 707.9b: [\"Enchantment\"])")
print(f"pt {json.dumps(pt)} (CR 208.3: null)")
sys.exit(1 if pt is not None else 0)
