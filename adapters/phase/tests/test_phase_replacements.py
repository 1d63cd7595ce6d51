"""The phase adapter's counter replacements (CR 614.1a, 614.16), damage doublers (701.10g) with
damage from the scenario's own source, and the affected player's order of replacement effects
(616.1), realised through phase's own replacement pipeline (adapters/phase/README.md).

The wording is checked without phase; the rest needs phase-python."""

from __future__ import annotations

import phase_support  # noqa: F401  (first: this module is skipped when the adapter is not installed)

import pytest

from mtg_conformance_phase.counters import counter_replacement_sentence, put_counters_sentence
from mtg_conformance_phase.damage_sources import double_damage_sentence
from conformance.engines.interface import describe
from conformance.errors import Unsupported
from conformance.results import compare
from tests.scenarios import creature, make_case

from phase_support import engine, needs_phase

SEASON = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {"on": {"controller": "you"}}}]}}
SCALES = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {
    "mode": "plus", "kind": "+1/+1", "on": {"controller": "you", "types": ["creature"]}}}]}}


def test_counter_replacement_wording():
    assert counter_replacement_sentence("s", {"on": {"controller": "you"}}).text == (
        "If an effect would put one or more counters on a permanent you control, it puts twice that many of those "
        "counters on that permanent instead.")  # Doubling Season
    assert counter_replacement_sentence("s", {"mode": "plus", "kind": "+1/+1", "on": {
        "controller": "you", "types": ["creature"]}}).text == (
        "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters "
        "are put on it instead.")  # Hardened Scales
    assert "twice that many +1/+1 counters" in counter_replacement_sentence("m", {"kind": "+1/+1", "on": {
        "controller": "you", "types": ["creature"]}}).text  # Corpsejack Menace
    assert counter_replacement_sentence("v", {"by_you": True, "effects_only": False}).text.startswith(
        "If you would put one or more counters on a permanent or player")  # Vorinclex
    # Winding Constrictor's wording for "that many plus N" of any kind; no filter: "a permanent"
    assert counter_replacement_sentence("w", {"mode": "plus", "on": {"controller": "you", "types": ["creature"]}}).text \
        == ("If one or more counters would be put on a creature you control, that many plus one of each of those kinds "
            "of counters are put on that permanent instead.")
    assert counter_replacement_sentence("w", {"mode": "plus", "amount": 2}).text.startswith(
        "If one or more counters would be put on a permanent, that many plus two of each")
    assert counter_replacement_sentence("s", {}).text.startswith(
        "If an effect would put one or more counters on a permanent, it puts twice")
    # "that many plus N" in Vorinclex's frame, and of effects only (a loyalty cost beside it is refused, .plan)
    assert counter_replacement_sentence("v", {"by_you": True, "mode": "plus"}).text == (
        "If you would put one or more counters on a permanent or player, put that many plus one of each of those kinds "
        "of counters on that permanent or player instead.")
    assert counter_replacement_sentence("v", {"by_you": True}).text.startswith("If you would put")
    for body in ({"on": {"controller": "opponent"}}, {"mode": "plus", "by_you": True, "kind": "+1/+1"},
                 {"on": {"controller": "you", "types": ["land"]}},
                 {"by_you": True, "effects_only": False, "on": {"controller": "you", "types": ["creature"]}}):
        with pytest.raises(Unsupported):
            counter_replacement_sentence("x", body)
    assert put_counters_sentence({"count": 3, "kind": "+1/+1"}).text == "Put three +1/+1 counters on target permanent."
    assert put_counters_sentence({"count": 1, "kind": "charge"}).text == "Put a charge counter on target permanent."


