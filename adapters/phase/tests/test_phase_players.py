"""The phase adapter's players and damage/life replacements (issue 20): life-gain and life-loss
replacements (CR 614.1a), can't lose the game (104.3b), counters on players (122.1, 704.5c),
Vorinclex's halving (614.1a, 616.1), static prevention, partial or with an additional effect
(615.1, 615.5), damage modifiers (614.1a, 701.11), and what phase cannot do (the limited range of
influence, 801), redirection of one event (614.9), damage that can't be prevented (615.12) in
Skullcrack's order, orders of several affected objects (616.1), static prevention by sources (615.1);
infect and wither (702.90b-c, 702.80a), a permanent's damage to several recipients (120.3), spells
on the stack (112.1), damage and life changes in one event (704.3), and the refused combinations of
damage that can't be prevented with several recipients or protection (615.12, 702.16e).

The wording is checked without phase; the rest needs phase-python."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import json

import pytest

from mtg_conformance_phase.counter_halving import halving_sentence
from mtg_conformance_phase.damage_modifiers import modify_damage_sentence
from mtg_conformance_phase.damage_sources import damage_orders
from mtg_conformance_phase.life_replacements import (cant_gain_life_sentence, cant_lose_sentence, double_life_gain_sentence,
                                                                  double_life_loss_sentences)
from mtg_conformance_phase.player_counters import counters_of, doubling_sentence, player_counter_kind
from mtg_conformance_phase.redirection import redirection
from mtg_conformance_phase.static_prevention import static_prevention_sentence
from mtg_conformance_phase.trigger_lines import trigger_line
from mtg_conformance_phase.unpreventable import end_restrictions, restrictions, unpreventable_sentences
from conformance.engines.interface import describe
from conformance.errors import Unsupported
from conformance.format import loader
from conformance.results import compare
from tests.scenarios import creature, make_case

from phase_support import engine, needs_phase


# --- wording (no phase needed) --------------------------------------------------------------------


def test_life_replacement_wording():
    assert double_life_gain_sentence("r", {}).text == "If you would gain life, you gain twice that much life instead."
    assert [s.text for s in double_life_loss_sentences("b", {})] == [
        "If an opponent would lose life, they lose twice that much life instead."]  # Bloodletter, no "during your turn"
    assert [s.text for s in double_life_loss_sentences("b", {"player": "you"})] == [
        "If you would lose life, you lose twice that much life instead."]
    assert [s.text for s in double_life_loss_sentences("b", {"player": "each"})] == [
        "If an opponent would lose life, they lose twice that much life instead.",
        "If you would lose life, you lose twice that much life instead."]  # each player: one or the other (102.2, 102.3)
    with pytest.raises(Unsupported, match="no wording here"):
        double_life_loss_sentences("b", {"player": "any"})
    assert cant_lose_sentence("a", {}).text == "You can't lose the game."
    assert [cant_gain_life_sentence("v", body).text for body in ({}, {"player": "opponent"}, {"player": "each"})] == [
        "You can't gain life.", "Your opponents can't gain life.", "Players can't gain life."]  # 119.7


def test_halving_and_prevention_wording():
    assert halving_sentence("v", {"mode": "half", "by_opponent": True, "effects_only": False}).text.startswith(
        "If an opponent would put one or more counters on a permanent or player, they put half that many")
    assert halving_sentence("v", {"mode": "half", "by_opponent": True}).text.startswith(  # effects only: a loyalty
        "If an opponent would put")  # cost beside it is refused (.plan)
    for body in ({"mode": "half", "by_opponent": True, "kind": "+1/+1"}, {"mode": "half"},
                 {"mode": "half", "by_opponent": True, "on": {"controller": "you"}}):
        with pytest.raises(Unsupported):
            halving_sentence("v", body)
    hydra = {"to": {"itself": True}, "then": {"put_counters": "-1/-1"}}
    assert static_prevention_sentence("h", "Phyrexian Hydra", hydra).text == (
        "If damage would be dealt to Phyrexian Hydra, prevent that damage. Put a -1/-1 counter on Phyrexian Hydra "
        "for each 1 damage prevented this way.")
    protean = {"to": {"itself": True}, "then": {"remove_counters": "+1/+1", "for_each": "damage"}}
    assert static_prevention_sentence("h", "Protean Hydra", protean).text == (
        "If damage would be dealt to Protean Hydra, prevent that damage and remove that many +1/+1 counters from it.")
    assert static_prevention_sentence("w", "Ward", {"half": "up"}).text == (
        "If a source would deal damage to a permanent or player, prevent half that damage, rounded up.")
    assert static_prevention_sentence("m", "Monk", {"to": {"itself": True}, "all_but": 1}).text == (
        "If a source would deal damage to Monk, prevent all but 1 of that damage.")
    assert static_prevention_sentence("w", "Ward", {"to": {"types": ["creature"]}, "half": "down"}).text == (
        "If a source would deal damage to a creature, prevent half that damage, rounded down.")
    assert static_prevention_sentence("w", "Ward", {"by": {"types": ["creature"]}, "all_but": 2}).text == (
        "If a creature would deal damage to a permanent or player, prevent all but 2 of that damage.")
    assert static_prevention_sentence("f", "Fog Wall", {"to": {"types": ["creature"], "controller": "you"},
                                                         "combat": True}).text == (
        "Prevent all combat damage that would be dealt to creatures you control.")
    assert static_prevention_sentence("f", "Fog", {"combat": True}).text == "Prevent all combat damage that would be dealt."
    for body in ({"to": {"itself": True}}, {"by": {"colors": ["R"]}}, {"half": "up", "by": {"colors": ["R"]}},
                 {"combat": True, "amount": 2}, {"combat": True, "to": {"types": ["artifact"]}},
                 {"to": {"itself": True}, "then": {"put_counters": "-1/-1", "for_each": "damage"}}):
        with pytest.raises(Unsupported):
            static_prevention_sentence("x", "X", body)


def test_damage_modifier_wording():
    mine = {"controller": "you", "zone": ["battlefield", "stack"]}
    assert modify_damage_sentence("f", {"by": mine, "times": 3}).text == (
        "If a source you control would deal damage to a permanent or player, it deals triple that damage to that "
        "permanent or player instead.")  # Fiery Emancipation
    assert modify_damage_sentence("t", {"by": {**mine, "colors": ["R"]}, "to": {"controller": "opponent"},
                                        "to_player": "opponent", "plus": 2}).text == (
        "If a red source you control would deal damage to an opponent or a permanent an opponent controls, it deals "
        "that much damage plus 2 instead.")  # Torbran
    assert modify_damage_sentence("f", {"times": 3}).text.startswith("If a source would deal damage")  # every source
    for body in ({"times": 4}, {"by": mine, "plus": 2}, {"by": {"controller": "you"}, "times": 3},
                 {"times": 2, "to_player": "opponent"}, {"to": {"types": ["planeswalker"]}, "plus": 1}):
        with pytest.raises(Unsupported):
            modify_damage_sentence("x", body)
    assert modify_damage_sentence("m", {"to": {"types": ["creature"]}, "plus": 1}).text == (
        "If a source would deal damage to a creature, it deals that much damage plus 1 instead.")
    assert modify_damage_sentence("m", {"to_player": "any", "times": 2}).text == (
        "If a source would deal damage to a player, it deals double that damage to that player instead.")
    assert modify_damage_sentence("m", {"by": mine, "to_player": "you", "times": 3}).text == (
        "If a source you control would deal damage to you, it deals triple that damage to you instead.")


def test_player_counters_names():
    assert player_counter_kind("poison") == "Poison"
    assert player_counter_kind("energy") == "energy"  # phase keeps it apart (ModifyEnergy)
    with pytest.raises(Unsupported):
        player_counter_kind("charge")
    assert counters_of({"poison_counters": 3, "energy": 1, "player_counters": {"Experience": 2, "Rad": 0}}) == {
        "energy": 1, "experience": 2, "poison": 3}
    assert counters_of({"poison_counters": 0}) == {}


# --- with phase -------------------------------------------------------------------------------------


GOLDEN = ("119.7/opponents-cant-gain-life", "119.7/lifelink-damage-is-still-dealt", "119.7/a-gain-doubler-has-nothing-to-double",
          "119.7/no-gain-nothing-triggers", "119.7/doubling-a-life-total-is-a-gain",
          "614.1a/boon-reflection-doubles-a-gain", "614.5/two-gain-doublers-each-once", "614.1a/opponents-gain-not-doubled",
          "702.15b/faithmender-lifelink-doubles-own-gain", "701.10d/doubling-a-total-is-a-gain-doubled-again",
          "701.10d/negative-total-doubled-is-a-loss", "614.1a/bloodletter-doubles-an-opponents-loss",
          "614.1a/bloodletter-not-its-controllers-loss", "120.3a/damage-loss-doubled-lifelink-gains-the-damage",
          "614.1a/you-lose-twice-as-much", "701.10d/double-zero-life", "701.10d/double-negative-life",
          "616.1/vorinclex-then-opponents-season",
          "616.1/opponents-season-then-vorinclex", "616.1/opponents-scales-against-vorinclex",
          "614.1a/halving-is-about-who-puts-them", "615.5/phyrexian-hydra-takes-3", "615.5/protean-hydra-runs-out-of-counters",
          "615.5/phyrexian-hydra-counters-annihilate", "615.1/prevent-half-rounded-up", "615.1/prevent-all-but-one",
          "616.1/torbran-then-fiery-emancipation", "616.1/fiery-emancipation-then-torbran",
          "616.1/tripling-and-halving-in-both-orders", "614.1a/torbran-limited-by-source-and-player",
          "615.12/phyrexian-hydra-nothing-prevented-no-counters", "615.12/shield-not-used-up",
          "615.12/static-prevention-prevents-nothing",
          # CR 616.1: each affected object's own order in one event; a copy's or token copy's effects (707.2)
          "615.5/phyrexian-hydra-and-a-doubler", "615.10/copy-of-daunting-defender-prevents-too", "614.5/copy-of-the-relic",
          "702.15b/lifelink-damage-prevented",  # an order naming two shields, where phase asks nothing
          "702.15b/lifelink-damage-redirected", "702.2b/deathtouch-damage-redirected",  # CR 614.9: one event redirected
          "614.1a/gain-trigger-sees-doubled-gain")  # CR 614.6: "that much" is the gain as doubled


@needs_phase
def test_golden_cases_of_players_and_replacements_pass(engine):
    """Each golden case realised here runs on phase and gives the CR's values (worked by hand in
    the case)."""
    wanted = set(GOLDEN)
    cases = [c for c in loader.load_suite([loader.golden_dir()]) if c.id in wanted]
    assert {c.id for c in cases} == wanted
    info = describe(engine)
    outcomes = {c.id: compare.judge(engine, info, c) for c in cases}
    assert {i: o.status for i, o in outcomes.items() if o.status != "passed"} == {}


def judged(engine, objects, steps, **extra):
    return compare.judge(engine, describe(engine), make_case(objects, steps, rules=("122.1",), **extra))


@needs_phase
def test_each_players_life_loss_doubled_once(engine):
    """CR 614.1a, 120.3a: a life-loss doubler for each player, written as its two sentences ("an
    opponent", "you"): each player's loss, damage's too, is doubled once, in a game of three."""
    doubler = {"card": {"types": ["enchantment"], "abilities": [{"double_life_loss": {"player": "each"}}]},
               "owner": "Blair"}
    steps = [{"damage": {"source": "ogre", "to": "Alex", "amount": 2}},
             {"lose_life": {"player": "Blair", "amount": 3}},
             {"damage": {"source": "ogre", "to": "Cal", "amount": 1}},
             {"expect": {"players": {"Alex": {"life": 16}, "Blair": {"life": 14}, "Cal": {"life": 18}}}}]
    outcome = judged(engine, {"doubler": doubler, "ogre": creature(2, 2)}, steps, players=("Alex", "Blair", "Cal"))
    assert outcome.status == "passed", outcome


@needs_phase
def test_player_counters_are_put_removed_and_read(engine):
    steps = [{"put_player_counters": {"player": "Blair", "kind": "poison", "count": 4}},
             {"remove_player_counters": {"player": "Blair", "kind": "poison", "count": 6}},  # at most what she has
             {"put_player_counters": {"player": "Alex", "kind": "experience", "count": 2}},
             {"remove_player_counters": {"player": "Alex", "kind": "energy", "count": 1}},
             {"expect": {"players": {"Blair": {"counters": {}, "lost": False},
                                     "Alex": {"counters": {"experience": 2, "poison": 1, "energy": 2}}}}}]
    outcome = judged(engine, {"bear": creature(2, 2)}, steps, player_states={"Alex": {"counters": {"poison": 1, "energy": 3}}})
    assert outcome.status == "passed", outcome.message
    steps = [{"put_player_counters": {"player": "Blair", "kind": "poison", "count": 10}},
             {"expect": {"players": {"Blair": {"counters": {"poison": 10}, "lost": True}}}}]  # CR 704.5c
    outcome = judged(engine, {"bear": creature(2, 2)}, steps)
    assert outcome.status == "passed", outcome.message


def test_player_counter_doubling_wording():
    """CR 701.10e: that player gets as many more as they have, in a sentence phase reads."""
    sentence = doubling_sentence({"objects": {}}, {"player": "Blair", "kind": "experience"})
    assert sentence.text == "You get a number of experience counters equal to the number of experience counters you have."
    assert sentence.expect["count"]["qty"] == {"type": "PlayerCounter", "kind": "Experience", "scope": "Controller"}


@needs_phase
def test_a_players_counters_doubled(engine):
    """CR 701.10e, 704.5c: Blair's 3 poison counters doubled twice (6, then 12: she loses), Alex's
    2 experience counters and 3 energy doubled once and his poison untouched, Blair's no energy
    doubled to none; the golden case too."""
    steps = [{"double_counters": {"player": "Blair", "kind": "poison"}},
             {"double_counters": {"player": "Alex", "kind": "experience"}},
             {"double_counters": {"player": "Alex", "kind": "energy"}},  # the debug action: 3 more
             {"double_counters": {"player": "Blair", "kind": "energy"}},  # none to double: none more
             {"expect": {"players": {"Blair": {"counters": {"poison": 6}, "lost": False},
                                     "Alex": {"counters": {"poison": 1, "experience": 4, "energy": 6}}}}},
             {"double_counters": {"player": "Blair", "kind": "poison"}},
             {"expect": {"players": {"Blair": {"counters": {"poison": 12}, "lost": True}}}}]
    states = {"Blair": {"counters": {"poison": 3}}, "Alex": {"counters": {"poison": 1, "experience": 2, "energy": 3}}}
    outcome = judged(engine, {"bear": creature(2, 2)}, steps, player_states=states)
    assert outcome.status == "passed", outcome
    case, = [c for c in loader.load_suite([loader.golden_dir() / "701.10d-g-double-life-counters-mana-damage.yaml"])
             if c.id == "701.10e/double-counters-on-a-player"]
    assert compare.judge(engine, describe(engine), case).status == "passed"


@needs_phase
def test_what_is_refused(engine):
    run = lambda objects, steps, **extra: engine.run(make_case(objects, steps, rules=("122.1",), **extra).to_dict())  # noqa: E731
    season = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {"on": {"controller": "you"}}}]}}
    with pytest.raises(Unsupported, match="701.10e. in a case with counter replacements"):
        run({"season": season}, [{"double_counters": {"player": "Blair", "kind": "poison"}}],
            player_states={"Blair": {"counters": {"poison": 2}}})
    with pytest.raises(Unsupported, match="counter replacements"):
        run({"season": season}, [{"put_player_counters": {"player": "Blair", "kind": "poison", "count": 1}}])
    with pytest.raises(Unsupported, match="charge"):
        run({"bear": creature(2, 2)}, [{"put_player_counters": {"player": "Blair", "kind": "charge", "count": 1}}])


