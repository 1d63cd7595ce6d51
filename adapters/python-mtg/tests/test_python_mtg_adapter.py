"""The python-mtg adapter (adapters/python-mtg/src/mtg_conformance_python_mtg/__init__.py, adapters/python-mtg/README.md).

Everything but the missing-engine test needs the engine, the PyPI package ``python-mtg``
(import name ``mtg``, a dependency of the adapter's distribution), and is skipped without it. Each known disagreement of
python-mtg with the CR is asserted here, value by value, and each standalone reproducer script is
run, so CI notices when the engine (or the adapter) changes how it behaves.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mtg_conformance_python_mtg", reason="the python-mtg adapter is not installed: python -m pip install "
                                                         "-e adapters/python-mtg (adapters/python-mtg/README.md)")

from conformance.format import loader
from conformance.results import compare
from conformance.engines.interface import describe, load_engine
from conformance.format.features import FEATURES
from tests.scenarios import creature, make_case

ADAPTER = Path(__file__).resolve().parent.parent  # adapters/python-mtg
REPO = ADAPTER.parent.parent
REPRODUCERS = ADAPTER / "reproducers"
EXPECTATIONS = ADAPTER / "expectations.yaml"

# Not imported here: ``import mtg`` puts its site directory first on sys.path, which the adapter
# undoes (its ``_mtg()``), and the test below checks that nothing is left of it.
HAVE_MTG = importlib.util.find_spec("mtg") is not None
needs_mtg = pytest.mark.skipif(not HAVE_MTG, reason="python-mtg (import name mtg) is not installed")


@pytest.fixture(scope="module")
def engine():
    return load_engine("python-mtg")


@pytest.fixture(scope="module")
def info(engine):
    return describe(engine)


def outcome(engine, info, case):
    return compare.judge(engine, info, case)


def snapshot(engine, objects, steps, **kw):
    case = make_case(objects, [*steps, {"expect": {"objects": {next(iter(objects)): {"zone": "battlefield"}}}}], **kw)
    return engine.run(case.to_dict())[-1]


# --- the description ------------------------------------------------------------------------------


@needs_mtg
def test_describes_only_known_features_and_what_it_reads(info):
    assert info.name == "python-mtg" and info.version.startswith("0.1.")
    assert info.features <= FEATURES.keys()
    assert "damage" not in info.observables["objects"]  # python-mtg marks no noncombat damage
    assert {"zone", "power", "toughness", "counters"} <= info.observables["objects"]


def test_declares_only_what_it_realises():
    """Every feature added to the vocabulary after the adapter was written (combat, counters beyond
    plain ones, tokens, triggers, mana, damage modifiers, ...) stays undeclared until realised here,
    so a case needing it is unsupported, never judged; so does the ``tapped`` value."""
    import mtg_conformance_python_mtg as adapter

    assert set(adapter.FEATURES) == {"layer-7b", "layer-7c", "layer-7d", "counters", "life", "damage"}
    assert "tapped" not in adapter.OBSERVABLES["objects"]


@needs_mtg
def test_import_does_not_leave_the_engine_site_first_on_sys_path(engine):
    import mtg_conformance_python_mtg as adapter

    mtg = adapter._mtg()[0]
    assert sys.path[0] != str(Path(mtg.__file__).resolve().parent.parent.parent)


# --- values read from the engine --------------------------------------------------------------------


@needs_mtg
def test_layer_7c_and_7d_in_timestamp_order(engine):
    """CR 613.4d's example: a 1/3 gets +0/+1, then is switched: 4/1; a later +5/+0 applies below the
    switch: 4/6 (613.4c before 613.4d)."""
    steps = [{"modify_pt": {"to": "bear", "toughness": 1}}, {"switch_pt": {"to": "bear"}},
             {"modify_pt": {"to": "bear", "power": 5}}]
    bear = snapshot(engine, {"bear": creature(1, 3)}, steps)["objects"]["bear"]
    assert (bear["power"], bear["toughness"]) == (4, 6)


@needs_mtg
def test_set_and_counters(engine):
    """A 2/2 has base 0/3 (613.4b), then a -1/-1 counter (613.4c): -1/2."""
    steps = [{"set_pt": {"to": "bear", "power": 0, "toughness": 3}},
             {"put_counters": {"object": "bear", "kind": "-1/-1", "count": 1}}]
    bear = snapshot(engine, {"bear": creature(2, 2)}, steps)["objects"]["bear"]
    assert (bear["power"], bear["toughness"], bear["counters"]) == (-1, 2, {"-1/-1": 1})


@needs_mtg
def test_life_goes_to_the_case_player(engine):
    """Gains and losses land on the player the case names, not where the driver would aim them."""
    case = make_case({"bear": creature(2, 2)},
                     [{"gain_life": {"player": "Blair", "amount": 2}}, {"lose_life": {"player": "Alex", "amount": 3}},
                      {"damage": {"source": "bear", "to": "Blair", "amount": 4}},
                      {"expect": {"players": {"Alex": {"life": 17}, "Blair": {"life": 18}}}}])
    players = engine.run(case.to_dict())[-1]["players"]
    assert (players["Alex"]["life"], players["Blair"]["life"]) == (17, 18)


@needs_mtg
def test_one_case_does_not_leak_into_the_next(engine):
    """The engine's in-process evaluator keeps a baseline between evaluations: the adapter clears it
    per case (before that, two-switches-cancel read 5/2 after a case with a pump)."""
    pumped = make_case({"bear": creature(1, 3)}, [{"modify_pt": {"to": "bear", "power": 1, "toughness": 1}}])
    switched = make_case({"bear": creature(1, 3)}, [{"switch_pt": {"to": "bear"}}],
                         case_id="613.4/second")
    alone = engine.run(switched.to_dict())
    engine.run(pumped.to_dict())
    assert engine.run(switched.to_dict()) == alone


@needs_mtg
@pytest.mark.parametrize("objects, steps, reason", [
    ({"bear": creature(2, 2)}, [{"damage": {"source": "bear", "to": "bear", "amount": 1}}], "damage to a chosen creature"),
    ({"bear": {**creature(2, 2), "zone": "graveyard"}}, [], "lacks the features"),
    ({"bear": creature(2, 2)}, [{"modify_pt": {"to": "bear", "power": 1, "until": "ended"}}], "an effect lasting"),
])
def test_what_cannot_be_expressed_is_unsupported(engine, info, objects, steps, reason):
    result = outcome(engine, info, make_case(objects, steps))
    assert result.status == "unsupported"
    assert reason in result.reason


# --- known disagreements ---------------------------------------------------------------------------


@needs_mtg
def test_known_disagreement_no_state_based_check_after_a_spell(engine, info):
    """CR 704.3/704.5f: a 0/3 switched to 3/0 stays on the battlefield in python-mtg."""
    case = next(c for c in loader.load_file(REPRODUCERS / "704.3-reproducers.yaml")
                if c.id == "704.3/switched-to-zero-toughness-stays")
    result = outcome(engine, info, case)
    assert result.status == "failed"
    assert [(m.object, m.field, m.expected, m.got) for m in result.mismatches] == [
        ("wall", "zone", "graveyard", "battlefield"), ("wall", "controller", None, "Alex")]


@needs_mtg
def test_known_disagreement_counters_do_not_annihilate(engine, info):
    """CR 704.5q: +1/+1 and -1/-1 counters stay together in python-mtg."""
    case = next(c for c in loader.load_file(REPRODUCERS / "704.3-reproducers.yaml")
                if c.id == "704.5q/counters-stay-together")
    result = outcome(engine, info, case)
    assert result.status == "failed"
    assert [(m.object, m.field, m.expected, m.got) for m in result.mismatches] == [
        ("bear", "counters", {}, {"+1/+1": 1, "-1/-1": 1})]


DISAGREEMENTS = {
    # script: the line it prints while python-mtg still disagrees with the CR
    "cr704_3_no_state_based_actions_after_a_spell.py": [
        "after Disfigure: Memnite is -1/-1 in the battlefield, and alex decides in the precombat_main step "
        "(CR 704.5f: in the graveyard before anyone decides)"],
    "cr704_5q_counters_do_not_annihilate.py": [
        "after Battlegrowth: {'p1p1': 1}",
        "after Scar: Memnite is 1/1 in the battlefield with counters {'m1m1': 1, 'p1p1': 1} (CR 704.5q: no counters)",
        "a step later (alex, declare_attackers): counters {'m1m1': 1, 'p1p1': 1}"],
}


def test_every_reproducer_script_is_checked():
    assert sorted(p.name for p in REPRODUCERS.glob("*.py")) == sorted(DISAGREEMENTS)
    doc = (ADAPTER / "README.md").read_text("utf-8")
    assert all(f"python-mtg/reproducers/{name}" in doc for name in DISAGREEMENTS)


@needs_mtg
@pytest.mark.parametrize("script", sorted(DISAGREEMENTS))
def test_the_reproducer_script_still_shows_the_disagreement(script):
    """Each standalone script (real cards, public actions only), run as a user would: it exits 1 and
    prints the engine's wrong values. When python-mtg fixes the bug this fails: update
    adapters/python-mtg/README.md, the expectations file and this table."""
    done = subprocess.run([sys.executable, str(REPRODUCERS / script)], capture_output=True, text=True, timeout=300,
                          check=False, cwd=REPO)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == DISAGREEMENTS[script]


def test_the_reproducer_cases_pass_on_the_reference_engine():
    from reference_engine import ReferenceEngine

    reference = ReferenceEngine()
    reference_info = describe(reference)
    for case in loader.load_file(REPRODUCERS / "704.3-reproducers.yaml"):
        assert compare.judge(reference, reference_info, case).status == "passed", case.id


def test_a_missing_engine_is_one_line_and_exit_2():
    code = ("import sys; sys.modules['mtg'] = None\n"
            "from conformance.cli import main\n"
            "sys.exit(main(['run', '--engine', 'python-mtg', '--no-properties']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO,
                          check=False)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "python-mtg is not installed" in done.stderr and "Traceback" not in done.stderr


def test_the_expectations_file_is_valid_and_names_real_ids():
    from conformance.laws import catalogue as properties
    from conformance.results import expectations

    import json

    from conformance.corpus import store

    expected = expectations.load(EXPECTATIONS)
    golden_ids = {case.id for case in loader.load_suite([loader.golden_dir()])}
    property_ids = {properties.DIFFERENTIAL_ID, *(p.id for p in properties.PROPERTIES)}
    corpus = store.read(store.DEFAULT_PATH)  # CI replays the first 2,000 scenarios on python-mtg (.ci/run)
    corpus_ids = {json.loads(corpus.lines[i])["id"] for i in corpus.order()[:2000]}
    assert expected.entries
    for entry in expected.entries:
        assert entry.selector == "id" and entry.bug and entry.reason
        assert entry.value in {"property": property_ids, "corpus": corpus_ids}.get(entry.kind, golden_ids), entry