def test_damage_doubler_wording():
    tail = " would deal damage to a permanent or player, it deals double that damage to that permanent or player instead."
    assert double_damage_sentence("f", {}).text == "If a source" + tail  # Furnace of Rath
    assert double_damage_sentence("f", {"by": {"controller": "you"}}).text == "If a permanent you control" + tail
    assert double_damage_sentence("f", {"by": {"zone": ["battlefield", "stack"], "controller": "you"}}).text == \
        "If a source you control" + tail
    assert double_damage_sentence("f", {"by": {"types": ["creature"], "controller": "you"}}).text == \
        "If a creature you control" + tail
    assert double_damage_sentence("f", {"by": {"zone": "stack", "types": ["instant"], "controller": "you"}}).text == \
        "If an instant spell you control" + tail
    for by in ({"colors": ["R"], "controller": "you"}, {"controller": "opponent"}, {"zone": "graveyard", "controller": "you"}):
        with pytest.raises(Unsupported):
            double_damage_sentence("f", {"by": by})


def judged(engine, objects, steps, rules=("614.1a",)):
    return compare.judge(engine, describe(engine), make_case(objects, steps, rules=rules))


def final(engine, objects, steps, rules=("614.1a",)):
    return engine.run(make_case(objects, steps, rules=rules).to_dict())[-1]


@needs_phase
def test_the_scripted_order_is_the_one_phase_applies(engine):
    """Scales then Season: (1+1)×2 = 4; Season then Scales: 1×2+1 = 3 (CR 616.1): phase's prompt is
    answered with the case's order, so the two orders give different counts."""
    objects = {"scales": SCALES, "season": SEASON, "bear": creature(2, 2)}
    got = []
    for order in (["scales", "season"], ["season", "scales"]):
        steps = [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1, "order": order}},
                 {"expect": {"objects": {"bear": {"counters": {}}}}}]
        got.append(final(engine, objects, steps)["objects"]["bear"]["counters"])
    assert got == [{"+1/+1": 4}, {"+1/+1": 3}]


@needs_phase
def test_an_order_that_matters_but_is_not_scripted_is_unsupported(engine):
    objects = {"scales": SCALES, "season": SEASON, "bear": creature(2, 2)}
    result = judged(engine, objects, [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1}},
                                      {"expect": {"objects": {"bear": {"counters": {"+1/+1": 4}}}}}])
    assert result.status == "unsupported"
    assert "616.1" in result.reason


@needs_phase
def test_counters_without_replacements_keep_the_debug_action_and_with_them_a_real_spell(engine):
    """Without a counter replacement nothing distinguishes the two; with Season the counters are put
    by a resolving spell, so the replacement applies, also to a noncreature permanent."""
    objects = {"season": SEASON, "relic": {"card": {"types": ["artifact"]}}}
    steps = [{"put_counters": {"object": "relic", "kind": "charge", "count": 2}},
             {"expect": {"objects": {"relic": {"counters": {}}}}}]
    assert final(engine, objects, steps)["objects"]["relic"]["counters"] == {"charge": 4}
    assert final(engine, {"relic": objects["relic"]}, steps)["objects"]["relic"]["counters"] == {"charge": 2}


@needs_phase
def test_the_damage_comes_from_the_creature_itself(engine):
    """A doubler for creatures Alex controls doubles her 2/2's damage (dealt by the 2/2's own
    ability, CR 113.7), not a spell's: a stand-in spell would not be a creature."""
    doubler = {"card": {"types": ["enchantment"], "abilities": [
        {"double_damage": {"by": {"types": ["creature"], "controller": "you"}}}]}}
    objects = {"doubler": doubler, "bear": creature(2, 2), "wall": {**creature(0, 10), "owner": "Blair"}}
    steps = [{"damage": {"source": "bear", "to": "wall", "amount": 2}}, {"damage": {"source": "bear", "to": "Blair",
                                                                                   "amount": 3}},
             {"expect": {"objects": {"wall": {"damage": 4}}, "players": {"Blair": {"life": 14}}}}]
    result = judged(engine, objects, steps, rules=("701.10g",))
    assert result.status == "passed", result


@needs_phase
def test_damage_from_a_source_that_left_the_battlefield_is_unsupported(engine):
    doubler = {"card": {"types": ["enchantment"], "abilities": [{"double_damage": {}}]}}
    objects = {"doubler": doubler, "bear": creature(2, 2)}
    steps = [{"move": {"object": "bear", "to": "graveyard"}}, {"damage": {"source": "bear", "to": "Blair", "amount": 2}},
             {"expect": {"players": {"Blair": {"life": 16}}}}]
    result = judged(engine, objects, steps, rules=("701.10g",))
    assert result.status == "unsupported"
    assert "not on the battlefield" in result.reason