def test_orders_of_several_affected():
    """CR 616.1: an order per affected object or player; a shield among them is refused (phase's
    shields are anonymous in its prompt)."""
    hydra = {"card": {"types": ["creature"], "power": 7, "toughness": 7,
                      "abilities": [{"prevent_damage": {"to": {"itself": True}, "then": {"put_counters": "-1/-1"}}}]}}
    case = {"objects": {"one": hydra, "two": hydra}, "steps": []}
    body = {"order": {"one": ["one"], "two": ["two"]}}
    assert damage_orders(case, body, {}) == (("one", ("one",)), ("two", ("two",)))
    assert damage_orders(case, {"order": {"one": ["one"]}}, {}) == ()
    with pytest.raises(Unsupported, match="naming a prevention shield"):
        damage_orders(case, {"order": {"one": ["one", "aegis"], "two": ["two"]}}, {"aegis": "Cfx Spell 1"})


@needs_phase
def test_an_order_of_two_shields_both_offered_is_refused(engine):
    """CR 616.1: two shields both apply to one event; phase offers two anonymous candidates, so the
    order naming them cannot be followed: refused as the event happens, never guessed."""
    steps = [{"prevent_damage": {"id": "small", "controller": "Blair", "to": "Blair", "amount": 1}},
             {"prevent_damage": {"id": "fog", "controller": "Blair", "to": "Blair"}},
             {"damage": {"source": "knight", "to": "Blair", "amount": 3, "order": {"Blair": ["small", "fog"]}}},
             {"expect": {"players": {"Blair": {"life": 20}}}}]
    knight = creature(3, 3, abilities=[{"keyword": "lifelink"}])  # its own damage ability (.damage_sources)
    with pytest.raises(Unsupported, match="several prevention shields, one of which phase offers"):
        engine.run(make_case({"knight": knight}, steps, rules=("616.1",)).to_dict())


