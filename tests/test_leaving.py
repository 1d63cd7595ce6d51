"""Leaving the game and turns beginning (issue 40, CR 800.4a, 801.2c): the loader's one-line errors,
the features a case needs (which no adapter declares), and what the reference engine refuses
rather than judge."""

from __future__ import annotations

import pytest

from conformance.errors import CaseFileErrors, Unsupported
from conformance.format.loader import load_text
from reference_engine import ReferenceEngine

HEAD = """format: 1
cr: "2025-09-19"
cases:
  - id: 800.4a/x
    rules: ["800.4a"]
    source: {rule: "800.4a"}
    summary: A case about a player leaving the game.
"""
BEAR = "      bear: {card: {types: [creature], power: 2, toughness: 2}}\n"
EXPECT = "      - expect: {objects: {bear: {}}}\n"


def _case(steps: str, *, players: str = "[Alex, Blair, Rob]", objects: str = BEAR) -> str:
    return HEAD + f"    players: {players}\n    objects:\n{objects}    steps:\n{steps}"


def _problem(text: str) -> str:
    with pytest.raises(CaseFileErrors) as caught:
        load_text(text, "x.yaml")
    (line,) = str(caught.value).splitlines()
    return line


@pytest.mark.parametrize("steps,players,message", [
    ("      - leave_game: {player: Rob}\n", "[Alex, Rob]", "steps/0/leave_game/player: a player leaves only a game of "
                                                         "three players or more"),
    ("      - leave_game: {player: Carol}\n", "[Alex, Blair, Rob]", "steps/0/leave_game/player: undeclared player 'Carol'"),
    ("      - leave_game: {player: Rob}\n      - leave_game: {player: Rob}\n", "[Alex, Blair, Cal, Rob]",
     "steps/1/leave_game/player: Rob has already left the game"),
    ("      - leave_game: {player: Rob}\n      - leave_game: {player: Blair}\n", "[Alex, Blair, Rob]",
     "steps/1/leave_game/player: after Blair left, one player would be in the game"),
    ("      - begin_turn: {}\n", "[Alex, Blair, Rob]", "steps/0/begin_turn: a turn begins only after the turn before "
                                                       "ended"),
    ("      - end_turn: {}\n      - begin_turn: {}\n      - begin_turn: {}\n", "[Alex, Blair, Rob]",
     "steps/2/begin_turn: a turn begins only after"),
    ("      - leave_game: {}\n", "[Alex, Blair, Rob]", "leave_game"),
    ("      - begin_turn: {player: Rob}\n", "[Alex, Blair, Rob]", "begin_turn"),
    ("      - together: [{leave_game: {player: Rob}}, {gain_life: {player: Alex, amount: 1}}]\n", "[Alex, Blair, Rob]",
     "together"),
])
def test_bad_steps_get_one_line_naming_file_case_and_field(steps, players, message):
    line = _problem(_case(steps + EXPECT, players=players))
    assert line.startswith("x.yaml:") and "800.4a/x" in line and message in line


def test_a_turn_may_begin_after_its_cleanup_and_a_player_leave_while_two_stay():
    (case,) = load_text(_case("      - leave_game: {player: Rob}\n      - end_turn: {}\n      - begin_turn: {}\n" + EXPECT),
                        "x.yaml")
    assert {"leaving-the-game", "turn-beginnings"} <= case.features


@pytest.mark.parametrize("step,feature", [("leave_game: {player: Rob}", "leaving-the-game"),
                                          ("begin_turn: {}", "turn-beginnings")])
def test_each_step_needs_its_feature_which_no_adapter_declares(step, feature):
    before = "      - end_turn: {}\n" if step.startswith("begin_turn") else ""
    (case,) = load_text(_case(f"{before}      - {step}\n" + EXPECT), "x.yaml")
    assert feature in case.features
    phase = pytest.importorskip("mtg_conformance_phase.bindings", reason="the phase adapter is not installed").FEATURES
    python_mtg = pytest.importorskip("mtg_conformance_python_mtg",
                                     reason="the python-mtg adapter is not installed").FEATURES
    assert feature not in phase and feature not in python_mtg


def _run(text: str) -> list[dict]:
    (case,) = load_text(text, "x.yaml")
    return ReferenceEngine().run_case(case)


@pytest.mark.parametrize("objects,steps,reason", [
    (BEAR, "      - modify_pt: {to: bear, power: 2, controller: Rob}\n", "a continuous effect of a resolved spell"),
    (BEAR, "      - become: {to: bear, add_types: [artifact], controller: Rob, until: ended}\n", "changes no control"),
    (BEAR, "      - prevent_damage: {to: Alex, controller: Rob}\n", "prevention or redirection"),
    (BEAR + "      rob_bear: {card: {types: [creature], power: 2, toughness: 2,"
            " abilities: [{triggered: {name: grow, when: you gain life, event: {gains_life: you},"
            " effect: {gain_life: {amount: 1}}}}]}, owner: Rob}\n",
     "", "triggered ability"),
    ("      bear: {card: {types: [creature], power: 2, toughness: 2}, controller: Rob}\n", "",
     "from before the case began"),
])
def test_what_the_rest_of_800_4_decides_is_refused(objects, steps, reason):
    with pytest.raises(Unsupported, match=reason):
        _run(_case(steps + "      - leave_game: {player: Rob}\n" + EXPECT, objects=objects))


@pytest.mark.parametrize("step", ["gain_life: {player: Rob, amount: 1}", "modify_pt: {to: rob_bear, power: 1}",
                                  "create_token: {tokens: [t], controller: Rob, card: {types: [artifact]}}"])
def test_a_step_naming_the_departed_player_or_their_object_is_refused(step):
    objects = BEAR + "      rob_bear: {card: {types: [creature], power: 2, toughness: 2}, owner: Rob}\n"
    with pytest.raises(Unsupported, match="no longer in the game"):
        _run(_case(f"      - leave_game: {{player: Rob}}\n      - {step}\n" + EXPECT, objects=objects))


def test_a_control_effect_of_another_player_continues():
    """Alex's effect gives Alex control of Blair's bear: Rob leaving changes nothing of it (800.4a)."""
    objects = "      bear: {card: {types: [creature], power: 2, toughness: 2}, owner: Blair}\n"
    (snapshot,) = _run(_case("      - become: {to: bear, gain_control: true, controller: Alex, until: ended}\n"
                             "      - leave_game: {player: Rob}\n" + EXPECT, objects=objects))
    assert snapshot["objects"]["bear"]["controller"] == "Alex"


def test_the_departed_players_mana_pool_is_empty_and_begin_turn_empties_pools():
    (left, turned) = _run(_case("      - add_mana: {player: Rob, mana: {R: 1}}\n      - add_mana: {player: Alex, mana: {G: 1}}\n"
                                "      - leave_game: {player: Rob}\n" + EXPECT
                                + "      - end_turn: {}\n      - add_mana: {player: Alex, mana: {G: 1}}\n"
                                "      - begin_turn: {}\n" + EXPECT))
    assert left["players"]["Rob"]["mana"] == {} and left["players"]["Alex"]["mana"] == {"G": 1}
    assert turned["players"]["Alex"]["mana"] == {}