def test_token_and_ability_wording():
    from mtg_conformance_phase.changes import ability_parts, become_sentences
    from mtg_conformance_phase.tokens import create_token_sentence, token_replacement_sentence

    assert create_token_sentence({"count": 2, "card": {"types": ["creature"], "subtypes": ["Soldier"], "colors": ["W"],
                                                       "power": 1, "toughness": 1}}).text == \
        "Create two 1/1 white Soldier creature tokens."
    assert create_token_sentence({"card": {"types": ["artifact"], "subtypes": ["Treasure"]}}).text == \
        "Create a colorless Treasure artifact token."
    for body in ({"copy_of": "bear"}, {"card": {"types": ["creature"], "power": 1, "toughness": 1,
                                                "abilities": [{"keyword": "flying"}]}}, {"card": {"types": ["planeswalker"]}}):
        with pytest.raises(Unsupported):
            create_token_sentence(body)
    assert token_replacement_sentence("l", {}).text.startswith("If an effect would create one or more tokens under your")
    assert token_replacement_sentence("v", {"under": "any"}).text.startswith("If one or more tokens would be created,")
    with pytest.raises(Unsupported, match="unimplemented"):
        token_replacement_sentence("m", {"mode": "plus"})
    treasure = {"create_token": {"tokens": ["t1"], "card": {"types": ["artifact"], "subtypes": ["Treasure"]}}}
    assert token_replacement_sentence("m", {"mode": "plus"}, {"steps": [treasure]}).text == (
        "If you would create one or more Treasure tokens, instead create those tokens plus an additional Treasure "
        "token.")  # Xorn's: one more of those tokens where they are all plain Treasures (CR 111.10a)
    soldier = {"create_token": {"tokens": ["t2"], "card": {"types": ["creature"], "power": 1, "toughness": 1}}}
    observed = {"expect": {"objects": {"t1": {"abilities": []}}}}
    for steps, body in (([treasure, soldier], {"mode": "plus"}), ([treasure], {"mode": "plus", "amount": 2}),
                        ([treasure, observed], {"mode": "plus"})):
        with pytest.raises(Unsupported, match="unimplemented"):
            token_replacement_sentence("m", body, {"steps": steps})
    assert [p[0] for p in ability_parts({"loses_all_abilities": True})] == ["loses all abilities"]
    assert [s.text for s in become_sentences({"gains": [{"keyword": "flying"}]}, "target", None)] == \
        ["Target permanent gains flying until end of turn."]
    for change in ({"gains": [{"keyword": "changeling"}]}, {"loses_all_abilities": True, "gains": [{"keyword": "flying"}]}):
        with pytest.raises(Unsupported):
            ability_parts(change)


@needs_phase
def test_tokens_are_named_in_creation_order_and_cease_to_exist(engine):
    lives = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {}}]}}
    steps = [{"create_token": {"tokens": ["a", "b", "c"], "card": {"types": ["creature"], "power": 1, "toughness": 1}}},
             {"modify_pt": {"to": "b", "power": 2}},
             {"expect": {"objects": {"a": {"power": 1}, "b": {"power": 3}, "c": {"zone": None}}}},
             {"move": {"object": "a", "to": "graveyard"}},
             {"expect": {"objects": {"a": {"zone": None}, "b": {"zone": "battlefield"}}}}]
    assert judged(engine, {"lives": lives}, steps, rules=("111.1",)).status == "passed"
    # CR 111.4: no name and no subtype given: named "Token", as phase names it (with a subtype phase
    # differs: adapters/phase/tests/test_phase_refusals.py::test_token_names_are_observed_and_phase_disagrees_with_111_4)
    named = judged(engine, {"lives": lives}, [steps[0], {"expect": {"objects": {"a": {"name": "Token"}}}}], rules=("111.4",))
    assert named.status == "passed", named