def test_redirection_only_where_one_event_is_redirected():
    """CR 614.9: phase's one wording redirects the next event from a chosen source; the step is
    realised only where that is the same (one later damage event to the player, from a permanent)."""
    objects = {"wall": {**creature(0, 5), "zone": "battlefield"}, "giant": {**creature(3, 3), "zone": "battlefield"},
               "shock": {"card": {"types": ["instant"]}, "zone": "stack"}}
    redirect = {"controller": "Blair", "to": "Blair", "instead_to": "wall"}
    hit = {"damage": {"source": "giant", "to": "Blair", "amount": 3}}
    case = {"players": ["Alex", "Blair"], "objects": objects, "steps": [{"redirect_damage": redirect}, hit]}
    sentence, source, target = redirection(case, redirect)
    assert source == "giant" and sentence.text.startswith("The next time a source of your choice would deal damage")
    for steps, match in (([hit, hit], "2 damage events"), ([{"combat": {}}], "combat"),
                         ([{"damage": {"source": "shock", "to": "Blair", "amount": 2}}], "not a permanent"),
                         ([{"damage": {"source": "giant", "to_each_player": True, "amount": 2}}], "damage events")):
        with pytest.raises(Unsupported, match=match):
            redirection({**case, "steps": [{"redirect_damage": redirect}, *steps]}, redirect)
    walker = {"card": {"types": ["planeswalker"], "loyalty": 4}, "zone": "battlefield"}
    to_walker = {**redirect, "instead_to": "sage"}
    sentence, _, _ = redirection({**case, "objects": {**objects, "sage": walker},
                               "steps": [{"redirect_damage": to_walker}, hit]}, to_walker)
    assert sentence.text.endswith("that damage is dealt to target creature or planeswalker instead.")  # CR 120.3c
    for other, match in (({**redirect, "instead_to": "Alex"}, "neither a creature nor a planeswalker"),
                         ({**redirect, "amount": 2}, "next 2 damage of an event of 3")):
        with pytest.raises(Unsupported, match=match):
            redirection({**case, "steps": [{"redirect_damage": other}, hit]}, other)
    # CR 614.9: the damage dealt to Blair's wall redirected to Blair, the effect's controller
    shelter = {"controller": "Blair", "to": "wall", "instead_to": "Blair"}
    to_wall = {"damage": {"source": "giant", "to": "wall", "amount": 3}}
    sentence, source, target = redirection({**case, "steps": [{"redirect_damage": shelter}, to_wall]}, shelter)
    assert (sentence.text, source, target) == ("The next time a source of your choice would deal damage to target "
                                               "creature this turn, that damage is dealt to you instead.", "giant", "wall")
    for other, steps in (({**shelter, "instead_to": "giant"}, [to_wall]),
                         (shelter, [to_wall, {"damage": {"source": "giant", "to_each": {"types": ["creature"]},
                                                          "amount": 1}}])):
        with pytest.raises(Unsupported):
            redirection({**case, "steps": [{"redirect_damage": other}, *steps]}, other)


def test_redirection_cast_by_the_player_its_wording_names():
    """CR 614.9: phase reads no redirection to another player than the spell's controller, so the
    spell is cast by the player its "you" names, whoever controls the case's effect: Blair's
    effect redirecting the damage to her wall to Alex is Alex's "... that damage is dealt to you
    instead."; Alex's effect redirecting Blair's damage to the wall is Blair's spell. Not under a
    limited range of influence (801.13a: the effect's controller's range)."""
    from mtg_conformance_phase.redirection import REDIRECT, REDIRECT_TO_YOU, caster

    objects = {"wall": {**creature(0, 5), "zone": "battlefield", "owner": "Blair"},
               "giant": {**creature(3, 3), "zone": "battlefield"}}
    to_alex = {"controller": "Blair", "to": "wall", "instead_to": "Alex"}
    case = {"players": ["Alex", "Blair"], "objects": objects,
            "steps": [{"redirect_damage": to_alex}, {"damage": {"source": "giant", "to": "wall", "amount": 3}}]}
    assert redirection(case, to_alex) == (REDIRECT_TO_YOU, "giant", "wall") and caster(case, to_alex) == "Alex"
    by_alex = {"controller": "Alex", "to": "Blair", "instead_to": "wall"}
    case = {**case, "steps": [{"redirect_damage": by_alex}, {"damage": {"source": "giant", "to": "Blair", "amount": 3}}]}
    assert redirection(case, by_alex) == (REDIRECT, "giant", "wall") and caster(case, by_alex) == "Blair"
    with pytest.raises(Unsupported, match="range of influence"):
        redirection({**case, "range_of_influence": {"Alex": 1, "Blair": 1}}, by_alex)


