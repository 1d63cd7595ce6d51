"""The strategies: valid scenarios, feature filters, edges reached, good shrinking, checked arguments."""

from __future__ import annotations

import doctest
import json
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import strategies as mtg
from conformance.format import features as vocabulary
from conformance.format import loader, model as scenario
from reference_engine import ReferenceEngine

ROOT = Path(__file__).resolve().parent.parent
FAST = settings(max_examples=60, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FIND = settings(max_examples=1000, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def as_case_file(case: scenario.Case) -> str:
    plain = case.to_dict()
    return json.dumps({"format": 1, "cr": plain.pop("cr"),
                       "cases": [{k: v for k, v in plain.items() if k != "features"}]})


@FAST
@given(mtg.scenarios())
def test_every_generated_scenario_is_a_valid_case_file(case):
    (loaded,) = loader.load_text(as_case_file(case), "generated.json")
    assert loaded == case


@FAST
@given(mtg.scenarios())
def test_every_generated_scenario_runs_on_the_reference_engine(case):
    snapshots = ReferenceEngine().run(case.to_dict())
    assert len(snapshots) == len(case.checkpoints)


SUBSETS = [["layer-7c"], ["layer-7b", "layer-7d"], ["layer-7c", "double-pt", "counters"],
           ["layer-7d", "zone-changes", "durations"], ["layer-7a", "layer-7c", "static-abilities"]]


@pytest.mark.parametrize("allowed", SUBSETS, ids="+".join)
def test_features_limit_what_is_generated(allowed):
    @FAST
    @given(mtg.scenarios(features=allowed))
    def check(case):
        assert case.features <= set(allowed)
    check()


@pytest.mark.parametrize("name,predicate", [
    ("doubling after a switch", lambda c: _after(c, scenario.SwitchPT, scenario.DoublePT)),
    ("tripling after a switch", lambda c: _after(c, scenario.SwitchPT, scenario.TriplePT)),
    ("a chain of three switches", lambda c: sum(isinstance(s, scenario.SwitchPT) for s in _actions(c)) >= 3),
    ("a negative modification", lambda c: any(isinstance(s, scenario.ModifyPT) and s.power < 0 for s in _actions(c))),
    ("printed toughness 0", lambda c: any(o.card.toughness == 0 for o in c.objects)),
    ("a */* creature", lambda c: any(isinstance(a, scenario.CdaPT) for o in c.objects for a in o.card.abilities)),
    ("an anthem", lambda c: any(isinstance(a, scenario.StaticPT) for o in c.objects for a in o.card.abilities)),
    ("a creature starting in a graveyard", lambda c: any(o.zone == "graveyard" for o in c.objects)),
    ("an effect ended by name", lambda c: any(isinstance(s, scenario.EndEffect) for s in _actions(c))),
    ("several actions in one event", lambda c: any(isinstance(s, scenario.Together) for s in c.steps)),
    ("an effect on every creature", lambda c: any(getattr(s, "to_each", None) for s in _actions(c))),
    ("counters of both kinds", lambda c: {"+1/+1", "-1/-1"} <= {s.kind for s in _actions(c) if isinstance(s, scenario.PutCounters)}),
    ("an opponent's creature", lambda c: any(o.owner == "Blair" for o in c.objects)),
    ("a static set effect entering after a set effect", lambda c: _enters_after_a_set(c)),
])
def test_generation_reaches_the_edges(name, predicate, sample):
    hits = sum(1 for case in sample if predicate(case))
    assert hits > 0, f"none of {len(sample)} generated scenarios has {name}"


@pytest.fixture(scope="module")
def sample():
    """A fixed sample of generated scenarios (derandomized, so the same every run)."""
    cases = []

    @settings(max_examples=400, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(mtg.scenarios())
    def collect(case):
        cases.append(case)
    collect()
    return cases


def test_examples_shrink_to_one_object_and_few_steps():
    found = find(mtg.scenarios(), lambda c: _after(c, scenario.SwitchPT, scenario.DoublePT), settings=FIND)
    assert len(found.objects) == 1
    assert len([s for s in _actions(found) if s.KEY != "expect"]) <= 4


def _enters_after_a_set(case: scenario.Case) -> bool:
    """613.7a, 613.7d: a permanent with a static set effect, off the battlefield as the case starts,
    put onto it after a set effect resolved."""
    static = {o.id for o in case.objects if o.zone != "battlefield"
              and any(isinstance(a, scenario.StaticPT) and a.effect == "set_pt" for a in o.card.abilities)}
    actions = list(_actions(case))
    return any(isinstance(s, scenario.Move) and s.object in static and s.to == "battlefield"
               and any(isinstance(t, scenario.SetPT) for t in actions[:i]) for i, s in enumerate(actions))


def test_a_static_set_effect_later_than_a_resolved_one_shrinks_to_a_creature_and_its_permanent():
    """613.7a, 613.7d, 613.4b: the smallest scenario where a static set effect applies after a
    resolved one (issue 39: layer7/static-and-resolved-set-static-later) is one creature set to
    some P/T, then the permanent with the static ability entering, a checkpoint after each."""
    from conformance.laws.interactions import met_by

    found = find(mtg.scenarios(), lambda c: "layer7/static-and-resolved-set-static-later" in met_by(c), settings=FIND)
    assert [o.id for o in found.objects] == ["c1", "a2"]
    assert [s.KEY for s in found.steps] == ["set_pt", "expect", "move", "expect"]


def test_examples_shrink_to_small_numbers():
    found = find(mtg.scenarios(), lambda c: any(isinstance(s, scenario.ModifyPT) and s.power < 0 for s in _actions(c)),
                 settings=FIND)
    negative = [s for s in _actions(found) if isinstance(s, scenario.ModifyPT) and s.power < 0]
    assert [(s.power, s.toughness) for s in negative] == [(-1, 0)]
    assert len(found.objects) == 1


@pytest.mark.parametrize("call,message", [
    (lambda: mtg.scenarios(max_objects=0), "Cannot have max_objects=0 < min_objects=1"),
    (lambda: mtg.scenarios(min_objects=0, max_objects=0), "Invalid argument min_objects=0: must be at least 1"),
    (lambda: mtg.scenarios(min_steps=3, max_steps=1), "Cannot have max_steps=1 < min_steps=3"),
    (lambda: mtg.scenarios(max_steps="10"), "Expected int but got max_steps='10'"),
    (lambda: mtg.scenarios(features="layer-7c"), "is a string; pass a collection, such as ['layer-7c']"),
    (lambda: mtg.scenarios(features=["x"]), "Unknown features ['x']"),
    (lambda: mtg.scenarios(features=["zone-changes"]), "allow no power/toughness effect"),
    (lambda: mtg.scenarios(checkpoints="all"), "checkpoints='all': expected one of 'each', 'sparse', 'end'"),
    (lambda: mtg.pt_amounts(min_value=2, max_value=1), "Cannot have max_value=1 < min_value=2"),
    (lambda: mtg.boards(max_objects=True), "Expected int but got max_objects=True"),
    (lambda: mtg.anthem_objects(features=["counters"]), "an anthem needs layer-7b, layer-7c or layer-7d"),
    (lambda: mtg.action_steps([]), "needs at least one object id"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_bad_arguments_fail_at_once_naming_the_argument(call, message):
    with pytest.raises(InvalidArgument) as excinfo:
        call()
    assert message in str(excinfo.value)


def test_reprs_are_the_calls():
    assert repr(mtg.scenarios()) == "scenarios()"
    assert repr(mtg.scenarios(max_objects=2, checkpoints="end")) == "scenarios(max_objects=2, checkpoints='end')"
    assert repr(mtg.boards(features=["layer-7c"])) == "boards(features=['layer-7c'])"
    assert repr(mtg.creature_objects()) == "creature_objects()"


def test_public_names_are_exported_and_documented():
    public = {name for name in dir(mtg) if not name.startswith(("_", "@"))} - {"annotations"}
    assert set(mtg.__all__) == public
    for name in mtg.__all__:
        obj = getattr(mtg, name)
        if callable(obj):
            assert obj.__doc__ and obj.__doc__.strip(), f"{name} has no docstring"
            assert name in (ROOT / "docs" / "strategies.md").read_text(), f"{name} is not in docs/strategies.md"


def test_action_steps_generates_valid_steps_for_given_objects():
    @FAST
    @given(mtg.action_steps(["x", "y"]))
    def check(step):
        (kind, body), = step.items()
        assert kind in scenario.ACTIONS
        if kind == "move":
            assert body["object"] in ("x", "y")
        elif isinstance(body, dict) and "to" in body:
            assert body["to"] in ("x", "y")
    check()


@given(st.data())
@FAST
def test_boards_respect_object_bounds(data):
    low = data.draw(st.integers(1, 4))
    high = data.draw(st.integers(low, 6))
    board = data.draw(mtg.boards(min_objects=low, max_objects=high))
    assert low <= len(board) <= high


def test_feature_rules_cover_the_vocabulary():
    assert set(vocabulary.RULES) == set(vocabulary.FEATURES)


@pytest.mark.filterwarnings("error")  # a warning fails its example: the README's test command shows none
def test_the_documentation_examples_run():
    from hypothesis.errors import NonInteractiveExampleWarning

    with warnings.catch_warnings():  # .example() is meant for interactive use, as a doctest's examples are
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        failures, tried = doctest.testfile(str(ROOT / "docs" / "strategies.md"), module_relative=False,
                                           optionflags=doctest.ELLIPSIS)
    assert tried > 5 and failures == 0


def _actions(case):
    for step in case.steps:
        yield from (step.parts if isinstance(step, scenario.Together) else (step,))


def _after(case, first, then):
    kinds = [type(s) for s in _actions(case)]
    return first in kinds and then in kinds[kinds.index(first):]


# --- issue 16: characteristics, abilities as data and types ---------------------------------------

NEW_ELEMENTS = [
    "ability.activated", "ability.triggered", "ability.static", "ability.cda_colors", "ability.as_enters_choose",
    "ability.as_enters_pt", "ability_as_enters_choose.player", "ability_as_enters_pt.options",
    "ability_effect.become", "activate.x", "step.activate", "step.trigger", "step.become",
    "ability_static.affects", "ability_static.becomes", "object.choices", "choices.player", "choices.pt",
    "card.loyalty", "card.mana_cost", "card.name", "card_type=kindred", "card_type=land", "card_type=planeswalker",
    "card_type=sorcery", "card_type=artifact", "supertype=basic", "supertype=legendary", "supertype=snow",
    "zone=library", "ability.keyword",
]
KEYWORDS = [f"ability_keyword={k}" for k in ("flying", "first strike", "trample", "vigilance", "reach", "haste", "menace",
                                              "defender", "double strike", "changeling", "lifelink", "deathtouch",
                                              "indestructible")]


def test_generation_reaches_every_keyword_but_hexproof():
    """Each keyword is rare (one of 13), so a bigger sample than the shared one."""
    from conformance.format import elements as fe
    seen = set()

    @settings(max_examples=1000, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(mtg.scenarios())
    def collect(case):
        seen.update(fe.label(e) for e in fe.case_elements(case.to_dict()) if fe.label(e).startswith("ability_keyword="))
    collect()
    assert not set(KEYWORDS) - seen, sorted(set(KEYWORDS) - seen)


def test_generation_reaches_the_elements_about_characteristics(sample):
    from conformance.format import elements as fe
    seen: dict[str, int] = {}
    for case in sample:
        for e in fe.case_elements(case.to_dict()):
            seen[fe.label(e)] = seen.get(fe.label(e), 0) + 1
    missing = [e for e in NEW_ELEMENTS if not seen.get(e)]
    assert not missing, f"no scenario of {len(sample)} uses {missing}"


def test_generation_reaches_a_stolen_permanent_and_distinct_legends(sample):
    stolen = [o for c in sample for o in c.objects if o.zone == "battlefield" and o.controller != o.owner]
    assert stolen, "no permanent whose controller is not its owner"
    for case in sample:
        names = [o.card.name for o in case.objects if o.card.name is not None]
        assert len(names) == len(set(names)), names  # the legend rule (704.5j) never applies
        assert sum("world" in o.card.supertypes for o in case.objects) <= 1  # nor the world rule (704.5k)


@settings(max_examples=150, database=None, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_generated_scenarios_are_valid_and_defined_under_any_features(data):
    from conformance.results import records
    allowed = set(data.draw(st.sets(st.sampled_from(sorted(vocabulary.FEATURES)))))
    allowed.add(data.draw(st.sampled_from(["layer-7b", "layer-7c", "layer-7d"])))
    case = data.draw(mtg.scenarios(features=allowed))
    assert case.features <= allowed
    loader.load_text(records.case_file_yaml([records.case_document(case)]), "<generated>")
    ReferenceEngine().run(case.to_dict())  # never Unsupported (legend rule, world rule) nor an error
    zones = {o.id: o.zone for o in case.objects}
    for step in _actions(case):  # no effect aimed at a card off the battlefield (608.2b)
        if getattr(step, "KEY", None) == "move":
            zones[step.object] = step.to
        elif getattr(step, "to", None) in zones and step.KEY not in ("damage",):
            assert zones[step.to] == "battlefield", (step, zones)
        if getattr(step, "KEY", None) == "move" and "sorcery" in next(o for o in case.objects if o.id == step.object).card.types:
            assert step.to != "battlefield"


def test_extras_false_generates_only_creatures_and_anthems_with_pt_effects():
    import strategies as mtg
    from hypothesis import HealthCheck, given, settings
    from hypothesis.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="extras='no'"):
        mtg.scenarios(extras="no")
    with pytest.raises(InvalidArgument, match="extras=1"):
        mtg.damage_scenarios(extras=1)
    assert repr(mtg.scenarios(extras=False)) == "scenarios(extras=False)"

    @settings(max_examples=150, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(mtg.scenarios(extras=False), mtg.damage_scenarios(extras=False))
    def check(case, damage):
        plain = case.to_dict()
        assert all(oid[0] in "ca" for oid in plain["objects"])
        for spec in plain["objects"].values():
            assert not spec["card"].get("name") and not spec["card"].get("mana_cost")
            assert all(set(a) <= {"cda_pt", "static_pt"} for a in spec["card"].get("abilities", []))
        kinds = {key for step in plain["steps"] for part in step.get("together", [step]) for key in part}
        assert not kinds & {"become", "activate", "trigger"}
        inert = {"flying", "trample", "first strike", "double strike", "vigilance", "reach", "menace", "haste", "defender"}
        for spec in damage.to_dict()["objects"].values():
            assert not {a.get("keyword") for a in spec["card"].get("abilities", [])} & inert

    check()