@needs_phase
def test_planeswalkers_declared_with_their_loyalty_and_moved_ones_entering_with_it(engine):
    seer = {"card": {"name": "Seer", "types": ["planeswalker"], "loyalty": 5}}
    done = final(engine, {"seer": seer, "sage": {**seer, "counters": {"loyalty": 2}}},
                 [{"expect": {"objects": {"seer": {}, "sage": {}}}}], rules=("306.5b",))
    assert (done["objects"]["seer"]["counters"], done["objects"]["sage"]["counters"]) == ({"loyalty": 5}, {"loyalty": 2})
    # CR 306.5b: moved onto the battlefield, it enters with its printed loyalty, by its intrinsic
    # "enters with" ability written as such (phase's debug move gives none on its own)
    moved = final(engine, {"seer": {**seer, "zone": "hand"}}, [{"move": {"object": "seer", "to": "battlefield"}},
                                                              {"expect": {"objects": {"seer": {}}}}], rules=("306.5b",))
    assert (moved["objects"]["seer"]["zone"], moved["objects"]["seer"]["counters"]) == ("battlefield", {"loyalty": 5})


@needs_phase
def test_a_source_that_lost_its_abilities_is_unsupported_not_errored(engine):
    """The printed damage ability is the adapter's stand-in: once the source loses all abilities
    (CR 613.1f) it is gone, so the damage cannot be realised."""
    doubler = {"card": {"types": ["enchantment"], "abilities": [{"double_damage": {}}]}}
    steps = [{"become": {"to": "bear", "loses_all_abilities": True}}, {"damage": {"source": "bear", "to": "Blair",
                                                                                 "amount": 2}},
             {"expect": {"players": {"Blair": {"life": 16}}}}]
    result = judged(engine, {"doubler": doubler, "bear": creature(2, 2)}, steps, rules=("701.10g",))
    assert result.status == "unsupported" and "lost abilities" in result.reason


@needs_phase
def test_xorns_treasure_beside_parallel_lives(engine):
    """CR 616.1, 614.1a: "plus one" Treasure as Xorn's wording beside Parallel Lives: the order
    phase always applies (plus one first: 4) passes; the other (3) is the CR 616.1 disagreement
    (phase asks nobody, adapters/phase/README.md and its reproducer)."""
    from conformance.engines.interface import describe
    from conformance.format import loader
    from conformance.results import compare

    cases = {c.id: c for c in loader.load_suite([loader.golden_dir()]) if c.id.startswith("616.1/token-")}
    assert compare.judge(engine, describe(engine), cases["616.1/token-plus-one-then-double"]).status == "passed"
    failed = compare.judge(engine, describe(engine), cases["616.1/token-double-then-plus-one"])
    assert [(m.object, m.field, m.expected, m.got) for m in failed.mismatches] == [("t4", "zone", None, "battlefield")]


CONSTRICTOR = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {
    "mode": "plus", "on": {"controller": "you", "types": ["creature"]}}}]}}


@needs_phase
def test_winding_constrictors_plus_one_of_any_kind_in_either_order(engine):
    """CR 614.1a, 616.1: "that many plus one of each of those kinds" (Winding Constrictor's wording)
    adds to charge counters too, only on creatures its controller controls, and the scripted order
    against Doubling Season is the one phase applies: plus first (1+1)×2 = 4, doubling first 1×2+1 = 3."""
    objects = {"constrictor": CONSTRICTOR, "season": SEASON, "bear": creature(2, 2),
               "relic": {"card": {"types": ["artifact"]}}}
    got = []
    for order in (["constrictor", "season"], ["season", "constrictor"]):
        steps = [{"put_counters": {"object": "bear", "kind": "charge", "count": 1, "order": order}},
                 {"put_counters": {"object": "relic", "kind": "charge", "count": 1, "order": order}},
                 {"expect": {"objects": {"bear": {"counters": {}}, "relic": {"counters": {}}}}}]
        done = final(engine, objects, steps)["objects"]
        got.append((done["bear"]["counters"], done["relic"]["counters"]))
    assert got == [({"charge": 4}, {"charge": 2}), ({"charge": 3}, {"charge": 2})]


