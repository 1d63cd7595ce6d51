"""CR 613.8a-b: an effect that changes what another effect of the same layer applies to goes first,
whatever the timestamps; phase keeps timestamp order between two static abilities (phase-python
0.103.0).

March of the Machines' wording ("Each noncreature artifact is an artifact creature with power and
toughness each equal to its mana value.") on an enchantment cast first, then a plain enchantment,
then Mycosynth Lattice's first ability ("All permanents are artifacts in addition to their other
types.") on an enchantment cast last: three enchantments of mana value 1. Both statics are layer-4
effects (613.1d); applying the Lattice's changes which permanents are noncreature artifacts, so
March's depends on it and applies after it (613.8a-b; the Lattice's does not depend on March's,
which changes no permanent's being a permanent). So each of the three enchantments is an artifact
(the Lattice's) and then a 1/1 artifact creature (March's); the land tapped for mana, mana value 0,
is a 0/0 and dies (704.5f). phase applies March's first, by timestamp: the enchantments are
noncreature artifacts. (Where the artifact effect comes from a resolving spell instead, phase
applies the dependency: golden case 613.8/march-of-the-machines-depends-on-an-artifact-effect
passes.) Only real game actions are used (a land played and tapped for mana, spells cast and
resolved): no debug action, no edited state.

    python adapters/phase/reproducers/cr613_8_dependency_between_static_abilities.py

Prints what phase says and what the CR says; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text="", types=("Enchantment",), cost="{1}", mana_value=1):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": mana_value, "type": " ".join(types), "types": list(types), "subtypes": [],
               "supertypes": [], "text": text}
    if cost is not None:
        mtgjson["manaCost"] = cost
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "march": card("March", "Each noncreature artifact is an artifact creature with power and toughness each equal to "
                           "its mana value."),
    "shrine": card("Shrine"),
    "lattice": card("Lattice", "All permanents are artifacts in addition to their other types."),
    "vault": card("Vault", "{T}: Add {C}{C}{C}.", types=("Land",), cost=None, mana_value=0),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Vault", "March", "Shrine", "Lattice"], ["Shrine"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}

play = next(a for a in game.actions() if a.kind == "PlayLand" and a.data["object_id"] == card_id["Vault"])
game.apply(0, play)
game.apply(0, {"type": "ActivateAbility", "data": {"source_id": card_id["Vault"], "ability_index": 0}})  # {C}{C}{C}
for name in ("March", "Shrine", "Lattice"):  # timestamps in this order (613.7d)
    cast = next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name])
    game.apply(0, cast)
    while game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})
shrine = game.object(card_id["Shrine"])
types = sorted(shrine["card_types"]["core_types"])
pt = "none" if shrine.get("power") is None else f"{shrine['power']}/{shrine['toughness']}"
vault = game.object(card_id["Vault"])["zone"].lower()
print(f"types {json.dumps(types, separators=(',', ':'))} (CR 613.8: [\"Artifact\",\"Creature\",\"Enchantment\"])")
print(f"pt {pt} (CR 613.8: 1/1)")
print(f"land {vault} (CR 704.5f: graveyard)")
sys.exit(1 if types != ["Artifact", "Creature", "Enchantment"] or pt != "1/1" else 0)
