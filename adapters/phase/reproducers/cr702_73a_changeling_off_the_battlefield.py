"""CR 702.73a, 604.3: changeling is a characteristic-defining ability, so it works in every zone
(phase-python 0.103.0).

A kindred instant Shapeshifter with changeling ("Changeling", then "Target creature gets +3/-3
until end of turn.") has every creature type in the hand and on the stack (a kindred card may have
creature types, 205.3m); a creature card with changeling has them on the battlefield. phase gives
every creature type (its list: the creature types of its card database, here Bear, Elf, Goblin and
Shapeshifter) on the battlefield only: the instant is a Shapeshifter alone in the hand and on the
stack. Only real game actions are used (spells cast): no debug action, no edited state.

    python adapters/phase/reproducers/cr702_73a_changeling_off_the_battlefield.py

Prints each zone, the subtypes phase gives and the CR's; exits 1 while phase disagrees; checked by
tests/test_phase_adapter.py.
"""
import json
import sys

import phase


def card(name, text, types, subtypes, power=None, toughness=None):
    mtgjson = {"name": name, "layout": "normal", "identifiers": {}, "colors": [], "colorIdentity": [],
               "manaValue": 0, "manaCost": "{0}", "type": " ".join(types), "types": list(types),
               "subtypes": list(subtypes), "supertypes": [], "text": text,
               "keywords": ["Changeling"] if text.startswith("Changeling") else []}
    if power is not None:
        mtgjson.update(power=power, toughness=toughness)
    return phase.build_oracle_face(mtgjson, None)


cards = {
    "inversion": card("Inversion", "Changeling\nTarget creature gets +3/-3 until end of turn.", ["Kindred", "Instant"],
                      ["Shapeshifter"]),
    "outcast": card("Outcast", "Changeling", ["Creature"], ["Shapeshifter"], "1", "1"),
    "bear": card("Bear", "", ["Creature"], ["Bear"], "2", "2"),
    "elf": card("Elf", "", ["Creature"], ["Elf", "Goblin"], "1", "1"),
}
engine = phase.Engine.from_json(json.dumps(cards))
game = engine.new_game(["Inversion", "Outcast", "Bear"], ["Bear"], seed=1, first_player=0)
while game.waiting_for()["type"] == "MulliganDecision":  # keep both hands
    seat = game.waiting_for()["data"]["pending"][0]["player"]
    game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
while game.phase != "PreCombatMain":  # to the first main phase
    game.apply(game.priority_player(), {"type": "PassPriority"})
card_id = {o["name"]: o["id"] for o in game.hand(0)}
every = '["Bear","Elf","Goblin","Shapeshifter"]'


def cast(name, target=None, resolve=True):
    action = next(a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == card_id[name])
    game.apply(0, action)
    if game.waiting_for()["type"] == "TargetSelection":
        game.apply(0, {"type": "ChooseTarget", "data": {"target": {"Object": card_id[target]}}})
    while resolve and game.stack():  # both players pass: it resolves
        game.apply(game.priority_player(), {"type": "PassPriority"})


def subtypes(name):
    obj = game.object(card_id[name])
    return obj["zone"].lower(), json.dumps(sorted(obj["card_types"]["subtypes"]), separators=(",", ":"))


differ = False
for name, step in (("Inversion", None), ("Outcast", lambda: cast("Outcast")),
                   ("Inversion", lambda: cast("Bear") or cast("Inversion", "Bear", resolve=False))):
    if step:
        step()
    zone, says = subtypes(name)
    differ |= says != every
    print(f"{zone} {says} (CR 702.73a: {every})")
sys.exit(1 if differ else 0)