@needs_phase
def test_a_counter_replacement_with_no_filter_covers_every_permanent(engine):
    """CR 614.1a: with no filter, Alex's doubler and plus one apply to Blair's creature too, its
    counters put by Blair's effect (Blair orders them, 616.1)."""
    anyone = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {}}]}}
    plus = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {"mode": "plus"}}]}}
    objects = {"anyone": anyone, "plus": plus, "ogre": {**creature(2, 2), "owner": "Blair"}}
    steps = [{"put_counters": {"object": "ogre", "kind": "+1/+1", "count": 2, "order": ["plus", "anyone"]}},
             {"expect": {"objects": {"ogre": {"counters": {"+1/+1": 6}}}}}]
    result = judged(engine, objects, steps)
    assert result.status == "passed", result


@needs_phase
def test_an_order_skips_objects_with_no_replacement_for_the_event(engine):
    """CR 616.1: an order naming Parallel Lives and a "plus one" token replacement (Xorn's wording:
    the case creates no token, so neither applies to anything) beside counter replacements is the
    order of the counter replacements alone; the token replacement is reported as the case's."""
    maker = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {"mode": "plus"}}]}}
    lives = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {}}]}}
    objects = {"maker": maker, "lives": lives, "scales": SCALES, "season": SEASON, "bear": creature(2, 2)}
    steps = [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 1,
                               "order": ["maker", "scales", "lives", "season"]}},
             {"expect": {"objects": {"bear": {"counters": {"+1/+1": 4}},
                                     "maker": {"abilities": [{"token_replacement": {"mode": "plus"}}]}}}}]
    result = judged(engine, objects, steps)
    assert result.status == "passed", result
    # with a token created, "that many plus one" of Soldiers has no wording phase reads
    steps.insert(0, {"create_token": {"tokens": ["t1", "t2", "t3"], "card": {
        "types": ["creature"], "subtypes": ["Soldier"], "power": 1, "toughness": 1}}})
    refused = judged(engine, objects, steps)
    assert refused.status == "unsupported" and "plus N" in refused.reason


@needs_phase
def test_if_you_would_put_that_many_plus_one(engine):
    """CR 614.1a, 122.6a: Alex's "if you would put ... that many plus one" adds to the counters her
    effect puts on Blair's creature, not to those Blair's effect puts on hers."""
    plus = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {"mode": "plus", "by_you": True}}]}}
    objects = {"plus": plus, "bear": creature(2, 2), "ogre": {**creature(2, 2), "owner": "Blair"}}
    steps = [{"put_counters": {"object": "ogre", "kind": "+1/+1", "count": 2, "controller": "Alex"}},
             {"put_counters": {"object": "bear", "kind": "+1/+1", "count": 2, "controller": "Blair"}},
             {"expect": {"objects": {"ogre": {"counters": {"+1/+1": 3}}, "bear": {"counters": {"+1/+1": 2}}}}}]
    result = judged(engine, objects, steps, rules=("614.1a", "122.6a"))
    assert result.status == "passed", result


