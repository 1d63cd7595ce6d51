"""CR 704.5q: a permanent with both +1/+1 and -1/-1 counters on it loses N of each, N the smaller
number (python-mtg 0.1.1).

Alex plays a Forest, casts Memnite (a 1/1 artifact creature costing {0}) and Battlegrowth ("Put a
+1/+1 counter on target creature.") on it. On her next turn she plays a Swamp and casts Scar ({B/R}:
"Put a -1/-1 counter on target creature.") on Memnite. As a state-based action the two counters
are removed (704.5q): Memnite is a 1/1 with no counters. python-mtg keeps both counters, that turn
and after it (its power and toughness, 1/1, are right: the counters cancel in layer 7c). Only real
cards and the public API are used (mtg.Game.new, Game.push, Game.card, Game.state read only).

    python adapters/python-mtg/reproducers/cr704_5q_counters_do_not_annihilate.py

Prints the counters python-mtg reports and what the CR says; exits 1 while they differ (checked by
tests/test_python_mtg_adapter.py, so CI notices when the engine is fixed).
"""
import sys

import mtg

deck = ["Forest", "Swamp", "Memnite", "Memnite", "Battlegrowth", "Scar"] + ["Forest"] * 20
game = mtg.Game.new(alex=deck, blair=["Swamp"] * 26, seed=1,
                    starting_hand={"alex": ["Forest", "Swamp", "Memnite", "Memnite", "Battlegrowth", "Scar"]})
assert game.active_player == "alex" and game.step == "precombat_main", (game.active_player, game.step)


def in_hand(name):
    return sorted(c for c in game.hand("alex") if game.name(c) == name)[0]


def cast(card, target=None):
    """Cast a spell python-mtg offers (its legal moves name no targets: a target rides in the choices)."""
    move = ("cast", "alex", card, {})
    assert move in [m.raw for m in game.legal_moves], f"{card} is not castable now"
    game.push(move[:3] + ({"target": target} if target else {},), checked=False)


def counters(card):
    return dict(sorted((kind, n) for (c, kind, n) in game.state.get("counter", set()) if c == card and n))


game.push(("play", "alex", in_hand("Forest")))
memnite = in_hand("Memnite")
cast(memnite)
cast(in_hand("Battlegrowth"), memnite)
print(f"after Battlegrowth: {counters(memnite)}")
while not (game.active_player == "alex" and game.step == "precombat_main" and game.turn == "alex"
           and ("play", "alex", in_hand("Swamp")) in [m.raw for m in game.legal_moves]):
    game.push(("pass",), checked=False)  # to Alex's next main phase (Blair has only lands)
game.push(("play", "alex", in_hand("Swamp")))
cast(in_hand("Scar"), memnite)
view = game.card(memnite)
now = counters(memnite)
print(f"after Scar: Memnite is {view.power}/{view.toughness} in the {view.zone} with counters {now} "
      "(CR 704.5q: no counters)")
game.push(("pass",), checked=False)  # past the next step change, where python-mtg checks state-based actions
print(f"a step later ({game.turn}, {game.step}): counters {counters(memnite)}")
sys.exit(0 if not now and not counters(memnite) else 1)