def test_redirection_no_later_damage_meets():
    """CR 614.9: where nothing after the step can deal damage to the player or creature, phase's
    one event from one source and the case's redirection are alike (none redirected): any source
    is chosen. An ability dealing damage (printed, or given by a step), or a later redirection with a damage
    event, is refused."""
    from mtg_conformance_phase.redirection import ANY_SOURCE, REDIRECT_TO_YOU

    objects = {"wall": {**creature(0, 5), "zone": "battlefield", "owner": "Blair"},
               "giant": {**creature(3, 3), "zone": "battlefield"}}
    to_alex = {"controller": "Blair", "to": "wall", "instead_to": "Alex"}
    again = {"redirect_damage": {**to_alex, "to": "giant"}}
    to_giant = {"damage": {"source": "wall", "to": "giant", "amount": 1}}
    case = {"players": ["Alex", "Blair"], "objects": objects, "steps": [{"redirect_damage": to_alex}, to_giant]}
    assert redirection(case, to_alex) == (REDIRECT_TO_YOU, ANY_SOURCE, "wall")
    assert redirection({**case, "steps": [{"redirect_damage": to_alex}, again]}, to_alex)[1] == ANY_SOURCE
    pinger = {**objects["giant"], "card": {**objects["giant"]["card"], "abilities": [
        {"activated": {"name": "ping", "cost": "{T}", "effect": {"damage": {"amount": 1, "to": "any"}}}}]}}
    grant = {"become": {"to": "giant", "gains": [{"triggered": {"name": "t", "when": "whenever attacks",
                                                            "effect": {"damage": {"amount": 1, "to": "wall"}}}}]}}
    for other, match in (({**case, "objects": {**objects, "giant": pinger}}, "0 damage events"),
                         ({**case, "steps": [case["steps"][0], grant]}, "0 damage events"),
                         ({**case, "steps": [case["steps"][0], again, to_giant]}, "followed by a redirect_damage step"),
                         ({**case, "steps": [case["steps"][0], {"redirect_damage": {**to_alex, "to": "Alex",
                                                                                      "instead_to": "wall"}},
                                             {"damage": {"source": "giant", "to": "Alex", "amount": 2}}]},
                          "followed by a redirect_damage step")):  # Alex's damage sent to the wall, met there
        with pytest.raises(Unsupported, match=match):
            redirection(other, to_alex)


@needs_phase
def test_redirections_to_another_player_run_on_phase(engine):
    """CR 614.9: Blair's effect redirecting the damage to her wall to Alex, realised as Alex's
    spell: the giant's 3 damage to the wall is dealt to Alex (17), none to the wall. With no later
    damage the redirection changes nothing, and the wall's abilities read back as none: phase's
    one-shot redirection on it is the spell's effect, no ability of the wall (113.1)."""
    objects = {"wall": {**creature(0, 5), "zone": "battlefield", "owner": "Blair"},
               "giant": {**creature(3, 3), "zone": "battlefield"}}
    redirect = {"redirect_damage": {"controller": "Blair", "to": "wall", "instead_to": "Alex"}}
    hit = make_case(objects, [redirect, {"damage": {"source": "giant", "to": "wall", "amount": 3}},
                              {"expect": {"objects": {"wall": {"damage": 0}}, "players": {"Alex": {"life": 17}}}}],
                    rules=("614.9",))
    assert compare.judge(engine, describe(engine), hit).status == "passed"
    quiet = make_case(objects, [redirect, {"expect": {"objects": {"wall": {"damage": 0, "abilities": []}},
                                                      "players": {"Alex": {"life": 20}}}}], rules=("614.9",))
    assert compare.judge(engine, describe(engine), quiet).status == "passed"


def test_each_opponent_loses_that_much_life_wording():
    """CR 603.1, 119.3: a trigger's "each opponent loses that much life", phase keeping "each
    opponent" on the execution; another player is refused."""
    body = {"event": {"gains_life": "you"}, "effect": {"lose_life": {"amount": "that_many", "player": "each_opponent"}}}
    text, expect = trigger_line("bond", body, ["enchantment"])
    assert text == "Whenever you gain life, each opponent loses that much life."
    assert expect["execute"]["player_scope"] == {"type": "Opponent"} and expect["execute"]["effect"]["type"] == "LoseLife"
    with pytest.raises(Unsupported, match="has no wording here"):
        trigger_line("bond", {"event": {"enters": {"types": ["creature"]}},
                              "effect": {"lose_life": {"amount": 1, "player": "that"}}}, ["enchantment"])
    text, _ = trigger_line("bond", {**body, "effect": {"lose_life": {"amount": 1, "player": "that"}}}, ["enchantment"])
    assert text == "Whenever you gain life, you lose 1 life."  # the event's player is its controller


def test_unpreventable_damage_wording():
    """CR 615.12: Skullcrack's order, and the restriction ended once the damage is dealt."""
    damage = {"source": "blast", "to": "Alex", "amount": 2, "cant_be_prevented": True}
    case = {"steps": [{"damage": damage}, {"damage": {**damage, "cant_be_prevented": False}}]}
    assert [s.text for s in unpreventable_sentences(case, damage)] == ["Damage can't be prevented this turn."]
    assert unpreventable_sentences(case, case["steps"][1]["damage"]) == []
    with pytest.raises(Unsupported, match="together step"):
        unpreventable_sentences({"steps": [{"together": [{"damage": damage}]}]}, damage)
    old = {"expiry": {"type": "EndOfTurn"}, "source": 7, "type": "DamagePreventionDisabled"}
    new, other = {**old, "source": 9}, {"type": "CantGainLife", "source": 9}
    state = {"state": {"restrictions": [old, other, new]}}
    assert restrictions(state) == [old, new]
    assert end_restrictions(state, [old]) and state["state"]["restrictions"] == [old, other]
    assert not end_restrictions(state, [old])


@needs_phase
def test_unpreventable_damage_in_phase(engine):
    """CR 615.12: a Hydra's prevention and its additional effect are skipped whole by phase under
    damage that can't be prevented (the Protean Hydra case fails: a disagreement)."""
    cases = {c.id: c for c in loader.load_suite([loader.golden_dir()]) if c.id.startswith("615.12/")}
    info = describe(engine)
    protean = compare.judge(engine, info, cases["615.12/protean-hydra-extra-still-happens"])
    assert protean.status == "failed"
    assert [(m.field, m.expected, m.got) for m in protean.mismatches] == [("zone", "graveyard", "battlefield")]



@needs_phase
def test_unpreventable_damage_from_a_sources_own_ability(engine):
    """CR 615.12, 702.15b: a lifelink creature's own ability deals damage that can't be prevented
    through a shield: all of it is dealt, and its controller gains that much."""
    knight = creature(3, 3, abilities=[{"keyword": "lifelink"}])
    steps = [{"prevent_damage": {"controller": "Blair", "to": "Blair"}},
             {"damage": {"source": "knight", "to": "Blair", "amount": 3, "cant_be_prevented": True}},
             {"expect": {"players": {"Alex": {"life": 23}, "Blair": {"life": 17}}}}]
    outcome = judged(engine, {"knight": knight}, steps)
    assert outcome.status == "passed", outcome


