"""docs/engines-json.md is what conformance/format/schema_docs.py generates from the schema and the model
(regenerate: ``python -m conformance.format.schema_docs > docs/engines-json.md``)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from conformance.format import loader, schema_docs

REPO = Path(__file__).resolve().parent.parent
PAGE = REPO / "docs" / "engines-json.md"


def test_the_committed_page_is_what_the_generator_writes_now():
    assert PAGE.read_text() == schema_docs.generate(), (
        "docs/engines-json.md is out of date: python -m conformance.format.schema_docs > docs/engines-json.md")


def test_every_step_and_ability_of_the_schema_has_a_section():
    defs = loader.schema()["$defs"]
    text = PAGE.read_text()
    steps, abilities = text.split("\n## Abilities\n")[0], text.split("\n## Abilities\n")[1].split("\n## Shared parts\n")[0]
    assert set(re.findall(r"^### `(\w+)`$", steps, re.M)) == set(defs["step"]["properties"])
    assert set(re.findall(r"^### `(\w+)`$", abilities, re.M)) == set(defs["ability"]["properties"])


def test_the_format_page_never_calls_an_ability_or_step_of_the_schema_not_modelled():
    """docs/format.md once said "Loyalty abilities are not modelled" beside the `loyalty_ability` it documents."""
    defs = loader.schema()["$defs"]
    text = " ".join((REPO / "docs" / "format.md").read_text().split())
    for key in [*defs["ability"]["properties"], *defs["step"]["properties"]]:
        words = key.replace("_", " ")
        plural = words[:-1] + "ies" if words.endswith("y") else words + "s"
        assert not re.search(rf"\b(?:{words}|{plural}) (?:are|is) not modelled", text, re.I), key


def test_the_received_form_is_what_to_dict_gives():
    """Each example's second line is exactly the step in Case.to_dict() (checked independently of
    the generator's own helper), and it reads back into the same step."""
    for kind, bodies in schema_docs.STEPS.items():
        for body in bodies:
            steps = [*schema_docs.SETUP.get(kind, []), {kind: body}, {"expect": {"objects": {"bear": {}}}}]
            document = {"format": 1, "cr": "2025-09-19", "cases": [{
                "id": "613/x-example", "rules": ["613"], "source": {"rule": "613"}, "summary": "An example step, checked.",
                "players": schema_docs.PLAYERS.get(kind, ["Alex", "Rob"]), "objects": schema_docs.BOARD,
                "steps": steps}]}
            (case,) = loader.load_text(json.dumps(document))
            received = case.to_dict()["steps"][-2][kind]
            assert f"{json.dumps({kind: received})}\n" in PAGE.read_text(), kind


def test_a_new_step_kind_without_an_example_is_named(monkeypatch):
    schema = copy.deepcopy(loader.schema())
    schema["$defs"]["step"]["properties"]["shuffle"] = {"type": "object"}
    monkeypatch.setattr(schema_docs.loader, "schema", lambda: schema)
    with pytest.raises(KeyError, match="no example for shuffle"):
        schema_docs.generate()


def test_a_key_every_example_gives_is_named(monkeypatch):
    """The page never guesses what an engine receives for a key left out: some example must leave it out."""
    monkeypatch.setitem(schema_docs.STEPS, "move", [{"object": "bear", "to": "graveyard", "face_down": False}])
    with pytest.raises(ValueError, match="every example of move gives 'face_down'"):
        schema_docs.generate()


def test_the_stack_object_in_engines_md_is_what_the_reference_engine_reports():
    """docs/engines.md's spell on the stack is the reference engine's snapshot of smoke's case."""
    from conformance.engines.smoke import EVERY_VALUE, _load
    from reference_engine import ReferenceEngine

    (template,) = [t for t in EVERY_VALUE if t["id"] == "112.1/smoke-spell-on-the-stack"]
    snapshot = ReferenceEngine().run(_load(template).to_dict())[0]["objects"]["bolt"]
    text = (REPO / "docs" / "engines.md").read_text()
    block = re.search(r"Lightning Bolt cast by Rob reports:\n\n```json\n(.*?)```", text, re.S)[1]
    assert json.loads(block) == {"bolt": snapshot}


def test_the_smoke_failure_shown_in_engines_md_is_what_smoke_says():
    from tests.test_harness import NoTypesEngine  # noqa: F401 (the engine the line comes from)
    from conformance.engines.smoke import smoke

    lines: list[str] = []
    smoke("tests.test_harness:NoTypesEngine", say=lines.append)
    text = (REPO / "docs" / "engines.md").read_text()
    shown = re.search(r"fails\nby name:\n\n```\n(.*?)\n```", text, re.S)[1]
    assert shown in lines
