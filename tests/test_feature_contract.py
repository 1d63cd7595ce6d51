"""Issue 45, point 3: which inputs a feature may bring. ``mtg-conformance features`` says, per feature,
the step kinds, keys and abilities a case needing only it may contain, generated from the schema and
the feature derivation (conformance/format/contract.py, conformance/data/feature-contract.json); the
strategies keep within the features they are given, and every element of every example they generate
is one the contract allows for that example's features."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import InvalidArgument

import strategies as mtg
from conformance.cli import main
from conformance.format import contract
from conformance.format.features import derive_features
from strategies._internal.counters import BOARD_FEATURES
from tests.scenarios import creature, make_case

REPO = Path(__file__).resolve().parent.parent
LAYER_7 = ["layer-7a", "layer-7b", "layer-7c", "layer-7d", "counters", "double-pt", "triple-pt", "durations"]
RESTRICTED = [
    ("scenarios", mtg.scenarios, ["layer-7b"]),
    ("scenarios", mtg.scenarios, ["layer-7c"]),
    ("scenarios", mtg.scenarios, ["layer-7a", "layer-7c"]),
    ("scenarios", mtg.scenarios, ["layer-7d", "simultaneous-actions"]),
    ("scenarios", mtg.scenarios, ["layer-7c", "static-abilities"]),
    ("scenarios", mtg.scenarios, LAYER_7),  # the engine: layer 7 only
    ("scenarios", mtg.scenarios, [*LAYER_7, "zone-changes", "locked-sets", "static-abilities"]),
    ("damage_scenarios", mtg.damage_scenarios, ["damage"]),
    ("damage_scenarios", mtg.damage_scenarios, ["damage", "life"]),
    ("damage_scenarios", mtg.damage_scenarios, ["damage", "prevention"]),
    ("damage_scenarios", mtg.damage_scenarios, ["damage", "life-loss-replacement", "mana-abilities"]),  # not life, mana
    ("damage_scenarios", mtg.damage_scenarios, ["damage", "life", "redirection", "replacement-order", "double-damage"]),
    ("combat_scenarios", mtg.combat_scenarios, ["combat", "damage", "life"]),
    ("copy_scenarios", mtg.copy_scenarios, sorted(mtg.COPY_FEATURES)),
    ("counter_scenarios", mtg.counter_scenarios, sorted(BOARD_FEATURES | {"counter-replacements"})),
    ("counter_scenarios", mtg.counter_scenarios, sorted(BOARD_FEATURES | {"token-replacements"})),
]
EXAMPLES = settings(max_examples=60, database=None, deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("strategy,allowed", [(s, f) for _, s, f in RESTRICTED],
                         ids=[f"{name}:{'+'.join(f)}" for name, _, f in RESTRICTED])
def test_generated_examples_keep_within_their_features_and_the_contract(strategy, allowed):
    """Every example's derived features are among those given, and each element it uses is one a case
    needing only its own features may contain (the contract says so: it is no narrower than what the
    strategies generate)."""

    @EXAMPLES
    @given(strategy(features=allowed))
    def check(case):
        features = derive_features(case)
        assert features <= set(allowed), sorted(features - set(allowed))
        refused = sorted(e for e in contract.written_elements(case) if not contract.allowed(e, features))
        assert not refused, f"the contract says these need more than {sorted(features)}: {refused}"
    check()


def test_counter_scenarios_say_which_features_their_board_needs():
    """They generated a planeswalker with loyalty abilities and a card in hand for an engine that
    declared none of those features; now they refuse such features, naming what is missing."""
    with pytest.raises(InvalidArgument, match=r"counter_scenarios needs the features counters, loyalty-abilities, "
                                              r"planeswalkers, replacement-order, zone-changes \(a planeswalker"):
        mtg.counter_scenarios(features=["counter-replacements", "enters-with-counters"])
    from conformance.laws import counters
    from conformance.laws.catalogue import usable, PROPERTIES

    law = next(p for p in PROPERTIES if p.check is counters.counters_agree_with_reference)
    assert not usable(law, frozenset({"counter-replacements", "counters"}))  # unsupported, not refused example by example
    assert usable(law, frozenset(BOARD_FEATURES | {"counter-replacements"}))


def test_a_change_that_sets_a_characteristic_to_nothing_needs_its_layers_feature():
    """``colors: []`` makes an object colourless (layer 5) and ``supertypes: []`` takes its supertypes
    away (layer 4): the derivation gave them no feature, so an engine without color-changing or
    type-changing was sent them (found by the contract: such a ``become`` was allowed to any case)."""
    bear = {"bear": creature(2, 2, colors=["G"], supertypes=["legendary"], subtypes=["Bear"])}
    for change, feature in (({"colors": []}, "color-changing"), ({"supertypes": []}, "type-changing")):
        case = make_case(bear, [{"become": {"to": "bear", **change}}], rules=("613.1",))
        assert feature in derive_features(case), change


def test_the_shipped_contract_is_what_the_schema_and_the_derivation_give():
    """conformance/data/feature-contract.json, read by ``mtg-conformance features``, is regenerated by
    ``python -m conformance.format.contract > conformance/data/feature-contract.json``."""
    assert contract.generate() == contract.contract(), "regenerate conformance/data/feature-contract.json"


def test_features_says_per_feature_what_a_case_may_contain(capsys):
    assert main(["features"]) == 0
    out = capsys.readouterr().out
    sections = out.split("\n\n")
    anything = next(s for s in sections if s.startswith("any case, whatever the engine declares:"))
    for keyword in ("flying", "defender", "trample", "menace"):  # sent to a layer-7 engine: that is allowed
        assert f"={keyword}" in anything
    layer_7b = next(s for s in sections if s.startswith("layer-7b "))
    assert "set_pt" in layer_7b and "become: power, toughness" in layer_7b.splitlines()[1]
    assert "    with locked-sets: steps: effect_to_each" in layer_7b
    assert main(["features", "--format", "names"]) == 0
    names = capsys.readouterr().out.splitlines()
    from conformance.format.features import FEATURES

    assert [line.split()[0] for line in names] == list(FEATURES)
    assert main(["features", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["features"]) == set(FEATURES) and "become.power" in data["features"]["layer-7b"]["alone"]
    assert data["elements"]["become.power"] == [["layer-7b"]]


def test_docs_features_md_is_the_generated_page(capsys):
    assert main(["features", "--format", "markdown"]) == 0
    assert (REPO / "docs" / "features.md").read_text("utf-8") == capsys.readouterr().out, \
        "regenerate it: mtg-conformance features --format markdown > docs/features.md"