@needs_phase
def test_plus_one_token_as_peregrin_tooks_wording(engine):
    """CR 614.1a: Blair's "plus one" of any player's tokens, written as Peregrin Took's "those tokens
    plus an additional 1/1 white Soldier creature token" where every token the case creates is such
    a token: one more, under Alex's control. Two at once: phase adds two, the CR 614.1a disagreement
    (adapters/phase/README.md, its reproducer). Beside Parallel Lives: refused (phase would not ask the
    order, 616.1)."""
    maker = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {"mode": "plus", "under": "any"}}]},
             "owner": "Blair"}
    soldier = {"types": ["creature"], "subtypes": ["Soldier"], "colors": ["W"], "power": 1, "toughness": 1}
    steps = [{"create_token": {"tokens": ["t1", "t2", "t3"], "controller": "Alex", "card": soldier}},
             {"expect": {"objects": {"t1": {"controller": "Alex", "power": 1}, "t2": {"controller": "Alex", "power": 1},
                                     "t3": {"zone": None}}}}]
    result = judged(engine, {"maker": maker}, steps, rules=("614.1a",))
    assert result.status == "passed", result
    two = judged(engine, {"maker": maker}, [{"create_token": {"tokens": ["t1", "t2", "t3", "t4"], "count": 2,
                                                              "controller": "Alex", "card": soldier}},
                                          {"expect": {"objects": {"t3": {"zone": "battlefield"}, "t4": {"zone": None}}}}],
                 rules=("614.1a",))
    assert [(m.object, m.field, m.expected, m.got) for m in two.mismatches] == [("t4", "zone", None, "battlefield")]
    lives = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {}}]}}
    step = {"create_token": {**steps[0]["create_token"], "order": ["maker", "lives"]}}
    refused = judged(engine, {"maker": maker, "lives": lives}, [step, steps[1]], rules=("614.1a",))
    assert refused.status == "unsupported" and "616.1" in refused.reason


@needs_phase
def test_a_token_order_skips_objects_with_no_token_replacement(engine):
    """CR 616.1: an order naming Hardened Scales beside Parallel Lives on tokens created is Parallel
    Lives' alone."""
    lives = {"card": {"types": ["enchantment"], "abilities": [{"token_replacement": {}}]}}
    steps = [{"create_token": {"tokens": ["t1", "t2", "t3"], "card": {"types": ["creature"], "power": 1, "toughness": 1},
                               "order": ["scales", "lives"]}},
             {"expect": {"objects": {"t2": {"zone": "battlefield"}, "t3": {"zone": None}}}}]
    result = judged(engine, {"scales": SCALES, "lives": lives}, steps, rules=("614.1a",))
    assert result.status == "passed", result


@needs_phase
def test_a_creature_entering_with_its_counters_halved_away_dies(engine):
    """CR 614.1a, 122.6a, 704.5f: Blair's Vorinclex halves the one counter Alex's 0/0 enters with
    to none; phase puts it onto the battlefield, then into the graveyard (it was an adapter fault)."""
    vorinclex = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {
        "mode": "half", "by_opponent": True, "effects_only": False}}]}, "owner": "Blair"}
    hydra = {"card": {"types": ["creature"], "power": 0, "toughness": 0,
                      "abilities": [{"enters_with_counters": {"+1/+1": 1}}]}, "zone": "hand"}
    steps = [{"move": {"object": "hydra", "to": "battlefield"}},
             {"expect": {"objects": {"hydra": {"zone": "graveyard", "counters": {}}}}}]
    result = judged(engine, {"vorinclex": vorinclex, "hydra": hydra}, steps, rules=("614.1a", "704.5f"))
    assert result.status == "passed", result


@needs_phase
def test_vorinclexs_halving_of_effects_only(engine):
    """CR 614.1a, 606.4: Blair's halving of effects only is Vorinclex's wording: Alex's effect puts
    3 counters, 1 is put; a loyalty cost of Alex's beside it is refused (the words say no "an
    effect")."""
    halving = {"card": {"types": ["enchantment"], "abilities": [{"counter_replacement": {
        "mode": "half", "by_opponent": True}}]}, "owner": "Blair"}
    objects = {"halving": halving, "bear": creature(2, 2)}
    steps = [{"put_counters": {"object": "bear", "kind": "+1/+1", "count": 3}},
             {"expect": {"objects": {"bear": {"counters": {"+1/+1": 1}}}}}]
    assert judged(engine, objects, steps).status == "passed"
    walker = {"card": {"types": ["planeswalker"], "loyalty": 3, "abilities": [{"loyalty_ability": {"name": "up", "cost": 1}}]},
              "counters": {"loyalty": 3}}
    refused = judged(engine, {**objects, "walker": walker}, [{"activate": {"object": "walker", "ability": "up"}},
                                                             {"expect": {"objects": {"walker": {"counters": {"loyalty": 4}}}}}],
                     rules=("606.4",))
    assert refused.status == "unsupported" and "606.4" in refused.reason