@needs_phase
def test_phase_still_refuses_the_limited_range_of_influence():
    """CR 801: phase's format config has a range of influence, which its game refuses ("not
    supported until limited-range rules are implemented"): the adapter declares no
    range-of-influence. If phase starts accepting it, this fails: realise it then."""
    import phase as ph

    face = ph.build_oracle_face({"name": "Cfx Filler", "layout": "normal", "identifiers": {}, "colors": [],
                                 "colorIdentity": [], "manaValue": 0, "type": "Land", "types": ["Land"], "text": ""},
                                None)
    db = ph.Engine.from_json(json.dumps({"cfx filler": face}))
    config = db.new_game(["Cfx Filler"], ["Cfx Filler"], extra_players=[["Cfx Filler"]], format="FreeForAll") \
        .state()["state"]["format_config"]
    config["range_of_influence"] = {"default_range": 1, "player_overrides": {}}
    with pytest.raises(Exception, match="range_of_influence is not supported"):
        db.new_game(["Cfx Filler"], ["Cfx Filler"], extra_players=[["Cfx Filler"]], format="FreeForAll",
                    format_config=config)


@needs_phase
def test_static_prevention_of_some_sources(engine):
    """CR 615.1: "Prevent all damage that would be dealt by red sources." / "... by creatures.":
    the case's damage comes from its own sources (a red spell, a creature), which phase's source
    filter judges; others are dealt in full."""
    veil = {"card": {"types": ["enchantment"], "abilities": [
        {"prevent_damage": {"by": {"colors": ["R"], "zone": ["battlefield", "stack"]}}}]}}
    red = {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack", "owner": "Blair"}
    green = {"card": {"types": ["instant"], "colors": ["G"]}, "zone": "stack", "owner": "Blair"}
    steps = [{"damage": {"source": "blast", "to": "bear", "amount": 2}},
             {"expect": {"objects": {"bear": {"damage": 0}}}},
             {"damage": {"source": "growth", "to": "bear", "amount": 1}},
             {"expect": {"objects": {"bear": {"damage": 1}}}}]
    outcome = judged(engine, {"veil": veil, "bear": creature(3, 3), "blast": red, "growth": green}, steps)
    assert outcome.status == "passed", outcome
    peace = {"card": {"types": ["enchantment"], "abilities": [{"prevent_damage": {"by": {"types": ["creature"]}}}]}}
    relic = {"card": {"types": ["artifact"]}, "owner": "Blair"}
    steps = [{"damage": {"source": "ogre", "to": "Alex", "amount": 3}},
             {"damage": {"source": "relic", "to": "Alex", "amount": 2}},
             {"expect": {"players": {"Alex": {"life": 18}}}}]
    outcome = judged(engine, {"peace": peace, "ogre": creature(3, 3, colors=["R"]), "relic": relic}, steps)
    assert outcome.status == "passed", outcome
    with pytest.raises(Unsupported, match="or spells of one colour, creatures, or noncreature permanents"):
        static_prevention_sentence("veil", "Veil", {"by": {"types": ["artifact"]}})


@needs_phase
def test_doubling_season_and_a_loyalty_cost(engine):
    """CR 606.4, 614.1a: Doubling Season's own words beside a +1 cost are played; phase doubles the
    cost's counter (a disagreement: 5, not 4). Another counter replacement of effects only, worded
    without "an effect" here, is refused beside a cost."""
    case = next(c for c in loader.load_suite([loader.golden_dir()]) if c.id == "606.4/season-does-not-double-a-cost")
    outcome = compare.judge(engine, describe(engine), case)
    assert outcome.status == "failed"
    assert [(m.field, m.expected, m.got) for m in outcome.mismatches] == [("counters", {"loyalty": 4}, {"loyalty": 5})]
    scales = {"card": {"types": ["enchantment"], "abilities": [
        {"counter_replacement": {"on": {"controller": "you"}, "kind": "loyalty", "mode": "plus", "amount": 1}}]}}
    walker = {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": [{"loyalty_ability": {"name": "up", "cost": 1}}]},
              "counters": {"loyalty": 3}}
    with pytest.raises(Unsupported, match="loyalty cost putting counters .* other than Doubling Season's"):
        engine.run(make_case({"scales": scales, "walker": walker}, [{"activate": {"object": "walker", "ability": "up"}}],
                             rules=("606.4",)).to_dict())


INFECT_GOLDEN = ("702.90b/infect-to-a-player", "702.90c/infect-to-a-creature", "702.80a/wither-to-a-creature-and-a-player",
                 "701.10g/infect-damage-doubled", "702.15b/infect-with-lifelink",
                 "704.5c/infect-gives-the-tenth-poison-counter", "704.5q/infect-against-plus-one-counters",
                 "120.3c/infect-to-a-planeswalker", "702.90c/infect-lethal-through-counters",
                 "120.3b/infect-is-no-life-loss")


@needs_phase
def test_golden_cases_of_infect_and_wither_pass(engine):
    """CR 702.90b-c, 702.80a, 120.3b-d: the keywords printed on the source, whose own ability deals
    the damage (.damage_sources), give poison and -1/-1 counters in phase's game."""
    cases = [c for c in loader.load_suite([loader.golden_dir()]) if c.id in set(INFECT_GOLDEN)]
    assert {c.id for c in cases} == set(INFECT_GOLDEN)
    outcomes = {c.id: compare.judge(engine, describe(engine), c) for c in cases}
    assert {i: o.status for i, o in outcomes.items() if o.status != "passed"} == {}


@needs_phase
def test_infect_and_wither_in_combat(engine):
    """Combat damage from a creature with infect (702.90b-c) or wither (702.80a) is phase's own,
    worked by hand: an unblocked 2/2 with infect gives 2 poison counters and no life loss; a 2/2
    with wither and first strike blocked by a 3/3 puts two -1/-1 counters on it, which deals 1 back."""
    infect = make_case({"rat": creature(2, 2, abilities=[{"keyword": "infect"}])},
                       [{"combat": {"attackers": {"rat": "Blair"}}},
                        {"expect": {"players": {"Blair": {"life": 20, "counters": {"poison": 2}}}}}], rules=("702.90b",))
    players = engine.run(infect.to_dict())[-1]["players"]["Blair"]
    assert (players["life"], players["counters"]) == (20, {"poison": 2})
    wither = make_case({"rat": creature(2, 2, abilities=[{"keyword": "wither"}, {"keyword": "first strike"}]),
                        "bear": {**creature(3, 3), "controller": "Blair"}},
                       [{"combat": {"attackers": {"rat": "Blair"}, "blockers": {"bear": "rat"}}},
                        {"expect": {"objects": {"rat": {"damage": 1}, "bear": {"damage": 0}}}}], rules=("702.80a",))
    objects = engine.run(wither.to_dict())[-1]["objects"]
    assert (objects["rat"]["damage"], objects["bear"]["counters"], objects["bear"]["toughness"]) == (1, {"-1/-1": 2}, 1)


def test_a_permanents_damage_to_several_recipients_is_worded():
    """CR 120.3: one event to each player, each creature a filter names, or both (Pestilence's words)."""
    from mtg_conformance_phase.damage_sources import recipient_words, source_ability_text

    case = make_case({"leech": creature(1, 1, abilities=[{"keyword": "lifelink"}])},
                     [{"damage": {"source": "leech", "to_each_player": True, "amount": 1}}], rules=("120.3",)).to_dict()
    words = lambda body: recipient_words(case, {"source": "leech", "amount": 1, **body}).words  # noqa: E731
    assert words({"to_each_player": True}) == "each player"
    assert words({"to_each": {"types": ["creature"], "controller": "you"}}) == "each creature you control"
    assert words({"to_each": {"types": ["creature"]}, "to_each_player": True}) == "each creature and each player"
    assert source_ability_text("Cfx Object 1", 2, recipient_words(case, {"source": "leech", "to_each_player": True})) \
        == "{0}: Cfx Object 1 deals 2 damage to each player."
    with pytest.raises(Unsupported, match="an object or player and to others"):
        words({"to": "Blair", "to_each_player": True})


@needs_phase
def test_lifelink_to_several_recipients_is_one_event(engine):
    """CR 702.15b: the golden case passes: 10 damage dealt at once, 10 life gained."""
    (case,) = [c for c in loader.load_suite([loader.golden_dir()]) if c.id == "702.15b/lifelink-to-several-recipients"]
    assert compare.judge(engine, describe(engine), case).status == "passed"


@needs_phase
def test_spells_on_the_stack_observed_and_dealing_damage(engine):
    """CR 112.1, 702.15d: a spell the case declares on the stack is in phase's stack zone, read
    back with its controller; its damage is dealt by a spell of its kind, colours and keywords
    (lifelink in any zone). The two golden cases pass; a spell a move step names is refused."""
    wanted = {"702.15d/lifelink-spell", "112.1/a-source-you-control-includes-your-spells"}
    cases = [c for c in loader.load_suite([loader.golden_dir()]) if c.id in wanted]
    assert {c.id: compare.judge(engine, describe(engine), c).status for c in cases} == dict.fromkeys(wanted, "passed")
    bolt = {"card": {"types": ["instant"], "colors": ["R"], "mana_cost": "{R}"}, "zone": "stack", "owner": "Blair"}
    observed = make_case({"bolt": bolt, "bear": creature(2, 2)},
                         [{"damage": {"source": "bolt", "to": "bear", "amount": 1}},
                          {"expect": {"objects": {"bolt": {"zone": "stack", "controller": "Blair"}}}}], rules=("112.1",))
    snapshot = engine.run(observed.to_dict())[-1]["objects"]
    assert (snapshot["bolt"]["zone"], snapshot["bolt"]["controller"], snapshot["bear"]["damage"]) == ("stack", "Blair", 1)
    moved = make_case({"bolt": bolt}, [{"move": {"object": "bolt", "to": "graveyard"}}], rules=("112.1",))
    with pytest.raises(Unsupported, match="a spell on the stack that a step other than damage names"):
        engine.run(moved.to_dict())


@needs_phase
def test_damage_and_life_changes_in_one_event(engine):
    """CR 704.3: a together step's damage and P/T change on one creature, or one player's life lost
    and gained, is one spell: no state-based action sees the creature with lethal damage or the
    player at 0 (the reference engine's values)."""
    from reference_engine import ReferenceEngine

    cases = [
        make_case({"giant": creature(3, 3), "bear": {**creature(2, 2), "owner": "Blair"}},
                  [{"together": [{"damage": {"source": "giant", "to": "bear", "amount": 2}},
                                 {"modify_pt": {"to": "bear", "toughness": 2}}]},
                   {"expect": {"objects": {"bear": {"zone": "battlefield", "toughness": 4, "damage": 2}}}}],
                  rules=("704.3",)),
        make_case({"giant": creature(3, 3)},
                  [{"together": [{"lose_life": {"player": "Blair", "amount": 2}},
                                 {"gain_life": {"player": "Blair", "amount": 3}}]},
                   {"expect": {"players": {"Blair": {"life": 3, "lost": False}}}}],
                  rules=("704.3",), player_states={"Blair": {"life": 2}}),
    ]
    for case in cases:
        assert compare.judge(engine, describe(engine), case).status == "passed"
        assert compare.judge(ReferenceEngine(), describe(ReferenceEngine()), case).status == "passed"
    two = make_case({"giant": creature(3, 3)}, [{"together": [{"lose_life": {"player": "Blair", "amount": 2}},
                                                              {"gain_life": {"player": "Alex", "amount": 3}}]}],
                    rules=("704.3",))
    with pytest.raises(Unsupported, match="several players"):
        engine.run(two.to_dict())


@needs_phase
def test_a_sorcery_source_of_the_other_player(engine):
    """CR 307.1: the stand-in for a non-active player's sorcery is an instant of its colours where
    nothing tells instants from sorceries, so it is cast and its damage doubled; beside a
    protection from sorceries it stays a sorcery, which cannot be cast: unsupported (found by
    704.3/state-based-actions-between-checkpoints once spells on the stack were placed)."""
    objects = {"s1": {"card": {"types": ["sorcery"], "colors": ["R"]}, "zone": "stack", "owner": "Blair"},
               "c1": creature(0, 1, abilities=[{"double_damage": {}}])}
    steps = [{"damage": {"source": "s1", "to": "Alex", "amount": 2}},
             {"expect": {"objects": {"s1": {"zone": "stack"}}, "players": {"Alex": {"life": 16}}}}]
    assert judged(engine, objects, steps).status == "passed"
    guarded = {**objects, "c2": creature(1, 1, abilities=[{"protection": "sorceries"}])}
    with pytest.raises(Unsupported, match="cannot be cast now"):
        engine.run(make_case(guarded, steps, rules=("307.1",)).to_dict())


# --- combinations of the merged branches refused (s30-players with s30-combat) --------------------


def test_unpreventable_damage_beside_protection_to_several_recipients_is_refused():
    """CR 615.12 with 702.16e: damage that can't be prevented to a creature with protection
    (worded without a target, .protected_recipients) or to one unprotected target is worded; to
    several recipients in a case with protection it is refused. A permanent's own ability dealing
    it to several recipients is worded (phase's reading checked with the card's parse)."""
    from mtg_conformance_phase.damage_sources import recipient_words

    knight = creature(2, 2, abilities=[{"protection": "red"}])
    damage = {"source": "blast", "to": "knight", "amount": 2, "cant_be_prevented": True}
    case = {"objects": {"knight": knight, "bear": creature(2, 2)}, "steps": [{"damage": damage}]}
    assert [s.text for s in unpreventable_sentences(case, damage)] == ["Damage can't be prevented this turn."]
    each = {"source": "blast", "to_each": {"types": ["creature"]}, "amount": 2, "cant_be_prevented": True}
    with pytest.raises(Unsupported, match="several recipients in a case with protection"):
        unpreventable_sentences({**case, "steps": [{"damage": each}]}, each)
    bear = {**damage, "to": "bear"}
    assert [s.text for s in unpreventable_sentences({**case, "steps": [{"damage": bear}]}, bear)] == [
        "Damage can't be prevented this turn."]
    leech = make_case({"leech": creature(1, 1, abilities=[{"keyword": "lifelink"}])},
                      [{"damage": {"source": "leech", "to_each_player": True, "amount": 1}}], rules=("120.3",)).to_dict()
    assert recipient_words(leech, {"source": "leech", "to_each_player": True, "amount": 1,
                                   "cant_be_prevented": True}).words == "each player"


@needs_phase
@pytest.mark.parametrize("unpreventable", [True, False])
def test_unpreventable_damage_from_a_sources_own_ability_to_several_recipients(engine, unpreventable):
    """CR 615.12, 120.3, 702.15b: a lifelink creature's own ability dealing 2 damage to each
    creature, then 1 to each player, through shields on a bear and on Blair (615.7). Unpreventable,
    all of it is dealt: the bear (2/2) dies (704.5g), Blair loses 1, and Alex gains 2 + 2 + 1 + 1.
    Preventable, the shields take the bear's 2 and Blair's 1: the bear lives, Blair keeps 20, and
    Alex gains only what was dealt: 2 (to the knight) + 1 (to Alex) = 3."""
    knight = creature(4, 4, abilities=[{"keyword": "lifelink"}])
    steps = [{"prevent_damage": {"controller": "Blair", "to": "bear"}},
             {"prevent_damage": {"controller": "Blair", "to": "Blair"}},
             {"damage": {"source": "knight", "to_each": {"types": ["creature"]}, "amount": 2,
                         "cant_be_prevented": unpreventable}},
             {"damage": {"source": "knight", "to_each_player": True, "amount": 1, "cant_be_prevented": unpreventable}},
             {"expect": {"objects": {"bear": {"zone": "graveyard" if unpreventable else "battlefield"},
                                     "knight": {"damage": 2}},
                         "players": {"Alex": {"life": 25 if unpreventable else 22},
                                     "Blair": {"life": 19 if unpreventable else 20}}}}]
    outcome = judged(engine, {"knight": knight, "bear": {**creature(2, 2), "owner": "Blair"}}, steps)
    assert outcome.status == "passed", outcome


@needs_phase
@pytest.mark.parametrize("case_id", ["614.9/redirect-to-a-planeswalker", "614.5/torbran-on-a-redirected-event"])
def test_the_golden_cases_of_redirections_pass(engine, case_id):
    """CR 614.9, 120.3c: "... that damage is dealt to target creature or planeswalker instead."
    targeting Alex's planeswalker: the giant's 3 damage to Blair removes 3 loyalty counters. CR
    614.5, 616.1: Blair orders Torbran, then her redirection (phase's anonymous "One-shot damage
    replacement" candidate): 5 to her wall, Torbran not applied again."""
    (case,) = [c for c in loader.load_suite([loader.golden_dir()]) if c.id == case_id]
    assert compare.judge(engine, describe(engine), case).status == "passed"


@needs_phase
def test_known_disagreement_protection_prevents_unpreventable_damage(engine):
    """CR 615.12, 702.16e: the golden case runs, and fails only on the knight's zone: phase's
    protection prevents the damage anyway (adapters/phase/README.md, the reproducer)."""
    (case,) = [c for c in loader.load_suite([loader.golden_dir()])
               if c.id == "615.12/protection-and-damage-that-cant-be-prevented"]
    outcome = compare.judge(engine, describe(engine), case)
    assert outcome.status == "failed"
    assert [(m.object, m.field, m.expected, m.got) for m in outcome.mismatches] == [
        ("knight", "zone", "graveyard", "battlefield")]


@needs_phase
@pytest.mark.parametrize("unpreventable", [True, False])
def test_damage_to_a_protected_creature_is_cast_as_the_case_says(unpreventable):
    """CR 615.12, 702.16b: damage to a creature with protection is worded without a target, and,
    when it can't be prevented, begins with Skullcrack's sentence like any other such damage, its
    restriction ended once it is dealt (.unpreventable). The adapter once cast the damage sentence
    alone there and marked it preventable, so the golden case ran ordinary damage (issue 44)."""
    from mtg_conformance_phase.plan import plan_case

    knight = creature(2, 2, colors=["W"], abilities=[{"protection": "red"}])
    blast = {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack", "owner": "Blair"}
    case = make_case({"knight": knight, "blast": blast},
                     [{"damage": {"source": "blast", "to": "knight", "amount": 2, "cant_be_prevented": unpreventable}},
                      {"expect": {"objects": {"knight": {"zone": "graveyard"}}}}], rules=("615.12",))
    plan = plan_case(case.to_dict())
    (kind, cast), _ = plan.steps
    assert kind == "damage" and cast.only == ("knight", "each creature your opponents control")
    assert cast.unpreventable is unpreventable
    assert plan.cards[cast.spell].face["oracle_text"] == (
        "Damage can't be prevented this turn. " * unpreventable
        + f"{cast.spell} deals 2 damage to each creature your opponents control.")


@needs_phase
def test_unpreventable_damage_in_one_event_and_combat_orders_of_several_affected_are_refused(engine):
    """CR 615.12 inside a together step's one spell (.one_event), and orders of replacement effects
    for several affected objects or players on combat damage (616.1: phase's combat prompts are
    answered for one affected here), are refused."""
    together = make_case({"giant": creature(3, 3), "bear": {**creature(2, 2), "owner": "Blair"}},
                         [{"together": [{"damage": {"source": "giant", "to": "bear", "amount": 2,
                                                    "cant_be_prevented": True}},
                                        {"modify_pt": {"to": "bear", "toughness": 2}}]}], rules=("704.3",))
    with pytest.raises(Unsupported, match="not damage that can't be prevented"):
        engine.run(together.to_dict())
    furnace = {"card": {"types": ["enchantment"], "abilities": [{"double_damage": {"by": {"controller": "you"}}}]}}
    combat = make_case({"furnace": furnace, "giant": creature(3, 3), "ogre": creature(2, 2),
                        "bear": {**creature(2, 2), "owner": "Blair"}},
                       [{"combat": {"attackers": {"giant": "Blair", "ogre": "Blair"}, "blockers": {"bear": "ogre"},
                                    "order": {"Blair": ["furnace"], "bear": ["furnace"]}}}], rules=("616.1",))
    with pytest.raises(Unsupported, match="several affected objects or players in combat"):
        engine.run(combat.to_dict())


@needs_phase
@pytest.mark.parametrize(("ability", "amounts", "bear_damage", "blair_life"), [
    # CR 614.1a: "... to a creature, it deals that much damage plus 1 instead.", "... to a player, it deals double
    # that damage to that player instead.", "... to you, ...": plus 1 to a creature only, doubled to a player only,
    # to its controller (Alex) only
    ({"modify_damage": {"to": {"types": ["creature"]}, "plus": 1}}, (1, 2), 2, 18),
    ({"modify_damage": {"to_player": "any", "times": 2}}, (1, 2), 1, 16),
    ({"modify_damage": {"to_player": "you", "times": 2}}, (1, 2), 1, 18),
    # CR 615.1: "If a source would deal damage to a creature, prevent half that damage, rounded up." (2 of 3
    # prevented), "If a creature would deal damage to a permanent or player, prevent all but 1 of that damage."
    ({"prevent_damage": {"to": {"types": ["creature"]}, "half": "up"}}, (3, 3), 1, 17),
    ({"prevent_damage": {"by": {"types": ["creature"]}, "all_but": 1}}, (3, 3), 1, 19),
])
def test_damage_modifiers_and_partial_prevention_of_creatures_or_players(engine, ability, amounts, bear_damage,
                                                                          blair_life):
    """The modifiers and partial prevention worded for some recipients or sources, in phase's game."""
    objects = {"m1": {"card": {"types": ["enchantment"], "abilities": [ability]}},
               "ogre": creature(3, 3), "bear": {**creature(2, 4), "controller": "Blair"}}
    steps = [{"damage": {"source": "ogre", "to": "bear", "amount": amounts[0]}},
             {"damage": {"source": "ogre", "to": "Blair", "amount": amounts[1]}},
             {"expect": {"objects": {"bear": {"damage": bear_damage}}, "players": {"Blair": {"life": blair_life}}}}]
    outcome = judged(engine, objects, steps)
    assert outcome.status == "passed", outcome


@needs_phase
def test_an_order_on_lifelink_damage_beside_life_gain_replacements(engine):
    """CR 616.1, 702.15b, 614.1a: lifelink damage doubled then half prevented in Blair's scripted
    order, beside one "gain twice that much" permanent: Alex gains 2 in phase's game. Beside two,
    phase was seen to gain no life: refused."""
    gain = {"card": {"types": ["enchantment"], "abilities": [{"double_life_gain": {}}]}}
    objects = {"ogre": creature(3, 3, abilities=[{"keyword": "lifelink"}]),
               "d1": {"card": {"types": ["enchantment"], "abilities": [{"double_damage": {}}]}},
               "h1": {"card": {"types": ["enchantment"], "abilities": [{"prevent_damage": {"half": "up"}}]},
                      "owner": "Blair"}, "g1": gain}
    steps = [{"damage": {"source": "ogre", "to": "Blair", "amount": 1, "order": {"Blair": ["d1", "h1"]}}},
             {"expect": {"players": {"Alex": {"life": 22}, "Blair": {"life": 19}}}}]
    assert judged(engine, objects, steps).status == "passed"
    with pytest.raises(Unsupported, match="several life-gain replacements"):
        engine.run(make_case({**objects, "g2": gain}, steps, rules=("616.1",)).to_dict())


@needs_phase
def test_static_prevention_of_noncreature_permanents(engine):
    """CR 615.1: "Prevent all damage that would be dealt by noncreature permanents." (a ``by``
    filter of battlefield objects that are no creatures): a relic's damage is prevented, a
    creature's and an instant's (no permanent) are dealt."""
    ward = {"card": {"types": ["enchantment"], "abilities": [{"prevent_damage": {"by": {"not_types": ["creature"]}}}]}}
    relic = {"card": {"types": ["artifact"]}, "owner": "Blair"}
    bolt = {"card": {"types": ["instant"], "colors": ["R"]}, "zone": "stack", "owner": "Blair"}
    steps = [{"damage": {"source": "relic", "to": "Alex", "amount": 2}},
             {"damage": {"source": "ogre", "to": "Alex", "amount": 3}},
             {"damage": {"source": "bolt", "to": "Alex", "amount": 1}},
             {"expect": {"players": {"Alex": {"life": 16}}}}]
    outcome = judged(engine, {"ward": ward, "ogre": {**creature(3, 3), "controller": "Blair"}, "relic": relic,
                              "bolt": bolt}, steps)
    assert outcome.status == "passed", outcome


def test_a_group_of_one_creature_type():
    """CR 205.3m: "each Wall creature" / "Wall creatures your opponents control" (phase: a Creature
    type filter with that Subtype); with a colour or another card type it stays unworded."""
    from mtg_conformance_phase.wording import group

    walls = group({"types": ["creature"], "subtypes": ["Wall"]}, you="Alex", players=("Alex", "Blair"), static=False)
    assert walls.each == "each Wall creature"
    assert walls.filter["type_filters"] == ["Creature", {"Subtype": "Wall"}]
    theirs = group({"types": ["creature"], "subtypes": ["Wall"], "controller": "opponent"}, you="Alex",
                   players=("Alex", "Blair"), static=True)
    assert theirs.noun == "Wall creatures your opponents control" and theirs.controller == "Opponent"
    for flt in ({"types": ["artifact"], "subtypes": ["Equipment"]}, {"types": ["creature"], "subtypes": ["Wall", "Elf"]},
                {"types": ["creature"], "subtypes": ["Wall"], "colors": ["W"]}):
        with pytest.raises(Unsupported, match="no Oracle template"):
            group(flt, you="Alex", players=("Alex", "Blair"), static=False)


@needs_phase
def test_the_golden_case_of_two_orders_on_walls_passes(engine):
    """CR 616.1, 614.5: a red sorcery's damage "to each Wall creature", doubled and plus two in
    each wall's own order: 6 and 8."""
    (case,) = [c for c in loader.load_suite([loader.golden_dir()]) if c.id == "616.1/doubling-and-plus-two-on-a-creature"]
    assert compare.judge(engine, describe(engine), case).status == "passed"


def test_an_order_names_an_object_whose_other_abilities_are_combat_keywords():
    """CR 616.1: a creature with menace or a triggered ability (no replacement effect) and a doubler
    is ordered by its object, as one with the doubler alone; beside lifelink it stays refused."""
    from mtg_conformance_phase.damage_sources import damage_order

    doubler = {"double_damage": {}}
    case = {"objects": {"c1": creature(2, 2, abilities=[{"keyword": "menace"}, doubler]),
                        "d2": {"card": {"types": ["enchantment"], "abilities": [doubler]}}}, "steps": []}
    body = {"source": "c1", "to": "Blair", "amount": 1, "order": {"Blair": ["c1", "d2"]}}
    assert damage_order(case, body, {}) == ("c1", "d2")
    watcher = {"triggered": {"name": "t", "when": "w", "event": {"gains_life": "you"}, "effect": {"gain_life": {"amount": 1}}}}
    case["objects"]["c1"] = creature(2, 2, abilities=[watcher, doubler])  # a triggered ability neither (CR 603.1)
    assert damage_order(case, body, {}) == ("c1", "d2")
    case["objects"]["c1"] = creature(2, 2, abilities=[{"keyword": "lifelink"}, doubler])
    with pytest.raises(Unsupported, match="only objects with a damage doubler"):
        damage_order(case, body, {})


@needs_phase
def test_counters_removed_for_each_damage_prevented(engine):
    """CR 615.5: "prevent that damage and remove that many +1/+1 counters from it" stands for "...
    for each 1 damage prevented this way" where no damage can't be prevented (all of it is
    prevented: one number); beside damage that can't be prevented (615.12) it is refused."""
    hydra = {**creature(0, 0, abilities=[{"prevent_damage": {"to": {"itself": True},
                                                              "then": {"remove_counters": "+1/+1"}}}]),
             "counters": {"+1/+1": 3}}
    steps = [{"damage": {"source": "ogre", "to": "hydra", "amount": 2}},
             {"expect": {"objects": {"hydra": {"damage": 0, "counters": {"+1/+1": 1}}}}}]
    assert judged(engine, {"hydra": hydra, "ogre": creature(3, 3)}, steps).status == "passed"
    unpreventable = [{"damage": {"source": "ogre", "to": "hydra", "amount": 2, "cant_be_prevented": True}}]
    with pytest.raises(Unsupported, match="additional effect"):
        engine.run(make_case({"hydra": hydra, "ogre": creature(3, 3)}, unpreventable, rules=("615.12",)).to_dict())


@needs_phase
def test_damage_to_a_creature_redirected_to_its_controller(engine):
    """CR 614.9: Blair's "The next time a source of your choice would deal damage to target
    creature this turn, that damage is dealt to you instead." on her wall: the giant's 3 damage is
    dealt to Blair, none to the wall."""
    objects = {"giant": creature(3, 3), "wall": {**creature(0, 5), "controller": "Blair"}}
    steps = [{"redirect_damage": {"id": "shelter", "controller": "Blair", "to": "wall", "instead_to": "Blair"}},
             {"damage": {"source": "giant", "to": "wall", "amount": 3}},
             {"expect": {"objects": {"wall": {"damage": 0}}, "players": {"Blair": {"life": 17}}}}]
    outcome = judged(engine, objects, steps)
    assert outcome.status == "passed", outcome
