"""Nothing accepted that is not modelled (issue: verdicts you can trust).

Every element the case schema accepts (each key of each definition, each value of each
enumeration) is either exercised by a golden case, so the reference engine is shown to model it,
or refused by the loader with a line saying it is not modelled. The walk reads the shipped schema
itself, so a new element added to the schema without a golden case (or a refusal) fails here.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from conformance.format import elements as format_elements, loader, yamlsource
from conformance.errors import CaseFileErrors

SCHEMA = format_elements.schema()
element, schema_elements, used_elements = format_elements.element, format_elements.schema_elements, format_elements.used_elements


def golden_documents() -> list[dict[str, Any]]:
    """Every golden file as the suite reads it (dates and rule numbers stay strings)."""
    return [yamlsource.parse(path.read_text("utf-8")).data for path in loader.discover([loader.golden_dir()])]


@pytest.fixture(scope="module")
def golden_usage() -> set[tuple[str, str]]:
    used: set[tuple[str, str]] = set()
    for document in golden_documents():
        used.update(element(where, key) for where, key in used_elements(SCHEMA, document))
    return used


# A probe case for each refused element: the smallest case that names it.
def _case(objects: dict[str, Any], steps: list[Any] | None = None) -> str:
    case = {"id": "613/probe", "rules": ["613"], "source": {"rule": "613"}, "summary": "A probe case naming one element the loader must refuse.",
            "players": ["Alex", "Blair"], "objects": objects,
            "steps": (steps or []) + [{"expect": {"objects": {next(iter(objects)): {"zone": "battlefield"}}}}]}
    return yaml.safe_dump({"format": 1, "cr": "2025-09-19", "cases": [case]}, sort_keys=False)


BEAR = {"card": {"types": ["creature"], "power": 2, "toughness": 2}}

REFUSED = {
    ("card_type", "=battle"): _case({"siege": {"card": {"types": ["battle"], "subtypes": ["Siege"]}}}),
    ("ability_double_life_loss", "during_your_turn"): _case(
        {"letter": {"card": {**BEAR["card"], "abilities": [{"double_life_loss": {"during_your_turn": True}}]}}}),
}
"""Schema elements the loader refuses as not modelled, each with a probe case that names it."""

# Values outside the schema's enumerations that the loader refuses too (free strings in the schema).
REFUSED_VALUES = {
    "a shield counter on an object": _case({"bear": {**BEAR, "counters": {"shield": 1}}}),
    "a deathtouch counter put on an object": _case({"bear": BEAR}, [{"put_counters": {"object": "bear", "kind": "deathtouch", "count": 1}}]),
    "a copy entering with a lifelink counter": _case(
        {"bear": BEAR, "clone": {"card": {"types": ["creature"], "power": 0, "toughness": 0,
                                          "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]},
                                                                            "exceptions": {"enters_with_counters": {"lifelink": 1}}}}]},
                                 "zone": "hand"}}, [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": ["bear"]}}}]),
    "a finality counter": _case({"bear": {**BEAR, "counters": {"finality": 1}}}),
    "a Saga made by an effect": _case({"bear": BEAR}, [{"become": {"to": "bear", "add_types": ["enchantment"], "add_subtypes": ["Saga"]}}]),
    "a battle type given by an effect": _case({"bear": BEAR}, [{"become": {"to": "bear", "add_types": ["battle"]}}]),
}


def _refusal(text: str) -> list[str]:
    with pytest.raises(CaseFileErrors) as raised:
        loader.load_text(text, "probe.yaml")
    return [str(e) for e in raised.value.errors]


def test_every_schema_element_is_modelled_by_a_golden_case_or_refused(golden_usage):
    elements = schema_elements()
    neither = sorted(e for e in elements if e not in golden_usage and e not in REFUSED)
    assert not neither, ("schema elements no golden case uses and the loader does not refuse (add a golden "
                         f"case that models each, or refuse it in conformance/format/modelled.py): {neither}")


def test_the_refused_elements_are_the_loaders():
    from conformance.format.modelled import REFUSED_ELEMENTS

    assert set(REFUSED) == REFUSED_ELEMENTS


def test_no_golden_case_uses_a_refused_element(golden_usage):
    assert not set(REFUSED) & golden_usage


@pytest.mark.parametrize("element", sorted(REFUSED), ids=lambda e: f"{e[0]}{e[1]}")
def test_each_refused_element_is_refused_as_not_modelled(element):
    (error,) = [e for e in _refusal(REFUSED[element]) if "not modelled" in e]
    assert error.startswith("probe.yaml:") and "case 613/probe" in error


@pytest.mark.parametrize("what", sorted(REFUSED_VALUES))
def test_each_refused_value_is_refused_as_not_modelled(what):
    errors = _refusal(REFUSED_VALUES[what])
    assert any("not modelled" in e and "case 613/probe" in e and e.startswith("probe.yaml:") for e in errors), errors


def test_a_refusal_names_the_field():
    (error,) = _refusal(REFUSED_VALUES["a deathtouch counter put on an object"])
    assert "steps/0/put_counters/kind: not modelled: a deathtouch counter is a keyword counter (CR 122.1b)" in error


def test_players_counters_are_not_objects_counters():
    text = _case({"bear": BEAR}, [{"put_player_counters": {"player": "Alex", "kind": "shield", "count": 1}}])
    assert loader.load_text(text, "probe.yaml")


def test_the_walk_sees_what_a_case_uses():
    """The walk itself: a case using a keyword and a step reports them; one that does not, not."""
    # hexproof, modelled since issue 40 (targets.py): any keyword would do
    document = yaml.safe_load(_case({"bear": {"card": {**BEAR["card"], "abilities": [{"keyword": "hexproof"}]}}}))
    used = {element(where, key) for where, key in used_elements(SCHEMA, document)}
    assert ("ability_keyword", "=hexproof") in used and ("step", "expect") in used
    assert ("step", "damage") not in used
    probe = copy.deepcopy(document)
    probe["cases"][0]["objects"]["bear"]["card"]["abilities"] = []
    used = {element(where, key) for where, key in used_elements(SCHEMA, probe)}
    assert ("ability_keyword", "=hexproof") not in used


# Rules that can only be seen to apply as a case runs: the reference engine refuses them then.

def _run(text: str):
    from reference_engine import ReferenceEngine
    (case,) = loader.load_text(text, "probe.yaml")
    return ReferenceEngine().run(case.to_dict())


LEGEND = {"card": {"name": "Old Lord", "types": ["creature"], "supertypes": ["legendary"], "power": 3, "toughness": 3}}
CLONE = {"zone": "hand", "card": {"name": "Clone", "types": ["creature"], "power": 0, "toughness": 0,
                                  "abilities": [{"enters_as_copy": {"of": {"types": ["creature"]}}}]}}


def test_the_legend_rule_is_refused_as_it_would_apply():
    from conformance.errors import Unsupported
    text = _case({"lord": LEGEND, "clone": CLONE}, [{"move": {"object": "clone", "to": "battlefield", "choices": {"copy": ["lord"]}}}])
    with pytest.raises(Unsupported, match=r"legend rule \(CR 704.5j\).*Alex controls 2 legendary permanents named 'Old Lord'"):
        _run(text)


def test_legendary_permanents_with_other_names_or_controllers_are_run():
    other = {**LEGEND, "owner": "Blair"}
    renamed = {"card": {**LEGEND["card"], "name": "Young Lord"}}
    assert _run(_case({"lord": LEGEND, "rival": other, "heir": renamed}))


def test_the_world_rule_is_refused_as_it_would_apply():
    from conformance.errors import Unsupported
    world = {"card": {"types": ["enchantment"], "supertypes": ["world"]}}
    with pytest.raises(Unsupported, match=r"world rule \(CR 704.5k\)"):
        _run(_case({"one": world, "two": world}))


def test_damage_from_a_card_that_never_was_a_permanent_is_refused():
    """A source of damage is a permanent, a spell, or a permanent that left the battlefield as it
    last existed there (113.7a); a card in a hand is none of them."""
    from conformance.errors import Unsupported
    card = {"zone": "hand", "card": {"types": ["creature"], "power": 2, "toughness": 2}}
    text = _case({"bear": BEAR, "card": card}, [{"damage": {"source": "card", "to": "bear", "amount": 1}}])
    with pytest.raises(Unsupported, match=r"card deals damage from the hand .*113.7a"):
        _run(text)


def test_the_elements_of_a_document_do_not_depend_on_what_was_walked_before():
    """``used_elements`` remembers, per schema branch and place, the answer for an instance met
    before (issue 22: the coverage of every generated example): a golden file's elements are the
    same walked first, with nothing remembered, as walked last, after every other file."""
    documents = golden_documents()
    format_elements._used_with_branches.cache_clear()
    first = [set(used_elements(SCHEMA, document)) for document in documents]
    again = [set(used_elements(SCHEMA, document)) for document in reversed(documents)][::-1]
    fresh = []
    for document in documents:
        format_elements._used_with_branches.cache_clear()
        fresh.append(set(used_elements(SCHEMA, document)))
    assert first == again == fresh
    assert format_elements._used_with_branches.cache_info().currsize > 0
