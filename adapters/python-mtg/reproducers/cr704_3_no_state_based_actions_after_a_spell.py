"""CR 704.3 and 704.5f: state-based actions are checked whenever a player would receive priority
(python-mtg 0.1.1).

Alex plays a Swamp, casts Memnite (a 1/1 artifact creature costing {0}) and then Disfigure
("Target creature gets -2/-2 until end of turn.") on it, keeping a second Memnite in hand (so she
still has something to do in her main phase). Memnite is -1/-1: before anyone receives
priority again it is put into its owner's graveyard (704.5f, checked as 704.3 says). python-mtg
leaves it on the battlefield and gives Alex the next decision in the same main phase; it performs
the check only when the game moves to the next step. Only real cards and the public API are used
(mtg.Game.new, Game.push, Game.card): no state is written.

    python adapters/python-mtg/reproducers/cr704_3_no_state_based_actions_after_a_spell.py

Prints what python-mtg says and what the CR says; exits 1 while they differ (checked by
tests/test_python_mtg_adapter.py, so CI notices when the engine is fixed).
"""
import sys

import mtg

deck = ["Swamp", "Memnite", "Memnite", "Disfigure"] + ["Swamp"] * 20
game = mtg.Game.new(alex=deck, blair=["Swamp"] * 23, seed=1,
                    starting_hand={"alex": ["Swamp", "Memnite", "Memnite", "Disfigure"]})
assert game.active_player == "alex" and game.step == "precombat_main", (game.active_player, game.step)


def card_in_hand(name):
    return next(c for c in game.hand("alex") if game.name(c) == name)


def cast(card, target=None):
    """Cast a spell python-mtg offers (its legal moves name no targets: a target rides in the choices)."""
    move = ("cast", "alex", card, {})
    assert move in [m.raw for m in game.legal_moves], f"{card} is not castable now"
    game.push(move[:3] + ({"target": target} if target else {},), checked=False)


game.push(("play", "alex", card_in_hand("Swamp")))
memnite = sorted(c for c in game.hand("alex") if game.name(c) == "Memnite")[0]
cast(memnite)
cast(card_in_hand("Disfigure"), memnite)
view = game.card(memnite)
print(f"after Disfigure: Memnite is {view.power}/{view.toughness} in the {view.zone}, "
      f"and {game.turn} decides in the {game.step} step (CR 704.5f: in the graveyard before anyone decides)")
sys.exit(0 if view.zone == "graveyard" else 1)
